"""The rows of the campaign setup form that belong to a kind other than the PvE campaign (its own rows are in
setup.py), and the Setup each one starts:

    pvp           two squads, each played by a person (named) or the computer; the computer's difficulty; the plan
                  rolled or picked together (setup_plan.PlanPickScene)
    last-signal   a Hegemony squad (C25), the people, the edition of its Injuries and Spoils
    operations    the squad, the book's Operations (written for the squad's faction, or any): one, or three as a
                  campaign; the people, the edition

The form checks nothing the campaign checks: a squad or an Operation the kind refuses comes back as its
CampaignError, shown in the form's message."""
from __future__ import annotations

from html import escape

from pygame_gui.elements import UIButton, UITextEntryLine

from game.rules.squad import STANDARD_BUDGET

PERSON, COMPUTER = "A person at this screen", "The computer"
DIFFICULTIES = {"Normal": "normal", "Easy": "easy", "Hard": "hard"}
ROLL_PLAN, PICK_PLAN = "Roll the nine missions", "Pick them together"
ONE, THREE = "One Operation", "Three, as a campaign"
OWN, ANY = "Written for the squad's faction", "Any faction"
EDITIONS = {"E1": "Launch edition (E1)", "E2": "Later edition (E2)"}


def _book(app):
    from game.modes.pve.data import load_pve_data
    return load_pve_data(app.catalog).book


