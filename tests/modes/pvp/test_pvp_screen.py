"""PvP on screen: New game -> PvP (the missions, a briefing and a map diagram, squads, who plays each side), then a
hot-seat battle driven by posted clicks: the roll-off question behind a hand-over, alternate placement, and a
defender spending a Tactical Order on its saves during the attacker's activation. Screenshots in
tests/output/screens/pvp_*.png."""
import pygame
import pytest

from game.match import commands as C
from game.rules.dice import ScriptedDice
from game.ui.battle import BattleScene
from game.ui.battle.handover import HandoverScene
from game.ui.results_scene import ResultsScene
from game.ui.setup_pvp import COMPUTER, PERSON, PvpSetupScene
from tests.ui.conftest import make_app, saves_dir  # noqa: F401  (fixtures; they set SDL's dummy drivers)
from tests.ui.driver import Driver, open_pvp_setup as open_setup


def button_for(panel, cmd):
    return next(b for b, c in panel.commands.items() if c == cmd)


def hand_over(d: Driver, name: str, shot: str | None = None) -> None:
    for _ in range(120):
        if isinstance(d.scene, HandoverScene):
            break
        effects = getattr(d.scene, "effects", None)
        if effects is not None and effects.banner is not None:  # a banner is read first, then the seat changes
            effects.dismiss()
        d.step(1)
    assert isinstance(d.scene, HandoverScene) and d.scene.who.name == name
    if shot:
        d.shot(shot)
    d.click(d.scene.b_go)


def test_the_setup_screen_shows_every_mission_with_its_briefing_and_diagram(make_app):
    app = make_app()
    d = Driver(app)
    sc = open_setup(d)
    assert len(sc.list.item_list) == 20
    sc.pick(14)
    assert sc.mission.id == "rivals" and "Rival" in sc.brief.html_text and "Personal Vendetta" in sc.brief.html_text
    d.step(2)
    d.shot("pvp_setup_rivals")
    sc.pick(3)
    d.step(2)
    assert sc.diagram.w > 40
    d.shot("pvp_setup_sabotage")
    # a bad squad code is refused in words, and nothing starts
    sc.sides["opponent"]["squad"] = "Squad code..."
    sc.sides["opponent"]["code"] = "RS1-nonsense"
    sc.build_ui()
    d.click(sc.b_start)
    assert isinstance(d.scene, PvpSetupScene) and app.dialog_open
    assert "Player 2" in app.last_dialog and "squad code" in app.last_dialog
    d.shot("pvp_setup_bad_code")


