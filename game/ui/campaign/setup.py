"""A new campaign: first its kind (every kind of `game.campaign.campaign_kinds()`, with its title and words), then
what that kind needs, and its name, Ironman and the dice seed (offered as every setup offers one):

    PvE            the squad (a faction's default squad, a saved roster, a squad code, or one built in the squad
                   builder), the people (1-4, one shared roster or a mini squad each), each Operation's enemy faction
                   (picked or left to the campaign's dice)
    PvP            two squads, each played by a person at this screen (named) or the computer, at one difficulty;
                   the nine missions rolled, or picked together (game.ui.campaign.setup_plan)
    Last Signal    a Hegemony squad (C25), the people, the edition of its Injuries and Spoils
    Operations     the squad, one Operation of the book (written for the squad's faction, or any) or three as a
                   campaign, the people, the edition

Starting it rolls the plan (or sets the written one) and writes its file."""
from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine

from game.rules.squad import STANDARD_BUDGET, mini_squad_budget

from ..scene import SetupForm, dd_value
from ..setup_scene import squad_choices
from ..theme import rect
from .common import HELP, campaigns_folder, keep, show
from .setup_kinds import KindRows

ROLL = "Roll the dice"
SHARED = "Share one squad"
MINI = "Mini squads (one each)"
CODE = "A squad code"
BUILT = "Built in the squad builder"
IRONMAN = ("Off (reloads are counted)", "On: one file, no reloads")


