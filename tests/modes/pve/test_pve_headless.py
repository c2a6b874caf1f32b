"""Whole PvE missions played by computer controllers: they finish, a replay rebuilds the same state, and the
command line prints the mission's result line."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.headless import build_scenario, play_headless, result_line
from game.modes import replay

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"^result: (victory|defeat) \(turn \d+, objectives [012]/2, MP \d+, extracted \d+ of \d+\)$")


@pytest.mark.parametrize("seed,options,squad", [
    (4, {"tl": 1, "npc": "classic"}, None), (11, {"tl": 2, "npc": "despoilers"}, None),
    # a Move whose two equally cheap paths pass different enemies: the replay must take the one played
    (1021, {"tl": 3, "npc": "praxium-corps"}, "hunter-killers")])
def test_a_whole_mission_plays_out_and_replays_to_the_same_state(seed, options, squad):
    from game.content import default_squad
    m = play_headless(seed, "pve", squad=default_squad(squad) if squad else None, options=options)
    try:
        assert m.phase == "over" and LINE.match(result_line(m))
        ms = m.mission_state
        assert ms["over"] in ("extracted", "wiped")
        notes = m.mission.summary(m).notes  # what the results screen shows beside the objectives and MP
        if ms["over"] == "extracted":
            names = [m.unit(u).name for u in ms["extracted"]]
            assert any(n.startswith("Extracted: ") and all(x in n for x in names) and "left behind" in n
                       for n in notes)
        else:
            assert "Nobody extracted: the squad fell" in notes
        again = replay(m.scenario, seed, m.log)
        try:
            assert again.state_hash() == m.state_hash()
        finally:
            again.close()
    finally:
        m.close()


def test_the_computer_player_goes_for_the_objectives():
    """Activate and Search picked: it walks to the markers and takes the Mission Actions."""
    m = play_headless(2, "pve", options={"tl": 1, "npc": "classic", "objectives": "activate,search",
                                         "battlefield": "blacksite"})
    try:
        from game.match import events as E
        taken = [e for e in m.events if isinstance(e, E.MissionActionTaken)]
        assert taken and {e.action for e in taken} <= {"activate", "search"}
    finally:
        m.close()


def test_the_command_line_plays_a_pve_mission_and_ends_with_the_result_line():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pve", "--seed", "6", "--tl", "1",
                          "--npc", "classic"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert LINE.match(lines[-1]) and any(line.startswith("Battlefield (1D6)") for line in lines)


@pytest.mark.parametrize("args,message", [
    (["--npc", "orks"], "unknown NPC faction 'orks'"),
    (["--option", "objectives=control"], "two different objectives"),
    (["--opponent", "despoilers"], "no opponent squad"),
])
def test_a_bad_command_line_is_a_clear_message(args, message):
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pve", "--seed", "1", *args],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_a_scenario_with_players_deals_the_units_out():
    sc = build_scenario("pve", options={"players": 2})
    side = sc.side("player")
    assert side.players == ("Player 1", "Player 2") and side.owners == (0, 1, 0, 1, 0)


@pytest.mark.parametrize("stop", [0, 40, 200])
def test_a_pve_match_saved_at_any_point_loads_to_the_same_state(tmp_path, stop):
    """Setup (a choice may be pending), deployment, mid-battle: save, load, same state, and play on."""
    from game.modes import create_match
    from game.modes.session import Session, make_controller
    from game.persistence.save_loading import load_match
    from game.persistence.save_writing import save_match
    sc = build_scenario("pve", options={"tl": 2, "npc": "krumpfists"})
    m = create_match(sc, 9)
    ctl = {s.side: make_controller(m, s.side, "computer" if s.control == "person" else s.control)
           for s in sc.sides}
    s = Session(m, ctl)
    for _ in range(stop):
        if m.phase == "over" or s.step() is None:
            break
    path = save_match(m, "pve-test", tmp_path)
    again = load_match(path)
    try:
        assert again.state_hash() == m.state_hash() and again.mission_state == m.mission_state
        assert again.scenario.map == m.scenario.map and again.side_name("npc") == m.side_name("npc")
        Session(again, {k: make_controller(again, k, "computer" if k == "player" else "npc")
                        for k in again.sides}).run()
        assert again.phase == "over"
    finally:
        again.close()
        m.close()
