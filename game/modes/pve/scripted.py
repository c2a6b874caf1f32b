"""The scripted PvE missions (R39): Last Signal's nine missions and its Climax (play-modes digest 3.3) and the 36
Operations of the Operations book (3.4), from assets/data/pve/last-signal.json and operations.json, checked with
the PvE data reader (every problem names the file, the entry and the field).

Each is a mission with nothing rolled but its NPC units: the enemy faction, the Threat Level, the battlefield, the
deployment (the squad's and the enemy's zones) and its objectives (one of the later edition's nine, or one of the
campaign's own, on named Anchors) are fixed. A mission is named by the option that picks it: `scripted` =
"last-signal-2.2" (or "last-signal-climax"), `operation` = "HEG-SWM-01,2" (mission 1 when no number is given).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .data import DeploymentDef, PveDataError, _between, _Entry, _one_of, _read, _zone
from .data_e2 import EditionTables, VariantObjective, variant_objective, zone_words

ANCHORS = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")
LETTERS = ("A", "B")
OPERATION_ID = re.compile(r"^[A-Z]{3}-[A-Z]{3}-\d\d$")


@dataclass(frozen=True, slots=True)
class Slot:
    """Objective A or B of a scripted mission: which objective, on which Anchors (the first markers; any left are
    placed on random Anchors), and `only_while` (slot letter, Anchor): its action may be taken only while the
    squad Controls that slot's marker on that Anchor."""

    letter: str
    objective: str
    anchors: tuple[str, ...] = ()
    only_while: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class ScriptedMission:
    key: str  # the option's value: "last-signal-2.2", "HEG-SWM-01,2"
    option: str  # "scripted" or "operation"
    heading: str  # "Last Signal 2.2", "Operation HEG-SWM-01, mission 2 of 3"
    title: str
    briefing: str
    npc: str  # a PvE faction id
    tl: int
    tl_fixed: bool  # Last Signal's Threat Levels are the campaign's; an Operation alone is TL1 unless picked
    battlefield: str
    deployment: DeploymentDef
    slots: tuple[Slot, ...]
    faction: str  # the catalog faction of the squad it is written for

    def slot(self, letter: str) -> Slot:
        return next(s for s in self.slots if s.letter == letter)

    def slot_of(self, oid: str) -> Slot:
        return next(s for s in self.slots if s.objective == oid)


@dataclass(frozen=True, slots=True)
class Operation:
    id: str
    title: str
    briefing: str
    faction: str
    npc: str
    battlefield: str
    missions: tuple[tuple[str, int], ...]  # (objective id, deployment roll)


@dataclass(frozen=True, slots=True)
class ScriptedBook:
    campaign: str  # "Last Signal"
    campaign_text: str
    objectives: tuple[VariantObjective, ...]  # the campaign's own objectives
    last_signal: tuple[ScriptedMission, ...]
    operations: tuple[Operation, ...]
    operation_tl: int

    def find(self, option: str, value: str, edition: EditionTables, within: float) -> ScriptedMission:
        """The mission an option names, or a KeyError saying what is known."""
        text = str(value).strip()
        if option == "scripted":
            key = text.lower()
            for m in self.last_signal:
                if m.key == key:
                    return m
            raise KeyError(f"no scripted mission {value!r} (known: {', '.join(m.key for m in self.last_signal)})")
        op_id, _, n = text.partition(",")
        op = next((o for o in self.operations if o.id == op_id.strip().upper()), None)
        if op is None:
            raise KeyError(f"no Operation {op_id.strip()!r} (known: {', '.join(o.id for o in self.operations)})")
        try:
            k = int(n) if n.strip() else 1
        except ValueError:
            k = 0
        if not 1 <= k <= len(op.missions):
            raise KeyError(f"Operation {op.id} has missions 1-{len(op.missions)}, not {n.strip()!r}")
        return operation_mission(op, k, edition, within, self.operation_tl)


