"""The tactical opponent's cheap evaluation: the exact odds of an attack (game/rules/odds.py, with the mission's
and the skills' changes), what it is worth, the sights and nearest enemies of a spot and the best attack from it,
all kept per decision in `Ctx`. What the enemies round a spot threaten there is tactical_threat.py; what a spot is
worth for the mission's goals, tactical_goals.py.

Values are in Mission Points or their equivalent. A unit's worth is `mat` (2 + its FV) plus what the mission
adds (a carrier, a Leader in Assassinate); Damage is worth half the unit per HIT share, a Take Out the unit.
"""
from __future__ import annotations

import math

from game.battlefield import Base
from game.match import skills as S
from game.rules.model import MELEE, RANGED
from game.rules.odds import AttackSetup, exact_odds

from .tactical_fields import Fields
from .tactical_levels import LEVELS

_ODDS: dict[AttackSetup, object] = {}
MELEE_REACH = 7.2  # a melee enemy this far (centre to centre) can Move and strike next activation


def odds(setup: AttackSetup):
    o = _ODDS.get(setup)
    if o is None:
        if len(_ODDS) > 20_000:
            _ODDS.clear()
        o = exact_odds(setup, cutoff=1e-6)
        _ODDS[setup] = o
    return o


class Ctx:
    """What one decision needs about the table, computed once: our side, the brief, bases, values."""

    def __init__(self, match, side: str, brief, level=None, fields: Fields | None = None) -> None:
        self.match = match
        self.side = side
        self.brief = brief
        self.level = level or LEVELS["normal"]
        self.fields = fields if fields is not None else Fields()
        self.fields.new = 0
        self.table = match.table
        self._doors = tuple(sorted(self.table.doors_open.items()))
        self._field_of: dict = {}
        everyone = match.units()
        self.sides = {u: match.side_of(u) for u in everyone}
        self.cards = {u: match.unit(u).card for u in everyone}
        self.own = [u for u in everyone if self.sides[u] == side]
        self.enemies = [u for u in everyone if self.sides[u] != side and not match.unit(u).item]
        self.bases = {u: match.base(u) for u in self.own + self.enemies}
        self.hit = {u: match.health(u).hit for u in self.own + self.enemies}
        self.ready = {u: match.readiness(u).ready for u in self.enemies}
        self.controls = {u: S.may_control_objectives(match, u) for u in self.own}
        self._arm: dict = {}
        self._values: dict = {}  # attack values of this decision (see attack_value, enemy_value)
        self._targets: dict = {}
        self._markers: dict = {}
        self._mat: dict = {}
        self._bonus: dict = {}
        self._engaged: dict = {}
        self._foes: dict = {}
        self._sights: dict = {}  # spot -> its _Sights

    def may_attack(self, attacker: int, target: int) -> bool:
        """Whether the mission lets `attacker` attack `target` at all (Rivals: only the enemy Rival may)."""
        key = ("may", attacker, target)
        v = self._arm.get(key)
        if v is None:
            v = self._arm[key] = self.match.mission.target_reason(self.match, attacker, target) is None
        return v

    def targets_of(self, e: int) -> float:
        """How many units of the other side enemy `e` could pick from (within its reach: a Move and its longest
        range), as a divisor of the threat it poses to each: the square root (it shoots one of them, likely the
        weakest)."""
        v = self._targets.get(e)
        if v is None:
            eb = self.bases[e]
            reach = max(((w.range_inches or 24.0) + 6.0 if w.kind == RANGED else MELEE_REACH
                         for w in self.cards[e].weapons), default=MELEE_REACH)
            them = self.own if not self.ally(e) else self.enemies
            n = sum(1 for u in them if (self.bases[u].x - eb.x) ** 2 + (self.bases[u].y - eb.y) ** 2 <= reach * reach
                    and self.may_attack(e, u))
            v = self._targets[e] = max(1.0, n) ** 0.5
        return v

    def engaged(self, ab: Base, foes: list) -> tuple:
        """The units of `foes` (our units or the enemies) Adjacent to a base at `ab`, kept for the decision."""
        key = (ab.uid, ab.x, ab.y, ab.z, ab.radius, foes is self.enemies)
        got = self._engaged.get(key)
        if got is None:
            bases = self.bases
            got = self._engaged[key] = tuple(adjacent_of(self, ab, foes))
        return got

    def foes_of(self, uid: int) -> list:
        """The enemies that may attack `uid` or be attacked by it (all of them, the same list, unless the mission
        says otherwise: Rivals)."""
        got = self._foes.get(uid)
        if got is None:
            them = [e for e in self.enemies if self.may_attack(uid, e) or self.may_attack(e, uid)]
            got = self._foes[uid] = self.enemies if len(them) == len(self.enemies) else them
        return got

    def marker_base(self, mid: str):
        v = self._markers.get(mid, False)
        if v is False:
            v = self._markers[mid] = self.match.marker_base(mid)
        return v

    def field_of(self, g, uid: int):
        """The walking field to goal `g` for bases like `uid`'s (a goal that moves with a unit: to where it stands
        now; None: the field is not made yet, as the crow flies)."""
        ku = (id(g), uid)
        if ku in self._field_of:
            return self._field_of[ku]
        me = self.bases[uid]
        k = (id(g), me.radius, me.move)
        if k in self._field_of:
            f = self._field_of[ku] = self._field_of[k]
            return f
        f = None
        if g.unit_goal:  # (where the unit stands now: a wall between is walked round, not seen through)
            if g.rect is not None:
                f = self.fields.get(self.table, ("unit", g.rect), None, g.rect, me, self._doors)
        else:
            if g.marker is not None:
                mb = self.marker_base(g.marker)
                if mb is not None:
                    key = ("marker", g.marker, round(mb.x, 2), round(mb.y, 2), round(mb.z, 2))
                    f = self.fields.get(self.table, key, mb, None, me, self._doors)
            elif g.rect is not None:
                f = self.fields.get(self.table, ("zone", g.rect), None, g.rect, me, self._doors)
        self._field_of[k] = self._field_of[ku] = f
        return f

    def walk(self, g, uid: int, spot: Base) -> float:
        """Inches `uid` walks from `spot` to the goal (Adjacent to its marker, or into its zone): along paths, round
        walls and off platforms; as the crow flies when there is no way there."""
        return self.walk_xyz(g, uid, spot.x, spot.y, spot.z)

    def walk_xyz(self, g, uid: int, x: float, y: float, z: float) -> float:
        straight = g.distance(x, y)
        if straight <= 0.0:
            return straight
        f = self.field_of(g, uid)
        if f is None:
            return straight
        d = f.at(x, y, z)
        return straight if d == math.inf else max(d, straight)

    def walker(self, g, uid: int):
        """walk_xyz for one goal and unit, as a function of (x, y, z): the field is looked up once (when first
        needed, as walk_xyz would), for the many spots of a reach."""
        distance = g.distance
        inf = math.inf
        field = []

        def walk(x: float, y: float, z: float) -> float:
            straight = distance(x, y)
            if straight <= 0.0:
                return straight
            if not field:
                field.append(self.field_of(g, uid))
            f = field[0]
            if f is None:
                return straight
            d = f.at(x, y, z)
            return straight if d == inf else (d if d > straight else straight)
        return walk

    def ally(self, uid: int) -> bool:
        return self.sides.get(uid) == self.side

    def mat(self, uid: int) -> float:
        v = self._mat.get(uid)
        if v is None:
            extra = self.brief.keep_bonus.get(uid, 0.0) if self.ally(uid) else self.brief.kill_bonus.get(uid, 0.0)
            v = self._mat[uid] = self.brief.unit_worth * (2.0 + self.cards[uid].fv) + extra
        return v

    def arm(self, target: int, attacker: int, kind: str) -> int:
        key = (target, attacker, kind)
        v = self._arm.get(key)
        if v is None:
            m = self.match
            v = S.effective_arm(m, target, attacker, kind) + m.mission.arm_bonus(m, target, attacker, kind == RANGED)
            self._arm[key] = v
        return v

    def bonus(self, attacker: int, target: int, weapon) -> tuple[int, int]:
        key = (attacker, target, weapon.id)
        v = self._bonus.get(key)
        if v is None:
            v = self._bonus[key] = self.match.mission.attack_bonus(self.match, attacker, target, weapon)
        return v

    def loss_value(self, uid: int, o_loss: dict, p_dead: float | None) -> float:
        """Worth of a unit losing HIT with this distribution: half the unit per share of its HIT, the rest on
        a Take Out."""
        hit = max(1, self.hit[uid])
        exp = sum(k * p for k, p in o_loss.items())
        dead = p_dead or 0.0
        return self.mat(uid) * (0.5 * min(1.0, exp / hit) + dead)


