"""The First Mission's setup screen (squad, battlefield, measure, NPC order) and what every mission setup offers:
the battlefields and squads to pick from, the measures, a mission's briefing; and the setup screen of a mission's
play mode."""
from __future__ import annotations

from html import escape


import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from .launch import start_battle
from .scene import Scene, SetupForm, dd_value
from .theme import rect


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
        start_battle(self.app, self.scenario(), self.seed)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_start:
                self.start()

    def confirm(self) -> None:
        self.start()


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
