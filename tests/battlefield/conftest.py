import os
from pathlib import Path

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.battlefield import Table, load_battlefield  # noqa: E402

MAPS = Path(__file__).parent / "maps"


@pytest.fixture
def table():
    """table("walls.tmx", measure="inches") -> a fresh Table on a test map."""

    def make(name: str, measure: str = "inches") -> Table:
        return Table(load_battlefield(MAPS / name), measure=measure)

    return make
