"""The hand-over screen of a battle with several people at one screen: the next person is asked to take the seat
("Pass to Ana"), before their activation, their deployment, a question their side answers during the other side's
activation (a defender's Tactical Orders), a co-op partner's turn, and always before a secret choice. Between
opponents the table is hidden; between co-op partners (one side, nothing secret between them) it stays in view
under a veil, at deployment, in battle and after a load alike.

Each person sets here how often they are asked about their saves (game.modes.session.ASK_SAVES, kept in the
settings by name), and may look at their side's secret again (the mission's `secrets`), behind the hand-over."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.modes.session import ASK_SAVES

from ..scene import Scene
from ..theme import close_open_dropdown, rect

ASK_WORDS = {"always": "Always", "changes": "When a re-roll or TO could save HIT", "never": "Never: my saves stand"}
ASK_TIP = ("How often the game stops for your Armor Saves: every time you may re-roll or change them, only when an "
           "answer could change the HIT your units lose, or never (they stand as rolled; the dice still show).")


def what_awaits(match, who, secret: bool) -> str:
    """What the person handed the screen will decide, in words that name them and give nothing secret away."""
    p = match.prompt
    if secret:
        return f"A secret choice for {who.name}: only {who.name} should look at the screen."
    if p is not None:
        a = match.active_unit
        if a is not None and match.side_of(a) != who.side:
            return f"{match.unit(a).name} is acting: {who.name} has a decision to make."
        return f"{who.name} has a decision to make."
    if match.phase == "deploy":
        return f"{who.name}: deploy your units."
    if match.active_unit is not None:
        return f"{match.unit(match.active_unit).name} goes on with its activation."
    return f"{who.name}: your turn to activate a unit."


def partners_only(people, who, seat) -> bool:
    """Nothing needs hiding between the person at the screen and `who`: partners of one side (or, before anyone
    has sat down, every person at the screen is on `who`'s side)."""
    if seat is not None:
        return seat.side == who.side
    return all(p.side == who.side for p in people)


class HandoverScene(Scene):
    name = "handover"

    def __init__(self, app, battle, who, secret: bool = False) -> None:
        super().__init__(app)
        self.battle = battle
        self.who = who
        self.secret = secret
        self.b_go = self.b_secret = self.dd_ask = None
        self.showing_secret = False
        # partners of one side hide nothing from each other: the table stays in view (drawn below, veiled)
        self.partner = not secret and partners_only(battle.session.people(), who, getattr(battle, "seat", None))
        self.opaque = not self.partner
        self.card = pygame.Rect(0, 0, 0, 0)

    def secrets(self) -> tuple[str, ...]:
        m = self.battle.match
        try:
            return tuple(m.mission.secrets(m, self.who.side))
        except Exception:  # a mission that cannot say: nothing to look at
            return ()

    def build_ui(self) -> None:
        root = self.new_root()
        w, h = self.app.size
        px = self.px
        mgr = self.app.manager
        self.card = pygame.Rect(0, 0, min(w - px(80), px(640)), px(380))
        self.card.center = (w // 2, h // 2)
        bw, bh = min(px(340), self.card.w - px(40)), px(52)
        y = self.card.y + px(196)
        self.b_go = UIButton(rect(self.card.centerx - bw // 2, y, bw, bh), f"I am {self.who.name}: continue", mgr,
                             container=root, object_id="#primary", tool_tip_text="Take the seat and go on (Enter)")
        y += bh + px(18)
        x = self.card.x + px(28)
        lw = px(200)
        UILabel(rect(x, y, lw, px(32)), "Ask me about my saves:", mgr, container=root)
        level = self.app.settings.ask_saves.get(self.who.name, self.app.settings.ask_saves_default)
        level = level if level in ASK_SAVES else ASK_SAVES[1]
        self.dd_ask = UIDropDownMenu([ASK_WORDS[k] for k in ASK_SAVES], ASK_WORDS[level],
                                     rect(x + lw, y, self.card.right - px(28) - x - lw, px(32)), mgr, container=root,
                                     expansion_height_limit=px(120))
        self.dd_ask.set_tooltip(ASK_TIP) if hasattr(self.dd_ask, "set_tooltip") else None
        y += px(42)
        if self.secrets():
            label = "Hide my secret" if self.showing_secret else f"Look at {self.who.name}'s secret"
            self.b_secret = UIButton(rect(x, y, self.card.right - px(28) - x, px(32)), label, mgr, container=root,
                                     tool_tip_text="What your side chose in secret (only you should look)")

    def go(self) -> None:
        self.app.pop()
        self.battle.take_seat(self.who, self.secret)

    def set_ask(self, words: str) -> None:
        level = next((k for k, v in ASK_WORDS.items() if v == words), None)
        if level is None:
            return
        st = self.app.settings
        st.set_ask_saves(self.who.name, level)
        st.save(self.app.saves_dir)

    def handle(self, event, consumed) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_go:
            self.go()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_secret:
            self.showing_secret = not self.showing_secret
            self.build_ui()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dd_ask:
            self.set_ask(event.text)

    def intent(self, name: str) -> bool:
        if name in ("confirm", "accept"):
            self.go()
        elif name == "cancel" and self.showing_secret:  # Esc hides the secret again (an open list closes first)
            self.showing_secret = False
            self.build_ui()
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
        col = self.battle.person_colour(self.who)
        card = self.card
        self.drawn.start("hand-over")
        pygame.draw.rect(screen, pal.panel, card, border_radius=px(14))
        pygame.draw.rect(screen, col, card, 3, border_radius=px(14))
        y = card.y + px(24)
        T.blit(screen, "CO-OP" if self.partner else "HOT-SEAT", (card.centerx, y), 13, pal.text_dim, True,
               anchor="midtop")
        y += px(28)
        title = self.drawn.fit(T, "hand-over", f"Pass to {self.who.name}", 34, card.w - px(40), True)
        T.blit(screen, title, (card.centerx, y), 34, col, True, anchor="midtop")
        y += px(60)
        lines = self.secrets() if self.showing_secret else (what_awaits(m, self.who, self.secret),)
        for text in lines:
            for line in self.drawn.wrap(T, "hand-over", text, 15, card.w - px(60), 2):
                T.blit(screen, line, (card.centerx, y), 15, pal.select if self.showing_secret else pal.text,
                       self.showing_secret, anchor="midtop")
                y += T.line_height(15)
        foot = "Your partner's turn: the table stays in view (Enter takes the seat)." if self.partner else \
            "The table stays hidden until the seat is taken (Enter)."
        T.blit(screen, self.drawn.fit(T, "hand-over", foot, 11, card.w - px(40)), (card.centerx, card.bottom - px(14)),
               11, pal.text_faint, anchor="midbottom")


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

    def answer_by_preference(self) -> bool:
        """A person's question their "ask me about my saves" answers (the saves stand): answered for them, with no
        hand-over. True if it was."""
        s = self.app.settings
        self.session.ask_saves, self.session.ask_saves_default = s.ask_saves, s.ask_saves_default
        if self.effects.banner is not None or self.match.prompt is None:
            return False
        key = (self.version, id(self.match.prompt))
        if key == self._preference_checked:
            return False
        self._preference_checked = key
        cmd = self.session.standing_answer()
        if cmd is None:
            return False
        return self.submit(cmd, quiet=True)

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
            self.framing.own_units_in_view()

    def close_open_list(self) -> bool:
        return close_open_dropdown(self.root)
