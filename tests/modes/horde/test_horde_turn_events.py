"""Turn Events (2D6 in Turns 1-4 of a wave; from its Turn 5 always Enemy Reinforcements). Scripted dice."""
import math

import pytest

from game.match import commands as C
from game.match import events as E
from game.modes.horde import turn_events, waves
from game.rules import actions as act
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import (accept_all, answer, begin, clear_horde, horde, matches,  # noqa: F401
                                             put, run, squad)

TOTALS = {2: "second-wind", 3: "field-dressing", 4: "opportunity", 5: "supply-drop", 6: "strategic-command",
          7: "nominal", 8: "scrambled-comms", 9: "encroaching-threat", 10: "reinforcements",
          11: "coordinated-assault", 12: "overrun"}


def event(m, dice):
    run(m, turn_events.turn_event, dice=dice)
    return m.mission_state["last_event"]["id"]


@pytest.mark.parametrize("a,b", [(1, 1), (1, 2), (2, 2), (1, 4), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6),
                                 (6, 6)])
def test_each_2d6_total_names_its_event(matches, a, b):
    m = begin(matches())
    with m._in_world():
        for u in squad(m):
            m.health(u).hit = max(1, m.health(u).hit - 1)  # someone to heal, so every event can be asked
    dice = [a, b] + [1, 2, 3, 4, 5, 6] * 6  # whatever the event rolls next (crates, a unit's type)
    assert event(m, dice) == TOTALS[a + b]


def test_second_wind_revives_a_downed_unit_with_half_its_hit_and_an_injury(matches):
    m = begin(matches())
    a = squad(m)[0]  # the Leader: HIT 4
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    event(m, [1, 1])
    assert m.prompt.kind == "choice" and [o for o, _ in m.prompt.options] == [str(a)]
    answer(m, a, dice=[1])  # Injury roll 1: Recovered
    assert not m.conditions(a).downed and m.health(a).hit == 2


def test_field_dressing_heals_one(matches):
    m = begin(matches())
    a = squad(m)[1]
    with m._in_world():
        m.health(a).hit = 1
    event(m, [1, 2])
    answer(m, a)
    assert m.health(a).hit == 2


def test_opportunity_spends_up_to_two_act_out_of_turn(matches):
    m = begin(matches())
    a = squad(m)[0]
    event(m, [2, 2])
    answer(m, a)
    assert m.activation.uid == a and m.activation.grant == "Opportunity" and m.act_left() == 2
    x, y = m.base(a).x, m.base(a).y
    m.submit(C.Move("player", x, y + 2.0, 0.0))
    assert m.act_left() == 1 and m.cost_of(act.MOVE) == 2
    m.submit(C.EndActivation("player"))
    assert m.activation is None and m.readiness(a).ready  # it still activates this Turn


def test_supply_drop_three_crates_rerolls_blocked_spots_and_booby_traps_units(matches):
    m = begin(matches())
    a = squad(m)[0]
    put(m, a, 12.5, 12.5)
    taken = m.marker_position("spawn-1")
    hp = m.health(a).hit
    # crate 1 on Spawn Point 1's marker (4, 4): rolled again -> (2.5, 2.5); crate 2 on unit a: Booby Trap;
    # crate 3 at (20.5, 20.5). Then a's 2 saves fail (6, 6) and the others' too.
    dice = [5, 4] + [3, 3] + [13, 13] + [21, 21] + [6] * 10
    event(m, [2, 3] + dice)
    assert taken[:2] == (4, 4)
    crates = m.markers("crate")
    assert [m.marker_position(c)[:2] for c in crates] == [(2.5, 2.5), (20.5, 20.5)]
    rolls = [e for e in m.events if isinstance(e, E.DiceRolled) and e.why.startswith("Supply Drop")]
    assert "rolled again" in rolls[1].outcome and len(rolls) == 8  # two dice per landing: across, then down
    assert [(r.sides, r.dice[0].natural) for r in rolls[:2]] == [(24, 5), (24, 4)]  # drawn as D24s, not D6s
    assert m.health(a).hit == hp - 2
    assert any(isinstance(e, E.MissionEvent) and e.name == "Booby Trap" for e in m.events)


