"""The campaign as data: its plan rolled with its own dice (R33, the tracker of digest 3.2 adapted to E1), re-rolls of
unplayed missions, the same state from the same seed and decisions, co-op (a shared roster dealt out, mini squads,
one agreed Squad Leader, R27), the mission as an ordinary match built from the roster, the end (R37) and the
score."""
import pytest

from game.campaign import CampaignError, replay_campaign
from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import BRIEFING, COMPLETE, HOMEBASE, LOST
from game.content import default_squad
from game.modes.pve.data import load_pve_data
from game.rules.dice import Dice
from game.rules.model import SquadSpec, UnitSpec

from .conftest import CAT, campaign, finish, ids, script, small_squad, to_homebase

DATA = load_pve_data(CAT)


def test_the_plan_three_operations_of_three_missions_rolled_at_the_start():
    c = campaign(seed=4)
    assert [(op.number, op.threat_level) for op in c.plan] == [(1, 1), (2, 2), (3, 3)]
    assert len({op.faction for op in c.plan}) == 3
    for op in c.plan:
        assert [m.label for m in op.missions] == [f"{op.number}.{k}" for k in (1, 2, 3)]
        pairs = [frozenset(m.parts.objectives) for m in op.missions]
        assert all(len(p) == 2 for p in pairs) and len(set(pairs)) == 3
        assert len({m.parts.deployment for m in op.missions}) == 3
        assert all(m.parts.battlefield in [b.id for b in DATA.battlefields] for m in op.missions)
    dice = [e for e in c.events if isinstance(e, V.DieRolled)]
    assert len(dice) == c.dice.rolled and all(1 <= e.face <= e.sides for e in dice)
    assert campaign(seed=4).state_hash() == c.state_hash() != campaign(seed=5).state_hash()


def test_factions_picked_at_the_start_are_kept():
    c = campaign(seed=4, factions=("krumpfists", None, "classic"))
    assert [op.faction for op in c.plan][0::2] == ["krumpfists", "classic"]
    how = [e.how for e in c.events if isinstance(e, V.FactionSet)]
    assert how == ["picked", "rolled", "picked"]
    with pytest.raises(CampaignError, match="Operation 1: no NPC faction 'elves'"):
        campaign(factions=("elves",))


def test_an_unplayed_mission_may_be_rerolled_a_played_one_is_locked():
    c = campaign(seed=4)
    before = c.plan[0].missions[1].parts
    script(c, 3, 3, 3, 4, 1, 2)  # doubles rolled again; battlefield 1; deployment 2
    c.submit(D.RerollMission(1, 2))
    parts = c.plan[0].missions[1].parts
    assert parts.objectives == ("destroy", "protect") and parts.battlefield == "ruined-city"
    assert parts != before and c.events[-1].again
    script(c, 77)
    finish(c)
    assert "1.1 was played: it is locked" in c.reason(D.RerollMission(1, 1))
    assert c.reason(D.RerollMission(4, 1)) == "there is no mission 4.1"


def test_the_same_setup_and_decisions_give_the_same_campaign():
    c = campaign(seed=9)
    a, b = ids(c)[:2]
    c.submit(D.RerollMission(3, 3))
    finish(c, out=[a], took={b: ("Ravager",)}, dealt={b: 4})
    finish(c, behind=[b])
    finish(c, out=[a, b])
    c.submit(D.NextStep())
    again = replay_campaign(c.setup, c.decisions)
    assert again.state_hash() == c.state_hash()
    assert [e.text for e in again.events] == [e.text for e in c.events]
    read = [D.decision_from_dict(d.to_dict()) for d in c.decisions]
    assert read == c.decisions
    assert replay_campaign(c.setup, read).state_hash() == c.state_hash()


def test_the_service_record():
    c = campaign()
    a, b = ids(c)[:2]
    script(c, 99, 1)
    finish(c, out=[a], took={b: ("Ravager", "Desecrator")}, dealt={b: 5})
    ra, rb = c.units[a].record, c.units[b].record
    assert (ra.missions, ra.taken_out, ra.hit_lost, ra.played) == (1, 1, 1, ["1.1"])
    assert (rb.missions, rb.taken_out, rb.enemies_taken_out, rb.hit_dealt) == (1, 0, 2, 5)


def test_the_mission_is_an_ordinary_pve_match_of_the_roster():
    c = campaign(seed=3)
    pm = c.next_mission()
    m = c.start_mission()
    try:
        o = dict(m.scenario.options)
        op = c.plan[0]
        assert (o["tl"], o["npc"], o["battlefield"], o["deployment"]) == \
            (1, op.faction, pm.parts.battlefield, pm.parts.deployment)
        assert o["objectives"] == ",".join(pm.parts.objectives)
        assert [m.unit(u).name for u in m.all_units_of("player")] == [u.name for u in c.roster_units()]
        assert m.scenario.map == DATA.battlefield(pm.parts.battlefield).map
        assert m.mission_state["faction"] == op.faction and m.mission_state["tl"] == 1
        assert c.reason(D.StartMission()) == "a mission is being played"
        with pytest.raises(CampaignError):
            c.finish_mission(m)  # not over yet
    finally:
        m.close()


