"""The dice questions of the battle screen's prompt panel: re-roll or change Attack dice and Armor Saves (with
what each option would change), Parry, Life Drain and Shield counts, Fate Shift, and a mission's own roll that
Tactical Orders may re-roll or change."""
from __future__ import annotations

import pygame

from game.match import commands as C
from game.rules.combat import SOURCE_NAMES as RULE_SOURCES
from game.rules.combat import drained_damage, strike_damage

from .dicelog import DieV
from .theme import rect
from .wording import command_text

SOURCE_NAMES = {**RULE_SOURCES, "TO": "Tactical Order", "RLT": "Relentless", "ACC": "Accurate", "BRU": "Brutal",
                "support": "Support", "cover": "Cover", "shield": "Shield", "PAR": "Parry", "fate": "Fate Shift"}


def die_ok(decision, i: int) -> bool:
    """Die i succeeds (the rules' own reading when it has one: a Hardened 2 is a Critical Save)."""
    if hasattr(decision, "ok"):
        return decision.ok(i)
    return decision.dice[i].succeeds(decision.stat)


def die_critical(decision, die) -> bool:
    crit = getattr(decision, "crit", 1)
    return not die.auto and die.shift == 0 and die.natural <= crit


def success_chance(stat: int) -> int:
    """How many faces of 6 succeed against `stat` on a fresh roll."""
    return sum(1 for k in range(1, 7) if DieV(k).succeeds(stat))


def dice_summary(decision, attack_kind: str | None, rnd: int = 0) -> str:
    dice = decision.dice
    stat = decision.stat
    if decision.stage in ("attack", "parry", "drain"):
        dmg, crits = strike_damage(dice, stat, rnd)
        hits = sum(1 for i in range(len(dice)) if die_ok(decision, i))
        return f"{hits} Strike{'s' if hits != 1 else ''} ({crits} Critical) = {dmg} Damage"
    saved = [d for i, d in enumerate(dice) if die_ok(decision, i)]
    crits = sum(1 for d in saved if die_critical(decision, d))
    damage = len(dice)
    if decision.stage == "save" and attack_kind == "ranged":
        lose = max(0, damage - min(damage, len(saved) + crits))
        extra = f" ({crits} Critical, counting double)" if crits else ""
        return f"{len(saved)} save{'s' if len(saved) != 1 else ''}{extra}: lose {lose} HIT"
    lose = damage - len(saved)
    ret = f"; {crits} Critical Save{'s' if crits != 1 else ''} return{'s' if crits == 1 else ''} {crits} Damage" \
        if crits else ""
    return f"{len(saved)} save{'s' if len(saved) != 1 else ''}: lose {lose} HIT{ret}"


def option_text(cmd, decision, to_left: int) -> tuple[str, str]:
    """(button label, what it would change) for one dice command."""
    stat = decision.stat
    if isinstance(cmd, C.AcceptDice):
        return "Accept", ""
    d = decision.dice[cmd.index]
    now_ok = die_ok(decision, cmd.index)
    now = "now succeeds" + (" (Critical)" if die_critical(decision, d) else "") if now_ok else "now fails"
    if isinstance(cmd, C.RerollDie):
        k = success_chance(stat)
        src = SOURCE_NAMES.get(cmd.source, cmd.source)
        label = "Re-roll (1 TO)" if cmd.source == "TO" else f"Re-roll ({src}, free)"
        return label, f"{k} in 6 to succeed, 1 in 6 Critical ({now})"
    if isinstance(cmd, C.ChangeDie):
        new = DieV(d.natural, d.shift + cmd.delta, d.rerolled, d.auto)
        ok = new.succeeds(stat)
        what = "succeeds" if ok else ("still fails" if not now_ok else "fails")
        if d.natural == 6:
            what = "a natural 6 always fails (R2)"
        lost_crit = ", loses its Critical" if die_critical(decision, d) and cmd.delta else ""
        return (f"{'+1' if cmd.delta > 0 else '-1'} (1 TO)", f"{d.value} becomes {new.natural + new.shift}: "
                f"{what}{lost_crit}")
    if isinstance(cmd, C.RollAutoDie):
        return "Roll it", "a 1 would be a Critical (2 Damage), but it may fail"
    return command_text(None, cmd), ""


def unit_name(match, uid) -> str:
    try:
        return match.unit(uid).name
    except Exception:
        return "a unit"


def _attacker_of(match, defender: int) -> int | None:
    """Who attacks `defender` now: the active unit when it is an enemy (the match does not name the attacker
    of a Parry decision)."""
    a = match.active_unit
    if a is not None and a != defender:
        try:
            if match.side_of(a) != match.side_of(defender):
                return a
        except Exception:
            return None
    return None


