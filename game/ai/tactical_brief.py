"""What the tactical computer opponent knows of a mission: places worth standing at, units worth taking out or
keeping alive, what each Mission action or Pick Up is worth now, and how to answer the mission's questions.

A mission may offer `ai_brief(match, side)` returning a `Brief` (the PvP missions do, from their scoring and
victory rules); without one the opponent simply fights. Values are in Mission Points or their equivalent; a
Brief only holds what the side may know (never the other side's secret).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.battlefield.terrain import EPS, SAME_LEVEL

@dataclass(frozen=True, slots=True)
class Goal:
    """A place worth a unit standing at when the Turn ends: Adjacent to a marker (Control), or inside a zone."""

    x: float
    y: float
    value: float  # MP (or equivalent) of a unit being there at the end of the Turn
    marker: str | None = None  # be Adjacent to this marker and Control it
    rect: tuple[float, float, float, float] | None = None  # or stand inside this zone (x0, y0, x1, y1)
    unit: int | None = None  # only this unit (a carrier, a Rival); None: any unit of the side
    shared: bool = True  # one unit there is enough (a marker); False: every unit there counts (a zone)
    label: str = ""
    unit_goal: bool = False  # the place moves with a unit (a Rival, the Flag's carrier): its walking field is
    # made where the unit stands now (none is made ahead, while deploying)
    deadline: int | None = None  # a race: worth its value only if reached by the end of this Turn (a carrier home)
    # the marker scores by Control: standing at it beside an enemy denies the enemy those MP (the level's contest
    # share of the value); at a marker to Pick Up or act on, it only keeps both sides from it (a flat share)
    scores_by_control: bool = False
    # a unit goal's level: inside the rect counts only at it (a platform above a unit is not beside it: no Melee,
    # often no line down to it); None: any level (a zone)
    z: float | None = None

    def inside(self, x: float, y: float, z: float | None = None) -> bool:
        r = self.rect
        return r is not None and r[0] <= x <= r[2] and r[1] <= y <= r[3] and \
            (self.z is None or z is None or abs(z - self.z) <= SAME_LEVEL + EPS)  # R15's same level

    def distance(self, x: float, y: float) -> float:
        if self.rect is not None:
            r = self.rect
            dx = max(r[0] - x, 0.0, x - r[2])
            dy = max(r[1] - y, 0.0, y - r[3])
            return (dx * dx + dy * dy) ** 0.5
        return ((x - self.x) ** 2 + (y - self.y) ** 2) ** 0.5


def _no_value(match, uid: int, cmd) -> float | None:
    return None


def _first_option(match, prompt, rng) -> str:
    return prompt.options[0][0]


@dataclass
class Brief:
    goals: list[Goal] = field(default_factory=list)
    kill_bonus: dict[int, float] = field(default_factory=dict)  # enemy uid -> MP for taking it out
    keep_bonus: dict[int, float] = field(default_factory=dict)  # own uid -> MP it is worth keeping it standing
    aggression: float = 0.6  # 0..1: how much the fight is worth for its own sake
    # a unit's worth in MP is unit_worth * (2 + its FV): 1 where the fight scores, less where places do (a unit
    # there is worth what it can still hold, not what the enemy would pay for it)
    unit_worth: float = 1.0
    # 0..1: how hard to push into the fight whatever it costs (a mission that ends in a draw when nothing happens)
    press: float = 0.0
    # own units the enemy knows to be worth much (a Leader in Assassinate, a known carrier): they draw its fire
    focus: set = field(default_factory=set)
    # own units every enemy goes for now, whatever it costs (the Leader of a side ahead in Assassinate): every Ready
    # enemy counts whole in the threat on it, not a share of the nearest (tactical_threat.HUNTED; one that must first
    # step into sight, at HUNTED_REACH, where the level looks that far)
    hunted: set = field(default_factory=set)
    # the MP-equivalent of a Mission action, Pick Up, Drop or Give now (None: not worth considering)
    action_value: Callable = _no_value
    # the option id to answer a mission's question ("choice" prompt)
    choose: Callable = _first_option


def default_brief(match, side: str) -> Brief:
    """A mission that says nothing to the computer: fight."""
    return Brief(aggression=1.0)


def brief_for(match, side: str) -> Brief:
    hook = getattr(match.mission, "ai_brief", None)
    b = hook(match, side) if hook is not None else None
    return b if b is not None else default_brief(match, side)
