#!/usr/bin/env python3
"""Play a fixed set of 500 seeded headless games over every mode and compare them with a recorded baseline.

A change that must not change the game (a refactor of the match's state, of where positions live, of how
the table is kept in step) is checked with it: record the games on the code before the change, then check
them on the code after it. Per game it keeps the battle log's lines, the mission's result line and the final
place of every unit and marker (off the table: why), and how much CPU time the game took.

The games: the First Mission (every faction, both measures), PvE (every NPC faction x Threat Level x
battlefield, squads of every faction, both measures), PvP (every mission, mixed factions, both measures) and
Horde Mode (every Horde map, every faction, both measures); `list` prints them.

    python tools/compare_games.py record [--jobs 2] [--from 0 --to 500]   play and keep the baseline
    python tools/compare_games.py check  [--jobs 2] [--from 0 --to 500]   play and compare with it
    python tools/compare_games.py check --sliced --label sliced          ... each computer decision worked out a
                                                                          slice at a time, as the battle screen does
    python tools/compare_games.py report                                  compare what was played so far
    python tools/compare_games.py list

Each game's record is cached under --cache (default ~/.cache/ruinstars/compare_games/, outside the
repository), one file per game, so a run can be done in parts (--from/--to) and resumed (games already played
by this run's label are skipped unless --again). The baseline's digest (a line per game: digests of the log
and the places, the result line) is also written to --digest, default tools/compare_games.digest.json, so a
check can be made without the cached baseline (it then says only whether a game differs, not where).
"""
from __future__ import annotations

import argparse
import hashlib
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

SQUADS = ("claimant-warband", "despoilers", "drone-pod", "hunter-killers", "interdictors", "krumpfists",
          "praxium-corps", "relict-wardens", "silent-choir")
MEASURES = ("inches", "grid")
PVE_NPC = ("interdictors", "praxium-corps", "drone-pod", "hunter-killers", "claimant-warband", "despoilers",
           "krumpfists", "silent-choir", "relict-wardens", "classic")
PVE_BATTLEFIELDS = ("ruined-city", "facility", "alien-hive", "jungle", "cursed-temple", "blacksite")
HORDE_MAPS = ("horde-containment-breach.tmx", "horde-last-stand.tmx", "horde-supply-corridor.tmx",
              "horde-weapons-manufacture.tmx")
MAX_COMMANDS = 10_000  # a game still going then is recorded as it stands (a Horde run the squad never loses)
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ruinstars" / "compare_games"
DEFAULT_DIGEST = ROOT / "tools" / "compare_games.digest.json"


def pvp_missions() -> list[str]:
    from game.modes import missions
    return [e.id for e in missions() if e.mode == "pvp"]


