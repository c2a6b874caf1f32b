"""The Upgrades shop between waves (spend MP) and the items it sells: Ammunition, Heal, Grenade, Medpack, Turret,
Spoil of War, Reinforcements. Scripted dice."""
from game.content import default_squad
from game.match import commands as C
from game.match import events as E
from game.modes.horde import shop, waves
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import (accept_all, answer, begin, clear_horde, horde, matches,  # noqa: F401
                                             put, run, spread, squad)


def shopping(m, mp):
    m.score["player"] = mp
    m.mission_state["wave_state"] = "shop"
    run(m, shop.open_shop)
    return [o for o, _ in m.prompt.options]


def buy(m, upgrade, uid):
    answer(m, upgrade)
    answer(m, uid)


def test_the_shop_offers_what_the_mp_pays_for_and_shows_the_next_wave(matches):
    m = begin(matches())
    options = shopping(m, 4)
    assert "heal" not in options  # nobody has lost HIT
    assert options == ["grenade", "medpack", "done"]
    assert "Next: Wave 2 (Act 1): 1-4: 3 Toxin Spitters, 5: 2 Blight Heralds, 6: 1 Ashline Gunner" in m.prompt.text
    answer(m, "done")
    assert m.mission_state["next_wave"] == 2 and m.prompt is None


def test_heal_costs_four_and_heals_one(matches):
    m = begin(matches())
    a = squad(m)[0]
    with m._in_world():
        m.health(a).hit = 2
    assert "heal" in shopping(m, 5)
    buy(m, "heal", a)
    assert m.health(a).hit == 3 and m.score["player"] == 1
    assert m.prompt.data[0] == ("shop_choice",)  # back to the shop
    assert m.mission_state["bought"] == [{"wave": 1, "upgrade": "heal", "unit": m.unit(a).name, "mp": 4}]


def test_grenade_is_a_one_use_throw(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    shopping(m, 4)
    buy(m, "grenade", a)
    answer(m, "done")
    put(m, a, 10, 10)
    card = waves.horde_card(m.mission, "HRD-LCH01")
    with m._in_world():
        f1 = m.spawn("horde", "L1", card, 14, 10, 0.0)
        f2 = m.spawn("horde", "L2", card, 15.2, 10, 0.0)
    m.submit(C.Activate("player", a))
    assert C.UseMissionAction("player", "throw-grenade", None, f1) in m.legal_commands("player")
    m.dice = ScriptedDice([6, 6, 6, 6])  # 2 Damage each, every save fails
    m.submit(C.UseMissionAction("player", "throw-grenade", None, f1))
    accept_all(m)
    assert not m.standing(f1) and not m.standing(f2)
    assert m.mission_state["items"][str(a)] == []
    with m._in_world():
        f3 = m.spawn("horde", "L3", card, 14, 12, 0.0)
    assert m.mission_action_reason(a, "throw-grenade", None, f3) == "the unit carries no Grenade"


def test_medpack_heals_1d3_on_itself_or_a_squadmate_it_controls(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]
    shopping(m, 8)
    buy(m, "medpack", a)
    buy(m, "medpack", a)
    answer(m, "done")
    put(m, a, 10, 10)
    put(m, b, 11.2, 10)
    with m._in_world():
        m.health(a).hit = 1
        m.health(b).hit = 1
    m.submit(C.Activate("player", a))
    m.dice = ScriptedDice([6])  # 1D3 from a 6: 3
    m.submit(C.UseMissionAction("player", "medpack-self"))
    assert m.health(a).hit == 4
    m.dice = ScriptedDice([2])  # 1
    m.submit(C.UseMissionAction("player", "medpack", None, b))
    assert m.health(b).hit == 2 and m.mission_state["items"][str(a)] == []


def test_turret_deploys_adjacent_and_fires_from_its_place_five_times(matches):
    m = begin(matches())
    clear_horde(m)
    spread(m)
    a = squad(m)[0]
    shopping(m, 6)
    buy(m, "turret", a)
    answer(m, "done")
    put(m, a, 10, 10)
    m.to["player"] = 10
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "deploy-turret"))
    assert m.prompt.kind == "choice"
    answer(m, "E")
    turret = m.markers("turret")[0]
    tx, ty, _ = m.marker_position(turret)
    assert abs(ty - 10) < 0.01 and 10.9 < tx < 12.1
    card = waves.horde_card(m.mission, "HRD-HVY02")  # ARM 4 HIT 3
    with m._in_world():
        foe = m.spawn("horde", "Sentinel", card, 20, 10, 0.0)
        m.health(foe).hit = 9
        m.health(foe).max_hit = 9
    assert m.controls(a, turret)
    fires = 0
    while m.markers("turret"):
        m.dice = ScriptedDice([2, 6, 6, 6, 6])  # ATT 4: one Strike vs SKL 5; the save fails
        m.submit(C.UseMissionAction("player", "fire-turret", None, foe))
        accept_all(m)
        fires += 1
        roll = [e for e in m.events if isinstance(e, E.AttackRolled)][-1]
        assert roll.weapon == "Turret" and len(roll.dice) == 4 and roll.stat == 5
    assert fires == 5 and m.health(foe).hit == 4
    # no repeat cost: 1 ACT for the deploy, then 1 ACT or TO each shot (3 ACT + 3 TO)
    assert m.to["player"] == 10 - 3


def test_a_spoil_of_war_is_chosen_and_goes_on_the_card(matches):
    m = begin(matches())
    a = squad(m)[0]
    shopping(m, 8)
    buy(m, "spoil", a)
    options = [o for o, _ in m.prompt.options]
    assert len(options) == 17 and "HRD-SOW-RDAM" in options
    rng = max(w.att for w in m.unit(a).card.weapons if w.kind == "ranged")
    answer(m, "HRD-SOW-RDAM")
    assert max(w.att for w in m.unit(a).card.weapons if w.kind == "ranged") == rng + 1
    assert m.score["player"] == 0 and m.mission_state["spoils"][str(a)] == ["HRD-SOW-RDAM"]


def test_reinforcements_stand_a_downed_unit_up(matches):
    m = begin(matches())
    a = squad(m)[1]
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    options = shopping(m, 8)
    assert "reinforcements" in options
    answer(m, "reinforcements")
    answer(m, a, dice=[1])  # the Injury roll: Recovered
    assert not m.conditions(a).downed and m.health(a).hit == 1 and m.score["player"] == 0


def test_ammunition_refills_a_spent_limited_weapon(matches):
    m = begin(matches(default_squad("relict-wardens")), [6] * 6 + [6, 6, 6, 3, 3, 4])  # its Leader: 6 TO dice
    qauan = next(u for u in squad(m) if m.unit(u).name == "Qauan")
    assert "ammunition" not in shopping(m, 2)
    with m._in_world():
        r = m.readiness(qauan)
        r.used_limited = ("REL-DEV",)
    assert "ammunition" in shopping(m, 2)
    buy(m, "ammunition", qauan)
    assert m.spent_uses(qauan) == () and m.score["player"] == 0
    assert any(isinstance(e, E.MissionEvent) and "may use" in e.message for e in m.events)
