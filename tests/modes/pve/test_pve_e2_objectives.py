"""The later edition's nine objectives (play-modes digest 2.5, R39) with scripted dice: each one's printed setup
(markers on random Anchors, items with their ARM and HIT), its special rule and its victory. Open table, The
Facility (Darkness from Turn 2: one Anchor die each Turn), the squad as Squad A of Standard Insertion, three classic
Melee Troopers Adjacent to NW, N and NE."""
from game.match import commands as C
from game.rules import actions as act

from .conftest import NO_TO, deploy, events_named, roll, two_troopers
from .test_pve_objectives import A, beside, npc_idle, pass_turn

E2 = {"edition": "e2", "npc": "classic", "tl": 1, "battlefield": "facility", "deployment": "standard-insertion-a"}
FAR_NPCS = [5, 5, 5]  # three Melee Troopers, one Adjacent to each of NW, N, NE
DARK = 7  # Darkness at the SW Anchor, away from everything
NEXT = [*NO_TO, DARK]  # the next Turn: three Tactical Order dice that fail, the Darkness Anchor
START = [beside("SW"), beside("S"), beside("SE", -1.2)]  # Adjacent to SW, S and SE


def start(pve, objectives, anchors, spots, squad_size=3):
    m = pve(dict(E2, objectives=objectives), [*anchors, *FAR_NPCS], squad=two_troopers(squad_size))
    deploy(m, START[:squad_size], NO_TO)
    for uid, spot in zip(m.units("player"), spots):
        if spot is not None:
            m.place(uid, *spot)
    return m


def end_turn(m, next_dice=NEXT, answers=()):
    """Every unit activates and does nothing; questions get `answers` in turn (then "stay"); the next Turn starts
    with `next_dice`."""
    pass_turn(m, next_dice, answers=answers)


def status(m, oid):
    return m.mission_state["status"][oid]


def take_out(m, mid):
    with m._in_world():
        m._take_out(m.marker_uid(mid))


def use(m, uid, action, marker, dice=()):
    m.submit(C.Activate("player", uid))
    roll(m, *dice)
    m.submit(C.UseMissionAction("player", action, marker))
    m.submit(C.EndActivation("player"))
    npc_idle(m)


# -- Control ---------------------------------------------------------------------------------------------
def test_c1_hold_the_line_three_markers_and_all_three_held_at_the_end_of_any_one_turn(pve):
    m = start(pve, "C1,D2", [5, 4, 6, 1], [beside("C"), beside("W"), None])
    assert m.mission_state["markers"]["C1"] == ["control-1", "control-2", "control-3"]
    assert [m.mission_state["anchor_of"][x] for x in ("control-1", "control-2", "control-3")] == ["C", "W", "E"]
    assert m.marker_uid("control-1") is None  # flat markers, not items
    end_turn(m)
    assert status(m, "C1") == "open"  # two of three
    m.place(m.units("player")[2], *beside("E", -1.2))
    end_turn(m)
    assert status(m, "C1") == "met" and m.turn == 3
    assert events_named(m, "Objective met: Control - Hold the Line: 3 Control Points held at the end of 1 Turn")


def test_c2_sustained_hold_two_of_three_at_the_end_of_two_turns_in_a_row(pve):
    m = start(pve, "C2,D2", [5, 4, 6, 1], [beside("C"), beside("W"), None])
    end_turn(m)
    assert m.mission_state["progress"]["C2"]["streak"] == 1 and status(m, "C2") == "open"
    enemy = m.units("npc")[0]
    m.place(enemy, A["W"][0] - 1.2, A["W"][1])  # Adjacent to the W marker: nobody Controls it
    end_turn(m)
    assert m.mission_state["progress"]["C2"]["streak"] == 0
    m.place(enemy, 2, 2)
    end_turn(m, [*NEXT, 9])  # Turn 4 rolls the Extraction Point
    assert m.mission_state["progress"]["C2"]["streak"] == 1
    end_turn(m, answers=["extract"])
    assert status(m, "C2") == "met"
    line = m.mission.summary(m).objectives[0]
    assert line.label.startswith("Control - Sustained Hold: At the end of two Turns in a row") and line.done


