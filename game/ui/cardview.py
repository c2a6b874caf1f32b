"""The unit card panel: ACT / ARM / HIT, weapons with ATT / SKL / specials, skills.

Rendered once per (unit, match version) into a Surface; the last few cards made are kept (hovering back and forth
between bases shows them again at no cost), keyed by all a card depends on. Specials and skills are chips;
hovering one shows its rule text from the catalog in a pygame-gui tooltip.
"""
from __future__ import annotations

from html import escape

import pygame

from game.rules.model import MELEE



def special_tip(catalog, code: str, text: str) -> str:
    name, rule = code, ""
    if catalog is not None:
        if code in catalog.special_texts:
            name, rule = catalog.special_texts[code]
        elif code in getattr(catalog, "unit_special_texts", {}):
            name, rule = catalog.unit_special_texts[code]
    return f"<b>{escape(text)}: {escape(name)}</b><br>{escape(rule) or 'No rule text in the catalog.'}"


def skill_tip(catalog, sid: str) -> tuple[str, str]:
    s = catalog.skills.get(sid) if catalog is not None else None
    if s is None:
        return sid, f"<b>{escape(sid)}</b>"
    cost = ""
    if s.to_cost is not None:
        cost = f" ({s.to_cost} TO)"
    elif s.act_cost is not None:
        cost = f" ({s.act_cost} ACT)"
    return s.name, f"<b>{escape(s.name)}{cost}</b><br>{escape(s.text)}"


KEPT = 12  # cards kept (the units hovered lately)


