"""Wave Objectives (1D6 at the start of a wave): markers on random Anchors (R25, never an occupied Anchor or a
Spawn Point's), how each is won, and the reward the squad chooses. Scripted dice."""
import pytest

from game.match import commands as C
from game.match import events as E
from game.modes.horde import objectives
from game.rules.dice import ScriptedDice

from tests.modes.horde.horde_helpers import (accept_all, answer, begin, clear_horde, horde, matches,  # noqa: F401
                                             put, run, squad)


def with_objective(m, face, anchors=(2, 4, 6)):
    """Roll objective `face`; its markers go on the Anchors the d10s give (2 N, 4 W, 6 E; 1 NW is Spawn Point 1's,
    5 C is the squad's)."""
    run(m, objectives.roll_objective, dice=[face, *anchors])
    return m.mission_state["objective"]


def end_wave(m, dice=()):
    """The last Horde unit is gone: the Turn ends (the squad passes) and the wave is judged."""
    clear_horde(m)
    m.dice = ScriptedDice(list(dice))
    while m.mission_state.get("wave_state") == "active":
        if m.prompt is not None:
            return
        side = m.waiting_for()
        if m.active_unit is None:
            m.submit(C.Activate(side, m.legal_commands(side)[0].uid))
        m.submit(C.EndActivation(side))


def test_markers_go_on_random_free_anchors(matches):
    m = begin(matches())
    o = with_objective(m, 5, anchors=(1, 5, 10, 2, 4, 6))  # NW: a Spawn Point; C: the squad; 10: nobody chooses
    assert o["id"] == "disruption-field"
    where = [m.marker_position(x)[:2] for x in o["markers"]]
    assert where == [(12, 4), (4, 12), (20, 12)]
    outcomes = [e.outcome for e in m.events if isinstance(e, E.DiceRolled) and e.why.startswith("Disruption")]
    assert outcomes == ["NW is taken: rolled again", "C is taken: rolled again", "10: rolled again", "N", "W", "E"]


def test_battlefield_control_needs_all_three_at_the_wave_end(matches):
    m = begin(matches())
    o = with_objective(m, 1)
    assert o["id"] == "battlefield-control" and len(m.markers("control")) == 3
    units = squad(m)
    for u, mid in zip(units, o["markers"]):
        x, y, _ = m.marker_position(mid)
        put(m, u, x + 1.2, y)
    end_wave(m)
    assert m.prompt.kind == "choice" and [o for o, _ in m.prompt.options] == ["mp", "fewer-spawns"]
    answer(m, "fewer-spawns")
    assert m.mission_state["spawn_dice_next"] == 2
    assert not m.markers("control")  # the wave's markers are gone


def test_battlefield_control_fails_if_one_is_not_controlled(matches):
    m = begin(matches())
    with_objective(m, 1)
    end_wave(m)
    assert m.mission_state["last_objective"]["state"] == "failed"
    assert m.prompt.data[0] == ("shop_choice",)  # no reward: straight on to the Upgrades
    # the panel and the texts say what happened once (before: "failed (failed)" on every end-of-Turn banner)
    from game.modes.horde.summary import objective_status
    line = objective_status(m.mission, m).told()
    assert line == "not done in time (failed)", line


def test_destroy_nexus_rewards_at_once_with_damage_to_every_horde_unit(matches):
    m = begin(matches())
    o = with_objective(m, 2)
    nexus = [m.marker_uid(x) for x in o["markers"]]
    assert all(m.unit(n).card.arm == 3 and m.health(n).hit == 2 for n in nexus)
    with m._in_world():
        for n in nexus[:2]:
            m._take_out(n)
        assert o["state"] == "open"
        m._take_out(nexus[2])
        m._after_step()
    assert o["state"] == "done" and m.prompt.kind == "choice"
    hp = [m.health(u).hit for u in horde(m)]
    answer(m, "horde-damage", dice=[6] * 12)  # every save fails
    assert [m.health(u).hit for u in horde(m) if m.standing(u)] == [h - 2 for h in hp if h > 2]


