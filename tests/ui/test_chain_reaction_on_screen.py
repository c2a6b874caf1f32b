"""Chain Reaction on the battle screen: aiming a CHR weapon at an enemy names the secondary target the match offers
(the same strikes also hit it), and the click commits that attack, so the special is used as the preview said."""
import pygame

from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from game.rules.model import Special
from tests.match.conftest import Skirmish, card

from .test_hotseat import A_FIRST, TO_A_NONE_B_THREE, open_scene, take_seat


def test_aiming_a_chain_reaction_weapon_names_the_secondary_target_and_the_click_uses_it(app):
    app.settings.set_ask_saves("Ben", "never")
    sides = (SideSpec("A", None, name="Ana"), SideSpec("B", None, name="Ben"))
    cards = {"A": [("Maul", card(name="Maul", act=3, weapon_specials=(Special("CHR", 1),)))],
             "B": [("Near", card(name="Near", hit=9)), ("Beside", card(name="Beside", hit=9))]}
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, Skirmish(), open_table(), cards)
    m.submit(C.Deploy("A", m.undeployed("A")[0], 10, 10))
    m.submit(C.EndDeployment("A"))
    near, beside = m.undeployed("B")
    m.submit(C.Deploy("B", near, 11.2, 10))
    m.submit(C.Deploy("B", beside, 12.4, 10))
    m.dice = ScriptedDice(TO_A_NONE_B_THREE + A_FIRST + [6] * 60)
    m.submit(C.EndDeployment("B"))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "A"))
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    a = m.units("A")[0]
    p = m.position(a)
    d.click_board(p.x, p.y)
    d.key(pygame.K_f)
    t = m.position(near)
    d.hover_board(t.x, t.y)
    d.step(2)
    assert sc.sel.hover_target is not None and sc.sel.hover_target.chain == (beside,)
    from game.ui.battle.texts import _attack_info
    words = [line for line, _, _ in _attack_info(sc, sc.sel.preview, [])]
    assert "Chain Reaction: the same strikes also hit Beside" in words, words
    d.shot("chain-reaction-aim")
    d.click_board(t.x, t.y)
    attacks = [c for c in m.log if isinstance(c, C.MeleeAttack)]
    assert attacks and attacks[-1].target == near and attacks[-1].extra_targets == (beside,)
