"""Hot-seat, seat by seat: each person says how often they are asked about their saves (at the hand-over: always,
when a re-roll or Tactical Order could save HIT, never), so one unit's two attacks no longer cost four hand-overs;
the screen names the people (the hand-over, the top bar, the cards, the results), never "Player" or "Your
squad"; a secret pick shows the candidates' cards and each person may look at their secret again behind the
hand-over."""
import pygame
import pytest

from game.match import commands as C
from game.modes.session import Session
from game.ui.battle import BattleScene
from game.ui.battle.handover import ASK_WORDS, HandoverScene
from game.ui.results_scene import ResultsScene

from .driver import Driver
from .test_scale_and_widgets import _quick_click
from .test_hotseat import A_FIRST, TO_A_NONE_B_THREE, open_scene, take_seat

# Ana's two melee attacks: each 3 dice vs SKL 4 (2, 2, 3: 3 Strikes, no Critical); Ben saves 3 dice vs ARM 3
# (5, 5, 5: all fail) with 3 TO, so each save roll is a question the match asks him
TWO_ATTACKS = TO_A_NONE_B_THREE + A_FIRST + [2, 2, 3] + [5, 5, 5] + [2, 2, 3] + [5, 5, 5] + [6] * 40


def two_people(dice, b_hit=20, ana="Ana"):
    """Ana (or the person named `ana`) and Ben, Adjacent; Ana's Trooper has 3 ACT (a Fight, then a second one at its repeat cost)."""
    from game.battlefield import open_table
    from game.match.match import Match
    from game.match.scenario import Scenario, SideSpec
    from game.rules.dice import ScriptedDice
    from tests.match.conftest import Skirmish, card
    sides = (SideSpec("A", None, name=ana), SideSpec("B", None, name="Ben"))
    cards = {"A": [("Ana's Trooper", card(name="Ana's Trooper", act=3))],
             "B": [("Ben's Trooper", card(name="Ben's Trooper", hit=b_hit))]}
    m = Match(Scenario(mission="test-skirmish", sides=sides), 0, Skirmish(), open_table(), cards)
    m.submit(C.Deploy("A", m.undeployed("A")[0], 10, 10))
    m.submit(C.EndDeployment("A"))
    m.submit(C.Deploy("B", m.undeployed("B")[0], 11.2, 10))
    m.dice = ScriptedDice(list(dice))
    m.submit(C.EndDeployment("B"))
    if m.prompt is not None and m.prompt.kind == "first":
        m.submit(C.ChooseFirst(m.prompt.side, "A"))
    return m


def ana_attacks_twice(d, sc, count_handovers: bool = True) -> list[str]:
    """Ana fights Ben's Trooper twice in one activation; who was handed the screen meanwhile."""
    m = sc.match
    a, b = m.units("A")[0], m.units("B")[0]
    handed = []
    p = m.position(a)
    d.click_board(p.x, p.y)
    for _ in range(2):
        d.key(pygame.K_f)
        t = m.position(b)
        d.click_board(t.x, t.y)
        for _ in range(6):  # whoever the screen goes to, until it is Ana's again with nothing asked
            d.step(1)
            if isinstance(d.scene, HandoverScene):
                handed.append(d.scene.who.name)
                d.click(d.scene.b_go)
                d.wait_banners()
            if m.prompt is not None and m.prompt.side == "B" and sc.seat.name == "Ben":
                d.key(pygame.K_RETURN)  # Ben keeps his saves
        assert m.prompt is None and m.active_unit == a
    return handed


@pytest.mark.parametrize("ben,handed", [("always", ["Ben", "Ana", "Ben", "Ana"]), ("changes", ["Ben", "Ana", "Ben", "Ana"]),
                                        ("never", [])])
def test_how_often_ben_is_asked_about_his_saves_decides_the_hand_overs(app, ben, handed):
    app.settings.set_ask_saves("Ben", ben)
    m = two_people(TWO_ATTACKS, b_hit=20)
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    assert ana_attacks_twice(d, sc) == handed
    assert m.health(m.units("B")[0]).hit == 20 - 6, "each attack's 3 Damage went through: the saves stood"
    accepted = [c for c in m.log if isinstance(c, C.AcceptDice) and c.side == "B"]
    assert len(accepted) == 2, "Ben's saves stood by an ordinary answer in the log (the replay is the same)"


