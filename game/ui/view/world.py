"""The battle screen's esper world (its own world name; deleted when the screen closes).

    view = ViewWorld(match, camera=..., app=..., computer=side_is_computer, follow=glide_policy)
    view.feed(events, before)        # a command's events (before: the bases as they stood); the reading follows
    view.process(dt)                 # a frame that moves things (no drawing)
    view.process(dt, canvas)         # a frame that moves and draws

The match is read only by the reading (reading.py), as the events say; the processors (processors.py) do the rest.
"""
from __future__ import annotations

import itertools

import esper

from .components import Lifetime, Picture, Tween
from .processors import CameraProcessor, DrawProcessor, EventProcessor, LifetimeProcessor, TweenProcessor
from .reading import Changes, TableReading

_names = itertools.count(1)


class InWorld:
    """esper's current world switched to `name` for a block, and back."""

    __slots__ = ("name", "prev")

    def __init__(self, name: str) -> None:
        self.name = name
        self.prev = None

    def __enter__(self):
        prev = esper.current_world
        if prev != self.name:
            self.prev = prev
            esper.switch_world(self.name)
        return self

    def __exit__(self, *exc) -> None:
        if self.prev is not None:
            esper.switch_world(self.prev)
            self.prev = None


class ViewWorld:
    def __init__(self, match, camera=None, app=None, computer=None, follow=None, attack_record=None,
                 area=None, avoid=None) -> None:
        self.name = f"view-{next(_names)}"
        self.match = match
        self.camera = camera
        self.app = app
        self.speed = 1.0  # how long animations last (x the normal); 0: none
        self.computer = computer or (lambda side: False)  # the side is played by the computer (the camera follows)
        self._follow = follow
        self.attack_record = attack_record  # the last attack's dice record (the tray), or None
        self.area = area or (lambda: None)  # the table view on screen (where the tray goes)
        self.avoid = avoid or (lambda: ())  # rectangles the tray keeps off
        self.pending: list = []  # (events, bases before) fed and not yet made into view entities
        self.bases: dict[int, int] = {}  # uid -> entity
        self.marker_ents: list[int] = []
        self.token_ents: list[int] = []
        self.shown_tokens: list = []
        self.camera_moved = False
        self.generation = 0  # counts changes of the entities, their pictures and places (the draw plan follows)
        self.drives_camera = True  # the camera's glide steps here (False: its owner steps it)
        self.closed = False
        self.reading = None
        self._in = InWorld(self.name)
        with self._in:
            # what was there moves on first; what the new events make starts this frame at its beginning
            esper.add_processor(TweenProcessor(self), priority=50)
            esper.add_processor(LifetimeProcessor(self), priority=40)
            esper.add_processor(EventProcessor(self), priority=30)
            esper.add_processor(CameraProcessor(self), priority=20)
            esper.add_processor(DrawProcessor(self), priority=0)
        self.restart(match)

    # -- feeding -------------------------------------------------------------------------------------------
    def restart(self, match) -> None:
        """Show `match` from scratch (a new match: undo, load): every view entity made again from a full reading."""
        self.match = match
        with self._in:  # (the painters' overlays stay)
            for ent in [e for e in esper._entities if not _overlay(e)]:
                esper.delete_entity(ent, immediate=True)
        self.bases, self.marker_ents, self.token_ents, self.shown_tokens = {}, [], [], []
        self.pending = []
        self.reading = TableReading(match)
        self.pending.append(([], {}, Changes(full=True)))
        self.generation += 1

    def feed(self, events, before: dict, markers_later: bool = False) -> Changes:
        """A command's new events (`before`: uid -> the UnitView it had before the command: moves start there).
        The reading is brought up to date at once (the screen's selection and hover read it); the view entities
        are made from them in the next frame's process. What changed on the table. `markers_later`: the markers
        are read again by `read_markers` (a stage of its own when the screen reads a command over frames)."""
        ch = self.reading.apply(events, markers_later)
        self.pending.append((list(events), dict(before), ch))
        self.generation += 1
        return ch

    def read_markers(self) -> bool:
        """The markers the last feed left due, read again (their entities made in the next frame): True if read."""
        if not self.reading.read_markers():
            return False
        self.pending.append(([], {}, Changes(markers=True)))
        self.generation += 1
        return True

    def reread(self) -> None:
        """Read the whole table again (the match was changed from outside a command: a test, a bench)."""
        self.reading.read_all()
        self.pending.append(([], {}, Changes(full=True)))
        self.generation += 1

    # -- a frame -----------------------------------------------------------------------------------------------
    def process(self, dt: float, canvas=None) -> None:
        """One frame: the events fed become view entities, glides and lifetimes advance, the camera follows, and
        (with a canvas) everything is drawn."""
        with self._in:
            esper.process(dt, canvas)

    # -- questions the screen asks of its pictures ----------------------------------------------------------------
    def units(self) -> list:
        """The bases as the match has them (UnitView), in reading order."""
        return self.reading.unit_list()

    def place_of(self, uid: int):
        """Where the base of `uid` is drawn now, (x, y): mid-glide while it moves; None when not on the table."""
        from .components import Place
        ent = self.bases.get(uid)
        if ent is None:
            return None
        with self._in:
            p = esper.component_for_entity(ent, Place)
            return p.x, p.y

    def gliding(self) -> dict:
        """uid -> its Tween, for the bases gliding now."""
        with self._in:
            return {uid: tw for uid, ent in self.bases.items() if (tw := esper.try_component(ent, Tween)) is not None}

    def pictures(self, kind: str) -> list:
        """(picture data, Lifetime or None) of every entity of `kind` ("shot", "number", "tray", "cross"...)."""
        with self._in:
            return [(pic.data, esper.try_component(e, Lifetime)) for e, pic in esper.get_component(Picture)
                    if pic.kind == kind]

    def count(self, kind: str) -> int:
        with self._in:
            return sum(1 for _, pic in esper.get_component(Picture) if pic.kind == kind)

    def moving(self) -> bool:
        """Something moves: a base glides, a shot flies, a number rises, a cross fades, the dice tumble or fade."""
        if self.pending:
            return True
        with self._in:
            if esper.get_component(Tween):
                return True
            for _, (pic, life) in esper.get_components(Picture, Lifetime):
                if pic.kind != "tray":
                    return True
                if life.t < pic.data.tray_roll or life.t > life.duration - 1.0:
                    return True
        return False

    def animating(self, ahead: float = 0.0) -> bool:
        """A base glides, a shot flies or the dice tumble (a computer side waits for them before it acts on), still
        `ahead` seconds on (the time the next frame drawn moves things by)."""
        with self._in:
            for _, tw in esper.get_component(Tween):
                if tw.t + ahead < tw.duration:
                    return True
            for _, (pic, life) in esper.get_components(Picture, Lifetime):
                if (pic.kind == "shot" and life.t + ahead < life.duration) or \
                        (pic.kind == "tray" and life.t + ahead < pic.data.tray_roll):
                    return True
        return False

    def tray_showing(self) -> bool:
        return self.count("tray") > 0

    def skip(self) -> None:
        """Every animation to its end (Space): glides land, shots, numbers and crosses go, the dice land."""
        with self._in:
            for _, tw in esper.get_component(Tween):
                tw.t = tw.duration
            for ent, (pic, life) in list(esper.get_components(Picture, Lifetime)):
                if pic.kind == "tray":
                    life.t = max(life.t, pic.data.tray_roll)
                else:
                    life.t = life.duration
        self.process(0.0)

    def drawn_order(self) -> list:
        """What the last drawn frame drew, in order: (kind, uid of a base or None)."""
        with self._in:
            plan = esper.get_processor(DrawProcessor)._plan
        return [(kind, pic.data.uid if kind == "base" else None) for _, kind, _, pic, _, _ in (plan[1] if plan else [])]

    def drawn_base(self, uid: int):
        """How the last drawn frame drew the base of `uid`: (UnitView, (sx, sy), r_px, blits), or None."""
        with self._in:
            plan = esper.get_processor(DrawProcessor)._plan
        for _, kind, _, pic, _, extra in (plan[1] if plan else []):
            if kind == "base" and pic.data.uid == uid:
                blits, sx, sy, r_px = extra
                return pic.data, (sx, sy), r_px, blits
        return None

    def add_overlay(self, layer: int, draw, wants=None, stamp=None) -> int:
        """A part of the picture another painter owns (the board, a preview), drawn in its layer's place:
        `draw(canvas)`; `wants(canvas)` the labels it asks for (a list of Want), if any; `stamp(canvas)` what its
        drawing shows now and where that differs from what it showed at the last call: (look, rectangles of the
        screen, None: anywhere), asked once per frame prepared. An overlay with no stamp is taken to change only
        with the frame's key (the camera, the marks...): its screen draws whole when anything else changes."""
        self.generation += 1
        with self._in:
            return esper.create_entity(Picture("overlay", draw, layer, memo=(wants, stamp)))

    def prepare(self, dt: float, canvas) -> list | None:
        """Before a frame is drawn: everything moves on by `dt` (the world's process without drawing), then what
        the frame will draw is worked out (the order, the labels' places) and compared with the last frame drawn:
        the rectangles of the screen whose picture changes, or None when the whole table is to be drawn again."""
        with self._in:
            esper.process(dt, None)
            return esper.get_processor(DrawProcessor).prepare(canvas)

    def follow(self, x: float, y: float) -> None:
        if self._follow is not None:
            self._follow(x, y)
        elif self.camera is not None:
            self.camera.glide_to(x, y, instant=self.speed <= 0)

    def palette(self):
        return self.app.palette

    def close(self) -> None:
        """Delete the view's world (the screen is closing)."""
        if self.closed:
            return
        self.closed = True
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)


def _overlay(ent) -> bool:
    pic = esper.try_component(ent, Picture)
    return pic is not None and pic.kind == "overlay"


