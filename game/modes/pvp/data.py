"""The PvP book as data: one file per mission in assets/data/pvp/, read and checked here.

A mission file says, in the game's own words and numbers: the title and texts, the Turn limit, whether the
squads take Attacker and Defender roles, the secret choice it needs, the deployment zones and order, the
markers and areas (inches on a 24" x 24" battlefield, North at y 0), the Mission actions, the scoring rules,
the special rules, the victory rule and the two Campaign Rewards. Rules that data cannot say are small named
functions in scoring.py, rules.py, actions.py and victory.py; a file names them with their numbers.

Every problem is a PvpDataError naming the file, the entry and the field, e.g.

    assets/data/pvp/03-power-cycle.json: markers[1]: field 'x': expected a number from 0 to 24, got 'west'
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from game.paths import DATA_DIR

PVP_DIR = DATA_DIR / "pvp"
FORMAT = 1
SIZE = 24.0  # the PvP book's battlefield: 24" x 24"

PLACES = ("north", "south", "attacker", "defender")
ORDERS = ("alternate", "defender_first")
SECRETS = (None, "carrier", "rival")
WHEN = ("every", "after_first", "last")
EFFECTS = ("toggle", "sabotage", "collect", "search", "uplink", "transmit", "claim", "exit")

# every named rule and the numbers it needs (name -> {field: type})
SCORING: dict[str, dict[str, type]] = {
    "control": {"kind": str, "mp": int, "when": str},
    "control_all": {"kind": str, "mp": int, "when": str},
    "control_by_edge": {"kind": str, "own": int, "neutral": int, "enemy": int, "when": str},
    "control_enemy_bonus": {"kind": str, "mp": int, "until_turn": int},
    "carried": {"kind": str, "mp": int, "when": str},
    "structures": {"attacker_mp": int, "defender_mp": int, "when": str},
    "fv_majority": {"count": str, "mp": int, "when": str},
    "taken_out_fv": {},
    "leader_taken_out": {"mp": int},
    "rival_taken_out": {"mp": int},
}
RULES: dict[str, dict[str, type]] = {
    "cover_arm": {"kind": str, "arm": int},
    "reset_state": {"kind": str, "state": str},
    "radiation": {"kind": str, "state": str, "damage": int},
    "one_each": {"kind": str},
    "intel_carrier": {},
    "leader_act": {"act": int},
    "rivals": {"att": int, "skl": int},
    "reset_claims": {"kind": str},
}
VICTORY: dict[str, dict[str, type]] = {
    "most_mp": {},
    "rivals": {},
    "ambush": {"edge": str},
    "evac": {"area": str},
    "last_squad": {},
    "both_claimed": {"kind": str},
    "flag": {"kind": str},
}
OPTIONAL = {"state": str, "tiebreak": str}  # optional fields some rules take
FV_COUNTS = ("standing", "encroaching")


class PvpDataError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 - 1e-9 <= x <= self.x1 + 1e-9 and self.y0 - 1e-9 <= y <= self.y1 + 1e-9


@dataclass(frozen=True, slots=True)
class ZoneDef:
    name: str
    rect: Rect


@dataclass(frozen=True, slots=True)
class DeploymentDef:
    order: str  # "alternate" (R29) or "defender_first" (Ambush, Evac Point: the Defender deploys all first)
    zones: dict[str, tuple[ZoneDef, ...]]  # by place: north/south or attacker/defender
    edges: dict[str, str] = field(default_factory=dict)  # role -> its edge (Sabotage: the Attacker is north)
    choose_zone: str | None = None  # the place that picks one of its zones before deployment (Ambush's Attacker)


@dataclass(frozen=True, slots=True)
class MarkerDef:
    id: str
    kind: str
    label: str
    x: float
    y: float
    rules: str = ""
    portable: bool = False
    pickup_cost: int = 1
    carry_act: int = 0
    carry_move: float = 0.0
    state: str = ""
    edge: str | None = None  # Push the Line: the objective on this deployment edge
    area: str | None = None  # Sabotage: the structure it belongs to


@dataclass(frozen=True, slots=True)
class AreaDef:
    id: str
    label: str
    rect: Rect
    purpose: str  # "structure", "evac"


@dataclass(frozen=True, slots=True)
class ActionDef:
    id: str
    name: str
    cost: int
    effect: str
    rules: str
    markers: tuple[str, ...] = ()
    target: str = "marker"
    needs_control: bool = True
    to_dice: bool = True
    roles: tuple[str, ...] = ()  # only units of these roles (Sabotage: the Attacker)
    turns: tuple[int, ...] = ()  # only in these Turns (Transmit: 3 and 4)
    params: dict = field(default_factory=dict)  # the effect's numbers (damage, mp, find, item, kind)


REWARD_PICKS = ("unit", "enemy", "none")  # what its squad picks for it: one of its units, an enemy unit, nothing
REWARD_RULES = ("arm_turn1", "act_turn1", "cover", "to_start", "enemy_leader_arm", "skl", "vendetta",
                "hit_less", "to_turn", "to_reroll", "to_four", "act_for_to", "act_once", "free_move",
                "first_attack")  # rewards.py
REWARD_NOW = ("heal", "honour")  # effects taken at once (an Injury healed) or for good (a lasting skill)
REWARD_GEAR = ("spoil", "treasure")  # gear its squad picks: a Spoil of War, or weapons and skills of 5 GP
TREASURE_GP = 5  # Treasure Trove: weapons and skills worth this many GP, for one mission
REWARD_KEEP = ("standing",)  # the lent gear is kept for good by a unit not Taken Out in the mission


@dataclass(frozen=True, slots=True)
class RewardDef:
    """A Campaign Reward: its name and effect as the book prints them, and how a campaign applies it (`use`): the
    pick it asks (`pick`, and `choices`: a weapon kind), the gear its unit carries in the next mission (by choice;
    "spoil": a Spoil of War the squad picks; "treasure": weapons and skills of the unit's own options worth up to
    TREASURE_GP), a named rule of game.modes.pvp.rewards, or an effect taken `now`; `keep` "standing": the unit
    keeps the gear for good unless it is Taken Out in that mission (Ancient Artifact).
    `applied` False: the game shows the Reward but does not apply its effect yet."""

    name: str
    effect: str
    pick: str = "none"
    choices: tuple[str, ...] = ()
    gear: tuple[tuple[str, tuple[str, ...]], ...] | str = ()
    rule: str | None = None
    now: str | None = None
    applied: bool = True
    keep: str | None = None

    def lent(self, choice: str) -> tuple[str, ...]:
        """The gear the reward lends (or gives for good) for a choice ("" when it asks none; Treasure Trove's pick
        is its gear ids joined by "+")."""
        if isinstance(self.gear, str):
            return tuple(g for g in choice.split("+") if g) if choice else ()
        return dict(self.gear).get(choice, ())

    @property
    def options(self) -> tuple[str, ...]:
        """The choices its squad picks from (weapon kinds, or the gear keys), () when none; "spoil": any Spoil."""
        if self.choices:
            return self.choices
        if isinstance(self.gear, str):
            return ()
        return tuple(k for k, _ in self.gear if k)


@dataclass(frozen=True, slots=True)
class MissionDef:
    id: str
    book: str  # "1".."17", "C1".."C3"
    title: str
    climax: bool
    quote: str
    briefing: str
    turns: int | None
    roles: bool
    secret: str | None
    deployment: DeploymentDef
    markers: tuple[MarkerDef, ...]
    areas: tuple[AreaDef, ...]
    actions: tuple[ActionDef, ...]
    scoring: tuple[dict, ...]
    rules: tuple[dict, ...]
    victory: dict
    texts: dict[str, str]
    rewards: tuple[RewardDef, ...]
    source: str = ""

    @property
    def entry_id(self) -> str:
        return f"pvp-{self.id}"

    def rule(self, name: str) -> dict | None:
        return next((r for r in self.rules if r["rule"] == name), None)

    def scoring_rule(self, name: str) -> dict | None:
        return next((r for r in self.scoring if r["rule"] == name), None)

    def area(self, aid: str) -> AreaDef:
        return next(a for a in self.areas if a.id == aid)


# == reading ===============================================================================================
class _Ctx:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, msg: str) -> PvpDataError:
        try:
            name = self.path.relative_to(DATA_DIR.parent.parent).as_posix()
        except ValueError:
            name = str(self.path)
        return PvpDataError(f"{name}: {where + ': ' if where else ''}{msg}")


def _get(ctx: _Ctx, d, key: str, kind, where: str, default=..., allow_none: bool = False):
    if not isinstance(d, dict):
        raise ctx.fail(where, "expected an object")
    if key not in d:
        if default is ...:
            raise ctx.fail(where, f"field '{key}' is missing")
        return default
    v = d[key]
    if v is None and allow_none:
        return None
    if kind is float:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ctx.fail(where, f"field '{key}': expected a number, got {v!r}")
        return float(v)
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise ctx.fail(where, f"field '{key}': expected a whole number, got {v!r}")
    if kind is str and (not isinstance(v, str) or not v.strip()):
        raise ctx.fail(where, f"field '{key}': expected some text, got {v!r}")
    if kind is bool and not isinstance(v, bool):
        raise ctx.fail(where, f"field '{key}': expected true or false, got {v!r}")
    if kind is list and not isinstance(v, list):
        raise ctx.fail(where, f"field '{key}': expected a list, got {type(v).__name__}")
    if kind is dict and not isinstance(v, dict):
        raise ctx.fail(where, f"field '{key}': expected an object, got {type(v).__name__}")
    return v


def _coord(ctx: _Ctx, d, key: str, where: str) -> float:
    v = _get(ctx, d, key, float, where)
    if not 0 <= v <= SIZE:
        raise ctx.fail(where, f"field '{key}': expected a number from 0 to {SIZE:g}, got {v:g}")
    return v


def _rect(ctx: _Ctx, v, where: str) -> Rect:
    if not isinstance(v, list) or len(v) != 4 or any(isinstance(c, bool) or not isinstance(c, (int, float))
                                                     for c in v):
        raise ctx.fail(where, f"'rect': expected [x0, y0, x1, y1] in inches, got {v!r}")
    x0, y0, x1, y1 = (float(c) for c in v)
    if not (0 <= x0 < x1 <= SIZE and 0 <= y0 < y1 <= SIZE):
        raise ctx.fail(where, f"'rect': {v!r} is not a rectangle on the {SIZE:g}\" table")
    return Rect(x0, y0, x1, y1)


def _named(ctx: _Ctx, d: dict, where: str, table: dict[str, dict[str, type]], what: str) -> dict:
    name = _get(ctx, d, "rule", str, where)
    if name not in table:
        raise ctx.fail(where, f"unknown {what} rule {name!r} (known: {', '.join(sorted(table))})")
    out = {"rule": name}
    for key, kind in table[name].items():
        out[key] = _get(ctx, d, key, kind, where)
    for key, v in d.items():
        if key in out:
            continue
        if key not in OPTIONAL:
            raise ctx.fail(where, f"field '{key}' is not one the {name!r} rule takes")
        out[key] = _get(ctx, d, key, OPTIONAL[key], where)
    if out.get("when") is not None and out["when"] not in WHEN:
        raise ctx.fail(where, f"field 'when': expected one of {', '.join(WHEN)}, got {out['when']!r}")
    if name == "fv_majority" and out["count"] not in FV_COUNTS:
        raise ctx.fail(where, f"field 'count': expected one of {', '.join(FV_COUNTS)}, got {out['count']!r}")
    return out


def _deployment(ctx: _Ctx, d, roles: bool) -> DeploymentDef:
    where = "deployment"
    order = _get(ctx, d, "order", str, where)
    if order not in ORDERS:
        raise ctx.fail(where, f"field 'order': expected one of {', '.join(ORDERS)}, got {order!r}")
    zones_in = _get(ctx, d, "zones", dict, where)
    want = ("attacker", "defender") if roles else ("north", "south")
    if sorted(zones_in) != sorted(want):
        raise ctx.fail(where, f"'zones': expected zones for {' and '.join(want)}, got {', '.join(zones_in) or 'none'}")
    zones = {}
    for place, items in zones_in.items():
        if not isinstance(items, list) or not items:
            raise ctx.fail(f"{where}.zones.{place}", "expected a list of zones")
        zones[place] = tuple(ZoneDef(_get(ctx, z, "name", str, f"{where}.zones.{place}[{i}]"),
                                     _rect(ctx, _get(ctx, z, "rect", list, f"{where}.zones.{place}[{i}]"),
                                           f"{where}.zones.{place}[{i}]"))
                             for i, z in enumerate(items))
    edges = _get(ctx, d, "edges", dict, where, {})
    for role, edge in edges.items():
        if role not in ("attacker", "defender") or edge not in ("north", "south"):
            raise ctx.fail(where, f"'edges': {role!r}: {edge!r} is not a role's north or south edge")
    choose = _get(ctx, d, "choose_zone", str, where, None, allow_none=True)
    if choose is not None and choose not in zones:
        raise ctx.fail(where, f"'choose_zone': {choose!r} has no zones")
    if order == "defender_first" and not roles:
        raise ctx.fail(where, "'defender_first' needs a mission with Attacker and Defender roles")
    return DeploymentDef(order, zones, dict(edges), choose)


def _marker(ctx: _Ctx, d, i: int, areas: set[str]) -> MarkerDef:
    where = f"markers[{i}]"
    edge = _get(ctx, d, "edge", str, where, None, allow_none=True)
    if edge not in (None, "north", "south"):
        raise ctx.fail(where, f"field 'edge': expected north or south, got {edge!r}")
    area = _get(ctx, d, "area", str, where, None, allow_none=True)
    if area is not None and area not in areas:
        raise ctx.fail(where, f"field 'area': no area {area!r} in this mission")
    m = MarkerDef(id=_get(ctx, d, "id", str, where), kind=_get(ctx, d, "kind", str, where),
                  label=_get(ctx, d, "label", str, where), x=_coord(ctx, d, "x", where), y=_coord(ctx, d, "y", where),
                  rules=_get(ctx, d, "rules", str, where, ""), portable=_get(ctx, d, "portable", bool, where, False),
                  pickup_cost=_get(ctx, d, "pickup_cost", int, where, 1),
                  carry_act=_get(ctx, d, "carry_act", int, where, 0),
                  carry_move=_get(ctx, d, "carry_move", float, where, 0.0),
                  state=_get(ctx, d, "state", str, where, ""), edge=edge, area=area)
    if not 1 <= m.pickup_cost <= 3:
        raise ctx.fail(where, f"field 'pickup_cost': expected 1 to 3 ACT, got {m.pickup_cost}")
    known = {"id", "kind", "label", "x", "y", "rules", "portable", "pickup_cost", "carry_act", "carry_move", "state",
             "edge", "area"}
    extra = sorted(set(d) - known)
    if extra:
        raise ctx.fail(where, f"unknown field '{extra[0]}'")
    return m


ACTION_FIELDS = {"id", "name", "cost", "effect", "rules", "markers", "target", "needs_control", "to_dice", "roles",
                 "turns"}
EFFECT_PARAMS = {"sabotage": {"damage": int}, "search": {"find": list, "item": str}, "transmit": {"mp": int},
                 "exit": {"kind": str, "mp": int}}


def _action(ctx: _Ctx, d, i: int, kinds: set[str]) -> ActionDef:
    where = f"actions[{i}]"
    effect = _get(ctx, d, "effect", str, where)
    if effect not in EFFECTS:
        raise ctx.fail(where, f"field 'effect': unknown effect {effect!r} (known: {', '.join(EFFECTS)})")
    markers = tuple(_get(ctx, d, "markers", list, where, []))
    for k in markers:
        if k not in kinds:
            raise ctx.fail(where, f"field 'markers': no marker of kind {k!r} in this mission")
    target = _get(ctx, d, "target", str, where, "marker")
    if target not in ("marker", "none"):
        raise ctx.fail(where, f"field 'target': expected marker or none, got {target!r}")
    if target == "marker" and not markers:
        raise ctx.fail(where, "an action on a marker must name the marker kinds ('markers')")
    roles = tuple(_get(ctx, d, "roles", list, where, []))
    if any(r not in ("attacker", "defender") for r in roles):
        raise ctx.fail(where, f"field 'roles': expected attacker and/or defender, got {list(roles)!r}")
    turns = tuple(_get(ctx, d, "turns", list, where, []))
    if any(isinstance(t, bool) or not isinstance(t, int) or t < 1 for t in turns):
        raise ctx.fail(where, f"field 'turns': expected Turn numbers, got {list(turns)!r}")
    cost = _get(ctx, d, "cost", int, where)
    if not 1 <= cost <= 3:
        raise ctx.fail(where, f"field 'cost': expected 1 to 3 ACT, got {cost}")
    params = {}
    for key, kind in EFFECT_PARAMS.get(effect, {}).items():
        params[key] = _get(ctx, d, key, kind, where)
    extra = sorted(set(d) - ACTION_FIELDS - set(params))
    if extra:
        raise ctx.fail(where, f"unknown field '{extra[0]}'")
    if effect == "search":
        find = params["find"]
        if not find or any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in find):
            raise ctx.fail(where, f"field 'find': expected the highest finding face for each search, got {find!r}")
        params["find"] = tuple(find)
    return ActionDef(id=_get(ctx, d, "id", str, where), name=_get(ctx, d, "name", str, where), cost=cost,
                     effect=effect, rules=_get(ctx, d, "rules", str, where), markers=markers, target=target,
                     needs_control=_get(ctx, d, "needs_control", bool, where, True),
                     to_dice=_get(ctx, d, "to_dice", bool, where, True), roles=roles, turns=turns, params=params)


def parse_mission(raw, path: Path) -> MissionDef:
    ctx = _Ctx(path)
    if not isinstance(raw, dict):
        raise ctx.fail("", "expected a JSON object at the top")
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise ctx.fail("", f"field 'format': expected {FORMAT}, got {fmt!r}")
    mid = _get(ctx, raw, "id", str, "")
    if not all(c.isalnum() or c == "-" for c in mid) or mid != mid.lower():
        raise ctx.fail("", f"field 'id': {mid!r} must be lowercase letters, digits and dashes")
    roles = _get(ctx, raw, "roles", bool, "")
    turns = _get(ctx, raw, "turns", int, "", allow_none=True)
    if turns is not None and not 1 <= turns <= 12:
        raise ctx.fail("", f"field 'turns': expected 1 to 12 or null, got {turns}")
    secret = _get(ctx, raw, "secret", str, "", None, allow_none=True)
    if secret not in SECRETS:
        raise ctx.fail("", f"field 'secret': expected carrier, rival or null, got {secret!r}")
    areas = []
    for i, a in enumerate(_get(ctx, raw, "areas", list, "")):
        w = f"areas[{i}]"
        areas.append(AreaDef(_get(ctx, a, "id", str, w), _get(ctx, a, "label", str, w),
                             _rect(ctx, _get(ctx, a, "rect", list, w), w), _get(ctx, a, "purpose", str, w)))
    area_ids = {a.id for a in areas}
    markers = tuple(_marker(ctx, m, i, area_ids) for i, m in enumerate(_get(ctx, raw, "markers", list, "")))
    ids = [m.id for m in markers]
    if len(set(ids)) != len(ids):
        raise ctx.fail("markers", "two markers have the same id")
    kinds = {m.kind for m in markers}
    actions = tuple(_action(ctx, a, i, kinds) for i, a in enumerate(_get(ctx, raw, "actions", list, "")))
    if len({a.id for a in actions}) != len(actions):
        raise ctx.fail("actions", "two actions have the same id")
    scoring = tuple(_named(ctx, s, f"scoring[{i}]", SCORING, "scoring")
                    for i, s in enumerate(_get(ctx, raw, "scoring", list, "")))
    rules = tuple(_named(ctx, r, f"rules[{i}]", RULES, "special")
                  for i, r in enumerate(_get(ctx, raw, "rules", list, "")))
    victory = _named(ctx, _get(ctx, raw, "victory", dict, ""), "victory", VICTORY, "victory")
    if victory["rule"] == "evac" and victory["area"] not in area_ids:
        raise ctx.fail("victory", f"field 'area': no area {victory['area']!r} in this mission")
    for r in (*scoring, *rules, victory):
        k = r.get("kind")
        if k is not None and k not in kinds and r["rule"] not in ("carried",):
            raise ctx.fail(r["rule"], f"field 'kind': no marker of kind {k!r} in this mission")
    if turns is None and any(s.get("when") == "last" for s in scoring):
        raise ctx.fail("scoring", "a mission without a Turn limit has no last Turn to score at")
    texts = _get(ctx, raw, "texts", dict, "")
    for key in ("special", "scoring", "victory"):
        _get(ctx, texts, key, str, "texts")
    climax = _get(ctx, raw, "climax", bool, "")
    rewards = [_reward(ctx, r, f"rewards[{i}]") for i, r in enumerate(_get(ctx, raw, "rewards", list, ""))]
    if (len(rewards) != 2) != climax:
        raise ctx.fail("rewards", "a mission has two Campaign Rewards; a Climax mission has none")
    if secret == "carrier" and (not roles or victory["rule"] != "ambush"):
        raise ctx.fail("secret", "a secret Intel carrier needs Attacker and Defender roles and the ambush victory")
    return MissionDef(id=mid, book=_get(ctx, raw, "book", str, ""), title=_get(ctx, raw, "title", str, ""),
                      climax=climax, quote=_get(ctx, raw, "quote", str, ""),
                      briefing=_get(ctx, raw, "briefing", str, ""), turns=turns, roles=roles, secret=secret,
                      deployment=_deployment(ctx, _get(ctx, raw, "deployment", dict, ""), roles),
                      markers=markers, areas=tuple(areas), actions=actions, scoring=scoring, rules=rules,
                      victory=victory, texts={k: str(v) for k, v in texts.items()}, rewards=tuple(rewards),
                      source=path.name)


def load_mission(path: Path) -> MissionDef:
    ctx = _Ctx(path)
    try:
        if path.stat().st_size > 256_000:
            raise ctx.fail("", "the file is too large for a mission")
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ctx.fail("", f"cannot be read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise ctx.fail("", "is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise ctx.fail("", f"is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    return parse_mission(raw, path)


def load_book(folder: Path = PVP_DIR) -> tuple[list[MissionDef], list[str]]:
    """Every mission file of the folder in book order, and the problems of the files that could not be read
    (each one a sentence naming the file); a broken file never stops the others."""
    defs: list[MissionDef] = []
    problems: list[str] = []
    seen: set[str] = set()
    for path in sorted(folder.glob("*.json")):
        try:
            d = load_mission(path)
        except PvpDataError as e:
            problems.append(str(e))
            continue
        if d.id in seen:
            problems.append(_Ctx(path).fail("", f"a second mission with the id {d.id!r}").args[0])
            continue
        seen.add(d.id)
        defs.append(d)
    return defs, problems


def _reward(ctx, r, where: str) -> RewardDef:
    name, effect = _get(ctx, r, "name", str, where), _get(ctx, r, "effect", str, where)
    use = r.get("use", {}) if isinstance(r, dict) else {}
    if not isinstance(use, dict) or set(use) - {"pick", "choices", "gear", "rule", "now", "applied", "keep"}:
        raise ctx.fail(where, "field 'use': expected an object of pick, choices, gear, rule, now, applied, keep")
    pick = use.get("pick", "none")
    if pick not in REWARD_PICKS:
        raise ctx.fail(where, f"field 'use.pick': expected one of {', '.join(REWARD_PICKS)}, got {pick!r}")
    rule, now, applied = use.get("rule"), use.get("now"), use.get("applied", True)
    if rule is not None and rule not in REWARD_RULES:
        raise ctx.fail(where, f"field 'use.rule': expected one of {', '.join(REWARD_RULES)}, got {rule!r}")
    if now is not None and now not in REWARD_NOW:
        raise ctx.fail(where, f"field 'use.now': expected one of {', '.join(REWARD_NOW)}, got {now!r}")
    if not isinstance(applied, bool):
        raise ctx.fail(where, "field 'use.applied': expected true or false")
    choices = use.get("choices", [])
    if not isinstance(choices, list) or not all(c in ("melee", "ranged") for c in choices):
        raise ctx.fail(where, "field 'use.choices': expected a list of melee, ranged")
    gear = use.get("gear", {})
    if gear not in REWARD_GEAR:
        if not isinstance(gear, dict) or not all(isinstance(k, str) and isinstance(v, list) and v and all(
                isinstance(g, str) and g for g in v) for k, v in gear.items()):
            raise ctx.fail(where, "field 'use.gear': expected \"spoil\", \"treasure\" or an object of choices to "
                                  "gear ids")
        gear = tuple((k, tuple(v)) for k, v in sorted(gear.items()))
    keep = use.get("keep")
    if keep is not None and (keep not in REWARD_KEEP or not gear or now):
        raise ctx.fail(where, "field 'use.keep': expected \"standing\", for gear lent for the mission")
    if (gear or rule or now) and not applied:
        raise ctx.fail(where, "field 'use': a Reward not applied has no gear, rule or effect")
    if pick == "none" and (gear or now):
        raise ctx.fail(where, "field 'use': gear and effects taken at once go to a unit (pick: unit)")
    return RewardDef(name, effect, pick, tuple(choices), gear, rule, now, applied, keep)
