"""Settings for the whole suite: property tests draw the same examples on every run (a CI run is repeatable:
a red run is a real defect, never a newly drawn example or a slow machine), and write no example database."""
from hypothesis import HealthCheck, settings

settings.register_profile("repeatable", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("repeatable")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_searches_kept_from_other_tests():
    """Every test starts with none of the movement searches the map's Tables keep for each other
    (game/battlefield/search_memo.py): a test that counts the searches run, or the graph's edges built, sees the
    same whatever ran before it."""
    from game.battlefield import search_memo
    search_memo.forget()
