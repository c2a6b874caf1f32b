"""Markers on the table, Control, and carrying them (Core Rules sections 6-7).

A marker is an esper entity with a `Marker` component: on the table it has a Position, carried it has a
`carrier`. One that can be attacked (ARM/HIT: a Spawn Point, the Asset, a Nexus, a crate) is also a Unit with
`item` set, so combat treats it like any target and it blocks movement like a base; the others are flat
tokens that only count for Adjacency and Control.

Control (section 7): a Unit Controls a marker, Unit or objective if it is Adjacent to it, it is not Adjacent to
any enemy Unit, and the item is not Adjacent to any enemy Unit. Pick Up (1 ACT) takes an Adjacent marker the
unit Controls, Drop (1 ACT) puts a carried one down Adjacent to the unit (where it stands), Give (1 ACT) passes
it to an Adjacent Squadmate the unit Controls. A carried marker moves with its carrier and is dropped where the
carrier is Taken Out.
"""
from __future__ import annotations

import esper

from game.battlefield import Base
from game.rules import actions as act
from game.rules.model import UnitCard

from . import commands as C
from . import events as E
from . import skills as S
from .components import Marker, Readiness, Unit
from .errors import IllegalCommand

MARKER_SIDE = "marker"  # the side of a flat marker's Base for table queries (it belongs to nobody)


