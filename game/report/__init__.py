"""After the battle: each side's luck with the dice, the turning points, and the battle report in Markdown.

Read from a match's typed events only (nothing parses the log's text); no pygame. `facts_of(match)` gathers
what a report needs; `luck`, `turning` and `markdown` work on those facts, so tests drive them with scripted
events.
"""
from .facts import BattleFacts, UnitInfo, WeaponInfo, facts_of
from .luck import SideLuck, Tally, luck_of
from .markdown import battle_report, export_report, report_name
from .turning import AttackSwing, TakenOutLine, attack_swings, taken_out, turning_points

__all__ = ["BattleFacts", "UnitInfo", "WeaponInfo", "facts_of", "SideLuck", "Tally", "luck_of", "battle_report",
           "export_report", "report_name", "AttackSwing", "TakenOutLine", "attack_swings", "taken_out",
           "turning_points"]
