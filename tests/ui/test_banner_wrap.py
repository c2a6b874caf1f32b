"""The end-of-Turn banner: a line longer than the banner (a Horde wave objective with its count) wraps inside it,
at the UI's default and largest scale; nothing of the banner is drawn outside its box nor off the table's view."""
import pygame
import pytest

from game.ui.banners import Banner, Effects, banner_box

LONG = ("Wave Objective: Battlefield Control: The squad Controls all three when the wave ends: the squad Controls "
        "0 of 3")


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_long_banner_line_wraps_inside_the_banner(make_app, scale):
    app = make_app(ui_scale=scale)
    area = pygame.Rect(0, 68, 743, 690)  # the table's view of a 1280x800 window at 150%
    fx = Effects()
    fx.banners.append(Banner("End of Turn 1", ["Enemies Taken Out this Turn: 2  ·  your units lost: 0", LONG,
                                               "Your squad: 7 standing"], kind="end", t=1.0))
    box, lines = banner_box(fx.banner, area, app)
    assert len(lines) >= 4 and " ".join(lines).count("Controls 0 of 3") == 1
    assert all(app.text.size(line, 14)[0] <= box.w - 2 * int(12 * scale) for line in lines)
    screen = pygame.Surface((1280, 800), pygame.SRCALPHA)
    screen.fill((0, 0, 0, 0))
    fx.draw_banner(screen, area, app)
    drawn = screen.get_bounding_rect()
    assert box.contains(drawn) and area.contains(box), (drawn, box)
