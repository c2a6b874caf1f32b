"""The hand-over screen of a hot-seat battle: the next person is asked to take the seat ("Pass to Ana"), before
their activation, before a question their side answers during the other side's activation (a defender's Tactical
Orders), before a co-op partner's turn, and always before a secret choice. Between opponents the table is hidden;
between co-op partners (one side, nothing secret) it stays in view under a veil, since partners share everything."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..scene import Scene
from ..theme import rect


def what_awaits(match, who, secret: bool) -> str:
    """What the person handed the screen will decide, in words that give nothing secret away."""
    side = match.side_name(who.side)
    p = match.prompt
    if secret:
        return f"A secret choice for {side}: only {who.name} should look at the screen."
    if p is not None:
        a = match.active_unit
        if a is not None and match.side_of(a) != who.side:
            return f"{match.unit(a).name} is acting: {side} has a decision to make."
        return f"{side} has a decision to make."
    if match.phase == "deploy":
        return f"{side}: deploy your units."
    if match.active_unit is not None:
        return f"{match.unit(match.active_unit).name} goes on with its activation."
    return f"{side}: your turn to activate a unit."


class HandoverScene(Scene):
    name = "handover"

    def __init__(self, app, battle, who, secret: bool = False) -> None:
        super().__init__(app)
        self.battle = battle
        self.who = who
        self.secret = secret
        self.b_go = None
        seat = getattr(battle, "seat", None)
        # partners of one side hide nothing from each other: the table stays in view (drawn below, veiled)
        self.partner = not secret and seat is not None and seat.side == who.side
        self.opaque = not self.partner

    def build_ui(self) -> None:
        root = self.new_root()
        w, h = self.app.size
        px = self.px
        bw, bh = px(340), px(52)
        self.b_go = UIButton(rect((w - bw) // 2, h // 2 + px(150) - px(108), bw, bh), f"I am {self.who.name}: continue",
                             self.app.manager, container=root, object_id="#primary",
                             tool_tip_text="Take the seat and go on (Enter)")

    def go(self) -> None:
        self.app.pop()
        self.battle.take_seat(self.who, self.secret)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_go:
            self.go()

    def intent(self, name: str) -> bool:
        if name in ("confirm", "accept"):
            self.go()
        return True  # the battle below takes no keys while the seat is being handed over

    def draw(self, screen) -> None:
        app = self.app
        pal, T = app.palette, app.text
        w, h = app.size
        px = self.px
        if self.partner:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((*pal.bg[:3], 150))
            screen.blit(veil, (0, 0))
        else:
            screen.fill(pal.bg)
        m = self.battle.match
        from ..board import side_styles
        col = pal.player if side_styles(m).get(self.who.side) == "player" else pal.npc
        card = pygame.Rect(0, 0, min(w - px(80), px(640)), px(300))
        card.center = (w // 2, h // 2)
        pygame.draw.rect(screen, pal.panel, card, border_radius=px(14))
        pygame.draw.rect(screen, col, card, 3, border_radius=px(14))
        y = card.y + px(28)
        T.blit(screen, "CO-OP" if self.partner else "HOT-SEAT", (card.centerx, y), 13, pal.text_dim, True,
               anchor="midtop")
        y += px(30)
        T.blit(screen, f"Pass to {self.who.name}", (card.centerx, y), 34, col, True, anchor="midtop")
        y += px(62)
        for line in T.wrap(what_awaits(m, self.who, self.secret), 15, card.w - px(60)):
            T.blit(screen, line, (card.centerx, y), 15, pal.text, anchor="midtop")
            y += T.line_height(15)
        foot = "Your partner's turn: the table stays in view (Enter takes the seat)." if self.partner else \
            "The table stays hidden until the seat is taken (Enter)."
        T.blit(screen, foot, (card.centerx, card.bottom - px(18)), 11, pal.text_faint, anchor="midbottom")


class HotSeat:
    """The battle screen's side of hot-seat (mixed into BattleScene): it serves the person at the screen (`seat`)
    and hands the screen over when the match waits for someone else."""

    def hand_over_if_needed(self) -> bool:
        """When the match waits for another person than the one at the screen (or asks a secret question), show
        the hand-over screen first. True if it was shown."""
        m = self.match
        if m.phase == "over" or self.effects.banner is not None or len(self.session.people()) < 2:
            return False
        who = self.session.person_to_act()
        if who is None:
            return False
        p = m.prompt
        secret = p is not None and p.kind == "choice" and p.secret and \
            p is not self._secret_ok
        if who == self.seat and not secret:
            return False
        self.app.push(HandoverScene(self.app, self, who, secret))
        return True

    def take_seat(self, who, secret: bool = False) -> None:
        """`who` is at the screen now (after the hand-over)."""
        changed = who != self.seat
        self.seat = who
        self.card.own_side = self.side
        self._secret_ok = self.match.prompt if secret else None
        if changed:
            self.version += 1
            self.sel.select(None, None)
            self.sel.after_change()
            self.prompt_panel.clear()
            self.panel.build()
            self.panel.sync()
