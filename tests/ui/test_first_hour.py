"""The defects a new player meets in the first hour on the battle screen: keys doing only what the screen
offers, the dice prompt's layout, the Move area after the last ACT, the top bar during the player's own
activation, and words that match what is on screen. Driven with posted events on small scripted matches."""
import pygame

from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.rules.model import Special
from tests.match.conftest import card

from .driver import Driver
from .test_skills_ui import scene_on, select, small_match

SIXES = [6] * 40


def relentless_shot(app, to_dice=(4, 4, 4)):
    """Our Gunner (ATT 1, a Relentless rifle) 10" from a Target; the TO roll `to_dice`; our Gunner selected,
    Ranged mode, the Target clicked: the attack die is a 6 (Relentless may re-roll it)."""
    gunner = card(name="Gunner", ranged=(1, 4), weapon_specials=(Special("RLT"),), melee=None)
    m, p, n = small_match([(gunner, 5, 10)], [(card(name="Target", hit=5), 15, 10)], dice=list(to_dice) + SIXES)
    d, sc = scene_on(app, m)
    select(d, p[0])
    m.dice = ScriptedDice([6, 2] + SIXES)  # the attack die 6, re-rolled to a 2; the Target's saves 6
    d.key(pygame.K_r)
    q = m.position(n[0])
    d.click_board(q.x, q.y)
    d.step(2)
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    return d, sc, m, p, n


# == item 2: a key does only what the screen offers ======================================================
def test_enter_after_a_prompt_closed_itself_does_not_end_the_activation(app):
    d, sc, m, p, n = relentless_shot(app)  # no TO: the free Relentless re-roll is the only choice
    reroll = next(b for b, c in sc.prompt_panel.commands.items() if isinstance(c, C.RerollDie))
    d.click(reroll)
    assert m.prompt is None, "nothing is left to decide: the prompt closed itself"
    assert m.active_unit == p[0] and m.act_left() == 1
    d.key(pygame.K_RETURN)  # the player meant to accept the dice
    assert m.active_unit == p[0] and m.act_left() == 1, "Enter did not end the activation"
    assert not any(isinstance(c, C.EndActivation) for c in m.log)
    # E still ends it, and Enter does once nothing is left to do
    d.end_activation()
    assert m.active_unit != p[0]


def test_enter_ends_an_activation_with_nothing_left_to_do(app):
    m, p, n = small_match([(card(name="Runner", act=1), 5, 10)], [(card(name="Target"), 20, 20)],
                          dice=[4, 4, 4] + SIXES)
    d, sc = scene_on(app, m)
    select(d, p[0])
    spot = min(sc.preview.spots, key=lambda s: (abs(s[3] - 2.0), s[0], s[1]))
    d.click_board(spot[0], spot[1])
    assert isinstance(m.log[-1], C.Move) and m.act_left() == 0
    d.step(2)
    assert sc.act.enter_ends_activation()
    d.key(pygame.K_RETURN)
    assert any(isinstance(c, C.EndActivation) and c.side == "player" for c in m.log)


# == item 3: the dice prompt holds all its options ========================================================
def _inside(panel, r) -> bool:
    return panel.rect.contains(r)


def brutal_blow(app):
    """Our Brute (ATT 1, a Brutal blade, SKL 4) fights a Target with a squadmate Adjacent to it (Support), with
    3 TO: the attack die is a 5, so it may be re-rolled by Brutal, by Support or with a TO, or changed by -1."""
    brute = card(name="Brute", melee=(1, 4), weapon_specials=(Special("BRU", 1),), ranged=None)
    m, p, n = small_match([(brute, 5, 10), (card(name="Mate", ranged=None), 6.2, 11.2)],
                          [(card(name="Target", hit=5), 6.2, 10)], dice=[1, 1, 1] + SIXES)
    d, sc = scene_on(app, m)
    select(d, p[0])
    m.dice = ScriptedDice([5] + SIXES)
    d.key(pygame.K_f)
    q = m.position(n[0])
    d.click_board(q.x, q.y)
    d.step(2)
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    return d, sc, m, p, n


def test_dice_prompt_with_four_options_keeps_them_inside_its_panel(make_app):
    for scale in (1.0, 1.5):
        app = make_app(ui_scale=scale)
        d, sc, m, p, n = brutal_blow(app)  # re-roll by Brutal, by Support, with a TO; -1 with a TO
        panel = sc.prompt_panel
        options = [c for c in panel.commands.values() if not isinstance(c, C.AcceptDice)]
        assert len(options) == 4
        for b in panel.commands:
            assert _inside(panel, b.rect), f"{b.text} at {b.rect} outside the panel {panel.rect} ({scale:.0%})"
        for r, text in panel.notes:
            assert _inside(panel, r), f"{text!r} outside the panel ({scale:.0%})"
        for r in panel.die_rects:
            assert _inside(panel, r)
        d.shot(f"dice-prompt-four-options-{int(scale * 100)}")