def setup_for(ctx: Ctx, attacker: int, weapon, target: int, abase: Base | None = None, tbase: Base | None = None,
              sight=None, aoo: bool = False, dice: int | None = None) -> AttackSetup | None:
    """`dice`: the Attack dice a Spread weapon deals this target (instead of the weapon's ATT)."""
    m = ctx.match
    melee = weapon.kind == MELEE
    att = dice if dice is not None else ctx.hit[attacker] if weapon.has("HIT") else weapon.att
    if melee:
        att = S.attack_dice(m, attacker, weapon, att, aoo)
    more_att, more_skl = ctx.bonus(attacker, target, weapon)
    att += more_att
    arm = ctx.arm(target, attacker, weapon.kind)
    support = target_support = 0
    cover = high = False
    tb = tbase or ctx.bases[target]
    if melee:
        mine, theirs = (ctx.own, ctx.enemies) if ctx.ally(attacker) else (ctx.enemies, ctx.own)
        support = sum(1 for u in adjacent_of(ctx, tb, mine, True) if u != attacker)
        target_support = sum(1 for u in adjacent_of(ctx, tb, theirs, True) if u != target)
    elif sight is not None:
        cover = bool(sight.cover) and not weapon.has("NCV")
        high = bool(sight.high_ground)
        if not cover and S.always_in_cover(m, target) and not weapon.has("NCV"):
            cover = True
    if att <= 0:
        return None
    try:
        return AttackSetup(att=att, skl=weapon.skl + more_skl, arm=max(1, arm), melee=melee,
                           attacker_arm=ctx.cards[attacker].arm, cover=cover, high_ground=high,
                           support=min(support, 6), target_support=min(target_support, 6), acc=weapon.value("ACC"),
                           bru=weapon.value("BRU"), rlt=weapon.has("RLT"), aut=weapon.value("AUT"),
                           rnd=weapon.value("RND"), ncv=weapon.has("NCV"), target_hit=max(0, ctx.hit[target]),
                           attacker_hit=max(0, ctx.hit[attacker]))
    except ValueError:
        return None


