"""The player's answers to the match's prompts: dice (re-roll, spend TO, accept), Attack of Opportunity,
blunting, which NPC acts next, who activates first, and the skills' prompts: Parry, Life Drain, Shield,
Devoted, Counter, Fate Shift and reactions (Standby, Misdirection).

Each choice is a button made from `match.legal_commands(side)`, with a short line on what it would
change. The dice themselves are drawn as faces and picked with a click or the number keys (prompt_dice.py). A
mission's question ("choice") shows its own words; a prompt kind this panel does not know is still answered: a
generic panel lists the legal commands as they describe themselves.
"""
from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.match import commands as C

from .answer_words import attack_answer_words
from .prompt_dice import DicePanels, die_critical, die_ok
from .prompt_dice import unit_name as _name
from .theme import rect
from .view.questions import legal
from .wording import command_text


# what each prompt kind is about, in plain words: (header, sub line) given the prompt
def _header(match, p) -> tuple[str, str]:
    k = p.kind
    if k == "devoted":
        attacker, wid, target = p.attacker, p.weapon, p.target
        try:
            w = match.unit(attacker).card.weapon(wid)
        except Exception:
            w = None
        return (f"{_name(match, target)} is shot at by {_name(match, attacker)}"
                + (f" ({w.name})" if w is not None else "") + ": may a Devoted unit take its place?",
                "Devoted: a squadmate within reach becomes the target instead. Click it on the table or below.")
    if k == "counter":
        defender, attacker = p.target, p.attacker
        return (f"Counter: {_name(match, defender)} lost no HIT - strike back at {_name(match, attacker)}?",
                "A free Melee attack with the weapon you pick. It costs nothing and triggers no Counter in return.")
    if k == "react":
        a = match.active_unit
        who = _name(match, a) if a is not None else "An enemy unit"
        return (f"{who} is activating: react?",
                "Standby: a unit on Standby takes one free Basic Action now.  Misdirection (1 TO): two units of "
                "your squad swap places.")
    if k == "aoo":
        return p.text, "Your unit may make a free Melee attack against the unit leaving (once per Turn, R16)."
    if k == "blunt":
        return p.text, "Each die removed costs some of the move's remaining length (R16)."
    if k == "pick_npc":
        return p.text, "Click a highlighted NPC on the table, or pick it here."
    if k == "first":
        return p.text, "The side that activates first this Turn."
    return p.text or "A decision to make", ""


