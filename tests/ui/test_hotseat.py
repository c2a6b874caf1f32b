"""Hot-seat on the battle screen: two people, each with a squad, at one screen. The screen serves whoever the
session names; when the person changes (the other side's activation, a defender's Tactical Order question during
the attacker's activation) a hand-over screen hides the table and asks the next person to take the seat; a secret
question is always behind a hand-over. With one person nothing of this shows."""
import pygame

from game.battlefield import open_table
from game.match import commands as C
from game.match.match import Match
from game.match.scenario import Scenario, SideSpec
from game.rules.dice import ScriptedDice
from game.ui.battle import BattleScene
from game.ui.battle.handover import HandoverScene
from tests.match.conftest import Skirmish, card

from .driver import open_battle

TO_A_NONE_B_THREE = [4, 4, 4, 1, 1, 1]  # Tactical Orders: A rolls no 1-3, B three
A_FIRST = [2, 5]  # Initiative: A 2, B 5 (lowest wins)


class SecretPlans(Skirmish):
    """A skirmish whose Turn 1 starts with a secret question to A, and a second one once it is answered."""

    def start_of_turn(self, match):
        if match.turn == 1:
            match.ask("A", "Your secret plan for this battle", (("left", "Flank left"), ("right", "Flank right")),
                      ("planned", 1), secret=True)

    def on_step(self, match, name, *args):
        if name == "planned":
            n, answer = args
            match.mission_state[f"plan{n}"] = answer
            if n == 1:
                match.ask("A", "Your secret reserve", (("yes", "Keep a reserve"), ("no", "All in")), ("planned", 2),
                          secret=True)
        else:
            super().on_step(match, name, *args)


def two_people(dice, mission=None, b_hit=9):
    """Ana (side A) and Ben (side B) at one screen, a unit each, Adjacent; scripted dice from Turn 1."""
    sides = (SideSpec("A", None, name="Ana"), SideSpec("B", None, name="Ben"))
    sc = Scenario(mission="test-skirmish", sides=sides)
    cards = {"A": [("Ana's Trooper", card(name="Ana's Trooper"))],
             "B": [("Ben's Trooper", card(name="Ben's Trooper", hit=b_hit))]}
    m = Match(sc, 0, mission or Skirmish(), open_table(), cards)
    m.submit(C.Deploy("A", m.undeployed("A")[0], 10, 10))
    m.submit(C.EndDeployment("A"))
    m.submit(C.Deploy("B", m.undeployed("B")[0], 11.2, 10))
    m.dice = ScriptedDice(list(dice))
    m.submit(C.EndDeployment("B"))
    return m


def open_scene(app, m):
    return open_battle(app, m, frames=2)


def take_seat(d, name: str):
    """The hand-over screen shows, naming `name`; the person clicks the button and the battle is back."""
    for _ in range(5):
        if isinstance(d.scene, HandoverScene):
            break
        d.wait_banners()
        d.step(1)
    ho = d.scene
    assert isinstance(ho, HandoverScene), f"a hand-over to {name} was expected"
    assert ho.who.name == name
    assert ho.opaque and not ho.partner, "between opponents the table is hidden"
    d.click(ho.b_go)
    assert isinstance(d.scene, BattleScene)
    d.wait_banners()
    return ho


def test_two_people_hand_over_between_activations_and_for_the_defenders_question(app):
    # A's attack: 3 dice vs SKL 4 (1, 2, 3 all Strike); B saves 3 dice vs ARM 3 (5, 5, 5 fail) with 3 TO: asked
    m = two_people(TO_A_NONE_B_THREE + A_FIRST + [1, 2, 3] + [5, 5, 5] + [6] * 40)
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "A"))
    d, sc = open_scene(app, m)
    ho = take_seat(d, "Ana")
    assert "your turn to activate" in ho_text(ho)
    assert sc.side == "A" and sc.seat.name == "Ana"
    a, b = m.units("A")[0], m.units("B")[0]
    p = m.position(a)
    d.click_board(p.x, p.y)
    assert sc.selected == a
    d.key(pygame.K_f)
    t = m.position(b)
    d.click_board(t.x, t.y)
    assert isinstance(m.log[-1], C.MeleeAttack)
    # the save dice are Ben's question, in the middle of Ana's activation: the seat goes to Ben first
    assert m.prompt is not None and m.prompt.side == "B" and m.prompt.kind == "dice"
    d.step(1)
    assert isinstance(d.scene, HandoverScene) and d.scene.who.name == "Ben"
    assert "Ana's Trooper is acting" in ho_text(d.scene)
    d.shot("hotseat-handover-defender")
    assert not sc.prompt_panel.active, "the question is not shown before the seat is taken"
    take_seat(d, "Ben")
    assert sc.side == "B" and sc.prompt_panel.active
    d.shot("hotseat-defender-question")
    d.key(pygame.K_RETURN)  # Ben keeps his saves
    assert m.prompt is None and m.active_unit == a
    # back to Ana for the rest of her activation
    take_seat(d, "Ana")
    assert sc.selected == a
    d.end_activation()
    assert m.waiting_for() == "B"
    take_seat(d, "Ben")
    assert sc.side == "B"
    d.key(pygame.K_TAB)
    assert sc.selected == b


def test_a_secret_question_is_always_behind_a_hand_over(app):
    m = two_people(TO_A_NONE_B_THREE + A_FIRST + [6] * 40, mission=SecretPlans())
    assert m.prompt is not None and m.prompt.kind == "choice" and m.prompt.data[1]
    d, sc = open_scene(app, m)
    ho = take_seat(d, "Ana")
    assert ho.secret and "secret" in ho_text(ho)
    d.shot("hotseat-handover-secret")
    panel = sc.prompt_panel
    assert panel.active and panel.header == "Your secret plan for this battle"
    d.shot("hotseat-secret-question")
    left = next(b for b, c in panel.commands.items() if c == C.Choose("A", "left"))
    assert left.text == "Flank left"
    d.click(left)
    assert m.mission_state["plan1"] == "left"
    # the second secret question is Ana's too: the table is hidden again first, though she sits at the screen
    d.step(1)
    ho = take_seat(d, "Ana")
    assert ho.secret
    d.click(next(b for b, c in sc.prompt_panel.commands.items() if c == C.Choose("A", "no")))
    assert m.mission_state["plan2"] == "no"


def test_one_person_never_sees_a_hand_over(app):
    sides = (SideSpec("A", None, name="Ana"), SideSpec("B", None, npc=True))
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, SecretPlans(), open_table(),
              {"A": [("T", card())], "B": [("N", card())]})
    m.submit(C.Deploy("A", m.undeployed("A")[0], 5, 5))
    m.submit(C.EndDeployment("A"))
    m.submit(C.Deploy("B", m.undeployed("B")[0], 20, 20))
    m.dice = ScriptedDice([6] * 60)
    m.submit(C.EndDeployment("B"))
    d, sc = open_scene(app, m)
    for _ in range(20):
        d.wait_banners()
        d.step(1)
        assert not isinstance(d.scene, HandoverScene)
    assert sc.seat is not None and sc.seat.name == "Ana" and sc.prompt_panel.active


def ho_text(ho) -> str:
    from game.ui.battle.handover import what_awaits
    return what_awaits(ho.battle.match, ho.who, ho.secret)
