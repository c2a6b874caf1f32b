"""The PvP campaign (E1, play-modes digest 5.1, R38): two squads, three Operations of three PvP missions (picked
together or rolled from the 17, no mission twice), a Homebase for both squads after each Operation, then the Climax.

After each mission its winner picks one of the mission's two Campaign Rewards and the loser gets the other (the
match asks the winner after the last Turn; a mission over before it was asked: PickReward; a draw: the mission's
die). Each takes effect in the next mission (the Climax included): its squad gives it to a unit (AssignReward)
before that mission; the gear it lends is on that unit's card (`lent_gear`), its named rule goes to the mission as
a scenario option (game.modes.pvp.rewards), an Injury healed or a lasting skill is taken at once. Injuries follow
R35. An Operation goes to the squad with more mission wins; each squad earns one Spoil of War per mission it won
in it and gives them to its units at the Homebase. The squad with more Operations won picks the Climax, deploys
first and has +1 TO in Turn 1; if equal the Climax is rolled and nobody has these. No Rewards or Injuries after
the Climax; its winner wins the campaign.
"""
from __future__ import annotations

from itertools import combinations

from game.modes import mission_entry
from game.modes.pvp import rewards as RW
from game.modes.pvp.book import book, definition
from game.modes.pvp.data import TREASURE_GP
from game.modes.pvp.sides import OPPONENT, PLAYER
from game.rules.model import SquadSpec, UnitSpec
from game.rules.squad import validate_squad

from . import events as V
from .model import BRIEFING, COMPLETE, BookMission, HeldReward, Operation, PlannedMission, Roster, Side
from .script import CampaignScript

SIDE_NAMES = (PLAYER, OPPONENT)


def missions() -> list:
    """The 17 PvP missions in book order."""
    return [d for d in book() if not d.climax]


def climaxes() -> list:
    return [d for d in book() if d.climax]


