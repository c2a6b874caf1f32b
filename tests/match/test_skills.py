"""Skills and unit specials in a match (game/match/skills/): one test or more each, with units placed by
hand and scripted dice, and a catalog walk that fails when a skill or unit special has no implementation."""
import pytest

from game.battlefield import open_table
from game.content import load_catalog
from game.match import commands as C
from game.match import skills as S
from game.match.errors import IllegalCommand
from game.match.match import Match
from game.match.mission import rect_zone
from game.match.scenario import Scenario, SideSpec
from game.rules import actions as act
from game.rules.dice import ScriptedDice
from game.rules.model import MELEE, RANGED, Special
from tests.match.conftest import Skirmish, card, skirmish

CAT = load_catalog()
START = [4, 4, 4, 4, 4, 4, 2, 5]  # A: 3 TO dice, B: 3 TO dice (all fail), Initiative A 2 - B 5
A1TO = [1, 4, 4, 4, 4, 4, 2, 5]  # A has 1 TO
A2TO = [1, 1, 4, 4, 4, 4, 2, 5]  # A has 2 TO


def make(a, b, dice=START, npc_b=False, first="A", mission=None):
    """conftest.skirmish with the catalog (skills are looked up there)."""
    return skirmish(a, b, dice=dice, npc_b=npc_b, first=first, mission=mission, catalog=CAT)


@pytest.fixture
def sk():
    made = []

    def _make(*args, **kw):
        out = make(*args, **kw)
        made.append(out[0])
        return out

    yield _make
    for m in made:
        m.close()


def unit(*skills, specials=(), name="Trooper", **kw):
    return card(name=name, skills=skills, specials=tuple(Special(*s) if isinstance(s, tuple) else Special(s)
                                                            for s in specials), **kw)


def roll(m, *faces):
    m.dice = ScriptedDice(list(faces))


def end(m, side):
    m.submit(C.EndActivation(side))


def arm(m, uid, attacker, kind):
    with m._in_world():
        return S.effective_arm(m, uid, attacker, kind)


# == the catalog walk ==================================================================================
def _player_skills():
    out = {}
    for st in CAT.squad_types.values():
        if not st.playable:
            continue
        for ut in st.unit_types:
            u = CAT.unit_types[ut]
            for g in u.options + u.defaults:
                if g in CAT.skills:
                    out[g] = CAT.skills[g]
    for sid, s in CAT.skills.items():  # skills-common.json
        if sid.startswith("STD-") or sid.startswith("LDR"):
            out[sid] = s
    return out


def test_every_skill_and_unit_special_has_an_engine_implementation():
    """Fails when the data gains a skill or unit special the engine does not know (or has not listed as
    left for later, with the reason, in skills.LEFT)."""
    missing = []
    for sid, s in sorted(_player_skills().items()):
        if s.hook == "passive-card" and not s.extra_hooks or s.kind == "behavior":
            continue
        if sid not in S.ACTIONS and sid not in S.PASSIVE and sid not in S.LEFT:
            missing.append(f"skill {sid} ({s.name}, hooks {s.hooks})")
        if s.act_cost is not None or s.to_cost is not None:
            assert sid in S.ACTIONS, f"{sid} has a cost but no action"
    for code in sorted(CAT.unit_special_texts):
        if code not in S.SPECIALS and code not in S.ACTIONS and code not in S.LEFT:
            missing.append(f"unit special {code}")
    assert not missing, "no engine implementation:\n" + "\n".join(missing)


def test_skills_that_work_through_a_unit_special_grant_it():
    for sid, where in S.PASSIVE.items():
        if where != "via unit special":
            continue
        s = CAT.skills[sid]
        codes = [e.value for e in s.effects if e.key == "SPECIAL"]
        assert codes, sid
        for c in codes:
            code = c.rstrip("0123456789")
            assert code in S.SPECIALS, (sid, code)


def test_nothing_is_left():
    """The movement skills (Climber, Jump Pack, Flying, Nebulant and Small moving through enemies) were the
    last ones left: they are Match.base's MoveRule now (tests at the end of this file)."""
    assert S.LEFT == {}


