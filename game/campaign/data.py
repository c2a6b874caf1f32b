"""A campaign kind's numbers (assets/data/campaigns/<kind>.json), read and checked with the content loader's
reader: every problem names the file, the field and the reason.

    operations, threat_levels   how many Operations (each with its Threat Level; none for PvP) and missions each
    climax                      a Climax after the last Operation's Homebase (PvP, Last Signal)
    sides                       squads in the campaign: 1 (against NPCs) or 2 (PvP)
    spoils                      "bought" from the MP bank at a Homebase (R34), or "by_result" of each Operation (R38)
    injuries_healed_*           at each Homebase per unit (R36); between missions, one for the whole squad (E2+)
    editions                    the numbers a scripted campaign takes when its players pick another edition for its
                                Injuries and Spoils (R39)
    homebases                   a scripted campaign's own words for each Homebase
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.content import DEFAULT_DATA_DIR
from game.content.loader import _Entry, _Loader

CAMPAIGNS_DIR = "campaigns"
FIELDS = ("format", "kind", "title", "text", "edition", "operations", "threat_levels", "missions_per_operation",
          "budget", "spoil_cost", "injuries_healed_at_homebase", "injuries_healed_between_missions", "climax", "sides",
          "spoils", "editions", "homebases")
EDITIONS = ("E1", "E2")
EDITION_FIELDS = ("spoil_cost", "injuries_healed_between_missions")
SPOILS = ("bought", "by_result")


@dataclass(frozen=True, slots=True)
class CampaignRules:
    kind: str
    title: str
    text: str
    edition: str  # "E1": the launch books (R22); "E2": the later edition's campaign numbers (R39)
    threat_levels: tuple[int, ...]  # one per Operation: its Threat Level (R33: Operation n at TL n); () for PvP
    missions_per_operation: int
    budget: int  # the squad's GP cap (co-op mini squads: game.rules.squad.mini_squad_budget)
    spoil_cost: int  # MP from the bank for one Spoil of War (R34)
    injuries_healed_at_homebase: int  # per unit (R36)
    operations: int = 3
    injuries_healed_between_missions: int = 0  # for the whole squad, between the missions of an Operation (E2+)
    climax: bool = False
    sides: int = 1
    spoils: str = "bought"
    editions: tuple[str, ...] = ()  # the editions its players may pick (the first: its own)
    homebases: tuple[str, ...] = ()  # its own words for Homebase 1, 2, ...
    other_editions: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    @property
    def missions(self) -> int:
        return self.operations * self.missions_per_operation + (1 if self.climax else 0)

    def threat_level(self, operation: int) -> int:
        """Operation n's Threat Level (0: none)."""
        return self.threat_levels[operation - 1] if 0 < operation <= len(self.threat_levels) else 0

    def in_edition(self, edition: str) -> "CampaignRules":
        """The numbers when its players pick `edition` for its Injuries and Spoils ("": its own)."""
        ed = (edition or self.edition).upper()
        if ed == self.edition:
            return self
        numbers = dict(dict(self.other_editions).get(ed, ()))
        if not numbers:
            from .campaign import CampaignError
            raise CampaignError(f"{self.title} is played with the edition {', '.join(self.editions or (self.edition,))}"
                                f", not {edition!r}")
        return replace(self, edition=ed, **numbers)


_CACHE: dict[tuple[str, str], CampaignRules] = {}


def campaign_rules(kind: str, data_dir: str | Path | None = None) -> CampaignRules:
    """The numbers of campaign `kind`, read once; ContentError names the file and field of a problem."""
    base = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    key = (str(base), kind)
    if key not in _CACHE:
        where, data = _Loader(base).read(base / CAMPAIGNS_DIR / f"{kind}.json")
        e = _Entry(where, "file", data, FIELDS)
        got = e.str("kind")
        if got != kind:
            raise e.fail("kind", f"expected {kind!r} (the file's name), got {got!r}")
        tls = e.obj.get("threat_levels", [])
        if not isinstance(tls, list) or len(tls) > 9 or not all(
                isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 3 for t in tls) or \
                ("operations" not in e.obj and not tls):
            raise e.fail("threat_levels", "expected a list of 1-9 Threat Levels, each 1-3 (one per Operation)")
        operations = e.int("operations", 1, 9, required=False, default=len(tls))
        if tls and len(tls) != operations:
            raise e.fail("threat_levels", f"expected one Threat Level for each of the {operations} Operations")
        edition = e.str("edition", choices=EDITIONS)
        spoils = e.str("spoils", required=False, default="bought", choices=SPOILS)
        sides = e.int("sides", 1, 2, required=False, default=1)
        if (sides == 2) != (spoils == "by_result"):
            raise e.fail("spoils", "two squads share out Spoils of War by each Operation's result (by_result); one "
                                   "squad buys them (bought)")
        others = []
        raw = e.obj.get("editions", {})
        if not isinstance(raw, dict) or any(k not in EDITIONS or k == edition for k in raw):
            raise e.fail("editions", f"expected an object of the other editions' numbers, by edition "
                                     f"({', '.join(x for x in EDITIONS if x != edition)})")
        for ed, numbers in sorted(raw.items()):
            ee = _Entry(where, f"field 'editions.{ed}'", numbers, EDITION_FIELDS)
            others.append((ed, tuple((f, ee.int(f, 0, 99)) for f in EDITION_FIELDS if f in numbers)))
        homebases = e.obj.get("homebases", [])
        if not isinstance(homebases, list) or len(homebases) > operations or not all(
                isinstance(t, str) and 0 < len(t) <= 600 for t in homebases):
            raise e.fail("homebases", f"expected at most {operations} texts, one per Homebase")
        between = e.int("injuries_healed_between_missions", 0, 9, required=False, default=0)
        _CACHE[key] = CampaignRules(kind, e.str("title"), e.str("text"), edition, tuple(tls),
                                    e.int("missions_per_operation", 1, 9), e.int("budget", 10, 500),
                                    e.int("spoil_cost", 0, 99), e.int("injuries_healed_at_homebase", 0, 9),
                                    operations, between, e.bool("climax"), sides, spoils,
                                    (edition, *(ed for ed, _ in others)), tuple(homebases), tuple(others))
    return _CACHE[key]
