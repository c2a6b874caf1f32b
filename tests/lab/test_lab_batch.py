"""Batches: seeds from (base seed, squad, opponent, game) alone, and the same records on 1 or 2 processes."""
import io

from game.lab import batch
from game.lab.terminal import ProgressBar


def test_game_seeds_depend_on_their_coordinates_only():
    s = batch.game_seed(1, "krumpfists", "", 0)
    assert s == batch.game_seed(1, "krumpfists", "", 0) and 0 <= s < 2 ** 32
    others = {batch.game_seed(2, "krumpfists", "", 0), batch.game_seed(1, "despoilers", "", 0),
              batch.game_seed(1, "krumpfists", "despoilers", 0), batch.game_seed(1, "krumpfists", "", 1)}
    assert s not in others and len(others) == 4


def test_plan_is_the_cross_product_in_order():
    tasks = batch.plan("m", ["a", "b"], ["x", "y"], 2, 7)
    assert [(t.squad, t.opponent, t.game) for t in tasks] == [
        (s, o, k) for s in "ab" for o in "xy" for k in range(2)]
    assert all(t.seed == batch.game_seed(7, t.squad, t.opponent, t.game) for t in tasks)
    assert [(t.squad, t.opponent) for t in batch.plan("m", ["a"], None, 3, 1)] == [("a", "")] * 3
    # a squad's games keep their seeds when other squads join the batch
    assert batch.plan("m", ["b"], None, 2, 1) == batch.plan("m", ["a", "b"], None, 2, 1)[2:]


def test_same_records_on_one_or_two_processes():
    tasks = batch.plan("first-mission", ["krumpfists", "silent-choir"], None, 2, 11)
    seen = []
    one = batch.run_local(tasks, 1, lambda done, total: seen.append((done, total)))
    two = batch.run_local(tasks, 2)
    assert one == two
    assert [(r.squad, r.game, r.seed) for r in one] == [(t.squad, t.game, t.seed) for t in tasks]
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_a_failed_game_names_its_squad_and_seed(monkeypatch):
    def boom(mission, seed, squad, opponent="", options=None):
        raise RuntimeError("the mission did not end")
    monkeypatch.setattr("game.lab.adapter.play_one", boom)
    tasks = batch.plan("first-mission", ["krumpfists"], None, 1, 1)
    try:
        batch.run_local(tasks, 1)
    except batch.BatchError as e:
        assert str(e) == (f"game 1 of krumpfists (seed {tasks[0].seed}) failed: RuntimeError: "
                          "the mission did not end")
    else:
        raise AssertionError("no BatchError")


class Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_redraws_on_a_terminal_and_prints_one_line_otherwise():
    tty = Tty()
    bar = ProgressBar(tty, width=10)
    bar(5, 10)
    bar(10, 10)
    bar.finish(10)
    out = tty.getvalue()
    assert out.startswith("\r[#####.....]  5/10 games") and "\r[##########] 10/10 games" in out
    assert out.endswith("\n") and "10 games in " in out.splitlines()[-1]
    plain = io.StringIO()
    bar = ProgressBar(plain)
    bar(5, 10)
    bar.finish(10)
    assert "\r" not in plain.getvalue() and len(plain.getvalue().splitlines()) == 1


def test_the_batch_hands_every_game_its_mission_options(monkeypatch):
    seen = []

    def record(mission, seed, squad, opponent="", options=None):
        seen.append(options)
        raise RuntimeError("stop")
    monkeypatch.setattr("game.lab.adapter.play_one", record)
    tasks = batch.plan("pvp-attrition", ["krumpfists"], ["interdictors"], 1, 1, (("difficulty", "hard"),))
    assert tasks[0].options == (("difficulty", "hard"),)
    try:
        batch.run_local(tasks, 1)
    except batch.BatchError:
        pass
    assert seen == [{"difficulty": "hard"}]
