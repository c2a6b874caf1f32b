"""PvE on screen: the title's PvE entry, the setup (picks and co-op), the briefing with the enemy's cards, the
battle; and a co-op game of two people with mini squads played through the screens."""
import pytest

from game.match import commands as C
from game.ui.battle.handover import HandoverScene
from game.ui.battle import BattleScene
from game.ui.setup_pve import MINI, PveBriefingScene, PveSetupScene

from .driver import Driver


def setup(d: Driver, **values) -> PveSetupScene:
    d.step(2)
    d.click(d.scene.b_pve)
    sc = d.scene
    assert isinstance(sc, PveSetupScene)
    assert sc.e_seed.get_text() == str(d.app.new_seed())  # the form offers the app's seed (tests: a fixed one)
    sc._remember()
    sc.values.update(values)
    sc.build_ui()
    sc.e_seed.set_text("12")
    return sc


def test_setup_turns_picks_into_options_and_the_briefing_shows_the_mission(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d, tl="2", npc="Despoiler Warband", objectives="Control + Search", battlefield="The Jungle (Miasmic Mist)",
               deployment="Hot Drop")
    sc._remember()
    assert sc.options() == {"tl": 2, "npc": "despoilers", "objectives": "control,search", "battlefield": "jungle",
                            "deployment": "hot-drop"}
    d.click(sc.b_go)
    br = d.scene
    while isinstance(br, PveBriefingScene) and br.choice_buttons:  # a 10 on an Anchor die: choose one
        d.click(br.choice_buttons[0][0])
        br = d.scene
    assert isinstance(br, PveBriefingScene) and br.match.phase == "deploy"
    html = br.briefing_html()
    assert "Objective: Control" in html and "Objective: Search" in html and "The Jungle - Miasmic Mist" in html
    assert "Deployment: Hot Drop" in html and "Despoiler Warband" in br.title() and "Melee Behaviour" in html
    assert br.cards, "one card per kind of enemy unit"
    d.step(2)
    d.shot("pve_briefing")
    d.click(br.b_go)
    assert isinstance(d.scene, BattleScene) and d.scene.match.mission.id == "pve"
    d.step(2)
    d.shot("pve_deploy")


def test_a_bad_pick_is_a_message_and_the_setup_stays(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d, first="Yes: no battlefield effect, Standard Insertion")
    sc._remember()
    sc.values["battlefield"] = "The Jungle (Miasmic Mist)"
    assert "first_mission" in sc.options() and "battlefield" not in sc.options()
    sc.values["players"] = "3"
    sc.values["coop"] = MINI
    sc.build_ui()
    sc._remember()
    assert len([k for k in sc.dd if k.startswith("mini")]) == 3


def test_two_people_with_mini_squads_take_turns_on_screen(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d, players="2", coop=MINI, tl="1", npc="Classic Raiders", battlefield="Blacksite (Lockdown)",
               objectives="Activate + Destroy")
    sc.minis[:2] = ["Interdictors", "Krumpfists"]
    sc.build_ui()
    sc.e_seed.set_text("12")  # the form is made again: its seed field too
    d.click(sc.b_go)
    br = d.scene
    while isinstance(br, PveBriefingScene) and br.choice_buttons:
        d.click(br.choice_buttons[0][0])
        br = d.scene
    m = br.match
    side = m.scenario.side("player")
    assert side.players == ("Player 1", "Player 2") and set(side.owners) == {0, 1}
    assert sum(1 for u in m.all_units_of("player") if m.unit(u).leader) == 1  # the agreed Squad Leader
    d.click(br.b_go)
    if isinstance(d.scene, HandoverScene):  # the screen goes to the person whose squad deploys first
        d.click(d.scene.b_go)
    battle = d.scene
    assert isinstance(battle, BattleScene)
    d.click(battle.b_auto)
    d.click(battle.b_start)
    d.wait_banners()
    people = []
    handovers = 0
    for _ in range(600):  # the people take turns: each activation is made by the unit's owner
        if m.phase == "over" or len(people) >= 4:
            break
        if isinstance(d.scene, HandoverScene):  # each partner is handed the screen for their turn
            handovers += 1
            ho = d.scene
            # partners hide nothing from each other: the table stays in view under the hand-over card
            assert ho.partner and not ho.opaque
            if handovers == 1:
                d.step(1)
                d.shot("pve_coop_partner_handover")
                corner = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, 300, 7) for y in range(0, 220, 7)}
                assert len(corner) > 8, "the table is seen around the card"
            d.click(ho.b_go)
            continue
        who = m.person_to_act()
        if who is not None and who[0] == "player" and m.prompt is None and m.active_unit is None:
            people.append(who[1])
            uid = next(c.uid for c in m.legal_commands("player"))
            assert m.unit(uid).owner == who[1]
            battle.submit(C.Activate("player", uid))
            battle.submit(C.EndActivation("player"))
        elif who is not None and who[0] == "player" and m.prompt is not None:
            battle.submit(m.legal_commands("player")[0])
        elif who is not None and who[0] == "player" and m.active_unit is not None:  # a question came between
            battle.submit(C.EndActivation("player"))
        d.step(2)
        d.wait_banners()
    assert people[:4] == [0, 1, 0, 1] and handovers >= 3
    d.shot("pve_coop")


