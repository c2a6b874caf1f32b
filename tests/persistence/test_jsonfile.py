"""The one reader of the game's JSON files: size cap before reading, only regular files, a nesting cap that
needs no recursion, finite numbers of sane size; and the atomic writer's temporary files are cleaned up."""
import json
import os
import time

import pytest

from game.persistence import jsonfile
from game.persistence.jsonfile import (MAX_DEPTH, nesting_depth, read_json, read_versioned_json,
                                       remove_stale_temp_files, write_json_atomic)
from game.persistence.save_listing import list_saves


class Bad(Exception):
    def __init__(self, path, problem):
        super().__init__(f"{path.name}: {problem}")
        self.problem = problem


def _read(path, max_bytes=10_000):
    return read_json(path, max_bytes, "save", Bad)


def test_a_good_file_reads(tmp_path):
    p = tmp_path / "a.json"
    p.write_text('\ufeff{"a": [1, 2.5, "x", {"b": null}], "c": true}', encoding="utf-8")
    assert _read(p) == {"a": [1, 2.5, "x", {"b": None}], "c": True}


def test_size_is_checked_before_anything_is_read(tmp_path, monkeypatch):
    p = tmp_path / "big.json"
    p.write_bytes(b"[" + b"1," * 6000 + b"1]")

    def no_reading(*a):
        raise AssertionError("the file was read")
    monkeypatch.setattr(jsonfile.os, "read", no_reading)
    with pytest.raises(Bad, match=r"is too large to be a save \(12003 bytes; the limit is 10000\)"):
        _read(p)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_behind_a_save_name_is_refused_unread(tmp_path):
    p = tmp_path / "zero.json"
    p.symlink_to("/dev/zero")
    with pytest.raises(Bad, match="not a regular file"):
        _read(p)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_refused_without_blocking(tmp_path):
    p = tmp_path / "pipe.json"
    os.mkfifo(p)
    with pytest.raises(Bad, match="not a regular file"):
        _read(p)


def test_folders_and_missing_files(tmp_path):
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(Bad, match="not a regular file|cannot be read"):
        _read(tmp_path / "dir.json")
    with pytest.raises(Bad, match="cannot be read"):
        _read(tmp_path / "gone.json")


@pytest.mark.parametrize("text,problem", [
    ('{"turn": Infinity}', "not finite (Infinity)"),
    ('{"turn": -Infinity}', "not finite (-Infinity)"),
    ('{"x": NaN}', "not finite (NaN)"),
    ('{"x": 1e999}', "too large to use (1e999)"),
    ('{"x": -1e400}', "too large to use"),
    ('{"x": 2.5E+308}', "too large to use (2.5E+308)"),
    ('{"x": [1, 3e-999]}', "too large to use (3e-999)"),
    ('{"x": 1.e1000}', "too large to use"),
    ('{"seed": ' + "7" * 5000 + "}", "whole number too large to use (5000 digits)"),
    ('{"seed": ' + "7" * 25 + "}", "whole number too large to use (25 digits)"),
    ("", "is empty"),
    ("   \n", "is empty"),
    ('{"a": 1', "not valid JSON (line 1, column 8)"),
])
def test_numbers_json_cannot_use_and_broken_text(tmp_path, text, problem):
    p = tmp_path / "x.json"
    p.write_text(text)
    with pytest.raises(Bad) as e:
        _read(p)
    assert problem in e.value.problem


def test_numbers_the_game_writes_pass_and_digits_inside_text_do_not_count(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"seed": ' + "7" * 24 + ', "x": 1.5e99, "y": -0.25, "name": "' + "9" * 40 + ' e999", "ok": true}')
    assert _read(p)["seed"] == int("7" * 24)


def test_lone_surrogates_are_refused_and_pairs_kept(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"name": "ok \\ud83d\\ude00"}')
    assert _read(p) == {"name": "ok \U0001F600"}
    for text in ('{"name": "\\ud800"}', '{"\\udc00": 1}', '["a", ["\\uDBFF x"]]'):
        p.write_text(text)
        with pytest.raises(Bad, match="not valid Unicode"):
            _read(p)


def test_bytes_that_are_not_text(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b'{"a": "\xff\xfe"}')
    with pytest.raises(Bad, match="not a text file"):
        _read(p)


