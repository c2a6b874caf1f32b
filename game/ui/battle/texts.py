"""The lines the battle screen writes, made from the match and the selection: the top bar's status, the preview
box under the action buttons, the hint strip at the bottom, the small label by the cursor. Pure functions of
the scene: drawing them is the painters' business."""
from __future__ import annotations

from ..skillui import grant_text, skill_rule
from ..wording import count, percent


def seated_name(sc) -> str | None:
    """The name of the person at the screen when several share it (texts name them then), else None (before anyone
    is seated: the person the screen is about to be handed to)."""
    if not sc.named:
        return None
    who = sc.seat or sc.session.person_to_act()
    return who.name if who is not None else None


def top_status(sc) -> tuple[str, tuple]:
    """The top bar's line in battle: whose decision it is and what is going on, with its colour (the question
    itself is in its box: the bar says whose it is)."""
    m = sc.match
    pal = sc.app.palette
    w = m.waiting_for()
    a = m.active_unit
    me = seated_name(sc)
    mine = sc.person_colour(sc.seat or sc.session.person_to_act()) if me else pal.player
    if m.prompt is not None and m.prompt.side == sc.side and sc.my_decision():
        where = "above" if sc.framing.prompt_where() == "at the top" else "below"
        return (f"{me}: your decision, in the box {where}" if me else f"Your decision: answer the question {where}"), \
            pal.select
    if w == sc.side and sc.my_decision():
        if a is not None:
            g = grant_text(m)
            head = f"{me}: " if me else ""
            if g:
                return f"{head}{m.unit(a).name}  ·  {g}", mine
            return f"{head}{m.unit(a).name} activating  ·  {m.act_left()} ACT left", mine
        return (f"{me}'s turn: activate one of your Ready units" if me else "Your turn: activate a Ready unit"), mine
    if sc.computer_side(w):
        who = acting_side(sc, w)
        if sc.turns.failed is not None:  # a computer player that failed: stopped (the message says why)
            return f"{who} stopped: the computer player failed (the battle is saved)", pal.bad
        if a is not None and m.side_of(a) == sc.side:  # the computer answers during one of our activations
            return f"{m.unit(a).name} activating  ·  {mid_sentence(who)} answering   (Space: skip)", pal.npc
        if a is not None and a == sc.npc_line_uid and sc.npc_line:  # the explanation of the unit acting now
            return sc.npc_line + "   (Space: skip)", pal.npc
        return f"{who} acting   (Space: skip)", pal.npc
    who = sc.session.person_to_act()
    if who is not None:  # another person at the screen (the hand-over comes next)
        return f"{who.name}'s turn", sc.person_colour(who)
    return "", pal.text


def mid_sentence(who: str) -> str:
    """acting_side's words inside a sentence: "the NPCs are", but a side's own name as it is ("Opponent is")."""
    return "the" + who[3:] if who.startswith("The ") else who


def acting_side(sc, side) -> str:
    """"The NPCs are" / "Ben is" / "The computer is": who acts now, for the top bar and the hint."""
    m = sc.match
    if side in m.npc_sides:
        return "The NPCs are"
    if side is None:
        return "The computer is"
    return f"{m.side_name(side)} is"


def info_lines(sc):
    """The preview box: what the hovered path or target would give."""
    m = sc.match
    pal = sc.app.palette
    lines: list[tuple[str, tuple, bool]] = []
    if m.phase != "battle":
        return lines
    pv = sc.sel.shown_preview
    if sc.skill is not None:
        return skill_info(sc, lines)
    if m.prompt is not None and m.prompt.side == sc.side:
        if sc.prompt_panel.active:
            lines.append((f"Answer the question {sc.framing.prompt_where()} of the table view first.", pal.select, True))
        return lines
    if sc.selected is None:
        if m.waiting_for() == sc.side and m.prompt is None:
            lines.append(("Click a Ready unit (or Tab) to see what it can do.", pal.text_dim, False))
        return lines
    if sc.mode in ("move", "dash") and pv is not None:
        return _move_info(sc, pv, lines)
    if sc.mode in ("ranged", "melee") and pv is not None:
        return _attack_info(sc, pv, lines)
    st = [s for s in sc.panel.actions if s.enabled]
    if not st and m.waiting_for() == sc.side:
        lines.append(("Nothing left to do: End activation (E or Enter).", pal.text_dim, False))
    return lines


