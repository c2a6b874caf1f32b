"""The dice tray once its dice have landed is one picture made once and blitted whole each frame; it is made again
when what it shows changes (the attack's record fills in as its events come: saves, the HIT lost)."""
import pygame

from game.ui.banners import DiceTray
from game.ui.dicelog import AttackRecord, DieV, RollGroup


def test_the_landed_tray_is_drawn_once_and_again_when_its_record_grows(make_app):
    app = make_app()
    rec = AttackRecord("Bug 3 attacks Fighter with Bite: 3 dice vs SKL 4",
                       [RollGroup("Bug 3 rolls", 4, "SKL", [DieV(1), DieV(5), DieV(6)])])
    tray = DiceTray(rec)
    area = pygame.Rect(0, 0, 900, 700)
    screen = pygame.Surface(area.size)
    tray.tray_t = tray.tray_roll / 2  # tumbling: drawn afresh, no picture kept
    tray.draw_tray(screen, area, app)
    assert tray._landed is None
    tray.tray_t = tray.tray_roll + 0.1  # landed: one picture
    tray.draw_tray(screen, area, app)
    first = tray._landed[1]
    before = screen.copy()
    tray.draw_tray(screen, area, app)
    assert tray._landed[1] is first, "the same picture while nothing changes"
    rec.outcome.append("Fighter loses 1 HIT")  # the attack's end comes in
    tray.draw_tray(screen, area, app)
    assert tray._landed[1] is not first
    diff = sum(1 for x in range(0, 900, 3) for y in range(0, 700, 3) if screen.get_at((x, y)) != before.get_at((x, y)))
    assert diff > 20, "the outcome line is drawn"
    tray.tray_t = tray.tray_duration - 0.5  # fading: the same picture, half seen
    faded = pygame.Surface(area.size)
    tray.draw_tray(faded, area, app)
    full = pygame.Surface(area.size)
    tray.tray_t = tray.tray_roll + 0.2
    tray.draw_tray(full, area, app)
    r = pygame.Rect(0, 0, *tray.tray_size(rec, app, area))
    r.bottomleft = area.inflate(-20, -20).bottomleft
    assert sum(faded.get_at((x, r.y + 20))[0] for x in range(r.x, r.right, 4)) < \
        sum(full.get_at((x, r.y + 20))[0] for x in range(r.x, r.right, 4)), "it fades at the end"
