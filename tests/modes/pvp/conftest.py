"""PvP test helpers: the skirmish fixture of tests/match, and PvP matches on the open 24" table with the setup
questions answered, units where a test wants them and scripted dice from Turn 1 on."""
import pytest

from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.modes.pvp.script import PvpMission
from game.rules.dice import ScriptedDice

from tests.match.conftest import card, make_skirmish  # noqa: F401  (a fixture)

NO_TO = [6] * 3  # three Tactical Order dice that give nothing (a squad without a Leader)


def answer_setup(m, places: dict[str, str], secrets: dict[str, int] | None = None, zone: int = 0):
    """Answer the setup questions: who is where (`places`: side -> north/south/attacker/defender), the
    Ambush edge, the secret picks (side -> uid); a Campaign Reward's question before the battle: not now."""
    secrets = secrets or {}
    while m.prompt is not None and m.phase == "setup":
        p = m.prompt
        then = p.then
        if then[0] == "place":
            m.submit(C.Choose(p.side, places[p.side]))
        elif then[0] == "zone":
            m.submit(C.Choose(p.side, str(zone)))
        elif then[0] == "reward_use":
            m.submit(C.Choose(p.side, "no"))
        else:  # carrier, rival
            m.submit(C.Choose(p.side, str(secrets[p.side])))


def pvp_match(mission: str, player, opponent, places=None, dice=(), first="player", secrets=None, seed=5,
              zone: int = 0, table=None, options=None):
    """player/opponent: lists of (card, x, y). Units deploy in their zones, then stand where the test wants
    them. `dice`: scripted faces from the first Turn on (TO dice, the Initiative roll-off, ...); `options`: the
    mission's options beside its id (a campaign's `held` Rewards, the Climax's `advantage`)."""
    places = places or {"player": "north", "opponent": "south"}
    sc = Scenario(mission=f"pvp-{mission}", sides=(SideSpec("player", None, name="Ana"),
                                                    SideSpec("opponent", None, name="Ben")))
    cards = {"player": [(c.name, c) for c, _, _ in player], "opponent": [(c.name, c) for c, _, _ in opponent]}
    m = Match(sc, seed, PvpMission(None, {"mission": mission, **(options or {})}), table or open_table(), cards)
    answer_setup(m, places, secrets, zone)
    while m.phase == "deploy":
        side = m.waiting_for()
        todo = m.mission.default_deployment(m, side)
        if todo:
            uid, x, y, z = todo[0]
            m.submit(C.Deploy(side, uid, x, y, z))
            continue
        if all(not m.undeployed(s) for s in m.sides) and \
                sum(1 for s in m.sides if s not in m.state.deployed_sides) == 1:
            m.dice = ScriptedDice(list(dice))
        m.submit(C.EndDeployment(side))
    for side, units in (("player", player), ("opponent", opponent)):
        for uid, (_, x, y) in zip(m.all_units_of(side), units):
            m.place(uid, x, y)
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, first))
    return m


@pytest.fixture
def make_pvp():
    made = []

    def _make(*args, **kw):
        m = pvp_match(*args, **kw)
        made.append(m)
        return m

    yield _make
    for m in made:
        m.close()


def units(m, side):
    return m.all_units_of(side)


TURN = NO_TO + NO_TO + [1, 2]  # a Turn's dice: no TO for either side, the player wins the Initiative


def end_turn(m, first="player"):
    """Both sides end every remaining activation (nobody acts) until the Turn is over; the next Turn's
    Initiative winner lets `first` activate first (None: the question is left open)."""
    if m.prompt is not None and m.prompt.kind == "first":  # a Turn that has just begun
        m.submit(C.ChooseFirst(m.prompt.side, first or "player"))
    turn = m.turn
    while m.phase == "battle" and m.turn == turn:
        if m.prompt is not None:
            return
        side = m.waiting_for()
        if m.active_unit is None:
            ready = [u for u in m.units(side) if m.readiness(u).ready]
            m.submit(C.Activate(side, ready[0]))
        m.submit(C.EndActivation(side))
    if first is not None and m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, first))


__all__ = ["card", "pvp_match", "answer_setup", "units", "end_turn", "NO_TO", "TURN"]
