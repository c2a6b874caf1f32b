"""Both sides played by the computer on the battle screen, through the app's own frames at the game's pace, the
threat overlay on (a PvP game and a Horde run): a command lands in one frame and the screen reads it over the next
ones (landing.py), yet the moves animate at the pace they always had (a glide for each Move, the next decision only
once it is over and the pause has passed); the overlay appears, is the match's own answer when it says it is fresh,
and the frame that follows a new picture of it draws that picture. PNGs under tests/output/screens/."""
from game.content import default_squad
from game.headless import build_scenario
from game.match import commands as C
from game.match import events as E
from game.modes import create_match
from game.stepwise import run_to_end
from game.ui.battle.foresight import threat_work

from .driver import open_battle


def watch(d, sc, frames: int, name: str) -> dict:
    """Step `frames` frames checking the pace and the overlay at each; PNGs at three moments."""
    app, m = d.app, sc.match
    dt = app.fixed_dt
    delay = app.settings.npc_delay
    seen = {"commands": 0, "glides": 0, "overlays": 0, "fresh": 0, "drawn_after_new": 0}
    last_land = None  # (time, the glide the screen showed for it, seconds)
    shown = None  # the threat picture of the last frame
    making = 0  # frames drawn in a row while the next threat picture was made
    t = 0.0
    for i in range(frames):
        if m.phase == "over" or app.top is not sc:
            break
        if sc.effects.banner is not None:
            sc.effects.dismiss()  # (a player reads it, then the computer goes on)
        n_log, n_events, drawn = len(m.log), len(m.events), app.frames_drawn
        d.step(1)
        t += dt
        if len(m.log) > n_log:
            seen["commands"] += 1
            assert len(m.log) == n_log + 1, "one command a frame at the game's pace"
            if last_land is not None:
                gap = t - last_land[0]
                assert gap >= last_land[1] + delay - 2 * dt, \
                    f"the next command landed {gap:.2f}s after the last, before its glide ({last_land[1]:.2f}s) and " \
                    f"the pause ({delay}s) were over"
            landed_at = t
            moved = [e.uid for e in m.events[n_events:] if isinstance(e, E.Moved)]
            glide = 0.0
            if moved:
                for _ in range(8):  # the screen reads the command over the next frames, a stage each
                    if not sc.landing.pending:
                        break
                    d.step(1)
                    t += dt
                anims = sc.anims
                assert any(u in anims for u in moved), "the move is drawn as a glide"
                seen["glides"] += 1
                glide = max(anims[u].duration for u in moved if u in anims)
            last_land = (landed_at, glide)
        got = sc.ahead.threat_now()
        if got is not None:
            seen["overlays"] += 1
            layers, fresh = got
            if app.frames_drawn > drawn:
                fs = sc.painter.foresight
                making = making + 1 if fs.making else 0
                assert fs.shown is layers or fs.making, \
                    "the frame drew the overlay it has (or the last one while the new one's picture is made)"
                assert making <= 10, "a new overlay's picture is made over a few frames (a stage each)"
                if shown is not None and shown is not fs.shown:
                    seen["drawn_after_new"] += 1
                shown = fs.shown
            if fresh and not sc.landing.pending and i % 25 == 0:  # (a fresh pass costs a full search of each enemy)
                now = run_to_end(threat_work(m, sc.side))
                assert now.line_of_fire == layers.line_of_fire, "a fresh overlay is the match's answer now"
                seen["fresh"] += 1
        if i in (frames // 4, frames // 2, frames - 1):
            d.shot(f"{name}-{i}")
    return seen


def test_a_pvp_game_played_by_the_computer_on_both_sides(make_app):
    app = make_app(npc_speed="normal")
    scenario = build_scenario("pvp-secure-the-zone", default_squad("interdictors"), default_squad("krumpfists"))
    m = create_match(scenario, 2, app.catalog, prepare=True)  # (a seed whose first activations move)
    d, sc = open_battle(app, m, computer_plays_people=True)
    sc.ahead.threat_on = True
    seen = watch(d, sc, 1500, "computer-pvp")
    assert seen["commands"] >= 15 and seen["glides"] >= 3, seen
    assert seen["overlays"] > 0 and seen["drawn_after_new"] >= 1, seen
    assert any(isinstance(c, (C.Move, C.Dash)) for c in m.log)


def test_a_horde_run_played_by_the_computer_on_both_sides(make_app):
    app = make_app(npc_speed="normal")
    m = create_match(build_scenario("horde", map_name="horde-weapons-manufacture.tmx", controller="computer"), 7,
                     app.catalog, prepare=True)
    d, sc = open_battle(app, m)
    sc.ahead.threat_on = True
    seen = watch(d, sc, 1500, "computer-horde")
    assert m.phase == "battle" or m.phase == "over"
    assert seen["commands"] >= 15 and seen["glides"] >= 3, seen
    assert seen["overlays"] > 0, seen


def test_the_autosave_waits_for_a_still_screen_or_a_new_turn_while_the_computer_plays_on(make_app, saves_dir):
    """While the computer plays both sides nothing a person did is unsaved, so the autosave (longer than a frame)
    is not written in the middle of its animations every MAX_WAIT seconds: at each new Turn."""
    from game.ui.battle.autosave import MAX_WAIT
    app = make_app(npc_speed="normal")
    m = create_match(build_scenario("horde", map_name="horde-weapons-manufacture.tmx", controller="computer"), 7,
                     app.catalog, prepare=True)
    d, sc = open_battle(app, m)
    writes = []
    done = sc.autosave._done  # (every write that ends, at once or in pieces over frames)
    sc.autosave._done = lambda match, n: (writes.append((n, match.turn)), done(match, n))[1]
    for _ in range(int(MAX_WAIT * 60) * 3):
        if sc.effects.banner is not None:
            sc.effects.dismiss()
        d.step(1)
    assert len(m.log) >= 5 and not sc.autosave.persons_unsaved()
    turns = {t for _, t in writes}
    assert writes and len(writes) <= len(turns) + 1, f"one write a Turn (and the start), not every {MAX_WAIT}s: {writes}"