def test_c3_clear_and_move_one_controlled_marker_goes_each_turn_the_squad_picks_which(pve):
    m = start(pve, "C3,D2", [5, 4, 6, 1], [beside("C"), beside("W"), None])
    end_turn(m, answers=["control-2"])  # two held: the squad is asked which one it clears
    assert "control-2" not in m.markers() and "control-1" in m.markers()
    assert m.mission_state["progress"]["C3"]["done"] == 1 and status(m, "C3") == "open"
    end_turn(m)  # one held: it goes without a question
    assert "control-1" not in m.markers() and m.mission_state["progress"]["C3"]["done"] == 2
    end_turn(m, [*NEXT, 9])  # the last one is not held: it stays
    assert "control-3" in m.markers()
    m.place(m.units("player")[2], *beside("E", -1.2))
    end_turn(m, answers=["extract"])
    assert status(m, "C3") == "met" and not m.mission_state["markers"]["C3"][-1] in m.markers()


# -- Activate ---------------------------------------------------------------------------------------------
def test_a1_full_access_activate_costs_two_act_needs_control_and_all_three_in_any_order(pve):
    m = start(pve, "A1,D2", [5, 4, 6, 1], [beside("C"), beside("W"), beside("E", -1.2)])
    a, b, c = m.units("player")
    enemy = m.units("npc")[0]
    m.place(enemy, A["E"][0] + 1.2, A["E"][1])
    assert "must Control" in m.mission_action_reason(c, "activate", "activate-3")
    m.place(enemy, 2, 2)
    m.submit(C.Activate("player", c))
    assert m.cost_of(act.MISSION, skill="activate", base=2) == 2
    m.submit(C.UseMissionAction("player", "activate", "activate-3"))
    assert "activate-3" not in m.markers() and m.act_left() == 0
    m.submit(C.EndActivation("player"))
    npc_idle(m)
    use(m, a, "activate", "activate-1")
    assert status(m, "A1") == "open"
    roll(m, *NEXT)  # the last activation ends the Turn
    use(m, b, "activate", "activate-2")
    assert status(m, "A1") == "met"


def test_a2_sequence_one_relay_at_a_time_the_next_on_another_free_random_anchor(pve):
    m = start(pve, "A2,D2", [5, 7], [beside("C"), beside("W"), None])
    assert m.mission_state["markers"]["A2"] == ["activate-1"]  # only the first is placed
    a, b, c = m.units("player")
    use(m, a, "activate", "activate-1", dice=[5, 7, 4])  # C was just activated, SW holds the D2 item: W
    assert m.mission_state["anchor_of"]["activate-2"] == "W" and "activate-1" not in m.markers()
    use(m, b, "activate", "activate-2", dice=[6])
    assert m.mission_state["anchor_of"]["activate-3"] == "E" and status(m, "A2") == "open"
    assert m.mission.summary(m).objectives[0].status == "2 of 3 activated; next: Relay 3 at the E Anchor"
    m.place(c, *beside("E", -1.2))
    m.submit(C.Activate("player", c))
    m.submit(C.UseMissionAction("player", "activate", "activate-3"))
    assert status(m, "A2") == "met"


def test_a3_search_and_recover_finds_on_1_then_1_2_then_always_untouched_by_tactical_orders(pve):
    m = start(pve, "A3,D2", [5, 4, 6, 1], [beside("C"), beside("W"), beside("E", -1.2)])
    m.to["player"] = 3
    a, b, c = m.units("player")
    m.submit(C.Activate("player", a))
    roll(m, 2)
    m.submit(C.UseMissionAction("player", "search", "search-1"))
    assert m.prompt is None and events_named(m, "Cache 1: nothing here")  # no re-roll or change offered
    m.submit(C.EndActivation("player"))
    npc_idle(m)
    use(m, b, "search", "search-2", dice=[3])
    assert m.mission_state["progress"]["A3"].get("found_by") is None  # the second search needs 1-2
    assert m.to["player"] == 3
    use(m, c, "search", "search-3", dice=[6, *NEXT])  # the third always finds it; the Turn ends
    assert m.mission_state["progress"]["A3"]["found_by"] == c and m.marker("payload").carrier == c
    assert status(m, "A3") == "open"  # it counts only once carried out
    assert m.mission.goals(m)["status"]["search"] == "met"  # the computer player makes for the exit


def _extract_at_turn_4(m, who_stays_out=()):
    """Play to the end of Turn 4 with the Extraction Point at SE and extract; `who_stays_out` are left behind."""
    end_turn(m)
    end_turn(m)
    end_turn(m, [*NEXT, 9])  # the Extraction Point at SE
    for u in m.units("player"):
        m.place(u, *(beside("NW", 3, 3) if u in who_stays_out else beside("SE", -1.2 - 0.1 * u, 0.6 * (u % 3))))
    end_turn(m, answers=["extract"])
    assert m.phase == "over"


