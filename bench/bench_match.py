"""The match where players feel it: headless games per second, undo and load at any log length, previews.

    python bench/bench_match.py [--short] [--undo-only]

Times are CPU time of this process (the machine may be shared); printed beside their targets (2-core machine),
a miss flagged:
  - headless First Mission (play only) >= 20 games/s per core: after a warm-up game, over seeds 1-100 (--short:
    every eighth of them, the same mix), the commands per game printed beside; then the same games each alone (the
    movement answers kept for the map, which a run of games shares, forgotten before each);
  - undo and load <= 30 ms, the autosave after a command <= 50 ms, at 10 to 10,000 commands (a PvE mission
    is about 500, a Horde run about 150 per wave) of one Horde marathon (HordeMarathon: Horde Mode played past
    its twelve waves; built once per run, about a minute) and again on the largest board (CrowdedMarathon: the
    Horde brought up to 44 units each Turn, from 150 commands on): undo as on the screen (the autosave after
    every command captured the state a command back) and from a checkpoint alone (before that autosave is
    written: the commands since the last checkpoint replayed, up to 7; the garbage collector paced as the screen
    paces it, its young pass after the undo counted, and beside it with its default thresholds; what the
    checkpoints hold, objects and MB, beside what they held as plain data every 16 commands), load (cold: the
    program's first load, the map and catalog read too, in a process of its own; then this program's first and
    warm), undo right after loading a save written as the battle screen writes it (after every command: it holds
    the state a command before its end) and, beside it, one written once, and the autosave after a command (cold:
    the match's first save); each figure cold and warm, each length with the board it was measured on (units on
    the table, entities in the world, units made, the Turn);
  - every preview <= 5 ms, on a table of 30 units (the count printed is the table's): one unit's targets, the
    hovered target's odds, its Move options; each the first time (nothing worked out for the table as it is),
    fresh (a base moved nearby: nothing kept) and cached (asked again).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.battlefield import search_memo  # noqa: E402
from game.content import default_squad, load_catalog  # noqa: E402
from game.headless import build_scenario, play_headless  # noqa: E402
from game.match.match import Match  # noqa: E402
from game.match.mission import MissionScript, rect_zone  # noqa: E402
from game.match.scenario import Scenario, SideSpec  # noqa: E402
from game.modes import CHECKPOINT_EVERY, MissionEntry, create_match, register, rewind  # noqa: E402
from game.modes.horde.common import PLAYER as HORDE_PLAYER  # noqa: E402
from game.modes.horde.mission import HordeMission  # noqa: E402
from game.modes.session import Session, make_controller  # noqa: E402
from game.ui.memory import Memory  # noqa: E402  (the collector as the battle screen paces it: no pygame)


AUTOSAVE_MS = 50  # the screen is still while the autosave is written after a command: no pause a player feels


def verdict(value: float, target: float, lower_is_better: bool = True) -> str:
    ok = value <= target if lower_is_better else value >= target
    return "meets the target" if ok else f"MISSES the target by {abs(value - target) / target:.0%}"


class Endless(MissionScript):
    """Two squads in the middle of a real map, no end: every unit healed at the start of each Turn and each one
    Taken Out replaced by a new one in its side's zone (the squads stay whole, so a log of 10,000 commands is some
    hundreds of Turns of real play): logs as long as the bench needs."""

    id = "bench-endless"
    turns = None

    def start_of_turn(self, match):
        for uid in match.units(items=None):
            h = match.health(uid)
            if h.hit < h.max_hit:
                match.heal(uid, h.max_hit - h.hit, "the bench's field medic")
        replaced = match.mission_state.setdefault("replaced", [])
        for side in ("A", "B"):
            standing = set(match.units(side, items=None))
            for uid in match.all_units():
                u = match.unit(uid)
                if u.side != side or uid in standing or uid in replaced or u.item:
                    continue
                spot = self._free_spot(match, side, u.card.base_diameter / 2)
                if spot is None:
                    break
                replaced.append(uid)
                match.spawn(side, f"{u.name.split(' (')[0]} ({len(replaced)})", u.card, *spot)

    def _free_spot(self, match, side, radius):
        (zone,) = self.deployment_zones(match, side)
        return _free_spot_in(match, zone, radius)

    def deployment_zones(self, match, side):
        w, h = match.table.battlefield.width, match.table.battlefield.height
        return [rect_zone("n", "A", 0, h / 2 - 6, w, h / 2 - 2)] if side == "A" else \
            [rect_zone("s", "B", 0, h / 2 + 2, w, h / 2 + 6)]


register(MissionEntry(Endless.id, "skirmish", "Endless (bench)", Endless))


def _free_spot_in(match, zone, radius):
    """The first spot of the zone's box (1.5" apart) where a base of this radius can stand, or None."""
    t = match.table
    xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    y = y0 + radius + 0.1
    while y < y1 - radius:
        x = x0 + radius + 0.1
        while x < x1 - radius:
            z = t.surface_z(x, y)
            if t.can_stand(radius, x, y, z):
                return x, y, z
            x += 1.5
        y += 1.5
    return None


