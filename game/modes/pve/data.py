"""The PvE tables and NPC factions: assets/data/pve/tables.json and assets/data/pve/factions/*.json, loaded and
checked (every problem names the file, the entry and the field), then built into the NPC cards.

tables.json holds the launch edition's numbers and the six-row tables the mission rolls on (objectives, battlefields,
deployments, Turn Events), the three PvE Behaviours with their lines, and the Priority Enemy rules. Each faction
file holds one NPC faction: its units (a unit type of the catalog with chosen gear, or a card of its own for the
classic roster), the Behaviour of each, and its Spawn Table (one column per Threat Level, each D6 face giving a
number of one unit). NPC cards drop the Leader, Brutal and Relentless (Melee) skills and cost 0 GP (play-modes
digest 2.2). The later edition's tables (edition-e2.json) and the scripted missions (last-signal.json,
operations.json) are read by data_e2.py and scripted.py with the same reader.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from game.content import parse_special
from game.paths import DATA_DIR
from game.rules.cards import CardError, build_card
from game.rules.model import MELEE, RANGED, Catalog, UnitCard, UnitSpec, WeaponCard

PVE_DIR = DATA_DIR / "pve"
FORMAT = 1

# what the game implements, by id: the data must name exactly these
OBJECTIVES = ("control", "activate", "destroy", "protect", "search", "no-survivors")
BATTLEFIELDS = ("ruined-city", "facility", "jungle", "alien-hive", "cursed-temple", "blacksite")
DEPLOYMENTS = ("standard-insertion", "hot-drop", "flanked", "deep-strike", "overwatch", "encircled")
TURN_EVENTS = ("opportunity", "field-dressing", "strategic-command", "scrambled-comms", "overrun",
               "enemy-reinforcements")
BEHAVIOURS = ("melee", "mixed", "ranged")
LINES = ("melee-attack", "ranged-attack", "move-toward", "move-to-cover-sight", "move-away")
ANCHOR_NAMES = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")
NUMBERS = ("objectives_rolled", "effects_from_turn", "events_until_turn", "extraction_turn", "extraction_radius",
           "mp_per_objective", "mp_per_threat_level", "area_radius", "spawn_dice", "reinforcement_dice")
THREAT_LEVELS = (1, 2, 3)


class PveDataError(ValueError):
    """A PvE data file is missing or wrong; the message names the file, the entry and the field."""


@dataclass(frozen=True, slots=True)
class ActionDef:
    id: str
    name: str
    act: int
    tactical_orders: bool


@dataclass(frozen=True, slots=True)
class ObjectiveDef:
    roll: int
    id: str
    name: str
    markers: int
    label: str
    setup: str
    rules: str
    victory: str
    item: tuple[int, int] | None = None  # (ARM, HIT) of an objective that can be attacked
    action: ActionDef | None = None
    until_turn: int | None = None  # Protect: judged at the end of this Turn
    find_on: tuple[int, ...] = ()  # Search: the highest face that finds the Artifact at the 1st, 2nd, 3rd search


@dataclass(frozen=True, slots=True)
class BattlefieldDef:
    roll: int
    id: str
    name: str
    effect: str
    map: str
    text: str


@dataclass(frozen=True, slots=True)
class ZoneRule:
    how: str  # "within" (4" of the Anchor) or "adjacent" (Adjacent to the Anchor)
    anchors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DeploymentDef:
    roll: int
    id: str
    name: str
    player: ZoneRule
    npc: ZoneRule
    text: str


@dataclass(frozen=True, slots=True)
class TurnEventDef:
    roll: int
    id: str
    name: str
    text: str
    act: int = 0
    hit: int = 0
    to: int = 0


@dataclass(frozen=True, slots=True)
class BehaviourDef:
    id: str
    name: str
    lines: tuple[tuple[str, str], ...]  # (line id, words)

    def line_text(self, line: str) -> str:
        for i, (lid, words) in enumerate(self.lines, 1):
            if lid == line:
                return f"line {i}: {words}"
        return line


@dataclass(frozen=True, slots=True)
class NpcUnitDef:
    id: str
    name: str
    behaviour: str
    card: UnitCard  # the NPC card: 0 GP, no Leader, Brutal or Relentless (Melee)


@dataclass(frozen=True, slots=True)
class SpawnRow:
    low: int
    high: int
    unit: str
    count: int

    @property
    def faces(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class FactionDef:
    roll: int
    id: str
    name: str
    text: str
    units: tuple[NpcUnitDef, ...]
    spawn: dict  # threat level -> tuple[SpawnRow, ...]
    squad_type: str | None = None

    def unit(self, unit_id: str) -> NpcUnitDef:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def spawn_row(self, tl: int, face: int) -> SpawnRow:
        for row in self.spawn[tl]:
            if row.low <= face <= row.high:
                return row
        raise KeyError(face)


@dataclass(frozen=True, slots=True)
class PveData:
    numbers: dict
    objectives: tuple[ObjectiveDef, ...]
    battlefields: tuple[BattlefieldDef, ...]
    deployments: tuple[DeploymentDef, ...]
    turn_events: tuple[TurnEventDef, ...]
    behaviours: dict
    behaviour_rules: tuple[str, ...]
    factions: tuple[FactionDef, ...]
    first_mission_deployment: str
    edition: str = "e1"  # the tables above: the launch edition's, or a variant's view (variant.view)
    e2: object = None  # the later edition's tables (data_e2.EditionTables)
    book: object = None  # the scripted missions (scripted.ScriptedBook)

    def objective(self, oid: str) -> ObjectiveDef:
        return _by_id(self.objectives, oid, "objective")

    def battlefield(self, bid: str) -> BattlefieldDef:
        return _by_id(self.battlefields, bid, "battlefield")

    def deployment(self, did: str) -> DeploymentDef:
        return _by_id(self.deployments, did, "deployment")

    def turn_event(self, eid: str) -> TurnEventDef:
        return _by_id(self.turn_events, eid, "Turn Event")

    def faction(self, fid: str) -> FactionDef:
        return _by_id(self.factions, fid, "NPC faction")

    @staticmethod
    def by_roll(table, face: int):
        for row in table:
            if row.roll == face:
                return row
        raise KeyError(face)


def _by_id(rows, rid: str, what: str):
    for r in rows:
        if r.id == rid:
            return r
    raise KeyError(f"no {what} {rid!r} (known: {', '.join(r.id for r in rows)})")


# -- reading ------------------------------------------------------------------------------------------
class _Entry:
    def __init__(self, where: str, obj, allowed: tuple[str, ...]):
        self.where = where
        if not isinstance(obj, dict):
            raise PveDataError(f"{where}: expected an object, got {type(obj).__name__}")
        unknown = sorted(set(obj) - set(allowed))
        if unknown:
            raise PveDataError(f"{where}: unknown field {unknown[0]!r}")
        self.obj = obj

    def fail(self, field: str, why: str) -> PveDataError:
        return PveDataError(f"{self.where}: field {field!r}: {why}")

    def get(self, field: str, kind, default=..., check=None):
        if field not in self.obj:
            if default is ...:
                raise self.fail(field, "missing")
            return default
        v = self.obj[field]
        if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
            raise self.fail(field, f"expected an integer, got {v!r}")
        if kind is str and (not isinstance(v, str) or not v.strip()):
            raise self.fail(field, f"expected a text, got {v!r}")
        if kind is list and not isinstance(v, list):
            raise self.fail(field, f"expected a list, got {v!r}")
        if kind is dict and not isinstance(v, dict):
            raise self.fail(field, f"expected an object, got {v!r}")
        if kind is bool and not isinstance(v, bool):
            raise self.fail(field, f"expected true or false, got {v!r}")
        if check is not None:
            why = check(v)
            if why:
                raise self.fail(field, why)
        return v


def _between(lo, hi):
    return lambda v: None if lo <= v <= hi else f"expected {lo}-{hi}, got {v}"


def _one_of(choices):
    return lambda v: None if v in choices else f"expected one of {', '.join(choices)}, got {v!r}"


def _read(path: Path) -> tuple[str, dict]:
    shown = _show(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PveDataError(f"{shown}: file is missing") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PveDataError(f"{shown}: cannot be read ({e})") from None
    except json.JSONDecodeError as e:
        raise PveDataError(f"{shown}: not valid JSON (line {e.lineno}: {e.msg})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise PveDataError(f"{shown}: expected an object with \"format\": {FORMAT}")
    return shown, raw


def _show(path: Path) -> str:
    try:
        return str(path.relative_to(DATA_DIR.parent.parent))
    except ValueError:
        return str(path)


def _table(where: str, raw: dict, key: str, ids: tuple[str, ...], parse) -> tuple:
    rows = raw.get(key)
    if not isinstance(rows, list):
        raise PveDataError(f"{where}: {key}: expected a list")
    out = []
    for i, r in enumerate(rows):
        label = f"{where}: {key}[{i}]" + (f" {r.get('id')!r}" if isinstance(r, dict) and "id" in r else "")
        out.append(parse(label, r))
    got = [r.id for r in out]
    if sorted(got) != sorted(ids) or len(set(got)) != len(got):
        raise PveDataError(f"{where}: {key}: expected exactly the entries {', '.join(ids)}, got {', '.join(got)}")
    if hasattr(out[0], "roll") and sorted(r.roll for r in out) != list(range(1, len(out) + 1)):
        raise PveDataError(f"{where}: {key}: the rolls must be 1-{len(out)}, each once")
    return tuple(sorted(out, key=lambda r: getattr(r, "roll", 0)))


def _item_action_faces(where: str, e: _Entry, raw: dict) -> tuple:
    """An objective's item (ARM, HIT) it may have, its Mission Action, and its search faces (any edition's)."""
    item = None
    if "item" in raw:
        it = _Entry(f"{where}: item", e.get("item", dict), ("arm", "hit"))
        item = (it.get("arm", int, check=_between(1, 6)), it.get("hit", int, check=_between(1, 12)))
    action = None
    if "action" in raw:
        a = _Entry(f"{where}: action", e.get("action", dict), ("id", "name", "act", "tactical_orders"))
        action = ActionDef(a.get("id", str), a.get("name", str), a.get("act", int, check=_between(1, 6)),
                           a.get("tactical_orders", bool))
    find_on = tuple(e.get("find_on", list, default=[]))
    if any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in find_on):
        raise e.fail("find_on", "expected faces 1-6")
    return item, action, find_on


def _objective(where, raw) -> ObjectiveDef:
    e = _Entry(where, raw, ("roll", "id", "name", "markers", "label", "setup", "rules", "victory", "item", "action",
                            "until_turn", "find_on"))
    item, action, find_on = _item_action_faces(where, e, raw)
    markers = e.get("markers", int, check=_between(0, 3))
    return ObjectiveDef(e.get("roll", int, check=_between(1, 6)), e.get("id", str, check=_one_of(OBJECTIVES)),
                        e.get("name", str), markers, e.get("label", str, default="" if not markers else ...), e.get("setup", str), e.get("rules", str), e.get("victory", str), item,
                        action, e.get("until_turn", int, default=None), find_on)


def _battlefield(where, raw) -> BattlefieldDef:
    e = _Entry(where, raw, ("roll", "id", "name", "effect", "map", "text"))
    return BattlefieldDef(e.get("roll", int, check=_between(1, 6)), e.get("id", str, check=_one_of(BATTLEFIELDS)),
                          e.get("name", str), e.get("effect", str), e.get("map", str), e.get("text", str))


def _zone(where, raw) -> ZoneRule:
    e = _Entry(where, raw, ("how", "anchors"))
    anchors = e.get("anchors", list)
    if not anchors or any(a not in ANCHOR_NAMES for a in anchors):
        raise e.fail("anchors", f"expected Anchors among {', '.join(ANCHOR_NAMES)}")
    return ZoneRule(e.get("how", str, check=_one_of(("within", "adjacent"))), tuple(anchors))


def _deployment(where, raw) -> DeploymentDef:
    e = _Entry(where, raw, ("roll", "id", "name", "player", "npc", "text"))
    return DeploymentDef(e.get("roll", int, check=_between(1, 6)), e.get("id", str, check=_one_of(DEPLOYMENTS)),
                         e.get("name", str), _zone(f"{where}: player", e.get("player", dict)),
                         _zone(f"{where}: npc", e.get("npc", dict)), e.get("text", str))


def _turn_event(where, raw) -> TurnEventDef:
    e = _Entry(where, raw, ("roll", "id", "name", "text", "act", "hit", "to"))
    return TurnEventDef(e.get("roll", int, check=_between(1, 6)), e.get("id", str, check=_one_of(TURN_EVENTS)),
                        e.get("name", str), e.get("text", str), e.get("act", int, default=0),
                        e.get("hit", int, default=0), e.get("to", int, default=0))


def _behaviour(where, raw) -> BehaviourDef:
    e = _Entry(where, raw, ("id", "name", "lines"))
    lines = []
    for i, ln in enumerate(e.get("lines", list)):
        le = _Entry(f"{where}: lines[{i}]", ln, ("id", "text"))
        lines.append((le.get("id", str, check=_one_of(LINES)), le.get("text", str)))
    if not lines:
        raise e.fail("lines", "a Behaviour needs at least one line")
    return BehaviourDef(e.get("id", str, check=_one_of(BEHAVIOURS)), e.get("name", str), tuple(lines))


def load_tables(path: Path) -> tuple:
    where, raw = _read(path)
    e = _Entry(where, raw, ("format", "mission", "objectives", "battlefields", "deployments", "turn_events",
                            "behaviours", "behaviour_rules"))
    m = _Entry(f"{where}: mission", e.get("mission", dict), NUMBERS + ("first_mission_deployment",))
    numbers = {k: m.get(k, int, check=_between(0, 12)) for k in NUMBERS}
    first = m.get("first_mission_deployment", str, check=_one_of(DEPLOYMENTS))
    objectives = _table(where, raw, "objectives", OBJECTIVES, _objective)
    battlefields = _table(where, raw, "battlefields", BATTLEFIELDS, _battlefield)
    deployments = _table(where, raw, "deployments", DEPLOYMENTS, _deployment)
    events = _table(where, raw, "turn_events", TURN_EVENTS, _turn_event)
    behaviours = {b.id: b for b in _table(where, raw, "behaviours", BEHAVIOURS, _behaviour)}
    rules = e.get("behaviour_rules", list)
    if not rules or any(not isinstance(r, str) or not r.strip() for r in rules):
        raise e.fail("behaviour_rules", "expected a list of texts")
    for o in objectives:
        if o.id in ("activate", "search") and o.action is None:
            raise PveDataError(f"{where}: objectives {o.id!r}: field 'action': missing")
        if o.id in ("destroy", "protect") and o.item is None:
            raise PveDataError(f"{where}: objectives {o.id!r}: field 'item': missing")
    search = next(o for o in objectives if o.id == "search")
    if len(search.find_on) != search.markers:
        raise PveDataError(f"{where}: objectives 'search': field 'find_on': one face per Search Site")
    return numbers, objectives, battlefields, deployments, events, behaviours, tuple(rules), first


# -- NPC factions --------------------------------------------------------------------------------------
DROPPED_NAMES = ("Brutal", "Relentless (Melee)")  # and every Leader skill (play-modes digest 2.2)


def dropped_skills(catalog: Catalog) -> set[str]:
    """The skills NPC cards drop: Leader skills, Brutal and Relentless (Melee)."""
    return {s.id for s in catalog.skills.values() if s.is_leader or s.name in DROPPED_NAMES}


def npc_card(catalog: Catalog, unit_type: str, gear: tuple[str, ...], name: str) -> UnitCard:
    """The NPC card of a catalog unit type with this gear: the dropped skills are left out (from its defaults
    too), it costs 0 GP and leads nothing."""
    drop = dropped_skills(catalog)
    ut = catalog.unit_types[unit_type]
    types = dict(catalog.unit_types)
    types[unit_type] = replace(ut, defaults=tuple(g for g in ut.defaults if g not in drop))
    view = replace(catalog, unit_types=types)
    card = build_card(view, UnitSpec(unit_type, name, tuple(g for g in gear if g not in drop)))
    return replace(card, gp=0, is_leader=False, leader_dice=0)


def _own_card(where: str, raw, name: str, known: dict[str, bool]) -> UnitCard:
    """A card written out in the faction file (the classic NPC roster is not in the catalog)."""
    e = _Entry(where, raw, ("type", "act", "msk", "rsk", "arm", "hit", "weapons"))
    stats = {k: e.get(k, int, check=_between(0 if k in ("msk", "rsk") else 1, 12))
             for k in ("act", "msk", "rsk", "arm", "hit")}
    weapons = []
    for i, w in enumerate(e.get("weapons", list)):
        we = _Entry(f"{where}: weapons[{i}]", w, ("id", "name", "kind", "att", "specials"))
        kind = we.get("kind", str, check=_one_of((MELEE, RANGED)))
        specials = []
        for text in we.get("specials", list, default=[]):
            s = parse_special(str(text), known)
            if s is None:
                raise we.fail("specials", f"unknown or malformed special {text!r}")
            specials.append(s)
        weapons.append(WeaponCard(we.get("id", str), we.get("name", str), kind,
                                  we.get("att", int, check=_between(1, 10)),
                                  stats["msk"] if kind == MELEE else stats["rsk"], tuple(specials)))
    return UnitCard(type_id=e.get("type", str), name=name, act=stats["act"], arm=stats["arm"], hit=stats["hit"],
                    msk=stats["msk"], rsk=stats["rsk"], weapons=tuple(weapons))


def _weapon_specials(data_dir: Path) -> dict[str, bool]:
    """code -> takes a value, for the weapon specials of the game's specials.json."""
    where, raw = _read(data_dir / "specials.json")
    return {s["code"]: bool(s["takes_value"]) for s in raw.get("specials", ())
            if isinstance(s, dict) and s.get("scope") == "weapon"}


