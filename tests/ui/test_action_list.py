"""The action list shows no button a unit could never press in this mission: a Beast, Mindless or Weirdo never
carries nor takes Mission actions, so it gets no Pick Up, Drop, Give or mission action buttons; its Squadmates do."""
from game.match import commands as C
from game.ui.battle.actions import action_states
from tests.match.conftest import card
from tests.modes.pvp.conftest import TURN, pvp_match

BEAST = "DES-BST-BST"  # the Beast skill: no carrying, no Mission actions, no objectives


def _keys(m, uid, side):
    return {s.key.split(":")[0] for s in action_states(m, uid, side)}


def test_a_beast_is_offered_no_carrying_and_no_mission_actions():
    m = pvp_match("relay-run", [(card("Hound", skills=(BEAST,)), 10, 10), (card("Trooper"), 12, 10)],
                  [(card("Foe"), 12, 20)], dice=TURN)
    try:
        beast, trooper = m.all_units_of("player")
        assert any(m.marker(mid).portable for mid in m.markers()), "the mission has markers to carry"
        assert {"pickup", "drop", "give"} <= _keys(m, trooper, "player")
        assert not {"pickup", "drop", "give", "mission"} & _keys(m, beast, "player")
        assert {"move", "dash", "melee", "ranged"} <= _keys(m, beast, "player")
        # and the match agrees: it refuses the Beast any Pick Up
        picks = [c for c in m.legal_commands("player") if isinstance(c, C.PickUp)]
        assert all(m.pick_up_reason(beast, c.marker) is not None for c in picks)
        assert all(m.pick_up_reason(beast, mid) is not None for mid in m.markers())
    finally:
        m.close()
