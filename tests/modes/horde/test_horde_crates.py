"""Crates: items (ARM 3, HIT 1) that explode at 0 HIT (2 Damage to every Adjacent unit); Open Crate (1 ACT, a Crate
the unit Controls) rolls 1D6 on the Crate table, which Tactical Orders may re-roll or change. Scripted dice."""
import pytest

from game.match import commands as C
from game.match import events as E
from game.modes.horde import crates
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import (accept_all, answer, begin, clear_horde, matches, put,  # noqa: F401
                                             spread, squad)


def crate_next_to(m, uid, dx=1.2):
    b = m.base(uid)
    with m._in_world():
        m.mission_state["crates"] = m.mission_state.get("crates", 0) + 1
        mid = f"crate-{m.mission_state['crates']}"
        m.place_marker(mid, "crate", "Crate", b.x + dx, b.y, card=crates.crate_card(m.mission), item_side="neutral")
    return mid


def opened(m, face, to=0):
    begin(m)
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    put(m, a, 10, 10)
    mid = crate_next_to(m, a)
    m.to["player"] = to
    m.submit(C.Activate("player", a))
    m.dice = ScriptedDice([face])
    m.submit(C.UseMissionAction("player", "open-crate", mid))
    return a, mid


def test_stockpile_gives_three_mp(matches):
    m = matches()
    a, mid = opened(m, 1)
    assert m.score["player"] == 3 and m.mission_state["mp_earned"] == 3 and mid not in m.markers()
    assert m.act_left() == m.unit(a).card.act - 1


def test_command_uplink_gives_two_to(matches):
    m = matches()
    opened(m, 2)
    assert m.to["player"] == 2


def test_map_gives_a_free_move(matches):
    m = matches()
    a, _ = opened(m, 3)
    b = squad(m)[1]
    answer(m, b)
    assert m.activation.uid == b and m.activation.grant == "Map"
    kinds = {type(c).__name__ for c in m.legal_commands("player")}
    assert kinds <= {"Move", "EndActivation"} and "Move" in kinds


def test_relay_order_gives_a_free_one_act_action(matches):
    m = matches()
    opened(m, 4)
    b = squad(m)[1]
    answer(m, b)
    assert m.activation.uid == b and m.activation.grant == "Relay Order" and m.activation.max_cost == 1


def test_upgrade_gives_a_free_upgrade(matches):
    m = matches()
    a, _ = opened(m, 5)
    answer(m, "grenade")
    answer(m, a)
    assert m.mission_state["items"][str(a)] == ["grenade"] and m.score["player"] == 0


def test_booby_trap_explodes_on_everyone_adjacent(matches):
    m = matches()
    begin(m)
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]
    put(m, a, 10, 10)
    put(m, b, 12.4, 10)
    mid = crate_next_to(m, a)  # at (11.2, 10): both Adjacent
    m.submit(C.Activate("player", a))
    ha, hb = m.health(a).hit, m.health(b).hit
    m.dice = ScriptedDice([6] + [6] * 4)  # the Booby Trap; then both units' 2 saves fail
    m.submit(C.UseMissionAction("player", "open-crate", mid))
    accept_all(m)
    assert m.health(a).hit == ha - 2 and m.health(b).hit == hb - 2 and mid not in m.markers()


def test_tactical_orders_may_change_the_crate_roll(matches):
    m = matches()
    a, mid = opened(m, 6, to=1)  # a Booby Trap: change it with a TO to a 5 (Upgrade)
    assert m.prompt.kind == "mission_dice"
    m.submit(C.ChangeDie("player", 0, -1))
    m.submit(C.AcceptDice("player"))
    assert m.prompt.kind == "choice" and m.prompt.data[0] == ("free_upgrade_choice",)


def test_a_crate_at_zero_hit_explodes(matches):
    m = matches()
    begin(m)
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    put(m, a, 4, 10)
    from game.modes.horde import waves
    card = waves.horde_card(m.mission, "HRD-MED01")
    with m._in_world():
        foe = m.spawn("horde", "Ruin Stalker", card, 12.4, 10, 0.0)
    mid = crate_next_to(m, foe, dx=-1.2)  # at (11.2, 10), Adjacent to the Ruin Stalker (HIT 2)
    crate = m.marker_uid(mid)
    m.submit(C.Activate("player", a))
    w = next(w for w in m.unit(a).card.weapons if w.kind == "ranged")
    m.dice = ScriptedDice([1] + [6] * (w.att - 1) + [6, 6] + [6, 6])  # a Critical Strike; the crate's 2 saves
    m.submit(C.RangedAttack("player", w.id, crate))                    # fail; the Stalker's 2 saves fail
    accept_all(m)
    assert not m.standing(crate) and not m.standing(foe)
    assert any(isinstance(e, E.Note) and "The Crate explodes" in e.text for e in m.events)


def test_a_crate_cannot_be_opened_without_control(matches):
    m = matches()
    begin(m)
    a = squad(m)[0]
    put(m, a, 10, 10)
    mid = crate_next_to(m, a, dx=3.0)
    assert "must Control" in m.mission_action_reason(a, "open-crate", mid)


@pytest.mark.parametrize("face,name", [(1, "Stockpile"), (2, "Command Uplink"), (3, "Map"), (4, "Relay Order"),
                                       (5, "Upgrade"), (6, "Booby Trap")])
def test_the_crate_table(face, name):
    from game.modes.horde.data import horde_data
    assert horde_data().crate(face).name == name
