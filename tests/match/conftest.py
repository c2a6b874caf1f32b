"""Small matches on an open table with units exactly where a test wants them, and scripted dice."""
import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.mission import MissionScript, Result
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from game.rules.model import MELEE, RANGED, UnitCard, WeaponCard


def card(name="Trooper", act=2, arm=3, hit=3, melee=(3, 4), ranged=(3, 4), specials=(), weapon_specials=(),
         leader=False, skills=()):
    weapons = []
    if melee:
        weapons.append(WeaponCard("mel", "Blade", MELEE, melee[0], melee[1], tuple(weapon_specials)))
    if ranged:
        weapons.append(WeaponCard("rng", "Rifle", RANGED, ranged[0], ranged[1], tuple(weapon_specials)))
    return UnitCard(name, name, act, arm, hit, 4, 4, tuple(weapons), skills=tuple(skills),
                    specials=tuple(specials), is_leader=leader, leader_dice=2 if leader else 0)


class Skirmish(MissionScript):
    """Deploy anywhere; never ends on its own before Turn 4; the side left standing wins."""

    id = "test-skirmish"

    def __init__(self, catalog=None):
        pass

    def check_result(self, match, end_of_turn):
        alive = {match.unit(u).side for u in match.units()}
        if len(alive) == 1:
            side = alive.pop()
            return Result(side, match.turn, "last side standing", winner=side)
        if end_of_turn and match.turn >= self.turns:
            return Result("draw", match.turn, "time")
        return None


def skirmish(a, b, dice=(), npc_b=False, first="A", mission=None, catalog=None):
    """a, b: lists of (card, x, y). Dice: scripted faces used from the first Turn on (TO, initiative, ...).
    `catalog`: needed when the cards carry skills (the engine looks them up there)."""
    sides = (SideSpec("A", None), SideSpec("B", None, npc=npc_b))
    sc = Scenario(mission="test-skirmish", sides=sides)
    cards = {"A": [(c.name, c) for c, _, _ in a], "B": [(c.name, c) for c, _, _ in b]}
    m = Match(sc, 0, mission or Skirmish(), open_table(), cards, catalog=catalog)
    uids = {"A": m.undeployed("A"), "B": m.undeployed("B")}
    for side, units in (("A", a), ("B", b)):
        for uid, (_, x, y) in zip(uids[side], units):
            m.submit(C.Deploy(side, uid, x, y))
        if side == "B":
            m.dice = ScriptedDice(list(dice))
        m.submit(C.EndDeployment(side))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, first))
    return m, uids["A"], uids["B"]


@pytest.fixture
def make_skirmish():
    made = []

    def _make(*args, **kw):
        m, a, b = skirmish(*args, **kw)
        made.append(m)
        return m, a, b

    yield _make
    for m in made:
        m.close()