def test_a3_counts_when_the_payload_leaves_with_a_unit_that_extracts(pve):
    m = start(pve, "A3,D2", [5, 4, 6, 1], [beside("C"), None, None])
    a = m.units("player")[0]
    use(m, a, "search", "search-1", dice=[1])
    _extract_at_turn_4(m)
    assert status(m, "A3") == "met" and m.mission_state["counted"] == 1
    assert m.result.outcome == "victory" and m.score["player"] == 2  # TL1: 1 for playing, 1 for the objective


def test_a3_fails_when_its_carrier_is_left_behind(pve):
    m = start(pve, "A3,D2", [5, 4, 6, 1], [beside("C"), None, None])
    a = m.units("player")[0]
    use(m, a, "search", "search-1", dice=[1])
    _extract_at_turn_4(m, who_stays_out=(a,))
    assert status(m, "A3") == "failed" and m.mission_state["counted"] == 0
    assert m.result.outcome == "defeat" and m.score["player"] == 1


# -- Destroy ----------------------------------------------------------------------------------------------
def test_d1_full_denial_three_items_arm_4_hit_3_all_taken_out(pve):
    m = start(pve, "D1,C1", [5, 4, 6, 1, 2, 3], [beside("C", 0, 6), None, None])
    items = [m.marker_uid(f"destroy-{k}") for k in (1, 2, 3)]
    assert all(m.unit(t).item and m.unit(t).side == "npc" for t in items)
    assert [(m.unit(t).card.arm, m.health(t).hit) for t in items] == [(4, 3)] * 3
    a = m.units("player")[0]
    m.submit(C.Activate("player", a))
    roll(m, 1, 1, 6, 4, 4, 4, 5)  # two Critical Strikes: 4 Damage; four saves vs ARM 4 hold three of them
    m.submit(C.RangedAttack("player", "FM-RNG", items[0]))
    while m.prompt is not None:
        m.submit(C.AcceptDice(m.prompt.side))
    assert m.health(items[0]).hit == 2 and status(m, "D1") == "open"
    take_out(m, "destroy-1")
    take_out(m, "destroy-2")
    assert status(m, "D1") == "open"
    take_out(m, "destroy-3")
    assert status(m, "D1") == "met"


def test_d2_high_value_target_one_item_arm_4_hit_6(pve):
    m = start(pve, "D2,C1", [5, 4, 6, 1], [None, None, None])
    assert m.mission_state["markers"]["D2"] == ["destroy-1"]
    t = m.marker_uid("destroy-1")
    assert (m.unit(t).card.arm, m.health(t).hit, m.unit(t).name) == (4, 6, "High-Value Target")
    take_out(m, "destroy-1")
    assert status(m, "D2") == "met"


def test_d3_attrition_pylons_mend_one_hit_each_turn_and_two_of_three_is_enough(pve):
    m = start(pve, "D3,C1", [5, 4, 6, 1, 2, 3], [None, None, None])
    pylons = [m.marker_uid(f"destroy-{k}") for k in (1, 2, 3)]
    assert [(m.unit(t).card.arm, m.health(t).hit) for t in pylons] == [(4, 3)] * 3
    with m._in_world():
        m.lose_hit(pylons[0], 2)
    end_turn(m)
    assert m.health(pylons[0]).hit == 2 and m.health(pylons[1]).hit == 3  # 1 back, never above 3
    end_turn(m)
    assert m.health(pylons[0]).hit == 3
    take_out(m, "destroy-1")
    assert status(m, "D3") == "open"
    take_out(m, "destroy-3")
    assert status(m, "D3") == "met" and m.standing(pylons[1])


# -- scoring ------------------------------------------------------------------------------------------------
def test_mp_by_threat_level_for_playing_each_objective_and_the_clean_sweep(pve):
    m = start(pve, "D2,C1", [7, 5, 4, 6], [beside("C"), beside("W"), beside("E", -1.2)])
    take_out(m, "destroy-1")
    end_turn(m)  # all three Control Points held: C1 met
    assert status(m, "C1") == "met" and m.score["player"] == 0  # MP are paid when the mission ends
    with m._in_world():
        for u in m.units("npc"):
            m._take_out(u)
    end_turn(m)
    end_turn(m, [*NEXT, 9])
    for i, u in enumerate(m.units("player")):
        m.place(u, *beside("SE", -1.2, -1.2 + 1.2 * i))
    end_turn(m, answers=["extract"])
    assert m.mission_state["counted"] == 2 and m.score["player"] == 1 + 2 + 1
    assert m.result.outcome == "victory" and "3 units extracted; 2 of 2 objectives completed" == m.result.text
