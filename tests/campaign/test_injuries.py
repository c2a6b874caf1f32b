"""Earn MP, then Apply Injuries (R35), with the campaign's dice scripted: every result of the Injury table, a
duplicate making a unit Deceased, immune units rolling no die, the stat minimums on the card, Crushed Leg's Move in
a real match, each unit's risk of dying, MP earned against MP in the bank."""
from fractions import Fraction

import pytest

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import DECEASED, HOMEBASE, InjuryRecord
from game.content import default_squad
from game.rules import actions as act

from .conftest import BY, campaign, finish, ids, script, small_squad, to_homebase

TABLE = [(1, None, "Recovered"), (2, "HRD-INJ-BI", "Broken Arm"), (3, "HRD-INJ-HI", "Nerve Damage"),
         (4, "HRD-INJ-IM", "Crushed Leg"), (5, "HRD-INJ-DA", "Damaged Armor"), (6, "HRD-INJ-WD", "Deep Wound")]


def injury_events(c):
    return [e for e in c.events if isinstance(e, V.InjuryRolled)]


@pytest.mark.parametrize("face,injury,name", TABLE)
def test_each_face_of_the_injury_die(face, injury, name):
    c = campaign()
    a = ids(c)[0]
    script(c, 99, face)  # the mission's seed, then the Injury die
    finish(c, out=[a])
    e = injury_events(c)[-1]
    assert (e.unit, e.face, e.injury, e.injury_name, e.label, e.turn, e.by) == (a, face, injury, name, "1.1", 2, BY)
    u = c.units[a]
    if injury is None:
        assert e.result == V.RECOVERED and u.injuries == []
    else:
        assert e.result == V.INJURED and u.injuries == [InjuryRecord(injury, "1.1", 2, BY)]
        assert injury in c.card(a).skills
    assert u.active and c.dice.remaining == 0


def test_only_the_units_taken_out_or_left_behind_roll():
    c = campaign()
    a, b, *rest = ids(c)
    script(c, 99, 2, 5)
    finish(c, out=[a], behind=[b])
    assert [(e.unit, e.face) for e in injury_events(c)] == [(a, 2), (b, 5)]
    assert all(not c.units[u].injuries for u in rest)
    assert c.units[b].injuries[0].by == "left behind at extraction" and c.units[b].injuries[0].turn == 4


def test_an_injury_the_unit_has_already_makes_it_deceased():
    c = campaign()
    a = ids(c)[0]
    script(c, 99, 2, 99, 1, 99, 2)  # Broken Arm; then Recovered (never a duplicate); then Broken Arm again
    finish(c, out=[a])
    finish(c, out=[a])
    assert c.units[a].active and [i.injury for i in c.units[a].injuries] == ["HRD-INJ-BI"]
    finish(c, out=[a])
    u = c.units[a]
    assert u.status == DECEASED and u.fell == InjuryRecord("HRD-INJ-BI", "1.3", 2, BY)
    assert injury_events(c)[-1].result == V.DECEASED
    assert a not in [x.id for x in c.deployable()] and a in [x.id for x in c.fallen()]
    assert c.where.stage == HOMEBASE  # the memorial remembers it
    mem = [e for e in c.events if isinstance(e, V.Remembered)]
    assert [(e.unit, e.label, e.turn, e.by) for e in mem] == [(a, "1.3", 2, BY)]


def test_beasts_weirdos_mindless_and_no_equipment_roll_no_injury_die():
    c = campaign(squad=default_squad("despoilers"))
    beast = next(u.id for u in c.roster_units() if u.unit_type == "DES-BST")
    other = next(u.id for u in c.roster_units() if u.unit_type != "DES-BST")
    script(c, 99, 6)  # the seed, then one Injury die: the Beast rolls none
    finish(c, out=[beast, other])
    got = {e.unit: e for e in injury_events(c)}
    assert got[beast].result == V.IMMUNE and got[beast].face is None and not c.units[beast].injuries
    assert got[other].face == 6 and c.dice.remaining == 0
    assert c.death_risk(beast) == 0


def test_injuries_keep_the_printed_minimums_on_the_card():
    c = campaign()
    a = ids(c)[0]
    plain = c.card(a)
    script(c, 99, 2, 99, 3, 99, 5)
    for _ in range(3):
        finish(c, out=[a])
    card = c.card(a)
    assert (card.msk, card.rsk, card.arm) == (max(1, plain.msk - 1), max(1, plain.rsk - 1), max(1, plain.arm - 1))
    changes = {(ch.name, ch.what) for ch in c.card_changes(a)}
    assert ("Damaged Armor", "ARM") in changes and any(n == "Broken Arm" and w.endswith("SKL") for n, w in changes)


def test_the_risk_of_dying_is_the_injuries_it_has_out_of_six():
    c = campaign()
    a = ids(c)[0]
    assert c.death_risk(a) == 0
    script(c, 99, 2, 99, 6)
    finish(c, out=[a])
    assert c.death_risk(a) == Fraction(1, 6)
    finish(c, out=[a])
    assert c.death_risk(a) == Fraction(2, 6)


def test_a_crushed_leg_shortens_each_move_in_the_match_not_the_dash():
    c = campaign()
    a, b = ids(c)[:2]
    script(c, 99, 4)
    finish(c, out=[a])
    assert [i.injury for i in c.units[a].injuries] == ["HRD-INJ-IM"]
    script(c, 12345)  # the next mission's seed
    m = c.start_mission()
    try:
        ua, ub = m.all_units_of("player")[:2]
        assert m.unit(ua).name == c.units[a].name and "HRD-INJ-IM" in m.unit(ua).card.skills
        assert (m.move_budget(act.MOVE, ua), m.move_budget(act.DASH, ua)) == (4.0, 2.0)
        assert (m.move_budget(act.MOVE, ub), m.move_budget(act.DASH, ub)) == (6.0, 2.0)
    finally:
        m.close()


def test_mp_earned_is_the_score_and_the_bank_is_what_is_left_to_spend():
    c = campaign(squad=small_squad(4))
    to_homebase(c, mp=4)
    side = c.sides[0]
    assert (side.mp_earned, side.mp_bank) == (12, 12)
    assert [e.amount for e in c.events if isinstance(e, V.MpEarned)] == [4, 4, 4]
    for _ in range(4):
        c.submit(D.NextStep())  # memorial, healing, recruiting, gear: to the Spoils of War
    c.submit(D.BuySpoil(ids(c)[0], "HRD-SOW-RDAM"))
    assert (side.mp_earned, side.mp_bank) == (12, 4)
    assert c.score().mp == 12
    c.submit(D.NextStep())
    finish(c, mp=5)
    assert (side.mp_earned, side.mp_bank) == (17, 9)