def attack_value(ctx: Ctx, attacker: int, weapon, target: int, abase=None, tbase=None, sight=None) -> float:
    """What an attack is worth to the attacker's side: the target's expected loss, minus the attacker's own in
    melee (Critical Saves return Damage). Where the attacker stands counts only through the Sight given; with the
    target where it stands, the value is kept for the decision."""
    key = None
    if tbase is None or tbase is ctx.bases.get(target):
        key = (attacker, weapon.id, target, bool(sight is not None and sight.cover),
               bool(sight is not None and sight.high_ground))
        v = ctx._values.get(key)
        if v is not None:
            return v
    s = setup_for(ctx, attacker, weapon, target, abase, tbase, sight)
    if s is None:
        v = 0.0
    else:
        o = odds(s)
        v = ctx.loss_value(target, o.target_loss, o.p_taken_out)
        if s.melee:
            v -= ctx.loss_value(attacker, o.attacker_loss, o.p_attacker_taken_out)
        if ctx.level.preempt and o.p_taken_out and ctx.ready.get(target) and not ctx.ally(target):
            v += ctx.level.preempt * o.p_taken_out * danger(ctx, target)
    if key is not None:
        ctx._values[key] = v
    return v


def spread_value(ctx: Ctx, attacker: int, weapon, deal: tuple) -> float:
    """What a Spread attack is worth: each target's expected loss from the dice dealt it, (target, dice, Sight)."""
    v = 0.0
    for target, n, sight in deal:
        s = setup_for(ctx, attacker, weapon, target, sight=sight, dice=n)
        if s is None:
            continue
        o = odds(s)
        v += ctx.loss_value(target, o.target_loss, o.p_taken_out)
        if ctx.level.preempt and o.p_taken_out and ctx.ready.get(target) and not ctx.ally(target):
            v += ctx.level.preempt * o.p_taken_out * danger(ctx, target)
    return v

def enemy_value(ctx: Ctx, e: int, w, uid: int, spot: Base, sight) -> float:
    """What enemy `e`'s attack with `w` would take from `uid` at `spot` (kept for the decision by Cover and high
    ground: the Support around a hypothetical spot is left out)."""
    key = ("threat", e, w.id, uid, bool(sight is not None and sight.cover),
           bool(sight is not None and sight.high_ground))
    v = ctx._values.get(key)
    if v is not None:
        return v
    s = setup_for(ctx, e, w, uid, ctx.bases[e], ctx.bases[uid] if w.kind == MELEE else spot, sight)
    if s is None:
        v = 0.0
    else:
        o = odds(s)
        v = ctx.loss_value(uid, o.target_loss, o.p_taken_out)
        if s.melee:
            v -= 0.5 * ctx.loss_value(e, o.attacker_loss, o.p_attacker_taken_out)
        v = max(0.0, v)
    ctx._values[key] = v
    return v


