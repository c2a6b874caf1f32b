"""The PvE setup's Rules picker (R22, R39): the later edition is a labelled variant; picking it offers its own
objectives, battlefields and A/B deployments, the options say edition=e2, and the briefing and the objective panel
name the edition."""
from game.ui.battle import BattleScene
from game.ui.setup_pve import LAUNCH, PveBriefingScene

from .test_pve_screens import setup
from .driver import Driver


def test_the_rules_picker_switches_the_tables_and_the_briefing_names_the_edition(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d)
    assert sc.choices["edition"] == [LAUNCH, "Later edition (E2)"] and sc.values["edition"] == LAUNCH
    assert "Control + Search" in sc.choices["objectives"] and "edition" not in sc.options()
    sc.values["edition"] = "Later edition (E2)"
    sc._edition_parts()
    sc.build_ui()
    assert len(sc.choices["objectives"]) == 1 + 27  # every pair of different archetypes
    assert "The Rift (Shifting Realities)" in sc.choices["battlefield"]
    assert "Blacksite (Lockdown)" not in sc.choices["battlefield"]
    assert sc.choices["first"] == ["No"]
    sc.values.update(tl="1", npc="Classic Raiders", objectives="C2 Control - Sustained Hold + A3 Activate - Search and "
                     "Recover", battlefield="The Rift (Shifting Realities)", deployment="Hot Drop (Squad B)")
    sc.build_ui()
    sc.e_seed.set_text("12")
    sc._remember()
    assert sc.options() == {"edition": "e2", "tl": 1, "npc": "classic", "objectives": "C2,A3", "battlefield": "rift",
                            "deployment": "hot-drop-b"}
    d.step(2)
    d.shot("pve_setup_later_edition")
    d.click(sc.b_go)
    br = d.scene
    while isinstance(br, PveBriefingScene) and br.choice_buttons:  # a 10 on an Anchor die: choose one
        d.click(br.choice_buttons[0][0])
        br = d.scene
    assert isinstance(br, PveBriefingScene)
    html = br.briefing_html()
    assert "Rules: Later edition (E2)" in html and "Control - Sustained Hold" in html
    assert "The Rift - Shifting Realities" in html and "Deployment: Hot Drop (Squad B)" in html
    assert "objective that counts" in html
    assert br.match.scenario.map == "pve-rift-30x22.tmx"
    d.step(2)
    d.shot("pve_briefing_later_edition")
    d.click(br.b_go)
    battle = d.scene
    assert isinstance(battle, BattleScene)
    s = battle.match.mission.summary(battle.match)
    assert "Later edition (E2)" in s.title
    d.step(2)
    d.shot("pve_deploy_later_edition")


def test_going_back_to_the_launch_edition_keeps_only_its_own_picks(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d, edition="Later edition (E2)")
    sc._edition_parts()
    sc.values["battlefield"] = "The Rift (Shifting Realities)"
    sc.values["edition"] = LAUNCH
    sc._edition_parts()
    assert sc.values["battlefield"] == "Roll the dice" and "edition" not in sc.options()
