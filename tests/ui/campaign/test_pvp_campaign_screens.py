"""The PvP campaign (R38) played through its screens: Campaign > New with the PvP kind (two squads, each a person
named at the screen or the computer), the nine missions picked together, the campaign screen with both squads, a
mission played on the ordinary battle screen with the campaign's scenario, the debrief of two squads, the hand-over
before each squad's own picks, the Campaign Reward picked and given (a secret one never shown on the shared
screens), the Homebase with each squad's turn behind the hand-over, the Climax chooser, and the end screen naming
the campaign's winner. Against the computer, its squad makes its own picks through game.campaign.policy.

One mission is played on the battle screen (the computer answering for the people through the session, as
tests/ui/test_whole_missions_on_screen.py does); the others are finished with written mission reports through the
campaign API (their battles are played headless in tests/campaign), to keep the test short. Every new screen is
rendered to tests/output/screens/campaign-pvp-*.png at 1280x800 and at the 960x600 minimum, and read: no widget's
text cut, no label shortened with an ellipsis."""
from __future__ import annotations

import pygame

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import BRIEFING, COMPLETE, HOMEBASE, IN_MISSION, SPOILS
from game.campaign.pvp import climaxes
from game.modes.session import make_controller
from game.ui.battle.handover import HandoverScene as BattleHandover
from game.ui.campaign.common import keep, show
from game.ui.campaign.debrief import DebriefScene
from game.ui.campaign.end import EndScene
from game.ui.campaign.homebase import HomebaseScene
from game.ui.campaign.hub import CampaignHubScene
from game.ui.campaign.mission import CampaignBattleScene
from game.ui.campaign.picks import SquadPicksScene
from game.ui.campaign.setup_plan import PlanPickScene
from game.ui.campaign.setup import CampaignSetupScene
from game.ui.campaign.setup_kinds import COMPUTER, PERSON, PICK_PLAN
from game.ui.campaign.squads import HandOverScene
from game.ui.drawn import widget_cuts
from game.ui.results_scene import ResultsScene

from ..driver import Driver

PLAN = ("secure-the-zone", "hold-the-line", "power-cycle", "sabotage", "push-the-line", "centerpoint",
        "recover-intel", "last-stand", "rivals")


def unreadable(scene) -> list[str]:
    """Widgets of the screen whose text is cut: too wide for them, or shortened with an ellipsis to fit."""
    out = [f"a {c.where} too narrow for {c.text!r}" for c in widget_cuts(scene.root)]
    out += [f"cut in the {c.where}: {c.text!r} shown as {c.shown!r}" for c in scene.drawn.cuts]
    stack = [scene.root] if scene.root is not None else []
    while stack:
        el = stack.pop()
        stack.extend(getattr(el, "elements", None) or ())
        text = getattr(el, "text", "") or ""
        if isinstance(text, str) and text.endswith("…") and el.visible:
            out.append(f"{type(el).__name__} cut to {text!r}")
    return out


def snap(d: Driver, name: str) -> None:
    """The screen at 1280x800 and at the 960x600 minimum, each read for cut texts."""
    d.app.toasts.clear()
    problems = []
    for size, suffix in (((1280, 800), ""), ((960, 600), "-960x600")):
        d.app.resize(*size)
        d.step(3)
        d.shot(f"campaign-pvp-{name}{suffix}")
        problems += [f"{size}: {p}" for p in unreadable(d.scene)]
    d.app.resize(1280, 800)
    d.step(2)
    assert not problems, f"{name}: {problems}"


