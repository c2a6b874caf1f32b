"""Rivals as the PvP computer plays it: only the duel of the two Rivals scores and only the enemy Rival may strike
ours, so the other units are worth little as Take Outs and stand by the enemy Rival instead (Support for ours, and
the enemy Rival's blows fall on them); a Blast by another unit's hand leaves the enemy Rival beside its target out
(N75: the match rules so), so it is worth nothing there, neither gain nor cost; and our Rival measures its way to
the enemy Rival by walking, round the wall between them (as the crow flies it stood off behind a wall for three
Turns, thinking itself there)."""
import math

import pytest

from game.ai import tactical_eval as TE
from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.ai.tactical_levels import LEVELS
from game.modes.pvp import rules as R
from game.modes.pvp import sides as P

from .test_tactical_missions import battle_ready


@pytest.fixture
def rivals():
    m = battle_ready("pvp-rivals", "krumpfists")
    yield m
    m.close()


def the_rivals(m, side):
    rv = R.rivals(m)
    return rv[side], rv[P.other(side)]


def test_a_take_out_other_than_the_enemy_rival_is_worth_little(rivals):
    m = rivals
    side = m.sides[0]
    mine, theirs = the_rivals(m, side)
    ctx = TE.Ctx(m, side, brief_for(m, side), LEVELS["hard"])
    others = [e for e in m.units(P.other(side)) if e != theirs]
    assert max(ctx.mat(e) for e in others) < 0.3 * ctx.mat(theirs)


def test_the_other_units_stand_by_the_enemy_rival(rivals):
    m = rivals
    side = m.sides[0]
    mine, theirs = the_rivals(m, side)
    b = brief_for(m, side)
    tb = m.base(theirs)
    by = {g.unit for g in b.goals if g.inside(tb.x, tb.y) and g.unit is not None}
    assert by == set(m.units(side)), by


def test_a_blast_by_another_hand_counts_nothing_for_the_enemy_rival_beside_its_target(rivals):
    m = rivals
    side = m.sides[0]
    enemy = P.other(side)
    mine, theirs = the_rivals(m, side)
    shooter = next(u for u in m.units(side) if u != mine and any(w.has("BLS") for w in m.unit(u).card.weapons))
    w = next(w for w in m.unit(shooter).card.weapons if w.has("BLS"))
    target = next(e for e in m.units(enemy) if e != theirs)
    with m._in_world():
        m.place(target, 12.0, 12.0)
        m.place(theirs, 12.0 + 2 * m.base(theirs).radius + 0.3, 12.0)
    ctx = TE.Ctx(m, side, brief_for(m, side), LEVELS["hard"])
    assert TE.adjacent(ctx, ctx.bases[theirs], ctx.bases[target])
    assert TacticalController._blast_extra(ctx, shooter, w, target) == 0.0
    # our own Rival's Blast strikes it too and scores the Take Out: there it is a gain
    assert TacticalController._blast_extra(ctx, mine, w, target) > 0.0


def test_our_rival_walks_round_the_wall_to_the_enemy_rival():
    m = battle_ready("pvp-rivals", "drone-pod")
    try:
        side = m.sides[0]
        mine, theirs = the_rivals(m, side)
        with m._in_world():  # a wall between (9, 15) and (11, 11.5) on this map
            m.place(mine, 9.0, 15.0)
            m.place(theirs, 11.0, 11.5)
        assert not m.table.sight(m.base(mine), m.base(theirs)).visible
        b = brief_for(m, side)
        (g,) = [g for g in b.goals if g.label == "the enemy Rival"]
        ctx = TE.Ctx(m, side, b, LEVELS["hard"])
        straight = g.distance(9.0, 15.0)
        assert straight < 4.0
        assert ctx.walk(g, mine, ctx.bases[mine]) >= straight + 4.0
    finally:
        m.close()


def test_a_free_attack_that_costs_more_than_it_takes_is_declined(rivals):
    """Our Rival given a free melee action (an order, Overrun...) beside a sturdy enemy that is not the enemy Rival:
    its Critical Saves would cost our Rival more than the blow takes, so the free action goes unused."""
    from game.match import commands as C
    from game.rules import actions as act
    from game.rules.model import MELEE
    m = rivals
    side = m.sides[0]
    mine, theirs = the_rivals(m, side)
    ctx = TE.Ctx(m, side, brief_for(m, side), LEVELS["hard"])
    w = next(w for w in m.unit(mine).card.weapons if w.kind == MELEE)
    foe = min((e for e in m.units(P.other(side)) if e != theirs), key=lambda e: TE.attack_value(ctx, mine, w, e))
    assert TE.attack_value(ctx, mine, w, foe) < 0.0
    with m._in_world():
        for i, u in enumerate(u for u in m.units() if u not in (mine, foe)):
            m.place(u, 1.0 + 2.0 * (i % 10), 3.0 if m.side_of(u) == side else 21.0)
        m.place(foe, 12.0, 12.0)
        m.place(mine, 12.0 + m.base(mine).radius + m.base(foe).radius + 0.3, 12.0)
        m.grant(mine, "opportunity", [(act.MELEE_COMBAT,)])
        m._after_step()
    assert m.activation.grant and m.activation.uid == mine
    assert any(isinstance(c, C.MeleeAttack) for c in m.legal_commands(side))
    cmd = TacticalController(side, seed=1, level="hard").decide(m)
    assert not isinstance(cmd, C.MeleeAttack), cmd
