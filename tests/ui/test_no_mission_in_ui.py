"""Nothing mission-specific in the screen's code: the battle screen draws what the mission reports (its markers,
zones, summary, questions, texts), so no mission's name or id, and none of its units' or items' names, appears in
game/ui. Exempt: the help texts (they teach a mission), the mode setup screens (each sets up its own mode:
setup_*.py, horde_*.py, campaign/setup.py; setup_scene.py is the First Mission's setup), the title menu (title.py)
and launch.py (it opens each mode's battle screen)."""
import re
from pathlib import Path

from game.content import load_catalog
from game.modes import missions

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
EXEMPT = re.compile(r"^(help_text.*|help_.*|setup_.*|horde_.*|title|launch|campaign/setup)\.py$")


def forbidden_words() -> set[str]:
    """Every registered mission's id and title, the names of the items missions place (Spawn Points...) and of
    the units that follow a Behaviour (the NPCs missions bring)."""
    cat = load_catalog()
    words = set()
    for e in missions():
        words |= {e.id, e.title, e.script.title, e.script.id}
    words |= {item.name for item in cat.items.values()}
    for ut in cat.unit_types.values():
        if any(s in cat.skills and cat.skills[s].kind == "behavior" for s in ut.defaults):
            words.add(ut.name)
    return {w for w in words if w}


def scanned_files() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if not EXEMPT.match(p.name) and not EXEMPT.match(
        p.relative_to(UI).as_posix()))


def test_the_scan_sees_the_first_missions_words_and_the_battle_screen():
    words = forbidden_words()
    assert {"first-mission", "Survive", "Spawn Point", "Bug"} <= words, words
    names = {p.name for p in scanned_files()}
    assert {"scene.py", "feed.py", "texts.py", "board.py", "prompts.py", "skillui.py", "wording.py", "hub.py"} <= names
    assert UI / "campaign" / "setup.py" not in scanned_files() and UI / "campaign" / "hub.py" in scanned_files()


def test_no_mission_name_or_id_in_the_screens_code():
    texts = {p: p.read_text(encoding="utf-8") for p in scanned_files()}
    hits = []
    for word in sorted(forbidden_words()):
        nocase = "-" in word
        pat = re.compile(r"(?<![\w-])" + re.escape(word) + r"s?(?![\w-])", re.IGNORECASE if nocase else 0)
        for p, text in texts.items():
            if (word.lower() not in text.lower()) if nocase else (word not in text):
                continue  # a plain substring test first: the pattern only where the word occurs at all
            lines = text.splitlines()
            for i, line in enumerate(lines, 1):
                if pat.search(line):
                    hits.append(f"{p.relative_to(UI.parent.parent)}:{i}: {word!r} in {line.strip()[:80]}")
    assert not hits, "mission-specific words in game/ui:\n" + "\n".join(hits)
