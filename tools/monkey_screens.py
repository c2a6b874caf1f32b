#!/usr/bin/env python3
"""A player doing anything at all, headless: random clicks, keys, drags and wheel turns posted to the app from the
title screen on (or a battle of one mode), frames stepped between them, looking for a screen that crashes.

    python tools/monkey_screens.py [--inputs 3000] [--seed 1] [--start title|pvp|horde|pve|first-mission]

Every input is seeded (--seed), so a crash is played again with the same arguments. A crash prints the input count,
the scene on top and the traceback's last lines
(a computer player that fails on a battle screen, which the screen reports in a message, counts as one); the app is then made again and the run goes on. When the app
quits (its Quit button), it is made again too, as it is when a run started at a battle leaves it (to the title,
the results). Saves go to a temporary folder. Prints the scenes visited and how
many inputs each took; asserts nothing; exits 1 when anything crashed.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

KEYS = [pygame.K_TAB, pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_DELETE,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_F1, pygame.K_F5, pygame.K_F9,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_HOME] + \
    [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
MODS = [0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT]


def make_app(saves: str, start: str, seed: int):
    """The app at its title screen, or at a battle of `start` against the computer (the mode's own setup)."""
    from game.ui.app import App
    from game.ui.settings import Settings
    import game.paths
    game.paths.SAVES_DIR = Path(saves)
    app = App(headless=True, saves_dir=Path(saves), settings=Settings(npc_speed="fast"), seed=seed)
    app.step(2)
    if start != "title":
        from game.headless import build_scenario
        from game.modes import create_match
        from game.ui.launch import battle_scene
        m = create_match(build_scenario(start), seed, app.catalog, prepare=True)
        app.replace(battle_scene(app, m))
        app.step(2)
    return app


def one_input(app, rng: random.Random) -> str:
    """Post one random input and step a few frames; what it was, in words."""
    w, h = app.size
    roll = rng.random()
    if roll < 0.5:
        pos = (rng.randrange(w), rng.randrange(h))
        where = getattr(getattr(app.top, "layout", None), "get", lambda k: None)("view")
        if where is not None and rng.random() < 0.75:  # a battle: mostly on the table and the card beside it
            pos = (rng.randrange(where.left, where.right), rng.randrange(where.top, where.bottom))
        button = 1 if rng.random() < 0.8 else 3
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        what = f"click {button} at {pos}"
    elif roll < 0.85:
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        if key in (pygame.K_ESCAPE, pygame.K_F1) and rng.random() < 0.7:
            key = pygame.K_TAB  # (leaving the screen less often than anything else)
        name = pygame.key.name(key)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=name if len(name) == 1
                                             else "", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        what = f"key {name} (mod {mod})"
    elif roll < 0.93:
        pos = (rng.randrange(w), rng.randrange(h))
        dy = rng.choice([-1, 1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, precise_x=0.0, precise_y=float(dy),
                                             flipped=False))
        what = f"wheel {dy} at {pos}"
    else:
        a = (rng.randrange(w), rng.randrange(h))
        b = (rng.randrange(w), rng.randrange(h))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        what = f"drag {a} -> {b}"
    app.step(rng.choice([1, 2, 2, 5, 20]))
    return what


def run(start: str, seed: int, inputs: int, saves: str, say=print) -> tuple[list[str], Counter]:
    """`inputs` seeded random inputs from `start`: (each failure in words, how many inputs each scene took)."""
    from game.ui.battle import BattleScene
    rng = random.Random(seed)
    app = make_app(saves, start, seed)
    seen: Counter = Counter()
    failures: list[str] = []
    last: list[str] = []
    for n in range(inputs):
        top = type(app.top).__name__ if app.top is not None else "none"
        seen[top] += 1
        try:
            last = (last + [one_input(app, rng)])[-5:]
            failed = [sc.turns.failed for sc in app.scenes if getattr(getattr(sc, "turns", None), "failed", None)]
            if failed:  # a computer player that failed on screen (its message shown, the battle kept): a new app
                failures.append(f"COMPUTER FAILED at input {n} on {top}: last inputs {last}: {failed[0]}")
                say(failures[-1])
                app.shutdown()
                app = make_app(saves, start, seed + n)
                continue
            left = start != "title" and not any(isinstance(sc, BattleScene) for sc in app.scenes)
            if not app.running or app.top is None or left:  # (a battle's run stays in battles: a new one)
                app.shutdown()
                app = make_app(saves, start, seed + n)
        except Exception:  # noqa: BLE001 - a crash is what this looks for
            tail = " | ".join(x.strip() for x in traceback.format_exc().strip().splitlines()[-16:])
            failures.append(f"CRASH at input {n} on {top}: last inputs {last}: {tail}")
            say(failures[-1])
            try:
                app.shutdown()
            except Exception:  # noqa: BLE001
                pass
            app = make_app(saves, start, seed + n)
    app.shutdown()
    return failures, seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default="title", choices=["title", "pvp-ambush", "horde", "pve", "first-mission"])
    a = ap.parse_args()
    pygame.init()
    failures, seen = run(a.start, a.seed, a.inputs, tempfile.mkdtemp(prefix="monkey-"),
                         say=lambda words: print(words, flush=True))
    print(f"monkey: {a.inputs} inputs from {a.start} (seed {a.seed}); scenes: "
          + ", ".join(f"{k} {v}" for k, v in seen.most_common()))
    print(f"crashes: {len(failures)} [target: none: {'met' if not failures else 'MISSED'}]")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
