"""Words the player reads, made in one place: counts with proper plurals, battlefield titles, the short labels
on the bases, and commands told in plain words (undo messages, the generic prompt panel).

    count(1, "unit") -> "1 unit"; count(2, "enemy", "enemies") -> "2 enemies"
    map_title(bf, "pve-rift-30x22.tmx") -> the map's own title, else "Rift (30x22)"
    unit_labels([(uid, name, side, item, npc), ...]) -> {uid: "Co", ...}: unique within each squad
    command_text(match, cmd) -> "Move to (12.0", 8.5")", "use Medpack on Trooper", ...
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from game.rules.wording import count, plural  # noqa: F401  (counts: the rules layer's, worded alike everywhere)

def percent(p: float) -> str:
    """A chance for the player: whole percents, never "0%" or "100%" for what may or may not happen ("<1%",
    ">99%")."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.01:
        return "<1%"
    if p > 0.99:
        return ">99%"
    return f"{p * 100:.0f}%"


# == battlefield titles ==================================================================================
def map_title(bf=None, file_name: str | None = None) -> str:
    """A battlefield's name for the player: the map's own title (its `title` property) when it has one, else a
    tidy name made from its file name ("pve-rift-30x22.tmx" -> "Rift (30x22)"): one rule, the battlefield's."""
    from game.battlefield import tidy_title
    title = getattr(bf, "title", None) if bf is not None else None
    if isinstance(title, str) and title.strip():
        return title.strip()
    name = file_name or getattr(bf, "source", "") or ""
    return tidy_title(Path(str(name)).stem)


# == labels on the bases ==================================================================================
_NUMBERED = re.compile(r"^(.*?)\s*(\d+)$")


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalnum()]


def _initials(name: str) -> str:
    return "".join(w[0].upper() for w in _words(name)[:2]) or "?"


def _longer(name: str, k: int) -> str:
    """The first k letters of the first word, and the second word's initial: "Corvius" -> "Co",
    "Toland Strak" with k=2 -> "ToS"."""
    ws = _words(name)
    if not ws:
        return "?"
    head = ws[0][:k]
    head = head[:1].upper() + head[1:].lower()
    return head + (ws[1][0].upper() if len(ws) > 1 else "")


def unit_labels(units) -> dict:
    """The short label drawn on each base, unique within each squad and recognisable: the initial(s) of the name
    ("Toland Strak" -> "TS"), more letters when two names share them ("Corvius", "Castius" -> "Co", "Ca"), the
    number of a numbered NPC ("Raider 5" -> "5"), the initials and number of other numbered names ("Relay Mast 2"
    -> "RM2"), and a running number for names alike ("Trooper", "Trooper" -> "T1", "T2").

    `units`: (uid, name, side, item, npc) for every base on the table."""
    groups: dict[tuple, list] = defaultdict(list)
    for uid, name, side, item, npc in units:
        groups[(side, bool(item))].append((uid, (name or "").strip(), bool(npc)))
    out: dict = {}
    for (side, item), members in groups.items():
        numbered = {uid: _NUMBERED.match(name) for uid, name, _ in members}
        stems = {m.group(1).strip().lower() for m in numbered.values() if m}
        labels: dict = {}
        for uid, name, npc in members:
            m = numbered[uid]
            if m:
                stem, n = m.group(1).strip(), m.group(2)
                labels[uid] = n if (npc and not item and len(stems) == 1) else (_initials(stem) if stem else "") + n
            else:
                labels[uid] = _initials(name)
        # names that share a label: more letters, else a running number
        by_label: dict[str, list] = defaultdict(list)
        for uid, name, _ in members:
            by_label[labels[uid]].append((uid, name))
        taken = set(labels.values())
        for lab, same in by_label.items():
            if len(same) < 2:
                continue
            for k in (2, 3):
                cand = {uid: _longer(name, k)[:3] for uid, name in same}
                if len(set(cand.values())) == len(same) and not (set(cand.values()) & (taken - {lab})):
                    labels.update(cand)
                    taken |= set(cand.values())
                    break
            else:
                i = 0
                for uid, _ in same:
                    i += 1
                    while f"{lab[:2]}{i}" in taken:
                        i += 1
                    labels[uid] = f"{lab[:2]}{i}"
                    taken.add(labels[uid])
        out.update(labels)
    return out


