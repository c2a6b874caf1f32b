"""The PvE campaign (E1, R33): three Operations of three missions, Operation n at Threat Level n against one NPC
faction, each mission a one-off PvE mission whose parts are rolled with the campaign's dice when the campaign
starts (the tracker model of the play-modes digest 3.2, adapted to E1: the battlefield is rolled per mission).

The plan's dice (C2): an Operation's NPC faction, when not picked, is rolled (1D10) again while it repeats
another Operation's; a mission's two objectives are 2D6 rolled again on doubles and on a pair an earlier mission
of its Operation has; its battlefield is 1D6; its deployment 1D6, rolled again on one an earlier mission of its
Operation has. A re-rolled mission avoids the other missions of its Operation the same way.
"""
from __future__ import annotations

from game.modes.pve.data import load_pve_data
from game.modes.pve.scenario import roster_scenario
from game.rules.model import SquadSpec
from game.rules.squad import mini_squad_budget, validate_mini_squads, validate_squad

from . import events as V
from .model import COMPLETE, LOST, MissionParts, Operation, PlannedMission, Roster, Side
from .script import CampaignScript

PLAYER = "player"


class PveCampaign(CampaignScript):
    """The PvE campaign; also the base of the kinds played by one squad (shared, or co-op mini squads) against
    NPCs: its sides, each mission as a PvE match of the roster, its end."""

    kind = "pve"

    def __init__(self, campaign) -> None:
        super().__init__(campaign)
        self.data = load_pve_data(campaign.catalog)

    # == the squad ===================================================================================================
    def make_sides(self) -> None:
        """One side: the squad shared by its people, or one co-op mini squad each (R27), checked by the squad
        rules."""
        from .campaign import CampaignError
        c = self.c
        o, squads = c.setup.options, c.setup.squads
        if o.computer or o.missions or (o.operations and self.kind != "operations"):
            raise CampaignError(f"{c.rules.title}: no squad is played by the computer and no mission is picked")
        if o.mini_squads:
            if len(squads) != len(o.people) or len(squads) < 2:
                raise CampaignError(f"co-op mini squads: one per person, 2-4 of them (got {len(squads)} for "
                                    f"{len(o.people)} people)")
            problems = validate_mini_squads(c.catalog, squads)
            cap = mini_squad_budget(len(squads))
        else:
            if len(squads) != 1:
                raise CampaignError("a shared roster is one squad")
            problems = validate_squad(c.catalog, squads[0], c.rules.budget)
            cap = c.rules.budget
            if len(o.people) > len(squads[0].units):
                raise CampaignError(f"{len(o.people)} people cannot share a squad of {len(squads[0].units)} units")
        if problems:
            raise CampaignError("the squad breaks the squad rules: " + " ".join(problems))
        self.check_squads(squads)
        rosters = tuple(Roster(s.name or f"Squad {i + 1}", s.squad_type, cap) for i, s in enumerate(squads))
        title = squads[0].name if len(squads) == 1 else " + ".join(r.name for r in rosters)
        c.sides = [Side(PLAYER, title or "Squad", rosters, tuple(o.people))]
        k = 0
        for ri, spec in enumerate(squads):
            for u in spec.units:
                owner = ri if o.mini_squads else k % len(o.people)
                c.add_unit(u, ri, owner, "start")
                k += 1

    def check_squads(self, squads) -> None:
        """A kind written for some squads says here which it refuses (CampaignError)."""

    # == the plan ====================================================================================================
    def faction_name(self, fid: str) -> str:
        return self.data.faction(fid).name

    def roll_plan(self) -> None:
        c, rules = self.c, self.c.rules
        picked = tuple(c.setup.options.factions) + (None,) * rules.operations
        taken: list[str] = []
        for i, tl in enumerate(rules.threat_levels):
            n = i + 1
            fid = picked[i]
            if fid is not None:
                try:
                    self.data.faction(fid)
                except KeyError as e:
                    from .campaign import CampaignError
                    raise CampaignError(f"Operation {n}: {e.args[0]}") from None
                how = "picked"
            else:
                how = "rolled"
                while True:
                    fid = self.data.by_roll(self.data.factions,
                                            c.roll(len(self.data.factions), f"Operation {n}: NPC faction")).id
                    if fid not in taken or len(taken) >= len(self.data.factions):
                        break
            taken.append(fid)
            c.emit(V.FactionSet(n, fid, self.faction_name(fid), how))
            op = Operation(n, tl, fid)
            c.plan.append(op)
            for k in range(rules.missions_per_operation):
                parts = self.roll_parts(n, k + 1, [m.parts for m in op.missions])
                op.missions.append(PlannedMission(n, k + 1, parts))
                self._planned(op.missions[-1], again=False)

    def reroll_reason(self, operation: int, mission: int) -> str | None:
        return None

    def reroll(self, operation: int, mission: int) -> None:
        op = self.c.plan[operation - 1]
        others = [m.parts for m in op.missions if m.number != mission]
        pm = op.missions[mission - 1]
        pm.parts = self.roll_parts(operation, mission, others)
        self._planned(pm, again=True)

    def roll_parts(self, operation: int, mission: int, others: list[MissionParts]) -> MissionParts:
        c, d = self.c, self.data
        label = f"Mission {operation}.{mission}"
        pairs = {frozenset(p.objectives) for p in others}
        while True:
            a, b = c.roll(6, f"{label}: first objective"), c.roll(6, f"{label}: second objective")
            pair = (d.by_roll(d.objectives, a).id, d.by_roll(d.objectives, b).id)
            if a != b and frozenset(pair) not in pairs:
                break
        battlefield = d.by_roll(d.battlefields, c.roll(6, f"{label}: battlefield")).id
        used = {p.deployment for p in others}
        while True:
            deployment = d.by_roll(d.deployments, c.roll(6, f"{label}: deployment")).id
            if deployment not in used or len(used) >= len(d.deployments):
                break
        return MissionParts(pair, battlefield, deployment)

    def _planned(self, pm: PlannedMission, again: bool) -> None:
        d, p = self.data, pm.parts
        self.c.emit(V.MissionPlanned(pm.label, tuple(d.objective(o).name for o in p.objectives),
                                     d.battlefield(p.battlefield).name, d.deployment(p.deployment).name, again))

    def briefing(self, pm: PlannedMission) -> dict:
        """The mission's parts in words, for a briefing: objectives (name, victory), battlefield (name, effect),
        deployment, the NPC faction and the Threat Level."""
        d, p = self.data, pm.parts
        op = self.c.plan[pm.operation - 1]
        b = d.battlefield(p.battlefield)
        return {"label": pm.label, "threat_level": op.threat_level, "faction": self.faction_name(op.faction),
                "objectives": [(d.objective(o).name, d.objective(o).victory) for o in p.objectives],
                "battlefield": (b.name, f"{b.effect}: {b.text}"), "deployment": d.deployment(p.deployment).name}

    # == a mission ===================================================================================================
    def scenario(self, pm: PlannedMission, unit_ids: tuple[int, ...]):
        """The mission as an ordinary PvE match: the squad as the roster stands (Injuries and Spoils on the cards),
        dealt out to its people, the agreed Squad Leader, every part of the mission picked from the plan."""
        c = self.c
        side = c.sides[0]
        units = [c.units[u] for u in unit_ids]
        squad = SquadSpec(side.rosters[0].squad_type, side.title, tuple(c.spec(u) for u in unit_ids))
        options = self.mission_options(pm)
        lead = c.squad_leader()
        if lead in unit_ids:
            options["squad_leader_unit"] = unit_ids.index(lead)
        people = side.people if len(side.people) > 1 else ()
        return roster_scenario(c.catalog, self.data, squad, options, players=people,
                               owners=tuple(u.owner for u in units) if people else ())

    def mission_options(self, pm: PlannedMission) -> dict:
        """The PvE mission's options that make it the planned one."""
        op = self.c.plan[pm.operation - 1]
        return {"tl": op.threat_level, "npc": op.faction, "objectives": ",".join(pm.parts.objectives),
                "battlefield": pm.parts.battlefield, "deployment": pm.parts.deployment}

    # == the end =====================================================================================================
    def end(self, pm, out) -> None:
        c = self.c
        if out:
            c.emit(V.CampaignLost(pm.label))
            return
        s = c.score()
        c.emit(V.CampaignComplete(s.mp, s.won, s.missions, s.survivors, s.fallen))

    def result_line(self) -> str:
        c = self.c
        if c.where.stage == LOST:
            return f"result: campaign lost (operation {c.where.operation}, mission {c.where.mission})"
        s = c.score()
        if c.where.stage == COMPLETE:
            return f"result: campaign complete (MP {s.mp}, missions won {s.won} of {s.missions}, deceased {s.fallen})"
        return f"result: campaign in progress (mission {c.where.label}, MP {s.mp})"
