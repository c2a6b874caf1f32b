"""The mission's summary box in the upper left corner of the table view, at all times: the mission's title and
Turn, each objective with its status (met, failed, open), the MP of each side, the mission's notes. A click on
it folds it to its title line (and back); in a view too narrow to keep it beside the table it starts folded (the
table is fitted under its title line). Drawn from `mission.summary(match)`, read once per match change; the
picture is cached until the summary, the width or the palette changes."""
from __future__ import annotations

import pygame


class SummaryPainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.folded: bool | None = None  # None: folded only when the view is cramped (camera.cramped)
        self._key = None
        self._surf: pygame.Surface | None = None

    def toggle(self) -> None:
        self.folded = not self.is_folded()

    def is_folded(self) -> bool:
        if self.folded is not None:
            return self.folded
        cam = self.sc.camera
        return cam is not None and cam.cramped

    def width(self) -> int:
        view = self.sc.layout["view"]
        return min(self.sc.px(236), int(view.w * 0.36))

    def header_height(self) -> int:
        return self.sc.app.text.line_height(14) + self.sc.px(12)

    def draw(self, screen, folded: bool = False) -> None:
        if self.prepare(folded) is not None:
            screen.blit(self._surf, self.rect)

    def prepare(self, folded: bool = False):
        """The box's picture made (when what it shows changed) and placed: what it shows (a key), or None when the
        mission has no summary."""
        sc = self.sc
        summary = sc.mission_summary()
        view = sc.layout["view"]
        if summary is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return None
        fold = self.is_folded() or folded
        w = self.width()
        key = (summary, fold, w, sc.app.palette.name, sc.app.settings.ui_scale)
        if key != self._key or self._surf is None:
            self._key = key
            self._surf = self._render(summary, w, fold)
        self.rect = self._surf.get_rect(topleft=(view.x + sc.px(8), view.y + sc.px(8)))
        return key, tuple(self.rect)

    def _render(self, s, w: int, fold: bool) -> pygame.Surface:
        sc = self.sc
        T, pal, px = sc.app.text, sc.app.palette, sc.px
        pad = px(8)
        rows: list[tuple] = []  # (text, size, colour, bold, indent, icon)
        if not fold:
            for ob in s.objectives:
                icon = {True: "met", False: "failed"}.get(ob.done, "open")
                for i, line in enumerate(T.wrap(ob.label, 12, w - 2 * pad - px(18), True)):
                    rows.append((line, 12, pal.text, True, px(18), icon if i == 0 else None))
                col = pal.good if ob.done else (pal.bad if ob.done is False else pal.text_dim)
                for line in T.wrap(ob.status, 11, w - 2 * pad - px(18)):
                    rows.append((line, 11, col, False, px(18), None))
            if s.scores:
                mp = "  ·  ".join(f"{name}: {n}" for name, n in s.scores)  # ("Player 1 0" read as 10)
                for line in T.wrap(f"MP   {mp}", 12, w - 2 * pad, True):
                    rows.append((line, 12, pal.select, True, 0, None))
            for note in s.notes:
                for line in T.wrap(note, 11, w - 2 * pad):
                    rows.append((line, 11, pal.text_dim, False, 0, None))
        arrow = px(5)
        ax = w - pad - arrow
        title = s.title
        turn_w = T.size(s.turn_text, 12)[0]
        two_lines = T.size(title, 14, True)[0] > ax - arrow - px(8) - turn_w - px(6) - pad
        turn_lines = T.wrap(s.turn_text, 12, w - 2 * pad) if two_lines else []  # (a long Turn text wraps below it)
        title_lines = T.wrap(title, 14, ax - arrow - px(8) - pad, True) if two_lines else [title]
        more_title = T.line_height(14) * (len(title_lines) - 1)  # (a title too long for its line goes on below)
        head_h = self.header_height() + more_title + T.line_height(12) * len(turn_lines)  # the Turn below a long title
        rows_h = sum(T.line_height(size) for _, size, *_ in rows)
        h = head_h + rows_h + (pad if rows else 0)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (13, 16, 21, 228), surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, pal.panel_edge, surf.get_rect(), 1, border_radius=8)
        ay = self.header_height() // 2
        tri = [(ax - arrow, ay - arrow // 2), (ax + arrow, ay - arrow // 2), (ax, ay + arrow)] if not fold else \
            [(ax - arrow // 2, ay - arrow), (ax - arrow // 2, ay + arrow), (ax + arrow, ay)]
        pygame.draw.polygon(surf, pal.text_dim, tri)
        if two_lines:
            room = ax - arrow - px(8) - pad
            for i, line in enumerate(title_lines[1:]):
                T.blit(surf, line, (pad, self.header_height() - px(4) + i * T.line_height(14)), 14, pal.select, True)
            for i, line in enumerate(turn_lines):
                T.blit(surf, line, (pad, self.header_height() - px(4) + more_title + i * T.line_height(12)), 12,
                       pal.text_dim)
            title = title_lines[0]
        else:
            turn = T.blit(surf, s.turn_text, (ax - arrow - px(8), ay), 12, pal.text_dim, anchor="midright")
            room = turn.x - pad - px(6)
        while title and T.size(title, 14, True)[0] > room:
            title = title[:-4] + "..."
        T.blit(surf, title, (pad, ay), 14, pal.select, True, anchor="midleft")
        y = head_h
        if rows:
            pygame.draw.line(surf, pal.panel_edge, (pad, y - px(4)), (w - pad, y - px(4)))
        for text, size, col, bold, indent, icon in rows:
            lh = T.line_height(size)
            if icon is not None:
                self._icon(surf, icon, (pad + px(7), y + lh // 2))
            T.blit(surf, text, (pad + indent, y), size, col, bold)
            y += lh
        return surf

    def _icon(self, surf, icon: str, c) -> None:
        pal, px = self.sc.app.palette, self.sc.px
        r = px(6)
        if icon == "met":
            pygame.draw.circle(surf, pal.good, c, r)
            pygame.draw.lines(surf, (10, 12, 16), False, [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
                                                          (c[0] + r * 0.55, c[1] - r * 0.45)], 2)
        elif icon == "failed":
            pygame.draw.circle(surf, pal.bad, c, r)
            d = r * 0.45
            pygame.draw.line(surf, (10, 12, 16), (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), 2)
            pygame.draw.line(surf, (10, 12, 16), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), 2)
        else:
            pygame.draw.circle(surf, pal.text_dim, c, r, 2)
