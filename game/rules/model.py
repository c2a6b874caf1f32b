"""Plain data the rules work on: definitions loaded from content files, and the unit cards built from them.

Everything here is frozen and made of standard types only, so the rules stay pure and testable.
The content layer (game/content) reads data files into these; the rules never read files.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MELEE = "melee"
RANGED = "ranged"


@dataclass(frozen=True, slots=True)
class Special:
    """A weapon or unit special, e.g. Special("RNG", 6) for RNG6", Special("BLS") for Blast."""

    code: str
    value: int | None = None

    def __str__(self) -> str:
        if self.code == "RNG" and self.value is not None:
            return f'RNG{self.value}"'
        return f"{self.code}{'' if self.value is None else self.value}"


@dataclass(frozen=True, slots=True)
class Effect:
    """A stat change a skill or gear applies to its unit's card.

    target: "unit" (key is a stat: ACT, ARM, HIT, MSK, RSK, or "SPECIAL" to grant a unit special such as "SWF"),
    "weapon_kind" (selector "melee"/"ranged"), "weapon_id" or "weapon_name" (selector names the weapon).
    key for weapons: "ATT", "SKL" or "SPECIAL".
    value: "+1" / "-1" for stats; a special such as "RLT" to add, or "-HVY" to remove one.
    """

    target: str
    key: str
    value: str
    selector: str | None = None
    limit: int | None = None  # cap for a raised stat, or floor for a lowered one ("+1 ACT, maximum 3")


class _Labelled:
    """Definitions that may be Unique: `label` is the name as printed on a card, with an asterisk if so."""

    __slots__ = ()

    @property
    def label(self) -> str:
        return self.name + ("*" if self.unique else "")


@dataclass(frozen=True, slots=True)
class WeaponDef(_Labelled):
    id: str
    name: str
    kind: str  # MELEE or RANGED
    att: int
    specials: tuple[Special, ...] = ()
    gp: int = 0
    unique: bool = False
    text: str = ""



@dataclass(frozen=True, slots=True)
class SkillDef(_Labelled):
    id: str
    name: str
    text: str
    kind: str = "skill"  # "skill", "specialty" (squad specialty), "behavior" (NPC behaviour list)
    act_cost: int | None = None
    to_cost: int | None = None
    gp: int = 0
    unique: bool = False
    effects: tuple[Effect, ...] = ()
    leader_dice: int = 0  # extra TO dice while this unit stands (Leader skills)
    is_leader: bool = False
    hook: str = "passive-card"  # when the rules engine must act on it (docs/content-format.md lists them)
    extra_hooks: tuple[str, ...] = ()  # further moments, for skills that act at more than one
    steps: tuple[str, ...] = ()  # NPC behaviour: machine-readable priority list, first that applies wins


    @property
    def hooks(self) -> tuple[str, ...]:
        return (self.hook, *self.extra_hooks)


@dataclass(frozen=True, slots=True)
class UnitTypeDef(_Labelled):
    id: str
    squad_type: str
    name: str
    act: int
    arm: int
    hit: int
    msk: int
    rsk: int
    gp: int
    unique: bool = False
    base_diameter: float = 1.0
    specials: tuple[Special, ...] = ()
    options: tuple[str, ...] = ()  # gear ids this unit may take (weapons and skills)
    defaults: tuple[str, ...] = ()  # gear every unit of this type has for free
    text: str = ""
    suggested: tuple[str, ...] = ()  # free options a squad builder pre-selects for a new unit (e.g. Fists)
    recruitable: bool = True  # False: never part of a squad list (NPCs, units that only spawn in play)



