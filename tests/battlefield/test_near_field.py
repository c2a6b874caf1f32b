"""A field spread only as far as its questions need (field.near_field, for a reader that only cares how near the
goals are: the tactical opponent's pull toward the enemy) answers as the whole field does: the very distance below
its limit, a finite number at least the limit for a longer way, math.inf where there is no way; whatever order the
spots are asked in, and asked in slices of work that stop at once."""
import math
import random
from pathlib import Path

import pytest

from game.battlefield import Base, Table, load_battlefield
from game.battlefield import search
from game.battlefield.field import near_field, walking_field
from game.battlefield.model import MoveRule

from .conftest import MAPS
from .test_sight_history import _spots

REAL_MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))
WEST, EAST = (3.0, 4.0), (9.0, 4.0)  # doors.tmx: a wall at x = 6" with the gate between y = 3" and 5"


def agrees(near: float, whole: float, limit: float) -> bool:
    if whole < limit:
        return near == whole
    return near >= limit and (near == math.inf) == (whole == math.inf)


@pytest.mark.parametrize("path", REAL_MAPS, ids=lambda p: p.stem)
def test_near_field_answers_as_the_whole_field(path):
    bf = load_battlefield(path)
    rng = random.Random("near " + path.stem)
    t = Table(bf)
    try:
        spots = _spots(t, rng, 40)
        for limit, rule in ((6.0, MoveRule()), (12.0, MoveRule()), (24.0, MoveRule(climb_up_less=2.0)),
                            (24.0, MoveRule(ignore_vertical=True, any_face=True))):
            goals = [Base(-7 - i, "npc", *s, radius=rng.choice((0.5, 0.75))) for i, s in enumerate(spots[:4])]
            whole = walking_field(t, goals, 0.5, rule)
            near = near_field(t, goals, 0.5, rule, limit)
            asked = [s for s in spots[4:]] + [(x + 0.3, y + 0.2, z) for x, y, z in spots[4:]]  # off the lattice too
            rng.shuffle(asked)
            beyond = 0
            for x, y, z in asked:
                w, n = whole.at(x, y, z), near.at(x, y, z)
                assert agrees(n, w, limit), (path.stem, limit, (x, y, z), n, w)
                beyond += w >= limit
                assert near.at(x, y, z) == n  # asked again: the same
            if limit == 6.0:
                assert beyond > 0  # (some spots lie beyond the limit)
    finally:
        t.close()


def test_no_way_there_is_inf_and_a_way_round_is_exact():
    bf = load_battlefield(MAPS / "doors.tmx")
    t = Table(bf)
    try:
        goal = [Base(-5, "player", *EAST, 0.0, 0.5)]
        for gate in (False, True):
            t.set_door("gate", gate)
            whole, near = walking_field(t, goal, 0.5), near_field(t, goal, 0.5, limit=20.0)
            assert near.at(*WEST, 0.0) == whole.at(*WEST, 0.0)
            assert (near.at(*WEST, 0.0) == math.inf) is not gate
    finally:
        t.close()


def test_asked_in_slices_it_goes_on_where_it_stopped():
    bf = load_battlefield(next(p for p in REAL_MAPS if p.stem == "pve-ruined-city"))
    rng = random.Random(3)
    t = Table(bf)
    try:
        spots = _spots(t, rng, 30)
        goals = [Base(-9, "npc", *spots[0]), Base(-10, "npc", *spots[1])]
        whole = walking_field(t, goals, 0.5)
        near = near_field(t, goals, 0.5, limit=24.0)
        paused = 0
        for x, y, z in spots[2:]:
            while True:
                with search.work_slice(0.0):  # every slice ends at once: the spread stops every few nodes
                    gen = search.sliced(lambda: near.at(x, y, z))
                    try:
                        next(gen)
                        paused += 1
                        continue
                    except StopIteration as stop:
                        got = stop.value
                break
            assert agrees(got, whole.at(x, y, z), 24.0)
        assert paused > 0
    finally:
        t.close()
