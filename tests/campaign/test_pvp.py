"""The PvP campaign (R38) with hand-made mission reports and the campaign's dice scripted: the plan, the Campaign
Rewards (the pick, the unit they go to, their effect in the next mission and not after it), Spoils of War by each
Operation's result, the Climax's chooser and its advantages, no Injuries after the Climax, the campaign's winner."""
import pytest

from game.campaign import CampaignError, Options, Setup, new_campaign, replay_campaign
from game.campaign import decisions as D
from game.campaign.model import BRIEFING, COMPLETE, HOMEBASE, SPOILS
from game.campaign.chronicle import chronicle_markdown
from game.campaign.pvp import climaxes
from game.content import default_squad
from game.match import events as E
from game.modes import create_match
from game.modes.session import make_controller, Session

from .conftest import script

PLAN = ("secure-the-zone", "hold-the-line", "power-cycle", "sabotage", "push-the-line", "centerpoint",
        "recover-intel", "last-stand", "rivals")
REWARDS = {"secure-the-zone": ("Field Stabilizers", "Forward Command"),
           "hold-the-line": ("Tactical Resupply", "Healed Injury"),
           "power-cycle": ("Voltage Spikes", "Technician Assist"),
           "sabotage": ("Demo Expert", "Quick Prep"), "push-the-line": ("Aggressive Push", "Rapid Deployment"),
           "centerpoint": ("Decisive Strike", "Weapon Calibration"),
           "recover-intel": ("Intelligence Priority", "Treasure Trove"),
           "last-stand": ("Veteran Status", "Urgent Treatment"), "rivals": ("Personal Vendetta", "Defensive Stance")}


def pvp(seed=1, missions=PLAN, computer=()):
    squads = (default_squad("interdictors"), default_squad("krumpfists"))
    return new_campaign(Setup("pvp", seed, "Rivalry", Options(("Ana", "Ben"), computer=computer,
                                                             missions=tuple(missions)), squads))


def finish(c, winner="player", pick=0, out=(), rewards=True):
    """Start the next mission and finish it: `winner` ("" a draw) took the Reward `pick` of the mission (the loser
    the other) unless `rewards` is False (a mission over before its Rewards were asked); `out` Taken Out."""
    if c.current is None:
        c.submit(D.StartMission())
    pm = c.next_mission()
    reports = tuple(D.UnitReport(u, "taken_out" if u in out else "standing", 2 if u in out else None,
                                 "someone" if u in out else "", (), 0, 1 if u in out else 0) for u in c.current.units)
    got = ()
    if rewards and not pm.climax and winner:
        names = REWARDS[pm.parts.key]
        loser = "opponent" if winner == "player" else "player"
        got = ((winner, names[pick]), (loser, names[1 - pick]))
    scores = (("player", 4 if winner == "player" else 1), ("opponent", 4 if winner == "opponent" else 1))
    c.submit(D.FinishMission((), "h", winner or "draw", winner == "player", 4, "test", scores[0][1], reports,
                             winner=winner, scores=scores, rewards=got))


def give_rewards(c):
    """Each squad gives its Reward to its first unit that may take it (the first choice)."""
    for side in range(2):
        opts = c.script.reward_options(side)
        if opts:
            c.submit(D.AssignReward(side, *opts[0]))


def through_homebase(c):
    while c.where.stage == HOMEBASE:
        if c.where.step == SPOILS:
            for side in range(2):
                while c.sides[side].spoils_due:
                    u = c.roster_units(side=side)[0]
                    from game.campaign.homebase import spoils_for
                    c.submit(D.BuySpoil(u.id, spoils_for(c, u.id)[0]))
        for uid, n in list(c.heals_due.items()):
            for _ in range(n):
                c.submit(D.HealInjury(uid, c.units[uid].injury_ids[0]))
        c.submit(D.NextStep())


def operation(c, winners):
    for w in winners:
        give_rewards(c)
        finish(c, w)
    through_homebase(c)


