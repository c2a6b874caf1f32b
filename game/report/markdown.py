"""The battle report in Markdown: scenario, squads, result, dice summary, luck, turning points, units Taken Out.

    text = battle_report(facts_of(match))
    path = export_report(facts, saves_dir / "reports")   # written atomically: saves/reports/<name>.md
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.persistence.jsonfile import write_text_atomic
from game.rules.wording import markdown_text as _cell

from .luck import SideLuck, luck_of
from .turning import attack_swings, taken_out, turning_points

TURNING_POINTS = 5


def _signed(x: float) -> str:
    return f"{x:+.1f}"


def _outcome(facts) -> str:
    if facts.outcome is None:
        return f"not over yet (Turn {facts.turn})"
    text = facts.result_text
    return f"{facts.outcome.capitalize()} on Turn {facts.turn}" + (f": {_cell(text)}" if text else "")


def _squads(facts) -> list[str]:
    out = ["## Squads", ""]
    out_turn = {t.uid: t.turn for t in taken_out(facts)}
    for side, name in facts.sides:
        units = [u for u in facts.units.values() if u.side == side]
        if not units:
            continue
        standing = sum(1 for u in units if not u.taken_out and not u.item)
        fighters = sum(1 for u in units if not u.item)
        out += [f"### {_cell(name)}", "", f"{standing} of {fighters} units standing at the end.", "",
                "| Unit | Type | ARM | HIT | At the end |", "|---|---|---|---|---|"]
        for u in sorted(units, key=lambda u: u.uid):
            if u.taken_out:
                end = f"Taken Out (Turn {out_turn[u.uid]})" if u.uid in out_turn else "Taken Out"
            else:
                end = f"HIT {u.hit}/{u.max_hit}" if u.hit is not None else "standing"
            kind = _cell(u.type_name or "-") + (" (Leader)" if u.leader and "Leader" not in u.type_name else "") \
                + (" (item)" if u.item else "")
            out.append(f"| {_cell(u.name)} | {kind} | {u.arm} | {u.max_hit} | {end} |")
        out.append("")
    return out


def _dice(luck: list[SideLuck]) -> list[str]:
    out = ["## Dice", "",
           "| Side | Attack dice | Strikes (expected) | Critical Strikes (expected) | Save dice | Saves (expected) "
           "| Critical Saves (expected) |", "|---|---|---|---|---|---|---|"]
    for s in luck:
        a, v = s.attack, s.save
        out.append(f"| {_cell(s.name)} | {a.dice} | {a.successes} ({a.expected:.1f}) | {a.crits} "
                   f"({a.expected_crits:.1f}) | {v.dice} | {v.successes} ({v.expected:.1f}) | {v.crits} "
                   f"({v.expected_crits:.1f}) |")
    out += ["", "Every die counts as rolled, re-rolls included; a Tactical Order change is a choice, not a roll.", ""]
    return out


def _luck(luck: list[SideLuck]) -> list[str]:
    out = ["## Luck", ""]
    for s in luck:
        o = s.overall
        if not o.dice:
            out.append(f"- **{_cell(s.name)}**: no attack or save dice rolled.")
            continue
        z = o.z
        zs = f", {z:+.1f} standard deviations" if z is not None else ""
        out.append(f"- **{_cell(s.name)}**: {s.verdict()} ({o.successes} successes from {o.dice} dice, "
                   f"{o.expected:.1f} expected{zs}). Attack dice {_signed(s.attack.difference)}, saves "
                   f"{_signed(s.save.difference)}, Criticals {o.crits} against {o.expected_crits:.1f} expected.")
    out += ["", "\"Luckier than x% of battles\": how often the very same dice, rolled again, give fewer successes.", ""]
    return out


def _turning(facts, swings) -> list[str]:
    out = ["## Turning points", ""]
    top = turning_points(facts, TURNING_POINTS, swings)
    if not top:
        return out + ["No attack went far from its expected outcome.", ""]
    for i, s in enumerate(top, 1):
        who = facts.side_name(s.side) if s.side else s.attacker_name
        out.append(f"{i}. {_cell(s.describe())}. Swing: {_signed(s.swing)} HIT for {_cell(who)}.")
    out += ["", "Expected outcomes are the exact odds of the dice rolled, the weapon's re-rolls and the HIT each "
                "unit had left; Cover, Support and Tactical Orders are not priced.", ""]
    return out


def _taken_out(facts) -> list[str]:
    out = ["## Units Taken Out", ""]
    lines = taken_out(facts)
    if not lines:
        return out + ["Nobody was Taken Out.", ""]
    out += ["| Turn | Unit | Side | By |", "|---|---|---|---|"]
    for t in lines:
        side = facts.side_name(t.side) if t.side else "-"
        out.append(f"| {t.turn} | {_cell(t.name)}{' (item)' if t.item else ''} | {_cell(side)} | "
                   f"{_cell(t.by) if t.by else '-'} |")
    return out + [""]


def battle_report(facts) -> str:
    """The whole report as Markdown text."""
    luck = luck_of(facts)
    swings = attack_swings(facts)
    lines = [f"# Battle report: {_cell(facts.mission)}", "",
             f"- **Result**: {_outcome(facts)}",
             f"- **Battlefield**: {_cell(facts.battlefield)} (measured in {facts.measure})",
             "- **Sides**: " + ", ".join(_cell(n) for _, n in facts.sides),
             f"- **Dice seed**: {facts.seed} ({facts.commands} commands; the seed and the commands replay the "
             "battle exactly)",
             f"- **Attacks**: {len(swings)}", ""]
    lines += _squads(facts) + _dice(luck) + _luck(luck) + _turning(facts, swings) + _taken_out(facts)
    return "\n".join(lines).rstrip() + "\n"


def report_name(facts, when: datetime | None = None) -> str:
    """A file name for the report: mission, seed and the time it was written."""
    when = when or datetime.now()
    slug = "".join(ch if ch.isalnum() else "-" for ch in facts.mission.lower()).strip("-") or "battle"
    while "--" in slug:
        slug = slug.replace("--", "-")
    return f"{slug}-seed{facts.seed}-{when:%Y%m%d-%H%M%S}"


def export_report(facts, folder: Path, name: str | None = None) -> Path:
    """Write the report to <folder>/<name>.md atomically (a crash never leaves half a file); OSError when it
    cannot be written."""
    name = name or report_name(facts)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "report"
    path = Path(folder) / f"{safe}.md"
    write_text_atomic(path, battle_report(facts))
    return path
