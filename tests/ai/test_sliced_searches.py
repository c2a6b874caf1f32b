"""The computer players' movement searches stop at a slice's end (the battle screen's frame budget) and go on in the
next slice: the tactical opponent at each level, the PvE squad and the Horde squad. A decision worked out with slices
that end at once (every search stops after its first few nodes) takes more slices than the same decision worked out
whole, and gives the same command, decision after decision of a seeded game."""
import pytest

from game.ai.common import thinking
from game.battlefield.search import work_slice
from game.content import default_squad
from game.headless import build_scenario
from game.match.flow import OVER
from game.modes import create_match
from game.modes.session import Session


def _pieces(ctl, match, end):
    """(slices taken, command) of one decision, each slice inside `work_slice(end)`."""
    gen = thinking(ctl, match)
    n = 0
    with match.reading():
        while True:
            try:
                with work_slice(end):
                    next(gen)
            except StopIteration as done:
                return n, done.value
            n += 1


def _compare(scenario, seed: int, sides: set, decisions: int) -> tuple[int, int]:
    """Two copies of a seeded game, one decided whole and one in slices that end at once: the commands of `sides`'
    controllers compared for `decisions` decisions. (decisions of `sides` compared, of them those that stopped in a
    search)."""
    whole = create_match(scenario, seed)
    cut = create_match(scenario, seed)
    try:
        a, b = Session(whole), Session(cut)
        compared = stopped = 0
        for _ in range(decisions):
            if whole.phase == OVER:
                break
            side = whole.waiting_for()
            assert side == cut.waiting_for()
            n_whole, cmd = _pieces(a.controllers[side], whole, None)
            n_cut, cmd_cut = _pieces(b.controllers[side], cut, 0.0)
            assert cmd_cut == cmd, f"decision {len(whole.log)}: sliced {cmd_cut!r}, whole {cmd!r}"
            if side in sides:
                compared += 1
                stopped += n_cut > n_whole
            whole.submit(cmd)
            cut.submit(cmd)
        assert whole.state_hash() == cut.state_hash()
        return compared, stopped
    finally:
        whole.close()
        cut.close()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_tactical_opponents_searches_stop_at_the_slice_end(level):
    sc = build_scenario("pvp-secure-the-zone", default_squad("interdictors"), default_squad("krumpfists"),
                        options={"difficulty": level})
    compared, stopped = _compare(sc, 11, {"player", "opponent"}, 70)
    assert compared >= 60 and stopped >= 5


def test_the_pve_squads_searches_stop_at_the_slice_end():
    sc = build_scenario("pve", default_squad("praxium-corps"),
                        options={"npc": "despoilers", "tl": 1, "battlefield": "ruined-city"})
    compared, stopped = _compare(sc, 2001, {"player"}, 90)
    assert compared >= 20 and stopped >= 3


def test_the_horde_squads_searches_stop_at_the_slice_end():
    sc = build_scenario("horde", default_squad("interdictors"), map_name="horde-supply-corridor.tmx")
    compared, stopped = _compare(sc, 75, {"player"}, 90)
    assert compared >= 20 and stopped >= 3


def test_the_plain_squad_and_the_first_missions_npcs_searches_stop_at_the_slice_end():
    """The plain squad policy's move toward its goal and the First Mission's NPC lines (approach_spot's reach) are
    asked through `sliced`: the same commands, the searches cut at every slice's end."""
    for side in ("player", "npc"):
        compared, stopped = _compare(build_scenario("first-mission"), 3, {side}, 120)
        assert compared >= 30 and stopped >= 3, side


def test_the_pve_npcs_searches_stop_at_the_slice_end():
    sc = build_scenario("pve", default_squad("praxium-corps"),
                        options={"npc": "despoilers", "tl": 1, "battlefield": "ruined-city"})
    compared, stopped = _compare(sc, 2001, {"npc"}, 90)
    assert compared >= 20 and stopped >= 3
