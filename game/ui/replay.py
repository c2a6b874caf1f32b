"""The replay viewer: a saved or finished battle played back on its table, forwards and backwards.

The table is drawn with the battle screen's BoardRenderer (read-only), the log with its LogView; the match on
show is the ReplayCursor's (game/replay.py), never changed here but through the cursor. What the last step did
is marked on the table: move paths, attack lines, Damage, units Taken Out.

Controls (intents.REPLAY_CONTROLS, listed in the F1 help): Left/Right step one action, Up/Down or Page Up/Page Down one
activation, Home/End the start/end, 1-9 jump to a Turn, Space play/pause, +/- or the wheel zoom, right drag
pans, a click on the timeline jumps there, Esc goes back.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.match import events as E

from . import sound_cues
from .board import BoardRenderer, _dashed_line, snapshot_units
from .camera import Camera
from .dicelog import LogEntry, RollReader
from .logview import LogView
from .scene import Scene
from .sprites import mix
from .theme import rect

SPEEDS = {"0.5x": 0.5, "1x": 1.0, "2x": 2.0, "4x": 4.0, "8x": 8.0}
STEP_SECONDS = 0.8  # one action at 1x
QUICK_LINES = 40  # the log lines drawn at once after a step back ...
LOG_SETTLE = 0.3  # ... and the whole log this long after the last step

HINT = ("Left/Right: step  ·  Up/Down: activation  ·  1-9: Turn  ·  Home/End  ·  Space: play/pause  ·  "
        "wheel: zoom  ·  right drag: pan  ·  Esc: back")


def open_replay(app, cursor, start: int = 0) -> "ReplayScene":
    scene = ReplayScene(app, cursor, start)
    app.push(scene)
    return scene


def open_save_as_replay(app, path) -> bool:
    """The Load screen's "Watch as replay": a save that cannot be read says why (the file is left as it was)."""
    from pathlib import Path

    from game.persistence.save_format import SaveError
    from game.replay import ReplayCursor, ReplayError
    try:
        cursor = ReplayCursor.from_save(path, app.catalog)
    except SaveError as e:
        app.message("This save cannot be replayed", f"{Path(e.path).name}: {e.problem}\n\n"
                    "The file was left exactly as it was.")
        return False
    except ReplayError as e:
        app.message("This save cannot be replayed", f"{Path(path).name}: {e}\n\nThe file was left exactly as it was.")
        return False
    open_replay(app, cursor)
    return True


