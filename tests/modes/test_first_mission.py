"""The First Mission "Survive" (Core Rules section 10), on the open table and on its map."""
import subprocess
import sys
from pathlib import Path

import pytest

from game.headless import play_headless, result_line
from game.match import commands as C
from game.match import events as E
from game.modes import create_match, first_mission_scenario, replay, undo
from game.modes.first_mission import bugs_per_spawn_point

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("turn,bugs", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 4), (9, 4)])
def test_bugs_per_spawn_point_is_the_turn_capped_at_four(turn, bugs):
    assert bugs_per_spawn_point(turn) == bugs


def deployed(seed=3, map_name=None):
    m = create_match(first_mission_scenario(map_name=map_name), seed)
    for uid, x, y, z in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", uid, x, y, z))
    m.submit(C.EndDeployment("player"))
    return m


def test_setup_spawn_points_and_first_turn():
    m = deployed()
    sps = m.units("npc", items=True)
    assert [(m.position(s).x, m.position(s).y) for s in sps] == [(3, 3), (21, 3), (12, 21)]
    assert all(m.unit(s).card.arm == 4 and m.health(s).hit == 1 for s in sps)
    bugs = m.units("npc")
    assert len(bugs) == 3  # Turn 1: one Bug Adjacent to each Spawn Point
    for bug, sp in zip(bugs, sps):
        assert m.adjacent(bug, sp)
    card = m.unit(bugs[0]).card
    assert (card.act, card.arm, card.hit, card.weapons[0].att, card.weapons[0].skl) == (2, 3, 1, 3, 4)
    assert m.turn == 1 and m.waiting_for() == "player"
    orders = [e for e in m.events if isinstance(e, E.TacticalOrdersRolled)]
    assert orders and len(orders[0].dice) == 5  # 5 TO dice: the Leader stands
    m.close()


def test_deployment_within_four_inches_of_the_centre():
    m = create_match(first_mission_scenario(map_name=None), 1)
    uid = m.undeployed("player")[0]
    from game.match.errors import IllegalCommand
    with pytest.raises(IllegalCommand, match="deployment zone"):
        m.submit(C.Deploy("player", uid, 17, 12))
    m.submit(C.Deploy("player", uid, 15.9, 12))
    m.close()


def test_guarded_spawn_point_cannot_be_shot():
    m = deployed()
    sp = m.units("npc", items=True)[0]
    shooter = m.units("player")[0]
    assert m.mission.ranged_target_reason(m, shooter, sp) == "a Bug is Adjacent to this Spawn Point"
    bug = next(b for b in m.units("npc") if m.adjacent(b, sp))
    assert m.mission.ranged_target_reason(m, shooter, bug) is None  # the Bug itself is a fair target
    m.close()


def test_bugs_follow_behaviour_and_swift_dash_is_free():
    from game.ai.npc import NpcController
    m = deployed(seed=5)
    m.submit(C.Activate("player", m.units("player")[0]))
    m.submit(C.EndActivation("player"))
    bug = m.active_unit
    assert m.unit(bug).side == "npc"
    npc = NpcController("npc")
    cmd = npc.decide(m)
    assert isinstance(cmd, C.Move) and npc.last_line == "move-toward"  # too far for a Dash to reach
    assert m.cost_of("dash") == 0  # Swift: the first Dash is free
    m.close()


@pytest.mark.parametrize("seed", [1, 7])
def test_headless_is_deterministic_and_replays_to_the_same_hash(seed):
    m1 = play_headless(seed, map_name=None)
    m2 = play_headless(seed, map_name=None)
    assert m1.result is not None and m1.battle_log() == m2.battle_log()
    again = replay(m1.scenario, m1.seed, m1.log)
    assert again.state_hash() == m1.state_hash()
    assert result_line(m1).startswith("result: ")
    for m in (m1, m2, again):
        m.close()


def test_headless_on_the_mission_map_replays():
    m = play_headless(11)
    assert m.scenario.map == "first-mission-survive.tmx" and m.result is not None
    assert replay(m.scenario, m.seed, m.log).state_hash() == m.state_hash()
    m.close()


def test_undo_rewinds_a_dice_free_command():
    m = deployed(seed=2)
    before = m.state_hash()
    uid = m.units("player")[0]
    m.submit(C.Activate("player", uid))
    x0, y0 = m.position(uid).x, m.position(uid).y
    m.submit(C.Move("player", x0, y0 - 2))
    assert m.can_undo()
    table = m.table
    m2 = undo(m)
    assert (m2.position(uid).x, m2.position(uid).y) == (x0, y0) and m2.active_unit == uid
    assert m2.table is table  # the replay reuses the warm table (reset to the map as loaded)
    fresh = replay(m2.scenario, m2.seed, m2.log)
    assert fresh.state_hash() == m2.state_hash()
    fresh.close()
    m3 = undo(m2)
    assert m3.state_hash() == before
    m3.close()


def test_main_headless_command_line():
    out = subprocess.run([sys.executable, "main.py", "--headless", "--mission", "first-mission", "--seed", "7",
                          "--map", "open"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("result: victory") or last.startswith("result: defeat")
    again = subprocess.run([sys.executable, "main.py", "--headless", "--seed", "7", "--map", "open"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert again.stdout == out.stdout


MAP_FILES = sorted(p.name for p in (ROOT / "maps").glob("*.tmx"))


@pytest.mark.parametrize("map_name", MAP_FILES)
def test_the_match_core_runs_on_every_map(map_name):
    """The First Mission on every battlefield: the squad deploys within 4" of the centre on free ground, the
    three Spawn Points stand on free ground (the map's S1-S3, else the mission's diagram), and it plays out."""
    m = play_headless(2, map_name=map_name)
    assert m.result is not None
    sps = m.all_units()
    spawn_points = [u for u in sps if m.unit(u).item]
    assert len(spawn_points) == 3
    m.close()


def test_grid_play_runs_and_replays():
    m = play_headless(5, measure="grid")
    assert m.result is not None and m.table.measure == "grid"
    assert replay(m.scenario, m.seed, m.log).state_hash() == m.state_hash()
    m.close()


def test_skill_reason_outside_the_units_activation():
    from game.content import default_squad
    m = create_match(first_mission_scenario(default_squad("interdictors"), map_name=None), 1, prepare=True)
    leader = next(u for u in m.all_units_of("player") if "INT-STRAT" in m.unit(u).card.skills)
    assert m.skill_reason(leader, "INT-STRAT") == "only during this unit's own activation"
    for uid, x, y, z in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", uid, x, y, z))
    m.submit(C.EndDeployment("player"))
    m.submit(C.Activate("player", leader))
    assert m.skill_reason(leader, "INT-STRAT") is None
    m.close()