def _fits(card: UnitCard, behaviour: str) -> str | None:
    kinds = {w.kind for w in card.weapons}
    need = {"melee": {MELEE}, "ranged": {RANGED}, "mixed": {MELEE, RANGED}}[behaviour]
    if not need <= kinds:
        return f"a {behaviour} Behaviour needs {' and '.join(sorted(need))} weapons; this card has " \
               f"{', '.join(sorted(kinds)) or 'none'}"
    return None


def load_faction(path: Path, catalog: Catalog, known: dict[str, bool] | None = None) -> FactionDef:
    where, raw = _read(path)
    e = _Entry(where, raw, ("format", "roll", "id", "name", "squad_type", "text", "units", "spawn"))
    squad_type = e.get("squad_type", str, default=None)
    if squad_type is not None and squad_type not in catalog.squad_types:
        raise e.fail("squad_type", f"unknown squad type {squad_type!r}")
    drop = dropped_skills(catalog)
    units = []
    for i, ru in enumerate(e.get("units", list)):
        uwhere = f"{where}: units[{i}]" + (f" {ru.get('id')!r}" if isinstance(ru, dict) and "id" in ru else "")
        ue = _Entry(uwhere, ru, ("id", "name", "type", "gear", "behaviour", "card"))
        name = ue.get("name", str)
        behaviour = ue.get("behaviour", str, check=_one_of(BEHAVIOURS))
        if "card" in ru:
            card = _own_card(f"{uwhere}: card", ue.get("card", dict), name,
                             known if known is not None else _weapon_specials(DATA_DIR))
        else:
            tid = ue.get("type", str)
            ut = catalog.unit_types.get(tid)
            if ut is None:
                raise ue.fail("type", f"unknown unit type {tid!r}")
            if squad_type is not None and ut.squad_type != squad_type:
                raise ue.fail("type", f"{tid} is not a unit of {squad_type}")
            gear = tuple(ue.get("gear", list, default=[]))
            for g in gear:
                if g not in ut.options and g not in ut.defaults:
                    raise ue.fail("gear", f"{g!r} is not gear a {ut.name} can take")
                if g in drop:
                    raise ue.fail("gear", f"NPC cards leave out {catalog.gear(g).name} ({g})")
            try:
                card = npc_card(catalog, tid, gear, name)
            except CardError as err:
                raise ue.fail("gear", str(err)) from None
        why = _fits(card, behaviour)
        if why:
            raise ue.fail("behaviour", why)
        units.append(NpcUnitDef(ue.get("id", str), name, behaviour, card))
    if not units:
        raise e.fail("units", "a faction needs units")
    ids = [u.id for u in units]
    if len(set(ids)) != len(ids):
        raise e.fail("units", "two units share an id")
    spawn_raw = e.get("spawn", dict)
    spawn = {}
    for tl in THREAT_LEVELS:
        rows_raw = spawn_raw.get(str(tl))
        if not isinstance(rows_raw, list):
            raise e.fail("spawn", f"Threat Level {tl}: expected a list of rows")
        rows = []
        for j, row in enumerate(rows_raw):
            rwhere = f"spawn, Threat Level {tl}, row {j + 1}"
            if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str) and isinstance(row[2], int)):
                raise e.fail(rwhere, "expected [\"faces\", \"unit id\", count]")
            faces, unit_id, count = row
            lo, _, hi = faces.partition("-")
            try:
                low, high = int(lo), int(hi or lo)
            except ValueError:
                raise e.fail(rwhere, f"faces must be like \"1-3\" or \"6\", got {faces!r}") from None
            if not 1 <= low <= high <= 6:
                raise e.fail(rwhere, f"faces must be within 1-6, got {faces!r}")
            if unit_id not in ids:
                raise e.fail(rwhere, f"unknown unit {unit_id!r}")
            if not 1 <= count <= 6:
                raise e.fail(rwhere, f"count must be 1-6, got {count}")
            rows.append(SpawnRow(low, high, unit_id, count))
        covered = sorted(f for r in rows for f in range(r.low, r.high + 1))
        if covered != [1, 2, 3, 4, 5, 6]:
            raise e.fail("spawn", f"Threat Level {tl}: the rows must cover the faces 1-6, each once")
        spawn[tl] = tuple(rows)
    return FactionDef(e.get("roll", int, check=_between(1, 10)), e.get("id", str), e.get("name", str),
                      e.get("text", str), tuple(units), spawn, squad_type)


