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
from game.battlefield.field import walking_field
from game.battlefield.search import sliced
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

from .common import Controller, Sights, answer_prompt

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


def squad_field(match, goals: list[int], mover: Base):
    """The walking field to the nearest of `goals` for bases like `mover` (game/battlefield/field.py)."""
    return walking_field(match.table, [match.base(g) for g in goals], mover.radius, mover.move)


class FieldCache:
    """One walking field per Turn, base size and movement rule, serving every unit of a side: made at the first
    decision that needs it in a Turn, from where the goals stand then (made again within the Turn only when a door
    opens or closes, or when the goals change and `exact`: the Horde's goals are the squad's units, which rarely
    fall; the squad's are the Horde's, which fall all the time and are kept for the Turn)."""

    def __init__(self, exact: bool = True) -> None:
        self._kept: dict = {}
        self.exact = exact

    def get(self, match, goals: list[int], mover: Base):
        if not goals:
            return None
        rule = mover.move.terrain
        key = (match.turn, tuple(sorted(goals)) if self.exact else (), tuple(sorted(match.table.doors_open.items())))
        got = self._kept.get((mover.radius, rule))
        if got is None or got[0] != key:
            got = self._kept[(mover.radius, rule)] = (key, squad_field(match, goals, mover))
        return got[1]


def walk_spot(match, me: Base, field, spots, threats=(), sight=None):
    """The spot of a Move (`spots` of its reach) nearest the goals by walking (to the half inch), in Cover from or
    hidden from the most of `threats`, then the cheapest; None when no spot is half an inch nearer than `me`.
    `sight(viewer, base)` asks the sight lines (default: the table's)."""
    now = field.at(me.x, me.y, me.z)
    scored = []
    for x, y, z, cost in spots:
        w = field.at(x, y, z)
        if w < now - 0.5:
            scored.append((round(w * 2) / 2, cost, x, y, z))
    if not scored:
        return None
    band = min(s[0] for s in scored)
    best = sorted((s for s in scored if s[0] == band), key=lambda s: (s[1], s[2], s[3]))
    if threats and len(best) > 1:
        pick = min(best[:SAMPLE], key=lambda s: (-hidden_from(match, me, s[2], s[3], s[4], threats, sight), s[1], s[2],
                                                 s[3]))
    else:
        pick = best[0]
    return pick[2], pick[3], pick[4]


def hidden_from(match, me: Base, x: float, y: float, z: float, threats, sight=None) -> int:
    """How many of `threats` would not see `me` standing at the spot, or see it in Cover."""
    probe = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    sight = sight or match.table.sight
    n = 0
    for t in threats:
        v = sight(t, probe)
        n += (not v.visible) or bool(v.cover)
    return n


def behaviour_steps(match, uid: int) -> tuple[str, ...]:
    cat = match.catalog
    for sid in match.unit(uid).card.skills:
        s = cat.skills.get(sid) if cat is not None else None
        if s is not None and s.kind == "behavior" and s.steps:
            return tuple(x for x in s.steps if x in LINE_WORDS)
    return ("melee-attack-valid-target", "move-toward-closest-enemy-cover", "dash-toward-closest-enemy-cover")


class _Look:
    """What one decision needs to know about the table, each asked once (queries are the costly part)."""

    def __init__(self, match, uid: int, fields: FieldCache | None = None) -> None:
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
        self._fields = fields if fields is not None else FieldCache()
        self.sight = Sights(match.table)  # (its lines stop at a slice's end, common.Sights)

    def dist(self, other: int) -> float:
        return self.match.table.distance(self.me, self.bases[other])

    def reach(self, budget: float) -> list:
        if budget not in self._reach:
            self._reach[budget] = list(self.match.table.reach(self.me, budget).spots)
        return self._reach[budget]

    def field(self):
        """The Turn's walking field to what the Horde closes in on (the Asset while it stands, else the squad)."""
        return self._fields.get(self.match, self.items or self.enemies, self.me)

    def goal(self) -> int | None:
        """What the Horde closes in on: the Asset while it stands, else the nearest enemy unit."""
        pool = self.items or self.enemies
        return min(pool, key=lambda o: (self.dist(o), o)) if pool else None

    def threats(self, n: int = THREATS) -> list[Base]:
        return sorted((self.bases[e] for e in self.items + self.enemies),
                      key=lambda b: (math.hypot(b.x - self.me.x, b.y - self.me.y), b.uid))[:n]


class HordeController(Controller):
    """Plays the Horde side by its Behaviour lines."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.explanation = ""
        self.last_line = ""
        self.fields = FieldCache()

    def think(self, match):
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
        look = _Look(match, uid, self.fields)
        for i, step in enumerate(steps, start=1):
            if i > 1:
                yield  # a slice per Behavior line tried
            line = getattr(self, "_" + step.replace("-", "_"))
            # its walking field, movement searches and sight lines stop at the slice's end (the line is asked again)
            cmd = yield from sliced(lambda: line(match, look))
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
                    return match.attack_command(self.side, uid, w, t)
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
            spot = min(best[:SAMPLE], key=lambda s: (
                -hidden_from(match, me, s[2].x, s[2].y, s[2].z, threats, look.sight), s[1], s[2].x, s[2].y))[2]
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
        if need_adjacent:
            spot = self._approach(match, look, goal, budget, True, cover)
        else:
            spot = self._walk(match, look, goal, budget, cover)
        return None if spot is None else self._cmd(action, spot)

    def _walk(self, match, look: _Look, goal: int, budget: float, cover: bool):
        """walk_spot on the Turn's field; with no walking way to the squad at all (a platform it cannot climb), the
        straight approach."""
        field = look.field()
        me = look.me
        if field is None or field.at(me.x, me.y, me.z) == math.inf:
            return self._approach(match, look, goal, budget, False, cover)
        return walk_spot(match, me, field, look.reach(budget), look.threats() if cover else (), look.sight)

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
            _, _, x, y, z = min(best[:SAMPLE], key=lambda s: (-hidden_from(match, me, s[2], s[3], s[4], threats,
                                                                           look.sight), s[1],
                                                              s[2], s[3]))
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
        does not apply. No such spot: toward the nearest enemy (N H6). "Seeing" is the unit's own sight of them:
        asked the other way round (whether they see it), a Graveward Sentinel in Cover behind a wall that one of
        the squad saw over, but that could not see back, stood for five Turns and the wave never ended (seed 136's
        sixth wave)."""
        if look.adjacent or not self._can(match, action):
            return None
        goal = look.goal()
        if goal is None:
            return None
        me = look.me
        threats = look.threats()

        def judge(b: Base) -> tuple[bool, bool]:
            # whether the spot sees one of them (sight is the viewer's: a threat may see it while it sees none, and
            # a Ranged unit that stayed there never shot nor moved), and is in Cover from every one that sees it
            if not any(look.sight(b, t).visible for t in threats):
                return False, False
            return True, all(s.cover for s in (look.sight(t, b) for t in threats) if s.visible)
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
        spot = self._walk(match, look, goal, budget, True)
        return None if spot is None else self._cmd(action, spot)

    def _move_toward_random_unseen_enemy_cover(self, match, look):
        """The Shadow Fiend: while some enemy cannot see it, a Move sets it down next to one of them (the mission
        rolls which); the command only has to be a legal Move."""
        if not self._can(match, act.MOVE):
            return None
        unseen = [e for e in look.enemies if not look.sight(look.bases[e], look.me).visible]
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
