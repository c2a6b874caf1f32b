"""New game -> Horde Mode: the battlefield (the four Horde maps), the squad (a 100 GP squad; co-op: one squad shared
by 2-4 people, or one mini squad each of 50/34/25 GP with an agreed Squad Leader), the measure and the dice seed;
the map's high-score table beside it. Start: the run's battle (deployment, then the waves)."""
from __future__ import annotations

from html import escape

import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from .launch import start_battle
from .scene import SetupForm, dd_value
from .setup_scene import MEASURE_OPTIONS, briefing_html
from .theme import rect
from .wording import count

PLAYERS = {"1 player": 1, "2 players": 2, "3 players": 3, "4 players": 4}
SHARED, MINI = "One squad, shared", "A mini squad each"
NO_ROSTER = "(no roster of this size yet)"


def horde_maps() -> dict[str, str]:
    """Battlefield label -> map file, the Horde maps that are in maps/."""
    from game.modes.horde.data import horde_data
    from game.paths import MAPS_DIR
    return {m.name: m.file for m in horde_data().maps if (MAPS_DIR / m.file).exists()}


def squads_for(app, budget: int) -> dict[str, object]:
    """Squads of `budget` GP: each faction's default squad (100 GP only) and the valid rosters of that budget."""
    from game.content import default_squad, squad_slugs
    from game.persistence.rosters import list_rosters, load_roster
    cat = app.catalog
    out: dict[str, object] = {}
    if budget == 100:
        for slug in squad_slugs(cat):
            out[f"{cat.squad_type_by_slug(slug).name} (default squad)"] = lambda slug=slug: default_squad(slug, cat)
    for info in list_rosters(app.saves_dir / "rosters", cat):
        if info.valid and info.budget == budget:
            out[f"Roster: {info.name}"] = lambda path=info.path: load_roster(path, cat)
    return out


def high_scores_html(app, map_file: str) -> str:
    from game.persistence.horde_scores import HordeScoresError, load_scores, scores_path
    try:
        rows = load_scores(scores_path(app.saves_dir)).get(map_file, [])
    except HordeScoresError as e:
        return f"<b>High scores</b><br>The table cannot be read ({escape(e.problem)}); it was left as it was."
    if not rows:
        return "<b>High scores</b><br>No run on this battlefield yet."
    out = ["<b>High scores</b>"]
    for i, r in enumerate(rows, start=1):
        bosses = f", beat {', '.join(r['bosses'])}" if r["bosses"] else ""
        won = " (all 12!)" if r["outcome"] == "victory" else ""
        out.append(f"{i}. {escape(r['squad'])}: {count(r['waves_cleared'], 'wave')}{won}, {r['mp']} MP{escape(bosses)}, "
                   f"{r['units_lost']} lost  ({escape(r['when'].replace('T', ' '))})")
    return "<br>".join(out)