def new_pvp_on_screen(d: Driver, name: str, opponent=PERSON, plan=PLAN, shots=False):
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_new)
    s = d.scene
    assert isinstance(s, CampaignSetupScene)
    kinds = {k.id: title for title, k in s.kinds.items()}
    assert set(kinds) == {"pve", "pvp", "last-signal", "operations"}  # every kind is offered
    s.values.update(kind=kinds["pvp"], ctl1=opponent, plan=PICK_PLAN)
    s.build_ui()
    s.e_name.set_text(name)
    s.e_seed.set_text("11")
    s.e_players[0].set_text("Ana")
    if opponent == PERSON:
        s.e_players[1].set_text("Ben")
    assert "PvP campaign" in s.box.html_text
    if shots:
        snap(d, "setup")
    d.click(d.scene.b_plan)
    pick = d.scene
    assert isinstance(pick, PlanPickScene)
    by_id = {v: k for k, v in pick.book.items()}
    pick.values = [by_id[m] for m in plan]
    pick.build_ui()
    if shots:
        snap(d, "plan-pick")
    d.click(d.scene.b_done)
    assert isinstance(d.scene, CampaignSetupScene) and d.scene.plan_missions == plan
    d.click(d.scene.b_go)
    assert isinstance(d.scene, CampaignHubScene), d.app.last_dialog
    return d.scene.c


def report(c, winner: str, rewards: bool = True, out=()) -> None:
    """Finish the next mission with a written report: `winner` ("" a draw) 4 MP to 1, the Rewards shared out by
    the match (the winner the first) unless `rewards` is False (a mission over before the match asked)."""
    if c.current is None:
        c.submit(D.StartMission())
    pm = c.next_mission()
    reports = tuple(D.UnitReport(u, "taken_out" if u in out else "standing", 2 if u in out else None,
                                 "a rival" if u in out else "", (), 0, 0) for u in c.current.units)
    got = ()
    if rewards and winner and not pm.climax:
        from game.modes.pvp.book import definition
        names = [r.name for r in definition(pm.parts.key).rewards]
        loser = "opponent" if winner == "player" else "player"
        got = ((winner, names[0]), (loser, names[1]))
    scores = (("player", 4 if winner == "player" else 1), ("opponent", 4 if winner == "opponent" else 1))
    c.submit(D.FinishMission((), "h", winner or "draw", winner == "player", 4, "a report", scores[0][1], reports,
                             winner=winner, scores=scores, rewards=got))


def choose(d: Driver, ps, i: int) -> None:
    """Select option `i` of the picks screen's list (a click on a selected one would unselect it)."""
    if ps.list.get_single_selection() != ps.items[i]:
        d.click(ps.list.item_list[i]["button_element"], frames=4)


def picks_through_screens(d: Driver, c, shots: str = "") -> list:
    """Each squad's due picks made on the picks screen behind the hand-over (the first option each time)."""
    taken = []
    hub = d.scene
    assert isinstance(hub, CampaignHubScene)
    while hub.due_buttons:
        button, side = hub.due_buttons[0]
        d.click(button)
        assert isinstance(d.scene, HandOverScene) and d.scene.side == side  # two people: the screen is passed
        if shots:
            snap(d, "hand-over")
        d.click(d.scene.b_go)
        for _ in range(10):
            ps = d.scene
            if not isinstance(ps, SquadPicksScene):
                break
            assert ps.side == side and ps.options
            choose(d, ps, 0)
            assert ps.b_take.is_enabled
            if shots:
                snap(d, f"{shots}-{len(taken)}")
                assert d.scene.list.get_single_selection() == ps.items[0]  # the pick kept through a resize
            taken.append(ps.options[0][1])
            n = len(c.decisions)
            d.click(ps.b_take)
            assert len(c.decisions) == n + 1
        hub = d.scene
        assert isinstance(hub, CampaignHubScene)
    return taken


def to_spoils(d: Driver, c) -> None:
    """The Homebase's steps on screen up to Spoils of War (an Injury to pick at Healing: the unit's first)."""
    while c.where.step != SPOILS:
        if c.heals_due:
            for uid, n in list(c.heals_due.items()):
                for _ in range(n):
                    c.submit(D.HealInjury(uid, c.units[uid].injury_ids[0]))
            show(d.app, c)
        d.click(d.scene.b_next)
        assert isinstance(d.scene, HomebaseScene)


