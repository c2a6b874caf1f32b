"""PvE NPCs show their intent on hover, as Horde and the First Mission's Bugs do: the Behaviour line it would follow
and its likely target (ringed), from the PvE controller's own decision; when it activates it does just that."""
from game.ai.pve import PveNpcController
from game.match import commands as C
from game.ui.battle.texts import hover_label
from tests.match.conftest import card, skirmish
from tests.modes.pve.test_pve_behaviours import GUNNER, START, TARGET, Behaviours

from .test_foresight import finish
from .test_skills_ui import scene_on, select


class PveLike(Behaviours):
    def npc_controller(self, match, side):
        return PveNpcController(side)


def test_hovering_a_pve_npc_shows_what_it_will_do(app):
    m, a, b = skirmish([(TARGET, 4, 12), (card(name="Scout"), 3, 3)], [(GUNNER, 20, 12)], dice=START + [6] * 40,
                       npc_b=True, mission=PveLike("mixed"))
    d, sc = scene_on(app, m)
    assert isinstance(sc.session.controllers["B"], PveNpcController)
    q = m.position(b[0])
    d.hover_board(q.x, q.y)
    finish(d, sc)
    it = sc.ahead.result(sc.ahead.intent_key())
    assert it is not None and it == PveNpcController("B").intent(m, b[0])
    assert it.target == a[0] and it.line == 2 and isinstance(it.command, C.RangedAttack)
    text, _ = hover_label(sc)
    assert text.startswith("Gunner") and f"\nNext: Behaviour line 2: {it.words}" in text and "Target" in text
    d.shot("pve-npc-intent")
    select(d, a[1])
    d.end_activation()
    d.step(10)
    assert any(c == it.command for c in m.log), "it does what it said"
