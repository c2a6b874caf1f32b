"""One roster unit, opened from its card (the campaign screen, the Homebase, the memorial, the end): its card as it
plays, each change its Injuries and Spoils of War made with the cause, its risk of dying if Taken Out, and its
service record: missions played, times Taken Out, enemies Taken Out, HIT dealt and lost, and every Injury die it
rolled with its mission, Turn and who caused it (healed ones too), from the campaign's own records and events."""
from __future__ import annotations

from html import escape

import pygame
from pygame_gui.elements import UIButton, UITextBox

from game.campaign import decisions as D
from game.campaign import events as V
from game.campaign.model import ACTIVE, DECEASED, RECRUIT
from game.content.injuries_spoils import INJURY
from game.rules.wording import count

from ..builder import _PreviewMatch
from ..cardview import CardView
from ..scene import Scene
from ..theme import rect
from .common import HELP, decide, draw_panel, hexc
from .roster import change_words, risk_words

RESULTS = {V.RECOVERED: "Recovered", V.IMMUNE: "never injured", V.INJURED: "", V.DECEASED: "again: Deceased"}


def injury_history(campaign, unit_id: int) -> list[str]:
    """Every Injury die the unit rolled and every Injury healed, in order, as lines."""
    out = []
    for e in campaign.events:
        if isinstance(e, V.InjuryRolled) and e.unit == unit_id:
            turn = f", Turn {e.turn}" if e.turn else ""
            die = "no die" if e.face is None else f"rolled {e.face}"
            what = e.injury_name if e.result == V.INJURED else \
                (f"{e.injury_name} {RESULTS[e.result]}" if e.result == V.DECEASED else RESULTS[e.result])
            out.append(f"Mission {e.label}{turn}" + (f", {e.by}" if e.by else "") + f": {die}, {what}")
        elif isinstance(e, V.InjuryHealed) and e.unit == unit_id:
            out.append(f"{e.injury_name} healed at the Homebase")
    return out


def service_html(campaign, u, dim: str, full: bool = True) -> str:
    """The unit's service record (and, `full`, its gear, Injuries and Spoils with what they change) as HTML; `dim`:
    the colour of the quieter words."""
    cat = campaign.catalog
    r = u.record
    status = {ACTIVE: "in the squad", DECEASED: "Deceased"}.get(u.status, "left the squad")
    joined = "from the start" if u.joined == "start" else f"recruited at {u.joined}"
    out = [f"<b>{escape(u.name)}</b>  ·  {escape(cat.unit_types[u.unit_type].name)}  ·  {status}  ·  "
           f"<font color='{dim}'>{joined}</font><br>"]
    if u.fell is not None:
        f = u.fell
        turn = f", Turn {f.turn}" if f.turn else ""
        out.append(f"<b>Fell</b> in mission {escape(f.mission)}{turn}" + (f", {escape(f.by)}" if f.by else "") +
                   f"; {escape(cat.skills[f.injury].name)} a second time.<br>")
    if full:
        gear = ", ".join(cat.gear(g).name for g in u.gear) or "none chosen"
        out.append(f"<b>Gear</b>: {escape(gear)}<br>")
        changes = campaign.card_changes(u.id)
        for kind, title in ((INJURY, "Injuries"), ("spoil", "Spoils of War")):
            lines = [ch for ch in changes if ch.kind == kind]
            if not lines:
                continue
            out.append(f"<b>{title}</b><br>")
            for ch in lines:
                rec = next((x for x in u.injuries if x.injury == ch.cause), None)
                where = ""
                if rec is not None:
                    where = f"  <font color='{dim}'>mission {escape(rec.mission)}" + \
                        (f", Turn {rec.turn}" if rec.turn else "") + (f", {escape(rec.by)}" if rec.by else "") + \
                        "</font>"
                out.append(f"  {escape(ch.name)}: {escape(change_words(ch))}{where}<br>")
        if u.active:
            out.append(f"<b>If Taken Out next mission</b>: {escape(risk_words(campaign, u))}<br>")
    played = f" ({', '.join(r.played)})" if r.played else ""
    out.append(f"<b>Service record</b>: {count(r.missions, 'mission')}{escape(played)}; Taken Out "
               f"{count(r.taken_out, 'time')}; {count(r.enemies_taken_out, 'enemy')} Taken Out; {r.hit_dealt} HIT "
               f"dealt, {r.hit_lost} HIT lost<br>")
    history = injury_history(campaign, u.id)
    if history:
        out.append("<b>Injury dice</b><br>" + "".join(f"  {escape(line)}<br>" for line in history))
    return "".join(out)


