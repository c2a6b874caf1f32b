"""Seeded games of every mode played with `Match._choice_matters` watched: at each dice decision the answer the
match gives is compared with the reference look-ahead (tests/match/lookahead_reference.py), and what kind of
decision it was is counted (so a test can say the games reached Parry, Life Drain, Shield, Protect, ...).

    python -m tests.match.lookahead_games [N]   play the first N games of GAMES and print what they reached
"""
from __future__ import annotations

import os
import sys
from collections import Counter
from contextlib import contextmanager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.match import commands as C  # noqa: E402
from game.match.match import Match  # noqa: E402
from tests.match import lookahead_reference as ref  # noqa: E402

# (mission, squad, opponent or None, map, measure, options, seed, command limit)
GAMES = (
    ("pvp-assassinate", "relict-wardens", "praxium-corps", "default", "inches", {}, 11, 4000),
    ("pvp-secure-the-zone", "silent-choir", "krumpfists", "default", "grid", {}, 12, 4000),
    ("pvp-relay-run", "despoilers", "claimant-warband", "default", "inches", {"difficulty": "easy"}, 13, 4000),
    ("pvp-rivals", "hunter-killers", "drone-pod", "default", "inches", {}, 14, 4000),
    ("pvp-evac-point", "interdictors", "silent-choir", "default", "grid", {"difficulty": "hard"}, 15, 4000),
    ("horde", "interdictors", None, "horde-supply-corridor.tmx", "inches", {}, 75, 1500),
    ("horde", "praxium-corps", None, "horde-weapons-manufacture.tmx", "inches", {}, 3, 1500),
    ("horde", "relict-wardens", None, "horde-weapons-manufacture.tmx", "grid", {}, 1, 1500),
    ("pve", "praxium-corps", None, "default", "inches", {"npc": "despoilers", "tl": 2}, 2001, 4000),
    ("pve", "krumpfists", None, "default", "grid", {"npc": "classic", "tl": 1}, 2002, 4000),
    ("first-mission", "silent-choir", None, "default", "inches", {}, 102, 4000),
)


def kinds_of(m, p) -> set[str]:
    """What a dice decision has that the look-ahead reads: its stage, a Tactical Order change, an automatic Strike,
    Relentless, Hardened saves, Protect, Shield, a melee or a ranged attack."""
    d = p.decision
    res = m.state.attack.resolution
    out = {f"{p.kind}/{d.stage}", res.spec.kind}
    cmds = m._prompt_commands(p)
    if any(isinstance(c, C.ChangeDie) for c in cmds):
        out.add("change")
    if any(isinstance(c, C.RollAutoDie) for c in cmds):
        out.add("auto")
    if d.rlt and any(x.natural == 6 and not x.rerolled for x in d.dice):
        out.add("relentless")
    if d.crit > 1:
        out.add("hardened")
    if res._flag(d.uid, "ward"):
        out.add("protect")
    return out


@contextmanager
def watched(seen: Counter, differ: list):
    """`Match._choice_matters` compared with the reference at every call; `seen` counts the kinds of decision and
    the answers, `differ` gets (decision, the match's answer, the reference's) where they differ."""
    fast = Match._choice_matters

    def both(self, p):
        want = ref.choice_matters(self, p)
        got = fast(self, p)
        for k in kinds_of(self, p):
            seen[k] += 1
        seen[f"matters={want}"] += 1
        if got != want:
            differ.append((p.decision, got, want))
        return got

    Match._choice_matters = both
    try:
        yield
    finally:
        Match._choice_matters = fast


def play(game) -> int:
    from game.content import default_squad
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session
    mission, squad, opponent, map_name, measure, options, seed, limit = game
    scenario = build_scenario(mission, default_squad(squad), default_squad(opponent) if opponent else None,
                              map_name=map_name, measure=measure, options=options)
    m = create_match(scenario, seed)
    try:
        try:
            Session(m).run(limit)
        except RuntimeError:
            pass  # cut off (a long Horde run): the decisions so far were all compared
        return len(m.log)
    finally:
        m.close()


def brawl(seed: int, commands: int = 400) -> int:
    """A skirmish on the open table between units with every skill the look-ahead reads (Parry, Life Drain,
    Shield, Hardened, Stealthy in Cover, Protect, Relentless, Rending, an automatic Strike), side by side, dice
    rolled from `seed`; the sides attack whatever they may and answer every question with an answer drawn at
    random from the legal ones (Tactical Orders spent too). Returns the commands played."""
    import random

    from game.content import load_catalog
    from game.match.flow import OVER
    from game.match.skills.unit_queries import cond
    from game.rules.dice import Dice
    from game.rules.model import Special
    from tests.match.conftest import card, skirmish

    def unit(name, skills=(), specials=(), weapon=(), **kw):
        return card(name=name, skills=tuple(skills), specials=tuple(Special(*s) for s in specials),
                    weapon_specials=tuple(Special(*s) for s in weapon), **kw)

    a = [(unit("Drainer", specials=[("LFD",)], weapon=[("RLT",), ("RND", 1)], hit=5, melee=(4, 3)), 10, 10),
         (unit("Gunner", weapon=[("AUT", 1)], ranged=(4, 3), hit=4), 10, 12.5),
         (unit("Bulwark", skills=["PRX-AEG-SHD"], specials=[("HRD",)], hit=5, arm=3), 10, 15)]
    b = [(unit("Parrier", specials=[("PAR",)], hit=5, arm=3), 11.2, 10),
         (unit("Tunneler", skills=["HK-SPC-TNL"], specials=[("STL",), ("HRD",)], hit=4, arm=3), 11.2, 12.5),
         (unit("Guard", skills=["PRX-AEG-SHD"], specials=[("PAR",)], weapon=[("RLT",)], hit=5, arm=2), 11.2, 15)]
    m, ua, ub = skirmish(a, b, dice=[4, 4, 4, 4, 4, 4, 2, 5], catalog=load_catalog())
    m.dice = Dice(seed)
    rng = random.Random(seed)
    n = 0
    try:
        while m.phase != OVER and n < commands:
            side = m.waiting_for()
            with m._in_world():
                for u in m.units():
                    cond(u).protected = u in (ua[2], ub[0])  # Protect: one unit on each side
            legal = m.legal_commands(side)
            if m.prompt is None and m.activation is not None:
                attacks = [c for c in legal if isinstance(c, (C.MeleeAttack, C.RangedAttack))]
                legal = attacks or [c for c in legal if isinstance(c, C.EndActivation)] or legal
            m.submit(rng.choice(legal))
            n += 1
        return n
    finally:
        m.close()


def main(argv) -> int:
    n = int(argv[1]) if len(argv) > 1 else len(GAMES)
    seen: Counter = Counter()
    differ: list = []
    with watched(seen, differ):
        for g in GAMES[:n]:
            before = sum(v for k, v in seen.items() if k.startswith("matters="))
            cmds = play(g)
            after = sum(v for k, v in seen.items() if k.startswith("matters="))
            print(f"{g[0]} {g[1]} seed {g[6]}: {cmds} commands, {after - before} dice decisions, {len(differ)} differ")
        for seed in range(int(argv[2]) if len(argv) > 2 else 0):
            brawl(seed)
    for k, v in sorted(seen.items()):
        print(f"  {k}: {v}")
    for d in differ[:10]:
        print("DIFFERS", d)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
