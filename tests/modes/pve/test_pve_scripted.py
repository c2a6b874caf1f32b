"""The scripted missions (R39): Last Signal exactly as the play-modes digest lists it (3.3), the Operations book's 36
Operations (3.4) against the digest's table, the options that name them, and the named rules data cannot say,
with scripted dice: mission 2.2's objective B only while objective A's N marker is Controlled, the Climax's
Praxium Commander (ARM 5 HIT 1, never activates, every enemy's first target, judged at the end of Turn 4)."""
import re
from pathlib import Path

import pytest

from game.battlefield.model import Battlefield, Wall, default_anchors
from game.match import commands as C
from game.match.anchors import anchor_points
from game.match.scenario import ScenarioError
from game.modes import mission_entry, missions
from game.modes.pve import scenario as SC

from .conftest import DATA, NO_TO, deploy, events_named, two_troopers
from .test_pve_e2_objectives import end_turn

A = anchor_points(24, 24)
DIGEST = Path("/work/shared/reference/ruinstars-play-modes.md")
W4, ADJ = "within", "adjacent"

# mission: enemy, TL, battlefield, deployment (name, squad zone, enemy zone), objectives (id, Anchors)
LAST_SIGNAL = {
    "1.1": ("despoilers", 1, "facility", ("Flanked", (W4, ("S",)), (ADJ, ("NW", "NE"))),
            (("C2", ("N", "NW", "NE")), ("D1", ("C", "W", "E")))),
    "1.2": ("despoilers", 1, "facility", ("Standard Insertion", (ADJ, ("SW", "S", "SE")), (ADJ, ("NW", "N", "NE"))),
            (("A2", ("C",)), ("C1", ("W", "E", "S")))),
    "1.3": ("despoilers", 1, "facility", ("Deep Strike", (W4, ("SE",)), (W4, ("NW",))),
            (("A3", ("N", "C", "NW")), ("D2", ("NE",)))),
    "2.1": ("hunter-killers", 2, "ruined-city", ("Hot Drop", (ADJ, ("S", "SW")), (ADJ, ("NW", "NE", "SE"))),
            (("A1", ("N", "E", "W")), ("D3", ("NW", "C", "NE")))),
    "2.2": ("hunter-killers", 2, "ruined-city", ("Encircled", (W4, ("C",)), (ADJ, ("NW", "NE", "SW", "SE"))),
            (("C2", ("NE", "N", "W")), ("uplink", ("C",)))),
    "2.3": ("hunter-killers", 2, "ruined-city", ("Overwatch", (ADJ, ("SW", "S", "SE")), (ADJ, ("W", "N", "E"))),
            (("A3", ("NW", "N", "NE")), ("D1", ("W", "C", "E")))),
    "3.1": ("relict-wardens", 3, "cursed-temple", ("Flanked", (W4, ("S",)), (W4, ("NW", "NE"))),
            (("D1", ("N", "NW", "NE")), ("C3", ("W", "C", "E")))),
    "3.2": ("relict-wardens", 3, "cursed-temple", ("Standard Insertion", (ADJ, ("SW", "S", "SE")),
                                                   (ADJ, ("NW", "N", "NE"))),
            (("A2", ("C",)), ("D3", ("NW", "N", "NE")))),
    "3.3": ("relict-wardens", 3, "cursed-temple", ("Encircled", (W4, ("C",)), (ADJ, ("NW", "NE", "SW", "SE"))),
            (("D2", ("N",)), ("C2", ("W", "C", "E")))),
    "climax": ("praxium-corps", 3, "cursed-temple", ("Standard Insertion", (W4, ("S",)), (ADJ, ("NW", "NE"))),
               (("eliminate", ()), ("protect-commander", ("N",)))),
}


