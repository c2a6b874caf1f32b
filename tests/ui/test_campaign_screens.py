"""A PvE campaign played through its screens: Title > Campaign > New, the setup, the campaign screen, the first
mission on the ordinary PvE briefing and battle screens (the computer plays the person's side through the session,
as tests/ui/test_whole_missions_on_screen.py does), its results and debrief, a save and a load, the Homebase with a
heal, a recruit through the squad builder and a Spoil of War, the memorial, and the end screen; the rest of
Operation 1 is played headless, and Operations 2 and 3 are finished through the campaign API with written mission
reports, to keep the test short. Every campaign screen is rendered to
tests/output/screens/campaign-*.png, at 1280x800 and at the 960x600 minimum."""
from __future__ import annotations

import pygame

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import BRIEFING, HOMEBASE, IN_MISSION
from game.modes.session import make_controller, play
from game.persistence.campaigns import list_campaign_files, load_campaign
from game.ui.campaign.builder import CampaignBuilderScene
from game.ui.campaign.common import keep, show
from game.ui.campaign.debrief import DebriefScene
from game.ui.campaign.end import EndScene
from game.ui.campaign.files import CampaignLoadScene, CampaignMenuScene
from game.ui.campaign.homebase import HomebaseScene
from game.ui.campaign.hub import CampaignHubScene
from game.ui.campaign.memorial import MemorialScene
from game.ui.campaign.mission import CampaignBattleScene, CampaignBriefingScene
from game.ui.campaign.setup import CampaignSetupScene
from game.ui.campaign.unit import UnitScene
from game.ui.pause import PauseScene
from game.ui.results_scene import ResultsScene
from game.ui.title import TitleScene

from .driver import Driver

SEED = 6  # Operation 1 ends with a unit fallen, Injuries to heal and at least 8 MP in the bank (a Spoil of War)


def snap(d: Driver, name: str) -> None:
    """The screen now, at 1280x800 and at the 960x600 minimum (the scene laid out again for each; toasts of earlier
    screens, which a player sees for a moment, gone)."""
    d.app.toasts.clear()
    d.step(3)
    d.shot(f"campaign-{name}")
    d.app.resize(960, 600)
    d.step(3)
    d.shot(f"campaign-{name}-960x600")
    d.app.resize(1280, 800)
    d.step(3)


def pick(d: Driver, selection_list, i: int) -> None:
    d.click(selection_list.item_list[i]["button_element"], frames=4)  # (the list tells of the pick a frame later)


def new_campaign_on_screen(d: Driver, name: str = "Night Raid", seed: int = SEED, shots: bool = False):
    if isinstance(d.scene, TitleScene):
        d.click(d.scene.b_campaign)
    assert isinstance(d.scene, CampaignMenuScene)
    if shots:
        snap(d, "menu")
    d.click(d.scene.b_new)
    assert isinstance(d.scene, CampaignSetupScene)
    d.scene.e_name.set_text(name)
    d.scene.e_seed.set_text(str(seed))
    if shots:
        snap(d, "setup")
    d.click(d.scene.b_go)
    assert isinstance(d.scene, CampaignHubScene), d.app.last_dialog
    return d.scene.c


def play_on_screen(d: Driver) -> None:
    """The battle on screen to its results, the computer playing the person's side through the session."""
    b = d.scene
    b.play_by_computer("player", make_controller(b.match, "player", "computer"))
    assert d.play_to_results(), "the mission did not end"


def play_headless(c, until) -> None:
    """Missions played headless through the campaign API (the Homebase's decisions by the computer's policy)."""
    from game.campaign import policy
    while not c.over and not until(c):
        if c.stage == BRIEFING:
            m = c.start_mission()
            try:
                play(m)
                c.finish_mission(m)
            finally:
                m.close()
        else:
            policy.act(c)


def finish_with_reports(c) -> None:
    """The rest of the campaign through the campaign API, each mission finished with a written report (the first
    unit deployed Taken Out in every other one, every third one lost; the Injury dice are the campaign's own), the
    Homebase's decisions by the computer's policy: the battles themselves are played on screen and headless above
    and in the campaign tests (tests/campaign), this keeps the test short."""
    from game.campaign import policy
    from tests.campaign.conftest import finish
    k = 0
    while not c.over:
        if c.stage == BRIEFING:
            c.submit(D.StartMission())
            k += 1
            out = c.current.units[:1] if k % 2 else ()
            finish(c, out=out, mp=2 + k % 4, won=k % 3 != 0, took={c.current.units[-1]: ("Hunter 1",)})
        else:
            policy.act(c)


