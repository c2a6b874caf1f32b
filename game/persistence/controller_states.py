"""The computer players' states in a save: what each carries from one decision to the next that its commands depend
on (game.ai.common.ControllerState: a random stream, a planned follow-up, the markers its units go for...), so that
a game against the computer, saved and loaded, plays on with the commands it would have played unsaved.

The save's head keeps them under "controllers": {"version": 1, "sides": {side: the state, encoded as a snapshot's
records are}}; reading decodes them with the codec's strict checks (each field against its annotation), and each
controller checks the rest before taking any of it (`restore`). A save without them (written before they were kept,
or of a game no computer plays) or with damaged ones loads all the same: those computer players start afresh, as
they always did, and a warning names the file and the problem."""
from __future__ import annotations

import logging
from pathlib import Path

from game.ai.common import ControllerState
from game.match import codec
from game.modes.session import controller_states, hand_states

log = logging.getLogger(__name__)

VERSION = 1  # of the "controllers" part of a save's head


def encoded_states(match) -> dict | None:
    """The "controllers" part of a save of `match`: the states of the computer players of the session playing it
    (None: no computer player carries anything)."""
    states = controller_states(match)
    if not states:
        return None
    return {"version": VERSION, "sides": {side: codec.encode(s) for side, s in sorted(states.items())}}


def decoded_states(path: Path, data) -> dict:
    """side -> ControllerState, from a save head's "controllers" ({}: none, or damaged: a warning is logged)."""
    if data is None:
        return {}
    try:
        if type(data) is not dict or data.get("version") != VERSION or type(data.get("sides")) is not dict:
            raise codec.SnapshotError(f"are not of version {VERSION} of this game's computer players' states")
        out = {}
        for side, encoded in data["sides"].items():
            state = codec.decode(encoded)
            if type(state) is not ControllerState:
                raise codec.SnapshotError(f"of side {side!r} is not a computer player's state")
            out[side] = state
        return out
    except Exception as e:  # (nothing read is trusted: whatever fails, the game loads and they start afresh)
        log.warning("save %s: its computer players start afresh: their saved states %s", path, e,
                    exc_info=not isinstance(e, ValueError))
        return {}


def carry_on(path: Path, match, data) -> None:
    """The computer players of the session made next for `match` (a save's, loaded) carry on from the states the
    save's head keeps (`data`, its "controllers")."""
    hand_states(match, decoded_states(path, data))
