import shutil
from pathlib import Path

import pytest

from game.content import DEFAULT_DATA_DIR, clear_cache


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A private copy of the shipped data, to break on purpose."""
    clear_cache()
    dst = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, dst)
    yield dst
    clear_cache()
