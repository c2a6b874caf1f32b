"""PvE missions on screen: the setup (people, squads, Threat Level, enemy faction, and each part rolled or picked)
and the briefing (the mission as generated: objectives, battlefield, deployment, the enemy's cards), then the
battle. The screens only build the scenario and show what the match holds; the rules live in game/modes/pve.
"""
from __future__ import annotations

from html import escape
from itertools import combinations

import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from .scene import FormScene, SetupForm, dd_value
from .setup_scene import MEASURE_OPTIONS, NPC_ORDER_OPTIONS, map_choices, squad_choices
from .theme import rect

ROLL = "Roll the dice"
OWN_MAP = "The battlefield's own map"
SHARED = "Share one squad"
MINI = "Mini squads (50/34/25 GP)"
LAUNCH = "Launch edition (E1)"


def _data(app):
    from game.modes.pve.data import load_pve_data
    return load_pve_data(app.catalog)


LABELS = ("People", "Their names", "Co-op", "Player 4 squad", "Squad Leader of", "Squad", "Measure", "Enemy order",
          "Dice seed", "Rules", "Threat Level", "Enemy faction", "Objectives", "Battlefield", "Deployment",
          "First mission", "Table")  # the form's labels (the widest sets the labels' column)


class PveSetupScene(SetupForm):
    """Pick or roll each part of a PvE mission; "Generate mission" makes the match and opens the briefing."""

    name = "pve_setup"
    help_mode = "pve"
    KEEP = ("values", "squad_label", "minis", "names")

    def __init__(self, app) -> None:
        super().__init__(app)
        data = _data(app)
        self.data = data
        self.squads = {k: v for k, v in squad_choices(app).items() if k != "First Mission squad"}
        from game.content import squad_slugs
        self.factions = {app.catalog.squad_type_by_slug(s).name: s for s in squad_slugs(app.catalog)}
        self.choices = {
            "players": ["1", "2", "3", "4"],
            "coop": [SHARED, MINI],
            "tl": [ROLL, "1", "2", "3"],
            "npc": [ROLL] + [f.name for f in data.factions],
            "map": [OWN_MAP] + list(map_choices()),
            "measure": list(MEASURE_OPTIONS),
            "order": list(NPC_ORDER_OPTIONS),
            "leader": ["1", "2", "3", "4"],
            "edition": [LAUNCH, data.e2.name],
        }
        self.values = {k: v[0] for k, v in self.choices.items()}
        self._edition_parts()  # objectives, battlefield, deployment, first mission: the edition's
        self.squad_label = next(iter(self.squads))
        self.minis = [list(self.factions)[i % len(self.factions)] for i in range(4)]
        self.dd: dict = {}

    def valid_pick(self, key: str, value):
        if key == "values":
            if not isinstance(value, dict):
                return None
            return {k: self.one_of(value.get(k), self.choices[k]) or v for k, v in self.values.items()}
        if key == "minis":
            if not isinstance(value, list) or len(value) != len(self.minis):
                return None
            return [self.one_of(v, self.factions) or d for v, d in zip(value, self.minis)]
        if key == "names":
            return self.valid_names(value)
        return self.one_of(value, self.squads)

    # -- the form ----------------------------------------------------------------------------------------
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(1100))
        x0 = (w - pw) // 2
        UILabel(rect(x0, px(24), pw, px(40)), "PvE mission", m, container=root, object_id="#heading")
        T = self.app.text
        label_w = min(px(150), max(T.size(t)[0] for t in LABELS) + px(16))  # (as wide as the longest label)
        form = self.columns(root, (x0, x0 + pw // 2), px(76), label_w, min(px(360), pw // 2 - label_w - px(16)),
                            px(32), px(8))
        row, dd = form.row, form.dd
        self.e_names = None
        dd(0, "players", "People")
        if self.values["players"] != "1":
            row(0, "Their names", lambda r: self.names_entry(r, root, int(self.values["players"])))
        dd(0, "coop", "Co-op")
        mini = self.values["coop"] == MINI and self.values["players"] != "1"
        if mini:
            for i in range(int(self.values["players"])):
                self.dd[f"mini{i}"] = row(0, f"Player {i + 1} squad", lambda r, i=i: UIDropDownMenu(
                    list(self.factions), self.minis[i], r, m, container=root))
            dd(0, "leader", "Squad Leader of")
        else:
            self.dd["squad"] = row(0, "Squad", lambda r: UIDropDownMenu(list(self.squads), self.squad_label, r, m,
                                                                      container=root))
        dd(0, "measure", "Measure")
        dd(0, "order", "Enemy order")
        row(0, "Dice seed", lambda r: self.seed_entry(r, root))
        for key, label in (("edition", "Rules"), ("tl", "Threat Level"), ("npc", "Enemy faction"),
                           ("objectives", "Objectives"),
                           ("battlefield", "Battlefield"), ("deployment", "Deployment"), ("first", "First mission"),
                           ("map", "Table")):
            dd(1, key, label)
        y = form.bottom + px(8)
        bw, bh = px(220), px(46)
        self.box = UITextBox(self._explain(), rect(x0, y, pw, max(px(48), h - px(66) - px(8) - y)), m,
                             container=root)  # (down to the buttons, never under them)
        self.b_back = UIButton(rect(x0, h - px(66), bw, bh), "Back", m, container=root)
        self.b_go = UIButton(rect(x0 + pw - bw, h - px(66), bw, bh), "Generate mission", m, container=root,
                             object_id="#primary", tool_tip_text="Roll what is left to the dice and show the briefing")

    def _edition_parts(self) -> None:
        """The objectives, battlefields and deployments offered are the picked edition's (R22: the later edition
        is a labelled variant with tables of its own)."""
        if self.values["edition"] == LAUNCH:
            data = self.data
            self.choices.update(
                objectives=[ROLL] + [f"{a.name} + {b.name}" for a, b in combinations(data.objectives, 2)],
                battlefield=[ROLL] + [f"{b.name} ({b.effect})" for b in data.battlefields],
                deployment=[ROLL] + [d.name for d in data.deployments],
                first=["No", "Yes: no battlefield effect, Standard Insertion"])
        else:
            e2 = self.data.e2
            self.choices.update(
                objectives=[ROLL] + [f"{a.id} {a.name} + {b.id} {b.name}" for a, b in combinations(e2.objectives, 2)
                                     if a.archetype != b.archetype],
                battlefield=[ROLL] + [f"{b.name} ({b.effect})" for b in e2.battlefields],
                deployment=[ROLL] + [f"{d.name}{who}" for d in e2.deployments
                                     for who in ("", " (Squad A)", " (Squad B)")],
                first=["No"])
        for key in ("objectives", "battlefield", "deployment", "first"):
            if self.values.get(key) not in self.choices[key]:
                self.values[key] = self.choices[key][0]

    def _explain(self) -> str:
        n = self.data.numbers
        return ("<b>PvE.</b> Two objectives, a battlefield with its effect, a deployment and an enemy faction at a "
                "Threat Level, by the launch edition's tables or, as a labelled variant, the later edition's (Rules): "
                "pick any part, or leave it to the dice (every roll shows in the log, the same seed "
                f"gives the same mission). From the end of Turn {n['extraction_turn']} you choose when to extract: "
                + (f"{n['mp_per_objective']} MP per objective met if anyone extracts, {n['mp_per_threat_level']} MP "
                   "per Threat Level." if self.values["edition"] == LAUNCH else
                   f"{self.data.e2.name}: MP times the Threat Level for playing, for each objective completed "
                   "(extracted or not; a found item must leave with a unit that extracts) and for a clean sweep; no "
                   "Turn Events, reinforcements from Turn 5.")
                + " Co-op: share one squad, or bring mini squads and agree on the Squad Leader. F1 lists every table.")

    def _remember(self) -> None:
        for key, el in self.dd.items():
            if key.startswith("mini"):
                self.minis[int(key[4:])] = dd_value(el)
            elif key == "squad":
                self.squad_label = dd_value(el)
            else:
                self.values[key] = dd_value(el)
        super()._remember()

    # -- the scenario ------------------------------------------------------------------------------------
    def options(self) -> dict:
        """The mission options the form stands for (what is left to the dice is left out)."""
        v, data = self.values, self.data
        out: dict = {}
        later = v["edition"] != LAUNCH
        tables = data.e2 if later else data
        if later:
            out["edition"] = "e2"
        if v["tl"] != ROLL:
            out["tl"] = int(v["tl"])
        if v["npc"] != ROLL:
            out["npc"] = next(f.id for f in data.factions if f.name == v["npc"])
        if v["objectives"] != ROLL and later:
            out["objectives"] = ",".join(part.split(" ")[0] for part in v["objectives"].split(" + "))
        elif v["objectives"] != ROLL:
            a, b = v["objectives"].split(" + ")
            out["objectives"] = ",".join(next(o.id for o in data.objectives if o.name == n) for n in (a, b))
        if v["first"] != "No":
            out["first_mission"] = True
        else:
            if v["battlefield"] != ROLL:
                out["battlefield"] = tables.battlefields[self.choices["battlefield"].index(v["battlefield"]) - 1].id
            if v["deployment"] != ROLL:
                name, _, who = v["deployment"].partition(" (Squad ")
                out["deployment"] = next(d.id for d in tables.deployments if d.name == name) + \
                    (f"-{who[0].lower()}" if who else "")
        people = int(v["players"])
        if people > 1 and v["coop"] == MINI:
            out["mini_squads"] = ",".join(self.factions[self.minis[i]] for i in range(people))
            out["squad_leader"] = int(v["leader"])
        elif people > 1:
            out["players"] = people
        return out

    def scenario(self):
        from dataclasses import replace

        from game.modes.pve.mission import PveMission
        self._remember()
        opts = self.options()
        squad = None if "mini_squads" in opts else self.squads[self.squad_label]()
        table = self.values["map"]
        map_name = "default" if table == OWN_MAP else map_choices()[table]
        sc = PveMission.make_scenario(None, squad=squad, map_name=map_name,
                                      measure=MEASURE_OPTIONS[self.values["measure"]], options=opts,
                                      controller="person")
        return self.name_people(replace(sc, npc_order=NPC_ORDER_OPTIONS[self.values["order"]]), "player")

    def generate(self) -> None:
        from game.match.scenario import ScenarioError
        from game.modes import create_match
        try:
            sc = self.scenario()
            match = create_match(sc, self.seed, self.app.catalog, prepare=True)
        except (ScenarioError, ValueError) as e:  # a bad pick: tell the player, stay here
            self.app.message("Cannot make this mission", str(e))
            return
        self.app.push(PveBriefingScene(self.app, match))

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in (
                self.dd.get("players"), self.dd.get("coop"), self.dd.get("edition")):
            self._remember()
            self._edition_parts()
            self.build_ui()  # the squad rows change with the number of people and the co-op mode; the tables with
            # the edition
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_go:
                self.generate()

    def confirm(self) -> None:
        self.generate()


class PveBriefingScene(FormScene):
    """The mission as generated: what was rolled, the objectives, battlefield, deployment and the enemy's cards.
    A choice the setup still waits for (an Anchor to choose on a 10) is asked here first."""

    name = "pve_briefing"
    help_mode = "pve"

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.keep_match = False
        self.cards: list = []  # (uid, CardView) one per kind of enemy unit
        self.card_places: list = []  # (where each card was drawn last, its CardView): the chips' hover text
        self.read_cards()
        self.choice_buttons: list = []

    def read_cards(self) -> None:
        """One card per kind of enemy unit on the table (read again when the setup goes on)."""
        from .cardview import CardView
        match = self.match
        self.cards = []
        seen = set()
        for u in match.units("npc"):
            key = match.unit(u).type_id, match.unit(u).card.weapons
            if key not in seen:
                seen.add(key)
                self.cards.append((u, CardView(self.app)))

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw = w - px(40)
        x0 = px(20)
        UILabel(rect(x0, px(16), pw, px(40)), self.title(), m, container=root, object_id="#heading")
        tw = pw // 2 - px(10)
        self.card_x, self.card_w = x0 + tw + px(20), pw - tw - px(20)
        self.choice_buttons = []
        p = self.match.prompt
        y = h - px(70)
        box_bottom = h - px(86)
        if p is not None and p.kind == "choice":  # on rows of their own above Back and Deploy (nine Anchors fit)
            T = self.app.text
            cw = max((T.size(oid, 14, True)[0] for oid, _ in p.options), default=0) + px(28)
            bw = max(px(110), cw)
            per = max(1, (pw + px(4)) // (bw + px(4)))
            rows = (len(p.options) + per - 1) // per
            top = y - px(10) - rows * px(44)
            lines = T.wrap(p.text, 16, pw - px(12))[:3]
            box_bottom = top - len(lines) * px(26) - px(12)
            for i, line in enumerate(lines):
                UILabel(rect(x0, box_bottom + px(6) + i * px(26), pw, px(28)), line, m, container=root)
            for i, (oid, words) in enumerate(p.options):
                b = UIButton(rect(x0 + (i % per) * (bw + px(4)), top + (i // per) * px(44), bw, px(40)), oid, m,
                             container=root, tool_tip_text=words)
                self.choice_buttons.append((b, oid))
        self.box = UITextBox(self.briefing_html(), rect(x0, px(64), tw, box_bottom - px(64)), m, container=root)
        self.cards_bottom = box_bottom  # the enemy's cards stop above the choice too
        bw, bh = px(220), px(46)
        self.b_back = UIButton(rect(x0 + pw - 2 * bw - px(12), y, bw, bh), "Back to setup", m, container=root)
        self.b_go = UIButton(rect(x0 + pw - bw, y, bw, bh), "Deploy", m, container=root, object_id="#primary")
        if self.match.phase != "deploy":
            self.b_go.disable()

    def title(self) -> str:
        ms = self.match.mission_state
        f = self.match.mission.data.faction(ms["faction"]) if ms.get("faction") else None
        return f"Briefing: {f.name if f else 'PvE'}, Threat Level {ms.get('tl') or '?'}"

    def briefing_html(self) -> str:
        m = self.match
        mission = m.mission
        data = mission.data
        ms = m.mission_state
        out = []
        for oid in ms.get("objectives", ()):
            o = data.objective(oid)
            where = ", ".join(m.marker(x).label for x in ms["markers"].get(oid, ()) if x in m.markers())
            out.append(f"<b>Objective: {escape(o.name)}</b><br>{escape(o.setup)} {escape(o.rules)}<br>"
                       f"<b>Goal:</b> {escape(o.victory)}" + (f"<br><b>On the table:</b> {escape(where)}" if where
                                                             else "") + "<br><br>")
        if ms.get("battlefield"):
            b = data.battlefield(ms["battlefield"])
            out.append(f"<b>Battlefield: {escape(b.name)} - {escape(b.effect)}</b><br>{escape(b.text)}<br><br>")
        else:
            out.append("<b>No battlefield effect</b> (a first mission).<br><br>")
        if ms.get("deployment"):
            d = data.deployment(ms["deployment"])
            out.append(f"<b>Deployment: {escape(d.name)}</b><br>{escape(d.text)}<br><br>")
        out.append(f"<b>Extraction</b>: {mission.scoring_text()}<br><br>")  # the mission's words (its edition's)
        if ms.get("spawned"):
            f = data.faction(ms["faction"])
            rows = "; ".join(f"{face}: {count} x {escape(f.unit(u).name)}" for face, u, count in ms["spawned"])
            out.append(f"<b>The enemy</b> ({escape(f.name)}, Spawn Table, Threat Level {ms['tl']}): {rows}<br>")
            for beh in sorted({b for _, b in ms["npc"].values()}):
                bd = data.behaviours[beh]
                lines = " ".join(f"{i}. {escape(t)}" for i, (_, t) in enumerate(bd.lines, 1))
                out.append(f"<b>{escape(bd.name)} Behaviour</b>: {lines}<br>")
        rolls = [e.text for e in m.events if getattr(e, "kind", "") in ("table_roll", "mission")]
        if rolls:
            out.append("<br><b>The rolls</b><br>" + "<br>".join(escape(t) for t in rolls[:40]))
        return "".join(out)

    def handle(self, event, consumed) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        for b, oid in self.choice_buttons:
            if event.ui_element is b:
                from game.match import commands as C
                self.match.submit(C.Choose(self.match.prompt.side, oid))
                self.read_cards()  # the setup went on: new units, new cards
                self.build_ui()
                return
        if event.ui_element is self.b_back:
            self.app.pop()
        elif event.ui_element is self.b_go:
            self.deploy()

    def deploy(self) -> None:
        if self.match.phase != "deploy":
            return
        from .launch import refuse_unplayable
        if refuse_unplayable(self.app, self.match, close=False):
            self.app.pop()  # back to the setup (leaving closes the match)
            return
        self.keep_match = True
        self.app.replace(self.battle_scene())

    def battle_scene(self):
        """The battle screen the mission is played on (a campaign's mission: the campaign's)."""
        from .battle import BattleScene
        return BattleScene(self.app, self.match)

    def exit(self) -> None:
        super().exit()
        if not self.keep_match:
            self.match.close()

    def confirm(self) -> None:
        self.deploy()

    def draw(self, screen) -> None:
        super().draw(screen)  # the background, then the enemy's cards
        y = self.px(64)
        self.card_places = []
        for uid, view in self.cards:
            beh = self.match.mission.npc_behaviour(self.match, uid)
            surf = view.render(self.match, uid, self.card_w, 0, note=f"{beh.name} Behaviour")
            if y + surf.get_height() > getattr(self, "cards_bottom", self.app.size[1] - self.px(90)):
                break
            screen.blit(surf, (self.card_x, y))
            self.card_places.append((surf.get_rect(topleft=(self.card_x, y)), view))
            y += surf.get_height() + self.px(8)

    def update(self, dt: float) -> None:
        """The rule text of a special or skill chip on an enemy card shows when the mouse rests on it."""
        mx, my = self.app.mouse
        chip = None
        for place, view in self.card_places:
            if place.collidepoint(mx, my):
                chip = next(((tuple(r.move(place.topleft)), tip) for r, tip in view.chips
                             if r.move(place.topleft).collidepoint(mx, my)), None)
        self.hover_chip(chip, dt)
