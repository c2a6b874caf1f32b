"""Dice are drawn as what they are: a D10 (a random Anchor) and a D3 (a Medpack) as their own numbered faces, a
mission's table roll never marked as a failure (its 6 is no "always fails"), and chances worded as players read
them ("<1%", not "0%" for 0.2%). The log is rendered to a picture (tests/output/screens/dice-faces.png)."""
import pygame

from game.match import events as E
from game.rules.dice import Die
from game.ui.dicelog import RollReader
from game.ui.logview import LogView
from game.ui.wording import percent

from .driver import SCREENS


def _face_colour(surf, size):
    """The colour of a die's face away from its pips and number (left middle of the body)."""
    pad = max(3, size // 5)
    return tuple(surf.get_at((pad + size // 2, pad + int(size * 0.1) + 2)))[:3]


def test_chances_are_worded_as_players_read_them():
    assert percent(0.002) == "<1%" and percent(0.0) == "0%" and percent(0.4) == "40%"
    assert percent(0.996) == ">99%" and percent(1.0) == "100%"


def test_a_d10_a_d3_and_a_table_roll_are_drawn_as_such(app):
    sp, pal = app.sprites, app.palette
    size = 30
    d6_fail = sp.die(size, 6, success=False)
    d6_table = sp.die(size, 6, success=False, plain=True)  # a table roll: no success or failure
    near = lambda c, ref: sum(abs(a - b) for a, b in zip(c, ref[:3])) < 20  # noqa: E731 (smooth-scaled)
    assert near(_face_colour(d6_table, size), pal.die_face) and near(_face_colour(d6_fail, size), pal.die_fail)
    d10 = [sp.die(size, f, sides=10, plain=True) for f in (4, 8, 9, 10)]
    assert len({pygame.image.tobytes(s, "RGBA") for s in d10}) == 4, "each D10 face shows its own number"
    assert pygame.image.tobytes(d10[0], "RGBA") != pygame.image.tobytes(sp.die(size, 4, plain=True), "RGBA"), \
        "a D10's 4 does not look like a D6's 4"
    d3 = sp.die(size, 2, sides=3, plain=True)
    assert pygame.image.tobytes(d3, "RGBA") != pygame.image.tobytes(sp.die(size, 2, plain=True), "RGBA")
    # in the log: the Anchor's D10, the Medpack's D3 and a table's 6
    r = RollReader()
    entries = [r.entry(E.DiceRolled("Random Anchor (1D10)", (Die(8),), "SE", "player", 10)),
               r.entry(E.DiceRolled("Medpack: 1D3 for Castius", (Die(2),), "", "player", 3)),
               r.entry(E.DiceRolled("Turn Event (1D6)", (Die(6),), "Enemy Reinforcements", "player"))]
    dice = [next(s for s in e.segments if s.kind == "dice") for e in entries]
    assert [(s.sides, s.plain) for s in dice] == [(10, True), (3, True), (6, True)]
    log = LogView(app.text, sp, pal)
    log.set_rect(pygame.Rect(0, 0, 380, 120))
    log.add(entries)
    screen = pygame.Surface((380, 120))
    screen.fill((20, 24, 30))
    log.draw(screen)
    SCREENS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(SCREENS / "dice-faces.png"))
