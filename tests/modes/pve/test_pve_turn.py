"""What happens around a PvE Turn (play-modes digest 2.1) with scripted dice: the six battlefield effects from Turn 2,
the six Turn Events in Turns 1-4, Enemy Reinforcements from Turn 5, Blacksite's silence."""
import pytest

from game.battlefield import Base
from game.battlefield.model import Battlefield, Wall, default_anchors
from game.match import commands as C
from game.match import events as E
from game.match.anchors import anchor_points

from .conftest import DATA, NO_TO, deploy, events_named, two_troopers
from .test_pve_objectives import pass_turn

A = anchor_points(24, 24)
OPTS = {"npc": "classic", "tl": 1, "deployment": "standard-insertion", "objectives": "no-survivors,protect"}
SETUP = [5, 5, 5, 5]  # the Asset on C; three Melee Troopers near NW, N, NE
STRATEGIC = 3  # a harmless Turn Event for the Turns a test does not look at


def start(pve, battlefield, turn1=(STRATEGIC,), squad=2, bf=None):
    m = pve(dict(OPTS, battlefield=battlefield), SETUP, squad=two_troopers(squad), battlefield=bf)
    deploy(m, [(10 + 2 * i, 20) for i in range(squad)], [*NO_TO, *turn1])
    return m


def hits(m):
    return {m.unit(u).name: m.health(u).hit for u in m.units("player") + m.units("npc")}


def to_turn_2(m, effect_dice, event=STRATEGIC):
    pass_turn(m, [*NO_TO, *effect_dice, event])


def accept_all(m):
    while m.prompt is not None and m.prompt.kind in ("dice", "mission_dice"):
        m.submit(C.AcceptDice(m.prompt.side))


# -- battlefields ------------------------------------------------------------------------------------------
def test_no_battlefield_effect_in_turn_1(pve):
    m = start(pve, "alien-hive")
    assert not events_named(m, "Noxious Gas")


def walled():
    return Battlefield(name="ruins", width=24, height=24, anchors=default_anchors(24, 24),
                       walls=(Wall("wall 'ruin'", (9.0, 14.0), (15.0, 14.0), 3.0),
                              Wall("wall 'far'", (1.0, 1.0), (1.0, 3.0), 3.0)))


def test_collapse_takes_terrain_within_4_inches_and_deals_2_damage(pve):
    m = start(pve, "ruined-city", bf=walled())
    a, b = m.units("player")
    npc = m.units("npc")[0]
    m.place(a, 12, 9.5)  # within 4" of C
    m.place(npc, 14.5, 11)
    m.place(b, 12, 20)  # 7.5" away
    eye = Base(90, "player", 10, 17, 0, 0.5)
    assert not m.table.sight(eye, Base(91, "npc", 10, 11, 0, 0.5)).visible
    to_turn_2(m, [5, 6, 6, 6, 6])  # C; A fails both saves, the Trooper too
    assert events_named(m, "Collapse at the C Anchor") and m.mission_state["collapsed"] == ["C"]
    assert hits(m)["A"] == 1 and hits(m)["B"] == 3 and m.health(npc).hit == 1
    assert m.table.sight(eye, Base(91, "npc", 10, 11, 0, 0.5)).visible  # the wall came down
    assert ("wall", "wall 'ruin'") in [(g[0], g[1]) for g in m.table.cleared_terrain]
    assert ("wall", "wall 'far'") not in [(g[0], g[1]) for g in m.table.cleared_terrain]


def test_darkness_hides_units_within_4_inches_from_ranged_attacks_until_the_turn_ends(pve):
    m = start(pve, "facility")
    a, b = m.units("player")
    npc = m.units("npc")[0]
    m.place(npc, 13, 13.5)
    m.place(a, 12, 20)
    to_turn_2(m, [5])
    assert m.mission_state["darkness"] == "C"
    assert m.mission.ranged_target_reason(m, a, npc) == "it is in the Darkness around the C Anchor"
    m.place(npc, 12, 17.5)
    assert m.mission.ranged_target_reason(m, a, npc) is None
    assert [z.purpose for z in m.mission.zones(m)] == ["darkness"]
    pass_turn(m, [*NO_TO, 4, STRATEGIC])
    assert m.mission_state["darkness"] == "W"  # a new one each Turn; last Turn's is gone


