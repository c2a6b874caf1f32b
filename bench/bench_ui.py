"""UI frame time: the battle screen on the largest map, 30 units on the table, Move and Line of Sight
previews on, the mouse sweeping the table (so paths and targets change as a player's would), then the same with
the threat overlay on and animations running (bases sliding, shots, damage numbers, tumbling dice); then frames
in which a command lands: a Horde run with 48 units on the table, both sides played by the computer at the
game's pace, the screen's own animations from the events, the threat overlay on.

    python bench/bench_ui.py [--short]

Prints the time from start to the main menu drawn (in a process of its own: nothing imported before), the frame
time (median and p95, ms) of each preview beside the 4 ms target, the frames in which a command lands (p99 and
max beside 4 ms and 8 ms, issue 21), the time each preview takes to compute (Move area, an attack's odds, a
destination's look, the threat areas per enemy, an NPC's intent, a spot out of reach) beside 5 ms, and what the
idle battle screen costs: frames drawn and CPU time over 3 s of frames with no input (nothing selected, then a
unit selected: its ring pulses). A figure that misses its target is flagged. Asserts nothing about time.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

UNITS = 30
COMMAND_UNITS = (18, 32, 48)  # the tables of the command frames
FRAME_P99, FRAME_MAX = 4.0, 8.0  # ms: a frame in which a command lands (issue 21)


def verdict(value: float, target: float) -> str:
    return "meets it" if value <= target else f"MISSES it by {(value - target) / target:.0%}"


def largest_map() -> Path | None:
    """The largest table in maps/ (area, then the most terrain objects)."""
    from game.battlefield import load_battlefield
    best, key = None, None
    for p in sorted((ROOT / "maps").glob("*.tmx")):
        try:
            bf = load_battlefield(p)
        except Exception:
            continue
        k = (bf.width * bf.height, len(bf.walls) + len(bf.low_walls) + len(bf.platforms) + len(bf.doors))
        if key is None or k > key:
            best, key = p, k
    return best


def new_match(map_path: Path | None, seed: int = 1):
    from game.modes import create_match, first_mission_scenario
    return create_match(first_mission_scenario(map_name=map_path.name if map_path else None), seed, prepare=True)


def add_bugs(m) -> None:
    """Bugs added (as the mission spawns them) until UNITS bases stand on the table."""
    card = m.mission.bug_card
    t = m.table
    r = card.base_diameter / 2
    k = 0
    y = 1.0
    while len(m.units(items=None)) < UNITS and y < t.battlefield.height:
        x = 1.0
        while x < t.battlefield.width and len(m.units(items=None)) < UNITS:
            z = t.surface_z(x, y)
            far = all(math.hypot(x - m.position(u).x, y - m.position(u).y) > 3.0 for u in m.units("player"))
            if far and t.can_stand(r, x, y, z):
                k += 1
                m.spawn("npc", f"Bench Bug {k}", card, x, y, z)
            x += 2.3
        y += 2.7


def _pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


CPU: list[float] = []


def _sweep(app, scene, frames: int, points) -> list[float]:
    """Wall-clock ms per frame (events, update, draw, flip); CPU ms per frame go to CPU."""
    import pygame
    times = []
    for i in range(frames):
        pos = points[i % len(points)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        c0 = time.process_time()
        app.step(1)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        CPU.append((time.process_time() - c0) * 1000)
    return times


def _settle(app, scene, limit: int = 600) -> None:
    """Frames until the work ahead (the threat areas) is done."""
    app.step(2)  # the work is asked for in a frame
    for _ in range(limit):
        if not scene.ahead.busy:
            return
        app.step(1)


def _sweep_animated(app, scene, frames: int, points) -> list[float]:
    """_sweep with animations kept running: every 40 frames five bases start sliding, two shots fly, damage
    numbers rise and the last attack's dice tumble again."""
    from game.match import events as E
    times = []
    m = scene.match
    movers = [v for v in scene.units if not v.item][:5]
    for i in range(0, frames, 40):
        # the events of moves and attacks, as the table's world gets them from a command (the match is not changed)
        events = [E.Moved(v.uid, v.name, v.side, ((v.x, v.y, v.z), (v.x + 2, v.y + 1, v.z), (v.x + 3, v.y - 1, v.z)),
                          "move") for v in movers]
        a, b = movers[0], movers[-1]
        events += [E.AttackDeclared(a.uid, "bench", (b.uid,), False), E.AttackDeclared(b.uid, "bench", (a.uid,), True),
                   E.DamageTaken(b.uid, b.name, 2, a.uid, 1, "", False), E.AttackEnded(a.uid, ((b.uid, 2),))]
        scene.table_view.feed(events, dict(scene.by_uid))
        times += _sweep(app, scene, min(40, frames - i), points[i % len(points):] + points[:i % len(points)])
    del m
    return times


