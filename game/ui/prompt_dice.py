"""The dice questions of the battle screen's prompt panel: re-roll or change Attack dice and Armor Saves (with
what each option would change), Parry, Life Drain and Shield counts, Fate Shift, and a mission's own roll that
Tactical Orders may re-roll or change."""
from __future__ import annotations

import pygame

from game.match import commands as C

from .answer_words import dice_question, fate_words, mission_die_words, name, number_question
from .dicelog import DieV
from .theme import rect


def die_ok(decision, i: int) -> bool:
    """Die i succeeds, as the rules read it (a Hardened 2 is a Critical Save)."""
    if hasattr(decision, "ok"):
        return decision.ok(i)
    return decision.dice[i].succeeds(decision.stat)


def die_critical(decision, i: int) -> bool:
    """Die i is a Critical, as the decision (the rules) reads it."""
    return decision.critical(i) if hasattr(decision, "critical") else False


unit_name = name


class DicePanels:
    """The dice questions of the prompt panel (mixed into PromptPanel): re-roll or change dice, Parry, Life Drain
    and Shield counts, Fate Shift, a mission's own roll."""

    def _default_die(self, d, kind: str = "dice") -> int:
        if kind == "parry":  # the attacker's best Strike: a Critical first
            ok = [i for i in range(len(d.dice)) if die_ok(d, i) and not d.dice[i].rerolled and not d.dice[i].auto]
            if ok:
                return min(ok, key=lambda i: (not die_critical(d, i), i))
            return 0
        for i, die in enumerate(d.dice):
            if not die_ok(d, i) and not die.rerolled and not die.auto:
                return i
        return 0

    # -- dice (re-roll, change, accept) and Parry ----------------------------------------------------
    def _build_dice(self, match, side, p, area) -> None:
        sc = self.scene
        s = sc.app.settings.ui_scale
        T = sc.app.text
        d = p.decision
        n = len(d.dice)
        parry = p.kind == "parry"
        self.die_select = True
        self.selected = min(self.selected, max(0, n - 1))
        q = dice_question(match, side, self.selected)
        self.header, self.sub, self.summary = q.header, q.sub, q.summary
        options = q.items
        # the layout, measured: header and sub lines, the dice with their labels, one row per option (its note
        # beside it, on two lines when narrow); the summary and Accept in a column on the right
        pad = int(16 * s)
        W = min(area.w - int(20 * s), int(820 * s))
        self.sub_lines = T.wrap(self.sub, 12, W - 2 * pad)[:4]
        dsz, gap = int(46 * s), int(14 * s)
        dice_y = max(int(58 * s), int(34 * s) + len(self.sub_lines) * T.line_height(12) + int(8 * s)) + \
            self._wrap_header(W)
        top = dice_y + dsz + int(28 * s)  # under the dice and their labels
        self.right_w = min(int(230 * s), int(W * 0.3))
        longest = max((T.size(lab, 14, True)[0] for lab, _, _ in options), default=0) + int(24 * s)
        bw = max(int(120 * s), min(longest, int(W * 0.34)))
        lw = W - self.right_w - pad - (pad + bw + int(8 * s))
        bh, row_gap = int(30 * s), int(4 * s)
        lh = T.line_height(12)
        heights = [max(bh, len(T.wrap(what, 12, lw)[:6]) * lh + int(4 * s)) for _, what, _ in options]
        rows_h = sum(h + row_gap for h in heights) if heights else bh + row_gap
        # the right column: the summary's head and lines over the Accept button (prompts.py draws as many lines as
        # there is room for above it)
        summary_lines = len(T.wrap(self.summary, 14, self.right_w - int(20 * s), True)) if self.summary else 0
        column = dice_y + T.line_height(11) + summary_lines * T.line_height(14) + int(64 * s)
        H = max(int(232 * s), top + rows_h + int(12 * s), column)
        self._place(area, W, H)
        x = self.rect.x + pad
        self.die_rects = [pygame.Rect(x + i * (dsz + gap), self.rect.y + dice_y, dsz, dsz) for i in range(n)]
        self.dice_top = dice_y
        by = self.rect.y + top
        for (label, what, c), h in zip(options, heights):
            self._button(rect(x, by + (h - bh) // 2, bw, bh), label, c, tip=what)
            self.notes.append((pygame.Rect(x + bw + int(8 * s), by, lw, h), what))
            by += h + row_gap
        if not options:
            self.notes.append((pygame.Rect(x, by, W - self.right_w - 2 * pad, bh), q.empty))
        acc = q.default
        if acc is not None:
            aw, ah = self.right_w - int(16 * s), int(44 * s)
            b = self._button(rect(self.rect.right - aw - pad, self.rect.bottom - ah - int(14 * s), aw, ah),
                             "No Parry (Enter)" if parry else "Accept (Enter)", acc, tip=self.summary,
                             oid="#accept")
            self.accept_button = b
            self.default = acc

    # -- Life Drain and Shield: how many --------------------------------------------------------------
    def _build_number(self, match, side, p, area) -> None:
        q = number_question(match, side)
        self.header, self.sub, self.default = q.header, q.sub, q.default
        self._dice_and_rows(area, p.decision, q.items)

    def _dice_and_rows(self, area, d, items, faces=None) -> None:
        s = self.scene.app.settings.ui_scale
        W = min(area.w - int(20 * s), int(760 * s))
        rows_h, one = self._rows_height(len(items), area)
        dsz = int(40 * s)
        dice_h = dsz + int(30 * s)
        extra = self._wrap_header(W)
        H = int(64 * s) + extra + dice_h + rows_h + int(10 * s)
        self._place(area, W, H)
        x = self.rect.x + int(16 * s)
        y = self.rect.y + int(56 * s) + extra
        n = len(faces) if faces is not None else (len(d.dice) if d is not None else 0)
        gap = int(36 * s)  # room for each die's label
        self.die_rects = [pygame.Rect(x + i * (dsz + gap), y, dsz, dsz) for i in range(n)]
        if faces is not None:
            self.die_faces = faces
        self._rows(items, x, y + dice_h, self.rect.w - int(32 * s), one)

    # -- Fate Shift: re-roll one Tactical Order die -----------------------------------------------------
    def _build_fate(self, match, side, p, area) -> None:
        faces = list(p.options)
        answers = match.prompt_answers(side)
        keep = next((a for a in answers if isinstance(a.command, C.AcceptDice)), None)
        out = match.taken_out_count.get(side, 0)
        self.header = "Fate Shift: re-roll one Tactical Order die?" + \
            (f"  ({keep.certain[0]} TO as rolled)" if keep is not None else "")
        self.sub = "A die that failed may be re-rolled once" + (f"; {out} TO more for units Taken Out" if out else "") \
            + ". Re-roll one, or keep the roll."
        items = []
        for a in answers:
            label, what = fate_words(a)
            if isinstance(a.command, C.AcceptDice):
                label += " (Enter)"
                self.default = a.command
            else:
                label += f" (a {faces[a.command.index]})"
            items.append((label, what, a.command))
        rerollable = {a.command.index for a in answers if isinstance(a.command, C.RerollDie)}
        dice = [(DieV(int(f)), i not in rerollable, False) for i, f in enumerate(faces)]
        self._dice_and_rows(area, None, items, faces=dice)

    # -- a mission's own roll: re-roll or change a die with Tactical Orders, or accept ---------------------------
    def _build_mission_dice(self, match, side, p, area) -> None:
        d = p.decision
        self.die_select = True
        self.plain_dice = True
        self.selected = min(self.selected, max(0, len(d.dice) - 1))
        to_left = match.to.get(side, 0)
        self.header = p.text or "A roll of the mission"
        self.sub = f"Tactical Orders left: {to_left}. Pick a die (click or 1-9), then an option; Accept when done."
        items = []
        accept = None
        for a in match.prompt_answers(side):
            c = a.command
            label, what = mission_die_words(p, a)
            if isinstance(c, C.AcceptDice):
                accept = (label, what, c)
                self.default = c
            elif getattr(c, "index", None) == self.selected:
                items.append((label, what, c))
        if accept is not None:
            items.append(accept)
        self._dice_and_rows(area, d, items)