class CardView:
    def __init__(self, app) -> None:
        self.app = app
        self._key = None
        self._surf: pygame.Surface | None = None
        self.chips: list[tuple[pygame.Rect, str]] = []  # rect relative to the card, tooltip html
        self.own_side = "player"  # the side of the person at the screen ("Your squad")
        self.named = False  # several people at the screen: a card names whose unit it is
        self._made: dict = {}  # key -> (surface, chips) of the last cards made, oldest first

    def invalidate(self) -> None:
        """Look the card up again at the next render (a card kept under the same key is still right: the key
        holds everything a card shows, the match's version included)."""
        self._key = None

    def forget(self) -> None:
        """Make every card anew."""
        self._key = None
        self._made.clear()

    def height(self, match, uid: int | None, width: int, version: int, note: str = "", compact: bool = False) -> int:
        """The height the card of `uid` takes at this width (what the panel's layout makes room for)."""
        return self.render(match, uid, width, version, note, compact).get_height()

    def render(self, match, uid: int | None, width: int, version: int, note: str = "",
               compact: bool = False) -> pygame.Surface:
        """The card; `compact`: for a short panel (large UI scale, small window): the status on the name's line,
        flat stat boxes, one line per weapon."""
        key = (uid, width, version, note, self.app.palette.name, compact, self.own_side, self.named,
               self.app.settings.ui_scale)
        if key == self._key and self._surf is not None:
            return self._surf
        self._key = key
        got = self._made.pop(key, None)
        if got is None:
            self.chips = []
            got = (self._make(match, uid, width, note, compact), self.chips)
            while len(self._made) >= KEPT:
                self._made.pop(next(iter(self._made)))
        self._made[key] = got  # the newest last
        self._surf, self.chips = got
        return self._surf

    def _make(self, match, uid, width, note, compact=False) -> pygame.Surface:
        app = self.app
        T, p = app.text, app.palette
        s = app.settings.ui_scale
        pad = int(10 * s)
        h_est = int(300 * s)
        surf = pygame.Surface((width, h_est), pygame.SRCALPHA)
        if uid is None or not _exists(match, uid):
            T.blit(surf, "No unit selected", (pad, pad), 15, p.text_dim, True)
            y = pad + T.line_height(15) + 4
            for line in T.wrap(note or "Click one of your units (round bases with a chevron) to see its card and "
                               "what it can do. Hover any base to read its card.", 13, width - 2 * pad):
                T.blit(surf, line, (pad, y), 13, p.text_dim)
                y += T.line_height(13)
            return surf.subsurface((0, 0, width, min(h_est, y + pad))).copy()
        u = match.unit(uid)
        card = u.card
        h = match.health(uid)
        cat = match.catalog
        side_col = _side_colour(match, uid, u, p)
        y = pad
        # header
        pygame.draw.rect(surf, side_col, (0, 0, int(5 * s), int(46 * s)))
        x0 = pad + int(4 * s)
        em = _emblem(cat, card) if not u.item else None
        if em is not None:  # the faction's emblem beside the name
            es = int(34 * s)
            surf.blit(app.sprites.emblem(em[0], es, em[1]), (x0, y))
            x0 += es + int(8 * s)
        r = T.blit(surf, u.name, (x0, y - 2), 18, p.text, True)
        tag = "Item" if u.item else _side_tag(match, u, self.own_side, self.named)
        if u.leader:
            tag = "Squad Leader"
        tr = T.blit(surf, tag, (r.right + int(8 * s), y + 3), 12, side_col, True)
        y = r.bottom
        status = []
        if match.phase in ("setup", "deploy") and match.position(uid) is None:
            status.append("waiting to deploy")
        elif not match.standing(uid):
            status.append("Taken Out")
        elif match.active_unit == uid:
            a = match.activation
            status.append("Free action" if a is not None and a.grant else "Activating")
        elif u.item:
            status.append("cannot act")
        elif match.phase == "battle":
            status.append("Ready" if match.readiness(uid).ready else "Activated this Turn")
        pos = match.position(uid)
        if pos is not None and pos.z > 0.01:
            status.append(f'standing {pos.z:g}" up')
        if getattr(match.readiness(uid), "stunned", 0):
            status.append("Stunned")
        status += _conditions(match, uid)
        if status:
            line = "  ·  ".join(status)
            if compact and tr.right + int(8 * s) + T.size("·  " + line, 12)[0] <= width - pad:
                T.blit(surf, "·  " + line, (tr.right + int(8 * s), tr.y), 12, p.text_dim)
            else:
                T.blit(surf, line, (x0, y), 12, p.text_dim)
                y += T.line_height(12)
        y += int(6 * s)
        # stat boxes
        boxes = []
        if not u.item:
            if match.active_unit == uid and match.activation is not None and match.activation.grant:
                boxes.append(("ACT", "free", "left"))  # acting on free actions a skill gave it
            elif match.active_unit == uid:
                boxes.append(("ACT", f"{match.act_left()}/{match.activation.act if match.activation else card.act}",
                              "left"))
            else:
                boxes.append(("ACT", str(_act_now(match, uid, card)), ""))
        boxes.append(("ARM", str(card.arm), ""))
        boxes.append(("HIT", f"{h.hit}/{h.max_hit}", ""))
        if not u.item:
            boxes.append(("MSK", str(card.msk), ""))
            boxes.append(("RSK", str(card.rsk), ""))
        bw = (width - 2 * pad - (len(boxes) - 1) * int(6 * s)) // len(boxes)
        bh = int(30 * s) if compact else int(46 * s)
        for i, (lab, val, sub) in enumerate(boxes):
            bx = pad + i * (bw + int(6 * s))
            rr = pygame.Rect(bx, y, bw, bh)
            pygame.draw.rect(surf, (30, 36, 44), rr, border_radius=6)
            pygame.draw.rect(surf, p.panel_edge, rr, 1, border_radius=6)
            col = p.text
            if lab == "HIT" and h.hit < h.max_hit:
                col = p.bad if h.hit <= 1 else p.warn
            if compact:  # label and value side by side
                T.blit(surf, lab, (rr.x + int(5 * s), rr.centery), 10, p.text_dim, True, anchor="midleft")
                T.blit(surf, val, (rr.right - int(5 * s), rr.centery), 15, col, True, anchor="midright")
            else:
                T.blit(surf, lab, (rr.centerx, rr.y + int(3 * s)), 11, p.text_dim, True, anchor="midtop")
                T.blit(surf, val, (rr.centerx, rr.bottom - int(3 * s)), 17, col, True, anchor="midbottom")
        y += bh + int(8 * s)
        # weapons
        if card.weapons:
            cols = [pad, int(width * 0.47), int(width * 0.60), int(width * 0.72)]
            T.blit(surf, "WEAPON", (cols[0], y), 10, p.text_faint, True)
            T.blit(surf, "ATT", (cols[1], y), 10, p.text_faint, True)
            T.blit(surf, "SKL", (cols[2], y), 10, p.text_faint, True)
            T.blit(surf, "SPECIALS", (cols[3], y), 10, p.text_faint, True)
            y += T.line_height(10) + 1
            for w in card.weapons:
                kind = "melee" if w.kind == MELEE else "ranged"
                nm = T.blit(surf, w.name, (cols[0], y), 13, p.text, True)
                if not compact:
                    T.blit(surf, kind, (cols[0], nm.bottom - 2), 10, p.text_dim)
                T.blit(surf, str(w.att) if not w.has("HIT") else "HIT", (cols[1], y), 14, p.text, True)
                T.blit(surf, str(w.skl), (cols[2], y), 14, p.text, True)
                x = cols[3]
                row_y = y
                if not w.specials:
                    rng = "unlimited range" if w.kind != MELEE else "-"
                    T.blit(surf, rng, (x, y + 2), 11, p.text_dim)
                for sp in w.specials:
                    label = str(sp)
                    cw = T.size(label, 11, True)[0] + int(10 * s)
                    if x + cw > width - pad and x > cols[3]:
                        x = cols[3]
                        row_y += int(20 * s)
                    chip = pygame.Rect(x, row_y, cw, int(18 * s))
                    self._chip(surf, chip, label)
                    self.chips.append((chip, special_tip(cat, sp.code, label)))
                    x += cw + int(4 * s)
                below = nm.bottom if compact else nm.bottom + T.line_height(10) - 2
                y = max(below, row_y + int(20 * s)) + int(4 * s)
        # skills and unit specials
        chips = []
        for sid in card.skills:
            name, tip = skill_tip(cat, sid)
            chips.append((name, tip))
        skill_names = {c[0].lower() for c in chips}
        for sp in card.specials:
            uname = (getattr(cat, "unit_special_texts", {}) or {}).get(sp.code, (sp.code, ""))[0] if cat else sp.code
            if uname.lower() in skill_names:
                continue  # a special granted by a skill shown already (Swift -> SWF)
            chips.append((str(sp), special_tip(cat, sp.code, str(sp))))
        if chips:
            T.blit(surf, "SKILLS", (pad, y), 10, p.text_faint, True)
            y += T.line_height(10) + 1
            x = pad
            for label, tip in chips:
                cw = T.size(label, 11, True)[0] + int(10 * s)
                if x + cw > width - pad and x > pad:
                    x = pad
                    y += int(21 * s)
                chip = pygame.Rect(x, y, cw, int(18 * s))
                self._chip(surf, chip, label, skill=True)
                self.chips.append((chip, tip))
                x += cw + int(4 * s)
            y += int(22 * s)
        if u.item and cat is not None:
            item = cat.items.get(card.type_id)
            if item is not None and item.text:
                for line in T.wrap(item.text, 12, width - 2 * pad):
                    T.blit(surf, line, (pad, y), 12, p.text_dim)
                    y += T.line_height(12)
        if note:
            for line in T.wrap(note, 12, width - 2 * pad):
                T.blit(surf, line, (pad, y), 12, p.select)
                y += T.line_height(12)
        y += pad // 2
        return surf.subsurface((0, 0, width, min(h_est, y))).copy()

    def _chip(self, surf, rect, label, skill=False) -> None:
        p = self.app.palette
        bg = (40, 52, 66) if not skill else (44, 40, 60)
        pygame.draw.rect(surf, bg, rect, border_radius=5)
        pygame.draw.rect(surf, p.player if not skill else p.item, rect, 1, border_radius=5)
        self.app.text.blit(surf, label, rect.center, 11, p.text, True, anchor="center")


