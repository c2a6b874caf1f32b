"""Drawing the battle screen's frame around the table: the top bar, the right panel (the card, the costs beside
the action buttons, the preview box, the log) and the hint strip, each painted into an offscreen picture only
when what it shows changes (a key per region); the label by the cursor.

Reads the scene and the match; changes neither. The offscreen picture and its keys are this painter's.
"""
from __future__ import annotations

import time

import pygame

from ..cache import SurfaceCache
from .panel import DEPLOY_NOTE
from .texts import hint_text, hover_label, info_lines, seated_name, top_status


class PanelPainter:
    def __init__(self, scene) -> None:
        self.sc = scene
        self._off: pygame.Surface | None = None  # offscreen picture of the panels
        self._keys: dict = {}
        self._fresh = False  # the regions are painted for the frame being drawn (refresh)
        self.behind = False  # regions were left to the next frame (refresh's budget) ...
        self._behind_at = -1  # ... by the refresh of this frame (App.frame)
        self.wrap_cache = SurfaceCache(256)

    def warm_cards(self) -> None:
        """Every unit's card made once as the screen opens, so the texts it shows are rendered then (a card made the
        first time renders thirty texts and more: 10-15 ms in the frame that first shows it); later a card is made
        again per match version from the texts kept (app.text)."""
        sc = self.sc
        room = sc.layout.get("card")
        if room is None:
            return
        for uid in sc.match.units(items=None, standing=False):  # (those still to deploy too)
            sc.card.render(sc.match, uid, room.w, sc.version, "", sc.sel.card_compact)
        sc.card.invalidate()

    def forget(self) -> None:
        """Repaint every region next time (the scene's look changed)."""
        self._keys = {}

    # -- regions of an offscreen picture ------------------------------------------------------------------
    def _offscreen(self) -> pygame.Surface:
        size = self.sc.app.screen.get_size()
        if self._off is None or self._off.get_size() != size:
            self._off = pygame.Surface(size).convert()
            self._keys = {}
        return self._off

    def region(self, screen, name, rect, key, paint, blit: bool = True) -> bool:
        """Repaint `rect` of the offscreen surface if `key` changed; blit it to the screen. True if repainted."""
        off = self._offscreen()
        key = (key, tuple(rect))
        changed = self._keys.get(name) != key
        if changed:
            prev = off.get_clip()
            off.set_clip(rect)
            paint(off)
            off.set_clip(prev)
            self._keys[name] = key
        if blit:
            screen.blit(off, rect, area=rect)
        return changed

    def refresh(self, budget_ms: float | None = None) -> list:
        """Each region whose key changed painted again (offscreen), in order (the top bar, the panel, its card, notes
        and log, the hint): the rectangles of the screen that changed. With `budget_ms`, the regions left when it is
        spent wait for the next frame (`behind`; the panel's background is painted with the regions on it). A frame
        refreshes once (before it is drawn: BattlePainter.prepare, or its first drawing) and then only blits."""
        frame = self.sc.app.frame
        if self._fresh or (self.behind and self._behind_at == frame):  # (what a frame left waits for the next one)
            return []
        self._fresh = True
        t0 = time.perf_counter()
        out: list = []
        self.behind = False
        for step in (self._refresh_top, self._refresh_panel, self._refresh_card, self._refresh_info,
                     self._refresh_log, self._refresh_hint):
            if out and budget_ms is not None and (time.perf_counter() - t0) * 1000 >= budget_ms:
                self.behind, self._behind_at = True, frame
                break
            out += step()
        return out

    def _refresh_top(self) -> list:
        L = self.sc.layout
        return [pygame.Rect(L["top"])] if self.region(None, "top", L["top"], self._top_key(), self._draw_top,
                                                      blit=False) else []

    def _refresh_hint(self) -> list:
        sc = self.sc
        if sc.landing.pending and "hint" in self._keys:  # (it reads the buttons' states: the landing's last stage)
            self.behind, self._behind_at = True, sc.app.frame  # read again next frame, not held until a change
            return []
        L = sc.layout
        hint = hint_text(sc)
        return [pygame.Rect(L["hint"])] if self.region(None, "hint", L["hint"], (hint, sc.app.palette.name),
                                                       lambda s: self._draw_hint(s, hint), blit=False) else []

    def release(self) -> None:
        """The frame is drawn: the next one refreshes again."""
        self._fresh = False

    def hold(self) -> None:
        """This frame shows the regions as they are (nothing they show changed): no refresh."""
        self._fresh = True

    def draw(self, screen) -> None:
        L = self.sc.layout
        self.refresh()
        for name in ("top", "panel", "hint"):
            screen.blit(self._off, L[name], area=L[name])

    # -- the top bar -------------------------------------------------------------------------------------------
    def _top_key(self):
        sc = self.sc
        m = sc.match
        p = m.prompt
        a = m.activation
        grant = None if a is None or not a.grant else (a.grant, repr(a.plan), a.max_cost, a.target)
        return (m.phase, m.turn, m.to.get(sc.side, 0), m.waiting_for(), None if p is None else (p.side, p.text),
                sc.seat, sc.framing.prompt_where(),
                m.active_unit, m.act_left(), grant, sc.npc_line, sc.npc_line_uid, sc.app.palette.name,
                tuple(sc.b_skip.rect) if sc.b_skip else 0)

    def _draw_top(self, screen) -> None:
        sc = self.sc
        app, m = sc.app, sc.match
        pal, T = app.palette, app.text
        r = sc.layout["top"]
        sc.drawn.start("top bar")
        right = (sc.b_skip.rect.left if sc.b_skip is not None else r.right) - sc.px(8)
        screen.fill(pal.panel, r)
        pygame.draw.line(screen, pal.panel_edge, (0, r.bottom - 1), (r.right, r.bottom - 1))
        px = sc.px
        x = px(12)
        cy = r.centery
        if m.phase == "deploy":
            t = T.blit(screen, "DEPLOYMENT", (x, cy), 18, pal.select, True, anchor="midleft")
        elif m.phase == "over":
            t = T.blit(screen, "MISSION OVER", (x, cy), 18, pal.select, True, anchor="midleft")
        elif m.phase == "setup":
            t = T.blit(screen, "SETUP", (x, cy), 18, pal.select, True, anchor="midleft")
        else:
            words = sc.mission_summary().headline
            if not words:
                limit = getattr(m.mission, "turns", None)  # None: the mission runs until it is won or lost
                words = f"Turn {m.turn}/{limit}" if limit else f"Turn {m.turn}"
            t = T.blit(screen, words.upper(), (x, cy), 18, pal.select, True, anchor="midleft")
        x = t.right + px(16)
        if m.phase == "deploy":
            me = seated_name(sc)
            who = me or sc.match.side_name(sc.side)
            col = sc.person_colour(sc.seat or sc.session.person_to_act()) if me else pal.player
            self._top_line(screen, f"{who}: place your units in your deployment zone", x, right, cy, col)
            return
        # Tactical Orders as tokens
        to = m.to.get(sc.side, 0)
        t = T.blit(screen, "TO", (x, cy), 13, pal.text_dim, True, anchor="midleft")
        x = t.right + px(6)
        for k in range(max(to, 0)):
            pygame.draw.circle(screen, (0, 0, 0), (x + px(7), cy + 1), px(8))
            pygame.draw.circle(screen, pal.select, (x + px(7), cy), px(7))
            x += px(17)
        if to == 0:
            t = T.blit(screen, "0", (x, cy), 14, pal.text_faint, True, anchor="midleft")
            x = t.right
        x += px(16)
        if m.phase == "battle":
            txt, col = top_status(sc)
            self._top_line(screen, txt, x, right, cy, col)

    def _top_line(self, screen, text: str, x: int, right: int, cy: int, col) -> None:
        """The top bar's line from `x` to `right`: whole, in a smaller size when it must be, on two lines when even
        that is too wide (a narrow window)."""
        sc = self.sc
        T = sc.app.text
        room = right - x
        for size in (14, 13, 12):
            if T.size(text, size, True)[0] <= room:
                T.blit(screen, text, (x, cy), size, col, True, anchor="midleft")
                return
        lines = sc.drawn.wrap(T, "top bar", text, 12, room, 2, True)
        lh = T.line_height(12, True)
        y = cy - len(lines) * lh // 2
        for line in lines:
            T.blit(screen, line, (x, y), 12, col, True)
            y += lh

    # -- the right panel --------------------------------------------------------------------------------------
    def _panel_key(self):
        """What the panel's background, the costs beside the buttons and the deployment count show."""
        sc = self.sc
        m = sc.match
        panel = sc.panel
        acts = tuple((st.key, st.cost, st.reason, st.enabled, getattr(st, "note", ""), st.hotkey)
                     for st in panel.actions) if m.phase != "deploy" else ()
        buttons = tuple((tuple(b.rect), k) for b, k in panel.buttons.items()) + \
            ((tuple(panel.b_end.rect),) if panel.b_end is not None else ())
        und = len([u for u in m.units(sc.side, standing=False) if u not in sc.by_uid]) if m.phase == "deploy" else 0
        listed = (tuple(panel.deploy_uids), panel.deploy_scroll, sc.sel.deploy_uid,
                  None if panel.deploy_list is None else tuple(panel.deploy_list)) if m.phase == "deploy" else None
        return (m.phase, acts, buttons, panel.act_rows, und, listed, sc.app.palette.name, tuple(sc.layout["card"]),
                tuple(sc.layout.get("actions", ())), tuple(sc.layout["panel"]))

    def _card_key(self, uid, note):
        """What the card's box shows: the card (its key: unit, version, width...), how far it is scrolled."""
        sc = self.sc
        return (uid, note, id(sc.card), sc.card._key, sc.sel.card_scroll, sc.app.palette.name,
                tuple(sc.layout["card"]))

    def _refresh_panel(self) -> list:
        """The right panel's background (the action notes, the deployment count) painted again when its key changed,
        and then the regions on it: the whole panel changed."""
        panel = self.sc.layout["panel"]
        if not self.region(None, "panel", panel, self._panel_key(), self._draw_panel, blit=False):
            return []
        for name in ("card", "info", "log"):  # painted over: paint them again
            self._keys.pop(name, None)
        self._refresh_card()
        self._refresh_info()
        self._refresh_log()
        return [pygame.Rect(panel)]

    def _refresh_card(self) -> list:
        """The card (what changes as the mouse goes from base to base) in a region of its own."""
        sc = self.sc
        m = sc.match
        sel = sc.sel
        L = sc.layout
        uid = sel.card_uid()
        note = ""
        if m.phase == "deploy" and uid == sel.deploy_uid and uid is not None:
            note = DEPLOY_NOTE
        sc.card.render(m, uid, L["card"].w, sc.version, note, sel.card_compact)  # (cached): the key is current
        if uid != sel.card_scroll_uid:  # another unit's card starts at its top
            sel.card_scroll_uid = uid
            sel.card_scroll = 0
        sel.card_scroll = min(sel.card_scroll, sel.card_scroll_max())
        return [pygame.Rect(L["card"])] if self.region(None, "card", L["card"], self._card_key(uid, note),
                                                       lambda s: self._draw_card(s, uid, note), blit=False) else []

    def _refresh_info(self) -> list:
        sc = self.sc
        info = sc.layout.get("info")
        if info is None or info.h <= 0 or sc.match.phase == "deploy":
            return []
        lines = tuple(info_lines(sc))
        return [pygame.Rect(info)] if self.region(None, "info", info, (lines, sc.app.palette.name),
                                                  lambda s: self._draw_info(s, lines), blit=False) else []

    def _refresh_log(self) -> list:
        sc = self.sc
        lg = sc.log
        return [pygame.Rect(lg.rect)] if self.region(None, "log", lg.rect, (len(lg.entries), lg.scroll, lg._width,
                                                                            id(lg)),
                                                     lambda s: (s.fill(sc.app.palette.panel, lg.rect), lg.draw(s)),
                                                     blit=False) else []

    def _draw_panel(self, screen) -> None:
        sc = self.sc
        app, m = sc.app, sc.match
        pal, T = app.palette, app.text
        L = sc.layout
        panel = L["panel"]
        screen.fill(pal.panel, panel)
        pygame.draw.line(screen, pal.panel_edge, panel.topleft, panel.bottomleft)
        if m.phase == "deploy":
            r = L.get("deploy_head")
            if r is not None:
                und = [u for u in m.units(sc.side, standing=False) if u not in sc.by_uid]
                T.blit(screen, f"To deploy: {len(und)}" if und else "Everyone is deployed: Start battle",
                       r.topleft, 14, pal.text, True)
            self._deploy_list(screen)
        else:
            self._action_notes(screen)

    def _deploy_list(self, screen) -> None:
        """The units left to deploy, a row each, the next to deploy marked; a strip on the right when the list
        scrolls (the wheel)."""
        sc = self.sc
        panel = sc.panel
        r = panel.deploy_list
        if r is None:
            return
        pal, T = sc.app.palette, sc.app.text
        sc.drawn.start("deploy list")
        pygame.draw.rect(screen, (20, 24, 30), r, border_radius=6)
        pygame.draw.rect(screen, pal.panel_edge, r, 1, border_radius=6)
        for uid, name, row in panel.deploy_rows():
            if uid == sc.sel.deploy_uid:
                pygame.draw.rect(screen, (40, 50, 64), row, border_radius=4)
                pygame.draw.rect(screen, pal.select, row, 1, border_radius=4)
            name = sc.drawn.fit(T, "deploy list", name, 13, row.w - sc.px(16))
            T.blit(screen, name, (row.x + sc.px(8), row.centery), 13, pal.text, anchor="midleft")
        n = len(panel.deploy_uids)
        if n > len(panel.deploy_rows()):
            bar = pygame.Rect(r.right - 5, r.y + 3, 3, r.h - 6)
            h = max(8, bar.h * len(panel.deploy_rows()) // n)
            pygame.draw.rect(screen, pal.panel_edge, (bar.x, bar.y + (bar.h - h) * panel.deploy_scroll //
                                                      max(1, n - len(panel.deploy_rows())), bar.w, h))

    def _draw_card(self, screen, uid, note) -> None:
        """The card in its box, scrolled; a strip saying there is more when it does not fit."""
        sc = self.sc
        m = sc.match
        pal = sc.app.palette
        cr = sc.layout["card"]
        screen.fill(pal.panel, cr)
        card = sc.card.render(m, uid, cr.w, sc.version, note, sc.sel.card_compact)
        pygame.draw.rect(screen, (24, 29, 36), cr, border_radius=8)
        pygame.draw.rect(screen, pal.panel_edge, cr, 1, border_radius=8)
        prev = screen.get_clip()
        vr = sc.sel.card_view_rect()
        screen.set_clip(vr)
        screen.blit(card, (cr.x, cr.y - sc.sel.card_scroll))
        screen.set_clip(prev)
        if vr.h < cr.h:  # more card than room: say so in a strip of its own, and which way the wheel goes
            self._card_more(screen, pygame.Rect(cr.x, vr.bottom, cr.w, cr.bottom - vr.bottom), sc.sel.card_scroll > 0,
                            sc.sel.card_scroll < sc.sel.card_scroll_max())

    def _action_notes(self, screen) -> None:
        """Beside each action button: the cost (or why it is not possible), and its key."""
        sc = self.sc
        pal, T = sc.app.palette, sc.app.text
        L = sc.layout
        panel = sc.panel
        sc.drawn.start("action reasons")
        keys = list(panel.buttons.items())
        if panel.b_end is not None:
            keys.append((panel.b_end, "end"))
        for b, key in keys:
            if not b.visible:  # scrolled out of the list's room
                continue
            st = panel.state(key)
            hotkey = "E" if key == "end" else (st.hotkey if st else "")
            br = b.rect
            kc = None
            if hotkey:
                kw = sc.px(22)
                kc = pygame.Rect(L["actions"].right - kw, br.centery - kw // 2, kw, kw)
                pygame.draw.rect(screen, (36, 42, 52), kc, border_radius=4)
                pygame.draw.rect(screen, pal.panel_edge, kc, 1, border_radius=4)
                pygame.draw.line(screen, (16, 18, 22), (kc.x + 2, kc.bottom - 1), (kc.right - 3, kc.bottom - 1), 2)
                T.blit(screen, hotkey, kc.center, 11, pal.text, True, anchor="center")
            if st is None:
                continue
            x = br.right + sc.px(8)
            w = (kc.x if kc else L["actions"].right) - x - sc.px(4)
            if st.enabled:
                cr = T.blit(screen, st.cost, (x, br.centery), 13, pal.text, True, anchor="midleft")
                note = getattr(st, "note", "")
                room = x + w - cr.right - sc.px(8)
                if note and room > 0:  # what it does, on as many lines as its row has room for (panel.reason_extra)
                    lines = sc.drawn.wrap(T, "action reasons", note, 11, room, 6)
                    y = max(br.y, br.centery - (len(lines) * T.line_height(11)) // 2)
                    for line in lines:
                        T.blit(screen, line, (cr.right + sc.px(8), y), 11, pal.text_dim)
                        y += T.line_height(11)
            else:
                lines = sc.drawn.wrap(T, "action reasons", st.reason, 11, w, 6)  # (the row has room for all)
                y = max(br.y, br.centery - (len(lines) * T.line_height(11)) // 2)
                for line in lines:
                    T.blit(screen, line, (x, y), 11, pal.text_faint)
                    y += T.line_height(11)
        self._action_bar(screen)

    def _action_bar(self, screen) -> None:
        """A list of actions longer than its room: a bar in the margin on its right (where the rows shown are among
        them all) and a line under the end button saying the wheel scrolls it."""
        sc = self.sc
        panel = sc.panel
        first, last = panel.act_rows
        n = len(panel.actions)
        r = sc.layout.get("actions")
        if r is None or (first == 0 and last >= n) or panel.b_end is None:
            return
        pal, T = sc.app.palette, sc.app.text
        bar = pygame.Rect(r.right + sc.px(3), r.y + sc.px(2), max(3, sc.px(3)), panel.b_end.rect.y - r.y - sc.px(6))
        pygame.draw.rect(screen, (36, 42, 52), bar)
        h = max(8, bar.h * (last - first) // n)
        most = max(1, n - (last - first))
        pygame.draw.rect(screen, pal.select, (bar.x, bar.y + (bar.h - h) * min(first, most) // most, bar.w, h))
        below = n - last
        more = f"{first} above, {below} below" if first and below else \
            (f"{first} more above: wheel" if first else f"{below} more below: wheel")
        br = panel.b_end.rect
        room = r.right - sc.px(26) - br.right - sc.px(8)  # (up to the end button's key box)
        more = sc.drawn.fit(T, "action reasons", more, 11, room)
        T.blit(screen, more, (br.right + sc.px(8), br.centery), 11, pal.select, anchor="midleft")

    def _card_more(self, screen, strip, up: bool, down: bool) -> None:
        """The strip under a card that scrolls: "more below: wheel" (or back to the top) with an arrow."""
        sc = self.sc
        pal, T = sc.app.palette, sc.app.text
        label = "more below: wheel" if down else "top: wheel up"
        w = T.size(label, 10, True)[0] + sc.px(26)
        h = T.line_height(10) + sc.px(4)
        r = pygame.Rect(strip.right - w - sc.px(6), strip.bottom - h - sc.px(2), w, h)
        pygame.draw.line(screen, pal.panel_edge, (strip.x + sc.px(6), strip.y), (strip.right - sc.px(6), strip.y))
        pygame.draw.rect(screen, (24, 29, 36), r, border_radius=5)
        pygame.draw.rect(screen, pal.select, r, 1, border_radius=5)
        T.blit(screen, label, (r.x + sc.px(6), r.centery), 10, pal.select, True, anchor="midleft")
        ax, ay, a = r.right - sc.px(11), r.centery, sc.px(4)
        if down:
            pygame.draw.polygon(screen, pal.select, [(ax - a, ay - a // 2), (ax + a, ay - a // 2), (ax, ay + a)])
        elif up:
            pygame.draw.polygon(screen, pal.select, [(ax - a, ay + a // 2), (ax + a, ay + a // 2), (ax, ay - a)])

    def _draw_info(self, screen, lines) -> None:
        sc = self.sc
        r = sc.layout.get("info")
        if r is None or r.h <= 0:
            return
        pal, T = sc.app.palette, sc.app.text
        screen.fill(pal.panel, r)
        pygame.draw.rect(screen, (20, 24, 30), r, border_radius=6)
        pygame.draw.rect(screen, pal.panel_edge, r, 1, border_radius=6)
        y = r.y + 5
        for text, col, bold in lines:
            wrapped = self.wrap_cache.get(("wrap", text, r.w, bold), lambda: T.wrap(text, 12, r.w - 14, bold))
            for line in wrapped:
                if y + T.line_height(12) > r.bottom - 2:
                    return
                T.blit(screen, line, (r.x + 7, y), 12, col, bold)
                y += T.line_height(12)

    # -- the hint strip and the label by the cursor ----------------------------------------------------------------
    def _draw_hint(self, screen, text) -> None:
        sc = self.sc
        app = sc.app
        r = sc.layout["hint"]
        screen.fill((14, 16, 20), r)
        pygame.draw.line(screen, app.palette.panel_edge, r.topleft, r.topright)
        parts = text.split("  ·  ")
        while len(parts) > 1 and app.text.size("  ·  ".join(parts), 12)[0] > r.w - sc.px(20):
            parts.pop()  # drop the least important tips first, never cut one in half
        app.text.blit(screen, "  ·  ".join(parts), (r.x + sc.px(10), r.centery), 12, app.palette.text_dim,
                      anchor="midleft")

    def hover_label(self, screen) -> None:
        label = hover_label(self.sc)
        if label is not None:
            self.label(screen, *label)

    def label(self, screen, txt, col) -> None:
        """A small box by the cursor; a second line (after a newline) in the text colour, wrapped."""
        screen.blit(*self.label_blit(txt, col))

    def label_blit(self, txt, col) -> tuple:
        """(picture, rect) of the label by the cursor."""
        sc = self.sc
        mx, my = sc.app.mouse
        pic = self._label_picture(txt, col)
        r = pic.get_rect()
        r.bottomleft = (mx + 13, my - 9)
        view = sc.layout["view"]
        if r.right > view.right:
            r.right = mx - 8
        if r.top < view.top:
            r.top = my + 18
        return pic, r

    def _label_picture(self, txt, col) -> pygame.Surface:
        """The label's box with its text, made once per text, colour, palette and scale."""
        sc = self.sc
        T = sc.app.text
        key = ("label", txt, tuple(col), sc.app.palette.name, T.scale, sc.px(360))

        def make():
            first, _, rest = txt.partition("\n")
            surfs = [T.render(first, 12, col, True)] + [T.render(line, 12, sc.app.palette.text)
                                                        for line in (T.wrap(rest, 12, sc.px(360)) if rest else [])]
            w = max(s.get_width() for s in surfs)
            h = sum(s.get_height() for s in surfs)
            pic = pygame.Surface((w + 10, h + 6), pygame.SRCALPHA)
            r = pic.get_rect()
            pygame.draw.rect(pic, (10, 12, 16), r, border_radius=4)
            pygame.draw.rect(pic, col, r, 1, border_radius=4)
            y = 3
            for s in surfs:
                pic.blit(s, (5, y))
                y += s.get_height()
            return pic
        return self.wrap_cache.get(key, make)
