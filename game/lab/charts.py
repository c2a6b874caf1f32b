"""The report's charts as PNG files, drawn with matplotlib (the lab extra) when it is installed."""
from __future__ import annotations

from pathlib import Path

from game.lab.stats import BALANCED, FactionSummary, MatchupSummary, UnitTypeSummary
from game.lab.terminal import matchup_name, unit_label

WIN_RATE_PNG = "win-rates.png"
FACTIONS_PNG = "factions.png"
EFFICIENCY_PNG = "cost-efficiency.png"


def available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _save(fig, path: Path) -> None:
    # No date or version in the file: the same batch draws the same bytes.
    fig.savefig(path, dpi=100, metadata={"Software": None})


def win_rates(summaries: list[MatchupSummary], path: Path, title: str) -> None:
    """Horizontal bars of the win rate per squad or matchup, with their 95% Wilson intervals."""
    plt = _pyplot()
    names = [matchup_name(s) for s in summaries][::-1]
    rates = [100 * s.win_rate for s in summaries][::-1]
    low = [max(0.0, 100 * (s.win_rate - s.win_low)) for s in summaries][::-1]
    high = [max(0.0, 100 * (s.win_high - s.win_rate)) for s in summaries][::-1]
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.45 * len(names)))
    ax.barh(names, rates, xerr=[low, high], color="#4c78a8", ecolor="#222222", capsize=4)
    for y, (rate, s) in enumerate(zip(rates, summaries[::-1])):
        ax.text(min(rate + 100 * (s.win_high - s.win_rate), 100) + 1, y, f"{rate:.0f}% of {s.games}",
                va="center", fontsize=8)
    ax.set_xlim(0, 115)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("win rate, % (whiskers: 95% interval)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)


def cost_efficiency(units: list[UnitTypeSummary], path: Path, title: str) -> bool:
    """Paired bars of HIT dealt and HIT lost per GP for every unit type that costs GP; False if none does."""
    rows = [u for u in units if u.dealt_per_gp is not None][::-1]
    if not rows:
        return False
    plt = _pyplot()
    names = [unit_label(u) for u in rows]
    ys = range(len(rows))
    fig, ax = plt.subplots(figsize=(9, 1.4 + 0.32 * len(rows)))
    ax.barh([y + 0.2 for y in ys], [u.dealt_per_gp for u in rows], height=0.4, color="#59a14f",
            label="HIT dealt per GP")
    ax.barh([y - 0.2 for y in ys], [u.taken_per_gp for u in rows], height=0.4, color="#e15759",
            label="HIT lost per GP")
    ax.set_yticks(list(ys), names)
    ax.set_xlabel("HIT per GP fielded (per unit per game)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
    return True


def faction_balance(factions: list[FactionSummary], path: Path, title: str) -> None:
    """One bar per faction (its score over all its matchups), best at the top, with its 95% interval; the
    balanced band shaded and 50% marked, factions outside the band in red: which side of fair each one is, at a
    glance."""
    plt = _pyplot()
    rows = factions[::-1]
    names = [f.faction for f in rows]
    rates = [100 * f.score for f in rows]
    lo, hi = BALANCED
    colours = ["#4c78a8" if f.balanced else "#e15759" for f in rows]
    fig, ax = plt.subplots(figsize=(8, 1.4 + 0.45 * len(names)))
    ax.axvspan(100 * lo, 100 * hi, color="#59a14f", alpha=0.15, label=f"balanced: {100 * lo:.0f}-{100 * hi:.0f}%")
    ax.axvline(50, color="#222222", linewidth=1, linestyle=":")
    ax.barh(names, rates, color=colours,
            xerr=[[max(0.0, 100 * (f.score - f.low)) for f in rows], [max(0.0, 100 * (f.high - f.score)) for f in rows]],
            ecolor="#222222", capsize=4)
    for y, f in enumerate(rows):
        ax.text(min(100 * f.high, 100) + 1, y, f"{100 * f.score:.0f}% of {f.games}", va="center", fontsize=8)
    ax.set_xlim(0, 115)
    ax.set_xticks(range(0, 101, 10))
    ax.set_xlabel("score over all matchups, % (a draw counts half; whiskers: 95% interval)")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
