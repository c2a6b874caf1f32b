"""Skills on the battle screen: the skill action buttons, choosing a skill's unit(s) or spot on the table,
and the words for free actions that skills grant.

Only reads the match. The choices a skill offers are the `UseSkill` commands of `match.legal_commands(side)`
for the active unit; for a Ready unit that has not activated yet (the button is pressed before the unit
activates, like an attack is aimed before it) they are the match's `skill_choices`, asked as if it activated
now.
"""
from __future__ import annotations

import math
from html import escape

from game.match import commands as C
from game.match import skills as S
from game.match.events import grant_words
from game.rules import actions as act

from .view.questions import legal

_COUNT = {1: "one", 2: "two", 3: "three"}


# == names and rule text ==============================================================================
def skill_name(match, sid: str) -> str:
    cat = match.catalog
    if cat is not None:
        s = cat.skills.get(sid)
        if s is not None:
            return s.name
        sp = (getattr(cat, "unit_special_texts", {}) or {}).get(sid)
        if sp:
            return sp[0]
    return sid


def skill_rule(match, sid: str) -> str:
    cat = match.catalog
    if cat is not None:
        s = cat.skills.get(sid)
        if s is not None:
            return s.text
        sp = (getattr(cat, "unit_special_texts", {}) or {}).get(sid)
        if sp:
            return sp[1]
    impl = S.ACTIONS.get(sid)
    return impl.text if impl is not None else ""


def skill_effect(sid: str) -> str:
    """The engine's one-line summary of what the skill does ("heal 1D3")."""
    impl = S.ACTIONS.get(sid)
    return impl.text if impl is not None else ""


def nominal_cost(match, sid: str) -> tuple[int, bool, str]:
    """(base cost, paid with TO only, "1 ACT" / "1 TO" / "no ACT")."""
    impl = S.ACTIONS[sid]
    base, to_only = S.skill_cost(match, sid)
    if impl.costless:
        return 0, False, "instead of acting"
    return base, to_only, f"{base} {'TO' if to_only else 'ACT'}"


# == which skills a unit shows ==========================================================================
def skill_ids(match, uid: int) -> list[str]:
    """The skill actions to show for this unit: its own (card skills and unit specials such as Standby), and
    the squad's "at any moment" skills (Misdirection) while a unit of the squad carrying them stands."""
    out = list(S.action_ids(match, uid))
    side = match.side_of(uid)
    if match.unit(uid).side != side:  # a unit acting for another side (Compel): no skills of its own
        return []
    for u in match.units(side):
        for sid in match.unit(u).card.skills:
            impl = S.ACTIONS.get(sid)
            if impl is not None and impl.anytime and sid not in out:
                out.append(sid)
    return out


def anytime_owner(match, side: str, sid: str) -> int | None:
    return next((u for u in match.units(side) if sid in match.unit(u).card.skills), None)


def active_choices(match, side: str, sid: str) -> list[C.UseSkill]:
    """The skill's choices as the match lists them now (the active unit)."""
    return [c for c in legal(match, side) if isinstance(c, C.UseSkill) and c.skill == sid]


def choices_now(match, uid: int, side: str, sid: str) -> tuple[list[C.UseSkill], str | None]:
    """The UseSkill commands `uid` may give now: the legal ones when it is active, else the ones it could give
    if it activated now (`match.skill_choices`); when there are none, why."""
    if match.active_unit == uid:
        cmds = active_choices(match, side, sid)
        if cmds:
            return cmds, None
        why = match.skill_cost_for(uid, sid)[2] or match.skill_choices(uid, sid, side)[1]
        return [], why or "not possible now"
    try:
        return match.skill_choices(uid, sid, side)
    except Exception:  # never break the screen over a preview
        return [], "cannot tell now"


# == free actions (grants) ===========================================================================
def _kinds(plan) -> str:
    allowed = {x for step in plan for x in step}
    if not allowed:
        return "action"
    if set(act.BASIC_ACTIONS) <= allowed:
        return "action" if act.MISSION in allowed else "Basic Action"
    if allowed == set(act.COMBAT_ACTIONS):
        return "Combat action"
    return " or ".join(act.ACTION_NAMES.get(x, x) for x in sorted(allowed)) + " action"


