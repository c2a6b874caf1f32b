"""The lab's files: results.csv (one row per game), summary.csv (per squad or matchup), units.csv (per unit
type) and report.md with its charts. Nothing in them depends on how many workers played the batch."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from game.lab import charts
from game.lab.records import SQUAD, GameRecord, MissionInfo
from game.lab.stats import BALANCED, FactionSummary, MatchupSummary, UnitTypeSummary, per_faction
from game.lab.terminal import (FACTION_HEADERS, MATCHUP_HEADERS, UNIT_HEADERS, faction_rows, matchup_rows,
                               unit_rows)

RESULTS_CSV = "results.csv"
SUMMARY_CSV = "summary.csv"
UNITS_CSV = "units.csv"
REPORT_MD = "report.md"


@dataclass(frozen=True, slots=True)
class Settings:
    mission: MissionInfo
    squads: tuple[str, ...]
    opponents: tuple[str, ...]
    games: int
    seed: int
    options: tuple = ()  # (key, value) pairs passed to every game

    @property
    def command(self) -> str:
        """The command line that plays this batch again (any --jobs or --dask gives the same report)."""
        opp = f" --opponent-squads {','.join(self.opponents)}" if self.opponents else ""
        opts = "".join(f" --option {k}={v}" for k, v in self.options)
        return (f"python main.py lab --mission {self.mission.id} --squads {','.join(self.squads)}{opp} "
                f"--games {self.games} --seed {self.seed}{opts}")


def _num(value: float | None, digits: int = 4) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _write_csv(path: Path, header: list[str], rows: list[list]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def write_results_csv(path: Path, records: list[GameRecord]) -> None:
    rows = []
    for r in records:
        mine, theirs = r.side_units(SQUAD), r.side_units(r.enemy_side)
        rows.append([r.mission, r.squad, r.opponent, r.game + 1, r.seed, r.outcome, r.turns,
                     "" if r.mp_squad is None else r.mp_squad, "" if r.mp_opponent is None else r.mp_opponent,
                     sum(u.gp for u in mine), sum(u.taken_out for u in mine), sum(u.taken_out for u in theirs),
                     sum(u.dealt for u in mine), sum(u.taken for u in mine), r.detail])
    _write_csv(path, ["mission", "squad", "opponent", "game", "seed", "outcome", "turns", "mp_squad", "mp_opponent",
                      "squad_gp", "units_lost", "enemies_out", "dealt", "taken", "detail"], rows)


def write_summary_csv(path: Path, summaries: list[MatchupSummary]) -> None:
    rows = [[s.squad, s.opponent, s.games, s.wins, s.draws, s.losses, _num(s.win_rate), _num(s.win_low),
             _num(s.win_high), _num(s.turns), _num(s.mp_squad), _num(s.mp_opponent), _num(s.squad_gp),
             _num(s.units_lost), _num(s.enemies_out), _num(s.dealt), _num(s.taken)] for s in summaries]
    _write_csv(path, ["squad", "opponent", "games", "wins", "draws", "losses", "win_rate", "win_low_95",
                      "win_high_95", "turns", "mp_squad", "mp_opponent", "squad_gp", "units_lost", "enemies_out",
                      "dealt", "taken"], rows)


def write_units_csv(path: Path, units: list[UnitTypeSummary]) -> None:
    rows = [[u.type_id, u.name, u.faction, u.side, u.fielded, _num(u.gp), u.dealt, u.taken, u.taken_out,
             _num(u.dealt_per_gp), _num(u.taken_per_gp), _num(u.dealt_per_unit), _num(u.taken_per_unit),
             _num(u.taken_out_rate)] for u in units]
    _write_csv(path, ["type_id", "name", "faction", "side", "fielded", "gp", "dealt", "taken", "taken_out",
                      "dealt_per_gp", "taken_per_gp", "dealt_per_unit", "taken_per_unit", "taken_out_rate"], rows)


def _md_table(headers: list[str], rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join(["---"] + ["---:"] * (len(headers) - 1)) + "|"]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
    return "\n".join(out)


def write_markdown(path: Path, settings: Settings, summaries: list[MatchupSummary], units: list[UnitTypeSummary],
                   chart_files: dict[str, str], charts_missing: bool,
                   factions: list[FactionSummary] | None = None) -> None:
    m = settings.mission
    against = "squad against squad" if m.needs_opponent else "each squad against the mission's NPCs"
    total = sum(s.games for s in summaries)
    lines = [
        f"# Balance lab: {m.title} ({m.id})", "",
        f"{total} games, {settings.games} per {'matchup' if m.needs_opponent else 'squad'}, {against}, "
        f"computer players on every side. Base seed {settings.seed}; to play the same games again:", "",
        f"    {settings.command}", "",
        "## Win rates", "",
        _md_table(MATCHUP_HEADERS, matchup_rows(summaries)), "",
        "Win: share of games won, with its 95% interval (Wilson). Turns: mean Turns played. MP: mean Mission "
        "Points (- when the mission scores none). GP: the squad's cost. Lost: the squad's units Taken Out per "
        "game. Foes out: enemy units Taken Out per game. Dealt, Taken: HIT the squad dealt and lost per game.", "",
    ]
    if "win_rates" in chart_files:
        lines += [f"![Win rates with 95% intervals]({chart_files['win_rates']})", ""]
    if factions:
        lo, hi = BALANCED
        outside = [f.faction for f in factions if not f.balanced]
        lines += [
            "## Faction balance", "",
            _md_table(FACTION_HEADERS, faction_rows(factions)), "",
            f"Each faction over all its matchups, on either side of the table (mirrors left out; a draw counts half), "
            f"with its 95% interval. Outside {100 * lo:.0f}-{100 * hi:.0f}%: "
            + (", ".join(outside) if outside else "none") + ". A faction outside the band has its skills audited "
            "against the Core Rules; what remains after that is the game's own balance (docs/balance.md).", ""]
        if "factions" in chart_files:
            lines += [f"![Score per faction with 95% intervals]({chart_files['factions']})", ""]
    lines += [
        "## Cost-efficiency per unit type", "",
        _md_table(UNIT_HEADERS, unit_rows(units)), "",
        "Dealt/GP, Taken/GP: HIT dealt and lost per GP fielded (all games together; - for units that cost no "
        "GP). Dealt, Taken: mean HIT per unit per game. Taken Out: share of these units Taken Out. HIT that a "
        "melee target returns with Critical Saves counts as lost by the attacker but dealt by no one.", "",
    ]
    if "efficiency" in chart_files:
        lines += [f"![HIT dealt and lost per GP]({chart_files['efficiency']})", ""]
    if charts_missing:
        lines += ["Charts: not drawn, because matplotlib is not installed (it comes with the lab extra: "
                  "`pip install '.[lab]'`).", ""]
    lines += ["How to read this report: see \"Balance lab\" in the README.", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def write_report(out_dir: Path, settings: Settings, records: list[GameRecord], summaries: list[MatchupSummary],
                 units: list[UnitTypeSummary]) -> list[Path]:
    """Writes every file of the report into `out_dir` (created if needed); returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = [out_dir / RESULTS_CSV, out_dir / SUMMARY_CSV, out_dir / UNITS_CSV]
    write_results_csv(written[0], records)
    write_summary_csv(written[1], summaries)
    write_units_csv(written[2], units)
    chart_files: dict[str, str] = {}
    factions = per_faction(records)
    has_charts = charts.available()
    if has_charts:
        title = f"{settings.mission.title}: win rate per {'matchup' if settings.mission.needs_opponent else 'squad'}"
        charts.win_rates(summaries, out_dir / charts.WIN_RATE_PNG, title)
        chart_files["win_rates"] = charts.WIN_RATE_PNG
        if factions:
            charts.faction_balance(factions, out_dir / charts.FACTIONS_PNG,
                                   f"{settings.mission.title}: score per faction over all its matchups")
            chart_files["factions"] = charts.FACTIONS_PNG
        if charts.cost_efficiency(units, out_dir / charts.EFFICIENCY_PNG, f"{settings.mission.title}: cost-efficiency"):
            chart_files["efficiency"] = charts.EFFICIENCY_PNG
        written += [out_dir / f for f in chart_files.values()]
    write_markdown(out_dir / REPORT_MD, settings, summaries, units, chart_files, not has_charts, factions)
    written.append(out_dir / REPORT_MD)
    return written