def test_a_hot_seat_pvp_campaign_through_the_screens(app, saves_dir):
    d = Driver(app)
    c = new_pvp_on_screen(d, "Rivals", shots=True)
    assert [s.people for s in c.sides] == [("Ana",), ("Ben",)] and not any(s.computer for s in c.sides)
    assert [pm.parts.key for op in c.plan[:3] for pm in op.missions] == list(PLAN)  # picked together
    assert (saves_dir / "campaigns" / "Rivals.json").is_file()
    snap(d, "hub")
    hub = d.scene
    assert len(hub.plan.rows) == 10 and hub.roster2 is not None
    assert {uid for _, uid in hub.roster2.places} <= {u.id for u in c.roster_units(side=1)}

    # mission 1.1 on the ordinary battle screen, both people's answers given by the computer through the session
    d.click(hub.b_start)
    battle = app.scenes[-2] if isinstance(d.scene, BattleHandover) else d.scene  # (the first person takes the seat)
    assert isinstance(battle, CampaignBattleScene) and c.stage == IN_MISSION
    assert battle.match.scenario.to_dict() == c.current.scenario.to_dict()
    assert [s.controller for s in battle.match.scenario.sides] == ["person", "person"]
    for side in ("player", "opponent"):
        battle.play_by_computer(side, make_controller(battle.match, side, "computer"))
    assert d.play_to_results(), "the mission did not end"
    pm = c.planned(1, 1)
    assert pm.played and pm.record.state_hash == battle.match.state_hash() and c.stage == BRIEFING
    assert isinstance(d.scene, ResultsScene) and d.scene.b_new.text == "Debrief"
    d.click(d.scene.b_new)
    deb = d.scene
    assert isinstance(deb, DebriefScene) and len(deb.mps) == 2
    words = deb.result_words()
    assert words == (f"WON BY {c.sides[c.side_index(pm.record.winner)].title.upper()}" if pm.record.winner else "DRAW")
    for e in deb.rewards:
        assert e.reward in deb.box.html_text
    snap(d, "debrief")
    d.click(d.scene.b_next)
    assert isinstance(d.scene, CampaignHubScene)
    picks_through_screens(d, c)
    assert not c.due()

    # mission 1.2 ended before the match asked: its winner picks the Reward on the picks screen
    report(c, "player", rewards=False)
    keep(app, c)
    show(app, c)
    hub = d.scene
    assert [side for _, side in hub.due_buttons] == [0]
    taken = picks_through_screens(d, c, shots="picks")
    assert isinstance(taken[0], D.PickReward) and taken[0].side == 0
    assert [e.squad for e in c.events if isinstance(e, V.RewardWon)][-2:] == [c.sides[0].title, c.sides[1].title]
    assert not c.due()

    # mission 1.3, then the Homebase: each squad's part of a step behind the hand-over
    report(c, "player")
    assert c.stage == HOMEBASE and c.sides[0].operations_won == 1
    keep(app, c)
    show(app, c)
    hb = d.scene
    assert isinstance(hb, HomebaseScene) and hb.side == 0 and hb.b_pass is not None
    assert f"won by {c.sides[0].title}" in hb.box.html_text  # the Operation's result
    snap(d, "homebase-memorial")
    to_spoils(d, c)
    won = [sum(1 for m in c.plan[0].missions if m.record.winner == s.name) for s in c.sides]
    assert [s.spoils_due for s in c.sides] == won  # one Spoil of War per mission won (R38)
    for side in (0, 1):
        hb = d.scene
        assert hb.side == side and all(c.units[uid].side == side for uid in hb.unit_ids)
        while c.sides[side].spoils_due:
            d.click(hb.list.item_list[0]["button_element"], frames=4)
            d.click(hb.b_act)
            hb = d.scene
        if side == 0:
            assert not hb.b_next.is_enabled or not c.sides[1].spoils_due  # Next waits for both squads
            d.click(hb.b_pass)
            assert isinstance(d.scene, HandOverScene) and d.scene.side == 1
            d.click(d.scene.b_go)
            snap(d, "homebase-spoils-second-squad")
    assert not any(s.spoils_due for s in c.sides)
    d.click(d.scene.b_next)
    assert isinstance(d.scene, CampaignHubScene) and c.where.operation == 2

    # Operations 2 and 3 by reports: the first squad wins more Operations and picks the Climax on screen
    from game.campaign import policy
    winners = {2: "player", 3: "opponent"}
    for _ in range(100):
        if c.where.climax:
            break
        if c.stage == HOMEBASE or c.due():
            policy.act(c)
        else:
            report(c, winners[c.where.operation])
    assert c.script.climax_chooser() == 0
    keep(app, c)
    show(app, c)
    hub = d.scene
    assert [side for _, side in hub.due_buttons] == [0, 1]  # the Climax and a Reward; the other squad's Reward
    assert c.sides[0].title in hub.box.html_text and "picks the Climax" in hub.box.html_text
    held = c.script.reward_def(c.sides[1].reward)
    assert held.name == "Personal Vendetta" and held.pick == "enemy"  # mission 3.3's, aimed at an enemy unit
    taken = picks_through_screens(d, c, shots="climax-and-vendetta")
    climax = next(t for t in taken if isinstance(t, D.ChooseClimax))
    assert c.plan[-1].missions[0].parts.key == climax.mission == climaxes()[0].id
    secret = next(t for t in taken if isinstance(t, D.AssignReward) and t.side == 1)
    assert c.units[secret.unit].side == 0  # an enemy unit, picked behind the hand-over ...
    told = [e for e in c.events if isinstance(e, V.RewardAssigned) and e.reward == "Personal Vendetta"]
    assert told and told[-1].unit == "" and c.units[secret.unit].name not in told[-1].text  # ... and never shown
    hub = d.scene
    assert isinstance(hub, CampaignHubScene) and not hub.due_buttons and hub.b_start.is_enabled
    snap(d, "hub-climax")

    # the Climax, then the end screen names the campaign's winner
    report(c, "opponent")
    assert c.stage == COMPLETE and c.winner == "opponent"
    keep(app, c)
    show(app, c)
    end = d.scene
    assert isinstance(end, EndScene)
    title, line = end.result_lines()
    assert title == f"CAMPAIGN WON BY {c.sides[1].title.upper()}"  # (not "DESPOILERS WINS")
    assert all(s.title in line for s in c.sides)
    snap(d, "end")


