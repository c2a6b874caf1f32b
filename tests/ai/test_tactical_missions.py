"""The PvP computer plays the mission's race: Relay Run's Beacon is worth what it scores only while its carrier can
still get it home in the Turns left (Picked Up at once when so, left alone when not), an enemy standing at the
Beacon keeps everyone from Picking it Up and is worth taking out; in Assassinate the side whose Leader still stands
after taking the enemy's keeps it out of reach, and the side behind hunts."""
import pytest

from game.ai.tactical import TacticalController
from game.ai.tactical_brief import brief_for
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.modes import create_match
from game.modes.pvp import brief as PB
from game.modes.pvp import sides as P


def battle_ready(mission, squad="interdictors", seed=11):
    sq = default_squad(squad)
    m = create_match(build_scenario(mission, sq, sq), seed, prepare=True)
    ais = {s: TacticalController(s, seed=seed, level="hard") for s in m.sides}
    while m.phase in ("setup", "deploy"):
        m.submit(ais[m.waiting_for()].decide(m))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, m.prompt.side))
    return m


@pytest.fixture
def relay():
    m = battle_ready("pvp-relay-run")
    yield m
    m.close()


def sides_of(m):
    side = m.waiting_for()
    return side, next(s for s in m.sides if s != side)


def home_y(m, side):
    return 23.5 if m.mission_state["place"][side] == "south" else 0.5


def test_a_unit_beside_the_beacon_picks_it_up_rather_than_shoot(relay):
    m = relay
    side, enemy = sides_of(m)
    runner, *mates = m.units(side)
    with m._in_world():
        for i, u in enumerate(mates):
            m.place(u, 1.0 + 2.5 * i, home_y(m, side))
        for i, u in enumerate(m.units(enemy)):  # within a few inches of the runner, none at the Beacon
            m.place(u, 4.0 + 2.5 * i, 6.0 if home_y(m, enemy) < 12 else 18.0)
        m.place(runner, 12.0, 13.6 if home_y(m, side) > 12 else 10.4)
    m.submit(C.Activate(side, runner))
    assert m.pick_up_reason(runner, "beacon") is None
    w = next(w for w in m.unit(runner).card.weapons if w.kind == "ranged")
    assert any(m.ranged_target_reason(runner, w, e) is None for e in m.units(enemy))  # it could shoot instead
    cmd = TacticalController(side, seed=1, level="hard").decide(m)
    assert cmd == C.PickUp(side, "beacon"), cmd


def test_the_beacon_is_worth_its_mp_only_while_the_carrier_can_get_home(relay):
    m = relay
    side, _ = sides_of(m)
    runner = m.units(side)[0]
    with m._in_world():
        m.place(runner, 12.0, 13.6 if home_y(m, side) > 12 else 10.4)
    m.submit(C.Activate(side, runner))
    b = brief_for(m, side)
    early = b.action_value(m, runner, C.PickUp(side, "beacon"))
    assert PB._race(m, PB_defn(m), side, runner) >= 0
    m.state.turn = 4  # the last Turn: 10" home with the carrier's 1 ACT an activation cannot be done
    assert PB._race(m, PB_defn(m), side, runner) < 0
    late = brief_for(m, side).action_value(m, runner, C.PickUp(side, "beacon"))
    assert early >= 4.0 and late < 1.0, (early, late)


def test_an_enemy_at_the_beacon_is_worth_taking_out(relay):
    m = relay
    side, enemy = sides_of(m)
    guard, other = m.units(enemy)[:2]
    with m._in_world():
        m.place(guard, 12.0, 10.4)
        m.place(other, 3.0, home_y(m, enemy))
    b = brief_for(m, side)
    assert b.kill_bonus.get(guard, 0) >= 2.0
    assert b.kill_bonus.get(other, 0) == 0


def PB_defn(m):
    return m.mission.defn


def test_assassinate_the_side_ahead_keeps_its_leader_and_the_side_behind_hunts():
    m = battle_ready("pvp-assassinate", "krumpfists")
    try:
        side, enemy = sides_of(m)
        even = brief_for(m, side)
        leader = next(u for u in m.units(side) if m.unit(u).leader)
        theirs = next(u for u in m.units(enemy) if m.unit(u).leader)
        with m._in_world():
            m._take_out(theirs)
        ahead = brief_for(m, side)
        behind = brief_for(m, enemy)
        assert ahead.keep_bonus[leader] > 2 * even.keep_bonus[leader] - 1.0
        assert behind.press == 1.0 and behind.aggression == 1.0
        assert ahead.aggression < even.aggression
        assert any(g.label == "the enemy Leader" for g in behind.goals)
    finally:
        m.close()


