"""The battle in progress kept in the autosave slot (saves/autosave.json), so that nothing a player does is lost.

It is written with the one save writer (atomically: a crash never leaves half a file) after every command: once
the screen is still again (a person's command: while they look at its outcome), within a few seconds while the
computer plays on after a person's command, at each new Turn, and before the battle screen is left or the window
closes. The computer's own commands wait for one of those (a write takes longer than a frame: it is not made in the
middle of the computer's animations; a crash may lose the computer's moves since, never a person's). A battle that
has ended is written with its result, so Continue never offers it again; otherwise Continue opens it exactly
where it was.
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)

MAX_WAIT = 2.0  # seconds a command may wait for the screen to be still (the computer playing on)


class Autosave:
    def __init__(self, scene) -> None:
        self.sc = scene
        self._written = None  # (match, commands) of the last write
        self._failed = None  # (match, commands) whose write failed: tried again only for a new command or a close
        self.error: str | None = None  # why the last write failed (None: the autosave holds the battle)
        self.waited = 0.0

    def _state(self):
        m = self.sc.match
        return m, len(m.log)

    @property
    def current(self) -> bool:
        """The autosave holds the battle as it is now."""
        w = self._written
        m, n = self._state()
        return w is not None and w[0] is m and w[1] == n

    def tick(self, dt: float, settled: bool) -> None:
        """Once a frame: write when the battle changed and the screen is still, or the change has waited long."""
        if self.current:
            self.waited = 0.0
            return
        f = self._failed
        m, n = self._state()
        if f is not None and f[0] is m and f[1] == n:
            return
        self.waited += dt
        if settled or (self.waited >= MAX_WAIT and self.persons_unsaved()):
            self.write()

    def persons_unsaved(self) -> bool:
        """A command of a person at this screen is not in the autosave yet."""
        sc = self.sc
        m, _ = self._state()
        w = self._written
        since = w[1] if w is not None and w[0] is m else 0
        return any(c.side not in sc.session.controllers for c in m.log[since:])

    def write(self) -> bool:
        """Write the battle now unless the autosave already holds it. False if it cannot be written (the player
        is told once; `error` says why)."""
        if self.current:
            return True
        sc = self.sc
        m, n = self._state()
        self.waited = 0.0
        try:
            self.save(m)
        except Exception as e:  # a full disk, a folder that cannot be written: the battle goes on, the player is told
            if not isinstance(e, OSError):
                log.warning("the autosave could not be written", exc_info=True)
            if self.error is None:
                sc.app.toast(f"Autosave failed: {e}", "error")
            self.error = str(e) or type(e).__name__
            self._failed = (m, n)
            return False
        self._written = (m, n)
        self._failed = None
        sc.mark_saved()
        self.error = None
        return True

    def save(self, match) -> None:
        """Write the battle where it is kept: the autosave slot (a battle that belongs to something else, a
        campaign's mission, is kept by an Autosave of its own that writes it there). Raises when it cannot."""
        from game.persistence.saves import AUTOSAVE, save_match
        save_match(match, AUTOSAVE, self.sc.app.saves_dir, label=f"Autosave (Turn {match.turn})")
