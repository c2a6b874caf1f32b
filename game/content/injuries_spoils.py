"""Injuries and Spoils of War: game-wide data that campaigns and Horde Mode share (assets/data/injuries-spoils.json).

The file holds the Injuries and Spoils as skills (the catalog loader reads them into the gear namespace, so a
unit carries them as gear and `build_card` applies them like any gear) and three tables this module reads:

    "injury_table": six entries, the Injury of each face of 1D6 (null: Recovered, no Injury)
    "immune":       {"skills": [...], "specials": [...]}: units carrying one of these never get an Injury
    "spoils":       the Spoils of War a unit may be given (each once per unit)

`card_changes` says, for a unit's card, what each of its Injuries and Spoils changed and why: the data a card on
screen shows ("Damaged Armor: ARM 4 -> 3").
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.rules.cards import build_card
from game.rules.model import Catalog, UnitCard, UnitSpec

from .loader import DEFAULT_DATA_DIR, INJURIES_SPOILS, TABLE_FIELDS, _Entry, _Loader, load_catalog

INJURY = "injury"
SPOIL = "spoil"


@dataclass(frozen=True, slots=True)
class InjuriesAndSpoils:
    injury_table: tuple[str | None, ...]  # face 1-6 -> the Injury's skill id, None: Recovered
    spoils: tuple[str, ...]  # skill ids
    immune_skills: tuple[str, ...]  # Beast, Mindless, Weirdo
    immune_specials: tuple[str, ...]  # No Equipment

    @property
    def injuries(self) -> tuple[str, ...]:
        return tuple(i for i in self.injury_table if i is not None)

    def injury(self, face: int) -> str | None:
        """The Injury a face of 1D6 gives (None: Recovered)."""
        return self.injury_table[face - 1]

    def immune(self, card: UnitCard) -> bool:
        """The unit never gets an Injury (R35: Beast, Weirdo, Mindless, No Equipment): treated as Recovered."""
        return any(s in self.immune_skills for s in card.skills) or \
            any(card.special(code) is not None for code in self.immune_specials)

    def kind_of(self, gear_id: str) -> str | None:
        """INJURY, SPOIL or None (ordinary gear)."""
        if gear_id in self.injury_table:
            return INJURY
        if gear_id in self.spoils:
            return SPOIL
        return None


def load_injuries_spoils(catalog: Catalog | None = None, data_dir: str | Path | None = None) -> InjuriesAndSpoils:
    """Read and check the tables of the file under `data_dir` (default: assets/data) against `catalog`, whose
    loader has read the file's skills. ContentError names the file, the field and the problem."""
    base = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    cat = catalog or load_catalog(base)
    where, data = _Loader(base).read(base / INJURIES_SPOILS)
    e = _Entry(where, "file", data, ("format", "skills", *TABLE_FIELDS))
    table = e.obj.get("injury_table")
    if not isinstance(table, list) or len(table) != 6:
        raise e.fail("injury_table", "expected six entries, one per face of 1D6")
    for i, inj in enumerate(table):
        if inj is not None and inj not in cat.skills:
            raise e.fail("injury_table", f"face {i + 1}: unknown Injury {inj!r}")
    injuries = [i for i in table if i is not None]
    if len(set(injuries)) != len(injuries):
        raise e.fail("injury_table", "each Injury once (a duplicate is what makes a unit Deceased)")
    spoils = e.str_list("spoils", what="a skill id", required=True)
    for s in spoils:
        if s not in cat.skills:
            raise e.fail("spoils", f"unknown Spoil of War {s!r}")
        if s in injuries:
            raise e.fail("spoils", f"{s!r} is an Injury")
    imm = _Entry(where, "field 'immune'", e.obj.get("immune"), ("skills", "specials"))
    skills = imm.str_list("skills", what="a skill id", required=True)
    for s in skills:
        if s not in cat.skills:
            raise imm.fail("skills", f"unknown skill {s!r}")
    specials = imm.str_list("specials", what="a unit special code")
    for code in specials:
        if code not in cat.unit_special_texts:
            raise imm.fail("specials", f"unknown unit special {code!r}")
    return InjuriesAndSpoils(tuple(table), tuple(spoils), tuple(skills), tuple(specials))


_CACHE: dict[int, tuple[Catalog, InjuriesAndSpoils]] = {}


def injuries_and_spoils(catalog: Catalog | None = None) -> InjuriesAndSpoils:
    """The shipped tables, checked against `catalog` (the game's by default), read once per catalog."""
    catalog = catalog or load_catalog()
    got = _CACHE.get(id(catalog))
    if got is None or got[0] is not catalog:
        if len(_CACHE) > 8:
            _CACHE.clear()
        got = (catalog, load_injuries_spoils(catalog))
        _CACHE[id(catalog)] = got
    return got[1]


# == what each one changed on a card ================================================================================
@dataclass(frozen=True, slots=True)
class CardChange:
    """One change an Injury or a Spoil of War made to a unit's card, with its cause."""

    cause: str  # the Injury's or Spoil's id
    name: str  # its name ("Damaged Armor")
    kind: str  # INJURY or SPOIL
    what: str  # what changed, as a player reads it: "ARM", "Rifle SKL", "Rifle specials"; "" for a rule in play
    before: str  # the value before ("4"); "" for a rule in play
    after: str
    text: str  # the rule, as the data words it

    def describe(self) -> str:
        if not self.what:
            return f"{self.name}: {self.text}"
        return f"{self.name}: {self.what} {self.before or '-'} -> {self.after or '-'}"


def _specials(items) -> str:
    return " ".join(str(s) for s in items)


def _diff(a: UnitCard, b: UnitCard) -> list[tuple[str, str, str]]:
    out = []
    for label, field in (("ACT", "act"), ("ARM", "arm"), ("HIT", "hit")):
        if getattr(a, field) != getattr(b, field):
            out.append((label, str(getattr(a, field)), str(getattr(b, field))))
    for wa, wb in zip(a.weapons, b.weapons):
        if wa.skl != wb.skl:
            out.append((f"{wa.name} SKL", str(wa.skl), str(wb.skl)))
        if wa.att != wb.att:
            out.append((f"{wa.name} ATT", str(wa.att), str(wb.att)))
        if wa.specials != wb.specials:
            out.append((f"{wa.name} specials", _specials(wa.specials), _specials(wb.specials)))
    if a.specials != b.specials:
        out.append(("unit specials", _specials(a.specials), _specials(b.specials)))
    return out


def card_changes(catalog: Catalog, spec: UnitSpec, tables: InjuriesAndSpoils | None = None) -> tuple[CardChange, ...]:
    """What each Injury and Spoil of War in the unit's gear changed on its card, in the order of the gear: each one
    is added to the card as it was before it, and the difference is its change. One with nothing to show on the
    card (Crushed Leg, Technician, a melee Spoil on a unit without a melee weapon) is one change with the rule."""
    tables = tables or injuries_and_spoils(catalog)
    plain = tuple(g for g in spec.gear if tables.kind_of(g) is None)
    marks = [g for g in spec.gear if tables.kind_of(g) is not None]
    gear = list(plain)
    card = build_card(catalog, UnitSpec(spec.unit_type, spec.name, tuple(gear)))
    out = []
    for g in marks:
        gear.append(g)
        after = build_card(catalog, UnitSpec(spec.unit_type, spec.name, tuple(gear)))
        skill = catalog.skills[g]
        diffs = _diff(card, after) or [("", "", "")]
        out += [CardChange(g, skill.name, tables.kind_of(g), what, before, now, skill.text)
                for what, before, now in diffs]
        card = after
    return tuple(out)

