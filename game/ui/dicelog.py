"""The battle log as the screen shows it: log entries made of text and dice, built from the match's events.

Every roll arrives as a typed record (game/match/events.py): the Attack dice and Armor Saves with their
faces and the stat they were rolled against, each re-roll and Tactical Order change naming the very die
(its index) and its source. The reader turns them into log entries, and keeps the last attack as groups of
final dice for the dice tray. Nothing here reads text back.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.match import events as E
from game.rules.dice import Die
from game.rules.orders import ORDER_FACE
from game.rules.wording import count


@dataclass(slots=True)
class DieV:
    natural: int
    shift: int = 0
    rerolled: bool = False
    auto: bool = False

    @staticmethod
    def of(die) -> "DieV":
        return DieV(die.natural, die.shift, die.rerolled, die.auto)

    def die(self) -> Die:
        return Die(self.natural, self.shift, self.rerolled, self.auto)

    def succeeds(self, stat: int) -> bool:
        """As the rules read the die (game.rules.dice.Die)."""
        return self.die().succeeds(stat)

    @property
    def critical(self) -> bool:
        return self.die().critical


@dataclass
class Segment:
    kind: str  # "text", "dice", "die", "arrow"
    text: str = ""
    dice: list = field(default_factory=list)
    stat: int = 0
    plain: bool = False  # a roll with no success or failure (a mission's table, a D3): its faces only
    sides: int = 6


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
    uid: int = 0
    stage: str = ""


@dataclass
class AttackRecord:
    title: str
    groups: list = field(default_factory=list)
    outcome: list = field(default_factory=list)  # lines like "Raider 3 loses 1 HIT - Taken Out"


# broad style of the log line of each event kind
STYLES = {"turn": "turn", "turn_end": "turn", "move": "move", "deploy": "move", "door": "move",
          "taken_out": "taken_out", "result": "result", "activation": "activation", "spawn": "info",
          "orders": "roll", "initiative": "info", "table_roll": "roll", "marker": "info", "mission": "info",
          "mission_action": "move", "score": "result", "heal": "detail", "damage": "detail", "note": "info"}


class RollReader:
    """Feed it the match's events in order; it returns log entries and keeps the last attack's dice."""

    def __init__(self) -> None:
        self.current: AttackRecord | None = None
        self.last_attack: AttackRecord | None = None
        self._groups: list[RollGroup] = []

    def entry(self, e) -> LogEntry | None:
        """The log entry of event `e` (None: nothing to show); attack records also feed the dice tray."""
        if isinstance(e, E.AttackDeclared):
            self.current = AttackRecord(title="")
            self._groups = []
            return None
        if isinstance(e, E.AttackEnded):
            if self.current is not None and self.current.groups:
                self.last_attack = self.current
            self.current = None
            self._groups = []
            return None
        handler = getattr(self, "_" + type(e).__name__, None)
        if handler is not None:
            return handler(e)
        text = e.text
        if not text:
            return None
        indent = len(text) - len(text.lstrip(" "))
        return LogEntry(STYLES.get(e.kind, "info"), [Segment("text", text.strip())], 1 if indent else 0)

    # -- the dice of an attack ----------------------------------------------------------------------
    def _record(self) -> AttackRecord:
        if self.current is None:  # Damage from a skill, or a log read from the middle of an attack
            self.current = AttackRecord(title="")
        return self.current

    def _group(self, uid: int, stage: str) -> RollGroup | None:
        for g in reversed(self._groups):
            if g.uid == uid and g.stage == stage:
                return g
        return None

    def _AttackRolled(self, e: E.AttackRolled) -> LogEntry:
        rec = self._record()
        names = ", ".join(n for _, n in e.targets)
        head = f"{e.attacker_name} attacks {names} with {e.weapon}: {count(len(e.dice), 'die')} vs SKL {e.stat}"
        rec.title = rec.title or head
        dice = [DieV.of(d) for d in e.dice]
        g = RollGroup(label=f"{e.attacker_name} rolls", stat=e.stat, stat_name="SKL", dice=[DieV.of(d) for d in e.dice],
                      uid=e.attacker, stage=E.ATTACK_ROLL)
        rec.groups.append(g)
        self._groups.append(g)
        return LogEntry("roll", [Segment("text", head + "  "), Segment("dice", dice=dice, stat=e.stat)], 0)

    def _SavesRolled(self, e: E.SavesRolled) -> LogEntry:
        rec = self._record()
        stage = E.RETURN_SAVE_ROLL if e.returned else E.SAVE_ROLL
        what = f"{len(e.dice)} returned Damage" if e.returned else f"{len(e.dice)}"
        dice = [DieV.of(d) for d in e.dice]
        g = RollGroup(label=f"{e.name} saves", stat=e.stat, stat_name="ARM", dice=[DieV.of(d) for d in e.dice],
                      uid=e.uid, stage=stage)
        rec.groups.append(g)
        self._groups.append(g)
        tail = " (Hardened: 1s and 2s are Critical)" if e.hardened else ""
        return LogEntry("detail", [Segment("text", f"{e.name} saves {what} vs ARM {e.stat}: "),
                                   Segment("dice", dice=dice, stat=e.stat), Segment("text", tail)], 1)

    def _DieRerolled(self, e: E.DieRerolled) -> LogEntry:
        g = self._group(e.uid, e.stage)
        stat = g.stat if g is not None else 0
        if g is not None and 0 <= e.index < len(g.dice):
            g.dice[e.index] = DieV(e.new, rerolled=True)
        return LogEntry("detail", [Segment("text", f"re-roll ({E.source_name(e.source)}): "),
                                   Segment("die", dice=[DieV(e.old)], stat=stat), Segment("arrow"),
                                   Segment("die", dice=[DieV(e.new, rerolled=True)], stat=stat)], 1)

    def _DieChanged(self, e: E.DieChanged) -> LogEntry:
        g = self._group(e.uid, e.stage)
        if g is not None and 0 <= e.index < len(g.dice):
            g.dice[e.index].shift = e.value - g.dice[e.index].natural
        return LogEntry("detail", [Segment("text", e.text.strip())], 1)

    def _AutoStrikeRolled(self, e: E.AutoStrikeRolled) -> LogEntry:
        g = self._group(e.uid, E.ATTACK_ROLL)
        stat = g.stat if g is not None else 0
        if g is not None and 0 <= e.index < len(g.dice):
            g.dice[e.index] = DieV(e.face)
        return LogEntry("detail", [Segment("text", "automatic Strike rolled: "),
                                   Segment("die", dice=[DieV(e.face)], stat=stat)], 1)

    def _StrikesCounted(self, e: E.StrikesCounted) -> LogEntry:
        g = self._group(e.attacker, E.ATTACK_ROLL)
        if g is not None:
            g.dice = [DieV.of(d) for d in e.dice]
            g.result = e.text.strip()
        return LogEntry("detail", [Segment("text", e.text.strip())], 1)

    def _DamageTaken(self, e: E.DamageTaken) -> LogEntry:
        rec = self._record()
        line = f"{e.name} loses {e.amount} HIT" + (" - Taken Out" if e.taken_out else "")
        rec.outcome.append(line)
        for g in reversed(self._groups):
            if g.uid == e.uid and g.stage in (E.SAVE_ROLL, E.RETURN_SAVE_ROLL):
                g.result = e.text.strip()
                break
        return LogEntry("taken_out" if e.taken_out else "detail", [Segment("text", e.text.strip())], 1)

    def _TacticalOrdersRolled(self, e: E.TacticalOrdersRolled) -> LogEntry:
        return LogEntry("roll", [Segment("text", f"{e.side_name}: Tactical Orders "),
                                 Segment("dice", dice=[DieV.of(d) for d in e.dice], stat=ORDER_FACE),
                                 Segment("text", f" (+{e.bonus} for units Taken Out) = {e.total} TO")], 0)

    def _DiceRolled(self, e: E.DiceRolled) -> LogEntry:
        out = f": {e.outcome}" if e.outcome else ""
        dice = Segment("dice", dice=[DieV.of(d) for d in e.dice], plain=True, sides=getattr(e, "sides", 6))
        return LogEntry("roll", [Segment("text", f"{e.why}: "), dice, Segment("text", out)], 0)
