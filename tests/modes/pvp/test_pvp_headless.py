"""Headless PvP: computer against computer from the command line, the result line, replays to the same state hash
(the full sweep of every mission is in bench/bench_pvp.py)."""
import subprocess
import sys

import pytest

from game.content import default_squad, load_catalog
from game.headless import build_scenario, play_headless, result_line
from game.modes import replay
from game.paths import ROOT


@pytest.mark.parametrize("mission, squad, opponent, seed", [
    ("pvp-sabotage", "praxium-corps", "drone-pod", 2),
    ("pvp-ambush", "silent-choir", "despoilers", 3),
    ("pvp-climax-scorched-earth", "claimant-warband", "krumpfists", 4),
])
def test_computer_against_computer_ends_and_replays_to_the_same_hash(mission, squad, opponent, seed):
    catalog = load_catalog()
    a, b = default_squad(squad, catalog), default_squad(opponent, catalog)
    m = play_headless(seed, mission, a, opponent=b)
    try:
        assert m.phase == "over"
        line = result_line(m)
        assert line.startswith(("result: player wins (", "result: opponent wins (", "result: draw ("))
        again = replay(build_scenario(mission, a, b), seed, m.log)
        assert again.state_hash() == m.state_hash()
        again.close()
    finally:
        m.close()


def test_the_command_line_prints_the_result_last():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pvp-centerpoint", "--seed", "5",
                          "--squad", "interdictors", "--opponent", "relict-wardens"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("result: ") and "(MP " in last


def test_a_battlefield_that_is_not_24_inches_is_refused_in_words():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pvp-attrition", "--map",
                          "pve-rift-30x22.tmx"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and "24\" x 24\"" in out.stderr and "Traceback" not in out.stderr


def test_the_summary_of_a_finished_mission_makes_no_forecast():
    """The results screen shows the mission summary: once the mission is over it gives the MP per Turn, not what
    "the Turn ending now" would score (Secure the Zone scores at every Turn's end, so the forecast showed during
    play)."""
    catalog = load_catalog()
    sq = default_squad("interdictors", catalog)
    m = play_headless(12, "pvp-secure-the-zone", sq, opponent=sq)
    try:
        assert m.phase == "over"
        notes = m.mission.summary(m).notes
        assert any("MP per Turn" in n for n in notes)
        assert not any(n.startswith("If the Turn ended now") for n in notes), notes
    finally:
        m.close()


@pytest.mark.parametrize("mission", ["pvp-rivals", "pvp-ambush", "pvp-secure-the-zone"])
def test_the_results_leave_no_objective_open_once_the_mission_is_over(mission):
    """A finished mission's objectives read met, failed, or their status alone: never "(open)" (a Rival Taken Out
    for 6 MP, the Intel carried off and a Control scored were listed as still open)."""
    from game.headless import play_headless
    from game.ui.battle.results import summary_html
    m = play_headless(5, mission=mission)
    try:
        assert m.phase == "over"
        html = summary_html(m, "player", {"attacks": {}, "taken_out": {}})
        assert m.mission.summary(m).objectives and "(open)" not in html
        if mission == "pvp-ambush":  # no Mission Points in it: no row of noughts either
            assert "MP per Turn" not in html
    finally:
        m.close()
