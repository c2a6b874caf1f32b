"""Seeded random clicks, keys, drags and wheel turns on the battle screens (tools/monkey_screens.py, a short run of
it): no screen crashes and no computer player fails, whatever a player does."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("monkey_screens", ROOT / "tools" / "monkey_screens.py")
monkey_screens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(monkey_screens)


@pytest.mark.parametrize("start,seed", [("horde", 3), ("pvp-ambush", 11)])
def test_random_input_breaks_no_battle_screen(start, seed, tmp_path, monkeypatch):
    import game.paths
    monkeypatch.setattr(game.paths, "SAVES_DIR", tmp_path)
    failures, seen = monkey_screens.run(start, seed, 400, str(tmp_path), say=lambda words: None)
    assert not failures, failures
    assert sum(n for scene, n in seen.items() if "Battle" in scene) >= 150, seen  # (it played on the battle screen)
