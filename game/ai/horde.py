"""The Horde's Behaviours (Horde Mode, H1): Melee, Ranged and Mixed, and the three Bosses' lists, read from each
unit's Behaviour skill (its `steps`, top line first). The first line that applies is done, again and again, until
none applies or the unit cannot pay for it. `explanation` names the line that fired, for the screen.

Lines (the step ids of the data files):
  melee-attack-valid-target[-twice]   fight a valid Melee target (a Boss: at most twice in an Activation)
  ranged-attack-valid-target[-twice|-once]
  move-adjacent-to-closest-enemy      Move to end Adjacent to the nearest enemy
  move-toward-closest-enemy-cover     Move toward the nearest enemy, ending in Cover when it can
  dash-toward-closest-enemy-cover
  move-away-if-adjacent               when Adjacent to an enemy, Move (or Dash if a Move cannot be paid) away
  move-to-cover-sight-of-enemy        Move to a spot in Cover that sees an enemy (none in reach: toward the
  dash-to-cover-sight-of-enemy        nearest enemy, N H6)
  move-toward-random-unseen-enemy-cover   the Shadow Fiend: the mission sets it down next to one of them
  spawn-leech-if-no-adjacent-enemy    the Broodmind's mission action
  move-away-from-enemies-cover / dash-away-from-enemies-cover

Targets: an enemy item (the Asset of Protect the Asset) before any unit (N H5); then the lowest HIT; then the
nearest; then the lowest id. Deterministic: the same match state gives the same command.
"""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

from .common import answer_prompt

SAMPLE = 12  # spots of a Move whose sight is checked when looking for Cover (sight is the costly query)
THREATS = 2  # nearest enemies a spot's Cover is judged against

LINE_WORDS = {
    "melee-attack-valid-target": "fight a valid Melee target",
    "melee-attack-valid-target-twice": "fight a valid Melee target (at most twice)",
    "ranged-attack-valid-target": "shoot a valid Ranged target",
    "ranged-attack-valid-target-twice": "shoot a valid Ranged target (at most twice)",
    "ranged-attack-valid-target-once": "shoot a valid Ranged target (once)",
    "move-adjacent-to-closest-enemy": "Move to end Adjacent to the nearest enemy",
    "move-toward-closest-enemy-cover": "Move toward the nearest enemy, to Cover if possible",
    "dash-toward-closest-enemy-cover": "Dash toward the nearest enemy, to Cover if possible",
    "move-away-if-adjacent": "Adjacent to an enemy: move away from every enemy",
    "move-to-cover-sight-of-enemy": "Move to Cover with Line of Sight to an enemy",
    "dash-to-cover-sight-of-enemy": "Dash to Cover with Line of Sight to an enemy",
    "move-toward-random-unseen-enemy-cover": "Move toward an enemy that cannot see it (one picked at random)",
    "spawn-leech-if-no-adjacent-enemy": "no enemy Adjacent: birth a Carrion Leech",
    "move-away-from-enemies-cover": "Move away from every enemy, to Cover if possible",
    "dash-away-from-enemies-cover": "Dash away from every enemy, to Cover if possible",
}


FIELD = 12.0  # inches of paths searched from the goal when the straight approach is blocked


def path_field(match, uid: int, goal: int) -> dict:
    """Path costs from `goal` to the lattice spots of `uid`'s base size, up to FIELD inches: (x, y) -> inches."""
    me = match.base(uid)
    gb = match.base(goal)
    probe = Base(uid=goal, side=gb.side, x=gb.x, y=gb.y, z=gb.z, radius=me.radius, move=me.move)
    return {(round(x, 3), round(y, 3)): c for x, y, z, c in match.table.reach(probe, FIELD).spots}


def path_toward(match, uid: int, goal: int, budget: float, field: dict | None = None, spots=None):
    """A Move/Dash end spot nearer `goal` along paths (not as the crow flies), for a unit a wall keeps from it:
    the spot of its reach with the cheapest path from the goal (searched from the goal, up to FIELD inches), if it
    beats where it stands by half an inch. None when nothing is gained."""
    me = match.base(uid)
    field = path_field(match, uid, goal) if field is None else field
    if not field:
        return None
    here = [c for (x, y), c in field.items() if math.hypot(x - me.x, y - me.y) <= me.radius + 1.0]
    now = min(here) if here else math.inf
    best = None
    for x, y, z, cost in (match.table.reach(me, budget).spots if spots is None else spots):
        c = field.get((round(x, 3), round(y, 3)))
        if c is not None and (best is None or (c, cost, x, y) < best[0]):
            best = ((c, cost, x, y), (x, y, z))
    if best is None or best[0][0] >= now - 0.5:
        return None
    return best[1]


