"""The three difficulty levels of the tactical computer opponent, as numbers its search reads.

easy    makes a person's mistakes: its judgement of each option is off (noise on the values), often it takes a
        lesser option that looked close, it weighs few places to move to, it does not think about what the enemy
        could do to a unit where it ends nor look for Cover there, and it keeps its Tactical Orders for extra
        actions only (never on dice).
normal  plays the mission: walking distances to its goals, Cover and sight at the end of a move (a hidden spot when
        it costs little), focus fire; its judgement is a little off now and then (less than easy's). It is the level
        headless games and the lab play, so it weighs cheaply: a few places to move to, the two enemies nearest
        each (three for the threat there and for Cover), a short look for a hidden spot, and the pull toward the
        fight as the crow flies (measured: it beats easy and loses to hard as before, docs/balance.md, tenth pass).
hard    looks ahead: it weighs more places, counts the enemies that could move into sight of a spot before it acts
        again, values taking out first an enemy still to act by what that enemy would strike, chooses which
        unit acts now (an endangered one strikes first or gets out), stands beside a marker the enemy holds
        (denying it the MP counts nearly as much as holding), gives up more to end a move in Cover or out of
        sight (looking further for such a spot), and spends a Tactical Order on a die only where the exact
        chances of what that answer does pay for the Order (tactical_dice.py).

Hiding only where the shot the move set up is kept was measured and not kept (docs/balance.md, fourth PvP pass):
hard won more against normal, but all but stopped hiding.
"""
from __future__ import annotations

from dataclasses import dataclass

DIFFICULTIES = ("easy", "normal", "hard")
DEFAULT = "normal"
SETTLE = 0.08  # a move must beat staying by this much (MP): no shuffling in small steps


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    spots: int  # places a Move is weighed at, besides staying
    noise: float  # spread (MP) of the error on each option's value
    lapse: float  # chance of taking the second best option when it is close
    ready_threat: float  # share of a Ready enemy's best attack counted as the threat to a unit standing at a spot
    later_threat: float  # ... of an enemy that has activated this Turn
    reach_threat: float  # ... of a Ready enemy that could move into sight (hard only looks that far)
    follow: float  # weight of the best attack the unit could make from a spot with the ACT left
    dice_orders: bool  # spends Tactical Orders on dice where a life or a Take Out hangs on them
    weigh_dice: bool  # ... each Order only where what the answer is likely to do pays for it (tactical_dice.py)
    pick_unit: bool  # chooses which unit activates by what each could do now (else: by a quick estimate)
    preempt: float  # share of what an enemy still to act could strike, counted for taking it out first
    contest: float  # share of a scoring marker's value for standing at it with an enemy Adjacent too (it denies the
    # enemy the MP it would score there: Goal.scores_by_control)
    # Cover (a move ending in an enemy's uncovered line of fire); easy does not think of it
    hide_tries: int  # spots looked at for one out of every uncovered line of fire (0: it does not look)
    hidden_spots: int  # ... and how many such spots round the best one it weighs, when it is exposed
    exposed: float  # MP an exposed move costs more
    safe_margin: float  # a hidden move goes before the best move, when exposed, worth up to this much more (MP)
    goal_share: float  # ... if it gives up at most this share of the goal's value (or GOAL_MARGIN, tactical.py)
    # what a spot is weighed with (the cost of a decision)
    near: int = 4  # the enemies nearest a spot weighed from it (their Sights of it: the costly part); the threat on
    # it counts one more
    walk_pull: bool = True  # the pull toward the nearest enemy by walking, round walls (else as the crow flies)
    seen_by: int = 0  # the enemies (the nearest) asked whether they see a spot without Cover (0: every one)


LEVELS = {
    "easy": Level("easy", spots=3, noise=1.6, lapse=0.5, ready_threat=0.0, later_threat=0.0, reach_threat=0.0,
                  follow=0.5, dice_orders=False, weigh_dice=False, pick_unit=False, preempt=0.0, contest=0.6,
                  hide_tries=0, hidden_spots=0, exposed=0.0, safe_margin=0.0, goal_share=0.0),
    "normal": Level("normal", spots=4, noise=0.35, lapse=0.12, ready_threat=0.4, later_threat=0.12, reach_threat=0.0,
                    follow=0.9, dice_orders=True, weigh_dice=False, pick_unit=False, preempt=0.0, contest=0.6,
                    hide_tries=4, hidden_spots=1, exposed=0.25, safe_margin=1.5, goal_share=0.08, near=2,
                    walk_pull=False, seen_by=3),
    "hard": Level("hard", spots=10, noise=0.0, lapse=0.0, ready_threat=0.4, later_threat=0.12, reach_threat=0.1,
                  follow=0.95, dice_orders=True, weigh_dice=True, pick_unit=True, preempt=1.0, contest=0.9,
                  hide_tries=12, hidden_spots=3, exposed=0.25, safe_margin=3.0, goal_share=0.15),
}


def level_named(name: str | None) -> Level:
    """The level of that name ("easy", "normal", "hard"); None or "" is the default. ValueError names the known
    ones."""
    key = (name or DEFAULT).strip().lower()
    if key not in LEVELS:
        raise ValueError(f"difficulty: expected one of {', '.join(DIFFICULTIES)}, got {name!r}")
    return LEVELS[key]
