"""What the match offers mission scripts: mission actions, the mission's own rolls and questions, MP, Anchors,
deployment spots, units leaving the table. Mission scripts change the match only through these (and the
markers of markers.py); their state lives in `match.mission_state` (plain data, in the state hash).

Mission steps: a script queues `("mission", name, *args)` with `match.mission_step(...)`; when it runs the
match calls `mission.on_step(match, name, *args)`. Rolls and questions take a `then` = (name, *args): the
answer (the dice faces, the chosen option) is appended to the args of that step. So a mission written as
small steps can stop for a Tactical Order re-roll or a player's choice and carry on, and replays follow.
"""
from __future__ import annotations

import math

import esper

from game.rules import actions as act
from game.rules.combat import Decision
from game.rules.dice import Die

from . import anchors as A
from . import commands as C
from . import events as E
from . import skills as S
from .components import Conditions, Departed, Health, Readiness, Unit
from .errors import IllegalCommand
from .mission import MissionActionDef
from .prompts import Prompt

MISSION_DICE = "mission"  # the stage of a mission roll's dice (for re-roll events)



def _crowded(x: float, y: float, room: float, cells) -> bool:
    """Whether a spot of `cells` (lists of (x, y), or None) lies nearer than `room` to (x, y)."""
    hypot = math.hypot
    for got in cells:
        if got:
            for sx, sy in got:
                if hypot(x - sx, y - sy) < room:
                    return True
    return False

