"""The Horde squad's computer player and the objective markers near it: a marker it cannot work from where it stands
and cannot come nearer to (Crate 4 on Containment Breach, a squadmate on the last spot nearer) no longer holds it.
It went for the marker, found no spot nearer, and ended its activation, Turn after Turn: seed 38's fourth wave lasted
83 Turns with two squad units standing there while the Horde's Boss waited out of reach."""
from game.ai.horde_squad import HordeSquadController
from game.match import commands as C
from game.modes.horde import crates, waves

from tests.modes.horde.horde_helpers import begin, clear_horde, matches, put, squad  # noqa: F401

MAP = "horde-containment-breach.tmx"
BY_THE_CRATE = (18.5, 3.0)
HORDE_AT = (10.5, 6.5)


def test_a_unit_by_a_crate_it_cannot_work_goes_for_the_horde(matches):
    m = begin(matches(map_name=MAP))
    clear_horde(m)
    me = squad(m)[0]
    mate, *others = squad(m)[1:]
    for i, u in enumerate(others):
        put(m, u, 2 + 2.5 * i, 22)  # the others far away, south-west
    put(m, me, *BY_THE_CRATE)
    put(m, mate, 18.5, 2.0)  # as in seed 38: the squadmate takes the last spot nearer the crate
    card = waves.horde_card(m.mission, "HRD-BOSS2")  # the Ossuary Engine: Null Construct, no shot while unhurt
    with m._in_world():
        foe = m.spawn("horde", card.name, card, *HORDE_AT, 0.0)
    crate = "crate-4"
    with m._in_world():  # where seed 38's Supply Drop put it
        m.place_marker(crate, crates.CRATE, "Crate 4", 17.5, 2.5, 0.0, card=crates.crate_card(m.mission),
                       item_side="neutral", where="by the Supply Drop", rules="")
    ctl = HordeSquadController("player")
    while m.waiting_for() == "player" and m.active_unit != me:
        if m.activation is None:
            m.submit(C.Activate("player", me))
        else:
            m.submit(C.EndActivation("player"))
    assert m.active_unit == me
    assert m.mission_action_reason(me, "open-crate", crate, None) is not None  # it cannot work the crate from here
    cmd = ctl.decide(m)
    assert isinstance(cmd, C.Move), cmd  # before: EndActivation, and the same every Turn after
    m.submit(cmd)
    assert (m.base(me).x, m.base(me).y) != BY_THE_CRATE
    assert m.act_left() >= 1  # a Move spent: ACT left to fight from there
