"""The computer's Homebase decisions (game/campaign/policy.py): the Injury that costs a unit most is healed, the
squad is recruited back to a legal one (a Leader first, the faction's own units, up to the cap), Spoils go to the
units with the fewest, for their weapons; every decision an ordinary one the campaign checks."""
from game.campaign import decisions as D
from game.campaign import policy
from game.campaign.model import BRIEFING, HEAL, RECRUIT, SPOILS
from game.rules.squad import squad_gp, validate_squad

from .conftest import CAT, campaign, finish, ids, script


def test_the_worst_injury_is_healed_first():
    c = campaign()
    shooter = ids(c)[3]  # Andronicos: a Sniper Rifle
    script(c, 99, 3, 99, 2, 99, 4)  # Nerve Damage, Broken Arm, Crushed Leg
    for _ in range(3):
        finish(c, out=[shooter])
    policy.act(c)  # the memorial
    assert c.where.step == HEAL
    done = policy.act(c)
    assert done[0] == D.HealInjury(shooter, "HRD-INJ-HI") and c.where.step == RECRUIT
    assert [i.injury for i in c.units[shooter].injuries] == ["HRD-INJ-BI", "HRD-INJ-IM"]


def test_a_squad_whose_leader_fell_is_recruited_back_to_a_legal_squad():
    c = campaign()
    lead, *rest = ids(c)
    script(c, 99, 2, 99, 2, 99)  # the Leader: Broken Arm twice
    finish(c, out=[lead])
    finish(c, out=[lead])
    finish(c)
    while c.where.step != RECRUIT:
        policy.act(c)
    done = policy.act(c)
    recruited = [d for d in done if isinstance(d, D.Recruit)]
    assert recruited and CAT.skills.get("INT-LDR") and any("INT-LDR" in d.gear for d in recruited)
    squad = c.roster_squad(0)
    assert validate_squad(CAT, squad) == [] and squad_gp(CAT, squad) <= 100
    assert [u.id for u in c.roster_units()][:4] == rest  # the veterans stay


def test_spoils_go_to_the_units_with_the_fewest_for_their_weapons():
    c = campaign()
    for _ in range(3):
        finish(c, mp=8)  # 24 MP: three Spoils
    while c.where.step != SPOILS:
        policy.act(c)
    done = policy.act(c)
    bought = [d for d in done if isinstance(d, D.BuySpoil)]
    assert len(bought) == 3 and len({d.unit for d in bought}) == 3 and c.sides[0].mp_bank == 0
    for d in bought:
        gun = max(c.card(d.unit).weapons, key=lambda w: (w.att, w.kind != "melee"))
        assert d.spoil in (policy.RANGED_SPOILS if gun.kind == "ranged" else policy.MELEE_SPOILS)
    assert c.where.stage == BRIEFING and c.where.operation == 2
