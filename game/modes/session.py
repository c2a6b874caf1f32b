"""A session: a match and who controls each of its sides. The one loop that drives computer sides.

Each side of a scenario is controlled by a person at this screen, by its NPC Behaviour, or by a computer
opponent (SideSpec.control). The session builds a controller for every side that is not a person (the
mission picks the NPC Behaviour interpreter and the computer player it needs) and steps them: the screen
calls `step()` once per animation beat, the headless runner and the balance lab call `run()`. When the
decision belongs to a person, the session says which one (`person_to_act`), so the screen can hand over.

Each person may say how often they want to be asked about their Armor Saves (`ask_saves`, by name: ASK_SAVES):
every question the match asks them, only when a re-roll or Tactical Order could change the HIT their units lose,
or never. It is a preference of the people at the screen, not a rule: the match still asks only a side with a real
choice (N2, N67), and an answer the preference gives (`standing_answer`) is an ordinary command in the log.

What the computer players carry between decisions (`controller_states`, each one's `state`) is what a save of the
match keeps beside it (game/persistence/controller_states.py); the first session made for a loaded match has its
players carry on from the states the save kept (`hand_states`), so the game plays on as if never saved.
"""
from __future__ import annotations

import logging
import time
import weakref
from dataclasses import dataclass

from game.ai.common import thinking
from game.battlefield.search import work_slice
from game.match import commands as C
from game.match.errors import IllegalCommand
from game.match.flow import OVER
from game.rules.combat import RETURN_SAVE, SAVE
from game.stepwise import run_to_end

log = logging.getLogger(__name__)

MAX_COMMANDS = 50_000
# how often a person is asked about their saves: every time the match asks / only when an answer could change the
# HIT their units lose (or whether one falls) / never (the saves stand as rolled)
ASK_SAVES = ("always", "changes", "never")
ASK_SAVES_DEFAULT = "changes"


class RefusedCommand(RuntimeError):
    """A computer player proposed a command the match refuses (a bug in that player, never a player's mistake)."""


@dataclass(frozen=True, slots=True)
class Person:
    side: str
    seat: int
    name: str  # as the hand-over screen calls them ("Player 1", "Ana", "Squad")


