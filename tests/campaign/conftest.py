"""Shared helpers of the campaign tests: campaigns made from a squad with the campaign's own dice scripted where a
test needs exact rolls, missions finished with a hand-made report (the campaign never reads a match), and the PvE
match fixture with scripted dice (tests/modes/pve)."""
import pytest

from game.campaign import Options, Setup, new_campaign
from game.campaign import decisions as D
from game.campaign.model import HOMEBASE
from game.content import default_squad, load_catalog
from game.rules.dice import ScriptedDice
from game.rules.model import SquadSpec, UnitSpec
from tests.modes.pve.conftest import pve  # noqa: F401  (a fixture the campaign tests use too)

CAT = load_catalog()
BY = "Ravager (Despoiler Warband)"


def campaign(squad=None, seed=1, people=1, mini=None, ironman=False, factions=()):
    """A PvE campaign of `squad` (the Interdictors' default squad), or of co-op mini squads."""
    names = tuple(f"Player {i + 1}" for i in range(len(mini) if mini else people))
    squads = tuple(mini) if mini else (squad or default_squad("interdictors"),)
    return new_campaign(Setup("pve", seed, "Test", Options(names, bool(mini), ironman, tuple(factions)), squads))


def script(c, *faces):
    """The campaign's next dice."""
    c.dice = ScriptedDice(list(faces))


def finish(c, out=(), behind=(), mp=3, won=True, turn=4, took=None, dealt=None):
    """Start the next mission (if needed) and finish it: units `out` Taken Out on Turn 2 by BY, `behind` left
    behind, the others extracted; `took`: unit -> names of enemies it took out; `dealt`: unit -> HIT dealt."""
    if c.current is None:
        c.submit(D.StartMission())
    reports = []
    for u in c.current.units:
        fate = "taken_out" if u in out else "left_behind" if u in behind else "extracted"
        reports.append(D.UnitReport(u, fate, 2 if u in out else (turn if u in behind else None),
                                    BY if u in out else ("left behind at extraction" if u in behind else ""),
                                    tuple((took or {}).get(u, ())), (dealt or {}).get(u, 0), 1 if u in out else 0))
    c.submit(D.FinishMission((), "h", "victory" if won else "defeat", won, turn, "test", mp, tuple(reports)))


def to_homebase(c, mp=3):
    """Finish the missions of the current Operation with nobody Taken Out."""
    while c.where.stage != HOMEBASE:
        finish(c, mp=mp)


def ids(c):
    return [u.id for u in c.roster_units()]


def small_squad(n=4, leader=True) -> SquadSpec:
    """Interdictor Strike Troopers (13 GP), the first one the Leader."""
    units = [UnitSpec("INT-STRP", f"T{i + 1}", ("INT-CK", "INT-AR") + (("INT-LDR",) if leader and i == 0 else ()))
             for i in range(n)]
    return SquadSpec("INT", "Test squad", tuple(units))


@pytest.fixture
def cat():
    return CAT
