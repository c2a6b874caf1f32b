"""Computer and NPC sides on the battle screen. The session (game.modes.session, the one loop the headless runner
and the balance lab use too) works out the computer's decision a slice at a time within each frame's budget
(`Session.work`), beginning as soon as the last command landed, while its pictures still play; the command lands
once it is made and the pace allows it (one decision per animation beat). Space or "Skip" plays them at once. The
header shows the controller's explanation of the decision (an NPC's Behaviour line and why).

A computer player that fails (an error in its decision, a command the match refuses) is a bug: the computer
stops, the autosave keeps the battle as it stood before that decision, and a message names the failure. Nothing
is played in its place."""
from __future__ import annotations

import logging
import time

from ..dicelog import LogEntry, Segment

log = logging.getLogger(__name__)

MAX_AT_ONCE = 2000  # decisions played at once by "skip" before the screen draws again
THINK_MS = 1.5  # time a frame may spend on the computer's decision (a slice that is begun is finished)


class ComputerTurns:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.timer = 0.4
        self.skip = False
        self.line = ""  # the explanation of the computer's last decision ...
        self.line_uid: int | None = None  # ... and the unit it was about (shown only while that unit acts)
        self.failed: str | None = None  # why the computer stopped (a failed decision), shown to the player
        self.spent_ms = 0.0  # ms this frame spent on the computer's decision (the work ahead leaves it the frame)

    def acting(self) -> bool:
        """A computer side decides now."""
        m = self.sc.match
        return m.phase != "over" and self.failed is None and self.sc.session.computer_to_act()

    def update(self, dt: float) -> None:
        t0 = time.perf_counter()
        try:
            self._update(dt)
        finally:
            self.spent_ms = (time.perf_counter() - t0) * 1000

    def _update(self, dt: float) -> None:
        sc = self.sc
        if sc.match.phase == "over":
            self.skip = False
            return
        if not self.acting():
            self.timer = min(self.timer, 0.25)
            self.skip = False
            return
        if sc.effects.banner is not None:  # nobody acts behind a banner: it is read first (the decision goes on)
            self.think()
            return
        delay = sc.app.settings.npc_delay
        if self.skip or delay <= 0:
            for _ in range(MAX_AT_ONCE):
                if not self.acting() or not self.play(None):
                    break
            self.skip = False
            return
        if not sc.table_view.animating():  # the pace: one decision per animation beat
            self.timer -= dt
            if self.timer <= 0:
                if self.play(THINK_MS):
                    self.timer = delay
                return
        self.think()  # the decision goes on meanwhile; it lands when it is made and the pace allows it

    def think(self) -> None:
        """A slice of the open decision within the frame's budget; its command waits for the pace."""
        try:
            self.sc.session.work(THINK_MS, land=False)
        except Exception as e:
            self.fail(e)

    def play(self, budget_ms: float | None) -> bool:
        """Go on with the computer's decision for `budget_ms` (None: to its end) and land its command once it is
        made: True when one landed."""
        sc = self.sc
        m = sc.match
        uid = m.active_unit if m.prompt is None else None
        old = dict(sc.by_uid)
        try:
            cmd = sc.session.work(budget_ms)
        except Exception as e:
            self.fail(e)
            return False
        if cmd is None:
            return False
        why = sc.session.explain()
        if why and uid is not None:  # the reason first, then what it did (never after the next unit's header)
            self.line, self.line_uid = why, uid
            sc.log.add([LogEntry("npc", [Segment("text", why)], 1)])
        if budget_ms is None:
            sc.changed(old)  # (played at once: read at once)
        else:
            sc.landing.begin(old)  # at the game's pace: read over the next frames, a stage each
        return True

    def step(self) -> None:
        """One decision of the computer side whose turn it is, at once."""
        self.play(None)

    def fail(self, error: Exception) -> None:
        """The computer could not decide, or the match refused its command: a bug. The computer stops; the
        autosave keeps the battle as it stood before the decision; the player reads what failed."""
        sc = self.sc
        log.error("the computer player failed", exc_info=error)
        self.failed = f"{type(error).__name__}: {error}"
        self.skip = False
        saved = sc.autosave.write()
        where = "The autosave keeps the battle as it stood before this decision." if saved else \
            "The battle could not be saved."
        sc.app.message("The computer player failed",
                       f"The computer player could not go on. This is a bug in the game; please report it with "
                       f"this message.\n\n{self.failed}\n\n{where}")
