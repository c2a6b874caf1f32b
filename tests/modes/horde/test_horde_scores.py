"""The local high-score table per map (saves/horde-scores.json): written atomically, read without trust."""
import json

import pytest

from game.persistence.horde_scores import (TOP, HordeScoresError, load_scores, record_run, row_from_run,
                                           scores_path)

RUN = {"squad": "Interdictors", "waves_cleared": 5, "mp_earned": 41, "bosses_beaten": ["Broodmind"],
       "units_lost": ["Corvius"], "outcome": "defeat", "wave_reached": 6, "seed": 3}


def row(waves, mp, lost=0, when="2026-01-01T10:00"):
    return row_from_run(dict(RUN, waves_cleared=waves, mp_earned=mp, units_lost=["x"] * lost), when=when)


def test_runs_are_ranked_by_waves_then_mp_then_losses(tmp_path):
    path = scores_path(tmp_path)
    assert load_scores(path) == {}
    assert record_run(path, "horde-last-stand.tmx", row(5, 40)) == 1
    assert record_run(path, "horde-last-stand.tmx", row(7, 10)) == 1
    assert record_run(path, "horde-last-stand.tmx", row(5, 40, lost=2)) == 3
    assert record_run(path, "horde-supply-corridor.tmx", row(1, 4)) == 1
    table = load_scores(path)
    assert [(r["waves_cleared"], r["mp"], r["units_lost"]) for r in table["horde-last-stand.tmx"]] == \
        [(7, 10, 0), (5, 40, 0), (5, 40, 2)]
    assert table["horde-last-stand.tmx"][1]["bosses"] == ["Broodmind"]
    data = json.loads(path.read_text())
    assert data["format"] == "ruinstars-horde-scores" and data["version"] == 1
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary file left


def test_only_the_best_are_kept(tmp_path):
    path = scores_path(tmp_path)
    for k in range(TOP):
        record_run(path, "m", row(5, 10 + k))
    assert record_run(path, "m", row(0, 0)) is None
    assert len(load_scores(path)["m"]) == TOP


@pytest.mark.parametrize("content,problem", [("{not json", "damaged"), ('{"format": "other"}', "not a Ruinstars"),
                                             ('{"format": "ruinstars-horde-scores", "version": 9, "maps": {}}',
                                              "newer version")])
def test_a_bad_file_is_named_and_never_changed(tmp_path, content, problem):
    path = scores_path(tmp_path)
    path.write_text(content)
    with pytest.raises(HordeScoresError, match=problem) as e:
        record_run(path, "m", row(3, 3))
    assert "horde-scores.json" in str(e.value)
    assert path.read_text() == content


def test_hand_edited_rows_that_make_no_sense_are_skipped(tmp_path):
    path = scores_path(tmp_path)
    path.write_text(json.dumps({"format": "ruinstars-horde-scores", "version": 1,
                                "maps": {"m": [{"squad": "A", "waves_cleared": "lots", "mp": 1}, "x",
                                               {"squad": "B", "waves_cleared": 2, "mp": 3}]}}))
    assert [r["squad"] for r in load_scores(path)["m"]] == ["B"]
