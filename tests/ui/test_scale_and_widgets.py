"""Large UI scales and small windows: the unit card is whole or scrolls (never cut off unseen), the log's "more
below" hint has a strip of its own, and drop-downs take the first click after another one closed."""
import pygame
import pytest

from game.ui.settings_scene import SettingsScene
from game.ui.setup_scene import SetupScene

from .driver import Driver
from .test_skills_ui import interdictors_battle


def leader_selected(app):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    p = m.position(leader)
    d.click_board(p.x, p.y)
    d.move_mouse(sc.layout["hint"].center)  # the card shows the selected unit
    d.step(2)
    return d, sc


@pytest.mark.parametrize("scale,size", [(1.0, (1280, 800)), (1.25, (1280, 800)), (1.5, (1280, 800)),
                                        (1.5, (1920, 1080))])
def test_the_unit_card_is_whole_or_scrolls_to_its_end(make_app, scale, size):
    app = make_app(ui_scale=scale)
    app.resize(*size)
    d, sc = leader_selected(app)
    card = sc.card._surf
    view = sc.card_view_rect()
    chips = [r for r, _ in sc.card.chips]
    weapons = sc.match.unit(sc.selected).card.weapons
    assert chips and weapons
    if card.get_height() <= sc.layout["card"].h:
        assert sc.card_scroll_max() == 0
    else:
        # the weapons are in view at once; the rest comes with the wheel, down to the card's last chip
        first_weapon_chip = chips[0].move(view.x, view.y)
        assert view.contains(first_weapon_chip), "the weapons show without scrolling"
        d.move_mouse(view.center)
        for _ in range(10):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
            d.step(1)
        assert sc.card_scroll == sc.card_scroll_max() > 0
        last = chips[-1].move(view.x, view.y - sc.card_scroll)
        assert view.contains(last), "the card's end is reachable"
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20, flipped=False))
        d.step(2)
        assert sc.card_scroll == 0
    if size == (1920, 1080):
        assert sc.card_scroll_max() == 0, "with room, the whole card shows"
    d.shot(f"card-{int(scale * 100)}-{size[0]}x{size[1]}")


def test_log_hint_has_a_strip_of_its_own(app):
    d, sc = leader_selected(app)
    log = sc.log
    assert log._total > log.rect.h, "enough lines to scroll"
    d.move_mouse(log.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    d.step(2)
    assert log.scroll > 0
    assert log.hint_rect is not None
    assert not log.hint_rect.colliderect(log.text_rect), "the hint is not printed over the lines"
    assert log.rect.contains(log.hint_rect)
    d.shot("log-more-below")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20, flipped=False))
    d.step(2)
    assert log.scroll == 0 and log.hint_rect is None


def _expanded(dd) -> bool:
    return dd.current_state is dd.menu_states["expanded"]


def _quick_click(d: Driver, pos, frames: int = 6) -> None:
    """A quick click: the mouse arrives and clicks in one frame, as a hand does."""
    pos = (int(pos[0]), int(pos[1]))
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    d.step(frames)


@pytest.mark.parametrize("screen", ["settings", "setup"])
def test_a_dropdown_opens_at_the_first_click_after_another_closed(app, screen):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_settings if screen == "settings" else d.scene.b_new)
    sc = d.scene
    assert isinstance(sc, SettingsScene if screen == "settings" else SetupScene)
    a, b = (sc.dd_grid, sc.dd_names) if screen == "settings" else (sc.dd_measure, sc.dd_order)
    before = (a.selected_option, b.selected_option)
    _quick_click(d, a.rect.center)
    assert _expanded(a)
    current = next(it for it in a.current_state.options_selection_list.item_list
                   if it["text"] == a.selected_option[0])
    _quick_click(d, current["button_element"].rect.center)  # the option it already shows
    assert not _expanded(a), "picking the option shown closes the drop-down"
    _quick_click(d, b.rect.center)  # the next drop-down, where the list was
    assert _expanded(b), "the first click opens it"
    assert (a.selected_option, b.selected_option) == before, "and changes nothing"
    d.shot(f"dropdown-after-another-{screen}")


