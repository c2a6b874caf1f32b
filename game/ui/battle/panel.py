"""The right panel's widgets on the battle screen: the deployment list and buttons, or the selected unit's action
buttons (each with its cost or why it cannot be done) and the end button; the vertical budget of the card,
the buttons, the preview box and the log.

The buttons' states are read from the match once per version (`states`), never per frame.
"""
from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UIButton, UISelectionList

from ..view.questions import QUESTIONS
from .actions import action_states
from ..theme import rect

DEPLOY_NOTE = "Next to deploy: click inside your deployment zone (it pulses)."


class SidePanel:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.actions: list = []  # ActionState of the buttons shown
        self.buttons: dict = {}  # UIButton -> action key
        self.deploy_list = None
        self.deploy_uids: list[int] = []
        self.b_auto = self.b_start = self.b_end = None
        self._key = None
        self._cols = (0, 0, 0)  # the actions column: its x, its width, a button's width
        self._extra: list[int] = []  # how much taller than its button each row is (a long reason under it)

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
        for b in self.buttons:
            b.kill()
        self.buttons = {}
        for el in (self.deploy_list, self.b_auto, self.b_start, self.b_end):
            if el is not None:
                el.kill()
        self.deploy_list = self.b_auto = self.b_start = self.b_end = None
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
        self._cols = (x, w, bw)
        extra = [self.reason_extra(st, x, w, bw) for st in states]  # a long reason: its row grows under the button
        self._extra = extra
        rows_h = px(26) + px(30) * 5 + px(60) if deploy else (len(states) + 1) * (bh + px(4)) + px(8) + sum(extra)
        # the vertical budget, in this order: the card as tall as it is (the unit the buttons are for), the
        # preview box (at least 3 lines), the log (at least a few lines); a card that still does not fit
        # scrolls with the wheel (the painter marks it)
        shown = [sc.sel.deploy_uid if deploy else sc.selected]
        if shown[0] is None and sc.prompt_panel.card_unit() is not None:  # a question about units: room for the
            shown = list(sc.prompt_panel.option_units.values())  # tallest of the candidates' cards
        note = DEPLOY_NOTE if deploy and shown[0] is not None else ""
        info_h = 0 if deploy else px(118)
        info_min = 0 if deploy else px(56)
        room = panel.h - rows_h - px(6) - px(8) - px(44)  # (the log's least: two lines)
        cw = panel.w - px(8)
        need = max(sc.card.height(sc.match, u, cw, sc.version, note) for u in shown) + px(10)
        sc.sel.card_compact = need > room - info_min  # a short panel: the compact card
        if sc.sel.card_compact:
            need = max(sc.card.height(sc.match, u, cw, sc.version, note, compact=True) for u in shown) + px(10)
        card_h = max(min(need, px(120)), min(need, room - info_min))
        info_h = max(info_min, min(info_h, room - card_h))
        sc.sel.card_scroll = 0
        y = panel.y + card_h
        L["card"] = pygame.Rect(panel.x + px(4), panel.y + px(6), panel.w - px(8), card_h - px(10))
        if deploy:
            y = self._build_deploy(x, y, w)
            L["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            L["info"] = pygame.Rect(x, y, w, 0)
        else:
            for st, more in zip(states, extra):
                b = UIButton(rect(x, y, bw, bh), st.label, m, container=sc.root, object_id="#action",
                             tool_tip_text=self.tip(st))
                if not st.enabled:
                    b.disable()
                self.buttons[b] = st.key
                y += bh + px(4) + more
            end_label, end_tip = self.end_label()
            self.b_end = UIButton(rect(x, y, bw, bh), end_label, m, container=sc.root,
                                  object_id="#action", tool_tip_text=end_tip)
            y += bh + px(8)
            L["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            L["info"] = pygame.Rect(x, y, w, info_h)
            y += info_h + px(6)
        log_h = panel.bottom - y - px(8)
        L["log"] = pygame.Rect(x, y, w, max(px(60), log_h))
        sc.log.set_rect(L["log"])
        self._key = (sc.selected, sc.match.phase, sc.version, tuple(panel), sc.prompt_panel.card_unit() is None)

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
        items = [sc.match.unit(u).name for u in und]
        self.deploy_uids = und
        lh = px(30) * max(1, min(len(items), 5)) + px(6)
        sc.layout["deploy_head"] = pygame.Rect(x, y, w, px(24))
        y += px(26)
        self.deploy_list = UISelectionList(rect(x, y, w, lh), items, m, container=sc.root)
        y += lh + px(8)
        half = (w - px(8)) // 2
        self.b_auto = UIButton(rect(x, y, half, px(38)), "Auto-deploy", m, container=sc.root,
                               tool_tip_text="Place every unit left in the mission's default spots")
        self.b_start = UIButton(rect(x + half + px(8), y, half, px(38)), "Start battle", m,
                                container=sc.root, object_id="#accept",
                                tool_tip_text="End deployment and begin Turn 1")
        if und:
            self.b_start.disable()
        return y + px(46)

    # == keeping the widgets current ======================================================================
    def sync(self) -> None:
        """Enable, disable and relabel widgets for the current match version and selection."""
        sc = self.sc
        m = sc.match
        if sc.root is None:
            return
        key = (sc.selected, m.phase, sc.version, tuple(sc.layout["panel"]), sc.prompt_panel.card_unit() is None)
        if key != self._key:
            if m.phase == "deploy" or self.deploy_list is not None or self._key is None or \
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
                        st = next(s for s in states if s.key == k)
                        if b.text != st.label:  # "Open door" becomes "Close door"
                            b.set_text(st.label)
                        b.set_tooltip(self.tip(st))
                        (b.enable if st.enabled else b.disable)()
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
