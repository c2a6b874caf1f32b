"""The Horde's Behaviours as printed (the line that fires is named), and the squad's computer player (it revives
Downed units and uses the shop)."""
from game.ai.horde import HordeController, behaviour_steps
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.modes.horde import shop, waves

from tests.modes.horde.horde_helpers import (begin, clear_horde, downed_beside, horde, matches, put, run,  # noqa: F401
                                             spread, squad)


def spawn(m, type_id, x, y):
    card = waves.horde_card(m.mission, type_id)
    with m._in_world():
        return m.spawn("horde", card.name, card, x, y, 0.0)


def horde_turn(m, uid):
    """The squad's first unit passes; the Horde unit `uid` (the only one) activates."""
    m.submit(C.Activate("player", squad(m)[0]))
    m.submit(C.EndActivation("player"))
    assert m.active_unit == uid


def test_each_unit_reads_its_behaviour_lines_from_its_data(matches):
    m = begin(matches())
    stalker = horde(m)[0]
    assert behaviour_steps(m, stalker) == ("melee-attack-valid-target", "move-adjacent-to-closest-enemy",
                                           "move-toward-closest-enemy-cover", "dash-toward-closest-enemy-cover")
    clear_horde(m)
    for t, first in (("HRD-TOX01", "move-away-if-adjacent"), ("HRD-BSP01", "melee-attack-valid-target"),
                     ("HRD-BOSS1", "melee-attack-valid-target-twice"),
                     ("HRD-BOSS3", "spawn-leech-if-no-adjacent-enemy")):
        assert behaviour_steps(m, spawn(m, t, 2, 2 + len(horde(m)) * 2))[0] == first


def test_melee_line_fires_and_is_named(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    put(m, a, 12, 12)
    s = spawn(m, "HRD-MED01", 13.2, 12)
    horde_turn(m, s)
    ctl = HordeController("horde")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == a
    assert ctl.explanation == "Ruin Stalker: Behavior line 1, fight a valid Melee target"


def test_melee_unit_closes_in_with_a_move(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    put(m, squad(m)[0], 12, 12)
    s = spawn(m, "HRD-MED01", 12, 6)
    horde_turn(m, s)
    ctl = HordeController("horde")
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move) and "line 2" in ctl.explanation
    m.submit(cmd)
    assert m.table.adjacent(m.base(s), m.base(squad(m)[0]))


def test_ranged_unit_steps_away_when_adjacent_then_shoots(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    put(m, a, 12, 12)
    t = spawn(m, "HRD-MED02", 13.2, 12)  # Ashline Gunner: Horde Ranged
    horde_turn(m, t)
    ctl = HordeController("horde")
    cmd = ctl.decide(m)
    assert isinstance(cmd, (C.Move, C.Dash)) and "line 1" in ctl.explanation


def test_the_squad_player_revives_and_shops(matches):
    m = begin(matches())
    a, b = downed_beside(m)
    ctl = HordeSquadController("player")
    act_cmd = ctl.decide(m)
    assert act_cmd == C.Activate("player", b)  # the unit next to a Downed one goes first
    m.submit(act_cmd)
    assert ctl.decide(m) == C.UseMissionAction("player", "revive", None, a)
    # the shop: a Medpack for the badly hurt (1D3 HIT for the 4 MP Heal gives 1 for), then Grenade, a Spoil when
    # it can pay
    with m._in_world():
        m.health(b).hit = 1
    assert m.health(b).max_hit - 1 >= 2
    m.score["player"] = 4
    m.mission_state["wave_state"] = "shop"
    run(m, shop.open_shop)
    assert ctl.decide(m) == C.Choose("player", "medpack")
    m.score["player"] = 0
    run(m, shop.open_shop)
    assert ctl.decide(m) == C.Choose("player", "done")
