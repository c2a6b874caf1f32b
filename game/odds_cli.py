"""`python main.py odds ...`: the exact odds of an attack and a Monte Carlo run of the match's own code."""
from __future__ import annotations

import re
import sys

from game.rules.odds import AttackSetup, exact_odds, format_odds
from game.rules.simulate import simulate

SPECIAL = re.compile(r"^(ACC|BRU|AUT|RND)(\d+)$|^(RLT|NCV)$")


def setup_from_args(args) -> AttackSetup:
    kw = {}
    for raw in args.special:
        code = raw.strip().upper()
        m = SPECIAL.match(code)
        if not m:
            raise ValueError(f"unknown or unsupported special {raw!r} (use ACCx, BRUx, AUTx, RNDx, RLT, NCV)")
        if m.group(3):
            kw[m.group(3).lower()] = True
        else:
            kw[m.group(1).lower()] = int(m.group(2))
    if args.melee and args.attacker_arm is None:
        raise ValueError("--melee needs --attacker-arm (the attacker saves returned Damage with it)")
    return AttackSetup(att=args.att, skl=args.skl, arm=args.arm, melee=args.melee, attacker_arm=args.attacker_arm,
                       cover=args.cover, high_ground=args.high_ground, support=args.support,
                       target_support=args.target_support, target_hit=args.hit, attacker_hit=args.attacker_hit,
                       **kw)


def run_odds(args) -> int:
    try:
        setup = setup_from_args(args)
    except ValueError as e:
        print(f"main.py odds: {e}", file=sys.stderr)
        return 2
    odds = exact_odds(setup)
    print(format_odds(setup, odds))
    if args.samples > 0:
        est = simulate(setup, args.samples, args.seed)
        print()
        print(f"Monte Carlo ({est.samples} attacks through the match's resolution code, seed {args.seed}; "
              "re-roll failed dice only, no TO):")
        keys = sorted(set(odds.target_loss) | set(est.target_loss))
        for k in keys:
            print(f"  {k} HIT lost: exact {odds.target_loss.get(k, 0.0):8.4%}   simulated "
                  f"{est.target_loss.get(k, 0.0):8.4%}")
        print(f"  expected HIT lost: exact {odds.expected_target_loss:.4f}   simulated "
              f"{est.expected_target_loss:.4f}")
        if setup.melee:
            print(f"  expected HIT lost by the attacker (returned Damage): exact {odds.expected_attacker_loss:.4f}"
                  f"   simulated {est.expected_attacker_loss:.4f}")
    return 0