def test_a_hot_seat_game_hands_over_and_the_defender_spends_a_tactical_order(make_app):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = open_setup(d)
    sc.pick(0)  # Secure the Zone
    sc.sides["player"].update(name="Ana", ctl=PERSON)
    sc.sides["opponent"].update(name="Ben", ctl=PERSON)
    sc.map_label = next(k for k, v in sc.maps.items() if v is None)  # the open table
    sc.seed = 3
    sc.build_ui()
    d.click(sc.b_start)
    battle = d.scene
    if isinstance(battle, HandoverScene):
        hand_over(d, battle.who.name)
        battle = d.scene
    assert isinstance(battle, BattleScene)
    m = battle.match
    # the deployment roll-off winner chooses its edge: the question in the mission's words
    p = m.prompt
    assert p.kind == "choice" and battle.side == p.side
    d.step(2)
    d.shot("pvp_rolloff_question")
    winner = p.side
    d.click(button_for(battle.prompt_panel, C.Choose(winner, "north")))
    assert m.mission_state["place"][winner] == "north"
    # one unit at a time, the roll-off loser first: a hand-over between the two people each time
    while m.phase == "deploy":
        side = m.waiting_for()
        if side != battle.side:
            hand_over(d, m.side_name(side), "pvp_hand_over_deploy" if m.log[-1].side == winner else None)
        todo = m.mission.default_deployment(m, side)
        if todo:
            uid, x, y, z = todo[0]
            d.click_board(x, y) if battle.deploy_uid == uid else battle.submit(C.Deploy(side, uid, x, y, z))
        else:
            d.click(battle.b_start) if getattr(battle, "b_start", None) else battle.submit(C.EndDeployment(side))
        d.step(1)
    assert m.phase == "battle"
    if m.prompt is not None and m.prompt.kind == "first":
        if m.prompt.side != battle.side:
            hand_over(d, m.side_name(m.prompt.side))
        battle.submit(C.ChooseFirst(m.prompt.side, "player"))
        d.step(2)
    if battle.side != "player":
        hand_over(d, "Ana")
    # Ana's unit shoots one of Ben's; Ben has Tactical Orders for his saves
    a = m.units("player")[0]
    b = m.units("opponent")[0]
    m.place(a, 12, 6)
    m.place(b, 12, 16)
    for i, u in enumerate(m.units("opponent")[1:]):
        m.place(u, 2 + 2 * i, 22)
    battle.refresh_units()
    m.to["opponent"] = 2
    assert battle.submit(C.Activate("player", a))
    weapon = next(w for w in m.unit(a).card.weapons if w.kind == "ranged")
    m.dice = ScriptedDice([2, 2, 2, 2, 2, 2] + [5, 5, 5, 5, 5, 5] + [6] * 40)
    assert battle.submit(C.RangedAttack("player", weapon.id, b))
    while m.prompt is not None and m.prompt.side == "player":  # Ana keeps her Attack dice
        battle.submit(C.AcceptDice("player"))
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "opponent"
    hand_over(d, "Ben", "pvp_hand_over_saves")
    assert battle.side == "opponent"
    d.step(3)
    d.shot("pvp_defender_tactical_orders")
    reroll = next(c for c in battle.prompt_panel.commands.values() if isinstance(c, C.RerollDie) and c.source == "TO")
    assert reroll in m.legal_commands("opponent")
    d.click(button_for(battle.prompt_panel, reroll))
    assert m.to["opponent"] == 1
    while m.prompt is not None and m.prompt.side == "opponent":
        battle.submit(C.AcceptDice("opponent"))
    hand_over(d, "Ana")
    assert battle.side == "player"
    d.step(2)
    d.shot("pvp_battle_objectives")


def test_against_the_computer_the_game_plays_to_the_results(make_app):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    _start(d, 5, 4, COMPUTER, COMPUTER)  # Centerpoint
    battle = d.scene
    assert isinstance(battle, BattleScene)
    for _ in range(400):
        if isinstance(d.scene, ResultsScene):
            break
        battle.skip = True
        d.step(5)
        if getattr(battle, "effects", None) is not None and battle.effects.banner is not None:
            battle.effects.dismiss()
    assert isinstance(d.scene, ResultsScene)
    html = d.scene.summary
    assert "T1:" in html and "T4:" in html and "Decisive Strike" in html and "Weapon Calibration" in html
    d.shot("pvp_results")
    pygame.event.clear()


def test_a_mission_file_that_cannot_be_read_is_named_on_the_setup_screen(make_app, monkeypatch):
    import game.modes.pvp as pvp
    monkeypatch.setattr(pvp, "problems", lambda: ["assets/data/pvp/03-power-cycle.json: is not valid JSON (line 1)"])
    app = make_app()
    d = Driver(app)
    sc = open_setup(d)
    assert sc.problem_box.html_text.startswith("1 mission file could not be read")
    assert "03-power-cycle.json" in sc.problem_box.html_text


def test_the_setup_keeps_its_seed_when_made_again_and_enter_starts(make_app):
    """Like every setup form: the typed seed survives the form being made again (a resize), Enter starts."""
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = open_setup(d)
    assert sc.seed == app.new_seed()
    sc.e_seed.set_text("77")
    sc.relayout()
    assert sc.seed == 77 and sc.e_seed.get_text() == "77"
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, (BattleScene, HandoverScene)) and d.scene is not sc
    battle = d.scene.battle if isinstance(d.scene, HandoverScene) else d.scene
    assert battle.match.seed == 77
    pygame.event.clear()


