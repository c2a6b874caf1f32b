"""Real files to damage: a save made by playing the start of a First Mission, a roster of a default squad."""
from __future__ import annotations

import json

import pytest

from game.ai.npc import NpcController
from game.ai.simple import SimpleSquadController
from game.modes import create_match, first_mission_scenario
from game.persistence.save_writing import save_match


def play_first_mission(commands: int, seed: int = 3, map_name="first-mission-survive.tmx"):
    """A First Mission played by the game's own controllers for `commands` commands (deployment, the Bugs'
    and the squad's first activations, attacks, dice decisions)."""
    m = create_match(first_mission_scenario(map_name=map_name), seed)
    ctl = {"player": SimpleSquadController("player"), "npc": NpcController("npc")}
    for _ in range(commands):
        if m.result is not None:
            break
        m.submit(ctl[m.waiting_for()].decide(m))
    return m


@pytest.fixture(scope="session")
def real_save_bytes(tmp_path_factory) -> bytes:
    m = play_first_mission(40)
    path = save_match(m, "real", tmp_path_factory.mktemp("real-save"))
    m.close()
    return json.dumps(json.loads(path.read_bytes()), indent=1).encode()  # one value a line: easy to mutate
