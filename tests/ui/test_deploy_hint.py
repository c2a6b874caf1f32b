"""The hint line during deployment when the computer opponent places its squad first (PvP: the roll-off's loser
deploys first): it says the other side is placing and that the person's units come next, never "Everyone is
placed" while the person's squad still waits off the table."""
from game.headless import build_scenario
from game.modes import create_match
from game.modes.session import make_controller
from game.ui.battle.texts import hint_text

from .driver import open_battle


def opponent_places_first(seed: int = 1):
    """Secure the Zone, a person against the computer; the roll-off answered until deployment begins (seed 1: the
    opponent deploys first)."""
    m = create_match(build_scenario("pvp-secure-the-zone", options={"player_controller": "person",
                                                                    "opponent_controller": "computer"}), seed)
    while m.phase != "deploy":
        w = m.waiting_for()
        m.submit(make_controller(m, w, "computer").decide(m))
    assert m.waiting_for() == "opponent" and m.undeployed("player")
    return m


def test_the_hint_says_the_opponent_places_first_then_asks_for_the_persons_units(app):
    m = opponent_places_first()
    d, sc = open_battle(app, m)
    assert sc.side == "player"
    hint = hint_text(sc)
    assert "Everyone is placed" not in hint
    assert "placing units" in hint and "yours come next" in hint
    for _ in range(600):  # the computer places its squad, a unit at a time
        if m.waiting_for() == "player":
            break
        d.step(1)
    assert m.waiting_for() == "player"
    d.step(1)
    assert hint_text(sc).startswith("Click inside your deployment zone to place")
