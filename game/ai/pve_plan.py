"""The PvE computer squad's plan (pve_squad.py): a task for every unit now (a marker to Control, activate or search,
a Target to destroy, the Asset to guard, the Extraction Point, or a fight), when the whole squad makes for the
Extraction Point, and the action a unit takes for its task (a Mission Action, a step out of base contact, a Melee
attack, a move along the path two Moves ahead, a shot)."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.battlefield.search import sliced
from game.match import commands as C
from game.rules import actions as act
from game.rules.model import MELEE, RANGED
from game.stepwise import run_to_end

from .pve_clear import break_contact

GIVE_UP_TURN = 7  # settle for what is met and extract from here on
LAST_TURN = 12  # extract whatever happens (nobody may be left to rescue)
ASSET_THREAT = 12.0  # an enemy this close to the Asset (a Move and a shot) is shot before any other
RANK = {"destroy": 0, "activate": 1, "search": 1, "protect": 2, "control": 3, "no-survivors": 4}  # easiest first


REACH_TURN = 6  # an open objective counts as within reach only up to this Turn (reinforcements come every Turn)


def objective_in_reach(match, g: dict, side: str) -> bool:
    """Whether an open objective can still be met soon: Control held or every point within a Move and a Dash of an
    able unit; a Console, a Search Site or a Target within a Move and a Dash of a unit (as many units as there are
    left to do); the Asset to keep standing; the last few enemies to take out. Late in the mission, with two units
    or fewer left, or outnumbered once the Extraction Point is open (reinforcements come every Turn after it),
    nothing more is but a Control streak one Turn from done."""
    from game.match import skills as S
    units = match.units(side)
    if match.turn > REACH_TURN or len(units) <= 2 or outnumbered(match, g, units):
        return control_on_streak(match, g) and len(units) >= len(g["markers"].get("control", ()))
    able = [u for u in units if S.may_take_mission_actions(match, u)]
    walk = match.move_budget(act.MOVE) + match.move_budget(act.DASH) + 1.0

    def near(mid: str, pool: list[int]) -> bool:
        b = match.marker_base(mid) or (match.base(match.marker_uid(mid)) if match.marker_uid(mid) else None)
        return b is not None and any(match.table.distance(match.base(u), b) <= walk for u in pool)
    for oid, st in g["status"].items():
        if st != "open":
            continue
        mids = g["markers"].get(oid, [])
        if oid == "control":
            if control_on_streak(match, g) or (mids and len(able) >= len(mids) and all(near(m, able) for m in mids)):
                return True
        elif oid in ("activate", "search"):
            if mids and any(near(m, able) for m in mids) and (oid == "search" or len(able) >= len(mids)):
                return True
        elif oid == "destroy":
            if mids and all(near(m, units) for m in mids):
                return True
        elif oid == "protect":
            if g["asset"] is not None:
                return True
        elif len(match.enemies_of(units[0])) <= 2:  # no survivors
            return True
    return False


def outnumbered(match, g: dict, units: list[int]) -> bool:
    """From the Turn the Extraction Point opens, more enemy units standing than the squad has (Targets, which are
    items, not counted): every later Turn only adds to them."""
    if g["extraction"] is None or match.turn < g["extraction_turn"] or not units:
        return False
    foes = [e for e in match.enemies_of(units[0]) if not match.unit(e).item]
    return len(foes) > len(units)


def control_on_streak(match, g: dict) -> bool:
    """Control is open and all its markers were held at the end of the last Turn: one more Turn of holding meets
    it, so nobody gives up on it for the Extraction Point yet."""
    return g["status"].get("control") == "open" and g.get("streak", 0) >= 1


class Plan:
    """Tasks for the squad's units now, and the action a unit takes for its task."""

    def __init__(self, match, side: str, assigned: dict | None = None) -> None:
        self.m = match
        self.side = side
        self.g = match.mission.goals(match)
        self.units = match.units(side)
        self.tasks: dict[int, tuple] = {}
        self.leaving = False  # every unit makes for the Extraction Point
        self._memo: dict = {}
        self._assign(assigned or {})

    # -- tasks --------------------------------------------------------------------------------------------
    def _extracting(self) -> bool:
        """Everybody makes for the Extraction Point once every objective is settled, late in the mission, with one
        unit left, or when an objective is met and no other is still within reach (objective_in_reach); never
        while one more Turn of holding meets Control."""
        g = self.g
        if g["extraction"] is None:
            return False
        settled = all(s != "open" for s in g["status"].values())
        if control_on_streak(self.m, g) and self.m.turn < LAST_TURN and len(self.units) > 1:
            return False
        if settled or self.m.turn >= GIVE_UP_TURN or len(self.units) <= 1:
            return True
        met = any(s == "met" for s in g["status"].values())
        return met and not objective_in_reach(self.m, g, self.side)

    def _assign(self, assigned: dict) -> None:
        """The easiest open objective first (RANK): its markers go to the nearest able units (a unit keeps the
        marker it went for); two units guard the Asset while it must be protected; the others escort the units
        on objectives (shooting what threatens them), or make for the Extraction Point once it is time."""
        m, g = self.m, self.g
        from game.match import skills as S
        self.leaving = self._extracting()
        if self.leaving:
            for u in self.units:
                self.tasks[u] = ("extract",)
            return
        open_ = [o for o in g["objectives"] if g["status"].get(o) == "open"]
        marker_objectives = [o for o in sorted(open_, key=lambda o: RANK.get(o, 9))
                             if o in ("control", "activate", "search", "destroy") and g["markers"].get(o)]
        able = [u for u in self.units if S.may_take_mission_actions(m, u)]
        focus = marker_objectives[:1]
        needs = [(mid, oid) for oid in focus for mid in g["markers"].get(oid, [])]
        for oid in marker_objectives[1:]:  # units left over go for the next objective, when enough are left
            more = [(mid, oid) for mid in g["markers"].get(oid, [])]
            if len(able) - len(needs) >= (len(more) if oid == "control" else 1):
                focus.append(oid)
                needs += more
        protect = g["asset"] is not None and g["status"].get("protect") == "open"
        if protect:  # the Asset needs bodies around it: at most two units go for markers
            needs = needs[:2]
        taken_markers = set()
        for u, (mid, oid) in sorted(assigned.items()):  # keep what units already go for
            if u in self.units and (mid, oid) in needs and mid not in taken_markers:
                self.tasks[u] = ("marker", mid, oid)
                taken_markers.add(mid)
        pairs = []
        for mid, oid in needs:
            mb = m.marker_base(mid) or (m.base(m.marker_uid(mid)) if m.marker_uid(mid) else None)
            if mb is None or mid in taken_markers:
                continue
            for u in (able if oid != "destroy" else self.units):
                pairs.append((m.table.distance(m.base(u), mb), u, mid, oid))
        for _, u, mid, oid in sorted(pairs):
            if u in self.tasks or mid in taken_markers:
                continue
            self.tasks[u] = ("marker", mid, oid)
            taken_markers.add(mid)
        if protect:  # everybody else rings the Asset: melee cannot reach it, bases block the shots at it
            for u in self.units:
                if u not in self.tasks:
                    self.tasks[u] = ("guard", g["asset"])
        late = g["extraction"] is not None and m.turn > g["extraction_turn"] and "no-survivors" not in open_
        if "control" in focus:
            self._back_up_control(able, late)
        for u in self.units:
            if u not in self.tasks:
                self.tasks[u] = ("extract",) if late else ("escort",)

    def _back_up_control(self, able: list[int], late: bool) -> None:
        """Spare units stand on the Control Points too (the least held, then the nearest): a second unit keeps a
        point Controlled when the first falls, and its body keeps enemies from coming Adjacent. Once it is time
        to extract, the spare unit nearest the Extraction Point goes there instead (somebody must leave)."""
        m, g = self.m, self.g
        spare = [u for u in able if u not in self.tasks]
        if late and spare:
            x, y = g["extraction"]
            spare.remove(min(spare, key=lambda u: (round(math.hypot(m.base(u).x - x, m.base(u).y - y)), u)))
        mids = [mid for mid in g["markers"].get("control", []) if m.marker_base(mid) is not None]
        for u in spare:
            if not mids:
                return
            held = {mid: sum(1 for t in self.tasks.values() if t[0] == "marker" and t[1] == mid) for mid in mids}
            mid = min(mids, key=lambda k: (held[k], round(m.table.distance(m.base(u), m.marker_base(k))), k))
            self.tasks[u] = ("marker", mid, "control")

    def task_base(self, uid: int) -> Base | None:
        t = self.tasks.get(uid, ("fight",))
        m = self.m
        if t[0] == "marker":
            return m.marker_base(t[1]) or (m.base(m.marker_uid(t[1])) if m.marker_uid(t[1]) else None)
        if t[0] == "guard":
            return m.base(t[1])
        if t[0] == "extract":
            x, y = self.g["extraction"]
            return Base(uid=-20, side="point", x=x, y=y, z=m.table.surface_z(x, y, 0.0), radius=0.0)
        if t[0] == "escort":
            runners = [self.task_base(u) for u, tt in self.tasks.items() if tt[0] in ("marker", "guard")]
            runners = [b for b in runners if b is not None]
            if runners:
                x = sum(b.x for b in runners) / len(runners)
                y = sum(b.y for b in runners) / len(runners)
                return Base(uid=-21, side="point", x=x, y=y, z=m.table.surface_z(x, y, 0.0), radius=0.0)
        foes = [m.base(e) for e in m.enemies_of(uid)] if m.standing(uid) else []
        me = m.base(uid)
        return min(foes, key=lambda b: (m.table.distance(me, b), b.uid)) if foes else None

    def distance_to_task(self, uid: int) -> float:
        b = self.task_base(uid)
        return 99.0 if b is None else self.m.table.distance(self.m.base(uid), b)

    # -- one action ---------------------------------------------------------------------------------------
    def act(self, uid: int):
        """(the command, why) of the unit's next action."""
        return run_to_end(self.acting(uid))

    def acting(self, uid: int):
        """Generator (a slice per step weighed; a step's movement searches stop at the slice's end and the step is
        asked again in the next slice, going on where its search stopped): (the command, why) of the unit's next
        action."""
        task = self.tasks.get(uid, ("fight",))
        for step in (self._mission_action, self._break_contact, self._melee, self._first_shot, self._task_move,
                     self._shoot):
            got = yield from sliced(lambda: step(uid, task))
            if got is not None:
                return got
            yield
        return C.EndActivation(self.side), f"nothing more to do ({task[0]})"

    def _break_contact(self, uid, task):
        return break_contact(self, uid, task)

    def _first_shot(self, uid, task):
        """Shoot before moving when there is something to shoot, unless the unit is one move from its marker or the
        squad is leaving and it is not at the Extraction Point yet (it moves first, and shoots with what is left)."""
        m = self.m
        if any(p.action in (act.RANGED_COMBAT, act.MELEE_COMBAT) for p in m.activation.history):
            return None
        if self.leaving and task[0] == "extract" and self.distance_to_task(uid) > self.g["extraction_radius"]:
            return None
        if task[0] == "marker" and task[2] != "destroy":
            b = self.task_base(uid)
            if b is not None and m.table.distance(m.base(uid), b) <= m.move_budget(act.MOVE) + 1.0:
                return None
        return self._shoot(uid, task)

    def _afford(self, action, weapon=None) -> bool:
        m = self.m
        cost = m.cost_of(action, weapon)
        return cost < act.FORBIDDEN and m.act_left() >= cost

    def _mission_action(self, uid, task):
        if task[0] != "marker":
            return None
        m = self.m
        for d in m.mission_action_defs():
            if task[2] not in d.markers or m.payment(m.cost_of(act.MISSION, skill=d.id, base=d.cost)) is None:
                continue
            if m.mission_action_reason(uid, d.id, task[1]) is None:
                return C.UseMissionAction(self.side, d.id, task[1]), f"{d.name} on {m.marker(task[1]).label}"
        return None

    def _melee(self, uid, task):
        m = self.m
        adj = [e for e in m.adjacent_enemies(uid)]
        items = [i for i in m.units(items=True) if m.side_of(i) != self.side and m.adjacent(uid, i)]
        if task[0] == "marker" and task[2] == "destroy" and m.marker_uid(task[1]) in items:
            adj = [m.marker_uid(task[1])] + adj
        if not adj:
            return None
        for w in sorted((w for w in m.unit(uid).card.weapons if w.kind == MELEE), key=lambda w: (-w.att * w.skl, w.id)):
            if not self._afford(act.MELEE_COMBAT, w):
                continue
            ok = [e for e in adj if m.melee_target_reason(uid, w, e) is None and self._grant_ok(e)]
            if ok:
                t = self.pick_target(ok, self.task_base(uid))
                return m.attack_command(self.side, uid, w, t), f"attacks {m.unit(t).name} in Melee"
        return None

    def pick_target(self, ok: list[int], goal: Base | None) -> int | None:
        """A Destroy Target first; then an enemy on the Asset (Protect); then the enemy nearest the unit's goal
        that has the fewest HIT left."""
        m = self.m
        destroy = [e for e in ok if m.unit(e).item and (m.marker_of(e) or "").startswith("destroy")]
        if destroy:
            return destroy[0]
        ok = [e for e in ok if not m.unit(e).item]
        if not ok:
            return None
        asset = self.g["asset"]
        if asset is not None:
            on_asset = [e for e in ok if m.adjacent(e, asset)]
            if on_asset:
                return min(on_asset, key=lambda e: (m.health(e).hit, e))
            if self.g["status"].get("protect") == "open":  # then whoever is closing on it, the nearest first
                ab = m.base(asset)
                near = [e for e in ok if m.table.distance(m.base(e), ab) <= ASSET_THREAT]
                if near:
                    return min(near, key=lambda e: (round(m.table.distance(m.base(e), ab)), m.health(e).hit, e))
        return min(ok, key=lambda e: (round(m.table.distance(m.base(e), goal)) if goal is not None else 0,
                                      m.health(e).hit, e))

    def _grant_ok(self, target) -> bool:
        t = getattr(self.m.activation, "target", None)
        return t is None or t == target

    def _shoot(self, uid, task):
        m = self.m
        goal = self.task_base(uid)
        ranged = (w for w in m.unit(uid).card.weapons if w.kind == RANGED)
        for w in sorted(ranged, key=lambda w: (-w.att * w.skl, w.id)):
            if not self._afford(act.RANGED_COMBAT, w):
                continue
            ok = [e for e in self._valid(uid, w) if self._grant_ok(e)]
            if not ok:
                continue
            t = self.pick_target(ok, goal)
            if t is None:
                continue
            return m.attack_command(self.side, uid, w, t), f"shoots {m.unit(t).name}"
        return None

    def _task_move(self, uid, task):
        m = self.m
        if m.adjacent_enemies(uid):
            return None  # fight it out: leaving invites an Attack of Opportunity
        kind = task[0]
        target = self.task_base(uid)
        if target is None:
            return None
        me = m.base(uid)
        if kind == "marker":
            if task[2] == "destroy":
                item = m.marker_uid(task[1])
                if item is not None and self._can_shoot(uid, item):
                    return None  # shoot it from here
                return self._approach(uid, target, adjacent=True, why=f"closes on {m.unit(item).name}")
            if m.table.adjacent(me, target):
                return None  # there: Control it (and shoot from here)
            return self._approach(uid, target, adjacent=True, why=f"goes for {m.marker(task[1]).label}")
        if kind == "extract":
            r = self.g["extraction_radius"]
            if m.table.distance(me, target) <= r:
                return None
            return self._approach(uid, target, adjacent=False, why="heads for the Extraction Point", within=r)
        if kind == "guard":
            spot = self._screen_spot(uid, target)
            if spot is not None:
                return spot
            if m.table.adjacent(me, target):
                return None
            return self._approach(uid, target, adjacent=True, why="guards the Asset")
        # escort or fight: close in when nothing can be shot from here
        if self._can_shoot_any(uid):
            return None
        if kind == "escort" and target.side == "point":
            if m.table.distance(me, target) <= 4.0:
                return None
            return self._approach(uid, target, adjacent=False, why="covers the units on the objectives", within=4.0)
        return self._approach(uid, target, adjacent=False, why="closes on the enemy", within=1.0)

    def _screen_spot(self, uid, asset: Base):
        """A spot Adjacent to the Asset on the side the enemy comes from (a base in the way blocks the shot at
        it): one Move away at most, and better than where the unit stands by half an inch or more."""
        m = self.m
        if not self._afford(act.MOVE) or any(p.action == act.MOVE for p in m.activation.history):
            return None
        foes = [m.base(e) for e in m.enemies_of(uid)]
        if not foes:
            return None
        fx = sum(f.x for f in foes) / len(foes)
        fy = sum(f.y for f in foes) / len(foes)
        me = m.base(uid)

        def toward(b):
            return math.hypot(b.x - fx, b.y - fy)
        here = toward(me) if m.table.adjacent(me, asset) else None
        best = None
        for x, y, z, cost in m.table.reach(me, m.move_budget(act.MOVE)).spots:
            cand = Base(uid=uid, side=self.side, x=x, y=y, z=z, radius=me.radius)
            if m.table.distance(cand, asset) > 1.0 + 1e-6 or not m.table.adjacent(cand, asset) or \
                    any(m.table.distance(cand, f) <= 1.0 + 1e-6 and m.table.adjacent(cand, f) for f in foes):
                continue
            key = (round(toward(cand), 1), cost, x, y)
            if best is None or key < best[0]:
                best = (key, (x, y, z))
        if best is None or (here is not None and best[0][0] > here - 0.5):
            return None
        return C.Move(self.side, *best[1]), "screens the Asset from the enemy"

    def _valid(self, uid, w) -> list[int]:
        """Valid Ranged targets of the unit's weapon now (enemy units and items), worked out once per decision."""
        key = (uid, w.id)
        if key not in self._memo:
            m = self.m
            if "engaged" not in self._memo:
                self._memo["engaged"] = bool(m.adjacent_enemies(uid))
            if self._memo["engaged"] and not w.has("PBK"):
                self._memo[key] = []  # R7: Adjacent to an enemy, no Ranged attack (the match would say so too)
                return []
            me = m.base(uid)
            cands = [e for e in m.enemies_of(uid) + m.units(items=True) if m.side_of(e) != self.side]
            cands = [e for e in cands if m.table.in_range(me, m.base(e), w.range_inches)]
            self._memo[key] = [e for e in cands if m.ranged_target_reason(uid, w, e) is None]
        return self._memo[key]

    def _can_shoot(self, uid, target) -> bool:
        return any(w.kind == RANGED and target in self._valid(uid, w) for w in self.m.unit(uid).card.weapons)

    def _can_shoot_any(self, uid) -> bool:
        return any(w.kind == RANGED and self._valid(uid, w) for w in self.m.unit(uid).card.weapons)

    def _approach(self, uid, target: Base, adjacent: bool, why: str, within: float = 0.0):
        """A Move (or a Dash) toward the target. Once the unit has moved this activation, it moves again only
        to arrive, or where no enemy is within 8\" of the spot (no second move into the enemy's arms)."""
        m = self.m
        moved = any(p.action in (act.MOVE, act.DASH) for p in m.activation.history)
        foes = [m.base(e) for e in m.enemies_of(uid)]
        for action, cls in ((act.MOVE, C.Move), (act.DASH, C.Dash)):
            if not self._afford(action):
                continue
            spot = approach_base(m, uid, target, m.move_budget(action), adjacent, within)
            if spot is None:
                continue
            if moved:
                cand = Base(uid=uid, side=self.side, x=spot[0], y=spot[1], z=spot[2], radius=m.base(uid).radius)
                arrived = m.table.adjacent(cand, target) if adjacent else m.table.distance(cand, target) <= within
                if not arrived and any(m.table.distance(cand, f) <= 8.0 for f in foes):
                    continue
            return cls(self.side, *spot), why
        return None


