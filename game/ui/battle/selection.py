"""What the player has picked and is pointing at on the battle screen: the selected unit and its action mode
(Move, Dash, an attack with a weapon, a skill's choices), the preview of that mode, the hovered base, spot,
path or target, the unit shown on the card, the deployment ghost; what is under the mouse is worked out here when
the mouse moves or the match changes (`update_hover`).

The preview is rebuilt when the match version, the unit or the mode changes, never per frame.
"""
from __future__ import annotations

import math
import time

import pygame

from ..preview import Preview
from .handlers import activatable

# the screen's attribute names that are the selection's (BattleScene reads and writes them through properties)
FIELDS = ("selected", "inspect", "mode", "weapon_id", "preview", "mouse_board", "hover_uid", "hover_spot",
          "hover_path", "hover_target", "card_follows_hover", "card_scroll", "card_compact", "ghost", "deploy_uid",
          "skill", "skill_hover", "skill_victims", "hover_marker")


class Selection:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.selected: int | None = None
        self.inspect: int | None = None  # a unit clicked to read its card (an enemy, a spent unit)
        self.mode: str | None = None  # "move", "dash", "ranged", "melee", "skill"
        self.weapon_id: str | None = None
        self.preview: Preview | None = None
        self.preview_key = None  # None: the preview must be rebuilt
        self.preview_serial = 0  # bumped for every new preview (drawing caches key on it)
        self.mouse_board: tuple[float, float] | None = None
        self.hover_uid: int | None = None
        self.hover_spot = None
        self.hover_path = None
        self.hover_target = None
        self.card_follows_hover = True  # False after a selection, until the mouse moves again
        self.card_scroll = 0  # pixels of the card scrolled out at the top (a card taller than its room)
        self.card_compact = False  # the panel is short: cards are drawn compact
        self.card_scroll_uid = None
        self.ghost = None  # deployment: (x, y, ok, reason, radius)
        self.deploy_uid: int | None = None
        self.skill = None  # skillui.SkillTargeting: choosing a skill's unit(s) or spot on the table
        self.skill_hover = None  # (x, y, listed spot?) under the mouse while choosing a spot
        self.skill_victims: list[int] = []  # Grenade: who is Adjacent to the hovered spot
        self.hover_marker: str | None = None  # the mission marker under the mouse (its tooltip shows)

    def clear_hover(self) -> None:
        self.hover_spot = self.hover_path = self.hover_target = None

    # == the card ======================================================================================
    def card_uid(self) -> int | None:
        """The unit whose card the panel shows: the hovered base (once the mouse has moved since the last
        selection), else the unit clicked to inspect, else the selected unit; in deployment the next to place."""
        if self.hover_uid is not None and self.card_follows_hover:
            return self.hover_uid
        asked = self.sc.prompt_panel.card_unit()  # a question about units: the candidates' cards
        if asked is not None:
            return asked
        if self.sc.match.phase == "deploy":
            return self.deploy_uid
        return self.inspect if self.inspect is not None else self.selected

    def card_view_rect(self) -> pygame.Rect | None:
        """Where the card shows: its room, less a strip at the bottom for the "more" tab when it scrolls."""
        sc = self.sc
        surf = sc.card._surf
        cr = sc.layout.get("card")
        if surf is None or cr is None or surf.get_height() <= cr.h:
            return cr
        return pygame.Rect(cr.x, cr.y, cr.w, cr.h - sc.app.text.line_height(10) - sc.px(8))

    def card_scroll_max(self) -> int:
        """How far the card shown can scroll (0: it fits its room)."""
        surf = self.sc.card._surf
        vr = self.card_view_rect()
        if surf is None or vr is None:
            return 0
        return max(0, surf.get_height() - vr.h)

    def scroll_card(self, steps: int) -> None:
        """The wheel over a card taller than its room: a few lines per step."""
        self.card_scroll = max(0, min(self.card_scroll + steps * self.sc.px(40), self.card_scroll_max()))

    # == modes =========================================================================================
    def affordable_modes(self) -> list[str]:
        """The preview modes the selected unit can still use, read from the match as it is now (the buttons
        may still show the previous version)."""
        if self.selected is None:
            return []
        return [st.key.split(":")[0] for st in self.sc.panel.states(self.selected) if st.enabled]

    def default_mode(self, uid) -> str | None:
        if uid is None:
            return None
        states = self.sc.panel.states(uid)
        self.sc.panel.actions = states
        for st in states:
            if st.key == "move" and st.enabled:
                return "move"
        return None

    def select(self, uid: int | None, mode: str | None = "default") -> None:
        sc = self.sc
        m = sc.match
        if uid is not None and m.active_unit is not None and m.active_unit != uid and \
                m.side_of(m.active_unit) == sc.side and m.waiting_for() == sc.side:
            sc.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return
        sc.skills.leave(default_mode=False)
        self.selected = uid
        self.inspect = None
        self.card_follows_hover = False  # until the mouse moves: the card shows the unit just selected
        self.weapon_id = None
        self.mode = self.default_mode(uid) if mode == "default" else mode
        self.preview_key = None
        sc.card.invalidate()
        sc.panel.sync()
        self.update_hover()

    def set_mode(self, mode: str, weapon_id: str | None = None) -> None:
        """Move / Dash / Ranged / Melee with a weapon: shows the preview; commits on the next click."""
        sc = self.sc
        m = sc.match
        if m.phase != "battle" or self.selected is None:
            sc.app.toast("Select one of your units first (click it, or Tab)", "error")
            return
        key = mode if weapon_id is None else f"{mode}:{weapon_id}"
        acts = sc.panel.actions
        st = next((s for s in acts if s.key == key), None)
        if st is None and mode in ("ranged", "melee"):
            cands = [s for s in acts if s.key.startswith(mode + ":")]
            st = next((s for s in cands if s.enabled), cands[0] if cands else None)
            if st is not None:
                weapon_id = st.key.split(":", 1)[1]
        if st is None:
            sc.app.toast(f"{m.unit(self.selected).name} has no {mode} action", "error")
            return
        if not st.enabled:
            sc.app.toast(f"{st.label}: {st.reason}", "error")
            return
        sc.skills.leave(default_mode=False)
        self.mode = mode
        self.weapon_id = weapon_id
        self.preview_key = None
        self.update_hover()

    def back_to_default(self) -> None:
        """Esc or right click in an attack or Dash preview: back to the unit's default mode."""
        self.mode = self.default_mode(self.selected)
        self.preview_key = None

    def current_preview(self) -> Preview | None:
        sc = self.sc
        m = sc.match
        if self.mode == "skill":
            key = ("skill", sc.version)
            if key != self.preview_key:
                self.preview_key = key
                self.preview = None
                self.preview_serial += 1
            return None
        if self.selected is None or self.mode is None or m.phase != "battle" or not m.standing(self.selected):
            return None
        key = (sc.version, self.selected, self.mode, self.weapon_id)
        if key != self.preview_key:
            self.preview_key = key
            self.preview_serial += 1
            try:
                self.preview = Preview(m, self.selected, self.mode, self.weapon_id)
            except Exception:  # a preview must never break the game
                self.preview = None
                sc.app.toast("No preview for this action right now", "error")
        return self.preview

    @property
    def shown_preview(self) -> Preview | None:
        """The preview as last built for the current key (None while it must be rebuilt)."""
        return self.preview if self.preview_key is not None else None

    def after_change(self) -> None:
        """The match changed: previews are stale; keep the selection where it still makes sense."""
        sc = self.sc
        m = sc.match
        self.preview_key = None
        self.clear_hover()
        sc.card.invalidate()
        if self.skill is not None or self.mode == "skill":
            sc.skills.leave(default_mode=False)
            self.mode = self.default_mode(self.selected) if self.selected is not None else None
        if m.phase == "battle" and sc.computer_side(sc.side):
            pass  # the computer plays the screen's own side (a demo): the screen picks nothing for it
        elif m.phase == "battle":
            if m.active_unit is not None and m.side_of(m.active_unit) == sc.side and \
                    m.waiting_for() == sc.side:
                if self.selected != m.active_unit:
                    self.selected = m.active_unit
                    self.mode = self.default_mode(self.selected)
            elif self.selected is not None and not (sc.ready_own(self.selected) or self.selected == m.active_unit):
                self.selected = None
                self.mode = None
            if self.selected is not None and self.mode in ("move", "dash", "ranged", "melee") and \
                    self.mode not in self.affordable_modes():
                # after an action, keep its preview only while it is still affordable (no Move area, no
                # "click to go", once the last ACT is spent)
                self.mode = self.default_mode(self.selected)
                self.weapon_id = None
            if self.selected is None and m.waiting_for() == sc.side and m.active_unit is None and \
                    m.prompt is None:
                ready = activatable(sc)
                if len(ready) == 1:
                    self.select(ready[0])
        elif m.phase == "deploy":
            self.pick_deploy_unit()

    def pick_deploy_unit(self) -> None:
        m = self.sc.match
        if m.phase != "deploy":
            self.deploy_uid = None
            return
        und = m.to_deploy(self.sc.side)  # the match says whose placement it is (alternate: one unit each)
        if self.deploy_uid not in und:
            self.deploy_uid = und[0] if und else None

    # == what is under the mouse ====================================================================
    def update_hover(self) -> None:
        """What is under the mouse, recomputed when the mouse moves or the match changes (the time it takes counts
        against this frame's work ahead: a path worked out for a new spot and a slice of work ahead do not share
        a frame)."""
        t0 = time.perf_counter()
        try:
            self._update_hover()
        finally:
            self.sc.spent_ms += (time.perf_counter() - t0) * 1000

    def _update_hover(self) -> None:
        sc = self.sc
        cam = sc.camera
        if cam is None:
            return
        sel = self
        mx, my = sc.app.mouse
        if not sc.layout["view"].collidepoint(mx, my) or (sc.prompt_panel.active and
                                                         sc.prompt_panel.rect.collidepoint(mx, my)) or \
                sc.painter.summary.rect.collidepoint(mx, my):
            sel.mouse_board = None
            sel.hover_marker = None
            if sel.hover_uid is not None:
                sel.hover_uid = None
                sc.card.invalidate()
            sel.clear_hover()
            sel.ghost = None
            return
        x, y = cam.to_board(mx, my)
        sel.mouse_board = (x, y)
        hu = None
        best = None
        for v in sc.units:
            d = math.hypot(v.x - x, v.y - y)
            if d <= v.r + 0.08 and (best is None or d < best):
                hu, best = v.uid, d
        if hu != sel.hover_uid:
            sel.hover_uid = hu
            sc.card.invalidate()
        sel.hover_marker = self._marker_at(x, y, (mx, my), hu)
        if sc.match.phase == "deploy":
            sc.deploy.hover(x, y, hu)
        elif sel.skill is not None:
            sc.skills.hover(x, y, hu)
        else:
            sc.act.hover(x, y, hu)

    def _marker_at(self, x: float, y: float, pos, hu) -> str | None:
        """The marker under the mouse: a token on the table, the token of a carried marker on its carrier, or an
        item marker's base."""
        sc = self.sc
        for mv in sc.markers:
            if mv.item is not None and mv.item == hu:
                return mv.mid
            if mv.carrier is not None:
                at = sc.painter.mission.badge_at(mv)
                if at is not None and math.hypot(at[0] - pos[0], at[1] - pos[1]) <= max(6, sc.camera.ppi * 0.3):
                    return mv.mid
            elif mv.item is None and hu is None and math.hypot(mv.x - x, mv.y - y) <= mv.r + 0.1:
                return mv.mid
        return None