def draw_costs(app, scene, frames: int) -> dict:
    """CPU ms of drawing a frame (App._draw alone), the threat overlay off and on, no input: every frame drawn whole
    (as every frame was before frames were drawn in parts) and the same frames drawn in parts (only what changed:
    view/damage.py), while bases glide (five start a Move every 40 frames) and while nothing moves (a frame drawn
    with nothing changed, as a pulse or a timer asks)."""
    from game.match import events as E
    out = {}
    real = app._draw
    movers = [v for v in scene.units if not v.item][:5]
    for threat in (False, True):
        scene.ahead.threat_on = threat
        _settle(app, scene)
        for whole in (True, False):
            got: list = []

            def timed(in_parts: bool = False) -> None:
                c0 = time.thread_time()
                real(in_parts=in_parts and not whole)
                got.append((time.thread_time() - c0) * 1000)
            app._draw = timed
            app.step(int(1.3 * 60))  # (past the moment of drawing that follows input)
            got.clear()
            for i in range(frames):
                if i % 40 == 0:
                    events = [E.Moved(v.uid, v.name, v.side, ((v.x, v.y, v.z), (v.x + 2, v.y + 1, v.z),
                                                              (v.x + 3, v.y - 1, v.z)), "move") for v in movers]
                    scene.table_view.feed(events, dict(scene.by_uid))
                app.step(1)
            gliding = list(got)
            still = []
            for _ in range(30):
                c0 = time.thread_time()
                real(in_parts=not whole)
                still.append((time.thread_time() - c0) * 1000)
            app._draw = real
            out[(threat, whole)] = (statistics.median(gliding), _pct(gliding, 0.99), statistics.median(still))
    scene.ahead.threat_on = False
    return out


def preview_costs(scene, m, uid, targets) -> dict:
    """ms to compute each preview the screen shows (median, max over a few), as the screen asks the match."""
    from game.stepwise import run_to_end
    from game.battlefield.search import work_slice
    from game.rules import actions as act
    from game.ui.battle.foresight import destination_work, intent_work, out_of_reach_work, threat_work
    from game.ui.battle.lookahead import BUDGET_MS
    from game.ui.preview import Preview, target_info

    def timed(fn, n):
        out = []
        for k in range(n):
            t0 = time.perf_counter()
            fn(k)
            out.append((time.perf_counter() - t0) * 1000)
        return statistics.median(out), max(out)

    pv = Preview(m, uid, "move")
    spots = list(pv.spots)
    enemies = [t for t in targets if not m.unit(t).item]
    w = next(w for w in m.unit(uid).card.weapons if w.kind != "melee")
    out = {}
    med, worst = timed(lambda k: Preview(m, uid, "move"), 5)
    out["Move area"] = (med, worst, f"{len(spots)} spots")
    med, worst = timed(lambda k: pv.path(spots[(k * 37) % len(spots)]), 20)
    out["a path"] = (med, worst, "to a hovered spot")
    med, worst = timed(lambda k: target_info(m, uid, w.id, enemies[k % len(enemies)], with_odds=True), 10)
    out["an attack's odds"] = (med, worst, "on a hovered target")
    med, worst = timed(lambda k: run_to_end(destination_work(m, uid, spots[(k * 53) % len(spots)])), 5)
    out["a destination's look"] = (med, worst, f"in all: {len(enemies)} enemies, one slice each "
                                               f"({med / max(1, len(enemies)):.2f} ms)")
    per = []
    gen = threat_work(m, "player")
    while True:
        t0 = time.perf_counter()
        try:
            next(gen)
        except StopIteration:
            break
        per.append((time.perf_counter() - t0) * 1000)
    out["threat areas (a slice)"] = (statistics.median(per), max(per),
                                     f"{sum(per):.0f} ms in all, two slices an enemy, one a frame at most")
    ctl = scene.session.controllers["npc"]
    med, worst = timed(lambda k: run_to_end(intent_work(ctl, m, enemies[k % len(enemies)])), 5)
    out["an NPC's intent"] = (med, worst, "on hover")
    b = m.base(uid)
    slices, whole = [], []  # each slice as the screen's work ahead runs it (lookahead.BUDGET_MS a frame)
    for k in range(5):
        gen, spent = out_of_reach_work(m, uid, b.x + 9 + k, b.y + 5, act.MOVE, "Move"), 0.0
        while True:
            t0 = time.perf_counter()
            try:
                with work_slice(t0 + BUDGET_MS / 1000):
                    next(gen)
            except StopIteration:
                break
            finally:
                slices.append((time.perf_counter() - t0) * 1000)
                spent += slices[-1]
        whole.append(spent)
    out["a spot out of reach (a slice)"] = (statistics.median(slices), max(slices),
                                            f"on hover; in all median {statistics.median(whole):.1f} ms, max "
                                            f"{max(whole):.1f} ms, {len(slices)} slices for {len(whole)} spots")
    return out


