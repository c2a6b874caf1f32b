"""The side panel's action buttons are pygame_gui buttons, and making one lays out its text and shapes (0.4 ms
each, 16 on a crowded table): when a command or a new selection leaves the same actions, the panel keeps its
buttons, moves them where the new layout puts them and shows each action's new state; what it shows is what a
panel made afresh would show."""
import dataclasses

from game.ui.battle import panel as P

from .driver import Driver
from .test_skills_ui import interdictors_battle

LONG = ("no valid target; the nearest, a unit far across the table behind two walls and a closed door: not in "
        "Line of Sight (a wall)")


def shown(sc):
    """What the panel shows: each action button's place, text, tip and whether it can be pressed; the end button."""
    p = sc.panel
    rows = [(k, tuple(b.rect), b.text, b.tool_tip_text, b.is_enabled) for b, k in p.buttons.items()]
    return rows, tuple(p.b_end.rect), p.b_end.text, tuple(sc.layout["info"]), tuple(sc.layout["log"])


def test_the_same_actions_keep_their_buttons_moved_and_relabelled_as_a_fresh_panel_shows_them(app, monkeypatch):
    d = Driver(app)
    sc = interdictors_battle(d)
    m = sc.match
    uid = next(u for u in m.units(sc.side) if sc.ready_own(u))
    sc.select(uid)
    d.step(2)
    first = dict(sc.panel.buttons)
    assert len(first) >= 4
    made = []
    monkeypatch.setattr(P, "UIButton", lambda *a, _make=P.UIButton, **k: made.append(a[1]) or _make(*a, **k))
    # the Move's state now has a long reason (its row grows and every button under it moves down)
    states = P.SidePanel.states
    monkeypatch.setattr(P.SidePanel, "states", lambda self, u: [
        dataclasses.replace(s, reason=LONG) if s.key == "move" else s for s in states(self, u)])
    sc.panel.build()
    assert made == [] and list(sc.panel.buttons) == list(first), "the same buttons, none made"
    kept = shown(sc)
    move = next(r for r in kept[0] if r[0] == "move")
    assert not move[4] and LONG in move[3], "the Move button shows its new state"
    for b in list(sc.panel.buttons) + [sc.panel.b_end]:  # a panel made afresh
        b.kill()
    sc.panel.buttons, sc.panel.b_end = {}, None
    sc.panel.build()
    assert len(made) == len(first) + 1
    assert shown(sc) == kept
    moved = [r[1][1] for r in kept[0]]
    assert moved == sorted(moved) and moved[1] - moved[0] > kept[0][2][1][1] - kept[0][1][1][1], \
        "the row under the long reason is taller"
