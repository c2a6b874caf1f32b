"""What a PvP campaign brings into a mission, as scenario options (the match never knows it is in a campaign):

    held        the Campaign Rewards that take effect in this mission by a named rule, "side:rule:slot:choice;..."
                (slot: the unit's place in its squad, the enemy's for a rule aimed at it; choice: melee/ranged)
    advantage   the Climax's chooser (R38): it wins the deployment roll-off without a roll (so it picks its edge or
                role first and places the first unit) and gets +1 TO at the start of Turn 1

The named rules (assets/data/pvp/*.json, `use.rule`; gear the rewards lend is on the cards, not here):

    arm_turn1         the unit has +1 ARM during Turn 1 (Field Stabilizers, Reinforced Armor)
    act_turn1         the unit has +1 ACT in Turn 1 (Quick Prep, Aggressive Push)
    cover             the unit counts as in Cover all through the mission (Tactical Resupply)
    to_start          +1 TO at the start of the mission, and once its dice that gave no TO re-rolled
                      (Intelligence Priority)
    enemy_leader_arm  the enemy Leader has -1 ARM, never below 1 (Targeted Strike, Intel Leak)
    skl               the unit has +1 SKL with melee or ranged weapons (Disruption Scan: +1 MSK or RSK)
    vendetta          the squad's units have +1 SKL when they target the named enemy unit (Personal Vendetta)
    hit_less          the named enemy unit starts with 1 HIT less, lost as Turn 1 begins, never below 1
                      (Preemptive Strike)
    to_turn           +1 TO in one Turn the squad picks, asked after each Turn's roll (Forward Command)
    to_reroll         once, every Tactical Order die of a Turn rolled again (TO Optimization)
    to_four           once, 4 TO instead of the dice, named before the roll: before the battle for Turn 1, at the
                      end of a Turn for the next (Overwhelming Presence)
    act_for_to        once, a unit spends 1 ACT and its squad gains 2 TO: a mission action (Tactical Reversal,
                      Strategize Bonus)
    act_once          the unit has +1 ACT in one activation, asked as it begins (Energy Overflow)
    free_move         the unit makes a free Move once deployment is over, as Turn 1 begins, before the Initiative
                      (Rapid Deployment, Deep Strike)
    first_attack      the unit has +1 SKL with melee or ranged weapons in its first attack with one (Aggressive
                      Momentum)

Each question is a "choice" prompt whose step is "reward_use" (side, rule, and what it is about); a Reward used once is
remembered in mission_state["rewards_used"] ("side:rule").
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match import events as E
from game.match.mission import MissionActionDef
from game.match.scenario import ScenarioError
from game.rules import actions as act
from game.rules.model import MELEE
from game.rules.orders import ORDER_FACE

from . import sides as P
from .data import REWARD_RULES

YES, NO = "yes", "no"
FOUR = 4  # Overwhelming Presence's TO
GAINED = 2  # TO an act_for_to action gains
ACTION_PREFIX = "reward-orders-"  # the act_for_to mission action's id, then the side
# what is settled after each side's Tactical Order roll, in this order (re-rolls before what adds to the roll)
ORDER_STAGES = ("to_four", "to_reroll", "to_start_reroll", "to_start", "advantage", "to_turn")


@dataclass(frozen=True, slots=True)
class Held:
    side: str
    rule: str
    slot: int | None
    choice: str = ""


def encode(held: list[Held]) -> str:
    return ";".join(f"{h.side}:{h.rule}:{'' if h.slot is None else h.slot}:{h.choice}" for h in held)


def parse(text: object) -> tuple[Held, ...]:
    if not text:
        return ()
    out = []
    for part in str(text).split(";"):
        bits = part.split(":")
        if len(bits) != 4 or bits[0] not in P.SIDES or bits[1] not in REWARD_RULES or \
                (bits[2] and not bits[2].isdigit()) or bits[3] not in ("", "melee", "ranged"):
            raise ScenarioError(f"option 'held': {part!r} is not side:rule:slot:choice")
        out.append(Held(bits[0], bits[1], int(bits[2]) if bits[2] else None, bits[3]))
    return tuple(out)


def check_options(options: dict) -> None:
    parse(options.get("held"))
    adv = options.get("advantage")
    if adv not in (None, "", *P.SIDES):
        raise ScenarioError(f"option 'advantage': expected player or opponent, got {adv!r}")


def _unit(match, side: str, slot: int | None) -> int | None:
    units = match.all_units_of(side)
    return units[slot] if slot is not None and 0 <= slot < len(units) else None


def _held(match, rule: str):
    for h in parse(match.mission.options.get("held")):
        if h.rule == rule:
            yield h


def _holds(match, side: str, rule: str) -> Held | None:
    return next((h for h in _held(match, rule) if h.side == side), None)


def _on(match, rule: str, uid: int) -> list[Held]:
    return [h for h in _held(match, rule) if _unit(match, h.side, h.slot) == uid]


def _used(match, side: str, rule: str) -> bool:
    return f"{side}:{rule}" in match.mission_state.get("rewards_used", [])


def _use(match, side: str, rule: str) -> None:
    match.mission_state.setdefault("rewards_used", []).append(f"{side}:{rule}")


def _fresh(match, side: str, rule: str) -> Held | None:
    """The side's Reward of this rule while it is not used yet."""
    h = _holds(match, side, rule)
    return h if h is not None and not _used(match, side, rule) else None


