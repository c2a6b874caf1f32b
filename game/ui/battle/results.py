"""What the results screen says about a finished battle (HTML for its text box), from the match and the
statistics the event feed kept."""
from __future__ import annotations

from html import escape

from game.match import events as E

from ..wording import count


def summary_html(match, side: str, stats: dict) -> str:
    m = match
    res = m.result
    st = stats
    mine = m.units(side)
    all_mine = [u for u in m.all_units() if m.unit(u).side == side and not m.unit(u).item]
    items = [u for u in m.all_units() if m.unit(u).item]
    items_left = [u for u in items if m.standing(u)]
    out = [f"<b>{escape(res.outcome.capitalize() if res else 'Over')}</b> on Turn {m.turn}: "
           f"{escape(res.text if res else '')}.<br><br>"]
    out.append(f"<b>Your squad</b>: {len(mine)} of {len(all_mine)} standing<br>")
    for u in all_mine:
        h = m.health(u)
        state = "Taken Out" if not m.standing(u) else f"HIT {h.hit}/{h.max_hit}"
        out.append(f"  {escape(m.unit(u).name)}: {state}<br>")
    npc_out = sum(v for k, v in st["taken_out"].items() if k != side)
    out.append(f"<br><b>Spawn Points</b> destroyed: {len(items) - len(items_left)} of {len(items)}<br>")
    out.append(f"<b>Enemies Taken Out</b> (Bugs and Spawn Points): {npc_out}<br>")
    out.append(f"<b>Attacks</b>: yours {st['attacks'].get(side, 0)}, the NPCs' "
               f"{sum(v for k, v in st['attacks'].items() if k != side)}<br>")
    out.append(f"<b>Commands played</b>: {len(m.log)}<br><br>")
    # Turn by Turn, from the match's events
    turns: dict[int, dict] = {}
    cur = 0
    for e in m.events:
        if isinstance(e, E.TurnStarted):
            cur = e.turn
            turns.setdefault(cur, {"to": "-", "out": 0, "lost": 0, "spawned": 0})
        elif cur and isinstance(e, E.TacticalOrdersRolled) and e.side == side:
            turns[cur]["to"] = str(e.total)
        elif cur and isinstance(e, E.TakenOut):
            turns[cur]["lost" if e.side == side else "out"] += 1
        elif cur and isinstance(e, E.Spawned):
            turns[cur]["spawned"] += 1
    if turns:
        out.append("<b>Turn by Turn</b><br>")
        for t, row in sorted(turns.items()):
            out.append(f"Turn {t}: {row['to']} TO  ·  {count(row['spawned'], 'Bug')} appeared  ·  "
                       f"{count(row['out'], 'enemy')} Taken Out  ·  {row['lost']} of yours lost<br>")
        out.append("<br>")
    out.append("Every roll of the battle is kept in its saves: loading one replays it exactly.")
    return "".join(out)
