"""Small shared pieces of Horde Mode: side names, the mission state's shape, logged dice, words."""
from __future__ import annotations

from game.match import events as E
from game.rules.dice import Die

from .. import spots

PLAYER = "player"
HORDE = "horde"
SPAWN_KIND = "spawn_point"
EPS = 1e-6
REACH = 12.0  # inches: how far from where it was meant to go a unit or marker with no room there may be put


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 Carrion Leech", "3 Carrion Leeches", "2 Toxin Spitters"."""
    if many is None:
        many = one + ("es" if one.endswith(("ch", "sh", "s", "x")) else "s")
    return f"{n} {one if n == 1 else many}"


def roll(match, n: int, why: str, sides: int = 6, outcome: str = "", side: str | None = None) -> list[int]:
    """n seeded dice of the match, shown as one DiceRolled event (a table the rules keep untouched)."""
    faces = [match.dice.d(sides) for _ in range(n)]
    match.emit(E.DiceRolled(why, tuple(Die(f) for f in faces), outcome, side, sides))
    return faces


def state(match) -> dict:
    """The run's state (match.mission_state): plain data only."""
    return match.mission_state


def key(uid: int) -> str:
    """Units are keyed by their id as a string in the mission state (JSON objects have string keys)."""
    return str(uid)


def name(match, uid: int) -> str:
    return match.unit(uid).name


def standing_units(match, side: str = PLAYER) -> list[int]:
    """Standing (not Downed) units of a side, items left out."""
    return match.units(side)


def downed_units(match) -> list[int]:
    return match.units(PLAYER, downed=True)


def squad_on_table(match) -> list[int]:
    """The squad's units on the table: Standing and Downed."""
    return match.units(PLAYER, downed=None)


def nearest_free(match, radius: float, x0: float, y0: float, taken=(), limit: float = REACH, gap: float = 0.1):
    """game.modes.spots.nearest_free with Horde Mode's reach (REACH), bases 0.1" apart."""
    return spots.nearest_free(match, radius, x0, y0, taken, limit, gap)
