"""The Homebase after an Operation, its steps in the printed order (R36): the memorial, healing (one Injury per unit;
the player picks when a unit has several), recruiting through the squad builder within the cap (the roster's units
locked; a unit may be dismissed from its card), gear changes through the builder, and the Spoils of War shop (8 MP
from the bank each, bound to a unit, what each one would change on the card shown before it is bought). Every pick
is a decision the campaign checks; Next moves on when the campaign allows it, and says why not otherwise."""
from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextBox

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.homebase import spoils_for
from game.campaign.model import GEAR, HEAL, HOMEBASE_STEPS, MEMORIAL, RECRUIT, SPOILS, STEP_NAMES

from ..builder import fit_text
from ..theme import rect
from .builder import CampaignBuilderScene, change_gear, recruit
from .common import CampaignScreen, hexc, show
from .hub import squad_line
from .memorial import memorial_html
from .roster import RosterPanel, change_words
from .squads import computer_moves, hand_over, people_at_screen, person, squad_lines, two_squads

INTRO = {
    MEMORIAL: "The Operation is over. Before anything else, the squad remembers those who did not come back.",
    HEAL: "Each unit has one Injury healed. When a unit has more than one, pick which: the others stay on its card.",
    RECRUIT: "New units join from the squad's own list, up to the GP cap (recruits cost no MP). To make room, open a "
             "unit's card and dismiss it. The squad must keep the squad rules to move on.",
    GEAR: "Change the units' gear within the same rules. Injuries and Spoils of War stay as they are.",
    SPOILS: "Spoils of War are bought from the MP bank and bound to one unit for the rest of the campaign (each "
            "Spoil once per unit; lost with the unit).",
}
SPOILS_BY_RESULT = ("Each squad gives the Spoils of War it won by the Operation's result (one per mission won) to its "
                    "units, bound to one unit for the rest of the campaign (each Spoil once per unit; lost with the "
                    "unit).")


def events_of_step(campaign, step: str) -> list:
    """The campaign's events since this Homebase's `step` began."""
    op = campaign.where.operation
    for i in range(len(campaign.events) - 1, -1, -1):
        e = campaign.events[i]
        if isinstance(e, V.HomebaseStep) and e.operation == op and e.step == step:
            return campaign.events[i + 1:]
    return []


