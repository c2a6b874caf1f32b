"""The names on the table (units, markers and their states, skill tokens, zones) placed so that none covers
another: each label tries the places beside what it names (below, above, right, left), the most important first
(the unit acting, selected or hovered; then markers; then the other units), and takes the first place where it
covers no label already placed and, if it can, no other base. A label with no free place is left out (hovering
the base or marker still names it). What was placed is recorded (`scene.drawn.labels`) for the screen tests.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..drawn import Label

SIDES = ("below", "above", "right", "left")
GAP = 3


@dataclass(frozen=True, slots=True)
class Want:
    """A label asked for: `text` naming a thing at (x, y) on screen with radius `r` pixels."""

    text: str
    x: float
    y: float
    r: int
    size: int
    colour: tuple
    about: str  # "unit", "marker", "state", "token", "zone"
    rank: int = 2  # lower is placed first
    bold: bool = True
    sides: tuple[str, ...] = SIDES


def _spot(side: str, w: int, h: int, x: float, y: float, r: int) -> pygame.Rect:
    rc = pygame.Rect(0, 0, w, h)
    if side == "below":
        rc.midtop = (int(x), int(y + r + GAP))
    elif side == "above":
        rc.midbottom = (int(x), int(y - r - GAP))
    elif side == "right":
        rc.midleft = (int(x + r + GAP), int(y))
    else:
        rc.midright = (int(x - r - GAP), int(y))
    return rc


def place(wants: list[Want], measure, view: pygame.Rect, bases: list[pygame.Rect]) -> list[tuple[Want, pygame.Rect]]:
    """Where each label goes (those with no free place are left out). `measure(want)` gives its (w, h); `bases`:
    the rectangles of the bases on screen, which a label avoids when it can."""
    placed: list[pygame.Rect] = []
    out = []
    for w in sorted(wants, key=lambda q: q.rank):
        tw, th = measure(w)
        tries = [_spot(side, tw, th, w.x, w.y, w.r) for side in w.sides]
        tries = [rc for rc in tries if view.contains(rc)] + \
            [rc.clamp(view) for rc in tries if not view.contains(rc)]  # (slid into the view: a zone along its edge)
        own = pygame.Rect(int(w.x - w.r), int(w.y - w.r), 2 * w.r, 2 * w.r)
        others = [b for b in bases if b != own]
        best = next((rc for rc in tries if rc.collidelist(placed) < 0 and rc.collidelist(others) < 0), None)
        if best is None:
            best = next((rc for rc in tries if rc.collidelist(placed) < 0), None)
        if best is None:
            continue
        placed.append(best)
        out.append((w, best))
    return out


class TableLabels:
    """Draws the labels of one frame where `place` puts them and records them in the scene's `drawn`."""

    def __init__(self, scene) -> None:
        self.sc = scene

    def place(self, wants: list[Want], bases: list[pygame.Rect]) -> list[tuple[Want, pygame.Rect]]:
        """Where this frame's labels go (`place`), measured in the screen's text."""
        T = self.sc.app.text

        def measure(w: Want):
            tw, th = T.size(w.text, w.size, w.bold)
            return tw + 1, th + 1  # the shadow
        return place(wants, measure, self.sc.layout["view"], bases)

    def draw(self, screen, placed: list[tuple[Want, pygame.Rect]]) -> None:
        T = self.sc.app.text
        clip = screen.get_clip()  # (a frame drawn in parts: only the labels in this part)
        labels = []
        for w, rc in placed:
            if clip.colliderect(rc):
                T.blit(screen, w.text, rc.topleft, w.size, w.colour, w.bold, shadow=True)
            labels.append(Label(tuple(rc), w.text, w.about))
        self.sc.drawn.labels = labels
