"""What happens around the activations of a PvE Turn (play-modes digest 2.1): after the Tactical Orders, the
battlefield's effect (from Turn 2), the Turn Event (Turns 1-4; from Turn 5 Enemy Reinforcements), the Extraction
Point (start of Turn 4); at the end of the Turn, the objectives and the choice to extract.
"""
from __future__ import annotations

import math

from game.match import anchors as A
from game.match import skills as S
from game.rules.model import MELEE, RANGED
from game.rules.wording import count

from . import objectives as O
from . import turn_e2 as TE
from .placement import nearest_free, spots_at_anchor
from .scenario import NPC, PLAYER
from .setup import add_npc

# Miasmic Mist: the D8 of a direction (P7), clockwise from north; x runs east, y runs south
DIRECTIONS = {1: ("north", 0, -1), 2: ("north-east", 1, -1), 3: ("east", 1, 0), 4: ("south-east", 1, 1),
              5: ("south", 0, 1), 6: ("south-west", -1, 1), 7: ("west", -1, 0), 8: ("north-west", -1, -1)}
DRIFT = 2.0


def after_orders(mission, match) -> None:
    steps = ("battlefield_effect", "turn_event", "extraction_point")
    if mission.variant:  # the later edition: no Turn Events; reinforcements come first (turn_e2.py)
        steps = ("e2_reinforcements", "battlefield_effect", "extraction_point")
    for step in steps:
        match.mission_step(step)


def _radius(mission) -> float:
    return float(mission.data.numbers["area_radius"])


def units_near(match, anchor: str, inches: float) -> list[int]:
    """Units (not items) whose base is within `inches` of the Anchor (R12)."""
    pt = match.anchors()[anchor]
    out = []
    for u in match.units():
        b = match.base(u)
        if A.within(pt, b.x, b.y, b.radius, inches):
            out.append(u)
    return out


# -- battlefield effects ---------------------------------------------------------------------------------
def battlefield_effect(mission, match) -> None:
    bid = match.mission_state["battlefield"]
    if bid is None or bid == "blacksite" or match.turn < mission.data.numbers["effects_from_turn"]:
        return
    b = mission.data.battlefield(bid)
    if bid == "ruined-city":
        match.random_anchor(f"{b.effect}: random Anchor (1D10)", ("collapse",), chooser=PLAYER)
    elif bid == "facility":
        match.random_anchor(f"{b.effect}: random Anchor (1D10)", ("darkness",), chooser=PLAYER)
    elif bid == "alien-hive":
        match.random_anchor(f"{b.effect}: random Anchor (1D10)", ("gas",), chooser=PLAYER)
    elif bid == "jungle":
        match.mission_step("mist_squad", 0, front=True)
    elif bid == "cursed-temple":
        match.mission_step("haunt_squad", 0, front=True)
    elif bid == "rift":
        match.random_anchor(f"{b.effect}: random Anchor (1D10)", ("rift",), chooser=PLAYER)


def collapse(mission, match, anchor: str) -> None:
    r = _radius(mission)
    x, y, _ = match.anchor(anchor)
    gone = match.table.clear_terrain(x, y, r)
    match.mission_state["collapsed"].append(anchor)
    if gone:  # the movement graph around the rubble is built again now, not in the next unit's decision
        from game.match.skills import move_rule
        rules: dict = {}
        for u in match.units(items=None):
            card = match.unit(u).card
            rules.setdefault(card.base_diameter / 2, set()).add(move_rule(card))
        for radius, rs in sorted(rules.items()):
            match.table.prepare(radius, rules=tuple(sorted(rs, key=repr)))
    what = ", ".join(sorted({g[1] for g in gone})) or "no terrain"
    match.event(f"Collapse at the {anchor} Anchor", f"within {r:g}\": {what} comes down", None)
    hit = units_near(match, anchor, r)
    if hit:
        match.deal_damage(None, [(2, hit)], RANGED, "Collapse")


def darkness(mission, match, anchor: str) -> None:
    match.mission_state["darkness"] = anchor
    match.event(f"Darkness at the {anchor} Anchor",
                f"until the Turn ends, units within {_radius(mission):g}\" of it cannot be targeted in Ranged Combat",
                None)


def gas(mission, match, anchor: str) -> None:
    match.event(f"Noxious Gas at the {anchor} Anchor", f"every unit within {_radius(mission):g}\" takes 1 Damage", None)
    hit = units_near(match, anchor, _radius(mission))
    if hit:
        match.deal_damage(None, [(1, hit)], RANGED, "Noxious Gas")


