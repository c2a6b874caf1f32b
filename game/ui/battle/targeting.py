"""Choosing on the table what Pick Up, Drop, Give or a mission action is done on: the marker (on the table, or
carried: its token on the carrier) and the unit (the Squadmate to Give to, a unit a mission action needs),
narrowed click by click among the complete commands the match allows now. The same interface as
skillui.SkillTargeting, so the skill input and painters serve both."""
from __future__ import annotations

from game.match import commands as C


def _marker(c):
    return getattr(c, "marker", None)


def _unit(c):
    return c.to if isinstance(c, C.Give) else getattr(c, "target", None)


class ActionTargeting:
    def __init__(self, match, key: str, name: str, uid: int, side: str, cands, rule: str = "") -> None:
        self.match = match
        self.sid = key  # the action button's key
        self.name = name
        self.rule = rule
        self.uid = uid
        self.side = side
        self.cands = list(cands)
        self.picked_marker: str | None = None
        self.first: int | None = None  # the unit picked
        self.from_prompt = False

    def _rest(self):
        return [c for c in self.cands if (self.picked_marker is None or _marker(c) == self.picked_marker) and
                (self.first is None or _unit(c) == self.first)]

    @property
    def stage(self) -> str:
        """"marker", "unit" or "done"."""
        rest = self._rest()
        if self.picked_marker is None and len({_marker(c) for c in rest if _marker(c)}) > 1:
            return "marker"
        if self.first is None and len({_unit(c) for c in rest if _unit(c) is not None}) > 1:
            return "unit"
        return "done"

    def markers(self) -> list[str]:
        if self.stage != "marker":
            return []
        return sorted({_marker(c) for c in self._rest() if _marker(c)})

    def units(self) -> list[int]:
        if self.stage != "unit":
            return []
        return sorted({_unit(c) for c in self._rest() if _unit(c) is not None})

    def command(self):
        rest = self._rest()
        return rest[0] if rest and self.stage == "done" else None

    def pick_marker(self, mid: str):
        if mid not in self.markers():
            return "no", f"not something to {self.name} now"
        self.picked_marker = mid
        cmd = self.command()
        return ("cmd", cmd) if cmd is not None else ("more", None)

    def pick_unit(self, uid: int):
        if uid not in self.units():
            return "no", f"not a unit to {self.name} now"
        self.first = uid
        cmd = self.command()
        return ("cmd", cmd) if cmd is not None else ("more", None)

    def back(self) -> bool:
        if self.first is not None:
            self.first = None
            return True
        if self.picked_marker is not None:
            self.picked_marker = None
            return True
        return False

    def instruction(self) -> str:
        st = self.stage
        if st == "marker":
            return f"{self.name}: click one of the highlighted markers"
        if st == "unit":
            mids = {_marker(c) for c in self._rest() if _marker(c)}
            what = self.match.marker(mids.pop()).label if len(mids) == 1 else ""
            return f"{self.name}{' ' + what if what else ''}: click a highlighted unit"
        return self.name

    # -- the parts of SkillTargeting's interface a marker or unit choice has no use for ------------------------
    def spots(self):
        return []

    def area(self):
        return None

    def single(self):
        return None

    def free_spots(self) -> bool:
        return False

    def spot_near(self, x, y, tol: float = 0.6):
        return None

    def in_area(self, x, y) -> bool:
        return False

    def pick_spot(self, x, y):
        return "no", "click a highlighted marker or unit"
