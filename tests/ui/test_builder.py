"""The squad builder through the UI: posted mouse, key and text events, frames stepped headless.

Build a valid Interdictors squad from scratch, save it as a roster, come back and open it; import codes
(tampered, truncated, good); export a code; mini-squad budgets; rule text on hover; resizing."""
import json
from html import escape

import pygame
import pytest

from game.content import default_squad
from game.content.squad_code import encode
from game.persistence.rosters import load_roster, save_roster
from game.rules.model import force_value
from game.rules.cards import unit_gp
from game.ui.builder import SquadBuilderScene
from game.ui.builder_dialogs import (ConfirmDialog, ExportCodeDialog, ImportCodeDialog, OpenRosterDialog,
                                     SaveRosterDialog)
from game.ui.help_screen import HelpScene
from game.ui.title import TitleScene

from .driver import Driver


# -- helpers -----------------------------------------------------------------------------------------
def type_text(d: Driver, text: str, frames: int = 2) -> None:
    """Type like a keyboard: SDL sends KEYDOWN (with unicode) and then TEXTINPUT for each character."""
    for ch in text:
        key = pygame.key.key_code(ch.lower()) if ch.isalnum() else pygame.K_SPACE if ch == " " else 0
        mod = pygame.KMOD_SHIFT if ch.isupper() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=ch, scancode=0))
    d.step(frames)


def replace_text(d: Driver, entry, text: str) -> None:
    """Click into a text entry, select all (Ctrl+A) and type the new text."""
    d.click(entry)
    assert entry.is_focused
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    type_text(d, text)


def faction(sc: SquadBuilderScene, squad_type: str) -> str:
    """The faction drop-down's text for a squad type ("Drone Pod (The Swarm)", or "Drone Pod" when narrow)."""
    return next(lab for lab, st in sc._type_labels.items() if st.id == squad_type)


def pick(d: Driver, dropdown, option: str) -> None:
    """Open a drop-down with a click and click one of its options."""
    d.click(dropdown)
    state = dropdown.current_state
    assert state is dropdown.menu_states["expanded"]
    sel = state.options_selection_list
    item = next(it for it in sel.item_list if it["text"] == option)
    d.click(item["button_element"], frames=5)  # button -> list selection -> drop-down change: a few frames
    assert dropdown.selected_option[0] == option or not dropdown.alive(), "the scene may rebuild its widgets"


def open_builder(app, **kw) -> tuple[Driver, SquadBuilderScene]:
    d = Driver(app)
    d.step(2)
    sc = SquadBuilderScene(app, **kw)
    app.push(sc)
    d.step(2)
    return d, sc


def choose(d: Driver, sc: SquadBuilderScene, index: int) -> None:
    """Click a unit in the squad list (button -> list selection -> the scene: a few frames)."""
    d.click(sc.squad_list.item_list[index]["button_element"], frames=4)
    assert sc.selected == index


def check_screenshot(path) -> None:
    """The screenshot has real content: many colours, no large blank area."""
    img = pygame.image.load(str(path))
    w, h = img.get_size()
    assert (w, h) == tuple(pygame.display.get_surface().get_size())
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 40, f"{path.name}: only {len(colours)} colours"