@pytest.mark.parametrize("mid", list(LAST_SIGNAL))
def test_last_signal_is_data_exactly_as_listed(mid):
    npc, tl, bf, (dname, mine, theirs), objectives = LAST_SIGNAL[mid]
    m = DATA.book.find("scripted", f"last-signal-{mid}", DATA.e2, 4)
    assert (m.npc, m.tl, m.battlefield, m.deployment.name) == (npc, tl, bf, dname)
    assert (m.deployment.player.how, m.deployment.player.anchors) == mine
    assert (m.deployment.npc.how, m.deployment.npc.anchors) == theirs
    assert tuple((s.objective, s.anchors) for s in m.slots) == objectives
    assert [s.letter for s in m.slots] == ["A", "B"] and m.faction == "HEG"


def test_last_signals_named_rules_are_in_its_objectives():
    e2 = DATA.e2
    assert e2.objective("D2").item == (4, 6) and e2.objective("D3").regain == 1 and e2.objective("D3").need == 2
    assert e2.objective("A3").extract  # "carrier must extract"
    own = {o.id: o for o in DATA.book.objectives}
    assert own["protect-commander"].item == (5, 1) and own["protect-commander"].until_turn == 4
    assert own["eliminate"].rule == "eliminate"
    m = DATA.book.find("scripted", "last-signal-2.2", DATA.e2, 4)
    assert m.slot("B").only_while == ("A", "N")


def _digest_operations():
    rows = {}
    for line in DIGEST.read_text(encoding="utf-8").splitlines():
        got = re.match(r"^\| ([A-Z]{3}-[A-Z]{3}-\d\d) \| ([^|]+) \| (\w+) \| (\w+) \| (\S+) \| (\S+) \| (\S+) \|", line)
        if got:
            rows[got[1]] = (got[2].strip(), got[3], got[4], tuple(tuple(x.split("/")) for x in got.group(5, 6, 7)))
    return rows


@pytest.mark.skipif(not DIGEST.is_file(), reason="the reference digest is not on this machine")
def test_the_36_operations_are_the_books_with_titles_of_our_own():
    book = _digest_operations()
    assert len(book) == 36 and [o.id for o in DATA.book.operations] == list(book)
    field = {"CITY": "ruined-city", "FAC": "facility", "JUNG": "jungle", "HIVE": "alien-hive",
             "TEMPLE": "cursed-temple", "RIFT": "rift"}
    player = {"HEG": "HEG", "SWM": "SWARM", "OCL": "OCL", "GRU": "GRUTAK", "CRS": "CRS", "EIR": "EIR"}
    for op in DATA.book.operations:
        title, squad_type, bf, ms = book[op.id]
        assert DATA.faction(op.npc).squad_type == squad_type and op.battlefield == field[bf], op.id
        assert op.missions == tuple((o, int(d)) for o, d in ms), op.id
        assert op.faction == player[op.id[:3]] and op.title != title, op.id


def test_each_operation_has_one_control_one_activate_one_destroy_and_no_repeated_deployment():
    for op in DATA.book.operations:
        assert sorted(o[0] for o, _ in op.missions) == ["A", "C", "D"]
        assert len({d for _, d in op.missions}) == 3


def test_an_operation_alone_is_threat_level_1_its_squad_is_squad_a_and_its_missions_are_single_objective():
    m = DATA.book.find("operation", "SWM-EIR-01,2", DATA.e2, 4)
    assert (m.tl, m.battlefield, m.npc) == (1, "rift", "relict-wardens")
    assert [s.objective for s in m.slots] == ["D3"] and m.deployment.id == "flanked-a"
    assert DATA.book.find("operation", "swm-eir-01", DATA.e2, 4).key == "SWM-EIR-01,1"


# -- options ----------------------------------------------------------------------------------------------
def opts(**kw):
    return SC.parse_options(kw, DATA)


def test_a_scripted_mission_fixes_its_enemy_threat_level_and_battlefield_in_the_options():
    got = opts(scripted="Last-Signal-2.2")
    assert got == {"edition": "e2", "scripted": "last-signal-2.2", "npc": "hunter-killers", "tl": 2,
                   "battlefield": "ruined-city"}
    assert opts(**got) == got
    op = opts(operation="HEG-SWM-01,3", tl=3)
    assert op == {"edition": "e2", "operation": "HEG-SWM-01,3", "tl": 3, "npc": "drone-pod",
                  "battlefield": "ruined-city"}


