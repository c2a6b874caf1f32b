"""Small queries the battle screen asks instead of re-deriving a rule: who may make an Attack of Opportunity on
a path (the move's prompt offers exactly them), and what a skill action of a Ready unit would cost."""
from game.match import commands as C
from game.rules.model import Special

from tests.match.conftest import card
from tests.match.test_match_rules import START


def test_aoo_candidates_are_the_ones_the_move_prompt_offers(make_skirmish):
    m, a, b = make_skirmish([(card(act=3), 10, 10)], [(card(), 11.2, 10), (card(melee=()), 10, 11.2)], dice=START)
    path = m.move_options(a[0], "move").reach.path_to(6, 10, 0.0)
    assert set(path.left_adjacency) == {b[0], b[1]}
    got = m.aoo_candidates(a[0], path.left_adjacency)
    assert got == [(b[0], "mel")]  # the second enemy has no melee weapon
    m.submit(C.Activate("A", a[0]))
    m.submit(C.Move("A", 6, 10))
    assert m.prompt.kind == "aoo" and list(m.prompt.options) == got
    m.submit(C.ChooseAttackOfOpportunity("B", None))
    # once used (here: declined leaves it unused), and a unit that used its AoO this Turn is not a candidate
    m.readiness(b[0]).aoo_used = True
    assert m.aoo_candidates(a[0], (b[0],)) == []


def test_skill_cost_of_a_ready_unit_is_what_its_first_action_would_pay(make_skirmish):
    from game.content import load_catalog
    cat = load_catalog()
    m, a, b = make_skirmish([(card(act=2, skills=("INT-STRAT",)), 10, 10)], [(card(), 20, 20)], dice=START,
                            catalog=cat)
    cost, pay, why = m.skill_cost_for(a[0], "INT-STRAT")
    base = cat.skills["INT-STRAT"].act_cost
    assert (cost, pay, why) == (base, (base, 0), None)
    assert m.activation is None  # asked without activating it


def test_as_if_at_asks_from_a_destination_and_leaves_the_match_as_it_was(make_skirmish):
    from game.battlefield import open_table  # noqa: F401  (the skirmish's table)
    from game.rules.model import RANGED, WeaponCard
    # A at (4, 12), B's shooter at (20, 12) with a 10" gun: out of range now, in range from (12, 12)
    m, a, b = make_skirmish([(card(), 4, 12)], [(card(), 20, 12)], dice=START)
    gun = WeaponCard("gun", "Gun", RANGED, 3, 4, (Special("RNG", 10),))
    h = m.state_hash()
    assert "out of range" in m.ranged_target_reason(b[0], gun, a[0])
    seen = m.sight_between(b[0], a[0])
    assert seen.visible and not seen.cover
    with m.as_if_at(a[0], 12, 12, 0.0):
        assert m.position(a[0]).x == 12 and m.table.base(a[0]).x == 12
        assert m.ranged_target_reason(b[0], gun, a[0]) is None
        assert m.sight_between(b[0], a[0]).visible
    assert m.state_hash() == h and m.position(a[0]).x == 4 and m.table.base(a[0]).x == 4
    assert "out of range" in m.ranged_target_reason(b[0], gun, a[0])


def test_what_blocks_a_shot_is_named_as_a_player_reads_it(make_skirmish):
    from game.battlefield import Battlefield, Wall, base_label
    from game.battlefield.model import default_anchors
    from game.match.match import Match
    from game.match.scenario import Scenario, SideSpec
    from game.rules.model import RANGED, WeaponCard
    from tests.match.conftest import Skirmish
    gun = WeaponCard("gun", "Gun", RANGED, 3, 4, (Special("RNG", 24),))
    m, a, b = make_skirmish([(card(name="Shooter"), 2, 12)], [(card(name="Bug"), 12, 12)], dice=START)
    assert m.blocker_words(base_label("B", b[0])) == "blocked by Bug"  # a unit in the way: by its name, not its base
    # (and never the bare name, which read as the target: "not in Line of Sight (Trigvud)" of a squadmate)
    bf = Battlefield(name="walled", width=24, height=24, anchors=default_anchors(24, 24),
                     walls=(Wall("wall #8", (8.0, 2.0), (8.0, 22.0), 3.0),))
    sides = (SideSpec("A", None), SideSpec("B", None))
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, Skirmish(), bf,
              {"A": [("Shooter", card(name="Shooter"))], "B": [("Bug", card(name="Bug"))]})
    try:
        m.submit(C.Deploy("A", m.undeployed("A")[0], 4, 12))
        m.submit(C.EndDeployment("A"))
        m.submit(C.Deploy("B", m.undeployed("B")[0], 12, 12))
        shooter, bug = m.all_units_of("A")[0], m.all_units_of("B")[0]
        assert m.ranged_target_reason(shooter, gun, bug) == "not in Line of Sight (blocked by a wall)"
    finally:
        m.close()


def test_terrain_is_named_for_players_without_the_map_object_id():
    from game.battlefield import player_label
    assert player_label("wall 'North ruin' (#12)") == "the wall 'North ruin'"
    assert player_label("low_wall #3") == "a low wall"
    assert player_label("platform 'roof' (#4)") == "the platform 'roof'"
    assert player_label("platform 'P3' (#30)") == "a platform"  # an author's code is no name for a player
    assert player_label("smoke") == "smoke"