def _move_info(sc, pv, lines):
    m, pal = sc.match, sc.app.palette
    name = "Move" if sc.mode == "move" else "Dash"
    lines.append((f'{name}: up to {pv.budget:g}" (climbing included)  ·  {len(pv.spots)} spots', pal.text, True))
    p = sc.hover_path
    if p is not None:
        lines.append((f'Path: {p.cost:.1f}" of {pv.budget:g}"' + (f", {count(p.climbs, 'climb')}" if p.climbs else ""),
                      pal.select, True))
        threats = pv.aoo_threats(p)
        if threats:
            names = ", ".join(m.unit(e).name for e in threats)
            lines.append((f"Warning: leaving {names} allows an Attack of Opportunity (R16)", pal.warn, True))
        lines += destination_lines(sc)
    else:
        lines.append(("Hover a highlighted spot to see the path; click to go.", pal.text_dim, False))
    return lines


def destination_lines(sc) -> list:
    """What the hovered destination would see (worked out ahead): the enemies it sees, its Cover, who could
    shoot it there."""
    m, pal = sc.match, sc.app.palette
    looks = sc.ahead.result(sc.ahead.destination_key())
    if looks is None:
        return [("From there: looking...", pal.text_faint, False)]
    sees = [lk for lk in looks if lk.sees_it]
    covered = [lk for lk in sees if lk.its_cover]
    seen = [lk for lk in looks if lk.seen_by]
    cover = [lk for lk in seen if lk.unit_in_cover]
    shooters = [m.unit(lk.uid).name for lk in looks if lk.could_shoot]
    if not seen:
        safety = "no enemy sees it"
    elif not cover:
        safety = f"exposed to the {len(seen)} that see it" if len(seen) > 1 else "exposed to the one that sees it"
    elif len(cover) == len(seen):
        safety = f"in Cover from all {len(seen)} that see it" if len(seen) > 1 else "in Cover from the one that sees it"
    else:
        safety = f"in Cover from {len(cover)} of the {len(seen)} that see it"
    out = [(f"From there: sees {count(len(sees), 'enemy')}" + (f" ({len(covered)} in Cover)" if covered else "") +
            f"; {safety}", pal.text, False)]
    if shooters:
        out.append(("Could be shot there by: " + ", ".join(shooters[:4]) + (" ..." if len(shooters) > 4 else ""),
                    pal.bad, True))
    return out


def _spread_line(sc, pv):
    """A Spread weapon: how to share its dice, or the targets chosen and their dice."""
    pal = sc.app.palette
    m = sc.match
    if len(pv.spread) < 2:
        first = f" ({m.unit(pv.spread[0]).name} chosen)" if pv.spread else ""
        return (f"Spread: Shift+click enemies Adjacent to each other to share the {pv.weapon.att} dice{first}.",
                pal.text_dim, False)
    dealt = ", ".join(f"{m.unit(u).name} {n}" for u, n in pv.spread_dice())
    return (f"Spread: {dealt} dice  ·  [ / ] over a target: one die fewer / more", pal.select, True)