def test_overwhelming_force_within_two_turns(matches):
    m = begin(matches())
    assert m.mission_state["objective"]["id"] == "overwhelming-force"
    hurt = squad(m)[0]
    with m._in_world():
        m.health(hurt).hit = 2
    end_wave(m)
    assert [o for o, _ in m.prompt.options] == ["mp", "heal"]
    answer(m, "heal")
    answer(m, hurt)
    assert m.health(hurt).hit == 3


def test_overwhelming_force_fails_after_two_turns(matches):
    m = begin(matches())
    m.mission_state["wave_turn"] = 3
    end_wave(m)
    assert m.prompt.kind == "choice" and m.prompt.data[0] == ("shop_choice",)
    assert m.mission_state["last_objective"]["state"] == "failed"


def test_protect_the_asset_is_the_hordes_first_target_and_pays_tactical_orders(matches):
    m = begin(matches())
    o = with_objective(m, 4, anchors=(6,))
    asset = m.marker_uid(o["markers"][0])
    assert m.unit(asset).side == "player" and m.unit(asset).card.hit == 3
    from game.ai.horde import _Look
    assert _Look(m, horde(m)[0]).goal() == asset
    end_wave(m)
    answer(m, "to")
    assert m.mission_state["bonus_to"] == 4


def test_the_asset_destroyed_fails_the_objective(matches):
    m = begin(matches())
    o = with_objective(m, 4, anchors=(6,))
    with m._in_world():
        m._take_out(m.marker_uid(o["markers"][0]))
        m._after_step()
    assert o["state"] == "failed"


def test_disruption_field_calibrate_three_pylons_then_weaken_the_horde(matches):
    m = begin(matches())
    o = with_objective(m, 5)
    a = squad(m)[0]
    m.submit(C.Activate("player", a))
    m.to["player"] = 10
    for mid in list(o["markers"]):
        x, y, _ = m.marker_position(mid)
        put(m, a, x + 1.2, y)
        assert C.UseMissionAction("player", "calibrate", mid) in m.legal_commands("player")
        m.submit(C.UseMissionAction("player", "calibrate", mid))
    assert o["progress"] == 3 and o["state"] == "done"
    answer(m, "weaken")
    w = m.unit(horde(m)[0]).card.weapons[0]  # Bone Claws ATT 4
    with m._in_world():
        assert m.mission.attack_bonus(m, horde(m)[0], a, w) == (-1, 0)
        assert m.mission.attack_bonus(m, horde(m)[0], a, w.__class__(w.id, w.name, w.kind, 1, 4)) == (0, 0)


@pytest.mark.parametrize("face,found", [(2, True), (3, False)])
def test_the_artifact_search_finds_it_on_one_or_two(matches, face, found):
    m = begin(matches())
    o = with_objective(m, 6)
    a = squad(m)[0]
    m.submit(C.Activate("player", a))
    mid = o["markers"][0]
    x, y, _ = m.marker_position(mid)
    put(m, a, x + 1.2, y)
    m.to["player"] = 3
    m.dice = ScriptedDice([face])
    m.submit(C.UseMissionAction("player", "search", mid))
    assert m.prompt is None or m.prompt.kind == "choice"  # Tactical Orders may not touch the Search roll
    assert mid not in m.markers()
    assert (o["state"] == "done") is found
    if found:
        answer(m, "spoil")
        answer(m, a)
        options = [x for x, _ in m.prompt.options]
        assert "HRD-SOW-MDAM" in options and "STD-TECH" in options
        att = max(w.att for w in m.unit(a).card.weapons if w.kind == "melee")
        answer(m, "HRD-SOW-MDAM")
        assert max(w.att for w in m.unit(a).card.weapons if w.kind == "melee") == att + 1


def test_mp_reward_and_wave_mp(matches):
    m = begin(matches())
    end_wave(m)
    assert m.score["player"] == 4  # wave 1 clears for 4 MP
    answer(m, "mp")
    assert m.score["player"] == 8 and m.mission_state["mp_earned"] == 8
