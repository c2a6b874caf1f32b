"""PvE missions (play-modes digest 2.1, the launch edition, and 2.2): a mission generated from its tables against
an NPC faction, solo or co-op. The data is in assets/data/pve/; the script in mission.py."""
from game.modes import MissionEntry, register

from .mission import PveMission

register(MissionEntry(PveMission.id, PveMission.mode, "PvE mission (generated)", PveMission))
