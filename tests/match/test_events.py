"""Every event of a played mission is a typed, frozen record; the battle log is written from them."""
import dataclasses

import pytest

from game.headless import play_headless
from game.match import events as E


def test_events_are_frozen_typed_records_and_the_log_comes_from_them():
    m = play_headless(5)
    try:
        assert m.events
        kinds = set()
        for e in m.events:
            assert isinstance(e, E.Event) and dataclasses.is_dataclass(e)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(e, dataclasses.fields(e)[0].name, None)
            kinds.add(type(e).__name__)
        for needed in ("TurnStarted", "TacticalOrdersRolled", "ActivationStarted", "Moved", "AttackDeclared",
                       "AttackRolled", "SavesRolled", "DamageTaken", "AttackEnded", "TakenOut", "Spawned",
                       "MissionOver"):
            assert needed in kinds
        assert m.battle_log() == [e.text for e in m.events if e.text]
        moves = [e for e in m.events if isinstance(e, E.Moved) and e.action == "move"]
        assert moves and all(len(e.path) >= 2 for e in moves)
        # a move's path ends where the unit ended up (the screen animates it from the event alone)
        last = {}
        for e in moves:
            last[e.uid] = e.end
        for uid, end in last.items():
            p = m.position(uid)
            if p is not None and not any(isinstance(x, E.Moved) and x.uid == uid and x.action != "move"
                                         for x in m.events):
                assert (round(p.x, 6), round(p.y, 6)) == (round(end[0], 6), round(end[1], 6))
    finally:
        m.close()
