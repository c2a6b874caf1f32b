"""Shared helpers for the PvE tests: the skirmish fixture of tests/match (units placed by hand, scripted dice)."""
import pytest

from tests.match.conftest import skirmish


@pytest.fixture
def make_skirmish():
    made = []

    def _make(*args, **kw):
        m, a, b = skirmish(*args, **kw)
        made.append(m)
        return m, a, b

    yield _make
    for m in made:
        m.close()