class DicePanels:
    """The dice questions of the prompt panel (mixed into PromptPanel): re-roll or change dice, Parry, Life Drain
    and Shield counts, Fate Shift, a mission's own roll."""

    def _default_die(self, d, kind: str = "dice") -> int:
        if kind == "parry":  # the attacker's best Strike: a Critical first
            ok = [i for i in range(len(d.dice)) if die_ok(d, i) and not d.dice[i].rerolled and not d.dice[i].auto]
            if ok:
                return min(ok, key=lambda i: (not die_critical(d, d.dice[i]), i))
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
        who = unit_name(match, d.uid)
        kind = sc.attack_kind
        to_left = match.to.get(side, 0)
        if parry:
            att = _attacker_of(match, d.uid)
            an = unit_name(match, att) if att is not None else "the attacker"
            self.header = f"Parry: {who} may make {an} re-roll one Strike ({n} dice vs SKL {d.stat})"
            self.sub = ("Pick one of the dice that hit (click or 1-9), then Parry it: the attacker re-rolls it "
                        "once. Accept: no Parry.")
            self.summary = dice_summary(d, "melee") + " against you"
        else:
            if d.stage == "attack":
                self.header = f"{who}'s Attack dice: {n} vs SKL {d.stat}"
            elif d.stage == "save":
                self.header = f"{who}'s Armor Saves: {n} vs ARM {d.stat}"
            else:
                self.header = f"Returned Damage: {who} saves {n} vs ARM {d.stat}"
            free = ", ".join(f"{SOURCE_NAMES.get(src, src)} x{k}" for src, k in d.free if k > 0)
            self.sub = (f"Free re-rolls: {free}.  " if free else "") + f"Tactical Orders left: {to_left}.  " \
                + ("These dice may not be re-rolled.  " if getattr(d, "no_reroll", False) else "") \
                + "Pick a die (click or 1-9), then an option; Accept when done."
            self.summary = dice_summary(d, kind)
        cmds = match.legal_commands(side)
        mine = [c for c in cmds if getattr(c, "index", None) == self.selected]
        options = []
        for c in mine:
            if parry:
                options.append(("Parry this die", f"the attacker re-rolls it: {success_chance(d.stat)} in 6 it hits "
                                "again", c))
            else:
                options.append(option_text(c, d, to_left) + (c,))
        # the layout, measured: header and sub lines, the dice with their labels, one row per option (its note
        # beside it, on two lines when narrow); the summary and Accept in a column on the right
        pad = int(16 * s)
        W = min(area.w - int(20 * s), int(820 * s))
        self.sub_lines = T.wrap(self.sub, 12, W - 2 * pad)[:2]
        dsz, gap = int(46 * s), int(14 * s)
        dice_y = max(int(58 * s), int(34 * s) + len(self.sub_lines) * T.line_height(12) + int(8 * s))
        top = dice_y + dsz + int(28 * s)  # under the dice and their labels
        self.right_w = min(int(230 * s), int(W * 0.3))
        longest = max((T.size(lab, 14, True)[0] for lab, _, _ in options), default=0) + int(24 * s)
        bw = max(int(120 * s), min(longest, int(W * 0.34)))
        lw = W - self.right_w - pad - (pad + bw + int(8 * s))
        bh, row_gap = int(30 * s), int(4 * s)
        lh = T.line_height(12)
        heights = [max(bh, len(T.wrap(what, 12, lw)[:2]) * lh + int(4 * s)) for _, what, _ in options]
        rows_h = sum(h + row_gap for h in heights) if heights else bh + row_gap
        H = max(int(232 * s), top + rows_h + int(12 * s))
        self._place(area, W, H)
        x = self.rect.x + pad
        self.die_rects = [pygame.Rect(x + i * (dsz + gap), self.rect.y + dice_y, dsz, dsz) for i in range(n)]
        self.dice_top = dice_y
        by = self.rect.y + top
        for (label, what, c), h in zip(options, heights):
            self._button(rect(x, by + (h - bh) // 2, bw, bh), label, c, tip=what)
            self.notes.append((pygame.Rect(x + bw + int(8 * s), by, lw, h), what))
            by += h + row_gap
        if not mine:
            self.notes.append((pygame.Rect(x, by, W - self.right_w - 2 * pad, bh),
                               "A die that missed: nothing to Parry." if parry else
                               "This die has no options left (re-rolled already, or no TO)."))
        acc = next((c for c in cmds if isinstance(c, C.AcceptDice)), None)
        if acc is not None:
            aw, ah = self.right_w - int(16 * s), int(44 * s)
            b = self._button(rect(self.rect.right - aw - pad, self.rect.bottom - ah - int(14 * s), aw, ah),
                             "No Parry (Enter)" if parry else "Accept (Enter)", acc, tip=self.summary,
                             oid="#accept")
            self.accept_button = b
            self.default = acc

    # -- Life Drain and Shield: how many --------------------------------------------------------------
    def _build_number(self, match, side, p, area) -> None:
        d = p.decision
        top = p.options[0] if p.options else 0
        cmds = [c for c in match.legal_commands(side) if isinstance(c, C.ChooseNumber)]
        who = unit_name(match, d.uid) if d is not None else ""
        items = []
        if p.kind == "life_drain":
            self.header = f"Life Drain: how many Critical Strikes heal {who} instead of dealing Damage?"
            self.sub = f"Each one heals 1 HIT and deals its 2 Damage no more (up to {top})."
            h = match.health(d.uid) if d is not None else None
            dmg, crits = strike_damage(d.dice, d.stat, 0) if d is not None else (0, 0)
            for c in cmds:
                n = c.n
                gain = min(n, h.max_hit - h.hit) if h is not None else n
                left = max(0, dmg - drained_damage(crits, 0, n))
                label = "Keep all the Damage" if n == 0 else f"Drain {n}"
                what = f"heal {gain} HIT, deal {left} Damage" if n else f"heal nothing, deal {dmg} Damage"
                items.append((label, what, c))
            self.default = next((c for c in cmds if c.n == 0), None)
        else:
            self.header = f"Shield: how many of {who}'s Critical Saves count as two saves?"
            self.sub = "Counted as two saves, a Critical Save blocks 2 Damage but returns no Damage to the attacker."
            damage = len(d.dice) if d is not None else 0
            saved = [i for i in range(damage) if die_ok(d, i)]
            crits = sum(1 for i in saved if die_critical(d, d.dice[i]))
            for c in cmds:
                n = c.n
                lose = damage - min(damage, len(saved) + n)
                back = max(0, crits - n)
                label = "No Shield" if n == 0 else f"Shield {n}"
                what = f"lose {lose} HIT, return {back} Damage to the attacker"
                items.append((label, what, c))
            self.default = next((c for c in cmds if c.n == top), None)
        if self.default is not None:
            items = [(lab + (" (Enter)" if c == self.default else ""), what, c) for lab, what, c in items]
        self._dice_and_rows(area, d, items)

    def _dice_and_rows(self, area, d, items, faces=None) -> None:
        s = self.scene.app.settings.ui_scale
        W = min(area.w - int(20 * s), int(760 * s))
        rows_h, one = self._rows_height(len(items), area)
        dsz = int(40 * s)
        dice_h = dsz + int(30 * s)
        H = int(64 * s) + dice_h + rows_h + int(10 * s)
        self._place(area, W, H)
        x = self.rect.x + int(16 * s)
        y = self.rect.y + int(56 * s)
        n = len(faces) if faces is not None else (len(d.dice) if d is not None else 0)
        gap = int(36 * s)  # room for each die's label
        self.die_rects = [pygame.Rect(x + i * (dsz + gap), y, dsz, dsz) for i in range(n)]
        if faces is not None:
            self.die_faces = faces
        self._rows(items, x, y + dice_h, self.rect.w - int(32 * s), one)

    # -- Fate Shift: re-roll one Tactical Order die -----------------------------------------------------
    def _build_fate(self, match, side, p, area) -> None:
        faces = list(p.options)
        out = match.taken_out_count.get(side, 0)
        to_now = sum(1 for f in faces if f <= 3) + out
        self.header = f"Fate Shift: re-roll one Tactical Order die?  ({to_now} TO as rolled)"
        self.sub = "Each die of 1-3 gives 1 Tactical Order" + (f", +{out} for units Taken Out" if out else "") + \
            ". Re-roll one die that failed, or keep the roll."
        items = []
        for c in match.legal_commands(side):
            if isinstance(c, C.AcceptDice):
                items.append((f"Keep {to_now} TO (Enter)", "no re-roll", c))
                self.default = c
            elif isinstance(c, C.RerollDie):
                f = faces[c.index] if 0 <= c.index < len(faces) else "?"
                items.append((f"Re-roll die {c.index + 1} (a {f})", "3 in 6 it becomes a 1-3: one more TO", c))
            else:
                items.append((command_text(match, c, side), "", c))
        dice = [(DieV(int(f)), int(f) <= 3, False) for f in faces]
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
        for c in match.legal_commands(side):
            if isinstance(c, C.AcceptDice):
                self.default = c
                continue
            if getattr(c, "index", None) != self.selected:
                continue
            die = d.dice[c.index]
            if isinstance(c, C.RerollDie):
                items.append(("Re-roll (1 TO)", f"roll this {die.value} again (once per die)", c))
            elif isinstance(c, C.ChangeDie):
                items.append((f"{'+1' if c.delta > 0 else '-1'} (1 TO)", f"{die.value} becomes {die.value + c.delta}",
                               c))
        if self.default is not None:
            items.append(("Accept (Enter)", "keep the dice as they are", self.default))
        self._dice_and_rows(area, d, items)
