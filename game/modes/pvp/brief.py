"""What the computer opponent of one side knows of a PvP mission, in Mission Points: where its units are worth
standing (from the mission's scoring and victory rules), which units are worth taking out or keeping, what a
Mission action or a Pick Up is worth now, and how to answer the mission's questions. Only what that side may
know: Ambush's Attacker does not know which unit carries the Intel, nobody knows the enemy's Rival before it is
revealed."""
from __future__ import annotations

import math
from dataclasses import replace

from game.ai.tactical_brief import Brief, Goal
from game.match import commands as C
from game.rules import actions as act

from . import rewards as RW
from . import rules as R
from . import scoring as SC
from . import sides as P
from .actions import edge_zone

ROLE_CHOICE = {"sabotage": "defender", "ambush": "attacker", "evac-point": "defender"}


def _scoring_turns(defn, rule, turn: int) -> tuple[bool, int]:
    """(due at the end of this Turn, how many later Turns score too)."""
    if defn.turns is None:
        return True, 2
    now = SC.when_due(rule, turn, defn.turns)
    later = sum(1 for t in range(turn + 1, defn.turns + 1) if SC.when_due(rule, t, defn.turns))
    return now, later


def _worth(mp: float, now: bool, later: int) -> float:
    return mp * (1.0 if now else 0.5) + mp * 0.3 * later


# Assassinate, the side ahead (the enemy Leader out, its own standing): its Leader's own edge is worth this much MP
# to it (a band this deep), and standing within GUARD_REACH of the Leader this much to each squadmate (two hard sides,
# 144 games over four seed sets: draws 38% -> 28%, docs/balance.md)
HOME_MP = 3.0
HOME_BAND = 4.0
GUARD_MP = 1.0
GUARD_REACH = 2.5


def _guard(match, defn, b: Brief, side: str, leader: int) -> None:
    """Assassinate, the side ahead: its Leader heads for its own edge, every other unit to stand by the Leader."""
    edge = P.edge(match, defn, side)
    if edge is not None:
        w, h = match.table.battlefield.width, match.table.battlefield.height
        rect = (0.0, 0.0, w, HOME_BAND) if edge == "north" else (0.0, h - HOME_BAND, w, h)
        b.goals.append(Goal(w / 2, (rect[1] + rect[3]) / 2, HOME_MP, rect=rect, unit=leader, shared=False,
                            label="its own edge"))
    lb = match.base(leader)
    r = GUARD_REACH
    for u in match.units(side):
        if u != leader:
            b.goals.append(Goal(lb.x, lb.y, GUARD_MP, rect=(lb.x - r, lb.y - r, lb.x + r, lb.y + r), unit=u,
                                shared=False, label="beside its Leader", unit_goal=True, z=lb.z))


