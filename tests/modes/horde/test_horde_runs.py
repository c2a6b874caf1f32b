"""Whole runs: the headless command line and its last line, replays that reproduce the state hash, saves taken
mid-wave and between waves, co-op scenarios (a shared squad, mini squads with one Squad Leader, R27)."""
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import default_squad, load_catalog
from game.headless import build_scenario, result_line
from game.match.scenario import ScenarioError
from game.modes import create_match, replay
from game.modes.horde import horde_scenario
from game.modes.session import Session, make_controller, play
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match

ROOT = Path(__file__).resolve().parents[3]


def test_headless_run_ends_with_the_result_line():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "horde", "--seed", "2",
                          "--map", "horde-supply-corridor.tmx"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith(("result: defeat (wave ", "result: victory (wave 12, MP "))
    assert "Wave 1 (Act 1)" in out.stdout and "Wave Objective" in out.stdout


def test_a_bad_map_is_named():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "horde", "--map", "nope.tmx"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "nope.tmx" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("seed,map_name", [(6, "horde-containment-breach.tmx")])
def test_a_played_run_replays_to_the_same_state(seed, map_name):
    m = create_match(build_scenario("horde", map_name=map_name), seed)
    play(m)
    assert m.result is not None and m.mission_state["wave"] >= 1
    line = result_line(m)
    assert line == (f"result: defeat (wave {m.mission_state['wave']}, turn {m.mission_state['wave_turn']}, "
                    f"MP {m.mission_state['mp_earned']})") or line.startswith("result: victory (wave 12")
    r = replay(m.scenario, m.seed, m.log, m.catalog)
    assert r.state_hash() == m.state_hash()
    r.close()
    m.close()


def drive_until(m, stop):
    s = Session(m, {"player": make_controller(m, "player", "computer")})
    while m.phase != "over" and not stop(m):
        s.step()
    return m


@pytest.mark.parametrize("when", ["mid-wave", "between waves"])
def test_save_and_continue(tmp_path, when):
    m = create_match(build_scenario("horde", map_name="horde-last-stand.tmx"), 11)
    if when == "mid-wave":
        drive_until(m, lambda m: m.mission_state.get("wave_turn", 0) >= 2)
    else:
        drive_until(m, lambda m: m.prompt is not None and m.prompt.kind == "choice"
                    and m.prompt.data[0] == ("shop_choice",))
    path = save_match(m, "horde-test", tmp_path)
    back = load_match(path, load_catalog())
    assert back.state_hash() == m.state_hash() and back.mission_state == m.mission_state
    assert back.catalog.unit_types["HRD-BOSS1"].name == "Shadow Fiend"
    steps = []
    drive_until(back, lambda m: steps.append(1) or len(steps) > 200)  # it plays on
    assert back.result is not None or len(back.log) > len(m.log)
    back.close()
    m.close()


def test_a_shared_squad_for_two_people():
    sc = horde_scenario(default_squad("interdictors"), players=2, map_name=None)
    side = sc.side("player")
    assert side.players == ("Player 1", "Player 2") and side.owners == (0, 1, 0, 1, 0)[:len(side.squad.units)]


def test_mini_squads_and_the_squad_leader():
    cat = load_catalog()
    from game.rules.model import SquadSpec
    a = default_squad("interdictors", cat)
    b = default_squad("krumpfists", cat)
    mini_a = SquadSpec(a.squad_type, "Ana", a.units[:2])
    mini_b = SquadSpec(b.squad_type, "Ben", b.units[:1])
    from game.rules.squad import validate_mini_squads
    if validate_mini_squads(cat, [mini_a, mini_b]):
        pytest.skip("these default units do not fit 50 GP mini squads")
    sc = horde_scenario(mini_squads=[mini_a, mini_b], map_name=None)
    side = sc.side("player")
    assert side.owners == (0, 0, 1) and len(side.squad.units) == 3
    m = create_match(sc, 1)
    units = m.all_units_of("player")
    leaders = [u for u in units if m.unit(u).leader]
    assert len(leaders) == 1 and dict(sc.options)["squad_leader"] == units.index(leaders[0])
    m.close()
    with pytest.raises(ScenarioError, match="not valid"):
        horde_scenario(mini_squads=[a, b], map_name=None)  # two 100 GP squads are not 50 GP mini squads


def test_horde_has_no_opponent_squad():
    with pytest.raises(ScenarioError, match="no opponent"):
        horde_scenario(default_squad("interdictors"), opponent=default_squad("krumpfists"))


def test_the_summary_shows_the_wave_objective_and_downed_units():
    from tests.modes.horde.horde_helpers import begin, new_match, squad
    m = begin(new_match())
    with m._in_world():
        m.health(squad(m)[0]).hit = 0
        m.down(squad(m)[0])
    s = m.mission.summary(m)
    assert s.turn_text == "Wave 1 of 12 (Act 1), Turn 1 of the wave"
    assert any(o.label.startswith("Wave Objective: Overwhelming Force") for o in s.objectives)
    assert any(n.startswith("Downed (Revive: 2 ACT): ") for n in s.notes)
    assert any(n.startswith("Turn Event (3+4): Nominal") for n in s.notes)
    m.close()


def test_clearing_wave_twelve_wins_the_run():
    from game.match import commands as C
    from tests.modes.horde.horde_helpers import begin, clear_horde, new_match
    m = begin(new_match())
    m.mission_state.update(wave=12, mp_earned=100)
    clear_horde(m)
    while m.result is None:
        if m.prompt is not None:  # the wave's objective reward: MP
            m.submit(C.Choose("player", "mp"))
            continue
        side = m.waiting_for()
        if m.active_unit is None:
            m.submit(C.Activate(side, m.legal_commands(side)[0].uid))
        m.submit(C.EndActivation(side))
    assert m.result.outcome == "victory" and m.mission_state["waves_cleared"] == 12
    assert m.mission.result_line(m) == f"result: victory (wave 12, MP {m.mission_state['mp_earned']})"
    assert m.mission_state["mp_earned"] == 100 + 18 + 4  # wave 12's 18 MP, Overwhelming Force's 4
    m.close()


@pytest.mark.parametrize("seed,map_name", [(7, "horde-last-stand.tmx"), (11, "horde-supply-corridor.tmx")])
def test_no_empty_turn_between_waves(seed, map_name):
    """The Upgrades are bought as the cleared wave's Turn ends, so the next wave comes with the very next Turn: every
    Turn is a Turn of a wave (never one between waves, with no Horde to fight)."""
    m = create_match(build_scenario("horde", map_name=map_name), seed)
    s = Session(m, {"player": make_controller(m, "player", "computer")})
    empty, seen = [], set()
    while m.phase != "over" and m.mission_state.get("waves_cleared", 0) < 3:
        if m.phase == "battle" and m.prompt is None and m.waiting_for() == "player" and m.active_unit is None \
                and m.turn not in seen:  # the squad's first activation of the Turn
            seen.add(m.turn)
            if m.mission_state.get("wave_state") != "active":
                empty.append((m.turn, m.mission_state.get("wave"), m.mission_state.get("wave_state")))
        s.step()
    assert m.mission_state.get("waves_cleared", 0) >= 2, "the run got past two waves"
    assert empty == []
    m.close()
