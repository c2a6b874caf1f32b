"""Tactical Orders and Initiative (Core Rules section 3 and 6, R18, R20)."""
from __future__ import annotations

from .dice import Dice

BASE_TO_DICE = 3  # without a Standing Leader; a Leader adds its dice (LDR2: +2 -> 5)


def tactical_order_dice(leader_standing: bool, leader_dice: int) -> int:
    return BASE_TO_DICE + (leader_dice if leader_standing else 0)


ORDER_FACE = 3  # a Tactical Order die showing this or less gives 1 TO


def orders_from(faces, taken_out: int) -> int:
    """Each 1-3 gives 1 TO; +1 TO for each Unit of the squad Taken Out so far (R20)."""
    return sum(1 for f in faces if f <= ORDER_FACE) + taken_out


def roll_tactical_orders(dice: Dice, n_dice: int, taken_out: int) -> tuple[list[int], int]:
    faces = dice.roll(n_dice)
    return faces, orders_from(faces, taken_out)


def roll_initiative(dice: Dice, sides: list[str]) -> tuple[list[dict[str, int]], str]:
    """Each side rolls 1D6; lowest wins; ties re-roll (R18). Returns every round of rolls and the winner."""
    rounds: list[dict[str, int]] = []
    contenders = list(sides)
    while True:
        rolls = {s: dice.d6() for s in contenders}
        rounds.append(rolls)
        low = min(rolls.values())
        contenders = [s for s in contenders if rolls[s] == low]
        if len(contenders) == 1:
            return rounds, contenders[0]
