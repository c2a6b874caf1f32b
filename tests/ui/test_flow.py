"""A whole First Mission through the UI: title -> setup -> deployment -> move, shoot, dice -> save, load ->
the results screen. Every change goes through posted mouse and key events (the rest of the mission is
played by a computer player through the same scene, one command per step)."""
import pygame

from game.match import commands as C
from game.ui.battle import BattleScene
from game.ui.load_scene import LoadScene
from game.ui.pause import PauseScene
from game.ui.results_scene import ResultsScene
from game.ui.setup_scene import SetupScene
from game.ui.title import TitleScene

from .driver import Driver

SEED = 7


def start_battle(d: Driver, seed: int = SEED) -> BattleScene:
    assert isinstance(d.scene, TitleScene)
    d.click(d.scene.b_new)
    assert isinstance(d.scene, SetupScene)
    d.scene.e_seed.set_text(str(seed))
    d.shot("setup")
    d.click(d.scene.b_start)
    sc = d.scene
    assert isinstance(sc, BattleScene)
    assert sc.match.phase == "deploy"
    return sc


def deploy(d: Driver, sc: BattleScene) -> None:
    d.click(sc.b_auto)
    assert not [u for u in sc.match.units("player", standing=False) if sc.match.position(u) is None]
    d.click(sc.b_start)
    assert sc.match.phase == "battle"
    d.wait_banners()


def test_title_to_results(make_app):
    app = make_app(npc_speed="instant")
    d = Driver(app)
    d.step(2)
    d.shot("title")
    sc = start_battle(d)
    m = sc.match
    # place one unit by hand, then the rest with Auto-deploy
    first = sc.deploy_uid
    d.click_board(12.0, 13.5)
    assert m.position(first) is not None
    # the next unit's ghost base follows the mouse: green inside the zone, red with a reason outside
    d.hover_board(10.5, 11.0)
    assert sc.ghost is not None and sc.ghost[2] is True
    d.shot("deployment")
    d.hover_board(3.0, 12.0)
    assert sc.ghost is not None and sc.ghost[2] is False and "zone" in sc.ghost[3]
    d.click_board(3.0, 12.0)
    assert len([u for u in m.units("player")]) == 1, "a click outside the zone places nothing"
    deploy(d, sc)
    assert m.waiting_for() == "player" and m.turn == 1
    to_at_start = m.to["player"]

    # select the Leader with a click: the Move preview shows at once
    leader = next(u for u in m.units("player") if m.unit(u).leader)
    p = m.position(leader)
    d.click_board(p.x, p.y)
    assert sc.selected == leader and sc.mode == "move"
    assert sc.preview is not None and sc.preview.spots
    # the path under the cursor, with its cost
    far = max(sc.preview.spots, key=lambda s: (s[3] <= 5.0, s[3], s[0], s[1]))
    d.hover_board(far[0], far[1])
    assert sc.hover_path is not None and abs(sc.hover_path.cost - far[3]) < 0.01
    d.shot("battle-move-preview")
    # a short move (so the targets seen from the start stay in sight): a click commits Activate + Move
    spot = min(sc.preview.spots, key=lambda s: (s[3], s[0], s[1]))
    d.hover_board(spot[0], spot[1])
    assert sc.hover_path is not None and sc.hover_path.cost <= 6.0
    d.click_board(spot[0], spot[1])
    assert m.active_unit == leader
    assert (round(m.position(leader).x, 3), round(m.position(leader).y, 3)) == (spot[0], spot[1])
    assert isinstance(m.log[-1], C.Move)
    d.step(40)

    # shoot: R shows the targets; hovering one shows sight lines and the exact odds
    d.key(pygame.K_r)
    assert sc.mode == "ranged"
    valid = sc.preview.valid_targets()
    assert valid, "seed 7 gives the Leader a target after its short move"
    target = valid[0]
    tp = m.position(target)
    d.hover_board(tp.x, tp.y)
    info = sc.hover_target
    assert info is not None and info.uid == target and info.odds is not None
    assert 0.0 < info.odds.p_any <= 1.0
    d.shot("battle-shooting-odds")
    d.click_board(tp.x, tp.y)
    assert isinstance(m.log[-1], C.RangedAttack)

    # the Attack dice wait for a decision (the squad has Tactical Orders): re-roll a die with 1 TO
    assert to_at_start > 0
    assert m.prompt is not None and m.prompt.kind == "dice" and m.prompt.side == "player"
    d.step(2)
    panel = sc.prompt_panel
    assert panel.active and panel.die_rects
    d.shot("dice-prompt")
    reroll = next((b for b, c in panel.commands.items() if isinstance(c, C.RerollDie)), None)
    to_before = m.to["player"]
    if reroll is not None:
        d.click(reroll)
        assert isinstance(m.log[-1], C.RerollDie)
        assert m.to["player"] == to_before - 1
    # then accept (Enter) until the attack is over on our side
    for _ in range(10):
        if m.prompt is None or m.prompt.side != "player":
            break
        d.key(pygame.K_RETURN)
    assert m.prompt is None or m.prompt.side != "player"
    d.step(5)

    # end the activation with E: the Bugs act (instant NPC speed), then it is our turn again
    if m.active_unit == leader:
        d.end_activation()
    d.step(5)
    assert m.readiness(leader).ready is False
    assert any(c.side == "npc" for c in m.log), "an NPC activation followed ours"

    # save from the pause menu
    d.key(pygame.K_ESCAPE)
    if not isinstance(d.scene, PauseScene):  # Esc first backs out of a mode
        d.key(pygame.K_ESCAPE)
    pause = d.scene
    assert isinstance(pause, PauseScene)
    pause.e_name.set_text("ui-test")
    d.click(pause.b_save)
    saved = app.saves_dir / "ui-test.json"
    assert saved.exists()
    hash_saved = m.state_hash()
    # and load it back: a new match replayed from the file, the same battle
    d.click(pause.b_load)
    assert isinstance(d.scene, LoadScene)
    ls = d.scene
    idx = next(i for i, s in enumerate(ls.saves) if s.path == saved)
    d.click(ls.list.item_list[idx]["button_element"])
    d.click(ls.b_load)
    sc2 = d.scene
    assert isinstance(sc2, BattleScene)
    assert sc2.match is not m
    assert sc2.match.state_hash() == hash_saved
    m.close()

    # the rest of the mission: a computer player takes the squad, through the same scene
    from game.ai.simple import SimpleSquadController
    sc2.play_by_computer("player", SimpleSquadController("player"))
    for _ in range(3000):
        d.step(1)
        if isinstance(d.scene, ResultsScene):
            break
    assert isinstance(d.scene, ResultsScene), "the mission reached its results screen"
    res = d.scene.match.result
    assert res is not None and res.outcome in ("victory", "defeat")
    d.step(3)
    d.shot("results")
    # the autosave of each Turn start exists and names the Turn
    from game.persistence.save_listing import list_saves
    labels = [s.label for s in list_saves(app.saves_dir)]
    assert any(lab.startswith("Autosave") for lab in labels)
