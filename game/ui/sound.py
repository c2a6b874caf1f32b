"""Sound: short effects (dice, hits, saves, Criticals, Taken Out, clicks, a new Turn) and a quiet ambient loop.

The App owns one Sound service. It plays through pygame.mixer when there is an audio device; when there is none,
or the mixer cannot start, or a file is missing, every call quietly does nothing (the game never fails over
sound). Volume (0-1) and mute come from the Settings. The sounds are made by tools/make_sounds.py into
assets/sounds/.

    sound.play("dice")                  # now
    sound.play("hit", delay=0.25)       # a moment later (the App calls sound.update(dt) every frame)
"""
from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

import pygame

from game.paths import ASSETS_DIR

SOUNDS_DIR = ASSETS_DIR / "sounds"
EFFECTS = ("dice", "hit", "save", "critical", "taken_out", "click", "turn")
AMBIENT = "ambient"
AMBIENT_LEVEL = 0.35  # the loop sits well under the effects
LEVELS = {"click": 0.5, "dice": 0.8}  # each effect's level under the master volume (default 1)
MIN_GAP = 0.06  # seconds: the same effect is not started again sooner (a burst of NPC steps)
CHANNELS = 16

log = logging.getLogger(__name__)


class Sound:
    def __init__(self, volume: float = 0.7, muted: bool = False, folder: Path | None = None,
                 ambient: bool = True) -> None:
        self.volume = _clamp(volume)
        self.muted = bool(muted)
        self.available = False  # True when the mixer started (the sounds can be heard)
        self.played: deque[str] = deque(maxlen=64)  # the effects started, newest last (what the player heard)
        self._sounds: dict[str, object] = {}
        self._queue: list[list] = []  # [seconds left, name]
        self._last: dict[str, float] = {}
        self._clock = 0.0
        self._ambient_channel = None
        self._want_ambient = ambient
        self._start(Path(folder) if folder is not None else SOUNDS_DIR)
        if ambient:
            self.start_ambient()

    # -- starting -----------------------------------------------------------------------------------------
    def _start(self, folder: Path) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(1)  # channel 0: the ambient loop, never taken by an effect
        except (pygame.error, NotImplementedError, OSError) as e:  # no audio device, or no mixer at all
            log.info("sound is off: %s", e)
            return
        self.available = True
        for name in EFFECTS + (AMBIENT,):
            path = folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError) as e:
                log.info("sound %s not loaded: %s", path, e)

    @property
    def heard(self) -> bool:
        """Sounds reach the player now: a device, not muted, volume above zero."""
        return self.available and not self.muted and self.volume > 0

    # -- playing ------------------------------------------------------------------------------------------
    def play(self, name: str, delay: float = 0.0) -> bool:
        """Start effect `name` (now, or after `delay` seconds). False when nothing will be heard."""
        if not self.heard or name not in self._sounds:
            return False
        if delay > 0:
            self._queue.append([delay, name])
            return True
        if self._clock - self._last.get(name, -1.0) < MIN_GAP:
            return False
        snd = self._sounds[name]
        try:
            snd.set_volume(self.volume * LEVELS.get(name, 1.0))
            snd.play()
        except pygame.error:
            return False
        self._last[name] = self._clock
        self.played.append(name)
        return True

    @property
    def pending(self) -> bool:
        """Effects wait for their moment (the App keeps its frames ticking meanwhile)."""
        return bool(self._queue)

    def update(self, dt: float) -> None:
        self._clock += dt
        if not self._queue:
            return
        due = []
        for item in self._queue:
            item[0] -= dt
            if item[0] <= 0:
                due.append(item)
        if due:
            self._queue = [q for q in self._queue if q[0] > 0]
            for _, name in due:
                self.play(name)

    # -- the ambient loop -----------------------------------------------------------------------------------
    def start_ambient(self) -> None:
        self._want_ambient = True
        if not self.heard or AMBIENT not in self._sounds:
            return
        try:
            ch = pygame.mixer.Channel(0)
            ch.set_volume(self.volume * AMBIENT_LEVEL)
            if not ch.get_busy():
                ch.play(self._sounds[AMBIENT], loops=-1, fade_ms=1500)
            self._ambient_channel = ch
        except pygame.error:
            self._ambient_channel = None

    def stop_ambient(self) -> None:
        self._want_ambient = False
        self._silence_ambient()

    def _silence_ambient(self) -> None:
        if self._ambient_channel is not None:
            try:
                self._ambient_channel.stop()
            except pygame.error:
                pass
            self._ambient_channel = None

    @property
    def ambient_playing(self) -> bool:
        return self._ambient_channel is not None

    # -- settings -------------------------------------------------------------------------------------------
    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        self._refresh()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        self._refresh()

    def apply(self, settings) -> None:
        """Take the volume and mute of the Settings."""
        self.volume = _clamp(getattr(settings, "volume", self.volume))
        self.muted = bool(getattr(settings, "muted", self.muted))
        self._refresh()

    def _refresh(self) -> None:
        if not self.heard:
            self._queue.clear()
            self._silence_ambient()
            if self.available:
                try:
                    pygame.mixer.stop()  # muting stops what is sounding too
                except pygame.error:
                    pass
            return
        if self._ambient_channel is not None:
            try:
                self._ambient_channel.set_volume(self.volume * AMBIENT_LEVEL)
            except pygame.error:
                pass
        elif self._want_ambient:
            self.start_ambient()

    def close(self) -> None:
        self._queue.clear()
        self._silence_ambient()


def _clamp(v) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.7
    if v != v:  # NaN
        return 0.7
    return max(0.0, min(1.0, v))