# == rules the match asks about ======================================================================================
def act_bonus(match, uid: int) -> int:
    return len(_on(match, "act_turn1", uid)) if match.turn == 1 else 0


def arm_bonus(match, uid: int) -> int:
    bonus = len(_on(match, "arm_turn1", uid)) if match.turn == 1 else 0
    u = match.unit(uid)
    if u.leader and any(h.side != u.side for h in _held(match, "enemy_leader_arm")):
        bonus -= min(1, max(0, u.card.arm - 1))  # never below 1
    return bonus


def always_in_cover(match, uid: int) -> bool:
    return bool(_on(match, "cover", uid))


def _momentum(match, uid: int, weapon) -> Held | None:
    """Aggressive Momentum's +1 SKL for this attack: the unit's first attack with a weapon of the kind picked."""
    for h in _on(match, "first_attack", uid):
        if (h.choice == "melee") == (weapon.kind == MELEE) and not _used(match, h.side, "first_attack"):
            return h
    return None


def attack_bonus(match, attacker: int, target: int | None, weapon) -> int:
    """+SKL the held rewards give this attack."""
    skl = sum(1 for h in _on(match, "skl", attacker) if (h.choice == "melee") == (weapon.kind == MELEE))
    skl += 1 if _momentum(match, attacker, weapon) is not None else 0
    side = match.unit(attacker).side
    if target is not None:
        skl += sum(1 for h in _held(match, "vendetta") if h.side == side and _unit(match, P.other(side), h.slot)
                   == target)
    return skl


def after_attack(match, attacker: int, weapon) -> list[tuple]:
    """Aggressive Momentum is spent by the attack it helped."""
    h = _momentum(match, attacker, weapon)
    return [("mission", "reward_spent", h.side, "first_attack")] if h is not None else []


# == before the battle and each Turn =================================================================================
def setup(match) -> None:
    """Before the battle: Overwhelming Presence's squad says whether it takes 4 TO in Turn 1 (before any roll)."""
    for h in _held(match, "to_four"):
        match.mission_step("reward_four", h.side, 1)