def test_a_shared_roster_is_dealt_out_and_may_be_dealt_again_at_homebase():
    c = campaign(people=2)
    units = c.roster_units()
    assert [u.owner for u in units] == [0, 1, 0, 1, 0]
    c.submit(D.DealUnit(units[0].id, 1))
    sc = c.script.scenario(c.next_mission(), tuple(ids(c)))
    side = sc.side("player")
    assert side.players == ("Player 1", "Player 2") and side.owners == (1, 1, 0, 1, 0)
    finish(c)
    assert "before the first mission and at a Homebase" in c.reason(D.DealUnit(units[0].id, 0))
    to_homebase(c)
    c.submit(D.DealUnit(units[0].id, 0))
    assert c.reason(D.DealUnit(units[0].id, 2)) == "no person 3"


def test_mini_squads_agree_on_one_squad_leader_per_mission():
    mini = [SquadSpec("INT", "Ana's", (UnitSpec("INT-STRP", "Ana", ("INT-CK", "INT-LDR")),
                                       UnitSpec("INT-STRP", "Ben", ("INT-CK",)))),
            SquadSpec("DES", "Cy's", tuple(default_squad("despoilers").units[:2]))]
    c = campaign(mini=mini)
    ana, ben, rav, _ = ids(c)
    assert c.squad_leader() == ana
    assert c.reason(D.ChooseSquadLeader(ben)) == "Ben is not a Leader"
    assert c.reason(D.DealUnit(ben, 1)) == "each mini squad is its person's"
    c.submit(D.ChooseSquadLeader(rav))
    m = c.start_mission()
    try:
        side = m.scenario.side("player")
        assert side.owners == (0, 0, 1, 1) and dict(m.scenario.options)["squad_leader_unit"] == 2
        leaders = [u for u in m.all_units_of("player") if m.unit(u).leader]
        assert leaders == [m.all_units_of("player")[2]]
    finally:
        m.close()


def test_no_unit_left_to_deploy_loses_the_campaign():
    c = campaign(squad=small_squad(4))
    units = ids(c)
    script(c, 99, 2, 2, 2, 2, 99, 2, 2, 2, 2)
    finish(c, out=units, won=False)
    assert c.where.stage == BRIEFING
    finish(c, out=units, won=False)
    assert c.where.stage == LOST and c.over and c.deployable() == []
    assert c.result_line() == "result: campaign lost (operation 1, mission 2)"
    assert isinstance(c.events[-1], V.CampaignLost)
    assert c.reason(D.StartMission()) == "no mission is next"


def test_after_operation_3_mission_3_the_campaign_is_complete_with_its_score():
    c = campaign(squad=small_squad(4))
    a = ids(c)[-1]
    script(c, 99, 5, 99, 5)
    finish(c, out=[a], won=False, mp=1)
    finish(c, out=[a], won=False, mp=1)  # Damaged Armor twice: Deceased
    c.dice = Dice(7)  # real dice from here on
    for op in (1, 2):
        to_homebase(c, mp=3)
        while c.where.stage == HOMEBASE:
            if c.where.step == "recruit":
                c.submit(D.Recruit("INT-STRP", f"Rookie {op}", ("INT-CK",)))
            c.submit(D.NextStep())
    while not c.over:
        finish(c, mp=4)
    s = c.score()
    assert c.where.stage == COMPLETE and (s.mp, s.won, s.missions, s.played, s.fallen) == (26, 7, 9, 9, 1)
    assert s.survivors == 5
    assert c.result_line() == "result: campaign complete (MP 26, missions won 7 of 9, deceased 1)"
    assert isinstance(c.events[-1], V.CampaignComplete)


def test_to_homebase_after_the_third_mission_only():
    c = campaign(squad=small_squad(4))
    finish(c)
    finish(c)
    assert c.where.stage == BRIEFING and c.where.label == "1.3"
    to_homebase(c)
    assert c.where.label == "1.3" and c.where.step == "memorial"


def test_units_without_a_name_are_named_by_their_type_and_numbered():
    c = campaign(squad=default_squad("despoilers"))
    names = [u.name for u in c.roster_units()]
    blood = CAT.unit_types["DES-BLD"].name
    assert names.count(blood) == 1 and f"{blood} 2" in names and f"{blood} 3" in names
    assert len(set(names)) == len(names)
