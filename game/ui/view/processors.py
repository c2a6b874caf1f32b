"""The view world's processors, in the order a frame runs them (esper: higher priority first):

  TweenProcessor     glides move along their path, climbing and dropping with it
  LifetimeProcessor  short-lived pictures age and go
  EventProcessor     the match's new events -> view entities: the table's bases, markers and tokens brought up
                     to date with the reading (reading.py: what the events changed), a moving base's glide and
                     its path ghost, shots and blows, damage and saves rising, the cross of a unit Taken Out,
                     the dice tray, where the camera is to follow (what it makes starts at its beginning)
  CameraProcessor    the camera glides to what the computer does, and one step of its glide
  DrawProcessor      every picture, by layer; the bases in elevation order (when the frame draws)

They read and change only the view world's components; the match is read by the reading alone.
"""
from __future__ import annotations

import math

import esper
import pygame

from game.match import events as E

from ..banners import DiceTray
from ..wording import count
from . import damage as D
from . import pictures as P
from .components import Elevation, Follow, Lifetime, MarkerOf, Picture, Place, TokenOf, Tween, UnitOf


def _length(pts) -> float:
    return sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


_SAME_SPOT = 0.3  # inches: numbers anchored this near one another rise from one spot
_LINE = 0.8  # inches: one line of a rising number (its 16 px text at the table's usual zoom)
_STACK = 4  # lines a stack of numbers grows to (past them, a number rises from its own spot)
_RISEN = 0.5  # share of its life after which a number has risen clear of the spot


