"""The match's checkpoints (the snapshots an undo starts from, and a save's split) taken over frames on the battle
screen.

A match made for a player captures a snapshot every `checkpoint_every` commands inside the command that reaches
one: at 48 units about 5 ms of the frame that resolves that command. On the battle screen the match is left to take
none itself (its `checkpoint_every` is kept here while the screen shows it, and given back when the screen is left);
once as many commands were played since its last checkpoint, the snapshot is captured here a few entities a frame
(`snapshot.checkpoint_stages`, the same checkpoint as `checkpoint`: the data `capture` gives, packed) while the
match does not change, and added to the match's checkpoints; a match that changes meanwhile is captured again as it
is then. Undo and saves read the checkpoints as before: one at a command count that is not a multiple of the
interval is as good as any.
"""
from __future__ import annotations

from game.match import snapshot

from .pieces import InPieces

STAGE_MS = 1.2  # time a frame may spend on a checkpoint under way (a piece begun is finished)


class Checkpoints:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.every = 0  # the interval the screen's matches asked for (0: none: the screen takes no checkpoints)
        self._held: list = []  # the matches whose interval the screen holds (given back when it is left)
        self.work = InPieces()  # the capture under way, for (match, its version)
        self.taken = 0  # checkpoints captured here (tests, the bench)

    def adopt(self, match) -> None:
        """The screen takes the checkpoints of `match` from now on (a match shown; an undone one is made with the
        interval the screen holds, none, and goes on with the screen's)."""
        if match.checkpoint_every:
            self.every = match.checkpoint_every
            match.checkpoint_every = 0
            self._held.append(match)

    def release(self) -> None:
        """The screen is left: the matches take their own checkpoints again (one under way is finished first)."""
        m = self.sc.match
        if self.work.key == (m, m.version):
            self._go_on(None)
        self.work.drop()
        for m in self._held + [self.sc.match]:
            if self.every and not m.checkpoint_every:
                m.checkpoint_every = self.every
        self._held = []

    def due(self, m) -> bool:
        if not self.every or m.checkpoint_every or m.phase in ("setup", "deploy"):
            return False
        last = m.checkpoints[-1]["commands"] if m.checkpoints else 0
        return len(m.log) - last >= self.every

    def tick(self, budget_ms: float = STAGE_MS) -> bool:
        """Once a frame: a piece of the checkpoint under way, or begin one that is due. True when it worked."""
        m = self.sc.match
        self.adopt(m)
        if self.work.key != (m, m.version):
            self.work.drop()  # (the match changed under it: captured again below, as it is now)
            if not self.due(m):
                return False
            self.work.begin((m, m.version), snapshot.checkpoint_stages(m))
        self._go_on(budget_ms)
        return True

    def _go_on(self, budget_ms: float | None) -> None:
        m = self.work.key[0]
        done, captured = self.work.go_on(budget_ms)
        if done:
            m.checkpoints.append(captured)
            self.taken += 1
