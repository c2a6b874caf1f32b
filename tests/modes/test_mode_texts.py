"""What every play mode writes for the player (the battle log from its events, the result, the summary box) is
written for a player: proper plurals, no internal ids, no code names, no "None"."""
import re

import pytest

from game.headless import play_headless
from game.match import commands as C

BAD = {
    "a lazy plural": re.compile(r"\w\(s\)"),
    "None": re.compile(r"\bNone\b"),
    "a numbered object": re.compile(r"#\d"),
    "a uid": re.compile(r"\buids?\b"),
    "a base id": re.compile(r"\b(?:player|npc) base\b"),
    "a command's class name": re.compile(r"\b(?:" + "|".join(
        n for n in dir(C) if isinstance(getattr(C, n), type) and re.search(r"[a-z][A-Z]", n)) + r")\b"),
    "a ruling's code": re.compile(r"\((?:R|N|P|H|V)\d+\b[^)]*\)"),
    "a grant's code": re.compile(r"\((?:dbd|disciplined|order|compel|standby|prod|catalyse)\)"),
    "a map author's code": re.compile(r"'[A-Z]{1,3}\d*'"),
    "one with a plural": re.compile(r"(?:^\s*|[(\[:,;]\s*|\bblunt )1 (?:saves|waves|units|dice|Attack dice|"
                                    r"Strikes|Turns|actions|enemy units)\b"),  # (not "Bug 1 saves 2": a name)
    "a sentence's stop before a colon": re.compile(r"\.:"),
    "a result that contradicts itself": re.compile(r"extracted but nobody extracted"),
}


def texts_of(m) -> list[str]:
    out = [e.text for e in m.events if e.text]
    if m.result is not None:
        out.append(m.result.text)
    s = m.mission.summary(m)
    if s is not None:
        out += [s.title, s.turn_text, *s.notes]
        out += [t for ob in s.objectives for t in (ob.label, ob.status)]
    return out


@pytest.mark.parametrize("mission,seed", [("first-mission", 2), ("pve", 3), ("pve", 7), ("pve", 1021),
                                          ("pvp-rivals", 3), ("pvp-sabotage", 4), ("horde", 3), ("horde", 7)])
def test_what_a_mode_writes_reads_as_words(mission, seed):
    m = play_headless(seed, mission)
    try:
        bad = [(what, t) for t in texts_of(m) for what, rx in BAD.items() if rx.search(t)]
        assert not bad, bad[:5]
    finally:
        m.close()