class HomebaseScene(CampaignScreen):
    name = "campaign_homebase"
    top_level = True

    def __init__(self, app, campaign) -> None:
        super().__init__(app, campaign)
        self.roster = RosterPanel(self)
        self.layout: dict = {}
        self.spoil_unit: int | None = None
        self.picks: list = []  # the decisions the step's list offers, in its order
        self.items: list[str] = []
        self.list = None
        self.b_act = None
        self.dd_unit = None
        self.unit_ids: list[int] = []
        self.builder_buttons: list[tuple[UIButton, int]] = []
        seated = people_at_screen(campaign)
        self.side = seated[0] if seated else 0  # whose turn it is at this step (a campaign of two squads)
        self.b_pass = None

    @property
    def step(self) -> str:
        return self.c.where.step

    def enter(self) -> None:
        computer_moves(self.app, self.c)  # the computer's squad takes its part of the step
        super().enter()

    def units(self) -> list:
        """The units of the squad whose turn it is."""
        return self.c.roster_units(side=self.side)

    def other_person(self) -> int | None:
        """The other squad played at this screen (its turn comes behind the hand-over), or None."""
        return next((i for i in people_at_screen(self.c) if i != self.side), None)

    # == layout =====================================================================================================
    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        c = self.c
        whose = f"  ·  {c.sides[self.side].title}" if two_squads(c) else ""
        self.heading(root, f"Homebase after Operation {c.where.operation}: {STEP_NAMES[self.step]}{whose}",
                     self.mp_line())
        top, bottom = px(130), h - px(108)  # (a line under the step says why Next waits, when it does)
        lw = int(w * 0.44)
        x0 = px(20)
        self.layout = {"steps": pygame.Rect(x0, px(82), w - px(40), px(36))}
        rx = x0 + lw + px(20)
        rw = w - rx - px(20)
        lines = squad_lines(c, self.side) if two_squads(c) else (f"The squad  ·  {squad_line(c)}",)
        for i, line in enumerate(lines):
            UILabel(rect(rx, top + i * px(24), rw, px(26)), fit_text(self.app.text, line, 14, rw), m, container=root,
                    object_id="#dim")
        below = top + px(6) + len(lines) * px(24)
        self.layout["roster"] = pygame.Rect(rx, below, rw - px(8), h - px(78) - below)
        self.list = self.b_act = self.dd_unit = None
        self.builder_buttons = []
        getattr(self, f"_build_{self.step}")(root, pygame.Rect(x0, top, lw, bottom - top))
        why = c.reason(D.NextStep())
        i = HOMEBASE_STEPS.index(self.step)
        nxt = f"Next: {STEP_NAMES[HOMEBASE_STEPS[i + 1]]}" if i + 1 < len(HOMEBASE_STEPS) else \
            f"On to Operation {c.where.operation + 1}"
        actions = []
        other = self.other_person()
        if other is not None:
            who = person(c, other)
            actions.append((f"Pass to {who}" if len(who) <= 12 else "Pass the screen", f"{c.sides[other].title}'s "
                            f"part of this step ({who}), behind the hand-over", False, self.pass_on))
        actions.append((nxt, why or "Move on (no step comes back)", True, self.next_step))
        self.b_deal = None
        shared = ("title", "chronicle", "deal") if self._can_deal() else ("title", "chronicle")
        buttons = self.screen_buttons(root, shared, actions)
        self.b_pass = buttons[0] if other is not None else None
        self.b_next = buttons[-1]
        self.l_why = None
        if why:
            self.b_next.disable()
            self.l_why = UILabel(rect(x0, h - px(102), lw, px(24)),
                                 fit_text(self.app.text, why[:1].upper() + why[1:], 13, lw - px(10)), m,
                                 container=root, object_id="#dim")

    def _can_deal(self) -> bool:
        units = self.c.roster_units()
        return bool(units) and self.c.reason(D.DealUnit(units[0].id, 0)) is None

    def _text(self, root, r: pygame.Rect, html: str) -> UITextBox:
        """The step's words (`self.box`)."""
        self.box = UITextBox(html, rect(r.x, r.y, r.w, r.h), self.app.manager, container=root)
        return self.box

    def _done_html(self, step: str) -> str:
        lines = [e.text for e in events_of_step(self.c, step) if e.text and not isinstance(e, V.DieRolled)]
        return "".join(f"{escape(t)}<br>" for t in lines)

    def _build_memorial(self, root, r) -> None:
        dim = hexc(self.app.palette.text_dim)
        fallen = [self.c.units[e.unit] for e in events_of_step(self.c, MEMORIAL) if isinstance(e, V.Remembered)]
        story = self.c.script.homebase_words(self.c.where.operation)  # a written campaign's own words
        won = [e.text for e in self.c.events if isinstance(e, V.OperationWon) and e.operation == self.c.where.operation]
        html = "".join(f"<i>{escape(t)}</i><br><br>" for t in (story, *won) if t)
        html += f"{escape(INTRO[MEMORIAL])}<br><br>" + memorial_html(
            self.c, fallen, dim, f"Nobody fell in Operation {self.c.where.operation}.")
        self._text(root, r, html)

    def _build_heal(self, root, r) -> None:
        c, px = self.c, self.px
        self.picks, self.items = [], []
        for uid in sorted(c.heals_due):
            u = c.units[uid]
            if u.side != self.side:
                continue
            for rec in u.injuries:
                name = c.catalog.skills[rec.injury].name
                changes = [change_words(ch) for ch in c.card_changes(uid) if ch.cause == rec.injury and ch.what]
                self.items.append(f"{u.name}: {name}" + (f" ({'; '.join(changes)})" if changes else ""))
                self.picks.append(D.HealInjury(uid, rec.injury))
        done = self._done_html(HEAL)
        th = min(r.h // 3, px(200))
        self._text(root, pygame.Rect(r.x, r.y, r.w, th), f"{escape(INTRO[HEAL])}<br><br>" +
                   (done or "No Injury was healed on its own: every injured unit has a pick to make.<br>"))
        y = r.y + th + px(10)
        if not self.items:
            UILabel(rect(r.x, y, r.w, px(28)), "No pick left to make: move on.", self.app.manager, container=root,
                    object_id="#dim")
            return
        UILabel(rect(r.x, y, r.w, px(26)), "Pick the Injury to heal", self.app.manager, container=root,
                object_id="#dim")
        lh = r.bottom - y - px(26) - px(56)
        self.list = UISelectionList(rect(r.x, y + px(26), r.w, lh), [(t, "#save_item") for t in self.items],
                                    self.app.manager, container=root)
        self.b_act = self.on_click(UIButton(rect(r.x, r.bottom - px(46), px(220), px(42)), "Heal this Injury",
                                            self.app.manager, container=root, object_id="#accept"), self.act)
        self.b_act.disable()

    def _build_recruit(self, root, r) -> None:
        self._builder_step(root, r, RECRUIT, "Recruit in the squad builder")

    def _build_gear(self, root, r) -> None:
        self._builder_step(root, r, GEAR, "Change gear in the squad builder")

    def _builder_step(self, root, r, step: str, label: str) -> None:
        c, px = self.c, self.px
        rosters = c.sides[self.side].rosters
        bh = px(42)
        th = r.h - len(rosters) * (bh + px(8)) - px(4)
        done = self._done_html(step)
        self._text(root, pygame.Rect(r.x, r.y, r.w, th), f"{escape(INTRO[step])}<br><br>" +
                   (done or "Nothing changed yet.<br>"))
        y = r.y + th + px(8)
        for i, roster in enumerate(rosters):
            text = label if len(rosters) == 1 else f"{label}: {roster.name}"
            b = UIButton(rect(r.x, y, r.w, bh), fit_text(self.app.text, text, 14, r.w - px(20), True),
                         self.app.manager, container=root, object_id="#primary" if step == RECRUIT else None)
            self.builder_buttons.append((self.on_click(b, lambda i=i: self.open_builder(i)), i))
            y += bh + px(8)

    def _build_spoils(self, root, r) -> None:
        c, px, m = self.c, self.px, self.app.manager
        side = c.sides[self.side]
        units = self.units()
        self.unit_ids = [u.id for u in units]
        if self.spoil_unit not in self.unit_ids:
            self.spoil_unit = self.unit_ids[0] if self.unit_ids else None
        by_result = c.rules.spoils == "by_result"
        if by_result:
            head = (f"{escape(SPOILS_BY_RESULT)}<br><b>{escape(side.title)}: {side.spoils_due} left to give</b>.<br>" +
                    self._done_html(SPOILS))
        else:
            head = (f"{escape(INTRO[SPOILS])}<br><b>In the bank: {side.mp_bank} MP</b>; a Spoil costs "
                    f"{c.rules.spoil_cost} MP.<br>" + self._done_html(SPOILS))
        th = px(120)
        self._text(root, pygame.Rect(r.x, r.y, r.w, th), head)
        y = r.y + th + px(8)
        if self.spoil_unit is None:
            return
        names = [self._unit_label(u) for u in units]
        UILabel(rect(r.x, y, px(60), px(34)), "Unit", m, container=root, object_id="#dim")
        self.dd_unit = UIDropDownMenu(names, names[self.unit_ids.index(self.spoil_unit)],
                                      rect(r.x + px(60), y, r.w - px(60), px(34)), m, container=root)
        y += px(42)
        self.picks, self.items = [], []
        for s in spoils_for(c, self.spoil_unit):
            changes = c.spoil_changes(self.spoil_unit, s)
            what = "; ".join(change_words(ch) for ch in changes if ch.what)
            self.items.append(f"{c.catalog.skills[s].name}" + (f": {what}" if what else ""))
            self.picks.append(D.BuySpoil(self.spoil_unit, s))
        info_h = px(76)
        lh = r.bottom - y - info_h - px(56)
        self.list = UISelectionList(rect(r.x, y, r.w, lh), [(t, "#save_item") for t in self.items], m,
                                    container=root)
        self.spoil_box = UITextBox("Pick a Spoil of War to read its rule.", rect(r.x, y + lh + px(6), r.w, info_h),
                                   m, container=root)
        self.b_act = self.on_click(UIButton(rect(r.x, r.bottom - px(46), px(240), px(42)), "Give this Spoil" if
                                            by_result else f"Buy for {c.rules.spoil_cost} MP", m, container=root,
                                            object_id="#accept"), self.act)
        self.b_act.disable()

    def _unit_label(self, u) -> str:
        return f"{u.name} ({self.c.catalog.unit_types[u.unit_type].name})"

    # == actions ====================================================================================================
    def picked(self):
        """The decision the step's list has selected, or None."""
        if self.list is None:
            return None
        sel = self.list.get_single_selection()
        return self.picks[self.items.index(sel)] if sel in self.items else None

    def on_pick(self) -> None:
        d = self.picked()
        if d is None or self.b_act is None:
            return
        why = self.c.reason(d)
        self.b_act.enable() if why is None else self.b_act.disable()
        self.b_act.set_tooltip(why or None)
        if isinstance(d, D.BuySpoil):
            skill = self.c.catalog.skills[d.spoil]
            changes = self.c.spoil_changes(d.unit, d.spoil)
            lines = [escape(change_words(ch)) for ch in changes if ch.what]
            self.spoil_box.set_text(f"<b>{escape(skill.name)}</b>: {escape(skill.text)}" +
                                    (f"<br>On {escape(self.c.units[d.unit].name)}'s card: {'; '.join(lines)}"
                                     if lines else "") +
                                    (f"<br><font color='{hexc(self.app.palette.warn)}'>{escape(why)}</font>"
                                     if why else ""))

    def act(self) -> None:
        d = self.picked()
        if d is not None and self.decide(d):
            self.build_ui()

    def open_builder(self, roster: int) -> None:
        c = self.c
        side = self.side
        spec = c.roster_squad(roster, side)
        cap = c.sides[side].rosters[roster].cap
        if self.step == RECRUIT:
            scene = CampaignBuilderScene(self.app, spec, cap, "recruit",
                                         lambda s: recruit(self.app, c, roster, s, side), "Recruit")
        else:
            scene = CampaignBuilderScene(self.app, spec, cap, "gear",
                                         lambda s: change_gear(self.app, c, roster, s, side), "Keep this gear")
        self.app.push(scene)

    def pass_on(self) -> None:
        """The other squad's part of this step, behind the hand-over."""
        other = self.other_person()

        def seat() -> None:
            self.side = other
            self.spoil_unit = None
            self.build_ui()
        hand_over(self.app, self.c, other, seat, f"its part of the Homebase ({STEP_NAMES[self.step]})")

    def next_step(self) -> None:
        if self.decide(D.NextStep()):
            show(self.app, self.c)

    def confirm(self) -> None:
        if self.c.reason(D.NextStep()) is None:
            self.next_step()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.click(event.ui_element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.on_pick()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_unit:
            names = [self._unit_label(self.c.units[u]) for u in self.unit_ids]
            if event.text in names:
                self.spoil_unit = self.unit_ids[names.index(event.text)]
                self.build_ui()
        else:
            self.roster_event(event, consumed)

    def resume(self) -> None:
        super().resume()
        self.build_ui()  # recruits, gear, a dismissed unit, units dealt out

    def redraw_state(self):
        return "still", (len(self.c.decisions), self.roster.scroll, self.chip_tooltip is None)

    # == drawing ====================================================================================================
    def draw(self, screen) -> None:
        super().draw(screen)
        if not self.layout:
            return
        self.draw_steps(screen, self.layout["steps"])
        self.roster.draw(screen, self.layout["roster"], self.units(), self.c)

    def draw_steps(self, screen, r: pygame.Rect) -> None:
        """The five steps as a row of pills: done ones ticked, the current one lit, the later ones dim."""
        T, p, px = self.app.text, self.app.palette, self.px
        n = len(HOMEBASE_STEPS)
        gap = px(8)
        pw = (r.w - (n - 1) * gap) // n
        now = HOMEBASE_STEPS.index(self.step)
        for i, step in enumerate(HOMEBASE_STEPS):
            pill = pygame.Rect(r.x + i * (pw + gap), r.y, pw, r.h)
            current, done = i == now, i < now
            pygame.draw.rect(screen, (40, 50, 62) if current else p.panel, pill, border_radius=r.h // 2)
            pygame.draw.rect(screen, p.select if current else (p.good if done else p.panel_edge), pill,
                             2 if current else 1, border_radius=r.h // 2)
            label = fit_text(T, f"{i + 1}  {STEP_NAMES[step]}", 14, pw - px(40), True)
            colour = p.text if current else (p.good if done else p.text_faint)
            tick = px(18) if done else 0
            tw = T.size(label, 14, True)[0] + tick
            tr = T.blit(screen, label, (pill.centerx - tw // 2 + tick, pill.centery), 14, colour, True,
                        anchor="midleft")
            if done:  # a tick before the name
                x, y = tr.x - tick, tr.centery
                pygame.draw.lines(screen, p.good, False, [(x, y), (x + px(4), y + px(4)), (x + px(11), y - px(5))],
                                  max(2, px(2)))