def east_race(m):
    """The value of a race to the east edge by Turn 4 for a unit at (x, 12) in a Turn: value(x, turn, act_after)."""
    from game.ai import tactical_eval as TE
    from game.ai import tactical_goals as TG
    from game.ai.tactical_brief import Brief, Goal
    side = m.sides[0]
    uid = m.units(side)[0]
    east = Goal(23.5, 12.0, 6.0, rect=(23.0, 0.0, 24.0, 24.0), unit=uid, shared=False, deadline=4)
    ctx = TE.Ctx(m, side, Brief(goals=[east]))

    def value(x, turn, act_after=0):
        m.state.turn = turn
        return TG.goal_value(ctx, uid, TE.base_at(ctx, uid, x, 12.0, 0.0), [east], {}, act_after)
    return value


def test_a_race_goal_counts_every_inch_more_as_the_turns_run_out():
    """A goal with a deadline (Ambush's Intel, the Beacon home): nearer is worth more, an inch more so in a later
    Turn, the ACT still to walk with counts, and out of reach by the deadline it is worth next to nothing."""
    m = battle_ready("pvp-ambush", "krumpfists")
    try:
        value = east_race(m)
        assert value(10.0, 1) > value(4.0, 1) > 0.5
        assert value(16.0, 3) - value(10.0, 3) > value(10.0, 1) - value(4.0, 1)
        assert value(10.0, 2, act_after=1) > value(10.0, 2)
        assert value(4.0, 4) < 0.2 and value(23.5, 4) == 6.0
    finally:
        m.close()


def test_the_ambush_carrier_runs_east_in_its_first_activation():
    m = battle_ready("pvp-ambush", "claimant-warband", seed=3000)
    try:
        defender = next(s for s in m.sides if P.role(m, s) == "defender")
        attacker = next(s for s in m.sides if s != defender)
        carrier = m.mission_state["carrier"]
        if m.waiting_for() != defender:
            m.submit(C.Activate(attacker, m.units(attacker)[0]))
            while m.activation is not None:
                m.submit(C.EndActivation(attacker))
        assert m.waiting_for() == defender and m.turn == 1
        m.submit(C.Activate(defender, carrier))
        ai = TacticalController(defender, seed=1, level="hard")
        x0 = m.base(carrier).x
        while m.activation is not None and m.activation.uid == carrier and m.prompt is None:
            m.submit(ai.decide(m))
        assert m.base(carrier).x - x0 >= 5.5  # a full Move east in its first activation at least
    finally:
        m.close()


def test_in_rivals_our_rival_closes_with_the_enemy_rival():
    """Our Rival heads for the enemy Rival, and standing in contact is worth clearly more than stopping a Move short
    with ACT left (as a race to a deadline it was worth nearly the same, and it stood off for whole Turns)."""
    from game.ai import tactical_eval as TE
    from game.ai import tactical_goals as TG
    from game.ai.tactical_levels import LEVELS
    from game.modes.pvp import rules as R
    m = battle_ready("pvp-rivals", "krumpfists")
    try:
        side = m.sides[0]
        rv = R.rivals(m)
        mine, theirs = rv[side], rv[P.other(side)]
        b = brief_for(m, side)
        (g,) = [g for g in b.goals if g.label == "the enemy Rival"]
        tb = m.base(theirs)
        assert g.unit == mine and g.inside(tb.x, tb.y)
        ctx = TE.Ctx(m, side, b, LEVELS["hard"])
        step = 1.0 if tb.y < 12 else -1.0
        contact = TG.goal_value(ctx, mine, TE.base_at(ctx, mine, tb.x, tb.y + step, tb.z), [g], {}, 1)
        short = TG.goal_value(ctx, mine, TE.base_at(ctx, mine, tb.x, tb.y + 5.0 * step, tb.z), [g], {}, 1)
        assert contact == g.value and contact - short >= 0.3 * g.value, (contact, short)
    finally:
        m.close()


def test_assassinate_both_sides_hunt_the_enemy_leader_from_the_first_turn_and_all_out_in_the_last():
    """While both Leaders stand, each side heads for the enemy Leader from Turn 1 (a Leader kept at the back edge
    was out of reach in four Turns: two hard sides drew half their games 0-0 or 6-6), presses from Turn 2, and in
    the last Turn the enemy Leader is worth more than before, as a place to reach and as a unit to take out."""
    m = battle_ready("pvp-assassinate", "krumpfists")
    try:
        side, enemy = sides_of(m)
        theirs = next(u for u in m.units(enemy) if m.unit(u).leader)
        by_turn = {}
        for turn in (1, 2, PB_defn(m).turns):
            m.turn = turn
            by_turn[turn] = brief_for(m, side)
        for turn, b in by_turn.items():
            hunt = [g for g in b.goals if g.label == "the enemy Leader"]
            assert len(hunt) == 1 and hunt[0].inside(m.base(theirs).x, m.base(theirs).y), turn
        assert by_turn[1].press == 0.0 and by_turn[2].press == 0.5 and by_turn[PB_defn(m).turns].press == 1.0
        first, last = by_turn[1], by_turn[PB_defn(m).turns]
        assert max(g.value for g in last.goals) > max(g.value for g in first.goals)
        assert last.kill_bonus[theirs] > first.kill_bonus[theirs]
    finally:
        m.close()


