"""Hot-seat PvP: the launch book's 17 missions and 3 Climax missions (play-modes digest 4.1-4.3), one entry each
(`pvp-<slug>`), played by two people at one screen, a person against the computer, or two computers."""
from __future__ import annotations

import sys

from game.modes import MissionEntry, register

from .book import DEFAULT_MAP, book, definition, problems  # noqa: F401
from .script import PvpMission

for _problem in problems():  # a broken mission file: the game starts without that mission, and says why
    print(f"PvP: {_problem} (this mission is left out)", file=sys.stderr)

for _d in book():
    register(MissionEntry(_d.entry_id, "pvp", _d.title if not _d.climax else f"Climax: {_d.title}", PvpMission,
                          options=(("mission", _d.id),), map_name=DEFAULT_MAP))