class HordeMarathon(HordeMission):
    """A Horde run as the game plays it (its waves, Spawn Points, Bosses, Turn Events, objectives, crates, shop,
    Downed units revived), only longer: the wave table is played over and over (wave 13 is wave 1's row again,
    and so on) and a field medic heals the squad's units (a Downed one stands up at full HIT, one gone for good is
    replaced) before each Horde unit activates, so that the run reaches the
    log lengths the bench measures (a real run of twelve waves is some 2,000-3,000 commands)."""

    id = "bench-horde-marathon"
    ROUNDS = 8  # the wave table played this many times

    def __init__(self, catalog=None, options=None) -> None:
        super().__init__(catalog, options)
        self.data = replace(self.data, waves=self.data.waves * self.ROUNDS)

    def start_of_activation(self, match, uid: int) -> list[tuple]:
        if match.unit(uid).side != HORDE_PLAYER:  # each Horde unit's activation: the squad patched up first
            for u in match.units(HORDE_PLAYER, downed=None):
                h = match.health(u)
                if h.hit <= 0:
                    match.revive(u, h.max_hit, "the bench's field medic")
                elif h.hit < h.max_hit:
                    match.heal(u, h.max_hit - h.hit, "the bench's field medic")
            self._replace_gone(match)
        return super().start_of_activation(match, uid)

    def check_result(self, match, end_of_turn: bool):
        if not match.units(HORDE_PLAYER):  # the medic comes in time when the last unit standing goes Down
            for u in match.units(HORDE_PLAYER, downed=None):
                match.revive(u, match.health(u).max_hit, "the bench's field medic")
        return super().check_result(match, end_of_turn)

    def _replace_gone(self, match) -> None:
        """A squad unit gone for good (Deceased) comes back as a new one of its card in the squad's zone, so that
        the run goes on to the log lengths measured (the squad clears waves in fewer commands since issue 22)."""
        replaced = match.mission_state.setdefault("bench_replaced", [])
        standing = set(match.units(HORDE_PLAYER, items=None, downed=None))
        zone = next((z for z in self.deployment_zones(match, HORDE_PLAYER) if getattr(z, "polygon", None)), None)
        if zone is None:
            return
        for uid in match.all_units():
            u = match.unit(uid)
            if u.side != HORDE_PLAYER or uid in standing or uid in replaced or u.item:
                continue
            spot = _free_spot_in(match, zone, u.card.base_diameter / 2)
            if spot is None:
                return
            replaced.append(uid)
            match.spawn(HORDE_PLAYER, f"{u.name.split(' (')[0]} ({len(replaced)})", u.card, *spot)


register(MissionEntry(HordeMarathon.id, "horde", "Horde marathon (bench)", HordeMarathon))


class CrowdedMarathon(HordeMarathon):
    """The Horde marathon on the largest board the game plays (the battle frame's target is 48 units): at the start
    of each Turn the Horde is brought up to CROWD units at its Spawn Points (a unit of the wave's first row, placed
    as a wave places its units), so that the board holds some forty units and seventy entities at any length."""

    id = "bench-horde-crowded"
    CROWD = 44  # Horde units on the table at the start of a Turn (with the squad: some fifty units)

    def start_of_turn(self, match) -> None:
        super().start_of_turn(match)
        from game.modes.horde import waves
        from game.modes.horde.common import HORDE
        ms = match.mission_state
        type_id = self.data.wave(ms.get("wave") or 1).spawn(1)[0]
        for _ in range(self.CROWD - len(match.units(HORDE))):
            if waves.place_at_spawn_point(match, self, type_id) is None:
                break


