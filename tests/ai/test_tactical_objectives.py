"""The PvP computer holds objectives with numbers and fights for a loose Flag: in Secure the Zone a unit whose
objectives are all held by squadmates comes up behind them instead of waiting at its edge; an enemy standing at
the Flag keeps everyone from Picking it Up and is worth taking out; the hard level counts contesting a marker the
enemy stands at nearly as much as holding one (it denies the enemy the same Mission Points)."""

import pytest

from game.ai import tactical_eval as TE
from game.ai import tactical_goals as TG
from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.ai.tactical_levels import LEVELS
from game.match import commands as C

from tests.ai.test_tactical_missions import battle_ready, home_y, sides_of


OBJECTIVES = {"objective-west": 6.0, "objective-centre": 12.0, "objective-east": 18.0}


@pytest.fixture
def zone():
    m = battle_ready("pvp-secure-the-zone", seed=21)
    yield m
    m.close()


def _toward(y_home: float, inches: float) -> float:
    return 12.0 + inches if y_home > 12 else 12.0 - inches


def _face_off(m, gap: float):
    """Our first unit and the enemy's first on the centre line's middle, each `gap` inches off it on its own side:
    (our side, our unit, our side's brief)."""
    side, enemy = sides_of(m)
    me, foe = m.units(side)[0], m.units(enemy)[0]
    with m._in_world():
        m.place(foe, 12.0, _toward(home_y(m, enemy), gap))
        m.place(me, 12.0, _toward(home_y(m, side), gap))
    return side, me, brief_for(m, side)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_unit_without_an_objective_of_its_own_comes_up_behind_the_holders(zone, seed):
    """One enemy left, far off in a corner; a squadmate beside each objective: the spare unit spends its activation
    walking up to the objectives (within 3" of them), not waiting at its edge."""
    m = zone
    side, enemy = sides_of(m)
    own = m.units(side)
    holders, spare = own[:3], own[3]
    last, *gone = m.units(enemy)
    with m._in_world():
        for u in gone:
            m._take_out(u)
        m.place(last, 23.0, home_y(m, enemy))
        for u, x in zip(holders, OBJECTIVES.values()):
            m.place(u, x, _toward(home_y(m, side), 1.3))
        for i, u in enumerate(own[4:]):
            m.place(u, 2.0 + 1.5 * i, home_y(m, side))
        m.place(spare, 21.0, home_y(m, side))
    for mid in OBJECTIVES:
        assert m.controller_of(mid) == side
    m.submit(C.Activate(side, spare))
    ai = TacticalController(side, seed=seed, level="hard")
    while m.activation is not None and m.activation.uid == spare and m.prompt is None:
        cmd = ai.decide(m)
        m.submit(cmd)
        if isinstance(cmd, C.EndActivation):
            break
    assert abs(m.base(spare).y - 12.0) <= 3.0 + m.base(spare).radius, m.base(spare)


def test_an_enemy_standing_at_the_loose_flag_is_worth_taking_out():
    m = battle_ready("pvp-climax-the-flag", "krumpfists")
    try:
        side, enemy = sides_of(m)
        guard, other = m.units(enemy)[:2]
        mine = m.units(side)[0]
        with m._in_world():
            m.place(guard, 12.0, _toward(home_y(m, enemy), 1.4))
            m.place(other, 3.0, home_y(m, enemy))
            m.place(mine, 20.0, home_y(m, side))
        assert m.marker("flag").carrier is None
        b = brief_for(m, side)
        assert b.kill_bonus.get(guard, 0) >= 2.0
        assert b.kill_bonus.get(other, 0) == 0
        with m._in_world():  # once it steps away from the Flag the bonus goes
            m.place(guard, 12.0, _toward(home_y(m, enemy), 6.0))
        assert brief_for(m, side).kill_bonus.get(guard, 0) == 0
    finally:
        m.close()

def test_the_hard_level_values_contesting_an_objective_the_enemy_stands_at(zone):
    """Standing beside the centre objective with an enemy beside it too: the hard level counts nearly the whole
    objective (the enemy no longer Controls it), the others little more than half."""
    m = zone
    side, me, b = _face_off(m, 1.3)
    centre = next(g for g in b.goals if g.marker == "objective-centre")
    got = {}
    for name in ("normal", "hard"):
        ctx = TE.Ctx(m, side, b, LEVELS[name])
        got[name] = TG.goal_value(ctx, me, ctx.bases[me], [centre], {})
    assert got["hard"] >= 0.85 * centre.value > got["normal"] + 0.2, got


