"""A session: a match and who controls each of its sides. The one loop that drives computer sides.

Each side of a scenario is controlled by a person at this screen, by its NPC Behaviour, or by a computer
opponent (SideSpec.control). The session builds a controller for every side that is not a person (the
mission picks the NPC Behaviour interpreter and the computer player it needs) and steps them: the screen
calls `step()` once per animation beat, the headless runner and the balance lab call `run()`. When the
decision belongs to a person, the session says which one (`person_to_act`), so the screen can hand over.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.match.errors import IllegalCommand
from game.match.flow import OVER

MAX_COMMANDS = 50_000


class RefusedCommand(RuntimeError):
    """A computer player proposed a command the match refuses (a bug in that player, never a player's mistake)."""


@dataclass(frozen=True, slots=True)
class Person:
    side: str
    seat: int
    name: str  # as the hand-over screen calls them ("Player 1", "Ana", "Squad")


class Session:
    def __init__(self, match, controllers: dict | None = None) -> None:
        """`controllers`: side -> controller, to replace the ones the scenario asks for (tests, the lab)."""
        self.match = match
        self.controllers: dict = {}
        for spec in match.scenario.sides:
            if spec.control != "person":
                self.controllers[spec.side] = make_controller(match, spec.side, spec.control)
        if controllers:
            self.controllers.update(controllers)
        self.last: tuple[str, object] | None = None  # (side, command) of the last computer decision

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

    # -- driving the computer sides ---------------------------------------------------------------------
    def step(self):
        """One decision of the computer side whose turn it is (None if it is a person's, or the match is over).
        A computer player proposes only commands the match accepts: a refused one is a bug in it, and raises."""
        m = self.match
        side = m.waiting_for()
        if side is None or side not in self.controllers:
            return None
        ctl = self.controllers[side]
        with m.reading():  # the match's world stays current for the decision and the command's resolution
            cmd = ctl.decide(m)
            try:
                m.submit(cmd)
            except IllegalCommand as e:
                raise RefusedCommand(f"{type(ctl).__name__} ({side}) proposed {cmd!r} after {len(m.log)} "
                                     f"commands, and the match refused it: {e}") from e
        self.last = (side, cmd)
        return cmd

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