def approach_base(match, uid: int, target: Base, budget: float, adjacent: bool, within: float = 0.0):
    """The end spot of a Move/Dash getting `uid` closest to `target` (a marker, a point): Adjacent to it when
    `adjacent` (if it can reach that), else the closest (to the half inch), never Adjacent to an enemy unless it
    must; then Cover from the nearest enemies, then the cheapest. None when it gets no closer."""
    table = match.table
    me = match.base(uid)
    foes = [match.base(e) for e in match.enemies_of(uid)]
    scored = []
    for x, y, z, cost in table.reach(me, budget).spots:
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = table.distance(cand, target)
        there = (d <= 1.0 + 1e-6 and table.adjacent(cand, target)) if adjacent else d <= within + 1e-6
        engaged = any(table.distance(cand, f) <= 1.0 + 1e-6 and table.adjacent(cand, f) for f in foes)
        scored.append(((0 if there else 1, engaged, round(d * 2) / 2), cost, x, y, z, cand))
    if not scored:
        return None
    best = min(scored, key=lambda s: (s[0], s[1], s[2], s[3]))
    if best[0][0] == 1 and table.distance(me, target) - best[0][2] < 0.5:
        return _detour(match, uid, target, budget, adjacent, within)  # the straight way is blocked: go around
    if adjacent or within:
        band = sorted((s for s in scored if s[0] == best[0]), key=lambda s: (s[1], s[2], s[3]))[:12]
        threats = sorted(foes, key=lambda f: math.hypot(f.x - me.x, f.y - me.y))[:2]
        if threats and len(band) > 1:
            def hidden(s):
                return -sum((not table.sight(t, s[5]).visible) or table.sight(t, s[5]).cover for t in threats)
            band.sort(key=lambda s: (hidden(s), s[1], s[2], s[3]))
            best = band[0]
    return best[2], best[3], best[4]