# -- the whole flow ----------------------------------------------------------------------------------------
def test_build_save_and_reopen_a_valid_interdictors_squad(app, saves_dir):
    d, sc = open_builder(app)
    cat = app.catalog
    # pick the faction: another one first, then the Interdictors
    assert faction(sc, "DRN") in ("Drone Pod (The Swarm)", "Drone Pod")
    pick(d, sc.dd_faction, faction(sc, "DRN"))
    assert sc.spec.squad_type == "DRN" and sc.spec.units == ()
    drn = cat.squad_types["DRN"]
    assert set(sc.type_buttons) == {t for t in drn.unit_types if cat.unit_types[t].recruitable}
    sc = d.scene
    pick(d, sc.dd_faction, faction(sc, "INT"))
    assert sc.spec.squad_type == "INT"
    assert "flexible strike team" in sc.tagline.html_text
    # four units: three Strike Troopers and an Assault Trooper (Fists suggested)
    for tid in ("INT-STRP", "INT-STRP", "INT-STRP", "INT-ATRP"):
        d.click(sc.type_buttons[tid])
    assert [u.unit_type for u in sc.spec.units] == ["INT-STRP"] * 3 + ["INT-ATRP"]
    assert all(u.gear == ("INT-F",) for u in sc.spec.units)
    assert sc.selected == 3 and sc.gp == 52
    assert "The squad has no Leader; it needs exactly one." in sc.reasons
    # the first unit becomes the Leader, with an Assault Rifle and a Combat Knife
    choose(d, sc, 0)
    assert sc.selected == 0
    for gid in ("INT-LDR", "INT-AR", "INT-CK"):
        d.click(sc.gear_buttons[gid])
    assert set(sc.spec.units[0].gear) == {"INT-F", "INT-LDR", "INT-AR", "INT-CK"}
    assert sc.gear_buttons["INT-LDR"].is_selected
    # Leader* is Unique and there is a Leader: greyed on the others, with the reason
    choose(d, sc, 1)
    assert sc.selected == 1
    assert not sc.gear_buttons["INT-LDR"].is_enabled
    ldr = next(x for x in sc.gear_lines if x.row.gear_id == "INT-LDR")
    assert "Strike Trooper" in ldr.detail.text and ("Unique" in ldr.detail.text or "Leader" in ldr.detail.text)
    d.click(sc.gear_buttons["INT-LDR"])  # clicking a greyed option changes nothing
    assert "INT-LDR" not in sc.spec.units[1].gear
    # gear for the others; a Unique weapon, a ranged weapon each
    d.click(sc.gear_buttons["INT-HR"])  # Destroyer HMG*
    choose(d, sc, 2)
    assert not sc.gear_buttons["INT-HR"].is_enabled, "Unique gear is greyed on the other units"
    d.click(sc.gear_buttons["INT-SR"])
    choose(d, sc, 3)
    d.click(sc.gear_buttons["INT-SA"])
    # rename the Leader: text typed with real key events ('h' must not open the help screen)
    choose(d, sc, 0)
    replace_text(d, sc.e_rename, "Hale Thorn")
    assert app.top is sc and not isinstance(app.top, HelpScene)
    assert sc.spec.units[0].name == "Hale Thorn"
    assert sc.squad_items[0].startswith("1. Hale Thorn") and "Leader" in sc.squad_items[0]
    replace_text(d, sc.e_name, "Strike Team")
    assert sc.spec.name == "Strike Team"
    d.step(2)
    # the panel says valid; GP and FV are live
    assert sc.reasons == [], sc.reasons
    assert "Valid squad" in sc.check_box.html_text
    # every gear button is drawn in the state it is in (the lines are reused between unit types)
    for line in sc.gear_lines:
        b = line.button
        want = "disabled" if not b.is_enabled else ("selected" if b.is_selected else None)
        if want is not None:
            assert b.drawable_shape.active_state.state_id == want, (line.row.gear_id, want)
        assert b.text.startswith("[x]" if line.row.chosen else "[  ]")
    assert sc.gp <= 100 and sc.gp == sum(unit_gp(cat, u) for u in sc.spec.units)
    assert sc.fv == sum(force_value(unit_gp(cat, u)) for u in sc.spec.units)
    built = sc.spec
    check_screenshot(d.shot("builder-valid"))

    # save as a roster: the name prompt, Enter saves
    d.click(sc.b_save)
    dlg = d.scene
    assert isinstance(dlg, SaveRosterDialog)
    assert dlg.e_name.get_text() == "Strike Team"
    d.step(2)
    check_screenshot(d.shot("builder-save-prompt"))
    replace_text(d, dlg.e_name, "Hale's team")
    d.key(pygame.K_RETURN)
    assert d.scene is sc
    path = saves_dir / "rosters" / "Hale-s-team.json"
    assert path.exists()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ruinstars-roster" and data["version"] == 1 and data["name"] == "Hale's team"
    assert load_roster(path, cat) == built
    assert not sc.dirty

    # back to the title (nothing unsaved: no question)
    d.click(sc.b_back)
    assert isinstance(d.scene, TitleScene)

    # a new builder, Open roster, pick it, Open
    d, sc2 = open_builder(app)
    assert sc2.spec.units == ()
    d.click(sc2.b_open)
    dlg = d.scene
    assert isinstance(dlg, OpenRosterDialog)
    idx = next(i for i, it in enumerate(dlg.items) if "Hale's team" in it)
    assert "Interdictors" in dlg.items[idx] and f"{sc.gp} GP" in dlg.items[idx] and "valid" in dlg.items[idx]
    d.click(dlg.list.item_list[idx]["button_element"])
    d.step(2)
    check_screenshot(d.shot("builder-open-roster"))
    d.click(dlg.b_ok)
    assert d.scene is sc2
    assert sc2.spec == built
    assert sc2.reasons == [] and not sc2.dirty
    d.step(3)
    check_screenshot(d.shot("builder-reopened"))


