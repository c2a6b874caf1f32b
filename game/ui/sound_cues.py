"""Which typed event plays which sound. The battle screen (and the replay viewer) hands every batch of new events
to `on_events(app, events)`; the batch of one command plays each of its sounds once, in the order a player
follows them: the dice, then a Critical, then what the saves did (a save, a hit), then a unit Taken Out.

    AttackRolled, SavesRolled, a re-roll, Tactical Orders, a mission's roll -> "dice"
    a Critical (a natural 1) among Attack dice or saves                    -> "critical"
    Damage that every save stopped                                         -> "save"
    HIT lost (DamageTaken, HitLost)                                        -> "hit"
    TakenOut                                                               -> "taken_out" (instead of "hit")
    TurnStarted                                                            -> "turn"
"""
from __future__ import annotations

from game.match import events as E

# when each sound starts after the batch arrives (seconds): one after the other, as the dice are read
DELAYS = {"turn": 0.0, "dice": 0.0, "critical": 0.15, "save": 0.3, "hit": 0.3, "taken_out": 0.5}
ORDER = ("turn", "dice", "critical", "save", "hit", "taken_out")

_DICE = (E.AttackRolled, E.SavesRolled, E.DieRerolled, E.AutoStrikeRolled, E.ProtectRolled, E.TacticalOrdersRolled,
         E.DiceRolled, E.InitiativeRolled)


def cues(events) -> list[str]:
    """The sounds a batch of events plays, each once, in the order they are heard."""
    found: set[str] = set()
    for e in events:
        if isinstance(e, E.TurnStarted):
            found.add("turn")
        elif isinstance(e, _DICE):
            found.add("dice")
            if isinstance(e, (E.AttackRolled, E.SavesRolled)):
                crit = 2 if getattr(e, "hardened", False) else 1  # Hardened: 1s and 2s are Critical Saves
                if any(not d.auto and d.shift == 0 and d.natural <= crit for d in e.dice):
                    found.add("critical")
        elif isinstance(e, E.DamageTaken):
            found.add("hit" if e.amount > 0 else "save")
        elif isinstance(e, E.HitLost) and e.amount > 0:
            found.add("hit")
        elif isinstance(e, E.TakenOut):
            found.add("taken_out")
    if "taken_out" in found:
        found.discard("hit")  # the louder one says it
    if "hit" in found:
        found.discard("save")
    return [name for name in ORDER if name in found]


def on_events(app, events) -> list[str]:
    """Play the sounds of a batch of new events through the App's Sound service; returns their names (the
    ones asked for, whether or not a device plays them)."""
    names = cues(events)
    sound = getattr(app, "sound", None)
    if sound is not None:
        for name in names:
            sound.play(name, DELAYS.get(name, 0.0))
    return names
