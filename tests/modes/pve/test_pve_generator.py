"""The PvE mission generator (play-modes digest 2.1, setup) with scripted dice: each part rolled or picked, the
objectives' markers on random Anchors (R25), the Spawn Table die by die, the NPC deployment split evenly over its
Anchors, the squad's zones, a first mission, and a scenario fixed from the same first dice the match rolls."""
import math

import pytest

from game.match import commands as C
from game.match import events as E
from game.match.anchors import anchor_points
from game.match.scenario import ScenarioError
from game.modes.pve import scenario as SC
from game.rules.dice import Dice

from .conftest import CAT, DATA, events_named

PICKED = {"npc": "classic", "tl": 1, "battlefield": "facility", "deployment": "standard-insertion"}
A = anchor_points(24, 24)


def classic_units(*faces: int) -> int:
    """How many units these spawn dice bring from the classic roster's TL 1 column (read from the data)."""
    col = DATA.faction("classic").spawn[1]
    return sum(next(r.count for r in col if r.low <= face <= r.high) for face in faces)


def dice_rolled(m, why):
    return [e for e in m.events if isinstance(e, E.DiceRolled) and why in e.why]


def test_rolling_everything_follows_the_book_order_and_shows_every_die(pve):
    # battlefield 3 (Jungle), faction 7 (Krumpfists), TL die 5 (TL 3), objectives 4+4 doubles then 2+5,
    # Consoles on 1 2 3, Search Sites on 7 8 9, deployment 6 (Encircled), spawn 1 4 6
    m = pve({}, [3, 7, 5, 4, 4, 2, 5, 1, 2, 3, 7, 8, 9, 6, 1, 4, 6])
    ms = m.mission_state
    assert ms["battlefield"] == "jungle" and ms["faction"] == "krumpfists" and ms["tl"] == 3
    assert ms["objectives"] == ["activate", "search"] and ms["deployment"] == "encircled"
    assert events_named(m, "doubles (4, 4), rolled again")
    assert [e.why.split(":")[0] for e in m.events if isinstance(e, E.DiceRolled)][:5] == [
        "Battlefield (1D6)", "NPC faction (1D10)", "Threat Level (1D6 halved", "Objectives (2D6, doubles rolled again)",
        "Objectives (2D6, doubles rolled again)"]
    assert ms["markers"] == {"activate": ["activate-1", "activate-2", "activate-3"],
                             "search": ["search-1", "search-2", "search-3"]}
    for mid, anchor in zip(ms["markers"]["activate"] + ms["markers"]["search"], ["NW", "N", "NE", "SW", "S", "SE"]):
        assert m.marker_position(mid)[:2] == A[anchor]
    # TL 3 column: 1 -> 3 Grunts, 4 -> 3 Skullas, 6 -> 1 Boomlugga
    assert ms["spawned"] == [[1, "grunt", 3], [4, "skulla", 3], [6, "boomlugga", 1]]
    assert sorted(m.unit(u).name for u in m.units("npc")) == sorted(
        [f"Grunt {i}" for i in range(1, 4)] + [f"Skulla {i}" for i in range(1, 4)] + ["Boomlugga 1"])
    assert m.dice.remaining == 0 and m.phase == "deploy"


def test_an_occupied_anchor_is_rolled_again_and_a_ten_lets_the_squad_choose(pve):
    m = pve(dict(PICKED, objectives="control,no-survivors"), [5, 5, 10])
    assert m.prompt is not None and m.prompt.kind == "choice" and m.prompt.side == "player"
    assert "C" not in [o for o, _ in m.prompt.options]  # taken by Control Point 1
    m.dice._faces.extend([4, 1, 1, 1])  # Control Point 3 on W, then the Spawn Table
    m.submit(C.Choose("player", "SE"))
    assert [m.marker_position(f"control-{k}")[:2] for k in (1, 2, 3)] == [A["C"], A["SE"], A["W"]]
    taken = dice_rolled(m, "Control Point 2")
    assert [e.outcome for e in taken] == ["C is taken: rolled again", "10: choose an Anchor"]
    assert m.phase == "deploy" and m.dice.remaining == 0


