"""What the table shows of the match, kept up to date from each command's events.

A full reading (every base, marker and token) is made when the screen opens, at a new Turn and when an event
may change more than the things it names (a mission's own event, an event kind not known here). Otherwise only the
units the events name are read again, and the markers when a unit moved or a marker changed (Control follows the
bases); a unit that comes onto the table or leaves it is read with the bases whose label that changes (the labels
are worked out again from what is shown: names and sides do not change). The match is asked through its public questions (`unit`,
`position`, `health`, `markers`...), never through its components.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.match import events as E

from ..battle.mission_view import MarkerView, snapshot_markers
from ..board import UnitView, side_styles, snapshot_units, unit_view
from ..wording import unit_labels

# events that change nothing the table shows
QUIET = (E.DiceRolled, E.Note, E.AttackDeclared, E.TacticalOrdersRolled, E.TacticalOrdersChanged,
         E.InitiativeRolled, E.InitiativeGiven, E.FirstChosen, E.ScoreChanged, E.DoorToggled, E.AttackRolled,
         E.AutoStrikeRolled, E.SavesRolled, E.StrikesCounted, E.DieChanged, E.DieRerolled, E.ProtectRolled)
# events that change only the units they name (and, for a move or a marker, the markers)
NAMED = (E.Moved, E.AttackEnded, E.HitLost, E.Healed, E.Downed, E.Revived, E.ActivationStarted, E.ActivationEnded,
         E.DamageTaken, E.DamageReturned, E.DirectDamage, E.LifeDrained, E.ReturnedDamageLost, E.MarkerPickedUp,
         E.MarkerDropped, E.MarkerGiven, E.MarkerPlaced, E.MarkerChanged)
# events that bring a unit onto the table or take it off (the labels of its squad may change; Control follows)
MEMBERS = (E.TakenOut, E.Deployed, E.Spawned)
MARKERS_MOVE = (E.Moved, E.Downed, E.Revived, E.MarkerPickedUp, E.MarkerDropped, E.MarkerGiven, E.MarkerPlaced,
                E.MarkerChanged)
UID_FIELDS = ("uid", "attacker", "giver", "receiver", "source")


@dataclass
class Changes:
    """What a batch of events changed on the table: `full` (everything was read again), the units read again,
    and whether the markers and tokens were."""

    full: bool = False
    units: set = field(default_factory=set)
    markers: bool = False
    members: bool = False  # a unit came onto the table or left it


def token_fields(t) -> dict:
    """A token of the match (Smoke, a Scan marker, Dark Gaze) as the table draws it: kind, x, y, z, radius."""
    get = t.get if isinstance(t, dict) else (lambda k, d=None: getattr(t, k, d))
    return {"kind": get("kind"), "x": get("x"), "y": get("y"), "z": get("z", 0.0) or 0.0,
            "radius": get("radius", 1.0)}


def named_units(e) -> set[int]:
    out = set()
    for f in UID_FIELDS:
        v = getattr(e, f, None)
        if isinstance(v, int) and v > 0:
            out.add(v)
    out |= {uid for uid, _lost in getattr(e, "lost", ())}  # (an attack's end: every unit that lost HIT)
    return out


def changes_of(events) -> Changes:
    """Which things on the table `events` may have changed (nothing read yet)."""
    ch = Changes()
    for e in events:
        if isinstance(e, QUIET):
            continue
        if isinstance(e, NAMED):
            ch.units |= named_units(e)
            ch.markers = ch.markers or isinstance(e, MARKERS_MOVE)
            continue
        if isinstance(e, MEMBERS):
            ch.units.add(e.uid)
            ch.markers = ch.members = True
            continue
        ch.full = True  # a Turn, a mission's own event, anything else
        break
    return ch


class TableReading:
    """The bases (UnitView by uid, in drawing-list order), the markers (MarkerView) and the tokens (dicts) as the
    screen shows them."""

    def __init__(self, match) -> None:
        self.match = match
        self.units: dict[int, UnitView] = {}
        self.markers: list[MarkerView] = []
        self.tokens: list[dict] = []
        self.labels: dict[int, str] = {}
        self.styles: dict[str, str] = {}
        self.reads = 0  # full readings made (a test counts them)
        self.active = None  # the active unit when last read (an activation may end with the next one's start)
        self.markers_due = False  # the markers are to be read again (read_markers): apply left them for later
        self.read_all()

    def read_all(self, markers: bool = True) -> None:
        m = self.match
        self.reads += 1
        views = snapshot_units(m)
        self.units = {v.uid: v for v in views}
        self.labels = {v.uid: v.label for v in views}
        self.styles = side_styles(m)
        self.markers_due = True
        if markers:
            self.read_markers()
        self.tokens = [token_fields(t) for t in m.tokens]
        self.active = m.active_unit

    def read_markers(self) -> bool:
        """The markers read again if they are due (who controls each asks where every base stands): True if read."""
        if not self.markers_due:
            return False
        self.markers_due = False
        self.markers = snapshot_markers(self.match)
        return True

    def apply(self, events, markers_later: bool = False) -> Changes:
        """Bring the reading up to date after `events` (one command's): what changed. `markers_later`: the markers,
        if they are to be read again, are left due (read_markers) and not in the changes."""
        ch = changes_of(events)
        if ch.full:
            self.read_all(markers=not markers_later)
            return ch
        m = self.match
        ch.units |= {u for u in (self.active, m.active_unit) if u is not None}  # (the activation that ended)
        self.active = m.active_unit
        if ch.members or any(uid not in self.labels or not m.standing(uid) for uid in ch.units):
            self._members(ch)
        else:
            for uid in ch.units:
                self.units[uid] = unit_view(m, uid, self.labels[uid], self.styles)
        if ch.markers or ch.units:
            self.markers_due = True
        ch.markers = False if markers_later else self.read_markers()
        self.tokens = [token_fields(t) for t in m.tokens]
        return ch

    def _members(self, ch: Changes) -> None:
        """Units came onto the table or left it: those `ch` names read again, the labels worked out again over the
        table (from the views kept for the others: a name or a side never changes), and the bases whose label
        changed read again and added to `ch.units`."""
        m = self.match
        npc = m.npc_sides
        shown = self.units
        on_table = []
        for uid in m.units(items=None, downed=None):
            if uid in ch.units or uid not in shown:
                if uid not in ch.units and uid not in self.labels:
                    continue  # off the table before, and nothing named it: off the table still
                u = m.unit(uid)
                p = m.position(uid)
                if p is not None:
                    on_table.append((uid, u.name, u.side, u.item, u, p))
            else:
                v = shown[uid]
                on_table.append((uid, v.name, v.side, v.item, None, None))
        labels = unit_labels([(uid, name, side, item, side in npc) for uid, name, side, item, _, _ in on_table])
        units = {}
        for uid, _name, _side, _item, u, p in on_table:
            if uid in ch.units or labels[uid] != self.labels.get(uid):
                units[uid] = unit_view(m, uid, labels[uid], self.styles, u, p)
                ch.units.add(uid)
            else:
                units[uid] = shown[uid]
        ch.units |= set(shown) - set(units)  # (those that left: their bases go)
        self.units, self.labels = units, labels

    def unit_list(self) -> list[UnitView]:
        return list(self.units.values())


def same_as_match(reading: TableReading) -> list[str]:
    """What differs between `reading` and a full reading of its match now ([] : nothing)."""
    m = reading.match
    out = []
    fresh = {v.uid: v for v in snapshot_units(m)}
    for uid in sorted(set(fresh) | set(reading.units)):
        if fresh.get(uid) != reading.units.get(uid):
            out.append(f"unit {uid}: shown {reading.units.get(uid)}, is {fresh.get(uid)}")
    if snapshot_markers(m) != reading.markers:
        out.append("markers differ")
    if [token_fields(t) for t in m.tokens] != reading.tokens:
        out.append("tokens differ")
    return out