# == commands in plain words ===============================================================================
def _unit(match, uid) -> str:
    try:
        return match.unit(uid).name
    except Exception:
        return "a unit"


def _weapon(match, uid, wid) -> str:
    try:
        return match.unit(uid).card.weapon(wid).name
    except Exception:
        pass
    try:
        for u in match.units(items=None):
            w = match.unit(u).card.weapon(wid)
            if w is not None:
                return w.name
    except Exception:
        pass
    return "a weapon"


def _skill(match, sid) -> str:
    from .skillui import skill_name
    try:
        return skill_name(match, sid)
    except Exception:
        return "a skill"


def people_of(match, side: str) -> str:
    """Who plays `side`, by name: its people ("Ana and Ben"), or the side's name (a hot-seat opponent's is their
    own name)."""
    players = list(match.scenario.side(side).players)
    if not players:
        return match.side_name(side)
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def side_name(side: str, own: str | None = None, npc_sides=()) -> str:
    """A side as the player reads it: "your squad", "the NPCs", or the side's name."""
    if own is not None and side == own:
        return "your squad"
    if side in npc_sides:
        return "the NPCs"
    return side.replace("-", " ").replace("_", " ")


def command_text(match, cmd, own: str | None = None) -> str:
    """A command in the words of the game ("Move to (12.0", 8.5")", "use Medpack on Trooper"), never its class
    name or fields. `own`: the player's side (named "your squad")."""
    from game.match import commands as C
    at = (lambda c: f' to ({c.x:.1f}", {c.y:.1f}")')  # noqa: E731
    try:
        if isinstance(cmd, C.Move):
            return "Move" + at(cmd)
        if isinstance(cmd, C.Dash):
            return "Dash" + at(cmd)
        if isinstance(cmd, C.Deploy):
            return f"deploy {_unit(match, cmd.uid)}"
        if isinstance(cmd, C.EndDeployment):
            return "end of deployment"
        if isinstance(cmd, C.Activate):
            return f"activate {_unit(match, cmd.uid)}"
        if isinstance(cmd, C.EndActivation):
            return "end of the activation"
        if isinstance(cmd, C.ToggleDoor):
            return "open or close a door"
        if isinstance(cmd, C.UseSkill):
            text = f"use {_skill(match, cmd.skill)}"
            if cmd.target is not None:
                text += f" on {_unit(match, cmd.target)}"
            if cmd.other is not None:
                text += f" and {_unit(match, cmd.other)}"
            if cmd.x is not None and cmd.y is not None:
                text += f' at ({cmd.x:.1f}", {cmd.y:.1f}")'
            return text
        if isinstance(cmd, C.RangedAttack):
            return f"shoot {_unit(match, cmd.target)} with {_weapon(match, None, cmd.weapon)}"
        if isinstance(cmd, C.MeleeAttack):
            return f"fight {_unit(match, cmd.target)} with {_weapon(match, None, cmd.weapon)}"
        if isinstance(cmd, C.AcceptDice):
            return "accept the dice"
        if isinstance(cmd, C.RerollDie):
            return f"re-roll die {cmd.index + 1}"
        if isinstance(cmd, C.ChangeDie):
            return f"{'+1' if cmd.delta > 0 else '-1'} on die {cmd.index + 1}"
        if isinstance(cmd, C.RollAutoDie):
            return f"roll the automatic Strike (die {cmd.index + 1})"
        if isinstance(cmd, C.ChooseAttackOfOpportunity):
            return "no Attack of Opportunity" if cmd.uid is None else \
                f"Attack of Opportunity by {_unit(match, cmd.uid)}"
        if isinstance(cmd, C.Blunt):
            return f"blunt {count(cmd.dice, 'die')}"
        if isinstance(cmd, C.PickNpc):
            return f"{_unit(match, cmd.uid)} acts next"
        if isinstance(cmd, C.ChooseFirst):
            name = side_name(cmd.first, own, getattr(match, "npc_sides", ()))
            return f"{name[:1].upper()}{name[1:]} first"
        if isinstance(cmd, C.ChooseUnit):
            return "no one" if cmd.uid is None else _unit(match, cmd.uid)
        if isinstance(cmd, C.ChooseWeapon):
            return "no weapon" if cmd.weapon is None else _weapon(match, None, cmd.weapon)
        if isinstance(cmd, C.ChooseNumber):
            return str(cmd.n)
    except Exception:
        pass
    return "an action"
