"""A game saved mid-way, loaded and played on reaches the very state of the same game played on without saving: the
loaded match rebuilds its table with every base where it stands (another history of moves than the game as
played), and sight, cover and movement answer the same there (N71). Seeded games of every mode, both sides played
by the computer (the loaded game's carry on as the save kept them: tests/persistence/test_controllers_saved.py)."""
import pytest

from game.content import load_catalog
from game.headless import build_scenario
from game.modes import create_match, replay
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match

CASES = [("first-mission", None, 3), ("pve", None, 5), ("pvp-rivals", None, 4),
         ("horde", "horde-supply-corridor.tmx", 9), ("horde", "horde-last-stand.tmx", 2)]


def _session(m):
    return Session(m, {sp.side: make_controller(m, sp.side, "npc" if sp.npc else "computer")
                       for sp in m.scenario.sides})


@pytest.mark.parametrize("mission,map_name,seed", CASES, ids=lambda c: str(c))
def test_a_loaded_game_plays_on_to_the_same_state(tmp_path, mission, map_name, seed):
    scenario = build_scenario(mission, map_name=map_name) if map_name else build_scenario(mission)
    m = create_match(scenario, seed)
    s = _session(m)
    while m.phase != "over" and len(m.log) < 60:
        s.step()
    assert m.phase != "over", "the save is taken mid-game"
    path = save_match(m, f"{mission}-{seed}", folder=tmp_path)
    loaded = load_match(path, load_catalog())
    assert loaded.state_hash() == m.state_hash()
    s_loaded = _session(loaded)  # (its computer players carry on from the states the save kept)
    for _ in range(60):
        if m.phase == "over":
            break
        s.step()
        s_loaded.step()
        assert loaded.state_hash() == m.state_hash(), len(m.log)
    assert len(m.log) > 60
    again = replay(m.scenario, m.seed, list(m.log), m.catalog)
    assert again.state_hash() == m.state_hash() and list(loaded.log) == list(m.log)
    for x in (m, loaded, again):
        x.close()
