"""A campaign of two squads on screen (the PvP campaign, R38): who plays each squad, the computer's own picks, the
hand-over between the two people at one screen, and each squad's line (MP, Operations won, missions won).

The computer's squad decides through game.campaign.policy (`computer_moves`), never through a screen. When two
people play, whatever one squad decides alone (its Campaign Reward and the unit it goes to, the Climax, its part of
each Homebase step) is behind the hand-over (`hand_over`): the screen is passed, the other person looks away, and
what a squad picked in secret (an enemy unit for Personal Vendetta) is never shown on the shared screens (R32)."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..scene import Scene
from ..theme import rect
from .common import HELP, keep


def two_squads(campaign) -> bool:
    return len(campaign.sides) > 1


def person(campaign, side: int) -> str:
    """Who plays a squad, by name (the computer: "the computer")."""
    s = campaign.sides[side]
    return "the computer" if s.computer else ", ".join(s.people)


def people_at_screen(campaign) -> list[int]:
    """The squads a person plays at this screen."""
    return [i for i, s in enumerate(campaign.sides) if not s.computer]


def needs_hand_over(campaign) -> bool:
    """Two people at one screen: what one squad decides alone is behind the hand-over."""
    return len(people_at_screen(campaign)) > 1


def squad_lines(campaign, side: int) -> tuple[str, str]:
    """A squad in two lines: its title and who plays it; MP earned, Operations won, missions won."""
    s = campaign.sides[side]
    sc = campaign.score(side)
    return (f"{s.title}  ·  {person(campaign, side)}",
            f"{s.mp_earned} MP  ·  Operations won {s.operations_won}  ·  missions won {sc.won}")


def computer_moves(app, campaign) -> list:
    """The computer's squads take every pick that is theirs now (game.campaign.policy: a Campaign Reward, its unit,
    the Climax, healing between missions, their part of a Homebase step); the campaign's file is written when one
    was taken. Returns the decisions taken."""
    from game.campaign import policy
    done: list = []
    if campaign.over or campaign.current is not None:
        return done
    for i, s in enumerate(campaign.sides):
        if s.computer:
            done += policy.picks(campaign, i)
    if done:
        keep(app, campaign)
    return done


def hand_over(app, campaign, side: int, then, what: str) -> None:
    """Run `then()` for squad `side`: at once when one person plays, else behind the hand-over screen."""
    if needs_hand_over(campaign):
        app.push(HandOverScene(app, campaign, side, then, what))
    else:
        then()


class HandOverScene(Scene):
    """The screen passed to the person of one squad before it decides alone: nothing of the campaign shows until
    that person says they have the seat (Enter, or the button)."""

    name = "campaign_hand_over"
    help_mode = HELP

    def __init__(self, app, campaign, side: int, then, what: str) -> None:
        super().__init__(app)
        self.c = campaign
        self.side = side
        self.then = then
        self.what = what
        self.card = pygame.Rect(0, 0, 0, 0)
        self.b_go = None

    @property
    def who(self) -> str:
        return person(self.c, self.side)

    def build_ui(self) -> None:
        root = self.new_root()
        w, h = self.app.size
        px = self.px
        self.card = pygame.Rect(0, 0, min(w - px(80), px(620)), px(300))
        self.card.center = (w // 2, h // 2)
        bw, bh = min(px(360), self.card.w - px(40)), px(52)
        self.b_go = UIButton(rect(self.card.centerx - bw // 2, self.card.bottom - px(84), bw, bh),
                             f"I am {self.who}: continue", self.app.manager, container=root, object_id="#primary",
                             tool_tip_text="Take the seat and go on (Enter)")

    def go(self) -> None:
        self.app.pop()
        self.then()

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_go:
            self.go()

    def intent(self, name: str) -> bool:
        if name in ("confirm", "accept"):
            self.go()
        elif name == "cancel":
            self.app.pop()
        return True

    def draw(self, screen) -> None:
        from ..builder import fit_text
        pal, T, px = self.app.palette, self.app.text, self.px
        screen.fill(pal.bg)
        card = self.card
        col = pal.player if self.side == 0 else pal.npc
        pygame.draw.rect(screen, pal.panel, card, border_radius=px(14))
        pygame.draw.rect(screen, col, card, 3, border_radius=px(14))
        y = card.y + px(24)
        T.blit(screen, "HOT-SEAT", (card.centerx, y), 13, pal.text_dim, True, anchor="midtop")
        y += px(28)
        T.blit(screen, fit_text(T, f"Pass to {self.who}", 34, card.w - px(40), True), (card.centerx, y), 34, col,
               True, anchor="midtop")
        y += px(52)
        for line in (f"{self.c.sides[self.side].title}: {self.what}",
                     "Only this squad's player should look at the screen now."):
            T.blit(screen, fit_text(T, line, 15, card.w - px(40)), (card.centerx, y), 15, pal.text, anchor="midtop")
            y += px(26)

    def redraw_state(self):
        return "still", None