def test_the_plan_holds_nine_missions_picked_or_rolled_once_each_then_the_climax():
    c = pvp(missions=PLAN[:2])
    keys = [m.parts.key for op in c.plan[:3] for m in op.missions]
    assert keys[:2] == list(PLAN[:2]) and len(set(keys)) == 9
    assert c.plan[3].climax and c.plan[3].missions[0].parts.key == ""
    with pytest.raises(CampaignError, match="each mission once"):
        pvp(missions=("rivals", "rivals"))
    with pytest.raises(CampaignError, match="no PvP mission"):
        pvp(missions=("nowhere",))
    c.submit(D.RerollMission(1, 3))
    assert len({m.parts.key for op in c.plan[:3] for m in op.missions}) == 9
    assert c.reason(D.RerollMission(4, 1)) is not None


def test_the_winner_picks_a_reward_the_loser_gets_the_other_and_it_acts_in_the_next_mission_only():
    c = pvp()
    finish(c, "player", pick=0)  # Secure the Zone: the winner takes Field Stabilizers, the loser Forward Command
    assert c.sides[0].reward.name == "Field Stabilizers" and c.sides[1].reward.name == "Forward Command"
    assert c.due() == [(0, "Interdictors: give the Campaign Reward Field Stabilizers")]
    assert c.reason(D.StartMission()) is not None
    unit = c.roster_units(side=0)[2]
    assert c.reason(D.AssignReward(0, c.roster_units(side=1)[0].id, "")) is not None  # not an enemy unit
    c.submit(D.AssignReward(0, unit.id, ""))
    m = c.start_mission()
    try:
        assert "player:arm_turn1:2:" in m.scenario.option("held")
        s = Session(m, {side: make_controller(m, side, "computer") for side in m.sides})
        while m.turn < 1:
            s.step()
        uid = m.all_units_of("player")[2]
        assert m.mission.arm_bonus(m, uid, None, True) == 1
        assert m.mission.arm_bonus(m, m.all_units_of("player")[3], None, True) == 0
        while m.turn < 2 and m.result is None:
            s.step()
        assert m.mission.arm_bonus(m, uid, None, True) == 0  # Turn 1 only
    finally:
        m.close()
    finish(c, "opponent", pick=1)  # Hold the Line: the opponent takes Healed Injury
    assert c.sides[0].reward.name == "Tactical Resupply" and c.sides[1].reward.name == "Healed Injury"


def test_gear_rewards_are_on_the_card_for_the_next_mission_and_gone_after_it():
    c = pvp()
    finish(c, "player")
    give_rewards(c)
    finish(c, "player")
    give_rewards(c)
    finish(c, "opponent", pick=1)  # Power Cycle: the opponent's Technician Assist, the player's Voltage Spikes
    through_homebase(c)  # it ends Operation 1: the Rewards act in Operation 2's first mission
    ana, ben = c.roster_units(side=0)[1], c.roster_units(side=1)[1]
    opts = c.script.reward_options(0)
    assert {ch for _, ch in opts} == {"melee-RLT", "melee-RND1", "ranged-RLT", "ranged-RND1"}
    c.submit(D.AssignReward(0, ana.id, "ranged-RND1"))
    c.submit(D.AssignReward(1, ben.id, ""))
    assert "HRD-SOW-R-RND1" in c.card(ana.id).skills and "STD-TECH" in c.card(ben.id).skills
    assert [ch.cause for ch in c.card_changes(ana.id)]  # the card shows what changes it
    c.submit(D.StartMission())
    slot = c.current.by_side[0].index(ana.id)
    assert "HRD-SOW-R-RND1" in c.current.scenario.sides[0].squad.units[slot].gear
    finish(c, "player")
    give_rewards(c)
    assert "HRD-SOW-R-RND1" not in c.card(ana.id).skills and "STD-TECH" not in c.card(ben.id).skills


