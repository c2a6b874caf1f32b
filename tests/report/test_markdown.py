"""The battle report in Markdown, and its export: saves/reports/<name>.md, written atomically."""
import os
from dataclasses import replace

import pytest

from game.headless import play_headless
from game.match import events as E
from game.report import battle_report, export_report, facts_of, luck_of
from game.report.luck import trials_of


@pytest.fixture(scope="module")
def played():
    m = play_headless(7)
    yield m
    m.close()


def test_report_has_every_section_with_the_battle_numbers(played):
    facts = facts_of(played)
    text = battle_report(facts)
    for heading in ("# Battle report: Survive", "## Squads", "## Dice", "## Luck", "## Turning points",
                    "## Units Taken Out"):
        assert heading in text
    assert f"**Dice seed**: 7 ({len(played.log)} commands" in text
    res = played.result
    assert f"**Result**: {res.outcome.capitalize()} on Turn {res.turn}: {res.text}" in text
    # the dice table holds the counts of the dice in the events
    trials = trials_of(facts.events, facts.side_of)
    for s in luck_of(facts):
        n_att = sum(1 for t in trials if t.side == s.side and t.kind == "attack")
        n_save = sum(1 for t in trials if t.side == s.side and t.kind == "save")
        row = next(line for line in text.splitlines() if line.startswith(f"| {s.name} | {n_att} | "))
        assert f"| {n_save} | {s.save.successes} ({s.save.expected:.1f}) |" in row
        assert f"**{s.name}**: {s.verdict()}" in text
    # every unit Taken Out is listed, in order
    out = [e.name for e in played.events if isinstance(e, E.TakenOut)]
    section = text.split("## Units Taken Out")[1]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Turn")]
    assert [r.split(" | ")[1].replace(" (item)", "") for r in rows] == out
    # every squad member has a line
    for u in facts.units.values():
        assert f"| {u.name} |" in text


def test_names_cannot_break_the_tables(played):
    facts = facts_of(played)
    uid = next(iter(facts.units))
    units = dict(facts.units)
    units[uid] = replace(units[uid], name="Bad|Name*_x")
    text = battle_report(replace(facts, units=units))
    assert "Bad\\|Name\\*\\_x" in text and "Bad|Name" not in text


def test_export_writes_the_report_atomically(played, tmp_path):
    facts = facts_of(played)
    folder = tmp_path / "saves" / "reports"
    path = export_report(facts, folder, "my battle")
    assert path == folder / "my-battle.md"
    assert path.read_text(encoding="utf-8") == battle_report(facts)
    assert os.listdir(folder) == ["my-battle.md"]  # no temporary file left behind
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError):
        export_report(facts, blocker, "r")  # a file where the folder should be
    assert blocker.read_text() == "x"


def test_a_battle_not_over_says_so(played):
    facts = replace(facts_of(played), outcome=None, result_text="")
    assert f"**Result**: not over yet (Turn {facts.turn})" in battle_report(facts)
