"""Drives the app like a player: posted pygame events, frames stepped headless."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pygame

SCREENS = Path(__file__).resolve().parent.parent / "output" / "screens"


class Driver:
    def __init__(self, app) -> None:
        self.app = app

    @property
    def scene(self):
        return self.app.top

    def step(self, n: int = 1) -> None:
        self.app.step(n)

    def move_mouse(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.step(1)

    def click(self, target, button: int = 1, frames: int = 2) -> None:
        """Click a pygame-gui element (at its centre) or a screen position."""
        pos = target.rect.center if hasattr(target, "rect") else (int(target[0]), int(target[1]))
        self.move_mouse(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step(frames)

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.step(frames)

    def board(self, x: float, y: float):
        """Screen position of a table point (inches) in the battle scene."""
        return self.scene.camera.to_screen(x, y)

    def click_board(self, x: float, y: float) -> None:
        self.move_mouse(self.board(x, y))
        self.click(self.board(x, y))

    def hover_board(self, x: float, y: float) -> None:
        self.move_mouse(self.board(x, y))
        self.step(1)

    def shot(self, name: str) -> Path:
        SCREENS.mkdir(parents=True, exist_ok=True)
        path = SCREENS / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        return path

    def end_activation(self, button=None) -> bool:
        """E (or a click on `button`), confirming when the game asks (ACT left to lose). True if it asked."""
        from game.ui.builder_dialogs import ConfirmDialog
        if button is None:
            self.key(pygame.K_e)
        else:
            self.click(button)
        if isinstance(self.scene, ConfirmDialog):
            self.key(pygame.K_RETURN)
            return True
        return False

    def play_to_results(self, limit: int = 6000) -> bool:
        """Step the battle on screen until its results show (banners dismissed, hand-overs taken), the computer
        playing whatever it has been given; False if they did not within `limit` frames."""
        from game.ui.battle.handover import HandoverScene
        from game.ui.results_scene import ResultsScene
        for _ in range(limit):
            if isinstance(self.scene, ResultsScene):
                return True
            fx = getattr(self.scene, "effects", None)
            if fx is not None and fx.banner is not None:
                fx.dismiss()
            if isinstance(self.scene, HandoverScene):
                self.click(self.scene.b_go)
            self.step(1)
        return False

    def wait_banners(self, limit: int = 600) -> None:
        sc = self.scene
        for _ in range(limit):
            if not getattr(sc, "effects", None) or sc.effects.banner is None:
                return
            sc.effects.dismiss()
            self.step(1)


@contextmanager
def drawn_texts(app):
    """Every text the app's text renderer draws while the block runs (its shadows too), in order: a list that
    fills as they are drawn."""
    texts: list[str] = []
    cls = type(app.text)
    real = cls.render
    cls.render = lambda self, text, *a, **k: texts.append(text) or real(self, text, *a, **k)
    try:
        yield texts
    finally:
        cls.render = real


def stray_widgets(app) -> list:
    """Widgets on the manager's root that belong to no scene on the stack (a scene's left-overs still drawn)."""
    roots = {id(s.root) for s in app.scenes if s.root is not None}
    dialog = getattr(app, "_dialog", None)
    return [el for el in app.manager.get_root_container().elements
            if id(el) not in roots and el is not dialog and type(el).__name__ != "UITooltip"]


def open_battle(app, match, frames: int = 0, computer_plays_people: bool = False):
    """The battle screen on `match`, as the app's top scene, and a Driver for it (`frames` stepped first).
    `computer_plays_people`: every side a person would play is played by the computer instead (a demo game)."""
    from game.modes.session import make_controller
    from game.ui.battle import BattleScene
    sc = BattleScene(app, match)
    app.replace(sc)
    if computer_plays_people:
        for s in match.scenario.sides:
            if s.control == "person":
                sc.play_by_computer(s.side, make_controller(match, s.side, "computer"))
    d = Driver(app)
    d.step(frames)
    return d, sc


def open_pvp_setup(d: Driver):
    """Title > PvP: the PvP setup screen."""
    from game.ui.setup_pvp import PvpSetupScene
    from game.ui.title import TitleScene
    d.step(2)
    assert isinstance(d.scene, TitleScene)
    d.click(d.scene.b_pvp)
    assert isinstance(d.scene, PvpSetupScene)
    return d.scene
