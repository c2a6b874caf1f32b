"""The Horde's special rules at the match's hook points: Leech, the Shadow Fiend (Phasebound, Twilight Blades,
its Move), the Ossuary Engine (Null Construct), the Broodmind (Nutrient Lash, Slow, Spawn Sacs, its Leeches).
Counter is the engine's (the CTR unit special on the Shadow Fiend's card)."""
from __future__ import annotations

from dataclasses import replace

from game.match.mission import MissionActionDef
from game.rules import actions as act
from game.rules.model import MELEE

from .common import HORDE, PLAYER, roll, state

LEECH = "HRD-LCH01-LCH"
LEECH_TYPE = "HRD-LCH01"
PHASEBOUND = "HRD-BOSS1-PB"
TWILIGHT_RULE, TWILIGHT_WEAPON = "HRD-BOSS1-TBS", "HRD-BOSS1-TB"
SHADOW_MOVE = "HRD-BOSS1-BEH"  # the Shadow Fiend's Behaviour carries its Move rule
NULL_CONSTRUCT = "HRD-BOSS2-NC"
NUTRIENT_LASH, SLOW, SPAWN_SACS = "HRD-BOSS3-NL", "HRD-BOSS3-SLOW", "HRD-BOSS3-SS"
BROOD_SPAWN = "HRD-BOSS3-BEH"  # the Broodmind's Behaviour line that births Leeches

RULES = {  # every Horde skill the mission applies, and where (tests walk the roster against this)
    LEECH: "after_attack: -1 TO, or 1 more HIT lost",
    PHASEBOUND: "always_in_cover",
    TWILIGHT_RULE: "attack_spec: Rending 1",
    SHADOW_MOVE: "instead_of_move: set down Adjacent to a random enemy that cannot see it",
    NULL_CONSTRUCT: "ranged_target_reason",
    NUTRIENT_LASH: "after_attack: 1D6, 1-2 heals 1",
    SLOW: "move_bonus: Move 2\"",
    SPAWN_SACS: "after_attack: a Carrion Leech",
    BROOD_SPAWN: "mission action spawn-leech",
    "HRD-BOSS1-SPAWN": "waves.spawn_boss", "HRD-BOSS2-SPAWN": "waves.spawn_boss", "HRD-BOSS3-SPAWN": "waves.spawn_boss",
}


def has(match, uid: int, skill: str) -> bool:
    return skill in match.unit(uid).card.skills


def is_boss(mission, match, uid: int) -> bool:
    return match.unit(uid).type_id in {b.unit for b in mission.data.bosses}


def watchers(match, uid: int) -> list[int]:
    """The enemies (Standing units of the squad) that can see `uid`."""
    me = match.base(uid)
    return [e for e in match.units(PLAYER) if match.table.sight(match.base(e), me).visible]


def unseen_by(match, uid: int) -> list[int]:
    me = match.base(uid)
    return [e for e in match.units(PLAYER) if not match.table.sight(match.base(e), me).visible]


# -- hook points -------------------------------------------------------------------------------------------------
def attack_spec(match, spec, weapon):
    """Twilight Blades: Rending 1 when the target is the only enemy that can see the Shadow Fiend."""
    a = spec.attacker
    if weapon is None or weapon.id != TWILIGHT_WEAPON or not has(match, a, TWILIGHT_RULE):
        return spec
    main = spec.groups[0][1][0].uid
    if watchers(match, a) == [main]:
        match.note(f"Twilight Blades: {match.unit(main).name} is the only one who sees it (Rending 1)", a)
        return replace(spec, rnd=spec.rnd + 1)
    return spec


def ranged_target_reason(match, attacker: int, target: int) -> str | None:
    if match.unit(target).item or not has(match, target, NULL_CONSTRUCT):
        return None
    h = match.health(target)
    return "Null Construct: it cannot be shot while it has all its HIT" if h.hit >= h.max_hit else None


def after_attack(mission, match, attacker: int, weapon, main: int, lost: dict[int, int]) -> list[tuple]:
    steps: list[tuple] = []
    hurt = {u: n for u, n in lost.items() if n > 0}
    if has(match, attacker, LEECH):
        steps += [("mission", "leech", u) for u in hurt if match.side_of(u) == PLAYER and not match.unit(u).item]
    elif not match.unit(main).item and has(match, main, LEECH) and attacker in hurt:
        steps.append(("mission", "leech", attacker))  # the Leech's returned Damage
    if weapon.kind == MELEE:
        for bm in match.units(HORDE):
            if not has(match, bm, NUTRIENT_LASH):
                continue
            rng = mission.data.rules["nutrient_lash_range"]
            for u in hurt:
                if match.side_of(u) == PLAYER and not match.unit(u).item and match.position(u) is not None and \
                        match.table.distance(match.base(bm), match.base(u)) <= rng + 1e-6:
                    steps.append(("mission", "nutrient_lash", bm, u))
        if not match.unit(main).item and has(match, main, SPAWN_SACS) and lost.get(main, 0) == 0 and \
                match.standing(main):
            steps.append(("mission", "spawn_sacs", main))
    return steps


