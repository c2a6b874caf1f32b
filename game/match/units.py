"""The match's units: its esper world, the units and items in it, and plain questions about them."""
from __future__ import annotations

import itertools

import esper

from game.rules.model import UnitCard

from . import events as E
from .components import (
    Conditions,
    Departed,
    Health,
    Position,
    Readiness,
    TakenOut,
    Unit,
)
from .flow import BATTLE

_restores = itertools.count(1)


class _InWorld:
    """Switch esper to a match's world for a block and back; nothing to do when it is the current world."""

    __slots__ = ("world", "prev")

    def __init__(self, world: str) -> None:
        self.world = world
        self.prev = None

    def __enter__(self):
        prev = esper.current_world
        if prev != self.world:
            self.prev = prev
            esper.switch_world(self.world)
        return self

    def __exit__(self, *exc) -> None:
        if self.prev is not None:
            esper.switch_world(self.prev)


class MatchUnits:
    # == world and bookkeeping ======================================================================
    def _in_world(self) -> "_InWorld":
        """`with match._in_world():` - this match's esper world for the block (re-entrant, cheap when already
        in it)."""
        return _InWorld(self.world)

    def reading(self) -> "_InWorld":
        """`with match.reading():` - for a controller that asks many questions in a row (a computer player's
        decision): the match's world stays current for the block instead of being switched per question."""
        return _InWorld(self.world)

    def _bind_world(self, world: str) -> None:
        """Make `world` this match's esper world (a new one is made empty)."""
        self.world = world
        with _InWorld(world):
            # its table of entities: the very dict esper reads while the world is current and keeps while it is not,
            # so a component is read from it without a switch, whichever world is current (unit(), marker())
            self._ents = esper._entities

    def new_world(self) -> None:
        """Drop this match's esper world for an empty one (a snapshot is being restored into it)."""
        old = self.world
        self._bind_world(f"{old.split('~')[0]}~{next(_restores)}")
        if esper.current_world == old:
            esper.switch_world("default")
        if old in esper.list_worlds():
            esper.delete_world(old)

    def close(self, keep_table: bool = False) -> None:
        """Delete this match's esper world and release its table (unless a new match takes the table over)."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)
        if not keep_table:
            self.table.close()


    def _new_entity(self, *components) -> int:
        """Every entity of the match is made here: the state record counts them, so that a match restored from a
        snapshot numbers what comes next as the match it was taken from did (deleted entities included)."""
        with self._in_world():
            ent = esper.create_entity(*components)
        self.state.entities_made = ent
        return ent

    # == units ======================================================================================
    def add_unit(self, side: str, name: str, card: UnitCard, pos: tuple[float, float, float] | None = None,
                 item: bool = False, owner: int = 0) -> int:
        """Put a unit (or item) in the match. Missions call this to spawn."""
        with self._in_world():
            uid = self._new_entity(Unit(name=name, side=side, card=card, type_id=card.type_id, item=item,
                                           leader=card.is_leader, owner=owner),
                                      Health(card.hit, card.hit), Readiness(), Conditions())
        if pos is not None:
            self._put(uid, *pos)
        return uid

    def spawn(self, side: str, name: str, card: UnitCard, x: float, y: float, z: float = 0.0,
              item: bool = False) -> int:
        uid = self.add_unit(side, name, card, (x, y, z), item=item)
        with self._in_world():
            esper.component_for_entity(uid, Readiness).ready = self.phase == BATTLE and not item
        self.emit(E.Spawned(uid, name, side, x, y, z))
        return uid

    def _component(self, uid: int, kind: type):
        """A component of an entity of this match's world (KeyError: it has none), whichever world is current."""
        return self._ents[uid][kind]

    def unit(self, uid: int) -> Unit:
        """The unit's Unit component (a unit that left the world: as its record keeps it)."""
        try:
            return self._ents[uid][Unit]  # (_component's lookup: asked hundreds of thousands of times a game)
        except KeyError:
            return self._retired(uid).unit

    def health(self, uid: int) -> Health:
        try:
            return self._component(uid, Health)
        except KeyError:
            r = self._retired(uid)
            return Health(r.hit, r.max_hit)  # (a copy: nothing changes a unit that left the world)

    def readiness(self, uid: int) -> Readiness:
        try:
            return self._component(uid, Readiness)
        except KeyError:
            self._retired(uid)
            return Readiness(ready=False)

    def conditions(self, uid: int) -> Conditions:
        """What skills left on the unit: Hidden, Standby, Cloaked, Protected, Mindstabbed, ..."""
        try:
            return self._component(uid, Conditions)
        except KeyError:
            self._retired(uid)
            return Conditions()

    def _retired(self, uid: int) -> E.UnitRetired:
        """The record of a unit that left the world (KeyError: no unit of the match had this id)."""
        return self._retired_records()[uid]

    def _retired_records(self) -> dict[int, E.UnitRetired]:
        """uid -> the record of each unit that left the world, read from the events (new ones only since the last
        call; nothing read in a match that retired nothing, so a loaded match's older log stays unread)."""
        if not self.state.retired_cards:
            return {}
        seen, records = self._retired_seen
        if self._retired_events is not self.events:  # (a snapshot restored: other histories)
            seen, records = 0, {}
        n = len(self.events)
        for e in self.events[seen:n]:
            if type(e) is E.UnitRetired:
                records[e.uid] = e
        self._retired_seen, self._retired_events = (n, records), self.events
        return records

    def _retire_fallen(self) -> None:
        """At the end of each Turn, the Taken Out units of the NPC sides (the Horde's waves, PvE's NPCs and
        reinforcements: their missions bring new ones, never these back) leave the world; their record is an event
        (`UnitRetired`: the Unit as it was, how it fell, its HIT), from which the match still answers what is asked
        of them (name, side, card, who took them out and where). So the world, its snapshots and the state hash
        hold the units in play, not every unit a long game ever made. The squads' units stay whatever happens to
        them: Revive, Injuries, the campaign and the reports read them."""
        if not self.npc_sides:
            return
        with self._in_world():
            for uid, t in list(esper.get_component(TakenOut)):
                u = esper.component_for_entity(uid, Unit)
                if u.item or u.side not in self.npc_sides:
                    continue
                h = esper.component_for_entity(uid, Health)
                self.state.retired_cards.add(u.card)
                self.emit(E.UnitRetired(uid, u, t, h.hit, h.max_hit))
                esper.delete_entity(uid, immediate=True)

    def standing(self, uid: int) -> bool:
        comps = self._ents.get(uid)  # (esper.entity_exists: the match deletes entities at once, none left dead)
        return comps is not None and TakenOut not in comps and Position in comps

    def units(self, side: str | None = None, items: bool | None = False, standing: bool = True,
              downed: bool | None = False) -> list[int]:
        """uids in creation order. items=None: units and items alike. standing: only those on the table.
        downed: Downed units are left out (False: enemies ignore them), included (None) or the only ones (True)."""
        key = (side, items, standing, downed)
        hit = self._units_cache.get(key)
        if hit is not None:
            return list(hit)
        ents = self._ents
        with self._in_world():
            out = []
            for uid, u in esper.get_component(Unit):
                if side is not None and u.side != side:
                    continue
                if items is not None and u.item != items:
                    continue
                comps = ents[uid]
                if standing and (TakenOut in comps or Position not in comps):
                    continue
                if downed is not None and comps[Conditions].downed != downed:
                    continue
                out.append(uid)
            out.sort()
        if standing:  # kept until a place or who stands on the table changes (places.py: _follow)
            self._units_cache[key] = tuple(out)
        return out

    def all_units(self) -> list[int]:
        """Every unit the match ever had, in the order they came: those in the world and those that left it (their
        records). A rule reads `units()`; this is for what tells the whole story (reports, results)."""
        with self._in_world():
            live = [uid for uid, _ in esper.get_component(Unit)]
        return sorted([*live, *self._retired_records()])

    def side_of(self, uid: int) -> str:
        """The side a unit fights for now: its own, or (Compel) the side controlling it for one action."""
        allegiance = self.state.allegiance
        if allegiance:
            side = allegiance.get(uid)
            if side:
                return side
        try:
            return self._ents[uid][Unit].side  # (unit(uid).side: asked hundreds of thousands of times a game)
        except KeyError:
            return self._retired(uid).unit.side

    def is_enemy(self, a: int, b: int) -> bool:
        return self.side_of(a) != self.side_of(b)

    def squadmates(self, uid: int) -> list[int]:
        side = self.side_of(uid)
        return [u for u in self.units() if u != uid and self.side_of(u) == side]

    def enemies_of(self, uid: int) -> list[int]:
        side = self.side_of(uid)
        if self.state.allegiance:  # (Compel: a side changes for one action; the kept lists are by own side)
            return [u for u in self.units() if self.side_of(u) != side]
        key = ("enemies", side)  # kept with the units() lists: the same units, each of its own side
        hit = self._units_cache.get(key)
        if hit is None:
            hit = self._units_cache[key] = tuple(u for u in self.units() if self.unit(u).side != side)
        return list(hit)

    def adjacent(self, a: int, b: int) -> bool:
        key = ("adjacent", a, b)  # kept with the units() lists (dropped when a place, a door or a wall changes)
        hit = self._units_cache.get(key)
        if hit is None:
            hit = self._units_cache[key] = self.table.adjacent(self.base(a), self.base(b))
        return hit

    def adjacent_enemies(self, uid: int) -> list[int]:
        kept = None if self.state.allegiance else self._units_cache  # (Compel: the kept lists are by own side)
        key = ("adjacent enemies", uid)  # kept with the units() lists (dropped when a place, a door or a wall changes)
        hit = None if kept is None else kept.get(key)
        if hit is None:
            me = self.base(uid)
            hit = tuple(e for e in self.enemies_of(uid) if self.table.adjacent(me, self.base(e)))
            if kept is not None:
                kept[key] = hit
        return list(hit)

    def all_units_of(self, side: str) -> list[int]:
        """Every unit of `side` ever in the match, Taken Out and undeployed included (not items)."""
        with self._in_world():
            live = [uid for uid, u in esper.get_component(Unit) if u.side == side and not u.item]
        if side not in self.npc_sides:  # (only their units leave the world)
            return sorted(live)
        return sorted([*live, *(uid for uid, r in self._retired_records().items() if r.unit.side == side)])

    def undeployed(self, side: str) -> list[int]:
        with self._in_world():
            return sorted(uid for uid, u in esper.get_component(Unit)
                          if u.side == side and not esper.has_component(uid, Position)
                          and not esper.has_component(uid, TakenOut) and not esper.has_component(uid, Departed))

