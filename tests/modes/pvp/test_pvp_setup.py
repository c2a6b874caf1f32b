"""PvP setup and flow (RULINGS R29-R32): the deployment roll-off (lowest wins, ties re-rolled), the winner's
choice of edge or role, alternate placement with the loser first inside the 1"-deep strips, Ambush and Evac
Point deploying the Defender first, secret picks kept out of the log, the Initiative roll-off every Turn, and
the Campaign Reward the winner picks."""
import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match import events as E
from game.match.errors import IllegalCommand
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.modes.pvp.script import PvpMission
from game.rules.dice import ScriptedDice

from tests.modes.pvp.conftest import TURN, card, end_turn

UNITS = {"player": [("Ana One", card("Ana One")), ("Ana Two", card("Ana Two"))],
         "opponent": [("Ben One", card("Ben One")), ("Ben Two", card("Ben Two"))]}


def new_match(monkeypatch, mission, dice, units=UNITS):
    monkeypatch.setattr("game.match.match.Dice", lambda seed: ScriptedDice(list(dice)))
    sc = Scenario(mission=f"pvp-{mission}", sides=(SideSpec("player", None, name="Ana"),
                                                    SideSpec("opponent", None, name="Ben")))
    return Match(sc, 1, PvpMission(None, {"mission": mission}), open_table(), dict(units))


def test_roll_off_lowest_wins_ties_roll_again_and_the_winner_chooses_its_edge(monkeypatch):
    m = new_match(monkeypatch, "secure-the-zone", [3, 3, 5, 2])
    try:
        rolls = [e for e in m.events if isinstance(e, E.DiceRolled) and e.why.startswith("Deployment roll-off")]
        assert [(r.side, r.dice[0].natural) for r in rolls] == [("player", 3), ("opponent", 3), ("player", 5),
                                                                 ("opponent", 2)]
        assert m.prompt.kind == "choice" and m.prompt.side == "opponent"
        assert [o for o, _ in m.prompt.options] == ["north", "south"]
        m.submit(C.Choose("opponent", "north"))
        assert m.mission_state["place"] == {"opponent": "north", "player": "south"}
        # R29: the roll-off loser places the first unit, then one each
        assert m.phase == "deploy" and m.waiting_for() == "player"
        zone = m.deployment_zones("player")[0]
        assert zone.contains(12, 23.5) and not zone.contains(12, 22.5)
        with pytest.raises(IllegalCommand, match="outside your deployment zone"):
            m.submit(C.Deploy("player", 1, 12, 21))
        m.submit(C.Deploy("player", 1, 12, 23.5))
        assert m.waiting_for() == "opponent"
        m.submit(C.Deploy("opponent", 3, 12, 0.5))
        assert m.waiting_for() == "player"
    finally:
        m.close()


def test_roles_attacker_first_deploys_on_the_north_edge_in_sabotage(monkeypatch):
    m = new_match(monkeypatch, "sabotage", [1, 4])
    try:
        assert m.prompt.side == "player" and [o for o, _ in m.prompt.options] == ["attacker", "defender"]
        m.submit(C.Choose("player", "defender"))
        assert m.mission_state["place"] == {"player": "defender", "opponent": "attacker"}
        assert m.deployment_zones("opponent")[0].contains(5, 0.5)  # the Attacker's edge is north
        assert m.deployment_zones("player")[0].contains(5, 23.5)
        assert m.waiting_for() == "opponent"  # the roll-off loser first
    finally:
        m.close()


def test_ambush_the_defender_picks_a_carrier_in_secret_and_deploys_everything_first(monkeypatch):
    units = {"player": [("Boss", card("Boss", leader=True)), ("Runner", card("Runner"))],
             "opponent": [("Ben One", card("Ben One")), ("Ben Two", card("Ben Two"))]}
    m = new_match(monkeypatch, "ambush", [2, 5], units)
    try:
        m.submit(C.Choose("player", "defender"))
        assert m.prompt.side == "opponent" and "edge" in m.prompt.text  # the Attacker picks north or south
        m.submit(C.Choose("opponent", "1"))
        p = m.prompt
        assert p.side == "player" and p.data[1] is True  # secret: behind the hand-over
        assert [o for o, _ in p.options] == ["2"]  # not the Leader
        before = len(m.events)
        m.submit(C.Choose("player", "2"))
        assert m.mission_state["carrier"] == 2
        assert not any("Runner" in e.text for e in m.events[before:])  # the log does not name it
        assert "secret" in m.mission.summary(m).objectives[-1].status
        assert m.waiting_for() == "player"
        m.submit(C.Deploy("player", 1, 0.5, 5))
        assert m.waiting_for() == "player"  # the Defender places every unit first
        with pytest.raises(IllegalCommand, match="outside"):
            m.submit(C.Deploy("player", 2, 3, 5))
        m.submit(C.Deploy("player", 2, 0.5, 9))
        m.submit(C.EndDeployment("player"))
        zone = m.deployment_zones("opponent")
        assert len(zone) == 1 and zone[0].contains(9, 23.5) and not zone[0].contains(7, 23.5)
        assert not zone[0].contains(9, 0.5)  # it chose the south edge
    finally:
        m.close()


