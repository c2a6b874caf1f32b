#!/usr/bin/env python3
"""Seeded games of every mode in which a share of the commands are random legal ones, looking for what a player
doing the unexpected would break.

The games are compare_games.py's 500 (First Mission, PvE, PvP, Horde; both measures). In each, every side's
decision is, with probability --share, a command picked at random (seeded) from the match's own legal commands
for that side, else the computer's decision. Found and printed as a failure:
- a legal command the match refuses or a crash while it is resolved;
- a side the match waits for with no legal command (the game would wait for ever);
- a computer decision the match refuses (RefusedCommand) or a computer player that crashes in such a state;
- a game whose log does not replay to the same state hash;
- a game past --commands commands (a Horde run may well be: counted apart, not a failure).

    python tools/chaos_games.py [--share 0.25] [--from 0 --to 500] [--seed 1] [--commands 4000] [--only MODE]

Each failure prints the game, the command count and the traceback's last lines, so it can be played again with
the same arguments and --from/--to. Asserts nothing; exits 1 when anything failed.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def play(game: dict, share: float, seed: int, max_commands: int) -> tuple[str, str]:
    """One game with random legal commands mixed in: ("ok" | "long" | a failure's kind, details)."""
    from game.content import default_squad
    from game.headless import build_scenario
    from game.match.errors import IllegalCommand
    from game.modes import create_match, replay
    from game.modes.session import RefusedCommand, Session, make_controller
    scenario = build_scenario(game["mission"], default_squad(game["squad"]), map_name=game.get("map", "default"),
                              measure=game["measure"], options=game.get("options"),
                              opponent=default_squad(game["opponent"]) if game.get("opponent") else None)
    m = create_match(scenario, game["seed"])
    rng = random.Random(seed * 1_000_003 + game["seed"])
    try:
        session = Session(m, {s.side: make_controller(m, s.side, "computer") for s in scenario.sides
                              if s.control == "person"})
        for n in range(max_commands):
            if m.phase == "over":
                break
            side = m.waiting_for()
            if side is None:
                return "stuck", f"command {n}: the match waits for nobody and is not over"
            legal = m.legal_commands(side)
            if not legal:
                return "no-legal", f"command {n}: the match waits for {side} with no legal command " \
                                   f"(prompt: {m.prompt.kind if m.prompt else None})"
            if side in session.controllers and rng.random() >= share:
                try:
                    session.step()
                except RefusedCommand as e:
                    return "computer-refused", f"command {n}: {e}"
                except Exception:  # noqa: BLE001 - a computer player's crash is a finding
                    return "computer-crash", f"command {n}: " + _tail()
                continue
            cmd = rng.choice(legal)
            try:
                m.submit(cmd)
            except IllegalCommand as e:
                return "legal-refused", f"command {n}: {cmd!r} was listed as legal and refused: {e}"
            except Exception:  # noqa: BLE001
                return "crash", f"command {n}: {cmd!r}: " + _tail()
        else:
            return "long", f"{max_commands} commands"
        try:
            again = replay(m.scenario, m.seed, m.log)
        except Exception:  # noqa: BLE001
            return "replay-crash", _tail()
        try:
            if again.state_hash() != m.state_hash():
                return "replay-differs", f"{len(m.log)} commands"
        finally:
            again.close()
        return "ok", f"{len(m.log)} commands"
    finally:
        m.close()


def _tail() -> str:
    return " | ".join(line.strip() for line in traceback.format_exc().strip().splitlines()[-4:])


def main() -> int:
    from compare_games import games, mode_of
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--share", type=float, default=0.25, help="the share of decisions made at random (0-1)")
    ap.add_argument("--from", dest="lo", type=int, default=0)
    ap.add_argument("--to", dest="hi", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1, help="the random commands' seed")
    ap.add_argument("--commands", type=int, default=4000, help="a game's longest run of commands")
    ap.add_argument("--only", default=None, help="one mode: first-mission, pve, pvp or horde")
    a = ap.parse_args()
    if not 0.0 <= a.share <= 1.0:
        ap.error(f"--share must be between 0 and 1, not {a.share}")
    counts: dict[str, int] = {}
    failed = 0
    t0 = time.process_time()
    for i, game in enumerate(games()):
        if not a.lo <= i < a.hi or (a.only and mode_of(game) != a.only):
            continue
        kind, words = play(game, a.share, a.seed, a.commands)
        counts[kind] = counts.get(kind, 0) + 1
        if kind not in ("ok", "long"):
            failed += 1
            print(f"FAIL {kind}: game {i} {game}: {words}", flush=True)
    played = sum(counts.values())
    print(f"chaos games: {played} played with {a.share:.0%} random legal commands (seed {a.seed}): "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f"; {time.process_time() - t0:.0f} s of CPU")
    print(f"failures: {failed} [target: none: {'met' if not failed else 'MISSED'}]")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