def _start(d: Driver, pick: int, seed: int, ana, ben, open_table: bool = False) -> None:
    """From the title: the PvP setup's mission `pick`, Ana playing the player's side and Ben the opponent's (each
    PERSON or COMPUTER), the seed, then Start."""
    sc = open_setup(d)
    sc.pick(pick)
    sc.sides["player"].update(name="Ana", ctl=ana)
    sc.sides["opponent"].update(name="Ben", ctl=ben)
    if open_table:
        sc.map_label = next(k for k, v in sc.maps.items() if v is None)
    sc.seed = seed
    sc.build_ui()
    d.click(sc.b_start)


def _hot_seat(d: Driver, pick: int, seed: int) -> BattleScene:
    _start(d, pick, seed, PERSON, PERSON, open_table=True)
    if isinstance(d.scene, HandoverScene):
        hand_over(d, d.scene.who.name)
    assert isinstance(d.scene, BattleScene)
    return d.scene


def _answer_choices(d: Driver, battle: BattleScene) -> None:
    m = battle.match
    for _ in range(8):
        p = m.prompt
        if p is None or p.kind != "choice":
            return
        if p.side != battle.side:
            hand_over(d, m.side_name(p.side))
        cmd = next(c for c in m.legal_commands(p.side) if isinstance(c, C.Choose))
        d.click(button_for(battle.prompt_panel, cmd))
        d.step(1)


@pytest.mark.parametrize("pick,seed", [(0, 3), (0, 8), (14, 5)])  # Secure the Zone, Rivals
def test_alternate_deployment_offers_the_deploying_sides_own_unit_every_placement(make_app, pick, seed):
    """Every placement of a hot-seat alternate deployment is a click in one's own zone: the unit offered is one
    of the side the match waits for, never the other person's."""
    app = make_app(npc_speed="instant")
    d = Driver(app)
    battle = _hot_seat(d, pick, seed)
    m = battle.match
    _answer_choices(d, battle)
    placed = 0
    while m.phase == "deploy":
        side = m.waiting_for()
        if side != battle.side:
            hand_over(d, m.side_name(side))
        _answer_choices(d, battle)
        if m.phase != "deploy":
            break
        side = m.waiting_for()
        und = m.undeployed(side)
        if not und:
            d.click(battle.b_start)
            continue
        assert battle.deploy_uid in und, (m.unit(battle.deploy_uid).name, side)
        before = len(m.log)
        spot = next(c for c in m.legal_commands(side) if isinstance(c, C.Deploy) and c.uid == battle.deploy_uid)
        if placed == 3:
            d.hover_board(spot.x, spot.y)
            d.shot(f"pvp_alternate_deploy_{pick}")
        d.click_board(spot.x, spot.y)
        assert len(m.log) == before + 1 and m.log[-1] == C.Deploy(side, spot.uid, spot.x, spot.y, 0.0), \
            app.last_toast if hasattr(app, "last_toast") else ""
        placed += 1
    assert placed >= 8 and m.phase == "battle"
    pygame.event.clear()


def test_new_mission_keeps_the_names_seats_and_squads(make_app):
    """After a game, "New mission" offers the PvP setup as it was filled in (names, who plays each side, squads,
    the mission), with a new seed."""
    from game.headless import play_headless
    from game.ui.results_scene import ResultsScene
    app = make_app(npc_speed="instant")
    d = Driver(app)
    sc = open_setup(d)
    sc.pick(14)  # Rivals
    sc.sides["player"].update(name="Ana", ctl=PERSON)
    sc.sides["opponent"].update(name="Ben", ctl=PERSON)
    squads = list(sc.squads)
    sc.sides["opponent"]["squad"] = squads[2]
    sc.build_ui()
    d.click(sc.b_start)
    assert isinstance(d.scene, (BattleScene, HandoverScene))
    done = play_headless(3, "pvp-rivals")  # a finished game for the results screen
    app.replace(ResultsScene(app, done, "", None))
    d.step(2)
    d.click(d.scene.b_new)
    again = d.scene
    assert isinstance(again, PvpSetupScene) and again is not sc
    assert again.sides["player"]["name"] == "Ana" and again.sides["opponent"]["name"] == "Ben"
    assert again.sides["player"]["ctl"] == PERSON and again.sides["opponent"]["ctl"] == PERSON
    assert again.sides["opponent"]["squad"] == squads[2] and again.mission.id == "rivals"
    assert again.widgets["opponent"]["name"].get_text() == "Ben"
    from game.persistence.setup_picks import load_picks
    assert load_picks(app.saves_dir)["setup_pvp"]["sides"]["opponent"]["name"] == "Ben"  # a closed window too
    d.step(2)
    d.shot("pvp_new_mission_keeps_names")
    pygame.event.clear()


