"""The Homebase after each Operation, in the printed order (R36): the memorial, healing (the player picks when there
is a choice), recruiting within the cap (100 GP; co-op mini squads their own) with the squad rules checked, gear,
Spoils of War at 8 MP bound to a unit; nothing changes in the field (R33). A Spoil's effect on the card and in a
real attack."""
import pytest

from game.campaign import CampaignError
from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import BRIEFING, GEAR, HEAL, MEMORIAL, RECRUIT, SPOILS
from game.content import default_squad
from game.match import commands as C
from game.rules.model import SquadSpec, UnitSpec
from game.rules.squad import squad_gp
from tests.match.conftest import card, skirmish

from .conftest import CAT, campaign, finish, ids, script, small_squad, to_homebase


def step_to(c, step):
    order = (MEMORIAL, HEAL, RECRUIT, GEAR, SPOILS)
    while c.where.step != step:
        assert order.index(c.where.step) < order.index(step)
        c.submit(D.NextStep())


def test_the_steps_come_in_the_printed_order_and_never_back():
    c = campaign(squad=small_squad(5))
    to_homebase(c, mp=8)
    assert (c.where.stage, c.where.step) == ("homebase", MEMORIAL)
    a = ids(c)[0]
    assert "Spoils of War comes later" in c.reason(D.BuySpoil(a, "HRD-SOW-RDAM"))
    assert "Recruiting comes later" in c.reason(D.Recruit("INT-STRP", "New", ("INT-CK",)))
    seen = []
    for _ in range(4):
        c.submit(D.NextStep())
        seen.append(c.where.step)
    assert seen == [HEAL, RECRUIT, GEAR, SPOILS]
    assert "Recruiting comes earlier" in c.reason(D.Recruit("INT-STRP", "New", ("INT-CK",)))
    assert "Gear comes earlier" in c.reason(D.ChangeGear(a, ("INT-CK",)))
    c.submit(D.BuySpoil(a, "HRD-SOW-RDAM"))
    c.submit(D.NextStep())
    assert c.where == type(c.where)(2, 1, BRIEFING)
    steps = [e.step for e in c.events if isinstance(e, V.HomebaseStep)]
    assert steps == [MEMORIAL, HEAL, RECRUIT, GEAR, SPOILS]


def test_nothing_changes_in_the_field():
    c = campaign(squad=small_squad(4))
    finish(c)
    a = ids(c)[0]
    for d in (D.Recruit("INT-STRP", "New", ("INT-CK",)), D.ChangeGear(a, ("INT-CK",)),
              D.BuySpoil(a, "HRD-SOW-RDAM"), D.HealInjury(a, "HRD-INJ-BI"), D.Dismiss(a), D.NextStep()):
        why = c.reason(d)
        assert why is not None
        with pytest.raises(CampaignError):
            c.submit(d)
    assert "nothing changes in the field" in c.reason(D.Recruit("INT-STRP", "New", ("INT-CK",)))


def test_one_injury_healed_per_unit_the_player_picks_when_there_are_two():
    c = campaign(squad=small_squad(4))
    a, b = ids(c)[:2]
    script(c, 99, 2, 4, 99, 6)  # 1.1: A Broken Arm, B Crushed Leg; 1.2: A Deep Wound
    finish(c, out=[a, b])
    finish(c, out=[a])
    script(c, 99)
    finish(c)
    step_to(c, HEAL)
    assert [i.injury for i in c.units[b].injuries] == []  # one Injury: healed at once
    assert [i.injury for i in c.units[a].injuries] == ["HRD-INJ-BI", "HRD-INJ-WD"]
    assert "pick the Injury to heal for T1" in c.reason(D.NextStep())
    assert c.reason(D.HealInjury(b, "HRD-INJ-IM")) is not None
    c.submit(D.HealInjury(a, "HRD-INJ-WD"))
    assert [i.injury for i in c.units[a].injuries] == ["HRD-INJ-BI"]
    assert "no Injury left to pick" in c.reason(D.HealInjury(a, "HRD-INJ-BI"))
    c.submit(D.NextStep())
    healed = [(e.name, e.injury_name) for e in c.events if isinstance(e, V.InjuryHealed)]
    assert healed == [("T2", "Crushed Leg"), ("T1", "Deep Wound")]


def test_recruiting_fills_the_100_gp_cap_and_no_more():
    c = campaign()  # the Interdictors' default squad: 100 GP
    a = ids(c)[-1]
    to_homebase(c)
    step_to(c, RECRUIT)
    assert "limit is 100 GP" in c.reason(D.Recruit("INT-STRP", "Rookie", ("INT-CK",)))
    c.submit(D.Dismiss(a))  # 20 GP of room
    assert squad_gp(CAT, c.roster_squad(0)) == 80
    assert c.reason(D.Recruit("KF-BOSS", "Stray", ())) is not None  # not in the squad list
    c.submit(D.Recruit("INT-STRP", "Rookie", ("INT-CK", "INT-AR")))
    assert squad_gp(CAT, c.roster_squad(0)) == 99
    assert "limit is 100 GP" in c.reason(D.Recruit("INT-STRP", "Rookie 2", ()))
    rookie = c.roster_units()[-1]
    assert (rookie.name, rookie.joined, rookie.id) == ("Rookie", "Homebase 1", 6)  # ids are never reused
    c.submit(D.NextStep())


