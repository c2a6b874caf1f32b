"""The debrief after each mission, from the campaign's own events (`campaign.debrief()`): the result, the MP earned
and the bank, each Injury die rolled (drawn as a die) with its effect on the card, the fallen, and a short list of
what changed for the squad and what comes next."""
from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import BRIEFING, COMPLETE, HOMEBASE, LOST

from ..builder import fit_text
from ..theme import rect
from ..drawn import big_label
from .common import CampaignScreen, show, watch_mission
from .roster import change_words, risk_words


def injury_result(e: V.InjuryRolled) -> tuple[str, str]:
    """(what the Injury die gave, in a few words; palette role)."""
    return {V.IMMUNE: ("Never injured: no die", "text_dim"), V.RECOVERED: ("Recovered", "good"),
            V.DECEASED: (f"{e.injury_name} again: Deceased", "bad")}.get(e.result, (e.injury_name, "warn"))


def injury_change(campaign, e: V.InjuryRolled) -> str:
    """What the Injury changed on the unit's card ("HIT 3 -> 2", or its rule), "" when it changed nothing."""
    if e.result != V.INJURED:
        return {V.RECOVERED: "No Injury", V.DECEASED: "The unit leaves the roster; the Homebase remembers it",
                V.IMMUNE: ""}[e.result]  # (the result says it: never injured, no die)
    change = next((ch for ch in campaign.card_changes(e.unit) if ch.cause == e.injury), None)
    if change is None:
        return ""
    return change_words(change)


def how_out(e: V.InjuryRolled) -> str:
    turn = f"Turn {e.turn}" if e.turn else ""
    return ": ".join(x for x in (turn, e.by) if x) or "Taken Out"


def next_words(campaign) -> str:
    stage = campaign.stage
    if stage == BRIEFING:
        from .plan import mission_words
        pm = campaign.next_mission()
        return f"Next: mission {pm.label}, {mission_words(campaign, pm)[0]}."
    if stage == HOMEBASE:
        return (f"Operation {campaign.where.operation} is over: the Homebase comes next (memorial, healing, "
                "recruiting, gear, Spoils of War).")
    if stage == LOST:
        return "No unit is left to deploy: the campaign is lost."
    if stage == COMPLETE and len(campaign.sides) > 1:
        from .plan import side_title
        return f"The campaign is won by {side_title(campaign, campaign.winner)}." if campaign.winner else \
            "The campaign ends in a draw."
    if stage == COMPLETE:
        return "The campaign is complete."
    return ""


