"""Scripted missions played headless by the computer players, to the end, replayed to the same state hash.

The default run plays a handful that between them meet every rule of the later edition (each battlefield, each
rule of objective, Last Signal's named rules); with RUINSTARS_LONG_TESTS=1 it plays every Last Signal mission and
every mission of every Operation (118 missions, several minutes)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.headless import play_headless, result_line
from game.modes import replay

from .conftest import DATA

ROOT = Path(__file__).resolve().parents[3]
LONG = bool(os.environ.get("RUINSTARS_LONG_TESTS"))
LINE = re.compile(r"^result: (victory|defeat) \(turn \d+, objectives [012]/[12], MP \d+, extracted \d+ of \d+\)$")

DEFAULT = [  # (option, value): rift, jungle, hive, temple, city, facility; hold, clear, sequence, search, destroy...
    ("scripted", "last-signal-1.3"), ("scripted", "last-signal-2.2"), ("scripted", "last-signal-climax"),
    ("operation", "HEG-CRS-01,2"), ("operation", "HEG-GRU-01,2"), ("operation", "SWM-SWM-01,1"),
    ("operation", "HEG-EIR-01,3"),
]
EVERY = [("scripted", m.key) for m in DATA.book.last_signal] + \
    [("operation", f"{op.id},{k}") for op in DATA.book.operations for k in (1, 2, 3)]


def _play(option: str, value: str, seed: int):
    m = play_headless(seed, "pve", options={option: value})
    try:
        assert m.phase == "over" and LINE.match(result_line(m)), result_line(m)
        assert m.mission_state["over"] in ("extracted", "wiped")
        assert all(s in ("met", "failed") for s in m.mission_state["status"].values())  # each settled
        again = replay(m.scenario, seed, m.log)
        try:
            assert again.state_hash() == m.state_hash()
        finally:
            again.close()
    finally:
        m.close()


@pytest.mark.parametrize("option,value", DEFAULT)
def test_scripted_missions_play_to_the_end_and_replay(option, value):
    _play(option, value, 7)


@pytest.mark.skipif(not LONG, reason="every scripted mission: set RUINSTARS_LONG_TESTS=1")
@pytest.mark.parametrize("option,value", EVERY)
def test_every_scripted_mission_plays_to_the_end_and_replays(option, value):
    _play(option, value, 11)


def test_the_command_line_plays_a_scripted_mission_by_its_option_or_its_id():
    env = {"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pve", "--seed", "5", "--option",
                          "operation=OCL-GRU-01,3"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert LINE.match(lines[-1]) and "Operation OCL-GRU-01, mission 3 of 3: Eviction: Destroy - High-Value Target" \
        in out.stdout and "Rules: Later edition (E2)" in out.stdout
    bad = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "pve-last-signal-1.1", "--seed", "1",
                          "--tl", "3"], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert bad.returncode == 2 and "Last Signal 1.1 is Threat Level 1" in bad.stderr and "Traceback" not in bad.stderr


def test_a_scripted_mission_saved_halfway_loads_as_itself(tmp_path):
    """The scenario says which mission it is (a "pve" scenario with the option that names it): a save of a
    half-played Last Signal mission loads to the same state, the same edition and the same mission."""
    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.session import Session
    from game.persistence.save_loading import load_match
    from game.persistence.save_writing import save_match
    m = create_match(build_scenario("pve-last-signal-2.2", options={}), 4)
    try:
        s = Session(m)
        for _ in range(60):
            s.step()
        path = save_match(m, "halfway", folder=tmp_path)
        back = load_match(path)
        try:
            assert back.state_hash() == m.state_hash() and back.scenario.mission == "pve"
            assert back.mission.scripted.key == "last-signal-2.2" and back.mission.variant
            assert back.mission.summary(back).title == "Last Signal 2.2: City of Ash"
        finally:
            back.close()
    finally:
        m.close()
