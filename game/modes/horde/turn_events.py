"""Turn Events: 2D6 after the Tactical Orders in Turns 1-4 of a wave; from its Turn 5 the event is always Enemy
Reinforcements."""
from __future__ import annotations

from game.rules import actions as act

from . import crates, downed, shop, waves
from .common import HORDE, PLAYER, roll, state

BASIC_OR_MISSION = act.BASIC_ACTIONS + (act.MISSION,)


def turn_event(mission, match) -> None:
    ms = state(match)
    if ms.get("wave_state") != "active":
        return
    if ms["wave_turn"] == 1 and ms.get("bonus_to"):
        match.add_to(PLAYER, ms.pop("bonus_to"), "Protect the Asset reward")
    limit = mission.data.rules["turn_events_until"]
    if ms["wave_turn"] > limit:
        ev = next(e for e in mission.data.turn_events if e.id == "reinforcements")
        ms["last_event"] = {"turn": match.turn, "id": ev.id, "roll": []}
        match.event(f"Turn Event: {ev.name}", f"Turn {ms['wave_turn']} of the wave: always {ev.name}", HORDE)
    else:
        faces = roll(match, 2, "Turn Event (2D6)")
        ev = mission.data.turn_event(sum(faces))
        ms["last_event"] = {"turn": match.turn, "id": ev.id, "roll": faces}
        match.event(f"Turn Event: {ev.name}", "", PLAYER)  # its effect follows in the log (the table is in help)
    apply(mission, match, ev.id)


def apply(mission, match, eid: str) -> None:
    ms = state(match)
    if eid == "second-wind":
        if downed.downed_units(match):
            shop.ask_unit(mission, match, "second-wind", "Second Wind: which Downed unit stands up?")
        else:
            match.note("Second Wind: no unit is Downed")
    elif eid == "field-dressing":
        if shop.eligible(mission, match, "heal"):
            shop.ask_unit(mission, match, "field-dressing", "Field Dressing: which unit gets 1 HIT back?")
        else:
            match.note("Field Dressing: no Standing unit has lost HIT")
    elif eid == "opportunity":
        if match.units(PLAYER):
            shop.ask_unit(mission, match, "opportunity", "Opportunity: which unit spends up to 2 ACT now?")
    elif eid == "supply-drop":
        crates.supply_drop(mission, match)
    elif eid == "strategic-command":
        match.add_to(PLAYER, 2, "Strategic Command")
    elif eid == "scrambled-comms":
        match.add_to(PLAYER, -2, "Scrambled Comms")
    elif eid == "encroaching-threat":
        ms.setdefault("turn_flags", []).append("encroaching")
    elif eid == "reinforcements":
        waves.reinforce(mission, match, "Enemy Reinforcements")
    elif eid == "coordinated-assault":
        ms.setdefault("turn_flags", []).append("coordinated")
    elif eid == "overrun":
        for u in match.units(HORDE):
            match.grant(u, "Overrun", [BASIC_OR_MISSION])


def opportunity(match, uid: int) -> None:
    match.grant(uid, "Opportunity", [BASIC_OR_MISSION] * 6, act=2)
