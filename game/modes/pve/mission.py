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
from . import objectives_e2 as OE
from . import scenario as SC
from . import setup as SU
from . import setup_e2 as SE
from . import turn as T
from . import turn_e2 as TE
from . import variant as V
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
    # the later edition and the scripted missions (variant.py)
    "e2_rules": SE.rules, "e2_objectives": SE.objectives, "e2_objective_rolled": SE.objective_rolled,
    "e2_place": SE.place_next, "e2_anchor": SE.anchor_rolled, "e2_deployment": SE.deployment,
    "e2_deployment_rolled": SE.deployment_rolled, "e2_letter": SE.letter_rolled,
    "e2_reinforcements": TE.reinforcements, "rift": TE.rift, "rift_rolled": TE.rift_rolled,
    "e2_searched": OE.searched, "e2_sequence_next": OE.sequence_next, "e2_clear_pick": OE.clear_pick,
    "e2_clear": OE.clear, "extract_question": T.extract_question,
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
        base = load_pve_data(catalog)
        self.opts = SC.parse_options(self.options, base)
        self.data = V.view(base, self.opts)  # the tables this mission plays: the launch edition's, or E2's
        self.variant = self.data.edition != "e1"
        self.scripted = V.scripted_mission(base, self.opts)
        self.O = OE if self.variant else O  # the objectives' rules
        self.setup_steps = SE.STEPS if self.variant else SU.STEPS
        if self.scripted is not None:
            self.title = f"{self.scripted.heading}: {self.scripted.title}"

    # -- scenario ------------------------------------------------------------------------------------------
    @classmethod
    def make_scenario(cls, entry, squad=None, opponent=None, map_name="default", measure="inches", options=None,
                      controller="person"):
        from game.content import default_squad, load_catalog
        catalog = load_catalog()
        data = load_pve_data(catalog)
        options = {**dict(entry.options if entry is not None else ()), **dict(options or {})}
        if squad is None and not options.get("mini_squads"):  # a scripted mission's own faction
            slug = V.default_squad_slug(catalog, data, SC.parse_options(options, data))
            squad = default_squad(slug, catalog) if slug else None
        return SC.make_scenario(catalog, data, squad, opponent, map_name, measure, options, controller)

    def prepare_scenario(self, scenario, seed: int):
        return SC.prepare(self.data, scenario, seed)

    def scoring_text(self) -> str:
        """Extraction and MP in words, as this mission's edition pays them (the briefing)."""
        n = self.data.numbers
        text = (f"the Extraction Point appears at the start of Turn {n['extraction_turn']}; from the end of that Turn "
                f"you may extract (within {n['extraction_radius']}\", not Adjacent to an enemy). ")
        if not self.variant:
            return text + (f"{n['mp_per_objective']} MP per objective met if anyone extracts; "
                           f"{n['mp_per_threat_level']} MP per Threat Level. Rules: {self.rules_label()}.")
        return text + (f"Rules: {self.rules_label()}. An objective counts once completed, extracted or not (a found "
                       f"item only if it leaves with a unit that extracts). MP, times the Threat Level: "
                       f"{n['mp_played_per_tl']} for playing, {n['mp_objective_per_tl']} per objective that counts, "
                       f"{n['mp_sweep_per_tl']} if every enemy unit is Taken Out and the squad extracts. A victory "
                       "is an extraction with at least one objective that counts.")

    def rules_label(self) -> str:
        """Which edition the mission plays, in words (the objective panel, the briefing, the results)."""
        return V.label(self.data, self.opts)

    def result_line(self, match) -> str:
        ms = match.mission_state
        r = match.result
        n = len(match.all_units_of(PLAYER))
        return (f"result: {r.outcome} (turn {r.turn}, objectives {ms.get('counted', 0)}/{len(ms['objectives'])}, "
                f"MP {match.score[PLAYER]}, extracted {len(ms.get('extracted', []))} of {n})")

    # -- setup and deployment ------------------------------------------------------------------------------
    def setup(self, match) -> None:
        SU.begin(self, match)
        if self.variant:
            SE.begin(self, match)

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
        self.O.taken_out(self, match, uid)
        ms = match.mission_state
        if match.unit(uid).side == PLAYER and not match.unit(uid).item and not match.units(PLAYER) and \
                ms.get("over") is None:
            ms["over"] = "wiped"
            if self.variant:
                TE.finish(self, match, [])
                return
            match.add_mp(PLAYER, self.data.numbers["mp_per_threat_level"] * ms["tl"], f"Threat Level {ms['tl']}")

    # -- mission actions -----------------------------------------------------------------------------------
    def mission_actions(self, match):
        return self.O.action_defs(self, match)

    def mission_action_reason(self, match, uid, action, marker, target):
        return self.O.action_reason(self, match, uid, action, marker)

    def do_mission_action(self, match, uid, action, marker, target):
        self.O.do_action(self, match, uid, action, marker)

    # -- what the NPCs and the computer player read --------------------------------------------------------
    def npc_behaviour(self, match, uid: int):
        """The Behaviour of an NPC unit (the faction's data; a unit a skill added gets the one its weapons fit)."""
        entry = match.mission_state.get("npc", {}).get(str(uid))
        if entry is not None:
            return self.data.behaviours[entry[1]]
        kinds = {w.kind for w in match.unit(uid).card.weapons}
        return self.data.behaviours["mixed" if len(kinds) == 2 else ("ranged" if "ranged" in kinds else "melee")]

    def objective_markers(self, match) -> list[str]:
        return self.O.objective_markers(match)

    def asset_unit(self, match) -> int | None:
        uid = match.marker_uid(O.ASSET) if O.ASSET in match.markers() else None
        return uid if uid is not None and match.standing(uid) else None

    def goals(self, match) -> dict:
        """Plain facts for the computer player: objectives and their state, markers by objective, the Extraction
        Point, who would extract now."""
        ms = match.mission_state
        go, behind = T.who_extracts(self, match)
        out = {"objectives": list(ms["objectives"]), "status": dict(ms["status"]),
               "markers": {o: [m for m in ms["markers"].get(o, []) if m in match.markers()]
                           for o in ms["objectives"]},
               "extraction": None if ms["extraction"] is None else match.anchors()[ms["extraction"]],
               "extraction_radius": self.data.numbers["extraction_radius"], "would_extract": go,
               "left_behind": behind, "extraction_turn": self.data.numbers["extraction_turn"],
               "asset": self.asset_unit(match), "streak": ms.get("streak", 0)}
        if self.variant:  # the objectives by the kinds the computer player knows
            out.update(OE.ai_goals(self, match))
        return out

    def npc_controller(self, match, side):
        from game.ai.pve import PveNpcController
        return PveNpcController(side, self.data.behaviour_rules)

    def computer_controller(self, match, side):
        from game.ai.pve_squad import PveSquadController
        return PveSquadController(side)

    # -- result and what the screen shows -----------------------------------------------------------------
    def check_result(self, match, end_of_turn: bool) -> Result | None:
        ms = match.mission_state
        if self.variant:
            return TE.result(self, match)
        scores = ((PLAYER, match.score[PLAYER]),)
        if ms.get("over") == "wiped":
            return Result("defeat", match.turn, "the whole squad was Taken Out; no objective counts", NPC, scores)
        if ms.get("over") == "extracted":
            k = len(ms["extracted"])
            if k and ms["counted"]:
                return Result("victory", match.turn, f"{count(k, 'unit')} extracted with {count(ms['counted'], 'objective')} met",
                              PLAYER, scores)
            why = ("no unit could leave (none within reach of the Extraction Point and clear of enemies)" if not k
                   else f"{count(k, 'unit')} extracted with no objective met")
            return Result("defeat", match.turn, f"the squad called for extraction, but {why}", NPC, scores)
        return None

    def summary(self, match) -> MissionSummary:
        ms = match.mission_state
        objectives = tuple(self.O.status_line(self, match, o) for o in ms.get("objectives", ()))
        notes = []
        if self.variant:
            notes.append(f"Rules: {self.rules_label()}: objectives count once completed, extracted or not "
                         "(a found item only if it leaves with a unit that extracts)")
        if ms.get("faction"):
            notes.append(f"Enemy: {self.data.faction(ms['faction']).name}, Threat Level {ms['tl']} "
                         f"({count(len(match.units(NPC)), 'unit')} standing)")
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
        title = self.title if not self.variant or self.scripted else f"{self.title} ({self.rules_label()})"
        return MissionSummary(title, f"Turn {match.turn}", objectives, ((match.side_name(PLAYER),
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
        from game.match.unit_outcomes import unit_outcomes
        ms = match.mission_state
        extracted, behind = list(ms.get("extracted", [])), list(ms.get("left_behind", []))
        taken = tuple(u for u in match.all_units_of(PLAYER) if not match.standing(u) and u not in extracted)
        return AfterMission(mp=((PLAYER, match.score[PLAYER]),), taken_out=taken,
                            data={"objectives_met": self.O.met(match), "extracted": extracted, "left_behind": behind},
                            result=match.result, units=unit_outcomes(match, extracted, behind))
