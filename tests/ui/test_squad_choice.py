"""The squad builder is reached from the title screen, and a mission can be played with any squad:
the First Mission's own, a faction's default squad, or a saved roster."""
from game.content import default_squad
from game.persistence.rosters import save_roster
from game.ui.battle import BattleScene
from game.ui.builder import SquadBuilderScene
from game.ui.setup_scene import SetupScene
from game.ui.title import TitleScene

from .driver import Driver


def choose(d: Driver, dropdown, label: str) -> None:
    """Open a pygame-gui drop-down with a click and click the option with this label."""
    d.click(dropdown)
    items = dropdown.current_state.options_selection_list.item_list
    button = next(i["button_element"] for i in items if i["text"] == label)
    d.click(button)


def test_title_reaches_the_squad_builder(make_app):
    d = Driver(make_app())
    d.step(2)
    d.click(d.scene.b_squads)
    assert isinstance(d.scene, SquadBuilderScene)
    d.click(d.scene.b_back)
    assert isinstance(d.scene, TitleScene)


def start_with(app, label: str):
    d = Driver(app)
    d.step(2)
    d.click(d.scene.b_new)
    assert isinstance(d.scene, SetupScene)
    choose(d, d.scene.dd_squad, label)
    d.click(d.scene.b_start)
    assert isinstance(d.scene, BattleScene)
    return d.scene.match


def test_a_mission_with_a_faction_default_squad(make_app):
    app = make_app()
    m = start_with(app, "Interdictors (default squad)")
    names = sorted(m.unit(u).name for u in m.all_units_of("player"))
    assert names == sorted(u.name for u in default_squad("interdictors", app.catalog).units)


def test_a_mission_with_a_saved_roster(make_app, saves_dir):
    app = make_app()
    spec = default_squad("krumpfists", app.catalog)
    save_roster(spec, "Green Tide", folder=saves_dir / "rosters")
    app.top.build_ui()
    m = start_with(app, "Roster: Green Tide")
    assert sorted(m.unit(u).name for u in m.all_units_of("player")) == sorted(u.name for u in spec.units)