def behaviour_steps(match, uid: int) -> tuple[str, ...]:
    cat = match.catalog
    for sid in match.unit(uid).card.skills:
        s = cat.skills.get(sid) if cat is not None else None
        if s is not None and s.kind == "behavior" and s.steps:
            return tuple(x for x in s.steps if x in LINE_WORDS)
    return ("melee-attack-valid-target", "move-toward-closest-enemy-cover", "dash-toward-closest-enemy-cover")


class _Look:
    """What one decision needs to know about the table, each asked once (queries are the costly part)."""

    def __init__(self, match, uid: int) -> None:
        self.match = match
        self.uid = uid
        self.me = match.base(uid)
        side = match.side_of(uid)
        self.enemies = match.enemies_of(uid)
        self.items = [i for i in match.units(items=True) if match.unit(i).side not in (side, "neutral")
                      and match.unit(i).side in match.sides]  # the Asset: the Horde goes for it first (N H5)
        self.bases = {e: match.base(e) for e in self.enemies + self.items}
        self.adjacent = [e for e in self.enemies if match.table.adjacent(self.me, self.bases[e])]
        self._reach: dict[float, list] = {}
        self._paths: dict[tuple[int, float], tuple | None] = {}
        self._field: dict[int, dict] = {}

    def dist(self, other: int) -> float:
        return self.match.table.distance(self.me, self.bases[other])

    def reach(self, budget: float) -> list:
        if budget not in self._reach:
            self._reach[budget] = list(self.match.table.reach(self.me, budget).spots)
        return self._reach[budget]

    def path_toward(self, goal: int, budget: float):
        """path_toward, asked once per goal (the search from the goal is the costliest query of a decision): a
        shorter move cannot get where a longer one found nothing."""
        key = (goal, budget)
        if key not in self._paths:
            if any(g == goal and b >= budget and got is None for (g, b), got in self._paths.items()):
                self._paths[key] = None
            else:
                if goal not in self._field:
                    self._field[goal] = path_field(self.match, self.uid, goal)
                self._paths[key] = path_toward(self.match, self.uid, goal, budget, self._field[goal],
                                               self.reach(budget))
        return self._paths[key]

    def goal(self) -> int | None:
        """What the Horde closes in on: the Asset while it stands, else the nearest enemy unit."""
        pool = self.items or self.enemies
        return min(pool, key=lambda o: (self.dist(o), o)) if pool else None

    def threats(self, n: int = THREATS) -> list[Base]:
        return sorted((self.bases[e] for e in self.items + self.enemies),
                      key=lambda b: (math.hypot(b.x - self.me.x, b.y - self.me.y), b.uid))[:n]


