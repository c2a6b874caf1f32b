"""What the results screen says about a finished battle (HTML for its text box): the outcome, the mission's own
summary (objectives and their status, MP per side, notes), each squad's units, and the battle Turn by Turn from
the match's events and the statistics the event feed kept. Nothing here knows a mission."""
from __future__ import annotations

from html import escape

from game.match import events as E
from game.match import unit_outcomes as UO

from ..wording import count, people_of


def result_title(match, side: str | None = None) -> tuple[str, bool]:
    """(the big word on the banner and the results screen, good news for `side`?)."""
    res = match.result
    if res is None:
        return "MISSION OVER", False
    if res.outcome == "victory":
        return "VICTORY", True
    if res.outcome == "defeat":
        return "DEFEAT", False
    if res.winner is None or res.outcome == "draw":
        return "DRAW", False
    people = [s for s in match.sides if s not in match.npc_sides]
    if len(people) > 1 or side is None:  # a battle between people at one screen: name the winner
        return f"WON BY {match.side_name(res.winner).upper()}", True  # (a squad's name may be plural)
    return ("VICTORY", True) if res.winner == side else ("DEFEAT", False)


def _objectives_html(summary, over: bool = False) -> list[str]:
    """The mission's objectives as it tells them; `over`: the mission is over, so none is "open" (one the mission
    leaves undecided, a race between the sides or a score, reads as its status alone)."""
    out = [f"<b>{escape(summary.title)}</b>  ·  {escape(summary.turn_text)}<br>"]
    for ob in summary.objectives:
        out.append(f"  {escape(ob.label)}: {escape(ob.told('' if over else ' (open)'))}<br>")
    for note in summary.notes:
        out.append(f"  {escape(note)}<br>")
    return out


def summary_html(match, side: str | None, stats: dict, named: bool = False) -> str:
    """The results' text. `named`: several people shared the screen, so each side is named by its people ("Ana
    5 MP", "Ana and Ben: 3 of 5 standing"), never "your squad"; `side` None: no side is "yours"."""
    m = match
    if named:
        side = None
    res = m.result
    out = [f"<b>{escape(_outcome_words(m, res, named))}</b> on Turn {m.turn}: "
           f"{escape(res.text if res else '')}.<br><br>"]
    try:
        summary = m.mission.summary(m)
    except Exception:  # a mission that cannot say: the rest of the results still show
        summary = None
    if summary is not None:
        out += _objectives_html(summary, over=m.phase == "over")
    scores = (res.scores if res is not None and res.scores else None) or \
        (tuple((m.side_name(s), n) for s, n in m.score.items() if s not in m.npc_sides) if m.score else ())
    if scores and any(n for _, n in scores):  # (a result names sides by id: the players read their names)
        out.append("<b>Mission Points</b>: " + "  ·  ".join(
            f"{escape(_who(m, name, named) if name in m.sides else str(name))} {n} MP" for name, n in scores) + "<br>")
    out.append("<br>")
    fates = {o.uid: o.fate for o in m.mission.after_mission(m).units}  # (the mission's word: extracted, left behind)
    for s in m.sides:
        if s in m.npc_sides:
            continue
        units = [u for u in m.all_units() if m.unit(u).side == s and not m.unit(u).item]
        standing = m.units(s)  # (a Downed unit is on the table, not standing)
        downed = m.units(s, downed=True)
        away = sum(1 for u in units if fates.get(u) == UO.EXTRACTED)
        who = "Your squad" if s == side else escape(_who(m, s, named))
        out.append(f"<b>{who}</b>: {len(standing)} of {len(units)} standing"
                   + (f", {away} extracted" if away else "") + (f", {len(downed)} Downed" if downed else "") + "<br>")
        for u in units:
            out.append(f"  {escape(m.unit(u).name)}: {_fate_words(m, u, fates.get(u), u in downed)}<br>")
    st = stats
    if side is None:  # nobody's "yours": each side by its people's names
        for s in m.sides:
            if s in m.npc_sides:
                continue
            out.append(f"<br><b>{escape(_who(m, s, named))}</b>: {count(st['attacks'].get(s, 0), 'attack')}, "
                       f"{count(sum(v for k, v in st['taken_out'].items() if k != s), 'enemy')} Taken Out")
        out.append("<br>")
    else:
        others_out = sum(v for k, v in st["taken_out"].items() if k != side)
        out.append(f"<br><b>Enemies Taken Out</b>: {others_out}<br>")
        out.append(f"<b>Attacks</b>: yours {st['attacks'].get(side, 0)}, the others' "
                   f"{sum(v for k, v in st['attacks'].items() if k != side)}<br>")
    out.append(f"<b>Commands played</b>: {len(m.log)}<br><br>")
    out += _turn_by_turn(m, side, named)
    out.append("Every roll of the battle is kept in its saves: loading one replays it exactly.")
    return "".join(out)


