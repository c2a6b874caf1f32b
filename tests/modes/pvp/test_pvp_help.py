"""The PvP help and the README explain PvP, every mission and playing against the computer."""
from pathlib import Path

from game.modes.pvp.data import load_book
from game.paths import DATA_DIR, ROOT

HELP = DATA_DIR / "help" / "pvp.md"


def test_the_help_names_every_mission_and_the_computer_opponent():
    text = HELP.read_text(encoding="utf-8")
    for d in load_book()[0]:
        assert f"**{'Climax: ' if d.climax else ''}{d.title}.**" in text, d.title
    for words in ("hand-over", "computer", "Campaign Reward", "roll off", "--headless --mission pvp-"):
        assert words in text


def test_the_readme_has_a_pvp_section():
    text = Path(ROOT / "README.md").read_text(encoding="utf-8")
    assert "## PvP" in text and "--mission pvp-secure-the-zone" in text and "computer opponent" in text
