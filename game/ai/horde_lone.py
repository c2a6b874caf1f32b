"""The Horde squad's computer player down to its last one or two Standing units, once a newcomer arrives every Turn.

Traced (seeds 196, 132 and 122, the waves of 15 Turns on seeds 0-199 after the Downed fix): the squadmates were not
Downed but Deceased, each on a repeated Injury rolled when it was revived, so nobody was left to revive. The last
unit, often the Leader at 1 HIT, shot twice a Turn and kept 3 Tactical Orders (KEEP_TO) for its saves; it worked Wave
Objective markers (a Search, 2 ACT, with an Ashline Gunner 7" off) and walked to them, away from the newcomer. From a
wave's Turn 5 (REINFORCED_TURN) a newcomer arrives every Turn, mostly at a Spawn Point far off, and the wave ends only
when the squad takes out everything on the table in one Turn: standing longer does not end it. The last units held
on for 9 Turns and more, and most such waves ended with their fall. Now, with LAST_UNITS or fewer Standing in those
Turns, they spend every Tactical Order on their attacks (dice, attacks beyond their ACT, a Move to a shot: what is left
pays for their saves), press as in a long wave (horde_squad.PRESS_TURN: no step back into Cover, a shot first) and
leave the markers while the Horde is on the table.
"""
from __future__ import annotations

REINFORCED_TURN = 5  # from this Turn of a wave a Horde unit arrives every Turn (H1): only the Boss's fall ends it
LAST_UNITS = 2  # this many Standing units or fewer: the squad's last (over seeds 0-399, waves of 13+ Turns 10 -> 0)


def last_units(match, side: str) -> bool:
    """Whether `side` is down to LAST_UNITS Standing units or fewer (Downed ones aside) in a wave's reinforced Turns."""
    return match.mission_state.get("wave_turn", 0) >= REINFORCED_TURN and len(match.units(side)) <= LAST_UNITS


def kept_orders(match, side: str, keep: int) -> int:
    """The Tactical Orders `side`'s attacks leave unspent: `keep`, none when it is down to its last units."""
    return 0 if last_units(match, side) else keep
