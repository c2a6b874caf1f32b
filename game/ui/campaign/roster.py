"""The roster as cards: each unit's card as it plays (its stats with what Injuries and Spoils of War changed marked
on them), its Injuries and Spoils as chips (hovering one shows what it changed and its cause), its exact risk of
dying if it is Taken Out next mission (k distinct Injuries: k of the six faces, asked of the campaign), who commands
it and a line of its service record. A panel lays the cards out in columns and scrolls with the wheel; clicking a
card opens the unit (its full card and service record)."""
from __future__ import annotations

from html import escape

import pygame

from game.content.injuries_spoils import INJURY
from game.rules.wording import count

from ..builder import fit_text
from ..cardview import _emblem

STATS = ("ACT", "ARM", "HIT", "MSK", "RSK")


def change_tip(campaign, unit, cause: str) -> str:
    """The hover text of an Injury or Spoil chip: what it changed on the card, where it came from, its rule."""
    changes = [ch for ch in campaign.card_changes(unit.id) if ch.cause == cause]
    if not changes:
        return ""
    first = changes[0]
    kind = "Injury" if first.kind == INJURY else "Spoil of War"
    lines = [f"<b>{escape(first.name)}</b> ({kind})"]
    lines += [escape(change_words(ch)) for ch in changes if ch.what]
    rec = next((r for r in unit.injuries if r.injury == cause), None)
    if rec is not None:
        turn = f", Turn {rec.turn}" if rec.turn else ""
        lines.append(escape(f"Mission {rec.mission}{turn}: {rec.by}" if rec.by else f"Mission {rec.mission}{turn}"))
    lines.append(f"<i>{escape(first.text)}</i>")
    return "<br>".join(lines)


def change_words(ch) -> str:
    """One change on a card in words: "ARM 4 -> 3", "Rifle specials RLT -> RLT ACC1", "unit specials none -> TGH1";
    a change that is a rule in play: its rule."""
    if not ch.what:
        return ch.text
    return f"{ch.what} {ch.before or 'none'} -> {ch.after or 'none'}"


def risk_words(campaign, unit) -> str:
    """The unit's risk of dying if Taken Out next mission, in words (the campaign's exact k/6)."""
    if campaign.never_injured(unit.id):
        return "Never injured"
    risk = campaign.death_risk(unit.id)
    k = risk * 6
    if not k:
        return "No Injury: no risk of dying"
    return f"Dies on {k} of 6 if Taken Out ({round(float(risk) * 100)}%)"


