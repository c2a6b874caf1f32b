"""A game against the computer saved and loaded plays on as if it had never been saved: the save carries what the
computer players carry from one decision to the next (their random streams, the follow-up a move was planned with,
the markers each unit goes for, which walking fields they had worked out), so the commands after loading are the
commands of the game played on without a save. An old save, or one whose controller states are damaged, still
loads: its computer players start afresh."""
import json

import pytest

from game.headless import build_scenario
from game.modes import create_match
from game.modes.session import Session, make_controller
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match

GAMES = [  # (mission, options, seed, commands before the save, commands after it)
    ("pvp-secure-the-zone", {}, 3, 70, 90),
    ("pvp-hold-the-line", {"difficulty": "hard"}, 8, 120, 90),
    ("pvp-rivals", {"difficulty": "easy"}, 11, 60, 90),
    ("pve", {"npc": "despoilers", "tl": 2, "battlefield": "ruined-city"}, 4, 90, 90),
    ("pve", {"npc": "drone-pod", "tl": 1}, 9, 140, 90),
]


def _session(m) -> Session:
    """Every side played by the computer: the person's side by the computer player the mission gives it (as the
    battle screen does when a person hands a side to the computer)."""
    return Session(m, {sp.side: make_controller(m, sp.side, "computer") for sp in m.scenario.sides
                       if sp.control == "person"})


def _play(s: Session, commands: int) -> list:
    out = []
    while len(out) < commands and s.match.phase != "over":
        out.append(s.step())
    return out


@pytest.mark.parametrize("mission, options, seed, before, after", GAMES)
def test_a_loaded_game_against_the_computer_plays_on_with_the_same_commands(mission, options, seed, before, after,
                                                                           tmp_path):
    m = create_match(build_scenario(mission, options=options, controller="person"), seed)
    s = _session(m)
    _play(s, before)
    assert m.phase != "over", "the game ended before the save"
    path = save_match(m, "autosave", folder=tmp_path)
    loaded = load_match(path)
    try:
        assert loaded.state_hash() == m.state_hash()
        on = _play(s, after)
        again = _play(_session(loaded), after)
        assert len(on) > 20
        assert again == on, next(f"command {before + i + 1}: {a} after loading, {b} played on"
                                 for i, (a, b) in enumerate(zip(again, on)) if a != b)
        assert loaded.state_hash() == m.state_hash()
    finally:
        loaded.close()
        m.close()


def _saved_pvp(tmp_path, before: int = 70):
    m = create_match(build_scenario("pvp-secure-the-zone", controller="person"), 3)
    s = _session(m)
    _play(s, before)
    return m, s, save_match(m, "autosave", folder=tmp_path)


def test_a_save_carries_each_computer_players_state_as_versioned_typed_data(tmp_path):
    m, s, path = _saved_pvp(tmp_path)
    head = json.loads(path.read_text())["head"]
    kept = head["controllers"]
    assert kept["version"] == 1 and set(kept["sides"]) == {sp.side for sp in m.scenario.sides}
    for side, data in kept["sides"].items():
        assert data["#t"] == "common.ControllerState"
        assert data["v"][0] == "TacticalController"  # (restored only into a controller of its kind)
    m.close()


@pytest.mark.parametrize("damage", ["gone", "old", "kind", "stream", "plan", "not-a-record", "side"])
def test_a_save_without_controller_states_or_with_damaged_ones_loads_and_its_computer_players_start_afresh(
        damage, tmp_path):
    """A save written before the states were kept (or with a state edited or damaged) loads as before: the match
    from its snapshot, its computer players as new ones (the others carry on); a damaged state is never half
    restored."""
    from game.persistence.save_writing import laid_out
    m, s, path = _saved_pvp(tmp_path)
    data = json.loads(path.read_text())
    head, older = data["head"], data["log"]
    kept = head["controllers"]
    side = next(iter(kept["sides"]))
    record = kept["sides"][side]
    if damage == "gone":
        del head["controllers"]
    elif damage == "old":
        kept["version"] = 99
    elif damage == "kind":
        record["v"][0] = "os.system"
    elif damage == "stream":
        record["v"][1]["#tup"][1]["#tup"][3] = -5
    elif damage == "plan":
        record["v"][2] = {"#tup": ["not", "a", "plan", 7]}
    elif damage == "not-a-record":
        kept["sides"][side] = [1, 2, 3]
    elif damage == "side":
        kept["sides"]["nobody"] = kept["sides"].pop(side)
    parts = [json.dumps(older[k], separators=(",", ":")) for k in ("commands", "rolls", "events")]
    parts += [json.dumps(older.get(k), separators=(",", ":")) for k in ("checkpoint", "before_last") if k in older]
    forged = tmp_path / "forged.json"
    forged.write_text(laid_out({k: v for k, v in head.items() if k not in ("log_crc", "log_parts")}, parts))
    loaded = load_match(forged)
    try:
        assert loaded.state_hash() == m.state_hash()
        fresh = create_match(m.scenario, m.seed)
        new = _session(fresh)
        restored = _session(loaded)
        # a state that does not decode: every computer player as a new one; one a player refuses: that player
        afresh = set(restored.controllers) if damage in ("gone", "old", "not-a-record") else {side}
        saved = s.controller_states()
        for sd, ctl in restored.controllers.items():
            if sd in afresh:  # as new ones: their random streams from their seeds
                assert ctl.rng.getstate() == new.controllers[sd].rng.getstate() and ctl._next is None
            else:
                assert ctl.rng.getstate() == saved[sd].random and ctl._next == saved[sd].plan[0]
        fresh.close()
        _play(restored, 5)  # (and they play)
    finally:
        loaded.close()
        m.close()