def danger(ctx: Ctx, e: int) -> float:
    """What enemy `e`, still to act this Turn, could take from the side's units within its reach (its best attack
    on one of them, sight and Cover left out): what taking it out first saves."""
    key = ("danger", e)
    v = ctx._values.get(key)
    if v is None:
        eb = ctx.bases[e]
        v = 0.0
        for u in ctx.own:
            ub = ctx.bases[u]
            d = ((eb.x - ub.x) ** 2 + (eb.y - ub.y) ** 2) ** 0.5
            if not ctx.may_attack(e, u):
                continue
            for w in ctx.cards[e].weapons:
                if w.kind == MELEE and d > MELEE_REACH + eb.radius + ub.radius - 1.0:
                    continue
                if w.kind == RANGED and w.range_inches is not None and d > w.range_inches + 6.0:
                    continue
                v = max(v, enemy_value(ctx, e, w, u, ub, None))
        ctx._values[key] = v
    return v


def adjacent(ctx: Ctx, a: Base, b: Base) -> bool:
    """R15, with the cheap distance test first (most pairs are far apart)."""
    t = ctx.table
    if not t._grid:
        dx, dy, r = a.x - b.x, a.y - b.y, a.radius + b.radius + 1.01
        if dx * dx + dy * dy > r * r:
            return False
    return t.adjacent(a, b)


def adjacent_of(ctx: Ctx, ab: Base, units, theirs_first: bool = False) -> list:
    """The units (of ctx.bases) whose bases are Adjacent to `ab`, in their order: adjacent(ctx, ab, their base) asked
    of each (`theirs_first`: adjacent(ctx, their base, ab)), its cheap distance test made here without a call for
    each (most are far)."""
    t = ctx.table
    bases = ctx.bases
    if t._grid:
        if theirs_first:
            return [u for u in units if t.adjacent(bases[u], ab)]
        return [u for u in units if t.adjacent(ab, bases[u])]
    ax, ay, ar = ab.x, ab.y, ab.radius
    out = []
    for u in units:
        b = bases[u]
        if theirs_first:
            dx, dy, r = b.x - ax, b.y - ay, b.radius + ar + 1.01
        else:
            dx, dy, r = ax - b.x, ay - b.y, ar + b.radius + 1.01
        if dx * dx + dy * dy > r * r:
            continue
        if t.adjacent(b, ab) if theirs_first else t.adjacent(ab, b):
            out.append(u)
    return out


def ranged_ok(ctx: Ctx, attacker: int, weapon, target: int, ab: Base, tb: Base, sight=None) -> object | None:
    """The Sight of a hypothetical Ranged attack from `ab` to `tb`, or None when the rules would refuse it
    (R7, range, sight, the mission's targeting rules)."""
    t = ctx.table
    m = ctx.match
    foes, mates = (ctx.enemies, ctx.own) if ctx.ally(attacker) else (ctx.own, ctx.enemies)
    if any(f != target for f in ctx.engaged(ab, foes)) or (adjacent(ctx, ab, tb) and not weapon.has("PBK")):
        return None
    key = ("mates", attacker, target) if tb is ctx.bases.get(target) else None
    blocked = ctx._arm.get(key) if key is not None else None
    if blocked is None:
        blocked = any(u != attacker and adjacent(ctx, ctx.bases[u], tb) and not S.may_shoot_past(m, attacker, u)
                      for u in mates)
        if key is not None:
            ctx._arm[key] = blocked
    if blocked:
        return None
    if not t.in_range(ab, tb, weapon.range_inches) or not ctx.may_attack(attacker, target):
        return None
    s = t.sight(ab, tb) if sight is None else sight() if callable(sight) else sight  # (a callable: asked last)
    return s if s.visible else None


def sights_at(ctx: Ctx, spot: Base) -> "_Sights":
    """Each enemy's Sight of `spot` (one dict for the spot in a decision, however often it is weighed)."""
    key = (spot.uid, spot.x, spot.y, spot.z, spot.radius)
    got = ctx._sights.get(key)
    if got is None:
        got = ctx._sights[key] = _Sights(ctx, spot)
    return got


class _Sights(dict):
    """Each enemy's Sight of `spot`, computed when first asked (a hypothetical unit there sees them back alike). It
    keeps the decision's table and bases, not the decision (Ctx keeps it: no cycle, so a decision's data is freed as
    soon as it ends instead of waiting for the garbage collector)."""

    __slots__ = ("table", "bases", "spot", "near")

    def __init__(self, ctx: Ctx, spot: Base) -> None:  # (empty as made: dict's own __init__ has nothing to do)
        self.table = ctx.table
        self.bases = ctx.bases
        self.spot = spot
        self.near: dict = {}  # n -> the n enemies nearest the spot

    def __missing__(self, e: int):
        v = self[e] = self.table.sight(self.bases[e], self.spot)
        return v


