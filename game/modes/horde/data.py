"""Horde Mode's data (assets/data/horde/): the Horde roster as a squad pack (units and Bosses), the wave table and
Bosses (waves.json), and the mode's tables (tables.json: Turn Events, Wave Objectives, Crates, Upgrades, numbers of
the rules, the four maps). The Injury table and the Spoils of War are the game's (game.content.injuries_spoils).

Everything is checked on load; a problem raises ContentError naming the file, the entry and the field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.content import ContentError, extend_catalog, load_catalog
from game.content.injuries_spoils import injuries_and_spoils
from game.content.loader import REPO_ROOT
from game.rules.model import Catalog

HORDE_DIR = REPO_ROOT / "assets" / "data" / "horde"
ROSTER, WAVES, TABLES = "roster.json", "waves.json", "tables.json"
HORDE_SQUAD_TYPE = "HRD"
SPAWN_RULES = ("far-out-of-sight", "near-random-spawn-point", "near-centre")
OBJECTIVE_KINDS = ("control", "nexus", "asset", "pylon", "search")
RULE_KEYS = ("revive_cost", "revive_hit", "objective_mp", "turn_events_until", "crate", "crates_per_drop",
             "explosion_damage", "turret", "reward_to", "encroaching_inches",
             "slow_move_inches", "nutrient_lash_range", "nutrient_lash_on")


@dataclass(frozen=True, slots=True)
class Wave:
    number: int
    act: int
    boss: bool
    mp: int
    faces: tuple[tuple[str, int], ...]  # for each face 1-6: (unit type id, quantity)

    def spawn(self, face: int) -> tuple[str, int]:
        return self.faces[face - 1]


@dataclass(frozen=True, slots=True)
class Boss:
    unit: str
    spawn: str  # one of SPAWN_RULES
    spawn_damage: int


@dataclass(frozen=True, slots=True)
class Entry:
    """A row of a d6/2D6 table (Turn Events, Crates): roll, id, name, text."""

    roll: int
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Objective:
    roll: int
    id: str
    name: str
    setup: str
    goal: str
    rewards: tuple[tuple[str, str], ...]  # (id, words)
    markers: int = 0
    kind: str = ""
    arm: int = 0
    hit: int = 0
    turns: int = 0
    action_cost: int = 0
    found_on: int = 0


@dataclass(frozen=True, slots=True)
class Upgrade:
    id: str
    name: str
    cost: int
    text: str


@dataclass(frozen=True, slots=True)
class HordeMap:
    file: str
    name: str
    deploy: str


@dataclass(frozen=True, slots=True)
class HordeData:
    catalog: Catalog
    spawn_dice: int
    waves: tuple[Wave, ...]
    bosses: tuple[Boss, ...]
    turn_events: tuple[Entry, ...]  # 2D6: 2..12
    objectives: tuple[Objective, ...]  # 1D6
    crates: tuple[Entry, ...]  # 1D6
    upgrades: tuple[Upgrade, ...]
    injury_table: tuple[str | None, ...]  # 1D6: skill id of the Injury, None = Recovered
    spoils: tuple[str, ...]  # gear ids
    rules: dict
    maps: tuple[HordeMap, ...]

    def wave(self, n: int) -> Wave:
        return self.waves[n - 1]

    def turn_event(self, total: int) -> Entry:
        return next(e for e in self.turn_events if e.roll == total)

    def objective(self, face: int) -> Objective:
        return self.objectives[face - 1]

    def objective_by_id(self, oid: str) -> Objective:
        return next(o for o in self.objectives if o.id == oid)

    def crate(self, face: int) -> Entry:
        return self.crates[face - 1]

    def upgrade(self, uid: str) -> Upgrade:
        return next(u for u in self.upgrades if u.id == uid)

    def boss(self, unit: str) -> Boss:
        return next(b for b in self.bosses if b.unit == unit)

    @property
    def last_wave(self) -> int:
        return len(self.waves)


class _Reader:
    def __init__(self, where: str, label: str, obj) -> None:
        self.where, self.label, self.obj = where, label, obj
        if not isinstance(obj, dict):
            raise ContentError(f"{where}: {label}: expected an object, got {type(obj).__name__}")

    def fail(self, field: str, why: str) -> ContentError:
        return ContentError(f"{self.where}: {self.label}: field '{field}': {why}")

    def get(self, field: str, kind, default=None, required: bool = True):
        if field not in self.obj:
            if required:
                raise self.fail(field, "is missing")
            return default
        v = self.obj[field]
        if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise self.fail(field, f"expected an integer, got {v!r}")
        if kind is not int and not isinstance(v, kind):
            raise self.fail(field, f"expected {getattr(kind, '__name__', kind)}, got {v!r}")
        return v

    def int(self, field: str, lo: int, hi: int, default=None, required: bool = True) -> int:
        v = self.get(field, int, default, required)
        if v is not None and not lo <= v <= hi:
            raise self.fail(field, f"expected {lo}-{hi}, got {v}")
        return v

    def str(self, field: str, required: bool = True, default: str = "") -> str:
        v = self.get(field, str, default, required)
        if required and not v.strip():
            raise self.fail(field, "is empty")
        return v


def _read(path: Path) -> tuple[str, dict]:
    try:
        where = path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        where = path.as_posix()
    if not path.is_file():
        raise ContentError(f"{where}: file is missing")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ContentError(f"{where}: not valid JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != 1:
        raise ContentError(f"{where}: field 'format': expected 1")
    return where, data


def _list(where: str, data: dict, field: str, n: int | None = None) -> list:
    v = data.get(field)
    if not isinstance(v, list):
        raise ContentError(f"{where}: field '{field}': expected a list")
    if n is not None and len(v) != n:
        raise ContentError(f"{where}: field '{field}': expected {n} entries, got {len(v)}")
    return v


def load_horde_data(base: Path | None = None, catalog: Catalog | None = None) -> HordeData:
    """Read and check the Horde files under `base` (default: assets/data/horde)."""
    base = Path(base) if base is not None else HORDE_DIR
    cat = catalog or load_catalog()
    if HORDE_SQUAD_TYPE not in cat.squad_types:  # a catalog that has the roster already (a replayed run's) is kept
        cat = extend_catalog(cat, [base / ROSTER])
    where, wd = _read(base / WAVES)
    spawn_dice = _Reader(where, "file", wd).int("spawn_dice", 1, 6)
    waves = []
    for i, raw in enumerate(_list(where, wd, "waves")):
        r = _Reader(where, f"wave #{i + 1}", raw)
        number = r.int("wave", 1, 99)
        if number != i + 1:
            raise r.fail("wave", f"waves must be listed in order: expected {i + 1}, got {number}")
        faces: dict[int, tuple[str, int]] = {}
        for j, rr in enumerate(r.get("rows", list)):
            row = _Reader(where, f"wave {number} row #{j + 1}", rr)
            unit = row.str("unit")
            if unit not in cat.unit_types:
                raise row.fail("unit", f"unknown unit type {unit!r}")
            count = row.int("count", 1, 9)
            for f in row.get("faces", list):
                if not isinstance(f, int) or not 1 <= f <= 6 or f in faces:
                    raise row.fail("faces", f"each face 1-6 once per wave, got {f!r}")
                faces[f] = (unit, count)
        if sorted(faces) != [1, 2, 3, 4, 5, 6]:
            raise r.fail("rows", f"the rows must cover the faces 1-6, they cover {sorted(faces)}")
        waves.append(Wave(number, r.int("act", 1, 9), bool(r.get("boss", bool)), r.int("mp", 0, 99),
                          tuple(faces[f] for f in range(1, 7))))
    if not waves:
        raise ContentError(f"{where}: field 'waves': no waves")
    bosses = []
    for i, raw in enumerate(_list(where, wd, "bosses")):
        r = _Reader(where, f"boss #{i + 1}", raw)
        unit = r.str("unit")
        if unit not in cat.unit_types:
            raise r.fail("unit", f"unknown unit type {unit!r}")
        rule = r.str("spawn")
        if rule not in SPAWN_RULES:
            raise r.fail("spawn", f"expected one of {', '.join(SPAWN_RULES)}, got {rule!r}")
        bosses.append(Boss(unit, rule, r.int("spawn_damage", 0, 9)))
    boss_waves = sum(1 for w in waves if w.boss)
    if boss_waves > len(bosses):
        raise ContentError(f"{where}: field 'bosses': {boss_waves} boss waves need as many Bosses, got {len(bosses)}")

    where, td = _read(base / TABLES)
    events = []
    for i, raw in enumerate(_list(where, td, "turn_events", 11)):
        r = _Reader(where, f"turn event #{i + 1}", raw)
        e = Entry(r.int("roll", 2, 12), r.str("id"), r.str("name"), r.str("text"))
        if e.roll != i + 2:
            raise r.fail("roll", f"expected {i + 2} (2D6 in order), got {e.roll}")
        events.append(e)
    objectives = []
    for i, raw in enumerate(_list(where, td, "objectives", 6)):
        r = _Reader(where, f"objective #{i + 1}", raw)
        rewards = []
        for j, rw in enumerate(r.get("rewards", list)):
            rr = _Reader(where, f"objective #{i + 1} reward #{j + 1}", rw)
            rewards.append((rr.str("id"), rr.str("text")))
        if len(rewards) != 2:
            raise r.fail("rewards", "expected two rewards to choose from")
        kind = r.str("kind", required=False)
        if kind and kind not in OBJECTIVE_KINDS:
            raise r.fail("kind", f"expected one of {', '.join(OBJECTIVE_KINDS)}, got {kind!r}")
        o = Objective(r.int("roll", 1, 6), r.str("id"), r.str("name"), r.str("setup"), r.str("goal"),
                      tuple(rewards), r.int("markers", 0, 9, 0, False), kind, r.int("arm", 0, 6, 0, False),
                      r.int("hit", 0, 12, 0, False), r.int("turns", 0, 9, 0, False),
                      r.int("action_cost", 0, 4, 0, False), r.int("found_on", 0, 6, 0, False))
        if o.roll != i + 1:
            raise r.fail("roll", f"expected {i + 1}, got {o.roll}")
        if o.markers and not kind:
            raise r.fail("kind", "an objective with markers needs their kind")
        objectives.append(o)
    crates = []
    for i, raw in enumerate(_list(where, td, "crates", 6)):
        r = _Reader(where, f"crate #{i + 1}", raw)
        e = Entry(r.int("roll", 1, 6), r.str("id"), r.str("name"), r.str("text"))
        if e.roll != i + 1:
            raise r.fail("roll", f"expected {i + 1}, got {e.roll}")
        crates.append(e)
    upgrades = []
    for i, raw in enumerate(_list(where, td, "upgrades")):
        r = _Reader(where, f"upgrade #{i + 1}", raw)
        upgrades.append(Upgrade(r.str("id"), r.str("name"), r.int("cost", 0, 99), r.str("text")))
    shared = injuries_and_spoils()
    rules = td.get("rules")
    if not isinstance(rules, dict):
        raise ContentError(f"{where}: field 'rules': expected an object")
    for k in RULE_KEYS:
        if k not in rules:
            raise ContentError(f"{where}: field 'rules': '{k}' is missing")
    for k in RULE_KEYS:
        v = rules[k]
        if k.endswith("_inches") and (not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 24):
            raise ContentError(f"{where}: field 'rules': '{k}' must be a distance in inches (0 to 24), got {v!r}")
    maps = []
    for i, raw in enumerate(_list(where, td, "maps")):
        r = _Reader(where, f"map #{i + 1}", raw)
        maps.append(HordeMap(r.str("file"), r.str("name"), r.str("deploy")))
    return HordeData(cat, spawn_dice, tuple(waves), tuple(bosses), tuple(events), tuple(objectives), tuple(crates),
                     tuple(upgrades), shared.injury_table, shared.spoils, dict(rules), tuple(maps))


_CACHE: dict[int, tuple[Catalog, HordeData]] = {}


def horde_data(catalog: Catalog | None = None) -> HordeData:
    """The Horde data over `catalog` (the game's by default), read once per catalog."""
    catalog = catalog or load_catalog()
    got = _CACHE.get(id(catalog))
    if got is None or got[0] is not catalog:
        if len(_CACHE) > 8:
            _CACHE.clear()
        got = (catalog, load_horde_data(catalog=catalog))
        _CACHE[id(catalog)] = got
    return got[1]
