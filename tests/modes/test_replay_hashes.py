"""Every speed change keeps the game the same: many seeded games, on maps and the open table, with several
squads, replay from their logs to the same state hash, and a save's snapshot restores that same state."""
import pytest

from game.content import default_squad
from game.headless import play_headless
from game.match import snapshot
from game.modes import create_match, replay

CASES = [(seed, squad, map_name) for seed in range(1, 9)
         for squad, map_name in (("interdictors", "default"), ("relict-wardens", None), ("drone-pod", "default"))]


@pytest.mark.parametrize("seed,squad,map_name", CASES)
def test_replay_and_snapshot_give_the_same_state(seed, squad, map_name):
    m = play_headless(seed, squad=default_squad(squad), map_name=map_name)
    try:
        again = replay(m.scenario, m.seed, m.log)
        assert again.state_hash() == m.state_hash()
        again.close()
        fresh = create_match(m.scenario, m.seed)
        snapshot.restore(fresh, snapshot.capture(m, for_file=True), events=m.events, log=m.log,
                         rolls=m.rolls_per_command)
        assert fresh.state_hash() == m.state_hash() and fresh.events == m.events
        fresh.close()
    finally:
        m.close()
