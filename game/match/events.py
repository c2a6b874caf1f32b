"""Events the match emits."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Event:
    kind: str  # "log", "roll", "move", "attack", "taken_out", "spawn", "turn", "activation", "result", "token"
    text: str
    data: dict = field(default_factory=dict)

