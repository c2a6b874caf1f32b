"""NPC Behaviour (Core Rules section 10, Bug card): the first line that applies is done, again and again,
until nothing applies or the unit cannot pay for it.

Lines, in the Bug's order:
  melee            - if there is a valid Melee target, attack it in Melee Combat
  dash-adjacent    - Dash to be Adjacent to the closest enemy Unit
  move-toward      - Move toward the closest enemy Unit, to cover if possible
  dash-toward      - Dash toward the closest enemy Unit, to cover if possible
"""
from __future__ import annotations

from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE

from .common import answer_prompt, approach_spot, closest

MELEE_FIRST = ("melee", "dash-adjacent", "move-toward", "dash-toward")

# The machine-readable Behaviour steps of the data files (SkillDef.steps) -> the lines above.
STEP_LINES = {
    "melee-attack-valid-target": "melee",
    "dash-adjacent-to-closest-enemy": "dash-adjacent",
    "move-toward-closest-enemy-cover": "move-toward",
    "dash-toward-closest-enemy-cover": "dash-toward",
}


def behaviour_lines(match, uid: int) -> tuple[str, ...]:
    """The unit's Behaviour lines from its behaviour skill; the Bug's lines if it has none."""
    catalog = match.catalog
    if catalog is not None:
        for sid in match.unit(uid).card.skills:
            skill = catalog.skills.get(sid)
            if skill is not None and skill.kind == "behavior" and skill.steps:
                return tuple(STEP_LINES[s] for s in skill.steps if s in STEP_LINES)
    return MELEE_FIRST


class NpcController:
    """Plays an NPC side by its Behaviour lines. Deterministic: same match state, same command."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.last_line: str = ""

    def decide(self, match) -> C.Command:
        if match.prompt is not None:
            return answer_prompt(match, self.side)
        uid = match.active_unit
        if uid is None:
            raise ValueError("NPC units activate by the match's own order")
        for step in behaviour_lines(match, uid):
            cmd = getattr(self, "_" + step.replace("-", "_"))(match, uid)
            if cmd is not None:
                self.last_line = step
                return cmd
        self.last_line = "end"
        return C.EndActivation(self.side)

    def _enemy_units(self, match, uid):
        return [e for e in match.enemies_of(uid) if not match.unit(e).item]

    def _melee(self, match, uid):
        card = match.unit(uid).card
        for w in card.weapons:
            if w.kind != MELEE or match.payment(match.cost_of(act.MELEE_COMBAT, w)) is None:
                continue
            targets = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item
                       and match.melee_target_reason(uid, w, e) is None]
            if targets:
                t = min(targets, key=lambda e: (match.health(e).hit, e))
                return C.MeleeAttack(self.side, w.id, t)
        return None

    def _moving(self, match, uid, action, need_adjacent, prefer_cover):
        if match.adjacent_enemies(uid):
            return None  # already engaged: stay (moving away would only invite an Attack of Opportunity)
        if match.payment(match.cost_of(action)) is None:
            return None
        target = closest(match, uid, self._enemy_units(match, uid))
        if target is None:
            return None
        spot = approach_spot(match, uid, target, match.move_budget(action), need_adjacent, prefer_cover)
        if spot is None:
            return None
        cls = C.Move if action == act.MOVE else C.Dash
        return cls(self.side, *spot)

    def _dash_adjacent(self, match, uid):
        return self._moving(match, uid, act.DASH, True, False)

    def _move_toward(self, match, uid):
        return self._moving(match, uid, act.MOVE, False, True)

    def _dash_toward(self, match, uid):
        return self._moving(match, uid, act.DASH, False, True)
