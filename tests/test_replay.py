"""Replays: any position of a battle, reached forwards, backwards or by a jump, is the battle as it was played."""
import random

import pytest

from game.headless import play_headless
from game.match import commands as C
from game.match import events as E
from game.modes import create_match
from game.persistence.save_format import SaveError
from game.persistence.save_writing import save_match
from game.replay import CHECKPOINT_EVERY, ReplayCursor, ReplayError


@pytest.fixture(scope="module")
def played():
    m = play_headless(7)
    yield m
    m.close()


@pytest.fixture(scope="module")
def hashes(played):
    """The state hash after each number of commands, from one straight replay."""
    m = create_match(played.scenario, played.seed, played.catalog)
    out = [m.state_hash()]
    for c in played.log:
        m.submit(c)
        out.append(m.state_hash())
    m.close()
    return out


@pytest.fixture
def cursor(played):
    c = ReplayCursor.from_match(played)
    yield c
    c.close()


def test_every_position_reached_in_any_order_is_the_played_state(played, hashes, cursor):
    n = len(played.log)
    assert n > 3 * CHECKPOINT_EVERY and cursor.length == n and cursor.at_end
    assert cursor.match.state_hash() == played.state_hash()
    order = list(range(n + 1))
    random.Random(3).shuffle(order)
    for pos in order[:40] + [0, n, n - 1, 1, 0]:
        cursor.seek(pos)
        assert cursor.pos == pos
        assert cursor.match.state_hash() == hashes[pos], f"position {pos}"
        assert cursor.match.events == cursor.events_until()
        assert len(cursor.match.log) == pos


def test_stepping_back_replays_at_most_a_checkpoint_of_commands(played, cursor, monkeypatch):
    from game.match.match import Match
    submitted = []
    cursor.seek(len(played.log) - 1)
    real = Match.submit

    def counting(self, cmd):
        submitted.append(cmd)
        return real(self, cmd)

    monkeypatch.setattr(Match, "submit", counting)
    for _ in range(20):
        before = len(submitted)
        cursor.step(-1)
        assert len(submitted) - before < CHECKPOINT_EVERY


def test_stepping_forwards_returns_the_new_events(played, cursor):
    cursor.seek(0)
    got = []
    while not cursor.at_end:
        got += cursor.step(+1)
    assert got == played.events[len(cursor.events_until(0)):]
    assert cursor.step(+1) == [] and cursor.at_end  # past the end: stays there
    assert cursor.step(-1) == [] and cursor.pos == len(played.log) - 1


def test_groups_are_activations_and_turns(played, cursor):
    cursor.seek(0)
    seen = [0]
    while not cursor.at_end:
        cursor.step_group(+1)
        seen.append(cursor.pos)
    assert seen == cursor.groups
    activations = sum(1 for e in played.events if isinstance(e, E.ActivationStarted) and not e.grant)
    assert len(cursor.groups) >= activations
    # each group but the deployments holds one activation at most
    for a, b in zip(cursor.groups, cursor.groups[1:]):
        starts = [e for e in cursor.events_between(a, b) if isinstance(e, E.ActivationStarted) and not e.grant]
        assert len(starts) <= 1
    back = [cursor.pos]
    while not cursor.at_start:
        cursor.step_group(-1)
        back.append(cursor.pos)
    assert back == cursor.groups[::-1]


def test_jump_to_a_turn_shows_its_start(played, hashes, cursor):
    assert cursor.turns == [1, 2, 3, 4]
    for t in (3, 1, 4, 2):
        assert cursor.jump_to_turn(t)
        assert cursor.turn == t and cursor.match.turn == t
        assert cursor.match.state_hash() == hashes[cursor.pos]
        assert any(isinstance(e, E.TurnStarted) and e.turn == t for e in cursor.last_events())
    assert not cursor.jump_to_turn(9)


def test_a_save_opens_as_a_replay(played, tmp_path):
    path = save_match(played, "finished", tmp_path)
    c = ReplayCursor.from_save(path)
    try:
        assert c.length == len(played.log) and c.final_hash == played.state_hash() and c.label == "finished"
        assert c.result == played.result
    finally:
        c.close()
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(SaveError, match="not valid JSON"):
        ReplayCursor.from_save(bad)
    assert bad.read_text() == "{ not json"


def test_commands_that_do_not_replay_are_refused_in_words(played):
    wrong = list(played.log)
    wrong[5] = C.EndDeployment("npc")
    with pytest.raises(ReplayError, match="command 6 .* not legal on replay"):
        ReplayCursor(played.scenario, played.seed, wrong, played.catalog)
    with pytest.raises(ReplayError, match="different battle"):
        ReplayCursor(played.scenario, played.seed, played.log, played.catalog, expected_hash="0" * 64)
