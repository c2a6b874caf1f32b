"""Opening a battle: the one check before it opens, the battle screen a match is played on, a save loaded into
its battle."""
from __future__ import annotations



def refuse_unplayable(app, match, close: bool = True) -> bool:
    """The setups' one check before a battle opens (game.modes.playable: the same one loading a save makes): when the
    squads cannot all deploy here, say so, offer another choice, close the match (`close`); True if refused."""
    from game.modes.playable import start_problem
    problem = start_problem(match)
    if problem is None:
        return False
    if close:
        match.close()
    app.message("This squad cannot deploy here", problem[:1].upper() + problem[1:] +
                ". Choose another battlefield, the other measure, or a smaller squad.")
    return True


def battle_scene(app, match):
    """The battle screen a match is played on (a Horde run's records its run in the high scores when it ends)."""
    from game.modes import mission_entry
    from game.match.scenario import ScenarioError
    try:
        mode = mission_entry(match.scenario.mission).mode
    except ScenarioError:
        mode = None
    if mode == "horde":
        from .horde_battle import HordeBattleScene
        return HordeBattleScene(app, match)
    from .battle import BattleScene
    return BattleScene(app, match)


def start_battle(app, scenario, seed: int, cannot: str = "Cannot start this mission") -> bool:
    """A new match of `scenario` on its battle screen: a scenario that makes no match (a map that does not load, a
    squad that does not fit) says why in a dialog titled `cannot`, one whose squads cannot deploy is refused
    (refuse_unplayable); either way the setup stays. True if the battle opened."""
    from game.modes import create_match
    try:
        match = create_match(scenario, seed, app.catalog, prepare=True)
    except Exception as e:  # (the setups' one catch: what the match refuses to start, said, nothing lost)
        app.message(cannot, str(e))
        return False
    if refuse_unplayable(app, match):
        return False
    app.replace(battle_scene(app, match))
    return True


def load_into_battle(app, path) -> bool:
    """Load a save and open its battle; a bad save shows its problem in a dialog (the file is untouched)."""
    from game.persistence.save_format import SaveError
    from game.persistence.save_loading import load_match
    try:
        match = load_match(path, app.catalog, prepare=True)
    except SaveError as e:
        from pathlib import Path
        app.message("This save cannot be loaded", f"{Path(e.path).name}: {e.problem}\n\n"
                    "The file was left exactly as it was.")
        return False
    app.replace(battle_scene(app, match))
    app.toast(f"Loaded {path.stem if hasattr(path, 'stem') else path}", "ok")
    return True
