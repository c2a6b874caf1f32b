"""What the battle screen works out ahead of the player (foresight.py) and when: the threat overlay while it is
shown (T toggles it, Alt shows it while held), what the hovered Move destination would see, the intent of the NPC
under the mouse, why the spot under the mouse is out of reach. Each is asked once per match version (and hovered
spot or unit) and worked out a slice per frame by the lookahead; what the mouse is on is asked once it rests
there a moment (like a tooltip), so sweeping the mouse over the table costs nothing."""
from __future__ import annotations

from .foresight import destination_work, intent_work, out_of_reach_work, threat_work
from .lookahead import BUDGET_MS, Lookahead

DWELL = {"dest": 0.12, "intent": 0.25, "reach": 0.25}  # seconds the mouse rests on a thing before it is asked


class Ahead:
    def __init__(self, scene) -> None:
        self.sc = scene
        self.look = Lookahead()
        self.threat_on = False  # toggled with T
        self.threat_held = False  # while Alt is held
        self._resting: dict[str, tuple] = {}  # kind -> (key, time the mouse came to it)
        self.held_back = False  # the last frame ran no work ahead (the mouse's own work took its time)

    @property
    def threat_shown(self) -> bool:
        return (self.threat_on or self.threat_held) and self.sc.match.phase == "battle"

    # -- what is wanted now ------------------------------------------------------------------------------------
    def threat_key(self):
        return ("threat", self.sc.version, self.sc.side)

    def destination_key(self):
        sel = self.sc.sel
        if sel.mode not in ("move", "dash") or sel.hover_spot is None or sel.selected is None:
            return None
        return ("dest", self.sc.version, sel.selected, tuple(sel.hover_spot[:3]))

    def controller_of(self, uid):
        """The computer controller of the unit's side when it can tell what the unit would do, else None."""
        ctl = self.sc.session.controllers.get(self.sc.match.side_of(uid))
        return ctl if ctl is not None and hasattr(ctl, "intent") else None

    def intent_key(self):
        sc = self.sc
        uid = sc.sel.hover_uid
        if uid is None or sc.match.phase != "battle" or uid not in sc.by_uid or sc.by_uid[uid].item:
            return None
        if self.controller_of(uid) is None:
            return None
        return ("intent", sc.version, uid)

    def reach_key(self):
        sel = self.sc.sel
        pv = sel.shown_preview
        if sel.mode not in ("move", "dash") or pv is None or sel.mouse_board is None or sel.hover_spot is not None \
                or sel.hover_uid is not None:
            return None
        x, y = sel.mouse_board
        bf = self.sc.match.table.battlefield
        if not (0 <= x <= bf.width and 0 <= y <= bf.height):
            return None
        return ("reach", self.sc.version, sel.selected, round(x * 2) / 2, round(y * 2) / 2)

    def _rested(self, key) -> bool:
        """The mouse has rested on what `key` is about long enough to ask (a new key starts the clock)."""
        kind = key[0]
        now = self.sc.time
        seen = self._resting.get(kind)
        if seen is None or seen[0][2:] != key[2:]:
            self._resting[kind] = (key, now)
            return DWELL[kind] <= 0
        return now - seen[1] >= DWELL[kind]

    def result(self, key):
        job = self.look.get(key) if key is not None else None
        return job.value if job is not None and job.done else None

    # -- each frame ---------------------------------------------------------------------------------------------
    def update(self, spent_ms: float = 0.0) -> None:
        """Ask for what is wanted now and run a slice of the work within the frame's budget, less `spent_ms`
        the frame already spent on what is under the mouse; a frame that spent it all runs none, the next one
        runs at least one slice (the work goes on while the mouse sweeps)."""
        sc = self.sc
        m = sc.match
        look = self.look
        look.new_version(sc.version)
        if self.threat_shown:
            side = sc.side
            look.want(self.threat_key(), lambda: threat_work(m, side))
        key = self.destination_key()
        if key is not None and (look.get(key) is not None or self._rested(key)):
            look.want(key, lambda: destination_work(m, key[2], key[3]))
        key = self.intent_key()
        if key is not None and (look.get(key) is not None or self._rested(key)):
            ctl = self.controller_of(key[2])
            look.want(key, lambda: intent_work(ctl, m, key[2]))
        key = self.reach_key()
        if key is not None and (look.get(key) is not None or self._rested(key)):
            name = "Move" if sc.sel.mode == "move" else "Dash"
            look.want(key, lambda: out_of_reach_work(m, key[2], key[3], key[4], sc.sel.mode, name))
        if look.pending:
            if spent_ms >= BUDGET_MS and not self.held_back:
                self.held_back = True
                return
            self.held_back = False
            look.run(max(0.0, BUDGET_MS - spent_ms))

    @property
    def busy(self) -> bool:
        return self.look.pending

    @property
    def progress(self) -> int:
        """How much work is done (a change draws the screen again)."""
        return sum(1 for j in self.look.jobs.values() if j.done)
