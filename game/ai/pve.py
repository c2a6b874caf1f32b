"""PvE NPC Behaviours (play-modes digest 2.2): each NPC unit works down its Behaviour's lines, does the first that
applies, and again, until its ACT is spent or nothing applies; repeating an action costs it nothing more (the
mission's no_repeat_cost). After each decision `explanation` says which line fired and why, in words.

Lines (ids of assets/data/pve/tables.json):
  melee-attack         a valid Melee target exists: attack the Priority Enemy among them
  ranged-attack        a valid Ranged target exists: shoot the Priority Enemy among them
  move-toward          Move toward the closest Priority Enemy, ending in Cover if possible
  move-to-cover-sight  Move to a spot in Cover from which the Priority Enemy can be shot
  move-away            Adjacent to an enemy: Move away from all enemies

Priority Enemy: a unit carrying an objective; else the unit closest to an objective; else the unit with the fewest
HIT left (then the one closest to the NPC, then the lowest id). Protect: the Asset comes before any of them, as a
target and as the goal of a move. The mission supplies `npc_behaviour(match, uid)` (a Behaviour: name, lines),
`objective_markers(match)` and `asset_unit(match)`.
"""
from __future__ import annotations

import math

from game.battlefield import Base
from game.battlefield.search import sliced
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE, RANGED
from game.stepwise import run_to_end

from .common import Controller, answer_prompt, dist
from .npc import Intent

MAX_ACTIONS = 12  # a guard: no Behaviour line loops for ever
FIELD = 48.0  # the longest walking route "toward" follows (P9)


