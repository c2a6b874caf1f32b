"""The battle screen (see scene.py): deployment and the battle on one table."""
from .handlers import prompt_units
from .scene import BattleScene

__all__ = ["BattleScene", "prompt_units"]
