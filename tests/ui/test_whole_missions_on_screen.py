"""Whole missions of every play mode played on the battle screen, the computer on every side: from deployment to
the results screen, every event read by the screen (a collapse's rubble and Damage nobody dealt, gas, secret
Rivals, a Horde wave) without an error."""
import pytest

from game.headless import build_scenario
from game.modes import create_match
from game.ui.battle import BattleScene
from game.ui.drawn import widget_cuts
from game.ui.results_scene import ResultsScene

from .driver import Driver


@pytest.mark.parametrize("mission,seed,options", [
    ("first-mission", 3, {}),
    ("pve", 4, {"battlefield": "ruined-city"}),  # Collapse from Turn 2
    ("pve", 6, {"battlefield": "alien-hive", "tl": 3}),  # Noxious Gas
    ("pvp-rivals", 3, {}),
    ("horde", 3, {}),
])
def test_a_whole_mission_on_the_battle_screen(app, mission, seed, options):
    m = create_match(build_scenario(mission, options=options, controller="computer"), seed, app.catalog,
                     prepare=True)
    app.replace(BattleScene(app, m))
    d = Driver(app)
    d.play_to_results(4000)
    assert m.phase == "over" and isinstance(d.scene, ResultsScene)
    assert m.result is not None and m.result.text
    d.step(2)
    d.shot(f"whole-computer-{mission}-{seed}-results")
    cut = widget_cuts(d.scene.root)  # (PvE seed 4: "The squad called for extraction, but 1 unit extracted with...")
    assert not cut, f"the results cut {[c.text for c in cut]}"
    subtitle = " ".join(e.text for e in d.scene.root.elements if getattr(e, "object_ids", None) and
                        "#subtitle" in e.object_ids)
    # the Turn first, once (before: "Equal Mission Points (4 each) (Turn 4)")
    assert subtitle.startswith(f"Turn {m.result.turn}: ") and "(Turn" not in subtitle, subtitle
