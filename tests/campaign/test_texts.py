"""The campaign help, the README and the rules readings say what the game does: every Injury and Spoil of War of
the data, the Homebase's order, the command lines, rulings C1-C26 (the PvP campaign's from C15, the scripted ones' from C23)."""
from pathlib import Path

from game.content import load_catalog
from game.content.injuries_spoils import injuries_and_spoils
from game.paths import DATA_DIR, ROOT
from game.ui.help_text import help_file_html, help_files

HELP = DATA_DIR / "help" / "campaign.md"
CAT = load_catalog()


def test_the_help_names_every_injury_and_spoil_and_the_homebase_order():
    text = HELP.read_text(encoding="utf-8")
    t = injuries_and_spoils(CAT)
    for face, inj in enumerate(t.injury_table, 1):
        assert f"| {face} | {'Recovered' if inj is None else CAT.skills[inj].name}" in text
    for s in t.spoils:
        assert f"**{CAT.skills[s].name}**" in text, s
    order = [text.index(f"**{step}.**") for step in ("Memorial", "Healing", "Recruiting", "Gear", "Spoils of War")]
    assert order == sorted(order)
    for words in ("8 MP", "Ironman", "Deceased", "--headless --campaign pve", "saves/campaigns/", "C1-C33",
                  "--campaign pvp", "--campaign last-signal", "--campaign operation:GRU-OCL-01",
                  "Spoil of War per mission it won", "+1 TO in Turn 1", "Hegemony squad"):
        assert words in text
    assert ("PvE campaigns", HELP) in help_files()
    assert "Deep Wound" in help_file_html(HELP)


def test_the_readme_and_the_rules_readings():
    readme = Path(ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Campaigns" in readme and "--headless --campaign pve" in readme and "lab --campaign pve" in readme
    notes = Path(ROOT / "docs" / "rules-notes.md").read_text(encoding="utf-8")
    assert "## Campaigns (C1-C33)" in notes and "### The PvP campaign (C15-C22)" in notes
    assert "### The scripted campaigns (C23-C26)" in notes and "### Campaign Rewards in the battle (C27-C33)" in notes
    for words in ("--campaign pvp", "--campaign last-signal", "--campaign operation:GRU-OCL-01", "lab --campaign"):
        assert words in readme, words
    for n in range(1, 34):
        assert notes.count(f"- **C{n} (") == 1, n
