"""Where the PvP computer looks for a spot out of every uncovered line of fire when the best spot it weighed is
exposed: round that spot, nearest first; the hard level weighs three such spots at least 1" apart, normal the first
it finds, easy none."""
import math

from game.ai import tactical_eval as TE

from game.ai import tactical_threat as TT
from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.ai.tactical_levels import LEVELS
from game.ai import tactical_spots as TS
from game.battlefield.model import Battlefield, Wall, default_anchors

from tests.modes.pvp.conftest import TURN, card, pvp_match, units


def walled():
    """A tall wall across the table between the two units."""
    return Battlefield(name="wall", width=24, height=24, anchors=default_anchors(24, 24),
                       walls=(Wall("wall 'ruin'", (9.0, 14.0), (15.0, 14.0), 3.0),))


def hidden_near(level: str, bx: float, by: float):
    m = pvp_match("attrition", [(card("Me"), 12, 8)], [(card("Gun", melee=None), 12, 20)], dice=TURN,
                  table=walled())
    try:
        with m.reading():
            me = units(m, "player")[0]
            ai = TacticalController("player", level=level)
            ctx = TE.Ctx(m, "player", brief_for(m, "player"), ai.level, ai.fields)
            spots = m.table.reach(m.base(me), 6.0).spots
            found = [p for p in TS.hidden_near(ctx, me, spots, {}, bx, by) if p is not None]  # (None: a slice may
            # end there)
            exposed = [TT.exposed(ctx, s, TE.sights_at(ctx, s)) for s in (TE.base_at(ctx, me, *p) for p in found)]
            best = TE.base_at(ctx, me, bx, by, 0.0)
            return found, exposed, TT.exposed(ctx, best, TE.sights_at(ctx, best))
    finally:
        m.close()


def test_hard_weighs_three_hidden_spots_round_an_exposed_one_normal_one_easy_none():
    bx, by = 17.0, 11.0  # past the wall's end: in the gun's uncovered line of fire
    found, exposed, best_exposed = hidden_near("hard", bx, by)
    assert best_exposed
    assert len(found) == LEVELS["hard"].hidden_spots == 3 and not any(exposed)
    assert all(math.hypot(p[0] - q[0], p[1] - q[1]) >= 1.0 for i, p in enumerate(found) for q in found[:i])
    assert all(math.hypot(p[0] - bx, p[1] - by) <= 3.0 for p in found)
    found, exposed, _ = hidden_near("normal", bx, by)
    assert len(found) == 1 and not any(exposed)
    assert hidden_near("easy", bx, by)[0] == []
