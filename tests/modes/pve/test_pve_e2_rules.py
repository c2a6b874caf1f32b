"""The later edition as a labelled variant (R22, R39; play-modes digest 2.5) with scripted dice: the objectives
rolled by archetype and variation, the symmetric A/B deployments, no Turn Events and reinforcements from Turn 5,
The Rift, Haunting Spirits' closest valid target, the options, and the words that say which edition is played."""
import pytest

from game.battlefield.model import Battlefield, Wall, default_anchors
from game.match import events as E
from game.match.anchors import anchor_points
from game.match.scenario import ScenarioError
from game.modes.pve import scenario as SC

from .conftest import DATA, NO_TO, deploy, events_named
from .test_pve_e2_objectives import end_turn
from .test_pve_turn import accept_all

A = anchor_points(24, 24)
E2 = {"edition": "e2", "npc": "classic", "tl": 1}
THREE = [5, 5, 5]  # three classic Melee Troopers


def rolled(m, text):
    return [e for e in m.events if isinstance(e, E.DiceRolled) and text in e.why]


# -- the setup ---------------------------------------------------------------------------------------------
def test_objectives_are_rolled_by_archetype_and_variation_and_the_second_is_of_another_archetype(pve):
    opts = dict(E2, battlefield="facility", deployment="flanked-a")
    # 1 3: Control, variation 2 (C2); 2 5: Control again, rolled again; 6 6: Destroy, variation 3 (D3)
    m = pve(opts, [1, 3, 2, 5, 6, 6, 5, 4, 6, 1, 2, 3, *THREE])
    assert m.mission_state["objectives"] == ["C2", "D3"]
    assert events_named(m, "Objective 2: Control again (rolled 2), rolled again")
    assert len(rolled(m, "archetype, then variation")) == 3
    assert [m.mission_state["anchor_of"][x] for x in m.mission_state["markers"]["D3"]] == ["NW", "N", "NE"]


@pytest.mark.parametrize("letter_face,mine,theirs", [(3, "flanked-a", ("within", ("S",))),
                                                     (4, "flanked-b", ("adjacent", ("NW", "NE")))])
def test_the_deployment_is_rolled_then_which_squad_the_player_is(pve, letter_face, mine, theirs):
    m = pve(dict(E2, battlefield="facility", objectives="C1,D2"), [5, 4, 6, 9, 3, letter_face, *THREE])
    ms = m.mission_state
    assert ms["deployment"] == mine
    d = m.mission.data.deployment(mine)
    assert (d.player.how, d.player.anchors) == theirs
    other = ("adjacent", ("NW", "NE")) if letter_face <= 3 else ("within", ("S",))
    assert (d.npc.how, d.npc.anchors) == other
    zones = [z.name for z in m.deployment_zones("player")]
    assert len(zones) == len(theirs[1])
    for u in m.units("npc"):  # the enemy deploys in the other squad's zone
        b = m.base(u)
        assert any(abs(b.x - A[a][0]) + abs(b.y - A[a][1]) < 7 for a in other[1])
    assert events_named(m, f"Deployment: Flanked (Squad {mine[-1].upper()}) (rolled {letter_face}: Squad "
                           f"{mine[-1].upper()})")


def test_the_standard_insertion_of_the_later_edition_is_adjacent_to_the_anchors():
    d = DATA.e2.deployment("standard-insertion")
    assert (d.a.how, d.a.anchors, d.b.how, d.b.anchors) == ("adjacent", ("SW", "S", "SE"), "adjacent",
                                                            ("NW", "N", "NE"))
    assert DATA.deployment("standard-insertion").player.how == "within"  # the launch edition's stays


def test_the_battlefield_table_has_the_rift_for_6_and_keeps_the_others():
    bfs = DATA.e2.battlefields
    assert [b.id for b in bfs] == ["ruined-city", "facility", "jungle", "alien-hive", "cursed-temple", "rift"]
    assert bfs[5].name == "The Rift" and bfs[5].effect == "Shifting Realities" and bfs[5].map == "pve-rift-30x22.tmx"
    assert bfs[0] == DATA.battlefield("ruined-city")  # unchanged rows are the launch rows
    assert "closest unit it can attack" in bfs[4].text


# -- the Turn ---------------------------------------------------------------------------------------------
def test_no_turn_events_and_from_turn_5_reinforcements_before_the_battlefield_effect(pve):
    m = pve(dict(E2, battlefield="facility", deployment="flanked-a", objectives="C1,D2"), [1, 2, 3, 9, *THREE])
    deploy(m, [(11, 19), (13, 19)], NO_TO)
    for dice in ([*NO_TO, 7], [*NO_TO, 7], [*NO_TO, 7, 4]):
        end_turn(m, dice)
    assert m.turn == 4 and not rolled(m, "Turn Event")
    end_turn(m, [*NO_TO, 5, 5, 7])  # stay; Turn 5: reinforcements (1 Melee Trooper at C), then Darkness
    assert m.turn == 5 and not rolled(m, "Turn Event")
    i_reinf = max(i for i, e in enumerate(m.events) if isinstance(e, E.MissionEvent) and
                  e.name == "Turn 5: Enemy Reinforcements")
    i_dark = max(i for i, e in enumerate(m.events) if isinstance(e, E.DiceRolled) and "Darkness" in e.why)
    assert i_reinf < i_dark and len(m.units("npc")) == 4