class HordeController:
    """Plays the Horde side by its Behaviour lines."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.explanation = ""
        self.last_line = ""

    def decide(self, match) -> C.Command:
        if match.prompt is not None:
            p = match.prompt
            if p.kind == "choice":
                return C.Choose(self.side, p.options[0][0])
            if p.kind == "mission_dice":
                return C.AcceptDice(self.side)
            return answer_prompt(match, self.side)
        uid = match.active_unit
        if uid is None:
            raise ValueError("Horde units activate by the match's own order")
        steps = behaviour_steps(match, uid)
        name = match.unit(uid).name
        look = _Look(match, uid)
        for i, step in enumerate(steps, start=1):
            cmd = getattr(self, "_" + step.replace("-", "_"))(match, look)
            if cmd is not None:
                self.last_line = step
                self.explanation = f"{name}: Behavior line {i}, {LINE_WORDS[step]}"
                return cmd
        self.last_line = "end"
        self.explanation = f"{name}: no line of its Behavior applies, its activation ends"
        return C.EndActivation(self.side)

    def _uses(self, match, action: str) -> int:
        return sum(1 for p in match.activation.history if p.action == action)

    # -- combat lines --------------------------------------------------------------------------------------------
    def _attack(self, match, look: _Look, kind: str, limit: int | None):
        """The first valid target in the order: the Asset, the lowest HIT, the nearest, the lowest id (N H5)."""
        action = act.MELEE_COMBAT if kind == MELEE else act.RANGED_COMBAT
        if limit is not None and self._uses(match, action) >= limit:
            return None
        uid = look.uid
        reason = match.melee_target_reason if kind == MELEE else match.ranged_target_reason
        pool = look.items + look.enemies
        if kind == MELEE:
            pool = [t for t in pool if look.dist(t) <= 1.0 + 1e-6]
        only = match.activation.target
        if only is not None:
            pool = [t for t in pool if t == only]
        order = sorted(pool, key=lambda t: (not match.unit(t).item, match.health(t).hit, look.dist(t), t))
        for w in sorted((w for w in match.unit(uid).card.weapons if w.kind == kind), key=lambda w: (-w.att * w.skl,
                                                                                                   w.id)):
            if match.payment(match.cost_of(action, w)) is None:
                continue
            for t in order:
                if reason(uid, w, t) is None:
                    return C.MeleeAttack(self.side, w.id, t) if kind == MELEE else C.RangedAttack(self.side, w.id, t)
        return None

    def _melee_attack_valid_target(self, match, look):
        return self._attack(match, look, MELEE, None)

    def _melee_attack_valid_target_twice(self, match, look):
        return self._attack(match, look, MELEE, 2)

    def _ranged_attack_valid_target(self, match, look):
        return self._attack(match, look, RANGED, None)

    def _ranged_attack_valid_target_twice(self, match, look):
        return self._attack(match, look, RANGED, 2)

    def _ranged_attack_valid_target_once(self, match, look):
        return self._attack(match, look, RANGED, 1)

    # -- movement lines ------------------------------------------------------------------------------------------
    def _can(self, match, action: str) -> bool:
        return match.payment(match.cost_of(action)) is not None

    def _cmd(self, action: str, spot) -> C.Command:
        cls = C.Move if action == act.MOVE else C.Dash
        return cls(self.side, *spot)

    def _approach(self, match, look: _Look, target: int, budget: float, need_adjacent: bool, cover: bool):
        """As game.ai.common.approach_spot, on the decision's own reach: the spot nearest the target (to the half
        inch; Adjacent if need_adjacent), in Cover from the nearest enemies when `cover`, then the cheapest."""
        table = match.table
        me, tb = look.me, look.bases[target]
        scored = []
        for x, y, z, cost in look.reach(budget):
            cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
            d = table.distance(cand, tb)
            adjacent = d <= 1.0 and table.adjacent(cand, tb)
            if need_adjacent and not adjacent:
                continue
            scored.append(((0 if adjacent else 1, round(d * 2) / 2), cost, cand))
        if not scored:
            return None
        band = min(s[0] for s in scored)
        best = sorted((s for s in scored if s[0] == band), key=lambda s: (s[1], s[2].x, s[2].y))
        if cover and len(best) > 1:
            threats = look.threats()

            def hidden(c: Base) -> int:
                return sum(1 for t in threats if (lambda v: not v.visible or v.cover)(table.sight(t, c)))
            best = best[:SAMPLE]
            spot = min(best, key=lambda s: (-hidden(s[2]), s[1], s[2].x, s[2].y))[2]
        else:
            spot = best[0][2]
        if not need_adjacent and table.distance(spot, tb) >= look.dist(target) - 0.05:
            return None  # no progress
        return spot.x, spot.y, spot.z

    def _toward(self, match, look, action, need_adjacent, cover):
        if look.adjacent or not self._can(match, action):
            return None
        goal = look.goal()
        if goal is None:
            return None
        budget = match.move_budget(action)
        spot = self._approach(match, look, goal, budget, need_adjacent, cover)
        if spot is None and not need_adjacent:
            spot = look.path_toward(goal, budget)
        return None if spot is None else self._cmd(action, spot)

    def _move_adjacent_to_closest_enemy(self, match, look):
        return self._toward(match, look, act.MOVE, True, False)

    def _move_toward_closest_enemy_cover(self, match, look):
        return self._toward(match, look, act.MOVE, False, True)

    def _dash_toward_closest_enemy_cover(self, match, look):
        return self._toward(match, look, act.DASH, False, True)

    def _move_away_if_adjacent(self, match, look):
        if not look.adjacent:
            return None
        for action in (act.MOVE, act.DASH):
            if self._can(match, action):
                spot = self._away_spot(match, look, match.move_budget(action), cover=False)
                if spot is not None:
                    return self._cmd(action, spot)
        return None

    def _move_away_from_enemies_cover(self, match, look):
        return self._away(match, look, act.MOVE)

    def _dash_away_from_enemies_cover(self, match, look):
        return self._away(match, look, act.DASH)

    def _away(self, match, look, action):
        if not look.enemies or not self._can(match, action):
            return None
        spot = self._away_spot(match, look, match.move_budget(action), cover=True)
        return None if spot is None else self._cmd(action, spot)

    def _away_spot(self, match, look, budget: float, cover: bool):
        """The reachable spot farthest from the nearest enemy (to the half inch), then in Cover from the nearest
        enemies (when `cover`), then the cheapest; None if it gains nothing."""
        me = look.me
        enemies = [look.bases[e] for e in look.enemies]
        if not enemies or budget <= 0:
            return None

        def gap(x, y):
            return min(math.hypot(x - e.x, y - e.y) for e in enemies)
        now = gap(me.x, me.y)
        spots = [(round(gap(x, y) * 2) / 2, cost, x, y, z) for x, y, z, cost in look.reach(budget)]
        if not spots:
            return None
        far = max(s[0] for s in spots)
        if far <= now + 0.25:
            return None
        best = sorted((s for s in spots if s[0] == far), key=lambda s: (s[1], s[2], s[3]))
        if cover and len(best) > 1:
            threats = look.threats()

            def hidden(s):
                probe = Base(uid=me.uid, side=me.side, x=s[2], y=s[3], z=s[4], radius=me.radius)
                return sum(1 for t in threats if (lambda v: not v.visible or v.cover)(match.table.sight(t, probe)))
            _, _, x, y, z = min(best[:SAMPLE], key=lambda s: (-hidden(s), s[1], s[2], s[3]))
        else:
            _, _, x, y, z = best[0]
        return x, y, z

    def _move_to_cover_sight_of_enemy(self, match, look):
        return self._cover_sight(match, look, act.MOVE)

    def _dash_to_cover_sight_of_enemy(self, match, look):
        return self._cover_sight(match, look, act.DASH)

    def _cover_sight(self, match, look, action):
        """The cheapest spot in Cover from the nearest enemies that see it, seeing one of them and not Adjacent to
        one (the spots of the Move looked at from the cheapest, at most SAMPLE of them). Already there: the line
        does not apply. No such spot: toward the nearest enemy (N H6)."""
        if look.adjacent or not self._can(match, action):
            return None
        goal = look.goal()
        if goal is None:
            return None
        me = look.me
        threats = look.threats()
        table = match.table

        def judge(b: Base) -> tuple[bool, bool]:
            seen = [s for s in (table.sight(t, b) for t in threats) if s.visible]
            return bool(seen), bool(seen) and all(s.cover for s in seen)
        sees, covered = judge(me)
        if sees and covered:
            return None
        budget = match.move_budget(action)
        near = [(c, x, y, z) for x, y, z, c in look.reach(budget)
                if all(math.hypot(x - t.x, y - t.y) > me.radius + t.radius + 1.0 for t in threats)]
        near.sort()
        step = max(1, len(near) // SAMPLE)
        seeing = None
        for cost, x, y, z in near[::step]:
            s, c = judge(Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius))
            if s and c:
                return self._cmd(action, (x, y, z))
            if s and seeing is None:
                seeing = (x, y, z)
        if sees:
            return None
        if seeing is not None:
            return self._cmd(action, seeing)
        spot = self._approach(match, look, goal, budget, False, True) or look.path_toward(goal, budget)
        return None if spot is None else self._cmd(action, spot)

    def _move_toward_random_unseen_enemy_cover(self, match, look):
        """The Shadow Fiend: while some enemy cannot see it, a Move sets it down next to one of them (the mission
        rolls which); the command only has to be a legal Move."""
        if not self._can(match, act.MOVE):
            return None
        unseen = [e for e in look.enemies if not match.table.sight(look.bases[e], look.me).visible]
        if not unseen:
            return None
        target = min(unseen, key=lambda e: (look.dist(e), e))
        spot = self._approach(match, look, target, match.move_budget(act.MOVE), False, False)
        if spot is None:
            spots = look.reach(match.move_budget(act.MOVE))
            if not spots:
                return None
            x, y, z, _ = min(spots, key=lambda s: (s[3], s[0], s[1]))
            spot = (x, y, z)
        return self._cmd(act.MOVE, spot)

    def _spawn_leech_if_no_adjacent_enemy(self, match, look):
        if look.adjacent or match.mission_action_reason(look.uid, "spawn-leech") is not None:
            return None
        cost = next(d.cost for d in match.mission_action_defs() if d.id == "spawn-leech")
        if match.payment(match.cost_of(act.MISSION, skill="spawn-leech", base=cost)) is None:
            return None
        return C.UseMissionAction(self.side, "spawn-leech")
