"""Seeded games of every mode with random legal commands mixed in (tools/chaos_games.py, a few of its games): no legal
command refused, no side left without one, no computer decision refused or crashing in the states a person's odd
choices make, and every log replays to the same state hash. Game 95 (PvE) once had its computer squad propose a
deployment spot a random placement had taken."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


compare_games = _tool("compare_games")
chaos_games = _tool("chaos_games")
GAMES = compare_games.games()
# First Mission (both measures), PvE (the deployment that failed; grid), PvP (two missions), Horde (two maps)
PICKED = [(0, 0.4), (50, 0.4), (95, 0.25), (157, 0.25), (270, 0.4), (305, 0.4), (430, 0.3), (437, 0.3)]


@pytest.mark.parametrize("index,share", PICKED)
def test_random_legal_commands_break_nothing(index, share):
    kind, words = chaos_games.play(GAMES[index], share, seed=1, max_commands=1500)
    assert kind in ("ok", "long"), f"game {index}: {kind}: {words}"
