"""The battle scene: deployment and the battle on one table.

The scene only reads the match, and changes it only through `submit(command)`:
  - the player's clicks and keys become commands (Deploy, Activate, Move, RangedAttack, ... answers to prompts),
    through the handler of the input mode (handlers.py, skill_input.py; keys and buttons in input.py),
  - skill actions are buttons; a skill that needs a unit, a second unit or a spot lights its choices up on the
    table and the click that completes the choice submits the UseSkill,
  - the match's prompts are answered in the prompt panel (prompts.py), also in the middle of an NPC
    activation, which waits for the answer,
  - computer and NPC sides are played by the session's controllers, one decision per animation step (Space
    skips ahead: turns.py); people take the seat in turn (hot-seat: a hand-over screen between them),
  - Ctrl+Z replaces the match by `undo(match)` when the last command rolled no dice.
Every change bumps `version`; previews, the card and the action buttons are recomputed on a new version
or a new selection, never per frame. What the player picked and what is under the mouse is `sel` (selection.py),
where the camera looks and the question box goes `framing` (framing.py), the events become log lines and effects
in `feed` (feed.py), the painters (draw_*.py) own their caches.
"""
from __future__ import annotations

import time

import pygame
from pygame_gui.elements import UIButton

from game.match.errors import IllegalCommand
from game.modes.session import Session

from ..banners import Banner, Effects
from ..board import BoardRenderer
from ..camera import Camera
from ..cardview import CardView
from ..logview import LogView
from ..prompts import PromptPanel
from ..scene import Scene
from ..theme import rect
from ..wording import command_text, count
from .feed import EventFeed
from .framing import Framing
from .handover import HotSeat
from .handlers import ActInput, DeployInput, PromptInput, TableInput, WatchInput
from .ahead import Ahead
from .autosave import Autosave
from .checkpoints import Checkpoints
from .input import BattleInput
from .landing import Landing
from .painter import BattlePainter
from .panel import SidePanel
from .results import summary_html
from .selection import FIELDS, Selection
from .skill_input import SkillInput
from .texts import acting_side
from .turns import ComputerTurns

# how long animations last (x the normal), by the speed setting; "instant": none
ANIMATION_SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def _table_view(scene):
    from ..view.screen import TableView  # (the view package reads the battle package's mission views)
    return TableView(scene)


def _selection_field(name: str) -> property:
    return property(lambda self: getattr(self.sel, name), lambda self, v: setattr(self.sel, name, v))


