"""The attack the PvP computer plans with a move is made as the match offers it when the move is done: a Chain
Reaction's further targets are those Adjacent to the target then. Centerpoint, seed 1205, Krumpfists on both sides:
an Attack of Opportunity during the hard side's move changed which enemies stood beside its target, and the planned
blow named one that no longer did (the match refused it, and the game stopped)."""
from game.ai.simple import SimpleSquadController
from game.ai.tactical import TacticalController
from game.content import default_squad, load_catalog
from game.headless import build_scenario
from game.match import commands as C
from game.modes import create_match
from game.modes.session import Session


def test_a_planned_chain_reaction_blow_names_the_enemies_adjacent_when_it_is_made():
    catalog = load_catalog()
    squad = default_squad("krumpfists", catalog)
    m = create_match(build_scenario("pvp-centerpoint", squad, squad), 1205, catalog, prepare=True)
    try:
        Session(m, {"opponent": TacticalController("opponent", seed=1205, level="hard"),
                    "player": SimpleSquadController("player")}).run()  # (a refused command raises RefusedCommand)
        assert m.phase == "over" and m.result is not None
        chained = [c for c in m.log if isinstance(c, C.MeleeAttack) and c.side == "opponent" and c.extra_targets]
        assert chained  # the game does reach Chain Reaction blows
    finally:
        m.close()
