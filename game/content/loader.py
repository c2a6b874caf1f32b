"""Reads the game's data files (assets/data/**.json) into a validated, frozen Catalog.

The file format is described in docs/content-format.md. Every problem is reported as a ContentError
whose message names the file, the entry, the field and the reason, e.g.

    assets/data/squads/interdictors.json: unit INT-STRP: field 'arm': expected an integer 1-6, got 'x'

Nothing here reads anything outside the data directory it is given; the default directory is the
repository's assets/data, found relative to this package.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from game.rules.model import (
    MELEE,
    RANGED,
    Catalog,
    Effect,
    FactionDef,
    ItemDef,
    SkillDef,
    Special,
    SquadSpec,
    SquadTypeDef,
    UnitSpec,
    UnitTypeDef,
    WeaponDef,
)

FORMAT_VERSION = 1

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA_DIR = REPO_ROOT / "assets" / "data"
#: The game-wide Injuries and Spoils of War (campaigns, Horde Mode): their skills join the catalog here, their
#: tables are read by game.content.injuries_spoils.
INJURIES_SPOILS = "injuries-spoils.json"
TABLE_FIELDS = ("injury_table", "immune", "spoils")

#: The moments a skill can act at. "passive-card" skills are complete once build_card has applied them;
#: every other hook names the point where the rules engine has to look the skill up and resolve it.
HOOKS: dict[str, str] = {
    "passive-card": "pure stat/special change, fully applied by build_card",
    "squad-building": "only limits what the unit may carry or do in a squad or campaign (no in-game effect)",
    "restriction": "forbids things during a mission (carrying markers, mission actions, objectives)",
    "behavior": "NPC behaviour list, read by the NPC controller",
    "action": "an Action the unit may take, paid with ACT and/or TO (see act/to costs)",
    "start-of-turn": "resolves at the start of each Turn",
    "on-to-roll": "changes how the squad rolls or keeps Tactical Order dice",
    "start-of-activation": "resolves when the unit's Activation begins",
    "end-of-activation": "resolves when the unit's Activation ends",
    "activation-choice": "the unit may give up its own actions to let squadmates act",
    "on-move-cost": "changes the ACT cost of Move actions",
    "on-dash-cost": "changes the ACT cost of Dash actions",
    "on-mission-action-cost": "changes the ACT cost of Mission actions",
    "on-move-distance": "changes how far a Move may go",
    "on-climb-cost": "changes what climbing costs in movement",
    "on-move-path": "changes which paths are legal (moving through enemies, ignoring height)",
    "on-aoo": "changes Attacks of Opportunity made or suffered by this unit",
    "on-enemy-move": "triggers when an enemy moves near this unit",
    "on-ranged-targeting": "changes which targets are valid or how line of sight is traced",
    "on-attack": "changes this unit's attack rolls (Melee and Ranged)",
    "on-melee-attack": "changes this unit's Melee attack rolls",
    "on-ranged-attack": "changes this unit's Ranged attack rolls",
    "on-melee-hit": "triggers after this unit's Melee attack removes HIT from its target",
    "on-defend": "changes attacks against this unit or its squadmates (saves, cover, support)",
    "on-ranged-defend": "changes Ranged attacks against this unit (save re-rolls, cover)",
    "on-melee-defend": "changes Melee attacks against this unit (save re-rolls, support)",
    "after-melee-defend": "triggers after a Melee attack against this unit is resolved",
    "on-zero-hit": "triggers when this unit (or a squadmate nearby) reaches 0 HIT",
    "on-take-out-enemy": "triggers when this unit Takes Out an enemy",
    "mission-rule": "applied by the play mode's mission script (Horde Mode's Bosses, the Leech)",
}

SKILL_KINDS = ("skill", "specialty", "behavior")
UNIT_STATS = ("ACT", "ARM", "HIT", "MSK", "RSK")
WEAPON_KEYS = ("ATT", "SKL")

_ID_RE = re.compile(r"^[A-Z0-9][A-Z0-9-]*$")
_SLUG_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_EFFECT_RE = re.compile(
    r"^(?P<scope>unit|melee|ranged|weapon:[A-Z0-9-]+|named:[^.]+)\."
    r"(?P<key>[A-Z]+)(?P<sign>[+-])(?P<value>[A-Z0-9]+)"
    r"(?: (?P<bound>max|min) (?P<limit>\d+))?$"
)


class ContentError(ValueError):
    """A data file is missing, malformed, or refers to something that does not exist."""


# --------------------------------------------------------------------------------------------------
# Public entry point


_CACHE: dict[str, Catalog] = {}


def load_catalog(data_dir: str | Path | None = None) -> Catalog:
    """Load and validate every data file under data_dir (default: the repo's assets/data). Cached per dir."""
    base = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    key = str(base.resolve())
    if key not in _CACHE:
        _CACHE[key] = _Loader(base).load()
    return _CACHE[key]


def clear_cache() -> None:
    _CACHE.clear()


# --------------------------------------------------------------------------------------------------
# Field readers: each raises a ContentError naming file, entry and field


class _Entry:
    """Reads the fields of one JSON object and reports errors with file and entry names."""

    def __init__(self, where: str, label: str, obj: Any, allowed: tuple[str, ...]):
        self.where = where
        self.label = label
        if not isinstance(obj, dict):
            raise ContentError(f"{where}: {label}: expected an object, got {_show(obj)}")
        self.obj = obj
        for k in obj:
            if k not in allowed:
                raise ContentError(f"{where}: {label}: unknown field {k!r} (allowed: {', '.join(allowed)})")

    def fail(self, field: str, reason: str) -> ContentError:
        return ContentError(f"{self.where}: {self.label}: field {field!r}: {reason}")

    def has(self, field: str) -> bool:
        return field in self.obj

    def _get(self, field: str, required: bool, default: Any) -> Any:
        if field not in self.obj:
            if required:
                raise self.fail(field, "missing (required)")
            return default
        return self.obj[field]

    def int(self, field: str, lo: int, hi: int, *, required: bool = True, default: int | None = 0,
            nullable: bool = False) -> int | None:
        if field not in self.obj:
            if required:
                raise self.fail(field, "missing (required)")
            return default
        v = self.obj[field]
        if v is None and nullable:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            kind = "an integer" + (" or null" if nullable else "")
            raise self.fail(field, f"expected {kind} {lo}-{hi}, got {_show(v)}")
        return v

    def float(self, field: str, lo: float, hi: float, *, default: float) -> float:
        v = self._get(field, False, default)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            raise self.fail(field, f"expected a number {lo:g}-{hi:g}, got {_show(v)}")
        return float(v)

    def str(self, field: str, *, required: bool = True, default: str = "", pattern: re.Pattern | None = None,
            what: str = "a non-empty string", choices: tuple[str, ...] | None = None) -> str:
        v = self._get(field, required, default)
        if not isinstance(v, str) or (required and not v.strip()):
            raise self.fail(field, f"expected {what}, got {_show(v)}")
        if choices is not None and v not in choices:
            raise self.fail(field, f"expected one of {', '.join(choices)}, got {_show(v)}")
        if pattern is not None and not pattern.match(v):
            raise self.fail(field, f"expected {what}, got {_show(v)}")
        return v

    def bool(self, field: str, *, default: bool = False) -> bool:
        v = self._get(field, False, default)
        if not isinstance(v, bool):
            raise self.fail(field, f"expected true or false, got {_show(v)}")
        return v

    def str_list(self, field: str, *, pattern: re.Pattern | None = None, what: str = "a string",
                 required: bool = False) -> tuple[str, ...]:
        v = self._get(field, required, [])
        if not isinstance(v, list):
            raise self.fail(field, f"expected a list of strings, got {_show(v)}")
        out = []
        for i, item in enumerate(v):
            if not isinstance(item, str) or not item or (pattern is not None and not pattern.match(item)):
                raise self.fail(field, f"item {i + 1}: expected {what}, got {_show(item)}")
            if item in out:
                raise self.fail(field, f"item {i + 1}: {item!r} is listed twice")
            out.append(item)
        return tuple(out)

    def obj_list(self, field: str, *, required: bool = False) -> list[Any]:
        v = self._get(field, required, [])
        if not isinstance(v, list):
            raise self.fail(field, f"expected a list, got {_show(v)}")
        return v


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


# --------------------------------------------------------------------------------------------------
# Special and effect parsing


def parse_special(text: str, known: dict[str, bool]) -> Special | None:
    """'BRU1' -> Special('BRU', 1); 'RNG6' or 'RNG6\"' -> Special('RNG', 6); '2MC' -> Special('2MC').

    known maps code -> takes a value. Returns None for unknown or malformed text.
    """
    if text in known:
        return Special(text) if not known[text] else None
    t = text[:-1] if text.endswith('"') else text
    m = re.match(r"^(.*?)(\d+)$", t)
    if m and known.get(m.group(1)) is True:
        return Special(m.group(1), int(m.group(2)))
    return None


# --------------------------------------------------------------------------------------------------
# The loader


class _Loader:
    def __init__(self, base: Path):
        self.base = base
        self.weapons: dict[str, WeaponDef] = {}
        self.skills: dict[str, SkillDef] = {}
        self.unit_types: dict[str, UnitTypeDef] = {}
        self.items: dict[str, ItemDef] = {}
        self.squad_types: dict[str, SquadTypeDef] = {}
        self.factions: dict[str, FactionDef] = {}
        self.weapon_specials: dict[str, bool] = {}
        self.unit_specials: dict[str, bool] = {}
        self.special_texts: dict[str, tuple[str, str]] = {}
        self.unit_special_texts: dict[str, tuple[str, str]] = {}
        self.origin: dict[tuple[str, str], str] = {}  # (namespace, id) -> file shown in messages
        # cross-references checked once everything is read: (where, label, field, callable)
        self.checks: list[Callable[[], None]] = []

    # -- files ------------------------------------------------------------------------------------
    def show(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(REPO_ROOT).as_posix()
        except ValueError:
            return path.as_posix()

    def read(self, path: Path) -> tuple[str, dict]:
        where = self.show(path)
        if not path.is_file():
            raise ContentError(f"{where}: file is missing")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError as e:
            raise ContentError(f"{where}: not valid UTF-8 text ({e.reason})") from None
        except json.JSONDecodeError as e:
            raise ContentError(f"{where}: not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
        if not isinstance(data, dict):
            raise ContentError(f"{where}: expected a JSON object at the top, got {_show(data)}")
        fmt = data.get("format")
        if fmt != FORMAT_VERSION:
            raise ContentError(f"{where}: field 'format': expected {FORMAT_VERSION}, got {_show(fmt)}")
        return where, data

    def load(self) -> Catalog:
        if not self.base.is_dir():
            raise ContentError(f"{self.show(self.base)}: data directory is missing")
        self.load_specials(self.base / "specials.json")
        self.load_factions(self.base / "factions.json")
        self.load_common_skills(self.base / "skills-common.json")
        self.load_common_skills(self.base / INJURIES_SPOILS, TABLE_FIELDS)
        self.load_pack(self.base / "first-mission.json", slug_from_file=False)
        squads_dir = self.base / "squads"
        if not squads_dir.is_dir():
            raise ContentError(f"{self.show(squads_dir)}: squads directory is missing")
        for path in sorted(squads_dir.glob("*.json")):
            self.load_pack(path, slug_from_file=True)
        for check in self.checks:
            check()
        return Catalog(
            weapons=self.weapons,
            skills=self.skills,
            unit_types=self.unit_types,
            items=self.items,
            special_texts=self.special_texts,
            squad_types=self.squad_types,
            unit_special_texts=self.unit_special_texts,
            factions=self.factions,
        )

    # -- specials ---------------------------------------------------------------------------------
    def load_specials(self, path: Path) -> None:
        where, data = self.read(path)
        entries = _Entry(where, "file", data, ("format", "specials")).obj_list("specials", required=True)
        for i, raw in enumerate(entries):
            label = f"special #{i + 1}"
            if isinstance(raw, dict) and isinstance(raw.get("code"), str):
                label = f"special {raw['code']}"
            e = _Entry(where, label, raw, ("code", "scope", "name", "takes_value", "gp_offset", "text"))
            code = e.str("code", pattern=re.compile(r"^(\*|[0-9A-Z]+)$"), what="a code of capitals/digits")
            scope = e.str("scope", choices=("weapon", "unit"))
            name = e.str("name")
            takes = e.bool("takes_value")
            e.int("gp_offset", -5, 5, required=False)
            text = e.str("text")
            table, texts = ((self.weapon_specials, self.special_texts) if scope == "weapon"
                            else (self.unit_specials, self.unit_special_texts))
            if code in table:
                raise e.fail("code", f"{scope} special {code!r} is defined twice")
            table[code] = takes
            texts[code] = (name, text)

    def special_list(self, e: _Entry, field: str, scope: str) -> tuple[Special, ...]:
        known = self.weapon_specials if scope == "weapon" else self.unit_specials
        out: list[Special] = []
        for i, text in enumerate(e.str_list(field)):
            sp = parse_special(text, known)
            if sp is None:
                raise e.fail(field, f"item {i + 1}: unknown {scope} special {text!r}")
            if any(s.code == sp.code for s in out):
                raise e.fail(field, f"item {i + 1}: special {sp.code} is listed twice")
            out.append(sp)
        return tuple(out)

    # -- factions ---------------------------------------------------------------------------------
    def load_factions(self, path: Path) -> None:
        where, data = self.read(path)
        for i, raw in enumerate(_Entry(where, "file", data, ("format", "factions")).obj_list("factions", required=True)):
            label = f"faction {raw['id']}" if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"faction #{i + 1}"
            e = _Entry(where, label, raw, ("id", "name", "tagline"))
            fid = e.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
            if fid in self.factions:
                raise e.fail("id", f"faction {fid} is defined twice")
            self.factions[fid] = FactionDef(fid, e.str("name"), e.str("tagline", required=False))

    # -- skills -----------------------------------------------------------------------------------
    def load_common_skills(self, path: Path, tables: tuple[str, ...] = ()) -> None:
        """Skills any unit may come to carry; `tables`: the file's other fields, which their own reader checks
        (the Injury and Spoils tables: game.content.injuries_spoils)."""
        where, data = self.read(path)
        for raw in _Entry(where, "file", data, ("format", "skills", *tables)).obj_list("skills", required=True):
            self.add_skill(where, raw, len(self.skills))

    def check_new_id(self, e: _Entry, gid: str, kind: str) -> None:
        """Ids are unique per namespace: gear (weapons and skills together), unit types, items."""
        if kind in ("weapon", "skill"):
            taken, space = gid in self.weapons or gid in self.skills, "gear"
        elif kind == "unit":
            taken, space = gid in self.unit_types, "unit"
        else:
            taken, space = gid in self.items, "item"
        if taken:
            raise e.fail("id", f"{gid} is already defined in {self.origin.get((space, gid), 'another file')}")

    def add_skill(self, where: str, raw: Any, index: int) -> None:
        label = f"skill {raw['id']}" if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"skill #{index + 1}"
        e = _Entry(where, label, raw, ("id", "name", "kind", "act", "to", "gp", "unique", "effects", "leader",
                                       "leader_dice", "hook", "also", "steps", "text"))
        sid = e.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
        self.check_new_id(e, sid, "skill")
        name = e.str("name")
        kind = e.str("kind", required=False, default="skill", choices=SKILL_KINDS)
        act = e.int("act", 0, 4, required=False, default=None, nullable=True)
        to = e.int("to", 0, 4, required=False, default=None, nullable=True)
        gp = e.int("gp", 0, 30, required=False)
        unique = e.bool("unique")
        is_leader = e.bool("leader")
        leader_dice = e.int("leader_dice", 0, 5, required=False)
        if leader_dice and not is_leader:
            raise e.fail("leader_dice", "only a Leader skill (\"leader\": true) may add TO dice")
        hook = e.str("hook", choices=tuple(HOOKS))
        also = e.str_list("also")
        for h in also:
            if h not in HOOKS:
                raise e.fail("also", f"unknown hook {h!r}")
        steps = e.str_list("steps", pattern=re.compile(r"^[a-z0-9-]+$"), what="a step id (lowercase, '-')")
        if kind == "behavior" and not steps:
            raise e.fail("steps", "a behavior needs at least one step")
        text = e.str("text")
        if (act is not None or to is not None) and hook != "action" and "action" not in also:
            raise e.fail("hook", "a skill with an ACT or TO cost must use the 'action' hook")
        if hook == "action" and act is None and to is None:
            raise e.fail("hook", "an 'action' skill needs an ACT or TO cost")
        effects = tuple(self.parse_effect(e, i, t) for i, t in enumerate(e.str_list("effects")))
        if hook == "passive-card" and not effects and not is_leader:
            raise e.fail("hook", "'passive-card' is for skills whose whole effect is on the card, but it has no effects")
        self.skills[sid] = SkillDef(sid, name, text, kind, act, to, gp, unique, effects, leader_dice, is_leader,
                                    hook, also, steps)
        self.origin[("gear", sid)] = where

    def parse_effect(self, e: _Entry, i: int, text: str) -> Effect:
        m = _EFFECT_RE.match(text)
        where = f"item {i + 1}"
        if not m:
            raise e.fail("effects", f"{where}: cannot read effect {text!r} (e.g. 'unit.HIT+1', 'melee.SPECIAL+BRU1')")
        scope, key, sign, value = m.group("scope"), m.group("key"), m.group("sign"), m.group("value")
        limit = int(m.group("limit")) if m.group("limit") else None
        if m.group("bound") and ((sign == "+") != (m.group("bound") == "max")):
            raise e.fail("effects", f"{where}: a raise takes 'max', a cut takes 'min' in {text!r}")
        if scope == "unit":
            target, selector = "unit", None
            allowed = (*UNIT_STATS, "SPECIAL")
        elif scope in ("melee", "ranged"):
            target, selector = "weapon_kind", MELEE if scope == "melee" else RANGED
            allowed = (*WEAPON_KEYS, "SPECIAL")
        elif scope.startswith("weapon:"):
            target, selector = "weapon_id", scope[len("weapon:"):]
            allowed = (*WEAPON_KEYS, "SPECIAL")
            self.checks.append(lambda: self.weapons.get(selector) is not None or _raise(
                e.fail("effects", f"{where}: weapon {selector!r} does not exist")))
        else:
            target, selector = "weapon_name", scope[len("named:"):]
            allowed = (*WEAPON_KEYS, "SPECIAL")
            self.checks.append(lambda: any(w.name == selector for w in self.weapons.values()) or _raise(
                e.fail("effects", f"{where}: no weapon is named {selector!r}")))
        if key not in allowed:
            raise e.fail("effects", f"{where}: {key} cannot be changed on {scope!r} (allowed: {', '.join(allowed)})")
        if key == "SPECIAL":
            if limit is not None:
                raise e.fail("effects", f"{where}: a special takes no max/min in {text!r}")
            known = self.unit_specials if target == "unit" else self.weapon_specials
            sp = parse_special(value, known)
            if sp is None:
                raise e.fail("effects", f"{where}: unknown {'unit' if target == 'unit' else 'weapon'} special {value!r}")
            return Effect(target, key, value if sign == "+" else "-" + value, selector)
        if not value.isdigit() or not 1 <= int(value) <= 3:
            raise e.fail("effects", f"{where}: a stat change must be +1..+3 or -1..-3, got {sign}{value}")
        return Effect(target, key, sign + value, selector, limit)

    # -- weapons ----------------------------------------------------------------------------------
    def add_weapon(self, where: str, raw: Any, index: int) -> None:
        label = f"weapon {raw['id']}" if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"weapon #{index + 1}"
        e = _Entry(where, label, raw, ("id", "name", "kind", "att", "specials", "gp", "unique", "text"))
        wid = e.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
        self.check_new_id(e, wid, "weapon")
        name = e.str("name")
        kind = e.str("kind", choices=(MELEE, RANGED))
        specials = self.special_list(e, "specials", "weapon")
        hit_att = any(s.code == "HIT" for s in specials)
        att = e.int("att", 0, 10, nullable=hit_att, default=None)
        if att is None:
            att = 0
        gp = e.int("gp", 0, 30, required=False)
        if kind == MELEE and any(s.code in ("RNG", "PBK", "2RC", "ACC") for s in specials):
            raise e.fail("specials", "a melee weapon cannot carry ranged-only specials (RNG, PBK, 2RC, ACC)")
        if kind == RANGED and any(s.code in ("2MC", "BRU") for s in specials):
            raise e.fail("specials", "a ranged weapon cannot carry melee-only specials (2MC, BRU)")
        self.weapons[wid] = WeaponDef(wid, name, kind, att, specials, gp, e.bool("unique"), e.str("text", required=False))
        self.origin[("gear", wid)] = where

    # -- items ------------------------------------------------------------------------------------
    def add_item(self, where: str, raw: Any, index: int) -> None:
        label = f"item {raw['id']}" if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"item #{index + 1}"
        e = _Entry(where, label, raw, ("id", "name", "arm", "hit", "base", "text"))
        iid = e.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
        self.check_new_id(e, iid, "item")
        self.items[iid] = ItemDef(iid, e.str("name"), e.int("arm", 1, 6), e.int("hit", 1, 20),
                                  e.float("base", 0.5, 6.0, default=1.0), e.str("text", required=False))
        self.origin[("item", iid)] = where

    # -- units ------------------------------------------------------------------------------------
    def add_unit(self, where: str, raw: Any, index: int, squad_type: str) -> None:
        label = f"unit {raw['id']}" if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"unit #{index + 1}"
        e = _Entry(where, label, raw, ("id", "name", "unique", "act", "arm", "hit", "msk", "rsk", "gp", "base",
                                       "specials", "defaults", "options", "suggested", "recruitable", "text"))
        uid = e.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
        self.check_new_id(e, uid, "unit")
        name = e.str("name")
        ut = UnitTypeDef(
            id=uid, squad_type=squad_type, name=name,
            act=e.int("act", 1, 6), arm=e.int("arm", 1, 6), hit=e.int("hit", 1, 12),
            msk=e.int("msk", 0, 6), rsk=e.int("rsk", 0, 6), gp=e.int("gp", 0, 100),
            unique=e.bool("unique"), base_diameter=e.float("base", 0.5, 6.0, default=1.0),
            specials=self.special_list(e, "specials", "unit"),
            options=e.str_list("options", pattern=_ID_RE, what="a gear id"),
            defaults=e.str_list("defaults", pattern=_ID_RE, what="a gear id"),
            text=e.str("text", required=False),
            suggested=e.str_list("suggested", pattern=_ID_RE, what="a gear id"),
            recruitable=e.bool("recruitable", default=True),
        )
        both = set(ut.options) & set(ut.defaults)
        if both:
            raise e.fail("options", f"{sorted(both)[0]} is also in 'defaults' (a gear is either always carried or optional)")
        for g in ut.suggested:
            if g not in ut.options:
                raise e.fail("suggested", f"{g} is not one of the unit's options")

        def check() -> None:
            for field, ids in (("defaults", ut.defaults), ("options", ut.options)):
                for g in ids:
                    if g not in self.weapons and g not in self.skills:
                        raise e.fail(field, f"gear {g!r} does not exist")
            for g in ut.defaults:
                gear = self.weapons.get(g) or self.skills.get(g)
                if gear is not None and gear.gp:
                    raise e.fail("defaults", f"{g} costs {gear.gp} GP; gear carried by default must be free")
        self.checks.append(check)
        self.unit_types[uid] = ut
        self.origin[("unit", uid)] = where

    # -- a squad pack (one squad type with its units, gear and default squad) ---------------------
    def load_pack(self, path: Path, slug_from_file: bool) -> None:
        where, data = self.read(path)
        top = _Entry(where, "file", data, ("format", "squad_type", "weapons", "skills", "unit_types", "items",
                                           "default_squad"))
        st_raw = top._get("squad_type", True, None)
        label = f"squad type {st_raw['id']}" if isinstance(st_raw, dict) and isinstance(st_raw.get("id"), str) else "squad type"
        se = _Entry(where, label, st_raw, ("id", "faction", "name", "slug", "tagline", "text", "playable", "max_units"))
        sid = se.str("id", pattern=_ID_RE, what="an id of capitals, digits and '-'")
        if sid in self.squad_types:
            raise se.fail("id", f"squad type {sid} is already defined")
        faction = se.str("faction", pattern=_ID_RE, what="a faction id")
        if faction not in self.factions:
            raise se.fail("faction", f"faction {faction!r} does not exist (see factions.json)")
        slug = se.str("slug", pattern=_SLUG_RE, what="a lowercase slug like 'relict-wardens'")
        if slug_from_file and slug != path.stem:
            raise se.fail("slug", f"must match the file name {path.stem!r}, got {slug!r}")
        if any(st.slug == slug for st in self.squad_types.values()):
            raise se.fail("slug", f"slug {slug!r} is already used")
        name = se.str("name")
        tagline = se.str("tagline", required=False)
        text = se.str("text", required=False)
        playable = se.bool("playable", default=True)
        max_units = se.int("max_units", 1, 10, required=False, default=None, nullable=True)

        for i, raw in enumerate(top.obj_list("weapons")):
            self.add_weapon(where, raw, i)
        for i, raw in enumerate(top.obj_list("skills")):
            self.add_skill(where, raw, i)
        for i, raw in enumerate(top.obj_list("items")):
            self.add_item(where, raw, i)
        units_raw = top.obj_list("unit_types", required=True)
        if not units_raw:
            raise top.fail("unit_types", "a squad type needs at least one unit type")
        before = set(self.unit_types)
        for i, raw in enumerate(units_raw):
            self.add_unit(where, raw, i, sid)
        unit_ids = tuple(u for u in self.unit_types if u not in before)

        default = None
        if top.has("default_squad"):
            default = self.read_default_squad(where, top.obj["default_squad"], sid, unit_ids)
        self.squad_types[sid] = SquadTypeDef(sid, faction, name, slug, tagline, text, unit_ids, default, playable,
                                             max_units)

    def read_default_squad(self, where: str, raw: Any, squad_type: str, unit_ids: tuple[str, ...]) -> SquadSpec:
        e = _Entry(where, "default squad", raw, ("name", "units"))
        name = e.str("name")
        units = []
        for i, u in enumerate(e.obj_list("units", required=True)):
            nm = u.get("name") if isinstance(u, dict) else None
            ue = _Entry(where, f"default squad unit {i + 1}" + (f" ({nm})" if isinstance(nm, str) and nm else ""),
                        u, ("type", "name", "gear"))
            utype = ue.str("type", pattern=_ID_RE, what="a unit type id")
            if utype not in unit_ids:
                raise ue.fail("type", f"unit type {utype!r} is not one of this squad type's units")
            gear = ue.str_list("gear", pattern=_ID_RE, what="a gear id")
            ut = self.unit_types[utype]
            for g in gear:
                if g not in ut.options:
                    raise ue.fail("gear", f"{g!r} is not an option of {utype}")
            units.append(UnitSpec(utype, ue.str("name", required=False), gear))
        if not units:
            raise e.fail("units", "a default squad needs units")
        return SquadSpec(squad_type, name, tuple(units))


def _raise(err: Exception) -> bool:
    raise err


def extend_catalog(catalog: Catalog, packs, data_dir: str | Path | None = None) -> Catalog:
    """A new Catalog: `catalog` plus the squad packs in `packs` (paths of files in the squad pack format, e.g. a
    play mode's own roster), checked exactly as the game's own packs are; their ids must be new. The specials
    come from data_dir's specials.json (default: the repo's). Raises ContentError naming the file and entry."""
    base = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    ld = _Loader(base)
    ld.load_specials(base / "specials.json")
    ld.weapons.update(catalog.weapons)
    ld.skills.update(catalog.skills)
    ld.unit_types.update(catalog.unit_types)
    ld.items.update(catalog.items)
    ld.squad_types.update(catalog.squad_types)
    ld.factions.update(catalog.factions)
    for path in packs:
        ld.load_pack(Path(path), slug_from_file=False)
    for check in ld.checks:
        check()
    return Catalog(weapons=ld.weapons, skills=ld.skills, unit_types=ld.unit_types, items=ld.items,
                   special_texts=catalog.special_texts, squad_types=ld.squad_types,
                   unit_special_texts=catalog.unit_special_texts, factions=ld.factions)
