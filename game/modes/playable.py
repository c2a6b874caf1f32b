"""Whether a match can be played as it was set up: the one check the setup screens make before a battle opens, and
loading a save makes on the match it rebuilds (a save the setup would refuse is refused the same way).

The sides themselves (a side played by the game given a squad, sides the mission is not played by) are the
mission's check of the scenario (MissionScript.check_scenario), made by create_match for both.
"""
from __future__ import annotations


def deployment_open(match) -> bool:
    """Deployment has begun and nothing is asked first (a PvP roll-off, a PvE question): its zones are known."""
    return match.phase == "deploy" and match.prompt is None


def start_problem(match) -> str | None:
    """Why the squads cannot all deploy on this battlefield with this measure (no room in a deployment zone), once
    deployment is open; None when they can, or before that."""
    if not deployment_open(match):
        return None
    for side in match.sides:
        problem = match.deployment_problem(side)
        if problem:
            return problem
    return None