class MatchMissions:
    # == mission steps, rolls, questions ===========================================================
    def mission_step(self, name: str, *args, front: bool = False) -> None:
        """Run the mission's step `name` after what is queued, or (`front`) before it: steps put in front during
        one step run in the order they were put there."""
        self._queue(("mission", name, *args), front=front)

    def roll_table(self, n: int, why: str, then: tuple, sides: int = 6, side: str | None = None,
                   to_dice: bool = False, outcome: str = "", meaning: tuple[tuple[int, str], ...] = ()) -> None:
        """Roll n dice for the mission (a table, a search, a crate) and run step `then` with the faces appended.
        `to_dice`: the rolling `side` may re-roll or change them with Tactical Orders first (Core Rules
        section 5); a roll the rules keep untouched (Search) passes False. `meaning`: (face, what it means) for
        each face of a die, so the question says what a re-roll or a change would bring ("Overrun")."""
        faces = tuple(self.dice.d(sides) for _ in range(n))
        self.emit(E.DiceRolled(why, tuple(Die(f) for f in faces), outcome, side, sides))
        if to_dice and side is not None and side not in self.npc_sides and self.to.get(side, 0) > 0:
            d = Decision(stage=MISSION_DICE, role="attacker", uid=-1, dice=tuple(Die(f) for f in faces), stat=0,
                         free=())
            self.prompt = Prompt("mission_dice", side, f"{why}: re-roll or change a die with Tactical Orders, or "
                                  "accept", decision=d, data=(tuple(then), why, tuple(meaning), sides))
            return
        self.mission_step(*then, faces, front=True)

    def ask(self, side: str, text: str, options: tuple[tuple[str, str], ...], then: tuple,
            secret: bool = False, units: tuple = ()) -> None:
        """Ask `side` to choose one of `options` ((id, words) pairs); step `then` runs with the id appended.
        `secret`: the choice is the side's own (the screen hands over first; the log keeps it quiet). `units`: for
        each option, the unit it names (None: not a unit), so the screen can show its card."""
        if not options:
            raise ValueError("a question needs options")
        units = tuple(units) + (None,) * (len(options) - len(units))
        self.prompt = Prompt("choice", side, text, options=tuple(options), data=(tuple(then), secret,
                                                                                  units[:len(options)]))

    def _answer_choice(self, p: Prompt, cmd: C.Command) -> None:
        if not isinstance(cmd, C.Choose) or cmd.option not in [o for o, _ in p.options]:
            raise IllegalCommand("choose one of the options")
        then = p.then
        self.prompt = None
        self.mission_step(*then, cmd.option, front=True)

    def _answer_mission_dice(self, p: Prompt, cmd: C.Command) -> None:
        d = p.decision
        dice = list(d.dice)
        side = p.side
        if isinstance(cmd, C.AcceptDice):
            then = p.then
            self.prompt = None
            self.mission_step(*then, tuple(x.value for x in dice), front=True)
            return
        if self.to.get(side, 0) < 1:
            raise IllegalCommand("no Tactical Orders left")
        if isinstance(cmd, C.RerollDie) and cmd.source == "TO" and 0 <= cmd.index < len(dice):
            if dice[cmd.index].rerolled:
                raise IllegalCommand("a die may be re-rolled only once (R1)")
            old = dice[cmd.index]
            dice[cmd.index] = old.rerolled_to(self.dice.d(p.sides))
            self.emit(E.DieRerolled(-1, MISSION_DICE, cmd.index, "TO", old.natural, dice[cmd.index].natural))
        elif isinstance(cmd, C.ChangeDie) and cmd in self._mission_dice_commands(p):
            dice[cmd.index] = dice[cmd.index].shifted(cmd.delta)
            self.emit(E.DieChanged(-1, MISSION_DICE, cmd.index, cmd.delta, dice[cmd.index].value))
        else:
            raise IllegalCommand("re-roll or change a die with a Tactical Order, or accept")
        self.to[side] -= 1
        self.prompt = Prompt(p.kind, side, p.text, decision=Decision(stage=d.stage, role=d.role, uid=d.uid,
                                                                      dice=tuple(dice), stat=0, free=()), data=p.data)

    def _mission_dice_commands(self, p: Prompt) -> list[C.Command]:
        s = p.side
        out: list[C.Command] = [C.AcceptDice(s)]
        if self.to.get(s, 0) > 0:
            for i, die in enumerate(p.decision.dice):
                if not die.rerolled:
                    out.append(C.RerollDie(s, i, "TO"))
                if die.value > 1:
                    out.append(C.ChangeDie(s, i, -1))
                if die.value < p.sides:
                    out.append(C.ChangeDie(s, i, +1))
        return out

    # == scores and Tactical Orders ===============================================================
    def add_mp(self, side: str, n: int, why: str) -> None:
        self.score[side] = self.score.get(side, 0) + n
        self.emit(E.ScoreChanged(side, self.side_name(side), n, self.score[side], why))

    def add_to(self, side: str, n: int, why: str) -> None:
        """Tactical Orders gained or lost by a mission's rule (never below 0)."""
        before = self.to.get(side, 0)
        self.to[side] = max(0, before + n)
        self.emit(E.TacticalOrdersChanged(side, self.side_name(side), self.to[side] - before, self.to[side], why))

    def add_act(self, uid: int, n: int, why: str) -> None:
        """ACT the active unit gains for this activation by a mission's rule (Energy Overflow); nothing for a unit
        that is not the one activating."""
        a = self.activation
        if a is None or a.uid != uid or a.grant:
            return
        a.act += n
        self.note(f"{self.unit(uid).name} has {n} more ACT this activation ({why})", uid)

    def event(self, name: str, message: str = "", side: str | None = None) -> None:
        """A mission's own happening, for the log and the screen's banners."""
        self.emit(E.MissionEvent(name, message, side))

    # == mission actions ===========================================================================
    def mission_action_defs(self) -> list[MissionActionDef]:
        return list(self.mission.mission_actions(self))

    def _mission_action(self, action_id: str) -> MissionActionDef:
        for d in self.mission_action_defs():
            if d.id == action_id:
                return d
        raise IllegalCommand("this mission has no such action")

    def mission_action_reason(self, uid: int, action_id: str, marker: str | None = None,
                              target: int | None = None) -> str | None:
        """Why `uid` cannot take the mission action now on that marker or unit (cost aside), or None."""
        return self.mission_action_reasons(uid, action_id, ((marker, target),))[0]

    def mission_action_reasons(self, uid: int, action_id: str, targets) -> list[str | None]:
        """`mission_action_reason` for each (marker, unit) of `targets`, the action looked up once (the action
        buttons ask it of every marker and unit on the table)."""
        try:
            d = self._mission_action(action_id)
        except IllegalCommand as e:
            return [str(e)] * len(targets)
        return [self._mission_action_reason(uid, d, marker, target) for marker, target in targets]

    def _mission_action_reason(self, uid: int, d, marker: str | None, target: int | None) -> str | None:
        if d.sides and self.side_of(uid) not in d.sides:
            return f"only {', '.join(self.side_name(s) for s in d.sides)} may {d.name}"
        if self.conditions(uid).downed and not d.downed_ok:
            return "a Downed unit may only Move, Dash or be revived"
        if not S.may_take_mission_actions(self, uid):
            return f"{self.unit(uid).name} cannot take Mission Actions (Beast, Mindless, Weirdo)"
        if d.target == "marker":
            if marker is None or marker not in self.state.marker_ids:
                return f"{d.name} needs a marker"
            if self.marker(marker).kind not in d.markers:
                return f"{d.name} is not done on {self.marker(marker).label}"
            if self.marker_base(marker) is None:
                return f"{self.marker(marker).label} is not on the table"
            if d.needs_control:
                why = self.control_reason(uid, marker, downed_ok=d.downed_ok)
                if why:
                    return f"the unit must Control {self.marker(marker).label}: {why}"
        elif d.target == "unit":
            if target is None or not self.standing(target):
                return f"{d.name} needs a unit on the table"
            why = self.mission.mission_action_reason(self, uid, d, marker, target)
            if why:  # a unit it is not done on at all: that first (not "must Control" a unit it cannot be done on)
                return why
            if d.needs_control:
                why = self.control_reason(uid, target, downed_ok=d.downed_ok)
                if why:
                    return f"the unit must Control {self.unit(target).name}: {why}"
        return self.mission.mission_action_reason(self, uid, d, marker, target)

    def _mission_action_commands(self, side: str, uid: int) -> list[C.Command]:
        out: list[C.Command] = []
        for d in self.mission_action_defs():
            if self.payment(self.cost_of(act.MISSION, skill=d.id, base=d.cost, repeat=d.repeats)) is None:
                continue
            if d.target == "marker":
                cands = [(m, None) for m in self.markers(on_table=True) if self.marker(m).kind in d.markers]
            elif d.target == "unit":
                cands = [(None, u) for u in self.units(items=None, downed=None) if u != uid]
            else:
                cands = [(None, None)]
            for m, t in cands:
                if self._mission_action_reason(uid, d, m, t) is None:  # (d in hand: not looked up again)
                    out.append(C.UseMissionAction(side, d.id, m, t))
        return out

    def _do_mission_action(self, cmd: C.UseMissionAction) -> None:
        uid = self.activation.uid
        why = self.mission_action_reason(uid, cmd.action, cmd.marker, cmd.target)
        if why:
            raise IllegalCommand(why)
        d = self._mission_action(cmd.action)
        self._pay(act.MISSION, skill=d.id, base=d.cost, repeat=d.repeats)
        label = self.marker(cmd.marker).label if cmd.marker else ""
        self.emit(E.MissionActionTaken(uid, self.unit(uid).name, d.id, d.name, cmd.marker, label, cmd.target))
        self.mission.do_mission_action(self, uid, d, cmd.marker, cmd.target)

    # == Anchors =====================================================================================
    def anchor(self, name: str) -> tuple[float, float, float]:
        bf = self.table.battlefield
        x, y = A.anchor_points(bf.width, bf.height)[name]
        return (x, y, self.table.surface_z(x, y, 0.0))

    def anchors(self) -> dict[str, tuple[float, float]]:
        bf = self.table.battlefield
        return A.anchor_points(bf.width, bf.height)

    def within_anchor(self, uid: int, name: str, inches: float) -> bool:
        """The unit's base is within `inches` of the Anchor (closest point, horizontally: R12)."""
        b = self.base(uid)
        return A.within(self.anchors()[name], b.x, b.y, b.radius, inches)

    def adjacent_to_anchor(self, uid: int, name: str) -> bool:
        """R15 with the Anchor as a point: within 1", same level, no wall between."""
        from game.battlefield import Base
        x, y, z = self.anchor(name)
        return self.table.adjacent(self.base(uid), Base(uid=-1, side="anchor", x=x, y=y, z=z, radius=0.0))

    def random_anchor(self, why: str, then: tuple, exclude=(), chooser: str | None = None) -> None:
        """R25: 1D10 (1 NW, 2 N, 3 NE, 4 W, 5 C, 6 E, 7 SW, 8 S, 9 SE, 10 the rolling side chooses); an Anchor
        in `exclude` (occupied) is rolled again. A 10 rolled for no player (NPCs, the game's own tables) is
        rolled again too (N60). Step `then` runs with the Anchor's name appended."""
        free = [a for a in A.ANCHORS if a not in exclude]
        if not free:
            raise ValueError("every Anchor is taken")
        for _ in range(1000):
            face = self.dice.d(10)
            name = A.anchor_for_face(face)
            if name is None:
                if chooser is not None and chooser not in self.npc_sides:
                    self.emit(E.DiceRolled(why, (Die(face),), "10: choose an Anchor", chooser, 10))
                    self.ask(chooser, f"{why}: choose an Anchor", tuple((a, f"{a} ({A.ANCHOR_NAMES[a]})")
                                                                        for a in free), then)
                    return
                self.emit(E.DiceRolled(why, (Die(face),), "10: rolled again", chooser, 10))
                continue
            if name in exclude:
                self.emit(E.DiceRolled(why, (Die(face),), f"{name} is taken: rolled again", chooser, 10))
                continue
            self.emit(E.DiceRolled(why, (Die(face),), name, chooser, 10))
            self.mission_step(*then, name, front=True)
            return
        raise RuntimeError("no free Anchor came up in 1000 rolls")

    # == deployment ===================================================================================
    def deployment_zones(self, side: str):
        return self.mission.deployment_zones(self, side)

    def in_deployment_zone(self, side: str, x: float, y: float) -> bool:
        zones = self.deployment_zones(side)
        return not zones or any(z.contains(x, y) for z in zones)

    def zone_spots(self, side: str, radius: float, taken=(), gap: float = 0.2,
                   limit: int | None = None) -> list[tuple[float, float, float]]:
        """Free spots inside `side`'s deployment zones where a base of `radius` can stand, keeping `gap` from
        the `taken` spots and each other: nearest each zone's centre first (the first `limit` of them, when
        given). Never raises: an empty list means there is no room (see deployment_problem)."""
        out: list[tuple[float, float, float]] = []
        room = 2 * radius + gap - 1e-9  # no spot nearer than this to another
        cell = max(room, 0.25)
        spots: dict[tuple[int, int], list] = {}  # the spots kept so far, by cells of `cell` inches (a spot nearer
        # than `room` lies in one of the 3 x 3 cells round the point's own)

        def keep(x: float, y: float) -> None:
            spots.setdefault((int(x // cell), int(y // cell)), []).append((x, y))
        for t in taken:
            keep(t[0], t[1])
        near = spots.get
        for z in self.deployment_zones(side) or [None]:
            for x, y in self._zone_lattice(z):
                ci, cj = int(x // cell), int(y // cell)
                if _crowded(x, y, room, (near((ci - 1, cj - 1)), near((ci, cj - 1)), near((ci + 1, cj - 1)),
                                         near((ci - 1, cj)), near((ci, cj)), near((ci + 1, cj)),
                                         near((ci - 1, cj + 1)), near((ci, cj + 1)), near((ci + 1, cj + 1)))):
                    continue
                zz = self.table.surface_z(x, y, 0.0)
                if self.table.can_stand(radius, x, y, zz):
                    out.append((x, y, zz))
                    if len(out) == limit:
                        return out
                    keep(x, y)
        return out

    def _zone_lattice(self, z) -> list[tuple[float, float]]:
        """The lattice points (0.5", or square centres on the grid) inside a zone, nearest its centre first;
        kept per zone (zones and the table do not change shape)."""
        cache = self.__dict__.setdefault("_lattices", {})
        if z in cache:
            return cache[z]
        bf = self.table.battlefield
        grid = self.scenario.measure == "grid"
        step = 2.0 if grid else 0.5
        if z is None:
            cx, cy, x0, y0, x1, y1 = bf.width / 2, bf.height / 2, 0.0, 0.0, bf.width, bf.height
        elif z.circle is not None:
            cx, cy, r = z.circle
            x0, y0, x1, y1 = cx - r, cy - r, cx + r, cy + r
        else:
            xs, ys = [p[0] for p in z.polygon], [p[1] for p in z.polygon]
            cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        start = step / 2 if grid else step
        cands = []
        i0, i1 = max(0, int((x0 - start) // step)), int((min(x1, bf.width) - start) // step) + 1
        j0, j1 = max(0, int((y0 - start) // step)), int((min(y1, bf.height) - start) // step) + 1
        for i in range(i0, i1 + 1):
            x = start + i * step
            for j in range(j0, j1 + 1):
                y = start + j * step
                if z is not None and not z.contains(x, y):
                    continue
                cands.append((math.hypot(x - cx, y - cy), x, y))
        cands.sort()
        cache[z] = [(x, y) for _, x, y in cands]
        return cache[z]

    def spots_in_zones(self, side: str) -> list[tuple[int, float, float, float]]:
        """Spots for every undeployed unit of `side` in its zones, in squad order (as many as there is room):
        one pass over each zone's lattice, each unit taking the first free point 0.6" clear of the others."""
        waiting = self.undeployed(side)
        taken = [(self.position(u).x, self.position(u).y, self.unit(u).card.base_diameter / 2)
                 for u in self.units(side, downed=None)]
        out = []
        zones = self.deployment_zones(side) or [None]
        lattice = [pt for z in zones for pt in self._zone_lattice(z)]
        standable: dict[tuple[float, float, float], tuple[bool, float]] = {}
        for uid in waiting:
            r = self.unit(uid).card.base_diameter / 2
            found = None
            for i in range(len(lattice)):
                x, y = lattice[i]
                if any(math.hypot(x - sx, y - sy) < r + sr + 0.6 - 1e-9 for sx, sy, sr in taken):
                    continue
                key = (x, y, r)
                if key not in standable:
                    zz = self.table.surface_z(x, y, 0.0)
                    standable[key] = (self.table.can_stand(r, x, y, zz), zz)
                ok, zz = standable[key]
                if ok:
                    found = (x, y, zz)
                    break
            if found is None:
                break
            taken.append((found[0], found[1], r))
            out.append((uid, *found))
        return out

    def deployment_problem(self, side: str) -> str | None:
        """Why `side` cannot deploy every unit (no room in its zones on this map), or None."""
        need = len(self.undeployed(side))
        if need == 0:
            return None
        have = len(self.mission.default_deployment(self, side))
        if have < need:
            return (f"there is room for only {have} of {need} units of {self.side_name(side)} in the deployment "
                    f"zone on {self.table.battlefield.name}")
        return None

    # == units changed by a mission's rules ==========================================================
    def change_card(self, uid: int, card, why: str) -> None:
        """The unit's card is now `card` (an Injury, a Spoil of War: the card rebuilt with them as gear, as
        game.rules.cards.build_card does). Its maximum HIT follows the card; it keeps the HIT it has, at most the
        new maximum."""
        with self._in_world():
            esper.component_for_entity(uid, Unit).card = card
            h = esper.component_for_entity(uid, Health)
            h.max_hit = card.hit
            h.hit = min(h.hit, h.max_hit)
        self._follow(uid)  # (its base's size and movement come from the card)
        self.note(why, uid)

    def refill(self, uid: int, use: str) -> bool:
        """A Limited Ammo weapon (its id) or a once-per-mission skill (its id) of the unit may be used once more
        (Horde Mode's Ammunition). False if it had not been used."""
        with self._in_world():
            r = esper.component_for_entity(uid, Readiness)
            c = esper.component_for_entity(uid, Conditions)
            if use in r.used_limited:
                r.used_limited = tuple(x for x in r.used_limited if x != use)
                return True
            if use in c.used_mission:
                c.used_mission = tuple(x for x in c.used_mission if x != use)
                return True
        return False

    def spent_uses(self, uid: int) -> tuple[str, ...]:
        """The unit's Limited Ammo weapons (ids) and once-per-mission skills (ids) already used."""
        with self._in_world():
            r = esper.component_for_entity(uid, Readiness)
            c = esper.component_for_entity(uid, Conditions)
            return (*r.used_limited, *c.used_mission)

    def set_squad_leader(self, side: str, uid: int | None) -> None:
        """R27 (co-op mini squads): only the agreed Squad Leader is the side's Leader for the Tactical Order dice
        (5 or 3); the other mini squads' Leaders keep their card but not the title. None: every Leader's card
        counts again."""
        with self._in_world():
            if uid is not None and (not self.unit(uid).card.is_leader or self.unit(uid).side != side):
                raise ValueError(f"{self.unit(uid).name} is not a Leader of {self.side_name(side)}")
            for u, unit in esper.get_component(Unit):
                if unit.side == side and not unit.item:
                    unit.leader = (u == uid) if uid is not None else unit.card.is_leader
        if uid is not None:
            self.note(f"{self.unit(uid).name} is the Squad Leader of {self.side_name(side)} (R27)", uid)

    # == Damage from the mission =======================================================================
    def mission_damage(self, targets, amount: int, why: str) -> None:
        """Each unit of `targets` takes `amount` Damage from the mission (radiation, a collapsing structure): no
        attack roll; each saves it with its Armor like a ranged attack's Damage (a Critical Save counts as
        2), its side may spend Tactical Orders on the saves. Queued after what is already due. The unit counts as
        its own source, so `taken_out_by` names the unit itself when the Damage takes it out."""
        from game.rules.model import RANGED
        for t in targets:
            if self.standing(t) and not self.unit(t).item and not self.conditions(t).downed:
                self._queue(("skill", "damage", t, amount, why, RANGED, (t,)))

    # == leaving the table =============================================================================
    def depart(self, uid: int, why: str) -> None:
        """The unit leaves the battlefield without being Taken Out (extracted, escaped over an edge)."""
        with self._in_world():
            esper.add_component(uid, Departed(self.turn, why))
        self._lift(uid)  # what it carries leaves with it
        u = self.unit(uid)
        self.emit(E.MissionEvent(f"{u.name} leaves the battlefield", why, u.side))