class KindRows:
    """Mixed into the campaign setup form (setup.CampaignSetupScene): the kind picked and its rows."""

    REBUILD = ("kind", "ctl0", "ctl1", "opcount", "opfilter", "plan")  # a change here changes the rows

    def kind_choices(self) -> None:
        from game.campaign import campaign_kinds
        from game.campaign.data import campaign_rules
        self.kinds = {k.title: k for k in campaign_kinds()}
        labels = list(self.squads)
        self.choices.update(kind=list(self.kinds), ctl0=[PERSON, COMPUTER], ctl1=[COMPUTER, PERSON],
                            difficulty=list(DIFFICULTIES), pvp0=labels, pvp1=labels, plan=[ROLL_PLAN, PICK_PLAN],
                            opcount=[ONE, THREE], opfilter=[OWN, ANY])
        for kind in ("last-signal", "operations"):
            self.choices[f"edition-{kind}"] = [EDITIONS[e] for e in campaign_rules(kind).editions]
        ops = [self.op_label(o) for o in _book(self.app).operations]
        for i in range(3):
            self.choices[f"bookop{i}"] = ops

    def kind_defaults(self) -> None:
        labels = list(self.squads)
        self.values["pvp1"] = labels[min(1, len(labels) - 1)]
        self.pvp_names = ["Player 1", "Player 2"]
        self.plan_missions: tuple = ()  # the nine picked together (None: rolled); () all rolled

    @property
    def kind(self) -> str:
        return self.kinds[self.values["kind"]].id

    @staticmethod
    def op_label(o) -> str:
        return f"{o.id}: {o.title}"

    # == the rows ==================================================================================================
    def kind_rows(self, form, root) -> None:
        row, dd = form.row, form.dd
        if self.kind == "pvp":
            m = self.app.manager
            self.e_players = [None, None]
            for i in range(2):
                dd(1, f"pvp{i}", f"Squad {i + 1}")
                dd(1, f"ctl{i}", "Played by")
                if self.values[f"ctl{i}"] == PERSON:
                    e = row(1, "Player's name", lambda r, i=i: UITextEntryLine(r, m, container=root,
                                                                              initial_text=self.pvp_names[i]))
                    e.set_text_length_limit(24)
                    self.e_players[i] = e
            if COMPUTER in (self.values["ctl0"], self.values["ctl1"]):
                dd(0, "difficulty", "Computer plays")
            dd(0, "plan", "The missions")
            self.b_plan = None
            if self.values["plan"] == PICK_PLAN:
                picked = sum(1 for x in self.plan_missions if x)
                self.b_plan = row(0, "", lambda r: UIButton(r, f"Pick the missions ({picked} of 9 picked)", m,
                                                            container=root))
        else:
            self.squad_rows(form, root)
            dd(0, "people", "People")
            if self.kind == "operations":
                dd(1, "opcount", "Operations")
                dd(1, "opfilter", "From the book")
                offered = self.book_choices()
                taken: list[str] = []
                for i in range(3 if self.values["opcount"] == THREE else 1):
                    key = f"bookop{i}"
                    self.choices[key] = offered
                    if self.values[key] not in offered or self.values[key] in taken:  # three different ones
                        self.values[key] = next((o for o in offered if o not in taken), offered[0])
                    taken.append(self.values[key])
                    dd(1, key, f"Operation {i + 1}" if self.values["opcount"] == THREE else "Operation")
            dd(1, f"edition-{self.kind}", "Injuries, Spoils")
        dd(0, "ironman", "Ironman")
        row(0, "Dice seed", lambda r: self.seed_entry(r, root))

    def squad_rows(self, form, root) -> None:
        """One shared squad: the offered ones (Last Signal: the Hegemony ones only), a code, the builder's."""
        from pygame_gui.elements import UIDropDownMenu
        m = self.app.manager
        choices = self.shared_choices()
        if self.kind == "last-signal":
            choices = [c for c in choices if c in self.squads and self.faction_of(c) == self.hegemony()] + \
                [c for c in choices if c not in self.squads]
        if self.squad_label not in choices:
            self.squad_label = choices[0]
        self.dd["squad"] = form.row(0, "Squad", lambda r: UIDropDownMenu(choices, self.squad_label, r, m,
                                                                         container=root))
        from .setup import CODE
        if self.squad_label == CODE:
            self.e_code = form.row(0, "Squad code", lambda r: UITextEntryLine(r, m, container=root,
                                                                             initial_text=self.code,
                                                                             placeholder_text="RS1-..."))
        self.b_builder = form.row(0, "", lambda r: UIButton(r, "Build a squad in the squad builder", m,
                                                            container=root))

    def faction_of(self, label: str) -> str | None:
        """The catalog faction of an offered squad (None: it cannot be read)."""
        cache = self.__dict__.setdefault("_factions", {})
        if label not in cache:
            try:
                spec = self.squads[label]()
                cache[label] = self.app.catalog.squad_types[spec.squad_type].faction
            except Exception:  # a roster that changed on disk: offered, the campaign says what is wrong
                cache[label] = None
        return cache[label]

    def hegemony(self) -> str:
        return _book(self.app).last_signal[0].faction

    def book_choices(self) -> list[str]:
        """The book's Operations offered: those written for the squad's faction, or every one."""
        ops = _book(self.app).operations
        if self.values["opfilter"] == OWN:
            try:
                spec = self.starting_squads()[0]
                faction = self.app.catalog.squad_types[spec.squad_type].faction
            except (ValueError, KeyError, AttributeError):
                faction = None
            own = [o for o in ops if o.faction == faction]
            ops = own or ops
        return [self.op_label(o) for o in ops]

    # == the words =================================================================================================
    def kind_explain(self) -> str:
        from game.campaign.data import campaign_rules
        k = self.kinds[self.values["kind"]]
        r = campaign_rules(k.id)
        more = {"pvp": f" Each squad is {STANDARD_BUDGET} GP. A person plays at this screen (hot-seat: the screen is "
                       "handed over before each squad's own picks); the computer makes its own picks."}.get(k.id, "")
        return (f"<b>{escape(r.title)}.</b> {escape(r.text)}{escape(more)} <b>Ironman</b>: one file, written after "
                "every step; a mission is never reloaded. The same seed gives the same campaign. F1: the campaign "
                "help.")

    # == the setup =================================================================================================
    def kind_setup(self):
        """The Setup of the kind picked; ValueError with the reason when the form cannot give one."""
        from game.campaign import Options, Setup
        ironman = self.values["ironman"] == self.choices["ironman"][1]
        name = self.name_text.strip()
        if self.kind == "pvp":
            squads, people, computer = [], [], []
            for i in range(2):
                try:
                    squads.append(self.squads[self.values[f"pvp{i}"]]())
                except Exception as e:  # a roster that changed on disk since the list was made
                    raise ValueError(f"Squad {i + 1} cannot be read: {e}") from None
                if self.values[f"ctl{i}"] == COMPUTER:
                    computer.append(i)
                    people.append(f"Computer {i + 1}")
                else:
                    people.append(self.pvp_names[i])
            if people[0] == people[1]:
                raise ValueError("Give the two players different names.")
            difficulty = DIFFICULTIES[self.values["difficulty"]] if computer else ""
            missions = tuple(self.plan_missions) if self.values["plan"] == PICK_PLAN else ()
            opts = Options(people=tuple(people), ironman=ironman, computer=tuple(computer), missions=missions,
                           difficulty=difficulty)
            return Setup("pvp", self.seed, name, opts, tuple(squads))
        edition = next(e for e, words in EDITIONS.items() if words == self.values[f"edition-{self.kind}"])
        from game.campaign.data import campaign_rules
        edition = "" if edition == campaign_rules(self.kind).edition else edition
        operations = ()
        if self.kind == "operations":
            n = 3 if self.values["opcount"] == THREE else 1
            operations = tuple(self.values[f"bookop{i}"].split(":")[0] for i in range(n))
        opts = Options(people=tuple(f"Player {i + 1}" for i in range(self.people)), ironman=ironman,
                       operations=operations, edition=edition)
        return Setup(self.kind, self.seed, name, opts, self.starting_squads())

    def pick_plan(self) -> None:
        from .setup_plan import PlanPickScene

        def take(missions) -> None:
            self.plan_missions = tuple(missions)
        self._remember()
        self.app.push(PlanPickScene(self.app, self.plan_missions, take))