def test_a_scene_never_leaves_widgets_behind_even_when_it_loses_its_root(app):
    """The scene base class owns its widgets: a scene that drops its root without killing it (made again in place)
    and a scene gone from the stack leave nothing drawn."""
    from pygame_gui.elements import UIButton

    from game.ui.scene import Scene

    from .driver import stray_widgets

    class Careless(Scene):
        def build_ui(self) -> None:
            UIButton(pygame.Rect(10, 10, 200, 40), "Left behind?", self.app.manager, container=self.new_root())

    sc = Careless(app)
    app.push(sc)
    first = sc.root
    sc.__init__(app)  # the root is forgotten, not killed
    sc.build_ui()
    assert not first.alive() and not stray_widgets(app)
    sc.root = None  # lost again; then the scene goes
    app.pop()
    assert not stray_widgets(app) and len(app.manager.get_root_container().elements) == 1


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.25, 1.5])
def test_italic_text_in_a_text_box_finds_its_font_loaded(make_app, scale):
    """The rules, taglines and campaign texts use <i> and <b><i> in text boxes: the manager has those fonts from the
    start (pygame-gui warned "Finding font ... not already loaded" on the campaign screens); so does the help's HTML,
    whose <font size=N> headings are sized for the scale (help_text.heading)."""
    import warnings

    import pygame_gui

    from game.ui.help_text import heading
    app = make_app(ui_scale=scale)
    html = ("<i>italic</i> and <b><i>bold italic</i></b>; the help's heading: " + heading("Controls", 1, scale) +
            "a help file's section: " + heading("Deploy", 2, scale))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        box = pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, 300, 80), app.manager)
        box.kill()


@pytest.mark.parametrize("scale", [0.8, 1.5])
def test_every_menu_screen_fits_its_texts_at_the_smallest_and_largest_scale(make_app, scale):
    """pygame-gui warns when a label is too small for its text (the text is cut) or a font is found late: none on the
    title screen, each setup, the squad builder, Settings, Load and the help over each, at the UI's smallest and
    largest scales."""
    import warnings

    app = make_app(ui_scale=scale)
    d = Driver(app)
    d.step(2)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        title = d.scene
        for name in ("b_new", "b_pve", "b_pvp", "b_horde", "b_campaign", "b_squads", "b_load", "b_settings"):
            d.click(getattr(title, name))
            d.step(2)
            d.key(pygame.K_F1)  # the help over each
            d.key(pygame.K_ESCAPE)
            while d.scene is not title:
                d.key(pygame.K_ESCAPE)
        d.key(pygame.K_F1)
    said = sorted({str(w.message).split(" - ")[0] for w in seen if "pygame_gui" in w.filename})
    assert not said, said


def test_list_items_keep_clear_of_their_boxs_border(app):
    """The Load list, the mission lists: an item's text starts a few pixels inside the box (it sat on the border)."""
    import pygame_gui
    sl = pygame_gui.elements.UISelectionList(pygame.Rect(0, 0, 300, 120), ["Autosave (Turn 2)"], app.manager)
    try:
        item = sl.item_list[0]["button_element"]
        assert item.text_horiz_alignment_padding >= 6
    finally:
        sl.kill()


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.25, 1.5])
def test_the_helps_main_heading_stays_larger_than_its_text_at_every_scale(scale):
    """pygame-gui gives <font size=5> a fixed 18 points: at UI scale 1.5 the help's body (14 scaled: 21 points) was
    larger than its "Controls" heading. The help's headings are sized for the scale."""
    from game.ui.help_text import TABS
    from game.ui.theme import HTML_FONT_SIZES
    html = TABS[0][1](scale)
    size = float(html.split("<font size=", 1)[1].split(">", 1)[0])
    assert HTML_FONT_SIZES[size] > round(14 * scale)


def test_a_help_files_headings_follow_the_ui_scale():
    """A help file's main and section headings at 1.25: one size up each (the section heading is not a main one)."""
    from game.ui.help_text import markup_html
    assert markup_html("# A\n## B", 1.25) == "<font size=6><b>A</b></font><br><font size=5><b>B</b></font><br>"
    assert markup_html("# A\n## B") == "<font size=5><b>A</b></font><br><font size=4><b>B</b></font><br>"
