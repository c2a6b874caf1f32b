"""The walking fields the tactical opponent reads its goals' distances from (game/battlefield/field.py), kept between
decisions and shared by both players of a table: derived from the terrain and the doors only, never game state."""
from __future__ import annotations

import weakref

from game.battlefield import Base
from game.battlefield.field import near_field, walking_field

NEW_FIELDS = 1  # walking fields worked out in one decision at most (the others: as the crow flies until then)
FIELDS_KEPT = 64


_SHARED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # table -> its fields, for every controller


class Fields:
    """Walking fields to the goals, kept between decisions (derived from the terrain and the doors only, never game
    state): the way to a marker or into a zone for one base size and movement rule. The fields of a table are
    shared by every controller playing on it (both sides ask for the same markers and zones)."""

    def __init__(self) -> None:
        self.new = 0  # fields made in the current decision

    def get(self, table, key: tuple, goal_base, rect, mover: Base, doors: tuple, limit: float | None = None):
        """The field (None: not made yet, and this decision has made its NEW_FIELDS); given `limit`, one whose
        distances are only needed below it (field.near_field: spread as far as its questions need)."""
        kept = _SHARED.get(table)
        if kept is None:
            kept = _SHARED[table] = {}
        full = (key, mover.radius, mover.move.terrain, doors)
        f = kept.get(full)
        if f is None or f is _TO_MAKE:
            if f is None and self.new >= NEW_FIELDS:
                return None
            goals = goal_base if isinstance(goal_base, list) else [goal_base] if goal_base is not None else []
            # (counted once made: a field whose search stops at a slice's end is asked again in the next slice)
            if limit is not None:
                made = near_field(table, goals, mover.radius, mover.move, limit)
            else:
                made = walking_field(table, goals, mover.radius, mover.move, areas=(rect,) if rect is not None else ())
            if f is None:
                self.new += 1
                if len(kept) >= FIELDS_KEPT:
                    kept.pop(next(iter(kept)))
            kept[full] = f = made
        return f

    @staticmethod
    def state(table) -> tuple:
        """Which fields the table's players had worked out, oldest first (a saved game's: which ones a decision
        finds ready decides what it weighs by walking, and what it weighs as the crow flies)."""
        return tuple(_SHARED.get(table, ()))

    @staticmethod
    def restore(table, made: tuple) -> None:
        """The table's players had worked out the fields `made` (state): each is made when first asked, as if it were
        kept (a table whose players worked out fields already keeps its own)."""
        if not _SHARED.get(table):
            _SHARED[table] = dict.fromkeys(made[-FIELDS_KEPT:], _TO_MAKE)


_TO_MAKE = object()  # a field a saved game's players had worked out: made when first asked, not counted
