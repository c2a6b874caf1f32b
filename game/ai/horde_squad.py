"""A computer player for the squad in Horde Mode (headless runs, the balance figures, a demo).

In the battle it revives Downed units (it walks to them, or a Downed unit revives itself next to a Standing
Squadmate), heals with a Medpack, fights, throws Grenades at groups, fires a Turret it Controls, shoots, works the
Wave Objective and opens Crates, else closes in (not with its last ACT until a wave runs long, but on a Broodmind,
horde_brood). It shoots from, and steps back into, the spots least exposed to the Horde's shooters (horde_exposure). A
Boss wave ends only when the Boss falls, so once reinforcements come every Turn (or the rest of the Horde is no bigger
than the squad) it attacks the Boss first, with the units that can hurt it; a shooter the Boss holds in Melee steps
away and shoots it (horde_boss), and so does one held by any one unit in a long wave (horde_press), where a shooter
with no shot walks to one before anything else, spare Tactical Orders paying for it (horde_tail). It answers the
mode's questions: the Upgrades shop (Medpacks for the HIT lost, Reinforcements for a Downed unit no squadmate can
reach, Heal, Grenades, Spoils of War, a Turret when rich, Ammunition), the rewards, which unit (horde_squad_picks),
its dice. Deterministic; pays with ACT, and with Tactical Orders to revive, for failed saves, for attack dice (at the
Boss, or while 3 are left) and for attacks beyond its ACT while more than 3 are left; its last one or two units, once
a newcomer arrives every Turn, spend them all on their attacks, press, and leave the markers (horde_lone).
"""
from __future__ import annotations

import math
from types import GeneratorType

from game.battlefield import Base
from game.battlefield.search import sliced
from game.match import commands as C
from game.match.flow import DEPLOY
from game.rules import actions as act
from game.rules.combat import ATTACK
from game.rules.model import MELEE, RANGED

from .common import (Controller, Sights, answer_prompt, approach_spot, attack_target, deployment_left,
                     order_on_dice)
from .horde import SAMPLE, FieldCache, hidden_from, walk_spot
from .horde_boss import step_away, stepped_from_boss
from .horde_brood import chase, flees
from .horde_exposure import Guns, exposure, last_move
from .horde_lone import REINFORCED_TURN, kept_orders, last_units
from .horde_press import step_back
from .horde_squad_picks import MEDPACK_HEALS, choose
from .horde_tail import shot_first, shot_spot_once, spare_orders, stepped_away, walk_to_shot
from .simple import TARGETS_PER_SLICE

OBJECTIVE_MARKERS = ("pylon", "search", "crate")
MARKER_ACTIONS = {"pylon": "calibrate", "search": "search", "crate": "open-crate"}
PRESS_TURN = 7  # from this Turn of a wave the squad presses on: no stepping back into Cover, straight at the Horde
KEEP_TO = 3  # Tactical Orders an attack leaves unspent (for the saves of the Horde's activations, and revives)
REVIVE_TO = 2  # Tactical Orders kept for a revive (2 ACT) while a squadmate is Downed