register(MissionEntry(CrowdedMarathon.id, "horde", "Horde marathon, crowded (bench)", CrowdedMarathon))


def long_match(commands: int, map_name="pve-facility.tmx", squads=("interdictors", "krumpfists"),
               checkpoints: bool = True) -> Match:
    cat = load_catalog()
    sc = Scenario(mission="bench-endless", map=map_name,
                  sides=(SideSpec("A", default_squad(squads[0], cat), controller="computer"),
                         SideSpec("B", default_squad(squads[1], cat), controller="computer")))
    m = create_match(sc, 11, cat)
    m.checkpoint_every = CHECKPOINT_EVERY if checkpoints else 0
    s = Session(m, {side: make_controller(m, side, "computer") for side in ("A", "B")})
    while len(m.log) < commands:
        s.step()
    return m


def marathon(commands: int, squad: str = "interdictors", seed: int = 7, mission: str = HordeMarathon.id) -> Match:
    """A Horde marathon (HordeMarathon, or `mission`: CrowdedMarathon) of `commands` commands, the squad played by
    the computer as in a headless Horde run, with the checkpoints the battle screen keeps."""
    cat = load_catalog()
    sc = replace(build_scenario("horde", default_squad(squad, cat), map_name="horde-last-stand.tmx"),
                 mission=mission)
    m = create_match(sc, seed, cat)
    m.checkpoint_every = CHECKPOINT_EVERY
    s = Session(m, {sp.side: make_controller(m, sp.side, "computer") for sp in sc.sides if sp.control == "person"})
    while len(m.log) < commands and m.phase != "over":
        s.step()
    return m


def bench_games(short: bool) -> None:
    seeds = list(range(1, 101, 8 if short else 1))  # the short run: every eighth seed, the same mix of games
    play_headless(1000).close()  # warm-up: the catalog, the map and its movement graph, as a session has them
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    commands = 0
    for seed in seeds:
        m = play_headless(seed)
        commands += len(m.log)
        m.close()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    n = len(seeds)
    rate = n / cpu
    print(f"headless First Mission, play only, warm: {n} games (seeds 1-100{', every eighth' if short else ''}; "
          f"{commands / n:.0f} commands a game), {rate:.1f} games/s per core (CPU time; {n / wall:.1f} by the wall "
          f"clock)  [target >= 20: {verdict(rate, 20, False)}]")
    # the same games, each alone: the movement answers kept for the map (search_memo: a run of games asks many of
    # the same searches, from the same deployment spots above all) forgotten before each one
    cpu_alone = 0.0
    for seed in seeds:
        search_memo.forget()
        c0 = time.process_time()
        play_headless(seed).close()
        cpu_alone += time.process_time() - c0
    alone = n / cpu_alone
    print(f"  each game alone (the movement answers kept for the map forgotten before it): {alone:.1f} games/s per "
          f"core  [target >= 20: {verdict(alone, 20, False)}]")
    if min(rate, alone) < 20:
        where_the_time_goes(5)


def where_the_time_goes(n: int) -> None:
    """Why the games/s target is missed: the share of the time the computer's decisions take (their movement
    searches above all) against the match resolving the commands."""
    from game.modes import create_match
    from game.modes.session import Session, make_controller
    from game.headless import build_scenario
    spent = {"decide": 0.0, "resolve": 0.0}

    class Timed:
        def __init__(self, ctl):
            self.ctl = ctl

        def decide(self, match):
            t = time.process_time()
            cmd = self.ctl.decide(match)
            spent["decide"] += time.process_time() - t
            return cmd

    total0 = time.process_time()
    for seed in range(1, n + 1):
        m = create_match(build_scenario("first-mission"), seed)
        s = Session(m, {sp.side: Timed(make_controller(m, sp.side, "computer" if not sp.npc else "npc"))
                        for sp in m.scenario.sides})
        s.run()
        m.close()
    total = time.process_time() - total0
    decide = spent["decide"]
    print(f"  why: the computer's decisions take {decide / total * 100:.0f}% of the time (each one searches where its "
          f"unit can move: a Dijkstra over the 0.5\" movement graph), the match resolving the commands (rules, "
          f"sight, paths, events) {100 - decide / total * 100:.0f}%; 20 games/s would need both about "
          f"{20 * total / n:.1f}x faster")


