"""Questions the screen (and computer players) ask before acting, answered by the code that resolves actions.

The screen never re-derives a rule: what an attack would roll comes from the very spec a real attack is built
from (`_attack_spec`); where a unit can Move comes from the same reach and Charge/Desecrate extension the
legal commands use; a skill's choices and reasons come from the skill's own checks, as if the unit activated
now when it has not yet. These are pure reads: nothing here changes the match.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from game.battlefield import Sight, base_label, player_label
from game.rules import actions as act
from game.rules.combat import AttackSpec
from game.rules.model import MELEE

from . import commands as C
from . import skills as S
from .components import Activation
from .errors import IllegalCommand

# What the exact odds of game/rules/odds.py leave out, by the spec field that carries it.
NOT_COUNTED = (("hardened", "Hardened"), ("auto_saves", "Stealthy"), ("ward", "Protect"), ("parry", "Parry"),
               ("shield", "Shield"), ("no_reroll", "Mindstab"))


@dataclass(frozen=True, slots=True)
class MoveSpot:
    x: float
    y: float
    z: float
    cost: float  # inches of movement the path uses
    extended: bool = False  # past the normal budget (Charge, Desecrate): allowed because it ends as they need


@dataclass(frozen=True, slots=True)
class MoveOptions:
    uid: int
    action: str  # act.MOVE or act.DASH
    budget: float  # inches (carrying and mission rules included)
    extension: float  # extra inches Charge/Desecrate may add
    spots: tuple[MoveSpot, ...]
    reach: object  # the table's Reach (paths to its spots: reach.path_to(x, y, z))


@dataclass(frozen=True, slots=True)
class AttackPreview:
    attacker: int
    weapon: str
    target: int
    reason: str | None  # why it is not a valid target now (None: valid)
    distance: float
    sight: Sight | None  # ranged only
    spec: AttackSpec | None  # what a real attack would roll now (None when not valid)
    setup: object | None  # game.rules.odds.AttackSetup of the main target
    odds: object | None  # game.rules.odds.Odds
    not_counted: tuple[str, ...] = ()  # rules in play that the exact odds leave out
    also_hit: tuple[int, ...] = ()  # other units the roll also strikes (Blast, Chain Reaction)
    chain: tuple[int, ...] = ()  # Chain Reaction's secondary targets the match offers (chain_targets)
    spread: tuple[tuple[int, int], ...] = ()  # Spread: (target, its dice) of every target the preview was asked for


class MatchQueries:
    # == ACT and costs of a unit that may not be activating yet ==========================================
    def act_now(self, uid: int) -> int:
        """ACT the unit has left (activating), or would have if it activated now."""
        if self.activation is not None and self.activation.uid == uid:
            return self.act_left()
        with self._in_world():
            act_n = S.activation_act(self, uid, self.unit(uid).card.act) + self.mission.act_bonus(self, uid)
            if self.carried_by(uid):
                act_n = max(1, act_n + self.carry_act(uid))
            stunned = self.readiness(uid).stunned
            if stunned:
                act_n = max(1, act_n - stunned)
            return act_n

    @contextmanager
    def as_if_active(self, uid: int):
        """Ask questions about `uid` as if it had just started its activation (for a Ready unit the player is
        looking at); the match is as it was afterwards."""
        if self.activation is not None and self.activation.uid == uid:
            with self._in_world():
                yield
            return
        saved = self.activation
        with self._in_world():
            self.activation = Activation(uid=uid, act=self.act_now(uid), move_tax=self.conditions(uid).move_tax)
            try:
                yield
            finally:
                self.activation = saved

    @contextmanager
    def as_if_at(self, uid: int, x: float, y: float, z: float):
        """Ask questions as if `uid` stood at (x, y, z) (a Move's destination the player is looking at: who would
        see it there, who could shoot it); the match is as it was afterwards."""
        with self._in_world():
            saved = self._put(uid, x, y, z)
            try:
                yield
            finally:
                self._put(uid, *saved)

    def blocker_words(self, blocker: str) -> str:
        """What blocks a Line of Sight (Sight.blocker), as a player reads it: "blocked by" the unit's or marker's
        name (so a squadmate in the way never reads as the target), the terrain's (a wall, the platform 'roof'),
        smoke."""
        for b in self.table.bases:
            if blocker == base_label(b.side, b.uid):
                return f"blocked by {self.unit(b.uid).name}"
        if blocker in ("same position", "same square"):
            return "the units stand in one place"
        return f"blocked by {player_label(blocker)}"

    def sight_between(self, looker: int, target: int) -> Sight:
        """The Line of Sight and Cover a Ranged attack of `looker` on `target` would use now (smoke, Proxy and
        the other skills that change sight included)."""
        with self._in_world():
            return S.sight_from(self, looker, target)

    def action_cost_for(self, uid: int, action: str, weapon=None, skill: str | None = None, base: int = 1,
                        to_only: bool = False) -> tuple[int, tuple[int, int] | None, str | None]:
        """(ACT cost, (from ACT, from TO) or None, why it cannot be done or None) of an action of `uid` now,
        or as its first action if it activated now."""
        with self.as_if_active(uid):
            cost = self.cost_of(action, weapon, skill, base)
            if cost >= act.FORBIDDEN:
                a = self.activation
                full = act.action_cost(self.unit(uid).card, action, tuple(a.history), weapon=weapon, skill=skill,
                                       base=base, move_tax=a.move_tax)
                return cost, None, self._forbidden(a, action, skill, full) or "not possible now"
            pay = self.payment(cost, to_only)
            if pay is None:
                side = self.side_of(uid)
                need = f"{cost} TO" if to_only else f"{cost} ACT"
                return cost, None, f"costs {need}; it has {self.act_left()} ACT + {self.to.get(side, 0)} TO"
            return cost, pay, None

    def skill_cost_for(self, uid: int, skill_id: str) -> tuple[int, tuple[int, int] | None, str | None]:
        """`action_cost_for` of a skill action of `uid`: its base cost, paid with TO only or not, counted as the
        action it repeats (leaving hiding is not hiding again)."""
        base, to_only = S.skill_cost(self, skill_id)
        with self._in_world():
            pay = S.pay_id(self, uid, skill_id)
        return self.action_cost_for(uid, act.SKILL, skill=pay, base=base, to_only=to_only)

    # == who may act =======================================================================================
    def order_reason(self, uid: int, side: str) -> str | None:
        """Why `side` cannot give `uid` orders at this moment (whose decision it is, whose turn it is to
        activate: co-op partners take turns, R27), or None."""
        if self.side_of(uid) != side:
            return "not one of your units"
        if self.phase != "battle":
            return "the mission is over" if self.phase == "over" else "the battle has not started"
        p = self.prompt
        if p is not None:
            return "answer the dice first" if p.kind == "dice" else "answer the question first"
        if self.waiting_for() != side:
            return "wait for the other side's activation"
        a = self.activation
        if a is not None:
            return None if a.uid == uid else f"{self.unit(a.uid).name} is activating"
        if not self.readiness(uid).ready:
            return "already activated this Turn"
        with self._in_world():
            if uid not in self._activatable(side):
                players = self.scenario.side(side).players
                seat = self.state.seat_turn.get(side, 0) % max(1, len(players))
                who = players[seat] if seat < len(players) else "another person"
                return f"{who} activates a unit now (partners take turns)"
        return None

    # == movement ==========================================================================================
    def melee_reach(self) -> float:
        """Inches from a base's edge within which another base is Adjacent (R15; one square on the grid)."""
        from game.battlefield.terrain import ADJ_GAP, SQUARE
        return SQUARE if self.table.measure == "grid" else ADJ_GAP

    def move_needs(self, uid: int, action: str, x: float, y: float) -> tuple[float | None, float]:
        """(inches of movement the way to (x, y) needs, None when there is no way; the inches the Move or Dash
        gives, Charge's extension included): why a spot is out of reach."""
        with self.as_if_active(uid):
            budget = self.move_budget(action, uid) + S.move_extension(self, uid, action)
            base = self.base(uid)
            z = self.table.surface_z(x, y, base.z)
            path = self.table.path(base, x, y, z, max(budget, 0.0) + 60.0)
        return (None if path is None else path.cost), budget

    def move_options(self, uid: int, action: str) -> MoveOptions:
        """Where `uid` can end a Move or Dash now: the spots `legal_commands` offers, with their cost."""
        with self.as_if_active(uid):
            budget = self.move_budget(action, uid)
            ext = S.move_extension(self, uid, action)
            reach = self.table.reach(self.base(uid), budget + ext)
            spots = []
            for x, y, z, cost in reach.spots:
                extended = cost > budget + 1e-6
                if extended and not S.extension_ok(self, uid, x, y, z):
                    continue
                spots.append(MoveSpot(x, y, z, cost, extended))
            return MoveOptions(uid, action, budget, ext, tuple(spots), reach)

    def aoo_candidates(self, uid: int, left) -> list[tuple[int, str]]:
        """(enemy, melee weapon id) pairs that may make an Attack of Opportunity (R16) if `uid` left Adjacency of
        the units `left` now (a path's `left_adjacency`): the move's prompt offers exactly these."""
        with self._in_world():
            if not S.provokes_aoo(self, uid) or self.conditions(uid).downed:  # Downed: moves provoke no AoO
                return []
            out = []
            for e in left:
                if not self.standing(e) or self.unit(e).item or not self.is_enemy(uid, e):
                    continue
                if self.readiness(e).aoo_used or not S.can_make_aoo(self, e) or self.conditions(e).downed or \
                        self.health(e).hit <= 0:
                    continue
                if self.mission.target_reason(self, e, uid):  # an AoO is an attack: the mission may forbid it (N72)
                    continue
                out += [(e, w.id) for w in self.unit(e).card.weapons if w.kind == MELEE]
            return out

    # == attacks ===========================================================================================
    def attack_preview(self, attacker: int, weapon_id: str, target: int, with_odds: bool = True,
                       spread: tuple[tuple[int, int], ...] = ()) -> AttackPreview:
        """What an attack on `target` would roll now, and its exact odds; or why it is not a valid target.
        `with_odds` False: only whether it is a valid target (and the distance and sight), for listing targets.
        `spread`: a Spread weapon's dice dealt out, (target, dice) in the order chosen, `target` one of them: the
        attack the command with those targets and that split would make, and the odds of `target`'s dice."""
        with self.as_if_active(attacker):
            w = self.unit(attacker).card.weapon(weapon_id)
            melee = w.kind == MELEE
            reason = self.melee_target_reason(attacker, w, target) if melee else \
                self.ranged_target_reason(attacker, w, target)
            a = self.activation
            if reason is None and a.target is not None and target != a.target:
                reason = f"this free attack must target {self.unit(a.target).name}"
            ab, tb = self.base(attacker), self.base(target)
            sight = None if melee else S.sight_from(self, attacker, target)
            distance = self.table.distance(ab, tb)
            chosen = tuple(t for t, _ in spread)
            if reason is None and spread and target not in chosen:
                reason = "not one of the Spread targets chosen"
            for t in chosen:
                why = None if reason is not None or t == target else (
                    self.melee_target_reason(attacker, w, t) if melee else self.ranged_target_reason(attacker, w, t))
                if why is not None:
                    reason = f"{self.unit(t).name}: {why}"
            if reason is not None or not with_odds:  # (the list of targets needs only whether each is valid)
                return AttackPreview(attacker, weapon_id, target, reason, distance, sight, None, None, None,
                                     spread=spread)
            chain = self.chain_targets(attacker, w, target)
            try:
                if len(spread) > 1:
                    groups = self._target_groups(w, chosen[0], chosen[1:], tuple(n for _, n in spread),
                                                 melee=melee, attacker=attacker)
                else:
                    groups = self._target_groups(w, target, chain, (), melee=melee, attacker=attacker)
            except IllegalCommand as e:
                return AttackPreview(attacker, weapon_id, target, str(e), distance, sight, None, None, None)
            spec = self._attack_spec(attacker, w, groups)
            if spec is None:
                return AttackPreview(attacker, weapon_id, target, "no Attack dice left to roll", distance, sight,
                                     None, None, None)
            others = tuple(st.uid for _, g in spec.groups for st in g if st.uid != target)
            group = next(i for i, (_, g) in enumerate(spec.groups) if any(st.uid == target for st in g))
            setup, missing = spec_setup(spec, group)
            from game.rules.odds import exact_odds
            odds = exact_odds(setup)
            return AttackPreview(attacker, weapon_id, target, None, distance, sight, spec, setup, odds, missing,
                                 others, () if len(spread) > 1 else chain, spread)

    def spread_targets(self, attacker: int, weapon_id: str, chosen: tuple[int, ...]) -> tuple[int, ...]:
        """Spread (weapon specials): the enemies that may join the targets chosen so far, in creation order: each a
        valid target of the weapon now and Adjacent to one chosen, while every target can still have a die of its
        own. () for a weapon without Spread or when nothing is chosen yet."""
        w = self.unit(attacker).card.weapon(weapon_id)
        if not w.has("SPR") or not chosen or len(chosen) >= w.att:
            return ()
        with self.as_if_active(attacker):
            check = self.melee_target_reason if w.kind == MELEE else self.ranged_target_reason
            return tuple(u for u in self.enemies_of(attacker)
                         if u not in chosen and any(self.table.adjacent(self.base(u), self.base(c)) for c in chosen)
                         and check(attacker, w, u) is None)

    def spread_split(self, attacker: int, weapon_id: str, chosen: tuple[int, ...],
                     split: tuple[int, ...] = (), shift: tuple[int, int] | None = None) -> tuple[int, ...]:
        """The dice of a Spread weapon dealt between the `chosen` targets: `split` kept when it still deals them
        all, else an even deal; `shift` (target, +1 or -1) moves one die to or from that target."""
        from game.rules.spread import deal_spread, shift_spread
        att = self.unit(attacker).card.weapon(weapon_id).att
        if len(split) != len(chosen) or sum(split) != att or min(split, default=0) < 1:
            split = deal_spread(att, len(chosen))
        if shift is not None and shift[0] in chosen:
            split = shift_spread(split, chosen.index(shift[0]), shift[1])
        return split

    def chain_targets(self, attacker: int, w, target: int) -> tuple[int, ...]:
        """Chain Reaction x (weapon specials): after the attack on the first target, its strikes may be applied to
        up to x other targets Adjacent to it. Offered: the attacker's standing enemies Adjacent to the first target
        that the mission lets it target (N75), those with the fewest HIT left first (then in creation order); none for
        a weapon without it."""
        if not w.has("CHR"):
            return ()
        tb = self.base(target)
        near = [u for u in self.enemies_of(attacker) if u != target and self.table.adjacent(tb, self.base(u))
                and not self.mission.target_reason(self, attacker, u)]
        near.sort(key=lambda u: (self.health(u).hit, u))
        return tuple(near[:w.value("CHR")])

    # == skills ============================================================================================
    def skill_spot(self, skill_id: str):
        """The area a skill's spot may be chosen in and what the spot does (skills.SpotArea), or None when the
        skill takes only the spots `skill_choices` lists (or no spot)."""
        impl = S.ACTIONS.get(skill_id)
        return impl.spot if impl is not None else None

    def spot_victims(self, uid: int, skill_id: str, x: float, y: float) -> list[int]:
        """Who a spot skill of `uid` used at (x, y) would hit (a Grenade: every unit and item Adjacent to it)."""
        spot = self.skill_spot(skill_id)
        if spot is None or not spot.hits_adjacent:
            return []
        with self._in_world():
            return S.grenade_victims(self, uid, x, y)

    def skill_choices(self, uid: int, skill_id: str, side: str | None = None) -> tuple[list[C.UseSkill], str | None]:
        """The complete UseSkill commands `uid` could give now (as if it activated now when it is Ready), and
        when there are none, the reason most of them fail."""
        impl = S.ACTIONS.get(skill_id)
        if impl is None:
            return [], "not a skill action"
        side = side or self.side_of(uid)
        if impl.anytime:
            with self._in_world():
                cmds = [c for c in S.misdirection_commands(self, side) if c.skill == skill_id]
            return cmds, (None if cmds else "no two units to swap")
        with self.as_if_active(uid):
            why = S.skill_reason(self, uid, skill_id)
            if why is not None:
                return [], why
            out, reasons = [], []
            for kw in impl.options(self, uid):
                cmd = C.UseSkill(side, skill_id, **kw)
                r = impl.check(self, uid, cmd)
                (reasons if r else out).append(r or cmd)
        if out:
            return out, None
        if reasons:
            return [], max(set(reasons), key=reasons.count)
        return [], "nothing to use it on now"


