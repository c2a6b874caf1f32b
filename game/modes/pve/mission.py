"""The PvE mission script: a generated mission (setup.py), its Turns (turn.py), its objectives (objectives.py),
against an NPC faction whose units follow the PvE Behaviours (game/ai/pve.py). Everything that changes is in
match.mission_state; the script only reads its data and options.
"""
from __future__ import annotations

from game.match import anchors as A
from game.match.flow import DEPLOY
from game.match.mission import (
    DrawnZone,
    MissionScript,
    MissionSummary,
    Result,
    circle_zone,
)
from game.rules.wording import count

from . import objectives as O
from . import scenario as SC
from . import setup as SU
from . import turn as T
from .data import load_pve_data
from .placement import spots_at_anchor
from .scenario import NPC, PLAYER

STEPS = {
    "battlefield": SU.battlefield, "battlefield_rolled": SU.battlefield_rolled, "faction": SU.faction,
    "faction_rolled": SU.faction_rolled, "threat": SU.threat, "threat_rolled": SU.threat_rolled,
    "objectives": SU.objectives, "objectives_rolled": SU.objectives_rolled, "place_objectives": SU.place_objectives,
    "objective_anchor": SU.objective_anchor, "deployment": SU.deployment, "deployment_rolled": SU.deployment_rolled,
    "spawn": SU.spawn, "spawned": SU.spawned, "deploy_npc": SU.deploy_npc,
    "battlefield_effect": T.battlefield_effect, "collapse": T.collapse, "darkness": T.darkness, "gas": T.gas,
    "mist_squad": T.mist_squad, "mist_unit": T.mist_unit, "drift": T.drift,
    "haunt_squad": T.haunt_squad, "haunt_unit": T.haunt_unit,
    "turn_event": T.turn_event, "event_rolled": T.event_rolled, "opportunity": T.opportunity,
    "field_dressing": T.field_dressing, "reinforce": T.reinforce, "reinforce_rolled": T.reinforce_rolled,
    "reinforce_next": T.reinforce_next, "reinforce_at": T.reinforce_at,
    "extraction_point": T.extraction_point, "extraction_at": T.extraction_at, "extract_answer": T.extract_answer,
    "searched": O.searched,
}