def test_a_campaign_rewards_question_is_an_ordinary_question_on_the_battle_screen(make_app):
    """Forward Command held by the player's squad: after Turn 1's Tactical Orders the battle screen asks it, with
    the two answers as buttons; the answer is the match's Choose. Screenshot tests/output/screens/
    pvp_reward_question.png."""
    from tests.modes.pvp.conftest import NO_TO, card, pvp_match
    app = make_app(npc_speed="instant")
    m = pvp_match("secure-the-zone", [(card("Ana"), 6, 6), (card("Bo"), 8, 6)], [(card("Cy"), 6, 18)],
                  dice=(NO_TO + NO_TO + [1, 2]) * 3, options={"held": "player:to_turn::"})
    try:
        assert m.prompt.kind == "choice" and m.prompt.then[:3] == ("reward_use", "player", "to_turn")
        battle = BattleScene(app, m)
        app.replace(battle)
        d = Driver(app)
        hand_over(d, "Ana")  # two people at the screen: the seat goes to the squad asked
        d.step(3)
        yes = button_for(battle.prompt_panel, C.Choose("player", "yes"))
        assert button_for(battle.prompt_panel, C.Choose("player", "no"))
        d.shot("pvp_reward_question")
        d.click(yes)
        assert m.to["player"] == 1 and (m.prompt is None or m.prompt.kind == "first")
    finally:
        m.close()


def test_auto_deploy_against_the_computer_places_every_unit_in_turn(make_app):
    """Alternate deployment (R29) against the computer: one click on Auto-deploy places each of the person's units
    as its turn to place comes, between the computer's (it stopped after one and told them to press Start battle)."""
    app = make_app(npc_speed="instant")
    d = Driver(app)
    _start(d, 0, 3, PERSON, COMPUTER)  # Secure the Zone: alternate deployment
    battle = d.scene
    m = battle.match
    for _ in range(200):
        _answer_choices(d, battle)
        if m.phase == "deploy" and m.waiting_for() == battle.side and m.prompt is None:
            break
        d.step(2)
    assert m.phase == "deploy" and len(m.undeployed(battle.side)) >= 3
    d.click(battle.panel.b_auto)
    for _ in range(300):
        if not m.undeployed(battle.side):
            break
        d.step(2)
    assert not m.undeployed(battle.side), "Auto-deploy went on at each of the person's turns to place"
    assert not any("press Start battle" in t.text for t in app.toasts[:-1])
    pygame.event.clear()


def test_hot_seat_auto_deploy_places_only_the_units_of_the_person_who_asked(make_app):
    """Ana's Auto-deploy goes on at Ana's turns to place, never placing Ben's units while he is at the screen."""
    app = make_app(npc_speed="instant")
    d = Driver(app)
    battle = _hot_seat(d, 0, 3)
    m = battle.match
    for _ in range(20):
        _answer_choices(d, battle)
        if m.phase == "deploy" and m.prompt is None:
            break
        d.step(2)
    ana = m.waiting_for()
    if battle.side != ana:
        hand_over(d, m.side_name(ana))
    d.click(battle.panel.b_auto)
    ben = m.waiting_for()
    assert ben != ana and m.phase == "deploy"
    hand_over(d, m.side_name(ben))
    waiting = list(m.undeployed(ben))
    d.step(20)
    assert m.undeployed(ben) == waiting, "nothing placed for Ben but by Ben"
    spot = next(c for c in m.legal_commands(ben) if isinstance(c, C.Deploy) and c.uid == battle.deploy_uid)
    left = len(m.undeployed(ana))
    d.click_board(spot.x, spot.y)
    hand_over(d, m.side_name(ana))
    d.step(5)
    assert len(m.undeployed(ana)) == left - 1, "Ana's Auto-deploy went on at her turn"
    pygame.event.clear()
