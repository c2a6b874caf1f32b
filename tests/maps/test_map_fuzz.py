"""Map-loader fuzz: a few hundred damaged or hostile variants of the real maps (tests/maps/mapfuzz.py).

For each: load_battlefield either returns a battlefield or raises MapError "<file>: <what is wrong, in
words>"; nothing else escapes, nothing hangs (a generous alarm per case catches a hang, it does not time
the loader), and no file is changed. The longer run is bench/bench_map_fuzz.py.
"""
from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
import mapfuzz  # noqa: E402

from game.battlefield import Battlefield, MapError, load_battlefield  # noqa: E402

SEED = 20261123
CASES = mapfuzz.cases(SEED, 300)
HANG_SECONDS = 20  # far beyond any honest load (about 20 ms): only a hang trips it



class Hang(Exception):
    pass


@contextmanager
def hang_guard(seconds: float):
    def fire(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check_case(folder: Path, files: dict[str, bytes]) -> str:
    """Load one case; returns "loaded" or "refused". Fails the test on anything else."""
    path = mapfuzz.write_case(folder, files)
    written = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}
    try:
        with hang_guard(HANG_SECONDS):
            bf = load_battlefield(path)
        assert isinstance(bf, Battlefield) and bf.title
        outcome = "loaded"
    except MapError as e:
        text = str(e)
        assert text.startswith(f"{path}: "), text[:300]
        assert e.problem.strip(), text[:300]
        assert not mapfuzz.technical(e.problem, folder), text[:300]
        assert len(text) < 2000, text[:300]
        outcome = "refused"
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}
    assert after == written, "the loader changed or added a file"
    return outcome


def test_undamaged_bases_load(tmp_path):
    """The fuzz starts from maps that load: every real map with its tileset by absolute path."""
    for k, p in enumerate(mapfuzz.REAL_MAPS):
        assert check_case(tmp_path / str(k), {"map.tmx": mapfuzz.base_text(p).encode()}) == "loaded"


@pytest.mark.parametrize("k", range(len(CASES)), ids=[f"{k}-{c[0]}" for k, c in enumerate(CASES)])
def test_fuzzed_map_loads_or_is_refused_in_words(tmp_path, k):
    label, files, must_refuse = CASES[k]
    outcome = check_case(tmp_path, files)
    if must_refuse:
        assert outcome == "refused", f"{label}: a hostile map was loaded"


def test_the_fuzz_keeps_some_maps_loadable():
    """Not every mutation breaks the map (a fuzz that only ever sees refusals tests one path)."""
    assert any(not c[2] for c in CASES) and any(c[2] for c in CASES)


def test_the_case_folder_name_is_not_read_as_internals(tmp_path):
    """A temporary folder's random name may hold "__" (CI once drew /tmp/tmp__v3rkup): naming the file
    must not count as showing internals, while the same marks in the message itself still do."""
    folder = tmp_path / "tmp__v3rkup"
    named = f"cannot read {folder}/maps/gone.tsx: no such file or directory"
    assert mapfuzz.technical(named, folder) is None
    assert mapfuzz.technical(f"{named} (__init__)", folder) == "__"
    assert mapfuzz.technical("KeyError: 'x'", folder) == "KeyError"