def brief(match, script, side: str) -> Brief:
    defn = script.defn
    ms = match.mission_state
    enemy = P.other(side)
    b = Brief(aggression=0.5)
    fights = {r["rule"] for r in defn.scoring} & {"taken_out_fv", "leader_taken_out"} or \
        (defn.victory["rule"] == "last_squad") or any(r["rule"] == "fv_majority" and r["count"] == "standing"
                                                      for r in defn.scoring)
    b.unit_worth = 1.0 if fights else 0.55  # where places score, a unit is worth what it can still hold
    turn = max(1, match.turn)
    for u in match.units(side):
        if match.unit(u).leader:
            b.keep_bonus[u] = 0.5
    for rule in defn.scoring:
        name = rule["rule"]
        now, later = _scoring_turns(defn, rule, turn)
        if name == "control":
            mids = match.markers(rule["kind"], on_table=True)
            for mid in mids:
                v = _worth(rule["mp"], now, later)
                if rule.get("state"):  # Power Cycle: a node must be switched on too
                    v *= 0.9
                _goal(match, b, mid, v, by_control=True)
                _clear_control(match, b, mid, side, CLEAR_CONTROL * v)
            _support(match, b, mids, SUPPORT * _worth(rule["mp"], now, later))
        elif name == "control_all" and side not in ms.get("bonus_all", []):
            extra = 0.5 * rule["mp"] / max(1, len(match.markers(rule["kind"], on_table=True)))
            b.goals[:] = [replace(g, value=g.value + extra) if g.marker is not None else g for g in b.goals]
        elif name == "control_by_edge":
            for mid in match.markers(rule["kind"], on_table=True):
                owner = match.marker(mid).side
                key = "neutral" if owner is None else ("own" if owner == side else "enemy")
                bonus = 0.0
                if key == "enemy" and turn <= 3 and side not in ms.get("bonus_enemy", []):
                    bonus = 1.0
                _goal(match, b, mid, _worth(rule[key], now, later) + bonus, by_control=True)
        elif name == "carried":
            kind = rule["kind"]
            for mid in match.markers(kind, on_table=True):
                _goal(match, b, mid, _worth(rule["mp"], now, later) + 0.5)
            for mid in match.markers(kind, on_table=False):
                c = match.marker(mid).carrier
                if c is None or not match.standing(c):
                    continue
                v = _worth(rule["mp"], now, later)
                (b.keep_bonus if match.unit(c).side == side else b.kill_bonus)[c] = \
                    (b.keep_bonus if match.unit(c).side == side else b.kill_bonus).get(c, 0) + v
        elif name == "structures":
            me = P.role(match, side)
            for mid in match.markers("sabotage", on_table=True):
                _goal(match, b, mid, rule["attacker_mp"] * (0.9 if me == "attacker" else 0.5))
        elif name == "fv_majority":
            if rule["count"] == "standing":
                b.aggression = 0.8
                for u in match.units(side):
                    b.keep_bonus[u] = b.keep_bonus.get(u, 0) + 0.5
            else:
                e = P.edge(match, defn, side)
                if e is not None:
                    h = match.table.battlefield.height
                    rect = (0.0, h / 2 + 0.6, 24.0, h) if e == "north" else (0.0, 0.0, 24.0, h / 2 - 0.6)
                    for u in match.units(side):
                        b.goals.append(Goal(12, (rect[1] + rect[3]) / 2, 0.5 + 0.25 * match.unit(u).card.fv,
                                            rect=rect, unit=u, shared=False, label="the enemy's half"))
        elif name == "taken_out_fv":
            b.aggression = 0.9
            for u in match.units(enemy):
                b.kill_bonus[u] = b.kill_bonus.get(u, 0) + match.unit(u).card.fv
            for u in match.units(side):
                b.keep_bonus[u] = b.keep_bonus.get(u, 0) + match.unit(u).card.fv
        elif name == "leader_taken_out":
            # the side ahead (the enemy Leader out, its own standing) keeps its Leader out of reach; the side
            # behind hunts the enemy Leader whatever it costs; while both stand, every side heads for the enemy
            # Leader from the first Turn and presses from the second, all out in the last (a Leader kept at the
            # back edge is out of reach in four Turns otherwise: 0-0 draws)
            theirs = [u for u in match.units(enemy) if match.unit(u).leader]
            mine = [u for u in match.units(side) if match.unit(u).leader]
            ahead = not theirs and bool(mine)
            behind = bool(theirs) and not mine
            last = defn.turns is not None and turn >= defn.turns
            b.aggression = 0.5 if ahead else (1.0 if behind else 0.8)
            if behind or (theirs and mine and turn >= 2):
                b.press = max(b.press, 1.0 if behind or last else 0.5)
            for u in theirs:
                b.kill_bonus[u] = b.kill_bonus.get(u, 0) + rule["mp"] * (1.5 if behind or last else 1.0)
                tb = match.base(u)
                b.goals.append(Goal(tb.x, tb.y, 1.5 + 0.5 * (behind or last) + 0.5 * last,
                                    rect=(tb.x - 1.6, tb.y - 1.6, tb.x + 1.6, tb.y + 1.6), shared=False,
                                    label="the enemy Leader", unit_goal=True, z=tb.z))
            for u in mine:
                b.keep_bonus[u] = b.keep_bonus.get(u, 0) + rule["mp"] * (2.5 if ahead else 1.0)
                b.focus.add(u)
                if ahead:  # every enemy now goes for it: it goes home, its squad stands by it
                    b.hunted.add(u)
                    _guard(match, defn, b, side, u)
        elif name == "rival_taken_out":
            rv = R.rivals(match)
            mine, theirs = rv.get(side), rv.get(enemy)
            # only the Rivals' duel scores, and only the enemy Rival may strike ours: the other units are worth
            # what they add to the duel (Support), not a Take Out
            b.unit_worth = RIVALS_WORTH
            if mine is not None and theirs is not None and match.standing(mine) and match.standing(theirs):
                tb = match.base(theirs)
                b.goals.append(Goal(tb.x, tb.y, rule["mp"] * 0.8, rect=(tb.x - 1.6, tb.y - 1.6, tb.x + 1.6,
                                                                        tb.y + 1.6), unit=mine, shared=False,
                                    label="the enemy Rival", unit_goal=True, z=tb.z))
                b.kill_bonus[theirs] = b.kill_bonus.get(theirs, 0) + rule["mp"]
                b.keep_bonus[mine] = b.keep_bonus.get(mine, 0) + rule["mp"] * 0.7
                b.focus.add(mine)  # the enemy Rival has no other target
                for u in match.units(side):  # the others stand by the enemy Rival: Support for ours, and decoys
                    if u != mine:
                        b.goals.append(Goal(tb.x, tb.y, RIVAL_SUPPORT, rect=(tb.x - 1.6, tb.y - 1.6, tb.x + 1.6,
                                                                             tb.y + 1.6), unit=u, shared=False,
                                            label="beside the enemy Rival", unit_goal=True, z=tb.z))
    _victory(match, defn, side, b)
    _actions(match, defn, side, b)
    b.choose = lambda m, p, rng: choose(m, script, side, p, rng)
    return b


