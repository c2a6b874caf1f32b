"""The application: window, pygame-gui manager, scene stack, frame loop.

    from game.ui.app import App, run_app
    app = App(headless=True, saves_dir=tmp)   # SDL dummy drivers set by the caller
    app.step(10)                              # run 10 frames (events, update, draw)

`run_app(args)` opens the 1280x800 resizable window on the title screen and runs until Quit.
"""
from __future__ import annotations

import os
import time
import weakref
from pathlib import Path

import pygame
import pygame_gui

from .intents import key_intent
from .memory import Memory
from .settings import Palette, Settings
from .sound import Sound
from .sprites import Sprites
from .text import Text
from .theme import close_dropdown_on_same_pick, close_open_dropdown, make_manager

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
FIXED_DT = 1 / 60
GRACE = 1.2  # seconds of drawing every frame after any input (hover fades, tooltips that appear)
PULSE_DT = 1 / 15  # a pulsing highlight is drawn this often
IDLE_WAIT = 0.25  # at most this long asleep with nothing to draw (the loop wakes at once for input)


class Toast:
    __slots__ = ("text", "kind", "t")

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        self.t = 0.0


def widget_changes(before: list | None, now: list) -> list | None:
    """The rectangles of the screen where widgets changed between two frames (App._widget_looks): those that came,
    went, changed their picture, moved, showed or hid, each where it was and is. None: draw everything (the first
    frame, or widgets drawn in another order)."""
    if before is None:
        return None
    old = {k: rest for k, *rest in before}
    new = {k: rest for k, *rest in now}
    if [k for k, *_ in before if k in new] != [k for k, *_ in now if k in old]:
        return None
    out = []
    for k, look in new.items():
        was = old.get(k)
        if was == look:
            continue
        for image, rect, visible in ((was, look) if was is not None else (look,)):
            if rect is not None and visible:
                out.append(pygame.Rect(rect))
    for k, (image, rect, visible) in old.items():
        if k not in new and rect is not None and visible:
            out.append(pygame.Rect(rect))
    return out