def bench_undo_load(lengths, mission: str = HordeMarathon.id) -> None:
    """Undo from the end of a log of n commands (the checkpoints the screen keeps), loading its save, undo right
    after loading and the autosave after a command, on the marathon `mission` (HordeMarathon, CrowdedMarathon):
    each figure cold (the first time: the program's first load, the first undo or save of a match) and warm (the
    median of the repeats), beside its target, with the board it was measured on."""
    import subprocess

    from game.persistence.save_format import MAX_TURN
    from game.persistence.save_loading import load_match
    from game.persistence.save_writing import save_match
    t0 = time.process_time()
    m = marathon(max(lengths), mission=mission)
    made = time.process_time() - t0
    log = list(m.log)
    events, rolls = list(m.events), list(m.rolls_per_command)
    cps = list(m.checkpoints)
    folder = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    print(f"undo, load and autosave: one {MISSION_NAMES[mission]} of {len(log)} commands on {m.table.battlefield.name} "
          f"(wave {m.mission_state.get('wave')}, Turn {m.turn}; made in {made:.0f} s CPU), {len(m.all_units())} "
          f"units made; CPU ms, cold (the first time) / warm (median)")
    for n in lengths:
        if n > len(log):
            print(f"{n:6d} commands: not measured: the marathon ended after {len(log)} commands")
            continue
        # a match of exactly n commands, with the checkpoints it would have kept
        probe = rewind_probe(m, log, events, rolls, cps, n)
        if probe.turn > MAX_TURN:  # (a save holds at most MAX_TURN Turns: the loader refuses more)
            print(f"{n:6d} commands: not measured: this match is at Turn {probe.turn} by then, past the {MAX_TURN} "
                  f"Turns a save may hold (its squads have dwindled to a few units)")
            probe.close()
            continue
        board = (f"{len(probe.units(items=None, downed=None))} units on the table, "
                 f"{sum(1 for _ in probe.state_data()['entities'])} entities in the world, "
                 f"{len(probe.all_units())} units made, Turn {probe.turn}")
        # undo from a checkpoint with the collector as the battle screen paces it (game/ui/memory.py: its passes
        # over the older objects off, what lives frozen; the young pass the screen runs right after an undo,
        # Memory.settle, counted in the time), then with the collector's default thresholds
        undo_t, default_t = [], []
        screen = Memory()
        screen.hold()
        for times in (undo_t, default_t):
            for _ in range(5):
                screen.settle()  # (the match as the screen holds it: settled frames ago)
                t0 = time.process_time()
                back = rewind(probe, n - 1)
                screen.settle()
                times.append((time.process_time() - t0) * 1000)
                probe = rewind_probe(m, log, events, rolls, cps, n, table=back.table)
                back.close(keep_table=True)
            screen.release()
        # the save as the battle screen leaves it: written after every command (so it holds the state a command
        # before its end too); the one after command n - 1 is this match's first save (nothing kept)
        probe.close(keep_table=True)
        probe = rewind_probe(m, log, events, rolls, cps, n - 1, table=back.table)
        once = save_match(probe, f"bench-{n}-once", folder=folder)
        probe.submit(log[n - 1])
        path = save_match(probe, f"bench-{n}", folder=folder)
        screen_t = []  # undo on the screen: the autosave after each command captured the state a command back
        for _ in range(4):
            t0 = time.process_time()
            back = rewind(probe, n - 1)
            screen_t.append((time.process_time() - t0) * 1000)
            back.submit(log[n - 1])
            save_match(back, f"bench-{n}", folder=folder)
            probe = back
        cold = subprocess.run([sys.executable, __file__, "--load-once", str(path)], capture_output=True, text=True)
        cold_ms = float(cold.stdout.split()[-1]) if cold.returncode == 0 and cold.stdout.split() else float("nan")
        load_t, after_t = [], []
        for _ in range(6):  # (the first: this program's first load of this save, the map parsed before)
            t0 = time.process_time()
            loaded = load_match(path)
            load_t.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            back = rewind(loaded, n - 1)
            after_t.append((time.process_time() - t0) * 1000)
            back.close()
        once_t = []  # a save written once (no save after the command before it): its checkpoint up to 16 back
        for _ in range(3):
            loaded = load_match(once)
            t0 = time.process_time()
            back = rewind(loaded, n - 2)
            once_t.append((time.process_time() - t0) * 1000)
            back.close()
        save_t = []
        session = Session(probe, {sp.side: make_controller(probe, sp.side, "computer") for sp in probe.scenario.sides
                                  if sp.control == "person"})
        for _ in range(4):  # the battle screen's autosave after a command: the same writer, the same slot (the
            session.step()  # first: the match's first save, its checkpoint's text made)
            t0 = time.process_time()
            save_match(probe, "autosave", folder=folder)
            save_t.append((time.process_time() - t0) * 1000)
        print(f"{n:6d} commands ({board}):")
        for label, target, first, warm, more in (
                ("undo", 30, screen_t[0], statistics.median(screen_t[1:]),
                 "on the screen: the autosave after each command keeps the state a command back"),
                ("undo from a checkpoint", 30, undo_t[0], statistics.median(undo_t[1:]),
                 f"before the autosave is written: its commands since replayed, {(n - 1) % CHECKPOINT_EVERY} here; "
                 f"the collector paced as on the screen; with its default thresholds: cold {default_t[0]:.1f}, warm "
                 f"{statistics.median(default_t[1:]):.1f} ms; {held_by(cps, n)}"),
                ("load", 30, cold_ms, statistics.median(load_t[1:]),
                 f"cold: the program's first, the catalog and map read too (no target); this program's first of "
                 f"this save: "
                 f"{load_t[0]:.1f} ms; {path.stat().st_size // 1024} KB"),
                ("undo after loading", 30, after_t[0], statistics.median(after_t[1:]),
                 f"a save written once: {statistics.median(once_t):.1f} ms"),
                ("autosave after a command", AUTOSAVE_MS, save_t[0], statistics.median(save_t[1:]), "")):
            print(f"        {label:24s} cold {first:6.1f} ms, warm {warm:6.1f} ms  [<= {target} warm: "
                  f"{verdict(warm, target)}{'; cold MISSES it' if first > target and label != 'load' else ''}]" +
                  (f"  ({more})" if more else ""))
        probe.close()
    m.close()