class Session:
    def __init__(self, match, controllers: dict | None = None, ask_saves: dict | None = None,
                 ask_saves_default: str = ASK_SAVES_DEFAULT) -> None:
        """`controllers`: side -> controller, to replace the ones the scenario asks for (tests, the lab).
        `ask_saves`: person's name -> one of ASK_SAVES (others: `ask_saves_default`)."""
        self.match = match
        self.ask_saves = dict(ask_saves or {})
        self.ask_saves_default = ask_saves_default
        self.controllers: dict = {}
        for spec in match.scenario.sides:
            if spec.control != "person":
                self.controllers[spec.side] = make_controller(match, spec.side, spec.control)
        if controllers:
            self.controllers.update(controllers)
        self.last: tuple[str, object] | None = None  # (side, command) of the last computer decision
        self._open: list | None = None  # the decision being worked out: [side, the match's version, its generator,
        # its command once it is made, the controller's state before it began]
        _SESSIONS[match] = weakref.ref(self)  # (weakly: the session holds the match)
        for side, state in _HANDED.pop(match, {}).items():  # (a loaded game: its computer players carry on)
            ctl = self.controllers.get(side)
            try:
                if ctl is None:
                    raise ValueError("no computer player plays that side")
                ctl.restore(state, match)
            except Exception as e:  # (a state from a file: whatever fails, that player starts afresh)
                log.warning("the computer player of side %r starts afresh: its saved state %s", side, e,
                            exc_info=not isinstance(e, ValueError))

    # -- who decides ------------------------------------------------------------------------------------
    def computer_to_act(self) -> bool:
        side = self.match.waiting_for()
        return side is not None and side in self.controllers

    def person_to_act(self) -> Person | None:
        """The person whose decision the match waits for (None: a computer side, or the match is over)."""
        who = self.match.person_to_act()
        if who is None or who[0] in self.controllers:
            return None
        side, seat = who
        spec = self.match.scenario.side(side)
        name = spec.players[seat] if seat < len(spec.players) else (spec.name or side.capitalize())
        return Person(side, seat, name)

    def people(self) -> list[Person]:
        """Everyone at this screen, in seat order (for the hand-over and the co-op setup)."""
        out = []
        for spec in self.match.scenario.sides:
            if spec.control != "person" or spec.side in self.controllers:
                continue
            names = spec.players or (spec.name or spec.side.capitalize(),)
            out += [Person(spec.side, i, n) for i, n in enumerate(names)]
        return out

    def asks_saves(self, name: str) -> str:
        """How often `name` wants to be asked about their saves (one of ASK_SAVES)."""
        level = self.ask_saves.get(name, self.ask_saves_default)
        return level if level in ASK_SAVES else ASK_SAVES_DEFAULT

    def standing_answer(self):
        """The answer a person's preference gives to the open question without asking them (their saves stand:
        AcceptDice), or None: they are asked."""
        m = self.match
        p = m.prompt
        who = self.person_to_act()
        if who is None or p is None or p.kind != "dice" or p.decision is None or \
                p.decision.stage not in (SAVE, RETURN_SAVE):
            return None
        level = self.asks_saves(who.name)
        if level == "always":
            return None
        accept = C.AcceptDice(p.side)
        if level == "never":
            return accept
        return None if self._could_save_hit(p.side) else accept

    def _could_save_hit(self, side: str) -> bool:
        """Some answer to the open dice question could change the HIT `side`'s units lose (or which of them fall),
        as the match works each answer out (game/match/outcomes.py)."""
        m = self.match
        answers = m.answer_outcomes(side)
        if not answers:
            return False
        ours = set(m.all_units_of(side))

        def own(o) -> tuple:
            return (tuple((u, n) for u, n in o.lost if u in ours), tuple(u for u in o.taken_out if u in ours))
        accept = next((a for a in answers if isinstance(a.command, C.AcceptDice)), None)
        if accept is None:
            return True
        base = {own(o) for _, o in accept.chances}  # (accepting rolls nothing: one outcome)
        return any(own(o) not in base for a in answers if a is not accept for _, o in a.chances)

    # -- driving the computer sides ---------------------------------------------------------------------
    def step(self):
        """One decision of the computer side whose turn it is, made and submitted at once (the open one finished):
        its command, or None if the decision is a person's or the match is over. A computer player proposes only
        commands the match accepts: a refused one is a bug in it, and raises RefusedCommand."""
        return self.work(None)

    def work(self, budget_ms: float | None, land: bool = True):
        """Go on with the decision of the computer side whose turn it is for about `budget_ms` (a slice begun is
        finished; None: to its end) and, when `land`, submit its command once it is made: the command, or None
        (still thinking or not landing, a person's decision, or the match is over). An error in the controller, or a
        command the match refuses (RefusedCommand), raises and drops the decision.

        The slices run inside `search.work_slice(end)`: a controller whose `think` asks a question through
        `yield from search.sliced(lambda: match.move_options(uid, MOVE))` has its movement search stop at the end
        of the budget and go on in the next call, where it stopped (the same answer as asked whole); a question
        asked plainly runs its search whole, as before."""
        m = self.match
        side = m.waiting_for()
        if side is None or side not in self.controllers:
            self.cancel()
            return None
        ctl = self.controllers[side]
        version = self._version()
        if self._open is None or self._open[:2] != [side, version]:
            self.cancel()
            if getattr(ctl, "explanation", None):
                ctl.explanation = ""  # a decision that gives no reason shows none (never the last decision's)
            self._open = [side, version, thinking(ctl, m), None, ctl.state(m) if hasattr(ctl, "state") else None]
        plan = self._open
        end = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        with m.reading():  # the match's world stays current for the slices and the command's resolution
            if plan[3] is None and end is None:  # (to its end: its slices one after another, in one slice of work)
                try:
                    with work_slice(None):
                        plan[3] = run_to_end(plan[2])
                except BaseException:
                    self._open = None
                    raise
            while plan[3] is None:
                try:
                    with work_slice(end):  # a search the controller asks through search.sliced stops at `end`
                        next(plan[2])
                except StopIteration as stop:
                    plan[3] = stop.value
                    break
                except BaseException:
                    self._open = None
                    raise
                if end is not None and time.perf_counter() >= end:
                    return None
            if not land:
                return None
            self._open = None
            cmd = plan[3]
            try:
                m.submit(cmd)
            except IllegalCommand as e:
                raise RefusedCommand(f"{type(ctl).__name__} ({side}) proposed {cmd!r} after {len(m.log)} "
                                     f"commands, and the match refused it: {e}") from e
        self.last = (side, cmd)
        return cmd

    @property
    def thinking(self) -> bool:
        """A computer side's decision is open (begun, not yet landed)."""
        return self._open is not None

    def cancel(self) -> None:
        """Drop the open decision (the match is about to change under it: it will be begun again)."""
        if self._open is not None:
            self._open[2].close()
            self._open = None

    def controller_states(self) -> dict:
        """side -> what its computer player carries between decisions (common.ControllerState), as of the match now
        (one deciding: as it was when that decision began, which a loaded game begins again): what a save keeps."""
        out = {}
        for side, ctl in self.controllers.items():
            if self._open is not None and self._open[0] == side:
                state = self._open[4]
            else:
                state = ctl.state(self.match) if hasattr(ctl, "state") else None
            if state is not None:
                out[side] = state
        return out

    def _version(self) -> tuple:
        m = self.match
        return getattr(m, "version", None), len(m.log), len(m.events)

    def run(self, max_commands: int = MAX_COMMANDS, on_events=None) -> None:
        """Drive computer sides until a person must decide or the match is over. `on_events(events)` sees the
        new events after each command (the headless runner prints them)."""
        shown = len(self.match.events)
        for _ in range(max_commands):
            if self.match.phase == OVER or self.step() is None:
                return
            if on_events is not None:
                on_events(self.match.events[shown:])
                shown = len(self.match.events)
        raise RuntimeError(f"the mission did not end within {max_commands} commands")

    def explain(self) -> str:
        """Why the last computer decision was taken, in words (an NPC's Behaviour line), or ""."""
        if self.last is None:
            return ""
        ctl = self.controllers.get(self.last[0])
        return getattr(ctl, "explanation", "") or ""