def test_a_mission_over_before_its_rewards_were_asked_lets_its_winner_pick_and_a_draw_rolls():
    c = pvp()
    finish(c, "opponent", rewards=False)
    assert c.due()[0] == (1, "Krumpfists: pick a Campaign Reward")
    assert c.reason(D.PickReward(0, 0)) is not None
    c.submit(D.PickReward(1, 1))
    assert c.sides[1].reward.name == "Forward Command" and c.sides[0].reward.name == "Field Stabilizers"
    give_rewards(c)
    c.submit(D.StartMission())
    script(c, 5)  # the draw's die: 4-6, the opponent gets the first Reward
    finish(c, "")
    assert c.sides[1].reward.name == "Tactical Resupply" and c.sides[0].reward.name == "Healed Injury"


def test_healing_and_lasting_rewards_take_effect_at_once():
    c = pvp()
    hurt = c.roster_units(side=1)[1]
    c.submit(D.StartMission())
    script(c, 2, 7)  # its Injury die: Broken Arm; the next mission's seed
    finish(c, "player", out=(hurt.id,))
    assert hurt.injury_ids == ("HRD-INJ-BI",)
    give_rewards(c)
    finish(c, "opponent", pick=1)  # Hold the Line: Healed Injury for the opponent
    assert c.script.reward_options(1) == [(hurt.id, "HRD-INJ-BI")]
    c.submit(D.AssignReward(1, hurt.id, "HRD-INJ-BI"))
    assert hurt.injury_ids == ()


def _operation_spoils(winners):
    c = pvp()
    for w in winners:
        give_rewards(c)
        finish(c, w)
    return c


@pytest.mark.parametrize("winners, ops, spoils", [
    (("player", "player", "player"), (1, 0), (3, 0)),
    (("opponent", "player", "opponent"), (0, 1), (1, 2)),
    (("player", "", "opponent"), (0, 0), (1, 1)),  # a drawn mission: 1-1, nobody wins the Operation
    (("player", "", "player"), (1, 0), (2, 0)),
])
def test_spoils_of_war_by_the_operations_result(winners, ops, spoils):
    c = _operation_spoils(winners)
    assert c.where.stage == HOMEBASE
    assert tuple(s.operations_won for s in c.sides) == ops
    assert tuple(s.spoils_due for s in c.sides) == spoils
    while c.where.step != SPOILS:
        for uid, n in list(c.heals_due.items()):
            c.submit(D.HealInjury(uid, c.units[uid].injury_ids[0]))
        c.submit(D.NextStep())
    if spoils[0]:
        assert c.reason(D.NextStep()).startswith("Interdictors: give")
    u = c.roster_units(side=0)[0]
    from game.campaign.homebase import spoils_for
    if not spoils[0]:
        assert "won no Spoil" in c.reason(D.BuySpoil(u.id, spoils_for(c, u.id)[0]))
    bank = c.sides[0].mp_bank
    through_homebase(c)
    assert c.sides[0].mp_bank == bank  # given, not bought
    assert sum(len(x.spoils) for x in c.roster_units(side=0)) == spoils[0]
    assert sum(len(x.spoils) for x in c.roster_units(side=1)) == spoils[1]


def _to_climax(first, second, third):
    c = pvp()
    for ws in (first, second, third):
        operation(c, ws)
    return c


def test_the_squad_with_more_operations_picks_the_climax_deploys_first_and_has_one_more_to():
    c = _to_climax(("player",) * 3, ("opponent",) * 3, ("opponent", "opponent", "player"))
    assert c.where.climax and c.where.stage == BRIEFING
    assert c.script.climax_chooser() == 1
    give_rewards(c)  # the last mission's Rewards act in the Climax
    assert c.due() == [(1, "Krumpfists: pick the Climax")]
    assert c.reason(D.ChooseClimax("climax-the-flag")) is None
    assert c.reason(D.ChooseClimax("rivals")) is not None
    c.submit(D.ChooseClimax("climax-the-flag"))
    assert c.reason(D.ChooseClimax("climax-last-signal")) == "the Climax is set"
    m = c.start_mission()
    try:
        assert m.scenario.option("advantage") == "opponent"
        assert not any(isinstance(e, E.DiceRolled) and "roll-off" in getattr(e, "why", "") for e in m.events)
        s = Session(m, {side: make_controller(m, side, "computer") for side in m.sides})
        while m.turn < 1:
            s.step()
        assert m.mission_state["deploy_first"] == "opponent" and m.mission_state["rolloff_winner"] == "opponent"
        gained = [e for e in m.events if isinstance(e, E.TacticalOrdersChanged) and "Climax" in e.why]
        assert [(e.side, e.delta) for e in gained] == [("opponent", 1)]
    finally:
        m.close()


