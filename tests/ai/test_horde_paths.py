"""The Horde finds its way to the squad however long the way round: one walking field per Horde Turn (the movement
graph searched backwards from the squad over the whole map) serves every Horde unit. On Weapons Manufacture a long
wall runs between (12.5, 22.5) and (12, 20): 2.5" apart, 18" to walk round (the old search looked 12" deep, and a
wave stood behind that wall for 42 Turns)."""
import math

from game.ai.horde import HordeController
from game.battlefield import Base
from game.battlefield.field import walking_field
from game.match import commands as C
from game.modes.horde import waves
from game.rules.dice import Dice

from tests.modes.horde.horde_helpers import begin, clear_horde, horde, matches, put, squad  # noqa: F401

MAP = "horde-weapons-manufacture.tmx"
SQUAD_AT = (12.0, 20.0)
BEHIND = (12.5, 22.5)


def test_the_field_measures_the_way_round_the_wall(matches):
    m = matches(map_name=MAP)
    goal = Base(uid=-5, side="player", x=SQUAD_AT[0], y=SQUAD_AT[1], z=0.0, radius=0.5)
    field = walking_field(m.table, [goal], 0.5)
    straight = math.hypot(BEHIND[0] - SQUAD_AT[0], BEHIND[1] - SQUAD_AT[1])
    assert straight < 3.0
    assert field.at(*BEHIND, 0.0) > 15.0  # round the wall
    assert field.at(SQUAD_AT[0] + 1.5, SQUAD_AT[1], 0.0) == 0.0  # Adjacent to the goal
    finite = [d for d in field.dist if d < math.inf]
    assert len(finite) > 1500 and max(finite) < 40.0  # the whole ground floor, however far


def test_a_unit_behind_a_long_wall_walks_round_it(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    m.dice = Dice(3)
    target = squad(m)[0]
    for i, u in enumerate(squad(m)[1:]):
        put(m, u, 3 + 2.5 * i, 3)  # far away, north
    put(m, target, *SQUAD_AT)
    card = waves.horde_card(m.mission, "HRD-MED01")  # a Ruin Stalker: melee, Move and Dash toward the enemy
    with m._in_world():
        stalker = m.spawn("horde", card.name, card, *BEHIND, 0.0)
    ctl = HordeController("horde")
    first_turn = m.turn
    reached = None
    for _ in range(400):
        side = m.waiting_for()
        if side is None or m.turn > first_turn + 2:
            break
        if side == "horde":
            m.submit(ctl.decide(m))
        elif m.prompt is not None:
            m.submit(C.AcceptDice("player") if m.prompt.kind in ("dice", "mission_dice") else
                     m.legal_commands("player")[0])
        elif m.activation is None:
            m.submit(C.Activate("player", next(c.uid for c in m.legal_commands("player")
                                               if isinstance(c, C.Activate))))
        else:
            m.submit(C.EndActivation("player"))  # the squad stands still
        if m.standing(stalker) and m.table.adjacent(m.base(stalker), m.base(target)):
            reached = m.turn
            break
    assert reached is not None and reached <= first_turn + 1  # 18": a Move and a Dash, then a Move
    assert stalker in horde(m)
