"""Prompts: decisions the match waits for, and the commands that answer them."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.combat import (
    Accept,
    Change,
    Convert,
    Decision,
    IllegalDiceAction,
    Reroll,
    RollAuto,
)

from . import commands as C
from . import events as E
from . import skills as S
from .errors import IllegalCommand


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the match waits for. `kind`: "dice", "aoo", "blunt", "first", "pick_npc", and for skills
    "parry", "life_drain", "shield", "devoted", "counter", "fate_shift", "react" (docs/architecture.md)."""

    kind: str
    side: str
    text: str
    decision: Decision | None = None  # for "dice", "parry", "life_drain", "shield"
    options: tuple = ()  # for "aoo": (uid, weapon id) pairs; "blunt"/"life_drain"/"shield": (max,); choices
    data: tuple = ()  # what the answer applies to, read by name: the fields below (_FIELDS says which kind has which)

    def _field(self, name: str, default=None):
        names = _FIELDS.get(self.kind, ())
        if name in names and names.index(name) < len(self.data):
            return self.data[names.index(name)]
        return default

    @property
    def attacker(self) -> int | None:
        """"devoted", "counter": the unit attacking."""
        return self._field("attacker")

    @property
    def target(self) -> int | None:
        """"devoted": the unit targeted; "counter": the unit attacked, which may strike back."""
        return self._field("target")

    @property
    def weapon(self) -> str | None:
        """"devoted": the id of the attacker's weapon."""
        return self._field("weapon")

    @property
    def then(self) -> tuple:
        """"choice", "mission_dice": the mission step that runs with the answer."""
        return self._field("then", ())

    @property
    def secret(self) -> bool:
        """"choice": the side's own secret (the screen hands over first; the log keeps it quiet)."""
        return bool(self._field("secret", False))

    @property
    def units(self) -> tuple:
        """"choice": for each option, the unit it names (None: not a unit)."""
        return tuple(self._field("units", ())) or (None,) * len(self.options)

    @property
    def why(self) -> str:
        """"mission_dice": what the mission rolled for."""
        return self._field("why", "")

    @property
    def meaning(self) -> tuple:
        """"mission_dice": (face, what it means) for each face of a die ("" when the mission did not say)."""
        return self._field("meaning", ())

    @property
    def sides(self) -> int:
        """"mission_dice": the faces of the die rolled (a D6 unless the table says: a D10 for an Anchor)."""
        return self._field("sides", 6)


# what `Prompt.data` holds, by kind, in order
_FIELDS = {"devoted": ("attacker", "weapon", "target"), "counter": ("target", "attacker"),
           "choice": ("then", "secret", "units"), "mission_dice": ("then", "why", "meaning", "sides")}



class MatchPrompts:
    def _dice_action(self, p: Prompt, cmd: C.Command):
        """The resolution's action that answer `cmd` to dice question `p` stands for (IllegalCommand when it
        does not answer it): the one reading of an answer, for the real resolution and its look-ahead."""
        if isinstance(cmd, C.AcceptDice) and p.kind in ("dice", "parry"):
            return Accept()
        if isinstance(cmd, C.RerollDie) and p.kind in ("dice", "parry"):
            return Reroll(cmd.index, cmd.source)
        if isinstance(cmd, C.ChangeDie) and p.kind == "dice":
            d = p.decision
            if not (0 <= cmd.index < len(d.dice)) or cmd.delta != -1 or \
                    not self._change_helps(d, cmd.index, self.to[cmd.side]):
                raise IllegalCommand("that change cannot turn the die into a success")
            return Change(cmd.index, cmd.delta)
        if isinstance(cmd, C.RollAutoDie) and p.kind == "dice":
            return RollAuto(cmd.index)
        if isinstance(cmd, C.ChooseNumber) and p.kind in ("life_drain", "shield"):
            return Convert(cmd.n)
        raise IllegalCommand("answer the dice first" if p.kind == "dice" else f"answer the {p.kind} first")

    def open_prompt(self, kind: str, side: str, text: str, options: tuple = (), data: tuple = ()) -> None:
        self._prompt = Prompt(kind, side, text, options=options, data=data)

    def close_prompt(self) -> None:
        self._prompt = None


    def _answer_prompt(self, p: Prompt, cmd: C.Command) -> None:
        if p.kind in ("dice", "parry", "life_drain", "shield"):
            res = self._attack.resolution
            action = self._dice_action(p, cmd)
            uses_to = isinstance(cmd, C.ChangeDie) or (isinstance(cmd, C.RerollDie) and cmd.source == "TO")
            if uses_to and self.to[cmd.side] < 1:
                raise IllegalCommand("no Tactical Orders left")
            try:
                res.act(action)
            except IllegalDiceAction as e:
                raise IllegalCommand(str(e)) from None
            if uses_to:
                self.to[cmd.side] -= 1
            self._prompt = None
            self._step_attack()
            return
        if p.kind == "aoo":
            self._answer_aoo(cmd)
            return
        if p.kind == "blunt":
            if not isinstance(cmd, C.Blunt) or not 0 <= cmd.dice <= p.options[0]:
                raise IllegalCommand(f"blunt between 0 and {p.options[0]} dice")
            self._prompt = None
            self._start_aoo(cmd.dice)
            return
        if p.kind == "first":
            if not isinstance(cmd, C.ChooseFirst) or cmd.first not in self.sides:
                raise IllegalCommand("choose which side activates first")
            self._prompt = None
            self.next_side = cmd.first
            self.emit(E.FirstChosen(cmd.first, self.side_name(cmd.first)))
            return
        if p.kind == "choice":
            self._answer_choice(p, cmd)
            return
        if p.kind == "mission_dice":
            self._answer_mission_dice(p, cmd)
            return
        if p.kind == "pick_npc":
            if not isinstance(cmd, C.PickNpc) or cmd.uid not in p.options:
                raise IllegalCommand("pick one of the Ready NPC units")
            self._prompt = None
            self._start_activation(cmd.uid)
            return
        if p.kind == "devoted":
            if not isinstance(cmd, C.ChooseUnit) or (cmd.uid is not None and cmd.uid not in p.options):
                raise IllegalCommand("choose a Devoted unit, or none")
            self._prompt = None
            attacker, weapon_id, target = p.attacker, p.weapon, p.target
            w = self.unit(attacker).card.weapon(weapon_id)
            if cmd.uid is not None:
                self.note(f"{self.unit(cmd.uid).name} is Devoted: it becomes the target instead of "
                         f"{self.unit(target).name}")
                target = cmd.uid
            self._start_attack(attacker, w, self._target_groups(w, target, (), (), melee=False), action=True)
            return
        S.answer_prompt(self, p, cmd)

