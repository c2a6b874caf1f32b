"""The tactical computer opponent: plays any PvP mission for either side (and fights anywhere else), at one of
three difficulty levels (game/ai/tactical_levels.py: easy, normal, hard).

It reads the mission through its brief (game/ai/tactical_brief.py: places worth holding, units worth taking
out or keeping, what each Mission action is worth) and the table through a cheap evaluation
(game/ai/tactical_eval.py: exact odds of each attack, threats, goals by walking distance). Each decision is a
one-step search over a short list of what the active unit could do next (its attacks, Mission actions, Pick Ups,
Moves or Dashes to the spots game/ai/tactical_spots.py picks, or ending the activation), scored by what it gains
now plus what its new spot is worth with the ACT it keeps (the attack it could make from there, the threat there).
The follow-up it found for a move is kept and taken at once when the move went as planned. It spends Tactical
Orders on extra actions only when they pay, and on dice when a Take Out or a unit's life hangs on them (hard:
where the exact chances of what the answer does pay for the Order, game/ai/tactical_dice.py). It answers
every prompt. It thinks with its own random stream (`random.Random(seed)`), never the match's dice, and keeps
nothing between decisions but derived data (walking fields, the planned follow-up, checked against the match), so
it can take over any saved game.
"""
from __future__ import annotations

import math
import random

from game.match import commands as C
from game.match import skills as S
from game.battlefield.search import sliced
from game.match.flow import DEPLOY
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

from . import tactical_eval as TE
from . import tactical_goals as TG
from . import tactical_threat as TT
from .common import Controller, ControllerState, random_state
from .tactical_brief import brief_for
from .tactical_deploy import deploy
from .tactical_free import free_action
from .tactical_prompts import TO_COST, answer
from .tactical_quick import stay_unweighed
from .tactical_levels import SETTLE, level_named
from .tactical_skills import skill_value, weighs
from .tactical_spots import Exposure, candidate_spots, hidden_near

GOAL_MARGIN = 0.15  # a hidden move may give up this much of the goal's value (MP), or the level's goal_share of it


