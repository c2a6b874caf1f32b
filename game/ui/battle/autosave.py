"""The battle in progress kept in the autosave slot (saves/autosave.json), so that nothing a player does is lost.

It is written with the one save writer (atomically: a crash never leaves half a file, the file on disk is always a
whole save) after every command: once the screen is still again (a person's command: while they look at its
outcome), within a few seconds while the computer plays on after a person's command, at each new Turn, and before
the battle screen is left or the window closes. The computer's own commands wait for one of those. A write is
spread over frames (`save_writing.save_stages`: a few entities, cards or log entries a piece, STAGE_MS of them a frame, the
file written whole in the last), while the match does not change; when it changes meanwhile the write begins again
with the match as it is then. Leaving the screen or closing the window finishes a write under way at once (or makes
one), so no command is lost. A battle that has ended is written with its result, so Continue never offers it again;
otherwise Continue opens it exactly where it was.
"""
from __future__ import annotations

import logging

from .pieces import InPieces

log = logging.getLogger(__name__)

MAX_WAIT = 2.0  # seconds a command may wait for the screen to be still (the computer playing on)
STAGE_MS = 1.2  # time a frame may spend on the autosave's write under way (a piece that is begun is finished)


class Autosave:
    def __init__(self, scene) -> None:
        self.sc = scene
        self._written = None  # (match, commands) of the last write
        self._failed = None  # (match, commands) whose write failed: tried again only for a new command or a close
        self.error: str | None = None  # why the last write failed (None: the autosave holds the battle)
        self.waited = 0.0
        self.work = InPieces()  # the write under way, for (match, commands, the match's version)
        self._wanted = False  # a write is due whatever the screen does (a new Turn): in pieces, over the next frames

    def _state(self):
        m = self.sc.match
        return m, len(m.log)

    @property
    def current(self) -> bool:
        """The autosave holds the battle as it is now."""
        w = self._written
        m, n = self._state()
        return w is not None and w[0] is m and w[1] == n

    @property
    def pieces(self) -> int:
        """Pieces of writes run (tests, the bench)."""
        return self.work.pieces

    @property
    def under_way(self) -> bool:
        """A write of the battle as it is now is under way (spread over the frames)."""
        m, n = self._state()
        return self.work.key == (m, n, getattr(m, "version", None))

    def want(self) -> None:
        """Write the battle soon, in pieces over the next frames, whether the screen is still or not (a new Turn)."""
        self._wanted = True

    def tick(self, dt: float, settled: bool) -> None:
        """Once a frame: a piece of the write under way; or begin one when the battle changed and the screen is
        still, the change has waited long, or a write is wanted."""
        if self.current:
            self.waited = 0.0
            self._wanted = False
            self.work.drop()
            return
        f = self._failed
        m, n = self._state()
        if f is not None and f[0] is m and f[1] == n:
            return
        self.waited += dt
        if not self.under_way:
            self.work.drop()  # (the match changed under it: begun again below, with the match as it is now)
            if settled or self._wanted or (self.waited >= MAX_WAIT and self.persons_unsaved()):
                self.work.begin((m, n, getattr(m, "version", None)), self.stages(m))
        if self.work.key is not None:
            self._go_on(STAGE_MS)

    def _go_on(self, budget_ms: float | None) -> bool:
        """Run pieces of the write under way for about `budget_ms` (None: to its end): True once it is written."""
        m, n, _ = self.work.key
        try:
            done, _ = self.work.go_on(budget_ms)
        except Exception as e:
            self._fail(e, m, n)
            return False
        if done:
            self._done(m, n)
        return done

    def persons_unsaved(self) -> bool:
        """A command of a person at this screen is not in the autosave yet."""
        sc = self.sc
        m, _ = self._state()
        w = self._written
        since = w[1] if w is not None and w[0] is m else 0
        return any(c.side not in sc.session.controllers for c in m.log[since:])

    def write(self) -> bool:
        """Write the battle now unless the autosave already holds it (a write under way of the battle as it is now
        is finished at once). False if it cannot be written (the player is told once; `error` says why)."""
        if self.current:
            return True
        if self.under_way:
            return self._go_on(None)
        self.work.drop()
        m, n = self._state()
        try:
            self.save(m)
        except Exception as e:  # a full disk, a folder that cannot be written: the battle goes on, the player is told
            self._fail(e, m, n)
            return False
        self._done(m, n)
        return True

    def _done(self, m, n) -> None:
        self.waited = 0.0
        self._wanted = False
        self._written = (m, n)
        self._failed = None
        self.sc.mark_saved()
        self.error = None

    def _fail(self, e: Exception, m, n) -> None:
        self.waited = 0.0
        if not isinstance(e, OSError):
            log.warning("the autosave could not be written", exc_info=e)
        if self.error is None:
            self.sc.app.toast(f"Autosave failed: {e}", "error")
        self.error = str(e) or type(e).__name__
        self._failed = (m, n)

    def save(self, match) -> None:
        """Write the battle where it is kept, at once: the autosave slot (a battle that belongs to something else, a
        campaign's mission, is kept by an Autosave of its own that writes it there). Raises when it cannot."""
        from game.stepwise import run_to_end
        run_to_end(self.stages(match))

    def stages(self, match):
        """The write of `save`, in pieces (a generator: save_writing.save_stages). A keeper that writes elsewhere and says
        only how to `save` (a campaign's file) writes in one piece."""
        if type(self).save is not Autosave.save:
            return _in_one_piece(self.save, match)
        from game.persistence.save_format import AUTOSAVE
        from game.persistence.save_writing import save_stages
        return save_stages(match, AUTOSAVE, self.sc.app.saves_dir, label=f"Autosave (Turn {match.turn})")


def _in_one_piece(save, match):
    save(match)
    return
    yield  # (a generator)
