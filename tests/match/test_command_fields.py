"""Commands from a file are type-checked from each command class's own field annotations: every command,
including ones added later, is covered with no code of its own; the message names the field and what was
expected."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from game.match import commands as C
from game.match.commands import COMMAND_TYPES, CommandFormatError, command_from_dict, field_checkers


@pytest.mark.parametrize("name", sorted(COMMAND_TYPES))
def test_every_field_of_every_command_can_be_checked(name):
    cls = COMMAND_TYPES[name]
    unchecked = [(f, ann) for f, check, _, ann in field_checkers(cls) if check is None]
    assert not unchecked, f"{name}: give these fields a type a save can hold (int, float, str, bool, X | None, " \
                          f"tuple[X, ...]): {unchecked}"


def _error(d) -> str:
    with pytest.raises(CommandFormatError) as e:
        command_from_dict(d)
    return str(e.value)


@pytest.mark.parametrize("d,message", [
    ({"type": "Move", "side": "player", "x": 1, "y": 2, "z": "0"}, "Move: field 'z' must be a number, got \"0\""),
    ({"type": "Deploy", "side": "player", "uid": 1, "x": "12", "y": 3},
     "Deploy: field 'x' must be a number, got \"12\""),
    ({"type": "RerollDie", "side": "player", "index": "0", "source": "TO"},
     "RerollDie: field 'index' must be a whole number, got \"0\""),
    ({"type": "RangedAttack", "side": "player", "weapon": "w", "target": {}},
     "RangedAttack: field 'target' must be a whole number, got {}"),
    ({"type": "Activate", "side": "player", "uid": True}, "Activate: field 'uid' must be a whole number, got true"),
    ({"type": "Activate", "side": "player", "uid": 1.0}, "Activate: field 'uid' must be a whole number, got 1.0"),
    ({"type": "Activate", "side": "player", "uid": 10 ** 40}, "field 'uid' must be a whole number between"),
    ({"type": "Move", "side": "player", "x": math.nan, "y": 0}, "field 'x' must be a number between"),
    ({"type": "Move", "side": "player", "x": math.inf, "y": 0}, "field 'x' must be a number between"),
    ({"type": "Move", "side": "player", "x": 2e6, "y": 0}, "field 'x' must be a number between"),
    ({"type": "Move", "side": "player", "x": False, "y": 0}, "field 'x' must be a number, got false"),
    ({"type": "Move", "side": 7, "x": 1, "y": 0}, "Move: field 'side' must be text, got 7"),
    ({"type": "ToggleDoor", "side": "p", "door": "d" * 500}, "field 'door' must be text of at most"),
    ({"type": "UseSkill", "side": "p", "skill": "s", "target": "3"},
     "UseSkill: field 'target' must be a whole number or null, got \"3\""),
    ({"type": "RangedAttack", "side": "p", "weapon": "w", "target": 1, "split": [1, "2"]},
     "RangedAttack: field 'split': item 2 must be a whole number, got \"2\""),
    ({"type": "RangedAttack", "side": "p", "weapon": "w", "target": 1, "extra_targets": 4},
     "field 'extra_targets' must be a list, got 4"),
    ({"type": "RangedAttack", "side": "p", "weapon": "w", "target": 1, "extra_targets": list(range(100))},
     "must be a list of at most 64 items"),
    ({"type": "Move", "side": "player", "x": 1}, "Move: missing field 'y'"),
    ({"type": "Explode", "side": "A"}, "unknown command type \"Explode\""),
    ({"type": ["Move"]}, "a command must be an object with a 'type'"),
    ("Move", "a command must be an object with a 'type'"),
])
def test_wrong_types_are_named(d, message):
    assert message in _error(d)


def test_ints_are_numbers_and_values_are_kept():
    assert command_from_dict({"type": "Move", "side": "p", "x": 3, "y": 4.5}) == C.Move("p", 3, 4.5, 0.0)
    c = command_from_dict({"type": "RangedAttack", "side": "p", "weapon": "w", "target": 2, "split": [2, 1]})
    assert c.split == (2, 1) and isinstance(c.split, tuple)
    assert command_from_dict({"type": "ChooseUnit", "side": "p", "uid": None}) == C.ChooseUnit("p", None)
    assert command_from_dict({"type": "Move", "side": "p", "x": 1, "y": 1, "extra": "ignored"}) == C.Move("p", 1, 1)


def test_a_command_added_later_is_checked_with_no_code_of_its_own(monkeypatch):
    @dataclass(frozen=True, slots=True)
    class Give(C.Command):
        item: str
        to: int
        count: int = 1
        at: tuple[float, float] | None = None
        all_of_them: bool = False

    monkeypatch.setitem(COMMAND_TYPES, "Give", Give)
    ok = command_from_dict({"type": "Give", "side": "p", "item": "medkit", "to": 3, "at": [1, 2.5]})
    assert ok == Give("p", "medkit", 3, 1, (1, 2.5), False)
    assert command_from_dict(ok.to_dict()) == ok
    assert "Give: field 'to' must be a whole number, got \"3\"" in _error({"type": "Give", "side": "p", "item": "m",
                                                                         "to": "3"})
    assert "field 'all_of_them' must be true or false, got 1" in _error({"type": "Give", "side": "p", "item": "m",
                                                                        "to": 3, "all_of_them": 1})
    assert "field 'at' must be a list of 2 items" in _error({"type": "Give", "side": "p", "item": "m", "to": 3,
                                                             "at": [1, 2, 3]})
    assert "field 'at': item 2 must be a number, got null" in _error({"type": "Give", "side": "p", "item": "m",
                                                                     "to": 3, "at": [1, None]})


def test_a_field_type_a_file_cannot_hold_is_refused_not_crashed(monkeypatch):
    @dataclass(frozen=True, slots=True)
    class Odd(C.Command):
        table: dict

    monkeypatch.setitem(COMMAND_TYPES, "Odd", Odd)
    assert "cannot be read from a file" in _error({"type": "Odd", "side": "p", "table": {}})


def test_error_carries_the_command_type_for_the_save_message():
    with pytest.raises(CommandFormatError) as e:
        command_from_dict({"type": "Move", "side": "player", "x": 1, "y": 2, "z": "0"})
    assert e.value.command == "Move" and e.value.problem == "field 'z' must be a number, got \"0\""


def test_prompt_data_is_read_by_name():
    from game.match.prompts import Prompt
    devoted = Prompt("devoted", "B", "t", options=(5,), data=(1, "rifle", 4))
    assert (devoted.attacker, devoted.weapon, devoted.target) == (1, "rifle", 4)
    counter = Prompt("counter", "B", "t", options=("mel",), data=(4, 1))
    assert (counter.target, counter.attacker) == (4, 1)
    choice = Prompt("choice", "A", "t", options=(("a", "A"),), data=(("rival", "A"), True))
    assert choice.then == ("rival", "A") and choice.secret
    assert Prompt("choice", "A", "t", data=(("x",), False)).secret is False
    roll = Prompt("mission_dice", "A", "t", data=(("search",), "Search"))
    assert roll.then == ("search",) and roll.why == "Search"
    assert Prompt("aoo", "A", "t").target is None and Prompt("aoo", "A", "t").then == ()
