"""Terrain a mission takes away (a PvE collapse) on the battle screen: rubble where the wall stood, the rest of
the wall as it was, and its Damage (dealt by nobody) read like any other, live and when the match is opened."""
from game.battlefield import Battlefield, Wall
from game.battlefield.model import default_anchors
from game.match import events as E
from game.rules.model import RANGED
from game.ui.battle import BattleScene
from tests.match.conftest import card

from .test_skills_ui import scene_on, small_match


def walled():
    return Battlefield(name="walled", width=24, height=24, anchors=default_anchors(24, 24),
                       walls=(Wall("wall 'long'", (2.0, 12.0), (22.0, 12.0), 3.0),))


def test_a_collapse_shows_rubble_and_its_damage_reads_on_screen(app):
    m, p, n = small_match([(card(name="Hero", hit=5), 12, 10)], [(card(name="Bug"), 3, 20)],
                          dice=[4, 4, 4] + [6] * 40, battlefield=walled())
    d, sc = scene_on(app, m)
    ppi = sc.camera.ppi
    r = sc.renderer

    def colour(pic, x, y):
        return tuple(pic.get_at((int(x * ppi), int(y * ppi))))[:3]

    before = r.board_picture(ppi, m.table.doors_open, False)
    middle, end = colour(before, 12, 12), colour(before, 4, 12)
    with m._in_world():
        gone = m.table.clear_terrain(12, 12, 3)
        m.deal_damage(None, [(2, [p[0]])], RANGED, "Collapse")
        m._after_step()
    assert [g[0] for g in gone] == ["wall"]
    sc.feed.ingest()  # what the screen does after each command: the Damage nobody dealt read as it comes
    d.step(5)
    assert any(isinstance(e, E.AttackDeclared) and e.weapon == "Collapse" for e in m.events)
    assert any(en.plain.startswith("Hero takes 2 Damage (Collapse)") for en in sc.log.entries)
    after = r.board_picture(ppi, m.table.doors_open, False, cleared=m.table.cleared_terrain)
    assert colour(after, 12, 12) != middle, "rubble where the wall came down"
    assert colour(after, 4, 12) == end, "the wall beyond the collapse still stands"
    d.shot("collapse-rubble")
    again = BattleScene(app, m)  # the match opened on a new screen (a loaded save): read from the start
    app.replace(again)
    d.step(3)
    assert again.feed.seen == len(m.events)
