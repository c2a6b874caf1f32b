"""The campaign's chronicle in Markdown (like the battle report): the result, the plan with each mission's result,
the squad with its service records, Injuries and Spoils, the fallen with where, when and by whom, the reloads of
each Operation, and every line of the chronicle, from the campaign's typed events.

    text = chronicle_markdown(campaign)      # game.persistence.campaigns.export_chronicle writes it to a file
"""
from __future__ import annotations

from game.rules.wording import count
from game.rules.wording import markdown_text as md

from . import events as V
from .model import ACTIVE, DECEASED


def _result(c) -> list[str]:
    s = c.score()
    out = ["## Result", ""]
    if len(c.sides) > 1:  # two squads (PvP)
        ops = ", ".join(f"{md(x.title)} {x.operations_won}" for x in c.sides)
        wins = ", ".join(f"{md(x.title)} {c.score(i).won}" for i, x in enumerate(c.sides))
        head = "In progress" if not c.over else (f"The campaign is won by {md(c.sides[c.side_index(c.winner)].title)}"
                                                 if c.winner else "A draw")
        out.append(f"{head}. Operations won: {ops}; missions won: {wins}.")
    elif c.stage == "complete":
        out.append(f"Complete: {s.mp} MP earned, {s.won} of {s.missions} missions won, "
                   f"{count(s.survivors, 'survivor')}, {s.fallen} fallen.")
    elif c.stage == "lost":
        out.append(f"Lost after mission {c.where.label}: no unit was left to deploy. {s.mp} MP earned, "
                   f"{s.won} of {s.played} missions won, {s.fallen} fallen.")
    else:
        out.append(f"In progress: next mission {c.where.label}; {s.mp} MP earned, {c.sides[0].mp_bank} MP in the "
                   f"bank; {s.won} of {s.played} missions won so far.")
    return out + [""]


def _pvp_plan(c) -> list[str]:
    out = ["## The Operations", "", "| Mission | PvP mission | Result | MP |", "|---|---|---|---|"]
    for op in c.plan:
        for pm in op.missions:
            b = c.script.briefing(pm)
            r = pm.record
            if r is None:
                result, mp = "-", "-"
            else:
                winner = next((s.title for s in c.sides if s.name == r.winner), "")
                result = f"Won by {winner}, Turn {r.turn}" if winner else f"Draw, Turn {r.turn}"
                mp = "-".join(str(n) for _, n in r.scores) or str(r.mp)
            out.append(f"| {pm.label} | {md(b['title'])} | {md(result)} | {mp} |")
    return out + [""]


def _plan(c) -> list[str]:
    if len(c.sides) > 1:
        return _pvp_plan(c)
    out = ["## The Operations", "", "| Mission | Enemy | Objectives | Battlefield | Deployment | Result | MP |",
           "|---|---|---|---|---|---|---|"]
    for op in c.plan:
        for pm in op.missions:
            b = c.script.briefing(pm)
            objectives = " and ".join(name for name, _ in b["objectives"])
            r = pm.record
            result = "-" if r is None else f"{r.outcome.capitalize()}, Turn {r.turn}"
            mp = "-" if r is None else str(r.mp)
            out.append(f"| {pm.label} | {md(b['faction'])} (TL {b['threat_level']}) | {md(objectives)} | "
                       f"{md(b['battlefield'][0])} | {md(b['deployment'])} | {md(result)} | {mp} |")
    return out + [""]


def _squad(c) -> list[str]:
    out = ["## The squad", "", "| Unit | Type | Status | Missions | Taken Out | Enemies Taken Out | HIT dealt | "
           "HIT lost | Injuries | Spoils of War |", "|---|---|---|---|---|---|---|---|---|---|"]
    if len(c.sides) > 1:
        out = [out[0].replace("The squad", "The squads"), "", out[2].replace("| Unit |", "| Squad | Unit |"),
               out[3] + "---|"]
    for u in sorted(c.units.values(), key=lambda u: (u.side, u.roster, u.id)):
        r = u.record
        injuries = ", ".join(c.catalog.skills[i].name for i in u.injury_ids) or "-"
        spoils = ", ".join(c.catalog.skills[s].name for s in u.spoils) or "-"
        status = {ACTIVE: "active", DECEASED: "Deceased"}.get(u.status, "left the squad")
        squad = f"| {md(c.sides[u.side].title)} " if len(c.sides) > 1 else ""
        out.append(f"{squad}| {md(u.name)} | {md(c.catalog.unit_types[u.unit_type].name)} | {status} | {r.missions} | "
                   f"{r.taken_out} | {r.enemies_taken_out} | {r.hit_dealt} | {r.hit_lost} | {md(injuries)} | "
                   f"{md(spoils)} |")
    return out + [""]


def _fallen(c) -> list[str]:
    fallen = c.fallen()
    if not fallen:
        return ["## The fallen", "", "Nobody fell.", ""]
    out = ["## The fallen", ""]
    for u in fallen:
        f, r = u.fell, u.record
        when = f", Turn {f.turn}" if f.turn else ""
        inj = c.catalog.skills[f.injury].name
        out.append(f"- **{md(u.name)}** ({md(c.catalog.unit_types[u.unit_type].name)}): fell in mission {f.mission}"
                   f"{when}, {md(f.by)}; {inj} a second time. {count(r.missions, 'mission')} "
                   f"({', '.join(r.played)}), Taken Out {r.taken_out} times, {count(r.enemies_taken_out, 'enemy')} "
                   f"Taken Out, {r.hit_dealt} HIT dealt, {r.hit_lost} HIT lost.")
    return out + [""]


def _reloads(c) -> list[str]:
    if c.setup.options.ironman:
        return ["## Reloads", "", "Ironman: no mission was ever reloaded.", ""]
    ops = [op.number for op in c.plan]
    return ["## Reloads", "", *[f"- Operation {n}: {count(c.reloads.get(n, 0), 'reload')}" for n in ops], ""]


def _lines(c) -> list[str]:
    out = ["## Chronicle", ""]
    for e in c.events:
        if isinstance(e, V.DieRolled) or not e.text:
            continue
        if isinstance(e, V.OperationBegins):
            out += ["", f"### {md(e.text)}", ""]
            continue
        out.append(f"- {md(e.text)}")
    return out + [""]


def chronicle_markdown(c) -> str:
    o = c.setup.options
    people = ", ".join(o.people)
    head = [f"# Campaign: {md(c.setup.name)}", "",
            f"{md(c.rules.title)} (edition {c.rules.edition}), seed {c.setup.seed}; played by {md(people)}"
            f"{' with mini squads' if o.mini_squads else ''}{'; Ironman' if o.ironman else ''}.", ""]
    return "\n".join(head + _result(c) + _plan(c) + _squad(c) + _fallen(c) + _reloads(c) + _lines(c))
