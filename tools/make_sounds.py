#!/usr/bin/env python3
"""Synthesise the game's sounds (assets/sounds/*.wav) with the standard library only: wave + math.

Usage:  python tools/make_sounds.py [--out DIR]      (default DIR: assets/sounds/)

Every sound is made here from sine waves, noise and envelopes; nothing is downloaded or recorded. The output
is deterministic (the noise comes from a local random.Random with a fixed seed per sound): run it twice and
the files are byte-identical. 16-bit mono PCM; the effects at 22050 Hz, the ambient loop at 11025 Hz.

  dice       a handful of dice rattling on a table        hit        a heavy thud with a crunch
  save       armour turning a blow: a short metallic ping critical   a bright rising three-note chime
  taken_out  a falling tone into a low boom               click      a small UI tick
  turn       a soft two-note horn: a new Turn            ambient    a quiet, seamless 6 s drone with wind
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
AMBIENT_RATE = 11025
TAU = 2 * math.pi


def _noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _lowpass(xs: list[float], a: float, circular: bool = False) -> list[float]:
    """One-pole low-pass (a: 0..1, smaller is darker). `circular`: run twice so the end flows into the start."""
    y = 0.0
    out = [0.0] * len(xs)
    for _ in range(2 if circular else 1):
        for i, x in enumerate(xs):
            y += a * (x - y)
            out[i] = y
    return out


def _highpass(xs: list[float], a: float) -> list[float]:
    low = _lowpass(xs, a)
    return [x - lo for x, lo in zip(xs, low)]


def _env(t: float, attack: float, decay: float) -> float:
    """A quick rise then an exponential fall (seconds)."""
    if t < attack:
        return t / attack if attack > 0 else 1.0
    return math.exp(-(t - attack) / decay)


def _silence(seconds: float, rate: int = RATE) -> list[float]:
    return [0.0] * int(seconds * rate)


def _mix(into: list[float], sound: list[float], at: int, gain: float = 1.0) -> None:
    for i, v in enumerate(sound):
        j = at + i
        if 0 <= j < len(into):
            into[j] += v * gain


def _normalise(xs: list[float], peak: float) -> list[float]:
    m = max((abs(x) for x in xs), default=0.0) or 1.0
    return [x * peak / m for x in xs]


def _fade_out(xs: list[float], seconds: float, rate: int = RATE) -> list[float]:
    n = min(len(xs), int(seconds * rate))
    for i in range(n):
        xs[len(xs) - n + i] *= 1 - (i + 1) / n
    return xs


# -- the sounds --------------------------------------------------------------------------------------
def dice() -> list[float]:
    """Dice rattling: short clicky impacts, closer together as the dice settle."""
    rng = random.Random(11)
    out = _silence(0.55)
    t = 0.0
    for k in range(9):
        n = int(0.03 * RATE)
        burst = _highpass(_noise(n, 100 + k), 0.35)
        tone = 1800 + rng.uniform(-500, 700)
        hit = [(b * 0.7 + 0.5 * math.sin(TAU * tone * i / RATE)) * _env(i / RATE, 0.0007, 0.006 + 0.002 * rng.random())
               for i, b in enumerate(burst)]
        _mix(out, hit, int(t * RATE), 1.0 - 0.06 * k)
        t += 0.025 + 0.06 * rng.random() * (1 - k / 10)
    return _fade_out(_normalise(out, 0.6), 0.05)


def hit() -> list[float]:
    """A heavy thud: a falling low sine under a burst of dark noise."""
    n = int(0.32 * RATE)
    noise = _lowpass(_noise(n, 21), 0.12)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 55 + 140 * math.exp(-t / 0.05)
        phase += TAU * f / RATE
        out.append(0.9 * math.sin(phase) * _env(t, 0.002, 0.09) + 1.6 * noise[i] * _env(t, 0.001, 0.035))
    return _fade_out(_normalise(out, 0.75), 0.04)


def save() -> list[float]:
    """Armour turning a blow: a bright metallic ping (inharmonic partials) after a tiny scrape."""
    n = int(0.4 * RATE)
    scrape = _highpass(_noise(n, 31), 0.5)
    out = []
    for i in range(n):
        t = i / RATE
        ring = (math.sin(TAU * 1320 * t) + 0.6 * math.sin(TAU * 2087 * t) + 0.3 * math.sin(TAU * 3411 * t))
        out.append(ring * _env(t, 0.002, 0.09) * 0.5 + scrape[i] * _env(t, 0.001, 0.012) * 0.6)
    return _fade_out(_normalise(out, 0.5), 0.05)


def critical() -> list[float]:
    """A Critical: three quick rising bell notes (E6, G6, C7)."""
    out = _silence(0.62)
    for k, f in enumerate((1318.5, 1568.0, 2093.0)):
        n = int(0.38 * RATE)
        note = [(math.sin(TAU * f * i / RATE) + 0.25 * math.sin(TAU * 2 * f * i / RATE)) * _env(i / RATE, 0.003, 0.12)
                for i in range(n)]
        _mix(out, note, int(k * 0.07 * RATE), 0.8 + 0.1 * k)
    return _fade_out(_normalise(out, 0.45), 0.06)


def taken_out() -> list[float]:
    """Taken Out: a tone falling away into a low boom."""
    n = int(0.85 * RATE)
    noise = _lowpass(_noise(n, 41), 0.05)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 420 * math.exp(-t / 0.22) + 45
        phase += TAU * f / RATE
        tone = (math.sin(phase) + 0.3 * math.sin(2 * phase)) * _env(t, 0.005, 0.25)
        boom = noise[i] * 3.0 * _env(max(0.0, t - 0.12), 0.01, 0.25) if t >= 0.12 else 0.0
        out.append(0.6 * tone + boom)
    return _fade_out(_normalise(out, 0.75), 0.1)


def click() -> list[float]:
    """A small UI tick."""
    n = int(0.045 * RATE)
    out = [math.sin(TAU * 2400 * i / RATE) * _env(i / RATE, 0.0005, 0.006) for i in range(n)]
    return _fade_out(_normalise(out, 0.35), 0.01)


def turn() -> list[float]:
    """A new Turn: a soft two-note horn, a fifth apart."""
    out = _silence(0.9)
    for k, f in enumerate((293.7, 440.0)):
        n = int(0.6 * RATE)
        note = []
        for i in range(n):
            t = i / RATE
            v = sum(math.sin(TAU * f * h * t) / h for h in (1, 2, 3, 4))  # a few harmonics: brassy
            note.append(v * min(1.0, t / 0.04) * math.exp(-t / 0.35))
        _mix(out, note, int(k * 0.22 * RATE), 1.0)
    return _fade_out(_normalise(out, 0.45), 0.12)


def ambient() -> list[float]:
    """A quiet drone with a slow swell and wind, exactly 6 s, seamless when looped: every frequency makes a
    whole number of cycles in 6 s and the wind is filtered around the loop."""
    seconds = 6
    n = seconds * AMBIENT_RATE
    wind = _lowpass(_noise(n, 51), 0.02, circular=True)
    out = []
    for i in range(n):
        t = i / AMBIENT_RATE
        swell = 0.75 + 0.25 * math.sin(TAU * t / 3)  # 2 cycles in 6 s
        drone = math.sin(TAU * 55 * t) + 0.5 * math.sin(TAU * 82.5 * t) + 0.25 * math.sin(TAU * 110.5 * t)
        out.append(drone * swell * 0.5 + wind[i] * 6.0 * (1.2 - swell))
    return _normalise(out, 0.3)


SOUNDS = {"dice": dice, "hit": hit, "save": save, "critical": critical, "taken_out": taken_out, "click": click,
          "turn": turn, "ambient": ambient}


def write_wav(path: Path, samples: list[float], rate: int) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(s * 32767))))) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the .wav files (default: assets/sounds/)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        rate = AMBIENT_RATE if name == "ambient" else RATE
        path = args.out / f"{name}.wav"
        write_wav(path, make(), rate)
        print(f"{path}  ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
