"""What a bench reports besides its printed figures: its failures. A failure is something broken (a crash, a replay
that differs, a damaged file that escaped its check), never a missed speed or strength target: those are printed
beside their targets and flagged "MISS". `run.py bench` fails when any bench returns failures."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Failures:
    count: int
    what: str = ""  # in a few words: "campaigns that raised", "fuzz failures"

    def __bool__(self) -> bool:
        return self.count > 0

    @property
    def exit_code(self) -> int:
        return 1 if self.count else 0
