"""What the computer opponent of one side may know of a PvP mission (placeholder)."""
from __future__ import annotations


def brief(match, script, side: str):
    return None