def operation_mission(op: Operation, k: int, edition: EditionTables, within: float, tl: int) -> ScriptedMission:
    """Mission k of an Operation: its one objective on random Anchors, its deployment with the squad as Squad A."""
    oid, roll = op.missions[k - 1]
    dep = next(d for d in edition.deployments if d.roll == roll).as_squad("A", within)
    obj = edition.objective(oid)
    return ScriptedMission(f"{op.id},{k}", "operation", f"Operation {op.id}, mission {k} of {len(op.missions)}",
                           f"{op.title}: {obj.name}", op.briefing, op.npc, tl, False, op.battlefield, dep,
                           (Slot("A", oid),), op.faction)


# -- reading -----------------------------------------------------------------------------------------------
def _anchors(e: _Entry, field: str) -> tuple[str, ...]:
    got = e.get(field, list, default=[])
    if any(a not in ANCHORS for a in got) or len(set(got)) != len(got):
        raise e.fail(field, f"expected different Anchors among {', '.join(ANCHORS)}")
    return tuple(got)


def _slot(where: str, raw, letter: str, objectives: dict) -> Slot:
    e = _Entry(where, raw, ("objective", "anchors", "only_while"))
    oid = e.get("objective", str, check=_one_of(tuple(objectives)))
    anchors = _anchors(e, "anchors")
    obj = objectives[oid]
    if len(anchors) > obj.placed_at_start:
        raise e.fail("anchors", f"{obj.name} puts {obj.placed_at_start} marker(s) on the table at the start")
    only = None
    if "only_while" in raw:
        oe = _Entry(f"{where}: only_while", e.get("only_while", dict), ("slot", "anchor"))
        only = (oe.get("slot", str, check=_one_of(LETTERS)), oe.get("anchor", str, check=_one_of(ANCHORS)))
        if only[0] == letter:
            raise oe.fail("slot", "an objective cannot wait on itself")
    return Slot(letter, oid, anchors, only)


def _last_signal_mission(where: str, raw, name: str, faction: str, objectives: dict, known: dict) -> ScriptedMission:
    e = _Entry(where, raw, ("id", "title", "briefing", "npc", "tl", "battlefield", "deployment", "objectives"))
    mid = e.get("id", str)
    if not re.fullmatch(r"[1-3]\.[1-3]|climax", mid):
        raise e.fail("id", f"expected 1.1-3.3 or climax, got {mid!r}")
    npc = e.get("npc", str, check=_one_of(known["factions"]))
    bf = e.get("battlefield", str, check=_one_of(known["battlefields"]))
    de = _Entry(f"{where}: deployment", e.get("deployment", dict), ("name", "player", "npc"))
    player, enemy = _zone(f"{where}: deployment: player", de.get("player", dict)), \
        _zone(f"{where}: deployment: npc", de.get("npc", dict))
    key = f"{known['id']}-{mid}"
    dname = de.get("name", str)
    within = known["within"]
    dep = DeploymentDef(0, key, dname, player, enemy, f"{dname}: the squad deploys {zone_words(player, within)}; "
                        f"the enemy {zone_words(enemy, within)}, in Cover or out of sight where it can.")
    raw_slots = e.get("objectives", list)
    if not 1 <= len(raw_slots) <= 2:
        raise e.fail("objectives", "one or two objectives (A and B)")
    slots = tuple(_slot(f"{where}: objectives[{i}]", r, LETTERS[i], objectives) for i, r in enumerate(raw_slots))
    if len({objectives[s.objective].kind for s in slots}) != len(slots):
        raise e.fail("objectives", "objectives A and B must be of different kinds (control, activate, search, "
                                   "destroy, protect, no-survivors)")
    for s in slots:
        if s.only_while is not None:
            other = next((o for o in slots if o.letter == s.only_while[0]), None)
            if other is None or s.only_while[1] not in other.anchors:
                raise e.fail("objectives", f"objective {s.letter} waits on a marker of objective {s.only_while[0]} "
                                           f"at {s.only_while[1]}, which the mission does not place")
    used = [a for s in slots for a in s.anchors]
    if len(set(used)) != len(used):
        raise e.fail("objectives", "two markers on one Anchor")
    heading = f"{name} {'Climax' if mid == 'climax' else mid}"
    return ScriptedMission(key, "scripted", heading, e.get("title", str), e.get("briefing", str), npc,
                           e.get("tl", int, check=_between(1, 3)), True, bf, dep, slots, faction)