def test_each_spawn_die_is_read_on_its_own_at_the_threat_level(pve):
    m = pve(dict(PICKED, objectives="no-survivors,protect", tl=2), [5, 1, 3, 6])
    # classic TL 2: 1-2 -> 3 Melee Troopers, 3-4 -> 4 Ranged Troopers, 5 -> 1 Melee Elite, 6 -> 2 Ranged Elites
    assert m.mission_state["spawned"] == [[1, "melee-trooper", 3], [3, "ranged-trooper", 4], [6, "ranged-elite", 2]]
    assert len(m.units("npc")) == 9
    assert [e.name for e in events_named(m, "Spawn Table")] == [
        "Spawn Table 1: 3 x Melee Trooper", "Spawn Table 3: 4 x Ranged Trooper", "Spawn Table 6: 2 x Ranged Elite"]


def test_npc_units_split_evenly_over_their_anchors_within_four_inches(pve):
    from game.modes.pve.placement import split_evenly
    m = pve(dict(PICKED, objectives="no-survivors,protect"), [5, 1, 2, 3])  # Asset on C; spawn dice 1, 2, 3
    n = classic_units(1, 2, 3)
    assert len(m.units("npc")) == n
    by_anchor = {"NW": 0, "N": 0, "NE": 0}
    for u in m.units("npc"):
        b = m.base(u)
        near = [a for a in by_anchor if math.hypot(b.x - A[a][0], b.y - A[a][1]) - b.radius <= 4 + 1e-6]
        assert near, f"{m.unit(u).name} at {b.x, b.y} is not within 4\" of NW, N or NE"
        by_anchor[min(near, key=lambda a: math.hypot(b.x - A[a][0], b.y - A[a][1]))] += 1
    assert sorted(by_anchor.values()) == sorted(split_evenly(n, 3))


def test_adjacent_deployment_puts_each_npc_adjacent_to_its_anchor(pve):
    m = pve(dict(PICKED, objectives="no-survivors,protect", deployment="hot-drop"), [5, 1, 1, 1])
    # 9 units over NW, NE, SW, SE: 3, 2, 2, 2, each Adjacent (R15) to its Anchor
    counts = {}
    for u in m.units("npc"):
        adj = [a for a in ("NW", "NE", "SW", "SE") if m.adjacent_to_anchor(u, a)]
        assert len(adj) == 1
        counts[adj[0]] = counts.get(adj[0], 0) + 1
    assert counts == {"NW": 3, "NE": 2, "SW": 2, "SE": 2}


def test_the_squad_deploys_only_in_its_zones(pve):
    m = pve(dict(PICKED, objectives="no-survivors,protect"), [5, 1, 1, 1])
    zones = m.deployment_zones("player")
    assert len(zones) == 3 and all(z.circle[2] == 4.5 for z in zones)
    uid = m.undeployed("player")[0]
    from game.match.errors import IllegalCommand
    with pytest.raises(IllegalCommand, match="deployment zone"):
        m.submit(C.Deploy("player", uid, 12, 12))
    m.submit(C.Deploy("player", uid, A["S"][0] + 4.4, A["S"][1]))
    spots = m.mission.default_deployment(m, "player")
    assert spots and all(m.in_deployment_zone("player", x, y) for _, x, y, _ in spots)


def test_a_first_mission_skips_battlefield_and_deployment(pve):
    m = pve({"npc": "classic", "tl": 1, "first_mission": True, "objectives": "no-survivors,protect"}, [5, 1, 1, 1])
    ms = m.mission_state
    assert ms["battlefield"] is None and ms["deployment"] == "standard-insertion"
    assert not dice_rolled(m, "Battlefield") and not dice_rolled(m, "Deployment")
    assert events_named(m, "First mission")