class MatchMarkers:
    # == placing and finding =====================================================================
    def place_marker(self, mid: str, kind: str, label: str, x: float, y: float, z: float | None = None, *,
                     card: UnitCard | None = None, item_side: str = "neutral", where: str = "", **fields) -> int:
        """Put a marker on the table (missions call this). With `card` it is an item that can be attacked,
        fighting for `item_side` (whose enemies may target it). `fields`: the Marker's other fields."""
        if mid in self.state.marker_ids:
            raise ValueError(f"a marker {mid!r} is already on the table")
        with self._in_world():
            z = self.table.surface_z(x, y, 0.0) if z is None else z
            marker = Marker(id=mid, kind=kind, label=label, **fields)
            if card is not None:
                ent = self.add_unit(item_side, label, card, (x, y, z), item=True)
                marker.radius = card.base_diameter / 2
                esper.add_component(ent, marker)
            else:
                ent = self._new_entity(marker)
                self._put(ent, x, y, z)
            self.state.marker_ids[mid] = ent
        self.emit(E.MarkerPlaced(mid, label, x, y, z, where))
        return ent

    def marker(self, mid: str) -> Marker:
        return self._component(self._marker_entity(mid), Marker)

    def _marker_entity(self, mid: str) -> int:
        ent = self.state.marker_ids.get(mid)
        if ent is None:
            raise KeyError(f"no marker {mid!r}")
        return ent

    def marker_uid(self, mid: str) -> int | None:
        """The unit id of a marker that can be attacked (an item), else None."""
        ent = self.state.marker_ids.get(mid)
        with self._in_world():
            return ent if ent is not None and esper.has_component(ent, Unit) else None

    def marker_of(self, uid: int) -> str | None:
        """The marker id of an item unit (a Spawn Point, the Asset...), or None."""
        with self._in_world():
            m = esper.try_component(uid, Marker)
            return None if m is None else m.id

    def markers(self, kind: str | None = None, on_table: bool | None = None) -> list[str]:
        """Marker ids in the order they were placed; `on_table`: only those on the table (True), carried
        (False), or both (None). Removed and destroyed markers are gone."""
        out = []
        for mid in self.state.marker_ids:
            m = self.marker(mid)
            if kind is not None and m.kind != kind:
                continue
            there = self.marker_position(mid) is not None and m.carrier is None
            if on_table is True and not there:
                continue
            if on_table is False and m.carrier is None:
                continue
            if m.carrier is None and not there:
                continue  # an item Taken Out
            out.append(mid)
        return out

    def marker_position(self, mid: str) -> tuple[float, float, float] | None:
        """Where the marker is: its spot, or its carrier's (None: destroyed)."""
        m = self.marker(mid)
        if m.carrier is not None:
            p = self.position(m.carrier)
        else:
            p = self.position(self._marker_entity(mid))
        return None if p is None else (p.x, p.y, p.z)

    def marker_base(self, mid: str) -> Base | None:
        """The marker as a Base for Adjacency and distance (None when it is not on the table)."""
        m = self.marker(mid)
        if m.carrier is not None:
            return None
        ent = self._marker_entity(mid)
        if self.marker_uid(mid) is not None:
            return self.base(ent) if self.standing(ent) else None
        p = self.position(ent)
        return None if p is None else Base(uid=-ent, side=MARKER_SIDE, x=p.x, y=p.y, z=p.z, radius=m.radius)

    def set_marker(self, mid: str, say: str = "", **fields) -> None:
        """Change a marker's fields (its state, label, owner...); `say`: a log line in words."""
        m = self.marker(mid)
        for k, v in fields.items():
            setattr(m, k, v)
        if say:
            self.emit(E.MarkerChanged(mid, m.label, say))

    def remove_marker(self, mid: str, why: str = "") -> None:
        """Take a marker away (activated, found, destroyed by a mission's rule)."""
        m = self.marker(mid)
        ent = self._marker_entity(mid)
        with self._in_world():
            if esper.has_component(ent, Unit):
                esper.remove_component(ent, Marker)
                if self.standing(ent):
                    self._lift(ent)
                    esper.component_for_entity(ent, Readiness).ready = False
            else:
                esper.delete_entity(ent, immediate=True)
        del self.state.marker_ids[mid]
        self.emit(E.MarkerRemoved(mid, m.label, why))

    def carried_by(self, uid: int) -> list[str]:
        return [mid for mid in self.state.marker_ids if self.marker(mid).carrier == uid]

    def carry(self, mid: str, uid: int) -> None:
        """`uid` now carries the marker (a Pick Up, or a mission action that hands it over)."""
        m = self.marker(mid)
        ent = self._marker_entity(mid)
        self._lift(ent)
        m.carrier = uid
        self.emit(E.MarkerPickedUp(mid, m.label, uid, self.unit(uid).name))

    def drop(self, mid: str, taken_out: bool = False) -> None:
        """The carrier puts the marker down where it stands (Adjacent to it: R15 with the bases overlapping)."""
        m = self.marker(mid)
        uid = m.carrier
        p = self.position(uid)
        self._put(self._marker_entity(mid), p.x, p.y, p.z)
        m.carrier = None
        self.emit(E.MarkerDropped(mid, m.label, uid, self.unit(uid).name, p.x, p.y, p.z, taken_out))

    def _drop_carried(self, uid: int) -> None:
        for mid in self.carried_by(uid):
            self.drop(mid, taken_out=True)

    # == Control ==================================================================================
    def _thing_base(self, thing: int | str) -> Base | None:
        if isinstance(thing, str):
            return self.marker_base(thing)
        return self.base(thing) if self.standing(thing) else None

    def control_reason(self, uid: int, thing: int | str, downed_ok: bool = False) -> str | None:
        """Why `uid` does not Control `thing` (a marker id or a unit/item id), or None when it does.
        `downed_ok`: for an action a Downed unit may take (Revive: it Controls a Standing Squadmate)."""
        if not self.standing(uid) or self.unit(uid).item:
            return "only a unit on the table can Control something"
        if self.conditions(uid).downed and not downed_ok:
            return "a Downed unit Controls nothing"
        if isinstance(thing, str) and not S.may_control_objectives(self, uid):
            return f"{self.unit(uid).name} cannot Control objectives (Beast, Mindless, Weirdo)"
        tb = self._thing_base(thing)
        if tb is None:
            return "that is not on the table"
        me = self.base(uid)
        if not self.table.adjacent(me, tb):
            return "it must be Adjacent to it"
        for e in self.enemies_of(uid):
            eb = self.base(e)
            if self.table.adjacent(me, eb):
                return f"it is Adjacent to an enemy ({self.unit(e).name})"
            if self.table.adjacent(tb, eb):
                return f"an enemy is Adjacent to it ({self.unit(e).name})"
        return None

    def controls(self, uid: int, thing: int | str) -> bool:
        return self.control_reason(uid, thing) is None

    def side_controls(self, side: str, thing: int | str) -> bool:
        """Some unit of `side` Controls it (only a unit Adjacent to it can: the rest are not asked)."""
        tb = self._thing_base(thing)
        if tb is None:
            return False
        adjacent = self.table.adjacent
        return any(adjacent(self.base(u), tb) and self.controls(u, thing) for u in self.units(side))

    def controller_of(self, thing: int | str) -> str | None:
        """The side Controlling it (at most one side can), or None."""
        for s in self.sides:
            if self.side_controls(s, thing):
                return s
        return None

    # == Pick Up, Drop, Give ======================================================================
    def pick_up_reason(self, uid: int, mid: str) -> str | None:
        if mid not in self.state.marker_ids:
            return "there is no such marker"
        m = self.marker(mid)
        if not m.portable:
            return f"{m.label} cannot be picked up"
        if m.carrier is not None:
            return f"{m.label} is already carried"
        if not S.may_carry(self, uid):
            return f"{self.unit(uid).name} cannot carry anything (Beast, Mindless, Weirdo)"
        why = self.mission.carry_reason(self, uid, mid)
        if why:
            return why
        why = self.control_reason(uid, mid)
        return None if why is None else f"to pick it up, the unit must Control it: {why}"

    def give_reason(self, uid: int, mid: str, to: int) -> str | None:
        if mid not in self.state.marker_ids or self.marker(mid).carrier != uid:
            return "the unit does not carry that"
        if not self.standing(to) or self.unit(to).item or self.is_enemy(uid, to) or to == uid:
            return "it can only be given to a Squadmate"
        if not S.may_carry(self, to):
            return f"{self.unit(to).name} cannot carry anything (Beast, Mindless, Weirdo)"
        why = self.mission.carry_reason(self, to, mid)
        if why:
            return why
        why = self.control_reason(uid, to)
        return None if why is None else f"to give it, the unit must Control the Squadmate: {why}"

    def _carry_commands(self, side: str, uid: int) -> list[C.Command]:
        out: list[C.Command] = []
        for mid in self.markers(on_table=True):
            m = self.marker(mid)
            if m.portable and self.payment(self.cost_of(act.PICK_UP, base=m.pickup_cost)) is not None and \
                    self.pick_up_reason(uid, mid) is None:
                out.append(C.PickUp(side, mid))
        carried = self.carried_by(uid)
        if carried and self.payment(self.cost_of(act.DROP)) is not None:
            out += [C.Drop(side, mid) for mid in carried]
        if carried and self.payment(self.cost_of(act.GIVE)) is not None:
            for mate in self.squadmates(uid):
                for mid in carried:
                    if self.give_reason(uid, mid, mate) is None:
                        out.append(C.Give(side, mid, mate))
        return out

    def _do_pick_up(self, cmd: C.PickUp) -> None:
        uid = self.activation.uid
        why = self.pick_up_reason(uid, cmd.marker)
        if why:
            raise IllegalCommand(why)
        self._pay(act.PICK_UP, base=self.marker(cmd.marker).pickup_cost)
        self.carry(cmd.marker, uid)

    def _do_drop(self, cmd: C.Drop) -> None:
        uid = self.activation.uid
        if cmd.marker not in self.state.marker_ids or self.marker(cmd.marker).carrier != uid:
            raise IllegalCommand("the unit does not carry that")
        self._pay(act.DROP)
        self.drop(cmd.marker)

    def _do_give(self, cmd: C.Give) -> None:
        uid = self.activation.uid
        why = self.give_reason(uid, cmd.marker, cmd.to)
        if why:
            raise IllegalCommand(why)
        self._pay(act.GIVE)
        m = self.marker(cmd.marker)
        m.carrier = cmd.to
        self.emit(E.MarkerGiven(cmd.marker, m.label, uid, self.unit(uid).name, cmd.to, self.unit(cmd.to).name))

    # == what carrying does to a unit ===============================================================
    def carry_act(self, uid: int) -> int:
        return sum(self.marker(mid).carry_act for mid in self.carried_by(uid))

    def carry_move(self, uid: int) -> float:
        return sum(self.marker(mid).carry_move for mid in self.carried_by(uid))

