"""The PvP computer ends its moves in Cover or out of sight when it can: among moves worth nearly as much, one out of
every enemy's uncovered line of fire goes before an exposed one, unless it gives up the mission's goal (a runner
keeps running, a hunter keeps hunting); a clearly better exposed move (a shot that matters) is still taken. How much
a hidden move may give up is the level's: hard hides most, normal less, easy never thinks of it."""
from game.ai.tactical import TacticalController
from game.ai.tactical_levels import LEVELS
from game.match import commands as C

HARD = LEVELS["hard"]


def ranked(ai, options, safety):
    ai._safety = safety
    return [c for _, c, _ in ai._prefer_safe(sorted(options, key=lambda o: -o[0]))]


def test_a_hidden_move_nearly_as_good_goes_before_an_exposed_one():
    ai = TacticalController("player", level="hard")
    open_, hidden, far = C.Move("player", 5, 5, 0), C.Move("player", 6, 5, 0), C.Move("player", 9, 9, 0)
    options = [(3.0, open_, "moves"), (3.0 - HARD.safe_margin + 0.05, hidden, "moves"),
               (1.0, C.EndActivation("player"), "ends")]
    assert ranked(ai, options, {open_: (True, 2.0), hidden: (False, 2.0)})[0] == hidden
    # worth clearly less: the exposed move stays first
    options[1] = (3.0 - HARD.safe_margin - 0.05, hidden, "moves")
    assert ranked(ai, options, {open_: (True, 2.0), hidden: (False, 2.0)})[0] == open_
    # nearly as good, but it gives up the goal (further from the Beacon, the enemy Leader...): not taken
    options[1] = (2.9, far, "moves")
    assert ranked(ai, options, {open_: (True, 2.0), far: (False, 1.5)})[0] == open_
    # the best move is already out of every uncovered line of fire: nothing changes
    options[1] = (2.9, hidden, "moves")
    assert ranked(ai, options, {open_: (False, 2.0), hidden: (False, 2.0)})[0] == open_


def test_an_attack_first_is_never_put_behind_a_move():
    ai = TacticalController("player", level="hard")
    shot, hidden = C.RangedAttack("player", "gun", 7), C.Move("player", 6, 5, 0)
    options = [(3.0, shot, "attacks"), (2.9, hidden, "moves")]
    assert ranked(ai, options, {hidden: (False, 2.0)})[0] == shot



def test_a_hidden_move_two_mp_short_of_an_exposed_one_still_goes_first():
    ai = TacticalController("player", level="hard")
    open_, hidden = C.Move("player", 5, 5, 0), C.Move("player", 6, 5, 0)
    options = [(4.0, open_, "moves"), (2.0, hidden, "moves")]
    assert ranked(ai, options, {open_: (True, 2.0), hidden: (False, 1.75)})[0] == hidden


def test_normal_gives_up_less_for_a_hidden_move_and_easy_nothing():
    """The same choice at the other levels: normal takes the hidden move only when it is at most its (smaller) margin
    short and gives up less of the goal; easy keeps the best move, exposed or not."""
    open_, hidden = C.Move("player", 5, 5, 0), C.Move("player", 6, 5, 0)
    normal = LEVELS["normal"]
    assert normal.safe_margin < HARD.safe_margin and normal.goal_share < HARD.goal_share
    two_short = [(4.0, open_, "moves"), (2.0, hidden, "moves")]
    safety = {open_: (True, 2.0), hidden: (False, 1.75)}
    assert ranked(TacticalController("player", level="normal"), two_short, safety)[0] == open_
    close = [(4.0, open_, "moves"), (4.0 - normal.safe_margin + 0.05, hidden, "moves")]
    as_good = {open_: (True, 2.0), hidden: (False, 2.0)}
    assert ranked(TacticalController("player", level="normal"), close, as_good)[0] == hidden
    # (a goal given up that hard would give: 0.25 of 2.0 is more than normal's share)
    assert ranked(TacticalController("player", level="normal"), close, safety)[0] == open_
    assert ranked(TacticalController("player", level="easy"), close, as_good)[0] == open_


def test_a_far_gun_counts_for_an_uncovered_line_of_fire():
    """Five melee enemies nearer than the one with a gun: the spot is exposed all the same (the gun sees it)."""
    from game.ai import tactical_eval as TE
    from game.ai import tactical_threat as TT
    from game.ai.tactical_brief import Brief
    from tests.modes.pvp.conftest import TURN, card, pvp_match, units
    near = [(card(f"M{i}", ranged=None), 8.0 + 2.0 * i, 14.0) for i in range(5)]
    m = pvp_match("attrition", [(card("Me"), 12, 10)], near + [(card("Gun", melee=None), 22, 10)], dice=TURN)
    try:
        me = units(m, "player")[0]
        ctx = TE.Ctx(m, "player", Brief())
        spot = TE.base_at(ctx, me, 12.0, 10.0, 0.0)
        assert TT.exposed(ctx, spot, TE.sights_at(ctx, spot))
    finally:
        m.close()
