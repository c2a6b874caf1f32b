"""Measure the PvE Spawn Tables of one Threat Level: K seeded missions per NPC faction, the computer squad against
the NPC Behaviours, the squad's wins per faction with 95% (Wilson) intervals, and each faction's distance from the
Threat Level's mean. The seeds are fixed (mission i of every faction plays seed SEED + i with the i-th of the nine
squads in turn), so a changed table is compared with the one before on the same seeds and the same spawn dice.

    nice -n 10 .venv/bin/python tools/spawn_tables.py --tl 2 --k 40
    nice -n 10 .venv/bin/python tools/spawn_tables.py --tl 1 --k 40 --factions praxium-corps,classic
    nice -n 10 .venv/bin/python tools/spawn_tables.py --tl 2 --k 40 --factions interdictors \
        --table '1-3:strike-trooper:2,4-5:assault-trooper:2,6:patrol-sergeant:1'

--table tries a candidate column for the (single) faction named, in this process only: the data files are not
touched. Each mission line (with the objectives met) is also written with --lines, for a comparison of two runs seed
by seed. The wipes are counted twice: every wipe with an objective met, and those in which the squad had been asked
to extract with an objective met and stayed (each named with the state it stayed in).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab.stats import wilson  # noqa: E402


def try_column(faction_id: str, tl: int, text: str) -> None:
    """Play a candidate column ('1-3:unit:2,4-5:unit:2,6:unit:1') for one faction in this process: the faction's
    file is copied with that column to a temporary file, read by the game's own loader (its checks apply), and
    put in place of the faction in the loaded PvE data."""
    import json
    import tempfile
    from game.content import load_catalog
    from game.modes.pve import data as D
    catalog = load_catalog()
    data = D.load_pve_data(catalog)
    src = D.PVE_DIR / "factions" / f"{faction_id}.json"
    raw = json.loads(src.read_text(encoding="utf-8"))
    rows = []
    for part in text.split(","):
        faces, unit, count = part.strip().split(":")
        rows.append([faces, unit, int(count)])
    raw["spawn"][str(tl)] = rows
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / src.name
        p.write_text(json.dumps(raw), encoding="utf-8")
        new = D.load_faction(p, catalog, D._weapon_specials(D.DATA_DIR))
    object.__setattr__(data, "factions", tuple(new if f.id == faction_id else f for f in data.factions))


class Watched:
    """The computer squad's controller, noting each time it stayed although it could have extracted with an
    objective met (the Turn, the units that would leave and those left behind, whether an objective was counted
    within reach or Control on its streak)."""

    def __init__(self, ctl) -> None:
        self.ctl = ctl
        self.stays: list[str] = []

    def decide(self, match):
        cmd = self.ctl.decide(match)
        p = match.prompt
        if p is not None and p.kind == "choice" and any(o == "extract" for o, _ in p.options) \
                and getattr(cmd, "option", "") != "extract":
            from game.ai.pve_plan import control_on_streak, objective_in_reach
            g = match.mission.goals(match)
            if any(v == "met" for v in g["status"].values()) and g["would_extract"]:
                st = ",".join(f"{o}={v}" for o, v in g["status"].items())
                self.stays.append(
                    f"T{match.turn} {st} leave={len(g['would_extract'])} behind={len(g['left_behind'])} "
                    f"standing={len(match.units(match.prompt.side))} reach={objective_in_reach(match, g, 'player')} "
                    f"streak={control_on_streak(match, g)} foes={len(match.units('npc'))}")
        return cmd

    @property
    def explanation(self):
        return getattr(self.ctl, "explanation", "")

    @explanation.setter
    def explanation(self, words):  # (the session clears it as a decision opens)
        self.ctl.explanation = words


def play(seed: int, faction: str, tl: int, squad: str) -> dict:
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session, make_controller
    sc = build_scenario("pve", squad=default_squad(squad), options={"tl": tl, "npc": faction})
    m = create_match(sc, seed, prepare=True)
    player = Watched(make_controller(m, "player", "computer"))
    Session(m, {"player": player, "npc": make_controller(m, "npc", "npc")}).run()
    ms = m.mission_state
    out = {"win": m.result.outcome == "victory", "turn": m.result.turn,
           "units": sum(c for _, _, c in ms.get("spawned", [])), "wiped": ms.get("over") != "extracted",
           "met": sorted(o for o, v in ms["status"].items() if v == "met"), "stays": player.stays}
    m.close()
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tl", type=int, required=True, choices=(1, 2, 3))
    ap.add_argument("--k", type=int, default=40, help="missions per faction (default 40)")
    ap.add_argument("--seed", type=int, default=5000, help="first seed (default 5000)")
    ap.add_argument("--factions", default="", help="comma-separated faction ids (default: all ten)")
    ap.add_argument("--table", default="", help="a candidate column for the one faction named in --factions")
    ap.add_argument("--lines", default="", help="write one line per mission to this file")
    a = ap.parse_args(argv)
    from game.content import squad_slugs
    from game.modes.pve.data import load_pve_data
    data = load_pve_data()
    factions = [f.id for f in data.factions]
    if a.factions:
        wanted = a.factions.split(",")
        unknown = [f for f in wanted if f not in factions]
        if unknown:
            raise SystemExit(f"--factions: no NPC faction {', '.join(unknown)} (there are {', '.join(factions)})")
        factions = wanted
    if a.table:
        if len(factions) != 1:
            raise SystemExit("--table needs exactly one faction in --factions")
        try_column(factions[0], a.tl, a.table)
    squads = squad_slugs()
    wins: dict = {}
    units: dict = {}
    lines, late, met_wipes, wipes = [], [], [], 0
    t0 = time.process_time()
    for f in factions:
        col = load_pve_data().faction(f).spawn[a.tl]
        wins[f], units[f] = 0, []
        for i in range(a.k):
            seed, squad = a.seed + i, squads[i % len(squads)]
            r = play(seed, f, a.tl, squad)
            wins[f] += r["win"]
            units[f].append(r["units"])
            lines.append(f"{f} {a.tl} {seed} {squad} {'win' if r['win'] else 'loss'} units={r['units']} "
                         f"turn={r['turn']} {'wiped' if r['wiped'] else 'extracted'} met={','.join(r['met']) or '-'}")
            if r["wiped"]:
                wipes += 1
                if r["met"]:
                    met_wipes.append(f"{f} TL {a.tl} seed {seed} {squad}: wiped at Turn {r['turn']} with "
                                     f"{', '.join(r['met'])} met")
                if r["stays"]:
                    late.append(f"{f} TL {a.tl} seed {seed} {squad}: stayed " + "; ".join(r["stays"]))
        lo, hi = wilson(wins[f], a.k)
        rows = ", ".join(f"{r.faces}: {r.count} x {r.unit}" for r in col)
        print(f"  {f:18s} {wins[f]:3d}/{a.k} = {wins[f] / a.k:4.0%} (95% {lo:.0%}-{hi:.0%}); "
              f"units on average {statistics.mean(units[f]):.1f}; [{rows}]", flush=True)
    cpu = time.process_time() - t0
    n = a.k * len(factions)
    mean = sum(wins.values()) / n
    off = {f: wins[f] / a.k - mean for f in factions}
    worst = max(off, key=lambda f: abs(off[f]))
    print(f"TL {a.tl}, seeds {a.seed}-{a.seed + a.k - 1}, {a.k} missions a faction: the squad wins {mean:.1%}; widest "
          f"{worst} {off[worst] * 100:+.1f} points (target within 10); outside 10 points: "
          + (", ".join(f"{f} {off[f] * 100:+.0f}" for f in factions if abs(off[f]) > 0.10) or "none")
          + f"; {n} missions in {cpu:.0f} CPU-s ({n / max(cpu, 1e-9):.2f} a CPU-second)")
    print(f"wipes {wipes}; with an objective met: {len(met_wipes)} ({len(met_wipes) / max(wipes, 1):.1%} of wipes); "
          f"after the squad could have extracted with an objective met: {len(late)} "
          f"({len(late) / max(wipes, 1):.1%} of wipes, target <= 5%)")
    for x in met_wipes:
        print("   ", x)
    for x in late:
        print("   ", x)
    if a.lines:
        Path(a.lines).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
