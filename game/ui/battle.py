"""The battle scene: deployment and the battle on one table.

The scene only reads the match, and changes it only through `match.submit(command)`:
  - the player's clicks and keys become commands (Deploy, Activate, Move, RangedAttack, ... answers to prompts),
  - skill actions are buttons; a skill that needs a unit, a second unit or a spot lights its choices up on the
    table (skillui.SkillTargeting) and the click that completes the choice submits the UseSkill,
  - the match's prompts (dice, Attacks of Opportunity, Parry, Devoted, Counter, reactions, ...) are answered in
    the prompt panel (prompts.py), also in the middle of an NPC activation, which waits for the answer,
  - NPC sides are played by NpcController, one command per animation step (Space skips ahead),
  - Ctrl+Z replaces the match by `undo(match)` when the last command rolled no dice.
Every change bumps `version`; previews, the card and the action buttons are recomputed on a new version
or a new selection, never per frame.
"""
from __future__ import annotations

import math
from html import escape
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList

from game.ai.npc import NpcController
from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand

from .banners import Banner, Cross, Effects, Floater
from .battle_draw import DEPLOY_NOTE
from .board import BoardRenderer, snapshot_units
from .camera import Camera
from .cardview import CardView
from .dicelog import DieV, LogEntry, RollReader, Segment
from .logview import LogView
from .preview import Preview, action_states
from .prompts import PromptPanel
from .scene import Scene
from .skillui import GRENADES, SkillTargeting, active_choices, choices_before_activation
from .theme import rect
from .wording import command_text, count

# keys that act on the table: pressed while a banner shows, they clear it and act
ACTION_KEYS = frozenset({"next_unit", "end_activation", "move", "dash", "ranged", "melee", "door", "undo"})

BEHAVIOUR_TEXT = {
    "melee": "line 1: attack a valid Melee target",
    "dash-adjacent": "line 2: Dash to end Adjacent to the closest enemy",
    "move-toward": "line 3: Move toward the closest enemy, to cover if possible",
    "dash-toward": "line 4: Dash toward the closest enemy, to cover if possible",
    "end": "no line applies: the activation ends",
}


@dataclass
class MoveAnim:
    uid: int
    points: list
    t: float = 0.0
    duration: float = 0.5

    def pos(self):
        pts = self.points
        if len(pts) < 2:
            return pts[-1][:2]
        lengths = [math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1)]
        total = sum(lengths) or 1.0
        d = min(1.0, self.t / self.duration)
        d = d * d * (3 - 2 * d) * total
        for i, seg in enumerate(lengths):
            if d <= seg or i == len(lengths) - 1:
                f = 0 if seg == 0 else min(1.0, d / seg)
                return (pts[i][0] + (pts[i + 1][0] - pts[i][0]) * f, pts[i][1] + (pts[i + 1][1] - pts[i][1]) * f)
            d -= seg
        return pts[-1][:2]


