"""New game -> PvP: the mission (its briefing and a map diagram), the battlefield, and for each side a squad and
who plays it (a person at this screen, or the computer). Then the battle, hot-seat.

The battle is the battle screen with what PvP adds around it until the generic battle screen does it all:
computer sides played by the mission's computer opponent, a hand-over screen whenever the match waits for the
other person (their activation, their saves during the enemy's attack, a secret pick), the mission's markers
and objective panel on the table, the mission's questions with their own words, and results with the MP of
each Turn and the Campaign Rewards.
"""
from __future__ import annotations

import re
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextBox, UITextEntryLine

from game.match import commands as C

from .battle import BattleScene
from .menus import MEASURE_OPTIONS, OPEN_TABLE, ResultsScene, dd_value
from .prompts import PromptPanel
from .scene import Scene
from .theme import rect

SIDES = ("player", "opponent")
PERSON, COMPUTER = "Played by a person at this screen", "Played by the computer"
CODE = "Squad code..."
SIDE_WORDS = {"north": "North edge", "south": "South edge", "attacker": "Attacker", "defender": "Defender"}


def mission_label(d) -> str:
    return f"Climax {d.book}. {d.title}" if d.climax else f"{d.book}. {d.title}"


def pvp_maps() -> dict[str, str | None]:
    """The 24" x 24" battlefields (the PvP book's table), by title, and the open table."""
    from game.paths import MAPS_DIR
    out: dict[str, str | None] = {}
    for p in sorted(MAPS_DIR.glob("*.tmx")):
        head = p.read_text(encoding="utf-8", errors="replace")[:4000]
        size = re.search(r'<map [^>]*?width="(\d+)" height="(\d+)"', head)
        title = re.search(r'name="title" value="([^"]*)"', head)
        if size and size.groups() == ("24", "24"):
            out[title.group(1) if title else p.stem] = p.name
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
            img = text.render(m.label, 11, pal.text)
            screen.blit(img, (min(box.right - img.get_width(), max(box.x, c[0] - img.get_width() // 2)),
                              c[1] + int(0.7 * k)))
    pygame.draw.rect(screen, pal.panel_edge, box, 1)


# == the setup screen ========================================================================================
class PvpSetupScene(Scene):
    name = "setup_pvp"

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.modes.pvp import book, problems
        self.book = book()
        self.problems = problems()
        self.index = 0
        self.maps = pvp_maps()
        self.map_label = next((k for k, v in self.maps.items() if v == "pve-ruined-city.tmx"), next(iter(self.maps)))
        self.measure_label = next(iter(MEASURE_OPTIONS))
        self.seed = int(time.time_ns() // 1000) % 100000
        self.squads = squad_options(app)
        labels = list(self.squads)
        self.sides = {"player": {"name": "Player 1", "squad": labels[min(4, len(labels) - 1)], "ctl": PERSON,
                                 "code": ""},
                      "opponent": {"name": "Player 2", "squad": labels[min(5, len(labels) - 1)], "ctl": COMPUTER,
                                   "code": ""}}
        self.widgets: dict = {}
        self.diagram = pygame.Rect(0, 0, 0, 0)

    @property
    def mission(self):
        return self.book[self.index]

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        x0, top = px(24), px(20)
        UILabel(rect(x0, top, px(400), px(36)), "New game: PvP", m, container=root, object_id="#heading")
        list_w = px(290)
        list_h = h - px(300)
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
        dia = min(px(300), h - px(330))
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
        self.e_seed = UITextEntryLine(rect(x0 + px(630), y, px(110), rh), m, container=root,
                                      initial_text=str(self.seed))
        self.e_seed.set_allowed_characters("numbers")
        bwid = px(180)
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
        txt = self.e_seed.get_text().strip()
        self.seed = int(txt) if txt.isdigit() else self.seed

    def relayout(self) -> None:
        if self.root is not None:
            self._remember()
        super().relayout()

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
                "opponent_controller": "computer" if b["ctl"] == COMPUTER else "person"}
        entry = mission_entry(self.mission.entry_id)
        sc = PvpMission.make_scenario(entry, squads["player"], squads["opponent"], self.maps[self.map_label],
                                      MEASURE_OPTIONS[self.measure_label], opts)
        return sc, None

    def start(self) -> None:
        from game.modes import create_match
        sc, problem = self.scenario()
        if problem:
            self.app.message("Cannot start this game yet", problem)
            return
        try:
            match = create_match(sc, self.seed, self.app.catalog, prepare=True)
        except Exception as e:  # a map that does not load, no room to deploy: say so, stay here
            self.app.message("Cannot start this mission", str(e))
            return
        self.app.replace(PvpBattleScene(self.app, match))

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

    def intent(self, name: str) -> bool:
        if name == "cancel":
            self.app.pop()
            return True
        return False

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)
        if self.book and self.diagram.w > 40:
            draw_diagram(screen, self.diagram, self.mission, self.app)


# == hot-seat ================================================================================================
class HandOverScene(Scene):
    """Hides the table while the device passes to the other person; Continue (or Enter) hands it over."""

    name = "hand_over"

    def __init__(self, app, who: str, why: str, then) -> None:
        super().__init__(app)
        self.who, self.why, self.then = who, why, then

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        words = f"Pass the game to {self.who}"
        tw = self.app.text.size(words, 22, bold=True)[0] + px(40)
        UILabel(rect((w - tw) // 2, h // 2 - px(90), tw, px(50)), words, m, container=root, object_id="#heading")
        UILabel(rect(0, h // 2 - px(34), w, px(30)), self.why, m, container=root, object_id="#subtitle")
        self.b_go = UIButton(rect(w // 2 - px(120), h // 2 + px(20), px(240), px(48)), f"{self.who}: continue", m,
                             container=root, object_id="#primary")

    def go(self) -> None:
        self.app.pop()
        self.then()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_go:
            self.go()

    def intent(self, name: str) -> bool:
        if name == "confirm":
            self.go()
        return True  # nothing else gets through to the table

    def draw(self, screen) -> None:
        screen.fill(self.app.palette.bg)


class PvpPromptPanel(PromptPanel):
    """A mission's question shows its options in the mission's words."""

    def _build_choice(self, match, side, p, area) -> None:
        if p.kind != "choice":
            return super()._build_choice(match, side, p, area)
        self.generic = False
        self.die_rects = []
        self.max_rows = 4
        self.header = p.text
        self.sub = "Only you see this choice." if p.data and p.data[1] else ""
        self.default = None
        self._choice_panel(area, [(words, "", C.Choose(side, option)) for option, words in p.options])


class PvpBattleScene(BattleScene):
    """The battle screen for a PvP mission: computer sides, hand-overs, markers and the objective panel."""

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.people = [s.side for s in match.scenario.sides if s.controller == "person"]
        self.prompt_panel = PvpPromptPanel(self)
        self._attach_computers()
        first = self._needed() or (self.people[0] if self.people else self.side)
        if first in self.people:
            self.side = first
            self._pick_deploy_unit()
        elif not self.people:  # two computers: watch them
            self.autoplayer = self.npc_ctl.pop(self.side, None)

    def _attach_computers(self) -> None:
        from game.modes.session import make_controller
        for s in self.match.sides:
            if s not in self.people and s not in self.npc_ctl:
                self.npc_ctl[s] = make_controller(self.match, s, "computer")

    def set_match(self, match) -> None:
        super().set_match(match)
        self._attach_computers()

    def _needed(self) -> str | None:
        m = self.match
        if m.phase == "over":
            return None
        return m.waiting_for()

    def update(self, dt: float) -> None:
        super().update(dt)
        side = self._needed()
        if side in self.people and side != self.side and self.app.top is self and not self.anims:
            self.app.push(HandOverScene(self.app, self.match.side_name(side), self._why(side),
                                        lambda s=side: self._take_over(s)))

    def _why(self, side: str) -> str:
        m = self.match
        p = m.prompt
        if p is not None and p.kind == "choice" and p.data and p.data[1]:
            return "A secret choice: make sure the other player does not see the screen."
        if p is not None and p.kind in ("dice", "parry", "aoo", "blunt", "react", "devoted", "counter"):
            return "A question about one of your units during the other side's action."
        if m.phase == "deploy":
            return "Place your next unit."
        if p is not None:
            return "A question for you."
        return "Your turn to activate a unit."

    def _take_over(self, side: str) -> None:
        self.side = side
        self.selected = None
        self.deploy_uid = None
        self._pick_deploy_unit()
        self.relayout()

    # -- markers and the objective panel on the table --------------------------------------------------------
    def draw(self, screen) -> None:
        super().draw(screen)
        if self.camera is None:
            return
        m, pal, text = self.match, self.app.palette, self.app.text
        for mid in m.markers(on_table=True):
            pos = m.marker_position(mid)
            if pos is None:
                continue
            x, y = self.camera.to_screen(pos[0], pos[1])
            rr = max(5, int(self.camera.ppi * 0.5))
            owner = m.controller_of(mid) if m.phase == "battle" else None
            col = pal.select if owner is None else pal.side(owner)
            pts = [(x, y - rr), (x + rr, y), (x, y + rr), (x - rr, y)]
            pygame.draw.polygon(screen, col, pts)
            pygame.draw.polygon(screen, pal.bg, pts, 2)
            img = text.render(m.marker(mid).label, 11, pal.text)
            screen.blit(img, (x - img.get_width() // 2, y + rr + 2))
        if m.prompt is None or m.prompt.side not in self.people:  # a question on screen comes first
            self._draw_panel(screen)

    def _draw_panel(self, screen) -> None:
        s = self.match.mission.summary(self.match)
        pal, text = self.app.palette, self.app.text
        lines = [(f"{s.title}: {s.turn_text}", pal.text, True),
                 ("  ·  ".join(f"{n} {mp} MP" for n, mp in s.scores), pal.select, True)]
        lines += [(f"{o.label}: {o.status}", pal.text_dim, False) for o in s.objectives[:6]]
        lines += [(n, pal.text_faint, False) for n in s.notes[-1:] if n.startswith("If the Turn")]
        view = self.camera.view
        imgs = [text.render(t, 12, c, bold=b) for t, c, b in lines]
        wmax = max(i.get_width() for i in imgs) + 16
        hsum = sum(i.get_height() + 2 for i in imgs) + 10
        box = pygame.Surface((wmax, hsum), pygame.SRCALPHA)
        box.fill(pal.panel + (215,))
        y = 5
        for i in imgs:
            box.blit(i, (8, y))
            y += i.get_height() + 2
        screen.blit(box, (view.x + 8, view.bottom - hsum - 8))

    # -- results ---------------------------------------------------------------------------------------------
    def _show_results(self) -> None:
        self.result_timer = None
        self.keep_match = True
        self.app.replace(PvpResultsScene(self.app, self.match, self.summary_html()))

    def summary_html(self) -> str:
        return results_html(self.match)


def results_html(match) -> str:
    """The result, the MP of each Turn for both sides, who still stands, and the Campaign Rewards."""
    from html import escape
    m = match
    res = m.result
    after = m.mission.after_mission(m)
    d = m.mission.defn
    out = [f"<b>{escape(res.text if res else '')}</b> (Turn {m.turn}).<br><br>"]
    for side in m.sides:
        per = after.data.get("mp_turns", {}).get(side, [])
        cells = "  ".join(f"T{t}: {per[t] if t < len(per) else 0}" for t in range(1, m.turn + 1))
        out.append(f"<b>{escape(m.side_name(side))}</b>: {m.score[side]} MP  (MP per Turn: {cells})<br>")
        units = m.all_units_of(side)
        standing = [u for u in units if m.standing(u)]
        out.append(f"  {len(standing)} of {len(units)} units standing<br>")
    if d.rewards:
        got = after.data.get("rewards", {})
        out.append("<br><b>Campaign Rewards</b><br>")
        for r in d.rewards:
            who = next((m.side_name(s) for s, name in got.items() if name == r.name), "")
            out.append(f"{escape(r.name)}{(' - ' + escape(who)) if who else ''}: {escape(r.effect)}<br>")
        out.append("(In a one-off game they are only shown; a campaign applies them to the next mission.)<br>")
    return "".join(out)


class PvpResultsScene(ResultsScene):
    """The results screen with who won the PvP mission (no victory or defeat against NPCs here); New mission
    goes back to the PvP setup."""

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        res = self.match.result
        x0 = w // 2 + px(10)
        pw = w - x0 - px(30)
        title = "DRAW" if res is None or res.winner is None else f"{self.match.side_name(res.winner).upper()} WINS"
        UILabel(rect(x0, px(30), pw, px(84)), title, m, container=root, object_id="#title")
        UILabel(rect(x0, px(110), pw, px(30)), f"{self.match.mission.title}, Turn {res.turn if res else '?'}", m,
                container=root, object_id="#subtitle")
        self.box = UITextBox(self.summary, rect(x0, px(150), pw, h - px(260)), m, container=root)
        bw, bh = px(200), px(46)
        y = h - px(90)
        self.b_title = UIButton(rect(x0, y, bw, bh), "Title screen", m, container=root)
        self.b_new = UIButton(rect(x0 + pw - bw, y, bw, bh), "New PvP game", m, container=root, object_id="#primary")

    def handle(self, event, consumed) -> None:
        from .menus import TitleScene
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.b_title:
            self.app.replace(TitleScene(self.app))
        elif event.ui_element is self.b_new:
            self.app.replace(TitleScene(self.app))
            self.app.push(PvpSetupScene(self.app))