DETOUR_MOVES = 2  # how many Moves ahead a detour looks


def _detour(match, uid: int, target: Base, budget: float, adjacent: bool, within: float):
    """When no spot one Move away is closer as the crow flies (a wall, a drop, a platform in the way): the spot two
    Moves away closest to the target, and the farthest point on the path there that this Move reaches. None when
    that gets the unit no closer either."""
    table = match.table
    me = match.base(uid)
    far = table.reach(me, budget * DETOUR_MOVES)
    best = None
    for x, y, z, cost in far.spots:
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = table.distance(cand, target)
        there = (d <= 1.0 + 1e-6 and table.adjacent(cand, target)) if adjacent else d <= within + 1e-6
        key = (0 if there else 1, round(d * 2) / 2, cost, x, y)
        if best is None or key < best[0]:
            best = (key, (x, y, z))
    if best is None or (best[0][0] == 1 and table.distance(me, target) - best[0][1] < 0.5):
        return None
    path = far.path_to(*best[1])
    if path is None:
        return None
    ends: dict[tuple, list] = {}
    for x, y, z, _ in table.reach(me, budget).spots:
        ends.setdefault((round(x, 3), round(y, 3)), []).append((x, y, z))
    for x, y, z in reversed(path.points[1:]):  # only a spot a Move may end on (a path may pass through others)
        for spot in ends.get((round(x, 3), round(y, 3)), ()):
            if abs(spot[2] - z) <= 0.25:
                return spot
    return None