def _rift(pve, spots):
    m = pve(dict(E2, battlefield="rift", deployment="flanked-a", objectives="C1,D2"), [1, 2, 3, 9, *THREE])
    deploy(m, [(11, 19), (13, 19)], NO_TO)
    for u, spot in zip(m.units("player"), spots):
        m.place(u, *spot)
    return m


def test_the_rift_pulls_units_within_4_inches_2_inches_toward_the_anchor_then_pushes_them_away(pve):
    cx, cy = A["C"]
    m = _rift(pve, [(cx + 3, cy), (cx, cy + 6)])
    a, b = m.units("player")
    end_turn(m, [*NO_TO, 5, 2])  # C; 2: pulled toward it
    assert (m.base(a).x, m.base(a).y) == (cx + 1, cy) and m.base(b).y == cy + 6  # B is 6" away: untouched
    assert events_named(m, "Shifting Realities at the C Anchor")
    end_turn(m, [*NO_TO, 5, 5])  # 5: pushed away
    assert (m.base(a).x, m.base(a).y) == (cx + 3, cy)
    moves = [e for e in m.events if isinstance(e, E.Moved) and e.uid == a]
    assert [mv.action for mv in moves[-2:]] == ["place", "place"]  # no Move: no Attack of Opportunity
    assert moves[-1].verb == "is pushed away from the C Anchor"


def test_the_rift_moves_a_unit_as_far_as_it_can_before_the_table_edge(pve):
    m = _rift(pve, [(1.2, 12), (12, 20)])
    a = m.units("player")[0]
    end_turn(m, [*NO_TO, 4, 6])  # W; 6: pushed west, 0.7" of room
    assert m.base(a).x == pytest.approx(0.7)


def test_haunting_spirits_in_the_later_edition_attack_the_closest_unit_they_can_attack(pve):
    wall = Battlefield(name="ruins", width=24, height=24, anchors=default_anchors(24, 24),
                       walls=(Wall("wall 'ruin'", (9.0, 14.0), (15.0, 14.0), 3.0),))
    m = pve(dict(E2, battlefield="cursed-temple", deployment="flanked-a", objectives="C1,D2"), [1, 2, 3, 9, *THREE],
            battlefield=wall)
    deploy(m, [(11, 19), (13, 19)], NO_TO)
    a, b = m.units("player")
    m.place(a, 12, 16)
    m.place(b, 12, 12.5)  # the closest unit, but behind the wall
    npcs = m.units("npc")
    m.place(npcs[0], 17, 16)  # 5" away, in sight
    m.place(npcs[1], 2, 22)
    m.place(npcs[2], 22, 2)
    end_turn(m, [*NO_TO, 1, 6, 6, 6, 1])  # A is picked; three misses; the first Trooper is picked
    accept_all(m)
    assert events_named(m, "Haunting Spirits: A attacks Melee Trooper 1")


# -- options and words ----------------------------------------------------------------------------------------
def opts(**kw):
    return SC.parse_options(kw, DATA)


def test_the_options_of_the_variant_are_checked_and_read_back_the_same():
    got = opts(edition="E2", objectives="c2,a3", battlefield="6", deployment="hot-drop-b")
    assert got == {"edition": "e2", "objectives": "C2,A3", "battlefield": "rift", "deployment": "hot-drop-b"}
    assert opts(**got) == got
    assert opts() == {} and opts(edition="e1") == {}


@pytest.mark.parametrize("kw,message", [
    ({"edition": "e3"}, r"e1 \(the launch edition, the default\) or e2"),
    ({"edition": "e2", "objectives": "C1,C3"}, "different archetypes"),
    ({"edition": "e2", "objectives": "control,search"}, "unknown objectives 'control'"),
    ({"edition": "e2", "battlefield": "blacksite"}, "unknown battlefield 'blacksite'"),
    ({"edition": "e2", "first_mission": True}, "first mission is the launch edition's"),
    ({"objectives": "C1,A1"}, "unknown objectives 'C1'"),
])
def test_bad_variant_options_are_a_clear_message(kw, message):
    with pytest.raises(ScenarioError, match=message):
        opts(**kw)


def test_the_objective_panel_and_the_log_say_which_edition_is_played(pve):
    m = pve(dict(E2, battlefield="facility", deployment="flanked-a", objectives="C1,D2"), [1, 2, 3, 9, *THREE])
    s = m.mission.summary(m)
    assert s.title == "PvE mission (Later edition (E2))"
    assert any(n.startswith("Rules: Later edition (E2): objectives count once completed") for n in s.notes)
    assert events_named(m, "Rules: Later edition (E2)")
    e1 = pve({"npc": "classic", "tl": 1, "battlefield": "facility", "deployment": "flanked",
              "objectives": "control,destroy"}, [1, 2, 3, 4, 6, 7, *THREE])
    assert e1.mission.summary(e1).title == "PvE mission" and not events_named(e1, "Rules:")
    assert e1.mission.scoring_text().endswith("Rules: Launch edition (E1).")  # the briefing says it either way
    assert "Rules: Later edition (E2). An objective counts once completed" in m.mission.scoring_text()