def test_a_campaign_played_through_the_screens(app, saves_dir):
    d = Driver(app)
    c = new_campaign_on_screen(d, shots=True)
    folder = saves_dir / "campaigns"
    assert (folder / "Night-Raid.json").is_file()  # written at once
    hub = d.scene
    squad = c.roster_units()
    snap(d, "hub")
    hub = d.scene
    assert [uid for _, uid in hub.roster.places] == [u.id for u in squad][:len(hub.roster.places)]
    assert len(hub.plan.rows) == 9 and hub.b_watch.is_enabled is False

    # a unit opened from its card: its card and service record
    d.click(hub.roster.places[0][0].center)
    assert isinstance(d.scene, UnitScene) and d.scene.uid == squad[0].id
    assert "Service record" in d.scene.box.html_text
    snap(d, "unit")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, CampaignHubScene)

    # the first mission: the PvE briefing and battle screens with the campaign's scenario
    d.click(d.scene.b_start)
    assert isinstance(d.scene, CampaignBriefingScene) and c.stage == IN_MISSION
    assert d.scene.match.scenario.to_dict() == c.current.scenario.to_dict()
    snap(d, "briefing")
    d.click(d.scene.b_go)
    assert isinstance(d.scene, CampaignBattleScene)
    battle = d.scene
    snap(d, "battle")
    play_on_screen(d)
    pm = c.planned(1, 1)
    assert pm.played and c.current is None and c.stage == BRIEFING  # finished before its results showed
    assert pm.record.state_hash == battle.match.state_hash()
    assert load_campaign(folder / "Night-Raid.json").state_hash() == c.state_hash()  # and kept in its file
    assert d.scene.b_new.text == "Debrief"
    snap(d, "results")

    # the debrief: the result, MP, each Injury die drawn with its effect
    d.click(d.scene.b_new)
    assert isinstance(d.scene, DebriefScene)
    rolls = [e for e in c.debrief() if isinstance(e, V.InjuryRolled)]
    assert d.scene.rolls == rolls and d.scene.mp.amount == pm.record.mp
    for e in rolls:
        assert e.name in d.scene.box.html_text or e.result in (V.RECOVERED, V.IMMUNE)
    snap(d, "debrief")
    d.click(d.scene.b_next)
    assert isinstance(d.scene, CampaignHubScene)

    # saved and loaded again: Title > Campaign > Load
    before = c.state_hash()
    d.click(d.scene.b_title)
    assert isinstance(d.scene, TitleScene)
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_load)
    assert isinstance(d.scene, CampaignLoadScene) and len(d.scene.items) == 1
    snap(d, "load")
    d.click(d.scene.b_load)
    assert isinstance(d.scene, CampaignHubScene) and d.scene.c is not c
    c = d.scene.c
    assert c.state_hash() == before

    # the rest of Operation 1 headless, then the Homebase
    play_headless(c, lambda c: c.stage == HOMEBASE)
    keep(app, c)
    show(app, c)
    hb = d.scene
    assert isinstance(hb, HomebaseScene) and c.where.step == "memorial"
    fallen = c.fallen()
    assert fallen and all(u.name in hb.box.html_text for u in fallen)  # where, when, by whom, the record
    snap(d, "homebase-memorial")
    d.click(d.scene.b_next)
    assert c.where.step == "heal" and c.heals_due
    snap(d, "homebase-heal")
    while c.heals_due:
        hb = d.scene
        d_heal = hb.picks[0]
        pick(d, hb.list, 0)
        assert hb.b_act.is_enabled
        d.click(hb.b_act)
        assert d_heal.injury not in c.units[d_heal.unit].injury_ids
    d.click(d.scene.b_next)
    assert c.where.step == "recruit"
    snap(d, "homebase-recruit")

    # a recruit through the squad builder: the roster's units locked, the cap fixed
    hb = d.scene
    d.click(hb.builder_buttons[0][0])
    bs = d.scene
    assert isinstance(bs, CampaignBuilderScene) and bs.locked == len(c.roster_units())
    assert not bs.dd_budget.is_enabled and not bs.dd_faction.is_enabled
    bs.select(0)
    assert not bs.b_remove.is_enabled and not bs.e_rename.is_enabled
    gear = bs.spec.units[0].gear
    option = next(line for line in bs.gear_lines if not line.row.default)
    bs.toggle(option.row.gear_id)
    assert bs.spec.units[0].gear == gear  # a locked unit's gear stays (it changes at the Gear step)
    tid = next(t for t, b in bs.type_buttons.items() if b.is_enabled)
    d.click(bs.type_buttons[tid])
    snap(d, "recruit-builder")
    n = len(c.roster_units())
    d.click(d.scene.b_save)
    assert isinstance(d.scene, HomebaseScene)
    assert len(c.roster_units()) == n + 1 and c.roster_units()[-1].joined == "Homebase 1"
    assert isinstance(c.decisions[-1], D.Recruit) and c.decisions[-1].unit_type == tid
    d.click(d.scene.b_next)
    assert c.where.step == "gear"
    snap(d, "homebase-gear")
    d.click(d.scene.b_next)
    assert c.where.step == "spoils"

    # a Spoil of War: what it changes shown before it is bought, 8 MP from the bank, bound to the unit
    hb = d.scene
    bank = c.sides[0].mp_bank
    assert bank >= 8
    unit = hb.spoil_unit
    pick(d, hb.list, 0)
    spoil = hb.picks[0].spoil
    assert c.catalog.skills[spoil].name in hb.spoil_box.html_text
    snap(d, "homebase-spoils")
    hb = d.scene
    pick(d, hb.list, 0)
    d.click(hb.b_act)
    assert c.units[unit].spoils == [spoil] and c.sides[0].mp_bank == bank - 8
    d.click(d.scene.b_next)
    assert isinstance(d.scene, CampaignHubScene) and c.where.operation == 2 and c.stage == BRIEFING

    # the memorial from the campaign screen
    d.click(d.scene.b_memorial)
    assert isinstance(d.scene, MemorialScene) and len(d.scene.items) == len(c.fallen())
    snap(d, "memorial")
    d.key(pygame.K_ESCAPE)

    # the rest through the campaign API, to the end screen
    finish_with_reports(c)
    keep(app, c)
    show(app, c)
    assert isinstance(d.scene, EndScene)
    s = c.score()
    assert s.played == 9 or c.stage == "lost"
    snap(d, "end")
    d.click(d.scene.b_chronicle)
    reports = list((saves_dir / "reports").glob("campaign-Night-Raid-*.md"))
    assert len(reports) == 1 and reports[0].read_text().startswith("# Campaign: Night Raid")
    infos = list_campaign_files(folder)
    assert len(infos) == 1 and infos[0].over


