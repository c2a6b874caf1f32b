"""Counts with proper plurals, for every text a player reads (the engine's log and results, the modes' notes
and the screen all use these):

    count(1, "unit") -> "1 unit"; count(2, "enemy") -> "2 enemies"; count(3, "Turn") -> "3 Turns"

and names made safe for the Markdown reports (`markdown_text`).
"""
from __future__ import annotations

import re

_IRREGULAR = {"enemy": "enemies", "die": "dice", "Enemy": "Enemies", "ally": "allies", "Critical Save":
              "Critical Saves"}


def plural(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(s|x|ch|sh)$", word):
        return word + "es"
    return word + "s"


def count(n: int, word: str, many: str | None = None) -> str:
    """"1 unit", "3 units", "0 enemies" ("many": the plural when it is not the regular one)."""
    return f"{n} {word if n == 1 else (many or plural(word))}"


def markdown_text(text) -> str:
    """Text safe inside a Markdown table cell or list item (names come from players' rosters): one line, and the
    characters Markdown reads as a table border or emphasis escaped."""
    return " ".join(str(text).split()).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
