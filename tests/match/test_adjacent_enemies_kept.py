"""A unit's Adjacent enemies are kept between questions (the side panel asks them once for every enemy it lists)
and asked again when what they depend on changes: a place, a door, a wall taken away. Checked against the table's
own answer on the test map with a door, and after every command of seeded games."""
from pathlib import Path

from game.battlefield import load_battlefield
from game.headless import build_scenario
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.modes import create_match
from game.modes.session import play

from tests.match.conftest import Skirmish, card

DOORS = Path(__file__).resolve().parent.parent / "battlefield" / "maps" / "doors.tmx"


def direct(m, uid):
    me = m.base(uid)
    return [e for e in m.enemies_of(uid) if m.table.adjacent(me, m.base(e))]


def test_a_door_opened_or_closed_between_two_bases_is_seen_at_once():
    """doors.tmx: walls at x=6 with the door 'gate' between them, closed; a unit each side of it."""
    sc = Scenario(mission="test-skirmish", sides=(SideSpec("A", None), SideSpec("B", None)))
    m = Match(sc, 0, Skirmish(), load_battlefield(DOORS), {"A": [("a", card(name="a"))],
                                                                   "B": [("b", card(name="b"))]})
    a, b = m.undeployed("A")[0], m.undeployed("B")[0]
    m.submit(C.Deploy("A", a, 5.4, 4))
    m.submit(C.EndDeployment("A"))
    m.submit(C.Deploy("B", b, 6.6, 4))
    assert m.adjacent_enemies(a) == [] and m.adjacent_enemies(b) == []
    m.set_door("gate", True)
    assert m.adjacent_enemies(a) == [b] and m.adjacent_enemies(b) == [a]
    m.set_door("gate", False)
    assert m.adjacent_enemies(a) == []
    m.clear_terrain(6, 4, 1.5)  # the door and the walls beside it taken away
    assert m.adjacent_enemies(a) == [b]


def test_kept_adjacent_enemies_are_the_tables_answer_after_every_command():
    games = [("horde", {"map_name": "horde-supply-corridor.tmx"}, 5), ("pvp-assassinate", {}, 3),
             ("first-mission", {}, 2)]
    checked = 0
    for mission, kw, seed in games:
        m = create_match(build_scenario(mission, **kw), seed)

        def check(_events, m=m):
            nonlocal checked
            if m.state.allegiance:
                return
            for u in m.units(items=None):
                assert m.adjacent_enemies(u) == direct(m, u), (mission, seed, len(m.log), u)
                checked += 1
        n = 0

        def counted(events, m=m):
            nonlocal n
            n += 1
            if n <= 400:
                check(events)
        play(m, on_events=counted)
        m.close()
    assert checked > 2000
