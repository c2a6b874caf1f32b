"""The battle log as a player reads it: an NPC's reason comes under its own header (never after the next unit's),
and every activation header is in the colour of that side's bases, whoever sits at the screen."""
from game.match import events as E
from game.modes import create_match, first_mission_scenario
from game.ui.battle import BattleScene
from game.ui.board import side_styles

from .driver import Driver


def test_an_npcs_reason_is_printed_under_its_own_header(app):
    from game.ai.simple import SimpleSquadController
    m = create_match(first_mission_scenario(), 5, app.catalog, prepare=True)
    sc = BattleScene(app, m)
    app.replace(sc)
    d = Driver(app)
    d.step(2)
    d.click(sc.b_auto)
    d.click(sc.b_start)
    sc.play_by_computer("player", SimpleSquadController("player"))
    for _ in range(1500):
        d.wait_banners()
        d.step(1)
        if m.turn >= 3 or m.phase == "over":
            break
    entries = sc.log.entries
    headers = {e.name for e in m.events if isinstance(e, E.ActivationStarted)}
    whys, last_header = 0, None
    for entry in entries:
        text = entry.plain
        head = next((n for n in headers if text.startswith(f"{n} activates")), None)
        if head is not None:
            last_header = head
        elif entry.style == "npc" and ": " in text:
            who = text.split(": ", 1)[0]
            if who in headers:
                whys += 1
                assert who == last_header, f"{text!r} printed under {last_header}'s header"
    assert whys >= 5, "NPCs explained their decisions"


def test_activation_headers_take_the_colour_of_their_sides_bases(make_app):
    from game.ui.battle.handover import HandoverScene
    from tests.modes.pvp.test_pvp_screen import _hot_seat, hand_over  # a hot-seat game, both people seated in turn
    app = make_app(npc_speed="instant")
    d = Driver(app)
    battle = _hot_seat(d, 0, 3)
    m = battle.match
    from game.match import commands as C
    for _ in range(400):  # play the deployment and some activations through the match, seats changing
        if m.turn >= 2 or m.phase == "over":
            break
        if isinstance(d.scene, HandoverScene):
            hand_over(d, d.scene.who.name)
            continue
        side = m.waiting_for()
        legal = m.legal_commands(side) if side else []
        pick = next((c for c in legal if isinstance(c, (C.Deploy, C.EndDeployment, C.Choose, C.ChooseFirst,
                                                          C.AcceptDice, C.Activate, C.EndActivation))), None)
        if pick is None:
            d.step(1)
            continue
        battle.submit(pick)
        d.step(1)
    styles = side_styles(m)
    names = {e.name: e.side for e in m.events if isinstance(e, E.ActivationStarted)}
    seen = set()
    for entry in battle.log.entries:
        who = next((n for n in names if entry.plain.startswith(f"{n} activates")), None)
        if who is None:
            continue
        want = "player" if styles[names[who]] == "player" else "npc_act"
        assert entry.style == want, (entry.plain, entry.style, names[who])
        seen.add(names[who])
    assert seen == {"player", "opponent"}