def cover_for(ctx: Ctx, uid: int, target: int) -> bool:
    """The Cover `target` has against `uid` as it stands now (stands in for a nearby spot's)."""
    key = ("cover", uid, target)
    v = ctx._arm.get(key)
    if v is None:
        v = ctx._arm[key] = bool(ctx.table.sight(ctx.bases[uid], ctx.bases[target]).cover)
    return v


class Seen:
    """A Sight seen from the other side: visible as the enemy's, with the target's Cover as it is now."""

    __slots__ = ("visible", "cover", "high_ground")

    def __init__(self, visible: bool, cover: bool) -> None:
        self.visible = visible
        self.cover = cover
        self.high_ground = False


def nearest(ctx: Ctx, spot: Base, n: int, sights=None, uid: int | None = None) -> list[int]:
    """The `n` enemies nearest to `spot` (a crowded table weighs only those); kept with the spot's `sights`. Given
    `uid`, only the enemies that may fight it (Rivals: the enemy Rival alone, however many others stand nearer)."""
    foes = ctx.enemies if uid is None else ctx.foes_of(uid)
    if len(foes) <= n:
        return foes
    key = n if foes is ctx.enemies else (n, uid)
    if sights is not None and (sights.spot is spot or sights.spot.x == spot.x and sights.spot.y == spot.y):
        got = sights.near.get(key)
        if got is None:
            got = sights.near[key] = _nearest(ctx, spot, n, foes)
        return got
    return _nearest(ctx, spot, n, foes)


def _nearest(ctx: Ctx, spot: Base, n: int, foes: list) -> list[int]:
    bases = ctx.bases
    x, y = spot.x, spot.y
    # (the foes' squared distances worked out in one pass, and the indices sorted by them: the same stable order as
    # sorting the foes by a key function, without a call for each)
    far = [(b.x - x) ** 2 + (b.y - y) ** 2 for b in map(bases.__getitem__, foes)]
    return [foes[i] for i in sorted(range(len(foes)), key=far.__getitem__)[:n]]


def best_attack_from(ctx: Ctx, uid: int, ab: Base, targets=None, sights=None) -> tuple[float, object]:
    """The best attack `uid` could make standing at `ab`: (value, (weapon, target)) or (0, None); over the nearest
    enemies, kept for the decision (a unit weighed again to activate, a spot for a Move and a Dash)."""
    key = None if targets is not None else ("best", uid, ab.x, ab.y, ab.z, ab.radius, sights is None)
    got = ctx._values.get(key) if key is not None else None
    if got is None:
        got = _best_attack_from(ctx, uid, ab, targets, sights)
        if key is not None:
            ctx._values[key] = got
    return got


def _best_attack_from(ctx: Ctx, uid: int, ab: Base, targets, sights) -> tuple[float, object]:
    best = (0.0, None)
    card = ctx.cards[uid]
    here = ab.x == ctx.bases[uid].x and ab.y == ctx.bases[uid].y
    for e in (targets if targets is not None else nearest(ctx, ab, ctx.level.near, sights, uid)):
        eb = ctx.bases[e]
        adj = adjacent(ctx, ab, eb)
        for w in card.weapons:
            if w.kind == MELEE:
                if not adj or not ctx.may_attack(uid, e):
                    continue
                v = attack_value(ctx, uid, w, e, ab, eb)
            else:
                seen = None if here or sights is None else \
                    (lambda: Seen(sights[e].visible, cover_for(ctx, uid, e)))  # (asked once the rest allows it)
                sight = ranged_ok(ctx, uid, w, e, ab, eb, seen)
                if sight is None:
                    continue
                v = attack_value(ctx, uid, w, e, ab, eb, sight)
            if v > best[0]:
                best = (v, (w, e))
    return best


def base_at(ctx: Ctx, uid: int, x: float, y: float, z: float) -> Base:
    b = ctx.bases[uid]
    return Base(uid=b.uid, side=b.side, x=x, y=y, z=z, radius=b.radius, move=b.move)


__all__ = ["Ctx", "Fields", "odds", "setup_for", "attack_value", "best_attack_from", "threat_at", "exposed", "aoo_cost",
           "fight_value", "base_at", "RANGED"]
