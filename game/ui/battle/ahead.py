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
        self._pass = None  # (key, match, side, the screen version it began at) of the threat pass
        self._passes = 0  # threat passes begun
        self._threat = None  # (version its pass began at, ThreatLayers, match, side) of the last pass finished

    @property
    def threat_shown(self) -> bool:
        return (self.threat_on or self.threat_held) and self.sc.match.phase == "battle"

    # -- the threat areas: a pass over every enemy, a slice each --------------------------------------------------
    def threat_key(self):
        """The key of the threat pass being worked out (or the last one, finished), None before the first."""
        return None if self._pass is None else self._pass[0]

    def _threat_pass(self) -> None:
        """A pass over the enemies for the threat areas: one goes on across new versions of the match (each slice
        reads the match as it is then), so a busy table still gets a finished picture every pass; once it is done,
        it is what is shown, and another begins if the match changed since it began."""
        sc = self.sc
        m, side, look = sc.match, sc.side, self.look
        self._note_threat()
        p = self._pass
        job = look.get(p[0]) if p is not None else None
        if job is not None and p[1] is m and p[2] == side and (not job.done or p[3] == sc.version):
            return
        self._passes += 1
        key = ("threat", self._passes)
        self._pass = (key, m, side, sc.version)
        look.want(key, lambda: threat_work(m, side))

    def _note_threat(self) -> None:
        """The pass just finished becomes the picture shown."""
        p = self._pass
        job = self.look.get(p[0]) if p is not None else None
        if job is not None and job.done and job.value is not None and \
                (self._threat is None or self._threat[1] is not job.value):
            self._threat = (p[3], job.value, p[1], p[2])

    def threat_now(self):
        """(the threat areas of the last pass finished, True when it began at this version of the match), or None:
        the first pass is not done yet. An older picture is shown until the new one is done: never one worked out by
        the screen, only the match's answers of a moment before."""
        t = self._threat
        sc = self.sc
        if t is None or t[2] is not sc.match or t[3] != sc.side:
            return None
        return t[1], t[0] == sc.version

    # -- what is wanted now ------------------------------------------------------------------------------------

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
        if self.threat_shown:
            look.new_version(sc.version, keep=(self.threat_key(),))
            self._threat_pass()
        else:
            look.new_version(sc.version)
            if self._pass is not None:
                look.drop(self._pass[0])
                self._pass = None
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
            self._note_threat()

    @property
    def busy(self) -> bool:
        return self.look.pending

    @property
    def progress(self) -> int:
        """How much work is done (a change draws the screen again)."""
        return sum(1 for j in self.look.jobs.values() if j.done)