class PromptPanel(DicePanels):
    def __init__(self, scene) -> None:
        self.scene = scene
        self.elements: list = []
        self.commands: dict = {}  # button -> command
        self.actions: dict = {}  # button -> callable (a choice made on the table: Misdirection's two units)
        self.key = None
        self._base = None
        self._placed: tuple | None = None  # (the question, the box's top) where it was last placed
        self.selected = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.die_rects: list[pygame.Rect] = []
        self.die_faces: list[tuple] = []  # (DieV, success, critical) for prompts that show dice without a decision
        self.plain_dice = False  # the dice have no stat to pass (a mission's roll): faces only
        self.die_select = False  # the dice are clicked to pick one (dice, parry)
        self.header = ""
        self.sub = ""
        self.summary = ""
        self.summary_head = "If you accept now:"
        self.right_w = 0
        self.notes: list[tuple[pygame.Rect, str]] = []  # what each option does, drawn beside its button
        self.default = None  # the command Enter gives
        self.generic = False
        self._bg = None
        self.max_rows = 4  # more options than this: a grid of buttons (their lines become tooltips)
        self.sub_lines: list[str] | None = None  # the sub line wrapped as the builder measured it
        self.dice_top = 0  # where the dice start, from the panel's top
        self.build_error: Exception | None = None  # why the usual panel failed (the generic one is shown)
        self.option_units: dict = {}  # button -> the unit its option names (a choice of units: their cards show)
        self.head_lines: list[str] = []  # the header wrapped to the box's width (a long one takes two or three lines)
        self.head_extra = 0  # the pixels its lines past the first add above everything else

    def clear(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements = []
        self.commands = {}
        self.actions = {}
        self.key = None
        self.die_rects = []
        self.die_faces = []
        self.plain_dice = False
        self.die_select = False
        self.notes = []
        self.default = None
        self.generic = False
        self.summary = ""
        self.summary_head = "If you accept now:"
        self.sub_lines = None
        self.dice_top = 0
        self.max_rows = 4
        self.option_units = {}
        self.head_lines = []
        self.head_extra = 0

    @property
    def active(self) -> bool:
        return self.key is not None

    def sync(self, match, side: str, area: pygame.Rect) -> None:
        """Build or rebuild the widgets when the prompt, the dice or the selection changed."""
        p = match.prompt
        if p is None or p.side != side or not self.scene.my_decision():
            if self.key is not None:
                self.clear()
            self._base = None
            return
        effects = getattr(self.scene, "effects", None)
        if effects is not None and effects.banner is not None:  # the banner first, then the question
            if self.key is not None:
                self.clear()
            return
        t = getattr(self.scene, "skill", None)
        if t is not None and t.from_prompt:  # its units are being picked on the table: out of the way
            if self.key is not None:
                self.clear()
            return
        base = (p.kind, repr(p.decision), repr(p.options), repr(p.data))
        if base != self._base:
            self._base = base
            if p.kind in ("dice", "parry") and p.decision is not None:
                self.selected = self._default_die(p.decision, p.kind)
            elif p.kind == "mission_dice":
                self.selected = 0
        key = base + (match.to.get(side, 0), self.selected, tuple(area), self.scene.app.settings.ui_scale)
        if key == self.key:
            return
        self.clear()
        self.key = key
        build = {"dice": self._build_dice, "parry": self._build_dice, "life_drain": self._build_number,
                 "shield": self._build_number, "fate_shift": self._build_fate, "choice": self._build_question,
                 "mission_dice": self._build_mission_dice}.get(p.kind, self._build_choice)
        try:
            build(match, side, p, area)
        except Exception as e:  # never a dead end: the legal commands as they describe themselves
            self.clear()
            self.key = key
            self.build_error = e  # (for whoever debugs it; the player reads a plain note)
            self._build_generic(match, side, p, area, note="(The usual panel for this question could not be "
                                                          "shown.)")

    # -- building blocks ---------------------------------------------------------------------------
    def _wrap_header(self, W: int) -> int:
        """Wrap the header to a box `W` wide (at most three lines); the height its lines past the first add."""
        s = self.scene.app.settings.ui_scale
        T = self.scene.app.text
        self.head_lines = T.wrap(self.header, 17, W - int(32 * s), True)[:3] or [self.header]
        self.head_extra = (len(self.head_lines) - 1) * T.line_height(17)
        return self.head_extra

    def _place(self, area, W, H) -> None:
        """At the bottom of the table view; at the top when the units the prompt is about would be hidden."""
        s = self.scene.app.settings.ui_scale
        H = min(H, area.h - int(20 * s))
        self.rect = pygame.Rect(area.centerx - W // 2, area.bottom - H - int(10 * s), W, H)
        key = (self._base, tuple(area))
        if self._placed is not None and self._placed[0] == key:  # the same question (another die picked): the
            y = min(self._placed[1], area.bottom - H - int(10 * s))  # box stays where it is
            self.rect.y = max(area.y + int(10 * s), y)
            return
        self._place_new(area, W, H)
        self._placed = (key, self.rect.y)

    def _place_new(self, area, W, H) -> None:
        s = self.scene.app.settings.ui_scale
        pts = self._about_points()
        if pts:
            top = pygame.Rect(self.rect.x, area.y + int(10 * s), W, H)
            hidden = lambda r: sum(1 for q in pts if r.inflate(24, 24).collidepoint(q))  # noqa: E731
            if hidden(self.rect) and hidden(top) < hidden(self.rect):
                self.rect = top
            if hidden(self.rect):  # docked at either edge it would still hide them: the table makes room
                self.scene.framing.make_room(pts, self.rect)

    def _about_points(self) -> list:
        sc = self.scene
        try:
            p = sc.match.prompt
            uids = set(getattr(p, "options", ()) or ()) if p.kind == "pick_npc" else set()
            from .battle.draw_table import prompt_rings
            uids |= set(prompt_rings(sc))
            return [sc.camera.to_screen(sc.by_uid[u].x, sc.by_uid[u].y) for u in uids if u in sc.by_uid]
        except Exception:
            return []

    def _button(self, r, label, target, tip: str = "", oid: str = "#small"):
        sc = self.scene
        b = UIButton(r, label, sc.app.manager, container=sc.root, object_id=oid,
                     tool_tip_text=escape(tip) if tip else None)  # a tooltip is HTML: "<" must stay text
        self.elements.append(b)
        if callable(target) and not isinstance(target, C.Command):
            self.actions[b] = target
        else:
            self.commands[b] = target
        return b

    def _rows_height(self, n: int, area) -> tuple[int, bool]:
        """(height of n option rows, one row per option?) - a grid of buttons when the rows do not fit."""
        s = self.scene.app.settings.ui_scale
        row = int(36 * s)
        room = int(area.h * 0.55)
        if n <= self.max_rows and n * row <= room:
            return n * row, True
        per = 3
        rows = (n + per - 1) // per
        return rows * row, False

    def _rows(self, items, x, y, w, one_per_row: bool) -> int:
        """Buttons for (label, what, command-or-callable) items; the 'what' beside each (or as tooltip)."""
        s = self.scene.app.settings.ui_scale
        bh = int(30 * s)
        gap = int(6 * s)
        if one_per_row:
            T = self.scene.app.text
            longest = max((T.size(lab, 14, True)[0] for lab, _, _ in items), default=0) + int(30 * s)
            bw = max(int(150 * s), min(int(w * 0.5), longest))
            for label, what, target in items:
                self._button(rect(x, y, bw, bh), label, target, tip=what)
                if what:
                    self.notes.append((pygame.Rect(x + bw + int(10 * s), y, w - bw - int(10 * s), bh), what))
                y += bh + gap
            return y
        per = 3
        bw = (w - (per - 1) * gap) // per
        for i, (label, what, target) in enumerate(items):
            bx = x + (i % per) * (bw + gap)
            by = y + (i // per) * (bh + gap)
            self._button(rect(bx, by, bw, bh), label, target, tip=what)
        rows = (len(items) + per - 1) // per
        return y + rows * (bh + gap)

    # -- a mission's question: its own words -----------------------------------------------------------------
    def _build_question(self, match, side, p, area) -> None:
        self.header = p.text or "A decision to make"
        secret = p.secret
        self.sub = "A secret choice: the others do not see it, and the log keeps it quiet." if secret else ""
        self.die_rects = []
        items = [(*_label_and_note(words), C.Choose(side, oid)) for oid, words in p.options]
        self.max_rows = 6
        units = dict(zip((C.Choose(side, oid) for oid, _ in p.options), p.units))
        if any(u is not None for u in units.values()):
            self.sub = (self.sub + " " if self.sub else "") + "Point at an option to read its unit's card."
        self._choice_panel(area, items)
        self.option_units = {b: units[c] for b, c in self.commands.items() if units.get(c) is not None}

    def card_unit(self) -> int | None:
        """The unit whose card the question shows: the one named by the option under the mouse, else the first
        option's (a choice of units: the candidates' cards)."""
        if not self.option_units or not self.active:
            return None
        mouse = self.scene.app.mouse
        return next((u for b, u in self.option_units.items() if b.rect.collidepoint(mouse)),
                    next(iter(self.option_units.values())))

    # -- choices: who, which weapon, which reaction ------------------------------------------------------
    def _build_choice(self, match, side, p, area) -> None:
        known = ("aoo", "blunt", "first", "pick_npc", "devoted", "counter", "react")
        if p.kind not in known:
            self._build_generic(match, side, p, area)
            return
        cmds = legal(match, side)
        self.header, self.sub = _header(match, p)
        self.die_rects = []
        items = []
        skills: dict[str, list] = {}
        attacks = {a.command: a for a in match.prompt_answers(side)}  # what each answer's attack would roll
        for c in cmds:
            if p.kind == "react" and isinstance(c, C.UseSkill):
                skills.setdefault(c.skill, []).append(c)
                continue
            if c in attacks:
                label, what = attack_answer_words(match, p, attacks[c])
            else:
                label, what = self._choice_label(match, c, p)
            items.append((label, what, c))
        for sid, group in skills.items():  # Misdirection: the two units are clicked on the table
            from .skillui import skill_name
            name = skill_name(match, sid)
            items.append((f"{name} (1 TO)...", "pick the two units on the table",
                                      lambda g=group, sid=sid: self.scene.skills.start_prompt(sid, g)))
        if p.kind == "react":  # "let it go on" last
            items.sort(key=lambda it: isinstance(it[2], C.ChooseUnit) and it[2].uid is None)
        if p.kind in ("devoted", "react"):
            self.default = next((c for c in cmds if isinstance(c, C.ChooseUnit) and c.uid is None), None)
        self.max_rows = 1 if p.kind in ("pick_npc", "first") else 4
        self._choice_panel(area, items)

    def _choice_panel(self, area, items) -> None:
        s = self.scene.app.settings.ui_scale
        W = min(area.w - int(20 * s), int(760 * s))
        rows_h, one = self._rows_height(len(items), area)
        T = self.scene.app.text
        sub_lines = T.wrap(self.sub, 12, W - int(32 * s)) if self.sub else []
        self.sub_lines = sub_lines[:4]
        top = int(40 * s) + self._wrap_header(W) + len(self.sub_lines) * T.line_height(12) + int(10 * s)
        H = top + rows_h + int(8 * s)
        self._place(area, W, H)
        self._rows(items, self.rect.x + int(16 * s), self.rect.y + top, self.rect.w - int(32 * s), one)

    def _choice_label(self, match, c, p) -> tuple[str, str]:
        """Answers that are words: which NPC, who goes first, Standby or let it go on."""
        if isinstance(c, C.PickNpc):
            h = match.health(c.uid)
            return match.unit(c.uid).name, f"activates next (HIT {h.hit}/{h.max_hit})"
        if isinstance(c, C.ChooseFirst):
            return f"{match.side_name(c.first)} first", "activates first this Turn"
        if isinstance(c, C.ChooseUnit):
            if c.uid is None:
                return "Let it go on", "no reaction now"
            return (f"Standby: {match.unit(c.uid).name} acts",
                    "one free Basic Action now (its 1 ACT was paid going on Standby)")
        return command_text(match, c, getattr(c, "side", None)), ""

    # -- any other prompt: the legal commands, as they describe themselves ------------------------------
    def _build_generic(self, match, side, p, area, note: str = "") -> None:
        self.generic = True
        self.max_rows = 6
        self.die_rects = []
        self.header = p.text or "A decision to make"
        self.sub = "Pick one of the possible answers." + (f" {note}" if note else "")
        try:
            cmds = legal(match, side)
        except Exception:
            cmds = []
        items = [(_crop(command_text(match, c, side), 40), "", c) for c in cmds]
        if not items:
            self.sub += " No answer is possible: the match lists none."
        self._choice_panel(area, items)

    # -- input and drawing -------------------------------------------------------------------------
    def command_for(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.commands.get(event.ui_element)
        return None

    def action_for(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.actions.get(event.ui_element)
        return None

    def click(self, pos) -> bool:
        if self.die_select:
            for i, r in enumerate(self.die_rects):
                if r.inflate(6, 6).collidepoint(pos):
                    self.select(i)
                    return True
        return self.rect.collidepoint(pos)

    def select(self, i: int) -> None:
        if self.die_select and 0 <= i < len(self.die_rects) and i != self.selected:
            self.selected = i
            self.key = None  # rebuild the options for this die

    def accept_command(self):
        if self.default is not None:
            return self.default
        for c in self.commands.values():
            if isinstance(c, C.AcceptDice):
                return c
        return None

    def _background(self, size):
        if self._bg is None or self._bg.get_size() != size:
            self._bg = pygame.Surface(size, pygame.SRCALPHA)
            self._bg.fill((14, 17, 22, 240))
        return self._bg

    def draw(self, screen, match) -> None:
        sc = self.scene
        drawn = sc.drawn
        drawn.start("question")  # (what it cut is recorded for the screen tests: game/ui/drawn.py)
        if not self.active:
            return
        app = sc.app
        T, pal = app.text, app.palette
        s = app.settings.ui_scale
        r = self.rect
        screen.blit(self._background(r.size), r)
        pygame.draw.rect(screen, pal.select if not self.generic else pal.warn, r, 2, border_radius=8)
        y = r.y + int(10 * s)
        for line in drawn.wrap(T, "question", self.header, 17, r.w - int(32 * s), max(1, len(self.head_lines)), True):
            T.blit(screen, line, (r.x + int(16 * s), y), 17, pal.text, True)
            y += T.line_height(17)
        if self.sub:
            lines = drawn.wrap(T, "question", self.sub, 12, r.w - int(32 * s), max(1, len(self.sub_lines or ())))
            y = r.y + int(34 * s) + self.head_extra
            for line in lines:
                T.blit(screen, line, (r.x + int(16 * s), y), 12, pal.text_dim)
                y += T.line_height(12)
        for nr, text in self.notes:
            lines = drawn.wrap(T, "question", text, 12, nr.w, max(2, nr.h // T.line_height(12)))
            y = nr.centery - len(lines) * T.line_height(12) // 2
            for line in lines:
                T.blit(screen, line, (nr.x, y), 12, pal.text_dim)
                y += T.line_height(12)
        p = match.prompt
        if p is None:
            return
        d = p.decision
        if self.die_faces:
            for (die, ok, crit), dr in zip(self.die_faces, self.die_rects):
                spr = app.sprites.die(dr.w, die.natural, die.shift, ok, crit, die.rerolled, die.auto)
                screen.blit(spr, spr.get_rect(center=dr.center))
                T.blit(screen, f"{self.die_rects.index(dr) + 1}: {'ok' if ok else 'fails'}",
                       (dr.centerx, dr.bottom + int(4 * s)), 11, pal.good if ok else pal.bad, True, anchor="midtop")
        elif d is not None and self.die_rects:
            for i, (die, dr) in enumerate(zip(d.dice, self.die_rects)):
                ok = self.plain_dice or die_ok(d, i)
                crit = ok and not self.plain_dice and die_critical(d, i)
                spr = app.sprites.die(dr.w, die.natural, die.shift, ok, crit, die.rerolled, die.auto,
                                      selected=(self.die_select and i == self.selected),
                                      sides=p.sides if p.kind == "mission_dice" else 6, plain=self.plain_dice)
                screen.blit(spr, spr.get_rect(center=dr.center))
                note = "Critical" if crit else ("auto" if die.auto else ("ok" if ok else "fails"))
                if die.natural == 6 and not die.auto:
                    note = "6: fails"
                if self.plain_dice:
                    note = str(die.value)
                col = pal.critical if crit else (pal.good if ok else pal.bad)
                T.blit(screen, f"{i + 1}: {note}", (dr.centerx, dr.bottom + int(4 * s)), 11, col, True,
                       anchor="midtop")
        if self.summary and self.die_select:
            x = r.right - self.right_w
            y = r.y + self.dice_top
            T.blit(screen, self.summary_head, (x, y), 11, pal.text_dim)
            y += T.line_height(11)
            # as many lines as there is room for above the Accept button (prompt_dice.py places it), 4 at least
            room = r.bottom - int(64 * s) - y
            for line in drawn.wrap(T, "question", self.summary, 14, self.right_w - int(20 * s),
                                   max(4, room // T.line_height(14)), True):
                T.blit(screen, line, (x, y), 14, pal.select, True)
                y += T.line_height(14)


def _crop(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _label_and_note(words: str, most: int = 32) -> tuple[str, str]:
    """A long option ("Defensive Stance: One unit gains Tough 1...") as a button with its name and the rest as the
    note beside it, so no button is too narrow for its words."""
    if len(words) <= most:
        return words, ""
    name, sep, rest = words.partition(": ")
    if sep and len(name) <= most:
        return name, rest
    short = ""
    for word in words.split():  # no name of its own: its first words on the button, all of them beside it
        if len(short) + len(word) + 1 > most - 3:
            break
        short = f"{short} {word}".strip()
    return f"{short}...", words