def _squad_units(match, i: int) -> tuple[str, list[int]]:
    side = match.sides[i]
    return side, match.units(side)


def _pick_unit(match, i: int, why: str, then: str) -> None:
    """One random unit of the i-th squad: a D<n> over its units in order (no die for a single unit)."""
    if i >= len(match.sides):
        return
    side, units = _squad_units(match, i)
    if not units:
        match.mission_step(then + "_squad", i + 1, front=True)
        return
    if len(units) == 1:
        match.mission_step(then + "_unit", i, (1,), front=True)
        return
    match.roll_table(1, f"{why}: a random unit of {match.side_name(side)} (1D{len(units)})", (then + "_unit", i),
                     sides=len(units))


def mist_squad(mission, match, i: int) -> None:
    _pick_unit(match, i, "Miasmic Mist", "mist")


def mist_unit(mission, match, i: int, faces) -> None:
    _, units = _squad_units(match, i)
    uid = units[faces[0] - 1]
    match.roll_table(3, f"Miasmic Mist: {match.unit(uid).name} drifts three times (1D8 each: 1 N, 2 NE, 3 E, "
                     "4 SE, 5 S, 6 SW, 7 W, 8 NW)", ("drift", i, uid), sides=8)


def drift_spot(match, uid: int, face: int):
    """Where a 2\" straight drift in the rolled direction ends, or None if a wall or anything else is in the way."""
    _, dx, dy = DIRECTIONS[face]
    b = match.base(uid)
    grid = match.scenario.measure == "grid"
    step = DRIFT if grid else DRIFT / math.hypot(dx, dy)
    x, y = match.table.snap(b.x + dx * step, b.y + dy * step)
    if not (b.radius <= x <= match.table.width - b.radius and b.radius <= y <= match.table.height - b.radius):
        return None
    z = match.table.surface_z(x, y, b.z)
    path = match.table.path(b, x, y, z, DRIFT + 1e-6)
    return None if path is None else (x, y, z)


def drift(mission, match, i: int, uid: int, faces) -> None:
    faces = list(faces)
    if not faces or not match.standing(uid) or match.health(uid).hit <= 0:
        match.mission_step("mist_squad", i + 1, front=True)
        return
    face, rest = faces[0], faces[1:]
    name = DIRECTIONS[face][0]
    spot = drift_spot(match, uid, face)
    if spot is not None:
        match.place(uid, *spot, verb=f"drifts 2\" {name} in the Miasmic Mist")
        match.mission_step("drift", i, uid, rest, front=True)
        return
    match.note(f"{match.unit(uid).name} cannot drift {name}: something is in the way (1 Melee Damage)", uid)
    match.deal_damage(None, [(1, [uid])], MELEE, "Miasmic Mist", after=(("mission", "drift", i, uid, rest),))


def haunt_squad(mission, match, i: int) -> None:
    _pick_unit(match, i, "Haunting Spirits", "haunt")


def haunt_unit(mission, match, i: int, faces) -> None:
    _, units = _squad_units(match, i)
    uid = units[faces[0] - 1]
    nxt = (("mission", "haunt_squad", i + 1),)
    others = [u for u in match.units() if u != uid]
    if mission.variant:  # the later edition: the closest unit it can attack (P30)
        others = [o for o in others if haunted_weapon(match, uid, o)[0] is not None] or others
    if not others:
        match.mission_step("haunt_squad", i + 1, front=True)
        return
    me = match.base(uid)
    target = min(others, key=lambda o: (match.table.distance(me, match.base(o)), o))
    weapon, why = haunted_weapon(match, uid, target)
    who = match.unit(uid).name
    tname = match.unit(target).name
    if weapon is None:
        match.event(f"Haunting Spirits: {who} turns on {tname}", f"but cannot attack it ({why})", match.unit(uid).side)
        match.mission_step("haunt_squad", i + 1, front=True)
        return
    match.event(f"Haunting Spirits: {who} attacks {tname}", f"the closest unit, with its {weapon.name}",
                match.unit(uid).side)
    match.start_attack(uid, weapon, [(None, [target])], after=nxt)