def grant_text(match) -> str:
    """What the active unit's free actions are, in plain words ("" if it acts in its own activation)."""
    a = match.activation
    if a is None or not a.grant:
        return ""
    name = grant_words(a.grant)
    plan = [tuple(s) for s in a.plan]
    n = len(plan)
    if n == 2 and plan[0] == (act.MOVE,) and act.MELEE_COMBAT in plan[1]:
        what = "a free Move, then a free Melee attack"
    else:
        count = _COUNT.get(n, str(n))
        kinds = _kinds(plan)
        what = f"{count} free {kinds}{'s' if n > 1 else ''}"
    if a.max_cost is not None:
        what += f" of {a.max_cost} ACT or less"
    if a.different and n > 1:
        what += ", each a different action"
    if a.need_combat:
        what += ", one of them a Combat action"
    if a.target is not None:
        try:
            what += f" against {match.unit(a.target).name}"
        except Exception:
            pass
    if a.controller and a.controller != match.unit(a.uid).side:
        what += " (your side gives its orders)"
    return f"{name}: {what}"


def skill_tooltip(match, sid: str, label: str, reason: str | None, cost: str) -> str:
    rule = escape(skill_rule(match, sid))
    head = f"<b>{escape(label)}</b>"
    if reason:
        return f"{head}: not now - {escape(reason)}<br>{rule}"
    return f"{head}: pay {escape(cost)}<br>{rule}"


