"""How each kind of view entity is drawn (the draw processor calls these in order), and the canvas they draw on.

A drawing reads its entity's components and the canvas (screen, camera, app: text, sprites, palette; the board
renderer; the marks the selection puts on bases); never the match.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..banners import DiceTray, Effects, Shot
from ..battle.labels import Want
from ..sprites import mix
from .looks import MarkerLook


TOKEN_NAMES = {"smoke": "Smoke", "scan": "Scan marker", "gaze": "Dark Gaze"}
WHITE = (240, 240, 240)
LIGHT = (230, 232, 236)
AROUND = ("above", "right", "left", "below")


@dataclass
class Marks:
    """What the selection and the question put on bases this frame: the active unit, the selected and hovered
    ones, the NPCs to pick (pulsing), the units a question is about (uid -> (colour, clickable)), whether names
    show, whether the battle is on (a unit that is not Ready is dimmed), the hovered marker, a 0-1 pulse."""

    battle: bool = False
    active: int | None = None
    selected: int | None = None
    hover: int | None = None
    pick: tuple = ()
    rings: dict = field(default_factory=dict)
    names: bool = False
    hover_marker: str | None = None
    pulse: float = 0.0
    side_colour: object = None  # side -> colour of its Control ring (None: the palette's "good")


@dataclass
class Canvas:
    screen: pygame.Surface
    camera: object
    app: object
    renderer: object  # the BoardRenderer (bases' sprites)
    view: pygame.Rect
    marks: Marks = field(default_factory=Marks)
    markers: MarkerLook | None = None
    wants: list = field(default_factory=list)  # the labels asked for this frame (names, markers, tokens, zones)
    bases: list = field(default_factory=list)  # the bases' rectangles on screen (a label avoids them)
    tray: bool = True  # the dice tray shows (not under a question box or a banner)
    placer: object = None  # (wants, bases) -> [(Want, Rect)]: where the labels go (labels.py)
    placed: list = field(default_factory=list)  # the labels placed for this frame, asked before anything is drawn
    stamps: dict = field(default_factory=dict)  # overlay -> (look, rects where it changed): asked with the labels


# == bases ==============================================================================================
def base_state(marks: Marks, v) -> tuple[bool, bool]:
    """(dim, ready light) of a base: a unit that has acted is dimmed during the battle; the active one is not."""
    dim = marks.battle and not v.item and not v.ready and v.uid != marks.active
    ready = marks.battle and v.ready and not v.item and v.uid != marks.active
    return dim, ready


def base_blits(cv: Canvas, pic, place) -> tuple:
    """(blits, sx, sy, r_px) of a base where it is now: its sprite (dimmed when it has acted, a light when Ready)
    and its elevation tag."""
    v = pic.data
    cam = cv.camera
    dim, ready = base_state(cv.marks, v)
    at = (place.x, place.y)
    sx, sy = cam.to_screen(*at)
    return cv.renderer.unit_blits(cam, v, dim, at=at, ready=ready), sx, sy, max(5, int(round(v.r * cam.ppi)))


def draw_marked_base(cv: Canvas, v, blits, sx: int, sy: int, r_px: int) -> None:
    """A base with its rings (active, selected, to pick, what a question is about, under the mouse)."""
    app, marks, screen = cv.app, cv.marks, cv.screen
    pal = app.palette
    uid = v.uid
    if uid == marks.active:
        pygame.draw.circle(screen, pal.select, (sx, sy), r_px + 6, 3)
    elif uid == marks.selected:
        pygame.draw.circle(screen, mix(pal.select, (255, 255, 255), marks.pulse * 0.4), (sx, sy), r_px + 5, 2)
    if uid in marks.pick:
        pygame.draw.circle(screen, mix(pal.npc, (255, 255, 255), marks.pulse), (sx, sy), r_px + 7, 3)
    elif uid in marks.rings:
        col, clickable = marks.rings[uid]
        if clickable:
            ring = app.sprites.ring(r_px + 5, mix(col, (255, 255, 255), 0.3), 3, ticks=True)
            screen.blit(ring, ring.get_rect(center=(sx, sy)))
        else:
            pygame.draw.circle(screen, mix(col, (255, 255, 255), marks.pulse * 0.4), (sx, sy), r_px + 6, 3)
    screen.blits(blits, False)
    if uid == marks.hover:
        pygame.draw.circle(screen, (255, 255, 255), (sx, sy), r_px + 3, 1)


def base_wants(cv: Canvas, v, sx: int, sy: int, r_px: int, marked: bool) -> None:
    """A base's rectangle (labels avoid it) and its name asked for in `cv.wants` (placed after every base and
    marker: labels.py): every name when names show; the active, selected and hovered ones always, first."""
    marks = cv.marks
    cv.bases.append(pygame.Rect(int(sx - r_px), int(sy - r_px), 2 * r_px, 2 * r_px))
    if not marked:
        if marks.names:
            cv.wants.append(Want(v.name, sx, sy, r_px, 10, WHITE, "unit"))
        return
    uid = v.uid
    if marks.names or uid in (marks.active, marks.selected, marks.hover):
        cv.wants.append(Want(v.name, sx, sy, r_px, 10, WHITE, "unit",
                             rank=0 if uid in (marks.active, marks.selected, marks.hover) else 2))


def draw_ghost(cv: Canvas, tween) -> None:
    """The rest of a moving base's path, faint, ahead of it."""
    rest = tween.ahead()
    if len(rest) >= 2:
        cam = cv.camera
        pygame.draw.lines(cv.screen, mix(cv.app.palette.select, (40, 40, 40), 0.4), False,
                          [cam.to_screen(x, y) for x, y in rest], 2)


