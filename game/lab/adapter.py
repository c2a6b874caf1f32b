"""The lab's one contact with the game: which missions and squads exist, and playing one game to a GameRecord.

When the game's headless entry, mission list or event records change, this is the only lab file to edit.
"""
from __future__ import annotations

from functools import lru_cache

from game.headless import play_headless
from game.match.unit_outcomes import TAKEN_OUT, unit_outcomes
from game.lab.records import DRAW, LOSS, NPC, OPPONENT, SQUAD, WIN, GameRecord, MissionInfo, UnitRecord


def list_missions() -> list[MissionInfo]:
    """Every mission the headless runner can play, in the game's order (PvP missions need an opponent squad)."""
    from game.modes import missions
    return [MissionInfo(e.id, e.title, needs_opponent=e.mode == "pvp") for e in missions()]


def all_squads() -> list[str]:
    """`--squads all`: every faction's default squad, by slug."""
    from game.content import squad_slugs
    return list(squad_slugs())


def check_options(mission: str, options: dict) -> None:
    """The mission's options as its scenario reads them (ValueError with a player's message when one is wrong)."""
    if not options:
        return
    from game.headless import build_scenario
    from game.match.scenario import ScenarioError
    try:
        build_scenario(mission, options=options)
    except ScenarioError as e:
        raise ValueError(str(e)) from None


@lru_cache(maxsize=None)
def resolve_squad(text: str):
    """A faction slug or a squad code -> the squad; ValueError with a player's message when it is neither."""
    from game.squads import resolve_squad_arg
    return resolve_squad_arg(text)


def play_one(mission: str, seed: int, squad: str, opponent: str = "", options: dict | None = None) -> GameRecord:
    """Plays one whole game, computer against the mission's NPCs (or against `opponent`), and keeps its record.
    `options`: the mission's options (the computer's difficulty in PvP...)."""
    match = play_headless(seed, mission, resolve_squad(squad), opponent=resolve_squad(opponent) if opponent else None,
                          options=options)
    try:
        return _record(match, mission, seed, squad, opponent)
    finally:
        match.close()


def _roles(match) -> dict[str, str]:
    """Match side name -> SQUAD / OPPONENT / NPC: the first squad side is the squad under test."""
    roles: dict[str, str] = {}
    for spec in match.scenario.sides:
        if spec.npc:
            roles[spec.side] = NPC
        else:
            roles[spec.side] = OPPONENT if SQUAD in roles.values() else SQUAD
    return roles


def _outcome(result, roles: dict[str, str]) -> str:
    """The result from the squad's side: the winning side when the result names one, else "victory"/"defeat"."""
    if result.winner in roles:
        return WIN if roles[result.winner] == SQUAD else LOSS
    if result.outcome == "victory":
        return WIN
    if result.outcome == "defeat":
        return LOSS
    if result.outcome in roles:
        return WIN if roles[result.outcome] == SQUAD else LOSS
    return DRAW


def _record(match, mission: str, seed: int, squad: str, opponent: str) -> GameRecord:
    roles = _roles(match)
    catalog = match.catalog
    units = []
    for o in unit_outcomes(match):  # HIT dealt and lost, Taken Out: as the match's events tell them
        ut = catalog.unit_types.get(o.type_id) if catalog is not None else None
        st = catalog.squad_types.get(ut.squad_type) if ut is not None else None
        units.append(UnitRecord(type_id=o.type_id, name=ut.name if ut else o.name, faction=st.name if st else "",
                                side=roles.get(o.side, NPC), gp=match.unit(o.uid).card.gp, dealt=o.hit_dealt,
                                taken=o.hit_lost, taken_out=o.fate == TAKEN_OUT))
    result = match.result
    scored = any(match.score.values()) or match.mission.mode in ("pve", "pvp", "horde")
    by_role = {roles.get(side): points for side, points in match.score.items()} if scored else {}
    return GameRecord(mission=mission, squad=squad, opponent=opponent, game=-1, seed=seed,
                      outcome=_outcome(result, roles), detail=result.text, turns=result.turn,
                      mp_squad=by_role.get(SQUAD), mp_opponent=by_role.get(OPPONENT),
                      units=tuple(units))


def campaign_kinds() -> list[tuple[str, str]]:
    """(id, title) of every kind of campaign the game offers."""
    from game.campaign import campaign_kinds as kinds
    return [(k.id, k.title) for k in kinds()]


def play_campaign_one(kind: str, seed: int, squad: str):
    """Plays one whole campaign with computer players (Homebase decisions included) and keeps its record."""
    from game.campaign.model import COMPLETE as DONE
    from game.headless import campaign_setup, play_campaign
    from game.lab.campaigns import COMPLETE, LOST, CampaignRecord
    c = play_campaign(campaign_setup(kind, seed, resolve_squad(squad)))
    s = c.score()
    return CampaignRecord(kind=kind, squad=squad, game=-1, seed=seed, outcome=COMPLETE if c.stage == DONE else LOST,
                          operation=c.where.operation, mission=c.where.mission, mp=s.mp, won=s.won, played=s.played,
                          missions=s.missions, deceased=s.fallen, survivors=s.survivors)