# == costs, re-rolls, stats ============================================================================
def test_swift_dash_costs_one_less(sk):
    m, a, b = sk([(unit(specials=["SWF"]), 5, 5)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    assert m.cost_of(act.DASH) == 0


def test_dodge_rerolls_ranged_saves(sk):
    m, a, b = sk([(card(), 5, 10)], [(unit(specials=[("DOD", 1)], hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 6, 5, 5, 1)  # 2 Strikes; saves 5 5; the re-roll: 1
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.side == "B" and m.prompt.decision.free == (("DOD", 1),)
    m.submit(C.RerollDie("B", 0, "DOD"))  # 5 -> 1: a Critical Save counts as 2
    assert m.health(b[0]).hit == 5


def test_tough_rerolls_melee_saves_only(sk):
    m, a, b = sk([(card(), 10, 10)], [(unit(specials=[("TGH", 1)], hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5, 3)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.decision.free == (("TGH", 1),)
    m.submit(C.RerollDie("B", 0, "TGH"))
    assert m.health(b[0]).hit == 5


def test_hardened_twos_are_critical_saves(sk):
    m, a, b = sk([(card(), 10, 10)], [(unit(specials=["HRD"], hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 6, 2, 6, 6)  # 2 Strikes; saves 2 (Critical: returns 1 Damage) and 6; A saves 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4 and m.health(a[0]).hit == 2


def test_clobber_lowers_melee_targets_armor(sk):
    m, a, b = sk([(unit(specials=["CLB"]), 10, 10)], [(card(arm=3, hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 3)  # the save of 3 fails against ARM 2
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4


def test_camouflage_lowers_the_attackers_skill_from_six_inches(sk):
    m, a, b = sk([(card(ranged=(3, 4)), 5, 10), (card(ranged=(3, 4)), 12, 20)],
                 [(unit(specials=["CAM"], hit=9), 13, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 4, 4, 4)  # 8" away: SKL 3, the 4s miss
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 9


def test_camouflage_does_not_apply_within_six_inches(sk):
    m, a, b = sk([(card(ranged=(3, 4)), 8, 10)], [(unit(specials=["CAM"], hit=9), 13, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 4, 4, 4, 6, 6, 6)  # 4" apart: SKL 4, three Strikes
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 6


def test_duellist_lowers_the_melee_attackers_skill(sk):
    m, a, b = sk([(card(melee=(2, 4)), 10, 10)], [(unit(specials=["DLS"], hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 4, 3, 6)  # 4 misses at SKL 3; 3 hits; save 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4


def test_stealthy_gains_an_automatic_save_in_cover(sk):
    # Tunneler gives the target Cover on the open table
    m, a, b = sk([(card(), 5, 10)], [(unit("HK-SPC-TNL", specials=["STL"], hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 6, 6, 6)  # 2 Strikes; saves 6 6 (Cover: re-roll offered)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.decision.free == (("cover", 1),)
    m.submit(C.AcceptDice("B"))
    assert m.health(b[0]).hit == 4  # one automatic save


def test_unit_accurate_and_brutal_add_attack_rerolls(sk):
    m, a, b = sk([(unit(specials=[("ACC", 1), ("BRU", 2)]), 5, 10)], [(card(hit=9), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.decision.free == (("ACC", 1),)


def test_parry_makes_the_attacker_reroll_one_die(sk):
    m, a, b = sk([(card(melee=(2, 4)), 10, 10)], [(unit(specials=["PAR"], hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 2, 6, 6, 6)  # Strikes 1 and 2; Parry re-rolls the 1 -> 6; saves for 1 Damage: 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "parry" and m.prompt.side == "B"
    cmds = m.legal_commands("B")
    assert C.RerollDie("B", 0, "PAR") in cmds and C.AcceptDice("B") in cmds
    assert not any(isinstance(c, C.ChangeDie) for c in cmds)
    m.submit(C.RerollDie("B", 0, "PAR"))
    assert m.prompt is None and m.health(b[0]).hit == 4


def test_counter_free_melee_attack_after_losing_no_hit(sk):
    m, a, b = sk([(card(melee=(2, 4), hit=5), 10, 10)], [(unit(specials=["CTR"]), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 2, 2, 6, 6, 6)  # A misses; B counters (3 dice): 2 Strikes; A saves 6 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "counter" and m.prompt.side == "B"
    assert m.legal_commands("B") == [C.ChooseWeapon("B", None), C.ChooseWeapon("B", "mel")]
    m.submit(C.ChooseWeapon("B", "mel"))
    assert m.health(a[0]).hit == 3 and m.prompt is None
    assert m.active_unit == a[0] and m.act_left() == 1  # the counter was free; A goes on


@pytest.mark.parametrize("sid", ["PRX-CTR", "KF-CTR"])
def test_counter_squad_specialties_and_no_counter_after_losing_hit(sk, sid):
    m, a, b = sk([(card(melee=(2, 4), hit=5, act=3), 10, 10)], [(unit(sid, hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 3, 5, 6)  # one Strike, save 6: B loses 1 HIT: no Counter
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt is None and m.health(b[0]).hit == 4
    roll(m, 5, 5)  # next: A misses: Counter offered, declined
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "counter"
    m.submit(C.ChooseWeapon("B", None))
    assert m.prompt is None and m.health(a[0]).hit == 5


def test_devoted_takes_a_squadmates_ranged_attack(sk):
    m, a, b = sk([(card(), 5, 10)], [(card(hit=3), 15, 10), (unit(specials=["DEV"], hit=5), 15, 13)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.kind == "devoted" and m.prompt.side == "B" and m.prompt.options == (b[1],)
    m.submit(C.ChooseUnit("B", b[1]))
    assert m.health(b[0]).hit == 3 and m.health(b[1]).hit == 4


def test_devoted_only_within_four_inches_and_may_decline(sk):
    m, a, b = sk([(card(), 5, 10)], [(card(hit=3), 15, 10), (unit(specials=["DEV"]), 15, 16)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6)
    m.submit(C.RangedAttack("A", "rng", b[0]))  # 6" apart (5" between bases): no choice
    assert m.prompt is None and m.health(b[0]).hit == 2


def test_spotter_denies_cover_to_targets_it_sees(sk):
    m, a, b = sk([(card(), 5, 10), (unit(specials=["SPT"]), 5, 20)], [(unit("HK-SPC-TNL", hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5)  # 1 Strike, save 5: no Cover re-roll to offer
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is None and m.health(b[0]).hit == 4


def test_disciplined_free_unused_basic_action_at_the_end(sk):
    m, a, b = sk([(unit(specials=["DIS"], act=1), 5, 10)], [(card(hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 7, 10))
    end(m, "A")
    assert m.active_unit == a[0] and m.activation.grant == "disciplined"
    cmds = m.legal_commands("A")
    assert not any(isinstance(c, C.Move) for c in cmds)  # Move was used
    assert C.RangedAttack("A", "rng", b[0]) in cmds
    roll(m, 2, 6, 6, 6)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 4
    assert m.active_unit is None and m.waiting_for() == "B" and not m.readiness(a[0]).ready  # A is done


def test_disciplined_can_be_declined(sk):
    m, a, b = sk([(unit(specials=["DIS"]), 5, 10)], [(card(), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    end(m, "A")
    end(m, "A")
    assert m.active_unit is None and m.waiting_for() == "B"


def test_toxic_damages_adjacent_enemies_when_activating(sk):
    m, a, b = sk([(unit(specials=["TOX"]), 10, 10)], [(card(hit=3), 11.2, 10), (card(hit=3), 10, 11.2),
                                                         (card(), 20, 20)])
    roll(m, 6, 3)  # b0 saves 6 (loses 1), b1 saves 3 (saved)
    m.submit(C.Activate("A", a[0]))
    assert [m.health(u).hit for u in b[:2]] == [2, 3]
    assert m.active_unit == a[0] and m.act_left() == 2


def test_life_drain_turns_critical_strikes_into_healing(sk):
    m, a, b = sk([(unit(specials=["LFD"], hit=4), 10, 10)], [(card(hit=5), 11.2, 10)])
    m.health(a[0]).hit = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 1, 6, 6, 6)  # 2 Critical Strikes: 4 Damage; drain 1: 2 Damage left, saves 6 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "life_drain" and m.prompt.options == (2,)
    m.submit(C.ChooseNumber("A", 1))
    assert m.health(a[0]).hit == 3 and m.health(b[0]).hit == 3


def test_life_drain_not_offered_at_full_hit(sk):
    m, a, b = sk([(unit(specials=["LFD"]), 10, 10)], [(card(hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 6, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt is None and m.health(b[0]).hit == 3


def test_initiative_wins_ties(sk):
    m, a, b = sk([(card(), 5, 5)], [(unit(specials=["INIT"]), 15, 15)], dice=[4, 4, 4, 4, 4, 4, 3, 3], first="B")
    assert m.next_side == "B" and any("Initiative" in t for t in m.battle_log())


def test_standby_acts_in_an_enemy_activation(sk):
    m, a, b = sk([(unit(specials=["SBY"]), 5, 10)], [(card(hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SBY"))
    assert m.conditions(a[0]).standby and m.act_left() == 1
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    assert m.prompt.kind == "react" and m.prompt.side == "A"  # B's activation begins
    assert m.legal_commands("A") == [C.ChooseUnit("A", None), C.ChooseUnit("A", a[0])]
    m.submit(C.ChooseUnit("A", a[0]))
    assert m.active_unit == a[0] and m.activation.grant == "standby" and m.waiting_for() == "A"
    roll(m, 2, 6, 6, 6)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 4 and m.active_unit == b[0] and not m.conditions(a[0]).standby


def test_technician_mission_actions_cost_less():
    c = unit(specials=["TCH"])
    assert act.action_cost(c, act.MISSION) == 0
    assert act.action_cost(c, act.MISSION, [act.Performed(act.MISSION)]) == 1
    once = unit("STD-TECH")
    assert act.action_cost(once, act.MISSION) == 0
    assert act.action_cost(once, act.MISSION, [act.Performed(act.MISSION)]) == 2  # only once per activation


def test_infiltrator_deploys_anywhere_six_inches_from_enemies():
    class Zones(Skirmish):
        def deployment_zones(self, match, side):
            return [rect_zone("west", "A", 0, 0, 4, 24)] if side == "A" else [rect_zone("east", "B", 20, 0, 24, 24)]

    sides = (SideSpec("B", None), SideSpec("A", None))  # B deploys first
    sc = Scenario(mission="test-skirmish", sides=sides)
    m = Match(sc, 0, Zones(), open_table(),
              {"B": [("B", card())], "A": [("Inf", unit(specials=["INF"])), ("Plain", card())]}, catalog=CAT)
    try:
        b, inf, plain = 1, 2, 3
        m.submit(C.Deploy("B", b, 22, 12))
        m.submit(C.EndDeployment("B"))
        with pytest.raises(IllegalCommand, match="deployment zone"):
            m.submit(C.Deploy("A", plain, 12, 12))
        with pytest.raises(IllegalCommand, match="deployment zone"):
            m.submit(C.Deploy("A", inf, 17, 12))  # 4" from the enemy
        m.submit(C.Deploy("A", inf, 12, 12))  # 9" from it: fine for an Infiltrator
        assert m.position(inf).x == 12
    finally:
        m.close()


def test_leader_special_and_hive_mind_keep_the_extra_dice(sk):
    lead = unit("DRN-HM", leader=True, hit=1)
    m, a, b = sk([(lead, 10, 10), (unit("DRN-HM"), 3, 3)], [(card(act=1), 11.2, 10)], dice=[4] * 5 + [4] * 3 + [2, 5])
    m.submit(C.Activate("A", a[0]))
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, 1, 6, 6, 6, 6)  # B kills the Leader
    m.submit(C.MeleeAttack("B", "mel", a[0]))
    assert not m.standing(a[0])
    end(m, "B")
    m.submit(C.Activate("A", a[1]))
    roll(m, *([4] * 5 + [4] * 3 + [2, 5]))
    end(m, "A")
    assert m.turn == 2 and m.dice.remaining == 0  # A still rolled 5 TO dice (Hive Mind)
    assert any("Hive Mind" in t for t in m.battle_log())


# == skill actions =====================================================================================
@pytest.mark.parametrize("sid", ["INT-STRAT", "CWB-GH-TO"])
def test_strategize_gains_a_tactical_order(sk, sid):
    m, a, b = sk([(unit(sid), 5, 5)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    assert C.UseSkill("A", sid) in m.legal_commands("A")
    m.submit(C.UseSkill("A", sid))
    assert m.to["A"] == 1 and m.act_left() == 1


@pytest.mark.parametrize("sid", S.GRENADE)
def test_grenade_two_damage_to_everything_adjacent_to_a_spot(sk, sid):
    m, a, b = sk([(unit(sid, act=3), 5, 10)], [(card(hit=3), 10, 10), (card(hit=3), 11.2, 10), (card(), 20, 10)])
    m.submit(C.Activate("A", a[0]))
    assert C.UseSkill("A", sid, x=10, y=10) in m.legal_commands("A")
    with pytest.raises(IllegalCommand, match="spot"):
        m.submit(C.UseSkill("A", sid))
    with pytest.raises(IllegalCommand, match="6"):
        m.submit(C.UseSkill("A", sid, x=20, y=10))
    roll(m, 6, 6, 6, 3)  # b0 saves 6 6; b1 saves 6 3
    m.submit(C.UseSkill("A", sid, x=10, y=10))
    assert [m.health(u).hit for u in b] == [1, 2, 3]
    once = "this mission" if sid == "HRD-RWD-DEMO" else "this Turn"  # Demo Expert's Grenade: free, once a mission
    assert m.act_left() == (3 if sid == "HRD-RWD-DEMO" else 2)
    with pytest.raises(IllegalCommand, match=once):
        m.submit(C.UseSkill("A", sid, x=10, y=10))


def test_grenade_not_while_adjacent_to_an_enemy(sk):
    m, a, b = sk([(unit("INT-FG"), 10, 10)], [(card(), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Adjacent to an enemy"):
        m.submit(C.UseSkill("A", "INT-FG", x=11.2, y=10))


@pytest.mark.parametrize("sid", S.MEDPACK)
def test_medpack_heals_1d3(sk, sid):
    m, a, b = sk([(unit(sid), 10, 10), (card(hit=3), 11.2, 10)], [(card(), 20, 20)])
    m.health(a[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    assert C.UseSkill("A", sid, target=a[1]) in m.legal_commands("A")
    with pytest.raises(IllegalCommand, match="lost no HIT"):
        m.submit(C.UseSkill("A", sid, target=a[0]))
    roll(m, 3)  # D3 = 2
    m.submit(C.UseSkill("A", sid, target=a[1]))
    assert m.health(a[1]).hit == 3
    if sid == "HRD-RWD-MED":  # Resourceful Salvage's Medpack: once in the mission
        assert m.skill_reason(a[0], sid) == "already used this mission"
    elif sid != "KF-BR-MED":
        assert m.skill_reason(a[0], sid) == "already used this Turn"


def test_medpack_not_if_the_healed_unit_is_adjacent_to_an_enemy(sk):
    m, a, b = sk([(unit("INT-MED"), 10, 10), (card(), 11.2, 10)], [(card(), 12.4, 10)])
    m.health(a[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Adjacent to an enemy"):
        m.submit(C.UseSkill("A", "INT-MED", target=a[1]))


@pytest.mark.parametrize("sid", S.RELAY_ORDER)
def test_relay_order_squadmate_takes_a_free_basic_action(sk, sid):
    m, a, b = sk([(unit(sid), 5, 10), (card(), 5, 14)], [(card(hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", sid, target=a[1]))
    assert m.active_unit == a[1] and m.activation.grant == "order" and m.waiting_for() == "A"
    assert not any(isinstance(c, C.UseSkill) for c in m.legal_commands("A"))
    m.submit(C.Move("A", 8, 14))
    assert m.active_unit == a[0] and m.act_left() == 1  # the order was the 1 ACT; A goes on
    assert m.readiness(a[1]).ready  # the squadmate may still activate this Turn


def test_smoke_bomb_blocks_sight_and_ranged_attacks_from_inside(sk):
    m, a, b = sk([(unit("INT-SG"), 5, 10)], [(card(), 10, 10), (card(), 10, 20)])
    m.submit(C.Activate("A", a[0]))
    rifle = m.unit(a[0]).card.weapon("rng")
    assert m.ranged_target_reason(a[0], rifle, b[0]) is None
    m.submit(C.UseSkill("A", "INT-SG", x=10, y=10))
    assert "smoke" in m.ranged_target_reason(a[0], rifle, b[0])
    assert "smoke" in m.ranged_target_reason(b[0], rifle, a[0])
    assert m.ranged_target_reason(a[0], rifle, b[1]) is None
    assert m.tokens and m.tokens[0].kind == "smoke"
    assert m.skill_reason(a[0], "INT-SG") == "already used this mission"
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    end(m, "B")
    m.submit(C.Activate("B", b[1]))
    roll(m, *([4] * 6 + [2, 5]))
    end(m, "B")  # the Turn ends: the smoke clears
    assert m.turn == 2 and not m.tokens


def test_jump_strike_then_a_free_melee_attack(sk):
    m, a, b = sk([(unit("PRX-VOR-JPA", act=3), 5, 10)], [(card(hit=5), 13, 10)])
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Adjacent to an enemy"):
        m.submit(C.UseSkill("A", "PRX-VOR-JPA", x=9, y=10))
    with pytest.raises(IllegalCommand, match="10"):
        m.submit(C.UseSkill("A", "PRX-VOR-JPA", x=16, y=14))
    assert any(c.skill == "PRX-VOR-JPA" for c in m.legal_commands("A") if isinstance(c, C.UseSkill))
    m.submit(C.UseSkill("A", "PRX-VOR-JPA", x=11.8, y=10))
    assert m.position(a[0]).x == 11.8 and m.activation.grant == "jump strike"
    assert {type(c) for c in m.legal_commands("A")} == {C.EndActivation, C.MeleeAttack}
    roll(m, 2, 2, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 2 and m.active_unit == a[0] and m.act_left() == 1


def test_scan_marker_lowers_enemy_armor_until_the_vector_activates_again(sk):
    m, a, b = sk([(unit("PRX-VEC-SCN", act=3), 5, 10)], [(card(arm=3, hit=5), 14, 10), (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "PRX-VEC-SCN", x=12, y=10))
    roll(m, 2, 6, 6, 3)  # the save of 3 fails against ARM 2
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 4
    assert arm(m, b[1], None, RANGED) == 3  # too far from the marker
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    end(m, "B")
    m.submit(C.Activate("B", b[1]))
    roll(m, *([4] * 6 + [2, 5]))
    end(m, "B")
    assert m.tokens  # still there in Turn 2 ...
    m.submit(C.ChooseFirst("A", "A"))
    m.submit(C.Activate("A", a[0]))
    assert not m.tokens  # ... until the Vector activates again


def test_cloak_no_ranged_main_target_and_two_melee_save_rerolls(sk):
    m, a, b = sk([(unit("PRX-SNP-CLK"), 5, 10)], [(card(), 7.6, 10), (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "PRX-SNP-CLK"))
    end(m, "A")
    rifle = m.unit(b[1]).card.weapon("rng")
    assert "Cloaked" in m.ranged_target_reason(b[1], rifle, a[0])
    m.submit(C.Activate("B", b[0]))
    m.submit(C.Dash("B", 6.2, 10))
    roll(m, 2, 6, 6, 6, 3)  # 1 Strike; save 6, re-rolled (Cloak) to 3: saved
    m.submit(C.MeleeAttack("B", "mel", a[0]))
    assert m.prompt.side == "A" and m.prompt.decision.free == (("cloak", 2),)
    m.submit(C.RerollDie("A", 0, "cloak"))
    assert m.health(a[0]).hit == 3


def test_compel_makes_another_unit_attack_for_you(sk):
    m, a, b = sk([(unit("SCH-SB-CMP"), 5, 10)], [(card(), 9, 10), (card(hit=3), 10.2, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SCH-SB-CMP", target=b[0]))
    assert m.active_unit == b[0] and m.waiting_for() == "A" and m.activation.grant == "compel"
    assert C.MeleeAttack("A", "mel", b[1]) in m.legal_commands("A")
    roll(m, 2, 2, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[1]))
    assert not m.standing(b[1])
    assert m.active_unit == a[0] and m.side_of(b[0]) == "B"


def _enemies_afresh(m, uid):
    return [u for u in m.units() if m.side_of(u) != m.side_of(uid)]


def test_enemies_kept_between_syncs_are_the_enemies_even_under_compel(sk):
    """enemies_of keeps its lists with the units() lists; a Compelled unit fights for the other side for one
    action without a table sync, and its enemies and theirs are still those worked out afresh."""
    m, a, b = sk([(unit("SCH-SB-CMP"), 5, 10)], [(card(), 9, 10), (card(hit=3), 10.2, 10)])
    every = a + b
    assert all(m.enemies_of(u) == _enemies_afresh(m, u) for u in every)
    assert m.enemies_of(b[0]) == a
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SCH-SB-CMP", target=b[0]))
    assert m.side_of(b[0]) == "A" and m.enemies_of(b[0]) == [b[1]]
    assert all(m.enemies_of(u) == _enemies_afresh(m, u) for u in every)
    roll(m, 2, 2, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[1]))
    assert m.side_of(b[0]) == "B" and m.enemies_of(b[0]) == a and m.enemies_of(a[0]) == [b[0]]
    assert all(m.enemies_of(u) == _enemies_afresh(m, u) for u in every if m.standing(u))


def test_misdirection_swaps_two_units_any_moment(sk):
    shroud = unit("SCH-SB-MSD", name="Shroud")
    m, a, b = sk([(shroud, 5, 10), (card(), 5, 20)], [(card(), 20, 10), (card(), 22, 22)], dice=A1TO)
    m.submit(C.Activate("A", a[1]))  # another unit is active
    assert C.UseSkill("A", "SCH-SB-MSD", target=a[0], other=a[1]) in m.legal_commands("A")
    m.submit(C.UseSkill("A", "SCH-SB-MSD", target=a[0], other=a[1]))
    assert (m.position(a[0]).y, m.position(a[1]).y) == (20, 10) and m.to["A"] == 0
    assert m.act_left() == 2  # it took no ACT from the active unit
    assert m.skill_reason(a[0], "SCH-SB-MSD") == "already used this mission"


def test_misdirection_in_an_enemy_activation(sk):
    m, a, b = sk([(unit("SCH-SB-MSD"), 5, 10), (card(), 5, 20)], [(card(), 20, 10), (card(), 22, 22)], dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    assert m.prompt.kind == "react" and m.prompt.side == "A"
    m.submit(C.UseSkill("A", "SCH-SB-MSD", target=a[0], other=a[1]))
    assert m.position(a[0]).y == 20 and m.active_unit == b[0] and m.waiting_for() == "B"


def test_dark_gaze_lowers_armor_against_ranged_attacks_nearby(sk):
    m, a, b = sk([(unit("SCH-ASP-DG"), 10, 10), (card(), 20, 10)], [(card(hit=5), 12.5, 10), (card(), 22, 22)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SCH-ASP-DG"))
    assert m.to["A"] == 0 and arm(m, b[0], a[1], RANGED) == 2
    assert arm(m, b[0], a[1], MELEE) == 3 and arm(m, b[1], a[1], RANGED) == 3


def test_pain_exalted_heals_and_gives_a_free_action(sk):
    m, a, b = sk([(unit("SCH-ASP-EXA", act=3), 5, 10), (card(), 5, 14)], [(card(), 20, 20)])
    m.health(a[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "SCH-ASP-EXA", target=a[1]))
    assert m.health(a[1]).hit == 2 and m.active_unit == a[1]
    m.submit(C.Dash("A", 5, 16))
    assert m.active_unit == a[0] and m.act_left() == 1


def test_face_of_truth_drives_adjacent_enemies_back(sk):
    m, a, b = sk([(unit("SCH-ASP-FOT"), 2.2, 10)], [(card(), 3.4, 10), (card(hit=3), 1.0, 10)], dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    roll(m, 6)  # b1 (at the table edge) cannot move: 1 Melee Damage, save 6
    m.submit(C.UseSkill("A", "SCH-ASP-FOT"))
    assert m.position(b[0]).x == pytest.approx(5.4) and m.health(b[0]).hit == 3
    assert m.position(b[1]).x == 1.0 and m.health(b[1]).hit == 2


def test_immolate_heals_around_and_burns_adjacent_enemies(sk):
    m, a, b = sk([(unit("SCH-IMM", hit=4), 10, 10), (card(hit=4), 10, 11.2)], [(card(hit=5), 11.2, 10)], dice=A1TO)
    m.health(a[0]).hit = 1
    m.health(a[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 3, 1, 6, 6)  # heals 2+1 and 1+1; B saves 6 6
    m.submit(C.UseSkill("A", "SCH-IMM"))
    assert [m.health(u).hit for u in a] == [4, 3] and m.health(b[0]).hit == 3


def test_mindstab_no_rerolls_for_that_enemy(sk):
    m, a, b = sk([(unit("REL-PA-ARC-MS"), 5, 10)], [(card(weapon_specials=[Special("ACC", 1)]), 15, 10)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "REL-PA-ARC-MS", target=b[0]))
    assert m.conditions(b[0]).mindstabbed
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, 5, 5, 5)  # all miss; ACC would offer a re-roll, Mindstab takes it away
    m.submit(C.RangedAttack("B", "rng", a[0]))
    assert m.prompt is None and m.health(a[0]).hit == 3


def test_protect_cover_and_a_roll_to_keep_each_hit(sk):
    m, a, b = sk([(unit("REL-PA-ARC-DEF"), 5, 10), (card(), 5, 20)], [(card(), 15, 10), (card(), 22, 22)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "REL-PA-ARC-DEF", target=a[1]))
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, 2, 2, 6, 6, 6, 1, 5)  # 2 Strikes on a1; saves 6 6; Cover offered, accepted; Protect 1 keeps, 5 not
    m.submit(C.RangedAttack("B", "rng", a[1]))
    assert m.prompt.decision.free == (("cover", 1),)
    m.submit(C.AcceptDice("A"))
    assert m.health(a[1]).hit == 2


def test_restore_and_catalyse_exclude_each_other(sk):
    m, a, b = sk([(unit("REL-REP", "REL-CAT", act=3), 5, 10), (card(), 5, 14)], [(card(), 20, 20)])
    m.health(a[1]).hit = 1
    m.submit(C.Activate("A", a[0]))
    roll(m, 5)  # D3 = 3
    m.submit(C.UseSkill("A", "REL-REP", target=a[1]))
    assert m.health(a[1]).hit == 3
    assert m.skill_reason(a[0], "REL-CAT") == "not in a Turn in which it used Restore"


def test_catalyse_a_free_action_costing_one_act(sk):
    m, a, b = sk([(unit("REL-CAT"), 5, 10), (card(), 5, 14)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "REL-CAT", target=a[1]))
    assert m.active_unit == a[1] and m.activation.max_cost == 1
    m.submit(C.Move("A", 8, 14))
    assert m.active_unit == a[0]
    assert m.skill_reason(a[0], "REL-REP") == "not in a Turn in which it used Catalyse"


@pytest.mark.parametrize("sid", S.MOVE_THEN_MELEE)
def test_overrun_and_despoil_squadmates_move_then_fight(sk, sid):
    m, a, b = sk([(unit(sid), 2, 2), (card(), 5, 10), (card(), 5, 20)], [(card(hit=5), 10, 10)], dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", sid))
    assert m.active_unit == a[1] and m.to["A"] == 0
    with pytest.raises(IllegalCommand, match="free action"):
        m.submit(C.Dash("A", 6, 10))
    m.submit(C.Move("A", 8.8, 10))
    assert {type(c) for c in m.legal_commands("A")} == {C.EndActivation, C.MeleeAttack}
    roll(m, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4
    assert m.active_unit == a[2]  # the next squadmate
    end(m, "A")  # it declines
    assert m.active_unit == a[0] and m.skill_reason(a[0], sid) == "already used this mission"


def test_pulseshriek_drives_enemies_back_or_hurts_them(sk):
    m, a, b = sk([(unit("HK-HNT-PLS"), 4, 10), (card(), 20, 4)], [(card(), 7, 10), (card(hit=3), 20, 1.5)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    roll(m, 6)  # b1 is pinned against the table edge by a1: 1 Melee Damage, save 6
    m.submit(C.UseSkill("A", "HK-HNT-PLS"))
    assert m.position(b[0]).x == pytest.approx(9) and m.health(b[1]).hit == 2


def test_take_em_down_everyone_attacks_one_enemy(sk):
    m, a, b = sk([(unit("CWB-WC-TED"), 5, 10), (card(), 5, 14)], [(card(hit=9), 15, 10), (card(), 15, 20)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "CWB-WC-TED", target=b[0]))
    assert m.active_unit == a[0] and m.activation.grant == "take 'em down"
    with pytest.raises(IllegalCommand, match="must target"):
        m.submit(C.RangedAttack("A", "rng", b[1]))
    roll(m, 2, 6, 6, 6, 2, 6, 6, 6)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.active_unit == a[1]
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.health(b[0]).hit == 7 and m.active_unit == a[0] and m.act_left() == 2


def test_call_of_the_ancestors_adds_melee_att(sk):
    m, a, b = sk([(unit("CWB-WC-COTA"), 10, 10)], [(card(hit=9), 11.2, 10)], dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "CWB-WC-COTA"))
    roll(m, 2, 2, 2, 2, 6, 6, 6, 6)  # 4 dice now
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 5


def test_jet_pack_flies_ten_inches_in_a_straight_line(sk):
    m, a, b = sk([(unit("CWB-JP"), 5, 10)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="10"):
        m.submit(C.UseSkill("A", "CWB-JP", x=16, y=10))
    m.submit(C.UseSkill("A", "CWB-JP", x=15, y=10))
    assert m.position(a[0]).x == 15 and m.act_left() == 0
    assert m.skill_reason(a[0], "CWB-JP") == "already used this mission"


def test_push_two_damage_then_moves_the_enemy(sk):
    m, a, b = sk([(unit("CWB-PUSH"), 10, 10)], [(card(hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    assert C.UseSkill("A", "CWB-PUSH", target=b[0], x=15.2, y=10) in m.legal_commands("A")
    roll(m, 6, 3)  # saves: 6 fails, 3 saves
    m.submit(C.UseSkill("A", "CWB-PUSH", target=b[0], x=15.2, y=10))
    assert m.health(b[0]).hit == 4 and m.position(b[0]).x == pytest.approx(15.2)
    assert m.prompt is None  # no Attack of Opportunity for being pushed away


def test_scanner_denies_cover_this_turn(sk):
    m, a, b = sk([(unit("CWB-GH-SCAN", act=3), 5, 10)], [(unit("HK-SPC-TNL", hit=5), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "CWB-GH-SCAN"))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt is None and m.health(b[0]).hit == 4  # no Cover re-roll


def test_execute_an_adjacent_enemy_with_one_hit(sk):
    m, a, b = sk([(unit("DES-EXE"), 10, 10)], [(card(hit=3), 11.2, 10), (card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="exactly 1 HIT"):
        m.submit(C.UseSkill("A", "DES-EXE", target=b[0]))
    m.health(b[0]).hit = 1
    m.submit(C.UseSkill("A", "DES-EXE", target=b[0]))
    assert not m.standing(b[0]) and m.taken_out_count["B"] == 1


def test_get_em_adds_act_and_melee_skill(sk):
    boss = unit("KF-BOSS-FRZ", act=2)
    m, a, b = sk([(boss, 2, 2), (card(act=2, melee=(1, 3)), 10, 10)], [(card(hit=5), 11.2, 10), (card(), 22, 22)],
                 dice=A1TO)
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "KF-BOSS-FRZ"))
    assert m.act_left() == 3  # +1 ACT at once for the Boss
    end(m, "A")
    m.submit(C.Activate("B", b[1]))
    end(m, "B")
    m.submit(C.Activate("A", a[1]))
    assert m.act_left() == 3
    roll(m, 4, 6)  # SKL 3 + 1: the 4 strikes
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4


def test_get_in_dere_one_hit_for_two_free_actions_one_of_them_combat(sk):
    m, a, b = sk([(unit("KF-BOSS-SLAP"), 5, 10), (card(hit=3), 6.2, 10)], [(card(hit=5), 12, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "KF-BOSS-SLAP", target=a[1]))
    assert m.health(a[1]).hit == 2 and m.active_unit == a[1] and len(m.activation.plan) == 2
    m.submit(C.Move("A", 10.8, 10))
    assert m.activation.plan == [act.COMBAT_ACTIONS]  # the second one must be a Combat action
    assert not any(isinstance(c, (C.Move, C.Dash)) for c in m.legal_commands("A"))
    roll(m, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 4 and m.active_unit == a[0]


def test_prod_an_adjacent_squadmate_takes_a_free_action(sk):
    m, a, b = sk([(unit("KF-WD-PRD"), 5, 10), (card(), 6.2, 10)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand, match="Adjacent squadmate"):
        m.submit(C.UseSkill("A", "KF-WD-PRD", target=a[0]))
    m.submit(C.UseSkill("A", "KF-WD-PRD", target=a[1]))
    m.submit(C.Move("A", 6.2, 15))
    assert m.active_unit == a[0]


def test_hide_limits_targeting_actions_and_attacks_of_opportunity(sk):
    m, a, b = sk([(unit("STD-HID", act=3), 10, 10)], [(card(), 11.2, 10), (card(), 20, 16), (card(), 14, 6)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "STD-HID"))
    assert m.conditions(a[0]).hidden
    m.submit(C.Move("A", 10, 4))  # leaves b0's Adjacency: no Attack of Opportunity while hidden
    assert m.prompt is None and m.position(a[0]).y == 4
    assert m.cost_of(act.RANGED_COMBAT, m.unit(a[0]).card.weapon("rng")) == act.FORBIDDEN
    rifle = m.unit(b[1]).card.weapon("rng")
    assert "hidden" in m.ranged_target_reason(b[1], rifle, a[0])  # 20,16 -> 10,4: more than 6"
    assert m.ranged_target_reason(b[2], rifle, a[0]) is None  # 14,6: within 6"
    m.submit(C.UseSkill("A", "STD-HID"))  # leaving hiding costs 1 ACT: it is not hiding again
    assert not m.conditions(a[0]).hidden and m.act_left() == 0


def test_neural_command_two_squadmates_act_instead(sk):
    m, a, b = sk([(unit("DRN-NC"), 2, 2), (card(), 5, 10), (card(), 5, 14)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "DRN-NC", target=a[1], other=a[2]))
    assert m.active_unit == a[1]
    m.submit(C.Move("A", 8, 10))
    assert m.active_unit == a[2]
    m.submit(C.Move("A", 8, 14))
    assert m.active_unit is None and m.waiting_for() == "B" and not m.readiness(a[0]).ready


def test_neural_command_one_squadmate_two_different_actions(sk):
    m, a, b = sk([(unit("DRN-NC"), 2, 2), (card(), 5, 10)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 2, 4))
    assert m.skill_reason(a[0], "DRN-NC") is not None  # only instead of any action
    m2, a2, b2 = sk([(unit("DRN-NC"), 2, 2), (card(), 5, 10)], [(card(), 20, 20)])
    m2.submit(C.Activate("A", a2[0]))
    m2.submit(C.UseSkill("A", "DRN-NC", target=a2[1]))
    m2.submit(C.Move("A", 8, 10))
    assert not any(isinstance(c, C.Move) for c in m2.legal_commands("A"))  # a different action now
    m2.submit(C.Dash("A", 9, 10))
    assert m2.active_unit is None


# == passive skills ===================================================================================
@pytest.mark.parametrize("sid", S.DUTY_BEFORE_DEATH)
def test_duty_before_death_both_specialties(sk, sid):
    m, a, b = sk([(card(act=2), 10, 10)], [(unit(sid, hit=1), 15, 10), (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.active_unit == b[0] and m.activation.grant == "dbd" and m.health(b[0]).hit == 0
    end(m, "B")
    assert not m.standing(b[0]) and m.active_unit == a[0]


def test_acid_blood_melee_damage_to_adjacent_enemies(sk):
    m, a, b = sk([(card(hit=3), 10, 10), (card(hit=3), 12.4, 10)], [(unit("HK-AB", hit=1), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6, 6, 3)  # the Hunter falls; a0 saves 6, a1 saves 3
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    m.submit(C.AcceptDice("A"))  # (a1's Support re-roll is not used)
    assert not m.standing(b[0]) and [m.health(u).hit for u in a] == [2, 3]


def test_wrekstatik_two_damage_to_every_adjacent_unit(sk):
    m, a, b = sk([(card(hit=3), 10, 10)], [(unit("KF-BR-WS", hit=1), 11.2, 10), (card(hit=3), 12.4, 10),
                                          (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6, 6, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    m.submit(C.AcceptDice("B"))  # (b1's Support re-roll is not used)
    assert not m.standing(b[0])
    assert m.health(a[0]).hit == 1 and m.health(b[1]).hit == 1  # squadmates too


def test_protect_the_kin_keeps_a_squadmate_at_one_hit(sk):
    m, a, b = sk([(card(), 5, 10)], [(card(hit=2), 15, 10), (unit("CWB-FIX-PRO"), 15, 14)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 1, 6, 6, 6, 6, 2)  # a Critical Strike: 2 Damage; saves 6 6; Protect The Kin rolls 2
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.standing(b[0]) and m.health(b[0]).hit == 1
    assert "CWB-FIX-PRO" in m.readiness(b[1]).used_once  # once per Turn


def test_imposing_denies_the_attacker_support(sk):
    m, a, b = sk([(card(), 10, 10), (card(), 11.2, 11.2)], [(unit("CWB-BRA-IMP", hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt is None  # no Support re-roll to offer


def test_vengeful_rerolls_per_squadmate_taken_out(sk):
    m, a, b = sk([(unit("CWB-VGF"), 5, 10)], [(card(hit=9), 15, 10)])
    m.taken_out_count["A"] = 4
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.decision.free == (("vengeful", 3),)


def test_pain_is_strength_rerolls_and_heals_after_a_melee_take_out(sk):
    m, a, b = sk([(unit("DES-PAIN", hit=4), 10, 10)], [(card(hit=1), 11.2, 10), (card(), 22, 22)])
    m.health(a[0]).hit = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5, 2, 6)  # a re-roll offered for each lost HIT (2)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.decision.free == (("pain", 2),)
    m.submit(C.RerollDie("A", 0, "pain"))  # 5 -> 2: a Strike
    m.submit(C.AcceptDice("A"))  # save 6: the enemy falls
    assert not m.standing(b[0])


def test_pain_is_strength_heals_one_after_a_melee_take_out(sk):
    m, a, b = sk([(unit("DES-PAIN", hit=4), 10, 10)], [(card(hit=1), 11.2, 10), (card(), 22, 22)])
    m.health(a[0]).hit = 2
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    m.submit(C.AcceptDice("A"))
    assert not m.standing(b[0]) and m.health(a[0]).hit == 3


def test_formation_squadmates_near_the_pillar_reroll_one_attack_die(sk):
    m, a, b = sk([(card(), 5, 10), (unit("PRX-PIL-FOR"), 5, 14)], [(card(hit=9), 15, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.decision.free == (("formation", 1),)


def test_silent_choir_plus_one_melee_att_while_it_sees_its_leader(sk):
    m, a, b = sk([(unit("SCH-SCH"), 10, 10), (card(leader=True), 5, 5)], [(card(hit=9), 11.2, 10)],
                 dice=[4] * 5 + [4] * 3 + [2, 5])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 2, 2, 6, 6, 6, 6)  # 4 dice
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.health(b[0]).hit == 5


def test_yellbox_squadmates_within_six_inches_reroll_in_melee(sk):
    m, a, b = sk([(card(), 10, 10), (unit("KF-WD-HWL"), 10, 15)], [(card(hit=9), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 5, 5, 5)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.decision.free == (("yellbox", 1),)


def test_venomous_bonespurs_next_move_costs_more(sk):
    m, a, b = sk([(unit("HK-VBS"), 10, 10)], [(card(hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.conditions(b[0]).move_tax == 1
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    assert m.cost_of(act.MOVE) == 2 and m.conditions(b[0]).move_tax == 0


def test_aegis_aura_one_save_reroll_within_six_inches(sk):
    m, a, b = sk([(card(), 5, 10)], [(card(hit=5), 15, 10), (unit("PRX-AEG-AUR"), 15, 14)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.side == "B" and m.prompt.decision.free == (("aegis", 1),)


def test_shield_critical_saves_count_as_two_instead_of_returning(sk):
    m, a, b = sk([(card(hit=5), 10, 10)], [(unit("PRX-AEG-SHD", hit=5), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 2, 2, 1, 6, 6)  # 3 Damage; saves 1 6 6
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    assert m.prompt.kind == "shield" and m.prompt.options == (1,)
    m.submit(C.ChooseNumber("B", 1))
    assert m.health(b[0]).hit == 4 and m.health(a[0]).hit == 5  # 2 saved, nothing returned


def test_dissonance_shroud_squad_rerolls_a_ranged_save(sk):
    m, a, b = sk([(card(), 5, 10)], [(card(hit=5), 15, 10), (unit("SCH-SB-DS"), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("A", "rng", b[0]))
    assert m.prompt.decision.free == (("shroud", 1),)


def test_tunneler_not_targeted_beyond_twelve_inches_and_always_in_cover(sk):
    m, a, b = sk([(card(), 2, 10), (card(), 10, 14)], [(unit("HK-SPC-TNL"), 16, 10)])
    rifle = m.unit(a[0]).card.weapon("rng")
    assert "Tunneler" in m.ranged_target_reason(a[0], rifle, b[0])
    assert m.ranged_target_reason(a[1], rifle, b[0]) is None


def test_small_always_in_cover_and_no_attacks_of_opportunity(sk):
    m, a, b = sk([(unit("REL-CATREP-SM", act=3), 10, 10), (card(), 5, 5)], [(card(), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 6, 10))
    assert m.prompt is None and m.position(a[0]).x == 6  # provokes none
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, 2, 6, 6, 5)
    m.submit(C.RangedAttack("B", "rng", a[0]))
    assert m.prompt.decision.free == (("cover", 1),)


def test_small_cannot_make_attacks_of_opportunity(sk):
    m, a, b = sk([(card(), 10, 10)], [(unit("REL-CATREP-SM"), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 6, 10))
    assert m.prompt is None


def test_nebulant_squadmates_shoot_enemies_adjacent_to_it_and_it_provokes_none(sk):
    m, a, b = sk([(card(), 10, 2), (unit("HK-CLD-NEB", act=3), 10, 11.2)], [(card(), 10, 10)])
    rifle = m.unit(a[0]).card.weapon("rng")
    assert m.ranged_target_reason(a[0], rifle, b[0]) is None
    m.submit(C.Activate("A", a[1]))
    m.submit(C.Move("A", 10, 16))
    assert m.prompt is None


def test_expendable_squadmates_may_shoot_enemies_adjacent_to_it(sk):
    m, a, b = sk([(card(), 10, 2), (unit("DRN-ML"), 10, 11.2), (card(), 11.2, 10)], [(card(), 10, 10)])
    rifle = m.unit(a[0]).card.weapon("rng")
    assert "Adjacent to" in m.ranged_target_reason(a[0], rifle, b[0])  # a2 is no Expendable
    m2, a2, b2 = sk([(card(), 10, 2), (unit("DRN-ML"), 10, 11.2)], [(card(), 10, 10)])
    assert m2.ranged_target_reason(a2[0], rifle, b2[0]) is None


def test_imperative_targets_adjacent_to_squadmates_but_the_prime_revenant(sk):
    shooter = unit("REL-IMP")
    m, a, b = sk([(shooter, 10, 2), (card(), 10, 11.2), (card(name="EIR-PA"), 16, 11.2)],
                 [(card(), 10, 10), (card(), 16, 10)])
    rifle = m.unit(a[0]).card.weapon("rng")
    assert m.ranged_target_reason(a[0], rifle, b[0]) is None
    assert "Adjacent to" in m.ranged_target_reason(a[0], rifle, b[1])


def test_proxy_traces_sight_from_a_secundus(sk):
    prime = unit("REL-PROX")
    m, a, b = sk([(prime, 5, 10), (card(name="EIR-SEC"), 10, 14)], [(card(), 10, 10), (card(), 15, 10)])
    rifle = m.unit(a[0]).card.weapon("rng")
    assert m.ranged_target_reason(a[0], rifle, b[1]) is None  # b0 blocks its own sight; the Secundus sees
    with m._in_world():
        assert not m.table.sight(m.base(a[0]), m.base(b[1])).visible


def test_defensive_weave_damages_enemies_moving_past(sk):
    m, a, b = sk([(card(hit=3), 5, 10)], [(unit("REL-DW"), 8, 11.8)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 6)
    m.submit(C.Move("A", 10, 10))  # passes within 1" of the weaver, ends 1.7" from it
    m.submit(C.ChooseAttackOfOpportunity("B", None))  # it left the weaver's Adjacency, too
    assert m.health(a[0]).hit == 2 and m.position(a[0]).x == 10


def test_arise_restores_a_hit_on_one_or_two(sk):
    m, a, b = sk([(card(), 5, 5)], [(unit("REL-AR", act=1, hit=3), 20, 20)])
    m.health(b[0]).hit = 1
    m.submit(C.Activate("A", a[0]))
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, 2, 4, 4, 4, 4, 4, 4, 2, 5)  # Arise rolls 2 before the Tactical Orders
    end(m, "B")
    assert m.health(b[0]).hit == 2


def test_fate_shift_rerolls_one_tactical_order_die(sk):
    m, a, b = sk([(unit("SCH-ASP-FS"), 5, 5)], [(card(), 20, 20)], dice=[4, 5, 6, 4, 4, 4, 2] + [2, 5])
    assert m.prompt.kind == "fate_shift" and m.prompt.options == (4, 5, 6)
    assert C.RerollDie("A", 1, "fate") in m.legal_commands("A")
    m.submit(C.RerollDie("A", 1, "fate"))  # 5 -> 2
    assert m.to["A"] == 1 and m.prompt.kind == "first"


def test_infest_places_a_swarmling_where_the_enemy_fell(sk):
    m, a, b = sk([(unit("DRN-INF"), 10, 10)], [(card(hit=1), 11.2, 10), (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 2, 6, 6, 6)
    m.submit(C.MeleeAttack("A", "mel", b[0]))
    new = [u for u in m.units("A") if u != a[0]]
    assert len(new) == 1 and m.position(new[0]).x == 11.2 and not m.readiness(new[0]).ready
    assert m.unit(new[0]).type_id == "SWARM-SPAWN"


def test_meat_hook_plus_one_att_on_attacks_of_opportunity(sk):
    m, a, b = sk([(card(act=2, hit=9), 10, 10)], [(unit("DES-MH"), 11.2, 10)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Dash("A", 8.6, 10))
    roll(m, 2, 2, 2, 2, 6, 6, 6, 6)  # 4 dice
    m.submit(C.ChooseAttackOfOpportunity("B", b[0], "mel"))
    assert m.health(a[0]).hit == 5


def test_charge_two_more_inches_to_end_adjacent_to_an_enemy(sk):
    m, a, b = sk([(unit("DES-BLD-CHG"), 2, 10)], [(card(), 10.2, 10), (card(), 22, 22)])
    m.submit(C.Activate("A", a[0]))
    assert C.Move("A", 9.0, 10.0, 0.0) in m.legal_commands("A")
    assert not any(isinstance(c, C.Move) and c.x == 9.0 and c.y == 4.0 for c in m.legal_commands("A"))
    with pytest.raises(IllegalCommand, match="Charge"):
        m.submit(C.Move("A", 8, 13))
    m.submit(C.Move("A", 9, 10))
    assert m.position(a[0]).x == 9


def test_desecrate_two_more_inches_to_an_objective_marker():
    class WithObjective(Skirmish):
        def setup(self, match):
            match.place_marker("obj", "objective", "Objective", 10.5, 10.0, radius=0.0)

    m, a, b = make([(unit("DES-DSC-DSC"), 2, 10)], [(card(), 22, 22)], mission=WithObjective())
    try:
        m.submit(C.Activate("A", a[0]))
        m.submit(C.Move("A", 9.5, 10))
        assert m.position(a[0]).x == 9.5
    finally:
        m.close()


def test_beast_mindless_weirdo_carry_nothing(sk):
    m, a, b = sk([(unit("DES-BST-BST"), 2, 2), (unit("HK-CLD-MND"), 4, 4), (unit("KF-WD-WD"), 6, 6),
                  (card(), 8, 8)], [(card(), 22, 22)])
    with m._in_world():
        assert [S.may_carry(m, u) for u in a] == [False, False, False, True]
        assert not S.may_take_mission_actions(m, a[0]) and not S.may_control_objectives(m, a[1])


def test_swarmling_only_enters_play_through_infest():
    t = next(t for t in CAT.unit_types.values() if S.SWARMLING_SKILL in t.defaults)
    assert not t.recruitable


# == whole missions: every squad uses its skill actions; replays give the same state ===================
class SkillfulController:
    """The plain headless policy, but it uses a legal skill action first whenever it has one (each skill at
    most once per activation), so the skills of every squad run inside real missions."""

    def __init__(self, side):
        from game.ai.simple import SimpleSquadController
        self.side = side
        self.plain = SimpleSquadController(side)
        self.used = set()

    def decide(self, match):
        from game.ai.common import answer_prompt
        if match.prompt is not None:
            return answer_prompt(match, self.side)
        if match.active_unit is None or match.activation.grant:
            self.used = set()
            return self.plain.decide(match)
        for c in match.legal_commands(self.side):
            key = (match.active_unit, getattr(c, "skill", None))
            if isinstance(c, C.UseSkill) and key not in self.used:
                self.used.add(key)
                return c
        return self.plain.decide(match)


@pytest.mark.parametrize("slug", ["interdictors", "praxium-corps", "silent-choir", "relict-wardens", "drone-pod",
                                  "hunter-killers", "claimant-warband", "despoilers", "krumpfists"])
def test_every_squad_plays_a_mission_using_its_skills_and_replays_identically(slug):
    from game.ai.npc import NpcController
    from game.content import default_squad
    from game.modes import create_match, first_mission_scenario, replay
    sc = first_mission_scenario(default_squad(slug, CAT), map_name=None)
    m = create_match(sc, 5, CAT)
    ctl = {"player": SkillfulController("player"), "npc": NpcController("npc")}
    used = set()
    for _ in range(5000):
        if m.phase == "over":
            break
        cmd = ctl[m.waiting_for()].decide(m)
        if isinstance(cmd, C.UseSkill):
            used.add(cmd.skill)
        m.submit(cmd)
    assert m.phase == "over"
    log = [C.command_from_dict(c.to_dict()) for c in m.log]
    again = replay(sc, 5, log, CAT)
    assert again.state_hash() == m.state_hash()
    m.close()
    again.close()


def test_cloak_ends_at_its_next_activation(sk):
    m, a, b = sk([(unit("PRX-SNP-CLK"), 5, 10)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.UseSkill("A", "PRX-SNP-CLK"))
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    roll(m, *([4] * 6 + [2, 5]))
    end(m, "B")
    assert m.conditions(a[0]).cloaked
    m.submit(C.ChooseFirst("A", "A"))
    m.submit(C.Activate("A", a[0]))
    assert not m.conditions(a[0]).cloaked


def test_skill_state_is_in_the_state_and_its_hash(sk):
    m, a, b = sk([(unit("INT-SG"), 5, 10)], [(card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    h = m.state_hash()
    m.submit(C.UseSkill("A", "INT-SG", x=8, y=10))
    st = m.state_data()
    assert m.state_hash() != h
    comps = dict((uid, comps) for uid, comps in st["entities"])
    token = next(ent for ent, c in comps.items() if "Token" in c)
    assert [t.id for t in m.tokens] == [token] and m.tokens[0].kind == "smoke"
    assert "Conditions" in comps[a[0]] and m.conditions(a[0]).used_mission == ("INT-SG",)


def test_new_commands_round_trip_through_dicts():
    cmds = [C.UseSkill("A", "INT-FG", x=1.5, y=2.0), C.UseSkill("A", "SCH-SB-MSD", target=3, other=4),
            C.ChooseUnit("B", None), C.ChooseUnit("B", 7), C.ChooseWeapon("B", "mel"), C.ChooseNumber("A", 2)]
    assert [C.command_from_dict(c.to_dict()) for c in cmds] == cmds
    assert C.command_from_dict({"type": "UseSkill", "side": "A", "skill": "INT-STRAT"}) == C.UseSkill("A", "INT-STRAT")


# == movement skills: Match.base(uid).move (N53-N57) ==================================================
from pathlib import Path  # noqa: E402

from game.battlefield import MoveRule, load_battlefield  # noqa: E402
from game.rules.cards import build_card  # noqa: E402
from game.rules.model import UnitSpec  # noqa: E402

SKILLS_MAP = Path(__file__).resolve().parent.parent / "battlefield" / "maps" / "skills.tmx"


def make_on(bf, a, b, dice=START):
    """Like make, on a battlefield: a, b are lists of (card, x, y, z)."""
    sides = (SideSpec("A", None), SideSpec("B", None))
    sc = Scenario(mission="test-skirmish", sides=sides)
    cards = {"A": [(c.name, c) for c, *_ in a], "B": [(c.name, c) for c, *_ in b]}
    m = Match(sc, 0, Skirmish(), bf, cards, catalog=CAT)
    uids = {"A": m.undeployed("A"), "B": m.undeployed("B")}
    for side, units in (("A", a), ("B", b)):
        for uid, (_, x, y, z) in zip(uids[side], units):
            m.submit(C.Deploy(side, uid, x, y, z))
        if side == "B":
            m.dice = ScriptedDice(list(dice))
        m.submit(C.EndDeployment(side))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "A"))
    return m, uids["A"], uids["B"]


@pytest.fixture
def on_map():
    """on_map(a, b) -> a match on tests/battlefield/maps/skills.tmx (see tests/battlefield/test_movement_skills.py:
    a 6" climbable 'tower' at x 4-8, y 0-4; a 4" 'bulkhead' at x=12 that nothing may climb)."""
    made = []
    bf = load_battlefield(SKILLS_MAP)

    def _make(a, b, **kw):
        out = make_on(bf, a, b, **kw)
        made.append(out[0])
        return out

    yield _make
    for m in made:
        m.close()


def moved_inches(m):
    return [e.text for e in m.events if e.text and " moves (" in e.text][-1]


CLIMBER_RULE = MoveRule(climb_up_less=2.0, climb_down_less=4.0)
FAR = (card(), 14.5, 7.0, 0.0)  # an enemy out of the way


@pytest.mark.parametrize("skills, specials, rule", [
    ((), (), MoveRule()),
    (("STD-CMB",), (), CLIMBER_RULE),
    ((), ("CMB",), CLIMBER_RULE),
    (("DRN-CLB",), (), CLIMBER_RULE),
    (("PRX-RAP-GRP",), (), CLIMBER_RULE),
    (("INT-JP",), (), MoveRule(ignore_vertical=True)),
    (("HRD-RWD-GRP",), (), MoveRule(ignore_vertical=True)),  # Extraction Gear's Grappling Hook
    ((), ("FLY",), MoveRule(ignore_vertical=True, any_face=True)),
    (("HK-CLD-NEB",), (), MoveRule(ignore_vertical=True, any_face=True, through_enemies=True)),
    (("REL-CATREP-SM",), (), MoveRule(through_enemies=True)),
    (("STD-CMB", "INT-JP"), (), MoveRule(2.0, 4.0, ignore_vertical=True)),
])
def test_match_base_carries_the_units_movement_rule(sk, skills, specials, rule):
    m, a, b = sk([(unit(*skills, specials=specials), 5, 5)], [(card(), 20, 20)])
    assert m.base(a[0]).move == rule
    assert m.table.base(a[0]).move == rule  # the table's copy too
    assert m.base(b[0]).move == MoveRule()


def test_catalog_cards_with_grapnel_climber_and_jump_pack():
    rap = build_card(CAT, UnitSpec("PRX-RAP"))  # Grapnel is a default: it grants the CMB special
    assert rap.special("CMB") is not None and S.move_rule(rap) == CLIMBER_RULE
    brood = [u for u in CAT.unit_types.values() if "DRN-CLB" in u.defaults]
    assert brood and S.move_rule(build_card(CAT, UnitSpec(brood[0].id))) == CLIMBER_RULE
    jp = [u for u in CAT.unit_types.values() if "INT-JP" in u.options]
    assert jp
    spec = UnitSpec(jp[0].id, gear=("INT-JP",))
    assert S.move_rule(build_card(CAT, spec)).ignore_vertical


def test_climber_moves_up_the_tower_a_plain_unit_cannot(on_map):
    m, a, b = on_map([(unit("STD-CMB", act=3), 3.5, 2, 0.0)], [FAR])
    m.submit(C.Activate("A", a[0]))
    assert C.Move("A", 4.5, 2.0, 6.0) in m.legal_commands("A")  # 1" crest + (6 - 2)" = 5"
    assert C.Move("A", 5.5, 2.0, 6.0) in m.legal_commands("A")  # 6"
    assert C.Move("A", 6.0, 2.0, 6.0) not in m.legal_commands("A")
    m.submit(C.Move("A", 4.5, 2.0, 6.0))
    assert m.position(a[0]).z == 6.0 and moved_inches(m).endswith("(5.0\")")
    m.submit(C.Move("A", 3.5, 2.0, 0.0))  # down again: the 1" edge + (6 - 4)" = 3"
    assert m.position(a[0]).z == 0.0 and moved_inches(m).endswith("(3.0\")")


def test_a_plain_unit_cannot_climb_the_tower_in_one_move(on_map):
    m, a, b = on_map([(card(), 3.5, 2, 0.0)], [FAR])
    m.submit(C.Activate("A", a[0]))
    assert not any(isinstance(c, C.Move) and c.z == 6.0 for c in m.legal_commands("A"))  # 7" needed
    with pytest.raises(IllegalCommand):
        m.submit(C.Move("A", 4.5, 2.0, 6.0))


def test_jump_pack_dashes_up_the_tower(on_map):
    m, a, b = on_map([(unit("INT-JP"), 3.5, 2, 0.0)], [FAR])
    m.submit(C.Activate("A", a[0]))
    assert C.Dash("A", 4.5, 2.0, 6.0) in m.legal_commands("A")  # only the 1" crest
    m.submit(C.Dash("A", 4.5, 2.0, 6.0))
    assert m.position(a[0]).z == 6.0 and moved_inches(m).endswith("(1.0\")")


def test_flying_moves_over_the_bulkhead_a_jump_pack_cannot(on_map):
    m, a, b = on_map([(unit(specials=["FLY"]), 11.5, 1.5, 0.0), (unit("INT-JP"), 11.5, 6.5, 0.0)], [FAR])
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 13.5, 1.5, 0.0))
    assert m.position(a[0]).x == 13.5 and moved_inches(m).endswith("(2.0\")")
    end(m, "A")
    m.submit(C.Activate("B", b[0]))
    end(m, "B")
    m.submit(C.Activate("A", a[1]))
    assert not any(isinstance(c, C.Move) and c.x > 12 for c in m.legal_commands("A"))


@pytest.mark.parametrize("skill", ["HK-CLD-NEB", "REL-CATREP-SM"])
def test_nebulant_and_small_move_through_enemy_units(sk, skill):
    m, a, b = sk([(unit(skill), 2, 5), (card(), 2, 12)], [(card(), 5, 5), (card(), 5, 12), (card(), 20, 20)])
    m.submit(C.Activate("A", a[0]))
    assert C.Move("A", 8.0, 5.0, 0.0) in m.legal_commands("A")
    assert not any(isinstance(c, C.Move) and abs(c.x - 5) < 1 and abs(c.y - 5) < 1 for c in m.legal_commands("A"))
    m.submit(C.Move("A", 8, 5, 0.0))
    assert m.prompt is None and m.position(a[0]).x == 8  # straight through, no Attack of Opportunity
    assert moved_inches(m).endswith("(6.0\")")
    end(m, "A")
    m.submit(C.Activate("B", b[2]))
    end(m, "B")
    m.submit(C.Activate("A", a[1]))  # a plain squadmate must go round: 6" is not enough
    assert C.Move("A", 8.0, 12.0, 0.0) not in m.legal_commands("A")
    with pytest.raises(IllegalCommand):
        m.submit(C.Move("A", 8, 12, 0.0))


def test_a_flying_unit_is_pushed_like_any_other(on_map):
    """A push is no Move of the pushed unit: its Flying does not carry it over the bulkhead (N35, N55)."""
    m, a, b = on_map([(unit("CWB-PUSH"), 13.7, 1.5, 0.0)], [(unit(specials=["FLY"], hit=5), 12.5, 1.5, 0.0)])
    assert m.base(b[0]).move.any_face and S.unit_pushed(m, b[0]).move == MoveRule()
    m.submit(C.Activate("A", a[0]))
    with pytest.raises(IllegalCommand):
        m.submit(C.UseSkill("A", "CWB-PUSH", target=b[0], x=10.9, y=1.5))


def test_nebulant_through_a_defensive_weaver_takes_its_damage(sk):
    m, a, b = sk([(unit("HK-CLD-NEB", hit=3), 2, 5)], [(unit("REL-DW"), 5, 5)])
    m.submit(C.Activate("A", a[0]))
    roll(m, 6)  # the save fails
    m.submit(C.Move("A", 8, 5))  # straight through the weaver's base: no Attack of Opportunity, 1 Damage
    assert m.prompt is None and m.position(a[0]).x == 8 and m.health(a[0]).hit == 2