class PveNpcController(Controller):
    def __init__(self, side: str, rules=()) -> None:
        self.side = side
        self.rules = tuple(rules)
        self.explanation = ""
        self.last_line = ""

    # -- the decision ------------------------------------------------------------------------------------
    def think(self, match):
        if match.prompt is not None:
            p = match.prompt
            if p.kind == "choice":
                self.explanation = "an open choice of the enemy: the first option"
                return C.Choose(self.side, p.options[0][0])
            if p.kind == "mission_dice":
                return C.AcceptDice(self.side)
            self.explanation = ""
            return answer_prompt(match, self.side)
        uid = match.active_unit
        if uid is None:
            raise ValueError("NPC units activate by the match's own order")
        beh = match.mission.npc_behaviour(match, uid)
        name = match.unit(uid).name
        grant = match.activation.grant
        head = f"{name} ({beh.name} Behaviour{', ' + grant if grant else ''})"
        if len(match.activation.history) >= MAX_ACTIONS:
            return self._end(f"{head}: ends its activation")
        intent, line, skipped = yield from self._lines(match, uid)
        if intent.line:
            self.last_line = line
            self.explanation = f"{head}, line {intent.line} ({intent.words}): {intent.why}"
            return intent.command
        return self._end(f"{head}: no line applies ({'; '.join(skipped)}), so it ends its activation")

    def intent(self, match, uid: int) -> Intent:
        """What `uid` would do if it activated now (or does next, when it is activating), without changing the
        match: the very decision `decide` takes, asked as if the unit were active (`match.as_if_active`); its
        likely target is the enemy it attacks or moves for."""
        with match.as_if_active(uid):
            return run_to_end(self._lines(match, uid))[0]

    def _lines(self, match, uid: int):
        """Generator (a slice per Behaviour line tried): (the Intent of the first line of its Behaviour that applies,
        that line's id, why each earlier line did not apply)."""
        beh = match.mission.npc_behaviour(match, uid)
        ctx = Ctx(match, uid)
        skipped = []
        for i, (line, words) in enumerate(beh.lines, 1):
            if i > 1:
                yield
            ask = getattr(self, "_" + line.replace("-", "_"))
            cmd, why = yield from sliced(lambda: ask(ctx))  # (a movement search stops at a slice's end)
            if cmd is not None:
                target = getattr(cmd, "target", None)
                if target is None and line in ("move-toward", "move-to-cover-sight"):
                    target = ctx.goal()[0]
                elif target is None and line == "move-away" and ctx.adjacent_enemies:  # what it steps away from
                    target = min(ctx.adjacent_enemies, key=lambda e: (ctx.dist(ctx.me, ctx.bases[e]), e))
                return Intent(uid, i, words.rstrip("."), why, cmd, target), line, skipped
            skipped.append(f"line {i}: {why}")
        return (Intent(uid, 0, "no line of its Behaviour applies: it ends its activation", "; ".join(skipped),
                       C.EndActivation(self.side)), "end", skipped)

    def _end(self, text: str) -> C.Command:
        self.last_line = "end"
        self.explanation = text
        return C.EndActivation(self.side)

    # -- lines ----------------------------------------------------------------------------------------------
    def _melee_attack(self, ctx: "Ctx"):
        m, uid = ctx.match, ctx.uid
        best = None
        for w in ctx.weapons(MELEE):
            if m.payment(m.cost_of(act.MELEE_COMBAT, w)) is None:
                continue
            targets = [t for t in ctx.targets() if m.melee_target_reason(uid, w, t) is None]
            if targets:
                best = (w, targets)
                break
        if best is None:
            return None, "no enemy it can attack in Melee" if not ctx.adjacent_enemies else "it cannot pay for it"
        w, targets = best
        t, reason = ctx.choose(targets)
        return m.attack_command(self.side, uid, w, t), f"attacks {m.unit(t).name} in Melee with its {w.name} ({reason})"

    def _ranged_attack(self, ctx: "Ctx"):
        m, uid = ctx.match, ctx.uid
        for w in ctx.weapons(RANGED):
            if m.payment(m.cost_of(act.RANGED_COMBAT, w)) is None:
                continue
            targets = [t for t in ctx.targets() if m.ranged_target_reason(uid, w, t) is None]
            if targets:
                t, reason = ctx.choose(targets)
                return m.attack_command(self.side, uid, w, t), f"shoots {m.unit(t).name} with its {w.name} ({reason})"
        if not ctx.weapons(RANGED):
            return None, "it has no ranged weapon"
        return None, "no enemy it can shoot from here"

    def _can_move(self, ctx: "Ctx") -> str | None:
        m = ctx.match
        if m.payment(m.cost_of(act.MOVE)) is None:
            return "it cannot pay for a Move"
        return None

    def _move_toward(self, ctx: "Ctx"):
        m = ctx.match
        why = self._can_move(ctx)
        if why:
            return None, why
        if ctx.adjacent_enemies:
            return None, "it is already Adjacent to an enemy"
        goal, reason = ctx.goal()
        if goal is None:
            return None, "no enemy left"
        spot = toward(ctx, goal)
        if spot is None:
            return None, f"it cannot get any closer to {m.unit(goal).name}"
        cover = ctx.in_cover_at(spot)
        return C.Move(self.side, *spot), (f"Moves toward {m.unit(goal).name} ({reason}), "
                                          f"{'ending in Cover' if cover else 'no Cover within reach'}")

    def _move_to_cover_sight(self, ctx: "Ctx"):
        m = ctx.match
        why = self._can_move(ctx)
        if why:
            return None, why
        goal, reason = ctx.goal()
        if goal is None:
            return None, "no enemy left"
        gname = m.unit(goal).name
        weapons = ctx.weapons(RANGED)
        if not weapons:
            return None, "it has no ranged weapon"
        spot, cover = ctx.shooting_spot(goal, weapons)
        if spot is not None:
            return C.Move(self.side, *spot), (f"Moves to {'a spot in Cover' if cover else 'the nearest spot'} from "
                                              f"which it can shoot {gname} ({reason})"
                                              + ("" if cover else "; no spot in Cover can see it"))
        spot = toward(ctx, goal)
        if spot is None:
            return None, f"no spot within reach sees {gname}, and it cannot get closer"
        return C.Move(self.side, *spot), (f"no spot within reach can shoot {gname} ({reason}): it Moves toward it, "
                                          f"{'ending in Cover' if ctx.in_cover_at(spot) else 'in the open'}")

    def _move_away(self, ctx: "Ctx"):
        m = ctx.match
        if not ctx.adjacent_enemies:
            return None, "it is not Adjacent to an enemy"
        why = self._can_move(ctx)
        if why:
            return None, why
        spot = ctx.away_spot()
        if spot is None:
            return None, "there is nowhere to go out of reach"
        names = ", ".join(m.unit(e).name for e in ctx.adjacent_enemies)
        return C.Move(self.side, *spot), f"Adjacent to {names}: it Moves away from every enemy"