def _attack_info(sc, pv, lines):
    pal = sc.app.palette
    w = pv.weapon
    valid = pv.valid_targets()
    lines.append((f"{w.name}: ATT {w.att}, SKL {w.skl}  ·  {count(len(valid), 'valid target')}", pal.text, True))
    if pv.spreads:
        lines.append(_spread_line(sc, pv))
    info = sc.hover_target
    if info is None:
        lines.append(("Hover an enemy: range, sight lines, Cover and the odds.", pal.text_dim, False))
        return lines
    if info.reason is not None:
        lines.append((f"{info.name}: {info.reason}", pal.bad, True))
        if info.distance is not None:
            lines.append((f'Distance {info.distance:.1f}"', pal.text_dim, False))
        return lines
    bits = [f'{info.distance:.1f}" away'] if info.distance is not None else []
    if info.setup is not None and (info.setup.att, info.setup.skl) != (w.att, w.skl):  # skills, the mission
        bits.append(f"this attack rolls ATT {info.setup.att}, SKL {info.setup.skl}")
    if info.sight is not None:
        bits.append("in Cover (1 save re-roll)" if info.setup is not None and info.setup.cover else "no Cover")
        if getattr(info.sight, "high_ground", False):
            bits.append("High Ground")
    lines.append((f"{info.name}: " + ", ".join(bits), pal.text, True))
    if info.chain:
        lines.append(("Chain Reaction: the same strikes also hit " + ", ".join(sc.match.unit(u).name
                                                                           for u in info.chain), pal.warn, True))
    if len(info.spread) > 1:
        dice = dict(info.spread)[info.uid]
        lines.append((f"Spread: {info.name} gets {count(dice, 'die', 'dice')} of {w.att}; a click on any of the "
                      f"{len(info.spread)} fires at them all", pal.warn, True))
    o = info.odds
    if o is not None:
        lines.append((f"At least 1 HIT lost: {percent(o.p_any)}   ·   expected HIT lost: "
                      f"{o.expected_target_loss:.2f}", pal.select, True))
        if o.p_taken_out is not None:
            lines.append((f"Chance to take it out: {percent(o.p_taken_out)}", pal.good, True))
        if info.melee and o.expected_attacker_loss > 0:
            lines.append((f"Returned Damage to you: expected {o.expected_attacker_loss:.2f} HIT", pal.warn, False))
        lines.append(("Odds with free re-rolls only (no TO spent)", pal.text_faint, False))
    elif info.error:
        lines.append((f"(odds unavailable: {info.error})", pal.text_faint, False))
    return lines


def skill_info(sc, lines):
    m, t, pal = sc.match, sc.skill, sc.app.palette
    lines.append((t.instruction(), pal.select, True))
    hu = sc.sel.hover_uid
    if hu is not None and hu in t.units():
        h = m.health(hu)
        lines.append((f"{m.unit(hu).name}: HIT {h.hit}/{h.max_hit}  ·  click to choose", pal.text, True))
    h = sc.skill_hover
    if h is not None:
        x, y = (h[0], h[1]) if h[2] else (round(h[0] * 2) / 2, round(h[1] * 2) / 2)  # fewer repaints
        where = f'Spot ({x:.1f}", {y:.1f}")' + ("" if h[2] else ": any point in reach (the rules check it)")
        lines.append((where, pal.text, True))
        if sc.skill_victims:
            lines.append(("Adjacent to it: " + ", ".join(m.unit(u).name for u in sc.skill_victims), pal.warn, True))
    rule = getattr(t, "rule", "") or skill_rule(m, t.sid)
    if rule:
        lines.append((rule, pal.text_dim, False))
    return lines


