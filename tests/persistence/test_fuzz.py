"""Fuzz: hundreds of damaged or hostile variants of a real save, real rosters and real squad codes
(tests/persistence/filefuzz.py). For each, loading ends in the game's own clear error (SaveError, RosterError,
SquadCodeError, in words for a player) or in a good load; nothing else escapes, nothing hangs, no file changes,
and listing the folder never fails. The longer run is bench/bench_fuzz.py.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import filefuzz  # noqa: E402

SEED = 20261124
SAVES, ROSTERS, CODES = 300, 300, 400


def test_the_undamaged_files_load(tmp_path):
    assert filefuzz.check_save(tmp_path / "s", "real", filefuzz.real_save_bytes()) == "loaded"
    for i, raw in enumerate(filefuzz.real_rosters()):
        assert filefuzz.check_roster(tmp_path / f"r{i}", "real", raw) == "loaded"
    for code in filefuzz.real_codes():
        assert filefuzz.check_code("real", code) == "loaded"


def test_the_cases_are_deterministic_and_varied():
    assert filefuzz.save_case(SEED, 7) == filefuzz.save_case(SEED, 7)
    assert filefuzz.code_case(SEED, 7) == filefuzz.code_case(SEED, 7)
    kinds = {re.match(r"[a-z]+(-[a-z]+)?", filefuzz.save_case(SEED, k)[0]).group() for k in range(SAVES)}
    assert {"bytes-flip", "bytes-truncate", "bytes-number", "bytes-nesting", "tree-retype", "tree-nest",
            "oversized"} <= kinds


@pytest.mark.parametrize("k", range(SAVES))
def test_fuzzed_save(tmp_path, k):
    label, raw = filefuzz.save_case(SEED, k)
    filefuzz.check_save(tmp_path, f"{k}-{label}", raw)


@pytest.mark.parametrize("k", range(ROSTERS))
def test_fuzzed_roster(tmp_path, k):
    label, raw = filefuzz.roster_case(SEED, k)
    filefuzz.check_roster(tmp_path, f"{k}-{label}", raw)


def test_fuzzed_squad_codes():
    outcomes = [filefuzz.check_code(f"{k}-{label}", text)
                for k, (label, text) in ((k, filefuzz.code_case(SEED, k)) for k in range(CODES))]
    assert outcomes.count("refused") > CODES // 2, "the mutations reach the checks"


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes and /dev/zero")
def test_hostile_files_in_the_folders(tmp_path):
    """Names in saves/ that are not files: a pipe (opening it would block), /dev/zero (never ends), a folder, a
    link to nowhere. Listing and loading answer at once with a clear error."""
    import os

    from game.persistence.rosters import list_rosters
    from game.persistence.save_format import SaveError
    from game.persistence.save_listing import list_saves
    from game.persistence.save_loading import load_match
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (tmp_path / "dir.json").mkdir()
    with filefuzz.hang_guard(20):
        infos = {i.path.name: i for i in list_saves(tmp_path)}
        assert sorted(infos) == ["gone.json", "pipe.json", "zero.json"]
        assert all(i.broken for i in infos.values())
        for name in infos:
            with pytest.raises(SaveError):
                load_match(tmp_path / name)
        assert list_rosters(tmp_path, filefuzz.catalog()) == []


def test_the_mutations_themselves_never_make_a_loop():
    # a duplicated value swapped into its own copy once made a squad code payload that cannot be written
    label, text = filefuzz.code_case(477182, 2308)
    assert label and isinstance(text, str)
