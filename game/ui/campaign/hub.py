"""The campaign screen: the plan (three Operations, their missions and where each stands), the selected mission's
briefing (an unplayed one may be re-rolled, a played one watched again), the roster as cards (Injuries and Spoils
drawn on them, each unit's risk of dying if it is Taken Out next mission), MP earned and in the bank; the next
mission starts (or the one in progress resumes) from here, on the ordinary briefing and battle screens."""
from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from game.campaign import decisions as D
from game.campaign.model import BRIEFING, IN_MISSION
from game.rules.squad import squad_gp

from ..builder import fit_text
from ..theme import rect
from .common import CampaignScreen, hexc, keep, resume_mission, watch_mission
from .plan import won_by
from .picks import SquadPicksScene, offers
from .squads import computer_moves, hand_over, needs_hand_over, people_at_screen, two_squads
from .squads import squad_lines


def briefing_html(campaign, pm, dim: str) -> str:
    """A planned mission in words: its enemy and Threat Level, objectives, battlefield, deployment (a written
    mission: its title and briefing first; two squads: the book's briefing, rules and Campaign Rewards; the Climax
    of a PvP campaign: who picks it, or the three it is rolled from); once played, its result."""
    b = campaign.script.briefing(pm)
    if "objectives" not in b:
        out = [pvp_html(campaign, pm, b)]
    else:
        out = [f"<b>Mission {escape(pm.label)}</b>  ·  Threat Level {b['threat_level']}  ·  against the "
               f"{escape(b['faction'])}<br><br>"]
        if b.get("briefing"):
            out.append(f"<b>{escape(b['heading'])}: {escape(b['title'])}</b><br>{escape(b['briefing'])}<br><br>")
        for name, victory in b["objectives"]:
            out.append(f"<b>Objective: {escape(name)}</b><br>{escape(victory)}<br>")
        name, effect = b["battlefield"]
        out.append(f"<br><b>Battlefield: {escape(name)}</b><br>{escape(effect)}<br>")
        out.append(f"<br><b>Deployment</b>: {escape(b['deployment'])}<br>")
    r = pm.record
    if r is not None:
        text = r.text[:1].upper() + r.text[1:]
        head = r.outcome.capitalize() if len(campaign.sides) == 1 else won_by(campaign, pm)
        mp = f" {r.mp} MP." if len(campaign.sides) == 1 else ""
        out.append(f"<br><b>{escape(head)}</b> on Turn {r.turn}: {escape(text)}.{mp}<br><font color='{dim}'>Played: "
                   "locked. Watch the battle again with Watch battle.</font>")
    elif campaign.where.label == pm.label and campaign.stage == IN_MISSION:
        out.append(f"<br><font color='{dim}'>Being played: Resume mission goes back to the battle.</font>")
    elif not campaign.over and campaign.script.reroll_reason(pm.operation, pm.number) is None:
        what = "its objectives, battlefield and deployment" if "objectives" in b else "another mission of the book"
        out.append(f"<br><font color='{dim}'>Not played yet: Re-roll rolls {what} with the campaign's dice (the roll "
                   "is in the chronicle).</font>")
    return "".join(out)


def pvp_html(campaign, pm, b: dict) -> str:
    """A PvP campaign's mission: the book's briefing, special rules, victory and Campaign Rewards; the Climax not yet
    picked: who picks it and the three."""
    if "climaxes" in b:
        who = b["chooser"]
        head = (f"{escape(campaign.sides[who].title)} won more Operations: it picks the Climax, deploys first and has "
                "+1 TO in Turn 1." if who is not None else
                "The Operations are even: the Climax is rolled when it comes, and nobody has the advantages.")
        return f"<b>The Climax</b><br>{head}<br><br>" + "".join(
            f"<b>{escape(title)}</b><br>{escape(text)}<br><br>" for _, title, text in b["climaxes"])
    out = [f"<b>Mission {escape(pm.label)}: {escape(b['title'])}</b><br>{escape(b['briefing'])}<br>"]
    if b.get("special"):
        out.append(f"<br><b>Special rules.</b> {escape(b['special'])}<br>")
    if b.get("victory"):
        out.append(f"<b>Victory.</b> {escape(b['victory'])}<br>")
    if b.get("rewards") and not pm.climax:
        out.append("<br><b>Campaign Rewards</b> (the winner picks one, the loser takes the other):<br>")
        out += [f"- {escape(name)}: {escape(effect)}<br>" for name, effect in b["rewards"]]
    if pm.climax:
        who = b.get("advantage")
        out.append("<br>" + (f"{escape(campaign.sides[who].title)} deploys first and has +1 TO in Turn 1." if who
                             is not None else "Rolled: nobody deploys first by right or has +1 TO.") +
                   " No Campaign Rewards or Injuries after it; its winner wins the campaign.<br>")
    return "".join(out)


