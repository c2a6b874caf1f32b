"""New game -> PvP: the mission (its briefing and a map diagram), the battlefield, and for each side a squad and
who plays it (a person at this screen, or the computer). Then the battle, hot-seat.

The battle is the battle screen with what PvP adds around it until the generic battle screen does it all:
computer sides played by the mission's computer opponent, a hand-over screen whenever the match waits for the
other person (their activation, their saves during the enemy's attack, a secret pick), the mission's markers
and objective panel on the table, the mission's questions with their own words, and results with the MP of
each Turn and the Campaign Rewards.
"""
from __future__ import annotations


import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextBox, UITextEntryLine


from .launch import start_battle
from .scene import SetupForm, dd_value
from .setup_scene import MEASURE_OPTIONS, OPEN_TABLE
from .theme import rect

SIDES = ("player", "opponent")
PERSON, COMPUTER = "Played by a person at this screen", "Played by the computer"
DIFFICULTY = {"Computer: easy": "easy", "Computer: normal": "normal", "Computer: hard": "hard"}
CODE = "Squad code..."
SIDE_WORDS = {"north": "North edge", "south": "South edge", "attacker": "Attacker", "defender": "Defender"}


def mission_label(d) -> str:
    return f"Climax {d.book}. {d.title}" if d.climax else f"{d.book}. {d.title}"


def pvp_maps() -> dict[str, str | None]:
    """The 24" x 24" battlefields (the PvP book's table), by title, and the open table."""
    from game.battlefield.loader import map_summary
    from game.paths import MAPS_DIR
    out: dict[str, str | None] = {}
    for p in sorted(MAPS_DIR.glob("*.tmx")):
        title, width, height = map_summary(p)
        if (width, height) == (24.0, 24.0):
            out[title] = p.name
    out[OPEN_TABLE] = None
    return out


def squad_options(app) -> dict[str, object]:
    """label -> a function giving the squad: each faction's default squad, the saved rosters, a squad code."""
    from game.content import default_squad, squad_slugs
    from game.persistence.rosters import list_rosters, load_roster
    catalog = app.catalog
    out: dict[str, object] = {}
    for slug in squad_slugs(catalog):
        out[f"{catalog.squad_type_by_slug(slug).name} (default squad)"] = lambda s=slug: default_squad(s, catalog)
    for info in list_rosters(app.saves_dir / "rosters", catalog):
        if info.valid and info.budget == 100:
            out[f"Roster: {info.name}"] = lambda p=info.path: load_roster(p, catalog)
    out[CODE] = None
    return out


def briefing_html(d) -> str:
    from html import escape
    lines = [f"<b>{escape(d.title)}</b>" + (" (Climax: the last battle of a campaign)" if d.climax else ""),
             f"\"{escape(d.quote)}\"", escape(d.briefing), "",
             f"<b>Special rules.</b> {escape(d.texts['special'])}", f"<b>Scoring.</b> {escape(d.texts['scoring'])}",
             f"<b>Victory.</b> {escape(d.texts['victory'])}"]
    turns = f"{d.turns} Turns" if d.turns else "no Turn limit"
    lines.append(f"<b>Length.</b> {turns}.")
    if d.rewards:
        lines += ["", "<b>Campaign Rewards</b> (the winner picks one, the loser gets the other):"]
        lines += [f"- {escape(r.name)}: {escape(r.effect)}" for r in d.rewards]
    return "<br>".join(lines)