class PveMission(MissionScript):
    id = SC.MISSION_ID
    mode = "pve"
    title = "PvE mission"
    briefing = ("A mission generated from the PvE tables: two objectives, a battlefield, a deployment, an NPC "
                "faction at a Threat Level. Meet the objectives, then extract from Turn 4 on.")
    turns = None  # Turns go on past 4 until the squad extracts or falls
    map_name = None

    def __init__(self, catalog, options: dict | None = None) -> None:
        super().__init__(catalog, options)
        self.data = load_pve_data(catalog)
        self.opts = SC.parse_options(self.options, self.data)

    # -- scenario ------------------------------------------------------------------------------------------
    @classmethod
    def make_scenario(cls, entry, squad=None, opponent=None, map_name="default", measure="inches", options=None,
                      controller="person"):
        from game.content import load_catalog
        catalog = load_catalog()
        return SC.make_scenario(catalog, load_pve_data(catalog), squad, opponent, map_name, measure, options,
                                controller)

    def prepare_scenario(self, scenario, seed: int):
        return SC.prepare(self.data, scenario, seed)

    def result_line(self, match) -> str:
        ms = match.mission_state
        r = match.result
        n = len(match.all_units_of(PLAYER))
        return (f"result: {r.outcome} (turn {r.turn}, objectives {ms.get('counted', 0)}/{len(ms['objectives'])}, "
                f"MP {match.score[PLAYER]}, extracted {len(ms.get('extracted', []))} of {n})")

    # -- setup and deployment ------------------------------------------------------------------------------
    def setup(self, match) -> None:
        SU.begin(self, match)

    def on_step(self, match, name: str, *args) -> None:
        fn = STEPS.get(name)
        if fn is None:
            super().on_step(match, name, *args)
        fn(self, match, *args)

    def deployment_zones(self, match, side: str):
        if side != PLAYER or match.mission_state.get("deployment") is None:
            return []
        return SU.player_zones(self, match)

    def default_deployment(self, match, side: str):
        """The squad's units dealt out over its Anchors in turn, each on the free spot nearest its Anchor."""
        if side != PLAYER or match.mission_state.get("deployment") is None:
            return []
        d = self.data.deployment(match.mission_state["deployment"])
        taken = [(match.position(u).x, match.position(u).y) for u in match.units(side)]
        anchors = d.player.anchors
        out = []
        for i, uid in enumerate(match.undeployed(side)):
            r = match.unit(uid).card.base_diameter / 2
            spot = None
            for k in range(len(anchors)):  # the nearest free spot to its Anchor, keeping clear of those placed
                anchor = anchors[(i + k) % len(anchors)]
                spots = spots_at_anchor(match, anchor, d.player.how, r, self.data.numbers["area_radius"], taken,
                                        limit=1, where=lambda x, y: match.in_deployment_zone(side, x, y))
                if spots:
                    spot = spots[0]
                    break
            if spot is None:
                break
            taken.append(spot[:2])
            out.append((uid, *spot))
        return out

    # -- the Turn ------------------------------------------------------------------------------------------
    def after_orders(self, match) -> None:
        T.after_orders(self, match)

    def end_of_turn(self, match) -> None:
        T.end_of_turn(self, match)

    def no_repeat_cost(self, match, uid: int) -> bool:
        return match.unit(uid).side == NPC  # PvE Behaviours ignore the repeat cost (digest 2.2)

    def ranged_target_reason(self, match, attacker: int, target: int) -> str | None:
        anchor = match.mission_state.get("darkness")
        if anchor is not None:
            b = match.base(target)
            if A.within(match.anchors()[anchor], b.x, b.y, b.radius, self.data.numbers["area_radius"]):
                return f"it is in the Darkness around the {anchor} Anchor"
        return None

    def on_taken_out(self, match, uid: int) -> None:
        O.taken_out(self, match, uid)
        ms = match.mission_state
        if match.unit(uid).side == PLAYER and not match.unit(uid).item and not match.units(PLAYER) and \
                ms.get("over") is None:
            ms["over"] = "wiped"
            match.add_mp(PLAYER, self.data.numbers["mp_per_threat_level"] * ms["tl"], f"Threat Level {ms['tl']}")

    # -- mission actions -----------------------------------------------------------------------------------
    def mission_actions(self, match):
        return O.action_defs(self, match)

    def mission_action_reason(self, match, uid, action, marker, target):
        return O.action_reason(self, match, uid, action, marker)

    def do_mission_action(self, match, uid, action, marker, target):
        O.do_action(self, match, uid, action, marker)

    # -- what the NPCs and the computer player read --------------------------------------------------------
    def npc_behaviour(self, match, uid: int):
        """The Behaviour of an NPC unit (the faction's data; a unit a skill added gets the one its weapons fit)."""
        entry = match.mission_state.get("npc", {}).get(str(uid))
        if entry is not None:
            return self.data.behaviours[entry[1]]
        kinds = {w.kind for w in match.unit(uid).card.weapons}
        return self.data.behaviours["mixed" if len(kinds) == 2 else ("ranged" if "ranged" in kinds else "melee")]

    def objective_markers(self, match) -> list[str]:
        return O.objective_markers(match)

    def asset_unit(self, match) -> int | None:
        uid = match.marker_uid(O.ASSET) if O.ASSET in match.markers() else None
        return uid if uid is not None and match.standing(uid) else None

    def goals(self, match) -> dict:
        """Plain facts for the computer player: objectives and their state, markers by objective, the Extraction
        Point, who would extract now."""
        ms = match.mission_state
        go, behind = T.who_extracts(self, match)
        return {"objectives": list(ms["objectives"]), "status": dict(ms["status"]),
                "markers": {o: [m for m in ms["markers"].get(o, []) if m in match.markers()]
                            for o in ms["objectives"]},
                "extraction": None if ms["extraction"] is None else match.anchors()[ms["extraction"]],
                "extraction_radius": self.data.numbers["extraction_radius"], "would_extract": go,
                "left_behind": behind, "extraction_turn": self.data.numbers["extraction_turn"],
                "asset": self.asset_unit(match), "streak": ms.get("streak", 0)}

    def npc_controller(self, match, side):
        from game.ai.pve import PveNpcController
        return PveNpcController(side, self.data.behaviour_rules)

    def computer_controller(self, match, side):
        from game.ai.pve_squad import PveSquadController
        return PveSquadController(side)

    # -- result and what the screen shows -----------------------------------------------------------------
    def check_result(self, match, end_of_turn: bool) -> Result | None:
        ms = match.mission_state
        scores = ((PLAYER, match.score[PLAYER]),)
        if ms.get("over") == "wiped":
            return Result("defeat", match.turn, "the whole squad was Taken Out; no objective counts", NPC, scores)
        if ms.get("over") == "extracted":
            k = len(ms["extracted"])
            if k and ms["counted"]:
                return Result("victory", match.turn, f"{count(k, 'unit')} extracted with {count(ms['counted'], 'objective')} met",
                              PLAYER, scores)
            why = "nobody extracted" if not k else "no objective was met"
            return Result("defeat", match.turn, f"the squad extracted but {why}", NPC, scores)
        return None

    def summary(self, match) -> MissionSummary:
        ms = match.mission_state
        objectives = tuple(O.status_line(self, match, o) for o in ms.get("objectives", ()))
        notes = []
        if ms.get("faction"):
            notes.append(f"Enemy: {self.data.faction(ms['faction']).name}, Threat Level {ms['tl']} "
                         f"({len(match.units(NPC))} units standing)")
        if ms.get("battlefield"):
            b = self.data.battlefield(ms["battlefield"])
            notes.append(f"{b.name}: {b.effect}")
        if ms.get("events"):
            turn, eid = ms["events"][-1]
            notes.append(f"Turn Event (Turn {turn}): {self.data.turn_event(eid).name}")
        if ms.get("darkness"):
            notes.append(f"Darkness around the {ms['darkness']} Anchor until the Turn ends")
        if ms.get("over") == "extracted":
            out_ = ", ".join(match.unit(u).name for u in ms["extracted"]) or "nobody"
            behind = ", ".join(match.unit(u).name for u in ms["left_behind"]) or "nobody"
            notes.append(f"Extracted: {out_}; left behind: {behind}")
        elif ms.get("over") == "wiped":
            notes.append("Nobody extracted: the squad fell")
        elif ms.get("extraction"):
            go, _ = T.who_extracts(self, match)
            who = ", ".join(match.unit(u).name for u in go) or "nobody yet"
            notes.append(f"Extraction Point: the {ms['extraction']} Anchor; could extract now: {who}")
        else:
            notes.append(f"Extraction Point: rolled at the start of Turn {self.data.numbers['extraction_turn']}")
        return MissionSummary(self.title, f"Turn {match.turn}", objectives, ((match.side_name(PLAYER),
                                                                               match.score[PLAYER]),), tuple(notes))

    def zones(self, match) -> list[DrawnZone]:
        out = []
        if match.phase == DEPLOY:
            out += [DrawnZone(z, "deploy", f"{match.side_name(PLAYER)} deploys here", PLAYER)
                    for z in self.deployment_zones(match, PLAYER)]
        ms = match.mission_state
        if ms.get("extraction"):
            x, y = match.anchors()[ms["extraction"]]
            r = self.data.numbers["extraction_radius"] + 0.5
            out.append(DrawnZone(circle_zone("extraction", PLAYER, x, y, r), "extract",
                                 f"Extraction Point ({ms['extraction']}): within {r - 0.5:g}\", not Adjacent to an "
                                 "enemy", PLAYER))
        if ms.get("darkness"):
            x, y = match.anchors()[ms["darkness"]]
            r = self.data.numbers["area_radius"] + 0.5
            out.append(DrawnZone(circle_zone("darkness", NPC, x, y, r), "darkness",
                                 "Darkness: units here cannot be targeted in Ranged Combat this Turn", None))
        return out

    def after_mission(self, match):
        from game.match.mission import AfterMission
        from game.match.outcomes import unit_outcomes
        ms = match.mission_state
        extracted, behind = list(ms.get("extracted", [])), list(ms.get("left_behind", []))
        taken = tuple(u for u in match.all_units_of(PLAYER) if not match.standing(u) and u not in extracted)
        return AfterMission(mp=((PLAYER, match.score[PLAYER]),), taken_out=taken,
                            data={"objectives_met": O.met(match), "extracted": extracted, "left_behind": behind},
                            result=match.result, units=unit_outcomes(match, extracted, behind))