def test_choosing_an_anchor_in_the_briefing_leaves_no_screen_behind(make_app):
    """Seed 777 rolls a 10 for an Anchor: choosing it rebuilds the briefing; nothing of the first one stays drawn,
    there or over the setup and title screens."""
    import pygame

    from game.ui.title import TitleScene

    from .driver import stray_widgets
    app = make_app()
    d = Driver(app)
    sc = setup(d)
    sc.e_seed.set_text("777")
    d.click(sc.b_go)
    br = d.scene
    assert isinstance(br, PveBriefingScene) and br.choice_buttons, "seed 777: a 10 on an Anchor die"
    assert not stray_widgets(app)
    d.click(br.choice_buttons[0][0])
    assert d.scene is br and not stray_widgets(app)
    d.key(pygame.K_ESCAPE)
    assert d.scene is sc and not stray_widgets(app)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, TitleScene) and not stray_widgets(app)
    assert len(app.manager.get_root_container().elements) == 1  # the title's own widgets only
    d.step(2)
    d.shot("pve_briefing_left_nothing_behind")


def test_the_chips_on_the_briefings_enemy_cards_show_their_rules(make_app):
    app = make_app()
    d = Driver(app)
    sc = setup(d, npc="Despoiler Warband")
    d.click(sc.b_go)
    br = d.scene
    while isinstance(br, PveBriefingScene) and br.choice_buttons:
        d.click(br.choice_buttons[0][0])
    d.step(2)
    places = [(place, view) for place, view in br.card_places if view.chips]
    assert places, "an enemy card with specials or skills"
    place, view = places[0]
    r, tip = view.chips[0]
    d.move_mouse(r.move(place.topleft).center)
    d.step(30)
    assert br.chip_tooltip is not None and br.chip_tooltip.alive()
    d.step(1)
    d.shot("pve_briefing_chip_tooltip")
    d.move_mouse((5, 5))
    d.step(2)
    assert br.chip_tooltip is None


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_nine_anchors_choice_is_not_hidden_under_the_buttons(make_app, size):
    """Seed 3 rolls a 10 for an Anchor: its choice (nine Anchors) stands on rows of its own, above "Back to setup"
    and "Deploy", its question whole, beside no enemy card."""
    import pygame

    from game.ui.drawn import widget_cuts
    app = make_app()
    app.resize(*size)
    d = Driver(app)
    sc = setup(d)
    sc.e_seed.set_text("3")
    d.click(sc.b_go)
    br = d.scene
    assert isinstance(br, PveBriefingScene) and len(br.choice_buttons) >= 9
    d.step(2)
    screen = pygame.Rect(0, 0, *size)
    for b, oid in br.choice_buttons:
        assert screen.contains(b.rect), f"{oid} is off the screen"
        for other in (br.b_back, br.b_go, br.box):
            assert not b.rect.colliderect(other.rect), f"{oid} is under {getattr(other, 'text', 'the briefing')}"
        assert not any(place.colliderect(b.rect) for place, _ in br.card_places), f"{oid} is under an enemy card"
    assert not widget_cuts(br.root), [c.text for c in widget_cuts(br.root)]
    d.shot(f"pve_briefing_nine_anchors_{size[0]}x{size[1]}")


def test_esc_closes_an_open_list_before_the_setup_screen(make_app):
    import pygame
    import pygame_gui

    app = make_app()
    d = Driver(app)
    sc = setup(d)
    stack, lists = [sc.root], []
    while stack:
        el = stack.pop()
        if isinstance(el, pygame_gui.elements.UIDropDownMenu):
            lists.append(el)
        stack.extend(getattr(el, "elements", None) or ())
    dd = lists[0]
    before = dd.selected_option
    d.click(dd)
    assert dd.current_state is dd.menu_states["expanded"], "(the list opened)"
    d.key(pygame.K_ESCAPE)
    assert d.scene is sc, "Esc closed the open list, not the setup"
    assert dd.current_state is dd.menu_states["closed"] and dd.selected_option == before
    d.key(pygame.K_ESCAPE)
    assert d.scene is not sc, "with no list open, Esc leaves the setup"
