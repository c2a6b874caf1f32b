"""The table the screen shows is kept from each command's events: after every command of whole games (First
Mission, PvE, PvP with markers to carry, Horde waves), what the reading holds is what a full reading of the match
would give, while most commands read only the units their events name."""
import pytest

from game.headless import build_scenario
from game.match import events as E
from game.modes import create_match
from game.modes.session import play
from game.ui.view.reading import TableReading, changes_of, same_as_match

GAMES = [("first-mission", 3), ("first-mission", 11), ("pve", 4), ("pvp-recover-intel", 5), ("pvp-sabotage", 2),
         ("horde", 7)]


@pytest.mark.parametrize("mission,seed", GAMES)
def test_the_reading_follows_a_whole_game_command_by_command(mission, seed):
    m = create_match(build_scenario(mission, None, None, "default", "inches", {}), seed)
    reading = TableReading(m)
    assert same_as_match(reading) == []
    commands = partial = outs = outs_partial = 0

    def check(events):
        nonlocal commands, partial, outs, outs_partial
        ch = reading.apply(events)
        commands += 1
        partial += not ch.full
        if any(isinstance(e, E.TakenOut) for e in events):
            outs += 1
            outs_partial += not ch.full
        wrong = same_as_match(reading)
        assert wrong == [], f"after command {commands} ({[type(e).__name__ for e in events]}): {wrong[:3]}"

    try:
        play(m, on_events=check)
    finally:
        m.close()
    assert commands > 30
    assert partial > commands / 3, f"only {partial} of {commands} commands were read in part"
    assert outs_partial >= outs / 2, f"of {outs} commands that took a unit out only {outs_partial} were read in part"


def test_what_a_batch_of_events_changes():
    moved = E.Moved(4, "Vex", "player", ((1.0, 1.0, 0.0), (3.0, 1.0, 2.0)), "move")
    ch = changes_of([moved, E.Note("x")])
    assert not ch.full and ch.units == {4} and ch.markers
    ch = changes_of([E.HitLost(7, "Bug", 1, source=4)])
    assert not ch.full and ch.units == {7, 4} and not ch.markers
    assert changes_of([moved, E.TurnStarted(2, 6)]).full, "a new Turn: everything again (Readiness)"
    ch = changes_of([E.TakenOut(7, "Bug", "npc")])
    assert not ch.full and ch.units == {7} and ch.members and ch.markers, \
        "a unit leaves the table: read with the labels that change, and the markers (Control)"