def test_a_unit_goal_is_met_only_at_the_units_level():
    """The enemy Leader's goal (a unit's place) is met beside it, not on a platform 3" above it: no Melee reaches
    down there and often no line of sight either, so the hunter is only pulled toward it, by walking."""
    from game.ai import tactical_eval as TE
    from game.ai import tactical_goals as TG
    m = battle_ready("pvp-assassinate", "krumpfists")
    try:
        side, enemy = sides_of(m)
        theirs = next(u for u in m.units(enemy) if m.unit(u).leader)
        tb = m.base(theirs)
        b = brief_for(m, side)
        hunt = [g for g in b.goals if g.label == "the enemy Leader"]
        assert len(hunt) == 1 and hunt[0].z == tb.z
        ctx = TE.Ctx(m, side, b)
        uid = m.units(side)[0]
        beside = TG.goal_value(ctx, uid, TE.base_at(ctx, uid, tb.x + 1.2, tb.y, tb.z), hunt, {})
        above = TG.goal_value(ctx, uid, TE.base_at(ctx, uid, tb.x + 1.2, tb.y, tb.z + 3.0), hunt, {})
        assert beside == pytest.approx(hunt[0].value)
        assert above < 0.7 * hunt[0].value
    finally:
        m.close()


def test_assassinate_the_side_ahead_briefs_its_leader_home_its_squad_beside_it_and_every_enemy_as_its_threat():
    """Once its side is ahead, every enemy goes for the Leader (they must take it out to draw): its own edge is a
    goal for it, standing by it a goal for each squadmate, and the threat on it counts every Ready enemy whole, also
    one that must first step into sight (two hard sides drew 38% of 144 games, 6-6 mostly: the Leader that took out
    the other stayed where it was, among the enemy or alone at its edge)."""
    from game.ai import tactical_eval as TE
    from game.ai import tactical_threat as TT
    m = battle_ready("pvp-assassinate", "krumpfists")
    try:
        side, enemy = sides_of(m)
        leader = next(u for u in m.units(side) if m.unit(u).leader)
        theirs = next(u for u in m.units(enemy) if m.unit(u).leader)
        even = brief_for(m, side)
        assert not even.hunted and not [g for g in even.goals if g.label in ("its own edge", "beside its Leader")]
        with m._in_world():
            m._take_out(theirs)
        ahead, behind = brief_for(m, side), brief_for(m, enemy)
        assert ahead.hunted == {leader} and not behind.hunted
        home = [g for g in ahead.goals if g.label == "its own edge"]
        assert len(home) == 1 and home[0].unit == leader and home[0].inside(12.0, home_y(m, side))
        assert not home[0].inside(12.0, 12.0)
        guards = [g for g in ahead.goals if g.label == "beside its Leader"]
        lb = m.base(leader)
        assert sorted(g.unit for g in guards) == sorted(u for u in m.units(side) if u != leader)
        assert all(g.inside(lb.x + 2.0, lb.y, lb.z) and not g.inside(lb.x + 4.0, lb.y, lb.z) for g in guards)
        # the threat on it: every Ready enemy, whole, where the same spot weighs a share of the nearest otherwise
        from game.ai.tactical_levels import LEVELS
        spot = TE.base_at(TE.Ctx(m, side, even), leader, 12.0, 12.0, 0.0)
        with m._in_world():
            for i, e in enumerate(m.units(enemy)):
                m.place(e, 6.0 + 3.0 * i, 18.0 if home_y(m, side) < 12 else 6.0)
        ctx_plain = TE.Ctx(m, side, even, level=LEVELS["hard"])
        ctx_hunted = TE.Ctx(m, side, ahead, level=LEVELS["hard"])
        plain = TT.threat_at(ctx_plain, leader, spot)
        hunted = TT.threat_at(ctx_hunted, leader, spot)
        assert hunted > 2.0 * plain > 0.0, (hunted, plain)
        # a level that thinks of no threat (easy) thinks of none here either
        assert TT.threat_at(TE.Ctx(m, side, ahead, level=LEVELS["easy"]), leader, spot) == 0.0
    finally:
        m.close()