def test_strategic_command_and_scrambled_comms(matches):
    m = begin(matches())
    m.to["player"] = 1
    event(m, [3, 3])
    assert m.to["player"] == 3
    event(m, [4, 4])
    assert m.to["player"] == 1
    event(m, [4, 4])
    assert m.to["player"] == 0  # never below 0


def test_encroaching_threat_and_coordinated_assault_last_the_turn(matches):
    m = begin(matches())
    event(m, [4, 5])
    event(m, [5, 6])
    assert m.mission_state["turn_flags"] == ["encroaching", "coordinated"]
    stalker = horde(m)[0]
    w = m.unit(stalker).card.weapons[0]
    with m._in_world():
        assert m.mission.move_bonus(m, stalker, act.MOVE) == 2.0
        assert m.mission.move_bonus(m, stalker, act.DASH) == 0.0
        # the distance is the data's (tables.json "encroaching_inches"), not a number in the code
        from dataclasses import replace
        data = m.mission.data
        m.mission.data = replace(data, rules=dict(data.rules, encroaching_inches=3))
        assert m.mission.move_bonus(m, stalker, act.MOVE) == 3.0
        m.mission.data = data
        assert m.mission.attack_bonus(m, stalker, squad(m)[0], w) == (1, 0)
        assert m.mission.attack_bonus(m, squad(m)[0], stalker, w) == (0, 0)
    # the next Turn starts without them
    with m._in_world():
        m.mission.start_of_turn(m)
    assert m.mission_state["turn_flags"] == []


def test_enemy_reinforcements_and_turn_five_onward(matches):
    m = begin(matches())
    n = len(horde(m))
    event(m, [5, 5, 5])  # 10: one unit of the die's type on wave 1's row: a 5 -> Blight Herald
    assert len(horde(m)) == n + 1 and m.unit(horde(m)[-1]).type_id == "HRD-BSP01"
    m.mission_state["wave_turn"] = 5
    event(m, [6])  # no 2D6: Enemy Reinforcements, its die a 6 -> Ruin Stalker
    assert m.unit(horde(m)[-1]).type_id == "HRD-MED01"
    rolled = [e.why for e in m.events if isinstance(e, E.DiceRolled)]
    assert rolled[-1] == "Enemy Reinforcements: which unit" and rolled[-2] != "Turn Event (2D6)"


def test_overrun_gives_every_horde_unit_one_action(matches):
    m = begin(matches())
    clear_horde(m)
    a = squad(m)[0]
    put(m, a, 12, 12)
    card = waves.horde_card(m.mission, "HRD-MED01")
    with m._in_world():
        s1 = m.spawn("horde", "S1", card, 13.2, 12, 0.0)
        s2 = m.spawn("horde", "S2", card, 20, 20, 0.0)
    event(m, [6, 6])
    assert m.activation is not None and m.activation.uid == s1 and m.activation.grant == "Overrun"
    m.dice = ScriptedDice([6, 6, 6, 6])
    m.submit(C.MeleeAttack("horde", card.weapons[0].id, a))
    accept_all(m)
    assert m.activation.uid == s2 and m.activation.grant == "Overrun"
    m.submit(C.EndActivation("horde"))
    assert m.activation is None and m.readiness(s1).ready


def test_protect_the_asset_reward_gives_four_to_in_the_next_waves_first_turn(matches):
    m = begin(matches())
    m.mission_state["bonus_to"] = 4
    m.to["player"] = 0
    event(m, [3, 4])
    assert m.to["player"] == 4 and "bonus_to" not in m.mission_state
    assert math.isclose(m.move_budget(act.MOVE, squad(m)[0]), 6.0)