def test_the_flag_carrier_is_worth_most_on_our_half_and_more_at_our_edge():
    """The Flag counts where it ends (or where its carrier falls): for its carrier a spot a little into our half is
    worth clearly more than one as far into the enemy's, even with ACT left to walk on (as a race to our edge the
    ACT left made both nearly alike, and a carrier in a fight at the centre stepped deeper into the enemy), and our
    edge more than the middle of our half."""
    m = battle_ready("pvp-climax-the-flag", "krumpfists")
    try:
        side, enemy = sides_of(m)
        carrier = m.units(side)[0]
        with m._in_world():
            m.place(carrier, 12.0, 12.0)
            m.carry("flag", carrier)
        b = brief_for(m, side)
        mine = [g for g in b.goals if g.unit == carrier]
        assert mine and b.keep_bonus[carrier] >= 5.0
        ctx = TE.Ctx(m, side, b, LEVELS["hard"])
        toward = -1.0 if home_y(m, side) < 12 else 1.0

        def value(inches, act_after=2):
            spot = TE.base_at(ctx, carrier, 12.0, 12.0 + toward * inches, 0.0)
            return TG.goal_value(ctx, carrier, spot, mine, {}, act_after)
        assert value(2.5) - value(-2.5) >= 1.5, (value(2.5), value(-2.5))
        assert value(11.0, 0) > value(5.0, 0) > value(-5.0, 0)
    finally:
        m.close()


def test_contesting_a_marker_to_pick_up_is_worth_no_more_at_the_hard_level():
    """Beside the loose Flag with an enemy beside it too nobody may Pick it Up: the hard level does not count that
    as nearly holding it (only markers that score by Control are worth denying so)."""
    m = battle_ready("pvp-climax-the-flag", "krumpfists")
    try:
        side, me, b = _face_off(m, 1.4)
        flag = next(g for g in b.goals if g.marker == "flag")
        ctx = TE.Ctx(m, side, b, LEVELS["hard"])
        got = TG.goal_value(ctx, me, ctx.bases[me], [flag], {})
        assert 0.0 < got <= 0.65 * flag.value, (got, flag.value)
    finally:
        m.close()


def _centerpoint_last_turn(seed: int = 21):
    """Centerpoint in its last Turn (the Objective scores only then): our unit `me` Adjacent to two enemies, `holder`
    beside the Objective and `other` away from it; `me` is not Adjacent to the Objective."""
    m = battle_ready("pvp-centerpoint", seed=seed)
    side, enemy = sides_of(m)
    me = m.units(side)[0]
    holder, other, *rest = m.units(enemy)
    mates = m.units(side)[1:]
    s = 1.0 if home_y(m, enemy) > 12 else -1.0  # toward the enemy's edge
    with m._in_world():
        m.state.turn = 4
        m.place(holder, 12.0, 12.0 + s * 1.3)
        m.place(me, 13.3, 12.0 + s * 2.4)
        m.place(other, 14.6, 12.0 + s * 1.3)
        for i, u in enumerate(rest):
            m.place(u, 2.0 + 1.5 * i, home_y(m, enemy))
        for i, u in enumerate(mates):
            m.place(u, 2.0 + 1.5 * i, home_y(m, side))
    return m, side, enemy, me, holder, other


def test_the_enemy_holding_the_objective_in_the_last_turn_is_the_one_worth_taking_out():
    """Centerpoint's Objective scores 6 MP at the end of Turn 4 only: of two enemies our unit can strike, the one
    beside the Objective (it would Control it the moment ours stepped away; taken out, ours can hold it) is worth more
    to take out than its twin away from it, and the hard level strikes it at once. Our unit already keeps the holder
    from Controlling the Objective (no enemy may be Adjacent to either), so stepping up to the Objective gains
    nothing: it used to, walking past both enemies instead of striking (Centerpoint ended 0-0 with four of ours round
    the Objective and one hurt enemy beside it)."""
    m, side, enemy, me, holder, other = _centerpoint_last_turn()
    try:
        t = m.table
        mb = m.marker_base("objective-centre")
        assert t.adjacent(m.base(holder), mb) and not t.adjacent(m.base(other), mb)
        assert not t.adjacent(m.base(me), mb)
        assert t.adjacent(m.base(me), m.base(holder)) and t.adjacent(m.base(me), m.base(other))
        assert m.controller_of("objective-centre") is None  # ours beside the holder contests it
        b = brief_for(m, side)
        assert b.kill_bonus.get(holder, 0) >= 3.0
        assert b.kill_bonus.get(other, 0) == 0
        m.submit(C.Activate(side, me))
        first = TacticalController(side, seed=3, level="hard").decide(m)
        assert isinstance(first, C.MeleeAttack) and first.target == holder, first
    finally:
        m.close()
