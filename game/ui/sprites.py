"""Pre-rendered pictures: unit bases, dice faces, small icons. Each is drawn once (supersampled, then
smooth-scaled) and cached by everything that changes it; frames only blit them."""
from __future__ import annotations

import math

import pygame

from .text import Text

SS = 3  # supersampling factor

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def mix(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def star_points(cx, cy, r_out, r_in, n, rot=-math.pi / 2):
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = rot + math.pi * k / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def hex_points(cx, cy, r, rot=0.0):
    return [(cx + r * math.cos(rot + math.pi / 3 * k), cy + r * math.sin(rot + math.pi / 3 * k)) for k in range(6)]


class Sprites:
    def __init__(self, text: Text, palette) -> None:
        self.text = text
        self.palette = palette
        self._cache: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()

    def _get(self, key, make):
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            s = make()
            self._cache[key] = s
        return s

    # -- unit bases ---------------------------------------------------------------------------------
    def base(self, kind: str, side: str, r_px: int, label: str, hit: int, max_hit: int, leader: bool,
             dim: bool, role: str = "", ready: bool = False, downed: bool = False) -> pygame.Surface:
        """kind: "unit" or "item"; side: the style of its side ("player", "rival", "npc"); role: the pictogram in
        its middle ("leader", "melee", "ranged", "heavy", "special"; "" for the label instead); label: the short
        name unique within its squad (a tag on the rim); a HIT bar under it; `ready`: a light on the rim;
        `downed`: grey, struck through. The picture is (2 r + 2 pad) square, centred on the base centre."""
        key = ("base", kind, side, r_px, label, hit, max_hit, leader, dim, role, ready, downed, self.palette.name)
        return self._get(key, lambda: self._make_base(kind, side, r_px, label, hit, max_hit, leader, dim, role,
                                                      ready, downed))

    @staticmethod
    def pad(r_px: int) -> int:
        return max(6, r_px // 2)

    def _make_base(self, kind, side, r_px, label, hit, max_hit, leader, dim, role, ready, downed):
        p = self.palette
        pad = self.pad(r_px)
        size = (r_px + pad) * 2
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        c = size * SS / 2
        R = r_px * SS
        item = kind == "item"
        fill = p.side(side, item)
        dark = p.side_dark(side, item)
        if dim or downed:
            fill = mix(fill, (70, 74, 80), 0.6 if dim else 0.75)
            dark = mix(dark, (30, 32, 36), 0.5)
        # drop shadow
        pygame.draw.circle(big, (0, 0, 0, 110), (c + R * 0.12, c + R * 0.16), R * 1.02)
        if item:
            pygame.draw.polygon(big, dark, hex_points(c, c, R * 1.08, math.pi / 6))
            pygame.draw.polygon(big, fill, hex_points(c, c, R * 0.9, math.pi / 6))
            pygame.draw.polygon(big, dark, hex_points(c, c, R * 0.55, math.pi / 6), max(2, int(R * 0.1)))
        elif side in ("player", "rival") or side.startswith("player:"):
            pygame.draw.circle(big, dark, (c, c), R)
            pygame.draw.circle(big, fill, (c, c), R * 0.84)
            if side != "rival":  # a chevron on the upper rim
                w, top, th = R * 0.3, c - R * 0.8, R * 0.14
                chev = [(c - w, top + w * 0.7), (c, top), (c + w, top + w * 0.7), (c + w, top + w * 0.7 + th),
                        (c, top + th), (c - w, top + w * 0.7 + th)]
                pygame.draw.polygon(big, dark, chev)
            else:  # a notch on the upper rim
                pygame.draw.rect(big, dark, (c - R * 0.22, c - R * 0.9, R * 0.44, R * 0.16))
        else:
            pygame.draw.polygon(big, dark, star_points(c, c, R * 1.12, R * 0.82, 11))
            pygame.draw.polygon(big, fill, star_points(c, c, R * 0.92, R * 0.7, 11))
            pygame.draw.circle(big, fill, (c, c), R * 0.72)
        ink = (245, 245, 245) if (dim or downed or sum(fill) < 300) else (14, 16, 20)
        if role and not item:
            from . import icons
            s = R * 1.0
            icon = pygame.Surface((int(s), int(s)), pygame.SRCALPHA)
            icons.draw(icon, role, s, ink)
            big.blit(icon, (c - s / 2, c - s / 2 + R * 0.06))
        if leader and role != "leader":
            pygame.draw.polygon(big, p.select, star_points(c + R * 0.78, c - R * 0.78, R * 0.42, R * 0.18, 5))
            pygame.draw.polygon(big, (20, 20, 20), star_points(c + R * 0.78, c - R * 0.78, R * 0.42, R * 0.18, 5),
                                max(1, SS))
        if ready and not dim and not downed and not item:  # Ready: a green light on the upper left rim
            pygame.draw.circle(big, (10, 12, 16), (c - R * 0.78, c - R * 0.78), R * 0.24)
            pygame.draw.circle(big, p.good, (c - R * 0.78, c - R * 0.78), R * 0.17)
        if downed:
            d = R * 0.62
            pygame.draw.line(big, (10, 12, 16), (c - d, c - d), (c + d, c + d), max(3, int(R * 0.22)))
            pygame.draw.line(big, (10, 12, 16), (c - d, c + d), (c + d, c - d), max(3, int(R * 0.22)))
            pygame.draw.line(big, p.bad, (c - d, c - d), (c + d, c + d), max(2, int(R * 0.12)))
            pygame.draw.line(big, p.bad, (c - d, c + d), (c + d, c - d), max(2, int(R * 0.12)))
        self._hit_bar(big, c, R, pad * SS, hit, max_hit, item)
        out = pygame.transform.smoothscale(big, (size, size))
        if label:
            if role and not item:  # the label as a tag on the lower right rim
                fs = max(7, int(r_px * 0.5))
                t = _font(fs).render(label, True, (240, 240, 240))
                tr = t.get_rect(center=(size / 2 + r_px * 0.72, size / 2 + r_px * 0.62)).inflate(4, 0)
                pygame.draw.rect(out, (12, 14, 18), tr, border_radius=3)
                out.blit(t, t.get_rect(center=tr.center))
            else:
                fs = max(8, int(r_px * (0.72 if len(label) <= 2 else 0.55)))
                t = _font(fs).render(label, True, ink)
                dy = int(r_px * 0.12) if (side in ("player", "rival") and not item) else 0
                out.blit(t, t.get_rect(center=(size / 2, size / 2 + dy)))
        if dim:
            out.set_alpha(205)
        return out

    def _hit_bar(self, big, c, R, pad, hit, max_hit, item) -> None:
        """HIT under the base: a segment per HIT (a plain bar past 8), filled for HIT left."""
        if max_hit <= 0 or (item and max_hit == 1):
            return
        p = self.palette
        w = R * 1.5
        h = max(SS * 3, min(pad * 0.55, R * 0.22))
        x0, y0 = c - w / 2, c + R + (pad - h) * 0.35
        pygame.draw.rect(big, (10, 12, 16), (x0 - SS, y0 - SS, w + 2 * SS, h + 2 * SS), border_radius=SS * 2)
        col = p.good if hit * 2 > max_hit else (p.warn if hit > 1 else p.bad)
        if max_hit <= 8:
            gap = SS
            seg = (w - gap * (max_hit - 1)) / max_hit
            for k in range(max_hit):
                r = (x0 + k * (seg + gap), y0, seg, h)
                pygame.draw.rect(big, col if k < hit else (60, 64, 72), r)
        else:
            pygame.draw.rect(big, (60, 64, 72), (x0, y0, w, h))
            pygame.draw.rect(big, col, (x0, y0, w * max(0, hit) / max_hit, h))

    # -- dice ---------------------------------------------------------------------------------------
    def die(self, size: int, natural: int, shift: int = 0, success: bool = True, critical: bool = False,
            rerolled: bool = False, auto: bool = False, selected: bool = False,
            pending: bool = False, sides: int = 6, plain: bool = False) -> pygame.Surface:
        """A die face. `plain`: a roll with no success or failure (a mission's table): never marked as failing.
        `sides` other than 6 (a D10, a D3): its number on a face of another shape."""
        key = ("die", size, natural, shift, success, critical, rerolled, auto, selected, pending, sides, plain,
               self.palette.name)
        return self._get(key, lambda: self._make_die(size, natural, shift, success or plain, critical and not plain,
                                                     rerolled, auto, selected, pending, sides, plain))

    def _make_die(self, size, natural, shift, success, critical, rerolled, auto, selected, pending, sides=6,
                  plain=False):
        p = self.palette
        pad = max(3, size // 5)
        full = size + 2 * pad
        big = pygame.Surface((full * SS, full * SS), pygame.SRCALPHA)
        o = pad * SS
        S = size * SS
        rad = max(2, S // 6)
        body = pygame.Rect(o, o, S, S)
        if selected:
            pygame.draw.rect(big, p.player, body.inflate(pad * SS * 1.7, pad * SS * 1.7), max(SS * 2, pad * SS // 2),
                             border_radius=rad + pad * SS)
        face = p.die_face if success else p.die_fail
        pip = p.die_pip if success else (225, 228, 232)
        if pending:
            face = mix(p.die_face, p.die_fail, 0.5)
        numbered = sides != 6 or not 1 <= natural <= 6
        edge = p.critical if critical else (mix(face, (0, 0, 0), 0.45))
        if numbered and sides != 6:  # not a D6: a kite (D10) or a triangle (D3 and others), with its number
            cx, cy = body.center
            shape = ([(cx, o), (o + S, cy - S * 0.1), (cx, o + S), (o, cy - S * 0.1)] if sides == 10 else
                     [(cx, o), (o + S, o + S * 0.92), (o, o + S * 0.92)])
            pygame.draw.polygon(big, (0, 0, 0, 120), [(x + SS * 2, y + SS * 2) for x, y in shape])
            pygame.draw.polygon(big, face, shape)
            pygame.draw.polygon(big, edge, shape, max(SS, S // 18))
        else:
            pygame.draw.rect(big, (0, 0, 0, 120), body.move(SS * 2, SS * 2), border_radius=rad)
            pygame.draw.rect(big, face, body, border_radius=rad)
            pygame.draw.rect(big, edge, body, max(SS, S // (7 if critical else 18)), border_radius=rad)
        if numbered and not auto:
            f = _font(int(S * (0.5 if sides != 6 else 0.6)))
            t = f.render(str(natural), True, pip)
            tr = t.get_rect(center=body.center)
            if sides != 10 and sides != 6:
                tr.centery = int(o + S * 0.62)
            big.blit(t, tr)
        elif auto:
            f = _font(int(S * 0.6))
            t = f.render("A", True, pip)
            big.blit(t, t.get_rect(center=body.center))
        else:
            pr = max(SS, S * 0.09)
            for fx, fy in PIPS.get(natural, []):
                pygame.draw.circle(big, pip, (o + fx * S, o + fy * S), pr)
        if natural == 6 and not auto and not plain and not numbered:
            # natural 6: a vermillion corner band ("always fails")
            tri = [(o + S * 0.62, o), (o + S - rad * 0.3, o), (o + S, o + rad * 0.3), (o + S, o + S * 0.38)]
            pygame.draw.polygon(big, p.bad, tri)
        if rerolled:
            # a small circular arrow in the top-left corner
            rr = min(pad * SS * 0.7, S * 0.18)
            cx, cy = o + S * 0.03, o + S * 0.03
            pygame.draw.circle(big, (20, 24, 30), (cx, cy), rr * 1.4)
            pygame.draw.arc(big, p.reach, (cx - rr, cy - rr, 2 * rr, 2 * rr), 0.6, 5.6, max(SS, int(S * 0.06)))
            ax, ay = cx + rr * math.cos(0.6), cy - rr * math.sin(0.6)
            pygame.draw.polygon(big, p.reach, [(ax - rr * 0.5, ay - rr * 0.1), (ax + rr * 0.45, ay - rr * 0.25),
                                               (ax + rr * 0.05, ay + rr * 0.6)])
        out = pygame.transform.smoothscale(big, (full, full))
        if shift:
            badge = self.text.render(f"{'+' if shift > 0 else ''}{shift}={natural + shift}", 11, (10, 10, 10), True)
            br = badge.get_rect(midbottom=(full // 2, full))
            bg = br.inflate(4, 0)
            pygame.draw.rect(out, p.select, bg, border_radius=3)
            out.blit(badge, br)
        return out

    # -- icons --------------------------------------------------------------------------------------
    def warning(self, size: int) -> pygame.Surface:
        def make():
            s = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            S = size * SS
            pygame.draw.polygon(s, (20, 20, 20), [(S / 2, 0), (S, S * 0.92), (0, S * 0.92)])
            pygame.draw.polygon(s, self.palette.warn, [(S / 2, S * 0.1), (S * 0.92, S * 0.86), (S * 0.08, S * 0.86)])
            pygame.draw.rect(s, (20, 20, 20), (S * 0.45, S * 0.32, S * 0.1, S * 0.3))
            pygame.draw.circle(s, (20, 20, 20), (S / 2, S * 0.73), S * 0.06)
            return pygame.transform.smoothscale(s, (size, size))
        return self._get(("warn", size, self.palette.name), make)

    def cross(self, size: int, colour) -> pygame.Surface:
        def make():
            s = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            S = size * SS
            w = max(SS * 2, int(S * 0.16))
            pygame.draw.line(s, (0, 0, 0), (S * 0.12, S * 0.12), (S * 0.88, S * 0.88), w + SS * 2)
            pygame.draw.line(s, (0, 0, 0), (S * 0.88, S * 0.12), (S * 0.12, S * 0.88), w + SS * 2)
            pygame.draw.line(s, colour, (S * 0.12, S * 0.12), (S * 0.88, S * 0.88), w)
            pygame.draw.line(s, colour, (S * 0.88, S * 0.12), (S * 0.12, S * 0.88), w)
            return pygame.transform.smoothscale(s, (size, size))
        return self._get(("cross", size, tuple(colour)), make)

    def icon(self, name: str, size: int, colour, outline: bool = True) -> pygame.Surface:
        """A pictogram (icons.py) of `size` pixels in `colour`, with a dark outline so it reads on anything."""
        def make():
            from . import icons
            S = size * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            if outline:
                dark = pygame.Surface((S, S), pygame.SRCALPHA)
                icons.draw(dark, name, S, (10, 12, 16))
                for dx, dy in ((-SS, 0), (SS, 0), (0, -SS), (0, SS)):
                    big.blit(dark, (dx, dy))
            icons.draw(big, name, S, colour)
            return pygame.transform.smoothscale(big, (size, size))
        return self._get(("icon", name, size, tuple(colour), outline), make)

    def emblem(self, key: str, size: int, initials: str) -> pygame.Surface:
        """A faction's emblem (icons.emblem) with its initials."""
        def make():
            from . import icons
            S = size * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            icons.emblem(big, S, key, icons.faction_colour(key), initials)
            out = pygame.transform.smoothscale(big, (size, size))
            t = _font(max(8, int(size * (0.42 if len(initials) <= 2 else 0.32)))).render(initials, True, (12, 14, 18))
            out.blit(t, t.get_rect(center=(size / 2, size / 2)))
            return out
        return self._get(("emblem", key, size, initials), make)

    def ring(self, r_px: int, colour, width: int, ticks: bool = False, crossed: bool = False) -> pygame.Surface:
        """A target ring: ticks = a valid target (reticle), crossed = not a valid target."""
        def make():
            size = (r_px + 8) * 2
            s = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            c = size * SS / 2
            R = r_px * SS
            W = max(SS, width * SS)
            pygame.draw.circle(s, (0, 0, 0, 150), (c, c), R + W, W + SS * 2)
            pygame.draw.circle(s, colour, (c, c), R + W * 0.5, W)
            if ticks:
                for k in range(4):
                    a = math.pi / 2 * k
                    x0, y0 = c + (R + W * 0.5) * math.cos(a), c + (R + W * 0.5) * math.sin(a)
                    x1, y1 = c + (R + 7 * SS) * math.cos(a), c + (R + 7 * SS) * math.sin(a)
                    pygame.draw.line(s, colour, (x0, y0), (x1, y1), W)
            if crossed:
                d = (R + W * 0.5) * 0.7071
                pygame.draw.line(s, colour, (c - d, c + d), (c + d, c - d), W)
            return pygame.transform.smoothscale(s, (size, size))
        return self._get(("ring", r_px, tuple(colour), width, ticks, crossed), make)


_FONT_PATH: str | None | bool = False
_FONTS: dict[int, pygame.font.Font] = {}


def _font(px: int) -> pygame.font.Font:
    f = _FONTS.get(px)
    if f is None:
        f = _FONTS[px] = pygame.font.Font(_font_path(), px)
    return f


def _font_path():
    global _FONT_PATH
    if _FONT_PATH is False:
        from .text import BOLD
        _FONT_PATH = str(BOLD) if BOLD.exists() else None
    return _FONT_PATH