_SESSIONS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # match -> the session driving it (the last
# made; a weak reference)
_HANDED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # match -> side -> the state its computer player
# carries on from (a loaded save's), taken by the first session made for the match


def controller_states(match) -> dict:
    """side -> the state of the computer player driving it in the session playing `match` ({}: none plays it)."""
    ref = _SESSIONS.get(match)
    s = ref() if ref is not None else None
    return s.controller_states() if s is not None and s.match is match else {}


def hand_states(match, states: dict) -> None:
    """The computer players of the first session made for `match` carry on from `states` (side -> ControllerState:
    a loaded save's); one that cannot is made afresh (a warning logged)."""
    if states:
        _HANDED[match] = dict(states)


def make_controller(match, side: str, control: str):
    """The controller a mission wants for a side (its `npc_controller` / `computer_controller` hook, when the
    mission script has one): an NPC Behaviour interpreter, or a computer player; else the plain defaults."""
    hook = getattr(match.mission, "npc_controller" if control == "npc" else "computer_controller", None)
    ctl = hook(match, side) if hook is not None else None
    if ctl is not None:
        return ctl
    if control == "npc":
        from game.ai.npc import NpcController
        return NpcController(side)
    from game.ai.simple import SimpleSquadController
    return SimpleSquadController(side)


def play(match, controllers: dict | None = None, on_events=None) -> Session:
    """Play a match to the end with computer controllers on every side (people included)."""
    controllers = dict(controllers or {})
    for spec in match.scenario.sides:
        if spec.control == "person" and spec.side not in controllers:
            controllers[spec.side] = make_controller(match, spec.side, "computer")
    s = Session(match, controllers)
    s.run(on_events=on_events)
    return s
