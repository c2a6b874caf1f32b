"""The campaigns of issue 20 played headless by computer players: a whole PvP campaign (the computer on both sides:
its Reward picks, Spoils, recruiting and the Climax) with no exception, each mission's replay giving the state hash
the campaign recorded, both squads' units mapping back to their rosters and the campaign file reading back the
same; one Operation of the book on the command line; the kinds listed; bad arguments named. bench/bench_campaign.py
plays the full counts (30 PvP, 20 Last Signal, every Operation of the book)."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import default_squad
from game.headless import campaign_setup, play_campaign
from game.persistence.campaigns import load_campaign, save_campaign

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^result: campaign (won by .+|drawn) \(Operations [0-3]-[0-3], missions won \d+-\d+\)$")


def check_mission(campaign, match):
    after = match.mission.after_mission(match)
    for side, ids in zip(("player", "opponent"), campaign.current.by_side):
        squad = [o for o in after.units if o.side == side]
        assert [o.slot for o in squad] == list(range(len(ids)))
        assert [o.name for o in squad] == [campaign.units[u].name for u in ids]


def test_a_whole_pvp_campaign_plays_out_replays_and_reads_back(tmp_path):
    setup = campaign_setup("pvp", 11, default_squad("despoilers"), None, {}, opponent=default_squad("interdictors"))
    c = play_campaign(setup, on_mission=check_mission)
    assert c.over and LINE.match(c.result_line()), c.result_line()
    played = [pm for op in c.plan for pm in op.missions if pm.played]
    assert played[-1].climax or c.deployable(0) == [] or c.deployable(1) == []
    assert any(type(e).__name__ == "RewardAssigned" for e in c.events)
    assert any(type(e).__name__ == "OperationWon" for e in c.events)
    for pm in played:
        m = c.mission_replay(pm.operation, pm.number)
        try:
            assert m.state_hash() == pm.record.state_hash, pm.label
        finally:
            m.close()
    back = load_campaign(save_campaign(c, tmp_path))
    assert back.state_hash() == c.state_hash() and back.decisions == c.decisions
    assert back.result_line() == c.result_line()


def test_the_command_line_plays_an_operation_of_the_book_and_lists_every_kind():
    env = {"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "main.py", "--headless", "--campaign", "operation:GRU-OCL-01", "--seed",
                          "3"], cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert re.fullmatch(r"result: campaign (complete \(MP \d+, missions won \d of 3, deceased \d+\)|lost "
                        r"\(operation 1, mission [123]\))", lines[-1]), lines[-1]
    assert "Operation 1: Scrap Heap (Threat Level 1) against the Despoiler Warband" in out.stdout
    listed = subprocess.run([sys.executable, "main.py", "campaigns"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env=env)
    kinds = [line.split()[0] for line in listed.stdout.splitlines()[:4]]
    assert kinds == ["pve", "pvp", "last-signal", "operation:ID"], listed.stdout


@pytest.mark.parametrize("argv,words", [
    (["--campaign", "operation:NOPE-01"], "no Operation 'NOPE-01'"),
    (["--campaign", "last-signal", "--squad", "krumpfists"], "written for a Hegemony squad"),
    (["--campaign", "pvp", "--option", "missions=rivals,rivals"], "each mission once"),
    (["--campaign", "pvp", "--players", "3"], "two squads"),
    (["--campaign", "pve", "--opponent", "krumpfists"], "--opponent: a campaign sets it"),
    (["--campaign", "last-signal", "--option", "edition=e9"], "not 'E9'"),
])
def test_bad_campaign_arguments_are_named(capsys, argv, words):
    from main import main
    assert main(["--headless", *argv]) == 2
    assert words in capsys.readouterr().err
