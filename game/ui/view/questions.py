"""The match's questions the screen asks (legal commands, reasons, previews), each asked once per match version:
the same question again before the next command is answered from here.

A match version is the match itself, its count of changes (when it keeps one), its commands and its events: any
command (or a new match: undo, load) makes a new one. Answers are shared: a caller must not change a list it is
given. `legal(match, side)` is what the screen's handlers, question box and skill buttons ask.
"""
from __future__ import annotations


class Questions:
    def __init__(self) -> None:
        self._match = None
        self._version = None
        self._answers: dict = {}
        self.asked = 0  # questions that went to the match (a test counts them)

    @staticmethod
    def version(m) -> tuple:
        return getattr(m, "version", None), len(m.log), len(m.events)

    def ask(self, m, name: str, *args):
        """`m.<name>(*args)`, once per match version."""
        return self.answer(m, (name, args), lambda: getattr(m, name)(*args))

    def answer(self, m, key, make):
        """`make()`, once per match version and `key` (a question the screen words from the match's answers: the
        action buttons' states of a unit)."""
        v = self.version(m)
        if m is not self._match or v != self._version:
            self._match, self._version = m, v
            self._answers = {}
        if key in self._answers:
            return self._answers[key]
        self.asked += 1
        reading = getattr(m, "reading", None)  # (the match's world current while it answers: no switch per lookup)
        if reading is None:
            got = self._answers[key] = make()
        else:
            with reading():
                got = self._answers[key] = make()
        return got

    def legal(self, m, side: str) -> list:
        """`m.legal_commands(side)`, once per match version."""
        return self.ask(m, "legal_commands", side)


QUESTIONS = Questions()  # the screen's (one match is shown at a time)


def legal(match, side: str) -> list:
    """The legal commands of `side` now, asked of the match once per match version."""
    return QUESTIONS.legal(match, side)
