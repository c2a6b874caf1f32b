"""PvE campaigns: fifty seeded campaigns played headless to their end by computer players (over the nine factions'
squads, some shared by two people, some with co-op mini squads), every battle replayed from the campaign to its
recorded state hash, every campaign file written and read back to the same campaign. Prints how far they got and
how long a campaign takes.

    python bench/bench_campaign.py            # 50 campaigns (a long while)
    python bench/bench_campaign.py --short    # 1 (CI)
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MINI = ("interdictors,despoilers", "krumpfists,silent-choir,drone-pod")


def plan(n: int) -> list[tuple[int, str | None, int | None, dict]]:
    from game.content import squad_slugs
    slugs = squad_slugs()
    out = []
    for k in range(n):
        if k % 7 == 6:
            out.append((1000 + k, None, None, {"mini_squads": MINI[k % 2]}))
        else:
            out.append((1000 + k, slugs[k % len(slugs)], 2 if k % 5 == 4 else None, {}))
    return out


def play_one(seed, slug, players, options, folder: Path) -> dict:
    from game.content import default_squad
    from game.headless import campaign_setup, play_campaign
    from game.persistence.campaigns import load_campaign, save_campaign
    t = time.process_time()
    c = play_campaign(campaign_setup("pve", seed, default_squad(slug) if slug else None, players, options))
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


def main(short: bool = False) -> None:
    cases = plan(1 if short else 50)
    folder = Path(tempfile.mkdtemp(prefix="bench-campaign-"))
    results, errors = [], []
    for seed, slug, players, options in cases:
        who = slug or options.get("mini_squads")
        try:
            r = play_one(seed, slug, players, options, folder)
        except Exception as e:  # noqa: BLE001 - the bench counts them
            errors.append(f"seed {seed} ({who}): {type(e).__name__}: {e}")
            print(f"  seed {seed} {who}: {errors[-1]}", flush=True)
            continue
        results.append(r)
        print(f"  seed {seed} {who}{' x2' if players else ''}: {r['line']} ({r['seconds']:.0f} s CPU)", flush=True)
    done = [r for r in results if r["stage"] == "complete"]
    bad = [r for r in results if r["replays_bad"] or not r["file_same"]]
    print(f"campaigns: {len(results)} of {len(cases)} played to the end (target: all), {len(errors)} errors "
          f"(target: 0)")
    if results:
        print(f"  complete {len(done)}, lost {len(results) - len(done)}; mean MP earned "
              f"{statistics.mean(r['mp'] for r in results):.1f}, missions won "
              f"{statistics.mean(r['won'] for r in results):.1f} of {statistics.mean(r['played'] for r in results):.1f}"
              f" played, deceased {statistics.mean(r['fallen'] for r in results):.1f}")
        print(f"  replays and files: {len(bad)} campaigns with a battle that replays differently or a file that "
              f"reads back differently (target: 0)")
        print(f"  CPU per campaign: mean {statistics.mean(r['seconds'] for r in results):.1f} s, max "
              f"{max(r['seconds'] for r in results):.1f} s (no target: nine PvE missions of computer players)")
    for e in errors:
        print("  " + e)


if __name__ == "__main__":
    main(short="--short" in sys.argv)
