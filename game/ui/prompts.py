"""The player's answers to the match's prompts: dice (re-roll, spend TO, accept), Attack of Opportunity,
blunting, which NPC acts next, who activates first.

Each choice is a button made from `match.legal_commands(side)`, with a short line on what it would
change. The dice themselves are drawn as faces and picked with a click or the number keys.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.match import commands as C
from game.rules.combat import strike_damage

from .dicelog import DieV
from .theme import rect

SOURCE_NAMES = {"TO": "Tactical Order", "RLT": "Relentless", "ACC": "Accurate", "BRU": "Brutal",
                "support": "Support", "cover": "Cover", "shield": "Shield"}


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
    if decision.stage == "attack":
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
    return type(cmd).__name__, ""


class PromptPanel:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.elements: list = []
        self.commands: dict = {}  # button -> command
        self.key = None
        self._base = None
        self.selected = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.die_rects: list[pygame.Rect] = []
        self.header = ""
        self.sub = ""
        self.summary = ""
        self.right_w = 0

    def clear(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements = []
        self.commands = {}
        self.key = None
        self.die_rects = []

    @property
    def active(self) -> bool:
        return self.key is not None

    def sync(self, match, side: str, area: pygame.Rect) -> None:
        """Build or rebuild the widgets when the prompt, the dice or the selection changed."""
        p = match.prompt
        if p is None or p.side != side or self.scene.autoplayer is not None:
            if self.key is not None:
                self.clear()
            self._base = None
            return
        base = (p.kind, repr(p.decision), repr(p.options))
        if base != self._base:
            self._base = base
            if p.kind == "dice":
                self.selected = self._default_die(p.decision)
        key = base + (match.to.get(side, 0), self.selected, tuple(area), self.scene.app.settings.ui_scale)
        if key == self.key:
            return
        self.clear()
        self.key = key
        if p.kind == "dice":
            self._build_dice(match, side, p, area)
        else:
            self._build_choice(match, side, p, area)

    def _default_die(self, d) -> int:
        for i, die in enumerate(d.dice):
            if not die_ok(d, i) and not die.rerolled and not die.auto:
                return i
        return 0

    # -- dice ------------------------------------------------------------------------------------------
    def _build_dice(self, match, side, p, area) -> None:
        sc = self.scene
        m = sc.app.manager
        s = sc.app.settings.ui_scale
        d = p.decision
        n = len(d.dice)
        self.selected = min(self.selected, max(0, n - 1))
        W = min(area.w - int(20 * s), int(820 * s))
        H = int(232 * s)
        self.rect = pygame.Rect(area.centerx - W // 2, area.bottom - H - int(10 * s), W, H)
        who = match.unit(d.uid).name
        kind = sc.attack_kind
        if d.stage == "attack":
            self.header = f"{who}'s Attack dice: {n} vs SKL {d.stat}"
        elif d.stage == "save":
            self.header = f"{who}'s Armor Saves: {n} vs ARM {d.stat}"
        else:
            self.header = f"Returned Damage: {who} saves {n} vs ARM {d.stat}"
        free = ", ".join(f"{SOURCE_NAMES.get(src, src)} x{k}" for src, k in d.free if k > 0)
        to_left = match.to.get(side, 0)
        self.sub = (f"Free re-rolls: {free}.  " if free else "") + f"Tactical Orders left: {to_left}.  " \
            + ("These dice may not be re-rolled.  " if getattr(d, "no_reroll", False) else "") \
            + "Pick a die (click or 1-9), then an option; Accept when done."
        self.summary = "Accept: " + dice_summary(d, kind)
        # dice rects
        dsz = int(46 * s)
        gap = int(14 * s)
        x = self.rect.x + int(16 * s)
        y = self.rect.y + int(58 * s)
        self.die_rects = [pygame.Rect(x + i * (dsz + gap), y, dsz, dsz) for i in range(n)]
        cmds = [c for c in match.legal_commands(side)]
        mine = [c for c in cmds if getattr(c, "index", None) == self.selected]
        bx = self.rect.x + int(16 * s)
        by = y + dsz + int(28 * s)
        bw, bh = int(150 * s), int(30 * s)
        self.right_w = int(230 * s)
        lw = self.rect.right - self.right_w - int(16 * s) - (bx + bw + int(8 * s))
        for c in mine[:4]:
            label, what = option_text(c, d, to_left)
            b = UIButton(rect(bx, by, bw, bh), label, m, container=sc.root, object_id="#small",
                         tool_tip_text=what)
            self.elements.append(b)
            self.commands[b] = c
            lab = UILabel(rect(bx + bw + int(8 * s), by, lw, bh), what, m, container=sc.root, object_id="#dim")
            self.elements.append(lab)
            by += bh + int(4 * s)
        if not mine:
            lab = UILabel(rect(bx, by, self.rect.w - self.right_w - int(40 * s), bh),
                          "This die has no options left (re-rolled already, or no TO).", m,
                          container=sc.root, object_id="#dim")
            self.elements.append(lab)
        acc = next((c for c in cmds if isinstance(c, C.AcceptDice)), None)
        if acc is not None:
            aw, ah = self.right_w - int(16 * s), int(44 * s)
            b = UIButton(rect(self.rect.right - aw - int(16 * s), self.rect.bottom - ah - int(14 * s), aw, ah),
                         "Accept (Enter)", m, container=sc.root, object_id="#accept",
                         tool_tip_text=self.summary)
            self.elements.append(b)
            self.commands[b] = acc
            self.accept_button = b

    # -- other prompts -----------------------------------------------------------------------------
    def _build_choice(self, match, side, p, area) -> None:
        sc = self.scene
        m = sc.app.manager
        s = sc.app.settings.ui_scale
        W = min(area.w - int(20 * s), int(760 * s))
        cmds = match.legal_commands(side)
        rows = max(1, (len(cmds) + 2) // 3)
        H = int((92 + 38 * rows) * s)
        self.rect = pygame.Rect(area.centerx - W // 2, area.bottom - H - int(10 * s), W, H)
        self.header = p.text
        self.sub = ""
        self.summary = ""
        self.die_rects = []
        if p.kind == "aoo":
            self.sub = "Your unit may make a free Melee attack against the unit leaving (once per Turn, R16)."
        elif p.kind == "blunt":
            self.sub = "Each die removed costs 2\" of the move's remaining length (R16)."
        elif p.kind == "pick_npc":
            self.sub = "Click a highlighted NPC on the table, or pick it here."
        bw, bh = (W - int(40 * s)) // 3, int(32 * s)
        for i, c in enumerate(cmds):
            label = self._choice_label(match, c)
            x = self.rect.x + int(14 * s) + (i % 3) * (bw + int(6 * s))
            y = self.rect.y + int(66 * s) + (i // 3) * (bh + int(6 * s))
            b = UIButton(rect(x, y, bw, bh), label, m, container=sc.root, object_id="#small")
            self.elements.append(b)
            self.commands[b] = c

    def _choice_label(self, match, c) -> str:
        if isinstance(c, C.ChooseAttackOfOpportunity):
            if c.uid is None:
                return "No attack"
            u = match.unit(c.uid)
            w = u.card.weapon(c.weapon)
            return f"{u.name}: {w.name} (ATT {w.att})"
        if isinstance(c, C.Blunt):
            return "Take it (no blunting)" if c.dice == 0 else \
                f"Blunt {c.dice} {'die' if c.dice == 1 else 'dice'} (-{2 * c.dice}\")"
        if isinstance(c, C.PickNpc):
            return match.unit(c.uid).name
        if isinstance(c, C.ChooseFirst):
            return f"{c.first} first"
        return c.describe()

    # -- input and drawing -------------------------------------------------------------------------
    def command_for(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.commands.get(event.ui_element)
        return None

    def click(self, pos) -> bool:
        for i, r in enumerate(self.die_rects):
            if r.inflate(6, 6).collidepoint(pos):
                self.select(i)
                return True
        return self.rect.collidepoint(pos)

    def select(self, i: int) -> None:
        if 0 <= i < len(self.die_rects) and i != self.selected:
            self.selected = i
            self.key = None  # rebuild the options for this die

    def accept_command(self):
        for c in self.commands.values():
            if isinstance(c, C.AcceptDice):
                return c
        return None

    def draw(self, screen, match) -> None:
        if not self.active:
            return
        sc = self.scene
        app = sc.app
        T, pal = app.text, app.palette
        s = app.settings.ui_scale
        r = self.rect
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((14, 17, 22, 240))
        screen.blit(bg, r)
        pygame.draw.rect(screen, pal.select, r, 2, border_radius=8)
        T.blit(screen, self.header, (r.x + int(16 * s), r.y + int(10 * s)), 17, pal.text, True)
        if self.sub:
            T.blit(screen, self.sub, (r.x + int(16 * s), r.y + int(34 * s)), 12, pal.text_dim)
        p = match.prompt
        if p is None or p.kind != "dice":
            return
        d = p.decision
        for i, (die, dr) in enumerate(zip(d.dice, self.die_rects)):
            ok = die_ok(d, i)
            crit = ok and die_critical(d, die)
            spr = app.sprites.die(dr.w, die.natural, die.shift, ok, crit, die.rerolled, die.auto,
                                  selected=(i == self.selected))
            screen.blit(spr, spr.get_rect(center=dr.center))
            note = "Critical" if crit else ("auto" if die.auto else ("ok" if ok else "fails"))
            if die.natural == 6 and not die.auto:
                note = "6: fails"
            col = pal.critical if crit else (pal.good if ok else pal.bad)
            T.blit(screen, f"{i + 1}: {note}", (dr.centerx, dr.bottom + int(6 * s)), 11, col, True, anchor="midtop")
        if self.summary:
            x = r.right - self.right_w
            y = r.y + int(58 * s)
            T.blit(screen, "If you accept now:", (x, y), 11, pal.text_dim)
            y += T.line_height(11)
            for line in T.wrap(self.summary.replace("Accept: ", ""), 14, self.right_w - int(20 * s), True)[:4]:
                T.blit(screen, line, (x, y), 14, pal.select, True)
                y += T.line_height(14)
