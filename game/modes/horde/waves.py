"""Waves: the 3D6 spawn on the wave's row, units placed Adjacent to the Spawn Points in turn, the Boss of a boss
wave with its own spawn rule, Enemy Reinforcements, and the end of a wave (MP, Bosses beaten, what comes next)."""
from __future__ import annotations

import math

from game.battlefield import Base
from game.rules.cards import build_card
from game.rules.model import MELEE, UnitSpec

from ..spots import ring_points
from .common import EPS, HORDE, PLAYER, REACH, SPAWN_KIND, nearest_free, plural, roll, state


def spawn_points(match) -> list[str]:
    return match.markers(SPAWN_KIND)


def horde_card(mission, type_id: str):
    cards = mission.cards
    if type_id not in cards:
        cards[type_id] = build_card(mission.data.catalog, UnitSpec(type_id))
    return cards[type_id]


def unit_name(match, mission, type_id: str) -> str:
    ms = state(match)
    counts = ms.setdefault("count", {})
    counts[type_id] = counts.get(type_id, 0) + 1
    return f"{horde_card(mission, type_id).name} {counts[type_id]}"


def _toward_squad(match, spots):
    players = [match.base(u) for u in match.units(PLAYER)]
    return sorted(spots, key=lambda s: (min((math.hypot(s[0] - p.x, s[1] - p.y) for p in players), default=0.0),
                                        s[0], s[1]))


class Placing:
    """A wave's units placed one after another (begin_wave): nothing else moves meanwhile, only bases are added,
    so a spot found taken stays taken. Each Spawn Point's free Adjacent spots (in the order they are taken, toward
    the squad) are asked of the table once per base size and only checked against the bases placed since; the
    search for the nearest free spot goes on from where the last one for that Spawn Point stopped. The places are
    those place_at_spawn_point finds unit by unit (tests/modes/horde/test_horde_spawn_places.py), at a small part of
    the cost (40 units on a crowded table: bench_horde prints it)."""

    def __init__(self, match) -> None:
        self.match = match
        self.placed: list[Base] = []  # the bases placed so far
        self._adjacent: dict = {}  # (Spawn Point, radius) -> [its free Adjacent spots toward the squad, bases seen]
        self._rings: dict = {}  # (Spawn Point, radius) -> the ring points before the last spot taken, skipped
        self.quick = match.table.measure != "grid"  # squares: the table's own check, unit by unit

    def adjacent_spot(self, point: str, sp: Base, r: float):
        """The free spot Adjacent to the Spawn Point nearest the squad (None: no room Adjacent)."""
        if not self.quick:
            spots = _toward_squad(self.match, self.match.table.spots_adjacent_to(sp, r, HORDE))
            return spots[0] if spots else None
        got = self._adjacent.get((point, r))
        if got is None:
            got = self._adjacent[(point, r)] = [_toward_squad(self.match, self.match.table.spots_adjacent_to(
                sp, r, HORDE)), len(self.placed)]
        spots, seen = got
        reach = sp.radius + 2 * r + 1.0  # a spot of the ring lies within this of the Spawn Point's centre
        new = [b for b in self.placed[seen:] if math.hypot(b.x - sp.x, b.y - sp.y) < reach + b.radius]
        got[1] = len(self.placed)
        if new and spots:  # as Table.can_stand's test of the bases
            got[0] = spots = [s for s in spots if all(math.hypot(b.x - s[0], b.y - s[1]) >= r + b.radius - EPS
                                                      for b in new)]
        return spots[0] if spots else None

    def free_spot(self, point: str, sp: Base, r: float):
        """nearest_free round the Spawn Point, the points already passed over not tried again."""
        if not self.quick:
            return nearest_free(self.match, r, sp.x, sp.y)
        table = self.match.table
        skip = self._rings.get((point, r), 0)
        for i, (x, y) in enumerate(ring_points(sp.x, sp.y, REACH)):
            if i < skip:
                continue
            x, y = table.snap(x, y)
            z = table.surface_z(x, y, 0.0)
            if table.can_stand(r, x, y, z):
                self._rings[(point, r)] = i
                return x, y, z
        self._rings[(point, r)] = i + 1
        return None