def test_even_operations_roll_the_climax_and_nobody_has_the_advantages():
    c = pvp()
    operation(c, ("player",) * 3)
    operation(c, ("opponent",) * 3)
    for w in ("player", ""):
        give_rewards(c)
        finish(c, w)
    give_rewards(c)
    c.submit(D.StartMission())
    script(c, 2, 99)  # the Climax die after the last Homebase (the second of the three), the Climax's seed
    finish(c, "opponent")
    through_homebase(c)
    assert c.script.climax_chooser() is None
    assert c.plan[3].missions[0].parts.key == climaxes()[1].id
    give_rewards(c)
    assert c.due() == []
    c.submit(D.StartMission())
    assert c.current.scenario.option("advantage") is None


def test_no_rewards_or_injuries_after_the_climax_and_its_winner_wins_the_campaign():
    c = _to_climax(("player",) * 3, ("opponent",) * 3, ("player", "player", "opponent"))
    give_rewards(c)
    c.submit(D.ChooseClimax(climaxes()[0].id))
    c.submit(D.StartMission())
    out = c.current.units[:3]
    with pytest.raises(CampaignError, match="no Campaign Rewards after the Climax"):
        c.submit(D.FinishMission((), "h", "opponent", False, 4, "t", 0, tuple(
            D.UnitReport(u, "standing", None, "", (), 0, 0) for u in c.current.units), winner="opponent",
            rewards=(("player", "Veteran Status"), ("opponent", "Urgent Treatment"))))
    before = {u: list(c.units[u].injury_ids) for u in out}
    rolls = sum(1 for e in c.events if type(e).__name__ == "DieRolled")
    finish(c, "opponent", out=out)
    assert {u: list(c.units[u].injury_ids) for u in out} == before
    assert sum(1 for e in c.events if type(e).__name__ == "DieRolled") == rolls
    assert c.where.stage == COMPLETE and c.over and c.winner == "opponent"
    assert c.sides[0].reward is None and c.sides[1].reward is None
    assert c.result_line() == "result: campaign won by Krumpfists (Operations 2-1, missions won 5-5)"
    again = replay_campaign(c.setup, c.decisions)
    assert again.state_hash() == c.state_hash()
    text = chronicle_markdown(c)
    assert "The campaign is won by Krumpfists. Operations won: Interdictors 2, Krumpfists 1" in text
    assert "| Climax | Scorched Earth | Won by Krumpfists, Turn 4 | 1-4 |" in text and "| Krumpfists | " in text


def test_a_drawn_climax_draws_the_campaign():
    c = _to_climax(("player",) * 3, ("opponent",) * 3, ("player", "", "opponent"))
    give_rewards(c)
    finish(c, "")
    assert c.over and c.winner is None and c.result_line().startswith("result: campaign drawn")


def test_a_person_against_the_computer_the_computer_takes_only_its_own_picks():
    from game.campaign import policy
    c = pvp(computer=(1,))
    assert [s.computer for s in c.sides] == [False, True]
    finish(c, "player", pick=0)  # the person's Field Stabilizers wait for its pick; Forward Command needs none
    assert policy.picks(c, 1) == [] and c.due() == [(0, "Interdictors: give the Campaign Reward Field Stabilizers")]
    give_rewards(c)
    finish(c, "opponent", pick=0)  # the computer's Tactical Resupply; Healed Injury: nobody of the person's is hurt
    done = policy.picks(c, 1)
    assert [type(d).__name__ for d in done] == ["AssignReward"] and done[0].side == 1 and c.due() == []
    c.submit(D.StartMission())
    sides = {s.side: s.control for s in c.current.scenario.sides}
    assert sides == {"player": "person", "opponent": "computer"}
