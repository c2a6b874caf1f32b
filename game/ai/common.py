"""The interface of a computer-controlled side (`Controller`: a decision worked out a slice at a time, `think`, or
at once, `decide`), shared answers to prompts and small movement helpers."""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from game.battlefield import Base
from game.battlefield.search import SearchPaused, pause_at
from game.battlefield.terrain import ADJ_GAP
from game.match import commands as C
from game.match import events as E
from game.rules.combat import Accept, Change, Convert, Reroll, RollAuto, reroll_failed_policy
from game.match.codec import register_record
from game.stepwise import run_to_end


@register_record
@dataclass(frozen=True)
class ControllerState:
    """What a computer player carries from one decision to the next that its next commands depend on: a save keeps it
    (game/persistence/controller_states.py), so a loaded game plays on as it would have. Plain typed data, decoded
    and checked like a snapshot; the controller checks the rest before taking any of it (`restore`)."""

    kind: str  # the controller's class name: restored only into a controller of that class
    random: tuple | None  # its random stream (random.Random.getstate()), None: it thinks without one
    plan: tuple = ()  # what it planned ahead, in the form its `state` gives it


class Sights:
    """The table's sight lines for one decision, each pair worked out once (the match does not change while a
    computer player thinks). Asked inside `search.sliced` (a slice of the screen's work), a line not yet known is
    not worked out past the slice's end: the question stops (search.SearchPaused) and, asked again in the next
    slice, finds the lines already seen kept, so the same answers come as asked whole. Each slice works out at
    least one line: a question always gets on."""

    __slots__ = ("table", "_seen", "_fresh")

    def __init__(self, table) -> None:
        self.table = table
        self._seen: dict = {}
        self._fresh = 0  # lines worked out since the last stop

    def __call__(self, viewer: Base, target: Base):
        key = (viewer.uid, viewer.x, viewer.y, viewer.z, target.uid, target.x, target.y, target.z)
        got = self._seen.get(key)
        if got is None:
            if self._fresh:
                end = pause_at()
                if end is not None and time.perf_counter() >= end:
                    self._fresh = 0
                    raise SearchPaused
            self._fresh += 1
            got = self._seen[key] = self.table.sight(viewer, target)
        return got


def random_state(state) -> random.Random:
    """A random stream in the state `state` (ValueError: not a stream's state)."""
    out = random.Random()
    try:
        out.setstate(state)
    except (TypeError, ValueError, OverflowError) as e:
        raise ValueError(f"not a random stream's state ({e})") from None
    return out


class Controller:
    """A side played by the computer. Its one entry point is `think(match)`: a generator that yields after each
    slice of its work (a unit weighed, a batch of spots) and returns the command. The battle screen runs a few
    slices per frame (game/modes/session.py, `Session.work`); `decide(match)` runs them all at once (the headless
    runner, the lab, replays), so both give the same command. The match must not change while a decision is open.
    `explanation`: the last decision in words (an NPC's Behaviour line and why), or ""."""

    side: str
    explanation: str = ""

    def think(self, match):
        raise NotImplementedError
        yield  # (a generator)

    def state(self, match) -> ControllerState | None:
        """What it carries between decisions that its commands depend on (None: nothing: a new one plays the same)."""
        return None

    def restore(self, state: ControllerState, match) -> None:
        """Carry on from `state` (its own `state` of a game saved): ValueError, and nothing taken, when it is not one
        this controller could have made."""
        raise ValueError(f"{type(self).__name__} keeps no state")

    def decide(self, match) -> C.Command:
        """The whole decision at once: `think` run to its end."""
        with match.reading():  # one world switch for the whole decision
            return run_to_end(self.think(match))


def thinking(controller, match):
    """The sliced decision of any controller: its `think`, or `decide` in one slice (a controller that has none,
    such as a test's scripted player)."""
    think = getattr(controller, "think", None)
    return think(match) if think is not None else _at_once(controller, match)


def _at_once(controller, match):
    return controller.decide(match)
    yield  # (a generator)


