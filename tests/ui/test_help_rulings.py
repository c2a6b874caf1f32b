"""The in-game help shows every reading the game makes, so a player can see how a rule was read."""
import re
from pathlib import Path

from game.ui.help_text import rulings_html

NOTES = Path(__file__).resolve().parents[2] / "docs" / "rules-notes.md"


def test_every_rules_note_is_in_the_help():
    ids = re.findall(r"^- \*\*([NB]\d+)\b", NOTES.read_text(encoding="utf-8"), flags=re.M)
    assert "N1" in ids and "B1" in ids
    html = rulings_html()
    missing = [i for i in ids if f"<b>{i}" not in html]
    assert not missing, f"readings missing from the help: {missing}"
