"""Turn and activation hooks: the Leader's dice (Hive Mind), Fate Shift, Initiative, Arise! as the Turn
begins, what ends with the Turn, ACT (Frenzy), the start of an activation (Cloak, Scan, Venomous Bonespurs,
Toxic), and Disciplined as it ends."""
from __future__ import annotations

import esper

from game.rules.dice import Die
from game.rules.model import RANGED

from .. import events as E
from ..components import Conditions, Health
from .ids import BASIC
from .unit_queries import alive, cond, has, value


def leader_dice(match, side: str) -> int:
    """Extra TO dice: the standing Leader's (LDRx skills, or the LDR unit special); Hive Mind keeps them
    after the Leader falls while a unit with Hive Mind stands."""
    def dice_of(uid):
        card = match.unit(uid).card
        return max(card.leader_dice, value(match, uid, "LDR"))
    lead = next((u for u in match.units(side) if match.unit(u).leader or value(match, u, "LDR")), None)
    if lead is not None:
        return dice_of(lead)
    if any("DRN-HM" in match.unit(u).card.skills for u in match.units(side)):
        fallen = [u for u in match.all_units_of(side) if match.unit(u).leader or value(match, u, "LDR")]
        if fallen:
            match.note(f"{side}: Hive Mind keeps the Leader's extra Tactical Order dice")
            return max(dice_of(u) for u in fallen)
    return 0


def fate_shift(match, side: str) -> bool:
    return any("SCH-ASP-FS" in match.unit(u).card.skills for u in match.units(side))


def roll_initiative(match, sides: list[str]) -> tuple[list[dict[str, int]], str]:
    """R18 with Initiative (INIT): a tie for the lowest roll goes to the one tied side with a standing
    INIT unit; otherwise the tied sides roll again."""
    init = {s for s in sides if any(has(match, u, "INIT") for u in match.units(s))}
    rounds: list[dict[str, int]] = []
    contenders = list(sides)
    while True:
        rolls = {s: match.dice.d6() for s in contenders}
        rounds.append(rolls)
        low = min(rolls.values())
        contenders = [s for s in contenders if rolls[s] == low]
        if len(contenders) == 1:
            return rounds, contenders[0]
        with_init = [s for s in contenders if s in init]
        if len(with_init) == 1:
            match.note(f"{match.side_name(with_init[0])} wins the tie (Initiative)")
            return rounds, with_init[0]


def start_of_turn(match) -> None:
    """Arise!: each unit with it rolls 1D6 as the Turn begins; 1-2 restores one lost HIT."""
    for uid in match.units():
        if "REL-AR" in match.unit(uid).card.skills:
            h = esper.component_for_entity(uid, Health)
            if h.hit < h.max_hit:
                f = match.dice.d6()
                if f <= 2:
                    h.hit += 1
                match.emit(E.DiceRolled(f"{match.unit(uid).name}: Arise!", (Die(f),),
                                        "restores 1 HIT" if f <= 2 else "no effect", match.unit(uid).side))


def end_of_turn(match) -> None:
    """What lasts 'until the end of the Turn' ends: Protect, Mindstab, Standby, smoke, Dark Gaze, side effects."""
    for _, c in esper.get_component(Conditions):
        c.protected = c.mindstabbed = c.standby = c.restored = c.catalysed = False
    match.side_effects = {}
    match.remove_tokens(until="turn")


def activation_act(match, uid: int, act_now: int) -> int:
    if "KF-BOSS-FRZ" in match.side_effects.get(match.side_of(uid), ()):
        act_now += 1
    return act_now


def start_of_activation(match, uid: int) -> list[tuple]:
    """Cloak and Scan end; Venomous Bonespurs' toll; Toxic."""
    c = cond(uid)
    if c.cloaked:
        c.cloaked = False
        match.note(f"{match.unit(uid).name}'s Cloak ends")
    if match.remove_tokens(until="owner", owner=uid):
        match.note(f"{match.unit(uid).name}'s Scan marker is removed")
    if c.move_tax:
        match.activation.move_tax = c.move_tax
        c.move_tax = 0
        match.note(f"{match.unit(uid).name} pays 1 extra ACT for each Move this activation (Venomous Bonespurs)")
    if has(match, uid, "TOX"):
        foes = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]
        if foes:
            return [("skill", "damage", uid, 1, "Toxic", RANGED, tuple(foes))]
    return []


def disciplined_plan(match, a) -> tuple[str, ...] | None:
    """Disciplined: as the activation ends, one free Basic Action not used in it."""
    if a.grant or a.locked or not has(match, a.uid, "DIS") or not alive(match, a.uid):
        return None
    used = {p.action for p in a.history}
    left = tuple(x for x in BASIC if x not in used)
    return left or None
