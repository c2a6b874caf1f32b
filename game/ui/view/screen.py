"""The battle screen's table drawn through its view world: the scene feeds each command's events, the painters'
own parts of the picture (the board, the zones, the previews, the threat areas, the summary box) are overlay
entities in their layer's place, and a frame that draws is the world's `process(dt, canvas)`.

Reads the scene's selection and question to mark bases (Marks); what stands on the table comes from the events.
"""
from __future__ import annotations

import math

import pygame

from . import damage as D
from .components import LAYER
from .pictures import Canvas, Marks
from .world import ViewWorld


class TableView:
    def __init__(self, scene) -> None:
        sc = self.sc = scene
        self.world = ViewWorld(sc.match, camera=sc.camera, app=sc.app, computer=sc.computer_side, follow=sc.framing.follow,
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
                                             static=p.foresight.threat_board() if threat else None,
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

        stamps = OverlayStamps(sc)
        for layer, fn, stamp in (("board", board, stamps.board), ("zones", zones, stamps.zones),
                                 ("deploy_ghost", deploy_ghost, stamps.deploy_ghost),
                                 ("preview_under", under, stamps.under), ("skill_choices", skill_choices, stamps.skill),
                                 ("labels", labels, stamps.labels),  # (the labels placed are compared one by one)
                                 ("preview_over", over, stamps.over), ("summary", summary, stamps.summary)):
            add(LAYER[layer], fn, wants=zone_names if fn is zones else None, stamp=stamp)

    # == what the scene tells it ===================================================================================
    def feed(self, events, before: dict, markers_later: bool = False) -> None:
        self.world.feed(events, before, markers_later)

    def read_markers(self) -> bool:
        return self.world.read_markers()

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


class OverlayStamps:
    """What each of the painters' overlays shows, and where it changed since the last frame prepared (damage.py):
    the board where the threat areas of a new pass differ from the last (a door, the grid or the rubble changing:
    all of it), the threat's crosshairs and legend and the summary box where they were and are; the previews, the
    skill choices, a deploy ghost and an NPC's intent (a person's pointing, mostly) anywhere when they change."""

    def __init__(self, scene) -> None:
        self.sc = scene
        self._board = None  # (look, the threat areas shown) of the board at the last frame prepared
        self._over = D.Stamp()
        self._over_other = None
        self._summary = D.Stamp()

    def board(self, cv) -> tuple:
        sc = self.sc
        t = sc.match.table
        threat = None
        if sc.ahead.threat_shown and sc.painter.foresight.board_with_threat() is not None:
            threat = sc.painter.foresight.shown  # (the picture's next stage made here: the frame knows what changed)
        base = (tuple(sorted(t.doors_open.items())), sc.show_grid, tuple(t.cleared_terrain))
        look = (base, id(threat) if threat is not None else None)
        last, self._board = self._board, (look, threat)
        if last is None or last[0] == look:
            return look, []
        if last[0][0] != base or last[1] is None or threat is None:
            return look, None
        return look, sc.painter.foresight.board_change(last[1], threat)

    def zones(self, cv) -> tuple:
        sc = self.sc
        return (tuple((dz.purpose, dz.side, dz.zone) for dz in sc.mission_zones()), sc.match.phase == "deploy"), None

    def deploy_ghost(self, cv) -> tuple:
        sc = self.sc
        return (sc.sel.ghost if sc.match.phase == "deploy" else None), None

    def _pointing(self) -> tuple:
        """What the previews show depends on: the match's version, the selection, the mode, what the mouse is on,
        the work ahead's progress (the same parts of the scene's redraw key)."""
        sc = self.sc
        sel = sc.sel
        return (sc.version, sel.selected, sel.mode, sel.weapon_id, sel.hover_uid, sel.hover_spot,
                None if sel.hover_target is None else (sel.hover_target.uid, sel.hover_target.spread),
                None if sel.preview is None else sel.preview.spread_dice(), sel.skill_hover,
                None if sel.skill is None else (sel.skill.sid, sel.skill.first), sc.ahead.progress)

    def under(self, cv) -> tuple:
        sel = self.sc.sel
        shown = sel.shown_preview is not None and sel.mode in ("move", "dash", "ranged", "melee")
        return (self._pointing() if shown else None), None

    def skill(self, cv) -> tuple:
        return (self._pointing() if self.sc.sel.skill is not None else None), None

    def labels(self, cv) -> tuple:
        return 0, []

    def over(self, cv) -> tuple:
        sc = self.sc
        sel = sc.sel
        ahead = sc.ahead
        key = ahead.intent_key()
        job = ahead.look.get(key) if key is not None else None
        pointing = (job is not None and job.done) or sel.skill is not None or \
            (sel.shown_preview is not None and sel.mode in ("move", "dash", "ranged", "melee"))
        other = (self._pointing(), key) if pointing else None
        if ahead.threat_shown:
            look, rects = self._over(*sc.painter.foresight.threat_stamp())
        else:
            look, rects = self._over(None, [])
        if other != self._over_other:
            self._over_other = other
            rects = None
        return (look, other), rects

    def summary(self, cv) -> tuple:
        sc = self.sc
        p = sc.painter
        look = p.summary.prepare(folded=p.summary_folded())
        return self._summary(look, [pygame.Rect(p.summary.rect)])
