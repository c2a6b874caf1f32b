"""What the screen shows of a run at all times (the wave, its objective, the Boss's card, Downed units, MP) and
the run's summary at the end (waves cleared, MP, units lost, Bosses beaten)."""
from __future__ import annotations

from game.match.mission import MissionSummary, ObjectiveStatus

from . import downed, objectives, shop
from .common import HORDE, PLAYER, key, plural, state


def turn_text(mission, match) -> str:
    ms = state(match)
    last = mission.data.last_wave
    if ms.get("wave", 0) == 0:
        return "Deploying" if match.phase == "deploy" else "Wave 1 is coming"
    w = mission.data.wave(ms["wave"])
    if ms.get("wave_state") in ("shop", "between"):
        return f"Wave {ms['wave']} of {last} cleared: Upgrades"
    return f"Wave {ms['wave']} of {last} (Act {w.act}), Turn {ms.get('wave_turn', 0)} of the wave"


def objective_status(mission, match) -> ObjectiveStatus | None:
    ms = state(match)
    o = ms.get("objective") or ms.get("last_objective")
    if o is None:
        return None
    obj = mission.data.objective_by_id(o["id"])
    done = {"done": True, "failed": False}.get(o["state"])
    if o["state"] != "open":  # (what happened: the panel's icon and the texts' "(met)"/"(failed)" say which)
        words = "a reward earned" if done else \
            ("the Asset was destroyed" if obj.kind == "asset" and not objectives.markers_left(match, "asset")
             else "not done in time")
    elif obj.kind == "control":
        left = objectives.markers_left(match, "control")
        words = f"the squad Controls {sum(1 for m in left if match.side_controls(PLAYER, m))} of {len(left)}"
    elif obj.kind == "nexus":
        words = f"{len(objectives.markers_left(match, 'nexus'))} of {len(o['markers'])} Nexus still stand"
    elif obj.kind == "asset":
        left = objectives.markers_left(match, "asset")
        uid = match.marker_uid(left[0]) if left else None
        words = f"the Asset has {match.health(uid).hit} HIT" if uid is not None else "the Asset is gone"
    elif obj.kind == "pylon":
        words = f"{o['progress']} of {len(o['markers'])} Pylons calibrated"
    elif obj.kind == "search":
        words = f"{len(objectives.markers_left(match, 'search'))} markers left to search"
    else:
        words = f"end the wave by its Turn {obj.turns} (now Turn {ms.get('wave_turn', 0)} of the wave)"
    return ObjectiveStatus(f"Wave Objective: {obj.name}: {obj.goal.rstrip('.')}", words, done, PLAYER)


def boss_card(mission, match) -> list[str]:
    ms = state(match)
    uid = ms.get("boss")
    if uid is None or not match.standing(uid):
        return []
    u = match.unit(uid)
    h = match.health(uid)
    cat = mission.data.catalog
    rules = [f"{cat.skills[s].name}: {cat.skills[s].text}" for s in u.card.skills
             if s in cat.skills and cat.skills[s].kind != "behavior"]
    return [f"Boss: {u.name}, HIT {h.hit}/{h.max_hit}, ARM {u.card.arm}, ACT {u.card.act}"] + rules


def mission_summary(mission, match) -> MissionSummary:
    ms = state(match)
    standing = match.units(PLAYER)
    down = match.units(PLAYER, downed=True)
    survive = ObjectiveStatus("Survive: hold every wave", f"{plural(len(standing), 'unit')} standing, "
                              f"{len(down)} Downed", False if match.result is not None and
                              match.result.outcome == "defeat" else (True if ms.get("victory") else None), PLAYER)
    objs = [survive]
    o = objective_status(mission, match)
    if o is not None:
        objs.append(o)
    notes = []
    ev = ms.get("last_event")
    if ev and ev.get("turn") == match.turn:
        name = next(e.name for e in mission.data.turn_events if e.id == ev["id"])
        rolled = f" ({'+'.join(map(str, ev['roll']))})" if ev.get("roll") else ""
        notes.append(f"Turn Event{rolled}: {name}")
    if ms.get("last_spawn") and ms.get("wave_state") == "active":
        notes.append(f"Wave {ms['wave']} spawned: " + "; ".join(ms["last_spawn"]))
    notes += boss_card(mission, match)
    notes.append(f"Horde units on the table: {len(match.units(HORDE))}")
    if down:
        notes.append("Downed (Revive: 2 ACT): " + ", ".join(match.unit(u).name for u in down))
    for u in match.units(PLAYER, downed=None):
        items = shop.items_of(match, u)
        inj = downed.injuries_of(mission, match, u)
        spoils = [mission.data.catalog.skills[s].name for s in ms.get("spoils", {}).get(key(u), [])]
        parts = ([f"carries {', '.join(shop.ITEM_NAMES[i] for i in items)}"] if items else []) + \
            ([f"Injuries: {', '.join(inj)}"] if inj else []) + ([f"Spoils: {', '.join(spoils)}"] if spoils else [])
        if parts:
            notes.append(f"{match.unit(u).name}: " + "; ".join(parts))
    if ms.get("wave_state") in ("shop", "between") and ms.get("wave", 0) < mission.data.last_wave:
        from .waves import wave_row_text
        notes.append("Next: " + wave_row_text(mission, ms["wave"] + 1))
    r = run_summary(mission, match)
    notes.append(f"Waves cleared: {r['waves_cleared']}  ·  MP earned: {r['mp_earned']}  ·  Bosses beaten: "
                 f"{', '.join(r['bosses_beaten']) or 'none'}  ·  Units lost: {', '.join(r['units_lost']) or 'none'}")
    bf = match.table.battlefield
    return MissionSummary(f"Horde Mode: {bf.name}", turn_text(mission, match), tuple(objs),
                          (("to spend", match.score[PLAYER]),), tuple(notes), headline(match))


def headline(match) -> str:
    """The top bar's words: the wave and its Turn (the match's own Turn count runs on over the waves)."""
    ms = state(match)
    if ms.get("wave", 0) == 0:
        return ""
    if ms.get("wave_state") in ("shop", "between"):
        return f"Wave {ms['wave']} cleared"
    return f"Wave {ms['wave']} · Turn {ms.get('wave_turn', 0)}"


def run_summary(mission, match) -> dict:
    """The run in numbers (the run summary and the high-score table): plain data."""
    ms = state(match)
    cat = mission.data.catalog
    r = match.result
    return {
        "map": match.scenario.map or "", "battlefield": match.table.battlefield.name,
        "squad": match.side_name(PLAYER), "outcome": r.outcome if r is not None else "",
        "waves_cleared": ms.get("waves_cleared", 0), "wave_reached": ms.get("wave", 0),
        "wave_turn": ms.get("wave_turn", 0), "mp_earned": ms.get("mp_earned", 0), "mp_left": match.score[PLAYER],
        "units_lost": list(ms.get("units_lost", [])),
        "downed_at_end": [match.unit(u).name for u in match.units(PLAYER, downed=True)],
        "bosses_beaten": [cat.unit_types[t].name for t in ms.get("bosses_beaten", [])],
        "upgrades": len(ms.get("bought", [])), "turns": match.turn, "seed": match.seed,
    }
