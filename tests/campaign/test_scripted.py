"""The scripted campaigns (R39) with hand-made mission reports: Last Signal's written plan, its Homebase words and
Climax, the Hegemony squads it takes; the Operations book alone or as three Operations (TL by position); one Injury
healed between missions in the later edition, none in the launch edition's numbers."""
import pytest

from game.campaign import CampaignError, Options, Setup, new_campaign, replay_campaign
from game.campaign import decisions as D
from game.campaign import policy
from game.campaign.chronicle import chronicle_markdown
from game.campaign.model import BRIEFING, COMPLETE, HOMEBASE
from game.content import default_squad

from .conftest import finish, script


def last_signal(squad="interdictors", edition=""):
    return new_campaign(Setup("last-signal", 3, "Signal", Options(("Ana",), edition=edition),
                              (default_squad(squad),)))


def operations(*ids, squad="krumpfists"):
    return new_campaign(Setup("operations", 3, "Book", Options(("Ana",), operations=ids), (default_squad(squad),)))


def homebase(c):
    while c.where.stage == HOMEBASE:
        policy.act(c)


def test_last_signal_plays_its_nine_written_missions_then_its_climax():
    c = last_signal()
    keys = [m.parts.key for op in c.plan for m in op.missions]
    assert keys == [f"last-signal-{a}.{b}" for a in (1, 2, 3) for b in (1, 2, 3)] + ["last-signal-climax"]
    assert [op.threat_level for op in c.plan] == [1, 2, 3, 3] and c.plan[3].climax
    assert [op.faction for op in c.plan] == ["despoilers", "hunter-killers", "relict-wardens", "praxium-corps"]
    assert c.reason(D.RerollMission(1, 1)) == "the missions of this campaign are written: none is rolled again"
    c.submit(D.StartMission())
    assert dict(c.current.scenario.options)["scripted"] == "last-signal-1.1"
    assert dict(c.current.scenario.options)["edition"] == "e2"
    for _ in range(3):
        finish(c)
    assert c.where.stage == HOMEBASE
    words = [e for e in c.events if type(e).__name__ == "HomebaseStory"]
    assert len(words) == 1 and words[0].text == c.rules.homebases[0]
    homebase(c)
    c.submit(D.StartMission())
    opts = dict(c.current.scenario.options)
    assert opts["scripted"] == "last-signal-2.1" and opts["tl"] == 2
    for _ in range(6):  # 2.1-3.3
        if c.where.stage == HOMEBASE:
            homebase(c)
        finish(c)
    homebase(c)
    assert c.where.climax and c.next_mission().label == "Climax"
    assert c.script.briefing(c.next_mission())["title"]
    finish(c)
    assert c.where.stage == COMPLETE
    assert c.result_line() == "result: campaign complete (MP 30, missions won 10 of 10, deceased 0)"
    assert replay_campaign(c.setup, c.decisions).state_hash() == c.state_hash()
    text = chronicle_markdown(c)
    assert c.rules.homebases[2] in text and "| Climax | Praxium Strike Cell (TL 3) | Eliminate and Protect - The Commander |" in text


def test_last_signal_takes_hegemony_squads_only():
    assert last_signal("praxium-corps").sides[0].rosters[0].squad_type
    with pytest.raises(CampaignError, match="written for a Hegemony squad"):
        last_signal("krumpfists")


def test_an_injury_is_healed_between_missions_in_the_later_edition_and_not_in_the_launch_ones():
    c = last_signal()
    hurt = c.roster_units()[1]
    c.submit(D.StartMission())
    script(c, 2, 5)  # its Injury die: Broken Arm, the next mission's seed
    finish(c, out=(hurt.id,))
    assert hurt.injury_ids == ("HRD-INJ-BI",)
    assert c.due() == [(0, "Interdictors: pick the Injury to heal before the mission")]
    assert c.reason(D.StartMission()) is not None
    assert c.reason(D.HealInjury(c.roster_units()[0].id, "HRD-INJ-BI")) is not None
    c.submit(D.HealInjury(hurt.id, "HRD-INJ-BI"))
    assert hurt.injury_ids == () and c.due() == []
    assert c.reason(D.HealInjury(hurt.id, "HRD-INJ-BI")) is not None
    e1 = last_signal(edition="E1")
    assert e1.rules.spoil_cost == 8 and last_signal().rules.spoil_cost == 3
    hurt = e1.roster_units()[1]
    e1.submit(D.StartMission())
    script(e1, 2, 5)
    finish(e1, out=(hurt.id,))
    assert e1.due() == [] and hurt.injury_ids == ("HRD-INJ-BI",)
    with pytest.raises(CampaignError, match="edition"):
        last_signal(edition="E7")


def test_one_operation_of_the_book_is_three_missions_at_threat_level_one_and_no_homebase():
    c = operations("GRU-OCL-01")
    assert len(c.plan) == 1 and c.plan[0].threat_level == 1 and c.plan[0].title == "Scrap Heap"
    assert [m.parts.key for m in c.plan[0].missions] == ["GRU-OCL-01,1", "GRU-OCL-01,2", "GRU-OCL-01,3"]
    c.submit(D.StartMission())
    assert dict(c.current.scenario.options)["operation"] == "GRU-OCL-01,1"
    for _ in range(3):
        finish(c)
    assert c.where.stage == COMPLETE and not any(type(e).__name__ == "HomebaseStep" for e in c.events)


def test_three_operations_of_the_book_are_a_campaign_at_threat_levels_one_two_three():
    c = operations("GRU-OCL-01", "GRU-SWM-01", "GRU-EIR-01")
    assert [op.threat_level for op in c.plan] == [1, 2, 3]
    for _ in range(3):
        finish(c)
    assert c.where.stage == HOMEBASE
    homebase(c)
    assert c.where.stage == BRIEFING and c.where.operation == 2
    c.submit(D.StartMission())
    assert dict(c.current.scenario.options)["tl"] == 2


@pytest.mark.parametrize("ids, words", [
    (("NOPE-01",), "no Operation 'NOPE-01'"),
    (("GRU-OCL-01", "GRU-OCL-01", "GRU-EIR-01"), "different ones"),
    (("GRU-OCL-01", "GRU-EIR-01"), "pick one Operation, or 3"),
])
def test_a_bad_pick_of_operations_is_named(ids, words):
    with pytest.raises(CampaignError, match=words):
        operations(*ids)