# == choosing a skill's unit(s) and spot on the table ====================================================
class SkillTargeting:
    """The choices of one skill use, narrowed click by click: a unit (target), a second unit (other), a
    spot (x, y). Misdirection's pairs are unordered: either unit may be clicked first."""

    def __init__(self, match, sid: str, uid: int | None, side: str, cands: list[C.UseSkill],
                 from_prompt: bool = False) -> None:
        self.match = match
        self.sid = sid
        self.uid = uid  # the user (None: an "at any moment" skill used in a prompt)
        self.side = side
        self.cands = list(cands)
        self.first: int | None = None
        self.from_prompt = from_prompt
        self.name = skill_name(match, sid)
        self.spot = match.skill_spot(sid)  # the area a spot may be picked in, and what it does (or None)

    # -- where we are -----------------------------------------------------------------------------
    def _rest(self) -> list[C.UseSkill]:
        if self.first is None:
            return self.cands
        return [c for c in self.cands if self.first in (c.target, c.other)]

    def _partner(self, c: C.UseSkill) -> int | None:
        if c.target == self.first:
            return c.other
        if c.other == self.first:
            return c.target
        return None

    @property
    def stage(self) -> str:
        """"unit", "unit2", "spot", "none" (nothing to choose) or "done"."""
        rest = self._rest()
        if self.first is None:
            if any(c.target is not None for c in rest):
                return "unit"
            if any(c.x is not None for c in rest) or self.spot is not None:
                return "spot"
            return "none"
        if any(self._partner(c) is not None for c in rest):
            return "unit2"
        if any(c.x is not None for c in rest):
            return "spot"
        return "done"

    def units(self) -> list[int]:
        st = self.stage
        rest = self._rest()
        if st == "unit":
            out = {c.target for c in rest if c.target is not None} | {c.other for c in rest if c.other is not None}
            return sorted(out)
        if st == "unit2":
            return sorted({self._partner(c) for c in rest if self._partner(c) is not None})
        return []

    def spots(self) -> list[tuple[float, float]]:
        if self.stage != "spot":
            return []
        return sorted({(c.x, c.y) for c in self._rest() if c.x is not None})

    def single(self) -> C.UseSkill | None:
        """With a unit chosen: the use with that unit only (Neural Command on one squadmate, Push without
        moving the enemy)."""
        if self.first is None:
            return None
        return next((c for c in self._rest() if c.target == self.first and c.other is None and c.x is None), None)

    def area(self):
        """(centre x, centre y, radius in inches) of the spots that may be chosen, or None."""
        spec = self.spot
        if spec is None or self.stage != "spot":
            return None
        frm, reach = spec.measured_from, spec.inches
        m = self.match
        try:
            if frm == "target":
                if self.first is None:
                    return None
                b = m.base(self.first)
                return b.x, b.y, reach
            if self.uid is None:
                return None
            b = m.base(self.uid)
            return b.x, b.y, reach + (b.radius if frm == "edge" else 0.0)
        except Exception:
            return None

    def free_spots(self) -> bool:
        return self.spot is not None

    @property
    def effect_radius(self) -> float:
        """The circle the hovered spot would fill (smoke, a Scan marker); 0: none."""
        return self.spot.radius if self.spot is not None else 0.0

    @property
    def lander(self) -> int | None:
        """The unit that would land on the hovered spot (the user of a jump, the target of a push)."""
        if self.spot is None or not self.spot.lands:
            return None
        return self.uid if self.spot.lands == "user" else self.first

    def victims(self, x: float, y: float) -> list[int]:
        """Who the spot would hit (a Grenade's: the units Adjacent to it), as the match says."""
        if self.uid is None:
            return []
        try:
            return self.match.spot_victims(self.uid, self.sid, x, y)
        except Exception:  # never break the screen over a preview
            return []

    # -- picking -------------------------------------------------------------------------------------
    def pick_unit(self, uid: int):
        """("cmd", command) when complete, ("more", None), or ("no", why)."""
        st = self.stage
        if st == "unit":
            if uid not in self.units():
                return "no", f"not a valid choice for {self.name}"
            self.first = uid
            if self.stage == "done":
                rest = self._rest()
                cmd = self.single() or (rest[0] if rest else None)
                return ("cmd", cmd) if cmd is not None else ("no", "no valid choice")
            return "more", None
        if st == "unit2":
            if uid == self.first:
                single = self.single()
                return ("cmd", single) if single is not None else ("no", "choose a second unit")
            for c in self._rest():
                if self._partner(c) == uid:
                    return "cmd", c
            return "no", f"not a valid second unit for {self.name}"
        if st == "spot" and uid == self.first:
            single = self.single()
            if single is not None:
                return "cmd", single
        return "no", "choose a spot"

    def spot_near(self, x: float, y: float, tol: float = 0.6):
        best, bd = None, None
        for sx, sy in self.spots():
            d = math.hypot(sx - x, sy - y)
            if d <= tol and (bd is None or d < bd):
                best, bd = (sx, sy), d
        return best

    def in_area(self, x: float, y: float) -> bool:
        a = self.area()
        return a is not None and math.hypot(x - a[0], y - a[1]) <= a[2] + 1e-6

    def pick_spot(self, x: float, y: float):
        """("cmd", command), or ("no", why). A listed spot near the click wins; else the clicked point
        itself when the skill takes any spot of its area (the match then checks it)."""
        if self.stage != "spot":
            return "no", "choose a unit first"
        near = self.spot_near(x, y)
        if near is not None:
            c = next(c for c in self._rest() if (c.x, c.y) == near)
            return "cmd", c
        if not self.free_spots():
            return "no", "pick one of the marked spots"
        if not self.in_area(x, y):
            a = self.area()
            return "no", f"out of reach ({self.spot.inches:g}\")" if a is not None else "out of reach"
        return "cmd", C.UseSkill(self.side, self.sid, target=self.first, x=round(x, 2), y=round(y, 2))

    def back(self) -> bool:
        """Esc: undo the first pick (True), or leave (False)."""
        if self.first is not None:
            self.first = None
            return True
        return False

    def instruction(self) -> str:
        st = self.stage
        m = self.match
        n = self.name
        if st == "unit":
            pair = any(c.other is not None for c in self.cands)
            return f"{n}: click a highlighted unit" + (" (the first of two)" if pair else "")
        first = m.unit(self.first).name if self.first is not None else ""
        if st == "unit2":
            extra = f", or {first} again for it alone" if self.single() is not None else ""
            return f"{n} with {first}: click the second unit{extra}"
        if st == "spot":
            if self.spot is not None and self.spot.lands == "target":
                return (f"{n} on {first}: click where it is pushed (up to {self.spot.inches:g}\" straight), or "
                        f"{first} again: no push")
            if self.free_spots():
                return f"{n}: click a spot inside the circle (marked spots: units in reach)"
            return f"{n}: click one of the marked spots"
        return n
