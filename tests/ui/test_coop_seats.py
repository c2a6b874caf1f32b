"""Co-op at one screen: each person's units have their own colour (bases, card), the top bar says whose turn it is,
Tab selects only the seated person's Ready units, and partners hand the screen over the same way at deployment, in
battle and after a load (the table stays in view: partners hide nothing from each other)."""
from dataclasses import replace

import pygame

from game.headless import build_scenario
from game.modes import create_match
from game.persistence.save_loading import load_match
from game.persistence.save_writing import save_match
from game.ui.battle import BattleScene
from game.ui.battle.handover import HandoverScene
from game.ui.battle.texts import top_status

from .driver import Driver


def coop_match(app, seed=4):
    sc = build_scenario("pve", options={"players": 2, "battlefield": "ruined-city"}, controller="person")
    side = sc.side("player")
    sc = replace(sc, sides=tuple(replace(s, players=("Ana", "Ben")) if s.side == "player" else s for s in sc.sides))
    assert side.owners[:2] == (0, 1)
    return create_match(sc, seed, app.catalog, prepare=True)


def partner_handover(d) -> HandoverScene:
    for _ in range(8):
        if isinstance(d.scene, HandoverScene):
            break
        d.wait_banners()
        d.step(1)
    ho = d.scene
    assert isinstance(ho, HandoverScene)
    assert ho.partner and not ho.opaque, "partners: the table stays in view, under a veil"
    return ho


def test_each_persons_units_have_their_own_colour_and_the_top_bar_names_whose_turn(app):
    m = coop_match(app)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    ho = partner_handover(d)  # the very first hand-over (nobody seated yet) is a partners' one too
    assert ho.who.name == "Ana"
    d.click(ho.b_go)
    for _ in range(30):  # deployment: each partner places their own units, handed the screen in turn
        if m.phase != "deploy":
            break
        if isinstance(d.scene, HandoverScene):
            ho = partner_handover(d)
            d.click(ho.b_go)
            continue
        if sc.panel.b_start is not None and sc.panel.b_start.is_enabled:
            d.click(sc.panel.b_start)
        elif sc.panel.b_auto is not None and sc.panel.b_auto.is_enabled:
            d.click(sc.panel.b_auto)
        else:
            d.step(1)
    assert m.phase == "battle"
    styles = {m.unit(v.uid).owner: v.style for v in sc.units if v.side == "player" and not v.item}
    assert styles == {0: "player", 1: "player:1"}, "Ben's units are drawn in his own colour"
    pal = app.palette
    assert pal.side("player:1") != pal.side("player") and pal.side("player:1") not in (pal.npc, pal.item)
    for _ in range(60):  # the NPCs' questions and activations, hand-overs, until a partner's turn to activate
        d.wait_banners()
        d.step(1)
        if isinstance(d.scene, HandoverScene):
            d.click(partner_handover(d).b_go)
        elif sc.my_decision() and m.prompt is None and m.active_unit is None and m.phase == "battle":
            break
        elif sc.my_decision() and m.prompt is not None:
            sc.submit(m.legal_commands(m.prompt.side)[0])
    who = sc.seat
    text, colour = top_status(sc)
    assert text.startswith(f"{who.name}'s turn"), text
    assert colour == sc.person_colour(who) == pal.person(who.seat)
    d.shot("coop-whose-turn")
    # Tab goes through the seated person's Ready units only
    seen = set()
    for _ in range(8):
        d.key(pygame.K_TAB)
        seen.add(sc.selected)
    assert seen and all(m.unit(u).owner == who.seat for u in seen)
    partner = next(u for u in m.units("player") if m.unit(u).owner != who.seat)
    p = m.position(partner)
    d.click_board(p.x, p.y)
    assert sc.selected != partner and sc.card_uid() == partner, "a partner's unit: its card, not a selection"
    # the card says whose unit it is, in that person's colour
    from game.ui.cardview import _side_colour, _side_tag
    assert _side_tag(m, m.unit(partner), sc.card.own_side, sc.card.named).endswith("'s unit")
    assert _side_colour(m, partner, m.unit(partner), pal) == pal.person(m.unit(partner).owner)


def test_after_a_load_partners_are_handed_the_screen_as_in_play(app, saves_dir):
    m = coop_match(app)
    from game.modes.session import play  # noqa: F401  (the match as played so far: deployment by the computer)
    from game.ai.simple import SimpleSquadController
    from game.modes.session import Session
    s = Session(m, {"player": SimpleSquadController("player")})
    for _ in range(200):
        if m.phase == "battle" and m.person_to_act() is not None and m.prompt is None and m.active_unit is None:
            break
        s.step()
    path = save_match(m, "coop", saves_dir)
    m.close()
    loaded = load_match(path, app.catalog)
    sc = BattleScene(app, loaded)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    ho = partner_handover(d)
    assert ho.who.side == "player" and ho.who.name in ("Ana", "Ben")
    d.shot("coop-handover-after-load")
