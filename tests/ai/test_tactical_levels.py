"""The PvP computer opponent's difficulty: a scenario option (`difficulty`: easy, normal, hard) the PvP setup screen
and `--option difficulty=...` set; a bad value is refused in words; each level plays by its own numbers (easy makes
a person's mistakes, hard weighs more and further)."""
import pytest

from game.ai.tactical import TacticalController
from game.ai.tactical_levels import DIFFICULTIES, LEVELS, level_named
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.match.scenario import ScenarioError
from game.modes import create_match
from game.modes.session import Session

from tests.modes.pvp.conftest import TURN, card, make_pvp, units  # noqa: F401  (a fixture)
from tests.ui.conftest import make_app, saves_dir  # noqa: F401  (fixtures; they set SDL's dummy drivers)


def test_the_three_levels_and_their_names():
    assert DIFFICULTIES == ("easy", "normal", "hard")
    assert level_named(None).name == "normal" and level_named(" Hard ").name == "hard"
    with pytest.raises(ValueError, match="difficulty: expected one of easy, normal, hard, got 'brutal'"):
        level_named("brutal")
    easy, normal, hard = (LEVELS[k] for k in DIFFICULTIES)
    assert easy.noise > normal.noise > hard.noise == 0 and easy.lapse > normal.lapse > hard.lapse == 0
    assert not easy.dice_orders and normal.dice_orders and hard.dice_orders  # easy: a person's mistakes
    assert easy.spots < normal.spots < hard.spots and hard.reach_threat > 0 and hard.pick_unit and hard.preempt
    assert easy.ready_threat == 0 < normal.ready_threat  # easy does not think of what the enemy could do to it


def test_the_scenario_option_picks_the_level_of_every_computer_side():
    squad = default_squad("interdictors")
    sc = build_scenario("pvp-attrition", squad, default_squad("krumpfists"), options={"difficulty": "hard"})
    assert dict(sc.options)["difficulty"] == "hard"
    m = create_match(sc, 3)
    try:
        s = Session(m)
        assert {ctl.level.name for ctl in s.controllers.values()} == {"hard"}
    finally:
        m.close()
    m = create_match(build_scenario("pvp-attrition", squad, squad), 3)
    try:
        assert {ctl.level.name for ctl in Session(m).controllers.values()} == {"normal"}
    finally:
        m.close()
    with pytest.raises(ScenarioError, match="difficulty: expected one of easy, normal, hard"):
        build_scenario("pvp-attrition", squad, squad, options={"difficulty": "impossible"})


def test_the_command_line_option(capsys):
    from main import main
    assert main(["--headless", "--mission", "pvp-attrition", "--seed", "2", "--option", "difficulty=nope"]) == 2
    assert "difficulty: expected one of easy, normal, hard, got 'nope'" in capsys.readouterr().err


def test_easy_now_and_then_takes_a_lesser_option_where_hard_never_does(make_pvp):
    """Two targets, one clearly better: over many seeds easy sometimes shoots the other (or moves), hard never."""
    picks = {"easy": set(), "hard": set()}
    for seed in range(30):
        for level in picks:
            m = make_pvp("attrition", [(card("Gunner", ranged=(4, 4)), 12, 4)],
                         [(card("Tough", hit=3, arm=4), 8, 16), (card("Hurt", hit=2, arm=3), 16, 16)], dice=TURN)
            m.submit(C.Activate("player", units(m, "player")[0]))
            cmd = TacticalController("player", seed=seed, level=level).decide(m)
            picks[level].add(cmd.target if isinstance(cmd, C.RangedAttack) else type(cmd).__name__)
    assert picks["hard"] == {units(m, "opponent")[1]}
    assert len(picks["easy"]) > 1


def test_the_pvp_setup_screen_picks_the_difficulty(make_app):
    from game.ui.setup_pvp import DIFFICULTY
    from tests.ui.driver import Driver, open_pvp_setup
    app = make_app()
    d = Driver(app)
    sc = open_pvp_setup(d)
    assert sc.dd_difficulty.selected_option[0] == "Computer: normal"
    assert list(DIFFICULTY.values()) == list(DIFFICULTIES)
    sc.difficulty_label = "Computer: hard"
    sc.build_ui()
    d.step(2)
    d.shot("pvp_setup_difficulty")
    scenario, problem = sc.scenario()
    assert problem is None and dict(scenario.options)["difficulty"] == "hard"


def test_the_computer_fights_with_chain_reaction_on_the_enemies_adjacent_to_its_target(make_pvp):
    """A melee weapon with Chain Reaction 1, an enemy in reach with another Adjacent to it: the computer's attack
    names the secondary target the match offers, so the same strikes hit both."""
    from game.rules.model import Special
    m = make_pvp("attrition", [(card("Mauler", act=3, melee=(4, 4), ranged=None,
                                     weapon_specials=(Special("CHR", 1),)), 12, 10)],
                 [(card("Near", hit=3), 13.2, 10), (card("Beside", hit=2), 14.4, 10)], dice=TURN)
    m.submit(C.Activate("player", units(m, "player")[0]))
    near, beside = units(m, "opponent")
    cmd = TacticalController("player", seed=1, level="hard").decide(m)
    assert isinstance(cmd, C.MeleeAttack) and cmd.target == near and cmd.extra_targets == (beside,)


def test_normal_asks_the_nearest_enemies_with_a_gun_whether_a_spot_is_in_an_open_line_of_fire():
    """Normal asks only `seen_by` enemies whether they see a spot uncovered: the nearest with a gun, not the nearest
    (three Melee fighters beside the spot left a gun 8" off unasked, and the spot read as hidden)."""
    from game.ai import tactical_eval as TE
    from game.ai.tactical_brief import brief_for
    from game.ai.tactical_levels import LEVELS
    from game.ai.tactical_spots import Exposure
    from tests.ai.test_tactical_missions import battle_ready, sides_of
    m = battle_ready("pvp-secure-the-zone", "krumpfists")
    try:
        side, enemy = sides_of(m)
        me, *_ = m.units(side)
        near, far = m.units(enemy)[:3], m.units(enemy)[3]
        with m._in_world():
            for u in m.units(side) + m.units(enemy):
                m.place(u, 23.0 - 1.5 * (u % 8), 23.0 if m.unit(u).side == side else 1.0)
            m.place(me, 12.0, 12.0)
            for i, u in enumerate(near):
                m.place(u, 10.5 + 1.5 * i, 13.6)
            m.place(far, 12.0, 4.0)
        ctx = TE.Ctx(m, side, brief_for(m, side), LEVELS["normal"])
        ctx._values["guns"] = frozenset({far})  # (only the far one has a gun, whatever their cards say)
        spot = ctx.bases[me]
        sights = TE.sights_at(ctx, spot)
        s = sights[far]
        assert s.visible and not s.cover, "the far gun sees the spot in the open"
        assert LEVELS["normal"].seen_by < len(near) + 1
        assert Exposure()(ctx, spot, sights) is True
    finally:
        m.close()