def draw_diagram(screen, area: pygame.Rect, d, app) -> None:
    """The mission's map: the 24" table, the deployment zones, areas and markers where the book puts them."""
    pal, text = app.palette, app.text
    side = min(area.w, area.h)
    box = pygame.Rect(area.x + (area.w - side) // 2, area.y, side, side)
    k = side / 24.0
    pygame.draw.rect(screen, pal.panel, box)
    for i in range(1, 12):  # 2" squares, faint
        for a, b in (((box.x + i * 2 * k, box.y), (box.x + i * 2 * k, box.bottom)),
                     ((box.x, box.y + i * 2 * k), (box.right, box.y + i * 2 * k))):
            pygame.draw.line(screen, pal.panel_edge if i == 6 else pal.bg, a, b, 1)

    def r(rc):
        return pygame.Rect(box.x + rc.x0 * k, box.y + rc.y0 * k, max(2, (rc.x1 - rc.x0) * k),
                           max(2, (rc.y1 - rc.y0) * k))
    colours = {"north": pal.player, "attacker": pal.npc, "south": pal.npc, "defender": pal.player}
    for place, zones in d.deployment.zones.items():
        for z in zones:
            zr = r(z.rect)
            fill = pygame.Surface(zr.size, pygame.SRCALPHA)
            fill.fill(colours[place] + (90,))
            screen.blit(fill, zr.topleft)
            pygame.draw.rect(screen, colours[place], zr, 1)
        z0 = zones[0].rect
        img = text.render(SIDE_WORDS[place], 11, pal.text)
        zr = r(z0)
        if z0.y0 <= 0.01 and z0.y1 - z0.y0 < 3:
            spot = (zr.x + 3, zr.bottom + 2)  # a strip along the north edge: the words below it
        elif z0.y1 >= 23.99 and z0.y1 - z0.y0 < 3:
            spot = (zr.x + 3, zr.y - img.get_height() - 2)
        else:
            spot = (zr.x + 3, zr.y + 2)
        screen.blit(img, spot)
    for a in d.areas:
        ar = r(a.rect)
        pygame.draw.rect(screen, pal.warn, ar, 2)
        screen.blit(text.render(a.label, 11, pal.warn), (ar.x + 4, ar.centery - 6))
    for m in d.markers:
        c = (int(box.x + m.x * k), int(box.y + m.y * k))
        pygame.draw.circle(screen, pal.select, c, max(4, int(0.6 * k)))
        pygame.draw.circle(screen, pal.bg, c, max(4, int(0.6 * k)), 1)
    if len(d.markers) <= 4:
        for img, spot in marker_labels(box, k, d.markers, app):
            screen.blit(img, spot)
    pygame.draw.rect(screen, pal.panel_edge, box, 1)


def marker_labels(box: pygame.Rect, k: float, markers, app) -> list:
    """(picture, top-left) of each marker's label: under its marker, else over it, else a line further down or up,
    the first spot that overlaps no label placed before it (objectives 6" apart: their names would run together)."""
    pal, text = app.palette, app.text
    placed: list = []
    for m in markers:
        cx, cy = int(box.x + m.x * k), int(box.y + m.y * k)
        img = text.render(m.label, 11, pal.text)
        iw, ih = img.get_size()
        x = min(box.right - iw, max(box.x, cx - iw // 2))
        below, above = cy + int(0.7 * k), cy - int(0.7 * k) - ih
        spots = [below, above, below + ih, above - ih, below + 2 * ih, above - 2 * ih]
        r = next((pygame.Rect(x, y, iw, ih) for y in spots if not pygame.Rect(x, y, iw, ih).collidelistall(placed)),
                 pygame.Rect(x, below, iw, ih))
        placed.append(r)
    return list(zip((text.render(m.label, 11, pal.text) for m in markers), (r.topleft for r in placed)))


# == the setup screen ========================================================================================
class PvpSetupScene(SetupForm):
    name = "setup_pvp"
    help_mode = "pvp"
    KEEP = ("index", "map_label", "measure_label", "sides")  # the names and seats too ("New mission" keeps them)

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.modes.pvp import book, problems
        self.book = book()
        self.problems = problems()
        self.index = 0
        self.maps = pvp_maps()
        self.map_label = next((k for k, v in self.maps.items() if v == "pve-ruined-city.tmx"), next(iter(self.maps)))
        self.measure_label = next(iter(MEASURE_OPTIONS))
        self.squads = squad_options(app)
        labels = list(self.squads)
        self.sides = {"player": {"name": "Player 1", "squad": labels[min(4, len(labels) - 1)], "ctl": PERSON,
                                 "code": ""},
                      "opponent": {"name": "Player 2", "squad": labels[min(5, len(labels) - 1)], "ctl": COMPUTER,
                                   "code": ""}}
        self.widgets: dict = {}
        self.diagram = pygame.Rect(0, 0, 0, 0)
        self.difficulty_label = "Computer: normal"

    @property
    def mission(self):
        return self.book[self.index]

    def valid_pick(self, key: str, value):
        if key == "index":
            return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.book) \
                else None
        if key == "sides":
            if not isinstance(value, dict):
                return None
            sides = {s: dict(st) for s, st in self.sides.items()}
            for s, st in sides.items():
                got = value.get(s) if isinstance(value.get(s), dict) else {}
                name = got.get("name")
                if isinstance(name, str) and 0 < len(name.strip()) <= 24:
                    st["name"] = name.strip()
                st["ctl"] = self.one_of(got.get("ctl"), (PERSON, COMPUTER)) or st["ctl"]
                st["squad"] = self.one_of(got.get("squad"), self.squads) or st["squad"]
                code = got.get("code")
                st["code"] = code if isinstance(code, str) and len(code) <= 200 else st["code"]
            return sides
        return self.one_of(value, {"map_label": self.maps, "measure_label": MEASURE_OPTIONS}[key])

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        x0, top = px(24), px(20)
        UILabel(rect(x0, top, px(400), px(36)), "PvP", m, container=root, object_id="#heading")
        self.dd_difficulty = UIDropDownMenu(list(DIFFICULTY), self.difficulty_label,
                                            rect(w - x0 - px(240), top, px(240), px(32)), m, container=root)
        list_w = px(290)
        bwid = px(180)  # Back and Start: beside the map, measure and seed fields, or on a row of their own under them
        two_rows = x0 + px(740) + px(16) + 2 * bwid + px(12) > w - x0
        list_h = h - px(300) - (px(46) if two_rows else 0)
        items = [mission_label(d) for d in self.book]
        self.list = UISelectionList(rect(x0, top + px(46), list_w, list_h), items, m, container=root,
                                    default_selection=items[self.index] if items else None)
        if self.problems:
            from html import escape
            n = len(self.problems)
            self.problem_box = UITextBox(f"{n} mission file{'s' if n > 1 else ''} could not be read: "
                                         + "<br>".join(escape(p) for p in self.problems),
                                         rect(x0, top + px(48) + list_h, list_w, px(44)), m, container=root)
        bx = x0 + list_w + px(16)
        bw = w - bx - px(24)
        dia = min(px(300), h - px(330), list_h)  # (never down over the sides' fields)
        text_w = max(px(260), bw - dia - px(16))
        self.brief = UITextBox(briefing_html(self.mission), rect(bx, top + px(46), text_w, list_h), m,
                               container=root)
        self.diagram = pygame.Rect(bx + text_w + px(16), top + px(46), max(0, bw - text_w - px(16)), dia)
        y = top + px(58) + list_h
        col_w = (w - 2 * x0 - px(20)) // 2
        rh = px(32)
        for i, side in enumerate(SIDES):
            st = self.sides[side]
            cx = x0 + i * (col_w + px(20))
            UILabel(rect(cx, y, px(120), rh), f"Side {i + 1}", m, container=root)
            name = UITextEntryLine(rect(cx + px(120), y, col_w - px(120), rh), m, container=root,
                                   initial_text=st["name"])
            name.set_text_length_limit(24)
            ctl = UIDropDownMenu([PERSON, COMPUTER], st["ctl"], rect(cx, y + rh + px(6), col_w, rh), m,
                                 container=root)
            squad = UIDropDownMenu(list(self.squads), st["squad"], rect(cx, y + 2 * (rh + px(6)), col_w, rh), m,
                                   container=root)
            code = UITextEntryLine(rect(cx, y + 3 * (rh + px(6)), col_w, rh), m, container=root,
                                   initial_text=st["code"], placeholder_text="Paste a squad code (RS1-...)")
            if st["squad"] != CODE:
                code.hide()
            self.widgets[side] = {"name": name, "ctl": ctl, "squad": squad, "code": code}
        y += 4 * (rh + px(6)) + px(4)
        self.dd_map = UIDropDownMenu(list(self.maps), self.map_label, rect(x0, y, px(300), rh), m, container=root)
        self.dd_measure = UIDropDownMenu(list(MEASURE_OPTIONS), self.measure_label, rect(x0 + px(310), y, px(220), rh),
                                         m, container=root)
        UILabel(rect(x0 + px(540), y, px(90), rh), "Dice seed", m, container=root)
        self.seed_entry(rect(x0 + px(630), y, px(110), rh), root)
        if two_rows:
            y += rh + px(10)
        self.b_back = UIButton(rect(w - x0 - 2 * bwid - px(12), y, bwid, px(40)), "Back", m, container=root)
        self.b_start = UIButton(rect(w - x0 - bwid, y, bwid, px(40)), "Start", m, container=root,
                                object_id="#primary")

    def _remember(self) -> None:
        for side, wd in self.widgets.items():
            st = self.sides[side]
            st["name"] = wd["name"].get_text().strip() or st["name"]
            st["ctl"] = dd_value(wd["ctl"])
            st["squad"] = dd_value(wd["squad"])
            st["code"] = wd["code"].get_text().strip()
        self.map_label = dd_value(self.dd_map)
        self.measure_label = dd_value(self.dd_measure)
        self.difficulty_label = dd_value(self.dd_difficulty)
        super()._remember()

    def pick(self, index: int) -> None:
        """Show another mission (its briefing and diagram)."""
        self._remember()
        self.index = index
        self.build_ui()

    def squad_for(self, side: str):
        """The side's squad, or a message saying what is wrong with it."""
        from game.content.squad_code import SquadCodeError, decode
        from game.rules.squad import validate_squad
        st = self.sides[side]
        if st["squad"] == CODE:
            if not st["code"]:
                return None, f"{st['name']}: paste a squad code, or pick a squad"
            try:
                spec = decode(st["code"], self.app.catalog)
            except SquadCodeError as e:
                return None, f"{st['name']}: this squad code cannot be read: {e}"
            problems = validate_squad(self.app.catalog, spec)
            if problems:
                return None, f"{st['name']}: the squad of this code is not valid: {' '.join(problems)}"
            return spec, None
        try:
            return self.squads[st["squad"]](), None
        except Exception as e:  # a roster that changed on disk since the list was made
            return None, f"{st['name']}: {st['squad']} cannot be read ({e})"

    def scenario(self):
        from game.modes import mission_entry
        from game.modes.pvp.script import PvpMission
        self._remember()
        squads = {}
        for side in SIDES:
            spec, problem = self.squad_for(side)
            if problem:
                return None, problem
            squads[side] = spec
        a, b = self.sides["player"], self.sides["opponent"]
        if a["name"] == b["name"]:
            return None, "Give the two sides different names"
        opts = {"player_name": a["name"], "opponent_name": b["name"],
                "player_controller": "computer" if a["ctl"] == COMPUTER else "person",
                "opponent_controller": "computer" if b["ctl"] == COMPUTER else "person",
                "difficulty": DIFFICULTY[self.difficulty_label]}
        entry = mission_entry(self.mission.entry_id)
        sc = PvpMission.make_scenario(entry, squads["player"], squads["opponent"], self.maps[self.map_label],
                                      MEASURE_OPTIONS[self.measure_label], opts)
        return sc, None

    def start(self) -> None:
        sc, problem = self.scenario()
        if problem:
            self.app.message("Cannot start this game yet", problem)
            return
        start_battle(self.app, sc, self.seed)

    def handle(self, event, consumed) -> None:
        t = event.type
        if t == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            labels = [mission_label(d) for d in self.book]
            if event.text in labels:
                self.pick(labels.index(event.text))
        elif t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for side, wd in self.widgets.items():
                if event.ui_element is wd["squad"]:
                    (wd["code"].show if event.text == CODE else wd["code"].hide)()
        elif t == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_start:
                self.start()

    def confirm(self) -> None:
        self.start()

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
        if self.book and self.diagram.w > 40:
            draw_diagram(screen, self.diagram, self.mission, self.app)
