"""Skill ids that share one rule, the action sets skills grant, and the distances skills measure."""
from __future__ import annotations

from game.rules import actions as act

BASIC = act.BASIC_ACTIONS
BASIC_OR_MISSION = act.BASIC_ACTIONS + (act.MISSION,)
COMBAT = act.COMBAT_ACTIONS

# Skill ids that share one rule (data over code: never by display name)
GRENADE = ("STD-GRN", "INT-FG", "CWB-FG", "DES-GRN", "HRD-RWD-DEMO")  # the last: Demo Expert's, once a mission
MEDPACK = ("INT-MED", "CWB-FIX-MPAK", "KF-BR-MED", "HRD-RWD-MED")  # the last: Resourceful Salvage's, once
RELAY_ORDER = ("INT-RO", "CWB-GH-RO")
STRATEGIZE = ("INT-STRAT", "CWB-GH-TO")
DUTY_BEFORE_DEATH = ("INT-DBD", "PRX-DBD")
COUNTER = ("CTR", "PRX-CTR", "KF-CTR")  # the unit special and the two squad specialties
MOVE_THEN_MELEE = ("DRN-OR", "DES-RAV-DES")  # Overrun, Despoil
CLIMBER = ("CMB", "STD-CMB", "DRN-CLB", "PRX-RAP-GRP")  # the unit special and the skills granting it
JUMP_PACK = ("INT-JP", "HRD-RWD-GRP")  # climbing pays no height: Jump Pack, Grappling Hook
FLYING = "FLY"
NEBULANT = "HK-CLD-NEB"
SMALL = "REL-CATREP-SM"
PRIME_REVENANT = "EIR-PA"  # Imperative does not reach past this unit type
SECUNDUS = "EIR-SEC"  # Proxy traces line of sight from this unit type
SWARMLING_SKILL = "DRN-SPAWN"  # the unit type carrying it is what Infest places
CRUSHED_LEG = "HRD-INJ-IM"  # the Injury (assets/data/injuries-spoils.json): each Move 2" shorter

SMOKE_RADIUS = 2.0
GRENADE_RANGE = 6.0  # Grenades and the Smoke Bomb: a spot within this of the thrower's base
JUMP_RANGE = 10.0  # Jump Strike and Jet Pack: a landing spot within this of the unit's centre
PUSH_RANGE = 4.0  # Push: the enemy goes up to this far in a straight line
SCAN_RANGE, SCAN_RADIUS = 8.0, 6.0
GAZE_RADIUS = 3.0
AURA = 6.0  # Aegis Aura, Formation, Yellbox, Protect The Kin, Restore, Catalyse, Pain Exalted, Compel
CRUSHED_LEG_INCHES = 2.0
EPS = 1e-6
