"""Co-op PvE (Core Rules section 5, R19, R27): a shared squad dealt out between 1-4 people, or mini squads of
50/34/25 GP with one agreed Squad Leader; each person commands their own units; the NPCs' open choices (which NPC
activates next, when the players pick) go round the players."""
from dataclasses import replace

import pytest

from game.match import commands as C
from game.match.scenario import ScenarioError
from game.match import skills as S
from game.modes import create_match
from game.modes.pve import scenario as SC
from game.rules.squad import squad_gp

from .conftest import CAT, DATA


def coop(options, squad=None):
    return SC.make_scenario(CAT, DATA, squad, None, None, "inches", options, "person")


def test_mini_squads_are_cut_to_the_budget_and_owned_by_their_player():
    sc = coop({"mini_squads": "interdictors,despoilers", "tl": 1, "npc": "classic"})
    side = sc.side("player")
    assert side.players == ("Player 1", "Player 2")
    owners = list(side.owners)
    assert owners == sorted(owners) and set(owners) == {0, 1}
    first = [u for u, o in zip(side.squad.units, owners) if o == 0]
    from game.rules.model import SquadSpec
    assert squad_gp(CAT, SquadSpec("INT", "x", tuple(first))) <= 50


@pytest.mark.parametrize("n,budget", [(2, 50), (3, 34), (4, 25)])
def test_mini_squad_budgets_follow_the_core_rules(n, budget):
    from game.rules.model import SquadSpec
    factions = ["interdictors", "krumpfists", "despoilers", "claimant-warband"][:n]
    sc = coop({"mini_squads": ",".join(factions), "tl": 1, "npc": "classic"})
    side = sc.side("player")
    for person in range(n):
        units = tuple(u for u, o in zip(side.squad.units, side.owners) if o == person)
        assert units and squad_gp(CAT, SquadSpec("X", "x", units)) <= budget


def test_the_agreed_squad_leader_alone_counts_for_the_tactical_order_dice():
    sc = coop({"mini_squads": "interdictors,despoilers", "squad_leader": 2, "tl": 1, "npc": "classic"})
    m = create_match(sc, 3)
    try:
        leaders = [u for u in m.all_units_of("player") if m.unit(u).leader]
        assert len(leaders) == 1 and m.unit(leaders[0]).owner == 1
        assert "Squad Leader" in " ".join(e.text for e in m.events)
    finally:
        m.close()


def test_bad_co_op_options_are_clear():
    with pytest.raises(ScenarioError, match="2-4 of them"):
        coop({"mini_squads": "interdictors"})
    with pytest.raises(ScenarioError, match="neither a faction"):
        coop({"mini_squads": "interdictors,orks"})
    with pytest.raises(ScenarioError, match="3 people but 2 mini squads"):
        coop({"mini_squads": "interdictors,despoilers", "players": 3})


def deployed(sc, seed=3):
    m = create_match(sc, seed)
    while m.prompt is not None:  # an Anchor to choose (a 10)
        m.submit(m.legal_commands(m.prompt.side)[0])
    for uid, x, y, z in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", uid, x, y, z))
    m.submit(C.EndDeployment("player"))
    while m.prompt is not None and m.prompt.kind in ("mission_dice", "choice"):
        m.submit(m.legal_commands(m.prompt.side)[0])
    return m


def test_each_person_activates_their_own_units_in_turn():
    sc = coop({"players": 2, "tl": 1, "npc": "classic", "battlefield": "blacksite"})
    m = deployed(sc)
    try:
        assert m.person_to_act() == ("player", 0)
        mine = {c.uid for c in m.legal_commands("player")}
        assert mine and all(m.unit(u).owner == 0 for u in mine)
        m.submit(C.Activate("player", sorted(mine)[0]))
        m.submit(C.EndActivation("player"))
        from game.ai.pve import PveNpcController
        npc = PveNpcController("npc")
        while m.prompt is not None or m.waiting_for() == "npc":  # the NPC's activation (its shots' saves asked)
            m.submit(m.legal_commands(m.prompt.side)[0] if m.prompt is not None else npc.decide(m))
        assert m.person_to_act() == ("player", 1)
        assert all(m.unit(c.uid).owner == 1 for c in m.legal_commands("player"))
    finally:
        m.close()


def test_the_npcs_open_choices_go_round_the_players():
    sc = replace(coop({"players": 2, "tl": 2, "npc": "classic", "battlefield": "blacksite"}), npc_order="player-picks")
    m = deployed(sc, seed=5)
    try:
        askers = []
        from game.ai.pve import PveNpcController
        npc = PveNpcController("npc")
        for _ in range(400):
            if m.phase == "over" or len(askers) >= 3:
                break
            side = m.waiting_for()
            p = m.prompt
            if p is not None and p.kind == "pick_npc":
                askers.append(m.person_to_act()[1])
                m.submit(m.legal_commands("player")[0])
            elif side == "npc":
                m.submit(npc.decide(m))
            elif p is not None or m.active_unit is None:
                m.submit(m.legal_commands("player")[0])
            else:
                m.submit(C.EndActivation("player"))
        assert len(askers) == 3 and askers[0] != askers[1] and askers[1] != askers[2]
    finally:
        m.close()


def test_a_person_may_hand_the_squad_to_the_computer():
    from game.modes.session import play
    sc = coop({"players": 2, "tl": 1, "npc": "classic", "objectives": "activate,destroy"})
    m = create_match(sc, 7)
    try:
        play(m)  # both people's units played by the computer player
        assert m.phase == "over"
        owners = {m.unit(u).owner for u in m.all_units_of("player")}
        assert owners == {0, 1}
        assert S.leader_dice(m, "player") in (0, 2)
    finally:
        m.close()