def hint_text(sc) -> str:
    m = sc.match
    if m.phase == "deploy":
        if sc.sel.deploy_uid is not None:
            return (f"Click inside your deployment zone to place {m.unit(sc.sel.deploy_uid).name}  ·  Auto-deploy "
                    "places everyone  ·  Ctrl+Z takes back  ·  wheel: zoom, right-drag: pan")
        w = m.waiting_for()
        if m.undeployed(sc.side) and w is not None and w != sc.side:  # the other side places first (or in turn)
            return f"{acting_side(sc, w)} placing units  ·  yours come next  ·  hover any base to read its card"
        return "Everyone is placed: Start battle (Enter)  ·  Ctrl+Z takes back the last placement"
    if m.phase == "over":
        return "The mission is over"
    if sc.effects.banner is not None:
        return "Click, Space or Enter: continue"
    w = m.waiting_for()
    if sc.skill is not None:
        return sc.skill.instruction() + "  ·  Esc or right click: back"
    if m.prompt is not None and m.prompt.side == sc.side:
        kind = m.prompt.kind
        if kind in ("dice", "mission_dice"):
            return "Pick a die (click or 1-9), then re-roll or change it, or Accept (Enter)"
        if kind == "parry":
            return "Pick one of the attacker's dice that hit (click or 1-9), then Parry it  ·  Enter: no Parry"
        where = sc.framing.prompt_where()
        if kind in ("devoted", "react"):
            return f"Click a highlighted unit on the table, or answer in the box {where}  ·  Enter: no"
        return f"Answer the question in the box {where} of the table view"
    if w != sc.side and sc.turns.failed is not None:
        return "The computer player failed and stopped  ·  Esc: menu (Continue resumes the autosave)"
    if w != sc.side:
        return f"{acting_side(sc, w)} acting  ·  Space: skip ahead  ·  hover any base to read its card"
    if sc.selected is None:
        return "Click a Ready unit (Tab: next)  ·  G: grid and ruler  ·  F1: help  ·  Esc: menu"
    if sc.act.enter_ends_activation():
        return "Nothing left to do: E or Enter ends the activation  ·  Ctrl+Z: undo"
    if sc.mode == "move":
        return "Click a highlighted spot to Move  ·  D: Dash  ·  R: shoot  ·  F: fight  ·  E: end activation"
    if sc.mode == "dash":
        return "Click a highlighted spot to Dash  ·  M: Move  ·  Esc: back"
    if sc.mode in ("ranged", "melee"):
        return "Click a target with a green reticle  ·  hover for the odds  ·  Esc or right click: back"
    return "Pick an action on the right  ·  E: end activation  ·  Ctrl+Z: undo"


def hover_label(sc):
    """(text, colour) of the small label by the cursor: the hovered unit's name and HIT (the reason it can't be
    targeted, or the odds), or why a unit cannot deploy there; None when there is none, or when a banner or the
    question box is under the cursor (one thing at a time)."""
    sel = sc.sel
    if sel.mouse_board is None or sc.effects.banner is not None:
        return None
    if sc.prompt_panel.active and sc.prompt_panel.rect.collidepoint(sc.app.mouse):
        return None
    if sel.hover_spot is not None and sel.mode in ("move", "dash"):
        return None  # the path's own label says what matters here
    pal = sc.app.palette
    if sel.hover_uid is None:
        g = sel.ghost
        if g is not None and not g[2] and sc.match.phase == "deploy":
            return f"Cannot deploy here: {g[3]}", pal.bad
        why = sc.ahead.result(sc.ahead.reach_key())
        if why:
            return why[:1].upper() + why[1:], pal.bad
        return None
    v = sc.by_uid.get(sel.hover_uid)
    if v is None:
        return None
    txt = f"{v.name}  ·  HIT {v.hit}/{v.max_hit}"
    col = pal.text
    info = sel.hover_target
    if info is not None and info.uid == v.uid:
        if info.reason:
            txt += f"  ·  {info.reason}"
            col = pal.bad
        elif info.odds is not None:
            shares = dict(info.spread)
            dice = f" with {count(shares[v.uid], 'die', 'dice')}" if len(shares) > 1 else ""
            txt += f"  ·  {percent(info.odds.p_any)} to hurt{dice}"
            col = pal.good
    intent = sc.ahead.result(sc.ahead.intent_key())
    if intent is not None and intent.uid == v.uid:
        txt += "\nNext: " + intent.text
    return txt, col