def test_when_only_damage_sent_back_could_change_ben_is_asked_only_if_he_wants_every_question(app):
    """Ben's unit falls whatever his saves show (1 HIT left, 3 Damage); a re-roll could still make a Critical Save
    that sends Damage back: the match asks (it changes something), "when it could save HIT" lets the saves stand."""
    for level, asked in (("always", True), ("changes", False)):
        m = two_people(TO_A_NONE_B_THREE + A_FIRST + [2, 2, 3] + [5, 5, 5] + [6] * 40, b_hit=1)
        a, b = m.units("A")[0], m.units("B")[0]
        m.submit(C.Activate("A", a))
        m.submit(C.MeleeAttack("A", "mel", b))
        assert m.prompt is not None and m.prompt.side == "B", "the match asks: a Critical Save would send Damage back"
        s = Session(m, ask_saves={"Ben": level})
        assert (s.standing_answer() is None) == asked
        m.close()


def test_the_hand_over_sets_how_often_each_person_is_asked_and_keeps_it(app):
    m = two_people(TWO_ATTACKS, b_hit=20)
    d, sc = open_scene(app, m)
    d.wait_banners()
    d.step(1)
    ho = d.scene
    assert isinstance(ho, HandoverScene) and ho.who.name == "Ana"
    assert ho.dd_ask.selected_option[0] == ASK_WORDS["changes"]
    d.click(ho.dd_ask)
    assert ho.dd_ask.current_state is ho.dd_ask.menu_states["expanded"]
    d.key(pygame.K_ESCAPE)  # Esc closes the open list, not the hand-over
    assert d.scene is ho and ho.dd_ask.current_state is ho.dd_ask.menu_states["closed"]
    _quick_click(d, ho.dd_ask.rect.center)
    never = next(it for it in ho.dd_ask.current_state.options_selection_list.item_list
                 if it["text"] == ASK_WORDS["never"])
    _quick_click(d, never["button_element"].rect.center)
    assert app.settings.ask_saves == {"Ana": "never"}
    from game.ui.settings import Settings
    assert Settings.load(app.saves_dir).ask_saves == {"Ana": "never"}, "kept in the settings file"
    d.shot("hotseat-handover-ask-saves")
    d.click(ho.b_go)
    assert isinstance(d.scene, BattleScene) and sc.seat.name == "Ana"


def test_the_screen_names_the_people(app):
    m = two_people(TWO_ATTACKS, b_hit=20)
    d, sc = open_scene(app, m)
    take_seat(d, "Ana")
    from game.ui.battle.texts import top_status
    assert top_status(sc)[0].startswith("Ana's turn")
    a, b = m.units("A")[0], m.units("B")[0]
    p = m.position(b)
    d.hover_board(p.x, p.y)
    assert "Your squad" not in _card_words(sc) and "Ben's squad" in _card_words(sc)
    p = m.position(a)
    d.click_board(p.x, p.y)
    d.move_mouse(sc.layout["hint"].center)
    assert "Ana's squad" in _card_words(sc)
    assert "Ana" in top_status(sc)[0]
    d.shot("hotseat-names-top-bar")


def _card_words(sc) -> str:
    from game.ui.cardview import _side_tag
    uid = sc.card_uid()
    return _side_tag(sc.match, sc.match.unit(uid), sc.card.own_side, sc.card.named)



def rivals_hot_seat(app):
    from game.headless import build_scenario
    from game.modes import create_match
    sc = build_scenario("pvp-rivals", options={"player_name": "Ana", "opponent_name": "Ben",
                                                "player_controller": "person", "opponent_controller": "person"},
                        controller="person")
    m = create_match(sc, 5, app.catalog, prepare=True)
    return open_scene(app, m)