def test_nesting_is_capped_without_recursion(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text('{"a":' * 200_000 + "1" + "}" * 200_000)
    with pytest.raises(Bad, match=f"nested more than {MAX_DEPTH} levels deep"):
        read_json(p, 10_000_000, "save", Bad)
    p.write_text("[" * 300_000)  # unbalanced too
    with pytest.raises(Bad, match="nested more than"):
        read_json(p, 10_000_000, "save", Bad)
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    p.write_text(ok)
    assert _read(p) == json.loads(ok)
    p.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(Bad, match="nested more than"):
        _read(p)


@pytest.mark.parametrize("text,depth", [
    ('[["a]]]"], {"b": "[[[["}]', 2),
    ('"\\"[[[" ', 0),
    ('[ "abc\\\\" , [1] ]', 2),
    ('"unterminated [[[', 0),
    ('{"a": "\\u005b"}', 1),
    ('"\\', 0),
    ("", 0),
    ("[[[", 3),
])
def test_nesting_depth_ignores_brackets_in_strings(text, depth):
    assert nesting_depth(text) == depth


def test_nesting_depth_stays_linear_on_hostile_quoting():
    # every quote opens a string that never closes: a naive string pattern rescans the rest from each one
    for hostile in ('"\\' * 200_000, '\\"' * 200_000, '"a\\' * 200_000):
        assert nesting_depth(hostile) == 0


def test_versioned_reader_checks_format_and_version(tmp_path):
    p = tmp_path / "v.json"
    for data, problem in (([1], "is not a Ruinstars save"), ({"format": "x"}, "is not a Ruinstars save"),
                          ({"format": "f", "version": True}, "has no version number"),
                          ({"format": "f", "version": 0}, "unknown version number"),
                          ({"format": "f", "version": 3}, "newer version")):
        p.write_text(json.dumps(data))
        with pytest.raises(Bad) as e:
            read_versioned_json(p, "f", 2, 1000, "save", Bad)
        assert problem in e.value.problem


def test_writer_refuses_numbers_the_reader_would_refuse(tmp_path):
    p = tmp_path / "n.json"
    with pytest.raises(OSError, match="n.json cannot be written"):  # the game's savers report OSError
        write_json_atomic(p, {"x": float("nan")})
    assert list(tmp_path.iterdir()) == [], "neither the file nor a temporary file"


def _temp(folder, name, age):
    p = folder / name
    p.write_text("{")
    t = time.time() - age
    os.utime(p, (t, t))
    return p


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path):
    stale = _temp(tmp_path, ".autosave.json.k2j3h4.tmp", 3600)
    fresh = _temp(tmp_path, ".autosave.json.a8b7c6.tmp", 5)  # a write in progress
    other = [_temp(tmp_path, n, 3600) for n in ("notes.tmp", ".hidden.tmp", "autosave.json", ".x.json")]
    (tmp_path / ".dir.json.q.tmp").mkdir()
    assert remove_stale_temp_files(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and all(p.exists() for p in other)
    assert (tmp_path / ".dir.json.q.tmp").is_dir()
    assert remove_stale_temp_files(tmp_path / "nowhere") == 0


def test_the_writer_names_its_temporary_files_as_the_cleaner_expects(tmp_path, monkeypatch):
    seen = []
    real = jsonfile.os.replace

    def spy(src, dst):
        seen.append(os.path.basename(src))
        # a power cut right here: the temporary file stays behind
        raise OSError("power cut")
    monkeypatch.setattr(jsonfile.os, "replace", spy)
    with pytest.raises(OSError):
        write_json_atomic(tmp_path / "game.json", {"a": 1})
    monkeypatch.setattr(jsonfile.os, "replace", real)
    (name,) = seen
    assert name.startswith(".game.json.") and name.endswith(".tmp")
    # the writer removes it itself on an error it sees; a crash would leave it: the cleaner takes it then
    left = _temp(tmp_path, name, 120)
    assert remove_stale_temp_files(tmp_path) == 1 and not left.exists()


def test_listing_saves_cleans_saves_and_rosters(tmp_path):
    rosters = tmp_path / "rosters"
    rosters.mkdir()
    a = _temp(tmp_path, ".autosave.json.x1.tmp", 600)
    b = _temp(rosters, ".Strike-team.json.x2.tmp", 600)
    c = _temp(rosters, ".Strike-team.json.x3.tmp", 1)
    assert list_saves(tmp_path) == []
    assert not a.exists() and not b.exists() and c.exists()