def answer_dice(match, side: str) -> C.Command:
    """Re-roll failed dice with free re-rolls; never spend Tactical Orders (the odds calculator's policy)."""
    action = reroll_failed_policy(match.prompt.decision)
    if isinstance(action, Reroll):
        return C.RerollDie(side, action.index, action.source)
    if isinstance(action, Change):
        return C.ChangeDie(side, action.index, action.delta)
    if isinstance(action, RollAuto):
        return C.RollAutoDie(side, action.index)
    if isinstance(action, Convert):
        return C.ChooseNumber(side, action.count)
    assert isinstance(action, Accept)
    return C.AcceptDice(side)


def order_on_dice(match, side: str, failed: list[int]):
    """A Tactical Order spent on the failed dice `failed` of the dice question now: a die one short changed (a sure
    thing), else the first that may be re-rolled re-rolled; None when the match offers neither."""
    d = match.prompt.decision
    legal = set(match.legal_commands(side))
    for i in failed:
        if d.dice[i].value - max(d.stat, 1) == 1 and C.ChangeDie(side, i, -1) in legal:
            return C.ChangeDie(side, i, -1)
    for i in failed:
        if C.RerollDie(side, i, "TO") in legal:
            return C.RerollDie(side, i, "TO")
    return None


def attack_target(match) -> int | None:
    """The main target of the attack being resolved (its declaration, the last in the events), while it stands."""
    for e in reversed(match.events):
        if isinstance(e, E.AttackDeclared):
            return e.targets[0] if e.targets and match.standing(e.targets[0]) else None
    return None


def answer_prompt(match, side: str) -> C.Command:
    p = match.prompt
    if p.kind in ("dice", "parry", "life_drain", "shield"):
        return answer_dice(match, side)
    if p.kind == "counter":  # a free attack: take it with the strongest weapon
        w = max(p.options, key=lambda w: (match.unit(p.target).card.weapon(w).att, w))
        return C.ChooseWeapon(side, w)
    if p.kind in ("devoted", "react"):  # keep it simple: no substitutions, no reactions
        return C.ChooseUnit(side, None)
    if p.kind == "fate_shift":
        failed = [i for i, f in enumerate(p.options) if f > 3]
        return C.RerollDie(side, failed[0], "fate") if failed else C.AcceptDice(side)
    if p.kind == "aoo":
        # the strongest melee weapon among the candidates
        best = max(p.options, key=lambda o: (match.unit(o[0]).card.weapon(o[1]).att, -o[0]))
        return C.ChooseAttackOfOpportunity(side, best[0], best[1])
    if p.kind == "blunt":
        return C.Blunt(side, p.options[0])
    if p.kind == "first":
        return C.ChooseFirst(side, side)
    if p.kind == "pick_npc":
        return C.PickNpc(side, p.options[0])
    if p.kind == "choice":  # a mission's question: the first option
        return C.Choose(side, p.options[0][0])
    if p.kind == "mission_dice":  # a mission's roll: keep it (never spend Tactical Orders)
        return C.AcceptDice(side)
    raise ValueError(f"unknown prompt {p.kind}")


def deployment_left(match, side: str, plan) -> list:
    """What is left to do of a deployment planned for `side` (the mission's spots, (uid, x, y, z) for each unit, in
    order): the spots of the units still waiting; [] when the plan no longer fits the table: the units waiting are
    not those it has spots for, or a unit placed stands off its spot (a person placed some by hand, maybe on another
    unit's spot), so it must be worked out again."""
    waiting = match.undeployed(side)
    left = [s for s in plan if s[0] in waiting]
    if [s[0] for s in left] != waiting:
        return []
    for uid, x, y, _z in plan:
        if uid not in waiting:
            p = match.position(uid)
            if p is None or abs(p.x - x) > 1e-6 or abs(p.y - y) > 1e-6:
                return []
    return left


def dist(a: Base, b: Base) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def closest(match, uid: int, others: list[int]) -> int | None:
    if not others:
        return None
    me = match.base(uid)
    return min(others, key=lambda o: (match.table.distance(me, match.base(o)), o))


def approach_spot(match, uid: int, target: int, budget: float, need_adjacent: bool, prefer_cover: bool,
                  sight=None):
    """The end spot of a Move/Dash that gets `uid` closest to `target` (Adjacent if need_adjacent).

    Among the spots that are closest (to the half inch), one in Cover from, or hidden from, the most
    enemies is preferred when prefer_cover; then the cheapest, then the lowest coordinates (deterministic).
    `sight(viewer, base)` asks the sight lines (default: the table's; a decision's `Sights`).
    """
    if need_adjacent and out_of_reach(match.table, match.base(uid), match.base(target), budget):
        return None  # no spot of the reach can be Adjacent: no search
    return _approach_spot(match, uid, target, budget, need_adjacent, prefer_cover, sight)