def test_a_secret_pick_shows_the_candidates_cards_and_each_person_may_look_at_their_secret_again(app):
    d, sc = rivals_hot_seat(app)
    m = sc.match
    for _ in range(10):  # the roll-off's question first (not secret), then Ana's Rival, in secret
        d.wait_banners()
        d.step(1)
        ho = d.scene
        if isinstance(ho, HandoverScene):
            d.click(ho.b_go)
            if ho.secret:
                break
            d.key(pygame.K_RETURN) if sc.prompt_panel.default else d.click(next(iter(sc.prompt_panel.commands)))
    assert ho.secret and ho.who.name == "Ana" and ho.b_secret is None, "nothing picked yet: nothing to look at"
    panel = sc.prompt_panel
    assert panel.active and "Rival" in panel.header
    cands = list(panel.option_units.items())
    assert len(cands) >= 2 and all(m.unit(u).side == "player" and not m.unit(u).leader for _, u in cands)
    assert sc.card_uid() == cands[0][1], "the first candidate's card shows at once"
    button, second = cands[1]
    d.move_mouse(button.rect.center)
    d.step(1)
    assert sc.card_uid() == second, "pointing at an option shows its unit's card"
    d.shot("hotseat-secret-candidates")
    d.click(button)
    assert m.mission_state["rival"]["player"] == second
    # Ben picks his in secret too; then, at a later hand-over, each may look at their own Rival again
    take_seat(d, "Ben")
    d.click(next(iter(sc.prompt_panel.option_units)))
    for _ in range(40):
        d.step(1)
        if isinstance(d.scene, HandoverScene) and d.scene.who.name == "Ana":
            break
        if isinstance(d.scene, HandoverScene):
            d.click(d.scene.b_go)
            d.wait_banners()
        elif sc.my_decision() and m.phase == "deploy":
            sc.deploy.auto_deploy()
    ho = d.scene
    assert isinstance(ho, HandoverScene) and ho.who.name == "Ana" and ho.b_secret is not None
    d.click(ho.b_secret)
    shown = ho.secrets()
    assert shown and m.unit(second).name in shown[0] and "Rival" in shown[0]
    assert ho.showing_secret
    d.shot("hotseat-look-at-my-secret")
    d.key(pygame.K_ESCAPE)
    assert d.scene is ho and not ho.showing_secret, "Esc hides the secret, the hand-over stays"


def ana_wins(app, ana="Ana"):
    """Ana takes out Ben's only unit; the results screen that follows."""
    app.settings.set_ask_saves("Ben", "never")
    m = two_people(TWO_ATTACKS, b_hit=2, ana=ana)
    d, sc = open_scene(app, m)
    take_seat(d, ana)
    a, b = m.units("A")[0], m.units("B")[0]
    p = m.position(a)
    d.click_board(p.x, p.y)
    d.key(pygame.K_f)
    t = m.position(b)
    d.click_board(t.x, t.y)
    for _ in range(300):
        if isinstance(d.scene, ResultsScene):
            break
        d.wait_banners()
        d.step(1)
    return d, m, d.scene


def test_the_results_name_the_people_not_your_squad(app):
    d, m, res = ana_wins(app)
    assert isinstance(res, ResultsScene) and m.result.text == "last side standing"
    assert "Your squad" not in res.summary and "yours" not in res.summary
    assert res.summary.startswith("<b>Won by Ana</b> on Turn 1: last side standing.")
    assert "<b>Ana</b>: 1 of 1 standing" in res.summary and "<b>Ben</b>: 0 of 1 standing" in res.summary
    assert "Ana 0 TO, Ben 3 TO" in res.summary
    d.shot("hotseat-results-names")


def test_a_long_winners_name_is_shown_whole_on_the_results(make_app):
    from game.ui.drawn import widget_cuts
    name = "Anastasia of the Seventh Interdictor Cell"
    app = make_app()
    app.resize(960, 600)
    d, m, res = ana_wins(app, ana=name)
    assert isinstance(res, ResultsScene)
    texts, stack = [], [res.root]
    while stack:
        el = stack.pop()
        stack.extend(getattr(el, "elements", None) or [])
        texts.append(getattr(el, "text", None))
    full, texts = f"WON BY {name.upper()}", [t for t in texts if t]
    assert full in texts or any(f"{a} {b}" == full for a in texts for b in texts), f"the whole headline: {texts}"
    assert not widget_cuts(res.root), [c.text for c in widget_cuts(res.root)]
    d.shot("hotseat-results-long-name-960")
