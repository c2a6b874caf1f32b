"""The ceiling of a headless rate: the same games' commands submitted again to a new match with no player thinking
(the engine alone: rules, events, the table). A rate of games played can never beat it, so a bench prints it beside
its games per CPU-second to say how much of the time the computer players take."""
from __future__ import annotations

import time


def kept(match) -> tuple:
    """What replaying a finished match needs: (scenario, seed, its commands)."""
    return match.scenario, match.seed, list(match.log)


def commands_again(games, catalog=None) -> tuple[int, float]:
    """Each kept game (from `kept`) replayed command by command: (commands, CPU seconds)."""
    from game.modes import create_match
    n, cpu = 0, 0.0
    for scenario, seed, commands in games:
        c0 = time.process_time()
        m = create_match(scenario, seed, catalog)
        for c in commands:
            m.submit(c)
        m.close()
        cpu += time.process_time() - c0
        n += len(commands)
    return n, cpu
