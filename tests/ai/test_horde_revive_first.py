"""The Horde squad's computer player in a wave of reinforcements (from the wave's Turn 5 a Horde unit arrives every
Turn): with more of the squad Downed than standing, the last shooters walk to a Downed squadmate before they shoot.
Before, a lone shooter traded shots with each new arrival while three squadmates lay Downed 7" away, and the wave
never ended (seed 179's sixth wave on Supply Corridor: 40 Turns)."""
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.modes.horde import waves

from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, squad  # noqa: F401


def scene(m, wave_turn: int, downed: int):
    clear_horde(m)
    units = squad(m)
    me, rest = units[0], units[1:]
    for i, u in enumerate(rest):
        put(m, u, 4 + 2.0 * i, 14)  # the others together, 7" and more from `me`
    put(m, me, 6, 21)
    for u in rest[:downed]:
        m.health(u).hit = 0
        m.down(u)
    for u in rest[downed:]:
        put(m, u, 22, 2 + 2.0 * rest.index(u))  # those standing far off
    card = waves.horde_card(m.mission, "HRD-MED01")
    with m._in_world():
        foe = m.spawn("horde", card.name, card, 12, 21, 0.0)  # in the open, in range of `me`
    m.mission_state["wave_turn"] = wave_turn
    while m.waiting_for() == "player" and m.active_unit != me:
        m.submit(C.Activate("player", me) if m.activation is None else C.EndActivation("player"))
    return me, rest[:downed], foe


def test_with_more_of_the_squad_downed_than_standing_in_a_wave_of_reinforcements_it_walks_to_revive(matches):
    m = begin(matches())
    me, down, foe = scene(m, 6, len(squad(m)) - 1)
    assert len(down) > 1
    cmd = HordeSquadController("player").decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: a shot at the newcomer
    before = min(m.table.distance(m.base(me), m.base(d)) for d in down)
    after = min(m.table.distance(m.base(me).moved(cmd.x, cmd.y, cmd.z), m.base(d)) for d in down)
    assert after < before - 2.0


def test_before_reinforcements_or_with_as_many_standing_it_shoots(matches):
    for wave_turn, downed in ((3, None), (6, 1)):
        m = begin(matches())
        me, down, foe = scene(m, wave_turn, downed if downed is not None else len(squad(m)) - 1)
        cmd = HordeSquadController("player").decide(m)
        assert isinstance(cmd, C.RangedAttack) and cmd.target == foe, (wave_turn, downed, cmd)


def test_with_as_many_downed_as_standing_it_walks_only_to_one_within_a_move(matches):
    for near in (True, False):
        m = begin(matches())
        half = len(squad(m)) // 2
        me, down, foe = scene(m, 6, half)
        assert len(m.units("player", downed=True)) == len(m.units("player")), "as many Downed as standing"
        d = m.base(down[0])
        put(m, me, d.x + 4.5, d.y) if near else put(m, me, 20, 23)  # 3" from it, or 10" and more from both
        cmd = HordeSquadController("player").decide(m)
        assert isinstance(cmd, C.Move) == near, (near, cmd)
