"""Skill actions on one unit's HIT or conditions: Medpack, Restore, Cloak, Mindstab, Protect, Execute, Hide,
Standby."""
from __future__ import annotations

from game.rules.dice import Die

from .. import events as E
from .action_checks import _aura_mate_check, _heal_check, _need_target, _standing_unit
from .ids import AURA
from .unit_queries import cond


def _medpack_check(match, uid, cmd):
    return _heal_check(match, uid, cmd, adjacent_only=True, self_ok=True)


def heal_d3(match, uid: int, target: int, why: str, extra: int = 0) -> None:
    """A skill's 1D3 of healing (+ `extra`), its die shown as a D3."""
    n = match.dice.d3()
    match.emit(E.DiceRolled(f"{why}: 1D3 for {match.unit(target).name}", (Die(n),), "", match.side_of(uid), 3))
    match.heal(target, n + extra, why)


def _medpack(match, uid, cmd) -> None:
    heal_d3(match, uid, cmd.target, match.catalog.skills[cmd.skill].name if match.catalog else "Medpack")


def _cloak(match, uid, cmd) -> None:
    cond(uid).cloaked = True
    match.note(f"{match.unit(uid).name} is Cloaked until its next activation")


def _mindstab(match, uid, cmd) -> None:
    cond(cmd.target).mindstabbed = True
    match.note(f"{match.unit(cmd.target).name} is Mindstabbed: no re-rolls until the Turn ends")


def _protect_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose this unit or a squadmate"
    return None


def _protect(match, uid, cmd) -> None:
    cond(cmd.target).protected = True
    match.note(f"{match.unit(cmd.target).name} is Protected until the Turn ends")


def _restore_check(match, uid, cmd):
    return _aura_mate_check(match, uid, cmd) or _heal_check(match, uid, cmd, False, False, AURA,
                                                           not_adjacent_enemy=False)


def _restore(match, uid, cmd) -> None:
    cond(uid).restored = True
    heal_d3(match, uid, cmd.target, "Restore")


def _execute_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not match.adjacent(uid, t):
        return "choose an Adjacent enemy unit"
    if match.health(t).hit != 1:
        return "Execute needs an enemy with exactly 1 HIT left"
    return None


def _execute(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} executes {match.unit(cmd.target).name}")
    match.lose_hit(cmd.target, 1, uid)


def _hide(match, uid, cmd) -> None:
    c = cond(uid)
    c.hidden = not c.hidden
    match.note(f"{match.unit(uid).name} " + ("goes into hiding" if c.hidden else "leaves hiding"))


def _standby(match, uid, cmd) -> None:
    cond(uid).standby = True
    match.note(f"{match.unit(uid).name} goes on Standby")
