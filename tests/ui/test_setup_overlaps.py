"""The setup screens at the UI's default and largest scale in a 1280x800 window: no widget lies over another (a
drop-down over Back, the seed field under Start, Back over the description box), every one is inside the window, a
drop-down's text is whole ("Claimant Warband (default squa");
the PvP map diagram's objective names do not run into each other."""
from itertools import combinations

import pygame
import pytest
from pygame_gui.elements import (UIButton, UIDropDownMenu, UILabel, UIScrollingContainer, UISelectionList, UITextBox,
                                 UITextEntryLine)

from game.ui.scene import dd_value

from .driver import Driver, open_pvp_setup

FORM = (UIButton, UIDropDownMenu, UILabel, UIScrollingContainer, UISelectionList, UITextBox, UITextEntryLine)


def overlaps(app, scene) -> list:
    """Pairs of the scene's visible widgets that overlap, and widgets out of the window."""
    els = [e for e in scene.root.elements if e.visible and isinstance(e, FORM)]
    window = app.screen.get_rect()
    said = [f"{type(e).__name__} {getattr(e, 'text', '')!r} out of the window" for e in els
            if not window.contains(e.rect)]
    for a, b in combinations(els, 2):
        if a.rect.colliderect(b.rect):
            said.append(f"{type(a).__name__} {getattr(a, 'text', '')!r} {a.rect} over "
                        f"{type(b).__name__} {getattr(b, 'text', '')!r} {b.rect}")
    return said


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("button", ["b_new", "b_pvp", "b_pve", "b_horde", "b_campaign"])
def test_no_setup_widget_lies_over_another(make_app, scale, button):
    app = make_app(ui_scale=scale)
    app.resize(1280, 800)
    d = Driver(app)
    d.step(2)
    d.click(getattr(d.scene, button))
    d.step(3)
    assert overlaps(app, d.scene) == []
    for dd in (e for e in d.scene.root.elements if isinstance(e, UIDropDownMenu) and e.visible):  # the text whole
        text = dd_value(dd)
        assert app.text.size(text)[0] + d.scene.px(20) <= dd.rect.w, f"{text!r} is cut"
    d.shot(f"setup-{button}-{scale}")


def test_the_pvp_diagrams_objective_names_do_not_overlap(make_app):
    from game.ui.setup_pvp import marker_labels
    app = make_app()
    d = Driver(app)
    sc = open_pvp_setup(d)
    box = pygame.Rect(0, 0, 300, 300)
    checked = 0
    for mission in sc.book:
        if not 1 < len(mission.markers) <= 4:
            continue
        spots = marker_labels(box, box.w / 24.0, mission.markers, app)
        rects = [pygame.Rect(spot, img.get_size()) for img, spot in spots]
        assert not [(a, b) for a, b in combinations(rects, 2) if a.colliderect(b)], mission.title
        checked += 1
    assert checked >= 3