def haunted_weapon(match, uid: int, target: int):
    """The weapon a haunted unit attacks the closest unit with (friend or foe, P8): its best melee weapon if they
    are Adjacent, else its best ranged weapon if it could shoot that unit (range, Line of Sight, R7 as for an
    enemy). (weapon, None) or (None, why not)."""
    card = match.unit(uid).card
    adjacent = match.adjacent(uid, target)
    kind = MELEE if adjacent else RANGED
    weapons = sorted((w for w in card.weapons if w.kind == kind), key=lambda w: (-w.att * max(w.skl, 1), w.id))
    if not weapons:
        return None, f"no {kind} weapon"
    if adjacent:
        return weapons[0], None
    if match.adjacent_enemies(uid):
        return None, "it is Adjacent to an enemy"
    tb = match.base(target)
    for w in weapons:
        if not match.table.in_range(match.base(uid), tb, w.range_inches):
            continue
        if not S.sight_from(match, uid, target).visible:
            return None, "it cannot see it"
        return w, None
    return None, "out of range"


# -- Turn Events --------------------------------------------------------------------------------------------
def turn_event(mission, match) -> None:
    n = mission.data.numbers
    if match.turn > n["events_until_turn"]:
        match.event(f"Turn {match.turn}: Enemy Reinforcements", "from Turn 5 no Turn Event is rolled: the enemy "
                    "gets reinforcements every Turn", NPC)
        match.mission_step("reinforce", front=True)
        return
    if match.mission_state["battlefield"] == "blacksite":
        match.event("Blacksite: no Turn Event", "", None)
        return
    # a table of the mission, nobody's roll: Tactical Orders never touch it (docs/rules-notes.md N63, P15)
    events = mission.data.turn_events
    meaning = tuple((f, mission.data.by_roll(events, f).name) for f in range(1, 7))
    match.roll_table(1, f"Turn Event, Turn {match.turn} (1D6)", ("event_rolled",), side=PLAYER, to_dice=False,
                     meaning=meaning)


def event_rolled(mission, match, faces) -> None:
    ev = mission.data.by_roll(mission.data.turn_events, faces[0])
    match.mission_state["events"].append([match.turn, ev.id])
    match.event(f"Turn Event: {ev.name}", ev.text, None)
    if ev.id == "opportunity":
        units = match.units(PLAYER)
        if units:
            match.ask(PLAYER, f"Opportunity: which unit spends up to {ev.act} ACT now (not its activation)?",
                      tuple((str(u), f"{match.unit(u).name}") for u in units) + (("none", "No unit"),),
                      ("opportunity",), units=tuple(units))
    elif ev.id == "field-dressing":
        hurt = [u for u in match.units(PLAYER) if match.health(u).hit < match.health(u).max_hit]
        if not hurt:
            match.note("Field Dressing: no unit of the squad has lost HIT")
        else:
            match.ask(PLAYER, f"Field Dressing: which unit gets back {ev.hit} lost HIT?",
                      tuple((str(u), f"{match.unit(u).name} ({match.health(u).hit}/{match.health(u).max_hit} HIT)")
                            for u in hurt), ("field_dressing",), units=tuple(hurt))
    elif ev.id in ("strategic-command", "scrambled-comms"):
        match.add_to(PLAYER, ev.to, ev.name)
    elif ev.id == "overrun":
        for u in match.units(NPC):
            match.grant(u, "Overrun", [S.BASIC_OR_MISSION], front=True)
    elif ev.id == "enemy-reinforcements":
        match.mission_step("reinforce", front=True)


def opportunity(mission, match, choice: str) -> None:
    if choice == "none":
        match.note("Opportunity: no unit takes it")
        return
    act = mission.data.turn_event("opportunity").act
    match.grant(int(choice), "Opportunity", [S.BASIC_OR_MISSION] * 8, act=act, front=True)


def field_dressing(mission, match, choice: str) -> None:
    match.heal(int(choice), mission.data.turn_event("field-dressing").hit, "Field Dressing")


def reinforce(mission, match) -> None:
    ms = match.mission_state
    f = mission.data.faction(ms["faction"])
    n = mission.data.numbers["reinforcement_dice"]
    match.roll_table(n, f"Enemy Reinforcements: {f.name} Spawn Table, Threat Level {ms['tl']} ({n}D6)",
                     ("reinforce_rolled",))


def reinforce_rolled(mission, match, faces) -> None:
    f = mission.data.faction(match.mission_state["faction"])
    for face in faces:
        row = f.spawn_row(match.mission_state["tl"], face)
        match.event(f"Reinforcements {face}: {row.count} x {f.unit(row.unit).name}", "each Adjacent to its own "
                    "random Anchor", NPC)
        match.mission_step("reinforce_next", row.unit, row.count, [], front=True)


def reinforce_next(mission, match, unit_id: str, left: int, used) -> None:
    if left <= 0:
        return
    match.random_anchor("Reinforcement: random Anchor (1D10)", ("reinforce_at", unit_id, left, list(used)),
                        exclude=tuple(used))


