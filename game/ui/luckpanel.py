"""The luck panel of the results screen: each side's dice against expectation, and the battle's turning point.

The figures come from game.report (the typed events); this only draws them.
"""
from __future__ import annotations

import pygame

from game.report import facts_of, luck_of, turning_points

from .sprites import mix
from .wording import count

FS = 13


def side_lines(s) -> list[str]:
    """The lines under a side's heading, in words."""
    a, v, o = s.attack, s.save, s.overall
    out = []
    if a.dice:
        out.append(f"Attack dice: {count(a.successes, 'Strike')} from {count(a.dice, 'die')} "
                   f"({a.expected:.1f} expected)")
    if v.dice:
        out.append(f"Saves: {v.successes} from {count(v.dice, 'die')} ({v.expected:.1f} expected)")
    if o.dice:
        out.append(f"Criticals: {o.crits} ({o.expected_crits:.1f} expected)")
    return out


class LuckPanel:
    def __init__(self, app, match) -> None:
        self.app = app
        self.facts = facts_of(match)
        self.luck = luck_of(self.facts)
        top = turning_points(self.facts, 1)
        self.turning = top[0] if top else None

    def verdict_below(self, s, width: int) -> bool:
        """Does the side's verdict go under its name (a long name leaves no room beside it in `width`)?"""
        text = self.app.text
        return text.size(s.name, FS, True)[0] + 10 + text.size(s.verdict(), FS)[0] > width - 24

    def height(self, width: int) -> int:
        lh = self.app.text.line_height(FS) + 2
        rows = 1 + sum(1 + self.verdict_below(s, width) + len(side_lines(s)) for s in self.luck) \
            + (3 if self.turning else 0)
        return rows * lh + len(self.luck) * 6 + 24

    def draw(self, screen: pygame.Surface, r: pygame.Rect) -> None:
        pal, text = self.app.palette, self.app.text
        pygame.draw.rect(screen, pal.panel, r, border_radius=8)
        pygame.draw.rect(screen, pal.panel_edge, r, 1, border_radius=8)
        lh = text.line_height(FS) + 2
        x, y = r.x + 12, r.y + 10
        text.blit(screen, "Luck with the dice", (x, y), FS + 2, pal.text, True)
        y += lh + 4
        bar_w = max(60, min(160, r.w // 4))
        for i, s in enumerate(self.luck):
            col = pal.player if i == 0 else pal.npc
            text.blit(screen, s.name, (x, y), FS, col, True)
            pct = s.overall.percentile
            verdict = s.verdict()
            vx = x + text.size(s.name, FS, True)[0] + 10
            if self.verdict_below(s, r.w):
                y += lh
                vx = x + 14
            text.blit(screen, verdict, (vx, y), FS, pal.text, False)
            if pct is not None:  # a bar: where this battle's dice sit among all the ways they could have fallen
                bar = pygame.Rect(r.right - 12 - bar_w, y + lh // 2 - 4, bar_w, 8)
                if bar.x > vx + text.size(verdict, FS)[0] + 8:
                    pygame.draw.rect(screen, (16, 19, 24), bar, border_radius=4)
                    fill = bar.copy()
                    fill.w = max(2, int(bar.w * pct / 100))
                    pygame.draw.rect(screen, mix(col, pal.panel, 0.3), fill, border_radius=4)
                    mid = bar.x + bar.w // 2
                    pygame.draw.line(screen, pal.text_faint, (mid, bar.y - 2), (mid, bar.bottom + 1), 1)
            y += lh
            for line in side_lines(s):
                text.blit(screen, line, (x + 14, y), FS - 1, pal.text_dim, False)
                y += lh
            y += 6
        if self.turning is not None:
            t = self.turning
            text.blit(screen, "Turning point", (x, y), FS, pal.select, True)
            y += lh
            for line in text.wrap(t.describe(), FS - 1, r.w - 36)[:2]:
                text.blit(screen, line, (x + 14, y), FS - 1, pal.text_dim, False)
                y += lh
