"""Campaigns played headless to their end by computer players, every battle replayed from the campaign to its
recorded state hash, every campaign file written and read back to the same campaign; prints how far they got and
how long a campaign takes, beside the targets of issues 19 and 20:

    pve           50 seeded PvE campaigns (the nine factions' squads, some shared by two people, some co-op mini squads)
    pvp           30 seeded PvP campaigns, the computer on both sides, mixed factions
    last-signal   20 seeded Last Signal campaigns (Interdictors and Praxium Corps, some shared by two people)
    operations    every Operation of the book (36), each played alone

    python bench/bench_campaign.py                  # all of them (hours on a busy machine)
    python bench/bench_campaign.py pvp operations   # some kinds
    python bench/bench_campaign.py --short          # one of each kind (CI)
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import Failures  # noqa: E402

MINI = ("interdictors,despoilers", "krumpfists,silent-choir,drone-pod")


COUNTS = {"pve": 50, "pvp": 30, "last-signal": 20, "operations": 36}


def plan(kind: str, n: int) -> list[tuple[str, int, str | None, int | None, dict, str | None]]:
    """(kind, seed, squad slug, players, options, opponent slug) of each campaign."""
    from game.content import squad_slugs
    slugs = squad_slugs()
    out = []
    for k in range(n):
        seed = 1000 + k
        if kind == "pvp":
            a, b = slugs[k % len(slugs)], slugs[(k * 4 + 3) % len(slugs)]
            out.append((kind, seed, a, None, {}, b if b != a else slugs[(k + 1) % len(slugs)]))
        elif kind == "last-signal":
            out.append((kind, seed, ("interdictors", "praxium-corps")[k % 2], 2 if k % 4 == 3 else None, {}, None))
        elif kind == "operations":
            from game.content import load_catalog
            from game.modes.pve.data import load_pve_data
            ops = load_pve_data(load_catalog()).book.operations
            out.append((f"operation:{ops[k % len(ops)].id}", seed, None, None, {}, None))
        elif k % 7 == 6:
            out.append((kind, seed, None, None, {"mini_squads": MINI[k % 2]}, None))
        else:
            out.append((kind, seed, slugs[k % len(slugs)], 2 if k % 5 == 4 else None, {}, None))
    return out


def play_one(kind, seed, slug, players, options, opponent, folder: Path) -> dict:
    from game.content import default_squad
    from game.headless import campaign_setup, play_campaign
    from game.persistence.campaigns import load_campaign, save_campaign
    t = time.process_time()
    c = play_campaign(campaign_setup(kind, seed, default_squad(slug) if slug else None, players, options,
                                     opponent=default_squad(opponent) if opponent else None))
    play = time.process_time() - t
    bad = []
    for op in c.plan:
        for pm in op.missions:
            if pm.played:
                m = c.mission_replay(op.number, pm.number)
                if m.state_hash() != pm.record.state_hash:
                    bad.append(pm.label)
                m.close()
    back = load_campaign(save_campaign(c, folder))
    s = c.score()
    return {"line": c.result_line(), "stage": c.stage, "mp": s.mp, "won": s.won, "played": s.played,
            "fallen": s.fallen, "replays_bad": bad, "file_same": back.state_hash() == c.state_hash(),
            "seconds": play}


def run_kind(kind: str, n: int, folder: Path) -> int:
    """Plays the kind's campaigns and prints its figures; returns how many failed with an error."""
    cases = plan(kind, n)
    results, errors = [], []
    print(f"{kind}: {len(cases)} campaigns", flush=True)
    for case in cases:
        k, seed, slug, players, options, opponent = case
        who = " ".join(x for x in (k if k != kind else "", slug or options.get("mini_squads") or "",
                                   f"against {opponent}" if opponent else "") if x)
        try:
            r = play_one(k, seed, slug, players, options, opponent, folder)
        except Exception as e:  # noqa: BLE001 - the bench counts them
            errors.append(f"seed {seed} ({who}): {type(e).__name__}: {e}")
            print(f"  {errors[-1]}", flush=True)
            continue
        results.append(r)
        print(f"  seed {seed} {who}{' x2' if players else ''}: {r['line']} ({r['seconds']:.0f} s CPU)", flush=True)
    done = [r for r in results if r["stage"] == "complete"]
    bad = [r for r in results if r["replays_bad"] or not r["file_same"]]
    print(f"{kind}: {len(results)} of {len(cases)} campaigns played to the end (target: all), {len(errors)} errors "
          f"(target: 0)")
    if results:
        print(f"  complete {len(done)}, lost {len(results) - len(done)}; mean MP earned "
              f"{statistics.mean(r['mp'] for r in results):.1f}, missions won "
              f"{statistics.mean(r['won'] for r in results):.1f} of {statistics.mean(r['played'] for r in results):.1f}"
              f" played, deceased {statistics.mean(r['fallen'] for r in results):.1f}")
        print(f"  replays and files: {len(bad)} campaigns with a battle that replays differently or a file that "
              f"reads back differently (target: 0)")
        print(f"  CPU per campaign: mean {statistics.mean(r['seconds'] for r in results):.1f} s, max "
              f"{max(r['seconds'] for r in results):.1f} s (no target: whole campaigns of computer players)")
    for e in errors:
        print("  " + e)
    return len(errors)


SHORT_KINDS = ("operations",)  # the CI run: one Operation of the book (about 4 s); whole campaigns take minutes


def main(short: bool = False, argv: list[str] | None = None) -> Failures:
    """The campaigns that failed with an error (the process exits 1 when any did)."""
    argv = list(argv or ())
    short = short or "--short" in argv
    kinds = [a for a in argv if not a.startswith("-")] or list(SHORT_KINDS if short else COUNTS)
    unknown = [k for k in kinds if k not in COUNTS]
    if unknown:
        raise SystemExit(f"bench_campaign: unknown kind {unknown[0]!r} (known: {', '.join(COUNTS)})")
    if short:
        print(f"short run: {', '.join(kinds)} once; the full counts: python3 bench/bench_campaign.py")
    folder = Path(tempfile.mkdtemp(prefix="bench-campaign-"))
    return Failures(sum(run_kind(kind, 1 if short else COUNTS[kind], folder) for kind in kinds), "campaigns raised")


if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]).exit_code)