@pytest.mark.parametrize("kw,message", [
    ({"scripted": "last-signal-4.1"}, "no scripted mission 'last-signal-4.1'"),
    ({"operation": "HEG-XXX-01"}, "no Operation 'HEG-XXX-01'"),
    ({"operation": "HEG-SWM-01,4"}, "missions 1-3, not '4'"),
    ({"scripted": "last-signal-1.1", "npc": "krumpfists"}, "fought against Despoiler Warband"),
    ({"scripted": "last-signal-1.1", "tl": 3}, "is Threat Level 1"),
    ({"scripted": "last-signal-1.1", "battlefield": "jungle"}, "played on The Facility"),
    ({"scripted": "last-signal-1.1", "objectives": "C1,A1"}, "fixes its objectives"),
    ({"scripted": "last-signal-1.1", "edition": "e1"}, "scripted missions play the later edition"),
    ({"scripted": "last-signal-1.1", "operation": "HEG-SWM-01"}, "not both"),
])
def test_bad_scripted_options_are_a_clear_message(kw, message):
    with pytest.raises(ScenarioError, match=message):
        opts(**kw)


def test_main_py_missions_lists_each_last_signal_mission_and_each_operation():
    ids = [e.id for e in missions() if e.mode == "pve"]
    assert ids[:2] == ["pve", "pve-last-signal-1.1"] and "pve-last-signal-climax" in ids
    assert len([i for i in ids if i.startswith("pve-operation-")]) == 36
    e = mission_entry("pve-operation-heg-swm-01")
    assert "Operation HEG-SWM-01" in e.title and "later edition" in e.title
    sc = e.script.make_scenario(e, options={"operation": "HEG-SWM-01,2"})
    assert sc.mission == "pve" and dict(sc.options)["operation"] == "HEG-SWM-01,2"
    assert sc.side("player").squad.squad_type == "INT"  # a Hegemony squad: the Operation's faction
    sc = e.script.make_scenario(mission_entry("pve-operation-gru-ocl-01"))
    assert sc.side("player").squad.squad_type == "KF" and sc.side("npc").name == "Despoiler Warband"


# -- mission 2.2: objective B waits on objective A's N marker ------------------------------------------------
HUNTERS = [6, 6, 6]  # three Hunters, at TL2


def test_2_2_the_uplink_activates_only_while_the_squad_controls_the_n_control_point(pve):
    m = pve({"scripted": "last-signal-2.2"}, HUNTERS, squad=two_troopers(3))
    ms = m.mission_state
    assert [ms["anchor_of"][x] for x in ms["markers"]["C2"]] == ["NE", "N", "W"]
    assert ms["markers"]["uplink"] == ["activate-1"] and ms["anchor_of"]["activate-1"] == "C"
    cx, cy = A["C"]
    deploy(m, [(cx + 1.2, cy), (cx - 2, cy + 2), (cx + 2, cy + 2)], NO_TO)
    a, b, c = m.units("player")
    for u in m.units("npc"):
        m.place(u, *{0: (1, 23), 1: (23, 23), 2: (23, 16)}[m.units("npc").index(u)])
    why = m.mission_action_reason(a, "activate", "activate-1")
    assert why == "the squad must Control the Control Point at the N Anchor (objective A) first"
    assert m.mission.goals(m)["markers"]["activate"] == []  # the computer player holds N first
    assert "waits: the squad must Control" in m.mission.summary(m).objectives[1].status
    m.place(b, A["N"][0] + 1.2, A["N"][1])  # B Controls the N Control Point
    assert m.mission_action_reason(a, "activate", "activate-1") is None
    enemy = m.units("npc")[0]
    m.place(enemy, A["N"][0] - 1.2, A["N"][1])  # an enemy Adjacent to it: nobody Controls it
    assert "must Control the Control Point at the N Anchor" in m.mission_action_reason(a, "activate", "activate-1")
    m.place(enemy, 1, 23)
    m.place(c, A["NE"][0] - 1.2, A["NE"][1])  # the NE marker is not the one it waits on
    m.submit(C.Activate("player", a))
    m.submit(C.UseMissionAction("player", "activate", "activate-1"))
    assert ms["status"]["uplink"] == "met" and ms["status"]["C2"] == "open"
    assert events_named(m, "Objective met: Activate - Uplink: Uplink activated")