class CampaignSetupScene(KindRows, SetupForm):
    name = "campaign_setup"
    help_mode = HELP
    KEEP = ("values", "squad_label", "minis", "pvp_names")

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.modes.pve.data import load_pve_data
        self.factions = load_pve_data(app.catalog).factions
        self.squads = {k: v for k, v in squad_choices(app).items() if k != "First Mission squad"}
        self.choices = {"people": ["1", "2", "3", "4"], "coop": [SHARED, MINI], "ironman": list(IRONMAN)}
        for i in range(3):
            self.choices[f"op{i}"] = [ROLL] + [f.name for f in self.factions]
        self.kind_choices()  # the kinds and each kind's own rows (setup_kinds.py)
        self.values = {k: v[0] for k, v in self.choices.items()}
        self.kind_defaults()
        self.squad_label = next(iter(self.squads))
        self.minis = [None] * 4  # each person's mini squad label (None: the first offered)
        self.built = None  # the squad made in the builder
        self.code = ""
        self.name_text = self.free_name()
        self.dd: dict = {}
        self.e_code = None

    def free_name(self) -> str:
        from game.persistence.campaigns import campaign_path
        n = 1
        while campaign_path(f"Campaign {n}", campaigns_folder(self.app)).exists():
            n += 1
        return f"Campaign {n}"

    def valid_pick(self, key: str, value):
        if key == "values":
            if not isinstance(value, dict):
                return None
            return {k: self.one_of(value.get(k), self.choices[k]) or v for k, v in self.values.items()}
        if key == "minis":
            return [v if isinstance(v, str) else None for v in value][:4] + [None] * (4 - len(value)) \
                if isinstance(value, list) else None
        if key == "pvp_names":
            return [v.strip() for v in value] if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, str) and 0 < len(v.strip()) <= 24 for v in value) else None
        return self.one_of(value, self.squads)

    # == choices ===================================================================================================
    @property
    def people(self) -> int:
        return int(self.values["people"])

    @property
    def mini(self) -> bool:
        return self.kind == "pve" and self.people > 1 and self.values["coop"] == MINI

    def shared_choices(self) -> list[str]:
        return list(self.squads) + [CODE] + ([BUILT] if self.built is not None else [])

    def mini_choices(self) -> dict:
        """The mini squads offered at this many people's budget: each faction's default squad cut to it, then the
        rosters saved for it."""
        from game.content import squad_slugs
        from game.modes.pve.scenario import trimmed_squad
        from game.persistence.rosters import list_rosters, load_roster
        cat = self.app.catalog
        budget = mini_squad_budget(self.people)
        out = {}
        for slug in squad_slugs(cat):
            out[f"{cat.squad_type_by_slug(slug).name} ({budget} GP)"] = lambda slug=slug: trimmed_squad(cat, slug,
                                                                                                       budget)
        for info in list_rosters(self.app.saves_dir / "rosters", cat):
            if info.valid and info.budget == budget:
                out[f"Roster: {info.name}"] = lambda path=info.path: load_roster(path, cat)
        return out

    # == the form ==================================================================================================
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw = min(w - px(40), px(1100))
        x0 = (w - pw) // 2
        UILabel(rect(x0, px(20), pw, px(40)), "New campaign", m, container=root, object_id="#heading")
        form = self.columns(root, (x0, x0 + pw // 2), px(72), px(150), pw // 2 - px(170), px(32), px(8))
        row, dd = form.row, form.dd
        self.e_code = None
        self.b_builder = None
        self.e_players = []
        dd(0, "kind", "Campaign")
        self.e_name = row(0, "Name", lambda r: UITextEntryLine(r, m, container=root, initial_text=self.name_text))
        self.e_name.set_text_length_limit(40)
        if self.kind != "pve":
            self.kind_rows(form, root)
        else:
            self.pve_rows(form, root)
        y = form.bottom + px(8)
        self.box = UITextBox(self._explain(), rect(x0, y, pw, -1), m, container=root, wrap_to_height=True)
        bw, bh = px(220), px(46)
        self.b_back = UIButton(rect(x0, h - px(66), bw, bh), "Back", m, container=root)
        self.b_go = UIButton(rect(x0 + pw - bw, h - px(66), bw, bh), "Start campaign", m, container=root,
                             object_id="#primary", tool_tip_text="Roll the plan with the campaign's dice and open "
                                                                 "the campaign screen")

    def pve_rows(self, form, root) -> None:
        """The PvE campaign's rows: the people, the squad (or each person's mini squad), Ironman, the seed and each
        Operation's enemy."""
        m = self.app.manager
        row, dd = form.row, form.dd
        dd(0, "people", "People")
        if self.people > 1:
            dd(0, "coop", "Co-op")
        if self.mini:
            offered = list(self.mini_choices())
            for i in range(self.people):
                pick = self.minis[i] if self.minis[i] in offered else offered[i % len(offered)]
                self.minis[i] = pick
                self.dd[f"mini{i}"] = row(0, f"Player {i + 1} squad", lambda r, pick=pick: UIDropDownMenu(
                    offered, pick, r, m, container=root))
        else:
            choices = self.shared_choices()
            if self.squad_label not in choices:
                self.squad_label = choices[0]
            self.dd["squad"] = row(0, "Squad", lambda r: UIDropDownMenu(choices, self.squad_label, r, m,
                                                                      container=root))
            if self.squad_label == CODE:
                self.e_code = row(0, "Squad code", lambda r: UITextEntryLine(r, m, container=root,
                                                                             initial_text=self.code,
                                                                             placeholder_text="RS1-..."))
            self.b_builder = row(0, "", lambda r: UIButton(r, "Build a squad in the squad builder", m,
                                                           container=root))
        dd(1, "ironman", "Ironman")
        row(1, "Dice seed", lambda r: self.seed_entry(r, root))
        for i in range(3):
            dd(1, f"op{i}", f"Operation {i + 1} enemy")

    def _explain(self) -> str:
        if self.kind != "pve":
            return self.kind_explain()
        from game.campaign.data import campaign_rules
        r = campaign_rules("pve")
        return (f"<b>{r.title}.</b> {r.operations} Operations of {r.missions_per_operation} PvE missions, Operation n "
                f"at Threat Level n, a Homebase after each of the first {r.operations - 1}. The squad is "
                f"{STANDARD_BUDGET} GP (mini squads: {mini_squad_budget(2)}, {mini_squad_budget(3)} or "
                f"{mini_squad_budget(4)} GP each) and keeps its Injuries, Spoils of War and fallen from mission to "
                "mission. <b>Ironman</b>: the campaign has one file, written after every step; a mission is never "
                "reloaded. Otherwise a mission in progress may be restarted and the chronicle counts it. The same "
                "seed rolls the same plan. F1: the whole campaign help.")

    def _remember(self) -> None:
        for key, el in self.dd.items():
            if key.startswith("mini"):
                self.minis[int(key[4:])] = dd_value(el)
            elif key == "squad":
                self.squad_label = dd_value(el)
            else:
                self.values[key] = dd_value(el)
        if self.e_code is not None:
            self.code = self.e_code.get_text().strip()
        if getattr(self, "e_name", None) is not None and self.root is not None:
            self.name_text = self.e_name.get_text()
        for i, e in enumerate(getattr(self, "e_players", ())):
            if e is not None and e.alive():
                self.pvp_names[i] = e.get_text().strip()[:24] or self.pvp_names[i]
        super()._remember()

    # == the campaign ==============================================================================================
    def starting_squads(self):
        """The starting squad(s) the form stands for; ValueError with the reason when one cannot be had."""
        cat = self.app.catalog
        if self.mini:
            offered = self.mini_choices()
            return tuple(offered[self.minis[i]]() for i in range(self.people))
        if self.squad_label == CODE:
            from game.content.squad_code import SquadCodeError, decode
            if not self.code:
                raise ValueError("Paste a squad code (RS1-...) into the Squad code field, or pick another squad.")
            try:
                return (decode(self.code, cat),)
            except SquadCodeError as e:
                raise ValueError(f"That squad code cannot be read: {e}") from None
        if self.squad_label == BUILT:
            return (self.built,)
        return (self.squads[self.squad_label](),)

    def setup(self):
        from game.campaign import Options, Setup
        from game.modes.pve.data import load_pve_data
        self._remember()
        if self.kind != "pve":
            return self.kind_setup()
        data = load_pve_data(self.app.catalog)
        factions = tuple(None if self.values[f"op{i}"] == ROLL else
                         next(f.id for f in data.factions if f.name == self.values[f"op{i}"]) for i in range(3))
        opts = Options(people=tuple(f"Player {i + 1}" for i in range(self.people)), mini_squads=self.mini,
                       ironman=self.values["ironman"] == IRONMAN[1], factions=factions)
        return Setup("pve", self.seed, self.name_text.strip(), opts, self.starting_squads())

    def start(self) -> None:
        from game.campaign import CampaignError, new_campaign
        from game.persistence.campaigns import campaign_path
        try:
            setup = self.setup()
        except ValueError as e:
            self.app.message("Cannot start this campaign", str(e))
            return
        if not setup.name:
            self.app.message("Cannot start this campaign", "Give the campaign a name.")
            return
        if campaign_path(setup.name, campaigns_folder(self.app)).exists():
            self.app.message("Cannot start this campaign", f"A campaign named {setup.name} is saved already "
                             "(Campaign > Load opens it): choose another name.")
            return
        try:
            campaign = new_campaign(setup, self.app.catalog)
        except CampaignError as e:
            self.app.message("Cannot start this campaign", str(e)[:1].upper() + str(e)[1:])
            return
        keep(self.app, campaign)
        show(self.app, campaign)

    def open_builder(self) -> None:
        from game.rules.model import SquadSpec

        from .builder import CampaignBuilderScene
        self._remember()
        try:
            spec = self.starting_squads()[0]
        except ValueError:
            spec = None
        spec = spec or SquadSpec(self.app.catalog.squad_types[next(iter(self.app.catalog.squad_types))].id, "", ())

        def take(built) -> str | None:
            from game.rules.squad import validate_squad
            problems = validate_squad(self.app.catalog, built, STANDARD_BUDGET)
            if problems:
                return "The squad breaks the squad rules: " + " ".join(problems)
            self.built = built
            self.squad_label = BUILT
            return None
        self.app.push(CampaignBuilderScene(self.app, spec, STANDARD_BUDGET, "setup", take, "Use this squad"))

    def resume(self) -> None:
        super().resume()
        self.build_ui()  # the squad built in the builder

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in [
                self.dd.get(k) for k in ("people", "coop", "squad", *self.REBUILD)]:
            self._remember()
            self.build_ui()  # the squad rows change with the people, the co-op mode and a squad code
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.b_back:
                self.app.pop()
            elif event.ui_element is self.b_go:
                self.start()
            elif event.ui_element is self.b_builder and self.b_builder is not None:
                self.open_builder()
            elif event.ui_element is getattr(self, "b_plan", None) and self.b_plan is not None:
                self.pick_plan()

    def confirm(self) -> None:
        self.start()