# -- squad codes ---------------------------------------------------------------------------------------------
def test_import_tampered_truncated_and_good_codes(app):
    cat = app.catalog
    d, sc = open_builder(app)
    good = encode(default_squad("hunter-killers", cat))
    i = len(good) // 2
    tampered = good[:i] + ("A" if good[i] != "A" else "B") + good[i + 1:]
    d.click(sc.b_import)
    dlg = d.scene
    assert isinstance(dlg, ImportCodeDialog) and dlg.e_code.is_focused
    type_text(d, tampered)
    d.click(dlg.b_ok)
    assert d.scene is dlg, "a bad code keeps the dialog open"
    assert dlg.error is not None and "checksum" in dlg.error
    assert "cannot be imported" in dlg.err_box.html_text and "checksum" in dlg.err_box.html_text
    assert sc.spec.units == (), "the squad is untouched"
    d.step(2)
    check_screenshot(d.shot("builder-import-error"))
    # truncated: Enter imports too
    replace_text(d, dlg.e_code, good[:-12])
    d.key(pygame.K_RETURN)
    assert d.scene is dlg and "truncated" in dlg.error
    # not a code at all
    replace_text(d, dlg.e_code, "hello there")
    d.click(dlg.b_ok)
    assert "not a Ruinstars squad code" in dlg.error
    # the good one (with spaces around it, as pasted)
    replace_text(d, dlg.e_code, f"  {good} ")
    d.click(dlg.b_ok)
    assert d.scene is sc
    assert sc.spec == default_squad("hunter-killers", cat)
    assert sc.dd_faction.selected_option[0] == faction(sc, "HK")
    assert sc.reasons == []


def test_export_shows_and_copies_the_code(app):
    cat = app.catalog
    spec = default_squad("relict-wardens", cat)
    d, sc = open_builder(app, spec=spec)
    d.click(sc.b_export)
    dlg = d.scene
    assert isinstance(dlg, ExportCodeDialog)
    assert dlg.box.get_text() == encode(spec) == dlg.code
    if dlg.copied:
        assert pygame.scrap.get_text() == dlg.code
    d.step(2)
    check_screenshot(d.shot("builder-export"))
    d.click(dlg.b_ok)
    assert d.scene is sc


def test_export_without_clipboard(app, monkeypatch):
    import pygame.scrap

    def no_clipboard(text):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    d, sc = open_builder(app, spec=default_squad("despoilers", app.catalog))
    d.click(sc.b_export)
    assert isinstance(d.scene, ExportCodeDialog) and d.scene.copied is False
    d.key(pygame.K_ESCAPE)
    assert d.scene is sc