class BattleScene(Scene):
    name = "battle"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.side = next((s for s in match.sides if s not in match.npc_sides), "player")
        self.npc_ctl = {s: NpcController(s) for s in match.npc_sides}
        self.autoplayer = None  # a controller for the player side (tests, demo)
        self.keep_match = False  # True when the match is handed on (to the results screen)
        self.show_grid = app.settings.show_grid or match.table.measure == "grid"
        self.version = 0
        self.units = []
        self.by_uid = {}
        self.renderer = BoardRenderer(match.table.battlefield, match.table.measure, app.palette, app.text,
                                      app.sprites)
        self.renderer.set_faces(getattr(match.table, "faces", ()))
        self.camera: Camera | None = None
        self.log = LogView(app.text, app.sprites, app.palette)
        self.reader = RollReader()
        self.seen = 0
        self.effects = Effects()
        self.prompt_panel = PromptPanel(self)
        self.card = CardView(app)
        self.selected: int | None = None
        self.inspect: int | None = None
        self.mode: str | None = None
        self.weapon_id: str | None = None
        self.preview: Preview | None = None
        self._preview_key = None
        self.mouse_board: tuple[float, float] | None = None
        self.hover_uid: int | None = None
        self.card_follows_hover = True  # False after a selection, until the mouse moves again
        self.card_scroll = 0  # pixels of the card scrolled out at the top (a card taller than its room)
        self.card_compact = False  # the panel is short: cards are drawn compact
        self._card_scroll_uid = None
        self.hover_spot = None
        self.hover_path = None
        self.hover_target = None
        self.ghost = None  # deployment: (x, y, ok, reason)
        self.anims: dict[int, MoveAnim] = {}
        self.npc_timer = 0.4
        self.skip = False
        self.attack_kind: str | None = None
        self.npc_line = ""  # the Behaviour line of the NPC acting ...
        self.npc_line_uid: int | None = None  # ... and that NPC (the line is shown only while it acts)
        self.result_timer: float | None = None
        self.deploy_uid: int | None = None
        self._drag = None
        self._tooltip = None
        self._tip_chip = None
        self._tip_t = 0.0
        self._reach_surf = None
        self._reach_key = None
        self._actions = []
        self._action_buttons: dict = {}
        self._action_key = None
        self._states_key = None
        self._states_val: list = []
        self.skill: SkillTargeting | None = None  # choosing a skill's unit(s) or spot on the table
        self.skill_hover = None  # (x, y, listed spot?) under the mouse while choosing a spot
        self.skill_victims: list[int] = []  # Grenade: who is Adjacent to the hovered spot
        self._banner_turn = None
        self._turn_taken: dict[str, int] = {}
        self.time = 0.0
        self._off = None  # offscreen picture of the panels (see battle_draw._region)
        self._region_keys: dict = {}
        self.layout = {}
        self.stats = {"attacks": {}, "taken_out": {}, "rolls": 0, "criticals": 0}
        self._refresh_units()
        self._ingest(initial=True, loaded=bool(match.log))
        self._pick_deploy_unit()
        if match.phase == "over":
            self.result_timer = 1.0  # a finished battle (loaded): straight on to its results
        if match.phase == "battle" and match.turn:
            self.effects.banners.append(Banner(f"Turn {match.turn}", [self._whose_line()], kind="turn", duration=1.8))

    # == layout and widgets =========================================================================
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        W, H = self.app.size
        px = self.px
        top_h = px(46)
        panel_w = min(px(410), int(W * 0.42))
        hint_h = px(28)
        view = pygame.Rect(0, top_h, W - panel_w, H - top_h - hint_h)
        panel = pygame.Rect(W - panel_w, top_h, panel_w, H - top_h)
        self.layout = {"top": pygame.Rect(0, 0, W, top_h), "view": view, "panel": panel,
                       "hint": pygame.Rect(0, H - hint_h, W - panel_w, hint_h)}
        bf = self.match.table.battlefield
        if self.camera is None:
            self.camera = Camera(view, bf.width, bf.height)
        else:
            self.camera.set_view(view)
        # top bar buttons
        bw, bh = px(92), px(32)
        x = W - px(8) - bw
        y = (top_h - bh) // 2
        self.b_menu = UIButton(rect(x, y, bw, bh), "Menu", m, container=root, tool_tip_text="Pause: save, load, "
                               "settings, quit (Esc)")
        x -= bw + px(6)
        self.b_help = UIButton(rect(x, y, bw, bh), "Help", m, container=root, tool_tip_text="Controls, how to "
                               "play, how the game reads the rules (F1)")
        x -= bw + px(6)
        self.b_undo = UIButton(rect(x, y, bw, bh), "Undo", m, container=root, tool_tip_text="Take back the last "
                               "action if it rolled no dice (Ctrl+Z)")
        x -= int(bw * 1.25) + px(6)
        self.b_skip = UIButton(rect(x, y, int(bw * 1.25), bh), "Skip NPCs", m, container=root,
                               tool_tip_text="Play the NPC activations at once (Space)")
        self._action_key = None
        self._action_buttons = {}
        self.deploy_list = None
        self.b_auto = self.b_start = self.b_end = None
        self.prompt_panel.clear()
        self._build_panel()
        self.log.set_rect(self.layout.get("log", pygame.Rect(0, 0, 0, 0)))
        self._sync_widgets()

    def exit(self) -> None:
        super().exit()
        if self._tooltip is not None:
            self._tooltip.kill()
            self._tooltip = None
        if not self.keep_match:
            self.match.close()  # its esper world goes with it
        self.preview = None

    def on_style_change(self) -> None:
        app = self.app
        self.renderer = BoardRenderer(self.match.table.battlefield, self.match.table.measure, app.palette, app.text,
                                      app.sprites)
        self.renderer.set_faces(getattr(self.match.table, "faces", ()))
        self.log = LogView(app.text, app.sprites, app.palette)
        self.reader = RollReader()
        self.seen = 0
        self._ingest(initial=True)
        self.card = CardView(app)
        self._reach_key = None

    def _build_panel(self) -> None:
        """The right panel's widgets: deployment controls, or the action buttons of the selected unit."""
        for b in self._action_buttons:
            b.kill()
        self._action_buttons = {}
        for el in (self.deploy_list, self.b_auto, self.b_start, self.b_end):
            if el is not None:
                el.kill()
        self.deploy_list = self.b_auto = self.b_start = self.b_end = None
        m = self.app.manager
        px = self.px
        panel = self.layout["panel"]
        x = panel.x + px(10)
        w = panel.w - px(20)
        deploy = self.match.phase == "deploy"
        uid = self.selected
        states = [] if deploy or uid is None else self._states(uid)
        self._actions = states
        bh = px(30)
        # the vertical budget: card, actions, preview box, and at least a few lines of the log
        rows_h = px(26) + px(30) * 5 + px(60) if deploy else (len(states) + 1) * (bh + px(4)) + px(8)
        # the vertical budget, in this order: the card as tall as it is (the unit the buttons are for), the
        # preview box (at least 3 lines), the log (at least a few lines); a card that still does not fit
        # scrolls with the wheel (battle_draw marks it)
        shown = self.deploy_uid if deploy else self.selected
        note = DEPLOY_NOTE if deploy and shown is not None else ""
        info_h = 0 if deploy else px(118)
        info_min = 0 if deploy else px(56)
        room = panel.h - rows_h - px(6) - px(8) - px(44)  # (the log's least: two lines)
        cw = panel.w - px(8)
        need = self.card.height(self.match, shown, cw, self.version, note) + px(10)
        self.card_compact = need > room - info_min  # a short panel: the compact card
        if self.card_compact:
            need = self.card.height(self.match, shown, cw, self.version, note, compact=True) + px(10)
        card_h = max(min(need, px(120)), min(need, room - info_min))
        info_h = max(info_min, min(info_h, room - card_h))
        self.card_scroll = 0
        y = panel.y + card_h
        self.layout["card"] = pygame.Rect(panel.x + px(4), panel.y + px(6), panel.w - px(8), card_h - px(10))
        if deploy:
            und = self.match.units(self.side, standing=False)
            und = [u for u in und if self.match.position(u) is None]
            items = [self.match.unit(u).name for u in und]
            self._deploy_uids = und
            lh = px(30) * max(1, min(len(items), 5)) + px(6)
            self.layout["deploy_head"] = pygame.Rect(x, y, w, px(24))
            y += px(26)
            self.deploy_list = UISelectionList(rect(x, y, w, lh), items, m, container=self.root)
            y += lh + px(8)
            half = (w - px(8)) // 2
            self.b_auto = UIButton(rect(x, y, half, px(38)), "Auto-deploy", m, container=self.root,
                                   tool_tip_text="Place every unit left in the mission's default spots")
            self.b_start = UIButton(rect(x + half + px(8), y, half, px(38)), "Start battle", m,
                                    container=self.root, object_id="#accept",
                                    tool_tip_text="End deployment and begin Turn 1")
            if und:
                self.b_start.disable()
            y += px(46)
            self.layout["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            self.layout["info"] = pygame.Rect(x, y, w, 0)
        else:
            bw = int(w * 0.56)
            for st in states:
                b = UIButton(rect(x, y, bw, bh), st.label, m, container=self.root, object_id="#action",
                             tool_tip_text=self._action_tip(st))
                if not st.enabled:
                    b.disable()
                self._action_buttons[b] = st.key
                y += bh + px(4)
            end_label, end_tip = self._end_label()
            self.b_end = UIButton(rect(x, y, bw, bh), end_label, m, container=self.root,
                                  object_id="#action", tool_tip_text=end_tip)
            y += bh + px(8)
            self.layout["actions"] = pygame.Rect(x, panel.y + card_h, w, y - panel.y - card_h)
            self.layout["info"] = pygame.Rect(x, y, w, info_h)
            y += info_h + px(6)
        log_h = panel.bottom - y - px(8)
        self.layout["log"] = pygame.Rect(x, y, w, max(px(60), log_h))
        self.log.set_rect(self.layout["log"])
        self._action_key = (self.selected, self.match.phase, self.version, tuple(self.layout["panel"]))

    def _end_label(self) -> tuple[str, str]:
        a = self.match.activation
        if a is not None and a.grant and self.match.side_of(a.uid) == self.side:
            return "Decline free action", "Take no (more) free actions: the interrupted activation goes on"
        return "End activation", "End this unit's activation; unused ACT are lost"

    def _states(self, uid):
        """The action buttons' states for `uid`, once per match version."""
        key = (self.version, uid, self.match.phase)
        if key != self._states_key:
            self._states_key = key
            self._states_val = action_states(self.match, uid, self.side)
        return self._states_val

    def _action_tip(self, st) -> str:
        if getattr(st, "tip", ""):
            return st.tip
        if st.reason:
            return f"<b>{escape(st.label)}</b>: not now - {escape(st.reason)}"
        return f"<b>{escape(st.label)}</b>: costs {escape(st.cost)}"

    def _sync_widgets(self) -> None:
        """Enable, disable and relabel widgets for the current match version and selection."""
        m = self.match
        if self.root is None:
            return
        key = (self.selected, m.phase, self.version, tuple(self.layout["panel"]))
        if key != self._action_key:
            if m.phase == "deploy" or self.deploy_list is not None or self._action_key is None or \
                    self._action_key[0] != self.selected or self._action_key[1] != m.phase:
                self._build_panel()
            else:
                states = self._states(self.selected) if self.selected is not None else []
                if [s.key for s in states] != [s.key for s in self._actions]:
                    self._build_panel()
                else:
                    self._actions = states
                    for b, k in self._action_buttons.items():
                        st = next(s for s in states if s.key == k)
                        if b.text != st.label:  # "Open door" becomes "Close door"
                            b.set_text(st.label)
                        b.set_tooltip(self._action_tip(st))
                        (b.enable if st.enabled else b.disable)()
                    self._action_key = key
        can_end = (m.phase == "battle" and m.prompt is None and m.waiting_for() == self.side and
                   self.selected is not None and (m.active_unit == self.selected or
                                                  (m.active_unit is None and self._ready_own(self.selected))))
        npc_turn = m.phase == "battle" and m.waiting_for() in self.npc_ctl
        if self.b_end is not None:
            label = self._end_label()[0]
            if self.b_end.text != label:
                self.b_end.set_text(label)
        want = ((self.b_end, can_end), (self.b_undo, self._can_undo()), (self.b_skip, npc_turn))
        for b, on in want:
            if b is not None and b.is_enabled != on:
                (b.enable if on else b.disable)()

    # == reading the match ===========================================================================
    def _refresh_units(self) -> None:
        self.units = snapshot_units(self.match)
        self.by_uid = {v.uid: v for v in self.units}

    def _ready_own(self, uid) -> bool:
        m = self.match
        return uid is not None and m.standing(uid) and m.unit(uid).side == self.side and \
            not m.unit(uid).item and m.readiness(uid).ready

    def _can_undo(self) -> bool:
        m = self.match
        if not m.can_undo() or not m.log:
            return False
        if m.log[-1].side != self.side:
            return False
        return m.waiting_for() == self.side or m.phase == "deploy"

    def _whose_line(self) -> str:
        m = self.match
        w = m.waiting_for()
        if w == self.side:
            return "Your squad has the Initiative (R19): activate a unit"
        return "The NPCs act"

    # == events from the match =========================================================================
    def _ingest(self, initial: bool = False, old=None, loaded: bool = False) -> None:
        """Turn the match's new events into log entries and effects (animations, banners, autosave)."""
        m = self.match
        if self.seen == 0:  # (re)reading the whole match: count from scratch
            self.stats = {"attacks": {}, "taken_out": {}, "rolls": 0, "criticals": 0}
            self._turn_taken = {}
        events = m.events[self.seen:]
        self.seen = len(m.events)
        entries = []
        autosave = False
        banner = None
        spawned: dict[str, int] = {}  # new units at the start of the Turn, by kind (the Turn banner says so)
        for e in events:
            entry = self.reader.entry(e)
            if entry is not None:
                if isinstance(e, E.ActivationStarted):
                    entry.style = "player" if e.side == self.side else "npc_act"
                entries.append(entry)
            if e.kind in ("roll", "table_roll", "orders"):
                self.stats["rolls"] += 1
            if isinstance(e, E.TakenOut) and not e.item:
                self.stats["taken_out"][e.side] = self.stats["taken_out"].get(e.side, 0) + 1
                self._turn_taken[e.side] = self._turn_taken.get(e.side, 0) + 1
            if isinstance(e, E.AttackDeclared):
                s = m.unit(e.attacker).side
                self.stats["attacks"][s] = self.stats["attacks"].get(s, 0) + 1
            if initial:
                if isinstance(e, E.TurnStarted):
                    self._turn_taken = {}
                continue
            # -- effects (visual only) --
            if isinstance(e, E.Moved) and old is not None:
                v = old.get(e.uid)
                if v is not None:
                    pts = list(e.path)
                    length = sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1])
                                 for i in range(len(pts) - 1))
                    speed = self.app.settings.npc_delay
                    dur = min(0.9, 0.15 + length * 0.06) * (1.0 if speed >= 0.4 else 0.6)
                    if speed > 0:
                        self.anims[e.uid] = MoveAnim(e.uid, [(q[0], q[1]) for q in pts], 0.0, dur)
            elif isinstance(e, E.TakenOut):
                v = (old or {}).get(e.uid)
                if v is not None:
                    self.effects.crosses.append(Cross(v.x, v.y, v.r))
            elif isinstance(e, E.AttackEnded):
                rec = self.reader.last_attack
                if rec is not None and self.camera is not None:
                    pts = [self.camera.to_screen(v.x, v.y) for v in self.units]
                    view = self.layout.get("view")
                    size = self.effects.tray_size(rec, self.app, view) if view else (0, 0)
                    self.effects.show_tray(rec, pts, view, size)
                for uid, lost in e.lost:
                    v = (old or {}).get(uid) or self.by_uid.get(uid)
                    if v is not None and lost:
                        self.effects.floaters.append(Floater(v.x, v.y, f"-{lost} HIT", self.app.palette.bad))
            elif isinstance(e, E.TurnEnded):
                self.effects.banners.append(self._end_banner(e.turn))
                self._turn_taken = {}
            elif isinstance(e, E.TurnStarted):
                limit = f" of {e.turns}" if e.turns else ""
                banner = Banner(f"Turn {e.turn}{limit}", [], kind="turn")
                self.effects.banners.append(banner)
                autosave = True
            elif isinstance(e, E.TacticalOrdersRolled) and banner is not None and e.side == self.side:
                banner.dice = [DieV.of(d) for d in e.dice]
                banner.lines.insert(0, f"Tactical Orders: {e.total} TO  (each 1-3 gives 1"
                                    + (f", +{e.bonus} for units Taken Out)" if e.bonus else ")"))
            elif isinstance(e, (E.InitiativeGiven, E.InitiativeRolled)) and banner is not None:
                banner.lines.append("Your squad has the Initiative" if getattr(e, "side", getattr(e, "winner", ""))
                                    == self.side else e.text)
            elif isinstance(e, E.MissionEvent) and banner is not None:
                if e.text not in banner.lines and len(banner.lines) < 6:
                    banner.lines.append(e.text)
            elif isinstance(e, E.Spawned) and banner is not None:
                kind = m.unit(e.uid).card.name
                spawned[kind] = spawned.get(kind, 0) + 1
            elif isinstance(e, E.MissionOver):
                res = m.result
                self.effects.banners.append(Banner("VICTORY" if res and res.outcome == "victory" else "DEFEAT",
                                                   [res.text if res else e.text], kind="result", duration=2.0))
                self.result_timer = 2.2
        if banner is not None:
            for kind, k in spawned.items():
                banner.lines.append(f"{count(k, kind)} {'appears' if k == 1 else 'appear'}")
        if loaded and entries:
            entries.append(LogEntry("ui", [Segment("text", f"-- game loaded: Turn {m.turn} --")]))
        self.log.add(entries)
        if autosave and not initial:
            self._autosave()

    def _end_banner(self, turn: int) -> Banner:
        m = self.match
        lines = []
        npc_out = sum(v for k, v in self._turn_taken.items() if k != self.side)
        own_out = self._turn_taken.get(self.side, 0)
        lines.append(f"Enemies Taken Out this Turn: {npc_out}   ·   your units lost: {own_out}")
        items = [u for u in m.units(items=True) if m.unit(u).side != self.side]
        lines.append(f"Spawn Points still standing: {len(items)}")
        mine = m.units(self.side)
        lines.append(f"Your squad: {len(mine)} standing   ·   unused Tactical Orders are lost")
        return Banner(f"End of Turn {turn}", lines, kind="end", duration=2.4)

    def _autosave(self) -> None:
        from game.persistence.saves import AUTOSAVE, save_match
        try:
            save_match(self.match, AUTOSAVE, self.app.saves_dir, label=f"Autosave (Turn {self.match.turn})")
        except OSError as e:
            self.app.toast(f"Autosave failed: {e}", "error")

    # == changing the match ============================================================================
    def submit(self, cmd, quiet: bool = False) -> bool:
        """The one door to the match. Illegal commands show their reason and change nothing."""
        m = self.match
        if isinstance(cmd, C.RangedAttack):
            self.attack_kind = "ranged"
        elif isinstance(cmd, (C.MeleeAttack, C.ChooseAttackOfOpportunity)):
            self.attack_kind = "melee"
        old = dict(self.by_uid)
        try:
            m.submit(cmd)
        except IllegalCommand as e:
            if not quiet:
                self.app.toast(str(e), "error")
            return False
        self.version += 1
        self._refresh_units()
        self._ingest(old=old)
        self._after_change()
        return True

    def _after_change(self) -> None:
        m = self.match
        self._preview_key = None
        self.hover_spot = self.hover_path = self.hover_target = None
        self.card.invalidate()
        if self.skill is not None or self.mode == "skill":
            self._leave_skill(default_mode=False)
            self.mode = self._default_mode(self.selected) if self.selected is not None else None
        if m.phase == "battle":
            if m.active_unit is not None and m.side_of(m.active_unit) == self.side and \
                    m.waiting_for() == self.side:
                if self.selected != m.active_unit:
                    self.selected = m.active_unit
                    self.mode = self._default_mode(self.selected)
            elif self.selected is not None and not (self._ready_own(self.selected) or self.selected == m.active_unit):
                self.selected = None
                self.mode = None
            if self.selected is not None and self.mode in ("move", "dash", "ranged", "melee") and \
                    self.mode not in self._affordable_modes():
                # after an action, keep its preview only while it is still affordable (no Move area, no
                # "click to go", once the last ACT is spent)
                self.mode = self._default_mode(self.selected)
                self.weapon_id = None
            if self.selected is None and m.waiting_for() == self.side and m.active_unit is None and \
                    m.prompt is None:
                ready = [u for u in m.units(self.side) if m.readiness(u).ready]
                if len(ready) == 1:
                    self.select(ready[0])
        elif m.phase == "deploy":
            self._pick_deploy_unit()
        self._update_hover()
        self._sync_widgets()

    def _pick_deploy_unit(self) -> None:
        m = self.match
        if m.phase != "deploy":
            self.deploy_uid = None
            return
        if self.deploy_uid is None or m.position(self.deploy_uid) is not None:
            und = [u for u in m.units(self.side, standing=False) if m.position(u) is None]
            self.deploy_uid = und[0] if und else None

    def set_match(self, match) -> None:
        """Replace the match (undo, load): everything shown is rebuilt from it."""
        self.match = match
        self.version += 1
        self.npc_ctl = {s: NpcController(s) for s in match.npc_sides}
        self.log.clear()
        self.reader = RollReader()
        self.seen = 0
        self.anims.clear()
        self.effects.floaters.clear()
        self.prompt_panel.clear()
        self._refresh_units()
        self._ingest(initial=True)
        if self.selected is not None and not self._ready_own(self.selected) and self.selected != match.active_unit:
            self.selected = None
            self.mode = None
        self._after_change()
        self._build_panel()
        self._sync_widgets()

    def undo(self) -> None:
        from game.modes import undo
        if not self._can_undo():
            if self.match.log and not self.match.can_undo():
                self.app.toast("The last action rolled dice: it cannot be undone", "error")
            else:
                self.app.toast("Nothing to undo", "error")
            return
        last = self.match.log[-1]
        try:
            new = undo(self.match)
        except (ValueError, IllegalCommand) as e:
            self.app.toast(str(e), "error")
            return
        self.set_match(new)
        self.app.toast(f"Undone: {command_text(new, last, self.side)}", "ok")

    # == selection and modes ============================================================================
    def card_uid(self) -> int | None:
        """The unit whose card the panel shows: the hovered base (once the mouse has moved since the last
        selection), else the unit clicked to inspect, else the selected unit; in deployment the next to place."""
        if self.hover_uid is not None and self.card_follows_hover:
            return self.hover_uid
        if self.match.phase == "deploy":
            return self.deploy_uid
        return self.inspect if self.inspect is not None else self.selected

    def card_view_rect(self) -> pygame.Rect | None:
        """Where the card shows: its room, less a strip at the bottom for the "more" tab when it scrolls."""
        surf = self.card._surf
        cr = self.layout.get("card")
        if surf is None or cr is None or surf.get_height() <= cr.h:
            return cr
        return pygame.Rect(cr.x, cr.y, cr.w, cr.h - self.app.text.line_height(10) - self.px(8))

    def card_scroll_max(self) -> int:
        """How far the card shown can scroll (0: it fits its room)."""
        surf = self.card._surf
        vr = self.card_view_rect()
        if surf is None or vr is None:
            return 0
        return max(0, surf.get_height() - vr.h)

    def scroll_card(self, steps: int) -> None:
        """The wheel over a card taller than its room: a few lines per step."""
        self.card_scroll = max(0, min(self.card_scroll + steps * self.px(40), self.card_scroll_max()))

    def prompt_where(self) -> str:
        """Where the question box is: "at the top" or "at the bottom" of the table view."""
        view = self.layout.get("view")
        r = self.prompt_panel.rect
        if view is not None and self.prompt_panel.active and r.centery < view.centery:
            return "at the top"
        return "at the bottom"

    def _affordable_modes(self) -> list[str]:
        """The preview modes the selected unit can still use, read from the match as it is now (the buttons
        may still show the previous version)."""
        if self.selected is None:
            return []
        return [st.key.split(":")[0] for st in self._states(self.selected) if st.enabled]

    def _default_mode(self, uid) -> str | None:
        if uid is None:
            return None
        states = self._states(uid)
        self._actions = states
        for st in states:
            if st.key == "move" and st.enabled:
                return "move"
        return None

    def select(self, uid: int | None, mode: str | None = "default") -> None:
        m = self.match
        if uid is not None and m.active_unit is not None and m.active_unit != uid and \
                m.side_of(m.active_unit) == self.side and m.waiting_for() == self.side:
            self.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return
        self._leave_skill(default_mode=False)
        self.selected = uid
        self.inspect = None
        self.card_follows_hover = False  # until the mouse moves: the card shows the unit just selected
        self.weapon_id = None
        self.mode = self._default_mode(uid) if mode == "default" else mode
        self._preview_key = None
        self.card.invalidate()
        self._sync_widgets()
        self._update_hover()

    def set_mode(self, mode: str, weapon_id: str | None = None) -> None:
        """Move / Dash / Ranged / Melee with a weapon: shows the preview; commits on the next click."""
        m = self.match
        if m.phase != "battle" or self.selected is None:
            self.app.toast("Select one of your units first (click it, or Tab)", "error")
            return
        key = mode if weapon_id is None else f"{mode}:{weapon_id}"
        st = next((s for s in self._actions if s.key == key), None)
        if st is None and mode in ("ranged", "melee"):
            cands = [s for s in self._actions if s.key.startswith(mode + ":")]
            st = next((s for s in cands if s.enabled), cands[0] if cands else None)
            if st is not None:
                weapon_id = st.key.split(":", 1)[1]
        if st is None:
            self.app.toast(f"{self.match.unit(self.selected).name} has no {mode} action", "error")
            return
        if not st.enabled:
            self.app.toast(f"{st.label}: {st.reason}", "error")
            return
        self._leave_skill(default_mode=False)
        self.mode = mode
        self.weapon_id = weapon_id
        self._preview_key = None
        self._update_hover()

    def _current_preview(self) -> Preview | None:
        m = self.match
        if self.mode == "skill":
            key = ("skill", self.version)
            if key != self._preview_key:
                self._preview_key = key
                self.preview = None
                self._reach_key = None
            return None
        if self.selected is None or self.mode is None or m.phase != "battle" or not m.standing(self.selected):
            return None
        key = (self.version, self.selected, self.mode, self.weapon_id)
        if key != self._preview_key:
            self._preview_key = key
            try:
                self.preview = Preview(m, self.selected, self.mode, self.weapon_id)
            except Exception:  # a preview must never break the game
                self.preview = None
                self.app.toast("No preview for this action right now", "error")
            self._reach_key = None
        return self.preview

    # == input =======================================================================================
    def intent(self, name: str) -> bool:
        m = self.match
        cam = self.camera
        if self.effects.banner is not None:
            # one thing at a time: a banner is read (or dismissed) before anything under it is answered
            if name in ("confirm", "accept", "cancel", "skip") or name.startswith("die_"):
                self.effects.dismiss()
                return True
            if name in ACTION_KEYS:
                self.effects.banners.clear()  # the player goes on: the banners make way
        if name == "cancel":
            if self.effects.dismiss():
                return True
            if self.skill is not None:
                if not self.skill.back():
                    self._leave_skill()
                self._update_hover()
                return True
            if self.mode in ("ranged", "melee", "dash"):
                self.mode = self._default_mode(self.selected)
                self._preview_key = None
                return True
            if self.selected is not None and m.active_unit != self.selected:
                self.select(None, None)
                return True
            from .menus import PauseScene
            self.app.push(PauseScene(self.app, self))
            return True
        if name == "undo":
            self.undo()
            return True
        if name == "quicksave":
            from game.persistence.saves import save_match
            try:
                path = save_match(m, "quicksave", self.app.saves_dir, label=f"Quick save (Turn {m.turn})")
                self.app.toast(f"Saved: {path.name}", "ok")
            except OSError as e:
                self.app.message("Cannot save", str(e))
            return True
        if name == "toggle_grid":
            self.show_grid = not self.show_grid
            self.app.settings.show_grid = self.show_grid
            return True
        if name == "toggle_names":
            self.app.settings.show_names = not self.app.settings.show_names
            return True
        if name in ("pan_left", "pan_right", "pan_up", "pan_down"):
            d = self.px(60)
            dx = {"pan_left": d, "pan_right": -d}.get(name, 0)
            dy = {"pan_up": d, "pan_down": -d}.get(name, 0)
            cam.pan(dx, dy)
            return True
        if name in ("zoom_in", "zoom_out"):
            cam.zoom_at(1 if name == "zoom_in" else -1, *cam.view.center)
            self._reach_key = None
            return True
        if name == "recentre":
            cam.fit()
            self._reach_key = None
            return True
        if name in ("log_up", "log_down"):
            self.log.on_wheel(3 if name == "log_up" else -3)
            return True
        if name == "skip":
            if self.effects.dismiss():
                return True
            self.skip = True
            self.anims.clear()
            return True
        if self.skill is not None and name in ("confirm", "accept"):
            single = self.skill.single()
            if single is not None:
                self._commit_skill(single, self.skill)
            else:
                self.app.toast(self.skill.instruction())
            return True
        if m.prompt is not None and m.prompt.side == self.side and self.prompt_panel.active:
            if name.startswith("die_"):
                self.prompt_panel.select(int(name[4:]) - 1)
                return True
            if name in ("confirm", "accept"):
                cmd = self.prompt_panel.accept_command()
                if cmd is not None:
                    self.submit(cmd)
                return True
            return False
        if m.phase == "deploy":
            if name == "confirm" and not [u for u in m.units(self.side, standing=False) if m.position(u) is None]:
                if self.submit(C.EndDeployment(self.side)):
                    self.app.toasts.clear()
                return True
            return False
        if name == "next_unit":
            self.next_unit()
            return True
        if name == "end_activation":
            self.end_activation()
            return True
        if name == "confirm":
            # Enter does only what the screen offers it for: ending an activation with nothing left to do
            # (a dice prompt that closed itself must not turn the next Enter into "End activation")
            if self.enter_ends_activation():
                self.end_activation()
            return True
        if name in ("move", "dash", "ranged", "melee"):
            self.set_mode(name)
            return True
        if name == "door":
            if self.selected is None:
                self.app.toast("Select one of your units first (click it, or Tab)", "error")
                return True
            st = next((s for s in self._actions if s.key.startswith("door:")), None)
            if st is None:
                self.app.toast(f"No door Adjacent to {m.unit(self.selected).name}", "error")
            else:
                self.do_action(st.key)
            return True
        return False

    def next_unit(self) -> None:
        m = self.match
        if m.active_unit is not None and m.unit(m.active_unit).side == self.side:
            self.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return
        ready = [u for u in m.units(self.side) if m.readiness(u).ready]
        if not ready:
            self.app.toast("No Ready unit left this Turn")
            return
        i = (ready.index(self.selected) + 1) % len(ready) if self.selected in ready else 0
        self.select(ready[i])
        v = self.by_uid.get(ready[i])
        if v is not None and not self.camera.view.collidepoint(self.camera.to_screen(v.x, v.y)):
            self.camera.centre_on(v.x, v.y)

    def _ensure_active(self) -> bool:
        m = self.match
        uid = self.selected
        if uid is None:
            return False
        if m.active_unit == uid:
            return True
        if m.active_unit is not None:
            self.app.toast(f"Finish {m.unit(m.active_unit).name}'s activation first (E)", "error")
            return False
        mode, weapon = self.mode, self.weapon_id
        ok = self.submit(C.Activate(self.side, uid))
        if ok:
            self.mode, self.weapon_id = mode, weapon
        return ok

    def enter_ends_activation(self) -> bool:
        """Enter ends the activation only when the active unit of the squad has nothing left to do (the info
        box then says so, naming the key)."""
        m = self.match
        if m.phase != "battle" or m.prompt is not None or m.waiting_for() != self.side or self.skill is not None:
            return False
        uid = m.active_unit
        if uid is None or uid != self.selected or m.side_of(uid) != self.side:
            return False
        return not any(st.enabled for st in self._states(uid))

    def end_activation(self) -> None:
        m = self.match
        if m.phase != "battle" or m.waiting_for() != self.side or m.prompt is not None:
            return
        if m.active_unit is None:
            if self.selected is None or not self._ready_own(self.selected):
                self.app.toast("Select a unit first", "error")
                return
            name = m.unit(self.selected).name
            if not self._ensure_active():
                return
            self.app.toast(f"{name} ends its activation without acting")
        self.submit(C.EndActivation(self.side))

    def do_action(self, key: str) -> None:
        """An action button: a preview mode, or (doors, skills) the action itself."""
        if key in ("move", "dash"):
            self.set_mode(key)
        elif key.startswith("ranged:") or key.startswith("melee:"):
            mode, w = key.split(":", 1)
            self.set_mode(mode, w)
        elif key.startswith("door:"):
            if self._ensure_active():
                self.submit(C.ToggleDoor(self.side, key.split(":", 1)[1]))
        elif key.startswith("skill:"):
            self.start_skill(key.split(":", 1)[1])

    # -- skills: a button, then the unit(s) or spot on the table -------------------------------------------
    def start_skill(self, sid: str) -> None:
        """A skill action button: at once when the skill needs no choice; else its choices light up on the
        table (Esc backs out)."""
        m = self.match
        uid = self.selected
        if uid is None:
            self.app.toast("Select one of your units first", "error")
            return
        st = next((s for s in self._actions if s.key == f"skill:{sid}"), None)
        if st is None:
            self.app.toast(f"{m.unit(uid).name} has no such skill", "error")
            return
        if not st.enabled:
            self.app.toast(f"{st.label}: {st.reason}", "error")
            return
        if m.active_unit == uid:
            cands = active_choices(m, self.side, sid)
        else:
            cands, why = choices_before_activation(m, uid, self.side, sid)
            if not cands and why:
                self.app.toast(f"{st.label}: {why}", "error")
                return
        t = SkillTargeting(m, sid, uid, self.side, cands)
        if t.stage == "none":
            self._commit_skill(cands[0] if cands else C.UseSkill(self.side, sid), t)
            return
        if not cands and not t.free_spots():
            self.app.toast(f"{t.name}: nothing to use it on now", "error")
            return
        self._enter_skill(t)

    def start_prompt_skill(self, sid: str, cands) -> None:
        """A skill offered inside a prompt (Misdirection in a reaction): pick its units on the table."""
        self._enter_skill(SkillTargeting(self.match, sid, None, self.side, list(cands), from_prompt=True))

    def _enter_skill(self, t: SkillTargeting) -> None:
        self.skill = t
        self.mode = "skill"
        self.weapon_id = None
        self.skill_hover = None
        self.skill_victims = []
        self._preview_key = None
        self._update_hover()
        self.app.toast(t.instruction() + "  (Esc: cancel)")

    def _leave_skill(self, default_mode: bool = True) -> None:
        if self.skill is None and self.mode != "skill":
            return
        self.skill = None
        self.skill_hover = None
        self.skill_victims = []
        self._preview_key = None
        if self.mode == "skill":
            self.mode = self._default_mode(self.selected) if default_mode and self.selected is not None else None

    def _commit_skill(self, cmd, t: SkillTargeting) -> bool:
        if not t.from_prompt and not self._ensure_active():
            return False
        ok = self.submit(cmd)
        if not ok and self.skill is None:
            self._leave_skill()
        return ok

    def _skill_click(self) -> None:
        t = self.skill
        hu = self.hover_uid
        st = t.stage
        if hu is not None and (st in ("unit", "unit2") or (st == "spot" and hu == t.first)):
            kind, val = t.pick_unit(hu)
        elif st == "spot" and self.mouse_board is not None:
            x, y = self.mouse_board
            if self.match.table.measure == "grid":
                x, y = self.match.table.snap(x, y)
            kind, val = t.pick_spot(x, y)
        else:
            kind, val = "no", "click a highlighted unit"
        if kind == "cmd":
            self._commit_skill(val, t)
        elif kind == "no":
            self.app.toast(f"{t.name}: {val}", "error")
        else:
            self.skill_hover = None
            self._update_hover()

    def _skill_hover(self, x, y, hu) -> None:
        t = self.skill
        hover = None
        if t.stage == "spot" and (hu is None or hu != t.first):
            near = t.spot_near(x, y)
            if near is not None:
                hover = (near[0], near[1], True)
            elif t.free_spots() and t.in_area(x, y):
                hover = (round(x, 2), round(y, 2), False)
        if hover != self.skill_hover:
            self.skill_hover = hover
            self.skill_victims = []
            if hover is not None and t.sid in GRENADES:
                self.skill_victims = spot_adjacent_units(self.match, hover[0], hover[1], t.uid)

    def handle(self, event, consumed) -> None:
        m = self.match
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            cmd = self.prompt_panel.command_for(event)
            if cmd is not None:
                self.submit(cmd)
                return
            action = self.prompt_panel.action_for(event)
            if action is not None:
                action()
                return
            if el is self.b_menu:
                from .menus import PauseScene
                self.app.push(PauseScene(self.app, self))
            elif el is self.b_help:
                from .menus import HelpScene
                self.app.push(HelpScene(self.app))
            elif el is self.b_undo:
                self.undo()
            elif el is self.b_skip:
                self.effects.banners.clear()
                self.skip = True
            elif el is self.b_auto:
                self.auto_deploy()
            elif el is self.b_start:
                if self.submit(C.EndDeployment(self.side)):
                    self.app.toasts.clear()
            elif el is self.b_end:
                self.end_activation()
            elif el in self._action_buttons:
                self.do_action(self._action_buttons[el])
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.deploy_list:
            name = event.text
            for u in getattr(self, "_deploy_uids", []):
                if m.unit(u).name == name:
                    self.deploy_uid = u
            self.card.invalidate()
            return
        if event.type == pygame.MOUSEWHEEL:
            mx, my = self.app.mouse
            if self.layout.get("log") is not None and self.layout["log"].collidepoint(mx, my):
                self.log.on_wheel(event.y)
            elif self.layout.get("card") is not None and self.layout["card"].collidepoint(mx, my):
                self.scroll_card(-event.y)
            elif self.layout["view"].collidepoint(mx, my):
                if self.camera.zoom_at(event.y, mx, my):
                    self._reach_key = None
                    self._update_hover()
            return
        if event.type == pygame.MOUSEMOTION:
            if not self.card_follows_hover:
                self.card_follows_hover = True
                self.card.invalidate()
            if self._drag is not None:
                sx, sy, moved = self._drag
                dx, dy = event.pos[0] - sx, event.pos[1] - sy
                if moved or abs(dx) + abs(dy) > 4:
                    self.camera.pan(dx, dy)
                    self._drag = (event.pos[0], event.pos[1], True)
            self._update_hover()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.layout["view"].collidepoint(event.pos):
                self._drag = (event.pos[0], event.pos[1], False)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self._drag is not None and not self._drag[2]:
                self.intent_cancel_soft()
            self._drag = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            self._update_hover()
            self.click(event.pos)

    def intent_cancel_soft(self) -> None:
        """Right click: back out of a targeting mode, never into the pause menu."""
        if self.skill is not None:
            if not self.skill.back():
                self._leave_skill()
            self._update_hover()
        elif self.mode in ("ranged", "melee", "dash"):
            self.mode = self._default_mode(self.selected)
            self._preview_key = None
        elif self.selected is not None and self.match.active_unit != self.selected:
            self.select(None, None)

    def click(self, pos) -> None:
        m = self.match
        if self.prompt_panel.active and self.prompt_panel.rect.collidepoint(pos):
            self.prompt_panel.click(pos)
            return
        if not self.layout["view"].collidepoint(pos):
            return
        if self.effects.banner is not None:
            self.effects.dismiss()
        if self.mouse_board is None:
            return
        x, y = self.mouse_board
        if m.phase == "deploy":
            self.deploy_click(x, y)
            return
        if m.phase != "battle":
            return
        p = m.prompt
        if self.skill is not None and (p is None or self.skill.from_prompt):
            self._skill_click()
            return
        if p is not None:
            hu = self.hover_uid
            if p.side == self.side and p.kind == "pick_npc" and hu in p.options:
                self.submit(C.PickNpc(self.side, hu))
            elif p.side == self.side and hu is not None and hu in prompt_units(m, p):
                self.submit(C.ChooseUnit(self.side, hu))
            elif p.side == self.side:
                self.app.toast("Answer the prompt first")
            return
        if m.waiting_for() != self.side:
            if self.hover_uid is not None:
                self.inspect = self.hover_uid
                self.card.invalidate()
            return
        hu = self.hover_uid
        # attack modes: a click on a target commits
        if self.mode in ("ranged", "melee") and hu is not None and self.preview is not None and \
                hu in self.preview.targets:
            info = self.preview.target(hu)
            if info.reason is not None:
                self.app.toast(f"{info.name}: {info.reason}", "error")
                return
            w = self.preview.weapon
            if self._ensure_active():
                cls = C.RangedAttack if self.mode == "ranged" else C.MeleeAttack
                self.submit(cls(self.side, w.id, hu))
            return
        if self.mode in ("move", "dash") and self.selected is not None and self.preview is not None and \
                (hu is None or (hu == self.selected and self.hover_spot is not None)):
            if self.hover_spot is None and hu is None:
                self.app.toast("Out of reach: pick a highlighted spot", "error")
                return
            x, y, z = self.hover_spot[:3]
            if self._ensure_active():
                cls = C.Move if self.mode == "move" else C.Dash
                self.submit(cls(self.side, x, y, z))
            return
        if hu is not None:
            u = m.unit(hu)
            if u.side == self.side and not u.item:
                if hu == self.selected:
                    return
                if not m.readiness(hu).ready and hu != m.active_unit:
                    self.inspect = hu
                    self.card.invalidate()
                    self.app.toast(f"{u.name} has already activated this Turn")
                    return
                self.select(hu)
                return
            self.inspect = hu
            self.card.invalidate()
            if self.mode in ("move", "dash") and self.selected is not None:
                self.app.toast("An enemy base: you cannot end a move there", "error")
            return
        self.inspect = None
        self.card.invalidate()

    # -- deployment ---------------------------------------------------------------------------------
    def deploy_click(self, x, y) -> None:
        m = self.match
        if m.waiting_for() != self.side:
            return
        if self.hover_uid is not None and m.unit(self.hover_uid).side == self.side:
            self.app.toast("Ctrl+Z takes back the last placement")
            return
        uid = self.deploy_uid
        if uid is None:
            self.app.toast("Everyone is deployed: Start battle (Enter)")
            return
        x, y = self._deploy_snap(x, y)
        if self.submit(C.Deploy(self.side, uid, x, y, 0.0)):
            self._build_panel()

    def _deploy_snap(self, x, y):
        if self.match.table.measure == "grid":
            return self.match.table.snap(x, y)
        return round(x * 4) / 4, round(y * 4) / 4

    def auto_deploy(self) -> None:
        """Every unit left goes to a free spot of the deployment zone the match offers."""
        m = self.match
        placed = 0
        for _ in range(64):
            if not m.undeployed(self.side) or m.waiting_for() != self.side:
                break
            cmds = [c for c in m.legal_commands(self.side) if isinstance(c, C.Deploy)]
            if not cmds or not self.submit(cmds[0], quiet=True):
                self.app.toast(m.deployment_problem(self.side) or "No room left in the deployment zone", "error")
                break
            placed += 1
        if placed:
            self.app.toast(f"{count(placed, 'unit')} deployed: press Start battle", "ok")
        self._build_panel()

    # == hover (recomputed when the mouse moves or the match changes) ===================================
    def _update_hover(self) -> None:
        cam = self.camera
        if cam is None:
            return
        mx, my = self.app.mouse
        m = self.match
        if not self.layout["view"].collidepoint(mx, my) or (self.prompt_panel.active and
                                                           self.prompt_panel.rect.collidepoint(mx, my)):
            self.mouse_board = None
            if self.hover_uid is not None:
                self.hover_uid = None
                self.card.invalidate()
            self.hover_spot = self.hover_path = self.hover_target = None
            self.ghost = None
            return
        x, y = cam.to_board(mx, my)
        self.mouse_board = (x, y)
        hu = None
        best = None
        for v in self.units:
            d = math.hypot(v.x - x, v.y - y)
            if d <= v.r + 0.08 and (best is None or d < best):
                hu, best = v.uid, d
        if hu != self.hover_uid:
            self.hover_uid = hu
            self.card.invalidate()
        if m.phase == "deploy":
            self._update_ghost(x, y)
            return
        if self.skill is not None:
            self._skill_hover(x, y, hu)
            return
        pv = self._current_preview()
        if pv is None:
            self.hover_spot = self.hover_path = self.hover_target = None
            return
        if self.mode in ("move", "dash"):
            spot = pv.spot_near(x, y) if hu is None or hu == self.selected else None
            if spot != self.hover_spot:
                self.hover_spot = spot
                self.hover_path = pv.path(spot) if spot is not None else None
        elif self.mode in ("ranged", "melee"):
            self.hover_target = pv.target(hu) if hu in pv.targets else None

    def _update_ghost(self, x, y) -> None:
        m = self.match
        uid = self.deploy_uid
        if uid is None or m.waiting_for() != self.side:
            self.ghost = None
            return
        gx, gy = self._deploy_snap(x, y)
        if self.ghost is not None and self.ghost[:2] == (gx, gy):
            return
        r = m.unit(uid).card.base_diameter / 2
        ok, reason = True, ""
        if not (0 <= gx <= m.table.battlefield.width and 0 <= gy <= m.table.battlefield.height):
            ok, reason = False, "off the table"
        elif not m.in_deployment_zone(self.side, gx, gy):
            ok, reason = False, "outside your deployment zone"
        else:
            z = m.table.surface_z(gx, gy)
            if not m.table.can_stand(r, gx, gy, z):
                ok, reason = False, "a unit cannot stand there (terrain or another base)"
        self.ghost = (gx, gy, ok, reason, r)

    # == per frame ===================================================================================
    def update(self, dt: float) -> None:
        self.time += dt
        self.effects.update(dt)
        for uid in list(self.anims):
            a = self.anims[uid]
            a.t += dt
            if a.t >= a.duration:
                del self.anims[uid]
        self._drive(dt)
        if self._preview_key is None and self.mode is not None:
            self._current_preview()
            self._update_hover()
        self.prompt_panel.sync(self.match, self.side, self.layout["view"])
        self._sync_widgets()
        self._update_tooltip(dt)
        if self.result_timer is not None:
            self.result_timer -= dt
            if self.result_timer <= 0 and not self.anims:
                self._show_results()

    def update_below(self, dt: float) -> None:
        """Under an overlay (pause, help) nothing moves."""

    def _drive(self, dt: float) -> None:
        """NPC sides (and an optional computer player) act one command per step."""
        m = self.match
        if m.phase == "over":
            self.skip = False
            return
        if self.effects.banner is not None:
            return  # nobody acts behind a banner: it is read first (click, Space or Enter dismisses it)
        delay = self.app.settings.npc_delay
        if self.skip or delay <= 0:
            for _ in range(2000):
                ctl = self._controller()
                if ctl is None or m.phase == "over":
                    break
                self._ctl_step(ctl)
                m = self.match
            self.skip = False
            return
        ctl = self._controller()
        if ctl is None:
            self.npc_timer = min(self.npc_timer, 0.25)
            return
        if self.anims:
            return
        self.npc_timer -= dt
        if self.npc_timer > 0:
            return
        self._ctl_step(ctl)
        self.npc_timer = delay

    def _controller(self):
        m = self.match
        if m.phase == "over":
            return None
        side = m.waiting_for()
        if side is None:
            return None
        if side in self.npc_ctl:
            return self.npc_ctl[side]
        if side == self.side and self.autoplayer is not None:
            return self.autoplayer
        return None

    def _ctl_step(self, ctl) -> None:
        m = self.match
        had_prompt = m.prompt is not None
        uid = m.active_unit
        try:
            cmd = ctl.decide(m)
        except Exception:
            self.app.toast("The computer could not decide: it ends the activation", "error")
            cmd = C.EndActivation(m.waiting_for())
        if isinstance(ctl, NpcController) and not had_prompt and uid is not None and m.side_of(uid) in self.npc_ctl:
            line = BEHAVIOUR_TEXT.get(ctl.last_line, ctl.last_line)
            name = m.unit(uid).name
            self.npc_line = f"{name} - Behaviour {line}"
            self.npc_line_uid = uid
            self.log.add([LogEntry("npc", [Segment("text", f"Behaviour {line}")], 1)])
        if not self.submit(cmd, quiet=True):
            # never loop on a refused command: fall back to a legal one
            legal = self.match.legal_commands(self.match.waiting_for() or "")
            if legal:
                self.submit(legal[0], quiet=True)

    def _show_results(self) -> None:
        from .menus import ResultsScene
        self.result_timer = None
        self.keep_match = True
        self.app.replace(ResultsScene(self.app, self.match, self.summary_html()))

    def summary_html(self) -> str:
        m = self.match
        res = m.result
        st = self.stats
        mine = m.units(self.side)
        all_mine = [u for u in m.all_units() if m.unit(u).side == self.side and not m.unit(u).item]
        items = [u for u in m.all_units() if m.unit(u).item]
        items_left = [u for u in items if m.standing(u)]
        out = [f"<b>{escape(res.outcome.capitalize() if res else 'Over')}</b> on Turn {m.turn}: "
               f"{escape(res.text if res else '')}.<br><br>"]
        out.append(f"<b>Your squad</b>: {len(mine)} of {len(all_mine)} standing<br>")
        for u in all_mine:
            h = m.health(u)
            state = "Taken Out" if not m.standing(u) else f"HIT {h.hit}/{h.max_hit}"
            out.append(f"  {escape(m.unit(u).name)}: {state}<br>")
        npc_out = sum(v for k, v in st["taken_out"].items() if k != self.side)
        out.append(f"<br><b>Spawn Points</b> destroyed: {len(items) - len(items_left)} of {len(items)}<br>")
        out.append(f"<b>Enemies Taken Out</b> (Bugs and Spawn Points): {npc_out}<br>")
        out.append(f"<b>Attacks</b>: yours {st['attacks'].get(self.side, 0)}, the NPCs' "
                   f"{sum(v for k, v in st['attacks'].items() if k != self.side)}<br>")
        out.append(f"<b>Commands played</b>: {len(m.log)}<br><br>")
        # Turn by Turn, from the match's events
        turns: dict[int, dict] = {}
        cur = 0
        for e in m.events:
            if isinstance(e, E.TurnStarted):
                cur = e.turn
                turns.setdefault(cur, {"to": "-", "out": 0, "lost": 0, "spawned": 0})
            elif cur and isinstance(e, E.TacticalOrdersRolled) and e.side == self.side:
                turns[cur]["to"] = str(e.total)
            elif cur and isinstance(e, E.TakenOut):
                turns[cur]["lost" if e.side == self.side else "out"] += 1
            elif cur and isinstance(e, E.Spawned):
                turns[cur]["spawned"] += 1
        if turns:
            out.append("<b>Turn by Turn</b><br>")
            for t, row in sorted(turns.items()):
                out.append(f"Turn {t}: {row['to']} TO  ·  {count(row['spawned'], 'Bug')} appeared  ·  "
                           f"{count(row['out'], 'enemy')} Taken Out  ·  {row['lost']} of yours lost<br>")
            out.append("<br>")
        out.append("Every roll of the battle is kept in its saves: loading one replays it exactly.")
        return "".join(out)

    def _update_tooltip(self, dt: float) -> None:
        """Rule text of the special or skill chip under the mouse, in a pygame-gui tooltip."""
        mx, my = self.app.mouse
        cr = self.layout.get("card")
        chip = None
        if cr is not None and cr.collidepoint(mx, my) and not self.suspended and self.effects.banner is None:
            for r, tip in self.card.chips:
                if r.move(cr.x, cr.y - self.card_scroll).collidepoint(mx, my) and \
                        self.card_view_rect().collidepoint(mx, my):
                    chip = (tuple(r), tip)
                    break
        if chip != self._tip_chip:
            self._tip_chip = chip
            self._tip_t = 0.0
            if self._tooltip is not None:
                self._tooltip.kill()
                self._tooltip = None
        elif chip is not None and self._tooltip is None:
            self._tip_t += dt
            if self._tip_t >= 0.25:
                self._tooltip = self.app.manager.create_tool_tip(chip[1], (mx, my), (0, 18), None, None,
                                                                 wrap_width=self.px(320))

    @property
    def chip_tooltip(self):
        return self._tooltip

    def redraw_state(self):
        """Moving while bases slide, banners fade, damage numbers rise or the dice tray fades; pulsing while a
        highlight pulses (the selected unit, the deployment zone, units a question is about); else still, drawn
        again when the match or what the screen shows of it changes (the key)."""
        fx = self.effects
        if self.anims or fx.banners or fx.floaters or fx.crosses or \
                (fx.tray is not None and fx.tray_t > fx.tray_duration - 1.0):
            mode = "moving"
        else:
            m = self.match
            p = m.prompt
            pulsing = m.phase == "deploy" or (self.selected is not None and self.selected != m.active_unit) or \
                (p is not None and p.side == self.side and (p.kind == "pick_npc" or p.decision is not None or
                                                            p.kind in ("devoted", "react", "counter")))
            mode = "pulsing" if pulsing else "still"
        cam = self.camera
        key = (self.version, self.selected, self.inspect, self.mode, self.weapon_id, self.hover_uid, self.hover_spot,
               None if self.hover_target is None else self.hover_target.uid, self.card_uid(), self.card_scroll,
               self.ghost, self.skill_hover, None if self.skill is None else (self.skill.sid, self.skill.first),
               self.prompt_panel.key, self.prompt_panel.selected, fx.tray is None, len(fx.banners),
               None if cam is None else (cam.ppi, cam.ox, cam.oy), self.show_grid, self.app.settings.show_names,
               len(self.log.entries), self.log.scroll, self.npc_line, self._tooltip is None, self.suspended)
        return mode, key

    @property
    def busy(self) -> bool:
        return self._controller() is not None or self.result_timer is not None or bool(self.effects.banners) or \
            self.effects.tray is not None

    def toast_anchor(self):
        """Where toasts go on the battle screen: the top of the table view, under the question box when it is
        there; None while a banner shows (the toasts wait for it)."""
        if self.effects.banner is not None:
            return None
        view = self.layout.get("view")
        if view is None:
            return super().toast_anchor()
        y = view.y + self.px(10)
        r = self.prompt_panel.rect
        if self.prompt_panel.active and r.top <= y + self.px(60):
            y = r.bottom + self.px(8)
        return view.centerx, y

    # == drawing =====================================================================================
    def draw(self, screen) -> None:
        from .battle_draw import draw_battle
        draw_battle(self, screen)

    def draw_over(self, screen) -> None:
        from .battle_draw import draw_battle_over
        draw_battle_over(self, screen)


def prompt_units(match, p) -> list[int]:
    """Units a prompt lets the player click on the table: Devoted units, units on Standby."""
    if p.kind == "devoted":
        return list(p.options)
    if p.kind == "react":
        return [c.uid for c in p.options if isinstance(c, C.ChooseUnit) and c.uid is not None]
    return []


def spot_adjacent_units(match, x: float, y: float, uid: int | None) -> list[int]:
    """Units and items Adjacent to a point on the table (a Grenade's spot), as the rules read it."""
    from game.battlefield import Base
    out = []
    try:
        near_z = match.base(uid).z if uid is not None else 0.0
        probe = Base(uid=-1, side="spot", x=x, y=y, z=match.table.surface_z(x, y, near_z), radius=0.0)
        for o in match.units(items=None):
            b = match.base(o)
            if math.hypot(b.x - x, b.y - y) <= b.radius:
                if abs(b.z - probe.z) <= 0.5:
                    out.append(o)
            elif match.table.adjacent(probe, b):
                out.append(o)
    except Exception:
        return []
    return out
