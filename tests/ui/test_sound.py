"""Sound: the effects the typed events play, UI clicks, volume and mute in Settings, silence without a device."""
import filecmp
import importlib.util
import json
from pathlib import Path

import pygame
import pytest

from game.match import events as E
from game.rules.dice import Die
from game.ui import sound_cues
from game.ui.settings_scene import SettingsScene
from game.ui.title import TitleScene
from game.ui.settings import Settings
from game.ui.sound import EFFECTS, SOUNDS_DIR, Sound

from .driver import Driver

ROOT = Path(__file__).resolve().parents[2]


def dice(*faces):
    return tuple(Die(f) for f in faces)


def test_the_committed_sounds_are_what_the_tool_makes(tmp_path):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert names == sorted(f"{n}.wav" for n in EFFECTS + ("ambient",))
    for n in names:
        assert filecmp.cmp(tmp_path / n, SOUNDS_DIR / n, shallow=False), f"{n} differs: run tools/make_sounds.py"


def test_each_kind_of_event_plays_its_sound_once_in_order():
    attack = [E.AttackDeclared(1, "Rifle", (2,), False),
              E.AttackRolled(1, "Shooter", ((2, "Bug"),), "Rifle", dice(1, 4, 6), 4),
              E.StrikesCounted(1, dice(1, 4, 6), 4, 2, 1, 3),
              E.SavesRolled(2, "Bug", dice(5, 5, 2), 3),
              E.DamageTaken(2, "Bug", 2, 1, 1, "1 save", False),
              E.AttackEnded(1, ((2, 2),))]
    assert sound_cues.cues(attack) == ["dice", "critical", "hit"]
    saved = [E.AttackRolled(1, "Shooter", ((2, "Bug"),), "Rifle", dice(3), 4), E.SavesRolled(2, "Bug", dice(2), 3),
             E.DamageTaken(2, "Bug", 0, 1, 1, "1 save", False)]
    assert sound_cues.cues(saved) == ["dice", "save"]
    out = attack[:-1] + [E.DamageTaken(2, "Bug", 1, 1, 0, "0 saves", True), E.TakenOut(2, "Bug", "npc")]
    assert sound_cues.cues(out) == ["dice", "critical", "taken_out"]  # Taken Out says it instead of the hit
    hardened = [E.SavesRolled(2, "Bug", dice(2), 3, hardened=True)]
    assert sound_cues.cues(hardened) == ["dice", "critical"]
    turn = [E.TurnStarted(2, 4), E.TacticalOrdersRolled("player", "Squad", dice(1, 4), 0, 1)]
    assert sound_cues.cues(turn) == ["turn", "dice"]
    assert sound_cues.cues([E.Moved(1, "Shooter", "player", ((0, 0, 0), (1, 1, 0)), "move")]) == []


def test_posted_events_reach_the_speakers_through_the_app(app):
    app.sound.set_volume(0.8)
    app.sound.set_muted(False)
    assert app.sound.available, "the dummy audio driver plays (silently)"
    names = sound_cues.on_events(app, [E.TurnStarted(1, 4), E.AttackRolled(1, "A", ((2, "B"),), "Rifle", dice(1), 4),
                                       E.TakenOut(2, "B", "npc")])
    assert names == ["turn", "dice", "critical", "taken_out"]
    assert list(app.sound.played)[-2:] == ["turn", "dice"]  # at once
    assert app.sound.pending
    app.step(40)  # the rest follow, one after the other
    assert list(app.sound.played)[-4:] == ["turn", "dice", "critical", "taken_out"]
    assert not app.sound.pending


def test_buttons_click(app):
    d = Driver(app)
    d.step(2)
    app.sound.played.clear()
    d.click(d.scene.b_settings)
    assert isinstance(d.scene, SettingsScene)
    assert list(app.sound.played) == ["click"]


def test_mute_and_volume_silence_it():
    s = Sound(volume=0.5, muted=True, ambient=True)
    assert s.available and not s.heard
    assert not s.play("dice") and not s.played and not s.ambient_playing
    s.set_muted(False)
    assert s.play("dice") and s.ambient_playing  # the loop starts when the sound comes back
    s.set_volume(0)
    assert not s.play("hit") and not s.ambient_playing
    s.set_volume(2.0)
    assert s.volume == 1.0
    assert not s.play("no-such-sound")
    s.close()


def test_no_audio_device_is_silent_and_harmless(monkeypatch, make_app):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sound(ambient=True)
    assert not s.available and not s.heard
    assert not s.play("dice") and not s.play("hit", delay=0.2) and not s.pending
    s.update(1.0)
    s.set_volume(0.3)
    s.set_muted(False)
    s.start_ambient()
    s.close()
    app = make_app()  # the whole game starts and runs without sound
    assert not app.sound.available
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_settings)
    assert isinstance(d.scene, SettingsScene)
    assert sound_cues.on_events(app, [E.TurnStarted(1, 4)]) == ["turn"]


def test_a_missing_sound_file_is_skipped(tmp_path):
    s = Sound(folder=tmp_path, ambient=True)
    assert s.available and not s.play("dice") and not s.ambient_playing
    s.close()


def _click_slider_right(d, slider, times):
    button = slider.right_button
    for _ in range(times):
        d.click(button)
        d.step(30)  # a second click at once would be a double click


def test_settings_screen_sets_volume_and_mute(app):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_settings)
    sc = d.scene
    assert isinstance(sc, SettingsScene)
    start = sc.volume
    assert start == 70 and sc.l_volume.text == "70%"
    _click_slider_right(d, sc.sl_volume, 2)
    assert sc.volume == 80 and sc.l_volume.text == "80%"
    assert app.sound.volume == pytest.approx(0.8)  # heard at once
    d.shot("settings-sound")
    # mute with the drop-down
    sc.dd_sound.selected_option = ("Muted", "Muted")
    pygame.event.post(pygame.event.Event(__import__("pygame_gui").UI_DROP_DOWN_MENU_CHANGED,
                                         ui_element=sc.dd_sound, text="Muted"))
    d.step(2)
    assert app.sound.muted
    d.click(sc.b_back)
    assert isinstance(d.scene, TitleScene)
    assert (app.settings.volume, app.settings.muted) == (0.8, True)
    saved = json.loads((app.saves_dir / "settings.json").read_text())
    assert (saved["volume"], saved["muted"]) == (0.8, True)
    assert Settings.load(app.saves_dir).volume == 0.8 and Settings.load(app.saves_dir).muted


@pytest.mark.parametrize("raw,volume,muted", [(0.25, 0.25, False), (3, 0.7, False), (-1, 0.7, False),
                                              (True, 0.7, False), ("loud", 0.7, False)])
def test_settings_file_volume_is_checked(tmp_path, raw, volume, muted):
    (tmp_path / "settings.json").write_text(json.dumps({"volume": raw, "muted": "yes"}))
    s = Settings.load(tmp_path)
    assert (s.volume, s.muted) == (volume, muted)