def startup_alone() -> tuple[float, float]:
    """(ms from the process's start to the main menu drawn, of which the interpreter's own start) in a process of
    its own, so that nothing another bench imported is already loaded."""
    import subprocess
    code = ("import time; t0 = time.perf_counter(); import sys; sys.path.insert(0, %r); "
            "import pygame; pygame.init(); import tempfile; from pathlib import Path; "
            "from game.ui.app import App; from game.ui.settings import Settings; "
            "app = App(headless=True, saves_dir=Path(tempfile.mkdtemp()), settings=Settings()); app.step(1); "
            "pygame.display.flip(); print((time.perf_counter() - t0) * 1000)") % str(ROOT)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    w0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    total = (time.perf_counter() - w0) * 1000
    inside = float(out.stdout.split()[-1]) if out.returncode == 0 and out.stdout.split() else float("nan")
    return inside, total - inside


def command_frames(short: bool, units: int = COMMAND_UNITS[-1]) -> dict:
    """Frames of a Horde run on the screen with `units` on the table, both sides played by the computer at the normal
    pace (one decision per animation beat), the screen's own animations from the events, the threat overlay on:
    every frame timed; a command frame is one in which a command landed or the screen still read one (landing.py)."""
    import pygame

    from game.headless import build_scenario
    from game.modes import create_match
    from game.modes.horde import waves
    from game.ui.app import App
    from game.ui.battle import BattleScene
    from game.ui.settings import Settings
    app = App(headless=True, saves_dir=Path(tempfile.mkdtemp(prefix="ruinstars-bench-")),
              settings=Settings(npc_speed="normal"))
    m = create_match(build_scenario("horde", map_name="horde-weapons-manufacture.tmx", controller="computer"), 7,
                     app.catalog, prepare=True)
    scene = BattleScene(app, m)
    app.replace(scene)

    def frame() -> None:
        fx = getattr(app.top, "effects", None)
        if fx is not None and fx.banner is not None:
            fx.dismiss()  # (a player reads a banner, then the computer goes on)
        app.step(1)
        pygame.display.flip()

    for _ in range(3000):  # the computer deploys, the first wave comes
        if m.phase == "battle" and m.turn >= 1:
            break
        frame()
    with m.reading():
        while len(m.units(items=None)) < units:
            waves.place_at_spawn_point(m, m.mission, "HRD-HVY03")
    scene.set_match(m)  # (the table read afresh, as after a load or an undo: its frame is timed apart, below)
    scene.ahead.threat_on = True
    t0 = time.thread_time()
    frame()
    afresh = (time.thread_time() - t0) * 1000
    out = frames_of(app, scene, 600 if short else 3000, frame)
    out["afresh"] = afresh
    app.shutdown()
    return out


def frames_of(app, scene, frames: int, frame, after=None) -> dict:
    """Run up to `frames` frames (`frame()` one; `after()` after each, not timed) of `scene` and time each: wall and
    CPU ms, and whether it was a command frame (a command landed in it, or the screen still read the last one)."""
    m = scene.match
    units = len(m.units(items=None))
    wall, cpu, landed = [], [], []
    for _ in range(frames):
        if m.phase == "over" or app.top is not scene:
            break
        before = len(m.log)
        reading = scene.landing.pending
        t0, c0 = time.perf_counter(), time.thread_time()
        frame()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        landed.append(len(m.log) > before or reading)
        if after is not None:
            after()
    return {"units": units, "frames": len(wall), "commands": sum(landed), "wall": wall,
            "cpu": cpu, "landed": landed}


COLD = 60  # the first frames of a run (the caches fill: a second of play)