class HordeSetupScene(SetupForm):
    name = "setup-horde"
    help_mode = "horde"
    KEEP = ("map_label", "players_label", "coop_label", "squad_label", "mini_labels", "leader_label", "measure_label",
            "names")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.maps = horde_maps()
        self.map_label = next(iter(self.maps), "")
        self.players_label = next(iter(PLAYERS))
        self.coop_label = SHARED
        self.measure_label = next(iter(MEASURE_OPTIONS))
        self.squad_label = ""
        self.mini_labels: list[str] = []
        self.leader_label = ""
        self.leaders: dict[str, int] = {}
        self.dd_minis: list[UIDropDownMenu] = []
        self.dd_leader = None

    def valid_pick(self, key: str, value):
        """Labels of today's choices; the squads' and the Squad Leader's are checked when the form is drawn."""
        fixed = {"map_label": self.maps, "players_label": PLAYERS, "coop_label": (SHARED, MINI),
                 "measure_label": MEASURE_OPTIONS}
        if key in fixed:
            return self.one_of(value, fixed[key])
        if key == "mini_labels":
            return value if isinstance(value, list) and all(isinstance(v, str) for v in value) else None
        if key == "names":
            return self.valid_names(value)
        return value if isinstance(value, str) else None

    # -- what is chosen ----------------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return PLAYERS.get(self.players_label, 1)

    @property
    def mini(self) -> bool:
        return self.players > 1 and self.coop_label == MINI

    def _mini_budget(self) -> int:
        from game.rules.squad import mini_squad_budget
        return mini_squad_budget(self.players)

    def _mini_specs(self):
        choices = squads_for(self.app, self._mini_budget())
        return [choices[label]() for label in self.mini_labels if label in choices]

    def _leader_choices(self) -> dict[str, int]:
        """Squad Leader label -> index in the merged squad (R27: the players agree on one)."""
        from game.modes.horde.setup import leader_indices, merge_mini_squads
        specs = self._mini_specs()
        if len(specs) != self.players:
            return {}
        squad, owners = merge_mini_squads(specs)
        cat = self.app.catalog
        out = {}
        for i in leader_indices(cat, squad):
            u = squad.units[i]
            out[f"{u.name or cat.unit_types[u.unit_type].name} (Player {owners[i] + 1})"] = i
        return out

    # -- layout ------------------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(980))
        x0 = (w - pw) // 2
        y = px(30)
        UILabel(rect(x0, y, pw, px(40)), "Horde Mode", m, container=root, object_id="#heading")
        y += px(50)
        lw, rh = px(150), px(34)
        fw = min(px(330), pw // 2 - lw)
        col2 = x0 + lw

        def row(label, make):
            nonlocal y
            UILabel(rect(x0, y, lw, rh), label, m, container=root)
            el = make(rect(col2, y, fw, rh))
            y += rh + px(8)
            return el

        def dropdown(options, chosen):
            options = list(options) or [NO_ROSTER]
            chosen = chosen if chosen in options else options[0]
            return lambda r: UIDropDownMenu(options, chosen, r, m, container=root)

        self.dd_map = row("Battlefield", dropdown(self.maps, self.map_label))
        self.dd_players = row("Players", dropdown(PLAYERS, self.players_label))
        self.dd_coop = None
        self.dd_squad = None
        self.dd_minis = []
        self.dd_leader = None
        self.e_names = None
        if self.players > 1:
            row("Their names", lambda r: self.names_entry(r, root, self.players))
            self.dd_coop = row("Co-op", dropdown((SHARED, MINI), self.coop_label))
        if self.mini:
            choices = list(squads_for(self.app, self._mini_budget()))
            labels = list(self.mini_labels) + [""] * self.players
            for i in range(self.players):
                self.dd_minis.append(row(f"Player {i + 1} ({self._mini_budget()} GP)", dropdown(choices, labels[i])))
            self.mini_labels = [dd_value(d) for d in self.dd_minis]
            self.leaders = self._leader_choices()
            self.dd_leader = row("Squad Leader", dropdown(self.leaders, self.leader_label))
        else:
            self.squads = squads_for(self.app, 100)
            self.dd_squad = row("Squad", dropdown(self.squads, self.squad_label))
        self.dd_measure = row("Measure", dropdown(MEASURE_OPTIONS, self.measure_label))
        row("Dice seed", lambda r: self.seed_entry(r, root))
        bx = col2 + fw + px(20)
        bw = x0 + pw - bx
        self._remember()
        y = max(y, h - px(90))  # the buttons' row
        if bw > px(200):
            UITextBox(briefing_html("horde"), rect(bx, px(80), bw, px(250)), m, container=root)
            self.scores_box = UITextBox(high_scores_html(self.app, self.maps.get(self.map_label, "")),
                                        rect(bx, px(340), bw, max(px(60), y - px(12) - px(340))), m,
                                        container=root)  # (down to the buttons, never under them)
        bw2, bh = px(200), px(46)
        self.b_back = UIButton(rect(x0, y, bw2, bh), "Back", m, container=root)
        self.b_start = UIButton(rect(x0 + pw - bw2, y, bw2, bh), "Start the run", m, container=root,
                                object_id="#primary")

    def _remember(self) -> None:
        self.map_label = dd_value(self.dd_map)
        self.players_label = dd_value(self.dd_players)
        if self.dd_coop is not None:
            self.coop_label = dd_value(self.dd_coop)
        if self.dd_squad is not None:
            self.squad_label = dd_value(self.dd_squad)
        if self.dd_minis:
            self.mini_labels = [dd_value(d) for d in self.dd_minis]
        if self.dd_leader is not None:
            self.leader_label = dd_value(self.dd_leader)
        self.measure_label = dd_value(self.dd_measure)
        super()._remember()

    # -- start -------------------------------------------------------------------------------------------------
    def scenario(self):
        from game.modes.horde import horde_scenario
        self._remember()
        common = dict(map_name=self.maps.get(self.map_label), measure=MEASURE_OPTIONS[self.measure_label],
                      catalog=self.app.catalog)
        if self.mini:
            specs = self._mini_specs()
            if len(specs) != self.players:
                raise ValueError(f"each player needs a {self._mini_budget()} GP roster: build them in the squad "
                                 "builder first")
            return horde_scenario(mini_squads=specs, squad_leader=self.leaders.get(self.leader_label),
                                  player_names=tuple(self.names[:self.players]), **common)
        if self.squad_label not in self.squads:
            raise ValueError("choose a squad")
        return horde_scenario(self.squads[self.squad_label](), players=self.players,
                              player_names=tuple(self.names[:self.players]), **common)

    def start(self) -> None:
        try:
            sc = self.scenario()
        except Exception as e:  # a squad that does not fit: tell the player, stay here
            self.app.message("Cannot start this run", str(e))
            return
        start_battle(self.app, sc, self.seed, "Cannot start this run")

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._remember()
            self.build_ui()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_start:
                self.start()

    def confirm(self) -> None:
        self.start()