def load_last_signal(path: Path, edition: EditionTables, known: dict):
    where, raw = _read(path)
    e = _Entry(where, raw, ("format", "id", "name", "faction", "text", "objectives", "missions"))
    cid = e.get("id", str)
    name = e.get("name", str)
    faction = e.get("faction", str, check=_one_of(known["catalog_factions"]))
    own = tuple(variant_objective(f"{where}: objectives[{i}]", r, False)
                for i, r in enumerate(e.get("objectives", list)))
    objectives = {o.id: o for o in edition.objectives}
    for o in own:
        if o.id in objectives:
            raise PveDataError(f"{where}: objectives: {o.id!r} is defined twice")
        objectives[o.id] = o
    missions = tuple(_last_signal_mission(f"{where}: missions[{i}]", r, name, faction, objectives,
                                          dict(known, id=cid)) for i, r in enumerate(e.get("missions", list)))
    ids = [m.key for m in missions]
    want = [f"{cid}-{a}.{b}" for a in (1, 2, 3) for b in (1, 2, 3)] + [f"{cid}-climax"]
    if ids != want:
        raise e.fail("missions", f"expected the missions 1.1-3.3 and the climax in order, got {', '.join(ids)}")
    return name, e.get("text", str), own, missions


def _operation(where: str, raw, edition: EditionTables, known: dict) -> Operation:
    e = _Entry(where, raw, ("id", "title", "faction", "npc", "battlefield", "briefing", "missions"))
    oid = e.get("id", str)
    if not OPERATION_ID.match(oid):
        raise e.fail("id", f"expected an id like HEG-SWM-01, got {oid!r}")
    missions = []
    for i, r in enumerate(e.get("missions", list)):
        me = _Entry(f"{where}: missions[{i}]", r, ("objective", "deployment"))
        missions.append((me.get("objective", str, check=_one_of(tuple(o.id for o in edition.objectives))),
                         me.get("deployment", int, check=_between(1, 6))))
    if len(missions) != 3:
        raise e.fail("missions", "an Operation has three missions")
    if sorted(edition.objective(o).archetype for o, _ in missions) != ["activate", "control", "destroy"]:
        raise e.fail("missions", "one Control, one Activate and one Destroy objective")
    if len({d for _, d in missions}) != 3:
        raise e.fail("missions", "an Operation never repeats a deployment")
    return Operation(oid, e.get("title", str), e.get("briefing", str),
                     e.get("faction", str, check=_one_of(known["catalog_factions"])),
                     e.get("npc", str, check=_one_of(known["factions"])),
                     e.get("battlefield", str, check=_one_of(known["battlefields"])), tuple(missions))


def load_operations(path: Path, edition: EditionTables, known: dict) -> tuple[int, tuple[Operation, ...]]:
    where, raw = _read(path)
    e = _Entry(where, raw, ("format", "tl", "operations"))
    ops = tuple(_operation(f"{where}: operations[{i}]", r, edition, known)
                for i, r in enumerate(e.get("operations", list)))
    if len({o.id for o in ops}) != len(ops):
        raise e.fail("operations", "two Operations share an id")
    return e.get("tl", int, check=_between(1, 3)), ops


def load_book(base: Path, edition: EditionTables, faction_ids, catalog_factions, within: float) -> ScriptedBook:
    known = {"factions": tuple(faction_ids), "battlefields": tuple(b.id for b in edition.battlefields),
             "catalog_factions": tuple(catalog_factions), "within": within}
    name, text, own, missions = load_last_signal(base / "last-signal.json", edition, known)
    tl, ops = load_operations(base / "operations.json", edition, known)
    return ScriptedBook(name, text, own, missions, ops, tl)