class PvpCampaign(CampaignScript):
    kind = "pvp"

    def __init__(self, campaign) -> None:
        super().__init__(campaign)
        self._treasure_cache: dict = {}  # derived: Treasure Trove's picks by unit and its squad's gear as it stands

    # == the squads ==================================================================================================
    def make_sides(self) -> None:
        from .campaign import CampaignError
        c = self.c
        o, squads = c.setup.options, c.setup.squads
        if len(squads) != 2 or len(o.people) != 2:
            raise CampaignError("a PvP campaign is two squads, each played by one person (or the computer)")
        if o.mini_squads or o.factions or o.operations:
            raise CampaignError("a PvP campaign has no mini squads, NPC factions or book Operations")
        if o.difficulty:
            from game.ai.tactical_levels import level_named
            try:
                level_named(o.difficulty)
            except ValueError as e:
                raise CampaignError(str(e)) from None
        for i, s in enumerate(squads):
            problems = validate_squad(c.catalog, s, c.rules.budget)
            if problems:
                raise CampaignError(f"squad {i + 1} breaks the squad rules: " + " ".join(problems))
        c.sides = [Side(SIDE_NAMES[i], s.name or f"Squad {i + 1}", (Roster(s.name or f"Squad {i + 1}", s.squad_type,
                                                                           c.rules.budget),),
                        (o.people[i],), computer=i in o.computer) for i, s in enumerate(squads)]
        if c.sides[0].title == c.sides[1].title:
            c.sides[1].title += " II"
        for i, s in enumerate(squads):
            for u in s.units:
                c.add_unit(u, 0, 0, "start", side=i)

    # == the plan ====================================================================================================
    def roll_plan(self) -> None:
        from .campaign import CampaignError
        c, rules = self.c, self.c.rules
        ids = [d.id for d in missions()]
        picked = tuple(c.setup.options.missions) + (None,) * 9
        for m in picked[:9]:
            if m is not None and m not in ids:
                raise CampaignError(f"no PvP mission {m!r} (known: {', '.join(ids)})")
        chosen = [m for m in picked[:9] if m]
        if len(set(chosen)) != len(chosen):
            raise CampaignError("a PvP campaign plays each mission once")
        k = 0
        for n in range(1, rules.operations + 1):
            op = Operation(n, 0, "")
            c.plan.append(op)
            for m in range(1, rules.missions_per_operation + 1):
                key = picked[k]
                k += 1
                how = "picked"
                if key is None:
                    key, how = self._roll(f"Mission {n}.{m}"), "rolled"
                op.missions.append(PlannedMission(n, m, BookMission(key)))
                c.emit(V.BookMissionPlanned(f"{n}.{m}", definition(key).title, how))
        c.plan.append(Operation(rules.operations + 1, 0, "", [PlannedMission(rules.operations + 1, 1, BookMission(""),
                                                                             climax=True)], climax=True))

    def _taken(self) -> set[str]:
        return {m.parts.key for op in self.c.plan for m in op.missions if m.parts.key}

    def _roll(self, label: str) -> str:
        ms = missions()
        taken = self._taken()
        while True:
            key = ms[self.c.roll(len(ms), f"{label}: PvP mission") - 1].id
            if key not in taken:
                return key

    def reroll_reason(self, operation: int, mission: int) -> str | None:
        return "the Climax is picked or rolled when it comes" if self.c.planned(operation, mission).climax else None

    def reroll(self, operation: int, mission: int) -> None:
        pm = self.c.planned(operation, mission)
        pm.parts = BookMission(self._roll(f"Mission {pm.label}"))
        self.c.emit(V.BookMissionPlanned(pm.label, definition(pm.parts.key).title, "re-rolled"))

    def briefing(self, pm) -> dict:
        if not pm.parts.key:
            return {"label": pm.label, "title": "The Climax", "chooser": self.climax_chooser(),
                    "climaxes": [(d.id, d.title, d.briefing) for d in climaxes()]}
        d = definition(pm.parts.key)
        return {"label": pm.label, "title": d.title, "briefing": d.briefing, "special": d.texts.get("special", ""),
                "victory": d.texts.get("victory", ""), "rewards": [(r.name, r.effect) for r in d.rewards],
                "advantage": self.climax_chooser() if pm.climax else None}

    # == the Climax ==================================================================================================
    def climax_chooser(self) -> int | None:
        """The side that won more Operations (it picks the Climax, deploys first, +1 TO), None when equal."""
        a, b = (s.operations_won for s in self.c.sides)
        return None if a == b else (0 if a > b else 1)

    def _climax(self):
        return self.c.plan[-1].missions[0]

    def begin_climax(self) -> None:
        if self.climax_chooser() is None:
            cl = climaxes()
            key = cl[self.c.roll(len(cl), "The Climax (the Operations are even)") - 1].id
            self._climax().parts = BookMission(key)
            self.c.emit(V.ClimaxPicked(definition(key).title, ""))

    def climax_reason(self, d) -> str | None:
        w = self.c.where
        if w.stage != BRIEFING or not w.climax:
            return "the Climax is picked when it comes, after the last Homebase"
        if self._climax().parts.key:
            return "the Climax is set"
        if d.mission not in [x.id for x in climaxes()]:
            return f"no Climax mission {d.mission!r} (known: {', '.join(x.id for x in climaxes())})"
        return None

    def choose_climax(self, d) -> None:
        self._climax().parts = BookMission(d.mission)
        self.c.emit(V.ClimaxPicked(definition(d.mission).title, self.c.sides[self.climax_chooser()].title))

    # == a mission ===================================================================================================
    def scenario(self, pm, unit_ids: tuple[int, ...]):
        c = self.c
        entry = mission_entry(definition(pm.parts.key).entry_id)
        by_side = [[u for u in unit_ids if c.units[u].side == i] for i in range(2)]
        squads = [SquadSpec(s.rosters[0].squad_type, s.title, tuple(c.spec(u) for u in by_side[i]))
                  for i, s in enumerate(c.sides)]
        held = []
        for i, s in enumerate(c.sides):
            r = s.reward
            rd = self.reward_def(r) if r is not None else None
            if rd is None or not rd.rule or not r.assigned or rd.now:
                continue
            slot = None
            if r.unit is not None:
                mine = by_side[c.units[r.unit].side]
                slot = mine.index(r.unit) if r.unit in mine else None
                if slot is None:
                    continue
            held.append(RW.Held(SIDE_NAMES[i], rd.rule, slot, r.choice))
        options = {"player_name": c.sides[0].title, "opponent_name": c.sides[1].title,
                   "player_controller": "computer" if c.sides[0].computer else "person",
                   "opponent_controller": "computer" if c.sides[1].computer else "person"}
        if held:
            options["held"] = RW.encode(held)
        if c.setup.options.difficulty and any(s.computer for s in c.sides):
            options["difficulty"] = c.setup.options.difficulty
        if pm.climax and self.climax_chooser() is not None:
            options["advantage"] = SIDE_NAMES[self.climax_chooser()]
        return entry.script.make_scenario(entry, squad=squads[0], opponent=squads[1], options=options)

    def lent_gear(self, unit_id: int) -> tuple[str, ...]:
        for s in self.c.sides:
            r = s.reward
            if r is not None and r.assigned and r.unit == unit_id and self.c.units[unit_id].side == \
                    self.c.sides.index(s):
                rd = self.reward_def(r)
                if rd is not None and not rd.now:
                    return rd.lent(r.choice)
        return ()

    def finish_extras(self, after, current) -> dict:
        r = after.result
        return {"winner": r.winner or "", "scores": tuple(after.mp),
                "rewards": tuple(sorted(after.data.get("rewards", {}).items()))}

    def finish_reason(self, d) -> str | None:
        pm = self.c.next_mission()
        names = [r.name for r in definition(pm.parts.key).rewards]
        if d.rewards:
            if pm.climax:
                return "no Campaign Rewards after the Climax"
            got = dict(d.rewards)
            if sorted(got) != sorted(s.name for s in self.c.sides) or sorted(got.values()) != sorted(names):
                return "each squad takes one of the mission's two Campaign Rewards"
            if d.winner and got[d.winner] not in names:
                return "the winner's Campaign Reward is not one of the mission's"
        return None

    # == Campaign Rewards ============================================================================================
    def reward_def(self, held: HeldReward):
        pm = next(m for op in self.c.plan for m in op.missions if m.label == held.mission)
        return next((r for r in definition(pm.parts.key).rewards if r.name == held.name), None)

    def after_mission(self, pm, d) -> None:
        c = self.c
        out = {r.unit for r in d.units if r.out}
        for s in c.sides:  # a Reward lasts until the end of the mission after the one it was won in (R38)
            r = s.reward
            rd = self.reward_def(r) if r is not None and r.assigned and r.unit is not None else None
            if rd is not None and rd.keep == "standing" and r.unit in c.current.units:
                u = c.units[r.unit]
                kept = r.unit not in out and u.active and r.choice not in u.spoils
                if kept:
                    u.spoils.append(r.choice)
                c.emit(V.RewardKept(s.title, r.name, u.name, self.choice_words(rd, r.choice), kept))
            s.reward = None
        if pm.climax:
            return
        if d.rewards:
            for side, name in d.rewards:
                self._take(c.side_index(side), name, pm)
        elif not d.winner:  # a draw the match did not share out: the mission's die, as the match rolls it
            names = [r.name for r in definition(pm.parts.key).rewards]
            first = 0 if c.roll(6, f"Mission {pm.label}: Campaign Rewards after a draw (1-3: "
                                   f"{c.sides[0].title} gets {names[0]})") <= 3 else 1
            self._take(first, names[0], pm)
            self._take(1 - first, names[1], pm)
        # a winner with no Reward asked: PickReward before the next mission (due)

    def _take(self, side: int, name: str, pm) -> None:
        s = self.c.sides[side]
        s.reward = HeldReward(name, pm.label)
        rd = self.reward_def(s.reward)
        s.reward.assigned = rd.pick == "none" or not rd.applied
        self.c.emit(V.RewardWon(s.title, name, rd.effect, pm.label, rd.applied))

    def _unpicked(self) -> int | None:
        """The winner of the last mission when its Rewards are still to be picked."""
        c = self.c
        last = self._last_played()
        if last is None or last.climax or any(s.reward is not None for s in c.sides) or not last.record.winner:
            return None
        if c.where.stage != BRIEFING:
            return None
        return c.side_index(last.record.winner)

    def _last_played(self):
        played = [m for op in self.c.plan for m in op.missions if m.played]
        return played[-1] if played else None

    def pick_reason(self, d) -> str | None:
        who = self._unpicked()
        if who is None:
            return "no Campaign Reward is waiting to be picked"
        if d.side != who:
            return f"{self.c.sides[who].title} won the mission: it picks"
        if d.reward not in (0, 1):
            return "a mission has two Campaign Rewards: 0 or 1"
        return None

    def pick(self, d) -> None:
        pm = self._last_played()
        names = [r.name for r in definition(pm.parts.key).rewards]
        self._take(d.side, names[d.reward], pm)
        self._take(1 - d.side, names[1 - d.reward], pm)

    def reward_options(self, side: int) -> list[tuple[int | None, str]]:
        """Every (unit, choice) the side's held Reward may be given as (AssignReward), [] when none is due."""
        c = self.c
        r = c.sides[side].reward
        if r is None or r.assigned or c.where.stage != BRIEFING:
            return []
        rd = self.reward_def(r)
        if rd.pick == "enemy":
            units = [u for u in c.roster_units(side=1 - side) if rd.rule != "vendetta" or not c.card(u.id).is_leader]
        else:
            units = c.roster_units(side=side)
        out = []
        from .homebase import spoils_for
        for u in units:
            if rd.now == "heal":
                choices = list(u.injury_ids)
            elif rd.gear == "spoil":
                choices = spoils_for(c, u.id)
            elif rd.gear == "treasure":
                choices = self.treasure_for(u.id)
            else:
                choices = list(rd.options) or [""]
            out += [(u.id, ch) for ch in choices]
        return out

    def treasure_for(self, unit_id: int) -> list[str]:
        """Treasure Trove's picks for a unit: weapons and skills of its own options that it does not carry, worth 1 to
        TREASURE_GP GP together, that keep the squad's rules but its GP cap (each pick: gear ids joined by "+")."""
        c = self.c
        u = c.units[unit_id]
        mine = c.roster_units(side=u.side)
        key = (unit_id, tuple((x.id, x.card_gear) for x in mine))
        got = self._treasure_cache.get(key)
        if got is not None:
            return list(got)
        cat = c.catalog
        t = cat.unit_types[u.unit_type]
        gp = {g: (cat.weapons.get(g) or cat.skills.get(g)).gp for g in t.options if g in cat.weapons or g in cat.skills}
        opts = sorted(g for g, v in gp.items() if 0 < v <= TREASURE_GP and g not in u.card_gear)
        specs = [c.spec(x.id) for x in mine]
        at = [x.id for x in mine].index(unit_id)
        squad = SquadSpec(c.sides[u.side].rosters[0].squad_type, "", tuple(specs))
        free = 10 ** 6  # the Reward's GP come on top of the squad's cap
        before = set(validate_squad(cat, squad, free))
        out = []
        for n in range(1, 4):
            for combo in combinations(opts, n):
                if sum(gp[g] for g in combo) > TREASURE_GP:
                    continue
                spec = specs[at]
                specs[at] = UnitSpec(spec.unit_type, spec.name, (*spec.gear, *combo))
                try:
                    fits = set(validate_squad(cat, SquadSpec(squad.squad_type, "", tuple(specs)), free)) <= before
                except ValueError:
                    fits = False
                specs[at] = spec
                if fits:
                    out.append("+".join(combo))
        if len(self._treasure_cache) > 64:
            self._treasure_cache.clear()
        self._treasure_cache[key] = tuple(out)
        return out

    def assign_reason(self, d) -> str | None:
        c = self.c
        if not 0 <= d.side < len(c.sides):
            return "no such squad"
        r = c.sides[d.side].reward
        if r is None or r.assigned:
            return f"{c.sides[d.side].title} holds no Campaign Reward to give"
        if c.where.stage != BRIEFING:
            return "a Campaign Reward is given before the mission it takes effect in"
        if (d.unit, d.choice) not in self.reward_options(d.side):
            return f"{r.name} cannot go to that unit with that pick"
        return None

    def assign(self, d) -> None:
        c = self.c
        s = c.sides[d.side]
        r = s.reward
        rd = self.reward_def(r)
        r.unit, r.choice, r.assigned = d.unit, d.choice, True
        u = c.units[d.unit]
        if rd.now == "heal":
            rec = next(x for x in u.injuries if x.injury == d.choice)
            u.injuries.remove(rec)
        elif rd.now == "honour":
            u.honours.extend(rd.lent(d.choice))
        c.emit(V.RewardAssigned(s.title, r.name, "" if rd.pick == "enemy" else u.name,
                                "an enemy unit, in secret" if rd.pick == "enemy" else self.choice_words(rd, d.choice)))

    def choice_words(self, rd, choice: str) -> str:
        """A Reward's pick as players read it: the skills it lends or the Injury it heals ("Ranged Rending 1")."""
        cat = self.c.catalog
        gear = (choice,) if rd.now == "heal" else rd.lent(choice)
        names = [(cat.skills.get(g) or cat.weapons.get(g)).name for g in gear if g in cat.skills or g in cat.weapons]
        return ", ".join(names) or choice.capitalize()

    def due(self) -> list[tuple[int | None, str]]:
        c = self.c
        out: list[tuple[int | None, str]] = []
        who = self._unpicked()
        if who is not None:
            out.append((who, f"{c.sides[who].title}: pick a Campaign Reward"))
        for i, s in enumerate(c.sides):
            if self.reward_options(i):
                out.append((i, f"{s.title}: give the Campaign Reward {s.reward.name}"))
        w = c.where
        if w.climax and w.stage == BRIEFING and not self._climax().parts.key:
            out.append((self.climax_chooser(), f"{c.sides[self.climax_chooser()].title}: pick the Climax"))
        return out

    def computer_picks(self, side: int) -> list:
        from . import policy
        return policy.pvp_picks(self.c, side)

    # == Operations and the end ======================================================================================
    def operation_over(self, op) -> None:
        c = self.c
        wins = [sum(1 for m in op.missions if m.played and m.record.winner == s.name) for s in c.sides]
        winner = None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
        if winner is not None:
            c.sides[winner].operations_won += 1
            op.winner = c.sides[winner].name
        for s, n in zip(c.sides, wins):  # R38: one Spoil of War per mission won (3-0: 3 and 0; 2-1: 2 and 1)
            s.spoils_due = n
        c.emit(V.OperationWon(op.number, c.sides[winner].title if winner is not None else "",
                              tuple((s.title, n) for s, n in zip(c.sides, wins)),
                              tuple((s.title, n) for s, n in zip(c.sides, wins))))

    def end(self, pm, out) -> None:
        c = self.c
        if out:
            left = [i for i in range(len(c.sides)) if i not in out]
            c.winner = c.sides[left[0]].name if len(left) == 1 else None
        else:
            c.winner = pm.record.winner
        who = c.sides[c.side_index(c.winner)].title if c.winner else ""
        c.emit(V.CampaignWon(who, tuple((s.title, s.operations_won) for s in c.sides)))

    def result_line(self) -> str:
        c = self.c
        ops = "-".join(str(s.operations_won) for s in c.sides)
        if c.where.stage != COMPLETE:
            return f"result: campaign in progress (mission {c.where.label}, Operations {ops})"
        wins = "-".join(str(c.score(i).won) for i in range(2))
        if c.winner is None:
            return f"result: campaign drawn (Operations {ops}, missions won {wins})"
        return f"result: campaign won by {c.sides[c.side_index(c.winner)].title} (Operations {ops}, missions won {wins})"
