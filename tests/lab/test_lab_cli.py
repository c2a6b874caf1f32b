"""`python main.py lab`: bad arguments get one clear line and exit 2; a tiny batch writes the whole report,
the same bytes on one process, two processes or a Dask cluster."""
import csv
import socket
import sys

import pytest

from game.lab import batch, charts
from game.lab.records import LOSS, SQUAD, WIN, GameRecord, MissionInfo, UnitRecord
from game.lab.report import Settings, write_report
from game.lab.stats import summarize, unit_types
from main import main


@pytest.mark.parametrize("argv,words", [
    (["--mission", "moon-landing"], "--mission: unknown mission 'moon-landing' (known: first-mission, "),
    (["--squads", "krumpfists,elves"], "--squads: 'elves' is neither a faction"),
    (["--squads", " , "], "--squads: no squad given"),
    (["--games", "0"], "--games: at least 1 game is needed (got 0)"),
    (["--jobs", "0"], "--jobs: at least 1 process is needed (got 0)"),
    (["--dask", "localhost"], "--dask: 'localhost' is not a scheduler address like tcp://HOST:PORT"),
    (["--dask", "tcp://127.0.0.1:99999"], "is not a scheduler address"),
    (["--dask", "tcp://127.0.0.1:8786", "--jobs", "2"], "--jobs and --dask: choose one"),
    (["--opponent-squads", "krumpfists"], "--opponent-squads: Survive (first-mission) is played against the "
                                          "mission's own opponents"),
])
def test_bad_arguments(tmp_path, capsys, argv, words):
    out = tmp_path / "report"
    assert main(["lab", "--games", "1", "--out", str(out), *argv]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("main.py lab: ") and words in err[0]
    assert captured.out == "" and not out.exists()


def test_out_folder_that_cannot_be_made(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["lab", "--games", "1", "--out", str(blocker / "report")]) == 2
    assert "--out: cannot make the folder" in capsys.readouterr().err


def test_dask_without_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if Dask were not installed
    assert main(["lab", "--games", "1", "--dask", "tcp://127.0.0.1:8786", "--out", str(tmp_path / "r")]) == 2
    assert "--dask needs the lab extra" in capsys.readouterr().err


def test_dask_scheduler_out_of_reach(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(batch, "DASK_CONNECT_TIMEOUT", 1)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["lab", "--games", "1", "--dask", f"tcp://127.0.0.1:{port}", "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"no Dask scheduler answered at tcp://127.0.0.1:{port}" in err[0]


def _files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


ARGS = ["lab", "--mission", "first-mission", "--squads", "krumpfists,relict-wardens", "--games", "2", "--seed", "5"]


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    out = tmp_path_factory.mktemp("one") / "report"
    assert main([*ARGS, "--jobs", "1", "--out", str(out)]) == 0
    return _files(out)


def test_tiny_batch_writes_the_report(tmp_path, capsys, one_process):
    out = tmp_path / "report"
    assert main([*ARGS, "--jobs", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "4 games on 2 processes" in printed and "4 games in " in printed and "\r" not in printed
    assert "krumpfists" in printed and "relict-wardens" in printed and "95% interval" in printed
    assert "Skrag Boss (Krumpfists)" in printed and f"Report: {out / 'report.md'}" in printed
    files = _files(out)
    assert set(files) == {"results.csv", "summary.csv", "units.csv", "report.md", "win-rates.png",
                          "cost-efficiency.png"}
    assert files == one_process  # the same seeds give the same report on one process or two
    rows = list(csv.DictReader((out / "results.csv").open()))
    assert [(r["squad"], r["game"]) for r in rows] == [("krumpfists", "1"), ("krumpfists", "2"),
                                                      ("relict-wardens", "1"), ("relict-wardens", "2")]
    assert all(r["outcome"] in ("win", "loss") and r["turns"] for r in rows)
    summary = {r["squad"]: r for r in csv.DictReader((out / "summary.csv").open())}
    for squad, s in summary.items():
        assert int(s["wins"]) == sum(r["squad"] == squad and r["outcome"] == "win" for r in rows)
        assert int(s["games"]) == 2
    report = files["report.md"].decode()
    assert "](win-rates.png)" in report and "](cost-efficiency.png)" in report
    assert "--squads krumpfists,relict-wardens --games 2 --seed 5" in report
    assert files["win-rates.png"].startswith(b"\x89PNG")


def test_tiny_batch_on_a_local_dask_cluster(tmp_path, capsys, one_process):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") \
            as cluster:
        out = tmp_path / "report"
        assert main([*ARGS, "--dask", cluster.scheduler_address, "--out", str(out)]) == 0
    assert f"4 games on the Dask cluster at {cluster.scheduler_address}" in capsys.readouterr().out
    assert _files(out) == one_process


def test_report_without_matplotlib_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(charts, "available", lambda: False)
    units = (UnitRecord("KF-BL", "Boomlugga", "Krumpfists", SQUAD, 16, 3, 1, False),)
    records = [GameRecord("first-mission", "krumpfists", "", k, k, outcome, "", 4, None, None, units)
               for k, outcome in enumerate([WIN, LOSS])]
    settings = Settings(MissionInfo("first-mission", "Survive", False), ("krumpfists",), (), 2, 1)
    written = write_report(tmp_path, settings, records, summarize(records), unit_types(records))
    assert sorted(p.name for p in written) == ["report.md", "results.csv", "summary.csv", "units.csv"]
    report = (tmp_path / "report.md").read_text()
    assert "not drawn, because matplotlib is not installed" in report and ".png" not in report
    assert "| krumpfists | 2 | 50.0% | 9.5% - 90.5% |" in report


def test_dask_cluster_without_workers(tmp_path, capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(batch, "DASK_CONNECT_TIMEOUT", 1)
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=":0") as cluster:
        assert main([*ARGS, "--dask", cluster.scheduler_address, "--out", str(tmp_path / "r")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"main.py lab: the Dask cluster at {cluster.scheduler_address} has no workers"


def test_mission_options_reach_every_game_and_a_bad_one_is_named(tmp_path):
    from game.lab.cli import UsageError, check_args
    import argparse
    from game.lab.cli import add_parser
    p = argparse.ArgumentParser()
    add_parser(p.add_subparsers(dest="command"))
    args = p.parse_args(["lab", "--mission", "pvp-attrition", "--squads", "interdictors,krumpfists", "--games", "1",
                         "--option", "difficulty=hard"])
    settings = check_args(args)
    assert settings.options == (("difficulty", "hard"),) and settings.command.endswith("--option difficulty=hard")
    bad = p.parse_args(["lab", "--mission", "pvp-attrition", "--option", "difficulty=brutal"])
    try:
        check_args(bad)
    except UsageError as e:
        assert "difficulty: expected one of easy, normal, hard, got 'brutal'" in str(e)
    else:
        raise AssertionError("no UsageError")
