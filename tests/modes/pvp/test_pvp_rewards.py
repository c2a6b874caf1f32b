"""The Campaign Rewards a PvP campaign brings into a mission as options (game/modes/pvp/rewards.py), on the open
table with scripted dice: each named rule changes what the book says and nothing else, only in the Turn it says;
the Climax's chooser wins the roll-off without a roll, places the first unit and has +1 TO in Turn 1."""
import pytest

from game.match import events as E
from game.match.scenario import ScenarioError
from game.modes.pvp.script import PvpMission

from tests.modes.pvp.conftest import NO_TO, card, end_turn, pvp_match, units

MISSION = "secure-the-zone"
TURN = NO_TO + NO_TO + [6, 6] + [1, 2]  # no TO for either side (the opponent's Leader rolls 2 more dice)


def match(make_pvp, held="", advantage=None, dice=TURN + TURN + TURN):
    opts = {"held": held} if held else {}
    if advantage:
        opts["advantage"] = advantage
    player = [(card("Ana"), 6, 6), (card("Bo"), 8, 6)]
    opponent = [(card("Boss", leader=True, arm=3), 6, 18), (card("Cy", arm=1), 8, 18)]
    return make_pvp(MISSION, player, opponent, dice=list(dice), options=opts)


@pytest.fixture
def make(make_pvp):
    return lambda *a, **k: match(make_pvp, *a, **k)


def test_arm_and_act_in_turn_one_only_for_the_unit_given_the_reward(make):
    m = make("player:arm_turn1:1:;player:act_turn1:0:")
    a, b = units(m, "player")
    assert m.turn == 1
    assert (m.mission.arm_bonus(m, b, None, True), m.mission.arm_bonus(m, a, None, False)) == (1, 0)
    assert (m.mission.act_bonus(m, a), m.mission.act_bonus(m, b)) == (1, 0)
    end_turn(m)
    assert m.turn == 2
    assert (m.mission.arm_bonus(m, b, None, True), m.mission.act_bonus(m, a)) == (0, 0)


def test_the_enemy_leader_loses_one_arm_never_below_one_and_cover_lasts_the_mission(make):
    m = make("player:enemy_leader_arm::;opponent:cover:1:")
    boss, cy = units(m, "opponent")
    assert m.mission.arm_bonus(m, boss, None, True) == -1 and m.mission.arm_bonus(m, cy, None, True) == 0
    assert m.mission.always_in_cover(m, cy) and not m.mission.always_in_cover(m, boss)
    assert not any(m.mission.always_in_cover(m, u) for u in units(m, "player"))
    end_turn(m)
    assert m.mission.always_in_cover(m, cy) and m.mission.arm_bonus(m, boss, None, True) == -1
    low = make("opponent:enemy_leader_arm::")  # the player's side has no Leader: nobody loses ARM
    assert all(low.mission.arm_bonus(low, u, None, True) == 0 for u in units(low, "player"))


def test_skill_rewards_add_to_the_right_weapon_and_the_named_enemy(make):
    m = make("player:skl:0:melee;opponent:vendetta:1:")
    a, b = units(m, "player")
    boss, cy = units(m, "opponent")
    melee, ranged = m.unit(a).card.weapons
    assert m.mission.attack_bonus(m, a, boss, melee) == (0, 1)
    assert m.mission.attack_bonus(m, a, boss, ranged) == (0, 0)
    assert m.mission.attack_bonus(m, boss, b, melee) == (0, 1)  # Bo is the vendetta's target
    assert m.mission.attack_bonus(m, cy, a, melee) == (0, 0)


def test_intelligence_priority_gives_one_to_at_the_start(make):
    m = make("opponent:to_start::")
    gained = [e for e in m.events if isinstance(e, E.TacticalOrdersChanged)]
    assert [(e.side, e.delta) for e in gained] == [("opponent", 1)] and m.to["opponent"] == 1
    end_turn(m)
    assert [e for e in m.events if isinstance(e, E.TacticalOrdersChanged)] == gained


def test_the_climax_chooser_wins_the_roll_off_without_a_roll_deploys_first_and_has_one_more_to(make_pvp):
    m = pvp_match(MISSION, [(card("Ana"), 6, 6)], [(card("Cy"), 6, 18)], dice=TURN,
                  options={"advantage": "opponent"}, places={"player": "south", "opponent": "north"})
    try:
        ms = m.mission_state
        assert "rolloff" not in ms and ms["rolloff_winner"] == "opponent" and ms["deploy_first"] == "opponent"
        assert ms["place"] == {"opponent": "north", "player": "south"}
        assert m.to == {"player": 0, "opponent": 1}
    finally:
        m.close()


@pytest.mark.parametrize("options, words", [
    ({"held": "player:fly:1:"}, "is not side:rule:slot:choice"),
    ({"held": "green:cover:1:"}, "is not side:rule:slot:choice"),
    ({"advantage": "both"}, "expected player or opponent"),
])
def test_bad_campaign_options_are_named(options, words):
    with pytest.raises(ScenarioError, match=words):
        PvpMission(None, {"mission": MISSION, **options})


def test_preemptive_strike_takes_one_hit_from_the_named_enemy_as_turn_one_begins_never_below_one(make_pvp):
    player = [(card("Ana", hit=1), 6, 6), (card("Bo", hit=3), 8, 6)]
    m = pvp_match(MISSION, player, [(card("Cy"), 6, 18)], dice=TURN + TURN,
                  options={"held": "opponent:hit_less:1:;opponent:hit_less:0:"})
    try:
        a, b = units(m, "player")
        assert (m.health(a).hit, m.health(b).hit) == (1, 2)
        end_turn(m)
        assert (m.health(a).hit, m.health(b).hit) == (1, 2)  # once
    finally:
        m.close()
