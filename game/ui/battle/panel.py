"""The right panel's widgets on the battle screen: the deployment list and buttons, or the selected unit's action
buttons (each with its cost or why it cannot be done) and the end button; the vertical budget of the card,
the buttons, the preview box and the log.

The buttons' states are read from the match once per version (`states`), never per frame.
"""
from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UIButton

from ..view.questions import QUESTIONS, legal
from .actions import action_states
from ..theme import rect

DEPLOY_NOTE = "Next to deploy: click inside your deployment zone (it pulses)."


def card_least(px) -> int:
    """The card's least box beside an action list longer than its room: its weapons show."""
    return px(140)


DEPLOY_ROWS = 5  # rows the list of units to deploy shows (the wheel scrolls a longer one)


def room_of(panel, rows_h: int, px) -> int:
    """The panel's height left for the card and the preview box beside the rows of widgets (the log's least: two
    lines)."""
    return panel.h - rows_h - px(6) - px(8) - px(44)


class SidePanel:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.actions: list = []  # ActionState of the buttons shown
        self.buttons: dict = {}  # UIButton -> action key
        self.deploy_list: pygame.Rect | None = None  # where the list of units to deploy is drawn
        self.deploy_uids: list[int] = []  # the units it lists (those left to deploy) ...
        self.deploy_scroll = 0  # ... from this one on
        self._deploy_card_h = 0  # the card's box while deploying: as tall as the tallest card shown so far
        self.b_auto = self.b_start = self.b_end = None
        self._key = None
        self._cols = (0, 0, 0)  # the actions column: its x, its width, a button's width
        self._extra: list[int] = []  # how much taller than its button each row is (a long reason under it)
        self.act_scroll = 0  # the first action row shown when the list is longer than its room (the wheel scrolls)
        self.act_rows = (0, 0)  # (first, past the last) action rows shown
        self._act_uid = None  # the unit the list was scrolled for (another unit's list starts at its top)

    def reset(self) -> None:
        """The scene's widgets were rebuilt: everything here is gone with them."""
        self._key = None
        self.buttons = {}
        self.deploy_list = None
        self.b_auto = self.b_start = self.b_end = None

    def states(self, uid):
        """The action buttons' states for `uid`, once per match version (the view's Questions) and screen version (a
        change the screen is told of without a command: a test's, a mission's setup)."""
        m, side = self.sc.match, self.sc.side
        return QUESTIONS.answer(m, ("action_states", uid, side, self.sc.version), lambda: action_states(m, uid, side))

    def ask_ahead(self) -> None:
        """The side's legal commands asked a frame before the buttons' states, which read them (a command landing:
        landing.py; on a crowded table each is several ms)."""
        sc = self.sc
        if sc.match.phase == "battle" and sc.selected is not None:
            legal(sc.match, sc.side)

    def state(self, key: str):
        return next((s for s in self.actions if s.key == key), None)

    @staticmethod
    def tip(st) -> str:
        if getattr(st, "tip", ""):
            return st.tip
        if st.reason:
            return f"<b>{escape(st.label)}</b>: not now - {escape(st.reason)}"
        return f"<b>{escape(st.label)}</b>: costs {escape(st.cost)}"

    def end_label(self) -> tuple[str, str]:
        m = self.sc.match
        a = m.activation
        if a is not None and a.grant and m.side_of(a.uid) == self.sc.side:
            return "Decline free action", "Take no (more) free actions: the interrupted activation goes on"
        return "End activation", "End this unit's activation; unused ACT are lost"

    # == building ======================================================================================
    def build(self) -> None:
        """The right panel's widgets: deployment controls, or the action buttons of the selected unit."""
        sc = self.sc
        m = sc.app.manager
        px = sc.px
        L = sc.layout
        panel = L["panel"]
        x = panel.x + px(10)
        w = panel.w - px(20)
        deploy = sc.match.phase == "deploy"
        uid = sc.selected
        states = [] if deploy or uid is None else self.states(uid)
        self.actions = states
        bh = px(30)
        bw = int(w * 0.56)
        kept = not deploy and self.deploy_list is None and self.b_end is not None and self._cols == (x, w, bw) \
            and list(self.buttons.values()) == [st.key for st in states]  # the same buttons: moved, not made again
        if not kept:
            for b in self.buttons:
                b.kill()
            self.buttons = {}
            for el in (self.b_auto, self.b_start, self.b_end):
                if el is not None:
                    el.kill()
            self.deploy_list = self.b_auto = self.b_start = self.b_end = None
        self._cols = (x, w, bw)
        extra = [self.reason_extra(st, x, w, bw) for st in states]  # a long reason: its row grows under the button
        self._extra = extra
        rows_h = self._deploy_rows() if deploy else (len(states) + 1) * (bh + px(4)) + px(8) + sum(extra)
        info_h = 0 if deploy else px(118)
        info_min = 0 if deploy else self.info_least()  # (the odds while aiming, whole)
        if uid != self._act_uid:
            self._act_uid, self.act_scroll = uid, 0
        first, last = 0, len(states)
        if not deploy:
            first, last, rows_h = self._rows_shown(states, extra, rows_h)
        self.act_rows = (first, last)
        card_h, sc.sel.card_compact = self._card_height(rows_h, info_min)
        if deploy:  # (the box as tall as the tallest card shown while deploying: the layout stays as units deploy)
            card_h = self._deploy_card_h = max(card_h, self._deploy_card_h)
        else:
            self._deploy_card_h = 0
        info_h = max(info_min, min(info_h, room_of(panel, rows_h, px) - card_h))
        sc.sel.card_scroll = 0
        y = panel.y + card_h
        L["card"] = pygame.Rect(panel.x + px(4), panel.y + px(6), panel.w - px(8), card_h - px(10))
        if deploy:
            y = self._build_deploy(x, y, w)
            L["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            L["info"] = pygame.Rect(x, y, w, 0)
        else:
            end_label, end_tip = self.end_label()
            if kept:  # (pygame_gui lays out a new button's text and shapes: 0.4 ms each)
                for i, ((b, _), st, more) in enumerate(zip(self.buttons.items(), states, extra)):
                    self._show(b, st)
                    if not first <= i < last:
                        b.hide()
                        continue
                    b.show()
                    b.set_relative_position((x, y))
                    y += bh + px(4) + more
                self.b_end.set_relative_position((x, y))
                if self.b_end.text != end_label:
                    self.b_end.set_text(end_label)
                self.b_end.set_tooltip(end_tip)
            else:
                for i, (st, more) in enumerate(zip(states, extra)):
                    b = UIButton(rect(x, y, bw, bh), st.label, m, container=sc.root, object_id="#action",
                                 tool_tip_text=self.tip(st))
                    if not st.enabled:
                        b.disable()
                    self.buttons[b] = st.key
                    if not first <= i < last:  # scrolled out of the list's room
                        b.hide()
                        continue
                    y += bh + px(4) + more
                self.b_end = UIButton(rect(x, y, bw, bh), end_label, m, container=sc.root,
                                      object_id="#action", tool_tip_text=end_tip)
            y += bh + px(8)
            L["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            L["info"] = pygame.Rect(x, y, w, info_h)
            y += info_h + px(6)
        log_h = panel.bottom - y - px(8)
        L["log"] = pygame.Rect(x, y, w, max(px(60), log_h))
        sc.log.set_rect(L["log"])
        self._key = (sc.selected, sc.match.phase, sc.version, tuple(panel), sc.prompt_panel.card_unit() is None,
                     sc.sel.deploy_uid if deploy else None)

    def _rows_shown(self, states, extra, rows_h: int) -> tuple[int, int, int]:
        """(the first action row shown, past the last, the height of the rows and the end button): every row when
        they fit beside the card's least box and the whole preview box; else as many as fit from `act_scroll` (kept
        in range), the end button always under them."""
        px = self.sc.px
        panel = self.sc.layout["panel"]
        avail = room_of(panel, 0, px) - self.info_least() - px(16)  # (less the preview box's lines and the log's
        # least: px(60), not room_of's px(44))
        if rows_h <= avail - card_least(px):
            return 0, len(states), rows_h
        row = [px(30) + px(4) + more for more in extra]
        fixed = px(30) + px(4) + px(8)  # the end button and the gap under it
        least = sum(row[:4]) + fixed  # (four rows at least, or the card's least box)
        room = max(min(least, avail - card_least(px)), avail - self._card_need())  # the card whole if there is room
        most = next((a for a in range(len(row)) if sum(row[a:]) <= room - fixed), len(row) - 1)
        self.act_scroll = first = max(0, min(self.act_scroll, most))
        last = first + 1  # (one row at least)
        while last < len(row) and sum(row[first:last + 1]) <= room - fixed:
            last += 1
        return first, last, room + px(16)  # (the room, not the rows shown: what is left goes to the log, not the
        # card; and the log's least is px(60), not room_of's px(44))

    def scroll_actions(self, dy: int) -> bool:
        """The wheel over the action list: its rows scroll by one (a list longer than its room). True if it moved."""
        first, last = self.act_rows
        if first == 0 and last >= len(self.actions):
            return False
        before, card = self.act_scroll, self.sc.sel.card_scroll
        self.act_scroll = max(0, self.act_scroll - dy)
        self.build()
        self.sc.sel.card_scroll = card  # (the card's box stays as tall: where it was scrolled to holds)
        return self.act_rows[0] != before

    def info_least(self) -> int:
        """The preview box's least height: five lines (aiming: the weapon, the target, the chance of a HIT and the
        expected HIT, the chance to take it out, the re-rolls counted)."""
        return 5 * self.sc.app.text.line_height(12) + self.sc.px(8)

    def _card_need(self) -> int:
        """The height the card of the selected unit needs, whole (and its box's margins)."""
        sc = self.sc
        return sc.card.height(sc.match, sc.selected, sc.layout["panel"].w - sc.px(8), sc.version, "") + sc.px(10)

    def _card_height(self, rows_h: int, info_min: int) -> tuple[int, bool]:
        """(the card's box height, compact) in the panel's vertical budget, in this order: the card as tall as it is
        (the unit the buttons are for, the next to deploy), the preview box (at least 3 lines), the log (at least a
        few lines); a card that still does not fit scrolls with the wheel (the painter marks it)."""
        sc = self.sc
        px = sc.px
        panel = sc.layout["panel"]
        deploy = sc.match.phase == "deploy"
        shown = [sc.sel.deploy_uid if deploy else sc.selected]
        if shown[0] is None and sc.prompt_panel.card_unit() is not None:  # a question about units: room for the
            shown = list(sc.prompt_panel.option_units.values())  # tallest of the candidates' cards
        note = DEPLOY_NOTE if deploy and shown[0] is not None else ""
        room = room_of(panel, rows_h, px)
        cw = panel.w - px(8)
        need = max(sc.card.height(sc.match, u, cw, sc.version, note) for u in shown) + px(10)
        compact = need > room - info_min  # a short panel: the compact card
        if compact:
            need = max(sc.card.height(sc.match, u, cw, sc.version, note, compact=True) for u in shown) + px(10)
        return max(min(need, px(120)), min(need, room - info_min)), compact

    def _deploy_rows(self) -> int:
        """The height of the deployment's widgets (the count, the list, the two buttons)."""
        px = self.sc.px
        return px(26) + px(30) * 5 + px(60)

    def _deploy_in_place(self) -> bool:
        """While deploying, the list of units left (drawn by the painter) and the Start button brought up to date
        without building the panel again (pygame_gui's widgets cost many ms to make), when the card's box stays as
        tall. True if done."""
        sc = self.sc
        m, px = sc.match, sc.px
        if self.deploy_list is None or self.b_start is None:
            return False
        card_h, compact = self._card_height(self._deploy_rows(), 0)
        if compact != sc.sel.card_compact or max(card_h, self._deploy_card_h) - px(10) != sc.layout["card"].h:
            return False
        self.deploy_uids = [u for u in m.units(sc.side, standing=False) if m.position(u) is None]
        self.deploy_scroll = max(0, min(self.deploy_scroll, len(self.deploy_uids) - DEPLOY_ROWS))
        (self.b_start.disable if self.deploy_uids else self.b_start.enable)()
        return True

    # == the list of units to deploy (drawn by the painter: draw_panel.py) =================================
    def deploy_rows(self) -> list:
        """(uid, its name, its row's rect) of the units to deploy the list shows, scrolled."""
        r = self.deploy_list
        if r is None:
            return []
        h = self.sc.px(30)
        m = self.sc.match
        shown = self.deploy_uids[self.deploy_scroll:self.deploy_scroll + DEPLOY_ROWS]
        return [(u, m.unit(u).name, pygame.Rect(r.x + 3, r.y + 3 + i * h, r.w - 6, h)) for i, u in enumerate(shown)]

    def pick_deploy(self, pos) -> bool:
        """A click on the list: the unit of that row is the next to deploy. True if the click was on the list."""
        if self.deploy_list is None or not self.deploy_list.collidepoint(pos):
            return False
        for u, _, r in self.deploy_rows():
            if r.collidepoint(pos):
                self.sc.sel.deploy_uid = u
                self.sc.card.invalidate()
        return True

    def scroll_deploy(self, dy: int) -> None:
        """The wheel over the list: its rows scroll (a squad longer than the list)."""
        most = max(0, len(self.deploy_uids) - DEPLOY_ROWS)
        self.deploy_scroll = max(0, min(most, self.deploy_scroll - dy))

    def reason_width(self, st, x: int, w: int, bw: int) -> int:
        """The width beside a button of the actions column (at `x`, `w` wide; the button `bw`) for its reason: up
        to its key's box, if it has a key."""
        px = self.sc.px
        return x + w - (px(22) if st.hotkey else 0) - (x + bw + px(8)) - px(4)

    def beside(self, st, x: int, w: int, bw: int) -> tuple[str, int]:
        """(the text beside a button after its cost: the reason it cannot be done, or what it does; its width)."""
        if not st.enabled:
            return st.reason, self.reason_width(st, x, w, bw)
        T, px = self.sc.app.text, self.sc.px
        return getattr(st, "note", ""), self.reason_width(st, x, w, bw) - T.size(st.cost, 13, True)[0] - px(8)

    def reason_extra(self, st, x: int, w: int, bw: int) -> int:
        """How much taller than its button a row must be for the whole text beside it (never cut)."""
        text, room = self.beside(st, x, w, bw)
        if not text:
            return 0
        T = self.sc.app.text
        lines = len(T.wrap(text, 11, max(1, room)))
        return max(0, lines * T.line_height(11) - self.sc.px(30))

    def _build_deploy(self, x: int, y: int, w: int) -> int:
        sc = self.sc
        m, px = sc.app.manager, sc.px
        und = [u for u in sc.match.units(sc.side, standing=False) if sc.match.position(u) is None]
        self.deploy_uids = und
        self.deploy_scroll = max(0, min(self.deploy_scroll, len(und) - DEPLOY_ROWS))
        lh = px(30) * DEPLOY_ROWS + px(6)  # (as tall whatever is left: the layout stays as units deploy)
        sc.layout["deploy_head"] = pygame.Rect(x, y, w, px(24))
        y += px(26)
        self.deploy_list = pygame.Rect(x, y, w, lh)
        y += lh + px(8)
        self.b_auto, self.b_start = self._deploy_buttons(x, y, w)
        if und:
            self.b_start.disable()
        return y + px(46)

    def _deploy_buttons(self, x: int, y: int, w: int) -> tuple[UIButton, UIButton]:
        sc = self.sc
        m, px = sc.app.manager, sc.px
        half = (w - px(8)) // 2
        auto = UIButton(rect(x, y, half, px(38)), "Auto-deploy", m, container=sc.root,
                        tool_tip_text="Place every unit left in the mission's default spots")
        start = UIButton(rect(x + half + px(8), y, half, px(38)), "Start battle", m, container=sc.root,
                         object_id="#accept", tool_tip_text="End deployment and begin Turn 1")
        return auto, start

    def warm_buttons(self) -> None:
        """A battle opened before its deployment (PvP's secret choices first): the deployment's buttons made (twice,
        so that pygame_gui keeps their drawn shapes) and dropped as the screen opens. Made the first time, their
        shapes cost 3-5 ms in the frame in which deployment began."""
        sc = self.sc
        if sc.root is None or sc.match.phase == "deploy" or "panel" not in sc.layout:
            return
        panel = sc.layout["panel"]
        for _ in range(2):
            for b in self._deploy_buttons(panel.x + sc.px(10), panel.y, panel.w - sc.px(20)):
                b.disable()
                b.enable()
                b.kill()

    def _show(self, b, st) -> None:
        """An action's button as its state says: label, tip, enabled."""
        if b.text != st.label:  # "Open door" becomes "Close door"
            b.set_text(st.label)
        b.set_tooltip(self.tip(st))
        if b.is_enabled != st.enabled:
            (b.enable if st.enabled else b.disable)()

    # == keeping the widgets current ======================================================================
    def sync(self) -> None:
        """Enable, disable and relabel widgets for the current match version and selection."""
        sc = self.sc
        m = sc.match
        if sc.root is None:
            return
        key = (sc.selected, m.phase, sc.version, tuple(sc.layout["panel"]), sc.prompt_panel.card_unit() is None,
               sc.sel.deploy_uid if m.phase == "deploy" else None)  # (the next to deploy: its card's box may grow)
        if key != self._key:
            if m.phase == "deploy" and self._key is not None and self._key[1] == "deploy" and \
                    (self._key[0], self._key[3], self._key[4]) == (key[0], key[3], key[4]) and self._deploy_in_place():
                self._key = key
            elif m.phase == "deploy" or self.deploy_list is not None or self._key is None or \
                    self._key[0] != sc.selected or self._key[1] != m.phase or self._key[4] != key[4]:
                self.build()
            else:
                states = self.states(sc.selected) if sc.selected is not None else []
                if [s.key for s in states] != list(self.buttons.values()) or \
                        [self.reason_extra(st, *self._cols) for st in states] != self._extra:  # the buttons shown
                    self.build()  # (or their reasons' rows), not what a selection already read (Selection.default_mode)
                else:
                    self.actions = states
                    for b, k in self.buttons.items():
                        self._show(b, next(s for s in states if s.key == k))
                    self._key = key
        can_end = (m.phase == "battle" and m.prompt is None and m.waiting_for() == sc.side and
                   sc.selected is not None and (m.active_unit == sc.selected or
                                                (m.active_unit is None and sc.ready_own(sc.selected))))
        if self.b_end is not None:
            label = self.end_label()[0]
            if self.b_end.text != label:
                self.b_end.set_text(label)
        want = ((self.b_end, can_end), (sc.b_undo, sc.can_undo()), (sc.b_skip, sc.computer_acting()))
        for b, on in want:
            if b is not None and b.is_enabled != on:
                (b.enable if on else b.disable)()
