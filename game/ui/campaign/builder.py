"""The squad builder as a campaign uses it: the starting squad (any squad of the faction within the campaign's cap;
the default, a roster or a code may be opened), recruits at a Homebase (the roster's own units locked, the GP cap
fixed) and gear changes (no unit added or removed). What the player builds is handed back as a squad; the
campaign screens turn it into decisions the campaign checks."""
from __future__ import annotations

from game.campaign import decisions as D
from game.rules.model import SquadSpec

from ..builder import SquadBuilderScene
from ..builder_dialogs import ConfirmDialog
from .common import HELP, decide

NOTES = {
    "setup": "The campaign's starting squad: its cap is fixed.",
    "recruit": "Recruiting: the units already in the squad are locked; new units cost no MP, only GP within the "
               "cap.",
    "gear": "Gear: change the units' gear within the cap; no unit joins or leaves here.",
}


class CampaignBuilderScene(SquadBuilderScene):
    """`mode`: "setup" (a squad from scratch), "recruit" (the first `locked` units are the roster's: they keep their
    name and gear and stay), "gear" (every unit stays; only gear changes). `on_done(spec)` takes the squad: None when
    it is taken, else why not (the builder stays open)."""

    help_mode = HELP

    def __init__(self, app, spec: SquadSpec, budget: int, mode: str, on_done, done_label: str) -> None:
        super().__init__(app, spec, budget)
        self.mode = mode
        self.locked = len(spec.units) if mode != "setup" else 0
        self.on_done = on_done
        self.done_label = done_label

    def _locked(self, index) -> bool:
        return index is not None and index < self.locked

    def _gear_locked(self, index) -> bool:
        return self._locked(index) and self.mode != "gear"

    # == the builder's widgets, limited ==============================================================================
    def build_ui(self) -> None:
        super().build_ui()
        self.dd_budget.disable()
        self.b_back.set_text("Cancel")
        self.b_save.set_text(self.done_label)
        self.b_save.set_tooltip(NOTES[self.mode])
        if self.mode != "setup":
            for el in (self.dd_faction, self.b_default, self.b_open, self.b_import, self.e_name):
                el.disable()
        self.refresh()

    def refresh(self, keep_rename: bool = False) -> None:
        super().refresh(keep_rename)
        if self._locked(self.selected):
            self.e_rename.disable()
            self.b_remove.disable()

    def _refresh_types(self) -> None:
        super()._refresh_types()
        if self.mode == "gear":
            for b in self.type_buttons.values():
                b.disable()

    def _refresh_gear(self) -> None:
        super()._refresh_gear()
        if self._gear_locked(self.selected):
            for line in self.gear_lines:
                line.button.disable()

    def _refresh_check(self) -> None:
        super()._refresh_check()
        self.check_box.set_text(self.check_box.html_text + f"<br><i>{NOTES[self.mode]}</i>")

    # == what may change =============================================================================================
    def add(self, type_id: str) -> None:
        if self.mode != "gear":
            super().add(type_id)

    def toggle(self, gear_id: str) -> None:
        if not self._gear_locked(self.selected):
            super().toggle(gear_id)

    def remove_selected(self) -> None:
        if not self._locked(self.selected):
            super().remove_selected()

    def _button(self, el) -> None:
        if el is self.b_save:
            self.done()
            return
        super()._button(el)

    def done(self) -> None:
        why = self.on_done(self.spec)
        if why:
            self.app.message("Not taken", why)
            return
        self.clean_spec = self.spec
        self.app.pop()

    def back(self) -> None:
        if self.dirty:
            self.app.push(ConfirmDialog(self.app, "Leave the squad builder?", f"What you changed here is dropped: "
                                        f"press {self.done_label} to keep it.", "Leave", self.app.pop))
        else:
            self.app.pop()

    def before_quit(self) -> str | None:
        return f"What you changed in the squad builder is not taken yet ({self.done_label})." if self.dirty else None


def recruit(app, campaign, roster: int, spec: SquadSpec, side: int = 0) -> str | None:
    """Recruit the units the builder added after the roster's own, each a decision the campaign checks (a unit still
    named after its type gets a free name: "Strike Trooper 2"). None, or why one was not taken (those before it
    are)."""
    have = len(campaign.roster_units(roster, side=side))
    names: list[str] = []
    for u in spec.units[have:]:
        ut = campaign.catalog.unit_types[u.unit_type]
        name = u.name.strip() if u.name.strip() and u.name.strip() != ut.name else \
            campaign.free_name(u.unit_type, taken=names)
        names.append(name)
        d = D.Recruit(u.unit_type, name, tuple(u.gear), roster, side)
        why = campaign.reason(d)
        if why:
            return f"{name} cannot join: {why}"
        decide(app, campaign, d)
    if names:
        app.toast(f"{', '.join(names)} join{'s' if len(names) == 1 else ''} the squad", "ok")
    return None


def change_gear(app, campaign, roster: int, spec: SquadSpec, side: int = 0) -> str | None:
    """A ChangeGear decision for each unit whose gear the builder changed (each checked by the campaign)."""
    for u, new in zip(campaign.roster_units(roster, side=side), spec.units):
        if tuple(new.gear) != tuple(u.gear):
            d = D.ChangeGear(u.id, tuple(new.gear))
            why = campaign.reason(d)
            if why:
                return f"{u.name}: {why}"
            decide(app, campaign, d)
    return None
