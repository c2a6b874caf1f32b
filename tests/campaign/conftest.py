"""Shared helpers of the campaign tests: the PvE match fixture with scripted dice (tests/modes/pve), and campaigns
made with the campaign's own dice scripted."""
from tests.modes.pve.conftest import pve  # noqa: F401  (a fixture the campaign tests use too)
