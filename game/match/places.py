"""Where things stand: the one home of every place on the table, and the one point the table follows it from.

A unit's, a marker's and a token's place and elevation are its `Position` component; a unit's base (its size and
how it moves) comes from its `Unit` component's card. Nothing else keeps a place. The Table (its pymunk Space, its
view of the bases) is brought up to date from those components in one place, `_follow(entity)`, which every
change of a place, of who stands on the table (deployed, Taken Out, Downed, departed, a card changed) ends in:
the writes below (`_put`, `_lift`) call it, and nothing else in the match writes a Position (checked by
tests/test_architecture.py). Movement, sight and cover then read the bases from the Table and ask pymunk.

Tokens (Smoke, Scan markers, Dark Gaze) are entities too: a `Token` component and a Position.
"""
from __future__ import annotations

from dataclasses import dataclass

import esper

from game.battlefield import Base

from . import skills as S
from .components import Conditions, Position, TakenOut, Token, Unit

_RULES: dict[int, tuple[object, object]] = {}  # card id -> (card, its MoveRule): cards never change


def _move_rule(card):
    hit = _RULES.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_RULES) > 4096:
            _RULES.clear()
        hit = _RULES[id(card)] = (card, S.move_rule(card))
    return hit[1]


def _base_of(ent: int) -> Base | None:
    """The base `ent` stands on the table with, from its components (None: not a unit standing there); in its
    match's world."""
    u = esper.try_component(ent, Unit)
    p = esper.try_component(ent, Position) if u is not None else None
    if p is None or esper.has_component(ent, TakenOut):
        return None
    c = esper.try_component(ent, Conditions)
    return Base(uid=ent, side="item" if u.item else u.side, x=p.x, y=p.y, z=p.z, radius=u.card.base_diameter / 2,
                move=_move_rule(u.card), lying=c is not None and c.downed)


@dataclass(frozen=True, slots=True)
class PlacedToken:
    """A token as the screen and the skills read it: its Token component and where it lies."""

    id: int
    kind: str
    owner: int
    side: str
    x: float
    y: float
    z: float
    radius: float
    until: str


class MatchPlaces:
    # == the writes =================================================================================
    def _put(self, ent: int, x: float, y: float, z: float) -> tuple[float, float, float] | None:
        """Place `ent` at (x, y, z) (on the table or moved on it); returns where it stood before (None: it was
        not on the table)."""
        with self._in_world():
            p = esper.try_component(ent, Position)
            esper.add_component(ent, Position(x, y, z))  # (a Position is frozen: a new place is a new component)
        self._follow(ent)
        return None if p is None else (p.x, p.y, p.z)

    def _lift(self, ent: int) -> None:
        """Take `ent` off the table (carried, Taken Out, departed, a marker gone)."""
        with self._in_world():
            if esper.has_component(ent, Position):
                esper.remove_component(ent, Position)
        self._follow(ent)

    # == the sync point =============================================================================
    def _follow(self, ent: int) -> None:
        """The one place the table follows the components: `ent`'s base on the table is put where its Position
        says (or taken away when it is not a unit standing there), and the kept lists of units are dropped."""
        self._units_cache = {}
        with self._in_world():
            base = _base_of(ent)
        if base is None:
            self.table.remove_base(ent)
        else:
            self.table.update_base(base)

    def _follow_all(self) -> None:
        """The table as the state says, from scratch (a snapshot was restored): the map as loaded with every base
        in one pass (a base already standing where it stands stays put: undo hands the same table over), the
        terrain taken away and the doors as the state record has them."""
        self._units_cache = {}
        with self._in_world():
            bases = [b for b in map(_base_of, sorted(e for e, _ in esper.get_components(Unit, Position)))
                     if b is not None]
        self.table.reset(bases)
        for x, y, r in self.state.cleared:
            self.table.clear_terrain(x, y, r)
        for door, opened in self.state.doors.items():
            self.table.set_door(door, opened)

    # == the terrain that changes: doors, terrain taken away =========================================
    def set_door(self, door: str, opened: bool) -> None:
        """Open or close a door (the state record keeps it; the table follows)."""
        self.state.doors[door] = opened
        self.table.set_door(door, opened)
        self._units_cache = {}  # (the kept lists of Adjacent enemies: a door between two bases parts them)

    def clear_terrain(self, x: float, y: float, r: float) -> list[tuple[str, str, tuple, tuple]]:
        """Take away the walls, low walls and doors within `r` of (x, y) (a collapse): Table.clear_terrain, kept in
        the state record so that a restored match has the same table. Returns the pieces taken away."""
        self.state.cleared.append((x, y, r))
        self._units_cache = {}  # (the kept lists of Adjacent enemies: a wall taken away joins two bases)
        return self.table.clear_terrain(x, y, r)

    # == reading places =============================================================================
    def position(self, uid: int) -> Position | None:
        if esper.current_world == self.world:
            return esper.try_component(uid, Position)
        with self._in_world():
            return esper.try_component(uid, Position)

    def base(self, uid: int) -> Base:
        """The unit's base on the table (its place, size and movement rule)."""
        b = self.table.base_or_none(uid)
        if b is not None:
            return b
        with self._in_world():  # not on the table: as its components would put it there
            u = esper.component_for_entity(uid, Unit)
            p = esper.component_for_entity(uid, Position)
            return Base(uid=uid, side="item" if u.item else u.side, x=p.x, y=p.y, z=p.z,
                        radius=u.card.base_diameter / 2, move=_move_rule(u.card))

    # == tokens =====================================================================================
    def put_token(self, kind: str, owner: int, x: float, y: float, z: float, radius: float, until: str) -> int:
        """A skill's token on the table: "smoke", "scan" or "gaze", lasting `until` "turn" (the Turn's end) or
        "owner" (its owner's next activation)."""
        ent = self._new_entity(Token(kind, owner, self.side_of(owner), radius, until))
        self._put(ent, x, y, z)
        return ent

    @property
    def tokens(self) -> list[PlacedToken]:
        """The tokens on the table, in the order they were put there."""
        with self._in_world():
            found = esper.get_components(Token, Position)
            if not found:
                return []
            return [PlacedToken(e, t.kind, t.owner, t.side, p.x, p.y, p.z, t.radius, t.until)
                    for e, (t, p) in sorted(found, key=lambda f: f[0])]

    def remove_tokens(self, until: str | None = None, owner: int | None = None, kinds: tuple[str, ...] = ()) -> int:
        """Take away the tokens that last `until`, of `owner`, of these `kinds` (each given condition must hold);
        returns how many."""
        gone = 0
        with self._in_world():
            for e, t in list(esper.get_component(Token)):
                if (until is None or t.until == until) and (owner is None or t.owner == owner) and \
                        (not kinds or t.kind in kinds):
                    esper.delete_entity(e, immediate=True)
                    gone += 1
        return gone