class RosterPanel:
    """Cards of roster units in a rectangle, in columns, scrolled by the wheel."""

    def __init__(self, scene) -> None:
        self.sc = scene
        self.scroll = 0
        self.places: list[tuple[pygame.Rect, int]] = []  # on screen: (card rect, unit id)
        self.chips: list[tuple[pygame.Rect, str]] = []  # on screen: (chip rect, hover html)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self._cards: dict = {}  # (unit, width, state) -> surface, chips

    @property
    def app(self):
        return self.sc.app

    def px(self, v) -> int:
        return self.sc.px(v)

    def columns(self, width: int) -> int:
        return max(1, width // self.px(260))

    def draw(self, screen, r: pygame.Rect, units, campaign, selected: int | None = None) -> None:
        self.rect = r
        self.places, self.chips = [], []
        if r.h <= 0 or not units:  # (the end of a lost campaign: nobody left to draw)
            self.content_h = 0
            return
        cols = self.columns(r.w)
        gap = self.px(10)
        cw = (r.w - (cols - 1) * gap) // cols
        cards = [(u, self.card(campaign, u, cw)) for u in units]
        heights = []
        for i in range(0, len(cards), cols):
            heights.append(max(s.get_height() for _, (s, _) in cards[i:i + cols]))
        self.content_h = sum(heights) + gap * max(0, len(heights) - 1)
        self.scroll = max(0, min(self.scroll, self.content_h - r.h))
        clip = screen.get_clip()
        screen.set_clip(r)
        y = r.y - self.scroll
        for row, h in enumerate(heights):
            for col, (u, (surf, chips)) in enumerate(cards[row * cols:(row + 1) * cols]):
                x = r.x + col * (cw + gap)
                place = pygame.Rect(x, y, cw, surf.get_height())
                screen.blit(surf, place)
                if u.id == selected:
                    pygame.draw.rect(screen, self.app.palette.select, place, 2, border_radius=8)
                vis = place.clip(r)
                if vis.h:
                    self.places.append((vis, u.id))
                    self.chips += [(c.move(x, y).clip(r), tip) for c, tip in chips if c.move(x, y).colliderect(r)]
            y += h + gap
        screen.set_clip(clip)
        if self.content_h > r.h:  # a thin scroll bar
            p = self.app.palette
            bar_h = max(self.px(24), r.h * r.h // self.content_h)
            by = r.y + (r.h - bar_h) * self.scroll // max(1, self.content_h - r.h)
            pygame.draw.rect(screen, p.panel_edge, (r.right + self.px(3), by, self.px(4), bar_h), border_radius=2)

    def wheel(self, dy: int) -> bool:
        if not self.rect.collidepoint(self.app.mouse):
            return False
        self.scroll = max(0, min(self.scroll - dy * self.px(40), max(0, self.content_h - self.rect.h)))
        return True

    def unit_at(self, pos) -> int | None:
        return next((uid for r, uid in self.places if r.collidepoint(pos)), None)

    def chip_at(self, pos):
        hit = next(((tuple(r), tip) for r, tip in self.chips if r.collidepoint(pos)), None)
        return hit if hit is not None and hit[1] else None

    # -- one card ---------------------------------------------------------------------------------------------------
    def card(self, campaign, unit, width: int):
        key = (unit.id, width, unit.name, unit.gear, unit.injury_ids, tuple(unit.spoils), unit.status, unit.owner,
               unit.record.missions, campaign.squad_leader(unit.side), self.app.palette.name,
               self.app.settings.ui_scale)
        got = self._cards.get(key)
        if got is None:
            if len(self._cards) > 64:
                self._cards.clear()
            got = self._cards[key] = self._make(campaign, unit, width)
        return got

    def _make(self, c, u, width: int):
        app, px = self.app, self.px
        T, p = app.text, app.palette
        pad = px(10)
        surf = pygame.Surface((width, px(260)), pygame.SRCALPHA)
        chips: list[tuple[pygame.Rect, str]] = []
        card = c.card(u.id)
        fallen = not u.active
        pygame.draw.rect(surf, p.panel, surf.get_rect(), border_radius=8)
        edge = p.bad if fallen else (p.player if u.side == 0 else p.npc)  # (a campaign of two squads: the second's)
        pygame.draw.rect(surf, edge, (0, 0, px(5), px(44)), border_top_left_radius=8)
        x0 = pad + px(2)
        y = pad - px(2)
        em = _emblem(c.catalog, card)
        if em is not None:
            es = px(30)
            surf.blit(app.sprites.emblem(em[0], es, em[1]), (x0, y + px(2)))
            x0 += es + px(8)
        tag = "Deceased" if fallen else ("Squad Leader" if c.squad_leader(u.side) == u.id else
                                         ("Leader" if card.is_leader else ""))
        tag_w = T.size(tag, 11, True)[0] + px(6) if tag else 0
        name = fit_text(T, u.name, 16, width - x0 - pad - tag_w, True)
        nr = T.blit(surf, name, (x0, y - px(1)), 16, p.text_dim if fallen else p.text, True)
        if tag:
            T.blit(surf, tag, (width - pad, y + px(2)), 11, p.bad if fallen else p.select, True, anchor="topright")
        sub = [c.catalog.unit_types[u.unit_type].name, f"{card.gp} GP"]
        people = c.sides[u.side].people
        if len(people) > 1:
            sub.append(people[u.owner] if 0 <= u.owner < len(people) else "")
        T.blit(surf, fit_text(T, "  ·  ".join(s for s in sub if s), 12, width - x0 - pad), (x0, nr.bottom - px(1)),
               12, p.text_dim)
        y = max(nr.bottom + T.line_height(12), y + px(34)) + px(4)
        # the stat boxes, marked where an Injury (worse) or a Spoil (better) changed them
        changed = {}
        for ch in c.card_changes(u.id):
            if ch.what in STATS[:3]:
                changed[ch.what] = p.bad if ch.kind == INJURY else p.good
        values = (card.act, card.arm, card.hit, card.msk, card.rsk)
        gap = px(4)
        bw = (width - 2 * pad - gap * 4) // 5
        bh = px(26)
        for i, (label, value) in enumerate(zip(STATS, values)):
            r = pygame.Rect(pad + i * (bw + gap), y, bw, bh)
            col = changed.get(label)
            pygame.draw.rect(surf, (30, 36, 44), r, border_radius=5)
            pygame.draw.rect(surf, col or p.panel_edge, r, 1, border_radius=5)
            T.blit(surf, label, (r.x + px(5), r.centery), 10, p.text_dim, True, anchor="midleft")
            T.blit(surf, str(value), (r.right - px(5), r.centery), 14, col or p.text, True, anchor="midright")
        y += bh + px(6)
        # Injuries and Spoils of War, as chips
        x = pad
        marks = [(rec.injury, True) for rec in u.injuries] + [(s, False) for s in u.spoils]
        for cause, injury in marks:
            label = c.catalog.skills[cause].name
            cw = T.size(label, 11, True)[0] + px(12)
            if x + cw > width - pad and x > pad:
                x = pad
                y += px(22)
            chip = pygame.Rect(x, y, cw, px(19))
            pygame.draw.rect(surf, (58, 34, 30) if injury else (30, 52, 44), chip, border_radius=5)
            pygame.draw.rect(surf, p.bad if injury else p.good, chip, 1, border_radius=5)
            T.blit(surf, label, chip.center, 11, p.text, True, anchor="center")
            chips.append((chip, change_tip(c, u, cause)))
            x += cw + px(4)
        if marks:
            y += px(24)
        # the risk of dying, as the six faces of the Injury die with the deadly ones marked
        if fallen and u.fell is not None:
            f = u.fell
            words = f"Fell in mission {f.mission}" + (f", Turn {f.turn}" if f.turn else "")
            T.blit(surf, fit_text(T, words, 12, width - 2 * pad), (pad, y), 12, p.bad)
            y += T.line_height(12) + px(2)
        elif not fallen:
            deadly = set(u.injury_ids)
            faces = c.tables.injury_table
            s = px(10)
            for i, inj in enumerate(faces):
                r = pygame.Rect(pad + i * (s + px(3)), y + px(3), s, s)
                pygame.draw.rect(surf, p.bad if inj is not None and inj in deadly else (60, 66, 76), r,
                                 border_radius=2)
            words = risk_words(c, u)
            risky = c.death_risk(u.id) > 0
            T.blit(surf, fit_text(T, words, 12, width - 3 * pad - 6 * (s + px(3))),
                   (pad + 6 * (s + px(3)) + px(6), y), 12, p.warn if risky else p.text_dim)
            y += T.line_height(12) + px(2)
        rec = u.record
        line = f"{count(rec.missions, 'mission')}  ·  Taken Out {rec.taken_out}  ·  Took Out {rec.enemies_taken_out}"
        T.blit(surf, fit_text(T, line, 11, width - 2 * pad), (pad, y), 11, p.text_faint)
        y += T.line_height(11) + pad - px(2)
        out = surf.subsurface((0, 0, width, min(surf.get_height(), y))).copy()
        pygame.draw.rect(out, p.panel_edge, out.get_rect(), 1, border_radius=8)
        return out, chips

