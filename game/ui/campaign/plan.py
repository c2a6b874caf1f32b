"""The campaign's plan on screen: the three Operations (enemy faction, Threat Level) and their missions, each with
its objectives and battlefield and where it stands (won or lost with its MP, being played, next, planned).
Clicking a mission selects it (its briefing shows; a played one can be watched again)."""
from __future__ import annotations

import pygame

from game.campaign.model import BRIEFING, IN_MISSION

from ..builder import fit_text


def mission_status(campaign, pm) -> tuple[str, str]:
    """(words, palette role) of where a planned mission stands."""
    r = pm.record
    if r is not None:
        return f"{r.outcome.capitalize()}  ·  {r.mp} MP", "good" if r.won else "bad"
    w = campaign.where
    if w.label == pm.label and w.stage == IN_MISSION:
        return "Being played", "warn"
    if w.label == pm.label and w.stage == BRIEFING:
        return "Next", "select"
    if campaign.over:
        return "Not played", "text_faint"
    return "Planned", "text_dim"


class PlanPanel:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.rows: list[tuple[pygame.Rect, tuple[int, int]]] = []  # on screen: (row, (operation, mission))
        self.rect = pygame.Rect(0, 0, 0, 0)

    def height(self, campaign, two_lines: bool) -> int:
        px = self.sc.px
        n_ops = len(campaign.plan)
        n = sum(len(op.missions) for op in campaign.plan)
        return n_ops * px(28) + n * (px(44) if two_lines else px(27)) + (n_ops - 1) * px(6)

    def draw(self, screen, r: pygame.Rect, campaign, selected: tuple[int, int] | None) -> None:
        sc = self.sc
        px, T, p = sc.px, sc.app.text, sc.app.palette
        self.rect = r
        self.rows = []
        two = self.height(campaign, True) <= r.h
        y = r.y
        for op in campaign.plan:
            faction = campaign.script.faction_name(op.faction)
            head = f"Operation {op.number}  ·  Threat Level {op.threat_level}  ·  {faction}"
            current_op = campaign.where.operation == op.number and not campaign.over
            T.blit(screen, fit_text(T, head, 14, r.w, True), (r.x, y + px(4)), 14,
                   p.text if current_op else p.text_dim, True)
            y += px(28)
            for pm in op.missions:
                h = px(42) if two else px(25)
                row = pygame.Rect(r.x, y, r.w, h)
                self.rows.append((row, (pm.operation, pm.number)))
                chosen = selected == (pm.operation, pm.number)
                pygame.draw.rect(screen, (38, 46, 58) if chosen else p.panel, row, border_radius=6)
                pygame.draw.rect(screen, p.select if chosen else p.panel_edge, row, 1, border_radius=6)
                b = campaign.script.briefing(pm)
                words, role = mission_status(campaign, pm)
                status_w = T.size(words, 12, True)[0]
                T.blit(screen, words, (row.right - px(10), row.y + px(5) if two else row.centery), 12,
                       getattr(p, role), True, anchor="topright" if two else "midright")
                label_r = T.blit(screen, pm.label, (row.x + px(8), row.y + px(4) if two else row.centery - px(8)), 14,
                                 p.text, True)
                objectives = " + ".join(name for name, _ in b["objectives"])
                room = row.right - px(18) - status_w - (label_r.right + px(10))
                T.blit(screen, fit_text(T, objectives, 13, room), (label_r.right + px(10), label_r.y + px(1)), 13,
                       p.text)
                if two:
                    where = f"{b['battlefield'][0]}  ·  {b['deployment']}"
                    T.blit(screen, fit_text(T, where, 11, row.w - px(20)), (row.x + px(8), row.y + px(23)), 11,
                           p.text_dim)
                y += h + px(2)
            y += px(6)

    def mission_at(self, pos) -> tuple[int, int] | None:
        return next((key for row, key in self.rows if row.collidepoint(pos)), None)