def out_of_reach(table, me: Base, tb: Base, budget: float) -> bool:
    """Whether no spot within `budget` of `me` can be Adjacent to `tb` (inches): a step costs at least its
    length, so every spot of a reach lies within the budget of the start, and Adjacent bases are within 1"."""
    if table.measure == "grid":
        return False
    return math.hypot(me.x - tb.x, me.y - tb.y) - me.radius - tb.radius > budget + ADJ_GAP + 0.01


def _approach_spot(match, uid: int, target: int, budget: float, need_adjacent: bool, prefer_cover: bool,
                   sight=None):
    table = match.table
    look = sight or table.sight
    me = match.base(uid)
    tb = match.base(target)
    spots = table.reach(me, budget).spots
    if table.measure == "grid":
        scored = _grid_band(table, me, tb, spots, need_adjacent)
    else:
        scored = _band(table, me, tb, spots, need_adjacent)
    if not scored:
        return None
    best = [(k, cost, c if isinstance(c, Base) else Base(uid=me.uid, side=me.side, x=c[0], y=c[1], z=c[2],
                                                        radius=me.radius))
            for k, cost, c in scored]
    if prefer_cover and len(best) > 1:
        threats = sorted((match.base(e) for e in match.enemies_of(uid) if not match.unit(e).item),
                         key=lambda t: dist(t, me))[:3]

        def hidden(c: Base) -> int:
            n = 0
            for t in threats:
                s = look(t, c)
                n += (not s.visible) or s.cover
            return n
        key = lambda s: (-hidden(s[2]), s[1], s[2].x, s[2].y)  # noqa: E731
    else:
        key = lambda s: (s[1], s[2].x, s[2].y)  # noqa: E731
    _, _, spot = min(best, key=key)
    if not need_adjacent and table.distance(spot, tb) >= table.distance(me, tb) - 0.05:
        return None  # no progress
    return spot.x, spot.y, spot.z


def _grid_band(table, me: Base, tb: Base, spots, need_adjacent: bool) -> list:
    """The spots of the best band (adjacent first, then the distance to the half inch), in the reach's order, as
    [(band, cost, spot)] (grid measure)."""
    band = None
    scored = []
    for x, y, z, cost in spots:
        cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
        d = table.distance(cand, tb)
        adjacent = False
        if d <= 1.0:
            adjacent = table.adjacent(cand, tb)
        elif need_adjacent:
            continue
        if need_adjacent and not adjacent:
            continue
        k = (0 if adjacent else 1, round(d * 2) / 2)
        if band is None or k < band:
            band = k
            scored = [(k, cost, cand)]
        elif k == band:
            scored.append((k, cost, cand))
    return scored


def _band(table, me: Base, tb: Base, spots, need_adjacent: bool) -> list:
    """_grid_band in inches, R12's distance between the bases worked out for every spot without building a base:
    only the spots within an inch (Adjacent ones may be among them) and, when none is Adjacent, those within an
    inch of the closest distance (its half-inch band among them) are looked at further."""
    tx, ty = tb.x, tb.y
    reach_r = me.radius + tb.radius
    hypot = math.hypot
    ds = [hypot(s[0] - tx, s[1] - ty) - reach_r for s in spots]
    adjacent = []
    for i, d in enumerate(ds):
        if d <= 1.0:
            x, y, z, cost = spots[i]
            cand = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
            if table.adjacent(cand, tb):
                adjacent.append((round(max(d, 0.0) * 2) / 2, cost, cand))
    if adjacent:
        band = min(a[0] for a in adjacent)
        return [((0, b), cost, cand) for b, cost, cand in adjacent if b == band]
    if need_adjacent or not ds:
        return []
    near = min(ds) + 1.0  # a half-inch band is narrower than an inch
    band = None
    scored = []
    for i, d in enumerate(ds):
        if d < near:
            k = (1, round(max(d, 0.0) * 2) / 2)
            x, y, z, cost = spots[i]
            if band is None or k < band:
                band = k
                scored = [(k, cost, (x, y, z))]
            elif k == band:
                scored.append((k, cost, (x, y, z)))
    return scored
