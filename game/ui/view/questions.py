"""The match's questions the screen asks (legal commands, reasons, previews), each asked once per match version:
the same question again before the next command is answered from here.

A match version is the match itself, its count of changes (when it keeps one), its commands and its events: any
command (or a new match: undo, load) makes a new one. Answers are shared: a caller must not change a list it is given.
"""
from __future__ import annotations


class Questions:
    def __init__(self, match_of) -> None:
        self.match_of = match_of  # () -> the match shown now
        self._version = None
        self._answers: dict = {}
        self.asked = 0  # questions that went to the match (a test counts them)

    def version(self) -> tuple:
        m = self.match_of()
        return id(m), getattr(m, "version", None), len(m.log), len(m.events)

    def ask(self, name: str, *args):
        """`match.<name>(*args)`, once per match version."""
        v = self.version()
        if v != self._version:
            self._version = v
            self._answers = {}
        key = (name, args)
        if key in self._answers:
            return self._answers[key]
        self.asked += 1
        got = self._answers[key] = getattr(self.match_of(), name)(*args)
        return got

    def legal(self, side: str) -> list:
        """`match.legal_commands(side)`, once per match version."""
        return self.ask("legal_commands", side)