def test_miasmic_mist_drifts_one_unit_per_squad_three_times_and_walls_hurt(pve):
    m = start(pve, "jungle")
    a, b = m.units("player")
    m.place(a, 1.0, 12)  # at the west edge: a drift west is blocked
    m.place(b, 12, 20)
    n1 = m.units("npc")[0]
    # squad: D2 -> A; directions W (7), E (3), N (1): W blocked (1 Melee Damage, save 6 fails)
    # NPCs: D3 -> the first; directions S (5) x3
    to_turn_2(m, [1, 7, 3, 1, 6, 1, 5, 5, 5])
    assert m.health(a).hit == 2
    assert (m.base(a).x, m.base(a).y) == pytest.approx((3.0, 10.0))
    assert any(isinstance(e, E.Note) and "cannot drift west" in e.text for e in m.events)
    drifts = [e for e in m.events if isinstance(e, E.Moved) and e.uid == n1 and "Miasmic" in (e.verb or "")]
    assert len(drifts) == 3 and all(e.path[-1][1] - e.path[0][1] == pytest.approx(2.0) for e in drifts)


def test_noxious_gas_deals_1_damage_to_every_unit_within_4_inches(pve):
    m = start(pve, "alien-hive")
    a, b = m.units("player")
    m.place(a, 14, 12)
    m.place(b, 12, 20)
    to_turn_2(m, [5, 6])
    assert hits(m)["A"] == 2 and hits(m)["B"] == 3
    assert any(isinstance(e, E.DirectDamage) and e.why == "Noxious Gas" for e in m.events)


def test_haunting_spirits_make_a_random_unit_of_each_squad_attack_the_closest_unit(pve):
    m = start(pve, "cursed-temple")
    a, b = m.units("player")
    m.place(a, 12, 16)
    m.place(b, 13.2, 16)  # A's closest unit is its squadmate B, Adjacent
    for u in m.units("npc"):
        m.place(u, 2 + 3 * m.units("npc").index(u), 2)
    # squad: D2 -> A; A hits B in melee (3 dice: 1 1 6), B saves 6 6 6 6 (4 Damage, 3 HIT): Taken Out.
    # NPCs: D3 -> the first; no unit Adjacent, no ranged weapon: it cannot attack
    to_turn_2(m, [1, 1, 1, 6, 6, 6, 6, 6, 1])
    accept_all(m)
    assert events_named(m, "Haunting Spirits: A attacks B")
    assert not m.standing(b)
    turned = events_named(m, "Haunting Spirits: Melee Trooper 1 turns on Melee Trooper 2")
    assert turned and turned[0].message == "but cannot attack it (no ranged weapon)"


def test_blacksite_rolls_no_turn_event_before_turn_5(pve):
    m = start(pve, "blacksite", turn1=())
    assert events_named(m, "Blacksite: no Turn Event")
    assert not [e for e in m.events if isinstance(e, E.DiceRolled) and "Turn Event" in e.why]


# -- Turn Events ---------------------------------------------------------------------------------------------
def test_opportunity_lets_one_unit_spend_2_act_now_without_using_its_activation(pve):
    m = start(pve, "blacksite", turn1=())
    m.mission_state["battlefield"] = "facility"  # let Turn 2 roll its event
    pass_turn(m, [*NO_TO, 9, 1])  # Darkness on SE, then Opportunity
    assert m.prompt.kind == "choice" and "up to 2 ACT" in m.prompt.text
    a = m.units("player")[0]
    m.submit(C.Choose("player", str(a)))
    assert m.active_unit == a and m.activation.grant == "Opportunity" and m.act_left() == 2
    m.submit(C.Move("player", 12, 18))
    m.submit(C.EndActivation("player"))
    assert m.readiness(a).ready and m.active_unit is None


def test_field_dressing_gives_back_one_lost_hit(pve):
    m = start(pve, "blacksite", turn1=())
    a = m.units("player")[0]
    m.health(a).hit = 1
    m.mission_state["battlefield"] = "facility"
    pass_turn(m, [*NO_TO, 9, 2])
    assert m.prompt.kind == "choice" and [o for o, _ in m.prompt.options] == [str(a)]
    m.submit(C.Choose("player", str(a)))
    assert m.health(a).hit == 2


