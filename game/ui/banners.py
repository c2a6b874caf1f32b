"""Pictures over the board: Turn banners and end-of-Turn summaries (Effects), the dice tray of the last attack
(its dice tumble a moment before they land: DiceTray), how a shot or a blow is drawn (Shot). Visual only; every
duration follows the speed setting (`speed`: 0 shows nothing that moves). The table's world (game/ui/view) makes
the shots, the tray, the rising numbers and the crosses from the match's events."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.orders import ORDER_FACE

from .dicelog import AttackRecord


@dataclass
class Banner:
    title: str
    lines: list = field(default_factory=list)
    dice: list = field(default_factory=list)  # DieV (the Tactical Orders roll)
    dice_stat: int = ORDER_FACE
    kind: str = "turn"  # "turn", "end", "result", "info"
    duration: float = 2.6
    t: float = 0.0
    wrapped: tuple = field(default=(None, []), repr=False, compare=False)  # (width, its lines wrapped to it)

    def lines_at(self, T, width: int) -> list[str]:
        """Its lines wrapped to `width` pixels (a long objective line runs onto a second), made once per width."""
        if self.wrapped[0] != width:
            self.wrapped = (width, [part for line in self.lines for part in T.wrap(line, 14, width)])
        return self.wrapped[1]


@dataclass
class Shot:
    """An attack drawn from the attacker to its target: a tracer for a shot, a slash for a blow."""

    x0: float
    y0: float
    x1: float
    y1: float
    melee: bool = False
    t: float = 0.0
    duration: float = 0.5


class Effects:
    """The banners (one shows at a time, read or dismissed) and the speed setting animations follow."""

    def __init__(self) -> None:
        self.banners: list[Banner] = []
        self.speed = 1.0  # 0: no animation (the speed setting "instant"); 2: twice as long (slow)

    @property
    def banner(self) -> Banner | None:
        return self.banners[0] if self.banners else None

    def dismiss(self) -> bool:
        if self.banners:
            self.banners.pop(0)
            return True
        return False

    def update(self, dt: float) -> None:
        if self.banners:
            b = self.banners[0]
            b.t += dt
            if b.t >= b.duration:
                self.banners.pop(0)

    @property
    def busy(self) -> bool:
        return bool(self.banners)

    # -- drawing -------------------------------------------------------------------------------------
    @staticmethod
    def draw_shot(screen, cam, app, s: Shot) -> None:
        """A blow: two slashes across the target, drawn in and fading; a shot: the round flies along the line, then
        a burst where it lands."""
        pal = app.palette
        a, b = cam.to_screen(s.x0, s.y0), cam.to_screen(s.x1, s.y1)
        f = s.t / s.duration
        if s.melee:  # a blow: two slashes across the target, drawn in and fading
            r = max(8, int(cam.ppi * 0.7))
            k = min(1.0, f * 3)
            fade = 1.0 - max(0.0, f - 0.5) * 2
            col = tuple(int(c * fade + 20 * (1 - fade)) for c in (255, 236, 200))
            for sx in (-1, 1):
                p0 = (b[0] - r * sx, b[1] - r)
                p1 = (p0[0] + 2 * r * sx * k, p0[1] + 2 * r * k)
                pygame.draw.line(screen, (0, 0, 0), p0, p1, 6)
                pygame.draw.line(screen, col, p0, p1, 3)
            return
        # a shot: the round flies along the line, then a burst where it lands
        fly = min(1.0, f / 0.6)
        head = (a[0] + (b[0] - a[0]) * fly, a[1] + (b[1] - a[1]) * fly)
        tail_f = max(0.0, fly - 0.35)
        tail = (a[0] + (b[0] - a[0]) * tail_f, a[1] + (b[1] - a[1]) * tail_f)
        pygame.draw.line(screen, (0, 0, 0), tail, head, 5)
        pygame.draw.line(screen, pal.warn, tail, head, 3)
        pygame.draw.circle(screen, (255, 255, 255), head, 3)
        if fly >= 1.0:
            burst = int(4 + (f - 0.6) / 0.4 * cam.ppi * 0.6)
            pygame.draw.circle(screen, pal.warn, b, burst, 2)

    def draw_banner(self, screen, area: pygame.Rect, app) -> None:
        b = self.banner
        if b is None:
            return
        T, pal = app.text, app.palette
        s = app.settings.ui_scale
        fade = min(1.0, b.t / 0.25, max(0.0, (b.duration - b.t) / 0.4))
        r, lines = banner_box(b, area, app)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((12, 14, 19, int(235 * fade)))
        col = {"turn": pal.select, "end": pal.player, "result": pal.select}.get(b.kind, pal.text)
        pygame.draw.rect(bg, col + (int(255 * fade),), bg.get_rect(), 2, border_radius=10)
        screen.blit(bg, r)
        y = r.y + int(10 * s)
        t = T.render(b.title, 30, col, True)
        t.set_alpha(int(255 * fade))
        screen.blit(t, t.get_rect(midtop=(r.centerx, y)))
        y += t.get_height() + int(4 * s)
        if b.dice:
            dsz = int(34 * s)
            total = len(b.dice) * (dsz + int(8 * s))
            x = r.centerx - total // 2
            for d in b.dice:
                ok = d.succeeds(b.dice_stat)
                spr = app.sprites.die(dsz, d.natural, 0, ok, False, False, False)
                spr = spr.copy()
                spr.set_alpha(int(255 * fade))
                screen.blit(spr, (x, y))
                x += dsz + int(8 * s)
            y += dsz + int(14 * s)
        lh = T.line_height(14)
        for line in lines:
            t = T.render(line, 14, pal.text)
            t.set_alpha(int(255 * fade))
            screen.blit(t, t.get_rect(midtop=(r.centerx, y)))
            y += lh
        hint = T.render("click or Space to continue", 10, pal.text_faint)
        hint.set_alpha(int(200 * fade))
        screen.blit(hint, hint.get_rect(bottomright=(r.right - 8, r.bottom - 4)))


def banner_box(b: Banner, area: pygame.Rect, app) -> tuple[pygame.Rect, list[str]]:
    """(where the banner shows over `area`, its lines wrapped to its width): as tall as its lines, the dice and the
    "continue" hint under them."""
    T = app.text
    s = app.settings.ui_scale
    w = min(area.w - int(40 * s), int(560 * s))
    lines = b.lines_at(T, w - int(24 * s))
    h = int(70 * s) + len(lines) * T.line_height(14) + (int(52 * s) if b.dice else 0) + T.line_height(10) // 2
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (area.centerx, area.y + int(area.h * 0.16))
    return r, lines


class DiceTray:
    """The last attack's dice in the corner of the board view that covers the fewest bases: they tumble a moment
    (`roll` seconds) before they land, stay `duration` seconds and fade in the last one (`t`: its age)."""

    def __init__(self, record: AttackRecord, speed: float = 1.0) -> None:
        self.tray = record
        self.tray_corner = "bottomleft"
        self.tray_t = 0.0
        self.tray_duration = 8.0
        self.tray_roll = 0.45 * speed
        self._landed = None  # (key, the landed tray's picture): drawn once, blitted whole while it stays and fades

    def place(self, points, area: pygame.Rect, size, avoid=()) -> None:
        """The corner of `area` whose tray covers the fewest of `points` (and none of the `avoid` rectangles: the
        mission's summary box)."""
        w, h = size
        best = None
        for corner in ("bottomleft", "bottomright", "topleft", "topright"):
            r = pygame.Rect(0, 0, w, h)
            setattr(r, corner, getattr(area.inflate(-20, -20), corner))
            n = sum(1 for p in points if r.inflate(30, 30).collidepoint(p)) + \
                sum(1000 for a in avoid if a.w and r.colliderect(a))
            if best is None or n < best[0]:
                best = (n, corner)
        self.tray_corner = best[1]

    def tray_size(self, record: AttackRecord, app, area: pygame.Rect) -> tuple[int, int]:
        T = app.text
        s = app.settings.ui_scale
        dsz = int(24 * s)
        lh = T.line_height(12)
        w = min(area.w - int(20 * s), int(440 * s))
        h = int(12 * s) + lh + len(record.groups) * (dsz + lh + int(6 * s)) + len(record.outcome) * lh + int(8 * s)
        return w, h

    def draw_tray(self, screen, area: pygame.Rect, app) -> None:
        """The tray in its corner: tumbling dice drawn afresh each frame; once they have landed, one picture made
        once and blitted whole (faded at the end)."""
        rec = self.tray
        if rec is None:
            return
        a = 1.0 if self.tray_t < self.tray_duration - 1.0 else max(0.0, self.tray_duration - self.tray_t)
        w, h = self.tray_size(rec, app, area)
        r = pygame.Rect(0, 0, w, h)
        setattr(r, self.tray_corner, getattr(area.inflate(-20, -20), self.tray_corner))
        if self.tray_t < self.tray_roll:
            self._paint_tray(screen, r, app, a)
            return
        key = (r.size, app.palette.name, app.settings.ui_scale, tray_content(rec))  # (the record fills in as the
        # attack's events come)
        if self._landed is None or self._landed[0] != key:
            pic = pygame.Surface(r.size, pygame.SRCALPHA)
            self._paint_tray(pic, pic.get_rect(), app, 1.0)
            self._landed = (key, pic)
        pic = self._landed[1]
        pic.set_alpha(int(255 * a) if a < 1 else None)
        screen.blit(pic, r)

    def _paint_tray(self, screen, r: pygame.Rect, app, a: float) -> None:
        rec = self.tray
        T, pal = app.text, app.palette
        s = app.settings.ui_scale
        dsz = int(24 * s)
        lh = T.line_height(12)
        w = r.w
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((12, 14, 19, int(225 * a)))
        pygame.draw.rect(bg, pal.panel_edge + (int(255 * a),), bg.get_rect(), 1, border_radius=8)
        screen.blit(bg, r)
        y = r.y + int(6 * s)
        x0 = r.x + int(10 * s)
        title = rec.title
        while T.size(title, 12, True)[0] > w - int(20 * s) and len(title) > 8:
            title = title[:-5] + "..."
        t = T.render(title, 12, pal.text, True)
        t.set_alpha(int(255 * a))
        screen.blit(t, (x0, y))
        y += lh + int(2 * s)
        rolling = self.tray_t < self.tray_roll  # the dice tumble before they land (faces change, no verdict)
        for gi, g in enumerate(rec.groups):
            lab = T.render(g.label if "vs " in g.label else f"{g.label}  (vs {g.stat_name} {g.stat})", 11,
                           pal.text_dim)
            lab.set_alpha(int(255 * a))
            screen.blit(lab, (x0, y))
            y += lh
            x = x0
            for di, d in enumerate(g.dice):
                if rolling:
                    face = (di * 5 + gi * 3 + int(self.tray_t * 18)) % 6 + 1
                    spr = app.sprites.die(dsz, face, 0, True, False, False, False, pending=True)
                    screen.blit(spr, (x, y - int(3 * abs(((self.tray_t * 18 + di) % 2) - 1))))
                    x += spr.get_width() + 2
                    continue
                ok = d.succeeds(g.stat)
                spr = app.sprites.die(dsz, d.natural, d.shift, ok, ok and d.critical, d.rerolled, d.auto)
                if a < 1:
                    spr = spr.copy()
                    spr.set_alpha(int(255 * a))
                screen.blit(spr, (x, y))
                x += spr.get_width() + 2
            y += dsz + int(6 * s)
        for line in ([] if rolling else rec.outcome):
            t = T.render(line, 12, pal.bad if "Taken Out" in line else pal.select, True)
            t.set_alpha(int(255 * a))
            screen.blit(t, (x0, y))
            y += lh


def tray_content(rec: AttackRecord) -> tuple:
    """What the tray shows of an attack record (a key: the record grows as the attack's events come)."""
    return (rec.title, tuple(rec.outcome), tuple((g.label, g.stat, g.stat_name, tuple(
        (d.natural, d.shift, d.rerolled, d.auto) for d in g.dice)) for g in rec.groups))