class Ctx:
    """What one decision looks at, worked out once."""

    def __init__(self, match, uid: int) -> None:
        self.match = match
        self.uid = uid
        self.me = match.base(uid)
        self.enemies = [e for e in match.enemies_of(uid)]
        self.bases = {e: match.base(e) for e in self.enemies}
        self.adjacent_enemies = [e for e, b in self.bases.items() if near(self.me, b) and match.table.adjacent(self.me, b)]
        self._reach = None
        self.asset = match.mission.asset_unit(match)
        if self.asset is not None and match.side_of(self.asset) == match.side_of(uid):
            self.asset = None
        if self.asset is not None:
            self.bases[self.asset] = match.base(self.asset)
        self._objectives = None

    def reach(self):
        """Where a Move can end (worked out once per decision)."""
        if self._reach is None:
            self._reach = self.match.table.reach(self.me, self.match.move_budget(act.MOVE)).spots
        return self._reach

    def weapons(self, kind: str):
        ws = [w for w in self.match.unit(self.uid).card.weapons if w.kind == kind]
        return sorted(ws, key=lambda w: (-(w.att * max(w.skl, 1)), w.id))

    def targets(self) -> list[int]:
        out = list(self.enemies)
        if self.asset is not None:
            out.append(self.asset)
        return out

    def dist(self, a: Base, b: Base) -> float:
        return self.match.table.distance(a, b)

    def objective_bases(self):
        if self._objectives is None:
            m = self.match
            out, carriers = [], {}
            for mid in m.mission.objective_markers(m):
                mk = m.marker(mid)
                if mk.carrier is not None:
                    carriers[mk.carrier] = mk.label
                    continue
                b = m.marker_base(mid)
                if b is not None:
                    out.append((mk.label, b))
            self._objectives = (out, carriers)
        return self._objectives

    def priority_key(self, e: int):
        m = self.match
        eb = self.bases[e]
        bases, carriers = self.objective_bases()
        if e in carriers:
            return (0, 0.0, 0, round(self.dist(self.me, eb), 3), e), f"Priority Enemy: it carries {carriers[e]}"
        if bases:
            d, label = min((round(self.dist(eb, b), 3), lab) for lab, b in bases)
            return (1, d, 0, round(self.dist(self.me, eb), 3), e), \
                f"Priority Enemy: closest to an objective ({label}, {d:.1f}\")"
        h = m.health(e).hit
        return (2, 0.0, h, round(self.dist(self.me, eb), 3), e), f"Priority Enemy: fewest HIT left ({h})"

    def choose(self, targets: list[int]) -> tuple[int, str]:
        """The Asset if it is among them (Protect), else the Priority Enemy among them."""
        if self.asset is not None and self.asset in targets:
            return self.asset, "Protect: the Asset comes first"
        enemies = [t for t in targets if t != self.asset]
        keyed = [(self.priority_key(t), t) for t in enemies]
        (key, reason), t = min(keyed, key=lambda k: k[0][0])
        return t, reason

    def goal(self):
        """What to move for: the Asset (Protect), else the Priority Enemy among all enemies."""
        if self.asset is not None:
            return self.asset, "Protect: the Asset comes first"
        if not self.enemies:
            return None, ""
        return self.choose(self.enemies)

    def in_cover_at(self, spot) -> bool:
        """Cover from, or out of sight of, the closest enemy at the spot."""
        m = self.match
        cand = Base(uid=self.uid, side=self.me.side, x=spot[0], y=spot[1], z=spot[2], radius=self.me.radius)
        if not self.enemies:
            return False
        e = min(self.enemies, key=lambda o: (self.dist(cand, self.bases[o]), o))
        s = m.table.sight(self.bases[e], cand)
        return (not s.visible) or s.cover

    def shooting_spot(self, goal: int, weapons):
        """The cheapest reachable spot (not Adjacent to an enemy) from which the goal is in range and in sight:
        in Cover from it if there is one (then True), else the cheapest with sight (False); (None, False). With
        many spots within reach only those on whole inches are looked at."""
        m = self.match
        table = m.table
        gb = self.bases[goal]
        rng = [w.range_inches for w in weapons]
        longest = None if any(r is None for r in rng) else max(rng)
        enemy_bases = list(self.bases.values())
        mates = [m.base(u) for u in m.squadmates(self.uid)]
        if any(near(gb, mb) and table.adjacent(gb, mb) for mb in mates):
            return None, False  # R7: the goal is Adjacent to a squadmate, nobody of this side may shoot it
        spots = sorted(self.reach(), key=lambda s: (s[3], s[0], s[1]))
        if len(spots) > 120:  # a crowded reach: every whole inch is fine enough (and 4 times quicker)
            spots = [s for s in spots if abs(s[0] - round(s[0])) < 1e-6 and abs(s[1] - round(s[1])) < 1e-6]
        fallback = None
        for x, y, z, _cost in spots:
            cand = Base(uid=self.uid, side=self.me.side, x=x, y=y, z=z, radius=self.me.radius)
            if longest is not None and not table.in_range(cand, gb, longest):
                continue
            if any(near(cand, eb) and table.adjacent(cand, eb) for eb in enemy_bases) or \
                    (near(cand, gb) and table.adjacent(cand, gb)):
                continue
            if not table.sight(cand, gb).visible:
                continue
            s = table.sight(gb, cand)
            if (not s.visible) or s.cover:
                return (x, y, z), True
            if fallback is None:
                fallback = (x, y, z)
        return fallback, False

    def away_spot(self):
        """The reachable spot furthest from the nearest enemy (to the half inch), not Adjacent to any; then in
        Cover, then the cheapest."""
        m = self.match
        table = m.table
        enemy_bases = [self.bases[e] for e in self.enemies]
        scored = []
        for x, y, z, cost in self.reach():
            cand = Base(uid=self.uid, side=self.me.side, x=x, y=y, z=z, radius=self.me.radius)
            if any(near(cand, eb) and table.adjacent(cand, eb) for eb in enemy_bases):
                continue
            d = min((table.distance(cand, eb) for eb in enemy_bases), default=0.0)
            scored.append((round(d * 2) / 2, cost, x, y, z))
        if not scored:
            return None
        top = max(s[0] for s in scored)
        band = sorted((s for s in scored if s[0] == top), key=lambda s: (s[1], s[2], s[3]))
        for s in band[:20]:
            if self.in_cover_at(s[2:]):
                return s[2:]
        return band[0][2:]


