"""A small hot-seat skirmish for the aiming tests (Spread, Chain Reaction): Ana's one unit against Ben's units on an
open table, Ana to act first, the scene open in Ana's seat, and her unit's weapon picked by its key."""
from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from tests.match.conftest import Skirmish

from .test_hotseat import A_FIRST, TO_A_NONE_B_THREE, open_scene, take_seat


def aiming_scene(app, shooter, enemies, dice_after=80):
    """`shooter`: Ana's (name, card), placed at (10, 10); `enemies`: Ben's [(name, card, x, y)]. Returns the match,
    the driver, the scene and Ben's units in the order given."""
    app.settings.set_ask_saves("Ben", "never")
    sides = (SideSpec("A", None, name="Ana"), SideSpec("B", None, name="Ben"))
    cards = {"A": [shooter], "B": [(name, c) for name, c, _, _ in enemies]}
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, Skirmish(), open_table(), cards)
    m.submit(C.Deploy("A", m.undeployed("A")[0], 10, 10))
    m.submit(C.EndDeployment("A"))
    foes = m.undeployed("B")
    for u, (_, _, x, y) in zip(foes, enemies):
        m.submit(C.Deploy("B", u, x, y))
    m.dice = ScriptedDice(TO_A_NONE_B_THREE + A_FIRST + [6] * dice_after)
    m.submit(C.EndDeployment("B"))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "A"))
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    return m, d, sc, tuple(foes)


def aim(d, m, key):
    """Select Ana's unit and pick its weapon by key (R: ranged, F: melee)."""
    p = m.position(m.units("A")[0])
    d.click_board(p.x, p.y)
    d.key(key)


def attack_words(sc):
    """The aim panel's lines for the attack aimed now."""
    from game.ui.battle.texts import _attack_info
    return [line for line, _, _ in _attack_info(sc, sc.sel.preview, [])]


