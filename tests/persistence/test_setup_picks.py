"""The setup forms' last picks (saves/setup-picks.json): written atomically, read without trust; only small plain
values come back, and a file that cannot be read gives no picks and is left as it is."""
import json

from game.persistence.setup_picks import FILE_NAME, load_picks, save_picks


def test_picks_round_trip(tmp_path):
    forms = {"setup_pvp": {"index": 14, "sides": {"player": {"name": "Ana", "ctl": "person"}}, "map_label": "City"}}
    save_picks(tmp_path, forms)
    assert load_picks(tmp_path) == forms
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]  # no temporary file left


def test_only_small_plain_values_come_back(tmp_path):
    raw = {"format": "ruinstars-setup-picks", "version": 1, "forms": {
        "ok": {"a": "x", "n": 3, "b": True, "l": ["p", "q"]},
        "long": {"a": "x" * 500},
        "float": {"a": 1.5},
        "deep": {"a": {"b": [["too deep"]]}},
        "huge": {"a": 10 ** 20},
        "not a form": [1, 2],
    }}
    (tmp_path / FILE_NAME).write_text(json.dumps(raw))
    assert load_picks(tmp_path) == {"ok": {"a": "x", "n": 3, "b": True, "l": ["p", "q"]}}


def test_a_damaged_file_gives_no_picks_and_stays(tmp_path):
    for bad in (b"{not json", b"[" * 100_000, b'{"format": "ruinstars-setup-picks", "version": 9, "forms": {}}',
                b'{"format": "something-else"}', b"\xff\xfe"):
        (tmp_path / FILE_NAME).write_bytes(bad)
        assert load_picks(tmp_path) == {}
        assert (tmp_path / FILE_NAME).read_bytes() == bad
    assert load_picks(tmp_path / "missing") == {}
