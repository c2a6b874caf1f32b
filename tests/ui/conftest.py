"""UI tests run headless: SDL's dummy video and audio drivers, set before pygame is initialised."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

pygame.init()


@pytest.fixture
def saves_dir(tmp_path, monkeypatch):
    """A temporary saves folder, also patched in as the game's default."""
    import game.paths
    d = tmp_path / "saves"
    monkeypatch.setattr(game.paths, "SAVES_DIR", d)
    return d


@pytest.fixture
def make_app(saves_dir):
    from game.ui.app import App
    from game.ui.settings import Settings
    made = []

    def _make(**settings):
        pygame.event.clear()
        st = Settings(**({"npc_speed": "instant"} | settings))
        app = App(headless=True, saves_dir=saves_dir, settings=st, seed=24112)  # forms offer one seed: repeatable
        made.append(app)
        return app

    yield _make
    for app in made:
        app.shutdown()  # scenes exit, matches close, all released now (not at interpreter exit)


@pytest.fixture
def app(make_app):
    return make_app()
