"""Play a whole mission without a screen: computer controllers on every side, the battle log on stdout.

Any mission the game lists can be played (`python main.py missions`): the mission builds its scenario from
the squads and options given, every side is played by a computer controller (NPC sides by their Behaviour),
and the last line is the mission's result (`result: ...`). The same seed gives the same output, always.
"""
from __future__ import annotations

import sys

from game.modes import create_match, mission_entry
from game.modes.session import play

MAX_COMMANDS = 50_000


def build_scenario(mission: str, squad=None, opponent=None, map_name="default", measure="inches",
                   options: dict | None = None, controller: str = "computer"):
    """The scenario of `mission` with these squads (None: the mission's own, or a default squad)."""
    entry = mission_entry(mission)
    return entry.script.make_scenario(entry, squad=squad, opponent=opponent, map_name=map_name, measure=measure,
                                      options=dict(options or {}), controller=controller)


def play_headless(seed: int, mission: str = "first-mission", squad=None, map_name="default", measure="inches",
                  out=None, opponent=None, options: dict | None = None):
    """Plays to the end and returns the finished match. `out`: a writable for the battle log, or None."""
    scenario = build_scenario(mission, squad, opponent, map_name, measure, options)
    match = create_match(scenario, seed)

    def show(events):
        for e in events:
            if e.text:
                out.write(e.text + "\n")

    if out is not None:
        show(match.events)
    play(match, on_events=show if out is not None else None)
    return match


def result_line(match) -> str:
    """The mission's own last line (`result: ...`)."""
    hook = getattr(match.mission, "result_line", None)
    if hook is not None:
        return hook(match)
    r = match.result
    scores = ", ".join(f"{match.side_name(s)} {match.score[s]}" for s in match.sides)
    return f"result: {r.outcome} (turn {r.turn}, MP {scores})"


def main(seed: int, mission: str, squad=None, map_name="default", measure="inches", opponent=None,
         options: dict | None = None) -> int:
    from game.battlefield import MapError
    from game.match.scenario import ScenarioError
    from game.paths import MAPS_DIR
    if map_name not in (None, "default") and not (MAPS_DIR / map_name).is_file():
        known = ", ".join(sorted(p.name for p in MAPS_DIR.glob("*.tmx")))
        print(f"main.py: --map: no map {map_name!r} in maps/ (known: {known}, or 'open')", file=sys.stderr)
        return 2
    try:
        match = play_headless(seed, mission, squad, map_name, measure, out=sys.stdout, opponent=opponent,
                              options=options)
    except (MapError, ScenarioError, ValueError) as e:
        print(f"main.py: {e}", file=sys.stderr)
        return 2
    print(result_line(match))
    match.close()
    return 0


def list_missions(out=sys.stdout) -> int:
    from game.modes import missions
    for e in missions():
        out.write(f"{e.id:32} {e.mode:14} {e.title}\n")
    return 0