class DebriefScene(CampaignScreen):
    name = "campaign_debrief"

    def __init__(self, app, campaign) -> None:
        super().__init__(app, campaign)
        events = campaign.debrief()
        self.ended = next((e for e in events if isinstance(e, V.MissionEnded)), None)
        self.mps = [e for e in events if isinstance(e, V.MpEarned)]  # one per squad
        self.mp = self.mps[0] if self.mps else None
        self.rewards = [e for e in events if isinstance(e, V.RewardWon)]  # two squads: the Rewards
        self.rolls = [e for e in events if isinstance(e, V.InjuryRolled)]
        self.report = next((d for d in reversed(campaign.decisions) if isinstance(d, D.FinishMission)), None)
        self.dice_rect = pygame.Rect(0, 0, 0, 0)
        self.mp_rect = pygame.Rect(0, 0, 0, 0)

    def label(self) -> str:
        return self.ended.label if self.ended is not None else ""

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        self.heading(root, f"Debrief: mission {self.label()}", self.mp_line())
        lw = int(w * 0.46)
        x0 = px(20)
        e = self.ended
        won = e is not None and e.won
        big_label(root, m, rect(x0, px(70), lw, px(84)), self.result_words(),
                  ("#title", "#heading") if won or len(self.c.sides) > 1 else ("#title_bad", "#heading"))
        text = (e.text_[:1].upper() + e.text_[1:] + f" (Turn {e.turn})") if e else ""
        UITextBox(escape(text), rect(x0, px(146), lw, px(50)), m, container=root)
        self.mp_rect = pygame.Rect(x0, px(198), lw, px(64))
        top = self.mp_rect.bottom + px(12)
        UILabel(rect(x0, top, lw, px(26)), "What changed", m, container=root, object_id="#dim")
        self.box = UITextBox(self.changes_html(), rect(x0, top + px(28), lw, h - top - px(28) - px(80)), m,
                             container=root)
        rx = x0 + lw + px(24)
        UILabel(rect(rx, px(78), w - rx - px(20), px(30)), "Apply Injuries", m, container=root,
                object_id="#heading")
        self.dice_rect = pygame.Rect(rx, px(114), w - rx - px(20), h - px(114) - px(80))
        nxt = {BRIEFING: "Next mission", HOMEBASE: "To the Homebase"}.get(self.c.stage, "The end")
        self.b_watch, self.b_next = self.screen_buttons(root, ("chronicle",), [
            ("Watch the battle", "Watch the mission's battle again, step by step", False, self.watch),
            (nxt, next_words(self.c), True, self.go_on)])
        if self.ended is None:
            self.b_watch.disable()

    def result_words(self) -> str:
        """VICTORY or DEFEAT; a mission between two squads: who won it, or a draw."""
        e = self.ended
        if e is None:
            return ""
        if len(self.c.sides) > 1:
            from .plan import side_title
            pm = self.played()
            winner = pm.record.winner if pm is not None else None
            return f"WON BY {side_title(self.c, winner).upper()}" if winner else "DRAW"
        return "VICTORY" if e.won else "DEFEAT"

    def played(self):
        """The mission this debrief is about."""
        return next((pm for op in self.c.plan for pm in op.missions if self.ended is not None and
                     pm.label == self.ended.label), None)

    def changes_html(self) -> str:
        c = self.c
        out = []
        if len(self.mps) > 1:
            out += [f"<b>{escape(e.squad)}: +{e.amount} MP</b> ({e.earned} earned in the campaign)<br>"
                    for e in self.mps]
            out += [f"<b>{escape(e.squad)}</b> takes the Campaign Reward <b>{escape(e.reward)}</b> for the next "
                    f"mission: {escape(e.effect)}<br>" for e in self.rewards]
        elif self.mp is not None:
            out.append(f"<b>+{self.mp.amount} MP</b>: {self.mp.earned} earned in the campaign, {self.mp.bank} in the "
                       "bank<br>")
        for e in self.rolls:
            if e.result == V.INJURED:
                risk = risk_words(c, c.units[e.unit])
                out.append(f"<b>{escape(e.name)}</b>: {escape(e.injury_name)} ({escape(injury_change(c, e))}); "
                           f"{escape(risk[:1].lower() + risk[1:])}<br>")
            elif e.result == V.DECEASED:
                out.append(f"<b>{escape(e.name)}</b> is Deceased ({escape(e.injury_name)} a second time; "
                           f"{escape(how_out(e))}). The Homebase remembers it.<br>")
        if self.report is not None:
            for r in self.report.units:
                if r.took_out:
                    out.append(f"<b>{escape(c.units[r.unit].name)}</b> Took Out "
                               f"{escape(', '.join(r.took_out))}<br>")
        if not self.rolls:
            out.append("Nobody was Taken Out or left behind: no Injury die.<br>")
        out.append(f"<br>{escape(next_words(c))}")
        return "".join(out)

    def go_on(self) -> None:
        show(self.app, self.c)

    def back(self) -> None:
        self.go_on()

    def confirm(self) -> None:
        self.go_on()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.click(event.ui_element)

    def watch(self) -> None:
        pm = self.played()
        if pm is not None:
            watch_mission(self.app, self.c, pm.operation, pm.number)

    def draw(self, screen) -> None:
        super().draw(screen)
        if not self.dice_rect.w:
            return
        self.draw_mp(screen)
        self.draw_dice(screen)

    def draw_mp(self, screen) -> None:
        T, p, px = self.app.text, self.app.palette, self.px
        r = self.mp_rect
        pygame.draw.rect(screen, p.panel, r, border_radius=8)
        pygame.draw.rect(screen, p.panel_edge, r, 1, border_radius=8)
        if len(self.mps) > 1:  # two squads: a row each, its MP then its name and what it has earned
            row = r.h // len(self.mps)
            for i, e in enumerate(self.mps):
                cy = r.y + i * row + row // 2
                big = T.blit(screen, f"+{e.amount} MP", (r.x + px(16), cy), 18, p.select, True, anchor="midleft")
                words = f"{e.squad}  ·  {e.earned} earned in the campaign"
                T.blit(screen, fit_text(T, words, 14, r.right - big.right - px(28)), (big.right + px(12), cy), 14,
                       p.text, anchor="midleft")
            return
        if self.mp is None:
            return
        big = T.blit(screen, f"+{self.mp.amount} MP", (r.x + px(16), r.centery), 26, p.select, True,
                     anchor="midleft")
        T.blit(screen, f"Earned in the campaign: {self.mp.earned}", (big.right + px(24), r.y + px(12)), 14, p.text)
        T.blit(screen, f"In the bank: {self.mp.bank} (a Spoil of War costs {self.c.rules.spoil_cost})",
               (big.right + px(24), r.y + px(34)), 13, p.text_dim)

    def draw_dice(self, screen) -> None:
        T, p, px = self.app.text, self.app.palette, self.px
        r = self.dice_rect
        self.drawn.start("injuries")  # (what it cuts is recorded for the screen tests)
        fit = lambda t, size, width, bold=False: self.drawn.fit(T, "injuries", t, size, width, bold)  # noqa: E731
        if not self.rolls:
            T.blit(screen, "Nobody was Taken Out or left behind: no Injury die to roll.", (r.x, r.y + px(8)), 14,
                   p.text_dim)
            return
        two = px(11) + T.line_height(15, True) + T.line_height(12)  # a row: the name, then what changed
        row_h = max(two, min(two + T.line_height(12) + px(2), r.h // len(self.rolls)))  # a third line if room
        size = min(px(46), row_h - px(20))
        y = r.y
        for e in self.rolls:
            if y + row_h > r.bottom + px(4):
                T.blit(screen, f"... {len(self.rolls) - self.rolls.index(e)} more in the chronicle", (r.x, y), 12,
                       p.text_dim)
                break
            box = pygame.Rect(r.x, y, r.w, row_h - px(6))
            pygame.draw.rect(screen, p.panel, box, border_radius=8)
            if e.face is None:  # an immune unit rolls no die: an empty outline
                d = pygame.Rect(box.x + px(10), box.centery - size // 2, size, size)
                pygame.draw.rect(screen, p.panel_edge, d, 2, border_radius=max(2, size // 6))
                T.blit(screen, "-", d.center, 16, p.text_dim, True, anchor="center")
                right = d.right
            else:
                die = self.app.sprites.die(size, e.face, success=e.result != V.DECEASED, plain=e.result != V.DECEASED)
                dr = die.get_rect(midleft=(box.x + px(4), box.centery))
                screen.blit(die, dr)
                right = dr.right
                if e.result == V.DECEASED:
                    cross = self.app.sprites.cross(size // 2, p.bad)
                    screen.blit(cross, cross.get_rect(center=(dr.right - px(6), dr.top + px(8))))
            result, role = injury_result(e)
            x = right + px(12)
            nr = T.blit(screen, e.name, (x, box.y + px(5)), 15, p.text, True)
            res = T.blit(screen, fit(result, 14, box.right - nr.right - px(24), True),
                         (nr.right + px(12), box.y + px(6)), 14, getattr(p, role), True)
            what, how, room = injury_change(self.c, e), how_out(e), box.right - x - px(16)
            below = nr.bottom + T.line_height(12)  # how it was Taken Out: beside the result, what changed, or under it
            if T.size(how, 12)[0] <= box.right - res.right - px(28):
                T.blit(screen, how, (res.right + px(14), box.y + px(8)), 12, p.text_dim)
                T.blit(screen, fit(what, 12, room), (x, nr.bottom), 12, p.text)
            elif T.size(what, 12)[0] + px(14) + T.size(how, 12)[0] <= room or \
                    below + T.line_height(12) > box.bottom:
                change = T.blit(screen, fit(what, 12, room * 2 // 3), (x, nr.bottom), 12, p.text)
                hx = change.right + px(14) if what else x
                T.blit(screen, fit(how, 12, box.right - hx - px(16)), (hx, nr.bottom), 12, p.text_dim)
            else:
                T.blit(screen, fit(what, 12, room), (x, nr.bottom), 12, p.text)
                T.blit(screen, fit(how, 12, room), (x, below), 12, p.text_dim)
            y += row_h

    def redraw_state(self):
        return "still", None
