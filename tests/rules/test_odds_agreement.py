"""The odds calculator's exact figures against a Monte Carlo run of the match's own resolution code.

Fixed seed, 10,000 attacks per setup. Tolerance: 4.5 standard errors per outcome (plus 0.001), and
4.5 standard errors on the expected HIT lost, so a real disagreement (a rule read two ways) fails.
"""
import math

import pytest

from game.rules.odds import AttackSetup, exact_odds
from game.rules.simulate import simulate

N = 10_000

SETUPS = [
    AttackSetup(att=4, skl=5, arm=4),  # Toland Strak's Reaper vs ARM 4
    AttackSetup(att=4, skl=5, arm=4, cover=True),
    AttackSetup(att=5, skl=4, arm=3, acc=1, rnd=1, target_hit=3),  # a sniper rifle
    AttackSetup(att=4, skl=4, arm=4, rlt=True, aut=1),
    AttackSetup(att=3, skl=4, arm=3, melee=True, attacker_arm=3, support=1, target_support=1),
    AttackSetup(att=4, skl=4, arm=4, melee=True, attacker_arm=4, bru=1, target_hit=2, attacker_hit=2),
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"att{s.att}-skl{s.skl}-arm{s.arm}"
                         + ("-melee" if s.melee else "") + ("-cover" if s.cover else ""))
def test_exact_and_simulated_agree(setup):
    exact = exact_odds(setup)
    est = simulate(setup, N, seed=12345)
    for k in set(exact.target_loss) | set(est.target_loss):
        p = exact.target_loss.get(k, 0.0)
        q = est.target_loss.get(k, 0.0)
        assert abs(p - q) <= 4.5 * math.sqrt(p * (1 - p) / N) + 1e-3, (k, p, q)
    var = sum(k * k * p for k, p in exact.target_loss.items()) - exact.expected_target_loss ** 2
    assert abs(exact.expected_target_loss - est.expected_target_loss) <= 4.5 * math.sqrt(var / N) + 1e-3
    if setup.melee:
        var_a = sum(k * k * p for k, p in exact.attacker_loss.items()) - exact.expected_attacker_loss ** 2
        assert abs(exact.expected_attacker_loss - est.expected_attacker_loss) <= 4.5 * math.sqrt(var_a / N) + 1e-3


def test_a_misread_rule_would_be_caught():
    """Guard for the guard: the same check fails when the simulation plays a different rule (no cover)."""
    exact = exact_odds(AttackSetup(att=4, skl=5, arm=4, cover=True))
    est = simulate(AttackSetup(att=4, skl=5, arm=4, cover=False), N, seed=12345)
    var = sum(k * k * p for k, p in exact.target_loss.items()) - exact.expected_target_loss ** 2
    assert abs(exact.expected_target_loss - est.expected_target_loss) > 4.5 * math.sqrt(var / N) + 1e-3


def test_odds_command_line(capsys):
    from main import main
    assert main(["odds", "--att", "4", "--skl", "5", "--arm", "4", "--samples", "2000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Expected HIT lost" in out and "Monte Carlo (2000 attacks" in out
    assert main(["odds", "--att", "3", "--skl", "4", "--arm", "3", "--melee"]) == 2  # needs --attacker-arm
    assert main(["odds", "--att", "3", "--skl", "4", "--arm", "3", "--special", "XYZ"]) == 2
