"""The battle screen's event feed: the match's new events become battle-log entries, banners (Turns, their end,
the result), their sounds, statistics for the results screen, and the autosave at each new Turn. (What they show
on the table, glides, shots, numbers, crosses, the dice tray, is made by the table's world: game/ui/view.)

It reads the typed events' fields (game/match/events.py), never their text.
"""
from __future__ import annotations

from game.match import events as E
from game.match.attacks import NO_SOURCE

from .. import sound_cues
from ..banners import Banner
from ..board import side_styles
from ..dicelog import DieV, LogEntry, RollReader, Segment
from ..wording import count, people_of
from .results import result_title


def new_stats() -> dict:
    return {"attacks": {}, "taken_out": {}, "rolls": 0, "criticals": 0}


class EventFeed:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.reader = RollReader()
        self.seen = 0  # events read so far
        self.stats = new_stats()
        self.turn_taken: dict[str, int] = {}  # units Taken Out this Turn, by side

    def restart(self) -> None:
        """Read the whole match again (a new match, another palette): the log is rebuilt from its events."""
        self.reader = RollReader()
        self.seen = 0

    def ingest(self, initial: bool = False, old=None, loaded: bool = False) -> None:
        """Turn the match's new events into log entries and effects (animations, banners, autosave)."""
        sc = self.sc
        m = sc.match
        if self.seen == 0:  # (re)reading the whole match: count from scratch
            self.stats = new_stats()
            self.turn_taken = {}
        events = m.events[self.seen:]
        self.seen = len(m.events)
        entries = []
        autosave = False
        banner = None
        spawned: dict[str, int] = {}  # new units at the start of the Turn, by kind (the Turn banner says so)
        for e in events:
            entry = self.reader.entry(e)
            if entry is not None:
                if isinstance(e, E.ActivationStarted):  # in the colour of the side's bases, whoever is seated
                    entry.style = "player" if side_styles(m).get(e.side) == "player" else "npc_act"
                entries.append(entry)
            self._count(e)
            if initial:
                if isinstance(e, E.TurnStarted):
                    self.turn_taken = {}
                continue
            banner = self._effect(e, old, banner, spawned)
            if isinstance(e, E.TurnStarted):
                autosave = True
        if banner is not None:
            for kind, k in spawned.items():
                banner.lines.append(f"{count(k, kind)} {'appears' if k == 1 else 'appear'}")
        if loaded and entries:
            entries.append(LogEntry("ui", [Segment("text", f"-- game loaded: Turn {m.turn} --")]))
        sc.log.add(entries)
        if not initial and not loaded:
            sound_cues.on_events(sc.app, events)  # dice, hits, saves, Taken Out, a new Turn
        if autosave and not initial:
            sc.autosave.want()  # (written after every command anyway: a new Turn over the next frames, whatever moves)

    def _count(self, e) -> None:
        st = self.stats
        if e.kind in ("roll", "table_roll", "orders"):
            st["rolls"] += 1
        if isinstance(e, E.TakenOut) and not e.item:
            st["taken_out"][e.side] = st["taken_out"].get(e.side, 0) + 1
            self.turn_taken[e.side] = self.turn_taken.get(e.side, 0) + 1
        if isinstance(e, E.AttackDeclared) and e.attacker != NO_SOURCE:  # (Damage nobody dealt: a collapse)
            s = self.sc.match.unit(e.attacker).side
            st["attacks"][s] = st["attacks"].get(s, 0) + 1

    def _effect(self, e, old, banner, spawned):
        """The banners of one event (and the Turn banner being filled in, returned). (What it shows on the table,
        the glides, shots, numbers, crosses and dice, is the table's world's: game/ui/view.)"""
        sc = self.sc
        m = sc.match
        fx = sc.effects
        if isinstance(e, E.TurnEnded):
            fx.banners.append(self.end_banner(e.turn))
            self.turn_taken = {}
        elif isinstance(e, E.TurnStarted):
            limit = f" of {e.turns}" if e.turns else ""
            banner = Banner(f"Turn {e.turn}{limit}", [], kind="turn")
            fx.banners.append(banner)
        elif isinstance(e, E.TacticalOrdersRolled) and banner is not None and e.side == sc.side:
            banner.dice = [DieV.of(d) for d in e.dice]
            banner.lines.insert(0, f"Tactical Orders: {e.total} TO  (each 1-3 gives 1"
                                + (f", +{e.bonus} for units Taken Out)" if e.bonus else ")"))
        elif isinstance(e, (E.InitiativeGiven, E.InitiativeRolled)) and banner is not None:
            winner = getattr(e, "side", getattr(e, "winner", ""))
            if sc.named and winner in m.sides:  # several people at the screen: by name
                banner.lines.append(f"{people_of(m, winner)} has the Initiative")
            else:
                banner.lines.append("Your squad has the Initiative" if winner == sc.side else e.text)
        elif isinstance(e, E.MissionEvent) and banner is not None:
            if e.text not in banner.lines and len(banner.lines) < 6:
                banner.lines.append(e.text)
        elif isinstance(e, E.Spawned) and banner is not None:
            kind = m.unit(e.uid).card.name
            spawned[kind] = spawned.get(kind, 0) + 1
        elif isinstance(e, E.MissionOver):
            res = m.result
            fx.banners.append(Banner(result_title(m, sc.side)[0], [res.text if res else e.text], kind="result",
                                     duration=2.0))
            sc.result_timer = 2.2
        return banner

    def end_banner(self, turn: int) -> Banner:
        sc = self.sc
        m = sc.match
        lines = []
        npc_out = sum(v for k, v in self.turn_taken.items() if k != sc.side)
        own_out = self.turn_taken.get(sc.side, 0)
        if not sc.named:
            lines.append(f"Enemies Taken Out this Turn: {npc_out}   ·   your units lost: {own_out}")
        summary = sc.mission_summary()
        for ob in (summary.objectives if summary is not None else ())[:3]:
            lines.append(f"{ob.label}: {ob.told()}")
        if sc.named:
            squads = [s for s in m.sides if s not in m.npc_sides]
            lines.append("   ·   ".join(f"{people_of(m, s)}: {len(m.units(s))} standing" for s in squads) +
                         "   ·   unused Tactical Orders are lost")
        else:
            lines.append(f"Your squad: {len(m.units(sc.side))} standing   ·   unused Tactical Orders are lost")
        return Banner(f"End of Turn {turn}", lines, kind="end", duration=2.4)