# -- rules, budgets, dialogs -----------------------------------------------------------------------------------
def test_default_squad_and_mini_squad_budget(app):
    d, sc = open_builder(app)
    pick(d, sc.dd_faction, faction(sc, "SCH"))
    sc = d.scene
    d.click(sc.b_default)
    assert sc.spec == default_squad("silent-choir", app.catalog) and sc.reasons == []
    assert sc.gp == 100
    pick(d, sc.dd_budget, "50 GP · co-op, 2 players")
    sc = d.scene
    assert sc.budget == 50
    assert "Squad costs 100 GP; the limit is 50 GP." in sc.reasons
    assert all(not b.is_enabled for b in sc.type_buttons.values()), "no GP left for another unit"
    d.step(2)
    check_screenshot(d.shot("builder-mini-squad"))
    # a 1-unit Leader-less mini squad is legal
    while len(sc.spec.units) > 1:
        choose(d, sc, 0)
        d.click(sc.b_remove)
    lead = [i for i, u in enumerate(sc.spec.units) if "LDR" in " ".join(u.gear)]
    assert len(sc.spec.units) == 1 and sc.gp <= 50
    assert sc.reasons == [], sc.reasons
    assert "Valid squad" in sc.check_box.html_text
    assert lead or "no Leader" in sc.check_box.html_text


def test_switching_faction_with_units_asks_first(app):
    spec = default_squad("interdictors", app.catalog)
    d, sc = open_builder(app, spec=spec)
    pick(d, sc.dd_faction, faction(sc, "KF"))
    dlg = d.scene
    assert isinstance(dlg, ConfirmDialog) and "removed" in dlg.text
    d.click(dlg.b_no)
    assert d.scene is sc and sc.spec == spec
    assert sc.dd_faction.selected_option[0] == faction(sc, "INT")
    pick(d, sc.dd_faction, faction(sc, "KF"))
    d.click(d.scene.b_yes)
    assert d.scene is sc and sc.spec.squad_type == "KF" and sc.spec.units == ()


def test_back_with_unsaved_changes_asks(app):
    d, sc = open_builder(app)
    d.click(sc.type_buttons["INT-STRP"])
    d.click(sc.type_buttons["INT-ATRP"])
    d.key(pygame.K_DELETE)  # removes the selected unit (the last one added)
    assert [u.unit_type for u in sc.spec.units] == ["INT-STRP"]
    d.click(sc.b_back)
    assert isinstance(d.scene, ConfirmDialog)
    d.key(pygame.K_ESCAPE)
    assert d.scene is sc
    d.key(pygame.K_ESCAPE)  # Esc is Back
    assert isinstance(d.scene, ConfirmDialog)
    d.click(d.scene.b_yes)
    assert isinstance(d.scene, TitleScene)


def test_rule_text_on_hover(app):
    cat = app.catalog
    d, sc = open_builder(app, spec=default_squad("interdictors", cat))
    # a gear line: its specials' rule texts
    line = next(x for x in sc.gear_lines if x.row.gear_id == "INT-CK")
    d.move_mouse(line.detail.rect.center)
    d.step(1)
    assert "Combat Knife" in sc.rules_html and escape(cat.special_texts["2MC"][1]) in sc.rules_html
    assert sc.rules_box.html_text == sc.rules_html
    # a skill line (the first one in view): the skill's text
    line = next(x for x in sc.gear_lines if x.row.kind == "skill" and not x.row.default
                and sc.sc_gear.rect.contains(x.button.rect))
    d.move_mouse(line.button.rect.center)
    assert escape(cat.skills[line.row.gear_id].text) in sc.rules_html
    # a unit type
    d.move_mouse(sc.type_lines[0][1][0].rect.center)
    assert cat.unit_types[sc.type_lines[0][0]].name in sc.rules_html
    # a chip on the card: rule text in the panel and, after a moment, a tooltip
    assert sc.card_view.chips
    chip_rect, tip = sc.card_view.chips[-1]
    cr = sc._card_rect
    pos = chip_rect.move(cr.x + sc.px(2), cr.y + sc.px(2)).center
    d.move_mouse(pos)
    d.step(30)
    assert sc.rules_html == tip
    assert sc.chip_tooltip is not None
    d.step(1)
    check_screenshot(d.shot("builder-tooltip"))