def start_of_turn(match) -> None:
    """Turn 1: the enemy unit named for Preemptive Strike loses 1 HIT (never below 1); the units given a free Move
    make it, the squad that deployed first first."""
    if match.turn != 1:
        return
    for h in _held(match, "hit_less"):
        uid = _unit(match, P.other(h.side), h.slot)
        if uid is not None and match.standing(uid) and match.health(uid).hit > 1:
            match.event("Campaign Reward", f"{match.unit(uid).name} starts the mission 1 HIT down (Preemptive "
                                           f"Strike)", h.side)
            match.lose_hit(uid, 1)
    first = match.mission_state.get("deploy_first")
    for h in sorted(_held(match, "free_move"), key=lambda h: h.side != first):
        uid = _unit(match, h.side, h.slot)
        if uid is not None and match.standing(uid):
            match.event("Campaign Reward", f"{match.unit(uid).name} makes a free Move before the Initiative",
                        h.side)
            match.grant(uid, "Campaign Reward: a free Move", [(act.MOVE,)])


def after_orders(match) -> None:
    """After the Tactical Orders are rolled: each side's Rewards that touch them, in ORDER_STAGES."""
    for side in P.SIDES:
        match.mission_step("reward_orders", side, 0)


def end_of_turn(match, last: bool) -> None:
    """A Turn ends: Overwhelming Presence's squad says whether it takes 4 TO in the next one."""
    if last:
        return
    for h in _held(match, "to_four"):
        match.mission_step("reward_four", h.side, match.turn + 1)


def start_of_activation(match, uid: int) -> list[tuple]:
    """Energy Overflow: its unit's squad says, as the unit activates, whether it takes the +1 ACT now."""
    return [("mission", "reward_overflow", h.side, uid) for h in _on(match, "act_once", uid)
            if not _used(match, h.side, "act_once")]


# == the steps ========================================================================================================
def on_step(match, name: str, *args) -> bool:
    """The continuation of the Rewards' steps and questions; False: not a Reward's step."""
    if name == "reward_orders":
        _orders(match, *args)
    elif name == "reward_four":
        side, turn = args
        if _fresh(match, side, "to_four"):
            _ask(match, side, "to_four", turn, f"Overwhelming Presence: take {FOUR} TO in Turn {turn} instead of "
                                               "rolling the Tactical Order dice?",
                 f"Take {FOUR} TO in Turn {turn}", "Roll as usual")
    elif name == "reward_overflow":
        side, uid = args
        if _fresh(match, side, "act_once") and match.active_unit == uid:
            _ask(match, side, "act_once", uid, f"Energy Overflow: {match.unit(uid).name} has 1 more ACT in this "
                                               "activation?", "Use it now (+1 ACT)", "Keep it for later")
    elif name == "reward_use":
        _answer(match, *args)
    elif name == "reward_rolled":
        _rerolled(match, *args)
    elif name == "reward_spent":
        side, rule = args
        _use(match, side, rule)
    else:
        return False
    return True


def _ask(match, side: str, rule: str, about, text: str, yes: str, no: str) -> None:
    match.ask(side, text, ((YES, yes), (NO, no)), ("reward_use", side, rule, about))


def _answer(match, side: str, rule: str, about, option: str) -> None:
    if rule == "to_four":
        if option == YES:
            _use(match, side, rule)
            match.mission_state.setdefault("rewards_turn", {}).setdefault(side, {})["to_four"] = about
            match.event("Campaign Reward", f"{match.side_name(side)} will take {FOUR} TO in Turn {about} instead of "
                                           "rolling (Overwhelming Presence)", side)
        return
    if rule == "act_once":
        if option == YES:
            _use(match, side, rule)
            match.add_act(about, 1, "Energy Overflow")
        return
    stage = ORDER_STAGES.index(about)
    if option == YES:
        _use(match, side, rule)
        if rule == "to_turn":
            match.add_to(side, 1, "Forward Command")
        else:
            n, good = order_dice(match, side)
            k = n if rule == "to_reroll" else n - good
            why = "TO Optimization: every Tactical Order die again" if rule == "to_reroll" else \
                "Intelligence Priority: the Tactical Order dice that gave no TO again"
            match.roll_table(k, f"{match.side_name(side)}: {why}", ("reward_rolled", side, stage, good,
                                                                    rule == "to_reroll"), side=side)
            return
    match.mission_step("reward_orders", side, stage + 1, front=True)


