"""Computer and NPC sides on the battle screen: the session (game.modes.session, the one loop the headless runner
and the balance lab use too) takes one decision per animation beat; Space or "Skip" plays them at once. The
header shows the controller's explanation of the decision (an NPC's Behaviour line and why)."""
from __future__ import annotations

from ..dicelog import LogEntry, Segment

MAX_AT_ONCE = 2000  # decisions played at once by "skip" before the screen draws again


class ComputerTurns:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.timer = 0.4
        self.skip = False
        self.line = ""  # the explanation of the computer's last decision ...
        self.line_uid: int | None = None  # ... and the unit it was about (shown only while that unit acts)

    def acting(self) -> bool:
        """A computer side decides now."""
        m = self.sc.match
        return m.phase != "over" and self.sc.session.computer_to_act()

    def update(self, dt: float) -> None:
        sc = self.sc
        if sc.match.phase == "over":
            self.skip = False
            return
        if sc.effects.banner is not None:
            return  # nobody acts behind a banner: it is read first (click, Space or Enter dismisses it)
        delay = sc.app.settings.npc_delay
        if self.skip or delay <= 0:
            for _ in range(MAX_AT_ONCE):
                if not self.acting():
                    break
                self.step()
            self.skip = False
            return
        if not self.acting():
            self.timer = min(self.timer, 0.25)
            return
        if sc.table_view.animating():
            return
        self.timer -= dt
        if self.timer > 0:
            return
        self.step()
        self.timer = delay

    def step(self) -> None:
        """One decision of the computer side whose turn it is, through the session."""
        sc = self.sc
        m = sc.match
        uid = m.active_unit if m.prompt is None else None
        old = dict(sc.by_uid)
        try:
            cmd = sc.session.step()
        except Exception:  # never stall on a computer that cannot decide
            sc.app.toast("The computer could not decide: it takes the first possible action", "error")
            legal = m.legal_commands(m.waiting_for() or "")
            if legal:
                sc.submit(legal[0], quiet=True)
            return
        if cmd is None:
            return
        why = sc.session.explain()
        if why and uid is not None:  # the reason first, then what it did (never after the next unit's header)
            self.line, self.line_uid = why, uid
            sc.log.add([LogEntry("npc", [Segment("text", why)], 1)])
        sc.changed(old)