def test_closing_the_window_mid_mission_loses_nothing_and_continue_resumes_it(make_app, saves_dir):
    from game.persistence.campaigns import CampaignFileInfo
    from game.ui.builder_dialogs import ConfirmDialog
    app = make_app(npc_speed="fast")  # (one decision a beat: the mission is left in the middle)
    d = Driver(app)
    c = new_campaign_on_screen(d, name="Long Night", seed=3)
    d.click(d.scene.b_start)
    d.click(d.scene.b_go)
    battle = d.scene
    m = battle.match
    battle.play_by_computer("player", make_controller(m, "player", "computer"))
    for _ in range(6000):
        if len(m.log) >= 12:
            break
        fx = battle.effects
        if fx.banner is not None:
            fx.dismiss()
        d.step(1)
    del battle.session.controllers["player"], battle.extra_controllers["player"]  # the person plays on
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, PauseScene) and not d.scene.b_save.is_enabled  # kept in the campaign's file
    assert "Restart mission" in d.scene.b_save.tool_tip_text
    d.key(pygame.K_ESCAPE)
    assert d.scene is battle
    assert m.result is None and len(m.log) >= 12, (len(m.log), m.result)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(2)
    assert isinstance(d.scene, ConfirmDialog) and "Continue on the title screen resumes it exactly here" in d.scene.text
    h, n = m.state_hash(), len(m.log)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step(1)
    assert not app.running
    app.shutdown()
    back = load_campaign(saves_dir / "campaigns" / "Long-Night.json")
    assert back.stage == IN_MISSION and len(back.in_progress) == n and back.state_hash() == c.state_hash()
    assert not (saves_dir / "autosave.json").exists()  # the mission belongs to its campaign, not the autosave slot
    app2 = make_app()
    d2 = Driver(app2)
    d2.step(2)
    title = d2.scene
    assert isinstance(title.newest, CampaignFileInfo) and "mission 1.1 in progress" in title.b_continue.tool_tip_text
    d2.click(title.b_continue)
    assert isinstance(d2.scene, CampaignBattleScene)
    again = d2.scene.match
    assert again.state_hash() == h and len(again.log) == n