CONDITIONS = (("hidden", "Hidden"), ("standby", "on Standby"), ("cloaked", "Cloaked"), ("protected", "Protected"),
              ("mindstabbed", "Mindstabbed: no re-rolls"))


def _conditions(match, uid) -> list[str]:
    """What skills left on the unit (Hidden, Standby, Cloak...)."""
    try:
        cd = match.conditions(uid)
    except Exception:
        return []
    out = [label for flag, label in CONDITIONS if getattr(cd, flag, False)]
    if getattr(cd, "move_tax", 0):
        out.append(f"Moves +{cd.move_tax} ACT")
    return out


def _emblem(catalog, card) -> tuple[str, str] | None:
    """(the faction's id, the squad type's initials) of the unit's squad, for its emblem; None if unknown."""
    try:
        st = catalog.squad_types[catalog.unit_types[card.type_id].squad_type]
    except (AttributeError, KeyError, TypeError):
        return None
    words = [w for w in st.name.replace("-", " ").split() if w[:1].isalpha()]
    initials = "".join(w[0] for w in words[:2]).upper() or st.id[:2]
    return (st.faction or st.id) + ":" + st.id, initials


def _side_tag(match, u, own: str, named: bool) -> str:
    """Whose unit it is: "Your squad" with one person at the screen; with several, the name of the person who
    commands it ("Ana's unit", or "Ben's squad" when the side is one person's)."""
    side = u.side
    if side in getattr(match, "npc_sides", ()):
        return "NPC"
    if named and hasattr(match, "scenario"):
        players = match.scenario.side(side).players
        if players:
            return f"{players[min(u.owner, len(players) - 1)]}'s unit"
        return f"{match.side_name(side)}'s squad"
    if side == own:
        return "Your squad"
    name = getattr(match, "side_name", None)
    return name(side) if name is not None else side


def _side_colour(match, uid, u, palette):
    """The colour of the unit's side (its person's, when people share it), as its bases are drawn."""
    if u.item:
        return palette.item
    if not hasattr(match, "sides"):  # a card outside a battle
        return palette.player
    from .board import unit_style
    return palette.side(unit_style(match, uid))


def _act_now(match, uid, card) -> int:
    """ACT the unit would have if it activated now (the match says; outside a battle, the card's)."""
    ask = getattr(match, "act_now", None)
    return ask(uid) if ask is not None else card.act


def _exists(match, uid) -> bool:
    try:
        match.unit(uid)
        return True
    except Exception:
        return False
