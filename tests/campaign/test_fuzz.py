"""Fuzz: damaged and hostile variants of a real campaign file (the mutations of tests/persistence/filefuzz.py: bytes
flipped and cut, wrong types, NaN, huge numbers, deep nesting, hostile strings, keys removed and duplicated,
oversized files). Loading ends in the game's own clear error (CampaignFileError, in words for a player, naming the
file) or in a good load; nothing else escapes, nothing hangs, no file changes, the listing agrees."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "persistence"))
import filefuzz  # noqa: E402

from game.campaign import decisions as D  # noqa: E402
from game.persistence.campaigns import (  # noqa: E402
    MAX_BYTES,
    CampaignFileError,
    list_campaign_files,
    load_campaign,
    save_campaign,
)

from .conftest import campaign, finish, ids, to_homebase  # noqa: E402

SEED = 20261127
CASES = 150


@functools.cache
def real_campaign_bytes() -> bytes:
    """A campaign with every kind of decision: missions with units Taken Out and enemies taken out, a Homebase
    (heal, recruit, gear, a Spoil), a reload and a mission in progress with its commands."""
    import tempfile

    from .test_files import played_a_little
    c = campaign(seed=6, people=2)
    a, b, *_ = ids(c)
    c.submit(D.DealUnit(a, 1))
    c.submit(D.RerollMission(1, 3))
    finish(c, out=[a, b], took={a: ("Ravager",)}, dealt={a: 3}, mp=6)
    to_homebase(c, mp=6)
    while c.where.stage == "homebase":
        if c.where.step == "heal":
            for u, _ in list(c.heals_due.items()):
                c.submit(D.HealInjury(u, c.units[u].injury_ids[0]))
        if c.where.step == "recruit":
            c.submit(D.Dismiss(ids(c)[-1]))
            c.submit(D.Recruit("INT-STRP", "Rookie", ("INT-CK", "INT-AR")))
        if c.where.step == "gear":
            c.submit(D.ChangeGear(ids(c)[-1], ("INT-CK",)))
        if c.where.step == "spoils":
            c.submit(D.BuySpoil(ids(c)[0], "HRD-SOW-ACC1"))
        c.submit(D.NextStep())
    m = played_a_little(c, 6)
    try:
        c.note_progress(m)
        c.reload_mission(3).close()
        folder = Path(tempfile.mkdtemp())
        return save_campaign(c, folder).read_bytes()
    finally:
        m.close()


def check_campaign(folder: Path, label: str, raw: bytes) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzzed.json"
    path.write_bytes(raw)
    before = filefuzz._snapshot(folder)
    try:
        with filefuzz.hang_guard():
            infos = list_campaign_files(folder)
            try:
                c = load_campaign(path)
            except CampaignFileError as e:
                assert e.path == str(path), f"case {label}: the error names {e.path}"
                filefuzz._words(label, e.problem)
                outcome = "refused"
            else:
                for text in (c.setup.name, *c.setup.options.people, *(u.name for u in c.units.values())):
                    text.encode("utf-8")
                outcome = "loaded"
    except (AssertionError, filefuzz.Hang):
        raise
    except BaseException as e:
        raise filefuzz._unexpected(label, e) from None
    assert [i.path for i in infos] == [path], f"case {label}: listed as {infos}"
    assert infos[0].broken == (outcome == "refused"), f"case {label}: listed as {infos[0]}, {outcome}"
    assert filefuzz._snapshot(folder) == before, f"case {label}: loading changed a file"
    return outcome


def test_the_undamaged_file_loads(tmp_path):
    assert check_campaign(tmp_path, "real", real_campaign_bytes()) == "loaded"


@pytest.mark.parametrize("k", range(CASES))
def test_fuzzed_campaign(tmp_path, k):
    label, raw = filefuzz.json_case(SEED, k, real_campaign_bytes(), MAX_BYTES)
    check_campaign(tmp_path, f"{k}-{label}", raw)
