"""Work the tactical computer opponent spares where its answer cannot change the decision.

With no ACT left, every option of the active unit ends its activation where it stands: what standing there is worth
is added to each alike, so it decides nothing (`stay_unweighed`). Only the walking fields that value would have made
are still asked for: a field made in one decision is what a later one reads (tactical_fields.NEW_FIELDS a
decision), so the decisions stay those of the whole value.
"""
from __future__ import annotations

from game.battlefield.search import sliced

from . import tactical_goals as TG
from . import tactical_threat as TT


def stay_unweighed(ctx, uid: int, spot, goals, holders):
    """Generator: 0.0 in place of what standing at `spot` is worth with no ACT left (tactical_goals.spot_value with
    act_after 0, follow False), asking for the walking fields that value asks for, in its order (its goals', then the
    pull toward the enemy's), and nothing else."""
    yield from sliced(lambda: TG.goal_value(ctx, uid, spot, goals, holders, 0))
    yield from sliced(lambda: TT.engage_pull(ctx, uid, spot))
    return 0.0
