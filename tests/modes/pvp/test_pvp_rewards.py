"""The Campaign Rewards a PvP campaign brings into a mission as options (game/modes/pvp/rewards.py), on the open
table with scripted dice: each named rule changes what the book says and nothing else, only in the Turn it says;
the Climax's chooser wins the roll-off without a roll, places the first unit and has +1 TO in Turn 1."""
import pytest

from game.match import commands as C
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


def question(m, side: str, rule: str):
    """The open Campaign Reward question (a "choice" prompt of the step "reward_use"), checked by its fields."""
    p = m.prompt
    assert p is not None and p.kind == "choice" and p.side == side, p
    assert p.then[0] == "reward_use" and p.then[1:3] == (side, rule), p.then
    assert [o for o, _ in p.options] == ["yes", "no"] and C.Choose(side, "yes") in m.legal_commands(side)
    return p


def answer(m, side: str, rule: str, option: str) -> None:
    question(m, side, rule)
    m.submit(C.Choose(side, option))


def first(m, side="player"):
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, side))


def gains(m, side: str) -> list[int]:
    return [e.delta for e in m.events if isinstance(e, E.TacticalOrdersChanged) and e.side == side]


def test_intelligence_priority_gives_one_to_at_the_start_and_once_rolls_the_dice_that_gave_none_again(make):
    # the opponent's five dice all fail; the re-roll of those five gives two TO, then the Reward's +1
    m = make("opponent:to_start::", dice=NO_TO + NO_TO + [6, 6] + [1, 2, 4, 5, 6] + [1, 2] + TURN + TURN)
    answer(m, "opponent", "to_start", "yes")
    assert gains(m, "opponent") == [2, 1] and m.to == {"player": 0, "opponent": 3}
    first(m)
    end_turn(m)
    assert m.turn == 2 and m.prompt is None  # asked once: no question in Turn 2
    assert gains(m, "opponent") == [2, 1] and m.to["opponent"] == 0


def test_intelligence_priority_kept_for_a_later_turn_gives_its_one_to_in_turn_one_only(make):
    m = make("opponent:to_start::", dice=TURN + NO_TO + NO_TO + [6, 6] + [1, 4, 4, 4, 4] + [1, 2] + TURN)
    answer(m, "opponent", "to_start", "no")
    assert gains(m, "opponent") == [1]
    first(m)
    end_turn(m, first=None)
    assert m.turn == 2
    answer(m, "opponent", "to_start", "yes")
    assert gains(m, "opponent") == [1, 1] and m.to["opponent"] == 1  # no second +1 in Turn 2


def test_forward_command_gives_one_to_in_the_turn_its_squad_picks_and_only_once(make):
    m = make("player:to_turn::")
    answer(m, "player", "to_turn", "no")
    assert m.to["player"] == 0
    first(m)
    end_turn(m, first=None)
    answer(m, "player", "to_turn", "yes")
    assert m.to["player"] == 1 and gains(m, "player") == [1]
    first(m)
    end_turn(m, first=None)
    assert m.turn == 3 and m.prompt.kind == "first" and m.to["player"] == 0


def test_to_optimization_rolls_every_tactical_order_die_again_once(make):
    m = make("player:to_reroll::", dice=NO_TO + NO_TO + [6, 6] + [1, 2, 6] + [1, 2] + TURN + TURN)
    answer(m, "player", "to_reroll", "yes")
    assert m.to["player"] == 2 and gains(m, "player") == [2]
    first(m)
    end_turn(m, first=None)
    assert m.turn == 2 and m.prompt.kind == "first"  # used: never asked again


def test_overwhelming_presence_takes_four_to_instead_of_the_roll_in_the_turn_named_before_it(make):
    m = make("opponent:to_four::")  # asked before the battle for Turn 1: not then (conftest)
    assert m.to["opponent"] == 0
    first(m)
    end_turn(m, first=None)
    assert m.turn == 1
    answer(m, "opponent", "to_four", "yes")  # at the end of Turn 1, for Turn 2
    assert m.turn == 2 and m.to["opponent"] == 4 and gains(m, "opponent") == [4]
    first(m)
    end_turn(m, first=None)
    assert m.turn == 3 and m.prompt.kind == "first" and m.to["opponent"] == 0


def test_tactical_reversal_a_unit_spends_one_act_for_two_to_once(make):
    m = make("player:act_for_to::")
    first(m)
    a, b = units(m, "player")
    use = C.UseMissionAction("player", "reward-orders-player", None, None)
    m.submit(C.Activate("player", a))
    assert use in m.legal_commands("player")
    m.submit(use)
    assert m.to["player"] == 2 and m.act_left() == 1
    assert use not in m.legal_commands("player")  # once in the mission
    m.submit(C.EndActivation("player"))
    boss = units(m, "opponent")[0]
    m.submit(C.Activate("opponent", boss))
    assert not any(isinstance(c, C.UseMissionAction) for c in m.legal_commands("opponent"))


