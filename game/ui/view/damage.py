"""What a frame of the table changes on screen, so that only those parts are drawn again.

Each drawn thing of the view world has a look (a stamp: what its drawing depends on beyond the frame's key) and
the rectangle of the screen its drawing can touch. A frame compares them with the last frame drawn: a thing that
came, went or changed its look makes both its old and its new rectangle damaged; the labels placed are compared the
same way. The frame's key (the camera, the view, the palette, the marks on bases but their pulse, the board's
renderer) changing means the whole table is drawn again.
"""
from __future__ import annotations

import pygame

MARGIN_MARKED = 14  # the rings around a marked base reach this far past its edge (a target ring with ticks)
MERGE_SLACK = 2.0  # two damaged rectangles are drawn as one when their union is at most this much more area
MAX_PASSES = 3  # at most this many rectangles drawn apart; more are drawn as their union
MOST = 0.6  # damage over this part of the view: the whole table is drawn


def circle_rect(cx: float, cy: float, r: float) -> pygame.Rect:
    r = int(r) + 2
    return pygame.Rect(int(cx) - r, int(cy) - r, 2 * r + 1, 2 * r + 1)


def segment_rect(a, b, pad: float) -> pygame.Rect:
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    p = int(pad) + 2
    return pygame.Rect(int(x0) - p, int(y0) - p, int(x1 - x0) + 2 * p + 1, int(y1 - y0) + 2 * p + 1)


def points_rect(pts, pad: float) -> pygame.Rect:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return segment_rect((min(xs), min(ys)), (max(xs), max(ys)), pad)


def blits_rect(blits) -> pygame.Rect:
    r = pygame.Rect(blits[0][1])
    if len(blits) > 1:
        r.unionall_ip([b[1] for b in blits[1:]])
    return r


def changed(last: dict, now: dict) -> list[pygame.Rect]:
    """The rectangles of what came, went or changed its look between two frames (`{key: (look, rect)}`); a rect of
    None (a thing drawn where it likes) that changed damages everything: returns None."""
    out = []
    for key, (look, rect) in now.items():
        was = last.get(key)
        if was is not None and was[0] == look and was[1] == rect:
            continue
        if rect is None or (was is not None and was[1] is None):
            return None
        out.append(rect)
        if was is not None:
            out.append(was[1])
    for key, (look, rect) in last.items():
        if key not in now:
            if rect is None:
                return None
            out.append(rect)
    return out


def stamps_changed(last: dict, now: dict) -> list[pygame.Rect] | None:
    """The rectangles where the overlays changed between two frames (`{overlay: (look, rects)}`, each overlay's
    rects saying where its picture differs from the look before; None: anywhere): None when one changed anywhere,
    or came or went."""
    if last.keys() != now.keys():
        return None
    out = []
    for key, (look, rects) in now.items():
        if last[key][0] == look:
            continue
        if rects is None:
            return None
        out += rects
    return out


class Stamp:
    """An overlay's stamp kept simple: what it shows now (a look) and the rectangles it covers; a changed look
    changes its old rectangles and its new ones (`None`: it may cover anything)."""

    def __init__(self) -> None:
        self.look = None
        self.rects: list | None = []

    def __call__(self, look, rects: list | None) -> tuple:
        if look == self.look:
            return look, []
        out = None if rects is None or self.rects is None else self.rects + rects
        self.look, self.rects = look, rects
        return look, out


def merged(rects: list[pygame.Rect], view: pygame.Rect) -> list[pygame.Rect] | None:
    """The damaged rectangles inside `view`, those close together drawn as one, at most MAX_PASSES of them; None
    when they cover most of the view (drawing it whole costs no more)."""
    rs = [r.clip(view) for r in rects]
    rs = [r for r in rs if r.w > 0 and r.h > 0]
    joined = True
    while joined and len(rs) > 1:
        joined = False
        for i in range(len(rs)):
            for j in range(i + 1, len(rs)):
                a, b = rs[i], rs[j]
                u = a.union(b)
                if a.colliderect(b) or u.w * u.h <= MERGE_SLACK * (a.w * a.h + b.w * b.h):
                    rs[i] = u
                    del rs[j]
                    joined = True
                    break
            if joined:
                break
    if len(rs) > MAX_PASSES:
        rs = [rs[0].unionall(rs[1:])]
    if sum(r.w * r.h for r in rs) > MOST * view.w * view.h:
        return None
    return rs