class App:
    def __init__(self, size=DEFAULT_SIZE, headless: bool = False, saves_dir: Path | None = None,
                 settings: Settings | None = None, fixed_dt: float | None = None, seed: int | None = None) -> None:
        t0 = time.perf_counter()
        self._seed = seed  # the dice seed every new mission's form starts with (None: from the clock)
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        if saves_dir is None:
            from game import paths
            saves_dir = paths.SAVES_DIR
        self.saves_dir = Path(saves_dir)
        self.settings = settings or Settings.load(self.saves_dir)
        self.headless = headless
        self.fixed_dt = fixed_dt if fixed_dt is not None else (FIXED_DT if headless else None)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Ruinstars")
        self.size = self.screen.get_size()
        self.mouse = (size[0] // 2, size[1] // 2)
        self.palette = Palette(self.settings.palette)
        # sounds: silently off without an audio device; the ambient loop only in a real window
        self.sound = Sound(self.settings.volume, self.settings.muted, ambient=not headless)
        self.memory = Memory()  # the garbage collector paced by the loop while a battle is on screen
        self.text = Text(self.settings.ui_scale)
        self.sprites = Sprites(self.text, self.palette)
        self.manager = make_manager(self.size, self.settings.ui_scale, self.palette, lambda: self.mouse)
        self.scenes: list = []
        self.running = True
        self.toasts: list[Toast] = []
        self._toast_boxes: dict = {}  # (size, alpha) -> a toast's translucent background
        self.clock = pygame.time.Clock()
        self.frame = 0
        self.last_dialog: str | None = None  # text of the last message dialog (tests read it)
        self._dialog = None
        self._quit_dialog = None  # the "Quit Ruinstars?" question, while it is open
        self._roots: list = []  # (scene, its widgets' root container) of every scene that built widgets
        self._picks: dict | None = None  # each setup form's last picks (saves/setup-picks.json), read when needed
        self._catalog = None
        self.startup_ms = 0.0
        # drawing only when something changes: input, a scene's key or animation, toasts (see _frame)
        self.frames_drawn = 0
        self._redraw = True
        self._grace = 0.0
        self._since_draw = 0.0
        self._draw_key = None
        self._pending: list = []  # an event the idle loop woke up for
        self._parts_ok = False  # this frame may be drawn in parts (only what moves changed)
        self._widgets: list = []  # the widgets' looks in the last frame drawn
        self.drawn_rects: list | None = None  # the parts of the screen the last frame drew (None: all of it)
        from .title import TitleScene
        self.push(TitleScene(self))
        self._draw()
        self.startup_ms = (time.perf_counter() - t0) * 1000

    # -- shared things ------------------------------------------------------------------------------
    @property
    def catalog(self):
        if self._catalog is None:
            from game.content import load_catalog
            self._catalog = load_catalog()
        return self._catalog

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def find(self, cls):
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def request_redraw(self) -> None:
        """Draw the next frame (a change the scenes' redraw keys do not show)."""
        self._redraw = True

    def toast(self, text: str, kind: str = "info") -> None:
        for t in self.toasts:
            if t.text == text:  # the same message again: show it longer, not twice
                t.t = 0.0
                return
        self.toasts.append(Toast(text, kind))
        self.toasts = self.toasts[-4:]

    def message(self, title: str, text: str) -> None:
        """A dialog with a message (errors the player must read, e.g. a save that cannot be loaded)."""
        from html import escape
        if self._dialog is not None:
            self._dialog.kill()
        w, h = min(560, self.size[0] - 40), 260
        r = pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)
        self._dialog = pygame_gui.windows.UIMessageWindow(r, escape(text).replace("\n", "<br>"), self.manager,
                                                          window_title=title,
                                                          always_on_top=True)
        self.last_dialog = text

    @property
    def dialog_open(self) -> bool:
        return self._dialog is not None and self._dialog.alive()

    def close_dialog(self) -> None:
        if self._dialog is not None:
            self._dialog.kill()
            self._dialog = None

    # -- scene stack --------------------------------------------------------------------------------
    def push(self, scene) -> None:
        self._redraw = True
        if self.scenes:
            self.scenes[-1].suspend()
        self.scenes.append(scene)
        scene.enter()

    def pop(self):
        if not self.scenes:
            return None
        self._redraw = True
        s = self.scenes.pop()
        s.exit()
        self.own_ui(None, None)  # (widgets the scene left behind go with it)
        if self.scenes:
            self.scenes[-1].resume()
        return s

    def replace(self, scene) -> None:
        """Replace the whole stack with one scene."""
        self._redraw = True
        while self.scenes:
            self.scenes.pop().exit()
        self.own_ui(None, None)
        self.scenes.append(scene)
        scene.enter()

    def request_quit(self) -> None:
        """The window is closed (or Quit pressed): every scene keeps what it can (a battle is saved); when something
        would still be lost, or a battle is in progress, the player is asked first. Closing again while asked quits."""
        if self._quit_dialog is not None and self._quit_dialog in self.scenes:
            self.running = False
            return
        reasons = [r for s in reversed(self.scenes) if (r := s.before_quit())]
        if not reasons:
            self.running = False
            return
        from .builder_dialogs import ConfirmDialog

        def quit_now() -> None:
            self.running = False
        self._quit_dialog = ConfirmDialog(self, "Quit Ruinstars?", " ".join(reasons), "Quit", quit_now)
        self.push(self._quit_dialog)

    def own_ui(self, scene, root) -> None:
        """`root` holds `scene`'s widgets from now on. A root its scene no longer holds (the scene is gone, or it
        lost the reference without killing it) is killed here: no scene's widgets outlive it on the screen."""
        keep = []
        for ref, r in self._roots:
            s = ref()
            if s is not None and s.root is r and r.alive():
                keep.append((ref, r))
            elif r.alive():
                r.kill()
        if scene is not None:
            keep.append((weakref.ref(scene), root))
        self._roots = keep

    def picks_for(self, form: str) -> dict:
        """What the player last picked on setup form `form` (the form checks each pick against its choices)."""
        if self._picks is None:
            from game.persistence.setup_picks import load_picks
            self._picks = load_picks(self.saves_dir)
        return dict(self._picks.get(form, {}))

    def keep_picks(self, form: str, picks: dict) -> None:
        """Keep a form's picks for the next time it is opened, in this run and the next (written at once)."""
        import logging

        from game.persistence.setup_picks import save_picks
        self.picks_for(form)
        if self._picks.get(form) == picks:
            return
        self._picks[form] = picks
        try:
            save_picks(self.saves_dir, self._picks)
        except OSError:  # a convenience: the picks are still kept for this run
            logging.getLogger(__name__).warning("the setup picks could not be written", exc_info=True)

    def open_help(self) -> None:
        """The F1 help, on the help of the play mode of the screens open (the nearest that has one)."""
        from .help_screen import HelpScene
        mode = next((s.help_mode for s in reversed(self.scenes) if s.help_mode), None)
        self.push(HelpScene(self, mode))

    def shutdown(self) -> None:
        """Leave cleanly: every scene exits (matches closed) and is released while the interpreter still
        runs. (A pymunk Space finalised during interpreter shutdown can crash the process.)"""
        import gc
        while self.scenes:
            self.scenes.pop().exit()
        while self.memory.held:  # (a battle left on the stack by a test: the collector's thresholds back)
            self.memory.release()
        self.close_dialog()
        self.sound.close()
        gc.collect()

    # -- settings -----------------------------------------------------------------------------------
    def apply_settings(self, new: Settings) -> None:
        self._redraw = True
        old = self.settings
        self.settings = new
        new.save(self.saves_dir)
        self.sound.apply(new)
        if new.palette != old.palette:
            self.palette = Palette(new.palette)
            self.sprites = Sprites(self.text, self.palette)
        if new.ui_scale != old.ui_scale:
            self.text = Text(new.ui_scale)
            self.sprites = Sprites(self.text, self.palette)
        if new.ui_scale != old.ui_scale or new.palette != old.palette:
            self._rebuild_manager()

    def _rebuild_manager(self) -> None:
        for s in self.scenes:
            s.kill_ui()
        self.close_dialog()
        self.manager = make_manager(self.size, self.settings.ui_scale, self.palette, lambda: self.mouse)
        for s in self.scenes:
            if hasattr(s, "on_style_change"):
                s.on_style_change()
            s.relayout()

    def resize(self, w: int, h: int) -> None:
        w, h = max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
        if (w, h) == self.size:
            return
        self._redraw = True
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = (w, h)
        self.manager.set_window_resolution(self.size)
        for s in self.scenes:
            s.relayout()

    # -- the loop -----------------------------------------------------------------------------------
    def step(self, frames: int = 1, dt: float | None = None) -> None:
        """Run `frames` frames: events, update, draw (headless tests and the bench drive the app with this)."""
        for _ in range(frames):
            if not self.running:
                return
            self._frame(dt if dt is not None else (self.fixed_dt or FIXED_DT))

    def new_seed(self) -> int:
        """The dice seed a setup form offers for a new mission (shown and editable: one seed, one mission)."""
        return self._seed if self._seed is not None else int(time.time_ns() // 1000) % 100000

    def run(self) -> int:
        while self.running:
            wait = self._idle_wait()
            if wait > 0:  # nothing moves: sleep until input (or the next pulse / timer check)
                ev = pygame.event.wait(int(wait * 1000))
                if ev.type != pygame.NOEVENT:
                    self._pending.append(ev)
            dt = self.clock.tick(60) / 1000.0
            if self._frame(min(dt, 0.1) if self.fixed_dt is None else self.fixed_dt):
                if self.drawn_rects is None:
                    pygame.display.flip()
                else:
                    pygame.display.update(self.drawn_rects)
        return 0

    def _idle_wait(self) -> float:
        """Seconds the loop may sleep before the next frame: 0 while anything moves, runs or was just touched."""
        top = self.top
        if top is None or self._redraw or self._grace > 0 or self.toasts or top.busy or self._typing() or \
                self.sound.pending:
            return 0.0
        mode, _ = top.redraw_state()
        if mode == "moving":
            return 0.0
        if mode == "pulsing":
            return max(0.0, PULSE_DT - self._since_draw)
        return IDLE_WAIT

    def _typing(self) -> bool:
        focused = self.manager.get_focus_set() or ()
        return any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in focused)

    def _frame(self, dt: float) -> bool:
        """One frame: events, update, and a draw when something changed or moves (True if it drew); then, while a
        battle holds the garbage collector, its young collection if the frame left room (memory.py)."""
        c0 = time.thread_time()
        drew = self._frame_work(dt)
        self.memory.frame_end((time.thread_time() - c0) * 1000)
        return drew

    def _frame_work(self, dt: float) -> bool:
        self.frame += 1
        events = self._pending + pygame.event.get()
        self._pending = []
        if events:
            self._grace = GRACE  # input (or the widgets' own events): draw for a moment
        for event in events:
            self._event(event)
            if not self.running:
                return False
        top = self.top
        for s in self.scenes:
            s.update(dt) if s is top else (s.update_below(dt) if hasattr(s, "update_below") else None)
        self.manager.update(dt)
        self.sound.update(dt)
        if self.toasts and not (top is not None and top.toast_anchor() is None):  # held toasts do not age
            for t in self.toasts:
                t.t += dt
        self.toasts = [t for t in self.toasts if t.t < 3.5]
        if self._must_draw(dt):
            self._draw(in_parts=self._parts_ok)
            self.frames_drawn += 1
            self._since_draw = 0.0
            return True
        return False

    def _must_draw(self, dt: float) -> bool:
        """Draw this frame? On input and for a moment after it, on a scene change or a change of the top
        scene's redraw key, while toasts show or something moves, a few times a second while a highlight
        pulses or a text field's cursor blinks; else the picture on screen is still right."""
        self._since_draw += dt
        grace, self._grace = self._grace, max(0.0, self._grace - dt)
        top = self.top
        mode, key = top.redraw_state() if top is not None else ("still", None)
        screen_key = (self.size, len(self.scenes), id(top))
        key = (key, screen_key)
        changed = key != self._draw_key
        same_screen = self._draw_key is not None and self._draw_key[1] == screen_key
        self._draw_key = key
        # only what moves changed since the last frame drawn, or the scene names every change (its painter's
        # `names_all_changes`: a command landing, the overlay updating): it may draw just those parts of the screen
        names_all = getattr(getattr(top, "painter", None), "names_all_changes", False)
        typing = self._typing()
        self._parts_ok = not (self._redraw or grace > 0 or self.toasts) and \
            ((mode == "moving" and not changed) or (mode == "pulsing" and not changed and not typing) or
             (names_all and same_screen and not typing))
        if self._redraw or changed or grace > 0 or self.toasts or mode == "moving":
            self._redraw = False
            return True
        return (mode == "pulsing" or self._typing()) and self._since_draw >= PULSE_DT

    def _event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize(event.x, event.y)
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.play("click")
        if close_dropdown_on_same_pick(event):
            return
        top = self.top
        if top is None:
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self._dialog:
            self._dialog = None
        if event.type == pygame.KEYDOWN and not consumed:
            intent = key_intent(event)
            focused = self.manager.get_focus_set()
            typing = any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in (focused or ()))
            # while a name or a seed is typed, letters are text: only Esc, Enter and F1 stay hotkeys
            if typing and not (intent in ("cancel", "confirm") or (intent == "help" and event.key == pygame.K_F1)):
                intent = None
            if intent == "help":
                from .help_screen import HelpScene
                if isinstance(top, HelpScene):
                    self.pop()
                else:
                    self.open_help()
                return
            if intent == "cancel" and self.dialog_open:
                self.close_dialog()
                return
            if intent == "cancel" and close_open_dropdown(top.root):  # the open list goes, not the screen
                return
            if intent is not None and top.intent(intent):
                return
        top.handle(event, consumed)

    def _draw(self, in_parts: bool = False) -> None:
        """The frame: the scenes from the top opaque one up, the widgets, what the scenes draw over them, the
        toasts. A scene that draws by parts (its `painter.prepare(screen)`: the rectangles it changes in since the
        last frame drawn) is drawn only there when `in_parts` (nothing but what moves changed: App._must_draw), no
        other scene shows and the widgets are as they were; `drawn_rects` says what changed (None: everything)."""
        screen = self.screen
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        parts = getattr(self.top, "painter", None)
        prepare = getattr(parts, "prepare", None)
        names_all = getattr(parts, "names_all_changes", False)
        rects = None if prepare is None else (prepare(screen, quiet=in_parts) if names_all else prepare(screen))
        widgets = self._widget_looks()
        if in_parts and rects is not None and widgets != self._widgets:
            more = widget_changes(self._widgets, widgets) if names_all else None
            rects = None if more is None else rects + more
        if in_parts and rects is not None and start == len(self.scenes) - 1 and not self.dialog_open:
            for r in rects:
                screen.set_clip(r)
                self._draw_all(screen, start)
            screen.set_clip(None)
            self.drawn_rects = rects
        else:
            self._draw_all(screen, start)
            self.drawn_rects = None
        self._widgets = widgets
        if prepare is not None:
            parts.release()

    def _draw_all(self, screen, start: int) -> None:
        if start < 0 or not self.scenes:
            screen.fill(self.palette.bg)
        for s in self.scenes[max(0, start):]:
            s.draw(screen)
        self.manager.draw_ui(screen)
        for s in self.scenes[max(0, start):]:
            s.draw_over(screen)
        self._draw_toasts(screen)

    def _widget_looks(self) -> list:
        """The widgets as they show, in drawing order: each one's identity, picture, place and whether it shows."""
        return [(id(s), s.image, tuple(s.rect) if s.rect is not None else None, getattr(s, "visible", True))
                for s in self.manager.get_sprite_group().sprites()]

    def toast_rects(self) -> list:
        """(toast, rect) as they are drawn: stacked down from where the screen puts them (Scene.toast_anchor);
        none while the screen holds them."""
        top = self.top
        anchor = top.toast_anchor() if top is not None else (self.size[0] // 2, 56)
        if anchor is None:
            return []
        x, y = anchor
        out = []
        for t in self.toasts:
            w, h = self.text.size(t.text, 14, True)
            r = pygame.Rect(0, 0, w + 24, h + 12)
            r.midtop = (x, y)
            out.append((t, r))
            y = r.bottom + 6
        return out

    def _draw_toasts(self, screen) -> None:
        for t, r in self.toast_rects():
            col = {"error": self.palette.bad, "ok": self.palette.good}.get(t.kind, self.palette.player)
            surf = self.text.render(t.text, 14, (245, 245, 245), True)
            a = 235 if t.t < 3.0 else int(235 * (3.5 - t.t) / 0.5)
            screen.blit(self._toast_box(r.size, max(0, a)), r)
            pygame.draw.rect(screen, col, r, 2, border_radius=6)
            if a + 20 < 255:  # fading: a copy, the text's picture is shared
                surf = surf.copy()
                surf.set_alpha(max(0, a + 20))
            screen.blit(surf, surf.get_rect(center=r.center))

    def _toast_box(self, size, alpha: int) -> pygame.Surface:
        """A toast's translucent background, made once per size and alpha."""
        got = self._toast_boxes.get((size, alpha))
        if got is None:
            if len(self._toast_boxes) > 64:
                self._toast_boxes.clear()
            got = self._toast_boxes[(size, alpha)] = pygame.Surface(size, pygame.SRCALPHA)
            got.fill((20, 24, 30, alpha))
        return got


def run_app(args=None) -> int:
    pygame.init()
    app = App()
    shot = getattr(args, "screenshot", None) if args is not None else None
    if shot:
        app.step(3)
        pygame.image.save(app.screen, shot)
        app.shutdown()
        return 0
    try:
        return app.run()
    finally:
        app.shutdown()
        pygame.quit()