def games() -> list[dict]:
    """The 500 games, in a fixed order: mission, squad, opponent, map, measure, options, seed."""
    out: list[dict] = []
    for i in range(90):  # First Mission: 9 factions x 2 measures x 5 seeds
        out.append({"mission": "first-mission", "squad": SQUADS[i % 9], "measure": MEASURES[(i // 9) % 2],
                    "seed": 100 + i})
    i = 0
    for npc in PVE_NPC:  # PvE: 10 NPC factions x 3 TL x 6 battlefields = 180
        for tl in (1, 2, 3):
            for bf in PVE_BATTLEFIELDS:
                out.append({"mission": "pve", "squad": SQUADS[i % 9], "measure": MEASURES[(i // 9) % 2],
                            "options": {"npc": npc, "tl": tl, "battlefield": bf}, "seed": 2000 + i})
                i += 1
    ids = pvp_missions()
    for i in range(160):  # PvP: 20 missions x 2 measures x 4, mixed factions
        out.append({"mission": ids[i % len(ids)], "squad": SQUADS[i % 9], "opponent": SQUADS[(i * 4 + 3) % 9],
                    "measure": MEASURES[(i // len(ids)) % 2], "seed": 3000 + i})
    for i in range(70):  # Horde: 4 maps x 2 measures, every faction
        out.append({"mission": "horde", "squad": SQUADS[i % 9], "map": HORDE_MAPS[i % 4],
                    "measure": MEASURES[(i // 4) % 2], "seed": 4000 + i})
    return out


def mode_of(game: dict) -> str:
    m = game["mission"]
    return "pvp" if m.startswith("pvp-") else m


def play(game: dict, sliced: bool = False, max_commands: int = MAX_COMMANDS) -> dict:
    """One game played to the end (or `max_commands`), as a record (plain JSON data). `sliced`: each computer
    decision is worked out a slice per call, with the battle screen's own questions asked between the slices
    (`play_sliced`), instead of at once."""
    from game.content import default_squad
    from game.headless import build_scenario, result_line
    from game.modes import create_match
    from game.modes.session import Session, make_controller
    t = time.process_time()
    scenario = build_scenario(game["mission"], default_squad(game["squad"]), map_name=game.get("map", "default"),
                              measure=game["measure"], options=game.get("options"),
                              opponent=default_squad(game["opponent"]) if game.get("opponent") else None)
    match = create_match(scenario, game["seed"])
    try:  # as play_headless plays it (game.modes.session.play): the computer for the people too
        session = Session(match, {s.side: make_controller(match, s.side, "computer") for s in scenario.sides
                                  if s.control == "person"})
        if sliced:
            play_sliced(session, max_commands)
        else:
            session.run(max_commands)
        result = result_line(match)
    except RuntimeError as e:
        result = f"still going: {e}"
    cpu = time.process_time() - t
    try:
        return {"log": match.battle_log(), "result": result, "places": places(match),
                "commands": len(match.log), "cpu": round(cpu, 3), "hash": match.state_hash()}
    finally:
        match.close()


def play_sliced(session, max_commands: int) -> None:
    """Drive the computer sides as the battle screen does (Session.work): every slice of a decision in a call of
    its own, and between slices what the screen asks of the match meanwhile (the legal commands, an enemy's Move
    area, a spot seen from another), which must not change the decision."""
    from game.rules import actions as act
    m = session.match
    for _ in range(max_commands):
        if m.phase == "over":
            return
        slices = 0
        while session.work(0.0) is None:
            if not session.thinking:
                return  # a person's decision (none here) or the end
            slices += 1
            side = m.waiting_for()
            m.legal_commands(side)
            others = [u for u in m.units(items=None) if m.side_of(u) != side]
            if others and slices % 3 == 1:
                u = others[slices % len(others)]
                m.move_options(u, act.MOVE)
                b = m.base(u)
                with m.as_if_at(u, b.x, b.y, b.z):
                    m.legal_commands(side)
    raise RuntimeError(f"the mission did not end within {max_commands} commands")


def _at(p) -> list:
    return [round(p.x, 6), round(p.y, 6), round(p.z, 6)]


def places(match) -> list:
    """Every unit and marker ever in the match, in the order they came, with where it ended (or why it is off
    the table). Units are named, not numbered: entity ids are the match's own business."""
    out = []
    for uid in match.all_units():
        u = match.unit(uid)
        if uid in match.units(items=None, downed=None):
            where = _at(match.position(uid))
        elif match.position(uid) is not None:
            where = ["taken out", *_at(match.position(uid))]
        else:
            where = "off the table"
        out.append([u.name, u.side, where])
    for mid in match.markers():
        m = match.marker(mid)
        if m.carrier is not None:
            where = f"carried by {match.unit(m.carrier).name}"
        else:
            where = [round(v, 6) for v in match.marker_position(mid)]
        out.append([mid, m.kind, where])
    return out


def digest(record: dict) -> dict:
    def sha(o) -> str:
        return hashlib.sha256(json.dumps(o, sort_keys=True).encode()).hexdigest()[:20]
    return {"log": sha(record["log"]), "lines": len(record["log"]), "result": record["result"],
            "places": sha(record["places"])}


def _work(args):
    index, game, folder, sliced = args
    try:
        rec = play(game, sliced)
    except Exception as e:  # noqa: BLE001 - an exception is a result to compare too
        rec = {"log": [], "result": f"exception: {type(e).__name__}: {e}", "places": [], "commands": 0, "cpu": 0.0}
    rec["game"] = game
    path = Path(folder) / f"{index:03d}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(rec))
    tmp.replace(path)
    return index, rec["cpu"], rec["result"]


def run(label: str, lo: int, hi: int, jobs: int, cache: Path, again: bool, sliced: bool = False) -> None:
    folder = cache / label
    folder.mkdir(parents=True, exist_ok=True)
    todo = [(i, g, str(folder), sliced) for i, g in enumerate(games()) if lo <= i < hi
            and (again or not (folder / f"{i:03d}.json").exists())]
    print(f"{label}: {len(todo)} games to play (of {hi - lo} in {lo}..{hi - 1}) with {jobs} process(es)", flush=True)
    t0 = time.perf_counter()
    if jobs <= 1:
        results = map(_work, todo)
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(jobs, maxtasksperchild=40)
        results = pool.imap_unordered(_work, todo)
    for n, (i, cpu, result) in enumerate(results, 1):
        if n % 25 == 0 or n == len(todo):
            print(f"  {n}/{len(todo)} played ({time.perf_counter() - t0:.0f} s)", flush=True)
        if result.startswith("exception"):
            print(f"  game {i}: {result}", flush=True)
    if jobs > 1:
        pool.close()
        pool.join()


def load(cache: Path, label: str) -> dict[int, dict]:
    out = {}
    for p in sorted((cache / label).glob("*.json")):
        out[int(p.stem)] = json.loads(p.read_text())
    return out


def write_digest(cache: Path, path: Path) -> None:
    recs = load(cache, "baseline")
    data = {str(i): digest(r) for i, r in sorted(recs.items())}
    path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"digest of {len(data)} baseline games written to {path}")


def first_difference(a: list, b: list) -> str:
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"line {k + 1}: {x!r} -> {y!r}"
    return f"lengths {len(a)} -> {len(b)}"


def report(cache: Path, digest_path: Path, label: str = "current") -> int:
    base = load(cache, "baseline")
    cur = load(cache, label)
    digests = json.loads(digest_path.read_text()) if digest_path.exists() else {}
    games_ = games()
    same = differ = 0
    cpu: dict[str, list[float]] = {}
    for i, rec in sorted(cur.items()):
        want = digests.get(str(i))
        if want is None and i in base:
            want = digest(base[i])
        if want is None:
            continue
        got = digest(rec)
        b = base.get(i)
        if got == want:
            same += 1
        else:
            differ += 1
            what = [k for k in ("log", "lines", "result", "places") if got[k] != want[k]]
            print(f"game {i} {json.dumps(games_[i], sort_keys=True)} differs in {', '.join(what)}")
            if b is not None:
                if "log" in what:
                    print("   log " + first_difference(b["log"], rec["log"]))
                if "result" in what:
                    print(f"   result {b['result']!r} -> {rec['result']!r}")
                if "places" in what:
                    print("   places " + first_difference(b["places"], rec["places"]))
        if b is not None:
            m = mode_of(games_[i])
            cpu.setdefault(m, [0.0, 0.0, 0])
            cpu[m][0] += b["cpu"]
            cpu[m][1] += rec["cpu"]
            cpu[m][2] += 1
    print(f"{same + differ} games compared: {same} the same, {differ} differ")
    for m, (before, after, n) in sorted(cpu.items()):
        print(f"  {m:14} {n:3} games: CPU {before:7.1f} s before, {after:7.1f} s now "
              f"({n / before:.2f} -> {n / after:.2f} games per CPU-second)")
    return 1 if differ else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("record", "check", "report", "list"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--from", dest="lo", type=int, default=0)
    ap.add_argument("--to", dest="hi", type=int, default=None)
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--digest", type=Path, default=DEFAULT_DIGEST)
    ap.add_argument("--again", action="store_true", help="play games already played by this run again")
    ap.add_argument("--label", default="current", help="the folder of this check's games in the cache")
    ap.add_argument("--sliced", action="store_true", help="each decision a slice at a time, as on the screen")
    a = ap.parse_args(argv)
    all_games = games()
    hi = len(all_games) if a.hi is None else min(a.hi, len(all_games))
    if a.what == "list":
        for i, g in enumerate(all_games):
            print(i, json.dumps(g, sort_keys=True))
        return 0
    if a.what == "record":
        run("baseline", a.lo, hi, a.jobs, a.cache, a.again)
        write_digest(a.cache, a.digest)
        return 0
    if a.what == "check":
        run(a.label, a.lo, hi, a.jobs, a.cache, a.again, a.sliced)
    return report(a.cache, a.digest, a.label)


if __name__ == "__main__":
    sys.exit(main())