def test_evac_point_defender_deploys_in_the_zone_attacker_on_any_edge(monkeypatch):
    m = new_match(monkeypatch, "evac-point", [6, 1])
    try:
        m.submit(C.Choose("opponent", "attacker"))
        assert m.waiting_for() == "player"
        assert m.deployment_zones("player")[0].contains(12, 12)
        assert {z.name for z in m.deployment_zones("opponent")} == {"North edge", "South edge", "West edge",
                                                                    "East edge"}
    finally:
        m.close()


def test_rivals_are_picked_in_secret_and_revealed_once_deployment_is_over(make_pvp):
    m = make_pvp("rivals", [(card("Ana One"), 4, 4), (card("Ana Two"), 6, 4)],
                 [(card("Ben One"), 4, 20), (card("Ben Two"), 6, 20)], secrets={"player": 2, "opponent": 4},
                 dice=TURN)
    setup_lines = [e.text for e in m.events if isinstance(e, E.MissionEvent) and e.name == "Rivals"]
    assert setup_lines == ["Rivals: Ana has picked its Rival, in secret", "Rivals: Ben has picked its Rival, in secret"]
    revealed = [e for e in m.events if isinstance(e, E.MissionEvent) and e.name == "Rivals revealed"]
    assert revealed and "Ana Two" in revealed[0].message and "Ben Two" in revealed[0].message
    turn_one = next(i for i, e in enumerate(m.events) if isinstance(e, E.TurnStarted))
    assert next(i for i, e in enumerate(m.events) if e is revealed[0]) > turn_one


def test_initiative_is_rolled_every_turn_and_the_winner_chooses(make_pvp):
    m = make_pvp("attrition", [(card(), 4, 4)], [(card(), 4, 20)], dice=TURN + [6, 6, 6, 6, 6, 6, 5, 3])
    assert m.turn == 1 and m.waiting_for() == "player"
    end_turn(m, first=None)
    assert m.turn == 2 and m.prompt.kind == "first" and m.prompt.side == "opponent"
    m.submit(C.ChooseFirst("opponent", "player"))
    assert m.waiting_for() == "player"
    rolled = [e for e in m.events if isinstance(e, E.InitiativeRolled)]
    assert len(rolled) == 2


def test_the_winner_picks_a_campaign_reward_and_the_loser_gets_the_other(make_pvp):
    m = make_pvp("centerpoint", [(card(), 12, 13.2)], [(card(), 4, 20)], dice=TURN * 4)
    for _ in range(4):
        end_turn(m)
    assert m.score == {"player": 6, "opponent": 0}
    p = m.prompt
    assert p.kind == "choice" and p.side == "player"
    assert [t.split(":")[0] for _, t in p.options] == ["Decisive Strike", "Weapon Calibration"]
    m.submit(C.Choose("player", "1"))
    assert m.phase == "over" and m.result.winner == "player"
    after = m.mission.after_mission(m)
    assert after.rewards == ("Decisive Strike", "Weapon Calibration")
    assert after.data["rewards"] == {"player": "Weapon Calibration", "opponent": "Decisive Strike"}
    assert after.data["mp_turns"]["player"] == [0, 0, 0, 0, 6]
    assert m.mission.result_line(m) == "result: player wins (MP 6-0)"


def test_a_draw_shares_the_rewards_out_by_a_die(make_pvp):
    m = make_pvp("centerpoint", [(card(), 4, 4)], [(card(), 4, 20)], dice=TURN * 4 + [5])
    for _ in range(4):
        end_turn(m)
    assert m.phase == "over" and m.result.winner is None and m.result.outcome == "draw"
    assert m.mission_state["rewards"] == {"opponent": "Decisive Strike", "player": "Weapon Calibration"}
    assert m.mission.result_line(m) == "result: draw (MP 0-0)"


def test_a_squad_that_does_not_fit_along_its_edge_gets_a_deeper_strip(monkeypatch):
    """The grid's first row along the north edge, east of x 8, has 8 squares: a ninth unit needs the next row."""
    units = {"player": [(f"Ana {i}", card(f"Ana {i}")) for i in range(9)],
             "opponent": [("Ben One", card("Ben One")), ("Ben Two", card("Ben Two"))]}
    monkeypatch.setattr("game.match.match.Dice", lambda seed: ScriptedDice([1, 4]))
    sc = Scenario(mission="pvp-ambush", measure="grid", sides=(SideSpec("player", None, name="Ana"),
                                                               SideSpec("opponent", None, name="Ben")))
    m = Match(sc, 1, PvpMission(None, {"mission": "ambush"}), open_table(), dict(units))
    try:
        m.submit(C.Choose("player", "attacker"))
        m.submit(C.Choose("player", "0"))  # the north edge
        assert m.mission_state["deepen"] == {"player": 2}
        zone = m.deployment_zones("player")[0]
        assert zone.contains(9, 3) and not zone.contains(9, 5) and not zone.contains(7, 1)
        assert len(m.zone_spots("player", 0.5, gap=0.6)) >= 9
        assert any(isinstance(e, E.MissionEvent) and "3\" deep" in e.message for e in m.events)
        assert "opponent" not in m.mission_state["deepen"]  # the Defender's west edge has room
    finally:
        m.close()