def test_restart_counts_a_reload_and_an_ironman_campaign_offers_none(app):
    from game.ui.builder_dialogs import ConfirmDialog
    from game.ui.campaign.setup import IRONMAN
    d = Driver(app)
    c = new_campaign_on_screen(d, name="Practice", seed=4)
    d.click(d.scene.b_start)
    assert isinstance(d.scene, CampaignBriefingScene)
    d.click(d.scene.b_back)  # back to the campaign: the mission stays in progress
    hub = d.scene
    assert isinstance(hub, CampaignHubScene) and c.stage == IN_MISSION and hub.b_start.text == "Resume mission"
    d.click(hub.b_restart)
    assert isinstance(d.scene, ConfirmDialog) and "reload 1 of Operation 1" in d.scene.text
    d.key(pygame.K_RETURN)
    assert c.reloads == {1: 1} and isinstance(d.scene, CampaignBriefingScene)
    from game.campaign.chronicle import chronicle_markdown
    assert "- Operation 1: 1 reload" in chronicle_markdown(c)
    d.click(d.scene.b_back)
    d.click(d.scene.b_title)
    # Ironman: no Restart, and the campaign refuses one
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_new)
    s = d.scene
    s.values["ironman"] = IRONMAN[1]
    s.build_ui()
    s.e_name.set_text("Iron Night")
    d.click(s.b_go)
    iron = d.scene.c
    assert iron.setup.options.ironman
    d.click(d.scene.b_start)
    d.click(d.scene.b_back)
    assert d.scene.b_restart is None and "Ironman" in iron.reason(D.ReloadMission(0))
    assert "Ironman" in d.scene.mp_line()
    # nor a copy of the battle under another name (a second try with the same dice)
    d.click(d.scene.b_start)
    d.click(d.scene.b_go)
    assert isinstance(d.scene, CampaignBattleScene)
    d.key(pygame.K_ESCAPE)
    pause = d.scene
    assert isinstance(pause, PauseScene) and not pause.b_save.is_enabled
    assert "Ironman" in pause.b_save.tool_tip_text
    snap(d, "pause-ironman")
    before = sorted(p.name for p in app.saves_dir.glob("*.json"))
    d.click(d.scene.b_save)
    assert sorted(p.name for p in app.saves_dir.glob("*.json")) == before and not any(
        name.startswith("turn-") for name in before)


def test_an_unplayed_mission_is_rerolled_and_a_played_one_watched_again(app):
    from game.ui.replay import ReplayScene
    d = Driver(app)
    c = new_campaign_on_screen(d, name="Dice", seed=6)
    hub = d.scene
    row = next(r for r, key in hub.plan.rows if key == (1, 2))
    d.click(row.center)
    assert hub.selected == (1, 2) and "Mission 1.2" in hub.box.html_text and not hub.b_watch.is_enabled
    d.click(hub.b_reroll)
    again = [e for e in c.events if isinstance(e, V.MissionPlanned) and e.again]
    assert [e.label for e in again] == ["1.2"] and isinstance(c.decisions[-1], D.RerollMission)
    assert load_campaign(app.saves_dir / "campaigns" / "Dice.json").state_hash() == c.state_hash()
    rolled = [e for e in c.events if isinstance(e, V.DieRolled) and e.why.startswith("Mission 1.2")]
    assert len(rolled) >= 8  # planned, then rolled again with the campaign's dice
    b = c.script.briefing(c.planned(1, 2))
    assert all(name in hub.box.html_text for name, _ in b["objectives"])  # the briefing shows the mission as rolled
    play_headless(c, lambda c: c.planned(1, 1).played)
    keep(app, c)
    show(app, c)
    d.step(1)
    hub = d.scene
    d.click(next(r for r, key in hub.plan.rows if key == (1, 1)).center)
    assert hub.selected == (1, 1) and not hub.b_reroll.is_enabled and hub.b_watch.is_enabled
    assert "locked" in hub.box.html_text
    d.click(hub.b_watch)
    assert isinstance(d.scene, ReplayScene)
    assert d.scene.cursor.label.endswith("mission 1.1")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, CampaignHubScene)


def test_f1_on_the_campaign_screens_opens_the_campaign_help(app):
    from game.ui.help_screen import HelpScene
    d = Driver(app)
    d.click(d.scene.b_campaign)
    d.key(pygame.K_F1)
    assert isinstance(d.scene, HelpScene) and d.scene.files[d.scene.file][1].stem == "campaign"
    assert "On screen" in d.scene.box.html_text and "Homebase" in d.scene.box.html_text
    d.key(pygame.K_F1)
    new_campaign_on_screen(d, name="Help")
    d.key(pygame.K_F1)
    assert isinstance(d.scene, HelpScene) and d.scene.files[d.scene.file][1].stem == "campaign"