def test_open_broken_roster_shows_problem_and_leaves_it(app, saves_dir):
    cat = app.catalog
    good = save_roster(default_squad("claimant-warband", cat), "Good one", saves_dir / "rosters")
    bad = saves_dir / "rosters" / "broken.json"
    data = json.loads(good.read_text(encoding="utf-8"))
    data["squad"]["units"][0]["gear"].append("CWB-DEATH-RAY")
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = bad.read_bytes()
    d, sc = open_builder(app)
    d.click(sc.b_open)
    dlg = d.scene
    assert isinstance(dlg, OpenRosterDialog)
    assert len(dlg.items) == 2 and "cannot be read" in dlg.items[1]
    d.click(dlg.list.item_list[1]["button_element"])
    d.click(dlg.b_ok)
    assert app.dialog_open and "broken.json" in app.last_dialog and "CWB-DEATH-RAY" in app.last_dialog
    assert d.scene is dlg and sc.spec.units == ()
    d.step(2)
    check_screenshot(d.shot("builder-broken-roster"))
    assert bad.read_bytes() == before
    d.key(pygame.K_ESCAPE)
    assert not app.dialog_open
    # delete it (still selected), after a question
    assert dlg.selected_path() == bad
    d.click(dlg.b_delete)
    d.click(d.scene.b_yes)
    assert not bad.exists() and good.exists()
    assert len(d.scene.items) == 1