def test_a_person_against_the_computer(app):
    d = Driver(app)
    c = new_pvp_on_screen(d, "Versus", opponent=COMPUTER)
    assert c.sides[1].computer and c.setup.options.difficulty == "normal"
    from game.persistence.campaigns import load_campaign
    back = load_campaign(app.saves_dir / "campaigns" / "Versus.json")  # the difficulty is kept in its file
    assert back.setup.options.difficulty == "normal" and back.state_hash() == c.state_hash()
    hub = d.scene
    d.click(hub.b_start)
    battle = d.scene
    assert [s.controller for s in battle.match.scenario.sides] == ["person", "computer"]
    assert dict(battle.match.scenario.options)["difficulty"] == "normal"
    battle.play_by_computer("player", make_controller(battle.match, "player", "computer"))
    assert d.play_to_results(), "the mission did not end"
    d.click(d.scene.b_new)
    d.click(d.scene.b_next)
    hub = d.scene
    assert isinstance(hub, CampaignHubScene)
    assert not c.due(1)  # the computer gave its own Reward (game.campaign.policy), never through a screen
    assert all(side == 0 for _, side in hub.due_buttons)
    for b, _ in hub.due_buttons:  # one person: no hand-over
        d.click(b)
        assert isinstance(d.scene, SquadPicksScene)
        d.key(pygame.K_ESCAPE)
    # the rest of Operation 1 by reports, the person's picks on screen, the computer's its own
    for winner in ("opponent", "player"):
        hub = d.scene
        if hub.due_buttons:
            d.click(hub.due_buttons[0][0])
            while isinstance(d.scene, SquadPicksScene):
                ps = d.scene
                choose(d, ps, 0)
                d.click(ps.b_take)
        assert not c.due()
        report(c, winner)
        keep(app, c)
        show(app, c)
    hb = d.scene
    assert isinstance(hb, HomebaseScene) and hb.b_pass is None and hb.side == 0
    to_spoils(d, c)
    won = sum(1 for m in c.plan[0].missions if m.record.winner == "opponent")
    given = [e for e in c.events if isinstance(e, V.SpoilBought) and c.units[e.unit].side == 1]
    assert won >= 1 and len(given) == won and not c.sides[1].spoils_due  # given when the step began
    assert c.sides[0].spoils_due == sum(1 for m in c.plan[0].missions if m.record.winner == "player")  # the person's
