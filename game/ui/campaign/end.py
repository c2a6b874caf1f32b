"""The end of a campaign: complete after the last mission, or lost when no unit was left to deploy (R37). The
score (MP earned, missions won, survivors, fallen), the nine missions with their results (any played one watched
again), the survivors as cards and the fallen."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox

from game.campaign.model import COMPLETE
from game.rules.wording import count

from ..builder import fit_text
from ..theme import rect
from ..drawn import big_label
from .common import CampaignScreen, hexc, watch_mission
from .memorial import memorial_html
from .squads import squad_lines, two_squads


class EndScene(CampaignScreen):
    name = "campaign_end"
    top_level = True

    def __init__(self, app, campaign) -> None:
        super().__init__(app, campaign)
        self.make_panels()
        played = [pm for op in campaign.plan for pm in op.missions if pm.played]
        self.selected = (played[-1].operation, played[-1].number) if played else None
        self.layout: dict = {}

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        c = self.c
        done = c.stage == COMPLETE
        lw = max(px(340), int(w * 0.36))
        x0 = px(20)
        title, line = self.result_lines()
        big_label(root, m, rect(x0, px(6), w - px(40), px(84)), title,
                  ("#title", "#heading") if done else ("#title_bad", "#heading"))
        UILabel(rect(x0, px(84), w - px(40), px(28)), fit_text(self.app.text, line, 17, w - px(60)), m, container=root,
                object_id="#subtitle")
        top, bottom = px(122), h - px(78)
        self.layout = {"plan": pygame.Rect(x0, top, lw, min(self.plan.height(c, True), bottom - top))}
        rx = x0 + lw + px(20)
        rw = w - rx - px(20)
        survivors = c.roster_units()
        fallen_h = max(px(110), int((bottom - top) * 0.32)) if survivors else bottom - top - px(32)
        cards_h = max(0, bottom - top - fallen_h - px(40))
        if two_squads(c):  # each squad's survivors under its line
            half = (rw - px(12)) // 2
            self.layout["rosters"] = []
            for i in range(2):
                x = rx + i * (half + px(12))
                head = squad_lines(c, i)[0]
                UILabel(rect(x, top, half, px(26)), fit_text(self.app.text, head, 14, half - px(10), True), m,
                        container=root, object_id="#dim")
                self.layout["rosters"].append(pygame.Rect(x, top + px(28), half - px(8), cards_h))
        else:
            UILabel(rect(rx, top, rw, px(26)), f"The survivors ({len(survivors)})" if survivors else "No survivor",
                    m, container=root, object_id="#dim")
            self.layout["roster"] = pygame.Rect(rx, top + px(28), rw - px(8), cards_h)
        dim = hexc(self.app.palette.text_dim)
        fallen = memorial_html(c, c.fallen(), dim, "Nobody fell: every unit came home.")
        self.fallen_box = UITextBox("<b>The fallen</b><br>" + fallen, rect(rx, bottom - fallen_h, rw, fallen_h), m,
                                    container=root)
        self.b_watch, = self.screen_buttons(root, ("title", "memorial", "chronicle"), [
            ("Watch battle", "Watch the selected mission's battle again", False,
             lambda: self.selected is not None and watch_mission(self.app, self.c, *self.selected))])
        if self.selected is None:
            self.b_watch.disable()

    def result_lines(self) -> tuple[str, str]:
        """The end in a title and a line: complete or lost with the score; two squads: the campaign's winner (or a
        draw), with the Operations and missions each won."""
        c = self.c
        if two_squads(c):
            from .plan import side_title
            title = f"CAMPAIGN WON BY {side_title(c, c.winner).upper()}" if c.winner else "THE CAMPAIGN IS DRAWN"
            ops = "  ·  ".join(f"{x.title}: {count(x.operations_won, 'Operation')}, {count(c.score(i).won, 'mission')}"
                               f" won, {x.mp_earned} MP" for i, x in enumerate(c.sides))
            return title, f"{c.setup.name}:  {ops}"
        s = c.score()
        done = c.stage == COMPLETE
        where = "" if done else f" (lost after mission {c.where.label})"
        return ("CAMPAIGN COMPLETE" if done else "CAMPAIGN LOST",
                f"{c.setup.name}{where}:  {s.mp} MP earned  ·  {s.won} of {s.missions} missions won  ·  "
                f"{count(s.survivors, 'survivor')}  ·  {s.fallen} fallen")

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.click(event.ui_element)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed and \
                self.plan.mission_at(event.pos) is not None:
            pm = self.c.planned(*self.plan.mission_at(event.pos))
            if pm.played:
                self.selected = (pm.operation, pm.number)
        else:
            self.roster_event(event, consumed)

    def redraw_state(self):
        return "still", (self.selected, [p.scroll for p in self.panels], self.chip_tooltip is None)

    def draw(self, screen) -> None:
        super().draw(screen)
        if not self.layout:
            return
        self.plan.draw(screen, self.layout["plan"], self.c, self.selected)
        self.draw_rosters(screen)
