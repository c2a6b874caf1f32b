"""Spawning (H1): 3D6 on the wave's row, quantities added, units placed Adjacent to the Spawn Points in order,
wrapping; boss waves add a Boss not fought yet (R28) with its own spawn rule. Scripted dice."""
import math

from game.match import events as E
from game.modes.horde import waves
from game.modes.horde.common import plural

from tests.modes.horde.horde_helpers import NO_TO, begin, clear_horde, horde, matches, put, run, squad  # noqa: F401


def spawned_names(m, since):
    return [e.name for e in m.events[since:] if isinstance(e, E.Spawned)]


def test_the_books_worked_example_wave_5_dice_1_3_6(matches):
    m = begin(matches())
    clear_horde(m)
    n = len(m.events)
    run(m, waves.begin_wave, 5, dice=[1, 3, 6, 3])  # the spawn dice, then the objective (3: nothing placed)
    names = spawned_names(m, n)
    assert [nm.rsplit(" ", 1)[0] for nm in names] == ["Ruin Stalker"] * 6 + ["Razorhowl Reaver"]
    banner = next(e for e in m.events[n:] if isinstance(e, E.MissionEvent) and e.name == "Wave 5 (Act 2)")
    assert banner.message == "6 Ruin Stalkers at Spawn Points 1, 2, 3; 1 Razorhowl Reaver at Spawn Point 1"
    assert m.mission_state["wave"] == 5 and m.mission_state["wave_turn"] == 1


def test_units_go_adjacent_to_the_spawn_points_in_order_wrapping(matches):
    m = begin(matches())
    clear_horde(m)
    run(m, waves.begin_wave, 1, dice=[1, 5, 6, 3])  # 3 Carrion Leeches, 2 Blight Heralds, 1 Ruin Stalker
    points = [m.marker_base(p) for p in m.markers("spawn_point")]
    assert [(p.x, p.y) for p in points] == [(4, 4), (20, 4), (12, 20)]
    units = horde(m)
    assert len(units) == 6
    for i, u in enumerate(units):  # 1st at S1, 2nd at S2, 3rd at S3, 4th at S1, ... wrapping
        assert m.table.adjacent(points[i % 3], m.base(u)), (i, m.base(u))


def test_a_boss_wave_adds_one_boss_not_fought_yet_r28(matches):
    m = begin(matches())
    clear_horde(m)
    m.mission_state["bosses_fought"] = ["HRD-BOSS1"]
    # wave 4: spawn dice; the Boss die 1D2 over the two left (Ossuary Engine, Broodmind): 2 -> Broodmind
    run(m, waves.begin_wave, 4, dice=[1, 1, 1, 2, 3] + [6] * 12)  # + the saves against its 2 Melee Damage
    boss = m.mission_state["boss"]
    assert m.unit(boss).type_id == "HRD-BOSS3" and m.mission_state["bosses_fought"] == ["HRD-BOSS1", "HRD-BOSS3"]
    b = m.base(boss)
    assert math.hypot(b.x - 12, b.y - 12) < 3.0  # the Broodmind: as close as it can to the centre
    rolled = [e for e in m.events if isinstance(e, E.DiceRolled) and e.why == "Boss"]
    assert len(rolled[-1].dice) == 1 and rolled[-1].dice[0].natural == 2


def test_the_ossuary_engine_arrives_at_a_random_spawn_point_and_hurts_adjacent_enemies(matches):
    m = begin(matches())
    clear_horde(m)
    m.mission_state["bosses_fought"] = ["HRD-BOSS1", "HRD-BOSS3"]
    a = squad(m)[0]
    put(m, a, 20, 5.6)  # next to Spawn Point 2
    hp = m.health(a).hit
    # wave 8: 3 units; the Boss (1D1); which Spawn Point (1D3 = 2); the objective; a's 2 saves fail (6, 6)
    run(m, waves.begin_wave, 8, dice=[1, 1, 1, 1, 2, 3, 6, 6])
    boss = m.mission_state["boss"]
    assert m.unit(boss).name == "Ossuary Engine"
    assert m.table.adjacent(m.base(boss), m.base(a))
    assert m.health(a).hit == hp - 2


def test_the_shadow_fiend_arrives_far_and_out_of_sight(matches):
    m = begin(matches())
    clear_horde(m)
    run(m, waves.begin_wave, 4, dice=[1, 1, 1, 1, 3])  # the Boss die 1D3 = 1: the Shadow Fiend
    boss = m.mission_state["boss"]
    assert m.unit(boss).name == "Shadow Fiend"
    fb = m.base(boss)
    near = min(math.hypot(fb.x - m.base(u).x, fb.y - m.base(u).y) for u in squad(m))
    assert near > 9.0  # the squad stands within 4" of the centre of a 24" table: the Fiend is in a far corner
    assert not any(m.table.sight(m.base(u), fb).visible for u in squad(m)) or \
        all(m.table.sight(m.base(u), fb).cover for u in squad(m) if m.table.sight(m.base(u), fb).visible)


def test_three_bosses_are_fought_once_each(matches):
    m = begin(matches())
    for fought, face, boss in (([], 2, "HRD-BOSS2"), (["HRD-BOSS2"], 2, "HRD-BOSS3"),
                               (["HRD-BOSS2", "HRD-BOSS3"], 1, "HRD-BOSS1")):
        clear_horde(m)
        m.mission_state["bosses_fought"] = list(fought)
        dice = [1, 1, 1, face] + ([1] if boss == "HRD-BOSS2" else []) + [3] + [6] * 8
        run(m, waves.begin_wave, 4, dice=dice)
        assert m.unit(m.mission_state["boss"]).type_id == boss


def test_reinforcements_spawn_one_unit_of_the_rolled_type(matches):
    m = begin(matches())
    clear_horde(m)
    m.mission_state["wave"] = 9
    run(m, waves.reinforce, "Enemy Reinforcements", dice=[5])  # wave 9, a 5: Last-Light Executioner (not 3)
    assert [m.unit(u).type_id for u in horde(m)] == ["HRD-HVY03"]


def test_the_wave_row_in_words():
    from game.modes.horde.mission import HordeMission
    mission = HordeMission()
    assert waves.wave_row_text(mission, 5) == ("Wave 5 (Act 2): 1-4: 3 Ruin Stalkers, 5: 2 Dustborn Thralls, "
                                               "6: 1 Razorhowl Reaver")
    assert waves.wave_row_text(mission, 12).endswith("+ a Boss")
    assert plural(3, "Carrion Leech") == "3 Carrion Leeches" and plural(1, "Carrion Leech") == "1 Carrion Leech"


def test_the_whole_first_turn_in_order(matches):
    m = matches()
    begin(m, NO_TO + [6, 6, 6] + [3] + [3, 4])
    ms = m.mission_state
    assert ms["wave"] == 1 and ms["wave_turn"] == 1 and ms["wave_state"] == "active"
    assert [m.unit(u).type_id for u in horde(m)] == ["HRD-MED01"] * 3
    assert ms["objective"]["id"] == "overwhelming-force" and ms["last_event"]["id"] == "nominal"
    assert m.waiting_for() == "player"  # the squad always has the Initiative
    kinds = [type(e).__name__ for e in m.events
             if isinstance(e, (E.TacticalOrdersRolled, E.Spawned, E.InitiativeGiven))]
    assert kinds.index("TacticalOrdersRolled") < kinds.index("Spawned") < kinds.index("InitiativeGiven")