@dataclass(frozen=True, slots=True)
class ItemDef:
    """A battlefield item that can be attacked, e.g. the First Mission's Spawn Point."""

    id: str
    name: str
    arm: int
    hit: int
    base_diameter: float = 1.0
    text: str = ""


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """One unit as chosen in a squad: its type, name and chosen gear ids."""

    unit_type: str
    name: str = ""
    gear: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SquadSpec:
    squad_type: str
    name: str
    units: tuple[UnitSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class WeaponCard:
    """A weapon as printed on a built unit card: SKL already includes the unit's MSK/RSK and modifiers."""

    id: str
    name: str
    kind: str
    att: int
    skl: int
    specials: tuple[Special, ...] = ()

    def special(self, code: str) -> Special | None:
        for s in self.specials:
            if s.code == code:
                return s
        return None

    # (has, value and range_inches walk the specials themselves, as special does: the odds and the computer players
    # ask them in their innermost loops)
    def has(self, code: str) -> bool:
        for s in self.specials:
            if s.code == code:
                return True
        return False

    def value(self, code: str, default: int = 0) -> int:
        for s in self.specials:
            if s.code == code:
                return s.value if s.value is not None else default
        return default

    @property
    def range_inches(self) -> float | None:
        for s in self.specials:
            if s.code == "RNG":
                return None if s.value is None else float(s.value)
        return None


@dataclass(frozen=True, slots=True)
class UnitCard:
    """A unit's card after its gear and skills are applied (R23: weapon SKL = MSK or RSK)."""

    type_id: str
    name: str
    act: int
    arm: int
    hit: int
    msk: int
    rsk: int
    weapons: tuple[WeaponCard, ...]
    skills: tuple[str, ...] = ()  # skill ids
    specials: tuple[Special, ...] = ()  # unit specials (SWF, HRD, ...)
    gp: int = 0
    is_leader: bool = False
    leader_dice: int = 0
    base_diameter: float = 1.0

    def has_skill(self, skill_id_or_code: str) -> bool:
        return skill_id_or_code in self.skills or any(s.code == skill_id_or_code for s in self.specials)

    def special(self, code: str) -> Special | None:
        for s in self.specials:
            if s.code == code:
                return s
        return None

    def weapon(self, weapon_id: str) -> WeaponCard:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        raise KeyError(weapon_id)

    @property
    def fv(self) -> int:
        return force_value(self.gp)


def force_value(gp: int) -> int:
    """R24: FV = round(total GP / 10), halves rounded up (15 GP -> 2, as the First Mission cards print)."""
    return int(gp / 10 + 0.5)


@dataclass(frozen=True, slots=True)
class Catalog:
    """All definitions, keyed by id. Built by game.content, read by everything else."""

    weapons: dict[str, WeaponDef] = field(default_factory=dict)
    skills: dict[str, SkillDef] = field(default_factory=dict)
    unit_types: dict[str, UnitTypeDef] = field(default_factory=dict)
    items: dict[str, ItemDef] = field(default_factory=dict)
    special_texts: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (name, rule text)
    squad_types: dict[str, "SquadTypeDef"] = field(default_factory=dict)
    unit_special_texts: dict[str, tuple[str, str]] = field(default_factory=dict)  # unit specials (scope U)
    factions: dict[str, "FactionDef"] = field(default_factory=dict)

    def squad_type_by_slug(self, slug: str) -> "SquadTypeDef":
        for st in self.squad_types.values():
            if st.slug == slug:
                return st
        raise KeyError(slug)

    def gear(self, gear_id: str) -> "WeaponDef | SkillDef":
        """A weapon or skill by id (both are 'gear' a unit can carry)."""
        if gear_id in self.weapons:
            return self.weapons[gear_id]
        return self.skills[gear_id]


@dataclass(frozen=True, slots=True)
class FactionDef:
    id: str
    name: str
    tagline: str = ""


@dataclass(frozen=True, slots=True)
class SquadTypeDef:
    id: str
    faction: str
    name: str
    slug: str
    tagline: str = ""
    text: str = ""
    unit_types: tuple[str, ...] = ()
    default_squad: SquadSpec | None = None
    playable: bool = True
    max_units: int | None = None  # a squad type's own cap below the usual 10 (Praxium Corps: 4)
