"""The PvP computer measures its goals by walking: a Beacon carrier in Relay Run takes the way home round the
buildings of the Ruined City, not the straight line into a pocket (from (15.5, 7.5) south leads into a dead end: the
straight way gains 2" there and then nothing, the way east 5" of walking); the walking field to its own edge is the
route it follows."""
import math

from game.ai.tactical import TacticalController
from game.battlefield.field import walking_field
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.modes import create_match

POCKET = (15.5, 7.5)


def battle_ready(seed=503):
    sq = default_squad("interdictors")
    m = create_match(build_scenario("pvp-relay-run", sq, sq), seed, prepare=True)
    ais = {s: TacticalController(s, seed=seed, level="hard") for s in m.sides}
    while m.phase in ("setup", "deploy"):
        m.submit(ais[m.waiting_for()].decide(m))
    return m


def test_the_beacon_carrier_walks_home_round_the_pocket():
    m = battle_ready()
    try:
        side = next(s for s in m.sides if m.mission_state["place"][s] == "south")
        enemy = next(s for s in m.sides if s != side)
        if m.prompt is not None and m.prompt.kind == "first":
            m.submit(C.ChooseFirst(m.prompt.side, side))
        assert m.waiting_for() == side and m.activation is None
        carrier = m.units(side)[0]
        with m._in_world():
            for i, u in enumerate(m.units(side)[1:]):  # squadmates out of the way, at home
                m.place(u, 2.0 + 2.5 * i, 23.5)
            for i, u in enumerate(m.units(enemy)):
                m.place(u, 2.0 + 2.5 * i, 0.5)  # enemies far off, on their edge
            m.place(carrier, *POCKET)
            m.carry("beacon", carrier)
        m.submit(C.Activate(side, carrier))
        me = m.base(carrier)
        home = walking_field(m.table, [], me.radius, areas=((0.0, 23.0, 24.0, 24.0),))
        start = home.at(me.x, me.y, me.z)
        assert 15.0 < start < math.inf  # home is far round the buildings
        ai = TacticalController(side, seed=1, level="hard")  # hard: no noise on its judgement
        cmd = ai.decide(m)
        for _ in range(3):  # an action where it stands first (Strategize) is fine: then it moves
            if isinstance(cmd, (C.Move, C.Dash)):
                break
            assert not isinstance(cmd, C.EndActivation), cmd
            m.submit(cmd)
            cmd = ai.decide(m)
        assert isinstance(cmd, (C.Move, C.Dash)), cmd
        straight = home.at(POCKET[0], POCKET[1] + 2.0, 0.0)  # 2" straight south: into the pocket, little gained
        assert home.at(cmd.x, cmd.y, cmd.z) <= min(start, straight) - 1.0
    finally:
        m.close()
