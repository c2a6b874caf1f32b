"""The Horde squad's computer player down to its last unit, once a newcomer arrives every Turn.

Traced (seeds 196, 132 and 122, the waves of 15 Turns on seeds 0-199 after the Downed fix): the squadmates were not
Downed but Deceased, each on a repeated Injury rolled when it was revived, so nobody was left to revive. The last
unit, often the Leader at 1 HIT, shot twice a Turn and kept 3 Tactical Orders (KEEP_TO) for its saves. From a wave's
Turn 5 (REINFORCED_TURN) a newcomer arrives every Turn, mostly at a Spawn Point far off, and the wave ends only when the
squad takes out everything on the table in one Turn: standing longer does not end it. The unit held on for 9 Turns and
more, and most such waves ended with its fall. Alone, it now spends every Tactical Order on its attacks (dice,
attacks beyond its ACT, a Move to a shot) and presses as in a long wave (horde_squad.PRESS_TURN); what is left pays for
its saves.
"""
from __future__ import annotations

REINFORCED_TURN = 5  # from this Turn of a wave a Horde unit arrives every Turn (H1): only the Boss's fall ends it


def alone(match, side: str) -> bool:
    """Whether `side` has one unit left on the table (Standing, none Downed) in a wave's reinforced Turns."""
    if match.mission_state.get("wave_turn", 0) < REINFORCED_TURN:
        return False
    return len(match.units(side)) == 1 and not match.units(side, downed=True)


def kept_orders(match, side: str, keep: int) -> int:
    """The Tactical Orders `side`'s attacks leave unspent: `keep`, none when it is down to its last unit (`alone`)."""
    return 0 if alone(match, side) else keep