def test_leaving_recruiting_needs_a_legal_squad():
    c = campaign(squad=small_squad(4))
    lead = ids(c)[0]
    script(c, 99, 2, 99, 2)
    finish(c, out=[lead])
    finish(c, out=[lead])  # Broken Arm twice: the Leader is Deceased
    script(c, 99)
    finish(c)
    step_to(c, RECRUIT)
    assert "no Leader" in c.reason(D.NextStep())
    c.submit(D.Recruit("INT-STRP", "New Lead", ("INT-CK", "INT-LDR")))
    assert c.reason(D.Recruit("INT-STRP", "Second Lead", ("INT-CK", "INT-LDR"))) is not None  # Unique, one Leader
    c.submit(D.NextStep())
    assert c.where.step == GEAR


def test_mini_squads_recruit_within_their_own_cap():
    mini = [SquadSpec("INT", "Ana's", (UnitSpec("INT-STRP", "Ana", ("INT-CK", "INT-LDR")),
                                       UnitSpec("INT-STRP", "Ben", ("INT-CK",)))),
            SquadSpec("DES", "Cy's", tuple(default_squad("despoilers").units[:2]))]
    c = campaign(mini=mini)
    assert [r.cap for r in c.sides[0].rosters] == [50, 50]
    assert [(u.name or u.unit_type, u.roster, u.owner) for u in c.roster_units()][:2] == [("Ana", 0, 0), ("Ben", 0, 0)]
    to_homebase(c)
    step_to(c, RECRUIT)
    gp = squad_gp(CAT, c.roster_squad(0))
    assert gp == 28
    c.submit(D.Recruit("INT-STRP", "Cal", ("INT-CK",), roster=0))
    assert "limit is 50 GP" in c.reason(D.Recruit("INT-STRP", "Dee", ("INT-CK", "INT-AR"), roster=0))
    assert c.reason(D.Recruit("INT-STRP", "Dee", ("INT-CK",), roster=1)) is not None  # a Despoiler mini squad
    assert c.roster_units(0)[-1].owner == 0
    c.submit(D.NextStep())


def test_gear_changes_keep_the_rules():
    c = campaign(squad=small_squad(4))
    a = ids(c)[1]
    to_homebase(c)
    step_to(c, GEAR)
    assert c.reason(D.ChangeGear(a, ("INT-CK", "KF-BOSS-FRZ"))) is not None
    c.submit(D.ChangeGear(a, ("INT-CK", "INT-HR")))
    assert c.units[a].gear == ("INT-CK", "INT-HR")
    assert any(isinstance(e, V.GearChanged) and e.unit == a for e in c.events)


def test_a_spoil_costs_8_mp_from_the_bank_and_is_bound_to_its_unit():
    c = campaign(squad=small_squad(4))
    a, b = ids(c)[:2]
    to_homebase(c, mp=5)  # 15 MP: one Spoil
    step_to(c, SPOILS)
    c.submit(D.BuySpoil(a, "HRD-SOW-RDAM"))
    assert c.sides[0].mp_bank == 7
    assert "costs 8 MP; the bank holds 7" in c.reason(D.BuySpoil(b, "HRD-SOW-ACC1"))
    assert c.units[a].spoils == ["HRD-SOW-RDAM"] and c.units[b].spoils == []
    assert "HRD-SOW-RDAM" in c.card(a).skills


def test_a_spoil_shows_on_the_card_and_rolls_in_a_real_attack():
    c = campaign(squad=small_squad(4))
    a = ids(c)[0]
    to_homebase(c, mp=8)
    step_to(c, SPOILS)
    before = c.card(a)
    c.submit(D.BuySpoil(a, "HRD-SOW-RDAM"))
    after = c.card(a)
    gun = next(w for w in after.weapons if w.kind == "ranged")
    assert gun.att == next(w for w in before.weapons if w.kind == "ranged").att + 1 == 5
    change = next(ch for ch in c.card_changes(a) if ch.cause == "HRD-SOW-RDAM")
    assert (change.kind, change.what, change.before, change.after) == ("spoil", f"{gun.name} ATT", "4", "5")
    m, ua, ub = skirmish([(after, 5, 10)], [(card(arm=6, hit=9), 15, 10)], dice=[4] * 8 + [2, 5] + [6] * 5,
                         catalog=CAT)
    try:
        m.submit(C.Activate("A", ua[0]))
        m.submit(C.RangedAttack("A", gun.id, ub[0]))
        from game.rules.records import AttackRolled
        rolled = [e for e in m.events if isinstance(e, AttackRolled)]
        assert len(rolled[-1].dice) == 5  # Reaper ATT 4, +1 from the Spoil
    finally:
        m.close()


def test_a_unit_takes_each_spoil_once_and_none_its_card_has():
    c = campaign()  # Castius carries Technician
    tech = next(u.id for u in c.roster_units() if "STD-TECH" in u.gear)
    to_homebase(c, mp=9)
    step_to(c, SPOILS)
    assert "has Technician already" in c.reason(D.BuySpoil(tech, "STD-TECH"))
    c.submit(D.BuySpoil(tech, "HRD-SOW-TGH1"))
    assert "already" in c.reason(D.BuySpoil(tech, "HRD-SOW-TGH1"))
