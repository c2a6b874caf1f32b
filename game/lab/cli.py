"""`python main.py lab ...`: the balance lab's command line (argument checks, then batch, table and report).

Importing this module is cheap: the game is loaded only when the command runs.
"""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

DASK_ADDRESS = re.compile(r"^(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$")
DEFAULT_OUT = Path("lab-reports")


class UsageError(Exception):
    """A bad argument; the message names it."""


def add_parser(sub) -> None:
    p = sub.add_parser("lab", help="play batches of games between computer players and report the balance",
                       description="Plays a batch of headless games and reports win rates, turns, Mission "
                                   "Points, units lost and cost-efficiency per unit type.")
    p.add_argument("--mission", default="first-mission", help="mission id (default: first-mission)")
    p.add_argument("--campaign", default=None, metavar="KIND",
                   help="play whole campaigns of this kind instead of one mission (`main.py campaigns` lists them)")
    p.add_argument("--squads", default="all", metavar="A,B,...",
                   help="faction slugs or squad codes, comma-separated; 'all' for every faction's default squad")
    p.add_argument("--opponent-squads", default=None, metavar="A,B,...",
                   help="the other side's squads, for missions played squad against squad (default: --squads); "
                        "every squad meets every opponent")
    p.add_argument("--games", type=int, default=50, help="games per squad or matchup (default: 50)")
    p.add_argument("--jobs", type=int, default=None, help="processes playing at once on this machine (default: 1)")
    p.add_argument("--dask", default=None, metavar="tcp://HOST:PORT",
                   help="play on a Dask distributed cluster through its scheduler (needs the lab extra)")
    p.add_argument("--seed", type=int, default=1, help="base seed: the same seed plays the same games (default: 1)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a mission option for every game, e.g. difficulty=hard (the PvP computer's level)")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="folder for the report (default: lab-reports/<mission>-<date>-<time>/)")


def _names(text: str, option: str) -> list[str]:
    names = list(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    if not names:
        raise UsageError(f"{option}: no squad given")
    return names


def _squads(text: str, option: str) -> tuple[str, ...]:
    from game.lab.adapter import all_squads, resolve_squad
    names = _names(text, option)
    if names == ["all"]:
        return tuple(all_squads())
    for n in names:
        try:
            resolve_squad(n)
        except ValueError as e:
            raise UsageError(f"{option}: {e}") from None
    return tuple(names)


def check_args(args):
    """The batch's Settings from the arguments, or UsageError."""
    from game.lab.adapter import list_missions
    from game.lab.report import Settings
    if args.games < 1:
        raise UsageError(f"--games: at least 1 game is needed (got {args.games})")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs: at least 1 process is needed (got {args.jobs})")
    if args.dask is not None:
        if args.jobs is not None:
            raise UsageError("--jobs and --dask: choose one (the Dask cluster decides how many games run at once)")
        if not DASK_ADDRESS.match(args.dask) or int(DASK_ADDRESS.match(args.dask).group(3)) > 65535:
            raise UsageError(f"--dask: {args.dask!r} is not a scheduler address like tcp://HOST:PORT")
    if getattr(args, "campaign", None) is not None:
        return _campaign_settings(args)
    missions = {m.id: m for m in list_missions()}
    mission = missions.get(args.mission)
    if mission is None:
        raise UsageError(f"--mission: unknown mission {args.mission!r} (known: {', '.join(missions)})")
    squads = _squads(args.squads, "--squads")
    if args.opponent_squads is not None and not mission.needs_opponent:
        raise UsageError(f"--opponent-squads: {mission.title} ({mission.id}) is played against the mission's "
                         "own opponents, not another squad")
    opponents: tuple[str, ...] = ()
    if mission.needs_opponent:
        opponents = _squads(args.opponent_squads, "--opponent-squads") if args.opponent_squads else squads
    options = []
    for item in getattr(args, "option", None) or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option: expected KEY=VALUE, got {item!r}")
        options.append((key.strip(), value.strip()))
    from game.lab.adapter import check_options
    try:
        check_options(args.mission, dict(options))
    except ValueError as e:
        raise UsageError(f"--option: {e}") from None
    return Settings(mission=mission, squads=squads, opponents=opponents, games=args.games, seed=args.seed,
                    options=tuple(options))


def _campaign_settings(args):
    """A campaign batch: its kind (a MissionInfo named campaign:<kind>), the squads, games and seed."""
    from game.lab.adapter import campaign_kinds
    from game.lab.campaigns import PREFIX
    from game.lab.records import MissionInfo
    from game.lab.report import Settings
    kinds = dict(campaign_kinds())
    kind = "operations" if args.campaign.startswith("operation:") else args.campaign  # operation:HEG-SWM-01
    if kind not in kinds or kind == "operations" and args.campaign == kind:
        raise UsageError(f"--campaign: unknown campaign {args.campaign!r} (known: "
                         f"{', '.join(k if k != 'operations' else 'operation:ID' for k in kinds)})")
    if args.mission != "first-mission" or args.opponent_squads is not None:
        raise UsageError("--campaign: a campaign picks its own missions and opponents (leave out --mission and "
                         "--opponent-squads)")
    title = kinds[kind] + (f" ({args.campaign.partition(':')[2]})" if kind == "operations" else "")
    return Settings(mission=MissionInfo(PREFIX + args.campaign, title, needs_opponent=False),
                    squads=_squads(args.squads, "--squads"), opponents=(), games=args.games, seed=args.seed)


def _out_dir(args, mission_id: str) -> Path:
    stem = mission_id.replace(":", "-")  # campaign:pve
    out = Path(args.out) if args.out else DEFAULT_OUT / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"--out: cannot make the folder {str(out)!r} ({e.strerror or e})") from None
    return out