@pytest.mark.parametrize("face,before,after", [(3, 0, 2), (4, 0, 0), (4, 3, 1)])
def test_strategic_command_and_scrambled_comms_change_tactical_orders(pve, face, before, after):
    to_faces = [1] * before + [6] * (3 - before)
    m = pve(dict(OPTS, battlefield="facility"), SETUP, squad=two_troopers())
    deploy(m, [(10, 20), (12, 20)], [*to_faces, face])
    if m.prompt is not None and m.prompt.kind == "mission_dice":
        m.submit(C.AcceptDice("player"))
    assert m.to["player"] == after


def test_the_turn_event_die_is_a_mission_table_that_tactical_orders_never_touch(pve):
    """N63, P15: the Turn Event is one of the mission's tables, nobody's roll: with a Tactical Order in hand the
    squad is not asked about it, and the face rolled stands."""
    m = pve(dict(OPTS, battlefield="facility"), SETUP, squad=two_troopers())
    deploy(m, [(10, 20), (12, 20)], [1, 6, 6, 5])  # 1 TO, then a 5: Overrun
    assert m.to["player"] == 1
    assert m.prompt is None or m.prompt.kind != "mission_dice"
    assert events_named(m, "Turn Event: Overrun") and not events_named(m, "Turn Event: Scrambled Comms")
    assert m.to["player"] == 1 and not any(isinstance(e, E.TacticalOrdersChanged) for e in m.events)


def drive_npc(m):
    ctl = m.mission.npc_controller(m, "npc")
    while m.waiting_for() == "npc":
        m.submit(ctl.decide(m))


def test_overrun_gives_every_npc_one_action_by_its_behaviour(pve):
    m = start(pve, "facility", turn1=(5,))
    drive_npc(m)
    moved = {e.uid for e in m.events if isinstance(e, E.Moved) and e.side == "npc"}
    grants = [e for e in m.events if isinstance(e, E.ActivationStarted) and e.grant == "Overrun"]
    assert len(grants) == 3 and moved == set(m.units("npc"))
    assert all(m.readiness(u).ready for u in m.units("npc"))  # not their activation


def test_enemy_reinforcements_arrive_adjacent_to_their_own_random_anchors(pve):
    m = start(pve, "facility", turn1=(6, 1, 5, 5, 1, 2))  # 1: the classic TL 1 row of three units, on C, C (taken),
    row = DATA.faction("classic").spawn[1][0]  # NW, N
    assert (row.low, row.count) == (1, 3)
    name = DATA.faction("classic").unit(row.unit).name
    new = m.units("npc")[3:]  # after the three of the setup
    assert all(m.unit(u).name.startswith(name) for u in new)
    assert len(new) == 3 and m.adjacent_to_anchor(new[0], "C") and m.adjacent_to_anchor(new[1], "NW") and \
        m.adjacent_to_anchor(new[2], "N")
    outcomes = [e.outcome for e in m.events if isinstance(e, E.DiceRolled) and e.why.startswith("Reinforcement")]
    assert outcomes == ["C", "C is taken: rolled again", "NW", "N"]
    assert all(m.readiness(u).ready for u in new)  # they act this Turn


def test_from_turn_5_no_event_is_rolled_and_reinforcements_come_every_turn(pve):
    m = start(pve, "blacksite", turn1=())
    m.turn = 4
    m.mission_state["extraction"] = "S"
    six = DATA.faction("classic").spawn[1][-1]
    assert six.faces == "6" and six.count == 2
    pass_turn(m, [*NO_TO, 6, 5, 1])  # Turn 5: the Spawn Table die 6 (the classic TL 1 column's two units) on C, NW
    assert m.turn == 5 and events_named(m, "Turn 5: Enemy Reinforcements")
    name = DATA.faction("classic").unit(six.unit).name
    new = m.units("npc")[-2:]
    assert [m.unit(u).name for u in new] == [f"{name} 1", f"{name} 2"]
    assert m.adjacent_to_anchor(new[0], "C") and m.adjacent_to_anchor(new[1], "NW")
