"""Loading a save: the match rebuilt from the save's snapshot when it is the state of its log, else by replaying the
log from its scenario (with the setup's own check). The only outcomes are a loaded match or a SaveError naming the
file (and the command, when replaying fails); the file is never modified."""
from __future__ import annotations

import logging
from pathlib import Path

from game.battlefield import MapError
from game.match import snapshot
from game.match.commands import shown_value
from game.match.errors import IllegalCommand
from game.match.flow import DEPLOY, SETUP
from game.match.history import HistoryError
from game.match.scenario import Scenario, ScenarioError

from .controller_states import carry_on
from .jsonfile import paused_gc
from .save_format import HASHED_SINCE, SaveError
from .save_reading import Saved, read_checked

log = logging.getLogger(__name__)


def _check_squads(path: Path, scenario: Scenario, catalog) -> None:
    """Every squad in the scenario names units and gear this game knows."""
    for s in scenario.sides:
        if s.squad is None:
            continue
        where = f"side {shown_value(s.side)}"
        if s.squad.squad_type not in catalog.squad_types:
            raise SaveError(path, f"scenario: {where}: unknown squad type {shown_value(s.squad.squad_type)}")
        for i, u in enumerate(s.squad.units):
            if u.unit_type not in catalog.unit_types:
                raise SaveError(path, f"scenario: {where}, unit {i + 1}: unknown unit type {shown_value(u.unit_type)}")
            for g in u.gear:
                if g not in catalog.weapons and g not in catalog.skills:
                    raise SaveError(path, f"scenario: {where}, unit {i + 1}: unknown gear {shown_value(g)}")


def _close_quietly(match) -> None:
    try:
        match.close()
    except Exception:  # a match broken by a bad replay may not close cleanly; it is dropped either way
        log.warning("closing a match that failed to replay", exc_info=True)


def _restore_snapshot(path: Path, match, saved: Saved) -> int | None:
    """Put the match in the state the save's snapshot holds, when it is the state of this very log (its counts,
    the log's checksum) and restores to the saved state hash; returns the commands it covers (None: not restored,
    replay them all; -1: the match was left half restored). The save's checkpoints become the match's, for an undo."""
    data = saved.data
    snap = data.get("snapshot")
    if not saved.log_ok or not isinstance(snap, dict) or snap.get("commands") != len(saved.commands) or \
            snap.get("events") != len(saved.events) or snap.get("hash") != data.get("state_hash"):
        return None  # not the state of this very log: replay the log
    try:
        with paused_gc():
            snapshot.restore(match, snap, events=saved.events, log=saved.commands, rolls=saved.rolls)
    except Exception:  # never trusted: a snapshot that does not restore exactly is ignored, the log replayed
        log.warning("save %s: its snapshot was ignored; replaying the commands", path, exc_info=True)
        return -1
    recent, older = data["recent"], saved.older
    cp = older.checkpoint(recent["from"], recent["events_from"]) if older is not None else None
    before = recent.get("before_last")  # (an undo right after loading restores it and replays nothing)
    if older is not None and before is not None:
        before = older.checkpoint(before["commands"], before["events"], "before_last")
    match.checkpoints = [c for c in (cp, before) if c is not None] + [snap]  # (an undo restores the nearest one
    # at or before where it goes and replays what follows)
    return len(saved.commands)


def _snapshot_phase(saved: Saved):
    """The phase the save's snapshot says its match is in, read without restoring it (None: not said). Only a
    shortcut: a snapshot saying "battle" is still restored and its restored phase checked."""
    snap = saved.data.get("snapshot")
    return snapshot.peek_phase(snap) if isinstance(snap, dict) else None


def _refuse_unplayable(path: Path, match) -> bool:
    """True once the setup's check was made (deployment open) and passed; SaveError (the match closed) when the
    setup would refuse this game; False while deployment has not begun."""
    from game.modes.playable import deployment_open, start_problem
    if not deployment_open(match):
        return False
    problem = start_problem(match)
    if problem:
        _close_quietly(match)
        raise SaveError(path, f"the setup would refuse this game: {problem}")
    return True


def load_match(path: Path, catalog=None, prepare: bool = False):
    """Rebuild the saved match: from its snapshot when it is the state of its log, else by replaying the log. The
    only outcomes are a loaded match or SaveError naming the file (and the command, when replaying fails); the
    file is never modified. `prepare`: build the movement graph first (for a player about to see previews)."""
    from game.modes import CHECKPOINT_EVERY, create_match

    path = Path(path)
    saved = read_checked(path)
    scenario, seed = saved.scenario, saved.seed
    try:
        if catalog is None:
            from game.content import load_catalog
            catalog = load_catalog()
        _check_squads(path, scenario, catalog)
        match = create_match(scenario, seed, catalog, prepare=prepare)
    except SaveError:
        raise
    except ScenarioError as e:
        raise SaveError(path, f"scenario: {e}") from None
    except MapError as e:
        raise SaveError(path, f"its map cannot be used: {e}") from None
    except Exception:  # a squad that no longer builds, or sides this mission does not have
        log.warning("save %s: setting up the mission failed", path, exc_info=True)
        raise SaveError(path, "the saved mission cannot be set up: its sides or squads are not ones this mission "
                              "can use; the save was probably edited or damaged") from None
    # A save whose snapshot is past deployment is loaded from it and not searched for room to deploy (its units
    # stand on the table: the search cannot matter, and it is most of a load's time). Any other is replayed from
    # its scenario with the setup's own check made at the moment the setup makes it (deployment open): a save the
    # setup would refuse is refused.
    start = None if _snapshot_phase(saved) in (SETUP, DEPLOY) else _restore_snapshot(path, match, saved)
    if start is not None and (start < 0 or match.phase in (SETUP, DEPLOY)):  # half restored, or before the battle
        _close_quietly(match)
        match = create_match(scenario, seed, catalog, prepare=prepare)
        start = None
    checked = start is not None or _refuse_unplayable(path, match)
    start = start or 0
    if start == 0:
        match.checkpoint_every = max(match.checkpoint_every, CHECKPOINT_EVERY)  # (undo after loading stays short)
        try:
            commands = list(saved.commands)
        except HistoryError as e:
            _close_quietly(match)
            raise SaveError(path, e.problem) from None
        for i, c in enumerate(commands):
            if not checked:
                checked = _refuse_unplayable(path, match)
            try:
                match.submit(c)
            except IllegalCommand as e:
                _close_quietly(match)
                raise SaveError(path, f"command {i + 1} ({c.describe()}) is not legal on replay: {e}") from None
            except Exception:  # anything else from deep in the rules: still just a save that cannot be loaded
                log.warning("save %s: replaying command %d failed", path, i + 1, exc_info=True)
                _close_quietly(match)
                raise SaveError(path, f"command {i + 1} ({c.describe()}) cannot be replayed: the game could not "
                                      "carry it out; the save was probably edited or damaged") from None
    carry_on(path, match, saved.data.get("controllers"))  # (its computer players carry on as they were)
    if start:  # restored: the snapshot's state hash, the save's, was checked against the restored match's
        return match
    try:
        same = saved.data["version"] < HASHED_SINCE or saved.data.get("state_hash") in (None, "", match.state_hash())
    except Exception:
        log.warning("save %s: hashing the replayed match failed", path, exc_info=True)
        _close_quietly(match)
        raise SaveError(path, "the replayed battle cannot be checked against the save") from None
    if not same:
        _close_quietly(match)
        raise SaveError(path, "replaying it gives a different battle than was saved (state hash differs)")
    return match