def order_dice(match, side: str) -> tuple[int, int]:
    """(dice rolled for the side's Tactical Orders this Turn, how many gave a TO): the TO it has now, less what
    the units Taken Out add (nothing has added to them yet when the Rewards' steps run)."""
    ev = match.events
    n = 0
    for i in range(len(ev) - 1, -1, -1):
        e = ev[i]
        if isinstance(e, E.TacticalOrdersRolled) and e.side == side:
            n = len(e.dice)
            break
        if isinstance(e, E.TurnStarted):
            break
    good = max(0, min(n, match.to.get(side, 0) - match.taken_out_count[side]))
    return n, good


def _rerolled(match, side: str, stage: int, good: int, every: bool, faces: tuple) -> None:
    new = sum(1 for f in faces if f <= ORDER_FACE)
    delta = new - good if every else new
    match.add_to(side, delta, "TO Optimization" if every else "Intelligence Priority")
    match.mission_step("reward_orders", side, stage + 1, front=True)


def _orders(match, side: str, stage: int) -> None:
    """Settle the side's Rewards on this Turn's Tactical Orders from `stage` on; stop at a question (its answer
    goes on from the next stage)."""
    turn = match.turn
    for k in range(stage, len(ORDER_STAGES)):
        name = ORDER_STAGES[k]
        four = match.mission_state.get("rewards_turn", {}).get(side, {}).get("to_four") == turn
        if name == "to_four" and four:
            _, good = order_dice(match, side)
            match.add_to(side, FOUR - good, f"Overwhelming Presence: {FOUR} TO instead of the dice")
        elif name == "to_reroll" and _fresh(match, side, "to_reroll") and not four:
            n, _ = order_dice(match, side)
            if n:
                _ask(match, side, "to_reroll", name, f"TO Optimization: roll all {n} Tactical Order dice again "
                                                      "(once in the mission)?", "Roll them again", "Keep them")
                return
        elif name == "to_start_reroll" and _fresh(match, side, "to_start") and not four:
            n, good = order_dice(match, side)
            if n > good:
                _ask(match, side, "to_start", name, f"Intelligence Priority: roll the {n - good} Tactical Order "
                                                    "dice that gave no TO again (once in the mission)?",
                     "Roll them again", "Keep them")
                return
        elif name == "to_start" and turn == 1 and _holds(match, side, "to_start"):
            match.add_to(side, 1, "Campaign Reward")
        elif name == "advantage" and turn == 1 and match.mission.options.get("advantage") == side:
            match.add_to(side, 1, "the Climax's chooser (campaign)")
        elif name == "to_turn" and _fresh(match, side, "to_turn"):
            _ask(match, side, "to_turn", name, "Forward Command: take its +1 TO in this Turn?",
                 "Take +1 TO now", "Keep it for a later Turn")
            return


# == the mission action ==============================================================================================
def action_defs(match) -> list[MissionActionDef]:
    """Tactical Reversal, Strategize Bonus: once in the mission, a unit of the squad spends 1 ACT for 2 TO."""
    return [MissionActionDef(ACTION_PREFIX + h.side, f"{GAINED} TO for 1 ACT", 1,
                             f"Campaign Reward, once in the mission: this unit spends 1 ACT and its squad gains "
                             f"{GAINED} TO.", target="none", needs_control=False, sides=(h.side,), repeats=False)
            for h in _held(match, "act_for_to") if not _used(match, h.side, "act_for_to")]


def is_action(action) -> bool:
    return action.id.startswith(ACTION_PREFIX)


def do_action(match, uid: int, action) -> None:
    side = match.unit(uid).side
    _use(match, side, "act_for_to")
    match.add_to(side, GAINED, "Campaign Reward")