def reinforce_at(mission, match, unit_id: str, left: int, used, anchor: str) -> None:
    unit = mission.data.faction(match.mission_state["faction"]).unit(unit_id)
    r = unit.card.base_diameter / 2
    spots = spots_at_anchor(match, anchor, "adjacent", r, _radius(mission), limit=1)
    spot = spots[0] if spots else nearest_free(match, anchor, r)
    if spot is None:
        match.note(f"No room near the {anchor} Anchor: a {unit.name} does not arrive")
    else:
        if not spots:
            match.note(f"No room Adjacent to the {anchor} Anchor: {unit.name} arrives as near as it can")
        add_npc(mission, match, unit, *spot)
    match.mission_step("reinforce_next", unit_id, left - 1, [*used, anchor], front=True)


# -- extraction ---------------------------------------------------------------------------------------------
def extraction_point(mission, match) -> None:
    ms = match.mission_state
    if match.turn != mission.data.numbers["extraction_turn"] or ms["extraction"] is not None:
        return
    taken = []
    for mid in match.markers(on_table=True):
        p = match.marker_position(mid)
        for name, (x, y) in match.anchors().items():
            if p is not None and math.hypot(p[0] - x, p[1] - y) < 1.0:
                taken.append(name)
    match.random_anchor("Extraction Point: random Anchor (1D10)", ("extraction_at",), exclude=tuple(taken),
                        chooser=PLAYER)


def extraction_at(mission, match, anchor: str) -> None:
    match.mission_state["extraction"] = anchor
    r = mission.data.numbers["extraction_radius"]
    match.event(f"Extraction Point: the {anchor} Anchor", f"from the end of this Turn, every Standing unit within "
                f"{r}\" of it and not Adjacent to an enemy can extract", PLAYER)


def who_extracts(mission, match) -> tuple[list[int], list[int]]:
    """(units that would extract now, units that would be left behind)."""
    anchor = match.mission_state["extraction"]
    if anchor is None:
        return [], match.units(PLAYER)
    pt = match.anchors()[anchor]
    r = mission.data.numbers["extraction_radius"]
    out, behind = [], []
    for u in match.units(PLAYER):
        b = match.base(u)
        ok = A.within(pt, b.x, b.y, b.radius, r) and not match.adjacent_enemies(u)
        (out if ok else behind).append(u)
    return out, behind


def _names(match, uids) -> str:
    return ", ".join(match.unit(u).name for u in uids) or "nobody"


def end_of_turn(mission, match) -> None:
    ms = match.mission_state
    ms["darkness"] = None
    mission.O.end_of_turn(mission, match)
    if ms["extraction"] is None or match.turn < mission.data.numbers["extraction_turn"] or not match.units(PLAYER):
        return
    if mission.variant:  # asked after the objectives' own steps (a Control Point to clear)
        match.mission_step("extract_question")
    else:
        extract_question(mission, match)


def extract_question(mission, match) -> None:
    if not match.units(PLAYER):
        return
    go, behind = who_extracts(mission, match)
    met = len(O.met(match))
    counted = f"{met} objective{'s' if met != 1 else ''} met would count" if go else "no objective would count"
    if mission.variant:
        counted = TE.extraction_words(mission, match, go)
    match.ask(PLAYER, "Extract now? The mission ends.",
              (("extract", f"Extract: {_names(match, go)} leave{'s' if len(go) == 1 else ''}; left behind (Taken "
                           f"Out): {_names(match, behind)}; {counted}"),
               ("stay", "Fight on: play another Turn (the enemy gets reinforcements)")),
              ("extract_answer",))


def extract_answer(mission, match, choice: str) -> None:
    if choice != "extract":
        match.note("The squad fights on")
        return
    ms = match.mission_state
    go, behind = who_extracts(mission, match)
    for u in go:
        match.depart(u, "extracted")
    for u in behind:
        match.depart(u, "left behind: counts as Taken Out")
    ms["extracted"] = go
    ms["left_behind"] = behind
    ms["over"] = "extracted"
    if mission.variant:
        TE.finish(mission, match, go)
        return
    ms["counted"] = len(O.met(match)) if go else 0
    n = mission.data.numbers
    if ms["counted"]:
        match.add_mp(PLAYER, n["mp_per_objective"] * ms["counted"], f"{count(ms['counted'], 'objective')} met, extracted")
    match.add_mp(PLAYER, n["mp_per_threat_level"] * ms["tl"], f"Threat Level {ms['tl']}")
