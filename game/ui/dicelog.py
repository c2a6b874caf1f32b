"""Reading the battle log's roll lines back into dice, so every roll can be shown as dice faces.

The match logs each attack as text lines ("rolls [1 5 6]", "Bug 3 saves 2 vs ARM 3: [4 1]",
"re-roll (Cover): 5 -> 2", "Tactical Order: die 2 changed to 3"). This module turns those lines into
log entries made of text and dice segments, and keeps the last attack as groups of final dice for the
dice tray. Lines it does not recognise stay plain text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

FACES_RE = re.compile(r"\[([^\]]*)\]")
STAT_RE = re.compile(r"vs (SKL|ARM) (-?\d+)")
REROLL_RE = re.compile(r"re-roll \(([^)]*)\): (\d) -> (\d)")
CHANGE_RE = re.compile(r"Tactical Order: die (\d+) changed to (-?\d+)")
AUTO_RE = re.compile(r"automatic Strike rolled: (\d)")
ATTACK_RE = re.compile(r"^(.*) attacks (.*) with (.*): (\d+) dice vs SKL (-?\d+)")
SAVES_RE = re.compile(r"^\s*(.*) saves (\d+)( returned Damage)? vs ARM (-?\d+): \[")
STRIKES_RE = re.compile(r"\d+ Strike(?:s|\(s\))?, \d+ Critical")  # "2 Strike(s), 1 Critical" or with a plural
LOSES_RE = re.compile(r"^\s*(.*): (.*) loses (\d+) HIT( - Taken Out)?")


@dataclass(slots=True)
class DieV:
    natural: int
    shift: int = 0
    rerolled: bool = False
    auto: bool = False

    def succeeds(self, stat: int) -> bool:
        if self.auto:
            return True
        if self.natural == 6:
            return False
        if self.natural == 1 and self.shift == 0:
            return True
        return self.natural + self.shift <= max(stat, 1)

    @property
    def critical(self) -> bool:
        return self.natural == 1 and self.shift == 0 and not self.auto


def parse_faces(s: str) -> list[DieV]:
    out = []
    for tok in re.split(r"[,\s]+", s.strip()):
        if not tok:
            continue
        if tok == "auto":
            out.append(DieV(1, auto=True))
            continue
        m = re.match(r"^(\d)([+-]\d+)?$", tok)
        if m:
            out.append(DieV(int(m.group(1)), int(m.group(2) or 0)))
    return out


@dataclass
class Segment:
    kind: str  # "text", "dice", "die", "arrow"
    text: str = ""
    dice: list = field(default_factory=list)
    stat: int = 0


@dataclass
class LogEntry:
    style: str  # "turn", "roll", "detail", "move", "info", "npc", "result", "taken_out", "activation", "ui"
    segments: list
    indent: int = 0

    @property
    def plain(self) -> str:
        return "".join(s.text for s in self.segments if s.kind == "text")


@dataclass
class RollGroup:
    label: str
    stat: int
    stat_name: str
    dice: list  # final dice
    result: str = ""


@dataclass
class AttackRecord:
    title: str
    groups: list = field(default_factory=list)
    outcome: list = field(default_factory=list)  # lines like "Bug 3 loses 1 HIT - Taken Out"


class RollReader:
    """Feed it the match's events in order; it returns log entries and keeps the last attack's dice."""

    def __init__(self) -> None:
        self.stat = 0
        self.stat_name = ""
        self.current: AttackRecord | None = None
        self.last_attack: AttackRecord | None = None
        self._group: RollGroup | None = None

    def entry(self, kind: str, text: str, data: dict | None = None) -> LogEntry | None:
        if not text:
            if kind == "attack" and self.current is not None:
                self.last_attack = self.current
                self.current = None
                self._group = None
            return None
        data = data or {}
        indent = len(text) - len(text.lstrip(" "))
        body = text.strip()
        if kind == "roll":
            return self._roll(body, indent, data)
        style = {"turn": "turn", "move": "move", "taken_out": "taken_out", "result": "result",
                 "activation": "activation", "spawn": "info", "door": "move"}.get(kind, "info")
        return LogEntry(style, [Segment("text", body)], 1 if indent else 0)

    def _roll(self, body: str, indent: int, data: dict) -> LogEntry:
        m = ATTACK_RE.match(body)
        if m:
            self.current = AttackRecord(title=body)
            self.stat, self.stat_name = int(m.group(5)), "SKL"
            self._group = None
            return LogEntry("roll", [Segment("text", body)], 0)
        sm = STAT_RE.search(body)
        if sm:
            self.stat_name, self.stat = sm.group(1), int(sm.group(2))
        if "Tactical Orders" in body and "faces" in data:
            dice = [DieV(int(f)) for f in data.get("faces", [])]
            before, _, after = body.partition("[")
            after = after.partition("]")[2]
            return LogEntry("roll", [Segment("text", before), Segment("dice", dice=dice, stat=3),
                                     Segment("text", after)], 0)
        fm = FACES_RE.search(body)
        if fm and ("rolls" in body or " saves " in body):
            dice = parse_faces(fm.group(1))
            label = body[:fm.start()].rstrip(": ").strip()
            if self.current is not None:
                g = RollGroup(label=label, stat=self.stat, stat_name=self.stat_name,
                              dice=[DieV(d.natural, d.shift, d.rerolled, d.auto) for d in dice])
                self.current.groups.append(g)
                self._group = g
            return LogEntry("detail", [Segment("text", body[:fm.start()]), Segment("dice", dice=dice, stat=self.stat),
                                       Segment("text", body[fm.end():])], 1)
        rm = REROLL_RE.search(body)
        if rm:
            a, b = int(rm.group(2)), int(rm.group(3))
            g = self._group
            if g is not None:
                for d in g.dice:
                    if d.natural == a and not d.rerolled and not d.auto and d.shift == 0:
                        d.natural, d.rerolled = b, True
                        break
            return LogEntry("detail", [Segment("text", f"re-roll ({rm.group(1)}): "),
                                       Segment("die", dice=[DieV(a)], stat=self.stat), Segment("arrow"),
                                       Segment("die", dice=[DieV(b, rerolled=True)], stat=self.stat)], 1)
        cm = CHANGE_RE.search(body)
        if cm:
            i, v = int(cm.group(1)) - 1, int(cm.group(2))
            g = self._group
            if g is not None and 0 <= i < len(g.dice):
                g.dice[i].shift = v - g.dice[i].natural
            return LogEntry("detail", [Segment("text", body)], 1)
        am = AUTO_RE.search(body)
        if am:
            g = self._group
            if g is not None:
                for d in g.dice:
                    if d.auto:
                        d.natural, d.auto = int(am.group(1)), False
                        break
            return LogEntry("detail", [Segment("text", "automatic Strike rolled: "),
                                       Segment("die", dice=[DieV(int(am.group(1)))], stat=self.stat)], 1)
        lm = LOSES_RE.match(body)
        if lm and self.current is not None:
            if self._group is not None:
                self._group.result = body
            self.current.outcome.append(f"{lm.group(2)} loses {lm.group(3)} HIT{lm.group(4) or ''}")
            style = "taken_out" if lm.group(4) else "detail"
            return LogEntry(style, [Segment("text", body)], 1)
        if STRIKES_RE.search(body) and self._group is not None:
            self._group.result = body
        return LogEntry("detail" if indent else "roll", [Segment("text", body)], 1 if indent else 0)