def frame_lines(run: dict) -> list[str]:
    """The frame times of a run (frames_of) beside the targets (p99 <= 4 ms, max <= 8 ms), misses flagged: all
    frames and the command frames, cold (the first COLD frames) and warm (the rest), CPU time of the screen's own
    thread (a shared machine's other work is not counted) and wall time."""
    out = []
    n = run["frames"]
    for clock in ("cpu", "wall"):
        xs, cmd = run[clock], run["landed"]
        for part, lo, hi in (("cold", 0, min(COLD, n)), ("warm", min(COLD, n), n)):
            for name, sel in (("all frames", [x for x in xs[lo:hi]]),
                              ("command frames", [x for x, c in zip(xs[lo:hi], cmd[lo:hi]) if c])):
                if not sel:
                    continue
                p99, mx = _pct(sel, 0.99), max(sel)
                flag = "" if p99 <= FRAME_P99 and mx <= FRAME_MAX else "   << MISS"
                out.append(f"  {clock:4s} {part} {name:15s} {len(sel):5d} frames: median {statistics.median(sel):6.2f}"
                           f"  p99 {p99:6.2f} (target {FRAME_P99:g})  max {mx:6.2f} (target {FRAME_MAX:g}){flag}")
    return out


def idle(app, seconds: float = 3.0) -> tuple[int, float]:
    """(frames drawn, CPU ms) over `seconds` of frames at 60 a second with no input, after the moment of
    drawing that follows input."""
    from game.ui.app import GRACE
    app.step(int(GRACE * 60) + 5)
    drawn = app.frames_drawn
    c0 = time.process_time()
    app.step(int(seconds * 60))
    return app.frames_drawn - drawn, (time.process_time() - c0) * 1000


