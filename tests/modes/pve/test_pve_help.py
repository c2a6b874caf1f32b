"""The in-game PvE help lists every table the game rolls on, as the data holds it."""
from pathlib import Path

from .conftest import DATA

HELP = Path(__file__).resolve().parents[3] / "assets" / "data" / "help" / "pve.md"


def test_the_help_lists_every_row_of_every_table():
    text = HELP.read_text(encoding="utf-8")
    for o in DATA.objectives:
        assert f"**{o.roll} {o.name}.** {o.setup} {o.rules} Goal: {o.victory}" in text
    for b in DATA.battlefields:
        assert f"**{b.roll} {b.name} - {b.effect}.** {b.text}" in text
    for d in DATA.deployments:
        assert f"**{d.roll} {d.name}.** {d.text}" in text
    for e in DATA.turn_events:
        assert f"**{e.roll} {e.name}.** {e.text}" in text
    for beh in DATA.behaviours.values():
        for _, line in beh.lines:
            assert line in text


def test_the_help_lists_each_factions_spawn_table():
    text = HELP.read_text(encoding="utf-8")
    for f in DATA.factions:
        assert f"### {f.roll} {f.name}" in text
        for tl in (1, 2, 3):
            rows = ", ".join(f"{r.faces}: {r.count} x {f.unit(r.unit).name}" for r in f.spawn[tl])
            assert f"- Threat Level {tl}: {rows}" in text, (f.id, tl)


def test_the_help_explains_co_op_and_extraction():
    text = HELP.read_text(encoding="utf-8")
    assert "## Co-op" in text and "Squad Leader" in text and "50 GP" in text
    assert "Extraction" in text and "left behind" in text


def test_the_help_lists_the_later_editions_tables_and_how_to_pick_it():
    from game.modes.pve.data_e2 import zone_words
    text = HELP.read_text(encoding="utf-8")
    assert "## The later edition (a labelled variant)" in text and "`--option edition=e2`" in text
    for o in DATA.e2.objectives:
        assert f"**{o.id} {o.name}.** {o.setup} {o.rules} Goal: {o.victory}" in text
    for b in DATA.e2.battlefields:
        assert f"**{b.roll} {b.name} - {b.effect}.** {b.text}" in text
    for d in DATA.e2.deployments:
        assert f"**{d.roll} {d.name}.** Squad A: {zone_words(d.a, 4)}; Squad B: {zone_words(d.b, 4)}." in text


def test_the_help_lists_every_scripted_mission_and_how_to_play_it():
    text = HELP.read_text(encoding="utf-8")
    assert "`--option scripted=last-signal-1.1`" in text and "`--option operation=HEG-SWM-01,2`" in text
    for m in DATA.book.last_signal:
        assert f"**{m.heading}: {m.title}.** {DATA.faction(m.npc).name}, Threat Level {m.tl}" in text
    for op in DATA.book.operations:
        assert f"**{op.id} {op.title}** (" in text
    assert "P27-P35" in text