def place_at_spawn_point(match, mission, type_id: str, placing: Placing | None = None) -> tuple[int, int] | None:
    """Spawn one unit of `type_id` Adjacent to the next Spawn Point (in order, wrapping; H1): on the side facing
    the squad; with no room Adjacent, at the nearest free spot (N H3). Returns (uid, Spawn Point number).
    `placing`: the wave's placing, when the unit is one of a wave placed in a row."""
    ms = state(match)
    points = spawn_points(match)
    card = horde_card(mission, type_id)
    r = card.base_diameter / 2
    if not points:
        return None
    i = ms.get("spawn_index", 0) % len(points)
    ms["spawn_index"] = ms.get("spawn_index", 0) + 1
    sp = match.marker_base(points[i])
    placing = placing or Placing(match)
    spot = placing.adjacent_spot(points[i], sp, r)
    if spot is None:
        spot = placing.free_spot(points[i], sp, r)
    if spot is None:
        match.note(f"No room for a {card.name} near Spawn Point {i + 1}")
        return None
    uid = match.spawn(HORDE, unit_name(match, mission, type_id), card, *spot)
    placing.placed.append(match.base(uid))
    return uid, i + 1


def place_wave(mission, match, w, faces) -> tuple[dict[str, list[int]], list[str]]:
    """The wave's units on the rolled faces, placed in turn: {type: [Spawn Point of each]}, the types in order."""
    placed: dict[str, list[int]] = {}
    order: list[str] = []
    placing = Placing(match)
    for f in faces:
        type_id, count = w.spawn(f)
        for _ in range(count):
            got = place_at_spawn_point(match, mission, type_id, placing)
            if got is None:
                continue
            if type_id not in placed:
                placed[type_id] = []
                order.append(type_id)
            placed[type_id].append(got[1])
    return placed, order


def begin_wave(mission, match, n: int) -> None:
    """A new wave: 3D6 (2D6 after the Battlefield Control reward) on the wave's row, the Boss on boss waves,
    then the Wave Objective."""
    ms = state(match)
    w = mission.data.wave(n)
    ms.update(wave=n, wave_turn=1, next_wave=None, spawn_index=0, wave_flags=[], boss=None,
              wave_started_turn=match.turn)
    dice_n = ms.pop("spawn_dice_next", mission.data.spawn_dice)
    faces = roll(match, dice_n, f"Wave {n} spawn ({dice_n}D6)")
    placed, order = place_wave(mission, match, w, faces)
    parts = []
    for type_id in order:
        pts = sorted(set(placed[type_id]))
        where = f"Spawn Point{'s' if len(pts) > 1 else ''} {', '.join(map(str, pts))}"
        parts.append(f"{plural(len(placed[type_id]), horde_card(mission, type_id).name)} at {where}")
    ms["last_spawn"] = parts
    match.event(f"Wave {n} (Act {w.act})", "; ".join(parts) or "nothing could be placed", HORDE)
    if w.boss:
        spawn_boss(mission, match)
    match.mission_step("roll_objective", front=True)


def spawn_boss(mission, match) -> None:
    """R28: the Boss is drawn uniformly from those not fought yet in the run, and follows its spawn rule."""
    ms = state(match)
    fought = ms.setdefault("bosses_fought", [])
    left = [b for b in mission.data.bosses if b.unit not in fought]
    if not left:
        return
    face = roll(match, 1, "Boss", sides=len(left), outcome="")[0]
    boss = left[face - 1]
    card = horde_card(mission, boss.unit)
    r = card.base_diameter / 2
    spot, where = None, ""
    if boss.spawn == "far-out-of-sight":
        spot, where = far_out_of_sight(match, r), "as far from the squad as it could, out of sight"
    elif boss.spawn == "near-random-spawn-point":
        points = spawn_points(match)
        if points:
            k = roll(match, 1, f"{card.name}: which Spawn Point", sides=len(points))[0]
            sp = match.marker_base(points[k - 1])
            spot, where = nearest_free(match, r, sp.x, sp.y), f"near Spawn Point {k}"
    else:
        bf = match.table.battlefield
        spot, where = nearest_free(match, r, bf.width / 2, bf.height / 2), "near the centre"
    if spot is None:
        bf = match.table.battlefield
        spot = nearest_free(match, r, bf.width / 2, bf.height / 2, limit=24.0)
    if spot is None:
        match.note(f"No room for {card.name} on this battlefield")
        return
    fought.append(boss.unit)
    uid = match.spawn(HORDE, card.name, card, *spot)
    ms["boss"] = uid
    match.event(f"Boss: {card.name}", f"{card.name} arrives {where}", HORDE)
    if boss.spawn_damage:
        me = match.base(uid)
        hit = [u for u in match.units(PLAYER) if match.table.adjacent(me, match.base(u))]
        if hit:
            match.queue_step(("skill", "damage", uid, boss.spawn_damage, f"{card.name} arrives", MELEE, tuple(hit)))