def leech(mission, match, uid: int) -> None:
    side = match.side_of(uid)
    if match.to.get(side, 0) > 0:
        match.add_to(side, -1, f"Leech: {match.unit(uid).name} was bled")
    elif match.standing(uid) and match.health(uid).hit > 0:
        match.note(f"Leech: no Tactical Orders left, {match.unit(uid).name} loses 1 more HIT", uid)
        match.lose_hit(uid, 1)


def nutrient_lash(mission, match, bm: int, uid: int) -> None:
    if not match.standing(bm) or match.health(bm).hit >= match.health(bm).max_hit:
        return
    on = mission.data.rules["nutrient_lash_on"]
    face = roll(match, 1, f"Nutrient Lash ({match.unit(uid).name} lost HIT)", outcome="", side=HORDE)[0]
    if face <= on:
        match.heal(bm, 1, "Nutrient Lash")


def spawn_leech_next_to(mission, match, boss: int, why: str) -> None:
    from .waves import horde_card, unit_name
    card = horde_card(mission, LEECH_TYPE)
    spots = match.table.spots_adjacent_to(match.base(boss), card.base_diameter / 2, HORDE)
    if not spots:
        match.note(f"{why}: no room for a Carrion Leech")
        return
    players = [match.base(u) for u in match.units(PLAYER)]
    spots.sort(key=lambda s: (min((abs(s[0] - p.x) + abs(s[1] - p.y) for p in players), default=0.0), s[0], s[1]))
    uid = match.spawn(HORDE, unit_name(match, mission, LEECH_TYPE), card, *spots[0])
    match.event(why, f"{match.unit(uid).name} appears next to {match.unit(boss).name}", HORDE)


def move_bonus(mission, match, uid: int, action: str) -> float:
    """Slow: a Move of only `slow_move_inches`; Encroaching Threat: Horde Moves `encroaching_inches` further (the
    Horde data's rules)."""
    ms = state(match)
    rules = mission.data.rules
    extra = 0.0
    if action == act.MOVE and match.unit(uid).side == HORDE:
        if has(match, uid, SLOW):
            extra += rules["slow_move_inches"] - act.MOVE_INCHES
        if "encroaching" in ms.get("turn_flags", ()):
            extra += rules["encroaching_inches"]
    return extra


def instead_of_move(mission, match, uid: int, action: str) -> bool:
    """The Shadow Fiend: a Move while some enemy cannot see it sets it down Adjacent to one of them, picked at
    random (1Dn in the order of the units), with no Attack of Opportunity."""
    if action != act.MOVE or not has(match, uid, SHADOW_MOVE):
        return False
    unseen = unseen_by(match, uid)
    if not unseen:
        return False
    face = roll(match, 1, f"{match.unit(uid).name}: which unseen enemy", sides=len(unseen), side=HORDE)[0]
    target = unseen[face - 1]
    me = match.base(uid)
    spots = match.table.spots_adjacent_to(match.base(target), me.radius, HORDE)
    if not spots:
        match.note(f"{match.unit(uid).name} finds no room next to {match.unit(target).name}: it moves as usual", uid)
        return False
    others = [match.base(e) for e in match.units(PLAYER) if e != target]

    def seen_by(s) -> int:
        probe = replace(me, x=s[0], y=s[1], z=s[2])
        return sum(1 for o in others if match.table.sight(o, probe).visible)
    spots.sort(key=lambda s: (seen_by(s), s[0], s[1]))
    x, y, z = spots[0]
    match.place(uid, x, y, z, "steps out of the shadows")
    match.event(f"{match.unit(uid).name} moves through the shadows", f"it appears next to {match.unit(target).name}",
                HORDE)
    return True


def actions() -> list[MissionActionDef]:
    return [MissionActionDef("spawn-leech", "Birth a Carrion Leech", 1, "With no enemy Adjacent: a Carrion Leech "
                             "appears Adjacent to the Broodmind (once per Activation).", target="none",
                             needs_control=False, sides=(HORDE,))]


def spawn_leech_reason(match, uid: int) -> str | None:
    if not has(match, uid, BROOD_SPAWN):
        return "only the Broodmind"
    if match.adjacent_enemies(uid):
        return "not while an enemy is Adjacent"
    a = match.activation
    if a is not None and any(p.action == act.MISSION and p.skill == "spawn-leech" for p in a.history):
        return "once per Activation"
    return None