# == tokens of skills and markers ============================================================================
def draw_token(cv: Canvas, t: dict) -> None:
    """`t`: reading.token_fields. Smoke (a grey cloud), Scan markers and Dark Gaze tokens (their area as a ring)."""
    cam, screen = cv.camera, cv.screen
    kind = t["kind"]
    c = cam.to_screen(t["x"], t["y"])
    r = max(4, cam.length(t["radius"]))
    col = token_colour(cv, kind)
    if kind == "smoke":
        if r <= 900:
            d = cv.markers.disc(r, (150, 156, 166, 120), (215, 220, 228, 210))
            screen.blit(d, d.get_rect(center=c))
    else:
        pygame.draw.circle(screen, (0, 0, 0), c, r, 4)
        pygame.draw.circle(screen, col, c, r, 2)
    diamond = [(c[0], c[1] - 7), (c[0] + 7, c[1]), (c[0], c[1] + 7), (c[0] - 7, c[1])]
    pygame.draw.polygon(screen, col, diamond)
    pygame.draw.polygon(screen, (0, 0, 0), diamond, 1)


def token_colour(cv: Canvas, kind: str):
    pal = cv.app.palette
    return (225, 228, 235) if kind == "smoke" else (pal.warn if kind == "scan" else pal.item)


def token_wants(cv: Canvas, t: dict) -> None:
    """A token's name asked for."""
    cam = cv.camera
    kind = t["kind"]
    c = cam.to_screen(t["x"], t["y"])
    cv.wants.append(Want(TOKEN_NAMES.get(kind, kind), c[0], c[1], max(4, cam.length(t["radius"])), 11,
                         token_colour(cv, kind), "token", rank=3, sides=("above", "below", "right", "left")))


def draw_marker(cv: Canvas, mv) -> None:
    """A marker lying on the table: its token, a ring in the colour of the side that Controls it."""
    cam, screen, look = cv.camera, cv.screen, cv.markers
    c = cam.to_screen(mv.x, mv.y)
    r_px = max(6, cam.length(mv.r))
    if mv.controller is not None:
        pygame.draw.circle(screen, (0, 0, 0), c, r_px + 6, 4)
        sc = cv.marks.side_colour
        pygame.draw.circle(screen, sc(mv.controller) if sc else cv.app.palette.good, c, r_px + 5, 2)
    tok = look.token(mv.kind, r_px, cv.app.palette)
    screen.blit(tok, tok.get_rect(center=c))
    if mv.mid == cv.marks.hover_marker:
        pygame.draw.circle(screen, (255, 255, 255), c, r_px + 3, 1)