RIVALS_WORTH = 0.25  # Rivals: a unit's worth in MP per (2 + FV), the Rivals' own worth added
RIVAL_SUPPORT = 1.0  # Rivals: a squadmate beside the enemy Rival (Support for ours; it strikes them, not ours)
SUPPORT = 0.35  # share of a marker's worth for every unit standing near the markers (a marker is held by numbers)
SUPPORT_REACH = 3.0  # inches round the markers that count as near them


def _support(match, b: Brief, mids: list, value: float) -> None:
    """Every unit near the markers to hold is worth a little (shared=False): the units without a marker of their own
    come up behind the ones that hold, to contest and to strike whoever comes to take a marker, instead of waiting
    at their edge."""
    at = [mb for mb in (match.marker_base(mid) for mid in mids) if mb is not None]
    if not at or value <= 0.0:
        return
    r = SUPPORT_REACH
    rect = (min(mb.x for mb in at) - r, min(mb.y for mb in at) - r, max(mb.x for mb in at) + r,
            max(mb.y for mb in at) + r)
    b.goals.append(Goal((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2, value, rect=rect, shared=False,
                        label="near the objectives"))


def _clear_marker(match, b: Brief, mid: str, enemy: str, value: float) -> None:
    """An enemy Adjacent to a marker to Pick Up keeps everyone from Controlling it: taking it out is worth `value`
    more (a Flag held in a standoff at the centre is a draw)."""
    mb = match.marker_base(mid)
    if mb is None:
        return
    for e in match.units(enemy):
        if match.table.adjacent(match.base(e), mb):
            b.kill_bonus[e] = b.kill_bonus.get(e, 0) + value


CLEAR_CONTROL = 0.6  # share of a marker's worth for taking out the enemies that hold it or keep us from holding it


def _clear_control(match, b: Brief, mid: str, side: str, value: float) -> None:
    """An enemy Adjacent to a marker that scores by Control, or to our unit Adjacent to it, holds the marker or
    keeps us from holding it: taking it out is worth `value`, shared among those enemies (Centerpoint ended 0-0 with
    four of ours round the Objective and one hurt enemy beside it, standing there contested being worth nearly as
    much as holding it)."""
    mb = match.marker_base(mid)
    if mb is None:
        return
    t = match.table
    ours = [match.base(u) for u in match.units(side) if t.adjacent(match.base(u), mb)]
    near = [e for e in match.units(P.other(side))
            if t.adjacent(match.base(e), mb) or any(t.adjacent(match.base(e), ob) for ob in ours)]
    for e in near:
        b.kill_bonus[e] = b.kill_bonus.get(e, 0) + value / len(near)


def _goal(match, b: Brief, mid: str, value: float, unit: int | None = None, by_control: bool = False) -> None:
    mb = match.marker_base(mid)
    if mb is not None:
        b.goals.append(Goal(mb.x, mb.y, value, marker=mid, unit=unit, label=match.marker(mid).label,
                            scores_by_control=by_control))


def _victory(match, defn, side: str, b: Brief) -> None:
    rule = defn.victory["rule"]
    enemy = P.other(side)
    bf = match.table.battlefield
    if rule == "ambush":
        holder = R.intel_holder(match) if P.role(match, side) == "defender" or R.INTEL in match.markers() else None
        if P.role(match, side) == "defender":
            east = (bf.width - 1.0, 0.0, bf.width, bf.height)
            carrier = match.mission_state.get("carrier") if holder is None else holder
            for u in match.units(side):
                is_carrier = u == carrier
                b.goals.append(Goal(bf.width - 0.5, match.base(u).y, 6.0 if is_carrier else 0.6, rect=east, unit=u,
                                    shared=False, label="the east edge",
                                    deadline=defn.turns if is_carrier else None))
                if is_carrier:
                    b.keep_bonus[u] = b.keep_bonus.get(u, 0) + 6.0
                    # the mission hangs on it: kept out of fire as if the enemy knew it (a shot shared among the
                    # squad in the threat let it trade shots in the open, and the Intel fell in Turn 1)
                    b.focus.add(u)
            if carrier is not None and match.turn <= 1:  # (deploying too) away from both edges the Attacker may
                # deploy along
                b.goals.append(Goal(0.5, bf.height / 2, 1.0, rect=(0.0, bf.height / 2 - 2.0, bf.width,
                                                                   bf.height / 2 + 2.0), unit=carrier,
                                    shared=False, label="away from the edges"))
        else:
            b.aggression = 0.9
            suspects = [u for u in match.units(enemy) if not match.unit(u).leader] or match.units(enemy)
            if R.INTEL in match.markers():
                c = match.marker(R.INTEL).carrier
                if c is None:
                    _goal(match, b, R.INTEL, 6.0)
                elif match.unit(c).side == enemy:
                    b.kill_bonus[c] = b.kill_bonus.get(c, 0) + 6.0
                else:
                    b.keep_bonus[c] = b.keep_bonus.get(c, 0) + 6.0
            else:
                for u in suspects:
                    b.kill_bonus[u] = b.kill_bonus.get(u, 0) + 6.0 / len(suspects)
                    # cut them off before the east edge
                b.goals.append(Goal(bf.width - 3, bf.height / 2, 0.8, rect=(bf.width - 5, 0, bf.width, bf.height),
                                    shared=False, label="the east side"))
    elif rule == "evac":
        area = defn.area(defn.victory["area"]).rect
        for u in match.units(side):
            b.goals.append(Goal((area.x0 + area.x1) / 2, (area.y0 + area.y1) / 2, 1.0 + match.unit(u).card.fv * 0.8,
                                rect=(area.x0, area.y0, area.x1, area.y1), unit=u, shared=False,
                                label="the Evac Zone"))
        b.aggression = 0.7
    elif rule == "last_squad":
        b.aggression = 1.0
        b.press = min(1.0, 0.5 + 0.25 * match.mission_state.get("stale", 0))  # a quiet table ends in a draw
        for u in match.units(enemy):
            b.kill_bonus[u] = b.kill_bonus.get(u, 0) + 1.0
    elif rule == "both_claimed":
        for mid in match.markers(defn.victory["kind"], on_table=True):
            _goal(match, b, mid, 4.0)
        b.aggression = 0.6
    elif rule == "flag":
        mids = match.markers(defn.victory["kind"])
        if mids:
            mid = mids[0]
            c = match.marker(mid).carrier
            if c is None:
                _goal(match, b, mid, 5.0)
                _clear_marker(match, b, mid, enemy, 2.0)
            elif match.unit(c).side == side:
                _carry_home(match, defn, side, b, c, 5.0, race=False)
                _hold_half(match, defn, side, b, c, 5.0 * FLAG_HALF)
            else:
                b.kill_bonus[c] = b.kill_bonus.get(c, 0) + 5.0
                cb = match.base(c)
                b.goals.append(Goal(cb.x, cb.y, 1.5, rect=(cb.x - 1.6, cb.y - 1.6, cb.x + 1.6, cb.y + 1.6),
                                    shared=False, label="the Flag carrier", unit_goal=True, z=cb.z))


def _carry_home(match, defn, side: str, b: Brief, carrier: int, value: float, race: bool = True) -> None:
    """The carrier heads for our edge strip: a race to the last Turn (Relay Run's Beacon scores only once it leaves
    there), or without `race` a pull that grows to the edge (the Flag counts wherever it ends)."""
    z = edge_zone(match, defn, side)
    if z is None:
        return
    (x0, y0), _, (x1, y1), _ = z.polygon
    b.goals.append(Goal((x0 + x1) / 2, (y0 + y1) / 2, value, rect=(x0, y0, x1, y1), unit=carrier, shared=False,
                        label="our edge", deadline=defn.turns if race else None))
    b.keep_bonus[carrier] = b.keep_bonus.get(carrier, 0) + value
    b.focus.add(carrier)  # the enemy sees who carries it


FLAG_HALF = 0.75  # The Flag: share of its worth for its carrier standing on our half (the Flag wins there)


def _hold_half(match, defn, side: str, b: Brief, carrier: int, value: float) -> None:
    """The Flag is won by the edge it is nearer at the end, and dropped where its carrier falls: the carrier standing
    anywhere on our half of the table is worth most of it (not only at our edge, a race a carrier at the centre
    rarely wins: it fought on where it picked the Flag up, or stepped deeper into the enemy to leave a fight)."""
    e = P.edge(match, defn, side)
    if e is None:
        return
    bf = match.table.battlefield
    mid = bf.height / 2
    rect = (0.0, 0.0, bf.width, mid - 0.5) if e == "north" else (0.0, mid + 0.5, bf.width, bf.height)
    b.goals.append(Goal(bf.width / 2, (rect[1] + rect[3]) / 2, value, rect=rect, unit=carrier, shared=False,
                        label="our half"))


def _race(match, defn, side: str, uid: int, x: float | None = None, y: float | None = None) -> int:
    """Relay Run's race against the Turns left: the ACT `uid` would have to spare after walking to (x, y) (the
    Beacon; None: it carries it or stands at it), Picking Up there, walking to its own edge strip and leaving;
    negative when the Turns left are too few. Carrying costs 1 ACT an activation (at least 1); straight-line
    inches, 6" a Move."""
    e = P.edge(match, defn, side)
    if e is None or defn.turns is None or not match.standing(uid):
        return -1
    me = match.base(uid)
    h = match.table.battlefield.height
    carrying = bool(match.carried_by(uid))
    steps_to = 0
    if x is None or y is None:
        x, y = me.x, me.y
    else:
        steps_to = math.ceil(max(0.0, math.hypot(x - me.x, y - me.y) - me.radius - 1.0) / act.MOVE_INCHES)
    home = max(0.0, y - 1.0 + me.radius) if e == "north" else max(0.0, h - 1.0 - me.radius - y)
    steps = steps_to + (0 if carrying else 1) + math.ceil(home / act.MOVE_INCHES) + 1
    full = match.unit(uid).card.act + match.mission.act_bonus(match, uid)
    loaded = max(1, full - 1)
    a = match.activation
    if a is not None and a.uid == uid:
        first = match.act_left()
    elif match.readiness(uid).ready:
        first = loaded if carrying else full
    else:
        first = 0
    budgets = [first] + [None] * max(0, defn.turns - max(1, match.turn))
    spare = 0
    for i, budget in enumerate(budgets):
        budget = budget if i == 0 else (loaded if carrying else full)
        while budget > 0 and steps > 0:
            budget -= 1
            steps -= 1
            if steps_to > 0:
                steps_to -= 1
            elif not carrying:
                carrying = True  # the Pick Up (the ACT of this activation stays as it was)
        if steps <= 0:
            spare += budget
    return spare if steps <= 0 else -steps


def _actions(match, defn, side: str, b: Brief) -> None:
    """Goals and values that come from the mission's actions and portable markers."""
    ms = match.mission_state
    turn = max(1, match.turn)
    turns_left = (defn.turns - turn) if defn.turns else 2
    effects = {a.effect: a for a in defn.actions}
    if "exit" in effects:  # Relay Run
        kind = effects["exit"].params["kind"]
        mp = effects["exit"].params["mp"]
        for mid in match.markers(kind):
            c = match.marker(mid).carrier
            if c is None:
                mb = match.marker_base(mid)
                spare = max((_race(match, defn, side, u, mb.x, mb.y) for u in match.units(side)),
                            default=-1) if mb is not None else -1
                _goal(match, b, mid, mp * (0.6 if spare >= 0 else 0.15))  # no runner could make it: denial only
                if spare >= 0:
                    _clear_marker(match, b, mid, P.other(side), mp * 0.4)
            elif match.standing(c) and match.unit(c).side == side:
                _carry_home(match, defn, side, b, c, mp)
            elif match.standing(c):
                b.kill_bonus[c] = b.kill_bonus.get(c, 0) + mp * (1.0 if _race(match, defn, match.unit(c).side, c)
                                                                 >= 0 else 0.3)
    if "search" in effects:
        n = ms.get("searches", 0)
        find = effects["search"].params["find"]
        p = find[min(n, len(find) - 1)] / 6.0
        for mid in match.markers("search", on_table=True):
            _goal(match, b, mid, (2.0 + 2.0 * turns_left) * p)
        for mid in match.markers("artifact", on_table=True):
            _goal(match, b, mid, 2.0 + 2.0 * turns_left)
    if "uplink" in effects:
        for mid in match.markers("uplink", on_table=True):
            _goal(match, b, mid, 0.9 if turn <= 4 else 0.0)
        if ms.get("packets", {}).get(side, 0) > 0:
            for mid in match.markers("transmit", on_table=True):
                _goal(match, b, mid, 1.5 if turn >= 3 else 0.6)

    def action_value(m, uid, cmd) -> float | None:
        if isinstance(cmd, C.PickUp):
            mk = m.marker(cmd.marker)
            if mk.kind in ("flag",):
                return 5.0
            if mk.kind == R.INTEL:
                return 6.0
            if mk.kind == "artifact":
                return 2.0 + 2.0 * turns_left
            if mk.kind == "beacon":  # worth the MP it scores if the carrier can still get it home in time
                spare = _race(m, defn, side, uid)
                mp = effects["exit"].params["mp"] if "exit" in effects else 6
                return mp * min(0.9, 0.7 + 0.1 * spare) if spare >= 0 else 0.6
            return 0.5
        if not isinstance(cmd, C.UseMissionAction):
            return None
        if cmd.action.startswith(RW.ACTION_PREFIX):  # a Campaign Reward: 1 ACT for 2 TO
            return 1.0
        a = next(x for x in defn.actions if x.id == cmd.action)
        if a.effect == "toggle":
            mk = m.marker(cmd.marker)
            mine = m.controller_of(cmd.marker) == side
            if mk.state != "active" and mine:
                return 0.9 - 0.3
            if mk.state == "active" and not mine and m.controller_of(cmd.marker) == P.other(side):
                return 0.8
            return None
        if a.effect == "sabotage":
            return 3.0 - 0.6
        if a.effect == "collect":
            return 2.0
        if a.effect == "search":
            n = m.mission_state.get("searches", 0)
            find = a.params["find"]
            p = find[min(n, len(find) - 1)] / 6.0
            return p * (2.0 + 2.0 * turns_left)
        if a.effect == "uplink":
            return 0.9 if m.turn <= 4 else None
        if a.effect == "transmit":
            return 1.2
        if a.effect == "claim":
            claims = m.mission_state.get("claims", {})
            others = [x for x in m.markers(a.markers[0], on_table=True) if x != cmd.marker]
            return 8.0 if others and all(claims.get(x) == side for x in others) else 3.0
        if a.effect == "exit":
            return a.params["mp"] + 1.0
        return None

    b.action_value = action_value


def choose(match, script, side: str, prompt, rng) -> str:
    """Answers to the mission's questions: the edge or role, Ambush's edge, the secret picks, the reward."""
    then = prompt.then[0] if prompt.then else ""
    options = [o for o, _ in prompt.options]
    if then == "place":
        pick = ROLE_CHOICE.get(script.defn.id)
        return pick if pick in options else rng.choice(options)
    if then == "reward_use":  # a Campaign Reward used now: at once, but TO Optimization only on a poor roll
        rule = prompt.then[2]
        if rule == "to_reroll":
            n, good = RW.order_dice(match, side)
            return RW.YES if 2 * good < n else RW.NO
        return RW.YES
    if then in ("carrier", "rival"):
        def strength(o):
            card = match.unit(int(o)).card
            if then == "carrier":
                return card.hit * 2 + card.arm
            return max((w.att * min(w.skl, 5) for w in card.weapons), default=0) + card.hit
        return max(options, key=lambda o: (strength(o), o))
    return rng.choice(options)