# -- the Climax: the Praxium Commander ---------------------------------------------------------------------
PILLARS = [6, 6, 6]  # three Pillars, at TL3


def test_the_climax_commander_is_an_arm_5_hit_1_item_of_the_squad_that_never_activates(pve):
    m = pve({"scripted": "last-signal-climax"}, PILLARS, squad=two_troopers(2))
    cmd = m.marker_uid("asset")
    assert m.mission_state["anchor_of"]["asset"] == "N"
    assert m.unit(cmd).item and m.unit(cmd).side == "player" and m.unit(cmd).name == "Praxium Commander"
    assert (m.unit(cmd).card.arm, m.health(cmd).hit) == (5, 1)
    deploy(m, [(11, 19), (13, 19)], NO_TO)
    assert cmd not in [c.uid for c in m.legal_commands("player") if isinstance(c, C.Activate)]
    assert m.mission.asset_unit(m) == cmd


def test_the_climax_commander_is_every_enemys_first_target(pve):
    m = pve({"scripted": "last-signal-climax"}, PILLARS, squad=two_troopers(2))
    deploy(m, [(11, 19), (13, 19)], NO_TO)
    cmd = m.marker_uid("asset")
    a, b = m.units("player")
    pillar = m.units("npc")[0]
    m.place(pillar, 8, 8)
    m.place(a, 8, 12)  # 4" from the Pillar; the Commander is 5.7" away
    m.submit(C.Activate("player", b))
    m.submit(C.EndActivation("player"))
    ctl = m.mission.npc_controller(m, "npc")
    first = ctl.decide(m)
    while not isinstance(first, C.RangedAttack) and m.active_unit is not None:  # the nearest Pillar acts first
        m.submit(first)
        first = ctl.decide(m)
    assert isinstance(first, C.RangedAttack) and first.target == cmd


def test_the_climax_is_won_with_the_commander_standing_at_the_end_of_turn_4_and_every_enemy_taken_out(pve):
    wall = Battlefield(name="split", width=24, height=24, anchors=default_anchors(24, 24),
                       walls=(Wall("wall 'split'", (0.0, 12.0), (24.0, 12.0), 3.0),))
    m = pve({"scripted": "last-signal-climax"}, PILLARS, squad=two_troopers(1), battlefield=wall)
    deploy(m, [(12, 19)], NO_TO)
    with m._in_world():
        for u in m.units("npc")[1:]:
            m._take_out(u)
    ms = m.mission_state
    assert ms["status"] == {"eliminate": "open", "protect-commander": "open"}
    for dice in ([*NO_TO], [*NO_TO], [*NO_TO, 9]):  # Haunting Spirits find nothing across the wall
        end_turn(m, dice)
    assert events_named(m, "Haunting Spirits: Pillar 1 turns on") and ms["status"]["protect-commander"] == "open"
    with m._in_world():
        m._take_out(m.units("npc")[0])
    assert ms["status"]["eliminate"] == "met"
    m.place(m.units("player")[0], A["SE"][0] - 1.2, A["SE"][1])
    end_turn(m, answers=["extract"])
    assert ms["status"]["protect-commander"] == "met" and m.result.outcome == "victory"
    assert m.score["player"] == 3 * (1 + 2 + 1)  # TL3: playing, two objectives, every enemy Taken Out