class TacticalController(Controller):
    def __init__(self, side: str, seed: int = 0, level: str = "normal") -> None:
        self.side = side
        self.rng = random.Random(seed)
        self.level = level_named(level)
        self.explanation = ""
        self.fields = TE.Fields()  # walking fields to the goals (derived from the terrain and the doors)
        self._reach_key = None  # the last reach asked for, and its answer (derived data, never match state)
        self._reach_val = None
        self._next = None  # (the match as the follow-up expects it, the follow-up command, why)
        self.trace: list | None = None  # a list: each decision's best options are kept there (for tuning)
        self._safety: dict = {}  # move -> (ends in an uncovered line of fire, its goal value, its follow-up's value),
        # for one decision

    def state(self, match) -> ControllerState:
        """Its random stream, the follow-up planned with its last move and the walking fields worked out."""
        return ControllerState(type(self).__name__, self.rng.getstate(),
                               (self._next, TE.Fields.state(match.table)))

    def restore(self, state: ControllerState, match) -> None:
        if state.kind != type(self).__name__ or len(state.plan) != 2:
            raise ValueError("not a tactical player's state")
        rng = random_state(state.random)
        follow, fields = state.plan
        if follow is not None and not (type(follow) is tuple and len(follow) == 3 and type(follow[0]) is tuple and
                                       isinstance(follow[1], (C.MeleeAttack, C.RangedAttack)) and
                                       follow[1].side == self.side and type(follow[2]) is str):
            raise ValueError("not a follow-up this player plans")
        try:
            if type(fields) is not tuple or not all(type(k) is tuple and len(k) == 4 for k in fields) or \
                    hash(fields) is None:
                raise TypeError
        except TypeError:
            raise ValueError("not the walking fields of a table") from None
        self.rng, self._next = rng, follow
        TE.Fields.restore(match.table, fields)

    def _ctx(self, match):
        return TE.Ctx(match, self.side, brief_for(match, self.side), self.level, self.fields)

    # == the one entry point (Controller: `decide` runs it to its end) ====================================
    def think(self, match):
        """Generator: a slice per unit weighed for an activation, per spot weighed for a move; returns the command."""
        if match.prompt is not None:
            return self._answer(match)
        if match.phase == DEPLOY:
            return (yield from self._deploy(match))
        a = match.activation
        if a is None:
            return (yield from self._activate(match))
        if a.grant:
            return (yield from self._free_action(match))
        return (yield from self._act(match))

    # == prompts and deployment (tactical_prompts.py, tactical_deploy.py) ================================
    def _answer(self, match) -> C.Command:
        return answer(self, match)

    def _deploy(self, match):
        return (yield from deploy(self, match))

    # == which unit activates ============================================================================
    def _activate(self, match) -> C.Command:
        legal = [c for c in match.legal_commands(self.side) if isinstance(c, C.Activate)]
        if len(legal) == 1:
            return legal[0]
        ctx = self._ctx(match)
        goals = ctx.brief.goals
        holders = TG.holders_of(ctx, goals)
        best, best_v = legal[0], -math.inf
        for cmd in legal:
            u = cmd.uid
            if u not in ctx.bases:
                continue
            yield
            here = ctx.bases[u]
            # its parts a slice each (each kept for the decision), then the whole from what is kept
            yield from sliced(lambda: TE.best_attack_from(ctx, u, here, sights=TE.sights_at(ctx, here)))
            yield
            yield from sliced(lambda: TT.threat_at(ctx, u, here, TE.sights_at(ctx, here)))
            yield
            v = yield from sliced(lambda: self._unit_value(ctx, u, goals, holders))
            v += self.rng.random() * (0.01 + self.level.noise)
            if v > best_v:
                best, best_v = cmd, v
        return best

    @staticmethod
    def _spot_value(ctx, uid: int, spot, act_after: int, goals, holders, follow: bool = True):
        """Generator: TG.spot_value with its parts a slice each, asked in the order it asks them (the goals, the
        attack from there, the blow and the threat there), each kept for the decision; then the whole from what is
        kept. A part that needs a walking field not yet made stops at the slice's end and is asked again."""
        sights = TE.sights_at(ctx, spot)
        yield from sliced(lambda: TG.goal_value(ctx, uid, spot, goals, holders, act_after))
        near = TE.nearest(ctx, spot, ctx.level.near, sights, uid)
        if follow and act_after >= 1:
            for e in near:  # an enemy a slice (the attacks on it, and what it would strike first, are kept)
                yield
                yield from sliced(lambda: TE.best_attack_from(ctx, uid, spot, targets=[e], sights=sights))
        for e in near:
            yield
            yield from sliced(lambda: TT.menace_at(ctx, uid, spot, sights, targets=(e,)))
        yield
        yield from sliced(lambda: TT.menace_at(ctx, uid, spot, sights))
        yield
        yield from sliced(lambda: TT.threat_at(ctx, uid, spot, sights))
        yield
        return (yield from sliced(lambda: TG.spot_value(ctx, uid, spot, act_after, goals, holders, follow)))

    def _unit_value(self, ctx, u: int, goals, holders) -> float:
        """What activating `u` now is worth (before the level's noise): its best attack, the threat on it, the goal
        calling it."""
        here = ctx.bases[u]
        sights = TE.sights_at(ctx, here)
        v = TE.best_attack_from(ctx, u, here, sights=sights)[0]
        danger = TT.threat_at(ctx, u, here, sights)
        v += (0.8 if self.level.pick_unit else 0.5) * danger  # act before the enemy strikes it, or get out
        v += self._goal_pull(ctx, u, goals, holders)
        if self.level.pick_unit and danger > 0.0 and ctx.hit.get(u, 0) <= 1:
            v += 0.3  # the last HIT: now or never
        return v

    @staticmethod
    def _goal_pull(ctx, u: int, goals, holders) -> float:
        """How much a goal not yet held calls this unit (within reach of a Move and an action, by walking)."""
        b = ctx.bases[u]
        now = TG.goal_value(ctx, u, b, goals, holders)
        best = 0.0
        for g in goals:
            if g.unit is not None and g.unit != u:
                continue
            if g.shared and g.marker is not None and holders.get(g.marker) not in (None, u):
                continue
            d = ctx.walk(g, u, b)
            best = max(best, g.value * max(0.0, 1.0 - max(0.0, d - 6.5) / 12.0))
        return max(0.0, best - now)

    # == the active unit's next action ===================================================================
    def _planned(self, match):
        """The follow-up found with the move just made, if the match is as it expected (same unit, spot, ACT)."""
        if self._next is None:
            return None
        key, cmd, why = self._next
        self._next = None
        if key != self._state_key(match):
            return None
        uid = match.activation.uid
        w = match.unit(uid).card.weapon(cmd.weapon)
        if not getattr(cmd, "split", ()):  # the attack as the match offers it now (what stood Adjacent to the target
            # when it was planned may have moved or fallen since: Chain Reaction's further targets)
            cmd = match.attack_command(self.side, uid, w, cmd.target)
        reason = (match.melee_target_reason(uid, w, cmd.target) if isinstance(cmd, C.MeleeAttack)
                  else match.ranged_target_reason(uid, w, cmd.target))
        if reason is not None or match.payment(match.cost_of(act.MELEE_COMBAT if w.kind == MELEE
                                                                else act.RANGED_COMBAT, w)) is None:
            return None
        self.explanation = f"{match.unit(uid).name} {why}"
        return cmd

    @staticmethod
    def _state_key(match) -> tuple:
        a = match.activation
        b = match.base(a.uid)
        return a.uid, len(a.history), match.act_left(), (round(b.x, 3), round(b.y, 3), round(b.z, 3))

    def _act(self, match) -> C.Command:
        side = self.side
        uid = match.activation.uid
        planned = self._planned(match)
        if planned is not None:
            return planned
        ctx = self._ctx(match)
        if uid not in ctx.bases:
            return C.EndActivation(side)
        self._safety = {}
        yield
        goals = ctx.brief.goals
        holders = TG.holders_of(ctx, goals)
        me = ctx.bases[uid]
        left = match.act_left()
        stay_follow = (yield from self._spot_value(ctx, uid, me, 1, goals, holders)) if left > 0 else None  # (read only
        # with ACT left after an action)
        yield
        if left > 0 or self.trace is not None:
            stay_end = yield from self._spot_value(ctx, uid, me, 0, goals, holders, follow=False)
        else:  # (every option ends the activation here: its value would be added to each alike)
            stay_end = yield from stay_unweighed(ctx, uid, me, goals, holders)

        def price(action, weapon=None, skill=None, base=1):
            cost = match.cost_of(action, weapon, skill, base)
            if cost >= act.FORBIDDEN:
                return None
            pay = match.payment(cost)
            if pay is None:
                return None
            from_act, from_to = pay
            after = 0 if from_to else left - from_act
            return after, from_to * TO_COST

        options: list[tuple[float, C.Command, str]] = [(stay_end, C.EndActivation(side), "ends its activation")]
        # Moves and Dashes (with ACT left: a move paid with Tactical Orders is not worth weighing); the best of them
        # (without its follow-up) is also what an action taken here can still lead to with ACT left
        moves, follow, walk_on = [], {}, -math.inf
        if left > 0:
            moves, follow, walk_on = yield from self._moves(match, ctx, uid, left, goals, holders, price)
        options += moves
        yield
        # attacks from here
        card = match.unit(uid).card
        for w in card.weapons:
            pr = price(act.MELEE_COMBAT if w.kind == MELEE else act.RANGED_COMBAT, w)
            if pr is None:
                continue
            after, pen = pr
            rest = max(stay_follow, walk_on) if after >= 1 else stay_end
            for e in ctx.enemies:
                eb = ctx.bases[e]
                if w.kind == MELEE:
                    if not TE.adjacent(ctx, me, eb):
                        continue
                    v = TE.attack_value(ctx, uid, w, e)
                    cmd = match.attack_command(side, uid, w, e)
                else:  # the cheap checks first; the match's own check only for the attack chosen
                    sight = TE.ranged_ok(ctx, uid, w, e, me, eb)
                    if sight is None:
                        continue
                    v = TE.attack_value(ctx, uid, w, e, sight=sight)
                    v += self._blast_extra(ctx, uid, w, e)
                    cmd = match.attack_command(side, uid, w, e)
                    spread = self._spread(ctx, uid, w, e, sight, v)
                    if spread is not None:
                        v, cmd = spread
                if v > 0.05:
                    options.append((v + rest - pen, cmd, f"attacks {match.unit(e).name}"))
            yield
        # Mission actions and Pick Ups here
        for cmd, base, skill in self._mission_commands(match, uid):
            action = act.MISSION if isinstance(cmd, C.UseMissionAction) else act.PICK_UP
            pr = price(action, skill=skill, base=base)
            if pr is None:
                continue
            value = ctx.brief.action_value(match, uid, cmd)
            if value is None or value <= 0:
                continue
            after, pen = pr
            options.append((value + (max(stay_follow, walk_on) if after >= 1 else stay_end) - pen, cmd,
                            "takes a mission action"))
        # skill actions it can weigh (Grenades, Execute, healing, Strategize, Despoil and Overrun)
        weighed = [] if match.activation.locked or not any(weighs(s) for s in S.action_ids(match, uid)) \
            else (yield from sliced(lambda: S.skill_commands(match, uid, side)))  # the match's own list (legal ones)
        for cmd in weighed:
            if not isinstance(cmd, C.UseSkill) or cmd.side != side:
                continue
            value = skill_value(ctx, uid, cmd)
            if value is None or value <= 0.05:
                continue
            base, to_only = S.skill_cost(match, cmd.skill)
            cost = match.cost_of(act.SKILL, skill=S.pay_id(match, uid, cmd.skill), base=base)
            pay = match.payment(cost, to_only=to_only) if cost < act.FORBIDDEN else None
            if pay is None:
                continue
            after = 0 if pay[1] else left - pay[0]
            options.append((value + (max(stay_follow, walk_on) if after >= 1 else stay_end) - pay[1] * TO_COST, cmd,
                            f"uses {match.catalog.skills[cmd.skill].name if match.catalog else cmd.skill}"))
        lv = self.level
        if lv.noise:
            options = [(v + self.rng.gauss(0.0, lv.noise), c, w) for v, c, w in options]
        options.sort(key=lambda o: (o[0], isinstance(o[1], C.EndActivation)), reverse=True)
        if self.trace is not None:
            self.trace.append((match.turn, match.unit(uid).name, options[:8]))
        if lv.lapse and len(options) > 1 and options[0][0] - options[1][0] < 0.5 and self.rng.random() < lv.lapse:
            options[0], options[1] = options[1], options[0]
        options = self._prefer_safe(options)
        for value, cmd, why in options:
            if isinstance(cmd, C.MeleeAttack):
                if match.melee_target_reason(uid, match.unit(uid).card.weapon(cmd.weapon), cmd.target) is not None:
                    continue
            elif isinstance(cmd, C.RangedAttack):
                if match.ranged_target_reason(uid, match.unit(uid).card.weapon(cmd.weapon), cmd.target) is not None:
                    continue
            self.explanation = f"{match.unit(uid).name} {why}"
            after = follow.get(cmd)
            if after is not None:
                self._next = after
            return cmd
        return C.EndActivation(side)

    def _spread(self, ctx, uid: int, w, target: int, sight, alone: float):
        """A Spread weapon's dice dealt between `target` and the enemies Adjacent to it the match offers
        (`spread_targets`): every deal between two targets, and an even deal between three; (value, command) of
        the best when it is worth more than every die on `target` (`alone`), else None."""
        if not w.has("SPR") or w.kind != RANGED or w.att < 2:
            return None
        m = ctx.match
        first = m.spread_targets(uid, w.id, (target,))
        if not first:
            return None
        sights = {target: sight}
        for t in first:
            if t in ctx.hit:
                sights[t] = TE.ranged_ok(ctx, uid, w, t, ctx.bases[uid], ctx.bases[t])
        deals = []
        for t in first:
            if sights.get(t) is None:
                continue
            for k in range(1, w.att):
                deals.append(((target, k), (t, w.att - k)))
            if w.att >= 3:
                for t3 in m.spread_targets(uid, w.id, (target, t)):
                    if sights.get(t3) is None and t3 in ctx.hit:
                        sights[t3] = TE.ranged_ok(ctx, uid, w, t3, ctx.bases[uid], ctx.bases[t3])
                    if sights.get(t3) is not None:
                        split = m.spread_split(uid, w.id, (target, t, t3))
                        deals.append(tuple(zip((target, t, t3), split)))
        best = None
        for deal in deals:
            v = TE.spread_value(ctx, uid, w, tuple((t, n, sights[t]) for t, n in deal))
            if v > alone + 0.05 and (best is None or v > best[0]):
                best = (v, deal)
        if best is None:
            return None
        v, deal = best
        if m.attack_preview(uid, w.id, target, with_odds=False, spread=deal).reason is not None:
            return None
        return v, C.RangedAttack(self.side, w.id, target, extra_targets=tuple(t for t, _ in deal[1:]),
                                 split=tuple(n for _, n in deal))

    @staticmethod
    def _blast_extra(ctx, uid: int, w, target: int) -> float:
        """Blast also hits every unit Adjacent to the target that the mission lets it target (N75: not a Rival but by
        the enemy Rival): enemies are a bonus, squadmates a cost."""
        if not w.has("BLS"):
            return 0.0
        tb = ctx.bases[target]
        v = 0.0
        for o in ctx.own + ctx.enemies:
            if o in (uid, target) or not TE.adjacent(ctx, ctx.bases[o], tb) or not ctx.may_attack(uid, o):
                continue
            s = TE.setup_for(ctx, uid, w, o, tbase=ctx.bases[o])
            if s is None:
                continue
            o_odds = TE.odds(s)
            loss = ctx.loss_value(o, o_odds.target_loss, o_odds.p_taken_out)
            v += loss if o in ctx.enemies else -1.2 * loss
        return v

    def _mission_commands(self, match, uid: int):
        """Mission actions and Pick Ups the unit may take here now: (command, base cost, action id)."""
        side = self.side
        me = match.base(uid)
        out = []
        near = []
        for mid in match.markers(on_table=True):
            mb = match.marker_base(mid)
            if mb is not None and math.hypot(mb.x - me.x, mb.y - me.y) <= me.radius + mb.radius + 1.05:
                near.append(mid)
        for d in match.mission_action_defs():
            if d.target == "marker":
                for mid in near:
                    if match.marker(mid).kind in d.markers and match.mission_action_reason(uid, d.id, mid) is None:
                        out.append((C.UseMissionAction(side, d.id, mid), d.cost, d.id))
            elif d.target == "none" and match.mission_action_reason(uid, d.id) is None:
                out.append((C.UseMissionAction(side, d.id), d.cost, d.id))
        for mid in near:
            m = match.marker(mid)
            if m.portable and match.pick_up_reason(uid, mid) is None:
                out.append((C.PickUp(side, mid), m.pickup_cost, None))
        return out

    def _moves(self, match, ctx, uid: int, left: int, goals, holders, price):
        """Generator (a slice per spot weighed): Moves and Dashes to the candidate spots, each valued as the spot with
        the ACT left (a move must beat staying by SETTLE: no shuffling); and for each, the attack it would follow up
        with (kept for the next decision, taken if the move ends where planned). Levels that look for a hidden spot
        note for each move whether it ends in an uncovered line of fire and its goal value (`self._safety`), and when
        the best spot weighed is exposed, look round it for one out of every such line (see `_prefer_safe`)."""
        side = self.side
        me = ctx.bases[uid]
        out = []
        follow: dict = {}
        walk_on = -math.inf  # the best move without its follow-up attack
        races = any(g.deadline is not None for g in goals)
        hides, exposed = self.level.hide_tries > 0, Exposure()
        for action, cls in ((act.MOVE, C.Move), (act.DASH, C.Dash)):
            pr = price(action)
            if pr is None:
                continue
            if action == act.DASH:
                move_pr = price(act.MOVE)
                if move_pr is not None and move_pr[1] <= pr[1] and \
                        match.cost_of(act.MOVE) <= match.cost_of(act.DASH):
                    continue  # a Move goes further for no more
            after, pen = pr
            budget = match.move_budget(action)
            if budget <= 0.05:
                continue
            reach = yield from self._reach(ctx, me, budget)
            yield

            def weigh(x, y, z):
                nonlocal walk_on
                spot = TE.base_at(ctx, uid, x, y, z)
                sights = TE.sights_at(ctx, spot)
                v = gv = TG.goal_value(ctx, uid, spot, goals, holders, after)
                # after an action first, this move would keep an ACT less (a race counts the ACT left to walk on)
                gv_later = TG.goal_value(ctx, uid, spot, goals, holders, after - 1) if after >= 1 and races else gv
                fv, pick = 0.0, None
                cmd = cls(side, x, y, z)
                if after >= 1:
                    fv, pick = TE.best_attack_from(ctx, uid, spot, sights=sights)
                    v += self.level.follow * fv
                v += TT.fight_value(ctx, uid, spot, sights)
                v -= TT.aoo_cost(ctx, uid, me, spot)
                open_ = hides and exposed(ctx, spot, sights)
                if open_:
                    v -= self.level.exposed  # an uncovered line of fire on it: Cover or out of sight when it can
                why = "moves"
                if self.trace is not None:
                    why = (f"moves: goal {gv:.2f} follow {fv:.2f} threat {TT.threat_at(ctx, uid, spot, sights):.2f} "
                           f"menace {TT.menace_at(ctx, uid, spot, sights):.2f}" + (" exposed" if open_ else ""))
                value = v - pen - SETTLE
                # what it notes comes after every question (one that stops at a slice's end is asked again whole)
                if pick is not None:
                    w, e = pick
                    cls_atk = C.MeleeAttack if w.kind == MELEE else C.RangedAttack
                    atk = cls_atk(side, w.id, e, extra_targets=match.chain_targets(uid, w, e))
                    key = (uid, len(match.activation.history) + 1, after, (round(x, 3), round(y, 3), round(z, 3)))
                    follow[cmd] = (key, atk, f"attacks {match.unit(e).name}")
                out.append((value, cmd, why))
                if hides:
                    self._safety[cmd] = (open_, gv)
                if action == act.MOVE:
                    walk_on = max(walk_on, v - self.level.follow * fv - (gv - gv_later) - pen - SETTLE)
                return value, open_, cmd

            n = self.level.spots if action == act.MOVE else 2
            weighed = {}
            spots = yield from candidate_spots(ctx, uid, reach.spots, goals, n, self.rng)
            for x, y, z in spots:
                yield
                weighed[(x, y, z)] = yield from sliced(lambda: weigh(x, y, z))
            if not hides or not weighed:
                continue
            # the best spot weighed is in an uncovered line of fire and no hidden one comes close to it: look round
            # it for spots out of every such line (near it, so nearly as good for the goal and the fight), the level's
            # `hidden_spots` of them at least 1" apart
            (bx, by, bz), (bv, b_open, b_cmd) = max(weighed.items(), key=lambda kv: (kv[1][0], kv[0]))
            if not b_open or any(self._safe_instead(self._safety[b_cmd], bv, v, self._safety[c])
                                 for v, o, c in weighed.values()):
                continue
            for p in hidden_near(ctx, uid, reach.spots, weighed, bx, by):
                yield
                if p is not None:
                    yield from sliced(lambda: weigh(*p))
        return out, follow, walk_on

    def _prefer_safe(self, options: list) -> list:
        """The best option is a move ending in an enemy's uncovered line of fire: a move out of every such line worth
        nearly as much (within the level's safe_margin) and giving up little of the goal (its goal_share) goes first
        instead: Cover or out of sight when it can, without holding back from the mission (not a flat cost on every
        exposed spot, which kept hunters and runners back)."""
        if not options:
            return options
        top_v, top, _ = options[0]
        meta = self._safety.get(top)
        if meta is None or not meta[0]:
            return options
        for i, (v, cmd, _why) in enumerate(options[1:], start=1):
            if v < top_v - self.level.safe_margin:
                break
            m = self._safety.get(cmd)
            if m is not None and self._safe_instead(meta, top_v, v, m):
                return [options[i]] + options[:i] + options[i + 1:]
        return options

    def _safe_instead(self, top: tuple, top_v: float, v: float, other: tuple) -> bool:
        """Whether a move noted `other` (exposed, goal value) worth `v` goes before the exposed `top` (at the level's
        margins)."""
        gv = top[1]
        lv = self.level
        return not other[0] and v >= top_v - lv.safe_margin and other[1] >= gv - max(GOAL_MARGIN, lv.goal_share * gv)

    def _reach(self, ctx, me, budget: float):
        """Generator (its search stops at each slice's end): the table's reach, kept while nothing on the table
        moves (an attack does not change it)."""
        key = (me, budget, tuple((b.uid, b.x, b.y, b.z) for b in ctx.table.bases),
               tuple(sorted(ctx.table.doors_open.items())))
        if self._reach_key != key:
            table = ctx.table
            self._reach_val = yield from sliced(lambda: table.reach(me, budget))
            self._reach_key = key
        return self._reach_val

    # == free actions a skill gives (Duty Before Death, orders...: tactical_free.py) =========================
    def _free_action(self, match):
        return (yield from free_action(self, match))


__all__ = ["TacticalController", "RANGED"]
