"""A campaign kind's numbers (assets/data/campaigns/<kind>.json), read and checked with the content loader's
reader: every problem names the file, the field and the reason."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content import DEFAULT_DATA_DIR
from game.content.loader import _Entry, _Loader

CAMPAIGNS_DIR = "campaigns"
FIELDS = ("format", "kind", "title", "text", "edition", "threat_levels", "missions_per_operation", "budget",
          "spoil_cost", "injuries_healed_at_homebase")


@dataclass(frozen=True, slots=True)
class CampaignRules:
    kind: str
    title: str
    text: str
    edition: str  # "E1": the launch books (R22)
    threat_levels: tuple[int, ...]  # one per Operation: its Threat Level (R33: Operation n at TL n)
    missions_per_operation: int
    budget: int  # the squad's GP cap (co-op mini squads: game.rules.squad.mini_squad_budget)
    spoil_cost: int  # MP from the bank for one Spoil of War (R34)
    injuries_healed_at_homebase: int  # per unit (R36)

    @property
    def operations(self) -> int:
        return len(self.threat_levels)

    @property
    def missions(self) -> int:
        return self.operations * self.missions_per_operation


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
        tls = e.obj.get("threat_levels")
        if not isinstance(tls, list) or not 1 <= len(tls) <= 9 or not all(
                isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 3 for t in tls):
            raise e.fail("threat_levels", "expected a list of 1-9 Threat Levels, each 1-3 (one per Operation)")
        _CACHE[key] = CampaignRules(kind, e.str("title"), e.str("text"), e.str("edition", choices=("E1",)),
                                    tuple(tls), e.int("missions_per_operation", 1, 9), e.int("budget", 10, 500),
                                    e.int("spoil_cost", 0, 99), e.int("injuries_healed_at_homebase", 0, 9))
    return _CACHE[key]