def marker_wants(cv: Canvas, mv, carrier_at) -> None:
    """The labels of a marker and its state asked for (`carrier_at`: see draw_marker_top)."""
    cam = cv.camera
    if mv.carrier is None and mv.item is None:
        c = cam.to_screen(mv.x, mv.y)
        r_px = max(6, cam.length(mv.r))
        col = cv.markers.kinds.colour(mv.kind, cv.app.palette)
        cv.wants.append(Want(mv.label, c[0], c[1], r_px, 10, col, "marker", rank=1))
        if mv.state:
            cv.wants.append(Want(mv.state, c[0], c[1], r_px, 9, LIGHT, "state", rank=1, bold=False, sides=AROUND))
        return
    if carrier_at is None or mv.item is None or not mv.state:
        return
    x, y, r, _k = carrier_at
    c = cam.to_screen(x, y)
    cv.wants.append(Want(mv.state, c[0], c[1], cam.length(r) + 1, 9, LIGHT, "state", rank=1, bold=False,
                         sides=AROUND))


def marker_top_blit(cv: Canvas, mv, carrier_at):
    """After the bases: a carried marker as a small token on its carrier's base (`carrier_at`: the carrier's place,
    (x, y, r, index of the marker on it), or None): (token picture, its rect), or None (nothing drawn)."""
    if mv.carrier is None or mv.item is not None or carrier_at is None:
        return None
    cam = cv.camera
    x, y, r, k = carrier_at
    c = cam.to_screen(x, y)
    d = cam.length(r) * 0.78
    pos = int(c[0] - d + k * cam.ppi * 0.5), int(c[1] - d)
    tok = cv.markers.token(mv.kind, max(5, int(cam.ppi * 0.28)), cv.app.palette)
    return tok, tok.get_rect(center=pos)


def draw_marker_top(cv: Canvas, mv, carrier_at) -> None:
    got = marker_top_blit(cv, mv, carrier_at)
    if got is not None:
        cv.screen.blit(*got)


# == short-lived pictures ========================================================================================
def draw_shot(cv: Canvas, data, life) -> None:
    """A shot (a tracer, then a burst) or a blow (two slashes) from `data` = (x0, y0, x1, y1, melee)."""
    x0, y0, x1, y1, melee = data
    Effects.draw_shot(cv.screen, cv.camera, cv.app, Shot(x0, y0, x1, y1, melee, life.t, life.duration))


def draw_cross(cv: Canvas, place, r: float, life) -> None:
    """The fading cross of a unit Taken Out."""
    cam, app = cv.camera, cv.app
    size = max(12, int(r * 2.4 * cam.ppi))
    spr = app.sprites.cross(size, app.palette.bad).copy()
    spr.set_alpha(int(255 * life.left))
    cv.screen.blit(spr, spr.get_rect(center=cam.to_screen(place.x, place.y)))


def draw_number(cv: Canvas, place, data, life) -> None:
    """A damage or save number rising from where it landed and fading: `data` = (text, colour)."""
    text, colour = data
    cam, T = cv.camera, cv.app.text
    a = life.left
    sx, sy = cam.to_screen(place.x, place.y)
    surf = T.render(text, 16, colour, True)
    sh = T.render(text, 16, (0, 0, 0), True)
    y = sy - cam.ppi * 0.7 - life.t * 26
    r = surf.get_rect(center=(sx, int(y)))
    sh = sh.copy()
    sh.set_alpha(int(255 * a))
    cv.screen.blit(sh, r.move(1, 1))
    surf = surf.copy()
    surf.set_alpha(int(255 * a))
    cv.screen.blit(surf, r)


def number_rect(cv: Canvas, place, data, life) -> pygame.Rect:
    """Where draw_number draws, its shadow included."""
    text, colour = data
    cam = cv.camera
    sx, sy = cam.to_screen(place.x, place.y)
    surf = cv.app.text.render(text, 16, colour, True)
    r = surf.get_rect(center=(sx, int(sy - cam.ppi * 0.7 - life.t * 26)))
    return r.inflate(4, 4)


def tray_rect(cv: Canvas, tray: DiceTray) -> pygame.Rect:
    """Where draw_tray draws: its corner of the view (the dice bounce inside it)."""
    if tray.tray is None:
        return pygame.Rect(0, 0, 0, 0)
    w, h = tray.tray_size(tray.tray, cv.app, cv.view)
    r = pygame.Rect(0, 0, w, h)
    setattr(r, tray.tray_corner, getattr(cv.view.inflate(-20, -20), tray.tray_corner))
    return r.inflate(8, 8)


def draw_tray(cv: Canvas, tray: DiceTray, life) -> None:
    """The last attack's dice in a corner of the view: they tumble a moment, land, and fade at the end."""
    tray.tray_t = life.t
    tray.draw_tray(cv.screen, cv.view, cv.app)