def toward(ctx: "Ctx", goal: int):
    """P9: a Move toward the goal gets closer in a straight line (to the half inch), ending in Cover from (or out
    of sight of) the most of the three nearest enemies if it can, then the cheapest; when no spot within reach is
    closer that way (a wall in the way), closer along the walking route."""
    m = ctx.match
    table = m.table
    me, gb = ctx.me, ctx.bases[goal]
    scored = []
    for x, y, z, cost in ctx.reach():
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = table.distance(cand, gb)
        scored.append((round(d * 2) / 2, cost, cand))
    if scored:
        band = min(s[0] for s in scored)
        if band < table.distance(me, gb) - 0.05 and not (band == 0.0 and table.distance(me, gb) < 0.5):
            best = sorted((s for s in scored if s[0] == band), key=lambda s: (s[1], s[2].x, s[2].y))[:12]
            if len(best) > 1:
                threats = sorted(ctx.bases.values(), key=lambda t: dist(t, me))[:3]

                def hidden(c: Base) -> int:
                    return sum((not sg.visible) or sg.cover for sg in (table.sight(t, c) for t in threats))
                best.sort(key=lambda s: (-hidden(s[2]), s[1], s[2].x, s[2].y))
            spot = best[0][2]
            return spot.x, spot.y, spot.z
    return approach_along(m, ctx.uid, goal, m.move_budget(act.MOVE))


def near(a: Base, b: Base, gap: float = 1.0) -> bool:
    """Cheap test before an Adjacency check: the bases are within `gap` of each other in the plane."""
    return math.hypot(a.x - b.x, a.y - b.y) <= a.radius + b.radius + gap + 1e-6


def approach_along(match, uid: int, goal: int, budget: float):
    """The end spot of a Move that brings `uid` closer to `goal` along the way (P9): the walking route (A*, around
    walls and up ladders) to a free spot Adjacent to the goal, followed for the Move's inches; the reachable spot
    nearest that point. None if there is no route, or the Move would not get it closer along it."""
    table = match.table
    me = match.base(uid)
    gb = match.base(goal)
    ends = sorted(table.spots_adjacent_to(gb, me.radius, me.side), key=lambda s: math.hypot(s[0] - me.x, s[1] - me.y))
    path = None
    for x, y, z in ends[:3]:
        path = table.path(me, x, y, z, FIELD)
        if path is not None:
            break
    if path is None or len(path.points) < 2:
        return None
    pts = path.points
    left = budget
    wx, wy = pts[-1][0], pts[-1][1]
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if seg >= left:
            t = left / seg if seg else 0.0
            wx, wy = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            break
        left -= seg
    best = None
    for x, y, z, cost in table.reach(me, budget).spots:
        key = (round(math.hypot(x - wx, y - wy), 3), cost, x, y)
        if best is None or key < best[0]:
            best = (key, (x, y, z))
    if best is None or math.hypot(best[1][0] - me.x, best[1][1] - me.y) < 0.5:
        return None
    return best[1]
