"""The PvE and Horde computer squads finish a deployment a person began in another order (Auto-deploy after some
units were placed by hand): a unit placed on the spot the squad had planned for another unit is deployed around,
never proposed again (the match would refuse it; found by tools/chaos_games.py for PvE and by
tools/monkey_screens.py for Horde)."""
import pytest

from game.ai.horde_squad import HordeSquadController
from game.ai.pve_squad import PveSquadController
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.modes import create_match

CASES = {
    "pve": (lambda: build_scenario("pve", default_squad("krumpfists"),
                                   options={"npc": "interdictors", "tl": 1, "battlefield": "blacksite"}), 2005,
            PveSquadController),
    "horde": (lambda: build_scenario("horde", default_squad("interdictors"), map_name="horde-last-stand.tmx"), 3,
              HordeSquadController),
}


@pytest.mark.parametrize("mode", sorted(CASES))
def test_a_spot_taken_by_hand_is_planned_around(mode):
    scenario, seed, controller = CASES[mode]
    m = create_match(scenario(), seed)
    try:
        assert m.phase == "deploy" and m.waiting_for() == "player"
        plan = m.mission.default_deployment(m, "player")  # where the squad puts its units, in order
        assert len(plan) >= 3
        ctl = controller("player")
        first = ctl.decide(m)
        assert first == C.Deploy("player", *plan[0])
        m.submit(first)
        _uid, x, y, z = plan[1]
        m.submit(C.Deploy("player", plan[2][0], x, y, z))  # a person puts the third unit on the second's spot
        for _ in range(20):
            cmd = ctl.decide(m)
            m.submit(cmd)  # refused (IllegalCommand) if the squad still aimed for the taken spot
            if isinstance(cmd, C.EndDeployment):
                break
        assert not m.undeployed("player")
    finally:
        m.close()