class HordeSquadController(Controller):
    def __init__(self, side: str) -> None:
        self.side = side
        self.explanation = ""
        self._plan: list = []  # deployment spots, asked once
        self.fields = FieldCache(exact=False)  # walking distances to the Horde, once per Turn
        self.to_mates = FieldCache()  # ... to the Standing squad, for the Downed
        self.to_boss = FieldCache()  # ... to the wave's Boss, when the squad goes for it
        self.to_downed = FieldCache()  # ... to the Downed squad, when as many lie Downed as stand
        self.sight = None  # the decision's sight lines (common.Sights: they stop at a slice's end), made per unit
        # decision
        self._shot_memo: tuple = (None, None)  # (the decision's sights, unit, budget, aim), its spot to shoot from
        self._given_up: set[tuple] = set()  # (unit, marker, wave): a marker the unit got as near as it can and could
        # not work from there (a wall between): it goes for the Horde instead, not back to it in its next Move

    # == prompts ==================================================================================================
    def think(self, match):
        p = match.prompt
        if p is not None:
            return self._answer(match, p)
        if match.phase == DEPLOY:
            waiting = match.undeployed(self.side)
            if not waiting:
                return C.EndDeployment(self.side)
            plan = deployment_left(match, self.side, self._plan)
            if not plan:  # the mission's spots for every unit, asked once (a costly search); again when a person
                # placed some
                plan = self._plan = match.mission.default_deployment(match, self.side)
            if not plan:
                return C.EndDeployment(self.side)
            uid, x, y, z = plan[0]
            return C.Deploy(self.side, uid, x, y, z)
        if match.active_unit is None:
            return C.Activate(self.side, self._next_unit(match))
        uid = match.active_unit
        self.sight = Sights(match.table)
        if match.conditions(uid).downed:
            return (yield from sliced(lambda: self._downed(match, uid))) or C.EndActivation(self.side)
        for f in self._choices(match, uid):
            # a slice per choice weighed; its movement searches stop at the slice's end (the choice is asked again)
            cmd = yield from sliced(lambda: f(match, uid))
            if isinstance(cmd, GeneratorType):  # a choice weighed in slices of its own (_shoot)
                cmd = yield from cmd
            if cmd is not None:
                self.explanation = f"{match.unit(uid).name}: {f.__name__.strip('_').replace('_', ' ')}"
                return cmd
            yield
        return C.EndActivation(self.side)

    def _answer(self, match, p) -> C.Command:
        if p.kind == "choice":
            then = p.then
            return C.Choose(self.side, choose(match, self.side, then, [o for o, _ in p.options]))
        if p.kind == "mission_dice":
            return C.AcceptDice(self.side)
        if p.kind == "dice":
            return self._dice(match, p)
        return answer_prompt(match, self.side)

    def _dice(self, match, p) -> C.Command:
        """Free re-rolls first (the plain policy); then Tactical Orders, lost at the end of the Turn anyway: on a
        squad unit's failed saves always (each is a HIT lost, and HIT carries from wave to wave), on failed attack
        dice against the Boss or while 3 or more are left, and at any target in a long wave (from PRESS_TURN: it ends
        only when the squad takes out everything on the table in one Turn; over seeds 0-399, waves of 11+ Turns 14,
        now 9) or by the squad's last units (`_pressing`, horde_lone). Two are kept for a revive while a squadmate is
        Downed.
        A die one short is changed (a sure thing), another re-rolled."""
        cmd = answer_prompt(match, self.side)
        if not isinstance(cmd, C.AcceptDice):
            return cmd
        d = p.decision
        to = match.to.get(self.side, 0) - (REVIVE_TO if match.units(self.side, downed=True) else 0)
        if to <= 0 or not d.failed():
            return cmd
        if d.stage == ATTACK and to < 3 and not self._pressing(match):
            target = attack_target(match)
            if target is None or target != match.mission_state.get("boss"):
                return cmd
        return order_on_dice(match, self.side, d.failed()) or cmd

    # == the battle ===============================================================================================
    def _choices(self, match, uid: int) -> tuple:
        """What a Standing unit weighs, in order. Once reinforcements come every Turn, with more of the squad Downed
        than standing, or as many and one of them within a Move, walking to a Downed squadmate comes before
        shooting: a lone shooter trading shots with each new arrival never ends the wave (seed 179's sixth wave: 40
        Turns, three Downed 7" away; seed 144's: 15 Turns, one Downed 3" away). (With as many standing and the
        Downed far off, the walk under fire cost more than it gave: seed 86's sixth wave went from 7 Turns to 16.)"""
        ready = (self._revive, self._medpack, self._step_away, self._melee, self._grenade, self._fire_turret)
        rest = (self._marker_action, self._deploy_turret)
        if match.mission_state.get("wave_turn", 0) >= REINFORCED_TURN:
            down, up = match.units(self.side, downed=True), match.units(self.side)
            me, reach = match.base(uid), match.move_budget(act.MOVE) + 1.0
            if len(down) > len(up) or (down and len(down) == len(up) and any(
                    match.table.distance(me, match.base(d)) <= reach for d in down)):
                first = (self._shoot, self._to_downed) if stepped_away(match, uid) else (self._to_downed, self._shoot)
                return ready + first + (self._shot_first,) + rest + (self._take_cover, self._advance,
                                                                     self._walk_to_shot)
        return ready + (self._shoot, self._shot_first) + rest + (self._to_downed, self._take_cover, self._advance,
                                                                self._walk_to_shot)

    def _next_unit(self, match) -> int:
        ready = [c.uid for c in match.legal_commands(self.side) if isinstance(c, C.Activate)]
        down = match.units(self.side, downed=True)
        foes = [u for u in match.units() if match.side_of(u) != self.side]

        def key(u):
            if match.conditions(u).downed:
                return (2, 0.0, u)
            near_down = any(match.adjacent(u, d) for d in down)
            d = min((match.table.distance(match.base(u), match.base(f)) for f in foes), default=0.0)
            return (0 if near_down else 1, d, u)
        return min(ready, key=key)

    def _mission(self, match, uid: int, aid: str, marker=None, target=None, to_ok: bool = False):
        if match.mission_action_reason(uid, aid, marker, target) is not None:
            return None
        d = next(d for d in match.mission_action_defs() if d.id == aid)
        cost = match.cost_of(act.MISSION, skill=aid, base=d.cost, repeat=d.repeats)
        if (match.payment(cost) is None) if to_ok else (match.act_left() < cost):
            return None
        return C.UseMissionAction(self.side, aid, marker, target)

    def _downed(self, match, uid: int):
        for mate in match.units(self.side):
            cmd = self._mission(match, uid, "revive-self", target=mate, to_ok=True)
            if cmd is not None:
                return cmd
        mates = match.units(self.side)
        if not mates or match.payment(match.cost_of(act.MOVE)) is None:
            return None
        me = match.base(uid)
        mate = min(mates, key=lambda m: (match.table.distance(me, match.base(m)), m))
        if match.adjacent(uid, mate):
            return None
        budget = match.move_budget(act.MOVE)
        spot = approach_spot(match, uid, mate, budget, False, False)
        if spot is None:  # a wall in the straight way: round it
            field = self.to_mates.get(match, mates, me)
            if field is not None and field.at(me.x, me.y, me.z) < math.inf:
                spot = walk_spot(match, me, field, match.table.reach(me, budget).spots)
        return None if spot is None else C.Move(self.side, *spot)

    def _revive(self, match, uid: int):
        for d in match.units(self.side, downed=True):
            cmd = self._mission(match, uid, "revive", target=d, to_ok=True)
            if cmd is not None:
                return cmd
        return None

    def _medpack(self, match, uid: int):
        """A Medpack on the unit or a squadmate it Controls that has lost enough HIT for 1D3 not to go to waste (2, or
        its last HIT but one)."""
        def needs(u):
            h = match.health(u)
            return h.max_hit - h.hit >= MEDPACK_HEALS or (h.hit == 1 and h.max_hit > 1)
        if needs(uid):
            cmd = self._mission(match, uid, "medpack-self")
            if cmd is not None:
                return cmd
        for m in match.units(self.side):
            if m != uid and needs(m):
                cmd = self._mission(match, uid, "medpack", target=m)
                if cmd is not None:
                    return cmd
        return None

    def _affordable(self, match, action, weapon=None) -> bool:
        """With the unit's ACT; an attack also with Tactical Orders beyond the KEEP_TO kept for saves and revives
        (they are lost at the end of the Turn: a lone unit held 8 while it fought a long wave one attack a Turn)."""
        cost = match.cost_of(action, weapon)
        if match.act_left() >= cost:
            return True
        pay = match.payment(cost)
        if pay is None:
            return False
        if match.activation.grant:
            return True
        return action in (act.MELEE_COMBAT, act.RANGED_COMBAT) and match.to.get(self.side, 0) - pay[1] >= \
            kept_orders(match, self.side, KEEP_TO)

    def _foes(self, match, uid: int) -> list[int]:
        return match.enemies_of(uid)

    _shot_first = shot_first  # in a long wave, before markers and Downed squadmates (horde_tail)

    def _walk_to_shot(self, match, uid: int):  # the ACT left and Tactical Orders, in a long wave (horde_tail)
        return walk_to_shot(self, match, uid, kept_orders(match, self.side, KEEP_TO))

    def _step_away(self, match, uid: int):  # from the Boss (horde_boss); in a long wave from any one (horde_press)
        return step_away(self, match, uid) or step_back(self, match, uid)

    def _melee(self, match, uid: int):
        weapons = [w for w in match.unit(uid).card.weapons if w.kind == MELEE]
        if not weapons:
            return None
        w = max(weapons, key=lambda w: (w.att * w.skl, w.id))
        if not self._affordable(match, act.MELEE_COMBAT, w):
            return None
        me = match.base(uid)
        items = [i for i in match.units(items=True) if match.unit(i).side not in (self.side, "neutral")
                 and match.table.adjacent(me, match.base(i))]
        for pool in (match.adjacent_enemies(uid), items):  # enemy units first, then a Nexus
            adj = [e for e in pool if match.melee_target_reason(uid, w, e) is None]
            if match.activation.target is not None:
                adj = [e for e in adj if e == match.activation.target]
            if adj:
                return match.attack_command(self.side, uid, w, self._first(match, uid, adj)[0])
        return None

    def _grenade(self, match, uid: int):
        """At a group of two or more (none of the squad Adjacent), the biggest; or at the Boss alone when the squad
        goes for it and it cannot be shot yet (the Ossuary Engine's Null Construct: a Grenade is no Ranged Combat,
        and once the Boss is hurt every shooter may fire at it)."""
        if "grenade" not in match.mission_state.get("items", {}).get(str(uid), []):
            return None
        foes = self._foes(match, uid)
        mates = match.units(self.side)
        boss = self._boss(match, uid)
        unshot = boss is not None and match.mission.ranged_target_reason(match, uid, boss) is not None
        best = None
        for t in foes:
            tb = match.base(t)
            near = [f for f in foes if f == t or match.table.adjacent(tb, match.base(f))]
            if (len(near) < 2 and not (unshot and t == boss)) or \
                    any(match.table.adjacent(tb, match.base(m)) for m in mates):
                continue
            if best is None or len(near) > best[0]:
                cmd = self._mission(match, uid, "throw-grenade", target=t)
                if cmd is not None:
                    best = (len(near), cmd)
        return None if best is None else best[1]

    def _fire_turret(self, match, uid: int):
        if not match.markers("turret") or match.adjacent_enemies(uid):
            return None
        for t in self._first(match, uid, self._foes(match, uid)):
            cmd = self._mission(match, uid, "fire-turret", target=t)
            if cmd is not None:
                return cmd
        return None

    def _deploy_turret(self, match, uid: int):
        if "turret" not in match.mission_state.get("items", {}).get(str(uid), []) or match.adjacent_enemies(uid):
            return None
        if not self._foes(match, uid):
            return None
        return self._mission(match, uid, "deploy-turret")

    def _boss(self, match, uid: int) -> int | None:
        """The wave's Boss while the squad goes for it first: it stands and either the rest of the Horde is no more
        than the Standing squad or reinforcements come every Turn (the wave ends only when the Boss falls, and a
        Broodmind births a Leech each Turn). Shooting the Leeches and stragglers first is what made those waves
        last 20 Turns and more."""
        boss = match.mission_state.get("boss")
        foes = self._foes(match, uid)
        if boss is None or boss not in foes:
            return None
        if match.mission_state.get("wave_turn", 0) >= REINFORCED_TURN or len(foes) - 1 <= len(match.units(self.side)):
            return boss
        return None

    def _first(self, match, uid: int, pool: list[int]) -> list[int]:
        """`pool` in the order the unit attacks: the Boss first when the squad goes for it, then the weakest."""
        boss = self._boss(match, uid)
        if boss is None and stepped_from_boss(match, uid):  # it stepped away from the Boss to shoot it (horde_boss)
            boss = match.mission_state.get("boss")
        return sorted(pool, key=lambda e: (e != boss, match.health(e).hit, e))

    def _shoot(self, match, uid: int):
        """The first weapon and valid target in order. A generator: it yields between every few targets it asks about
        (TARGETS_PER_SLICE, as the plain policy: each is a sight question; a full table's 40 made one 25 ms slice)."""
        foes = self._foes(match, uid)
        asked = 0
        items = [i for i in match.units(items=True) if match.unit(i).side not in (self.side, "neutral")]
        for w in sorted((w for w in match.unit(uid).card.weapons if w.kind == RANGED),
                        key=lambda w: (-w.att * w.skl, w.id)):
            if not self._affordable(match, act.RANGED_COMBAT, w):
                continue
            for pool in (foes, items):  # the weakest valid target first (asked in that order: sight is costly)
                if match.activation.target is not None:
                    pool = [e for e in pool if e == match.activation.target]
                for t in self._first(match, uid, pool):
                    if asked and not asked % TARGETS_PER_SLICE:
                        yield
                    asked += 1
                    if match.ranged_target_reason(uid, w, t) is None:
                        return match.attack_command(self.side, uid, w, t)
        return None

    def _marker_action(self, match, uid: int):
        if last_units(match, self.side) and self._foes(match, uid):  # the wave first (horde_lone)
            return None
        for kind in OBJECTIVE_MARKERS:
            for mid in match.markers(kind, on_table=True):
                cmd = self._mission(match, uid, MARKER_ACTIONS[kind], marker=mid)
                if cmd is not None:
                    return cmd
        return None

    def _to_downed(self, match, uid: int):
        """Walk to a Downed Squadmate within one Move, to revive it (with the ACT or TO left); when no more of the
        squad stands than lies Downed, to the nearest Downed one however far (by the walking field): a lone unit
        at 1 HIT does not end a wave of reinforcements, two may (seed 3's fourth wave: 27 Turns, the Downed one
        12" away the whole time)."""
        if match.adjacent_enemies(uid) or not self._affordable(match, act.MOVE):
            return None
        me = match.base(uid)
        wave = match.mission_state.get("wave", 0)
        down = match.units(self.side, downed=True)
        for d in down:  # here, able to pay, and the revive was refused (an enemy by it): not walked back to while
            by = any(match.adjacent(e, d) for e in match.enemies_of(uid))  # one stands by it (this wave)
            if by and match.adjacent(uid, d) and match.act_left() >= 2:
                self._given_up.add((uid, d, wave))
            elif not by:
                self._given_up.discard((uid, d, wave))
        down = [d for d in down if (uid, d, wave) not in self._given_up]
        for d in sorted(down, key=lambda d: (match.table.distance(me, match.base(d)), d)):
            if match.adjacent(uid, d) or match.table.distance(me, match.base(d)) > match.move_budget(act.MOVE) + 1:
                continue
            spot = approach_spot(match, uid, d, match.move_budget(act.MOVE), True, False)
            if spot is not None:
                return C.Move(self.side, *spot)
        if not down or len(match.units(self.side)) > len(down) or any(match.adjacent(uid, d) for d in down):
            return None
        field = self.to_downed.get(match, down, me)
        if field is None or field.at(me.x, me.y, me.z) == math.inf:
            return None
        spot = walk_spot(match, me, field, match.table.reach(me, match.move_budget(act.MOVE)).spots,
                         self._threats(match, uid), self.sight)
        return None if spot is None else C.Move(self.side, *spot)

    def _threats(self, match, uid: int, n: int = 3) -> list:
        me = match.base(uid)
        foes = [match.base(f) for f in self._foes(match, uid)]
        return sorted(foes, key=lambda b: (math.hypot(b.x - me.x, b.y - me.y), b.uid))[:n]

    def _ranged_first(self, match, uid: int) -> bool:
        card = match.unit(uid).card
        best = {k: max((w.att * w.skl for w in card.weapons if w.kind == k), default=0) for k in (MELEE, RANGED)}
        return best[RANGED] > 0 and best[RANGED] >= best[MELEE]

    def _take_cover(self, match, uid: int):
        """A shooter that has fought this activation and has a Move left steps to a spot nearby less exposed to the
        Horde's shooters (horde_exposure), else one that more of the nearest enemies cannot see, or see only in Cover
        (never Adjacent to one)."""
        a = match.activation
        if a.grant or not any(p.action in (act.RANGED_COMBAT, act.MISSION) for p in a.history) or self._pressing(match):
            return None
        if match.adjacent_enemies(uid) or not self._ranged_first(match, uid) or \
                match.act_left() < match.cost_of(act.MOVE):
            return None
        threats = self._threats(match, uid)
        if not threats:
            return None
        me = match.base(uid)
        guns = Guns(match, uid)

        def safety(x, y, z):
            return -exposure(match, me, x, y, z, guns, self.sight), hidden_from(match, me, x, y, z, threats, self.sight)
        now = safety(me.x, me.y, me.z)
        if now == (0.0, len(threats)):
            return None
        spots = self._spots(match, me, match.move_budget(act.MOVE), threats)
        best = max(spots, key=lambda s: (safety(s[0], s[1], s[2]), -s[3], -s[0], -s[1]), default=None)
        if best is None or safety(best[0], best[1], best[2]) <= now:
            return None
        return C.Move(self.side, best[0], best[1], best[2])

    def _pressing(self, match) -> bool:
        """A long wave (reinforcements keep coming), or the squad's last units once they come every Turn (horde_lone):
        end it rather than trade shots from Cover."""
        return match.mission_state.get("wave_turn", 0) >= PRESS_TURN or last_units(match, self.side)

    @staticmethod
    def _spots(match, me, budget: float, threats) -> list:
        """At most SAMPLE * 2 spots of a Move, from the cheapest, never Adjacent to an enemy: (x, y, z, cost)."""
        spots = sorted(((c, x, y, z) for x, y, z, c in match.table.reach(me, budget).spots
                        if all(math.hypot(x - t.x, y - t.y) > me.radius + t.radius + 1.0 for t in threats)))
        step = max(1, len(spots) // (SAMPLE * 2))
        return [(x, y, z, c) for c, x, y, z in spots[::step]]

    _shot_spot = shot_spot_once  # _find_shot_spot, asked once per decision (horde_tail)

    def _find_shot_spot(self, match, uid: int, budget: float, aim: int | None = None):
        """A spot of the Move from which the unit can shoot one of the nearest enemies (`aim` alone when given: the
        Boss) in range, in sight, not Adjacent to one, with the ACT left after the Move (in a long wave also the spare
        Tactical Orders, horde_tail): the one least exposed to the Horde's shooters (horde_exposure: seen in the open,
        in Cover, a Blast's squadmates within 1"), then the most hidden from the nearest enemies, then the cheapest;
        None when it has no such shot. (The nearest enemies are mostly Melee units, whose sight does not matter; the
        Horde's shooters fire from where they see the unit.)"""
        left = match.act_left() - match.cost_of(act.MOVE) + spare_orders(
            self, match, kept_orders(match, self.side, KEEP_TO))
        weapons = [w for w in match.unit(uid).card.weapons if w.kind == RANGED and not
                   (w.has("LIM") and w.id in match.readiness(uid).used_limited)]
        weapons = [w for w in weapons if match.cost_of(act.RANGED_COMBAT, w) <= left]
        if not weapons:
            return None
        threats = self._threats(match, uid, 4)
        targets = [t for t in (threats if aim is None else [match.base(aim)]) if self._open_to_shots(match, uid, t.uid)]
        if not targets:
            return None
        me = match.base(uid)
        table = match.table
        guns = Guns(match, uid)
        best = None
        for x, y, z, cost in self._spots(match, me, budget, threats + targets):
            probe = Base(uid=me.uid, side=me.side, x=x, y=y, z=z, radius=me.radius, move=me.move)
            if not any(any(table.in_range(probe, t, w.range_inches) for w in weapons) and self.sight(probe, t).visible
                       for t in targets):
                continue
            key = (-exposure(match, me, x, y, z, guns, self.sight),
                   hidden_from(match, me, x, y, z, threats, self.sight), -cost, -x, -y)
            if best is None or key > best[0]:
                best = (key, (x, y, z))
        return None if best is None else best[1]

    @staticmethod
    def _open_to_shots(match, uid: int, target: int) -> bool:
        """Whether `uid` may shoot `target` from some spot (the match's `shot_barred_reason`: not while a squadmate
        is Adjacent to it, R7, nor while the mission forbids it, the Null Construct). A spot "with a shot" at a target
        a squadmate fights is none: the unit walked there and could not fire, Turn after Turn (seed 1's eighth wave:
        the last two of the squad, one holding each reinforcement in Melee, the other circling it)."""
        return match.shot_barred_reason(uid, target) is None

    def _advance(self, match, uid: int):
        """Toward the objective markers near the unit; else a spot to shoot from (the most hidden), else toward the
        nearest of the Horde, in Cover from the nearest when it can, round walls when the straight way is blocked
        (the Turn's walking field); the wave's Boss instead of the nearest when the squad goes for it (`_boss_goal`).
        A marker the unit cannot come nearer to (it stands as close as it can and still cannot work it) no longer
        holds it in that wave: it goes for the Horde instead of waiting there, or walking back to it, Turn after
        Turn (seed 130's fourth wave: a Crate with a wall between).
        A Move that would leave no ACT for an attack (`last_move`) does not go toward the Horde before the wave's long
        Turns (PRESS_TURN): the unit ended its activation nearer the enemy without hurting it, and the enemy struck
        first (seed 192's fourth wave: a unit shot the Broodmind twice, walked Adjacent to it with its last ACT and was
        Downed by its two Melee attacks). Over seeds 0-199 the squads lost in their fourth wave went from 47 to 35.
        Toward the Broodmind, which never comes to the squad, it does, to a spot Adjacent to no enemy (horde_brood)."""
        if match.adjacent_enemies(uid) or not self._affordable(match, act.MOVE):
            return None
        me = match.base(uid)
        budget = match.move_budget(act.MOVE)
        wave = match.mission_state.get("wave", 0)
        points = []
        for kind in OBJECTIVE_MARKERS:
            for mid in match.markers(kind, on_table=True):
                if (uid, mid, wave) not in self._given_up:
                    p = match.marker_position(mid)
                    points.append((math.hypot(p[0] - me.x, p[1] - me.y), p, mid, kind))
        items = [i for i in match.units(items=True) if match.unit(i).side not in (self.side, "neutral")]
        foes = self._foes(match, uid) + items
        if foes:
            boss = self._boss_goal(match, uid, foes)
            goal = boss if boss is not None else min(foes, key=lambda o: (match.table.distance(me, match.base(o)), o))
            gd = match.table.distance(me, match.base(goal))
            close = [pt for pt in points if pt[0] < min(gd, 8.0) and not (boss is not None and pt[3] == "crate")
                     and not last_units(match, self.side)]
            step = None
            if close:
                _, at, mid, _ = min(close)
                step = self._to_marker(match, me, budget, at)
                if step is None:  # as near as it gets and still not worked: it no longer holds this unit this wave
                    self._given_up.add((uid, mid, wave))
            if step is None and last_move(match, uid) and not self._pressing(match):
                return chase(self, match, uid, me, budget, boss, foes) if flees(match, boss) else None
            return step or self._to_foes(match, uid, me, budget, goal, foes, boss is not None)
        if not points:
            return None
        return self._to_marker(match, me, budget, min(points)[1])

    def _boss_goal(self, match, uid: int, foes: list[int]) -> int | None:
        """The Boss, when the squad goes for it (`_boss`) and this unit can hurt it where it stands: in Melee, or by
        shooting when it shoots first and the Boss may be shot at all (the Ossuary Engine's Null Construct: not while
        it has all its HIT); a shooter that cannot hurt it goes for it only when nothing else of the Horde is left."""
        boss = self._boss(match, uid)
        if boss is None or not self._ranged_first(match, uid):
            return boss
        if match.mission.ranged_target_reason(match, uid, boss) is None or foes == [boss]:
            return boss
        return None

    def _to_marker(self, match, me, budget: float, target):
        """A Move to the spot of the reach nearest the marker; None when none is nearer than where the unit is."""
        spots = match.table.reach(me, budget).spots
        if not spots:
            return None
        x, y, z, _ = min(spots, key=lambda s: (round(math.hypot(s[0] - target[0], s[1] - target[1]) * 2), s[3],
                                               s[0], s[1]))
        if math.hypot(x - target[0], y - target[1]) >= math.hypot(me.x - target[0], me.y - target[1]) - 0.05:
            return None
        return C.Move(self.side, x, y, z)

    def _to_foes(self, match, uid: int, me, budget: float, goal: int, foes: list, boss: bool = False):
        """Toward the goal: a shooter first looks for a spot to shoot from (at the Boss when it is the goal, pressing
        or not), else the nearest spot, else round walls by the Turn's walking field, else (blocked every way: a
        Downed squadmate or a wall in the only way) any spot of the Move with a shot."""
        shooter = self._ranged_first(match, uid) and not match.activation.grant
        aim = goal if boss else None
        spot = None
        if shooter:  # pressing or not: a shot from where it stops (the nearest spot by walking may be across a wall)
            spot = self._shot_spot(match, uid, budget, aim)
        walk = boss or self._pressing(match)  # a long wave: by the walking field (the straight line led into dead
        # ends and back, Turn after Turn, as the nearest foe changed with every step)
        if spot is None and not walk:
            spot = approach_spot(match, uid, goal, budget, False, True, self.sight)
        if spot is None:  # a wall in the straight way: round it (the Turn's walking field)
            field = self.to_boss.get(match, [goal], me) if boss else self.fields.get(match, foes, me)
            if field is not None and field.at(me.x, me.y, me.z) < math.inf:
                spot = walk_spot(match, me, field, match.table.reach(me, budget).spots, self._threats(match, uid),
                                 self.sight)
        if spot is None and walk:
            spot = approach_spot(match, uid, goal, budget, False, True, self.sight)
        return None if spot is None else C.Move(self.side, *spot)
