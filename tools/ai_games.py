#!/usr/bin/env python3
"""The computer players' decisions over a fixed set of seeded games, recorded and checked: a change meant to make
them faster must leave every command the same.

The games: PvP with both sides at each level (easy, normal, hard) over several missions and both measures, hard
against easy, the first decisions on a crowded table (32 units), a Horde run, a First Mission and PvE games. Per
game it keeps every command the match took (its repr, in order) and the CPU time the game took.

    python tools/ai_games.py record [--file F]   play them and keep the commands (default: the cache below)
    python tools/ai_games.py check  [--file F]   play them again and say which game first differs, and where
    python tools/ai_games.py list

The record is a JSON file outside the repository (default ~/.cache/ruinstars/ai_games.json).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

DEFAULT_FILE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ruinstars" / "ai_games.json"
PVP_MISSIONS = ("pvp-assassinate", "pvp-relay-run", "pvp-secure-the-zone", "pvp-evac-point", "pvp-recover-intel",
                "pvp-rivals", "pvp-climax-the-flag")
SQUADS = ("claimant-warband", "despoilers", "drone-pod", "hunter-killers", "interdictors", "krumpfists",
          "praxium-corps", "relict-wardens", "silent-choir")
HORDE_COMMANDS = 2500  # a Horde run is cut here (the record is the commands up to it)


def games() -> list[dict]:
    from game.modes import missions
    known = {e.id for e in missions()}
    out: list[dict] = []
    k = 0
    for level in ("easy", "normal", "hard"):
        for i, mission in enumerate(m for m in PVP_MISSIONS if m in known):
            out.append({"mission": mission, "squad": SQUADS[k % 9], "opponent": SQUADS[(k * 4 + 3) % 9],
                        "measure": ("inches", "grid")[i % 2], "options": {"difficulty": level}, "seed": 500 + k})
            k += 1
    for i, mission in enumerate(("pvp-secure-the-zone", "pvp-assassinate")):  # hard (player) against easy
        out.append({"mission": mission, "squad": SQUADS[i], "opponent": SQUADS[i + 5], "measure": "inches",
                    "levels": {"player": "hard", "opponent": "easy"}, "seed": 700 + i})
    out.append({"crowded": True, "seed": 7, "limit": 150})
    out.append({"mission": "horde", "squad": "interdictors", "map": "horde-supply-corridor.tmx", "measure": "inches",
                "seed": 75})
    out.append({"mission": "first-mission", "squad": "krumpfists", "measure": "inches", "seed": 101})
    out.append({"mission": "first-mission", "squad": "silent-choir", "measure": "grid", "seed": 102})
    out.append({"mission": "pve", "squad": "praxium-corps", "measure": "inches",
                "options": {"npc": "despoilers", "tl": 2, "battlefield": "ruined-city"}, "seed": 2001})
    out.append({"mission": "pve", "squad": "drone-pod", "measure": "grid",
                "options": {"npc": "classic", "tl": 1, "battlefield": "facility"}, "seed": 2002})
    return out


def play(game: dict) -> dict:
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session
    t = time.process_time()
    if game.get("crowded"):
        return _crowded(game, t)
    scenario = build_scenario(game["mission"], default_squad(game["squad"]), map_name=game.get("map", "default"),
                              measure=game["measure"], options=game.get("options"),
                              opponent=default_squad(game["opponent"]) if game.get("opponent") else None)
    match = create_match(scenario, game["seed"])
    controllers = None
    if game.get("levels"):
        from game.ai.tactical import TacticalController
        controllers = {side: TacticalController(side, seed=match.seed * 2 + n, level=lv)
                       for n, (side, lv) in enumerate(sorted(game["levels"].items()))}
    try:
        session = Session(match, controllers)
        limit = HORDE_COMMANDS if game["mission"] == "horde" else 20_000
        try:
            session.run(limit)
        except RuntimeError:
            pass  # cut off: the commands so far are the record
        return {"commands": [repr(c) for c in match.log], "cpu": round(time.process_time() - t, 3)}
    finally:
        match.close()


def _crowded(game: dict, t: float) -> dict:
    """The first decisions of two hard sides of 16 units each on Evac Point (as bench_pvp's crowded table)."""
    from game.ai.tactical import TacticalController
    from game.content import default_squad, load_catalog
    from game.headless import build_scenario
    from game.match.flow import OVER
    from game.modes import create_match
    from game.rules.model import SquadSpec
    catalog = load_catalog()
    a = default_squad("drone-pod", catalog)
    b = default_squad("krumpfists", catalog)
    big_a = SquadSpec(a.squad_type, a.name, (a.units * 3)[:16])
    big_b = SquadSpec(b.squad_type, b.name, (b.units * 3)[:16])
    m = create_match(build_scenario("pvp-evac-point", big_a, big_b), game["seed"], catalog, prepare=True)
    ctl = {s: TacticalController(s, seed=game["seed"], level="hard") for s in ("player", "opponent")}
    n = 0
    while m.phase != OVER and n < game["limit"]:
        side = m.waiting_for()
        m.submit(ctl[side].decide(m))
        n += 1
    out = {"commands": [repr(c) for c in m.log], "cpu": round(time.process_time() - t, 3)}
    m.close()
    return out


def label(g: dict) -> str:
    if g.get("crowded"):
        return "crowded table (32 units, hard)"
    lv = g.get("options", {}).get("difficulty") or "/".join(f"{k} {v}" for k, v in sorted(g.get("levels", {}).items()))
    return f"{g['mission']} {g['measure']} seed {g['seed']}" + (f" ({lv})" if lv else "")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("record", "check", "list"))
    ap.add_argument("--file", type=Path, default=DEFAULT_FILE)
    ap.add_argument("--only", type=int, nargs="*", help="game numbers (check: only these)")
    a = ap.parse_args(argv)
    todo = games()
    if a.what == "list":
        for i, g in enumerate(todo):
            print(i, label(g))
        return 0
    base = json.loads(a.file.read_text()) if a.what == "check" else None
    out, differ, cpu0, cpu1 = [], 0, 0.0, 0.0
    for i, g in enumerate(todo):
        if a.only and i not in a.only:
            continue
        rec = play(g)
        out.append(rec)
        line = f"{i:2} {label(g):52} {len(rec['commands']):5} commands {rec['cpu']:7.2f} s"
        if base is not None:
            want = base[i]
            cpu0 += want["cpu"]
            cpu1 += rec["cpu"]
            if want["commands"] == rec["commands"]:
                line += f"  same (was {want['cpu']:.2f} s)"
            else:
                differ += 1
                k = next((k for k, (x, y) in enumerate(zip(want["commands"], rec["commands"])) if x != y),
                         min(len(want["commands"]), len(rec["commands"])))
                got = rec["commands"][k] if k < len(rec["commands"]) else "(end)"
                was = want["commands"][k] if k < len(want["commands"]) else "(end)"
                line += f"  DIFFERS at command {k}: {was} -> {got}"
        print(line, flush=True)
    if a.what == "record":
        a.file.parent.mkdir(parents=True, exist_ok=True)
        a.file.write_text(json.dumps(out))
        print(f"recorded {len(out)} games to {a.file}")
        return 0
    print(f"{len(out)} games checked: {len(out) - differ} the same, {differ} differ; CPU {cpu0:.1f} s recorded, "
          f"{cpu1:.1f} s now")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
