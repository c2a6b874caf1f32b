"""The battle screen (see scene.py): deployment and the battle on one table."""
from .handlers import prompt_units
from .scene import BattleScene
from .skill_input import spot_adjacent_units

__all__ = ["BattleScene", "prompt_units", "spot_adjacent_units"]
