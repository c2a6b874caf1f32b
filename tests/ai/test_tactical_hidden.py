"""Where the PvP computer looks for a spot out of every uncovered line of fire when the best spot it weighed is
exposed: round that spot, nearest first; the hard level weighs three such spots at least 1" apart (so that one of
them may keep the shot the exposed spot set up), normal the first it finds, easy none."""
import math

from game.ai import tactical_eval as TE
from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.ai.tactical_levels import LEVELS
from game.ai import tactical_spots as TS
from game.battlefield.model import Battlefield, Wall, default_anchors

from tests.modes.pvp.conftest import TURN, card, pvp_match, units


def walled(low: bool = False):
    """A tall wall across the table between the two units (and, `low`, a low one past its end that gives Cover
    without blocking sight)."""
    walls = (Wall("wall 'ruin'", (9.0, 14.0), (15.0, 14.0), 3.0),)
    if low:
        walls += (Wall("wall 'low'", (15.5, 13.0), (20.0, 13.0), 0.5),)
    return Battlefield(name="wall", width=24, height=24, anchors=default_anchors(24, 24), walls=walls)


def hidden_near(level: str, bx: float, by: float, shot=None, low: bool = False):
    m = pvp_match("attrition", [(card("Me"), 12, 8)], [(card("Gun", melee=None), 12, 20)], dice=TURN,
                  table=walled(low))
    try:
        return _hidden_near(m, level, bx, by, shot, low)
    finally:
        m.close()


def _hidden_near(m, level: str, bx: float, by: float, shot, low: bool):
    with m.reading():
        me = units(m, "player")[0]
        ai = TacticalController("player", level=level)
        ctx = TE.Ctx(m, "player", brief_for(m, "player"), ai.level, ai.fields)
        spots = m.table.reach(m.base(me), 8.0 if low else 6.0).spots
        gun = units(m, "opponent")[0]
        found = [p for p in TS.hidden_near(ctx, me, spots, {}, bx, by, None if shot is None else (gun, shot))
                 if p is not None]  # (None: where a slice may end)
        exposed = [TE.exposed(ctx, s, TE.sights_at(ctx, s)) for s in (TE.base_at(ctx, me, *p) for p in found)]
        best = TE.base_at(ctx, me, bx, by, 0.0)
        if shot is not None:  # the value of the shot at the Gun from each spot found, and from the best spot
            shots = [TE.best_attack_from(ctx, me, s, (gun,), TE.sights_at(ctx, s))[0]
                     for s in (TE.base_at(ctx, me, *p) for p in found)]
            return found, exposed, shots, TE.best_attack_from(ctx, me, best, (gun,), TE.sights_at(ctx, best))[0]
        return found, exposed, TE.exposed(ctx, best, TE.sights_at(ctx, best))


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


def test_hard_keeping_the_shot_looks_only_for_hidden_spots_it_could_still_make_it_from():
    """Asked to keep the shot at the Gun the exposed best spot set up, the hidden spots found are those behind the
    low wall (in Cover, the Gun still in sight), not those behind the tall wall (out of sight: no shot); asked for
    more than any spot gives, none is found."""
    bx, by = 17.0, 11.5  # past both walls' ends... in the Gun's uncovered line of fire
    plain, exposed, best_exposed = hidden_near("hard", bx, by, low=True)
    assert best_exposed and not any(exposed)
    found, exposed, shots, best = hidden_near("hard", bx, by, shot=0.01, low=True)
    assert best > 0.0 and found and not any(exposed) and all(v >= 0.5 * best for v in shots)
    assert all(p[1] > by for p in found)  # toward the low wall
    assert set(found) != set(plain)  # the nearest hidden spots (behind the tall wall, out of sight) passed over
    assert hidden_near("hard", bx, by, shot=100.0, low=True)[0] == []
