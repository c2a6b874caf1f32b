"""N2: whether a dice question is asked (`Match._choice_matters`) is, at every dice decision of seeded games of every
mode and of skirmishes with every skill the look-ahead reads, what the full look-ahead as first written says
(tests/match/lookahead_reference.py: every answer run on a whole copy of the resolution to its end)."""
from collections import Counter

from game.match.match import Match
from tests.match.lookahead_games import GAMES, brawl, play, watched

BRAWLS = 40


def test_every_mode_asks_the_dice_questions_the_full_look_ahead_asks():
    seen: Counter = Counter()
    differ: list = []
    with watched(seen, differ):
        for g in GAMES:
            play(g)
    assert differ == []
    # the games reach every kind of dice question of the modes, both answers, and the answers the look-ahead reads
    for k in ("dice/attack", "dice/save", "dice/return_save", "shield/shield", "matters=True", "matters=False",
              "change", "auto", "relentless", "melee", "ranged"):
        assert seen[k] > 0, k


def test_every_skill_the_look_ahead_reads_asks_what_the_full_look_ahead_asks():
    seen: Counter = Counter()
    differ: list = []
    with watched(seen, differ):
        for seed in range(BRAWLS):
            brawl(seed)
    assert differ == []
    for k in ("dice/attack", "dice/save", "dice/return_save", "parry/parry", "life_drain/drain", "shield/shield",
              "hardened", "protect", "change", "auto", "relentless", "matters=True", "matters=False"):
        assert seen[k] > 0, k


def test_the_comparison_sees_a_different_answer(monkeypatch):
    """(The watch itself: a `_choice_matters` that asks every question is caught.)"""
    monkeypatch.setattr(Match, "_choice_matters", lambda self, p: True)
    seen: Counter = Counter()
    differ: list = []
    with watched(seen, differ):
        brawl(0, commands=150)
    assert differ and all(got and not want for _, got, want in differ)
