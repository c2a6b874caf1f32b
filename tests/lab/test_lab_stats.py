"""The lab's statistics: Wilson intervals against published values, and summaries of hand-made records."""
import pytest

from game.lab.records import DRAW, LOSS, NPC, SQUAD, WIN, GameRecord, UnitRecord
from game.lab.stats import summarize, unit_types, wilson


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17,
# table I, method 3 (Wilson score, no continuity correction).
@pytest.mark.parametrize("wins,n,low,high", [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
                                             (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_interval_matches_published_values(wins, n, low, high):
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_is_symmetric_and_bounded():
    lo, hi = wilson(10, 20)
    assert lo == pytest.approx(1 - hi) and 0 < lo < 0.5 < hi < 1
    assert wilson(20, 20)[1] == 1.0 and wilson(0, 20)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def unit(type_id, side, gp, dealt, taken, out, name=None):
    return UnitRecord(type_id=type_id, name=name or type_id.title(), faction="Test", side=side, gp=gp,
                      dealt=dealt, taken=taken, taken_out=out)


def game(squad, k, outcome, turns, units, opponent=""):
    return GameRecord(mission="m", squad=squad, opponent=opponent, game=k, seed=k, outcome=outcome, detail="",
                      turns=turns, mp_squad=None, mp_opponent=None, units=tuple(units))


RECORDS = [
    game("a", 0, WIN, 4, [unit("x", SQUAD, 20, 6, 0, False), unit("y", SQUAD, 10, 1, 3, True),
                          unit("bug", NPC, 0, 2, 1, True)]),
    game("a", 1, LOSS, 3, [unit("x", SQUAD, 20, 2, 4, True), unit("y", SQUAD, 10, 0, 3, True),
                           unit("bug", NPC, 0, 7, 1, True), unit("bug", NPC, 0, 0, 0, False)]),
    game("a", 2, DRAW, 4, [unit("x", SQUAD, 20, 4, 2, False), unit("y", SQUAD, 10, 2, 0, False)]),
    game("b", 0, WIN, 2, [unit("z", SQUAD, 30, 3, 3, False)]),
]


def test_summary_per_squad():
    a, b = summarize(RECORDS)
    assert (a.squad, a.games, a.wins, a.draws, a.losses) == ("a", 3, 1, 1, 1)
    assert a.win_rate == pytest.approx(1 / 3) and (a.win_low, a.win_high) == wilson(1, 3)
    assert a.turns == pytest.approx(11 / 3)
    assert a.units_lost == pytest.approx(3 / 3)  # 1 + 2 + 0
    assert a.enemies_out == pytest.approx(2 / 3)  # one Bug out in each of two games
    assert a.dealt == pytest.approx(15 / 3) and a.taken == pytest.approx(12 / 3)
    assert a.squad_gp == 30 and a.mp_squad is None
    assert (b.squad, b.games, b.wins, b.win_rate) == ("b", 1, 1, 1.0)


def test_unit_types_cost_efficiency():
    by_id = {u.type_id: u for u in unit_types(RECORDS)}
    x = by_id["x"]
    assert (x.fielded, x.gp, x.dealt, x.taken, x.taken_out) == (3, 20, 12, 6, 1)
    assert x.dealt_per_gp == pytest.approx(12 / 60) and x.taken_per_gp == pytest.approx(6 / 60)
    assert x.taken_out_rate == pytest.approx(1 / 3)
    bug = by_id["bug"]
    assert bug.side == NPC and bug.fielded == 3 and bug.dealt_per_gp is None and bug.taken_per_gp is None
    order = [u.type_id for u in unit_types(RECORDS)]
    # squads' types by HIT dealt per GP (x 0.2, y and z 0.1), a tie to the one losing less (z 0.1, y 0.2); NPCs last
    assert order == ["x", "z", "y", "bug"]


def test_per_faction_counts_both_sides_of_every_matchup_and_leaves_mirrors_out():
    from game.lab.stats import per_faction
    records = [game("a", 0, WIN, 4, [], opponent="b"), game("a", 1, LOSS, 4, [], opponent="b"),
               game("b", 2, WIN, 4, [], opponent="a"), game("a", 3, DRAW, 4, [], opponent="c"),
               game("c", 4, LOSS, 4, [], opponent="b"), game("a", 5, WIN, 4, [], opponent="a")]
    by = {f.faction: f for f in per_faction(records)}
    a, b, c = by["a"], by["b"], by["c"]
    assert (a.games, a.wins, a.draws, a.losses) == (4, 1, 1, 2)  # the mirror a vs a is left out
    assert (b.games, b.wins, b.draws, b.losses) == (4, 3, 0, 1)
    assert (c.games, c.wins, c.draws, c.losses) == (2, 0, 1, 1)
    assert a.score == pytest.approx(1.5 / 4) and (a.low, a.high) == wilson(1.5, 4)
    assert [f.faction for f in per_faction(records)] == ["b", "a", "c"]  # best score first
    assert a.balanced and not b.balanced and not c.balanced
    assert per_faction(RECORDS) == []  # squads against the mission's NPCs: no matchups


def test_the_faction_table_and_chart(tmp_path):
    from game.lab import charts
    from game.lab.stats import per_faction
    from game.lab.terminal import faction_text
    records = [game("strong", k, WIN, 4, [], opponent="weak") for k in range(8)] + \
        [game("fair", k, WIN if k % 2 else LOSS, 4, [], opponent="strong") for k in range(4)]
    text = faction_text(per_faction(records))
    assert "strong" in text and "above 35-65%" in text and "below 35-65%" in text and "in band" in text
    if charts.available():
        out = tmp_path / charts.FACTIONS_PNG
        charts.faction_balance(per_faction(records), out, "test")
        assert out.stat().st_size > 1000