_CACHE: dict = {}  # (folder, id(catalog)) -> (catalog, data): the catalog is kept so its id stays its own


def load_pve_data(catalog: Catalog | None = None, data_dir: Path | None = None) -> PveData:
    """Every PvE table and NPC faction, checked (cached per directory)."""
    from game.content import load_catalog
    catalog = catalog or load_catalog()
    base = Path(data_dir) if data_dir is not None else PVE_DIR
    key = (str(base), id(catalog))
    got = _CACHE.get(key)
    if got is not None and got[0] is catalog:
        return got[1]
    numbers, objectives, battlefields, deployments, events, behaviours, rules, first = load_tables(base / "tables.json")
    fdir = base / "factions"
    if not fdir.is_dir():
        raise PveDataError(f"{_show(fdir)}: the NPC factions folder is missing")
    known = _weapon_specials(DATA_DIR)
    factions = tuple(sorted((load_faction(p, catalog, known) for p in sorted(fdir.glob("*.json"))),
                            key=lambda f: f.roll))
    rolls = [f.roll for f in factions]
    if rolls != list(range(1, len(factions) + 1)):
        raise PveDataError(f"{_show(fdir)}: the factions' rolls must be 1-{len(factions)}, each once (got {rolls})")
    if len({f.id for f in factions}) != len(factions):
        raise PveDataError(f"{_show(fdir)}: two factions share an id")
    from .data_e2 import load_edition
    from .scripted import load_book
    e2 = load_edition(base / "edition-e2.json", battlefields)
    book = load_book(base, e2, [f.id for f in factions], catalog.factions, numbers["area_radius"])
    data = PveData(numbers, objectives, battlefields, deployments, events, behaviours, rules, factions, first,
                   e2=e2, book=book)
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[key] = (catalog, data)
    return data
