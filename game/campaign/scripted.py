"""The scripted campaigns (R39): Last Signal (play-modes digest 3.3) and the Operations book (3.4), played by one
squad (the PvE campaign's roster layer: shared or co-op mini squads, Injuries, Spoils, Homebase) through missions
the books write: nothing of the plan is rolled. Each mission is the one-off scripted PvE mission of the later
edition (game.modes.pve.scripted: option `scripted` or `operation`), so it plays exactly as when picked alone.

    last-signal   its nine missions in three Operations, a Homebase after each with the campaign's own words, then
                  its Climax; written for a Hegemony squad (a squad of the HEG faction: Interdictors, Praxium Corps)
    operations    one Operation of the book (its three missions, TL1), or three as a campaign (Operation n at TL n),
                  each Operation picked by its id; one Injury healed between missions (the later edition)
"""
from __future__ import annotations

from game.modes.pve.variant import scripted_mission

from . import events as V
from .model import BookMission, Operation, PlannedMission
from .pve import PveCampaign
from .script import CampaignScript


class ScriptedCampaign(PveCampaign):
    """What both scripted kinds share: a fixed plan of book missions, each a scripted PvE mission."""

    def mission_key(self, pm) -> tuple[str, str]:
        """(option, key) naming the scripted mission: ("scripted", "last-signal-2.2"), ("operation", "X,2")."""
        raise NotImplementedError

    reroll_reason = CampaignScript.reroll_reason  # written missions: none is rolled again

    def book_mission(self, pm):
        option, key = self.mission_key(pm)
        return scripted_mission(self.data, {option: key})

    def _planned(self, pm, again: bool = False) -> None:
        m = self.book_mission(pm)
        self.c.emit(V.BookMissionPlanned(pm.label, m.title, "written"))

    def mission_options(self, pm) -> dict:
        option, key = self.mission_key(pm)
        return {option: key, "edition": "e2", "tl": self.c.plan[pm.operation - 1].threat_level}

    def briefing(self, pm) -> dict:
        m = self.book_mission(pm)
        d = self.data
        objectives = {o.id: o for o in (*d.e2.objectives, *d.book.objectives)}
        bf = next(b for b in d.e2.battlefields if b.id == m.battlefield)
        return {"label": pm.label, "heading": m.heading, "title": m.title, "briefing": m.briefing,
                "threat_level": self.c.plan[pm.operation - 1].threat_level, "faction": self.faction_name(m.npc),
                "objectives": [(objectives[s.objective].name, objectives[s.objective].victory) for s in m.slots],
                "battlefield": (bf.name, getattr(bf, "text", "")), "deployment": m.deployment.name}


class LastSignalCampaign(ScriptedCampaign):
    kind = "last-signal"

    def check_squads(self, squads) -> None:
        from .campaign import CampaignError
        wanted = self.data.book.last_signal[0].faction
        for s in squads:
            if self.c.catalog.squad_types[s.squad_type].faction != wanted:
                raise CampaignError(f"{self.c.rules.title} is written for a Hegemony squad (Interdictors, Praxium "
                                    f"Corps); {self.c.catalog.squad_types[s.squad_type].name} is not one")

    def roll_plan(self) -> None:
        c = self.c
        missions = self.data.book.last_signal
        for n in range(1, c.rules.operations + 1):
            ms = missions[(n - 1) * 3:n * 3]
            op = Operation(n, ms[0].tl, ms[0].npc)
            c.plan.append(op)
            for k, m in enumerate(ms):
                op.missions.append(PlannedMission(n, k + 1, BookMission(m.key)))
                self._planned(op.missions[-1])
        climax = missions[-1]
        c.plan.append(Operation(c.rules.operations + 1, climax.tl, climax.npc,
                                [PlannedMission(c.rules.operations + 1, 1, BookMission(climax.key), climax=True)],
                                climax=True))
        self._planned(c.plan[-1].missions[0])

    def mission_key(self, pm) -> tuple[str, str]:
        return "scripted", pm.parts.key

    def begin_climax(self) -> None:
        op = self.c.plan[-1]
        self.c.emit(V.OperationBegins(op.number, op.threat_level, self.faction_name(op.faction), "The Climax"))


class OperationsCampaign(ScriptedCampaign):
    kind = "operations"

    def roll_plan(self) -> None:
        from .campaign import CampaignError
        c = self.c
        picked = tuple(c.setup.options.operations)
        book = {o.id: o for o in self.data.book.operations}
        if len(picked) not in (1, c.rules.operations) or len(set(picked)) != len(picked):
            raise CampaignError(f"the Operations book: pick one Operation, or {c.rules.operations} different ones "
                                f"for a campaign")
        for i, oid in enumerate(picked):
            o = book.get(oid.upper())
            if o is None:
                raise CampaignError(f"no Operation {oid!r} in the book (known: {', '.join(book)})")
            n = i + 1
            tl = c.rules.threat_level(n) if len(picked) > 1 else self.data.book.operation_tl
            op = Operation(n, tl, o.npc, title=o.title)
            c.plan.append(op)
            for k in range(len(o.missions)):
                op.missions.append(PlannedMission(n, k + 1, BookMission(f"{o.id},{k + 1}")))
                self._planned(op.missions[-1])

    def mission_key(self, pm) -> tuple[str, str]:
        return "operation", pm.parts.key