def _campaign_report(settings, records, out: Path, stdout) -> int:
    from game.lab import campaigns
    kind = settings.mission.id[len(campaigns.PREFIX):]
    summaries = campaigns.summarize(records)
    print(file=stdout)
    print(campaigns.results_text(f"{settings.mission.title}: {settings.games} campaigns per squad", summaries),
          file=stdout)
    campaigns.write_report(out, kind, settings.mission.title, settings.squads, settings.games, settings.seed,
                           records, summaries)
    print(f"\nReport: {out / campaigns.REPORT_MD} (with {campaigns.CAMPAIGNS_CSV}, {campaigns.SUMMARY_CSV})",
          file=stdout)
    return 0


def run_lab(args, stdout=None, stderr=None) -> int:
    from game.lab import batch
    from game.lab.stats import per_faction, summarize, unit_types
    from game.lab.terminal import ProgressBar, results_text
    from game.lab.report import write_report
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    client = None
    try:
        settings = check_args(args)
        if args.dask is not None:
            client = batch.connect_dask(args.dask)
        out = _out_dir(args, settings.mission.id)
    except (UsageError, batch.BatchError) as e:
        if client is not None:
            client.close()
        print(f"main.py lab: {e}", file=stderr)
        return 2
    tasks = batch.plan(settings.mission.id, settings.squads, settings.opponents, settings.games, settings.seed,
                       settings.options)
    where = f"the Dask cluster at {args.dask}" if client is not None else \
        f"{args.jobs or 1} process{'es' if (args.jobs or 1) > 1 else ''}"
    print(f"Balance lab: {settings.mission.title} ({settings.mission.id}), {len(tasks)} games on {where}",
          file=stdout, flush=True)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the map reader loads pygame in every worker
    bar = ProgressBar(stdout)
    try:
        if client is not None:
            records = batch.run_dask(tasks, client, bar)
        else:
            records = batch.run_local(tasks, args.jobs or 1, bar)
    except batch.BatchError as e:
        print(f"\nmain.py lab: {e}", file=stderr)
        return 1
    except KeyboardInterrupt:
        print("\nmain.py lab: stopped; no report written", file=stderr)
        return 130
    finally:
        if client is not None:
            client.close()
    bar.finish(len(tasks))
    if settings.mission.id.startswith("campaign:"):
        return _campaign_report(settings, records, out, stdout)
    summaries = summarize(records)
    units = unit_types(records)
    print(file=stdout)
    print(results_text(f"{settings.mission.title}: {settings.games} games per "
                       f"{'matchup' if settings.opponents else 'squad'}", summaries, units, per_faction(records)),
          file=stdout)
    written = write_report(out, settings, records, summaries, units)
    print(f"\nReport: {out / 'report.md'} (with {', '.join(p.name for p in written if p.name != 'report.md')})",
          file=stdout)
    return 0
