"""NPC Behaviour (Core Rules section 10, Bug card): the first line that applies is done, again and again,
until nothing applies or the unit cannot pay for it.

Lines, in the Bug's order:
  melee            - if there is a valid Melee target, attack it in Melee Combat
  dash-adjacent    - Dash to be Adjacent to the closest enemy Unit
  move-toward      - Move toward the closest enemy Unit, to cover if possible
  dash-toward      - Dash toward the closest enemy Unit, to cover if possible
"""
from __future__ import annotations

from dataclasses import dataclass

from game.battlefield.search import sliced
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE
from game.stepwise import run_to_end

from .common import Controller, answer_prompt, approach_spot, closest

MELEE_FIRST = ("melee", "dash-adjacent", "move-toward", "dash-toward")

# The machine-readable Behaviour steps of the data files (SkillDef.steps) -> the lines above.
STEP_LINES = {
    "melee-attack-valid-target": "melee",
    "dash-adjacent-to-closest-enemy": "dash-adjacent",
    "move-toward-closest-enemy-cover": "move-toward",
    "dash-toward-closest-enemy-cover": "dash-toward",
}

# Each line in words, as the screen explains an NPC's decision.
LINE_WORDS = {
    "melee": "attack a valid Melee target",
    "dash-adjacent": "Dash to end Adjacent to the closest enemy",
    "move-toward": "Move toward the closest enemy, ending in cover if possible",
    "dash-toward": "Dash toward the closest enemy, ending in cover if possible",
}


@dataclass(frozen=True, slots=True)
class Intent:
    """What an NPC unit would do if it activated now: the Behaviour line that fires (its number, from 1; 0 when
    none applies), that line in words, why, the command and the enemy it is about."""

    uid: int
    line: int
    words: str
    why: str
    command: C.Command
    target: int | None = None

    @property
    def text(self) -> str:
        head = f"Behaviour line {self.line}: {self.words}" if self.line else self.words
        return f"{head} ({self.why})" if self.why else head


def behaviour_lines(match, uid: int) -> tuple[str, ...]:
    """The unit's Behaviour lines from its behaviour skill; the Bug's lines if it has none."""
    catalog = match.catalog
    if catalog is not None:
        for sid in match.unit(uid).card.skills:
            skill = catalog.skills.get(sid)
            if skill is not None and skill.kind == "behavior" and skill.steps:
                return tuple(STEP_LINES[s] for s in skill.steps if s in STEP_LINES)
    return MELEE_FIRST


class NpcController(Controller):
    """Plays an NPC side by its Behaviour lines. Deterministic: same match state, same command."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.last_line: str = ""
        self.explanation: str = ""  # the last decision in words: the unit, the line that fired and why

    def think(self, match):
        if match.prompt is not None:
            self.explanation = ""
            return answer_prompt(match, self.side)
        uid = match.active_unit
        if uid is None:
            raise ValueError("NPC units activate by the match's own order")
        intent = yield from self._lines(match, uid)
        self.explanation = f"{match.unit(uid).name}: {intent.text}"
        return intent.command

    def intent(self, match, uid: int) -> Intent:
        """What `uid` would do if it activated now (or does next, when it is activating), without changing the
        match: the same decision `decide` takes, asked as if the unit were active (`match.as_if_active`)."""
        with match.as_if_active(uid):
            return run_to_end(self._lines(match, uid, remember=False))

    def _lines(self, match, uid: int, remember: bool = True):
        """Generator (a slice per Behaviour line tried): the Intent of the first line that applies."""
        for n, step in enumerate(behaviour_lines(match, uid), start=1):
            if n > 1:
                yield
            line = getattr(self, "_" + step.replace("-", "_"))
            cmd = yield from sliced(lambda: line(match, uid))  # (a movement search stops at a slice's end)
            if cmd is not None:
                if remember:
                    self.last_line = step
                target = getattr(cmd, "target", None)
                if target is None and step != "melee":
                    target = closest(match, uid, self._enemy_units(match, uid))
                return Intent(uid, n, LINE_WORDS.get(step, step), self._why(match, uid, step, target), cmd, target)
        if remember:
            self.last_line = "end"
        return Intent(uid, 0, "no line of its Behaviour applies: it ends its activation", "",
                      C.EndActivation(self.side))

    @staticmethod
    def _why(match, uid: int, step: str, target: int | None) -> str:
        if target is None:
            return ""
        name = match.unit(target).name
        if step == "melee":
            foes = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]
            return f"{name} is Adjacent" + (" and has the fewest HIT of them" if len(foes) > 1 else "")
        d = match.table.distance(match.base(uid), match.base(target))
        return f'{name} is the closest enemy, {d:.1f}" away'

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
                return match.attack_command(self.side, uid, w, t)
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