def main(short: bool = False) -> dict:
    t0 = time.perf_counter()
    import pygame
    pygame.init()
    from game.ui.app import App
    from game.ui.battle import BattleScene
    from game.ui.settings import Settings
    tmp = Path(tempfile.mkdtemp(prefix="ruinstars-bench-"))
    app = App(headless=True, saves_dir=tmp, settings=Settings(npc_speed="normal"))
    pygame.display.flip()
    startup_ms = (time.perf_counter() - t0) * 1000

    map_path = largest_map()
    m = new_match(map_path)
    scene = BattleScene(app, m)
    app.replace(scene)
    app.step(2)
    scene.deploy.auto_deploy()  # deployment as the player's Auto-deploy button does it
    from game.match import commands as C
    scene.submit(C.EndDeployment("player"))
    add_bugs(m)
    scene.set_match(m)
    scene.effects.banners.clear()
    app.step(3)
    player = m.units("player")
    scene.select(player[0])
    app.step(2)
    frames = 120 if short else 600
    warm = 10
    cam = scene.camera
    # a slow circle around the selected unit: the hovered spot changes every few frames
    v = scene.by_uid[player[0]]
    pts = []
    for i in range(240):
        a = 2 * math.pi * i / 240
        rr = 3.5 + 2.0 * math.sin(3 * a)
        pts.append(cam.to_screen(v.x + rr * math.cos(a), v.y + rr * math.sin(a)))
    _sweep(app, scene, warm, pts)
    CPU.clear()
    move_times = _sweep(app, scene, frames, pts)
    move_paths = len(scene.preview._paths) if scene.preview is not None else 0
    # Line of Sight preview: ranged mode, the mouse going from enemy to enemy (odds computed once per target)
    scene.set_mode("ranged")
    app.step(2)
    targets = [u for u in m.units(items=None) if m.unit(u).side != "player"]
    tpts = []
    for t in targets:
        p = scene.by_uid[t]
        tpts += [cam.to_screen(p.x, p.y)] * 6
    _sweep(app, scene, warm, tpts)
    los_times = _sweep(app, scene, frames, tpts)
    cpu = list(CPU)
    both = move_times + los_times
    # overlays and animations on: the threat areas shown, the mouse sweeping Move spots (their look from there
    # worked out ahead), bases sliding, shots, damage numbers and tumbling dice started again and again
    scene.set_mode("move")
    scene.ahead.threat_on = True
    _settle(app, scene)
    CPU.clear()
    rich_times = _sweep_animated(app, scene, frames, pts)
    rich_cpu = list(CPU)
    previews = preview_costs(scene, m, player[0], targets)
    scene.set_mode(None)
    scene.select(None, None)
    drawing = draw_costs(app, scene, 120 if short else 400)
    # idle: the mouse still over the side panel, first with the unit selected (a pulsing ring), then none
    import pygame
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout["hint"].center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    scene.set_mode("move")
    idle_sel = idle(app)
    scene.select(None, None)
    idle_none = idle(app)
    out = {
        "startup_ms": startup_ms,
        "map": map_path.name if map_path else "open table",
        "units": len(m.units(items=None)),
        "move_median": statistics.median(move_times), "move_p95": _pct(move_times, 0.95),
        "los_median": statistics.median(los_times), "los_p95": _pct(los_times, 0.95),
        "all_median": statistics.median(both), "all_p95": _pct(both, 0.95),
        "frames": len(both), "paths": move_paths,
        "cpu_median": statistics.median(cpu), "cpu_p95": _pct(cpu, 0.95),
        "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "idle_frames": idle_none[0], "idle_cpu_ms": idle_none[1],
        "idle_selected_frames": idle_sel[0], "idle_selected_cpu_ms": idle_sel[1],
        "rich_median": statistics.median(rich_times), "rich_p95": _pct(rich_times, 0.95),
        "rich_cpu_median": statistics.median(rich_cpu), "rich_cpu_p95": _pct(rich_cpu, 0.95),
        "previews": previews,
    }
    alone, interpreter = startup_alone()
    print(f"start to main menu drawn, in a process of its own: {alone:.0f} ms (the interpreter's own start "
          f"{interpreter:.0f} ms more); after the other benches' imports: {startup_ms:.0f} ms")
    print(f"battle screen: {out['map']}, {out['units']} units on the table, {frames} frames per preview")
    print(f"  Move preview (mouse sweeping, {move_paths} paths): median {out['move_median']:.2f} ms, "
          f"p95 {out['move_p95']:.2f} ms")
    print(f"  Line of Sight preview (targets hovered in turn): median {out['los_median']:.2f} ms, "
          f"p95 {out['los_p95']:.2f} ms")
    print(f"  both: median {out['all_median']:.2f} ms, p95 {out['all_p95']:.2f} ms  [p95 <= 4 ms: "
          f"{verdict(out['all_p95'], 4)}]")
    print(f"  threat overlay on, animations running, Move preview sweeping: median {out['rich_median']:.2f} ms, "
          f"p95 {out['rich_p95']:.2f} ms  [p95 <= 4 ms: {verdict(out['rich_p95'], 4)}]; CPU median "
          f"{out['rich_cpu_median']:.2f} ms, p95 {out['rich_cpu_p95']:.2f} ms")
    print("  previews computed (median / max ms; target: 5 ms each, the longer ones are split across frames):")
    for name, (med, worst, what) in previews.items():
        flag = "" if name == "threat areas (a slice)" or med <= 5 else f"  MISSES 5 ms by {(med - 5) / 5:.0%}"
        print(f"    {name:<28} {med:6.2f} / {worst:6.2f} ms  {what}{flag}")
    print("  drawing a frame (CPU ms, no input; before, every frame was drawn whole):")
    for threat in (False, True):
        w, parts = drawing[(threat, True)], drawing[(threat, False)]
        print(f"    threat overlay {'on ' if threat else 'off'}: bases gliding: whole {w[0]:.2f} (p99 {w[1]:.2f}), in parts "
              f"{parts[0]:.2f} (p99 {parts[1]:.2f}); nothing changed: whole {w[2]:.2f}, in parts {parts[2]:.2f}")
    print(f"  CPU time per frame: median {out['cpu_median']:.2f} ms, p95 {out['cpu_p95']:.2f} ms"
          + (f"  (machine load average {out['load']:.1f})" if out["load"] is not None else ""))
    print(f"  idle, 3 s without input (180 frames at 60/s): nothing selected {idle_none[0]} frames drawn, "
          f"CPU {idle_none[1]:.0f} ms ({idle_none[1] / 30:.1f}% of a core); a unit selected (pulsing ring) "
          f"{idle_sel[0]} frames drawn, CPU {idle_sel[1]:.0f} ms ({idle_sel[1] / 30:.1f}% of a core)")
    app.shutdown()
    out["command_frames"] = {}
    for units in COMMAND_UNITS:
        cf = out["command_frames"][units] = command_frames(short, units)
        print(f"frames with commands landing: Horde on Weapons Manufacture, {cf['units']} units, both sides by the "
              f"computer, animations from the events, threat overlay on; {cf['commands']} command frames of "
              f"{cf['frames']}")
        if not cf["commands"]:
            print("  no command landed (the run did not get going)")
        for line in frame_lines(cf):
            print(line)
        print(f"  before them, the frame that drew the table read afresh with its {cf['units']} units (as a load or an "
              f"undo on the screen does; their target: <= 30 ms): CPU {cf['afresh']:.2f} ms "
              f"[{'meets it' if cf['afresh'] <= 30 else 'MISSES it'}]")
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--short", action="store_true", help="fewer frames (CI)")
    main(ap.parse_args().short)