@pytest.mark.parametrize("size,scale", [((960, 600), 1.0), ((1600, 1000), 1.25)])
def test_layout_fits_other_sizes(make_app, size, scale):
    app = make_app(ui_scale=scale)
    spec = default_squad("krumpfists", app.catalog)
    d, sc = open_builder(app, spec=spec, budget=50)
    choose(d, sc, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    d.step(3)
    assert d.scene is sc and app.size == size
    assert (sc.spec, sc.selected, sc.budget) == (spec, 2, 50), "a resize keeps the squad, selection and budget"
    W, H = size
    bar = [sc.b_back, sc.b_default, sc.b_open, sc.b_save, sc.b_import, sc.b_export]
    for a, b in zip(bar, bar[1:]):
        assert a.rect.right <= b.rect.left, "bottom buttons do not overlap"
    for el in bar + [sc.dd_faction, sc.dd_budget, sc.check_box, sc.rules_box, sc.squad_list, sc.sc_gear,
                     sc.e_name, sc.e_rename, sc.b_remove]:
        assert el.rect.left >= 0 and el.rect.top >= 0 and el.rect.right <= W and el.rect.bottom <= H, el
    cols = [sc.sc_types.rect, sc.squad_list.rect, sc.sc_gear.rect]
    assert cols[0].right <= cols[1].left and cols[1].right <= cols[2].left
    assert sc.check_box.rect.bottom <= sc.b_back.rect.top and sc.rules_box.rect.bottom <= sc.b_back.rect.top
    d.step(2)
    check_screenshot(d.shot(f"builder-{W}x{H}"))


def test_hidden_widgets_stay_hidden_after_a_dialog(app, saves_dir):
    """Save roster over a squad whose gear list replaced the "Select a unit" note: the note stays hidden."""
    d, sc = open_builder(app)
    assert sc.selected is None and sc._gear_empty is not None and sc._gear_empty.visible
    d.click(sc.type_buttons["INT-STRP"])
    assert sc.selected == 0 and not sc._gear_empty.visible
    hidden = [el for els in sc._pool_lines for el in els if not el.visible]
    d.click(sc.b_save)
    assert isinstance(d.scene, SaveRosterDialog)
    d.click(d.scene.b_ok)
    assert d.scene is sc
    d.step(2)
    assert not sc._gear_empty.visible, "the placeholder is not drawn over the gear list"
    assert all(not el.visible for el in hidden)
    assert all(line.button.visible for line in sc.gear_lines)
    d.shot("builder-after-save-roster")


def test_import_clears_the_rules_panel_of_the_old_squad(app):
    cat = app.catalog
    d, sc = open_builder(app, spec=default_squad("interdictors", cat))
    leader = sc.spec.units[0].name
    d.click(sc.type_buttons[sc.type_lines[-1][0]])  # adding a unit shows its type's rules
    line = next(x for x in sc.gear_lines if x.row.block)  # a greyed option: its reason names a squadmate
    d.move_mouse(line.detail.rect.center)
    d.step(1)
    shown = sc.rules_html
    assert shown != sc.rules_box.html_text or shown
    d.click(sc.b_import)
    dlg = d.scene
    dlg.e_code.set_text(encode(default_squad("hunter-killers", cat)))
    d.click(dlg.b_ok)
    assert d.scene is sc and sc.spec == default_squad("hunter-killers", cat)
    d.move_mouse((sc.L["w"] // 2, sc.px(8)))  # over nothing that has rules
    d.step(2)
    assert sc.rules_html == sc.rules_box.html_text
    assert shown not in sc.rules_html and leader not in sc.rules_html
    assert "Point at a unit type" in sc.rules_html, "the panel is back to its hint"


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_builders_lines_are_whole_at_1280x800(make_app, scale):
    """The empty squad's hint, each unit type's name, GP and stats, why a piece of gear cannot be taken ("over
    budget"), each squad member's line are whole, not cut with an ellipsis, at the default and the largest UI
    scale."""
    app = make_app(ui_scale=scale)
    app.resize(1280, 800)
    d, sc = open_builder(app)
    T = app.text
    assert not sc.spec.units
    assert "…" not in sc.l_squad.text and T.size(sc.l_squad.text, 13)[0] <= sc.l_squad.rect.w, sc.l_squad.text
    for _, (name, stats, add) in sc.type_lines:
        assert "…" not in name.text and "…" not in stats.text, (name.text, stats.text)
        assert not add.rect.colliderect(name.rect) and not add.rect.colliderect(stats.rect)
    d.click(sc.b_default)
    for _ in range(3):
        if getattr(d.scene, "b_yes", None) is not None and d.scene is not sc:
            d.click(d.scene.b_yes)
    d.step(3)
    assert sc.spec.units, "the default squad is loaded"
    choose(d, sc, 0)
    blocked = [ln for ln in sc.gear_lines if ln.row.block and "budget" in ln.row.block]
    assert blocked, "a full squad: gear that costs GP is over budget"
    for ln in blocked:
        assert "…" not in ln.detail.text, ln.detail.text
    for item in sc.squad_items:  # each unit of the squad: its name, GP and Leader whole
        assert "…" not in item and " GP" in item, item
    assert sum("Leader" in item for item in sc.squad_items) == 1


def test_a_unique_gears_reason_names_its_holder_with_and_without_its_number():
    """The gear picker's reason for a Unique piece another unit carries: the long form numbers the holder as in the
    squad list, the short one (a narrow line) names it alone; the model gives both, the screen picks by width."""
    from game.content import default_squad, load_catalog
    from game.ui.builder_model import gear_rows, unit_name
    catalog = load_catalog()
    spec = default_squad("interdictors", catalog)
    for i in range(len(spec.units)):
        for row in gear_rows(catalog, spec, i, 100):
            if row.block and row.block.startswith("Unique: "):
                holder = row.block[len("Unique: "):].split(" (unit ")[0]
                assert holder in {unit_name(catalog, u) for u in spec.units}
                assert row.block_short == f"Unique: {holder} has it." and "(unit " in row.block
                return
    raise AssertionError("no Unique piece held by another unit in the default squad")