def open_match_as_replay(app, match, label: str = "") -> bool:
    """The results screen's "Watch the replay" (the match itself is left untouched)."""
    from game.match.scenario import ScenarioError
    from game.modes import mission_entry
    from game.replay import ReplayCursor, ReplayError
    if not label:
        try:
            label = f"{mission_entry(match.scenario.mission).title}, dice seed {match.seed}"
        except ScenarioError:
            label = f"dice seed {match.seed}"
    try:
        cursor = ReplayCursor.from_match(match, label=label)
    except ReplayError as e:
        app.message("This battle cannot be replayed", str(e))
        return False
    open_replay(app, cursor)
    return True


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, cursor, start: int = 0) -> None:
        super().__init__(app)
        self.cursor = cursor
        m = cursor.match
        self.renderer = BoardRenderer(m.table.battlefield, m.table.measure, app.palette, app.text, app.sprites)
        self.renderer.set_faces(getattr(m.table, "faces", ()))
        self.camera: Camera | None = None
        self.log = LogView(app.text, app.sprites, app.palette)
        self.entries, self.entry_marks = self._read_log()
        self.shown = 0
        self.playing = False
        self.speed = "1x"
        self.timer = 0.0
        self.version = 0
        self.units = []
        self.last: list = []
        self.layout: dict[str, pygame.Rect] = {}
        self._drag: tuple[int, int] | None = None
        self._positions: dict[int, tuple[float, float]] = {}
        self._log_partial = False  # the log shows only its last lines (just after a step back)
        self._log_wait = 0.0
        cursor.seek(start)
        self._refresh()

    # == the log, read once ================================================================================
    def _read_log(self):
        """Every log entry of the battle and, for each number of events, how many entries they make (the
        entries never change once made, so any position shows a prefix)."""
        reader = RollReader()
        first = self.cursor.scenario.sides[0].side if self.cursor.scenario.sides else ""
        entries: list[LogEntry] = []
        marks = [0]
        for e in self.cursor.events:
            entry = reader.entry(e)
            if entry is not None:
                if isinstance(e, E.ActivationStarted):
                    entry.style = "player" if e.side == first else "npc_act"
                entries.append(entry)
            marks.append(len(entries))
        return entries, marks

    def _sync_log(self, full: bool = True) -> None:
        """The log up to the position on show. Forwards it grows; backwards it is drawn again, at first only its
        last QUICK_LINES (steps back follow one another quickly), in full once the stepping stops."""
        n = self.entry_marks[self.cursor.marks[self.cursor.pos]]
        if n >= self.shown and not self._log_partial:
            self.log.add(self.entries[self.shown:n])
        else:
            first = 0 if full else max(0, n - QUICK_LINES)
            self.log.clear()
            self.log.add(self.entries[first:n])
            self._log_partial = first > 0
        self.shown = n
        self._log_wait = LOG_SETTLE

    # == moving through the battle ===========================================================================
    def _refresh(self, quick: bool = False) -> None:
        c = self.cursor
        self.units = snapshot_units(c.match)
        self.last = c.last_events()
        self._positions = self._last_positions()
        self._sync_log(full=not quick)
        self.version += 1

    def _last_positions(self) -> dict[int, tuple[float, float]]:
        """Where each unit last stood (a unit Taken Out is no longer on the table: its cross goes there)."""
        out: dict[int, tuple[float, float]] = {}
        for e in self.cursor.events_until():
            if isinstance(e, (E.Deployed, E.Spawned)):
                out[e.uid] = (e.x, e.y)
            elif isinstance(e, E.Moved):
                out[e.uid] = (e.end[0], e.end[1])
        return out

    def go(self, how: str, arg: int = 0) -> None:
        """Move the replay: "step" (arg +/-1), "group" (arg +/-1), "start", "end", "turn" (arg), "to" (arg)."""
        c = self.cursor
        before = c.pos
        if how == "step":
            new = c.step(arg)
        elif how == "group":
            new = c.step_group(arg)
        elif how == "start":
            new = c.seek(0)
        elif how == "end":
            new = c.seek(c.length)
        elif how == "turn":
            if not c.jump_to_turn(arg):
                self.app.toast(f"This battle has no Turn {arg}")
                return
            new = []
        else:
            new = c.seek(arg)
        if c.pos == before:
            return
        if how in ("step", "group") and arg > 0:
            sound_cues.on_events(self.app, new)  # stepping on sounds like the battle; jumps are silent
        self._refresh(quick=c.pos < before)
        self._sync_widgets()

    def toggle_play(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.go("start")
        self.playing = not self.playing
        self.timer = 0.0
        self._sync_widgets()

    # == widgets ===========================================================================================
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        W, H = self.app.size
        px = self.px
        top_h, ctl_h, hint_h = px(46), px(86), px(26)
        panel_w = min(px(400), int(W * 0.36))
        view = pygame.Rect(0, top_h, W - panel_w, H - top_h - ctl_h - hint_h)
        self.layout = {"top": pygame.Rect(0, 0, W, top_h), "view": view,
                       "log": pygame.Rect(W - panel_w + px(6), top_h + px(6), panel_w - px(12),
                                          H - top_h - ctl_h - hint_h - px(12)),
                       "controls": pygame.Rect(0, H - ctl_h - hint_h, W, ctl_h),
                       "timeline": pygame.Rect(px(16), H - ctl_h - hint_h + px(8), W - px(32), px(22)),
                       "hint": pygame.Rect(0, H - hint_h, W, hint_h)}
        bf = self.cursor.match.table.battlefield
        if self.camera is None:
            self.camera = Camera(view, bf.width, bf.height)
        else:
            self.camera.set_view(view)
        self.log.set_rect(self.layout["log"])
        bw, bh = px(92), px(32)
        self.b_back = UIButton(rect(W - px(8) - bw, (top_h - bh) // 2, bw, bh), "Back", m, container=root,
                               tool_tip_text="Leave the replay (Esc)")
        wide = W >= px(1180)
        labels = [("start", "|« Start" if wide else "|«", "The start of the battle (Home)"),
                  ("prev_group", "« Activation" if wide else "«", "The previous activation (Up, Page Up)"),
                  ("prev", "‹ Step" if wide else "‹", "One action back (Left)"),
                  ("play", "Play", "Play the battle on, or pause it (Space)"),
                  ("next", "Step ›" if wide else "›", "One action forward (Right)"),
                  ("next_group", "Activation »" if wide else "»", "The next activation (Down, Page Down)"),
                  ("end", "End »|" if wide else "»|", "The end of the battle (End)")]
        y = self.layout["timeline"].bottom + px(10)
        x = px(16)
        self.buttons: dict[str, UIButton] = {}
        for key, text, tip in labels:
            w = max(px(54), self.app.text.size(text, 14, True)[0] + px(26))
            if key == "play":
                w = max(w, px(90))
            self.buttons[key] = UIButton(rect(x, y, w, bh), text, m, container=root, tool_tip_text=tip,
                                         object_id="#primary" if key == "play" else None)
            x += w + px(6)
        turns = [f"Turn {t}" for t in self.cursor.turns] or ["Turn 1"]
        x += px(10)
        self.dd_turn = UIDropDownMenu(["Jump to Turn"] + turns, "Jump to Turn", rect(x, y, px(150), bh), m,
                                      container=root)
        x += px(156)
        self.dd_speed = UIDropDownMenu(list(SPEEDS), self.speed, rect(x, y, px(80), bh), m, container=root)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        if self.root is None or not hasattr(self, "buttons"):
            return
        c = self.cursor
        self.buttons["play"].set_text("Pause" if self.playing else "Play")
        for key in ("start", "prev_group", "prev"):
            self.buttons[key].enable() if not c.at_start else self.buttons[key].disable()
        for key in ("next", "next_group", "end"):
            self.buttons[key].enable() if not c.at_end else self.buttons[key].disable()

    def exit(self) -> None:
        super().exit()
        self.cursor.close()

    def on_style_change(self) -> None:
        app = self.app
        m = self.cursor.match
        self.renderer = BoardRenderer(m.table.battlefield, m.table.measure, app.palette, app.text, app.sprites)
        self.renderer.set_faces(getattr(m.table, "faces", ()))
        self.log = LogView(app.text, app.sprites, app.palette)
        self.shown = 0
        self._sync_log()

    # == input =============================================================================================
    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.b_back:
                self.app.pop()
                return
            action = {"start": ("start", 0), "prev_group": ("group", -1), "prev": ("step", -1),
                      "next": ("step", 1), "next_group": ("group", 1), "end": ("end", 0)}
            for key, b in self.buttons.items():
                if el is b:
                    if key == "play":
                        self.toggle_play()
                    else:
                        self.playing = False
                        self.go(*action[key])
                    return
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.dd_turn and event.text.startswith("Turn "):
                self.playing = False
                self.go("turn", int(event.text.split()[1]))
            elif event.ui_element is self.dd_speed:
                self.speed = event.text if event.text in SPEEDS else self.speed
            return
        if consumed:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_END:
            self.playing = False
            self.go("end")
        elif event.type == pygame.MOUSEWHEEL:
            mx, my = self.app.mouse
            if self.layout["log"].collidepoint(mx, my):
                self.log.on_wheel(event.y)
                self.version += 1
            elif self.layout["view"].collidepoint(mx, my) and self.camera.zoom_at(event.y, mx, my):
                self.version += 1
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            tl = self.layout["timeline"]
            if tl.inflate(0, self.px(8)).collidepoint(event.pos):
                self.playing = False
                frac = (event.pos[0] - tl.x) / max(1, tl.w)
                self.go("to", round(max(0.0, min(1.0, frac)) * self.cursor.length))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.layout["view"].collidepoint(event.pos):
            self._drag = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._drag = None
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            self.camera.pan(event.pos[0] - self._drag[0], event.pos[1] - self._drag[1])
            self._drag = event.pos
            self.version += 1

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        moves = {"pan_left": ("step", -1), "pan_right": ("step", 1), "pan_up": ("group", -1), "log_up": ("group", -1),
                 "pan_down": ("group", 1), "log_down": ("group", 1), "recentre": ("start", 0)}
        if name in moves:
            self.playing = False
            self.go(*moves[name])
            return True
        if name == "skip":
            self.toggle_play()
            return True
        if name.startswith("die_"):
            self.playing = False
            self.go("turn", int(name[4:]))
            return True
        if name in ("zoom_in", "zoom_out"):
            v = self.layout["view"]
            if self.camera.zoom_at(1 if name == "zoom_in" else -1, v.centerx, v.centery):
                self.version += 1
            return True
        return name != "help"

    # == frame ==============================================================================================
    def update(self, dt: float) -> None:
        if self._log_partial:
            self._log_wait -= dt
            if self._log_wait <= 0:  # the stepping stopped: the whole log again
                self._sync_log()
                self.version += 1
        if not self.playing:
            return
        self.timer += dt
        if self.timer >= STEP_SECONDS / SPEEDS.get(self.speed, 1.0):
            self.timer = 0.0
            self.go("step", 1)
            if self.cursor.at_end:
                self.playing = False
                self._sync_widgets()

    @property
    def busy(self) -> bool:
        return self.playing or self._log_partial

    def redraw_state(self):
        return "still", (self.version, self.playing, self.speed)

    def toast_anchor(self):
        return self.layout["view"].centerx if self.layout else self.app.size[0] // 2, self.px(56)

    # == drawing ============================================================================================
    def draw(self, screen) -> None:
        pal = self.app.palette
        screen.fill(pal.bg)
        view = self.layout["view"]
        cam = self.camera
        m = self.cursor.match
        prev = screen.get_clip()
        screen.set_clip(view)
        self.renderer.draw_board(screen, cam, m.table.doors_open, self.app.settings.show_grid,
                                 cleared=m.table.cleared_terrain)
        self._draw_markers(screen)
        self._draw_last_step(screen, under=True)
        battle = m.phase == "battle"
        active = m.active_unit
        labels = []
        for v in sorted(self.units, key=lambda q: (q.z, q.y)):
            sx, sy = cam.to_screen(v.x, v.y)
            r_px = max(5, int(round(v.r * cam.ppi)))
            if v.uid == active:
                pygame.draw.circle(screen, pal.select, (sx, sy), r_px + 6, 3)
            self.renderer.draw_unit(screen, cam, v, battle and not v.item and not v.ready and v.uid != active)
            if v.uid == active or (self.app.settings.show_names and cam.ppi >= 40):
                labels.append((v.name, (sx, sy + r_px + 3)))
        for name, pos in labels:
            self.app.text.blit(screen, name, pos, 10, (240, 240, 240), True, anchor="midtop", shadow=True)
        self._draw_last_step(screen, under=False)
        screen.set_clip(prev)
        pygame.draw.line(screen, pal.panel_edge, (view.right, view.top), (view.right, view.bottom), 1)
        self.log.draw(screen)
        self._draw_top(screen)
        self._draw_controls(screen)

    def _draw_markers(self, screen) -> None:
        """Mission markers lying on the table (objectives, crates): a small diamond with the label."""
        m, cam, pal = self.cursor.match, self.camera, self.app.palette
        for mid in m.markers(on_table=True):
            if m.marker_uid(mid) is not None:
                continue  # an item with a card: drawn as a unit
            p = m.marker_position(mid)
            if p is None:
                continue
            sx, sy = cam.to_screen(p[0], p[1])
            r = max(4, cam.length(0.35))
            pts = [(sx, sy - r), (sx + r, sy), (sx, sy + r), (sx - r, sy)]
            pygame.draw.polygon(screen, pal.item, pts)
            pygame.draw.polygon(screen, (20, 20, 20), pts, 1)
            self.app.text.blit(screen, m.marker(mid).label, (sx, sy + r + 2), 10, pal.text, True, anchor="midtop",
                               shadow=True)

    def _draw_last_step(self, screen, under: bool) -> None:
        """What the last action did: its moves and attacks (under the bases), Damage and crosses (over them)."""
        cam, pal, text = self.camera, self.app.palette, self.app.text
        pos = self._positions
        where = {v.uid: (v.x, v.y) for v in self.units}
        for e in self.last:
            if under and isinstance(e, E.Moved) and len(e.path) >= 2:
                col = pal.side(e.side)
                pts = [cam.to_screen(q[0], q[1]) for q in e.path]
                for a, b in zip(pts, pts[1:]):
                    _dashed_line(screen, col, a, b, 3, 9, 6)
                pygame.draw.circle(screen, col, pts[0], 4)
            elif under and isinstance(e, E.AttackDeclared):
                a = where.get(e.attacker) or pos.get(e.attacker)
                for t in e.targets:
                    b = where.get(t) or pos.get(t)
                    if a and b:
                        pygame.draw.line(screen, pal.bad, cam.to_screen(*a), cam.to_screen(*b), 3)
            elif not under and isinstance(e, E.TakenOut):
                p = pos.get(e.uid)
                if p is not None:
                    sx, sy = cam.to_screen(*p)
                    r = max(6, cam.length(0.5))
                    for d in (-1, 1):
                        pygame.draw.line(screen, pal.bad, (sx - r, sy - d * r), (sx + r, sy + d * r), 4)
            elif not under and isinstance(e, (E.DamageTaken, E.HitLost)) and e.amount > 0:
                p = where.get(e.uid) or pos.get(e.uid)
                if p is not None:
                    sx, sy = cam.to_screen(*p)
                    text.blit(screen, f"-{e.amount} HIT", (sx, sy - cam.length(0.7)), 14, pal.bad, True,
                              anchor="midbottom", shadow=True)

    def _draw_top(self, screen) -> None:
        pal, text, px = self.app.palette, self.app.text, self.px
        r = self.layout["top"]
        pygame.draw.rect(screen, pal.panel, r)
        pygame.draw.line(screen, pal.panel_edge, r.bottomleft, r.bottomright, 1)
        c = self.cursor
        title = "Replay" + (f": {c.label}" if c.label else "")
        text.blit(screen, title, (px(14), r.centery), 17, pal.text, True, anchor="midleft")
        turns = max(c.turns) if c.turns else 0
        where = "Deployment" if c.turn == 0 else f"Turn {c.turn} of {turns}"
        status = f"{where}  ·  action {c.pos} of {c.length}"
        if c.at_end and c.result is not None:
            status += f"  ·  {c.result.outcome.capitalize()}: {c.result.text}"
        elif self.playing:
            status += f"  ·  playing {self.speed}"
        text.blit(screen, status, (r.centerx, r.centery), 15, pal.text_dim, False, anchor="center")

    def _draw_controls(self, screen) -> None:
        pal, text, px = self.app.palette, self.app.text, self.px
        r = self.layout["controls"]
        pygame.draw.rect(screen, pal.panel, r)
        pygame.draw.line(screen, pal.panel_edge, r.topleft, r.topright, 1)
        tl = self.layout["timeline"]
        c = self.cursor
        pygame.draw.rect(screen, (16, 19, 24), tl, border_radius=4)
        frac = c.pos / max(1, c.length)
        done = pygame.Rect(tl.x, tl.y, int(tl.w * frac), tl.h)
        if done.w > 0:
            pygame.draw.rect(screen, mix(pal.player, pal.panel, 0.45), done, border_radius=4)
        for t, p in sorted(c.turn_starts.items()):
            x = tl.x + int(tl.w * p / max(1, c.length))
            pygame.draw.line(screen, pal.select, (x, tl.y), (x, tl.bottom), 2)
            text.blit(screen, f"T{t}", (x + px(3), tl.centery), 11, pal.select, True, anchor="midleft")
        pygame.draw.rect(screen, pal.panel_edge, tl, 1, border_radius=4)
        x = tl.x + int(tl.w * frac)
        pygame.draw.line(screen, (255, 255, 255), (x, tl.y - px(3)), (x, tl.bottom + px(3)), 3)
        h = self.layout["hint"]
        pygame.draw.rect(screen, pal.bg, h)
        text.blit(screen, HINT, (px(14), h.centery), 12, pal.text_faint, False, anchor="midleft")