def squad_line(campaign) -> str:
    """The roster in a line: units and GP of each roster against its cap."""
    side = campaign.sides[0]
    parts = []
    for i, r in enumerate(side.rosters):
        units = campaign.roster_units(i)
        gp = squad_gp(campaign.catalog, campaign.roster_squad(i))
        who = f"{r.name}: " if len(side.rosters) > 1 else ""
        parts.append(f"{who}{len(units)} unit{'s' if len(units) != 1 else ''}, {gp} of {r.cap} GP")
    fallen = len(campaign.fallen())
    return "  ·  ".join(parts) + (f"  ·  {fallen} fallen" if fallen else "")


class CampaignHubScene(CampaignScreen):
    name = "campaign_hub"
    top_level = True

    def __init__(self, app, campaign) -> None:
        super().__init__(app, campaign)
        self.make_panels()
        self.due_buttons: list = []
        nxt = campaign.next_mission()
        self.selected = (nxt.operation, nxt.number) if nxt is not None else (1, 1)
        self.layout: dict = {}
        self.dd_leader = None
        self.leaders: list[int] = []
        self.b_deal = None

    # == layout =====================================================================================================
    def enter(self) -> None:
        computer_moves(self.app, self.c)  # the computer's squad picks its own (a Campaign Reward, the Climax)
        super().enter()

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        c = self.c
        self.heading(root, f"Campaign: {c.setup.name}", self.mp_line(name=False))
        top, bottom = px(84), h - px(78)
        lw = max(px(330), int(w * 0.34))
        x0 = px(20)
        self.due_buttons = self._due_sides() if c.stage == BRIEFING else []
        self.dd_leader = self.b_deal = None
        self.leaders = [u.id for u in c.deployable(0) if c.card(u.id).is_leader]
        choose_leader = c.stage == BRIEFING and len(self.leaders) > 1 and not two_squads(c)
        controls_h = px(40) * max(1, len(self.due_buttons) + choose_leader + self._can_deal())
        plan_h = min(self.plan.height(c, True), bottom - top - controls_h - px(8))
        self.layout = {"plan": pygame.Rect(x0, top, lw, plan_h)}
        y = top + plan_h + px(8)
        if choose_leader:
            names = [self._leader_label(u) for u in self.leaders]
            UILabel(rect(x0, y, px(120), px(34)), "Squad Leader", m, container=root, object_id="#dim")
            lead = c.squad_leader()
            self.dd_leader = UIDropDownMenu(names, names[self.leaders.index(lead)] if lead in self.leaders else
                                            names[0], rect(x0 + px(120), y, lw - px(120), px(34)), m,
                                            container=root)
            y += px(40)
        if self._can_deal():
            self.b_deal = self.on_click(UIButton(rect(x0, y, lw, px(34)), "Who commands which unit", m,
                                                 container=root, tool_tip_text="Co-op: deal the shared roster's "
                                                 "units out between the people"), self.shared_action("deal"))
            y += px(40)
        for i, (side, what) in enumerate(self.due_buttons):
            b = UIButton(rect(x0, y, lw, px(34)), fit_text(self.app.text, what, 14, lw - px(20), True), m,
                         container=root, object_id="#accept",
                         tool_tip_text="Behind the hand-over: only this squad's player looks" if
                         needs_hand_over(c) else None)
            self.due_buttons[i] = (self.on_click(b, lambda side=side: self.open_picks(side)), side)
            y += px(40)
        rx = x0 + lw + px(20)
        rw = w - rx - px(20)
        bh = max(px(150), int((bottom - top) * 0.40))
        self.box = UITextBox(self._briefing(), rect(rx, top, rw, bh), m, container=root)
        if two_squads(c):
            self.layout["rosters"] = []
            half = (rw - px(12)) // 2
            for i in range(2):
                x = rx + i * (half + px(12))
                head, line = squad_lines(c, i)
                UILabel(rect(x, top + bh + px(4), half, px(24)), fit_text(self.app.text, head, 14, half - px(10),
                                                                          True), m, container=root)
                UILabel(rect(x, top + bh + px(26), half, px(22)), fit_text(self.app.text, line, 13, half - px(10)),
                        m, container=root, object_id="#dim")
                self.layout["rosters"].append(pygame.Rect(x, top + bh + px(52), half - px(8),
                                                          bottom - top - bh - px(52)))
        else:
            UILabel(rect(rx, top + bh + px(6), rw, px(26)), fit_text(self.app.text, f"The squad  ·  {squad_line(c)}",
                                                                     14, rw - px(12)), m, container=root,
                    object_id="#dim")
            self.layout["roster"] = pygame.Rect(rx, top + bh + px(36), rw - px(8), bottom - top - bh - px(36))
        in_mission = c.stage == IN_MISSION
        actions = []
        if in_mission and not c.setup.options.ironman:
            actions.append(("Restart mission", "Play the mission in progress again from its start (the chronicle "
                            "counts the reload)", False, self.restart))
        actions += [("Re-roll", "Roll the selected mission's parts again (an unplayed mission only)", False,
                     self.reroll),
                    ("Watch battle", "Watch the selected mission's battle again, step by step", False,
                     lambda: watch_mission(self.app, self.c, *self.selected)),
                    ("Resume mission" if in_mission else "Start mission",
                     "Back to the battle in progress" if in_mission else
                     "Play the next mission: its briefing, deployment and battle", True, self.start)]
        buttons = self.screen_buttons(root, ("title", "memorial", "chronicle"), actions)
        self.b_restart = buttons[0] if len(buttons) == 4 else None
        self.b_reroll, self.b_watch, self.b_start = buttons[-3:]
        self.sync()

    def _leader_label(self, uid: int) -> str:
        u = self.c.units[uid]
        return f"{u.name} ({self.c.catalog.unit_types[u.unit_type].name})"

    def _can_deal(self) -> bool:
        c = self.c
        units = c.roster_units()
        return bool(units) and c.reason(D.DealUnit(units[0].id, 0)) is None

    def _briefing(self) -> str:
        pm = self.c.planned(*self.selected)
        return briefing_html(self.c, pm, hexc(self.app.palette.text_dim)) if pm is not None else ""

    def sync(self) -> None:
        """The buttons that act on the selected mission, enabled when the campaign allows it."""
        c = self.c
        pm = c.planned(*self.selected)
        self.box.set_text(self._briefing())
        reroll = pm is not None and c.reason(D.RerollMission(pm.operation, pm.number)) is None
        self.b_reroll.enable() if reroll else self.b_reroll.disable()
        self.b_watch.enable() if pm is not None and pm.played else self.b_watch.disable()
        go = c.stage == IN_MISSION or c.reason(D.StartMission()) is None
        self.b_start.enable() if go else self.b_start.disable()

    # == actions ====================================================================================================
    def start(self) -> None:
        c = self.c
        if c.stage == IN_MISSION:
            resume_mission(self.app, c)
            return
        why = c.reason(D.StartMission())
        if why:
            self.app.toast(why, "error")
            return
        from .mission import CampaignBattleScene, CampaignBriefingScene
        match = c.start_mission(prepare=True)
        keep(self.app, c, match)
        if two_squads(c):  # two squads: straight to the battle screen, as a one-off game of two squads
            self.app.replace(CampaignBattleScene(self.app, c, match))
        else:
            self.app.push(CampaignBriefingScene(self.app, c, match))

    def _due_sides(self) -> list:
        """[(side, what)]: a squad played at this screen with a pick of its own to make now."""
        return [(i, f"{self.c.sides[i].title}: {head}") for i in people_at_screen(self.c)
                for head in [offers(self.c, i)[0]] if head]

    def open_picks(self, side: int) -> None:
        hand_over(self.app, self.c, side, lambda: self.app.push(SquadPicksScene(self.app, self.c, side)),
                  "its picks before the next mission")

    def restart(self) -> None:
        from ..builder_dialogs import ConfirmDialog

        def again() -> None:
            d = D.ReloadMission(0)
            if self.decide(d):
                resume_mission(self.app, self.c)
        n = self.c.reloads.get(self.c.where.operation, 0)
        self.app.push(ConfirmDialog(self.app, "Restart the mission?", f"Mission {self.c.current.label} starts again "
                                    f"from its first moment. The chronicle counts it: reload {n + 1} of Operation "
                                    f"{self.c.where.operation}.", "Restart", again))

    def reroll(self) -> None:
        if self.decide(D.RerollMission(*self.selected)):
            self.app.toast(f"Mission {self.selected[0]}.{self.selected[1]} re-rolled", "ok")
            self.sync()

    def confirm(self) -> None:
        self.start()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.click(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_leader:
            names = [self._leader_label(u) for u in self.leaders]
            if event.text in names:
                self.decide(D.ChooseSquadLeader(self.leaders[names.index(event.text)]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed and \
                self.plan.mission_at(event.pos) is not None:
            self.selected = self.plan.mission_at(event.pos)
            self.sync()
        else:
            self.roster_event(event, consumed)

    def resume(self) -> None:
        super().resume()
        computer_moves(self.app, self.c)
        self.build_ui()  # a unit dealt out, a Squad Leader agreed, a mission re-rolled, a pick made meanwhile

    def redraw_state(self):
        return "still", (len(self.c.decisions), self.selected, self.roster.scroll,
                         self.roster2.scroll if self.roster2 else 0, self.chip_tooltip is None)

    def draw(self, screen) -> None:
        super().draw(screen)
        if not self.layout:
            return
        self.plan.draw(screen, self.layout["plan"], self.c, self.selected)
        self.draw_rosters(screen)