def _fate_words(m, uid: int, fate, downed: bool) -> str:
    """How a unit ended, in words: the mission's fate for it (extracted, left behind...), else its state."""
    if fate == UO.EXTRACTED:
        return "Extracted"
    if fate == UO.LEFT_BEHIND:
        return "Left behind (counts as Taken Out)"
    if fate == UO.DEPARTED:
        return "Left the table"
    if not m.standing(uid):
        return "Taken Out"
    if downed:
        return "Downed"
    h = m.health(uid)
    return f"HIT {h.hit}/{h.max_hit}"


def _outcome_words(m, res, named: bool) -> str:
    """"Victory", "Defeat", "Draw", or the winner by name ("Won by Ana": a squad's name may be plural; a result keeps
    the side's id)."""
    if res is None:
        return "Over"
    if res.winner is not None and res.outcome == res.winner:
        return f"Won by {_who(m, res.winner, named)}"
    return res.outcome.capitalize()


def _who(m, side: str, named: bool) -> str:
    return people_of(m, side) if named else m.side_name(side)


def _turn_by_turn(m, side: str | None, named: bool = False) -> list[str]:
    """Turn by Turn, from the match's events: TO, units that appeared, units Taken Out; from `side`'s view (your TO,
    enemies Taken Out, yours lost), or with `side` None each squad by its name."""
    turns: dict[int, dict] = {}
    cur = 0
    for e in m.events:
        if isinstance(e, E.TurnStarted):
            cur = e.turn
            turns.setdefault(cur, {"to": {}, "lost": {}, "spawned": 0})
        elif cur and isinstance(e, E.TacticalOrdersRolled):
            turns[cur]["to"][e.side] = e.total
        elif cur and isinstance(e, E.TakenOut):
            turns[cur]["lost"][e.side] = turns[cur]["lost"].get(e.side, 0) + 1
        elif cur and isinstance(e, E.Spawned):
            turns[cur]["spawned"] += 1
    if not turns:
        return []
    out = ["<b>Turn by Turn</b><br>"]
    squads = [s for s in m.sides if s not in m.npc_sides]
    for t, row in sorted(turns.items()):
        appeared = f"  ·  {count(row['spawned'], 'unit')} appeared" if row["spawned"] else ""
        if side is not None:
            out_n = sum(n for s, n in row["lost"].items() if s != side)
            out.append(f"Turn {t}: {row['to'].get(side, '-')} TO{appeared}  ·  {count(out_n, 'enemy')} Taken Out  ·  "
                       f"{row['lost'].get(side, 0)} of yours lost<br>")
        else:
            tos = ", ".join(f"{escape(_who(m, s, named))} {row['to'].get(s, '-')} TO" for s in squads)
            lost = ", ".join(f"{escape(_who(m, s, named))} {row['lost'].get(s, 0)}" for s in squads)
            out.append(f"Turn {t}: {tos}{appeared}  ·  units lost: {lost}<br>")
    out.append("<br>")
    return out
