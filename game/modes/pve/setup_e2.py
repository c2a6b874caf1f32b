"""The later edition's setup (R39; play-modes digest 2.5), in the order of P1 with each part picked or rolled with
the match's dice: the rules the mission plays (and a scripted mission's heading and briefing), the battlefield
(its table has The Rift for 6), the enemy faction and the Threat Level (setup.py's steps), the objectives (for
each, 1D6 for the archetype and 1D6 for the variation, 1-2/3-4/5-6; the second must be of another archetype), their
markers (a scripted mission's on its Anchors, the rest on random Anchors), the deployment (1D6, then 1D6 for the
squad's letter: 1-3 Squad A, 4-6 Squad B), the NPC units and their deployment (setup.py's steps). A scripted
mission fixes everything but the NPC units; in it the squad is always Squad A.
"""
from __future__ import annotations

from . import objectives_e2 as OE
from . import setup as SU
from .scenario import PLAYER

STEPS = ("e2_rules", "battlefield", "faction", "threat", "e2_objectives", "e2_place", "e2_deployment", "spawn",
         "deploy_npc")


def begin(mission, match) -> None:
    match.mission_state.update({"progress": {}, "anchor_of": {}, "edition": "e2"})


def rules(mission, match) -> None:
    e2 = mission.data.e2
    match.event(f"Rules: {e2.name}", e2.text, None)
    m = mission.scripted
    if m is not None:
        match.event(f"{m.heading}: {m.title}", m.briefing, None)


# -- the objectives ------------------------------------------------------------------------------------------
def objectives(mission, match) -> None:
    m = mission.scripted
    if m is not None:
        SU.set_objectives(mission, match, [s.objective for s in m.slots], "the mission's")
    elif mission.opts.get("objectives"):
        SU.set_objectives(mission, match, mission.opts["objectives"].split(","), "picked")
    else:
        _roll_objective(match, [])


def _roll_objective(match, chosen: list) -> None:
    match.roll_table(2, f"Objective {len(chosen) + 1}: archetype, then variation (1D6 each: archetype 1-2 Control, "
                     "3-4 Activate, 5-6 Destroy; variation 1-2, 3-4, 5-6)", ("e2_objective_rolled", list(chosen)))


def objective_rolled(mission, match, chosen, faces) -> None:
    e2 = mission.data.e2
    arch = e2.archetype(faces[0])
    obj = e2.variation(arch.id, faces[1])
    if chosen and e2.objective(chosen[0]).archetype == arch.id:
        match.event(f"Objective 2: {arch.name} again (rolled {faces[0]}), rolled again",
                    "the two objectives must be of different archetypes", None)
        _roll_objective(match, chosen)
        return
    chosen = [*chosen, obj.id]
    match.event(f"Objective {len(chosen)}: {obj.name} (rolled {faces[0]} and {faces[1]})", "", None)
    if len(chosen) < mission.data.numbers["objectives_rolled"]:
        _roll_objective(match, chosen)
    else:
        SU.set_objectives(mission, match, chosen, "rolled")


def place_next(mission, match) -> None:
    """The next marker to place: first those on a scripted mission's Anchors, then the rest on random Anchors (an
    Anchor already taken is rolled again; a 10 lets the squad choose, R25)."""
    ms = match.mission_state
    fixed = {s.objective: s.anchors for s in mission.scripted.slots} if mission.scripted is not None else {}
    for oid in ms["objectives"]:
        obj = mission.data.objective(oid)
        k = len(ms["markers"].get(oid, []))
        anchors = fixed.get(oid, ())
        if k < len(anchors):
            OE.place(mission, match, oid, k, anchors[k])
            match.mission_step("e2_place", front=True)
            return
    for oid in ms["objectives"]:
        obj = mission.data.objective(oid)
        k = len(ms["markers"].get(oid, []))
        if k < obj.placed_at_start:
            match.random_anchor(f"{OE.O.marker_label(obj, k)}: random Anchor (1D10)", ("e2_anchor", oid, k),
                                exclude=tuple(ms["anchors_used"]), chooser=PLAYER)
            return


def anchor_rolled(mission, match, oid: str, k: int, anchor: str) -> None:
    OE.place(mission, match, oid, k, anchor)
    match.mission_step("e2_place", front=True)


# -- the deployment --------------------------------------------------------------------------------------------
def deployment(mission, match) -> None:
    m = mission.scripted
    picked = mission.opts.get("deployment")
    if m is not None:
        SU.set_deployment(mission, match, m.deployment.id, "the mission's")
    elif picked and picked[-2:] in ("-a", "-b"):
        SU.set_deployment(mission, match, picked, "picked")
    elif picked:
        _roll_letter(match, picked)
    else:
        match.roll_table(1, "Deployment (1D6)", ("e2_deployment_rolled",))


def deployment_rolled(mission, match, faces) -> None:
    row = next(d for d in mission.data.e2.deployments if d.roll == faces[0])
    match.event(f"Deployment: {row.name} (rolled {faces[0]})", "", None)
    _roll_letter(match, row.id)


def _roll_letter(match, row_id: str) -> None:
    match.roll_table(1, "Which squad is yours (1D6: 1-3 Squad A, 4-6 Squad B)", ("e2_letter", row_id))


def letter_rolled(mission, match, row_id: str, faces) -> None:
    letter = "a" if faces[0] <= 3 else "b"
    SU.set_deployment(mission, match, f"{row_id}-{letter}", f"rolled {faces[0]}: Squad {letter.upper()}")
