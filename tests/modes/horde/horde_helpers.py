"""Horde runs for tests: the First Mission squad (Leader with 2 extra TO dice: 5 dice) on the open table, whose Spawn
Points are Last Stand's (S1 (4, 4), S2 (20, 4), S3 (12, 20)) and whose deployment zone is the 4" circle at the
centre; scripted dice from the first Turn on."""
from __future__ import annotations

import pytest

from game.content import first_mission_squad
from game.match import commands as C
from game.modes import create_match
from game.modes.horde import horde_scenario, waves
from game.rules.dice import ScriptedDice

NO_TO = [6] * 5  # the Leader stands: 5 Tactical Order dice, no 1-3
QUIET_WAVE = [6, 6, 6]  # wave 1: three 6s, 1 Ruin Stalker each (Spawn Points 1, 2, 3)
OVERWHELMING = [3]  # Wave Objective 3: Overwhelming Force (nothing placed)
NOMINAL = [3, 4]  # Turn Event 7: Nominal
TURN_ONE = NO_TO + QUIET_WAVE + OVERWHELMING + NOMINAL


def new_match(squad=None, map_name=None, seed=0, **kw):
    m = create_match(horde_scenario(squad or first_mission_squad(), map_name=map_name, **kw), seed)
    for uid, x, y, z in m.mission.default_deployment(m, "player"):
        m.submit(C.Deploy("player", uid, x, y, z))
    return m


def begin(m, dice=TURN_ONE):
    """End the deployment: Turn 1 starts with these dice (TO, the wave, its objective, the Turn Event...)."""
    m.dice = ScriptedDice(list(dice))
    m.submit(C.EndDeployment("player"))
    return m


def run(m, fn, *args, dice=None):
    """Call a mission function inside the match (as a step would), then let the match run what it queued."""
    if dice is not None:
        m.dice = ScriptedDice(list(dice))
    with m._in_world():
        m.state.front_cursor = 0
        out = fn(m.mission, m, *args)
        m._after_step()
    return out


def answer(m, option, dice=None):
    """Answer the mission's question (a "choice" prompt) with the option id."""
    assert m.prompt is not None and m.prompt.kind == "choice", m.prompt
    if dice is not None:
        m.dice = ScriptedDice(list(dice))
    m.submit(C.Choose(m.prompt.side, str(option)))


def accept_all(m):
    while m.prompt is not None and m.prompt.kind in ("dice", "parry", "mission_dice"):
        m.submit(C.AcceptDice(m.prompt.side))


def squad(m):
    return m.units("player", downed=None)


def horde(m):
    return m.units("horde")


def clear_horde(m):
    """Take every Horde unit off the table (a test wants the table to itself)."""
    with m._in_world():
        for u in horde(m):
            m._take_out(u)


def spread(m):
    """The squad out of the way along the south edge (a test then puts the units it needs)."""
    for i, u in enumerate(squad(m)):
        put(m, u, 3 + 2.5 * i, 22)


def out_of_the_way(m, units):
    """`units` of the squad off in the south-east corner (a test then puts the units it needs)."""
    for i, u in enumerate(units):
        put(m, u, 17 + 2.5 * i, 22)


def downed_beside(m):
    """The Horde taken off, the squad spread, its first unit Downed at (10, 10) with the second Standing Adjacent to
    it at (11.2, 10): (first, second)."""
    clear_horde(m)
    spread(m)
    a, b = squad(m)[0], squad(m)[1]
    put(m, a, 10, 10)
    put(m, b, 11.2, 10)
    with m._in_world():
        m.health(a).hit = 0
        m.down(a)
    return a, b


def put(m, uid, x, y):
    with m._in_world():
        m.place(uid, x, y, m.table.surface_z(x, y, 0.0))


@pytest.fixture
def matches():
    made = []

    def make(*a, **kw):
        m = new_match(*a, **kw)
        made.append(m)
        return m
    yield make
    for m in made:
        m.close()


def spawn(m, type_id, x, y):
    """A Horde unit of that type placed at (x, y) on the ground floor."""
    card = waves.horde_card(m.mission, type_id)
    with m._in_world():
        return m.spawn("horde", card.name, card, x, y, 0.0)


def activate(m, uid):
    """The squad's activations ended until `uid` is the active unit."""
    while m.waiting_for() == "player" and m.active_unit != uid:
        m.submit(C.Activate("player", uid) if m.activation is None else C.EndActivation("player"))
    assert m.active_unit == uid
