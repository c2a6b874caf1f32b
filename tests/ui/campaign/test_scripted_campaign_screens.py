"""Last Signal and the Operations book (R39) started from Campaign > New and played through the PvE campaign's screens:
the setup offers Last Signal only Hegemony squads and the book's Operations for the squad's faction (or any), the
campaign screen shows the written plan and each mission's own briefing, a mission is played on the ordinary PvE
briefing and battle screens (the computer answering for the person through the session, as
tests/ui/test_campaign_screens.py does) and debriefed, the one Injury healed between two missions is picked on the
picks screen, and the Homebase opens with the campaign's own words. The screens are rendered to
tests/output/screens/campaign-{last-signal,operations}-*.png at 1280x800 and 960x600 and read for cut texts."""
from __future__ import annotations

from game.campaign import decisions as D
from game.campaign.model import BRIEFING, HOMEBASE
from game.modes.pve.data import load_pve_data
from game.modes.session import make_controller
from game.ui.campaign.common import keep, show
from game.ui.campaign.debrief import DebriefScene
from game.ui.campaign.homebase import HomebaseScene
from game.ui.campaign.hub import CampaignHubScene
from game.ui.campaign.mission import CampaignBattleScene, CampaignBriefingScene
from game.ui.campaign.picks import SquadPicksScene
from game.ui.campaign.setup_kinds import ANY, OWN, THREE
from game.ui.results_scene import ResultsScene

from ..driver import Driver
from .test_pvp_campaign_screens import unreadable


def snap(d: Driver, name: str) -> None:
    d.app.toasts.clear()
    problems = []
    for size, suffix in (((1280, 800), ""), ((960, 600), "-960x600")):
        d.app.resize(*size)
        d.step(3)
        d.shot(f"campaign-{name}{suffix}")
        problems += [f"{size}: {p}" for p in unreadable(d.scene)]
    d.app.resize(1280, 800)
    d.step(2)
    assert not problems, f"{name}: {problems}"


def setup_of(d: Driver, kind: str, name: str):
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_new)
    s = d.scene
    s.values["kind"] = next(title for title, k in s.kinds.items() if k.id == kind)
    s.build_ui()
    s.e_name.set_text(name)
    s.e_seed.set_text("8")
    return s


def mission_on_screen(d: Driver, c) -> None:
    """The next mission on the PvE briefing and battle screens to its debrief, back to the campaign screen."""
    d.click(d.scene.b_start)
    assert isinstance(d.scene, CampaignBriefingScene)
    assert d.scene.match.scenario.to_dict() == c.current.scenario.to_dict()
    d.click(d.scene.b_go)
    battle = d.scene
    assert isinstance(battle, CampaignBattleScene)
    battle.play_by_computer("player", make_controller(battle.match, "player", "computer"))
    assert d.play_to_results(), "the mission did not end"
    assert isinstance(d.scene, ResultsScene)
    d.click(d.scene.b_new)
    assert isinstance(d.scene, DebriefScene)
    d.click(d.scene.b_next)


def test_last_signal_on_screen(app):
    d = Driver(app)
    s = setup_of(d, "last-signal", "Signal")
    offered = [label for label in s.dd["squad"].options_list]
    offered = [o[0] if isinstance(o, tuple) else o for o in offered]
    factions = {s.faction_of(label) for label in offered if label in s.squads}
    assert factions == {"HEG"}  # written for a Hegemony squad (C25)
    assert "Last Signal" in s.box.html_text
    snap(d, "last-signal-setup")
    d.click(d.scene.b_go)
    hub = d.scene
    assert isinstance(hub, CampaignHubScene), d.app.last_dialog
    c = hub.c
    first = c.script.briefing(c.planned(1, 1))
    assert first["title"] in hub.box.html_text and first["briefing"][:40] in hub.box.html_text
    assert len(hub.plan.rows) == 10 and not hub.b_reroll.is_enabled  # nine written missions and the Climax
    snap(d, "last-signal-hub")
    mission_on_screen(d, c)
    assert c.planned(1, 1).played and c.stage == BRIEFING
    hub = d.scene
    assert isinstance(hub, CampaignHubScene)
    if c.heals_between:  # an Injury taken: one is healed before mission 1.2, picked on the picks screen
        assert hub.due_buttons and not hub.b_start.is_enabled
        d.click(hub.due_buttons[0][0])
        ps = d.scene
        assert isinstance(ps, SquadPicksScene) and all(isinstance(o[1], D.HealInjury) for o in ps.options)
        d.click(ps.list.item_list[0]["button_element"], frames=4)
        d.click(ps.b_take)
        assert not c.heals_between and isinstance(d.scene, CampaignHubScene)
    # the rest of Operation 1 by reports: the Homebase opens with the campaign's own words
    from tests.campaign.conftest import finish
    while c.stage != HOMEBASE:
        for side, n in list(c.heals_between.items()):
            u = next(u for u in c.roster_units(side=side) if u.injuries)
            c.submit(D.HealInjury(u.id, u.injury_ids[0]))
        finish(c)
    keep(app, c)
    show(app, c)
    hb = d.scene
    assert isinstance(hb, HomebaseScene) and c.rules.homebases[0][:60] in hb.box.html_text
    snap(d, "last-signal-homebase")


def test_an_operation_of_the_book_on_screen(app):
    d = Driver(app)
    s = setup_of(d, "operations", "Battery")
    squad = s.starting_squads()[0]
    faction = app.catalog.squad_types[squad.squad_type].faction
    book = {o.id: o for o in load_pve_data(app.catalog).book.operations}
    own = s.choices["bookop0"]
    assert own and all(book[label.split(":")[0]].faction == faction for label in own)  # the squad's faction
    s.values["opfilter"] = ANY
    s.build_ui()
    assert len(s.choices["bookop0"]) == len(book) > len(own)  # or any
    s.values.update(opfilter=OWN, opcount=THREE)
    s.build_ui()
    picked = [s.values[f"bookop{i}"] for i in range(3)]
    assert len(set(picked)) == 3
    snap(d, "operations-setup")
    s = d.scene
    s.values["opcount"] = s.choices["opcount"][0]  # one Operation
    s.build_ui()
    s.e_name.set_text("Battery")
    d.click(s.b_go)
    hub = d.scene
    assert isinstance(hub, CampaignHubScene), d.app.last_dialog
    c = hub.c
    oid = picked[0].split(":")[0]
    assert c.setup.options.operations == (oid,) and c.plan[0].title == book[oid].title and c.setup.name == "Battery"
    assert len(hub.plan.rows) == 3
    snap(d, "operations-hub")
    mission_on_screen(d, c)
    assert c.planned(1, 1).played and isinstance(d.scene, CampaignHubScene)