def held_by(checkpoints, n: int) -> str:
    """What the checkpoints of the first n commands hold (packed: snapshot.Packed), beside what they held kept as
    plain data every 16 commands (before they were packed): objects and MB."""
    from game.match import snapshot
    mine = [c for c in checkpoints if c["commands"] <= n]
    was = [c.whole() if isinstance(c, snapshot.Packed) else c for c in mine if c["commands"] % 16 == 0]
    (objs, size), (objs_was, size_was) = deep_size(mine), deep_size(was)
    return (f"its {len(mine)} checkpoints hold {objs:,} objects, {size / 1e6:.1f} MB (plain data every 16 commands, "
            f"as before: {objs_was:,} objects, {size_was / 1e6:.1f} MB)")


def deep_size(roots) -> tuple[int, int]:
    """(objects, bytes) held by `roots`: lists, tuples, dicts and what they hold, each object once; a packed
    checkpoint its bytes."""
    from game.match import snapshot
    seen, count, size, stack = set(), 0, 0, list(roots)
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        count += 1
        size += sys.getsizeof(x)
        if isinstance(x, snapshot.Packed):
            size += x.size
            count += 2  # (its bytes, its counts)
        elif isinstance(x, dict):
            stack += x.keys()
            stack += x.values()
        elif isinstance(x, (list, tuple)):
            stack += x
    return count, size


def load_once(path: str) -> None:
    """(--load-once, in a process of its own) the CPU ms of loading one save, the first thing the program does."""
    from game.persistence.save_loading import load_match
    t0 = time.process_time()
    load_match(Path(path)).close()
    print(f"{(time.process_time() - t0) * 1000:.1f}")


def rewind_probe(m, log, events, rolls, cps, n, table=None):
    """A match holding the first n commands of `m`, restored from its checkpoints (as the screen holds it)."""
    from game.match import snapshot
    from game.modes import create_match
    fresh = create_match(m.scenario, m.seed, m.catalog, table=table)
    fresh.checkpoint_every = CHECKPOINT_EVERY
    usable = [cp for cp in cps if cp["commands"] <= n]
    start = 0
    if usable:  # (a log shorter than the first checkpoint is replayed)
        snapshot.restore(fresh, usable[-1], events=events, log=log, rolls=rolls)
        fresh.checkpoints = usable
        start = usable[-1]["commands"]
    for c in log[start:n]:
        fresh.submit(c)
    return fresh


TABLE_UNITS = 30


