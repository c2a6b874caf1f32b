"""The table drawn through the view world looks as the battle screen's painters drew it: a real battle played by
the computer on both sides, with animations at normal speed (bases gliding, shots, numbers, crosses, the dice
tray), compared pixel for pixel frame by frame over the table view."""
import pygame

from game.ai.simple import SimpleSquadController
from game.modes import create_match, first_mission_scenario
from game.ui.battle import BattleScene
from game.ui.view.screen import TableView

from ..driver import SCREENS, Driver


def differing(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    pa, pb = pygame.PixelArray(a), pygame.PixelArray(b)
    try:
        n = 0
        for x in range(rect.left, rect.right, 3):
            for y in range(rect.top, rect.bottom, 3):
                n += pa[x, y] != pb[x, y]
        return n
    finally:
        pa.close()
        pb.close()


def test_the_view_world_draws_the_table_as_the_painters_did(make_app):
    app = make_app(npc_speed="normal")
    m = create_match(first_mission_scenario(), 5, app.catalog, prepare=True)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.click(sc.b_auto)
    d.click(sc.b_start)
    sc.play_by_computer("player", SimpleSquadController("player"))
    tv = TableView(sc)
    tv.world.drives_camera = False  # (the scene still steps its camera itself here)
    tv.world.follow = lambda x, y: None
    changed, update = sc.changed, sc.update

    def fed_changed(old):
        n = fed_changed.seen
        changed(old)
        tv.feed(m.events[n:], old)
        fed_changed.seen = len(m.events)
    fed_changed.seen = len(m.events)

    def ticked(dt):
        update(dt)
        tv.tick(dt)
    sc.changed, sc.update = fed_changed, ticked
    old = pygame.Surface(app.screen.get_size())
    new = pygame.Surface(app.screen.get_size())
    compared = busy = 0
    for frame in range(700):
        if m.phase == "over" or m.turn >= 3:
            break
        d.wait_banners()
        d.step(1)
        view = sc.layout["view"]
        old.fill((0, 0, 0))
        new.fill((0, 0, 0))
        old.set_clip(view)
        sc.painter.draw(old)
        old.set_clip(None)
        new.set_clip(view)
        tv.draw(new)
        new.set_clip(None)
        compared += 1
        busy += bool(sc.feed.anims or sc.effects.shots or sc.effects.floaters)
        n = differing(old, new, view)
        if n:
            SCREENS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(old, str(SCREENS / "same_picture_painters.png"))
            pygame.image.save(new, str(SCREENS / "same_picture_view_world.png"))
        assert n == 0, f"frame {frame}: {n} sampled pixels differ (tests/output/screens/same_picture_*.png)"
    assert compared > 300 and busy > 50, (compared, busy)
    tv.close()