class EventProcessor(esper.Processor):
    def __init__(self, view) -> None:
        self.view = view

    def process(self, dt: float, canvas=None) -> None:
        view = self.view
        while view.pending:
            events, before, ch = view.pending.pop(0)
            self.sync(ch)
            for e in events:
                self.effect(e, before)

    # -- the table: bases, markers, tokens --------------------------------------------------------------------
    def sync(self, ch) -> None:
        view = self.view
        units = view.reading.units
        bases = view.bases
        for uid in ([u for u in bases if u not in units] if ch.full else []):
            esper.delete_entity(bases.pop(uid), immediate=True)
        for uid in (units if ch.full else ch.units):
            v = units.get(uid)
            ent = bases.get(uid)
            if v is None:
                if ent is not None:
                    esper.delete_entity(bases.pop(uid), immediate=True)
                continue
            if ent is None:
                bases[uid] = esper.create_entity(UnitOf(uid), Place(v.x, v.y), Elevation(v.z), Picture("base", v))
                continue
            pic = esper.component_for_entity(ent, Picture)
            if pic.data != v:  # (the same look kept: its blits are kept with the very view they were made from)
                pic.data = v
            if not esper.has_component(ent, Tween):
                place = esper.component_for_entity(ent, Place)
                place.x, place.y = v.x, v.y
                esper.component_for_entity(ent, Elevation).z = v.z
        if ch.full or ch.markers:
            for ent in view.marker_ents:
                esper.delete_entity(ent, immediate=True)
            view.marker_ents = []
            for mv in view.reading.markers:
                if mv.carrier is None and mv.item is None:
                    view.marker_ents.append(esper.create_entity(MarkerOf(mv.mid), Place(mv.x, mv.y),
                                                                Elevation(mv.z), Picture("marker", mv)))
                view.marker_ents.append(esper.create_entity(MarkerOf(mv.mid), Place(mv.x, mv.y), Elevation(mv.z),
                                                            Picture("marker_top", mv)))
        tokens = view.reading.tokens
        if tokens != view.shown_tokens:
            for ent in view.token_ents:
                esper.delete_entity(ent, immediate=True)
            view.token_ents = [esper.create_entity(TokenOf(i), Place(t["x"], t["y"]), Elevation(t["z"]),
                                                   Picture("token", t)) for i, t in enumerate(tokens)]
            view.shown_tokens = [dict(t) for t in tokens]

    # -- what an event shows -------------------------------------------------------------------------------------
    def effect(self, e, before) -> None:
        view = self.view
        speed = view.speed
        if isinstance(e, E.Moved):
            ent = view.bases.get(e.uid)
            if ent is not None and e.uid in before:
                pts = [(q[0], q[1], q[2] if len(q) > 2 else 0.0) for q in e.path]
                dur = min(0.9, 0.15 + _length(pts) * 0.06) * speed
                if dur > 0 and len(pts) >= 2:
                    tw = Tween(pts, dur)
                    esper.add_component(ent, tw)
                    place, elev = esper.component_for_entity(ent, Place), esper.component_for_entity(ent, Elevation)
                    place.x, place.y, elev.z = tw.at()  # it sets off from the start of its path
                    esper.create_entity(Picture("ghost", ent), Lifetime(dur), Place(pts[0][0], pts[0][1]),
                                        Elevation(pts[0][2]))
                if view.computer(e.side):
                    end = e.path[-1]
                    esper.create_entity(Follow(end[0], end[1]))
        elif isinstance(e, E.AttackDeclared):
            a = before.get(e.attacker) or view.reading.units.get(e.attacker)
            if speed > 0 and a is not None:
                for t in e.targets:
                    b = before.get(t) or view.reading.units.get(t)
                    if b is not None:
                        esper.create_entity(Picture("shot", (a.x, a.y, b.x, b.y, e.melee)), Place(b.x, b.y),
                                            Elevation(b.z), Lifetime((0.35 if e.melee else 0.5) * speed))
            if a is not None and view.computer(a.side):
                esper.create_entity(Follow(a.x, a.y))
        elif isinstance(e, E.DamageTaken):
            v = before.get(e.uid) or view.reading.units.get(e.uid)
            if v is not None and e.saved:  # the saves, where they land (the HIT lost follow at the attack's end)
                self.number(v.x, v.y - 0.9, v.z, count(e.saved, "save"), view.palette().reach)
        elif isinstance(e, E.TakenOut):
            v = before.get(e.uid)
            if v is not None:
                esper.create_entity(Picture("cross", v.r), Place(v.x, v.y), Elevation(v.z), Lifetime(3.0))
        elif isinstance(e, E.AttackEnded):
            self.tray()
            for uid, lost in e.lost:
                v = before.get(uid) or view.reading.units.get(uid)
                if v is not None and lost:
                    self.number(v.x, v.y, v.z, f"-{lost} HIT", view.palette().bad)

    def number(self, x, y, z, text, colour) -> None:
        """A number rising from (x, y): above the numbers still rising from the same spot, so that the saves and the
        HIT lost of several attacks landing at once (fast or instant speed, a Blast) each read on its own line."""
        speed = self.view.speed
        life = 1.6 * (max(0.5, speed) if speed > 0 else 0.6)
        rising = [place.y for _e, (pic, place, left) in esper.get_components(Picture, Place, Lifetime)
                  if pic.kind == "number" and left.t < _RISEN * left.duration and abs(place.x - x) < _SAME_SPOT]
        for k in range(_STACK):  # the lowest line free of them
            if all(abs(y - _LINE * k - other) >= 0.9 * _LINE for other in rising):
                y -= _LINE * k
                break
        esper.create_entity(Picture("number", (text, colour)), Place(x, y), Elevation(z), Lifetime(life))

    def tray(self) -> None:
        """The last attack's dice: one tray at a time, in the corner of the view that covers the fewest bases."""
        view = self.view
        rec = view.attack_record() if view.attack_record is not None else None
        if rec is None:
            return
        for ent, (pic, _life) in list(esper.get_components(Picture, Lifetime)):
            if pic.kind == "tray":
                esper.delete_entity(ent, immediate=True)
        tray = DiceTray(rec, view.speed)
        area = view.area()
        if area is not None and view.camera is not None and view.app is not None:
            pts = [view.camera.to_screen(v.x, v.y) for v in view.reading.units.values()]
            tray.place(pts, area, tray.tray_size(rec, view.app, area), avoid=view.avoid())
        esper.create_entity(Picture("tray", tray), Lifetime(tray.tray_duration))


class TweenProcessor(esper.Processor):
    def __init__(self, view) -> None:
        self.view = view

    def process(self, dt: float, canvas=None) -> None:
        done = []
        for ent, (tw, place, elev) in esper.get_components(Tween, Place, Elevation):
            tw.t += dt
            if tw.done:
                done.append(ent)
                end = tw.points[-1]
                place.x, place.y, elev.z = end[0], end[1], end[2]
            else:
                place.x, place.y, elev.z = tw.at()
        if dt > 0 and esper.get_component(Tween):
            self.view.generation += 1
        for ent in done:
            esper.remove_component(ent, Tween)
            pic = esper.try_component(ent, Picture)
            if pic is not None and pic.kind == "base":  # it stands where the match says
                place, elev = esper.component_for_entity(ent, Place), esper.component_for_entity(ent, Elevation)
                place.x, place.y, elev.z = pic.data.x, pic.data.y, pic.data.z