# == item 4: no Move area once the ACT are spent ==========================================================
def test_move_area_goes_once_the_last_act_is_spent(app):
    from game.ui.battle.texts import info_lines as _info_lines
    m, p, n = small_match([(card(name="Runner", act=1), 5, 10)], [(card(name="Target"), 20, 20)],
                          dice=[4, 4, 4] + SIXES)
    d, sc = scene_on(app, m)
    select(d, p[0])
    assert sc.mode == "move" and sc.preview is not None
    spot = min(sc.preview.spots, key=lambda s: (abs(s[3] - 2.0), s[0], s[1]))
    d.click_board(spot[0], spot[1])
    assert isinstance(m.log[-1], C.Move) and m.act_left() == 0
    d.step(3)
    d.hover_board(spot[0] + 1.0, spot[1])  # where the area was
    assert sc.mode not in ("move", "dash"), "no Move preview without ACT"
    assert sc.hover_spot is None and sc.hover_path is None
    texts = " ".join(t for t, _, _ in _info_lines(sc))
    assert "click to go" not in texts and "Nothing left to do" in texts
    d.shot("move-area-after-last-act")


# == item 7: the top bar names the NPC acting now, never one that acted before ============================
def test_top_bar_shows_no_stale_npc_line_during_our_melee(make_app):
    from game.ui.battle.texts import top_status
    app = make_app(npc_speed="normal")
    # Bug 5 and Bug 6 act in Turn 1 (all their dice 6: misses); in Turn 2 our Hero fights Bug 6
    m, p, n = small_match([(card(name="Hero", hit=9), 10, 10)],
                          [(card(name="Bug 5", hit=1), 11.2, 10), (card(name="Bug 6", hit=9), 10, 11.2)],
                          dice=[4, 4, 4] + SIXES * 2)
    d, sc = scene_on(app, m)
    select(d, p[0])
    d.end_activation()
    seen = set()
    for _ in range(400):
        d.step(1)
        if m.waiting_for() == "npc" and m.active_unit in n and sc.npc_line_uid == m.active_unit:
            seen.add(top_status(sc)[0].split(":")[0])
        if m.turn == 2 and m.waiting_for() == "player" and m.prompt is None:
            break
    assert seen == {"Bug 5", "Bug 6"}, "each NPC's Behaviour line is shown while it acts"
    assert "Bug 6" in sc.npc_line
    select(d, p[0])
    m.dice = ScriptedDice([2, 2, 2] + SIXES)  # three Strikes; Bug 5's saves fail
    d.key(pygame.K_f)
    q = m.position(n[1])
    d.click_board(q.x, q.y)
    shown = []
    for _ in range(120):
        if m.active_unit == p[0] and m.waiting_for() == "npc":  # the NPCs roll their saves
            shown.append(top_status(sc)[0])
        d.step(1)
        if m.active_unit == p[0] and m.waiting_for() == "player" and m.prompt is None:
            break
    assert shown and m.active_unit == p[0]
    assert not any("Behaviour" in t or "Bug" in t for t in shown), shown
    d.shot("top-bar-during-our-melee")


# == item 10: words that match the screen =================================================================
def test_question_is_pointed_at_where_its_panel_is(app):
    from game.ui.battle.texts import hint_text as _hint_text, info_lines as _info_lines
    for y, where in ((21.0, "top"), (3.0, "bottom")):  # units low on the table: the panel goes to the top
        d, sc, m, p, n = _shot_at(app, y)
        panel = sc.prompt_panel
        view = sc.layout["view"]
        at_top = panel.rect.centery < view.centery
        assert at_top == (where == "top")
        words = " ".join(t for t, _, _ in _info_lines(sc)) + " " + _hint_text(sc)
        assert ("below" not in words) if at_top else ("above" not in words), words
        assert where in words, words
        d.shot(f"question-at-the-{where}")


def _shot_at(app, y):
    gunner = card(name="Gunner", ranged=(1, 4), weapon_specials=(Special("RLT"),), melee=None)
    m, p, n = small_match([(gunner, 5, y)], [(card(name="Target", hit=5), 15, y)], dice=[1, 1, 1] + SIXES)
    d, sc = scene_on(app, m)
    select(d, p[0])
    m.dice = ScriptedDice([6, 2] + SIXES)
    d.key(pygame.K_r)
    q = m.position(n[0])
    d.click_board(q.x, q.y)
    d.move_mouse(sc.layout["hint"].center)
    d.step(2)
    assert m.prompt is not None and sc.prompt_panel.active
    return d, sc, m, p, n


def test_door_key_without_a_selected_unit_asks_for_a_unit(app):
    m, p, n = small_match([(card(name="Runner"), 5, 10)], [(card(name="Target"), 20, 20)], dice=[4, 4, 4] + SIXES)
    d, sc = scene_on(app, m)
    app.toasts.clear()
    d.key(pygame.K_o)
    texts = [t.text for t in app.toasts]
    assert texts and not any("this unit" in t for t in texts), texts
    assert any("Select" in t for t in texts)