class UnitScene(Scene):
    """A unit of the roster over the screen it was opened from: its card, what changed it, its service record;
    at the Homebase's recruiting step it may be dismissed to make room."""

    name = "campaign_unit"
    opaque = False
    help_mode = HELP

    def __init__(self, app, campaign, unit_id: int, on_change=None) -> None:
        super().__init__(app)
        self.c = campaign
        self.uid = unit_id
        self.on_change = on_change
        self.view = CardView(app)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.b_dismiss = None

    def build_ui(self) -> None:
        root = self.new_root()
        m = self.app.manager
        w, h = self.app.size
        px = self.px
        pw, ph = min(w - px(60), px(980)), h - px(70)
        x0, y0 = (w - pw) // 2, px(35)
        self.panel = pygame.Rect(x0, y0, pw, ph)
        cw = min(px(390), pw // 2 - px(20))
        self.card_rect = pygame.Rect(x0 + px(16), y0 + px(16), cw, ph - px(90))
        u = self.c.units[self.uid]
        tx = self.card_rect.right + px(16)
        self.box = UITextBox(service_html(self.c, u, hexc(self.app.palette.text_dim)), rect(tx, y0 + px(16), x0 + pw - tx - px(16), ph - px(90)), m,
                             container=root)
        bw, bh = px(170), px(42)
        self.b_close = UIButton(rect(x0 + pw - bw - px(16), y0 + ph - bh - px(16), bw, bh), "Close", m,
                                container=root, object_id="#primary")
        self.b_dismiss = None
        if self.c.reason(D.Dismiss(self.uid)) is None and self.c.where.step == RECRUIT:
            self.b_dismiss = UIButton(rect(x0 + px(16), y0 + ph - bh - px(16), bw, bh), "Dismiss", m,
                                      container=root, object_id="#danger",
                                      tool_tip_text="The unit leaves the squad for good, to make room for recruits")

    def handle(self, event, consumed) -> None:
        import pygame_gui
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.b_close:
            self.app.pop()
        elif event.ui_element is self.b_dismiss:
            from ..builder_dialogs import ConfirmDialog
            u = self.c.units[self.uid]
            self.app.push(ConfirmDialog(self.app, f"Dismiss {u.name}?", f"{u.name} leaves the squad for good (its "
                                        "service record stays in the chronicle).", "Dismiss", self.dismiss))

    def dismiss(self) -> None:
        if not decide(self.app, self.c, D.Dismiss(self.uid)):
            return
        self.app.pop()  # (the dialog is gone already: this closes the unit)
        if self.on_change is not None:
            self.on_change()

    def intent(self, name: str) -> bool:
        if name in ("cancel", "confirm"):
            self.app.pop()
            return True
        return False

    def draw(self, screen) -> None:
        """The screen below dimmed, the panel, the card (the widgets and any hover text come over them)."""
        dim = pygame.Surface(self.app.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 170))
        screen.blit(dim, (0, 0))
        draw_panel(screen, self.app.palette, self.panel)
        r = self.card_rect
        note = "Squad Leader" if self.c.squad_leader(self.c.units[self.uid].side) == self.uid else ""
        pm = _PreviewMatch(self.c.catalog, self.c.card(self.uid))
        surf = self.view.render(pm, self.uid, r.w, len(self.c.decisions), note)
        if surf.get_height() > r.h:
            surf = surf.subsurface((0, 0, surf.get_width(), r.h))
        screen.blit(surf, r.topleft)

    def update(self, dt: float) -> None:
        mx, my = self.app.mouse
        r = self.card_rect
        chip = next(((tuple(c.move(r.topleft)), tip) for c, tip in self.view.chips
                     if c.move(r.topleft).collidepoint(mx, my)), None)
        self.hover_chip(chip, dt)
