"""The screen asks the match each question once per match version: asked again before the next command, the
answer is the one kept; after a command (or on another match) the match is asked again."""
from game.ai.simple import SimpleSquadController
from game.modes import create_match, first_mission_scenario
from game.modes.session import Session
from game.ui.view.questions import Questions


class Counting:
    """A match whose legal_commands calls are counted."""

    def __init__(self, m) -> None:
        self.m = m
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.m, name)

    def legal_commands(self, side):
        self.calls += 1
        return self.m.legal_commands(side)


def test_legal_commands_are_asked_once_per_match_version():
    m = create_match(first_mission_scenario(), 4, prepare=True)
    try:
        c = Counting(m)
        q = Questions()
        side = m.waiting_for() or m.sides[0]
        first = q.legal(c, side)
        assert first == m.legal_commands(side)
        for _ in range(5):
            assert q.legal(c, side) is first
        assert c.calls == 1 and q.asked == 1
        s = Session(m, {side: SimpleSquadController(side)} if side != "npc" else {})
        s.controllers.update({sd: SimpleSquadController(sd) for sd in m.sides if sd not in s.controllers})
        s.step()
        now = m.waiting_for() or side
        assert q.legal(c, now) == m.legal_commands(now), "a new version: asked again, the answer is today's"
        assert c.calls == 2
        q.legal(c, now)
        assert c.calls == 2
    finally:
        m.close()


def test_another_match_is_another_version():
    a = create_match(first_mission_scenario(), 4, prepare=True)
    b = create_match(first_mission_scenario(), 5, prepare=True)
    try:
        q = Questions()
        q.ask(a, "units", "player")
        assert q.ask(b, "units", "player") == b.units("player")
        assert q.asked == 2
    finally:
        a.close()
        b.close()
