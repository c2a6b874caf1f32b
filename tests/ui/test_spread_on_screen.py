"""Spread on the battle screen: aiming a SPR weapon, Shift+click chooses more targets Adjacent to each other, the
match deals the dice between them, [ and ] move a die, the preview gives each target's odds with its dice, and a
click commits exactly that attack."""
import pygame

from game.match import commands as C
from game.rules.model import Special
from tests.match.conftest import card

from .aiming import aim, aiming_scene, attack_words


def spread_scene(app):
    gunner = card(name="Thudda", act=3, melee=None, ranged=(5, 4), weapon_specials=(Special("SPR"),))
    return aiming_scene(app, ("Thudda", gunner),
                        [(n, card(name=n, hit=9), 18, y) for n, y in (("Left", 8.2), ("Middle", 10), ("Right", 11.8),
                                                                      ("Far", 16))])


def shift_click(d, m, u):
    p = m.position(u)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        d.click_board(p.x, p.y)
    finally:
        pygame.key.set_mods(0)


def test_spread_targets_are_chosen_dealt_shifted_and_fired_as_shown(app):
    m, d, sc, (left, middle, right, far) = spread_scene(app)
    aim(d, m, pygame.K_r)
    assert any("Shift+click enemies Adjacent to each other to share the 5 dice" in w for w in attack_words(sc))
    shift_click(d, m, middle)
    shift_click(d, m, far)  # not Adjacent to Middle: refused, said
    assert sc.sel.preview.spread == (middle,)
    assert any("Spread: Far: not Adjacent" in t.text for t in app.toasts), [t.text for t in app.toasts]
    shift_click(d, m, left)
    shift_click(d, m, right)
    assert sc.sel.preview.spread == (middle, left, right) and sc.sel.preview.split == (2, 2, 1)
    assert "Spread: Middle 2, Left 2, Right 1 dice  ·  [ / ] over a target: one die fewer / more" in attack_words(sc)
    t = m.position(right)
    d.hover_board(t.x, t.y)
    d.key(pygame.K_RIGHTBRACKET)  # Right gets one more, from the later of the two with most: Left
    assert sc.sel.preview.split == (2, 1, 2)
    info = sc.sel.hover_target
    assert info.uid == right and info.setup.att == 2 and dict(info.spread) == {middle: 2, left: 1, right: 2}
    assert any(w.startswith("Spread: Right gets 2 dice of 5") for w in attack_words(sc))
    d.shot("spread-aim")
    gold = sc.app.palette.select

    def golden(u):  # pixels of the chosen ring and its dice count around a base
        cx, cy = d.board(m.position(u).x, m.position(u).y)
        return sum(1 for x in range(cx - 30, cx + 45) for y in range(cy - 40, cy + 30)
                   if tuple(app.screen.get_at((x, y)))[:3] == tuple(gold)[:3])
    assert golden(left) > 20 and golden(far) == 0, "the targets chosen are ringed and show their dice; Far not"
    shift_click(d, m, left)  # taken out again: Middle and Right stay (Adjacent), the dice dealt again
    assert sc.sel.preview.spread == (middle, right) and sc.sel.preview.split == (3, 2)
    shift_click(d, m, left)
    d.click_board(t.x, t.y)
    shots = [c for c in m.log if isinstance(c, C.RangedAttack)]
    assert shots and (shots[-1].target, shots[-1].extra_targets, shots[-1].split) == (middle, (right, left), (2, 2, 1))


def test_a_plain_click_without_spread_targets_fires_all_the_dice_at_one(app):
    m, d, sc, (left, middle, right, far) = spread_scene(app)
    aim(d, m, pygame.K_r)
    t = m.position(far)
    d.hover_board(t.x, t.y)
    assert sc.sel.hover_target.setup.att == 5
    d.click_board(t.x, t.y)
    shots = [c for c in m.log if isinstance(c, C.RangedAttack)]
    assert shots and (shots[-1].target, shots[-1].extra_targets, shots[-1].split) == (far, (), ())
