"""The later edition's PvE tables (R22, R39; play-modes digest 2.5): assets/data/pve/edition-e2.json, read and
checked with the same reader as the launch tables (data.py), every problem naming the file, the entry and the field.

It holds the edition's numbers (reinforcements, MP by Threat Level), the three archetypes, the nine objectives
C1-C3, A1-A3, D1-D3 (each with the rule that plays it), the battlefield table (a row naming a launch battlefield
plays it, with new words where the edition changed them; The Rift is new) and the symmetric A/B deployments.
A scripted mission's own objectives (Last Signal) use the same objective format (`variant_objective`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from .data import (
    ActionDef,
    BattlefieldDef,
    DeploymentDef,
    ZoneRule,
    _between,
    _Entry,
    _item_action_faces,
    _one_of,
    _read,
    _table,
    _zone,
)

NINE = ("C1", "C2", "C3", "A1", "A2", "A3", "D1", "D2", "D3")
ARCHETYPES = ("control", "activate", "destroy")
RULES = ("hold", "clear", "activate", "sequence", "search", "destroy", "eliminate", "protect")
KINDS = {"hold": "control", "clear": "control", "activate": "activate", "sequence": "activate", "search": "search",
         "destroy": "destroy", "eliminate": "no-survivors", "protect": "protect"}
BATTLEFIELDS_E2 = ("ruined-city", "facility", "jungle", "alien-hive", "cursed-temple", "rift")
DEPLOYMENTS_E2 = ("standard-insertion", "hot-drop", "flanked", "deep-strike", "overwatch", "encircled")
NUMBERS_E2 = ("reinforcements_from_turn", "mp_played_per_tl", "mp_objective_per_tl", "mp_sweep_per_tl")
SQUADS = ("A", "B")


@dataclass(frozen=True, slots=True)
class VariantObjective:
    """One objective of the later edition (or of a scripted mission), played by its `rule`:
    hold (Control `need` markers at the end of `turns` Turns in a row), clear (one Controlled marker taken away
    at the end of each Turn), activate, sequence (one marker at a time), search (the found item must extract),
    destroy (`need` items Taken Out, 0: all; `regain` HIT back at the end of each Turn), eliminate (every enemy
    unit), protect (an item standing at the end of Turn `until_turn`)."""

    id: str
    name: str
    rule: str
    markers: int
    label: str
    setup: str
    rules: str
    victory: str
    archetype: str | None = None  # None: a scripted mission's own objective
    variation: int = 0
    need: int = 0
    turns: int = 1
    item: tuple[int, int] | None = None  # (ARM, HIT) of items that can be attacked
    regain: int = 0
    action: ActionDef | None = None
    find_on: tuple[int, ...] = ()
    extract: bool = False  # the found item counts only if it leaves with a unit that extracts
    until_turn: int | None = None
    found: str = ""  # search: the name of the item found

    @property
    def placed_at_start(self) -> int:
        """How many markers the setup puts on the table (a Sequence places the next one as it goes)."""
        return 1 if self.rule == "sequence" else self.markers

    @property
    def kind(self) -> str:
        """What kind of objective it is for the markers on the table, the Mission Actions and the computer player:
        control, activate, search, destroy, protect or no-survivors (the launch edition's words). The objectives
        of one mission are of different kinds."""
        return KINDS[self.rule]


@dataclass(frozen=True, slots=True)
class Archetype:
    low: int
    high: int
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class SymmetricDeployment:
    """A later-edition deployment: Squad A and Squad B zones; the squad is A or B by a roll (or the mission)."""

    roll: int
    id: str
    name: str
    a: ZoneRule
    b: ZoneRule

    def as_squad(self, letter: str, within: float) -> DeploymentDef:
        """The deployment with the squad as Squad `letter` and the enemy as the other."""
        mine, theirs = (self.a, self.b) if letter == "A" else (self.b, self.a)
        text = (f"The squad is Squad {letter}: it deploys {zone_words(mine, within)}; the enemy "
                f"{zone_words(theirs, within)}, in Cover or out of sight where it can.")
        return DeploymentDef(self.roll, f"{self.id}-{letter.lower()}", f"{self.name} (Squad {letter})", mine, theirs,
                             text)


def zone_words(rule: ZoneRule, within: float) -> str:
    names = list(rule.anchors)
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"within {within:g}\" of {listed}" if rule.how == "within" else f"Adjacent to {listed}"


@dataclass(frozen=True, slots=True)
class EditionTables:
    id: str
    name: str
    text: str
    numbers: dict
    archetypes: tuple[Archetype, ...]
    objectives: tuple[VariantObjective, ...]
    battlefields: tuple[BattlefieldDef, ...]
    deployments: tuple[SymmetricDeployment, ...]

    def archetype(self, face: int) -> Archetype:
        return next(a for a in self.archetypes if a.low <= face <= a.high)

    def objective(self, oid: str) -> VariantObjective:
        for o in self.objectives:
            if o.id == oid:
                return o
        raise KeyError(f"no objective {oid!r} (known: {', '.join(o.id for o in self.objectives)})")

    def variation(self, archetype: str, face: int) -> VariantObjective:
        """The objective of this archetype a variation die gives (1D6 halved: 1-2, 3-4, 5-6)."""
        n = (face + 1) // 2
        return next(o for o in self.objectives if o.archetype == archetype and o.variation == n)

    def deployment(self, did: str) -> SymmetricDeployment:
        for d in self.deployments:
            if d.id == did:
                return d
        raise KeyError(f"no deployment {did!r}")


# -- reading -----------------------------------------------------------------------------------------------
def _faces(e: _Entry, field: str) -> tuple[int, int]:
    text = e.get(field, str)
    lo, _, hi = text.partition("-")
    try:
        low, high = int(lo), int(hi or lo)
    except ValueError:
        raise e.fail(field, f"faces must be like \"1-2\", got {text!r}") from None
    if not 1 <= low <= high <= 6:
        raise e.fail(field, f"faces must be within 1-6, got {text!r}")
    return low, high


def variant_objective(where: str, raw, nine: bool) -> VariantObjective:
    """One objective entry; `nine`: one of the edition's C1-D3 (its archetype and variation must fit its id)."""
    e = _Entry(where, raw, ("id", "archetype", "variation", "name", "rule", "markers", "label", "need", "turns",
                            "item", "regain", "action", "find_on", "extract", "until_turn", "found", "setup",
                            "rules", "victory"))
    oid = e.get("id", str, check=_one_of(NINE) if nine else None)
    rule = e.get("rule", str, check=_one_of(RULES))
    markers = e.get("markers", int, check=_between(0, 3))
    archetype = e.get("archetype", str, default=None, check=_one_of(ARCHETYPES))
    variation = e.get("variation", int, default=0, check=_between(1, 3))
    if nine and (archetype is None or archetype[0].upper() != oid[0] or variation != int(oid[1])):
        raise e.fail("archetype", f"{oid} is variation {oid[1]} of the {dict(C='control', A='activate', D='destroy')[oid[0]]} "
                                  "archetype")
    if not nine and oid.upper() in NINE:
        raise e.fail("id", f"{oid} is one of the edition's nine objectives; a mission's own objective needs its own id")
    item, action, find_on = _item_action_faces(where, e, raw)
    obj = VariantObjective(
        oid, e.get("name", str), rule, markers, e.get("label", str, default="" if not markers else ...),
        e.get("setup", str), e.get("rules", str), e.get("victory", str), archetype, variation,
        e.get("need", int, default=0, check=_between(0, 3)), e.get("turns", int, default=1, check=_between(1, 4)),
        item, e.get("regain", int, default=0, check=_between(0, 3)), action, find_on,
        e.get("extract", bool, default=False), e.get("until_turn", int, default=None, check=_between(1, 12)),
        e.get("found", str, default="" if rule != "search" else ...))
    need_action = rule in ("activate", "sequence", "search")
    if need_action and action is None:
        raise e.fail("action", f"a {rule} objective needs its Mission Action")
    if rule in ("destroy", "protect") and item is None:
        raise e.fail("item", f"a {rule} objective needs the item's ARM and HIT")
    if rule == "search" and len(find_on) != markers:
        raise e.fail("find_on", "one face per marker to search")
    if rule == "protect" and (markers != 1 or obj.until_turn is None):
        raise e.fail("until_turn", "a protect objective has one item, judged at the end of a Turn")
    if rule == "eliminate" and markers:
        raise e.fail("markers", "an eliminate objective places nothing")
    if rule not in ("eliminate",) and not markers:
        raise e.fail("markers", f"a {rule} objective needs markers")
    if obj.need > markers:
        raise e.fail("need", f"more than its {markers} markers")
    return obj


def _battlefield(where: str, raw, launch: dict) -> BattlefieldDef:
    """A row naming a launch battlefield plays it (new `text` where the edition reworded it); a new one is whole."""
    e = _Entry(where, raw, ("roll", "id", "name", "effect", "map", "text"))
    roll = e.get("roll", int, check=_between(1, 6))
    bid = e.get("id", str, check=_one_of(BATTLEFIELDS_E2))
    base = launch.get(bid)
    if base is not None:
        for field in ("name", "effect", "map"):
            if field in raw:
                raise e.fail(field, f"{bid} is the launch battlefield: only its text may change")
        return replace(base, roll=roll, text=e.get("text", str, default=base.text))
    return BattlefieldDef(roll, bid, e.get("name", str), e.get("effect", str), e.get("map", str), e.get("text", str))


def _deployment(where: str, raw) -> SymmetricDeployment:
    e = _Entry(where, raw, ("roll", "id", "name", "a", "b"))
    return SymmetricDeployment(e.get("roll", int, check=_between(1, 6)),
                               e.get("id", str, check=_one_of(DEPLOYMENTS_E2)), e.get("name", str),
                               _zone(f"{where}: a", e.get("a", dict)), _zone(f"{where}: b", e.get("b", dict)))


def load_edition(path: Path, launch_battlefields: tuple[BattlefieldDef, ...]) -> EditionTables:
    where, raw = _read(path)
    e = _Entry(where, raw, ("format", "edition", "mission", "archetypes", "objectives", "battlefields",
                            "deployments"))
    ed = _Entry(f"{where}: edition", e.get("edition", dict), ("id", "name", "text"))
    m = _Entry(f"{where}: mission", e.get("mission", dict), NUMBERS_E2)
    numbers = {k: m.get(k, int, check=_between(0, 12)) for k in NUMBERS_E2}
    archetypes = []
    for i, a in enumerate(e.get("archetypes", list)):
        ae = _Entry(f"{where}: archetypes[{i}]", a, ("faces", "id", "name"))
        low, high = _faces(ae, "faces")
        archetypes.append(Archetype(low, high, ae.get("id", str, check=_one_of(ARCHETYPES)), ae.get("name", str)))
    if sorted(a.id for a in archetypes) != sorted(ARCHETYPES) or \
            sorted(f for a in archetypes for f in range(a.low, a.high + 1)) != [1, 2, 3, 4, 5, 6]:
        raise e.fail("archetypes", "the three archetypes, their faces covering 1-6 once")
    objectives = _table(where, raw, "objectives", NINE, lambda w, r: variant_objective(w, r, True))
    launch = {b.id: b for b in launch_battlefields}
    battlefields = _table(where, raw, "battlefields", BATTLEFIELDS_E2, lambda w, r: _battlefield(w, r, launch))
    deployments = _table(where, raw, "deployments", DEPLOYMENTS_E2, _deployment)
    return EditionTables(ed.get("id", str), ed.get("name", str), ed.get("text", str), numbers,
                         tuple(sorted(archetypes, key=lambda a: a.low)), objectives, battlefields, deployments)
