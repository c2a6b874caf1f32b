"""Horde Mode (H1): survival runs, wave after wave, with Bosses, Downed units and the Upgrades shop.

The mission script is `HordeMission` (mission.py); its data lives in assets/data/horde/ (data.py reads it);
`horde_scenario` (setup.py) builds a run's scenario, co-op included.
"""
from game.modes import MissionEntry, register

from .mission import HordeMission
from .setup import horde_scenario

register(MissionEntry(HordeMission.id, HordeMission.mode, HordeMission.title, HordeMission,
                      map_name=HordeMission.map_name))

__all__ = ["HordeMission", "horde_scenario"]