def test_picked_parts_roll_no_dice_and_say_so(pve):
    m = pve(dict(PICKED, objectives="no-survivors,protect"), [5, 1, 1, 1])
    assert events_named(m, "Battlefield: The Facility (picked)") and events_named(m, "Threat Level 1 (picked)")
    assert [e.why for e in m.events if isinstance(e, E.DiceRolled)] == [
        "The Asset: random Anchor (1D10)", "Classic Raiders: Spawn Table, Threat Level 1 (3D6, each die on its own)"]


@pytest.mark.parametrize("options,message", [
    ({"tl": 4}, "Threat Level is 1, 2 or 3"),
    ({"npc": "orks"}, "unknown NPC faction 'orks'"),
    ({"objectives": "control,control"}, "two different objectives"),
    ({"battlefield": "moon"}, "unknown battlefield 'moon'"),
    ({"first_mission": True, "deployment": "hot-drop"}, "leave out 'battlefield' and 'deployment'"),
    ({"players": 7}, "1-4 people"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_bad_options_are_named_in_a_clear_message(options, message):
    with pytest.raises(ScenarioError, match=message):
        SC.make_scenario(CAT, DATA, None, None, "default", "inches", options, "computer")


def test_the_scenario_follows_the_first_dice_the_match_rolls():
    from game.modes import create_match
    for seed in (3, 8, 21):
        sc = SC.make_scenario(CAT, DATA, None, None, "default", "inches", {"tl": 1}, "computer")
        first = Dice(seed)
        bf = DATA.by_roll(DATA.battlefields, first.d(6))
        faction = DATA.by_roll(DATA.factions, first.d(10))
        m = create_match(sc, seed)
        try:
            assert m.mission_state["battlefield"] == bf.id and m.scenario.map == bf.map
            assert m.mission_state["faction"] == faction.id and m.side_name("npc") == faction.name
            assert m.mission.prepare_scenario(m.scenario, seed) == m.scenario  # as saved: stable
        finally:
            m.close()


def test_a_chosen_map_wins_over_the_battlefield_and_anchors_follow_a_wide_table():
    from game.modes import create_match
    sc = SC.make_scenario(CAT, DATA, None, None, "pve-rift-30x22.tmx", "inches",
                          {"tl": 1, "npc": "classic", "objectives": "control,search"}, "computer")
    m = create_match(sc, 5)
    try:
        assert m.scenario.map == "pve-rift-30x22.tmx" and m.table.width == 30
        wide = anchor_points(30, 22)
        for mid in m.mission_state["markers"]["control"]:
            assert m.marker_position(mid)[:2] in wide.values()
    finally:
        m.close()


@pytest.mark.parametrize("deployment", [d.id for d in DATA.deployments])
def test_each_deployment_places_both_sides_as_printed(pve, deployment):
    from game.modes.pve.placement import split_evenly
    d = DATA.deployment(deployment)
    m = pve(dict(PICKED, deployment=deployment, objectives="no-survivors,protect"), [5, 1, 2, 6])
    # the Asset on C; the classic TL 1 column's rows for 1, 2 and 6
    npcs = m.units("npc")
    assert len(npcs) == classic_units(1, 2, 6) and m.dice.remaining == 0
    counts = {a: 0 for a in d.npc.anchors}
    for u in npcs:
        b = m.base(u)
        if d.npc.how == "adjacent":
            near = [a for a in d.npc.anchors if m.adjacent_to_anchor(u, a)]
        else:
            near = [a for a in d.npc.anchors if math.hypot(b.x - A[a][0], b.y - A[a][1]) - b.radius <= 4 + 1e-6]
        assert len(near) >= 1, (deployment, m.unit(u).name)
        counts[min(near, key=lambda a: math.hypot(b.x - A[a][0], b.y - A[a][1]))] += 1
    assert sorted(counts.values(), reverse=True) == sorted(split_evenly(len(npcs), len(d.npc.anchors)), reverse=True)
    zones = m.deployment_zones("player")
    assert [(z.circle[0], z.circle[1]) for z in zones] == [A[a] for a in d.player.anchors]
    assert {z.circle[2] for z in zones} == {4.5 if d.player.how == "within" else 1.5}
    spots = m.mission.default_deployment(m, "player")
    assert len(spots) == len(m.undeployed("player"))
