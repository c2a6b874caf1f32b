"""Replays: a saved or finished battle watched again, command by command, forwards and backwards.

A battle is scenario + seed + commands. The cursor replays them once from the start, keeping a snapshot of the
state every CHECKPOINT_EVERY commands (game.match.snapshot) and, for every position, how many events had
happened and which Turn it was. Going forwards submits the next commands to the match on show; going
backwards (or jumping) restores the nearest snapshot at or before the position and replays only the few
commands after it, so any position is at most CHECKPOINT_EVERY commands away.

A position n is the battle after its first n commands (0: before anything; len(commands): the end).

    cursor = ReplayCursor.from_save(path)         # SaveError (in words) when the save cannot be read
    cursor.step(+1); cursor.step_group(-1); cursor.jump_to_turn(3); cursor.match  # the state on show
    cursor.close()
"""
from __future__ import annotations

import bisect
import logging

from game.match import events as E
from game.match import codec, snapshot
from game.match.errors import IllegalCommand
from game.modes import create_match

CHECKPOINT_EVERY = 16

log = logging.getLogger(__name__)


class ReplayError(Exception):
    """The commands do not replay to the battle they came from (words for the player)."""


class ReplayCursor:
    def __init__(self, scenario, seed: int, commands, catalog=None, expected_hash: str | None = None,
                 label: str = "") -> None:
        self.scenario = scenario
        self.seed = seed
        self.catalog = catalog
        self.label = label
        full = create_match(scenario, seed, catalog)
        full.checkpoint_every = CHECKPOINT_EVERY
        self.marks = [len(full.events)]  # events that had happened after n commands
        self.turns_at = [full.turn]  # the Turn after n commands
        try:
            for i, c in enumerate(commands):
                try:
                    full.submit(c)
                except IllegalCommand as e:
                    raise ReplayError(f"command {i + 1} ({c.describe()}) is not legal on replay: {e}") from None
                self.marks.append(len(full.events))
                self.turns_at.append(full.turn)
            if expected_hash and full.state_hash() != expected_hash:
                raise ReplayError("replaying the commands gives a different battle than was played")
        except BaseException:
            full.close()
            raise
        self.commands = list(full.log)
        self.events: list = full.events  # every event of the battle (the match on show holds a prefix)
        self._rolls = list(full.rolls_per_command)
        self.checkpoints = list(full.checkpoints)
        self._cp_at = [cp["commands"] for cp in self.checkpoints]
        self.final_hash = full.state_hash()
        self.result = full.result
        self.match = full  # the match on show, at position `pos`
        self.pos = len(self.commands)
        self.groups = self._group_starts()
        self.turn_starts = self._turn_starts()
        self.rebuilds = 0  # how often a step went back to a snapshot (the bench reads it)

    # -- building ---------------------------------------------------------------------------------------
    @classmethod
    def from_match(cls, match, label: str = "") -> "ReplayCursor":
        """A replay of `match` (left untouched): its scenario, seed and commands, checked against its state."""
        from game.match.history import HistoryError
        try:
            commands = list(match.log)  # (a loaded match's older log is decoded and checked here)
        except HistoryError as e:
            raise ReplayError(str(e)) from None
        return cls(match.scenario, match.seed, commands, match.catalog, expected_hash=match.state_hash(), label=label)

    @classmethod
    def from_save(cls, path, catalog=None) -> "ReplayCursor":
        """A replay of a save. The save is read and checked exactly as loading it is (SaveError in words
        otherwise; the file is never changed)."""
        from pathlib import Path

        from game.persistence.save_loading import load_match
        match = load_match(Path(path), catalog)
        try:
            label = Path(path).stem
            return cls.from_match(match, label=label)
        finally:
            match.close()

    def close(self) -> None:
        if self.match is not None:
            self.match.close()
            self.match = None

    # -- where we are -----------------------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.commands)

    @property
    def at_start(self) -> bool:
        return self.pos == 0

    @property
    def at_end(self) -> bool:
        return self.pos == self.length

    @property
    def turn(self) -> int:
        return self.turns_at[self.pos]

    def events_until(self, pos: int | None = None) -> list:
        """The events that had happened at position `pos` (default: the one on show)."""
        return self.events[:self.marks[self.pos if pos is None else pos]]

    def events_between(self, a: int, b: int) -> list:
        """The events of the commands from position a to position b (a < b)."""
        return self.events[self.marks[a]:self.marks[b]]

    def last_events(self) -> list:
        """What the last command played did (nothing at the start)."""
        return [] if self.pos == 0 else self.events_between(self.pos - 1, self.pos)

    @property
    def turns(self) -> list[int]:
        """The Turns this battle reached, in order."""
        return sorted(self.turn_starts)

    def _group_starts(self) -> list[int]:
        """Positions between groups of commands: before each command that activates a unit, deploys one or
        starts a Turn (so a group is one activation and what it caused), and the two ends."""
        out = {0, self.length}
        for i in range(self.length):
            for e in self.events[self.marks[i]:self.marks[i + 1]]:
                if isinstance(e, (E.TurnStarted, E.Deployed)) or (isinstance(e, E.ActivationStarted) and not e.grant):
                    out.add(i)
                    break
        return sorted(out)

    def _turn_starts(self) -> dict[int, int]:
        """Turn -> the position just after the command that started it (its Tactical Orders rolled)."""
        out: dict[int, int] = {}
        for i in range(self.length):
            for e in self.events[self.marks[i]:self.marks[i + 1]]:
                if isinstance(e, E.TurnStarted) and e.turn not in out:
                    out[e.turn] = i + 1
        return out

    # -- moving -----------------------------------------------------------------------------------------
    def seek(self, pos: int) -> list:
        """Show the battle after its first `pos` commands (clamped). Returns the events that are new when going
        forwards (for sounds and animations), [] when going backwards."""
        pos = max(0, min(self.length, pos))
        if pos == self.pos:
            return []
        start = self.pos
        if pos > self.pos and self._nearest_checkpoint(pos) <= self.pos:
            self._play(self.pos, pos)  # nothing nearer than where we are: just play on
        else:
            self._rebuild(pos)
        self.pos = pos
        return self.events_between(start, pos) if pos > start else []

    def step(self, delta: int = 1) -> list:
        """One command forwards (+1) or backwards (-1)."""
        return self.seek(self.pos + delta)

    def step_group(self, delta: int = 1) -> list:
        """To the next (+1) or previous (-1) group boundary: one activation at a time."""
        if delta > 0:
            i = bisect.bisect_right(self.groups, self.pos)
            return self.seek(self.groups[min(i, len(self.groups) - 1)])
        i = bisect.bisect_left(self.groups, self.pos) - 1
        return self.seek(self.groups[max(i, 0)])

    def jump_to_turn(self, turn: int) -> bool:
        """To the start of Turn `turn` (its Tactical Orders rolled); False if the battle never reached it."""
        pos = self.turn_starts.get(turn)
        if pos is None:
            return False
        self.seek(pos)
        return True

    def _nearest_checkpoint(self, pos: int) -> int:
        i = bisect.bisect_right(self._cp_at, pos) - 1
        return self._cp_at[i] if i >= 0 else 0

    def _play(self, a: int, b: int) -> None:
        for c in self.commands[a:b]:
            self.match.submit(c)

    def _rebuild(self, pos: int) -> None:
        """A fresh match at `pos`: from the nearest snapshot at or before it, then the commands after it."""
        self.rebuilds += 1
        table = self.match.table
        self.match.close(keep_table=True)
        self.match = create_match(self.scenario, self.seed, self.catalog, table=table)
        i = bisect.bisect_right(self._cp_at, pos) - 1
        start = 0
        if i >= 0:
            try:
                snapshot.restore(self.match, self.checkpoints[i], events=self.events, log=self.commands,
                                 rolls=self._rolls)
                start = self._cp_at[i]
            except codec.SnapshotError:  # never trusted blindly: the commands are the truth
                log.warning("replay: a snapshot did not restore; replaying from the start", exc_info=True)
                self.match.close(keep_table=True)
                self.match = create_match(self.scenario, self.seed, self.catalog, table=table)
        self._play(start, pos)
