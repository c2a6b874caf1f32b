"""PvE missions (play-modes digest 2.1, the launch edition, and 2.2): a mission generated from its tables against
an NPC faction, solo or co-op. The data is in assets/data/pve/; the script in mission.py. The later edition is a
variant of the same mission (option edition=e2), and so are the scripted missions (variant.py): each Last Signal
mission and each Operation is listed too, as a mission id that names it (the scenario it makes is a "pve" one)."""
import sys

from game.modes import MissionEntry, register

from .data import PveDataError, load_pve_data
from .mission import PveMission

register(MissionEntry(PveMission.id, PveMission.mode, "PvE mission (generated)", PveMission))

try:
    _book = load_pve_data().book
except PveDataError as _e:  # a broken data file: the generated mission says why when it is played
    print(f"PvE: {_e} (the scripted missions are left out)", file=sys.stderr)
    _book = None
if _book is not None:
    for _m in _book.last_signal:
        register(MissionEntry(f"pve-{_m.key}", PveMission.mode, f"{_m.heading}: {_m.title} (later edition)",
                              PveMission, options=(("scripted", _m.key),)))
    for _op in _book.operations:
        register(MissionEntry(f"pve-operation-{_op.id.lower()}", PveMission.mode,
                              f"Operation {_op.id}: {_op.title} (later edition; {len(_op.missions)} missions: "
                              f"--option operation={_op.id},N)", PveMission,
                              options=(("operation", _op.id),)))
