"""The battle screen's table drawn through its view world: the scene feeds each command's events, the painters'
own parts of the picture (the board, the zones, the previews, the threat areas, the summary box) are overlay
entities in their layer's place, and a frame that draws is the world's `process(dt, canvas)`.

Reads the scene's selection and question to mark bases (Marks); what stands on the table comes from the events.
"""
from __future__ import annotations

import math

from .components import LAYER
from .pictures import Canvas, Marks
from .world import ViewWorld


class TableView:
    def __init__(self, scene) -> None:
        sc = self.sc = scene
        self.world = ViewWorld(sc.match, camera=sc.camera, app=sc.app, computer=sc.computer_side, follow=sc.follow,
                               attack_record=lambda: sc.feed.reader.last_attack,
                               area=lambda: sc.layout.get("view"), avoid=lambda: (sc.painter.summary.rect,))
        self.dt = 0.0  # time since the last frame that drew (a frame that draws moves things by it)
        self._cv = None  # the canvas of the frame prepared and being drawn
        self._overlays()

    # == the painters' parts of the picture, in their layers =======================================================
    def _overlays(self) -> None:
        sc = self.sc
        add = self.world.add_overlay

        def board(cv):
            m = sc.match
            p = sc.painter
            threat = sc.ahead.threat_shown
            covered = sc.renderer.draw_board(cv.screen, cv.camera, m.table.doors_open, sc.show_grid,
                                             static=p.foresight.board_with_threat() if threat else None,
                                             cleared=m.table.cleared_terrain)
            p.background(cv.screen, cv.view, covered)

        def zones(cv):
            sc.painter.mission.zones(cv.screen)

        def zone_names(cv):
            return sc.painter.mission.zone_wants()

        def labels(cv):
            sc.painter.labels.draw(cv.screen, cv.placed)

        def deploy_ghost(cv):
            if sc.match.phase == "deploy":
                sc.painter.table.ghost(cv.screen)

        def under(cv):
            pv, mode = sc.sel.shown_preview, sc.sel.mode
            if pv is not None and mode in ("move", "dash"):
                sc.painter.previews.reach(cv.screen, pv)
            if pv is not None and mode in ("ranged", "melee"):
                sc.painter.previews.targets(cv.screen, pv)

        def skill_choices(cv):
            if sc.sel.skill is not None:
                sc.painter.previews.skill_choices(cv.screen)

        def over(cv):
            p, sel = sc.painter, sc.sel
            pv, mode = sel.shown_preview, sel.mode
            if sc.ahead.threat_shown:
                p.foresight.threat_marks(cv.screen)
            p.foresight.intent(cv.screen)
            if sel.skill is not None:
                p.previews.skill_hover(cv.screen)
            if pv is not None and mode in ("move", "dash"):
                p.previews.path(cv.screen, pv)
                p.foresight.destination(cv.screen)
            if pv is not None and mode in ("ranged", "melee") and sel.hover_target is not None:
                p.previews.sight(cv.screen, sel.hover_target)

        def summary(cv):
            sc.painter.summary.draw(cv.screen, folded=sc.painter.summary_folded())

        for layer, fn in (("board", board), ("zones", zones), ("deploy_ghost", deploy_ghost),
                          ("preview_under", under), ("skill_choices", skill_choices), ("labels", labels),
                          ("preview_over", over),
                          ("summary", summary)):
            add(LAYER[layer], fn, wants=zone_names if fn is zones else None)

    # == what the scene tells it ===================================================================================
    def feed(self, events, before: dict) -> None:
        self.world.feed(events, before)

    def restart(self, match) -> None:
        self.world.restart(match)

    def animating(self) -> bool:
        """Something the computer waits for still moves (as it will stand in the next frame drawn)."""
        return self.world.animating(ahead=self.dt)

    def tick(self, dt: float) -> None:
        """A frame passed (drawn or not): the next frame that draws moves things by the time since it last drew."""
        self.dt = min(0.1, self.dt + dt)

    def marks(self) -> Marks:
        sc = self.sc
        m, sel, cam = sc.match, sc.sel, sc.camera
        from ..battle.draw_table import prompt_rings
        p = m.prompt
        return Marks(battle=m.phase == "battle", active=m.active_unit, selected=sel.selected, hover=sel.hover_uid,
                     pick=tuple(p.options) if (p is not None and p.kind == "pick_npc") else (),
                     rings=prompt_rings(sc), names=sc.app.settings.show_names and cam.ppi >= 40,
                     hover_marker=sel.hover_marker, pulse=0.5 + 0.5 * math.sin(sc.time * 4),
                     side_colour=sc.painter.mission.side_colour)

    def canvas(self, screen) -> Canvas:
        sc = self.sc
        return Canvas(screen, sc.camera, sc.app, sc.renderer, sc.layout["view"], self.marks(), sc.painter.mission.look,
                      tray=not sc.prompt_panel.active and sc.effects.banner is None, placer=sc.painter.labels.place)

    def prepare(self, screen) -> list | None:
        """Before a frame is drawn: the table moves on by the time since the last frame drawn (its world's process
        without drawing) and the frame is worked out. The rectangles of the screen the table changes in since the
        last frame drawn, or None (all of it). The frame is drawn (`draw`, in one part or several) until `release`."""
        w = self.world
        w.camera, w.speed = self.sc.camera, self.sc.effects.speed
        dt, self.dt = self.dt, 0.0
        self._cv = self.canvas(screen)
        return w.prepare(dt, self._cv)

    def release(self) -> None:
        self._cv = None

    def draw(self, screen) -> None:
        """The frame prepared, drawn inside the screen's clip: the world's process, drawing (prepared here when it
        was not)."""
        w = self.world
        held = self._cv is not None and self._cv.screen is screen
        if not held:
            self.prepare(screen)
        w.process(0.0, self._cv)
        if not held:
            self._cv = None

    def close(self) -> None:
        self.world.close()
