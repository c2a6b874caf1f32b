"""Ambush's Defender as the PvP computer plays it: the Intel carrier is the mission, so it deploys away from both
edges the Attacker may choose and the threat on it is counted whole, as if the enemy knew it (shared among the
squad, it traded shots in the open in Turn 1 and fell with the Intel)."""
from game.ai.tactical_brief import brief_for
from game.modes.pvp import sides as P

from .test_tactical_missions import battle_ready, east_race


def test_the_intel_carrier_deploys_away_from_both_edges_and_keeps_out_of_fire():
    for squad, seed in (("relict-wardens", 1167), ("interdictors", 1187), ("claimant-warband", 3000)):
        m = battle_ready("pvp-ambush", squad, seed=seed)
        try:
            defender = next(s for s in m.sides if P.role(m, s) == "defender")
            carrier = m.mission_state["carrier"]
            h = m.table.battlefield.height
            assert 8.0 <= m.base(carrier).y <= h - 8.0, (squad, m.base(carrier))  # 8" from either edge
            assert carrier in brief_for(m, defender).focus
        finally:
            m.close()


def test_an_inch_toward_a_deadline_is_worth_as_much_with_turns_to_spare():
    """Counted over the whole mission, an inch made in Turn 1 was worth little beside a shot, and the carrier traded
    shots at its edge; counted over two Turns at most, an inch now is worth what it is worth in Turn 2."""
    m = battle_ready("pvp-ambush", "krumpfists")
    try:
        value = east_race(m)
        step1, step2 = value(10.0, 1) - value(4.0, 1), value(10.0, 2) - value(4.0, 2)
        assert step1 >= 1.0 and abs(step1 - step2) < 1e-9, (step1, step2)
    finally:
        m.close()
