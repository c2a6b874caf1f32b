"""An NPC's intent: what it would do if it activated now, asked without changing the match, is exactly what it
does when it activates; its explanation names the unit, the Behaviour line and why."""
from game.ai.npc import NpcController
from game.match import commands as C

from tests.match.conftest import card, skirmish
from tests.match.test_match_rules import START


def test_intent_is_the_decision_and_changes_nothing():
    m, a, b = skirmish([(card(), 10, 10), (card(), 3, 3)], [(card(), 11.2, 10), (card(), 20, 20)], dice=START,
                       npc_b=True)
    try:
        ctl = NpcController("B")
        h = m.state_hash()
        near, far = (ctl.intent(m, u) for u in b)
        assert m.state_hash() == h and m.activation is None
        assert near.line == 1 and isinstance(near.command, C.MeleeAttack) and near.target == a[0]
        assert near.text == f"Behaviour line 1: attack a valid Melee target ({m.unit(a[0]).name} is Adjacent)"
        assert far.line in (2, 3, 4) and isinstance(far.command, (C.Move, C.Dash)) and far.target is not None
        assert f"{m.unit(far.target).name} is the closest enemy" in far.why
        # when the far Bug activates, it does what its intent said
        m.submit(C.Activate("A", a[1]))
        m.submit(C.EndActivation("A"))
        assert m.active_unit in b
        uid = m.active_unit
        said = ctl.intent(m, uid)
        cmd = ctl.decide(m)
        assert cmd == said.command
        assert ctl.explanation.startswith(m.unit(uid).name + ": Behaviour line ")
    finally:
        m.close()
