"""Whole campaigns played headless by computer players, Homebase decisions included: no exception; each mission's
replay from the campaign gives the state hash the campaign recorded; the finished match's units map back to the
roster; each campaign file written and read back gives the same campaign; the command line's last line.

The default run plays one seeded campaign to its end here (a shared roster) and one on the command line (co-op mini
squads); RUINSTARS_CAMPAIGNS=50 plays fifty here, and bench/bench_campaign.py prints their figures."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.headless import campaign_setup, play_campaign
from game.persistence.campaigns import load_campaign, save_campaign

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^result: campaign (complete \(MP \d+, missions won \d of 9, deceased \d+\)|"
                  r"lost \(operation [123], mission [123]\))$")
DEFAULT = [(2, 2, {})]
MANY = int(os.environ.get("RUINSTARS_CAMPAIGNS", "0"))
CASES = DEFAULT if not MANY else [(1000 + k, (k % 3) or None, {}) for k in range(MANY)]


def check_mission(campaign, match):
    """The finished match, as the campaign takes it: each squad unit by its slot is the roster unit deployed."""
    after = match.mission.after_mission(match)
    squad = [o for o in after.units if o.side == "player"]
    assert [o.slot for o in squad] == list(range(len(campaign.current.units)))
    assert [o.name for o in squad] == [campaign.units[u].name for u in campaign.current.units]


@pytest.mark.parametrize("seed,players,options", CASES)
def test_a_whole_campaign_plays_out_replays_and_reads_back(tmp_path, seed, players, options):
    c = play_campaign(campaign_setup("pve", seed, None, players, options), on_mission=check_mission)
    assert c.over and LINE.match(c.result_line())
    played = [pm for op in c.plan for pm in op.missions if pm.played]
    assert played and all(pm.record.commands for pm in played)
    for pm in played:
        m = c.mission_replay(pm.operation, pm.number)
        try:
            assert m.state_hash() == pm.record.state_hash, pm.label
            assert m.result is not None and m.result.outcome == pm.record.outcome
        finally:
            m.close()
    back = load_campaign(save_campaign(c, tmp_path))
    assert back.state_hash() == c.state_hash() and back.decisions == c.decisions
    assert back.result_line() == c.result_line()


def test_the_command_line_plays_a_campaign_and_lists_them(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "main.py", "--headless", "--campaign", "pve", "--seed", "1", "--option",
                          "mini_squads=interdictors,despoilers"], cwd=ROOT, capture_output=True, text=True,
                         timeout=900, env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    last = re.fullmatch(r"result: campaign (?:complete \(MP (\d+), missions won (\d) of 9, deceased (\d+)\)|"
                        r"lost \(operation ([123]), mission ([123])\))", lines[-1])
    assert last, lines[-1]
    if last.group(1) is not None:  # a complete campaign went through both Homebases
        assert "Homebase 1:" in out.stdout and "Homebase 2:" in out.stdout
    listed = subprocess.run([sys.executable, "main.py", "campaigns"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env=env)
    assert listed.returncode == 0 and listed.stdout.startswith("pve ") and "PvE campaign" in listed.stdout


@pytest.mark.parametrize("argv,words", [
    (["--campaign", "moon"], "unknown campaign 'moon'"),
    (["--campaign", "pve", "--tl", "2"], "--tl: a campaign sets it"),
    (["--campaign", "pve", "--option", "factions=elves"], "no NPC faction 'elves'"),
    (["--campaign", "pve", "--option", "fog=1"], "unknown campaign option 'fog'"),
])
def test_bad_campaign_arguments_are_named(capsys, argv, words):
    from main import main
    assert main(["--headless", *argv]) == 2
    assert words in capsys.readouterr().err