def far_out_of_sight(match, radius: float):
    """The Shadow Fiend's spot: out of every enemy's sight if it can be, else in Cover from all who see it, else
    anywhere; the farthest from the nearest enemy among those (ties: lowest x, then y)."""
    table = match.table
    bf = table.battlefield
    enemies = [match.base(u) for u in match.units(PLAYER)]
    cands = []
    step = 2.0 if table.measure == "grid" else 1.0
    y = step / 2
    while y < bf.height:
        x = step / 2
        while x < bf.width:
            z = table.surface_z(x, y, 0.0)
            if table.can_stand(radius, x, y, z):
                d = min((math.hypot(x - e.x, y - e.y) for e in enemies), default=0.0)
                cands.append((-d, x, y, z))
            x += step
        y += step
    cands.sort()
    fallback = covered = None
    for _, x, y, z in cands:
        probe = Base(uid=-9, side=HORDE, x=x, y=y, z=z, radius=radius)
        sights = [table.sight(e, probe) for e in enemies]
        seen = [s for s in sights if s.visible]
        if not seen:
            return x, y, z
        if covered is None and all(s.cover for s in seen):
            covered = (x, y, z)
        if fallback is None:
            fallback = (x, y, z)
    return covered or fallback


def reinforce(mission, match, why: str) -> None:
    """Enemy Reinforcements: 1D6 on this wave's row, one unit of that type (the quantity is ignored), placed at the
    next Spawn Point in the wave's order (N H3)."""
    ms = state(match)
    w = mission.data.wave(ms["wave"])
    face = roll(match, 1, f"{why}: which unit")[0]
    type_id, _ = w.spawn(face)
    got = place_at_spawn_point(match, mission, type_id)
    if got is not None:
        match.event("Enemy Reinforcements", f"a {horde_card(mission, type_id).name} at Spawn Point {got[1]}", HORDE)


def wave_row_text(mission, n: int) -> str:
    """The wave's row in words: "1-4: 3 Ruin Stalkers, 5: 2 Dustborn Thralls, 6: 1 Razorhowl Reaver"."""
    w = mission.data.wave(n)
    groups: list[list] = []
    for f in range(1, 7):
        spawn = w.spawn(f)
        if groups and groups[-1][1] == spawn:
            groups[-1][0].append(f)
        else:
            groups.append([[f], spawn])
    parts = []
    for faces, (type_id, count) in groups:
        fs = str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
        parts.append(f"{fs}: {plural(count, horde_card(mission, type_id).name)}")
    boss = " + a Boss" if w.boss else ""
    return f"Wave {n} (Act {w.act}{', Boss wave' if w.boss else ''}): " + ", ".join(parts) + boss


def end_wave(mission, match) -> None:
    """No Horde unit stands at the end of the Turn: the wave is cleared (its MP, the objective, the shop)."""
    ms = state(match)
    n = ms["wave"]
    w = mission.data.wave(n)
    ms["waves_cleared"] = n
    ms["wave_state"] = "cleared"
    match.event(f"Wave {n} cleared", f"after {plural(ms['wave_turn'], 'Turn')}", PLAYER)
    earn(match, w.mp, f"Wave {n} cleared")
    ms["wave_flags"] = []
    from . import objectives
    objectives.at_wave_end(mission, match)
    if n >= mission.data.last_wave:
        ms["victory"] = True
        return
    match.mission_step("open_shop")


def earn(match, mp: int, why: str) -> None:
    """MP earned in the run (waves, objectives, Stockpile): what can be spent, and the run's total."""
    ms = state(match)
    ms["mp_earned"] = ms.get("mp_earned", 0) + mp
    match.add_mp(PLAYER, mp, why)