def spec_setup(spec: AttackSpec, group: int = 0):
    """The exact-odds setup of the first target of an attack spec's `group` (its main target unless a Spread
    weapon dealt its dice out), and the rules in play the odds leave out."""
    from game.rules.odds import AttackSetup
    att, targets = spec.groups[group]
    t = targets[0]
    rerolls = dict(spec.rerolls)
    melee = spec.kind == MELEE
    named = {"ACC", "BRU", "support"}
    extra = sum(n for k, n in rerolls.items() if k not in named)
    missing = [label for field, label in NOT_COUNTED if getattr(t, field)]
    if spec.drain:
        missing.append("Life Drain")
    if spec.attacker_no_reroll:
        missing.append("Mindstab")
    if len(spec.groups) > 1 or len(targets) > 1:
        missing.append("the other targets")
    setup = AttackSetup(att=att, skl=spec.skl, arm=t.arm, melee=melee, attacker_arm=spec.attacker_arm,
                        cover=t.cover, support=rerolls.get("support", 0) if melee else 0,
                        target_support=t.support if melee else 0, acc=rerolls.get("ACC", 0) if not melee else 0,
                        bru=rerolls.get("BRU", 0) if melee else 0, rlt=spec.rlt, aut=spec.aut, rnd=spec.rnd,
                        target_hit=t.hit, attacker_hit=spec.attacker_hit,
                        extra_rerolls=0 if spec.attacker_no_reroll else extra,
                        extra_save_rerolls=0 if t.no_reroll else sum(n for _, n in t.save_rerolls))
    return setup, tuple(dict.fromkeys(missing))
