"""Shared helpers for the PvE tests: the skirmish fixture of tests/match (units placed by hand, scripted dice), and
PvE matches built with scripted dice from the very first roll of their setup."""
import pytest

from game.battlefield import open_table
from game.content import load_catalog
from game.match import commands as C
from game.match.match import Match
from game.modes.pve import scenario as SC
from game.modes.pve.data import load_pve_data
from game.modes.pve.mission import PveMission
from game.rules.cards import build_card
from game.rules.dice import ScriptedDice
from game.rules.model import SquadSpec, UnitSpec
from tests.match.conftest import skirmish

CAT = load_catalog()
DATA = load_pve_data(CAT)
NO_TO = [6, 6, 6]  # three Tactical Order dice (no Leader), none succeeds


def two_troopers(n: int = 2) -> SquadSpec:
    """A small squad without a Leader (3 TO dice): First Mission Troopers A, B, ..."""
    return SquadSpec("FM", "Test squad", tuple(UnitSpec("FM-TRP", chr(65 + i)) for i in range(n)))


def pve_match(monkeypatch, options: dict, dice=(), squad=None, battlefield=None, measure="inches"):
    """A PvE match on the open table (or `battlefield`) whose dice are scripted from the first setup roll on."""
    sc = SC.make_scenario(CAT, DATA, squad or two_troopers(), None, None, measure, options, "person")
    mission = PveMission(CAT, dict(sc.options))
    spec = sc.side("player").squad
    cards = {"player": [(u.name or CAT.unit_types[u.unit_type].name, build_card(CAT, u)) for u in spec.units]}
    scripted = ScriptedDice(list(dice))
    monkeypatch.setattr("game.match.match.Dice", lambda seed: scripted)
    return Match(sc, 0, mission, battlefield or open_table(), cards, catalog=CAT)


def deploy(m, spots, dice=()):
    """Deploy the squad's units at `spots` (in squad order) and start Turn 1 with these dice."""
    for uid, (x, y) in zip(m.undeployed("player"), spots):
        m.submit(C.Deploy("player", uid, x, y))
    m.dice._faces.extend(dice)
    m.submit(C.EndDeployment("player"))


def roll(m, *faces):
    m.dice._faces.extend(faces)


def npcs(m):
    return m.units("npc")


def events_named(m, text):
    from game.match import events as E
    return [e for e in m.events if isinstance(e, E.MissionEvent) and text in e.name]


@pytest.fixture
def make_skirmish():
    made = []

    def _make(*args, **kw):
        m, a, b = skirmish(*args, **kw)
        made.append(m)
        return m, a, b

    yield _make
    for m in made:
        m.close()


@pytest.fixture
def pve(monkeypatch):
    made = []

    def _make(*args, **kw):
        m = pve_match(monkeypatch, *args, **kw)
        made.append(m)
        return m

    yield _make
    for m in made:
        m.close()
