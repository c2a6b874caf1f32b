"""A PvE NPC's intent: the Behaviour line it would follow and its likely target, asked without changing the match,
is what its controller then decides when it activates (the same code), for each Behaviour."""
import pytest

from game.ai.pve import PveNpcController
from game.match import commands as C
from tests.match.conftest import card, skirmish
from tests.modes.pve.test_pve_behaviours import GUNNER, MELEE, START, TARGET, Behaviours


@pytest.mark.parametrize("behaviour,npc,at,line,kind", [
    ("melee", MELEE, (11.2, 10), 1, C.MeleeAttack),  # Adjacent: attacks
    ("melee", MELEE, (20, 20), 2, C.Move),  # far: Moves toward the Priority Enemy
    ("mixed", GUNNER, (18, 10), 2, C.RangedAttack),  # in range and sight: shoots
    ("ranged", GUNNER, (11.2, 10), 1, C.Move),  # Adjacent: Moves away
])
def test_the_intent_is_the_decision_and_changes_nothing(behaviour, npc, at, line, kind):
    m, a, b = skirmish([(TARGET, 10, 10), (card(name="Other"), 3, 3)], [(npc, *at)], dice=START, npc_b=True,
                       mission=Behaviours(behaviour))
    try:
        ctl = PveNpcController("B")
        h = m.state_hash()
        said = ctl.intent(m, b[0])
        assert m.state_hash() == h and m.activation is None, "asking changes nothing"
        assert said.line == line and isinstance(said.command, kind) and said.target == a[0]
        assert said.text.startswith(f"Behaviour line {line}: ")
        m.submit(C.Activate("A", a[1]))
        m.submit(C.EndActivation("A"))
        assert m.active_unit == b[0]
        assert ctl.intent(m, b[0]) == said
        assert ctl.decide(m) == said.command
        assert f"line {line} ({said.words}): {said.why}" in ctl.explanation
    finally:
        m.close()
