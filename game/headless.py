"""Play a whole mission without a screen: computer policies for every side, the dice log on stdout."""
from __future__ import annotations

import sys

from game.ai.npc import NpcController
from game.ai.simple import SimpleSquadController
from game.match.match import OVER
from game.modes import create_match, first_mission_scenario

MAX_COMMANDS = 50_000


def play_headless(seed: int, mission: str = "first-mission", squad=None, map_name="default", measure="inches",
                  out=None):
    """Plays to the end and returns the finished match. `out`: a writable for the battle log, or None."""
    if mission != "first-mission":
        raise ValueError(f"unknown mission {mission!r} (known: first-mission)")
    kwargs = {} if map_name == "default" else {"map_name": map_name}
    scenario = first_mission_scenario(squad, measure=measure, **kwargs)
    match = create_match(scenario, seed)
    controllers = {s.side: (NpcController(s.side) if s.npc else SimpleSquadController(s.side))
                   for s in scenario.sides}
    shown = 0
    for _ in range(MAX_COMMANDS):
        if match.phase == OVER:
            break
        side = match.waiting_for()
        match.submit(controllers[side].decide(match))
        if out is not None:
            for e in match.events[shown:]:
                if e.text:
                    out.write(e.text + "\n")
            shown = len(match.events)
    else:
        raise RuntimeError(f"seed {seed}: the mission did not end within {MAX_COMMANDS} commands")
    return match


def result_line(match) -> str:
    r = match.result
    left = len(match.units("player"))
    return f"result: {r.outcome} (turn {r.turn}, {left} units left)"


def main(seed: int, mission: str, squad=None, map_name="default", measure="inches") -> int:
    from game.battlefield import MapError
    from game.paths import MAPS_DIR
    if map_name not in (None, "default") and not (MAPS_DIR / map_name).is_file():
        known = ", ".join(sorted(p.name for p in MAPS_DIR.glob("*.tmx")))
        print(f"main.py: --map: no map {map_name!r} in maps/ (known: {known}, or 'open')", file=sys.stderr)
        return 2
    try:
        match = play_headless(seed, mission, squad, map_name, measure, out=sys.stdout)
    except (MapError, ValueError) as e:
        print(f"main.py: {e}", file=sys.stderr)
        return 2
    print(result_line(match))
    match.close()
    return 0
