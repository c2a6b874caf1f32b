"""PvP test helpers: the skirmish fixture of tests/match, and PvP matches with units where a test wants them."""
from tests.match.conftest import make_skirmish  # noqa: F401  (a fixture)