def crowded_match(units: int = TABLE_UNITS) -> Match:
    """Two squads fighting on the largest map (prepared, as the screen has it), with more of their own units put
    on the table until `units` stand there."""
    from game.battlefield.model import CORE_MOVE
    from game.match.skills import move_rule
    m = long_match(60, map_name="pve-rift-30x22.tmx", squads=("drone-pod", "krumpfists"), checkpoints=False)
    rules: dict = {}
    for uid in m.units(items=None):  # the movement graph of every base size and rule, as prepare=True builds it
        card = m.unit(uid).card
        rules.setdefault(card.base_diameter / 2, {CORE_MOVE}).add(move_rule(card))
    for radius, rs in sorted(rules.items()):
        m.table.prepare(radius, rules=tuple(sorted(rs, key=repr)))
    cards = {side: [m.unit(u).card for u in m.units(side)] for side in ("A", "B")}
    t = m.table
    k, y = 0, 1.0
    while len(m.units(items=None)) < units and y < t.battlefield.height:
        x = 1.0
        while x < t.battlefield.width and len(m.units(items=None)) < units:
            side = "A" if y < t.battlefield.height / 2 else "B"
            card = cards[side][k % len(cards[side])]
            z = t.surface_z(x, y)
            if t.can_stand(card.base_diameter / 2, x, y, z):
                k += 1
                m.spawn(side, f"Bench {card.name} {k}", card, x, y, z)
            x += 3.1
        y += 2.9
    return m


def bench_previews(repeats: int) -> None:
    """One unit's previews against every enemy on a table of 30 units (the hover previews of the screen): the first
    time, fresh, and cached."""
    m = crowded_match()
    try:
        uid = next(u for u in m.units("A"))
        enemies = m.units("B", items=None)
        w = next((w for w in m.unit(uid).card.weapons if w.kind == "ranged"), m.unit(uid).card.weapons[0])
        print(f"previews on {m.table.battlefield.name}: {len(m.units(items=None))} units on the table "
              f"(target table: {TABLE_UNITS}), one unit of side A against {len(enemies)} enemies")

        def targets():
            for e in enemies:
                m.attack_preview(uid, w.id, e, with_odds=False)

        asks = ((f"targets: one unit against all {len(enemies)} enemies", targets),
                ("the hovered target's odds", lambda: m.attack_preview(uid, w.id, enemies[0], with_odds=True)),
                ("Move options (reach, Charge spots)", lambda: m.move_options(uid, "move")))

        def fresh() -> None:  # a base moved nearby: nothing worked out for the table as it was holds
            m.table._changed()
            m.table._kept.clear()
            m.table._cover_near.clear()

        for label, ask in asks:
            fresh()
            t0 = time.process_time()
            ask()
            first = (time.process_time() - t0) * 1000
            fresh_t, cached_t = [], []
            for _ in range(repeats):
                fresh()
                t0 = time.process_time()
                ask()
                fresh_t.append((time.process_time() - t0) * 1000)
                t0 = time.process_time()
                ask()
                cached_t.append((time.process_time() - t0) * 1000)
            f, c = statistics.median(fresh_t), statistics.median(cached_t)
            print(f"  preview, {label}: first {first:.2f} ms, fresh {f:.2f} ms [<= 5: {verdict(f, 5)}], cached "
                  f"{c:.2f} ms")
    finally:
        m.close()


MISSION_NAMES = {HordeMarathon.id: "Horde marathon", CrowdedMarathon.id: "crowded Horde marathon (the largest board)"}


def main(short: bool = False) -> None:
    bench_games(short)
    # 3000: a whole Horde run; 10,000: far beyond any mission
    lengths = (10, 150, 1000) if short else (10, 150, 600, 1000, 1500, 3000, 10_000)
    bench_undo_load(lengths)
    bench_undo_load([n for n in lengths if n >= 150], CrowdedMarathon.id)  # (from its first checkpoints on: the
    # crowd of its first Turn is placed within its first commands, which no game does)
    bench_previews(3 if short else 20)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--undo-only", action="store_true",
                    help="only undo, load and the autosave on the crowded marathon at 1,000, 3,000 and 10,000 commands")
    ap.add_argument("--load-once", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.load_once:
        load_once(a.load_once)
    elif a.undo_only:
        bench_undo_load((1000, 3000, 10_000), CrowdedMarathon.id)
    else:
        main(a.short)
