"""Ambush's Defender as the PvP computer plays it: the Intel carrier is the mission, so it deploys away from both
edges the Attacker may choose and the threat on it is counted whole, as if the enemy knew it (shared among the
squad, it traded shots in the open in Turn 1 and fell with the Intel)."""
from game.ai.tactical_brief import brief_for
from game.modes.pvp import sides as P

from .test_tactical_missions import battle_ready


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
