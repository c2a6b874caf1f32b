"""The balance lab's campaigns (`main.py lab --campaign pve ...`): each squad plays `--games` whole campaigns with
computer players (Homebase decisions included), and the lab tells how far they get: the share completed with its
95% interval, where the lost ones fell, MP earned, missions won, units Deceased. Works on CampaignRecords only
(adapter.play_campaign_one fills them in); the batch (seeds, processes, Dask) is the games' own."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from game.lab.stats import wilson
from game.lab.terminal import fmt, pct, table

PREFIX = "campaign:"  # a batch task's "mission" for a campaign: campaign:<kind>
COMPLETE, LOST = "complete", "lost"
CAMPAIGNS_CSV = "campaigns.csv"
SUMMARY_CSV = "summary.csv"
REPORT_MD = "report.md"
HEADERS = ["Squad", "Campaigns", "Complete", "95% interval", "MP earned", "Won", "Played", "Deceased",
           "Survivors", "Lost at"]


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    kind: str
    squad: str
    game: int
    seed: int
    outcome: str  # COMPLETE or LOST
    operation: int  # where it ended: the last mission played
    mission: int
    mp: int  # MP earned
    won: int  # missions won
    played: int
    missions: int  # in the plan
    deceased: int
    survivors: int


@dataclass(frozen=True, slots=True)
class CampaignSummary:
    squad: str
    campaigns: int
    complete: int
    low: float  # 95% Wilson interval of the share completed
    high: float
    mp: float
    won: float
    played: float
    deceased: float
    survivors: float
    lost_at: dict  # "2.2" -> how many campaigns were lost after that mission


def summarize(records: list[CampaignRecord]) -> list[CampaignSummary]:
    groups: dict[str, list[CampaignRecord]] = {}
    for r in records:
        groups.setdefault(r.squad, []).append(r)
    out = []
    for squad, rs in groups.items():
        n = len(rs)
        done = sum(1 for r in rs if r.outcome == COMPLETE)
        lo, hi = wilson(done, n)
        lost: dict[str, int] = {}
        for r in rs:
            if r.outcome == LOST:
                key = f"{r.operation}.{r.mission}"
                lost[key] = lost.get(key, 0) + 1
        out.append(CampaignSummary(squad, n, done, lo, hi, sum(r.mp for r in rs) / n, sum(r.won for r in rs) / n,
                                   sum(r.played for r in rs) / n, sum(r.deceased for r in rs) / n,
                                   sum(r.survivors for r in rs) / n, dict(sorted(lost.items()))))
    return out


def rows(summaries: list[CampaignSummary]) -> list[list[str]]:
    return [[s.squad, str(s.campaigns), pct(s.complete / s.campaigns), f"{pct(s.low)} - {pct(s.high)}",
             fmt(s.mp, 1), fmt(s.won, 1), fmt(s.played, 1), fmt(s.deceased, 1), fmt(s.survivors, 1),
             ", ".join(f"{k} x{v}" for k, v in s.lost_at.items()) or "-"] for s in summaries]


def results_text(title: str, summaries: list[CampaignSummary]) -> str:
    return "\n".join([title, "", table(HEADERS, rows(summaries), right=set(range(1, len(HEADERS) - 1)))])


def command(kind: str, squads, games: int, seed: int) -> str:
    return f"python main.py lab --campaign {kind} --squads {','.join(squads)} --games {games} --seed {seed}"


def write_report(out_dir: Path, kind: str, title: str, squads, games: int, seed: int,
                 records: list[CampaignRecord], summaries: list[CampaignSummary]) -> list[Path]:
    """campaigns.csv (one row per campaign), summary.csv (per squad) and report.md in `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / CAMPAIGNS_CSV).open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "squad", "game", "seed", "outcome", "operation", "mission", "mp", "won", "played",
                    "missions", "deceased", "survivors"])
        w.writerows([[r.kind, r.squad, r.game + 1, r.seed, r.outcome, r.operation, r.mission, r.mp, r.won,
                      r.played, r.missions, r.deceased, r.survivors] for r in records])
    with (out_dir / SUMMARY_CSV).open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["squad", "campaigns", "complete", "complete_low_95", "complete_high_95", "mp", "won", "played",
                    "deceased", "survivors"])
        w.writerows([[s.squad, s.campaigns, s.complete, f"{s.low:.4f}", f"{s.high:.4f}", f"{s.mp:.4f}",
                      f"{s.won:.4f}", f"{s.played:.4f}", f"{s.deceased:.4f}", f"{s.survivors:.4f}"]
                     for s in summaries])
    header = "| " + " | ".join(HEADERS) + " |\n|" + "|".join(["---"] + ["---:"] * (len(HEADERS) - 2) + ["---"]) + "|"
    body = "\n".join("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows(summaries))
    text = "\n".join([
        f"# Balance lab: {title} ({kind})", "",
        f"{len(records)} campaigns, {games} per squad, computer players on every side and at every Homebase. "
        f"Base seed {seed}; to play the same campaigns again:", "", f"    {command(kind, squads, games, seed)}", "",
        header, body, "",
        "Complete: share of campaigns played to the end of the last mission, with its 95% interval (Wilson). MP "
        "earned, Won (missions), Played (missions), Deceased, Survivors: means per campaign. Lost at: after which "
        "mission the lost campaigns had no unit left to deploy.", ""])
    (out_dir / REPORT_MD).write_text(text, encoding="utf-8")
    return [out_dir / CAMPAIGNS_CSV, out_dir / SUMMARY_CSV, out_dir / REPORT_MD]