def test_load_greys_damaged_campaign_files_with_their_reason_and_never_changes_them(app, saves_dir):
    from game.persistence.campaigns import save_campaign
    from tests.campaign.conftest import campaign, finish
    folder = saves_dir / "campaigns"
    good = campaign(seed=2)
    finish(good)
    save_campaign(good, folder)
    (folder / "truncated.json").write_text('{"format": "ruinstars-campaign", "version": 1, "setup": {')
    edited = (folder / "Test.json").read_text().replace('"state_hash":"', '"state_hash":"0')
    (folder / "edited.json").write_text(edited)
    (folder / "empty.json").write_text("")
    damaged = {p.name: p.read_bytes() for p in folder.glob("*.json") if p.name != "Test.json"}
    d = Driver(app)
    d.click(d.scene.b_campaign)
    menu = d.scene
    assert menu.newest is not None and menu.newest.name == "Test"
    d.click(menu.b_load)
    load = d.scene
    assert [oid for _, oid in load.items] == ["#save_item", "#broken_save", "#broken_save", "#broken_save"]
    assert "3 damaged campaign files are greyed" in load.detail.text
    assert any("state hash" in text for text, _ in load.items) and any("empty" in text for text, _ in load.items)
    pick(d, load.list, 1)
    assert load.detail.text.startswith("Cannot be loaded: ")
    snap(d, "load-damaged")
    load = d.scene
    pick(d, load.list, 1)
    d.click(load.b_load)
    assert app.dialog_open and "left exactly as it was" in app.last_dialog
    assert isinstance(d.scene, CampaignLoadScene)
    assert {p.name: p.read_bytes() for p in folder.glob("*.json") if p.name != "Test.json"} == damaged


def test_co_op_shared_roster_dealt_out_and_mini_squads_each_their_own(app):
    import pygame_gui

    from game.ui.campaign.deal import DealScene
    from game.ui.campaign.setup import MINI
    d = Driver(app)
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_new)
    s = d.scene
    s.values["people"] = "2"
    s.build_ui()
    s.e_name.set_text("Two of Us")
    d.click(s.b_go)
    c = d.scene.c
    assert c.setup.options.people == ("Player 1", "Player 2") and not c.setup.options.mini_squads
    owners = [u.owner for u in c.roster_units()]
    assert set(owners) == {0, 1}  # dealt out in turn
    d.click(d.scene.b_deal)
    deal = d.scene
    assert isinstance(deal, DealScene)
    dd, uid = deal.rows[0]
    deal.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {"ui_element": dd, "text": "Player 2"}),
                False)
    assert c.units[uid].owner == 1 and isinstance(c.events[-1], V.UnitDealt)
    snap(d, "deal")
    d.click(d.scene.b_done)
    d.click(d.scene.b_title)
    d.click(d.scene.b_campaign)
    d.click(d.scene.b_new)
    s = d.scene
    s.values.update(people="3", coop=MINI)
    s.build_ui()
    s.e_name.set_text("Mini")
    assert [k for k in s.dd if k.startswith("mini")] == ["mini0", "mini1", "mini2"]
    d.click(s.b_go)
    hub = d.scene
    assert isinstance(hub, CampaignHubScene), app.last_dialog
    mini = hub.c
    assert mini.setup.name == "Mini" and mini.setup.options.mini_squads
    assert [r.cap for r in mini.sides[0].rosters] == [34, 34, 34]
    snap(d, "hub-mini-squads")


def test_a_lost_campaign_ends_on_the_end_screen(app):
    from tests.campaign.conftest import campaign, finish, ids, script, small_squad
    c = campaign(squad=small_squad(4))
    everyone = ids(c)
    script(c, 99, 2, 2, 2, 2)
    finish(c, out=everyone)
    script(c, 99, 2, 2, 2, 2)
    finish(c, out=everyone)
    assert c.stage == "lost"
    keep(app, c)
    show(app, c)
    d = Driver(app)
    end = d.scene
    assert isinstance(end, EndScene)
    snap(d, "end-lost")
    end = d.scene
    assert all(u.name in end.fallen_box.html_text for u in c.fallen())
    d.click(end.b_memorial)
    assert isinstance(d.scene, MemorialScene) and len(d.scene.items) == 4