class BattleScene(HotSeat, Scene):
    name = "battle"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.extra_controllers: dict = {}  # sides the computer plays although the scenario says "person"
        self.session = Session(match)
        people = self.session.people()
        # the person at the screen (several: hot-seat, each takes the seat in turn through a hand-over)
        self.seat = people[0] if len(people) == 1 else None
        self._secret_ok = None  # the secret question the seated person was handed the screen for
        self.saved_at = len(match.log)  # commands kept in a file (a save, the autosave): more is unsaved progress
        self.autosave = Autosave(self)  # the battle is written to the autosave slot after every command
        self.checkpoints = Checkpoints(self)  # the match's checkpoints (undo's), taken over frames
        self.keep_match = False  # True when the match is handed on (to the results screen)
        self._holds_memory = False  # the app's Memory held while the battle is on screen (enter / exit)
        self.show_grid = app.settings.show_grid or match.table.measure == "grid"
        self.version = 0
        self.units = []
        self.by_uid = {}
        self.markers = []  # mission_view.MarkerView of every marker, read with the units
        self._mission_view = None  # (version, zones, summary) read from the mission once per match change
        self.renderer = BoardRenderer(match.table.battlefield, match.table.measure, app.palette, app.text,
                                      app.sprites)
        self.renderer.set_faces(getattr(match.table, "faces", ()))
        self.camera: Camera | None = None
        self.log = LogView(app.text, app.sprites, app.palette)
        self.effects = Effects()
        self.card = CardView(app)
        self.card.own_side = self.side
        self.card.named = len(people) > 1
        self._preference_checked = None  # (version, prompt) whose "ask me about my saves" was looked at
        self._was_mine = False  # the match waited for the person at the screen at the last frame
        self.sel = Selection(self)
        self.feed = EventFeed(self)
        self.panel = SidePanel(self)
        self.prompt_panel = PromptPanel(self)
        self.input = BattleInput(self)
        self.skills = SkillInput(self)
        self.act = ActInput(self)
        self.deploy = DeployInput(self)
        self._watch = WatchInput(self)
        self._prompt_input = PromptInput(self)
        self.painter = BattlePainter(self)
        self.framing = Framing(self)  # where the camera looks and the question box goes
        self.table_view = _table_view(self)  # the table's own esper world: what stands on it, what moves, drawn
        self.turns = ComputerTurns(self)
        self.landing = Landing(self)  # a computer's command read a stage per frame after it landed
        self.ahead = Ahead(self)
        self.result_timer: float | None = None
        self.time = 0.0
        self.spent_ms = 0.0  # ms this frame spent on what is under the mouse and the autosave (the work ahead waits)
        self.layout = {}
        self.b_menu = self.b_help = self.b_undo = self.b_skip = None
        self.refresh_units()
        self.feed.ingest(initial=True, loaded=bool(match.log))
        self.sel.pick_deploy_unit()
        if match.phase == "over":
            self.result_timer = 1.0  # a finished battle (loaded): straight on to its results
        if match.phase == "battle" and match.turn:
            self.effects.banners.append(Banner(f"Turn {match.turn}", [self.whose_line()], kind="turn", duration=1.8))

    @property
    def side(self) -> str:
        """The side of the person at the screen ("your squad")."""
        if self.seat is not None:
            return self.seat.side
        people = self.session.people()
        return people[0].side if people else self.match.sides[0]

    @property
    def help_mode(self) -> str | None:
        """The play mode of the mission played (F1 opens its help)."""
        from game.match.scenario import ScenarioError
        from game.modes import mission_entry
        try:
            return mission_entry(self.match.scenario.mission).mode
        except ScenarioError:
            return None

    @property
    def npc_line(self) -> str:
        return self.turns.line

    @property
    def npc_line_uid(self):
        return self.turns.line_uid

    @property
    def skip(self) -> bool:
        return self.turns.skip

    @skip.setter
    def skip(self, on: bool) -> None:
        self.turns.skip = on

    def play_by_computer(self, side: str, controller) -> None:
        """Let `controller` play `side` (tests, a demo): the session drives it like any computer side."""
        self.extra_controllers[side] = controller
        self.session.controllers[side] = controller

    @property
    def stats(self) -> dict:
        return self.feed.stats

    @property
    def anims(self) -> dict:
        """uid -> its glide, for the bases moving now."""
        return self.table_view.world.gliding()

    @property
    def b_auto(self):
        return self.panel.b_auto

    @property
    def b_start(self):
        return self.panel.b_start

    @property
    def b_end(self):
        return self.panel.b_end

    @property
    def deploy_list(self):
        return self.panel.deploy_list

    def card_uid(self) -> int | None:
        return self.sel.card_uid()

    def card_view_rect(self):
        return self.sel.card_view_rect()

    def card_scroll_max(self) -> int:
        return self.sel.card_scroll_max()

    def select(self, uid, mode="default") -> None:
        self.sel.select(uid, mode)

    def set_mode(self, mode: str, weapon_id: str | None = None) -> None:
        self.sel.set_mode(mode, weapon_id)

    # == layout and widgets =========================================================================
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        W, H = self.app.size
        px = self.px
        top_h = px(46)
        panel_w = min(px(410), int(W * 0.42))
        hint_h = px(28)
        view = pygame.Rect(0, top_h, W - panel_w, H - top_h - hint_h)
        panel = pygame.Rect(W - panel_w, top_h, panel_w, H - top_h)
        self.layout = {"top": pygame.Rect(0, 0, W, top_h), "view": view, "panel": panel,
                       "hint": pygame.Rect(0, H - hint_h, W - panel_w, hint_h)}
        bf = self.match.table.battlefield
        if self.camera is None:
            self.camera = Camera(view, bf.width, bf.height)
        else:
            self.camera.set_view(view)
        # a fitted table leaves the summary clear: beside it, or (too narrow a view) under its folded title line
        self.camera.reserve_left(self.painter.summary.width() + px(8), self.painter.summary.header_height() + px(16))
        # top bar buttons
        bw, bh = px(92), px(32)
        x = W - px(8) - bw
        y = (top_h - bh) // 2
        self.b_menu = UIButton(rect(x, y, bw, bh), "Menu", m, container=root, tool_tip_text="Pause: save, load, "
                               "settings, quit (Esc)")
        x -= bw + px(6)
        self.b_help = UIButton(rect(x, y, bw, bh), "Help", m, container=root, tool_tip_text="Controls, how to "
                               "play, how the game reads the rules (F1)")
        x -= bw + px(6)
        self.b_undo = UIButton(rect(x, y, bw, bh), "Undo", m, container=root, tool_tip_text="Take back the last "
                               "action if it rolled no dice (Ctrl+Z)")
        x -= int(bw * 1.25) + px(6)
        self.b_skip = UIButton(rect(x, y, int(bw * 1.25), bh), "Skip NPCs", m, container=root,
                               tool_tip_text="Play the NPC activations at once (Space)")
        self.panel.reset()
        self.prompt_panel.clear()
        self.panel.build()
        self.log.set_rect(self.layout.get("log", pygame.Rect(0, 0, 0, 0)))
        self.panel.sync()

    def enter(self) -> None:
        super().enter()
        if self.table_view.world.closed:  # (back on screen after it was left: a world of its own again)
            self.table_view = _table_view(self)
            self.refresh_units()
        self.autosave.write()  # Continue opens this battle from now on
        self.painter.panel.warm_cards()
        self.panel.warm_buttons()
        if not self._holds_memory:  # the loop paces the garbage collector while the battle is on screen
            self._holds_memory = True
            self.app.memory.hold()

    def exit(self) -> None:
        self.checkpoints.release()  # (the match takes its own checkpoints again: it may go on elsewhere)
        self.autosave.write()  # left for the results, the title, another battle or a closed window: kept
        super().exit()
        if not self.keep_match:
            self.match.close()  # its esper world goes with it
        self.table_view.close()  # and the table's
        self.sel.preview = None
        if self._holds_memory:
            self._holds_memory = False
            self.app.memory.release()

    def on_style_change(self) -> None:
        app = self.app
        self.renderer = BoardRenderer(self.match.table.battlefield, self.match.table.measure, app.palette, app.text,
                                      app.sprites)
        self.renderer.set_faces(getattr(self.match.table, "faces", ()))
        self.log = LogView(app.text, app.sprites, app.palette)
        self.feed.restart()
        self.feed.ingest(initial=True)
        self.card = CardView(app)
        self.card.own_side = self.side
        self.card.named = len(self.session.people()) > 1
        self.painter.panel.forget()

    def mark_saved(self) -> None:
        self.saved_at = len(self.match.log)

    def unsaved_text(self) -> str | None:
        """What leaving now would lose, in words (None: nothing; the autosave is written first)."""
        m = self.match
        if self.autosave.write() or m.phase == "over":
            return None
        n = max(1, len(m.log) - self.saved_at)
        return (f"The autosave cannot be written ({self.autosave.error}): {count(n, 'action')} since the last save "
                "would be lost. Save from the pause menu under another name to keep them.")

    def before_quit(self) -> str | None:
        """The window is being closed: the battle is kept; say so (or what would be lost) in the question."""
        if self.match.phase == "over":
            return None
        return self.unsaved_text() or "The battle is saved: Continue on the title screen resumes it exactly here."

    def quit_to_title(self, confirmed: bool = False) -> None:
        """Leave the battle for the title screen (kept in the autosave), after asking when it cannot be kept."""
        from ..title import TitleScene
        lost = None if confirmed else self.unsaved_text()
        if lost:
            from ..builder_dialogs import ConfirmDialog
            self.app.push(ConfirmDialog(self.app, "Quit without saving?", lost, "Quit",
                                        lambda: self.quit_to_title(confirmed=True)))
            return
        if self.match.phase != "over":
            self.app.toast("The battle is saved: Continue resumes it", "ok")
        self.app.replace(TitleScene(self.app))

    def open_pause(self) -> None:
        from ..pause import PauseScene
        self.app.push(PauseScene(self.app, self))

    # == reading the match ===========================================================================
    def refresh_units(self) -> None:
        """Read the whole table again (the match was changed from outside a command: a test, a bench)."""
        self.table_view.world.reread()
        self.read_units()

    def read_units(self) -> None:
        """The bases and markers as the table's reading has them (kept from each command's events)."""
        reading = self.table_view.world.reading
        self.units = reading.unit_list()
        self.by_uid = dict(reading.units)
        self.markers = reading.markers

    def _mission_now(self):
        if self._mission_view is not None and self.landing.pending:
            return self._mission_view  # (a command landing is read a stage per frame: the mission in its own)
        return self.read_mission()

    def read_mission(self):
        """The mission's zones and summary read again if the match changed since they were read."""
        if self._mission_view is None or self._mission_view[0] != self.version:
            m = self.match
            try:
                zones = tuple(m.mission.zones(m))
            except Exception:  # a mission that cannot say: nothing drawn, the game goes on
                zones = ()
            try:
                summary = m.mission.summary(m)
            except Exception:
                summary = None
            self._mission_view = (self.version, zones, summary)
        return self._mission_view

    def mission_zones(self) -> tuple:
        """The zones the mission draws now (deployment, extraction...), read once per match change."""
        return self._mission_now()[1]

    def mission_summary(self):
        """The mission's summary now (title, Turn, objectives, MP, notes), read once per match change."""
        return self._mission_now()[2]

    def owns(self, uid) -> bool:
        """`uid` is commanded by the person at the screen (their side's; in co-op, one of their own units)."""
        m = self.match
        u = m.unit(uid)
        if u.side != self.side or u.item:
            return False
        return self.seat is None or m.people(u.side) < 2 or u.owner == self.seat.seat

    def ready_own(self, uid) -> bool:
        m = self.match
        return uid is not None and m.standing(uid) and self.owns(uid) and m.readiness(uid).ready

    @property
    def named(self) -> bool:
        """Several people share the screen: texts name them ("Ana's turn") instead of "you"."""
        return len(self.session.people()) > 1

    def person_colour(self, who) -> tuple:
        """The colour of a person's units (their side's; in co-op, their own)."""
        from ..board import side_styles
        pal = self.app.palette
        if side_styles(self.match).get(who.side) != "player":
            return pal.npc
        return pal.person(who.seat if self.match.people(who.side) > 1 else 0)

    def own_units(self) -> list[int]:
        """The units of the person at the screen on the table."""
        return [u for u in self.match.units(self.side, downed=None) if self.owns(u) and
                self.match.position(u) is not None]

    def can_undo(self) -> bool:
        m = self.match
        if not m.can_undo() or not m.log:
            return False
        if m.log[-1].side != self.side:
            return False
        return m.waiting_for() == self.side or m.phase == "deploy"

    def whose_line(self) -> str:
        m = self.match
        w = m.waiting_for()
        who = self.session.person_to_act()
        if self.named and who is not None:
            return f"{who.name}'s turn: activate a unit"
        if w == self.side:
            return "Your squad acts: activate a unit"
        return acting_side(self, w) + " acting"

    def computer_side(self, side) -> bool:
        """`side` is played by the computer (an NPC Behaviour or a computer player) on this screen."""
        return side in self.session.controllers

    def computer_acting(self) -> bool:
        return self.match.phase == "battle" and self.turns.acting()

    def my_decision(self) -> bool:
        """The match waits for the person at the screen."""
        who = self.session.person_to_act()
        return who is not None and (self.seat is None or who == self.seat)

    # == changing the match ============================================================================
    def submit(self, cmd, quiet: bool = False) -> bool:
        """The one door to the match. Illegal commands show their reason and change nothing. A computer decision
        still open is dropped first (it read the match as it was)."""
        m = self.match
        self.session.cancel()
        self.landing.finish()  # (the last command read to its end first)
        old = dict(self.by_uid)
        try:
            m.submit(cmd)
        except IllegalCommand as e:
            if not quiet:
                self.app.toast(str(e), "error")
            return False
        self.changed(old)
        return True

    def changed(self, old: dict) -> None:
        """The match changed (a command of the player's or the computer's): read it again at once. `old`: the
        bases as they were (animations start from there). A computer's command landed at the game's pace is read
        over the next frames instead (landing.py), in the same order."""
        self.landing.finish()
        self.read_change(old)
        self.feed.ingest(old=old)
        self.after_change()

    def read_change(self, old: dict, markers_later: bool = False) -> None:
        """The table follows the new events (a new screen version); `markers_later`: the markers in a stage of their
        own (read_markers)."""
        self.version += 1
        self.table_view.feed(self.match.events[self.feed.seen:], old, markers_later)
        self.read_units()

    def read_markers(self) -> None:
        """The markers the last reading left for later (who controls each), read."""
        if self.table_view.read_markers():
            self.read_units()

    def after_change(self) -> None:
        self.sel.after_change()
        self.sel.update_hover()
        self.panel.sync()

    def set_match(self, match) -> None:
        """Replace the match (undo, load): everything shown is rebuilt from it."""
        self.match = match
        self.landing.drop()
        self.version += 1
        self.session = Session(match, dict(self.extra_controllers))
        self.log.clear()
        self.feed.restart()
        self.prompt_panel.clear()
        self.table_view.restart(match)
        self.app.memory.settle()  # (the match loaded and its view: its young objects collected in this frame)
        self.refresh_units()
        self.feed.ingest(initial=True)
        sel = self.sel
        if sel.selected is not None and not self.ready_own(sel.selected) and sel.selected != match.active_unit:
            sel.selected = None
            sel.mode = None
        self.after_change()
        self.panel.build()
        self.panel.sync()

    def undo(self) -> None:
        from game.modes import undo
        if not self.can_undo():
            if self.match.log and not self.match.can_undo():
                self.app.toast("The last action rolled dice: it cannot be undone", "error")
            else:
                self.app.toast("Nothing to undo", "error")
            return
        last = self.match.log[-1]
        try:
            new = undo(self.match)
        except (ValueError, IllegalCommand) as e:
            self.app.toast(str(e), "error")
            return
        self.set_match(new)
        self.app.toast(f"Undone: {command_text(new, last, self.side)}", "ok")

    # == input =======================================================================================
    def intent(self, name: str) -> bool:
        return self.input.intent(name)

    def handle(self, event, consumed) -> None:
        self.input.handle(event, consumed)

    def click_handler(self) -> TableInput | None:
        """Who a click on the table is for, in the input mode the screen is in."""
        m = self.match
        if m.phase == "deploy":
            return self.deploy
        if m.phase != "battle":
            return None
        p = m.prompt
        if self.sel.skill is not None and (p is None or self.sel.skill.from_prompt):
            return self.skills
        if p is not None:
            return self._prompt_input
        if m.waiting_for() != self.side:
            return self._watch
        return self.act

    # == per frame ===================================================================================
    def update(self, dt: float) -> None:
        self.time += dt
        self.effects.speed = ANIMATION_SPEED.get(self.app.settings.npc_speed, 1.0)
        self.effects.update(dt)
        self.table_view.tick(dt)  # (the table moves by it in the next frame drawn: its world's process)
        if self.table_view.world.camera_moved:
            self.table_view.world.camera_moved = False
            self.sel.update_hover()
        if self.landing.pending:  # a stage of reading the computer's last command, and nothing else
            self.landing.step()
            return
        self.turns.update(dt)
        if self.landing.pending:  # the computer's command landed: this frame resolved it, the next ones read it
            return
        self.deploy.go_on()
        t0, pieces = time.perf_counter(), self.autosave.pieces
        self.autosave.tick(dt, settled=not self.moving() and not self.turns.acting())
        if self.autosave.pieces == pieces:  # (a piece of the autosave or of a checkpoint a frame, not both)
            self.checkpoints.tick()
        self.spent_ms += (time.perf_counter() - t0) * 1000  # (the work ahead leaves it the frame)
        if self.answer_by_preference() or self.hand_over_if_needed():
            return
        if self.effects.banner is None:
            mine = self.my_decision() and self.match.prompt is None
            if mine and not self._was_mine:
                self.framing.own_units_in_view()  # their decision starts: their units in view
            self._was_mine = mine
        if self.sel.preview_key is None and self.sel.mode is not None:
            self.sel.current_preview()
            self.sel.update_hover()
        self.prompt_panel.sync(self.match, self.side, self.framing.prompt_area())
        self.panel.sync()
        self.painter.update_tooltip(dt)
        self.ahead.update(spent_ms=self.spent_ms + self.turns.spent_ms)  # (what the rest of the frame took)
        self.spent_ms = 0.0
        if self.result_timer is not None:
            self.result_timer -= dt
            if self.result_timer <= 0 and not self.anims:
                self._show_results()

    def update_below(self, dt: float) -> None:
        """Under an overlay (pause, help, a hand-over) nothing moves; the autosave catches up."""
        self.autosave.tick(dt, settled=True)

    def _show_results(self) -> None:
        self.result_timer = None
        self.keep_match = True
        people = self.session.people()
        side = self.side if len({p.side for p in people}) <= 1 else None
        self.app.replace(self.results_scene(side))

    def results_scene(self, side: str | None):
        """The screen the finished battle goes on to: its results (for `side`; None: people on both sides). A battle
        that belongs to something that goes on (a campaign's mission) names what follows them."""
        from ..results_scene import ResultsScene
        return ResultsScene(self.app, self.match, self.summary_html(), side)

    def summary_html(self) -> str:
        return summary_html(self.match, self.side, self.feed.stats, named=self.named)

    def redraw_state(self):
        """Moving while bases slide, banners fade, damage numbers rise or the dice tray fades; pulsing while a
        highlight pulses (the selected unit, the deployment zone, units a question is about); else still, drawn
        again when the match or what the screen shows of it changes (the key)."""
        fx = self.effects
        if self.moving():
            mode = "moving"
        else:
            m = self.match
            p = m.prompt
            pulsing = m.phase == "deploy" or (self.selected is not None and self.selected != m.active_unit) or \
                (p is not None and p.side == self.side and (p.kind == "pick_npc" or p.decision is not None or
                                                            p.kind in ("devoted", "react", "counter")))
            mode = "pulsing" if pulsing else "still"
        cam = self.camera
        sel = self.sel
        key = (self.version, sel.selected, sel.inspect, sel.mode, sel.weapon_id, sel.hover_uid, sel.hover_spot,
               None if sel.hover_target is None else (sel.hover_target.uid, sel.hover_target.spread),
               None if sel.preview is None else sel.preview.spread_dice(), sel.card_uid(), sel.card_scroll,
               sel.ghost, sel.skill_hover, None if sel.skill is None else (sel.skill.sid, sel.skill.first),
               self.prompt_panel.key, self.prompt_panel.selected, self.table_view.world.tray_showing(), len(fx.banners),
               None if cam is None else (cam.ppi, cam.ox, cam.oy), self.show_grid, self.app.settings.show_names,
               len(self.log.entries), self.log.scroll, self.npc_line, sel.hover_marker, self.painter.summary.folded,
               self.chip_tooltip is None, self.suspended, self.ahead.progress, self.ahead.threat_shown,
               self.panel.act_rows)
        return mode, key

    def moving(self) -> bool:
        """Bases slide, shots fly, damage numbers rise, crosses fade, the dice tumble or fade (the table's world),
        banners fade or the camera glides; or a picture is made over frames (the threat areas' next one, a region of
        the panel left to the next frame)."""
        return bool(self.effects.banners or self.table_view.world.moving() or
                    (self.camera is not None and self.camera.glide is not None) or self.painter.foresight.making or
                    self.painter.panel.behind)

    @property
    def busy(self) -> bool:
        return self.turns.acting() or self.landing.pending or self.ahead.busy or self.result_timer is not None or \
            bool(self.effects.banners) or self.table_view.world.tray_showing()

    def toast_anchor(self):
        """Where toasts go on the battle screen: the top of the table view, under the question box when it is
        there; None while a banner shows (the toasts wait for it)."""
        if self.effects.banner is not None:
            return None
        view = self.layout.get("view")
        if view is None:
            return super().toast_anchor()
        y = view.y + self.px(10)
        r = self.prompt_panel.rect
        if self.prompt_panel.active and r.top <= y + self.px(60):
            y = r.bottom + self.px(8)
        box = self.painter.summary.rect
        x = (box.right + view.right) // 2 if box.w and box.bottom > y else view.centerx
        return x, y

    # == drawing =====================================================================================
    def draw(self, screen) -> None:
        self.painter.draw(screen)

    def draw_over(self, screen) -> None:
        self.painter.draw_over(screen)

    def drawn_over_table(self) -> tuple:
        """What this screen draws over the table beyond the view world and the painters: (a look, the rectangles it
        covers). None here."""
        return None, []


# the selection's state, read and written as the scene's own (`scene.selected`, `scene.mode`, ...)
for _name in FIELDS:
    setattr(BattleScene, _name, _selection_field(_name))
del _name
