"""The campaign's plan on screen: the Operations (enemy faction, Threat Level; a book's Operation its title; a PvP
Operation who won it) and their missions, each with its objectives and battlefield (a mission between two squads:
its title and Campaign Rewards; a written mission: its title too) and where it stands (won or lost with its MP,
being played, next, planned), then the Climax when the campaign has one. Clicking a mission selects it (its
briefing shows; a played one can be watched again)."""
from __future__ import annotations

import pygame

from game.campaign.model import BRIEFING, IN_MISSION

from ..builder import fit_text


def side_title(campaign, name: str | None) -> str:
    """A side's title from its name ("opponent" -> "Krumpfists")."""
    return next((s.title for s in campaign.sides if s.name == name), "")


def operation_head(campaign, op) -> str:
    """An Operation's line: its number (or the Climax) and a book Operation's title, its Threat Level and enemy (a
    book's Operation: in its briefings); a PvP Operation once over: who won it."""
    parts = ["The Climax" if op.climax else f"Operation {op.number}" + (f": {op.title}" if op.title else "")]
    if op.threat_level:
        parts.append(f"Threat Level {op.threat_level}")
    if op.faction and not op.title:  # (a book's Operation: its enemy is in each mission's briefing)
        parts.append(campaign.script.faction_name(op.faction))
    if len(campaign.sides) > 1 and not op.climax and all(m.played for m in op.missions):
        parts.append(f"won by {side_title(campaign, op.winner)}" if op.winner else "nobody won it")
    return "  ·  ".join(parts)


def mission_words(campaign, pm) -> tuple[str, str]:
    """(the mission's line, the line under it): against NPCs, its objectives, then its battlefield and deployment (a
    written one: its title first); between two squads, its title, then its two Campaign Rewards (the Climax: who
    picks it)."""
    b = campaign.script.briefing(pm)
    if "objectives" in b:
        main = " + ".join(name for name, _ in b["objectives"])
        where = [b["battlefield"][0], b["deployment"]]
        title = b.get("title", "") if b.get("heading") else ""
        op = campaign.plan[pm.operation - 1].title
        if title and not (op and title.startswith(op)):  # a written mission's own title (a book's: its Operation's)
            main = title if main in title else f"{title}: {main}"
        return main, "  ·  ".join(where)
    if "climaxes" in b:
        who = b["chooser"]
        return "Not chosen yet", (f"{campaign.sides[who].title} picks it" if who is not None else
                            "Rolled when it comes (the Operations are even)")
    if pm.played:
        return b["title"], won_by(campaign, pm)
    if pm.climax:
        return b["title"], "The Climax: no Campaign Rewards, no Injuries"
    return b["title"], "Rewards: " + " or ".join(name for name, _ in b.get("rewards", ()))


def won_by(campaign, pm) -> str:
    """A played mission between two squads: who won it ("Won by Krumpfists"), or a draw."""
    w = pm.record.winner
    return f"Won by {side_title(campaign, w)}" if w else "A draw"


def mission_status(campaign, pm) -> tuple[str, str]:
    """(words, palette role) of where a planned mission stands."""
    r = pm.record
    if r is not None and len(campaign.sides) > 1:
        mp = "-".join(str(dict(r.scores).get(s.name, 0)) for s in campaign.sides)
        role = "text_dim" if not r.winner else ("player" if r.winner == campaign.sides[0].name else "npc")
        return f"{mp} MP", role  # (who won: the line under the title, `mission_words`)
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
            head = operation_head(campaign, op)
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
                main, sub = mission_words(campaign, pm)
                words, role = mission_status(campaign, pm)
                status_w = T.size(words, 12, True)[0]
                T.blit(screen, words, (row.right - px(10), row.y + px(5) if two else row.centery), 12,
                       getattr(p, role), True, anchor="topright" if two else "midright")
                label_r = T.blit(screen, pm.label, (row.x + px(8), row.y + px(4) if two else row.centery - px(8)), 14,
                                 p.text, True)
                room = row.right - px(18) - status_w - (label_r.right + px(10))
                T.blit(screen, fit_text(T, main, 13, room), (label_r.right + px(10), label_r.y + px(1)), 13,
                       p.text)
                if two:
                    T.blit(screen, fit_text(T, sub, 11, row.w - px(20)), (row.x + px(8), row.y + px(23)), 11,
                           p.text_dim)
                y += h + px(2)
            y += px(6)

    def mission_at(self, pos) -> tuple[int, int] | None:
        return next((key for row, key in self.rows if row.collidepoint(pos)), None)