def test_energy_overflow_gives_one_act_in_the_activation_its_squad_picks(make):
    m = make("player:act_once:0:")
    first(m)
    a, b = units(m, "player")
    m.submit(C.Activate("player", a))
    answer(m, "player", "act_once", "no")
    assert m.act_left() == 2
    m.submit(C.EndActivation("player"))
    end_turn(m)
    m.submit(C.Activate("player", b))
    assert m.prompt is None  # only the unit given the Reward is asked
    m.submit(C.EndActivation("player"))
    m.submit(C.Activate("opponent", units(m, "opponent")[0]))
    m.submit(C.EndActivation("opponent"))
    m.submit(C.Activate("player", a))
    answer(m, "player", "act_once", "yes")
    assert m.act_left() == 3
    m.submit(C.EndActivation("player"))
    end_turn(m)
    m.submit(C.Activate("player", a))
    assert m.prompt is None and m.act_left() == 2  # spent


def test_rapid_deployment_the_unit_makes_a_free_move_before_the_initiative(make_pvp):
    player = [(card("Ana"), 6, 6), (card("Bo"), 8, 6)]
    m = make_pvp(MISSION, player, [(card("Cy"), 6, 18)], dice=TURN + TURN, options={"held": "player:free_move:1:"})
    a, b = units(m, "player")
    act = m.activation
    assert act is not None and act.uid == b and act.grant and m.turn == 1
    moves = [c for c in m.legal_commands("player") if isinstance(c, C.Move)]
    assert moves and C.EndActivation("player") in m.legal_commands("player")
    before = m.base(b)
    m.submit(C.Move("player", 8, 8))
    assert (m.base(b).x, m.base(b).y) == (8, 8) and (m.base(b).x, m.base(b).y) != (before.x, before.y)
    assert m.activation is None and m.prompt.kind == "first"  # then the Initiative
    first(m)
    end_turn(m)
    assert m.turn == 2 and m.activation is None  # Turn 1 only


def test_aggressive_momentum_one_skl_in_the_first_attack_with_the_weapon_kind_picked(make):
    from game.rules.dice import ScriptedDice
    m = make("player:first_attack:0:ranged")
    first(m)
    a, b = units(m, "player")
    boss, cy = units(m, "opponent")
    melee, ranged = m.unit(a).card.weapons
    assert m.mission.attack_bonus(m, a, boss, ranged) == (0, 1)
    assert m.mission.attack_bonus(m, a, boss, melee) == (0, 0) and m.mission.attack_bonus(m, b, boss, ranged) == (0, 0)
    m.submit(C.Activate("player", a))
    m.dice = ScriptedDice([6] * 20)  # every die misses
    m.submit(C.RangedAttack("player", ranged.id, boss))
    assert m.mission.attack_bonus(m, a, boss, ranged) == (0, 0)  # spent by its first ranged attack


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


@pytest.mark.parametrize("held", [
    "player:to_turn::;opponent:to_four::",
    "player:to_reroll::;opponent:to_start::",
    "player:act_once:0:;opponent:act_for_to::",
    "player:free_move:1:;opponent:free_move:2:",
    "player:first_attack:0:ranged;opponent:first_attack:1:melee",
])
def test_computer_squads_answer_every_reward_question_and_the_match_replays(held):
    """Both squads played by the tactical computer with Rewards held: each question answered (each Reward used
    once at most), the mission played to its end, and its replay reaches the same state."""
    from game.modes import create_match, mission_entry, replay
    from game.modes.session import Session, make_controller
    entry = mission_entry("pvp-attrition")
    sc = entry.script.make_scenario(entry, options={"held": held, "player_controller": "computer",
                                                    "opponent_controller": "computer"})
    m = create_match(sc, 11)
    try:
        Session(m, {s: make_controller(m, s, "computer") for s in m.sides}).run()
        assert m.result is not None
        used = m.mission_state.get("rewards_used", [])
        assert len(used) == len(set(used))
        asked = [h for h in held.split(";") if h.split(":")[1] in ("to_turn", "to_four", "to_reroll", "to_start",
                                                                      "act_for_to", "act_once")]
        assert len([u for u in used if u.split(":")[1] != "first_attack"]) == len(asked)  # the computer uses them
        again = replay(sc, 11, list(m.log))
        try:
            assert again.state_hash() == m.state_hash()
        finally:
            again.close()
    finally:
        m.close()
