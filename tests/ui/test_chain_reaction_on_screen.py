"""Chain Reaction on the battle screen: aiming a CHR weapon at an enemy names the secondary target the match offers
(the same strikes also hit it), and the click commits that attack, so the special is used as the preview said."""
import pygame

from game.match import commands as C
from game.rules.model import Special
from tests.match.conftest import card

from .aiming import aim, aiming_scene, attack_words


def test_aiming_a_chain_reaction_weapon_names_the_secondary_target_and_the_click_uses_it(app):
    maul = card(name="Maul", act=3, weapon_specials=(Special("CHR", 1),))
    m, d, sc, (near, beside) = aiming_scene(app, ("Maul", maul), [("Near", card(name="Near", hit=9), 11.2, 10),
                                                                  ("Beside", card(name="Beside", hit=9), 12.4, 10)],
                                            dice_after=60)
    aim(d, m, pygame.K_f)
    t = m.position(near)
    d.hover_board(t.x, t.y)
    d.step(2)
    assert sc.sel.hover_target is not None and sc.sel.hover_target.chain == (beside,)
    words = attack_words(sc)
    assert "Chain Reaction: the same strikes also hit Beside" in words, words
    d.shot("chain-reaction-aim")
    d.click_board(t.x, t.y)
    attacks = [c for c in m.log if isinstance(c, C.MeleeAttack)]
    assert attacks and attacks[-1].target == near and attacks[-1].extra_targets == (beside,)
