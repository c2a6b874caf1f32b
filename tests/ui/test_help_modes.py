"""The help screen lists every play mode's help file (assets/data/help/*.md) and shows it from its light markup:
headings, paragraphs, bullet and numbered lists, tables; a file that cannot be read says so."""
import pygame

from game.ui import help_text
from game.ui.help_screen import HelpScene
from game.ui.help_text import help_file_html, help_files, markup_html

from .driver import Driver

HORDE = """# Horde mode

Hold out against **waves**, one after another.
The waves grow.

## Each round
- Spawn the wave
  at the table edge
- Fight

1. Roll the wave
2. Place it

| Wave | Foes |
|------|------|
| 1 | 3 <small> |
"""


def test_light_markup_becomes_the_text_box_html():
    html = markup_html(HORDE)
    assert html.startswith("<font size=5><b>Horde mode</b></font><br>")
    assert "Hold out against <b>waves</b>, one after another. The waves grow.<br><br>" in html
    assert "<font size=4><b>Each round</b></font><br>" in html
    assert "• Spawn the wave at the table edge<br>• Fight<br>" in html
    assert "1. Roll the wave<br>2. Place it<br>" in html
    assert "<b>Wave  ·  Foes</b><br>1  ·  3 &lt;small&gt;<br>" in html  # the separator row is gone, < escaped
    assert "|" not in html and "**" not in html and "#" not in html


def test_the_help_screen_lists_the_modes_help_files(app, tmp_path, monkeypatch):
    (tmp_path / "horde.md").write_text(HORDE, encoding="utf-8")
    (tmp_path / "pvp.md").write_text("# Player against player\n\nTwo squads, one table.\n", encoding="utf-8")
    (tmp_path / "broken.md").write_bytes(b"\xff\xfe# not really text \x00")
    monkeypatch.setattr(help_text, "help_dir", lambda: tmp_path)
    assert [t for t, _ in help_files()] == ["Broken", "Horde mode", "Player against player"]
    d = Driver(app)
    d.step(2)
    d.key(pygame.K_F1)
    sc = d.scene
    assert isinstance(sc, HelpScene) and sc.tab_names[-1] == "Modes"
    d.click(sc.tabs[-1])
    assert sc.file_list is not None
    assert "Horde" not in sc.box.html_text  # the first file shows first
    pick = next(el for el in sc.file_list.item_list if el["text"] == "Horde mode")
    d.click(pick["button_element"])
    d.step(2)
    assert "<b>Horde mode</b>" in sc.box.html_text and "• Fight" in sc.box.html_text
    d.shot("help-modes")
    d.key(pygame.K_F1)
    assert not isinstance(d.scene, HelpScene)


def test_no_help_files_no_modes_tab(app, tmp_path, monkeypatch):
    monkeypatch.setattr(help_text, "help_dir", lambda: tmp_path / "missing")
    assert help_files() == []
    d = Driver(app)
    d.step(2)
    d.key(pygame.K_F1)
    assert "Modes" not in d.scene.tab_names


def test_an_unreadable_help_file_says_so(tmp_path):
    html = help_file_html(tmp_path / "gone.md")
    assert "cannot be read" in html and "gone.md" in html


def test_f1_during_a_pve_mission_opens_the_pve_help(make_app):
    """F1 opens on the help of the mode being played (or set up): the PvE help in a PvE mission, not the first
    file in name order (the Horde's)."""
    from game.ui.setup_pve import PveBriefingScene, PveSetupScene
    app = make_app()
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_pve)
    assert isinstance(d.scene, PveSetupScene)
    d.key(pygame.K_F1)
    help_sc = d.scene
    assert isinstance(help_sc, HelpScene) and help_sc.files[help_sc.file][1].stem == "pve"
    assert help_sc.tab_names[help_sc.tab] == "Modes" and "PvE" in help_sc.box.html_text
    d.key(pygame.K_F1)
    d.click(d.scene.b_go)
    br = d.scene
    while isinstance(br, PveBriefingScene) and br.choice_buttons:
        d.click(br.choice_buttons[0][0])
    d.click(br.b_go)
    battle = d.scene
    assert battle.help_mode == "pve"
    d.key(pygame.K_F1)
    assert isinstance(d.scene, HelpScene) and d.scene.files[d.scene.file][1].stem == "pve"
    d.step(2)
    d.shot("help-in-a-pve-mission")
    d.key(pygame.K_F1)
    d.click(battle.b_help)  # the Help button too
    assert isinstance(d.scene, HelpScene) and d.scene.files[d.scene.file][1].stem == "pve"
    # on the title screen (no mode): the first tab, as before
    app.pop()
    from game.ui.title import TitleScene
    app.replace(TitleScene(app))
    d.key(pygame.K_F1)
    assert isinstance(d.scene, HelpScene) and d.scene.tab == 0
