"""Extraction and Mission Points (play-modes digest 2.1): the Extraction Point at the start of Turn 4 (never on an
objective marker), the choice at the end of Turn 4 and later, who extracts (within 3\", not Adjacent to an enemy)
and who is left behind (Taken Out), 3 MP per objective met only if someone extracts, +1 MP per Threat Level."""
from game.match import commands as C
from game.match.anchors import anchor_points

from .conftest import NO_TO, deploy, events_named, roll, two_troopers
from .test_pve_objectives import npc_idle, pass_turn

A = anchor_points(24, 24)
OPTS = {"npc": "classic", "tl": 2, "battlefield": "blacksite", "deployment": "standard-insertion",
        "objectives": "no-survivors,activate"}
SETUP = [8, 7, 9, 5, 5, 5]  # Consoles on S, SW, SE; TL 2 column: 5 -> one Melee Elite each


def at_turn_4(pve, extraction_faces=(8, 5)):
    m = pve(OPTS, SETUP, squad=two_troopers(3))
    deploy(m, [(10, 18), (12, 17.5), (14, 18)], NO_TO)
    pass_turn(m)
    pass_turn(m)
    pass_turn(m, [*NO_TO, *extraction_faces])
    return m


def test_the_extraction_point_is_rolled_at_the_start_of_turn_4_never_on_an_objective(pve):
    m = at_turn_4(pve)
    assert m.turn == 4 and m.mission_state["extraction"] == "C"
    assert events_named(m, "Extraction Point: the C Anchor")
    zone = [z for z in m.mission.zones(m) if z.purpose == "extract"][0]
    assert zone.zone.circle == (12.0, 12.0, 3.5)


def test_the_squad_is_asked_at_the_end_of_turn_4_and_may_fight_on(pve):
    m = at_turn_4(pve)
    a, b, c = m.units("player")
    m.place(a, 12, 13.2)
    turn = m.turn
    roll(m, *NO_TO)
    while m.prompt is None or m.prompt.kind != "choice":
        if m.waiting_for() == "npc":
            npc_idle(m)
        elif m.active_unit is None:
            m.submit(m.legal_commands("player")[0])
        else:
            m.submit(C.EndActivation("player"))
    assert m.turn == turn and "Extract now?" in m.prompt.text
    words = dict(m.prompt.options)
    assert "Extract: A leaves; left behind (Taken Out): B, C" in words["extract"]
    roll(m, 5, 1)  # Turn 5: Enemy Reinforcements, a Melee Elite on NW
    m.submit(C.Choose("player", "stay"))
    assert m.phase == "battle" and m.turn == 5 and m.unit(m.units("npc")[-1]).name == "Melee Elite 4"


def test_extracting_ends_the_mission_and_scores_the_objectives_met(pve):
    m = at_turn_4(pve)
    a, b, c = m.units("player")
    m.mission_state["status"]["activate"] = "met"
    m.place(a, 12, 14.9)  # base within 3" of C
    m.place(b, 15.5, 12)
    enemy = m.units("npc")[0]
    m.place(enemy, 16.7, 12)  # Adjacent to B: B cannot extract
    pass_turn(m, stay=False)
    ms = m.mission_state
    assert m.phase == "over" and ms["extracted"] == [a] and sorted(ms["left_behind"]) == [b, c]
    assert m.score["player"] == 3 * 1 + 2  # one objective met, Threat Level 2
    assert m.result.outcome == "victory"
    assert m.mission.result_line(m) == "result: victory (turn 4, objectives 1/2, MP 5, extracted 1 of 3)"
    after = m.mission.after_mission(m)
    assert sorted(after.taken_out) == [b, c] and after.data["objectives_met"] == ["activate"]


def test_nobody_extracting_counts_no_objective(pve):
    m = at_turn_4(pve)
    m.mission_state["status"]["activate"] = "met"
    pass_turn(m, stay=False)
    assert m.mission_state["counted"] == 0 and m.score["player"] == 2 and m.result.outcome == "defeat"
    assert m.result.text == "the squad called for extraction, but no unit could leave (none within reach of the " \
        "Extraction Point and clear of enemies)"


def test_a_squad_wiped_out_scores_only_the_threat_level(pve):
    m = pve(OPTS, SETUP, squad=two_troopers(2))
    deploy(m, [(10, 18), (12, 17.5)], NO_TO)
    with m._in_world():
        for u in m.units("player"):
            m._take_out(u)
        m._after_step()
    assert m.phase == "over" and m.result.outcome == "defeat" and m.score["player"] == 2
    assert m.mission.result_line(m).startswith("result: defeat (turn 1, objectives 0/2, MP 2, extracted 0 of 2)")


def test_the_results_screen_says_who_extracted_and_who_was_left_behind(pve):
    """The results screen reads each unit's fate from the mission (not "Taken Out" for every unit off the table)."""
    from game.ui.battle.results import summary_html
    m = at_turn_4(pve)
    a, b, c = m.units("player")
    m.mission_state["status"]["activate"] = "met"
    m.place(a, 12, 14.9)
    m.place(b, 15.5, 12)
    m.place(m.units("npc")[0], 16.7, 12)
    pass_turn(m, stay=False)
    html = summary_html(m, "player", {"attacks": {}, "taken_out": {}})
    names = {u: m.unit(u).name for u in (a, b, c)}
    assert f"{names[a]}: Extracted" in html
    assert f"{names[b]}: Left behind (counts as Taken Out)" in html and f"{names[c]}: Left behind" in html
    assert "0 of 3 standing, 1 extracted" in html