class LifetimeProcessor(esper.Processor):
    def __init__(self, view) -> None:
        self.view = view

    def process(self, dt: float, canvas=None) -> None:
        gone = []
        for ent, life in esper.get_component(Lifetime):
            life.t += dt
            if life.t >= life.duration:
                gone.append(ent)
        for ent in gone:
            esper.delete_entity(ent, immediate=True)
        if gone:
            self.view.generation += 1


class CameraProcessor(esper.Processor):
    def __init__(self, view) -> None:
        self.view = view

    def process(self, dt: float, canvas=None) -> None:
        view = self.view
        follows = esper.get_component(Follow)
        for ent, f in list(follows):
            view.follow(f.x, f.y)
            esper.delete_entity(ent, immediate=True)
        cam = view.camera
        if dt > 0 and cam is not None and view.drives_camera and cam.update(dt):
            view.camera_moved = True  # (until the screen has seen it)


class DrawProcessor(esper.Processor):
    """Draws every picture, by layer; the bases in elevation order, then from the top of the table down. The order
    is kept while nothing changes (the world's `generation`, the camera, the palette, the active unit), each base's
    blits while it stands still; bases with no ring are blitted together.

    A frame is prepared before it is drawn (`prepare`: the labels placed, what changed since the last frame drawn:
    damage.py) and may then be drawn in parts: each drawing inside the screen's clip, a thing whose rectangle is
    outside it left alone."""

    def __init__(self, view) -> None:
        self.view = view
        self._plan = None  # (key, [(layer, kind, ent, pic, place, base blits or None)])
        self._rects: list = []  # the rectangle each entry of the plan can touch (None: anywhere)
        self._cv = None  # the canvas the plan was prepared for
        self._last = None  # what the last frame prepared showed: (its key, {ent: (look, rect)}, {label: rect})

    def plan(self, cv) -> list:
        cam, marks = cv.camera, cv.marks
        key = (self.view.generation, cam.ppi, cam.ox, cam.oy, marks.battle, marks.active, cv.app.palette.name,
               id(cv.renderer))
        if self._plan is not None and self._plan[0] == key:
            return self._plan[1]
        items = []
        for ent, (pic, place, elev) in esper.get_components(Picture, Place, Elevation):
            if pic.kind == "base":
                items.append(((pic.layer, elev.z, place.y, ent), pic, place, self.base_blits(cv, pic, place)))
            else:
                items.append(((pic.layer, 0.0, 0.0, ent), pic, place, None))
        for ent, pic in esper.get_component(Picture):
            if pic.kind in ("overlay", "tray"):
                items.append(((pic.layer, 0.0, 0.0, ent), pic, None, None))
        items.sort(key=lambda it: it[0])
        plan = [(k[0], pic.kind, k[3], pic, place, extra) for k, pic, place, extra in items]
        self._plan = (key, plan)
        return plan

    @staticmethod
    def base_blits(cv, pic, place) -> tuple:
        """A base's blits, kept in its Picture's memo while it stands still (its place, its UnitView, its state,
        the zoom and the renderer unchanged); the camera panning moves them (the same pixels as made anew: each
        blit is placed from the base's point on screen)."""
        cam = cv.camera
        key = (place.x, place.y, P.base_state(cv.marks, pic.data), cam.ppi, id(cv.renderer), cv.app.palette.name)
        memo = pic.memo
        if memo is not None and memo[0] is pic.data and memo[1] == key:
            blits, sx, sy, r_px = got = memo[2]
            nx, ny = cam.to_screen(place.x, place.y)
            if (nx, ny) == (sx, sy):
                return got
            dx, dy = nx - sx, ny - sy
            got = ([(surf, rect.move(dx, dy)) for surf, rect in blits], nx, ny, r_px)
            pic.memo = (pic.data, key, got, memo[3].move(dx, dy), memo[4].move(dx, dy))
            return got
        got = P.base_blits(cv, pic, place)
        blits, sx, sy, r_px = got
        pic.memo = (pic.data, key, got, D.blits_rect(blits),
                    pygame.Rect(int(sx - r_px), int(sy - r_px), 2 * r_px, 2 * r_px))
        return got

    # -- before a frame is drawn ---------------------------------------------------------------------------------
    def prepare(self, cv) -> list | None:
        """The frame's plan, the labels asked for and placed (`cv.wants`, `cv.bases`, `cv.placed`), and the
        rectangles of the screen that differ from the last frame prepared (None: the whole table)."""
        plan = self.plan(cv)
        marks = cv.marks
        marked = {marks.active, marks.selected, marks.hover} | set(marks.pick) | set(marks.rings)
        cv.wants, cv.bases, cv.stamps = [], [], {}
        looks: dict = {}
        rects = []
        for layer, kind, ent, pic, place, extra in plan:
            look, rect = self.look(cv, kind, ent, pic, place, extra, marked)
            rects.append(rect)
            looks[ent] = (look, rect)
        cv.placed = cv.placer(cv.wants, cv.bases) if cv.placer is not None else []
        labels = {}
        for w, rc in cv.placed:
            labels[(w.text, w.colour, w.size, w.bold, tuple(rc))] = (0, pygame.Rect(rc))
        cam = cv.camera
        # (the marks on bases are in each base's look; a marker's hover in its own)
        key = (cam.ppi, cam.ox, cam.oy, tuple(cv.view), tuple(cv.screen.get_size()), cv.app.palette.name,
               id(cv.renderer), id(cv.screen), cv.tray, marks.battle, marks.names, marks.side_colour)
        self._rects, self._cv = rects, cv
        last, self._last = self._last, (key, looks, labels, cv.stamps)
        if last is None or last[0] != key:
            return None
        hurt = D.changed(last[1], looks)
        hurt_labels = D.changed(last[2], labels)
        hurt_over = D.stamps_changed(last[3], cv.stamps)
        if hurt is None or hurt_labels is None or hurt_over is None:
            return None
        return D.merged(hurt + hurt_labels + hurt_over, cv.view)

    def look(self, cv, kind, ent, pic, place, extra, marked) -> tuple:
        """(look, rectangle on screen) of a plan's entry; its labels asked for in `cv.wants` (in the order they were
        always asked: the order of drawing)."""
        cam = cv.camera
        if kind == "base":
            v = pic.data
            memo = pic.memo  # (made with the blits: base_blits)
            if v.uid not in marked:  # the common case, kept short
                cv.bases.append(memo[4])
                if cv.marks.names:
                    blits, sx, sy, r_px = extra
                    cv.wants.append(P.Want(v.name, sx, sy, r_px, 10, P.WHITE, "unit"))
                return memo[2], memo[3]
            blits, sx, sy, r_px = extra
            P.base_wants(cv, v, sx, sy, r_px, True)
            m, uid = cv.marks, v.uid
            return (memo[2], m.pulse, uid == m.active, uid == m.selected, uid == m.hover, uid in m.pick,
                    m.rings.get(uid)), memo[3].union(D.circle_rect(sx, sy, r_px + D.MARGIN_MARKED))
        if kind == "overlay":
            wants, stamp = pic.memo
            if wants is not None:
                cv.wants += wants(cv)
            if stamp is not None:
                cv.stamps[ent] = stamp(cv)  # (compared in prepare: where the overlay changed)
            return 0, None
        if kind == "marker":
            mv = pic.data
            c = cam.to_screen(mv.x, mv.y)
            r_px = max(6, cam.length(mv.r))
            return (mv, mv.mid == cv.marks.hover_marker), D.circle_rect(c[0], c[1], r_px + 8)
        if kind == "marker_top":
            at = self.carrier_at(pic.data)
            P.marker_wants(cv, pic.data, at)
            got = P.marker_top_blit(cv, pic.data, at)
            if got is None:
                return None, pygame.Rect(0, 0, 0, 0)
            return got[0], pygame.Rect(got[1])
        if kind == "token":
            t = pic.data
            P.token_wants(cv, t)
            c = cam.to_screen(t["x"], t["y"])
            return (t["kind"], c), D.circle_rect(c[0], c[1], max(max(4, cam.length(t["radius"])) + 2, 9))
        if kind == "ghost":
            tw = esper.try_component(pic.data, Tween)
            rest = tw.ahead() if tw is not None else []
            if len(rest) < 2:
                return None, pygame.Rect(0, 0, 0, 0)
            pts = tuple(cam.to_screen(x, y) for x, y in rest)
            return pts, D.points_rect(pts, 3)
        life = esper.component_for_entity(ent, Lifetime)
        if kind == "shot":
            x0, y0, x1, y1, melee = pic.data
            a, b = cam.to_screen(x0, y0), cam.to_screen(x1, y1)
            if melee:
                return life.t, D.circle_rect(b[0], b[1], 1.5 * max(8, int(cam.ppi * 0.7)) + 6)
            return life.t, D.segment_rect(a, b, 8 + cam.ppi * 0.6)
        if kind == "cross":
            size = max(12, int(pic.data * 2.4 * cam.ppi))
            c = cam.to_screen(place.x, place.y)
            return life.t, D.circle_rect(c[0], c[1], size * 0.75 + 2)
        if kind == "number":
            return life.t, P.number_rect(cv, place, pic.data, life)
        if kind == "tray":
            if not cv.tray:
                return None, pygame.Rect(0, 0, 0, 0)
            tray = pic.data
            still = tray.tray_roll <= life.t < life.duration - 1.0
            return (id(tray), "still" if still else life.t), P.tray_rect(cv, tray)
        return None, None

    # -- a frame (or a part of it: the screen's clip) ---------------------------------------------------------------
    def process(self, dt: float, canvas=None) -> None:
        if canvas is None:
            return
        cv = canvas
        if self._cv is not cv:  # (drawn without being prepared)
            self.prepare(cv)
        marks = cv.marks
        marked = {marks.active, marks.selected, marks.hover} | set(marks.pick) | set(marks.rings)
        clip = cv.screen.get_clip()
        whole = clip.contains(cv.view)
        batch: list = []
        for (layer, kind, ent, pic, place, extra), rect in zip(self.plan(cv), self._rects):
            if not whole and rect is not None and not clip.colliderect(rect):
                continue
            if kind == "base":
                blits, sx, sy, r_px = extra
                if pic.data.uid not in marked:
                    batch += blits
                else:
                    if batch:
                        cv.screen.blits(batch, False)
                        batch = []
                    P.draw_marked_base(cv, pic.data, blits, sx, sy, r_px)
                continue
            if batch:
                cv.screen.blits(batch, False)
                batch = []
            self.draw(cv, ent, pic, place)
        if batch:
            cv.screen.blits(batch, False)

    def draw(self, cv, ent, pic, place) -> None:
        kind = pic.kind
        if kind == "overlay":
            pic.data(cv)
        elif kind == "marker":
            P.draw_marker(cv, pic.data)
        elif kind == "marker_top":
            P.draw_marker_top(cv, pic.data, self.carrier_at(pic.data))
        elif kind == "token":
            P.draw_token(cv, pic.data)
        elif kind == "ghost":
            tw = esper.try_component(pic.data, Tween)
            if tw is not None:
                P.draw_ghost(cv, tw)
        elif kind == "shot":
            P.draw_shot(cv, pic.data, esper.component_for_entity(ent, Lifetime))
        elif kind == "cross":
            P.draw_cross(cv, place, pic.data, esper.component_for_entity(ent, Lifetime))
        elif kind == "number":
            P.draw_number(cv, place, pic.data, esper.component_for_entity(ent, Lifetime))
        elif kind == "tray":
            if cv.tray:
                P.draw_tray(cv, pic.data, esper.component_for_entity(ent, Lifetime))

    def carrier_at(self, mv):
        """Where the base carrying (or being) marker `mv` is now: (x, y, r, its index among the markers that base
        carries), or None."""
        uid = mv.carrier if mv.carrier is not None else mv.item
        ent = self.view.bases.get(uid) if uid is not None else None
        if ent is None:
            return None
        place = esper.component_for_entity(ent, Place)
        v = esper.component_for_entity(ent, Picture).data
        k = 0
        if mv.carrier is not None:
            k = [m.mid for m in self.view.reading.markers if m.carrier == mv.carrier].index(mv.mid)
        return place.x, place.y, v.r, k