def test_door_button_says_close_once_the_door_is_open(app):
    from dataclasses import replace

    from game.battlefield import load_battlefield
    from game.paths import MAPS_DIR
    bf = replace(load_battlefield(MAPS_DIR / "horde-last-stand.tmx"), zones={})  # door D1: (6, 12)-(6, 14)
    m, p, n = small_match([(card(name="Porter"), 5.4, 13.0)], [(card(name="Target"), 20, 20)],
                          dice=[4, 4, 4] + SIXES, battlefield=bf)
    d, sc = scene_on(app, m)
    select(d, p[0])
    door = next(b for b, k in sc.panel.buttons.items() if k.startswith("door:"))
    assert door.text == "Open door"
    d.click(door)
    assert m.table.door_open(sc.panel.buttons[door].split(":", 1)[1])
    d.step(2)
    door = next(b for b, k in sc.panel.buttons.items() if k.startswith("door:"))
    assert door.text == "Close door", "the button names what it would do now"
    d.shot("door-open-button-close")


def test_tab_shows_the_selected_units_card_not_the_hovered_one(app):
    m, p, n = small_match([(card(name="Alpha"), 5, 10), (card(name="Bravo"), 5, 14)],
                          [(card(name="Target"), 20, 20)], dice=[4, 4, 4] + SIXES)
    d, sc = scene_on(app, m)
    q = m.position(n[0])
    d.hover_board(q.x, q.y)  # the mouse rests on the enemy
    assert sc.card_uid() == n[0]
    d.key(pygame.K_TAB)
    assert sc.selected in p
    assert sc.card_uid() == sc.selected, "after Tab the card above the buttons is the selected unit's"
    d.key(pygame.K_TAB)
    assert sc.card_uid() == sc.selected
    d.shot("tab-card-is-the-selected-unit")
    d.hover_board(q.x + 0.1, q.y)  # moving the mouse onto a base shows that base's card again
    assert sc.card_uid() == n[0]


# == item 6: one thing at a time ==========================================================================
def _scene_with_banner(app, m):
    """The battle scene on `m` as it opens: its Turn banner up (not dismissed)."""
    from game.ui.battle import BattleScene
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    assert sc.effects.banner is not None
    return d, sc


def test_npcs_wait_while_a_banner_shows(make_app):
    app = make_app(npc_speed="instant")
    m, p, n = small_match([(card(name="Hero"), 5, 5)], [(card(name="Bug 5"), 20, 20)], dice=[4, 4, 4] + SIXES * 2)
    d, sc = _scene_with_banner(app, m)
    sc.select(p[0])
    d.step(1)
    logged = len(m.log)
    d.end_activation(sc.b_end)  # ends our activation with the Turn banner still up
    assert isinstance(m.log[-1], C.EndActivation) and m.waiting_for() == "npc"
    logged = len(m.log)
    for _ in range(30):
        d.step(1)
        assert sc.effects.banner is not None
        assert len(m.log) == logged, "no NPC acts behind the banner"
    d.shot("banner-npcs-wait")
    d.key(pygame.K_SPACE)  # dismissed: now they act
    d.step(2)
    assert any(c.side == "npc" for c in m.log[logged:])


def test_a_question_waits_for_the_banner_and_enter_only_dismisses_it(app):
    from tests.ui.test_skills_ui import unit
    m, p, n = small_match([(unit("Seer", skills=("SCH-ASP-FS",)), 5, 5)], [(card(), 20, 20)], dice=[4, 5, 6, 2])
    assert m.prompt is not None and m.prompt.kind == "fate_shift"
    d, sc = _scene_with_banner(app, m)
    assert not sc.prompt_panel.active, "the question is not drawn under the banner"
    from game.ui.battle.texts import hint_text as _hint_text
    assert "continue" in _hint_text(sc)
    app.toast("A message for later")
    d.step(5)
    assert app.toast_rects() == [] and app.toasts[0].t == 0.0, "toasts wait for the banner too"
    d.key(pygame.K_RETURN)
    assert m.prompt is not None and m.prompt.kind == "fate_shift", "Enter dismissed the banner, answered nothing"
    assert sc.effects.banner is None
    d.step(2)
    assert sc.prompt_panel.active
    assert app.toast_rects()
    d.shot("question-after-banner")


def test_toasts_and_the_hover_label_keep_clear_of_the_question(app):
    from game.ui.battle.texts import hover_label
    d, sc, m, p, n = _shot_at(app, 21.0)  # the question box at the top of the table view
    panel = sc.prompt_panel
    assert panel.rect.centery < sc.layout["view"].centery
    app.toast("First message")
    app.toast("Second message", "error")
    d.step(1)
    rects = [r for _, r in app.toast_rects()]
    assert len(rects) == 2
    for r in rects:
        assert not r.colliderect(panel.rect), "a toast over the question"
        assert sc.layout["view"].contains(r)
    q = m.position(n[0])
    d.hover_board(q.x, q.y)
    assert hover_label(sc) is not None  # the target's label by the cursor
    d.move_mouse(panel.rect.center)
    assert hover_label(sc) is None, "no unit label over the question box"
    d.shot("toasts-clear-of-the-question")
