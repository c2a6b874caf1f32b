"""Menu scenes: title, mission setup, load, settings, pause, help, results."""
from __future__ import annotations

from html import escape

import math
from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UIPanel, UISelectionList,
                                 UITextBox, UITextEntryLine)

from .help_screen import HelpScene  # noqa: F401  (the F1 help, opened from here and the pause menu)
from .scene import FormScene, Scene, SetupForm
from .sprites import mix
from .settings import NPC_SPEEDS, PALETTE_NAMES, UI_SCALES
from .theme import rect


def dd_value(dd: UIDropDownMenu) -> str:
    opt = dd.selected_option
    return opt[0] if isinstance(opt, tuple) else opt


def _starfield(size, palette) -> pygame.Surface:
    """The title background: deep space, stars, a ruined planet with a broken ring (deterministic)."""
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = (8, 10, 18), (22, 18, 30)
    for y in range(0, h, 4):
        t = y / max(1, h)
        pygame.draw.rect(surf, tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)), (0, y, w, 4))
    seed = 2463534242
    for k in range(320):  # xorshift: scattered, repeatable stars
        seed ^= (seed << 13) & 0xFFFFFFFF
        seed ^= seed >> 17
        seed ^= (seed << 5) & 0xFFFFFFFF
        x, y = seed % w, (seed // w) % h
        b = 80 + (seed >> 7) % 170
        pygame.draw.circle(surf, (b, b, min(255, b + 25)), (x, y), 2 if (seed >> 3) % 13 == 0 else 1)
    cx, cy, R = int(w * 0.80), int(h * 0.86), int(min(w, h) * 0.42)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.circle(glow, palette.player + (10,), (cx, cy), R + 40 - i * 6)
    surf.blit(glow, (0, 0))
    ra, rb, rcy = R * 1.55, R * 0.3, cy - R * 0.12

    def ring(front: bool) -> None:
        n = 160
        for k in range(n):
            t0, t1 = 2 * math.pi * k / n, 2 * math.pi * (k + 1) / n
            if (math.sin(t0) > 0) != front or (k // 9) % 4 == 3:
                continue  # the other half, or a broken stretch
            col = palette.npc if (k // 9) % 6 == 1 else (120, 126, 150)
            pygame.draw.line(surf, col, (cx + ra * math.cos(t0), rcy + rb * math.sin(t0)),
                             (cx + ra * math.cos(t1), rcy + rb * math.sin(t1)), 3)

    ring(False)
    pygame.draw.circle(surf, (26, 30, 44), (cx, cy), R)
    for i in range(12):  # the lit limb
        pygame.draw.arc(surf, mix((26, 30, 44), palette.player, 0.05 * (12 - i)),
                        (cx - R + i, cy - R + i, 2 * (R - i), 2 * (R - i)), 1.7, 3.3, 2)
    for k in range(9):  # craters
        a = k * 0.7 + 0.3
        r = R * (0.25 + 0.07 * (k % 4))
        pygame.draw.circle(surf, (20, 23, 34), (int(cx + math.cos(a) * r), int(cy - abs(math.sin(a)) * r)),
                           int(R * (0.04 + 0.015 * (k % 3))))
    ring(True)
    return surf


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self._bg = None
        self._bg_size = None
        self.saves = []

    def build_ui(self) -> None:
        from game.persistence.campaigns import CampaignFileInfo
        from game.persistence.save_listing import list_saves

        from .campaign import continue_target
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.saves = list_saves(self.app.saves_dir)
        # what Continue opens: the newest battle or campaign still being played (broken files are skipped)
        self.newest = continue_target(self.app, self.saves)
        campaign = isinstance(self.newest, CampaignFileInfo)
        broken = sum(1 for s in self.saves if s.broken)
        UILabel(rect(0, h * 0.12, w, px(80)), "RUINSTARS", m, container=root, object_id="#title")
        UILabel(rect(0, h * 0.12 + px(78), w, px(30)), "Digital edition  ·  sci-fi skirmish on a 24\" table",
                m, container=root, object_id="#subtitle")
        bw, bh, gap = px(300), px(48), px(12)
        col = px(28)  # two columns: the ways to play, then the squads, saves and settings
        x = (w - 2 * bw - col) // 2
        x2 = x + bw + col
        y0 = y = int(h * 0.36)

        def button(label, tip=None, left=True):
            nonlocal y, y2
            at = (x, y) if left else (x2, y2)
            b = UIButton(rect(at[0], at[1], bw, bh), label, m, container=root, object_id="#primary",
                         tool_tip_text=tip)
            if left:
                y += bh + gap
            else:
                y2 += bh + gap
            return b

        y2 = y0
        cont_tip = None
        if campaign:
            from .campaign.files import info_line
            cont_tip = f"Open the campaign {info_line(self.newest)}"
        elif self.newest:
            s = self.newest
            cont_tip = f"Load the newest save: {s.label} (Turn {s.turn}, {s.saved_at.replace('T', ' ')[:16]})"
        self.b_continue = button("Continue", cont_tip or "No saved game yet")
        if not self.newest:
            self.b_continue.disable()
        self.b_new = button("First Mission", "Set up and play the First Mission: a person against the computer or a person")
        self.b_pve = button("PvE mission", "A generated mission against an enemy faction, solo or co-op")
        self.b_pvp = button("PvP", "Two squads, one screen: the PvP missions, against a person or the computer")
        self.b_horde = button("Horde Mode", "Survive wave after wave: Bosses, Downed units, Upgrades, high scores")
        self.b_campaign = button("Campaign", "A squad that lives from mission to mission: three Operations, "
                                 "Injuries, Spoils of War, the Homebase and the fallen", left=False)
        self.b_squads = button("Squad builder", "Build squads from the nine factions, save rosters, share squad codes",
                               left=False)
        self.b_load = button("Load", "Open a saved game", left=False)
        self.b_settings = button("Settings", left=False)
        self.b_quit = button("Quit", left=False)
        notes = []
        if campaign:
            from .campaign.files import where_words
            notes.append(f"Campaign {self.newest.name}: {where_words(self.newest)}")
        elif self.newest:
            s = self.newest
            when = s.saved_at.replace("T", " ")[:16]
            turn = "" if "Turn" in s.label else f"  ·  Turn {s.turn}"
            notes.append(f"Newest save: {s.label}{turn}  ·  {when}")
        if broken:
            notes.append(f"{broken} damaged save{'s' if broken > 1 else ''} (see Load)")
        if notes:
            UILabel(rect(0, h - px(64), w, px(24)), "  ·  ".join(notes), m, container=root, object_id="#subtitle")
        UILabel(rect(0, h - px(36), w, px(24)), "F1: help and controls", m, container=root, object_id="#subtitle")

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_new:
            self.app.push(SetupScene(self.app))
        elif el is self.b_continue and self.newest:
            from game.persistence.campaigns import CampaignFileInfo
            if isinstance(self.newest, CampaignFileInfo):
                from .campaign import open_campaign
                open_campaign(self.app, self.newest.path)
            else:
                load_into_battle(self.app, self.newest.path)
        elif el is self.b_campaign:
            from .campaign import CampaignMenuScene
            self.app.push(CampaignMenuScene(self.app))
        elif el is self.b_horde:
            from .setup_horde import HordeSetupScene
            self.app.push(HordeSetupScene(self.app))
        elif el is self.b_pvp:
            from .setup_pvp import PvpSetupScene
            self.app.push(PvpSetupScene(self.app))
        elif el is self.b_pve:
            from .setup_pve import PveSetupScene
            self.app.push(PveSetupScene(self.app))
        elif el is self.b_squads:
            from .builder import SquadBuilderScene
            self.app.push(SquadBuilderScene(self.app))
        elif el is self.b_load:
            self.app.push(LoadScene(self.app))
        elif el is self.b_settings:
            self.app.push(SettingsScene(self.app))
        elif el is self.b_quit:
            self.app.request_quit()

    def resume(self) -> None:
        super().resume()
        self.build_ui()  # the list of saves may have changed

    def intent(self, name: str) -> bool:
        if name == "cancel":
            return True
        return False

    def draw(self, screen) -> None:
        if self._bg is None or self._bg_size != self.app.size:
            self._bg = _starfield(self.app.size, self.app.palette)
            self._bg_size = self.app.size
        screen.blit(self._bg, (0, 0))


def refuse_unplayable(app, match, close: bool = True) -> bool:
    """The setups' one check before a battle opens (game.modes.playable: the same one loading a save makes): when the
    squads cannot all deploy here, say so, offer another choice, close the match (`close`); True if refused."""
    from game.modes.playable import start_problem
    problem = start_problem(match)
    if problem is None:
        return False
    if close:
        match.close()
    app.message("This squad cannot deploy here", problem[:1].upper() + problem[1:] + ". Choose another battlefield, the "
                "other measure, or a smaller squad.")
    return True


def battle_scene(app, match):
    """The battle screen a match is played on (a Horde run's records its run in the high scores when it ends)."""
    from game.modes import mission_entry
    from game.match.scenario import ScenarioError
    try:
        mode = mission_entry(match.scenario.mission).mode
    except ScenarioError:
        mode = None
    if mode == "horde":
        from .horde_battle import HordeBattleScene
        return HordeBattleScene(app, match)
    from .battle import BattleScene
    return BattleScene(app, match)


def load_into_battle(app, path) -> bool:
    """Load a save and open its battle; a bad save shows its problem in a dialog (the file is untouched)."""
    from game.persistence.save_format import SaveError
    from game.persistence.save_loading import load_match
    try:
        match = load_match(path, app.catalog, prepare=True)
    except SaveError as e:
        from pathlib import Path
        app.message("This save cannot be loaded", f"{Path(e.path).name}: {e.problem}\n\n"
                    "The file was left exactly as it was.")
        return False
    app.replace(battle_scene(app, match))
    app.toast(f"Loaded {path.stem if hasattr(path, 'stem') else path}", "ok")
    return True


# -- mission setup --------------------------------------------------------------------------------
MEASURE_OPTIONS = {"Inches (freeform)": "inches", "Grid (2\" squares)": "grid"}
NPC_ORDER_OPTIONS = {"Nearest NPC first (R19)": "nearest", "I pick which NPC acts": "player-picks"}
OPEN_TABLE = "Open table (no terrain)"


_MAP_TITLES: dict[tuple, str] = {}  # (path, size, mtime) -> title: each map file is read once


def _map_title_of(path) -> str:
    """The battlefield's title as the player reads it (wording.map_title); a map that does not load keeps a
    tidy name from its file (starting the mission then names its problem)."""
    from game.battlefield import load_battlefield

    from .wording import map_title
    try:
        st = path.stat()
        key = (str(path), st.st_size, st.st_mtime_ns)
    except OSError:
        return map_title(None, path.name)
    title = _MAP_TITLES.get(key)
    if title is None:
        try:
            bf = load_battlefield(path)
        except Exception:
            bf = None
        title = _MAP_TITLES[key] = map_title(bf, path.name)
    return title


def briefing_html(mission_id: str) -> str:
    """A mission's briefing for its setup screen: its title and its own words (never a copy kept in the screen)."""
    from game.modes import mission_entry
    entry = mission_entry(mission_id)
    return f"<b>{escape(entry.title)}.</b> " + escape(entry.script.briefing).replace("\n", "<br>")


def map_choices() -> dict[str, str | None]:
    """The battlefields to pick from: title -> map file name (None: the open table)."""
    from game.paths import MAPS_DIR
    out: dict[str, str | None] = {}
    for p in sorted(MAPS_DIR.glob("*.tmx")):
        title = _map_title_of(p)
        if title in out:  # two maps with one title: tell them apart
            title = f"{title} ({p.stem})"
        out[title] = p.name
    out[OPEN_TABLE] = None
    return out


def squad_choices(app) -> dict[str, object]:
    """The squads a mission can be played with: label -> a function giving its SquadSpec (None: the mission's
    own squad). The First Mission squad, each faction's default squad, then the player's valid rosters."""
    from game.content import default_squad, squad_slugs
    from game.persistence.rosters import list_rosters, load_roster
    catalog = app.catalog
    out: dict[str, object] = {"First Mission squad": lambda: None}
    for slug in squad_slugs(catalog):
        name = catalog.squad_type_by_slug(slug).name
        out[f"{name} (default squad)"] = lambda slug=slug: default_squad(slug, catalog)
    for info in list_rosters(app.saves_dir / "rosters", catalog):
        if info.valid and info.budget == 100:
            out[f"Roster: {info.name}"] = lambda path=info.path: load_roster(path, catalog)
    return out


class SetupScene(SetupForm):
    name = "setup"
    KEEP = ("squad_label", "map_label", "measure_label", "order_label")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.maps = map_choices()
        self.map_label = next((k for k, v in self.maps.items() if v == "first-mission-survive.tmx"),
                              next(iter(self.maps)))
        self.measure_label = next(iter(MEASURE_OPTIONS))
        self.order_label = next(iter(NPC_ORDER_OPTIONS))
        self.squads = squad_choices(app)
        self.squad_label = next(iter(self.squads))

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(860))
        x0 = (w - pw) // 2
        y = px(40)
        UILabel(rect(x0, y, pw, px(40)), "First Mission", m, container=root, object_id="#heading")
        y += px(52)
        lw, fw = px(170), min(px(380), pw // 2 - px(10))
        col2 = x0 + lw
        form = self.columns(root, (x0,), y, lw, fw, px(36), px(10))

        def row(label, make):
            return form.row(0, label, make)

        self.dd_mission = row("Mission", lambda r: UIDropDownMenu(["First Mission: Survive"], "First Mission: Survive",
                                                                 r, m, container=root))
        self.dd_squad = row("Squad", lambda r: UIDropDownMenu(list(self.squads), self.squad_label, r, m,
                                                             container=root))
        self.dd_map = row("Battlefield", lambda r: UIDropDownMenu(list(self.maps), self.map_label, r, m,
                                                                 container=root))
        self.dd_measure = row("Measure", lambda r: UIDropDownMenu(list(MEASURE_OPTIONS), self.measure_label, r, m,
                                                                 container=root))
        self.dd_order = row("NPC order", lambda r: UIDropDownMenu(list(NPC_ORDER_OPTIONS), self.order_label, r, m,
                                                                 container=root))
        row("Dice seed", lambda r: self.seed_entry(r, root))
        brief_x = col2 + fw + px(20)
        brief_w = x0 + pw - brief_x
        if brief_w > px(200):
            UITextBox(briefing_html("first-mission"), rect(brief_x, px(92), brief_w, px(300)), m, container=root)
        y = max(form.bottom, px(410)) + px(10)
        bw, bh = px(200), px(46)
        self.b_back = UIButton(rect(x0, y, bw, bh), "Back", m, container=root)
        self.b_start = UIButton(rect(x0 + pw - bw, y, bw, bh), "Start mission", m, container=root,
                                object_id="#primary")

    def valid_pick(self, key: str, value):
        return self.one_of(value, {"squad_label": self.squads, "map_label": self.maps, "measure_label":
                                   MEASURE_OPTIONS, "order_label": NPC_ORDER_OPTIONS}[key])

    def _remember(self) -> None:
        self.squad_label = dd_value(self.dd_squad)
        self.map_label = dd_value(self.dd_map)
        self.measure_label = dd_value(self.dd_measure)
        self.order_label = dd_value(self.dd_order)
        super()._remember()

    def scenario(self):
        from game.modes import first_mission_scenario
        self._remember()
        return first_mission_scenario(self.squads[self.squad_label](), map_name=self.maps.get(self.map_label),
                                      measure=MEASURE_OPTIONS[self.measure_label],
                                      npc_order=NPC_ORDER_OPTIONS[self.order_label])

    def start(self) -> None:
        from game.modes import create_match

        from .battle import BattleScene
        sc = self.scenario()
        try:
            match = create_match(sc, self.seed, self.app.catalog, prepare=True)
        except Exception as e:  # a map that does not load: tell the player, stay here
            self.app.message("Cannot start this mission", str(e))
            return
        if refuse_unplayable(self.app, match):
            return
        self.app.replace(BattleScene(self.app, match))

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_start:
                self.start()

    def confirm(self) -> None:
        self.start()


# -- loading --------------------------------------------------------------------------------------
class FileListScene(FormScene):
    """A list of files to open (saves, campaigns): the good ones newest first, a damaged one greyed with its reason
    (it never hides the good ones, and the game leaves the file alone), a line about the one picked, Back and the
    buttons of the kind (`add_buttons`); double-click or Enter opens (`open_selected`)."""

    opaque = True
    heading = ""
    empty = ""  # what the list says when there is nothing in it
    noun = "save"  # how the damaged ones are counted ("3 damaged saves are greyed")
    width = 760

    def list_files(self) -> list:
        raise NotImplementedError

    def item_text(self, info) -> str:
        raise NotImplementedError

    def describe(self, info) -> str:
        """The line under the list about a good file picked."""
        raise NotImplementedError

    def add_buttons(self, root, x0: int, y: int, pw: int, bw: int, bh: int) -> None:
        """The kind's buttons beside Back (Load, Open, Watch as replay...)."""

    def open_selected(self) -> None:
        raise NotImplementedError

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.infos = self.list_files()
        pw = min(w - px(40), px(self.width))
        x0 = (w - pw) // 2
        UILabel(rect(x0, px(40), pw, px(40)), self.heading, m, container=root, object_id="#heading")
        self.items = [(f"{i.path.name}: {i.problem}", "#broken_save") if i.broken else (self.item_text(i), "#save_item")
                      for i in self.infos]
        lh = h - px(270)
        self.list = UISelectionList(rect(x0, px(92), pw, lh), self.items or [], m, container=root)
        if not self.items:
            UILabel(rect(x0, px(100), pw, px(30)), self.empty, m, container=root, object_id="#dim")
        y = px(92) + lh + px(8)
        broken = sum(1 for i in self.infos if i.broken)
        note = (f"{broken} damaged {self.noun}{'s are' if broken > 1 else ' is'} greyed: the game cannot load "
                f"{'them' if broken > 1 else 'it'} and leaves the file{'s' if broken > 1 else ''} as "
                f"{'they are' if broken > 1 else 'it is'}." if broken else "")
        self.detail = UILabel(rect(x0, y, pw, px(40)), note or " ", m, container=root, object_id="#dim")
        y += px(48)
        bw, bh = px(200), px(46)
        self.b_back = UIButton(rect(x0, y, bw, bh), "Back", m, container=root)
        self.add_buttons(root, x0, y, pw, bw, bh)

    def selected(self):
        """The file picked in the list (the only one, if there is just one), or None."""
        sel = self.list.get_single_selection()
        if sel is None:
            return self.infos[0] if len(self.infos) == 1 else None
        return next((i for (text, _), i in zip(self.items, self.infos) if text == sel), None)

    def selected_path(self):
        i = self.selected()
        return None if i is None else i.path

    def show_selected(self) -> None:
        """The line under the list: why the picked file cannot be loaded, or what it holds."""
        i = self.selected()
        if i is None:
            return
        if i.broken:
            sep = " " if i.problem.startswith(("is ", "has ", "was ")) else ": "  # "x.json is damaged", "x.json: ..."
            self.detail.set_text(f"Cannot be loaded: {i.path.name}{sep}{i.problem}")
        else:
            self.detail.set_text(self.describe(i))

    def on_button(self, el) -> None:
        """A button of the kind was pressed."""

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            else:
                self.on_button(event.ui_element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.open_selected()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.show_selected()

    def confirm(self) -> None:
        self.open_selected()


class LoadScene(FileListScene):
    name = "load"
    heading = "Load a saved game"
    empty = ("No saves yet: saves appear here when you save from the pause menu, and as soon as a battle starts (the "
             "autosave).")

    @property
    def saves(self) -> list:
        return self.infos

    def list_files(self) -> list:
        from game.persistence.save_listing import list_saves
        return list_saves(self.app.saves_dir)

    def item_text(self, s) -> str:
        when = s.saved_at.replace("T", " ")[:16]
        res = f" · {s.result}" if s.result else ""
        name = s.label if s.label == s.path.stem else f"{s.label} ({s.path.stem})"
        return f"{name}  ·  {s.mission}  ·  Turn {s.turn}{res}  ·  {when}"

    def describe(self, s) -> str:
        return f"{s.label}: {s.mission}, Turn {s.turn}{', ' + s.result if s.result else ''}"

    def add_buttons(self, root, x0, y, pw, bw, bh) -> None:
        m = self.app.manager
        self.b_replay = UIButton(rect(x0 + (pw - bw) // 2, y, bw, bh), "Watch as replay", m, container=root,
                                 tool_tip_text="Watch the picked save from its first action, step by step")
        self.b_load = UIButton(rect(x0 + pw - bw, y, bw, bh), "Load", m, container=root, object_id="#primary")
        if not self.items:
            self.b_load.disable()
            self.b_replay.disable()

    def open_selected(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a save first")
            return
        load_into_battle(self.app, path)

    def load_selected(self) -> None:
        self.open_selected()

    def replay_selected(self) -> None:
        path = self.selected_path()
        if path is None:
            self.app.toast("Pick a save first")
            return
        from .replay import open_save_as_replay
        open_save_as_replay(self.app, path)

    def on_button(self, el) -> None:
        if el is self.b_load:
            self.open_selected()
        elif el is self.b_replay:
            self.replay_selected()


# -- settings -------------------------------------------------------------------------------------
SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


class SettingsScene(Scene):
    name = "settings"

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        st = self.app.settings
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(640))
        x0 = (w - pw) // 2
        lw, rh = px(200), px(36)
        fw = pw - lw
        gap = px(12) if px(40 + 60 + 7 * 48 + 50 + 46) <= h - px(8) else px(4)  # 7 rows: closer on a low window
        y = px(40) if gap == px(12) else px(16)
        UILabel(rect(x0, y, pw, px(40)), "Settings", m, container=root, object_id="#heading")
        y += px(60) if gap == px(12) else px(48)

        def row(label, options, current, tip=None):
            nonlocal y
            UILabel(rect(x0, y, lw, rh), label, m, container=root)
            dd = UIDropDownMenu(options, current, rect(x0 + lw, y, fw, rh), m, container=root)
            y += rh + gap
            return dd

        self.dd_scale = row("UI scale", [f"{int(s * 100)}%" for s in UI_SCALES], f"{int(st.ui_scale * 100)}%")
        self.dd_speed = row("NPC speed", [SPEED_LABELS[k] for k in NPC_SPEEDS], SPEED_LABELS[st.npc_speed])
        self.dd_palette = row("Colours", list(PALETTE_NAMES.values()), PALETTE_NAMES[st.palette])
        self.dd_grid = row("Grid and ruler", ["Off", "On"], "On" if st.show_grid else "Off")
        self.dd_names = row("Unit names", ["Off", "On"], "On" if st.show_names else "Off")
        self.dd_sound = row("Sound", ["On", "Muted"], "Muted" if st.muted else "On")
        UILabel(rect(x0, y, lw, rh), "Volume", m, container=root)
        self.volume = int(round(st.volume * 100))
        self.sl_volume = UIHorizontalSlider(rect(x0 + lw, y, fw - px(70), rh), self.volume, (0, 100), m,
                                            container=root, click_increment=5)
        self.l_volume = UILabel(rect(x0 + lw + fw - px(64), y, px(64), rh), f"{self.volume}%", m, container=root)
        y += rh + gap
        UILabel(rect(x0, y, pw, px(26)), "Every palette also uses shapes: your bases are round with a chevron, "
                "Bugs are spiky, items are hexagons.", m, container=root, object_id="#dim")
        y += px(50)
        self.b_back = UIButton(rect(x0, y, px(200), px(46)), "Done", m, container=root, object_id="#primary")

    def apply(self) -> None:
        st = self.app.settings
        scale = next((s for s in UI_SCALES if f"{int(s * 100)}%" == dd_value(self.dd_scale)), st.ui_scale)
        speed = next((k for k, v in SPEED_LABELS.items() if v == dd_value(self.dd_speed)), st.npc_speed)
        pal = next((k for k, v in PALETTE_NAMES.items() if v == dd_value(self.dd_palette)), st.palette)
        new = replace(st, ui_scale=scale, npc_speed=speed, palette=pal, show_grid=dd_value(self.dd_grid) == "On",
                      show_names=dd_value(self.dd_names) == "On", volume=self.volume / 100,
                      muted=dd_value(self.dd_sound) == "Muted")
        self.app.pop()
        self.app.apply_settings(new)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_back:
            self.apply()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.sl_volume:
            self.volume = int(round(self.sl_volume.get_current_value()))
            self.l_volume.set_text(f"{self.volume}%")
            self.app.sound.set_volume(self.volume / 100)  # heard at once: the click is the sample
            self.app.sound.play("click")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_sound:
            self.app.sound.set_muted(dd_value(self.dd_sound) == "Muted")

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.apply()
            return True
        return False

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)


# -- overlays -------------------------------------------------------------------------------------
class Overlay(Scene):
    opaque = False

    def draw(self, screen) -> None:
        dim = pygame.Surface(self.app.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 170))
        screen.blit(dim, (0, 0))


class PauseScene(Overlay):
    name = "pause"

    def __init__(self, app, battle) -> None:
        super().__init__(app)
        self.battle = battle

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw, ph = px(380), px(452)
        x0, y0 = (w - pw) // 2, (h - ph) // 2
        UIPanel(rect(x0, y0, pw, ph), manager=m, container=root)
        UILabel(rect(x0, y0 + px(14), pw, px(36)), "Paused", m, container=root,
                object_id="#heading_center")
        bx, bw, bh, gap = x0 + px(30), pw - px(60), px(42), px(10)
        y = y0 + px(64)
        self.b_resume = UIButton(rect(bx, y, bw, bh), "Resume", m, container=root, object_id="#primary")
        y += bh + gap * 2
        m_ = self.battle.match
        # a battle kept in a file of its own (a campaign's mission) says why it offers no copy under another name
        refused = getattr(self.battle, "save_refused", None)
        self.e_name = UITextEntryLine(rect(bx, y, bw, px(36)), m, container=root,
                                      initial_text=f"turn-{m_.turn}-{m_.scenario.mission}")
        y += px(36) + gap // 2
        self.b_save = UIButton(rect(bx, y, bw, bh), "Save game", m, container=root,
                               tool_tip_text=refused or "Save under the name above, in your saves folder")
        if refused:
            self.e_name.disable()
            self.b_save.disable()
        y += bh + gap
        self.b_load = UIButton(rect(bx, y, bw, bh), "Load game", m, container=root)
        y += bh + gap
        self.b_settings = UIButton(rect(bx, y, bw, bh), "Settings", m, container=root)
        y += bh + gap
        self.b_help = UIButton(rect(bx, y, bw, bh), "Help (F1)", m, container=root)
        y += bh + gap
        self.b_quit = UIButton(rect(bx, y, bw, bh), "Quit to title", m, container=root, object_id="#danger",
                               tool_tip_text="The battle is autosaved after every action: Continue resumes it")

    def save(self) -> None:
        from game.persistence.save_writing import save_match
        name = self.e_name.get_text().strip() or "save"
        try:
            path = save_match(self.battle.match, name, self.app.saves_dir)
        except OSError as e:
            self.app.message("Cannot save", str(e))
            return
        self.battle.mark_saved()
        self.app.toast(f"Saved: {path.name}", "ok")

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_resume:
            self.app.pop()
        elif el is self.b_save and self.b_save.is_enabled:
            self.save()
        elif el is self.b_load:
            self.app.push(LoadScene(self.app))
        elif el is self.b_settings:
            self.app.push(SettingsScene(self.app))
        elif el is self.b_help:
            self.app.open_help()
        elif el is self.b_quit:
            self.battle.quit_to_title()  # it asks first when there is unsaved progress

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        return name != "help"


def setup_scene_for(app, mission_id: str) -> Scene:
    """The setup screen of the play mode a mission belongs to (a new game of the same kind)."""
    from game.modes import ScenarioError, mission_entry
    try:
        mode = mission_entry(mission_id).mode
    except ScenarioError:
        mode = ""
    if mode == "pve":
        from .setup_pve import PveSetupScene
        return PveSetupScene(app)
    if mode == "pvp":
        from .setup_pvp import PvpSetupScene
        return PvpSetupScene(app)
    if mode == "horde":
        from .setup_horde import HordeSetupScene
        return HordeSetupScene(app)
    return SetupScene(app)


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, match, summary, side: str | None = None, then=None) -> None:
        """`then`: (label, hover text, action) of the main button when the battle belongs to something that goes on
        (a campaign's mission: its debrief); None: "New mission", another game of the same kind."""
        super().__init__(app)
        app.toasts.clear()
        self.match = match
        self.summary = summary
        self.side = side  # whose results they are (None: a battle between people at one screen)
        self.then = then
        self._thumb = None
        self._luck = None  # the luck panel (game/ui/luckpanel.py), made when first drawn

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        from .battle.results import result_title
        from .drawn import big_label
        res = self.match.result
        title, win = result_title(self.match, self.side)
        x0 = w // 2 + px(10)
        pw = w - x0 - px(30)
        big_label(root, m, rect(x0, px(30), pw, px(84)), title,  # a long squad name: a smaller headline, whole
                  ("#title", "#heading") if win else ("#title_bad", "#heading"))
        text = res.text if res else ""
        line = text[:1].upper() + text[1:] + f" (Turn {res.turn if res else '?'})"  # names keep their capitals
        lines = self.app.text.wrap(line, 17, pw - px(16))[:3]  # a long result (an extraction's) on more lines, whole
        lh = px(26)
        for i, part in enumerate(lines):
            UILabel(rect(x0, px(110) + i * lh, pw, px(30)), part, m, container=root, object_id="#subtitle")
        more = (len(lines) - 1) * lh
        self.box = UITextBox(self.summary, rect(x0, px(150) + more, pw, h - px(316) - more), m, container=root)
        bw, bh = px(200), px(46)
        y = h - px(90)
        self.b_replay = UIButton(rect(x0, y - bh - px(10), bw, bh), "Watch the replay", m, container=root,
                                 tool_tip_text="Watch this battle again, step by step, forwards and backwards")
        self.b_report = UIButton(rect(x0 + pw - bw, y - bh - px(10), bw, bh), "Export report", m, container=root,
                                 tool_tip_text="Write the battle report (squads, dice, luck, turning points) as a "
                                               "Markdown file in your saves folder, under reports")
        self.b_title = UIButton(rect(x0, y, bw, bh), "Title screen", m, container=root)
        label, tip = ("New mission", "Set up another game of the same kind") if self.then is None else self.then[:2]
        self.b_new = UIButton(rect(x0 + pw - bw, y, bw, bh), label, m, container=root, object_id="#primary",
                              tool_tip_text=tip)

    def exit(self) -> None:
        super().exit()
        self.match.close()

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.b_title:
            self.app.replace(TitleScene(self.app))
        elif event.ui_element is self.b_replay:
            from .replay import open_match_as_replay
            open_match_as_replay(self.app, self.match)
        elif event.ui_element is self.b_report:
            self.export_report()
        elif event.ui_element is self.b_new and self.then is not None:
            self.then[2]()
        elif event.ui_element is self.b_new:
            self.app.replace(TitleScene(self.app))
            self.app.push(setup_scene_for(self.app, self.match.scenario.mission))

    def export_report(self):
        """Write the battle report to <saves>/reports/<name>.md; the path, or None when it cannot be written."""
        from game.report import export_report, facts_of

        from .wording import map_title
        bf = self.match.table.battlefield
        facts = facts_of(self.match, battlefield=map_title(bf, self.match.scenario.map or ""))
        try:
            path = export_report(facts, self.app.saves_dir / "reports")
        except OSError as e:
            self.app.message("Cannot write the report", f"The battle report could not be written: "
                                                        f"{e.strerror or e}")
            return None
        self.app.toast(f"Battle report saved in your saves folder: reports/{path.name}", "ok")
        return path

    @property
    def luck_panel(self):
        if self._luck is None:
            from .luckpanel import LuckPanel
            self._luck = LuckPanel(self.app, self.match)
        return self._luck

    def intent(self, name: str) -> bool:
        return name == "cancel"

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
        w, h = self.app.size
        px = self.px
        luck_h = self.luck_panel.height(w // 2 - px(40))
        if self._thumb is None or self._thumb[0] != self.app.size:
            self._thumb = (self.app.size, self._render_thumb(w // 2 - px(40), h - px(80) - luck_h - px(12)))
        screen.blit(self._thumb[1], (px(30), px(40)))
        self.luck_panel.draw(screen, pygame.Rect(px(30), h - px(40) - luck_h, w // 2 - px(40), luck_h))

    def _render_thumb(self, tw, th) -> pygame.Surface:
        """The battlefield as the mission ended."""
        from .board import BoardRenderer, snapshot_units
        from .camera import Camera
        bf = self.match.table.battlefield
        r = BoardRenderer(bf, self.match.table.measure, self.app.palette, self.app.text, self.app.sprites)
        r.set_faces(getattr(self.match.table, "faces", ()))
        cam = Camera(pygame.Rect(0, 0, tw, th), bf.width, bf.height)
        surf = pygame.Surface((tw, th), pygame.SRCALPHA)
        r.draw_board(surf, cam, self.match.table.doors_open, False, cleared=self.match.table.cleared_terrain)
        for v in snapshot_units(self.match):
            r.draw_unit(surf, cam, v, False)
        return surf
