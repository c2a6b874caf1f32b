"""The lab's one contact with the game: which missions and squads exist, and playing one game to a GameRecord.

When the game's headless entry, mission list or event records change, this is the only lab file to edit.
"""
from __future__ import annotations

from functools import lru_cache

from game.headless import play_headless
from game.match import events as E
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
    side_of = {uid: match.unit(uid).side for uid in match.all_units()}
    dealt: dict[int, int] = {}
    taken: dict[int, int] = {}
    out: set[int] = set()
    for e in match.events:
        if isinstance(e, (E.DamageTaken, E.HitLost)) and e.amount:
            # HIT lost, and who dealt it (returned melee Damage: the unit whose Critical Save returned it)
            taken[e.uid] = taken.get(e.uid, 0) + e.amount
            src = e.source
            if src is not None and src != e.uid and side_of.get(e.uid) != side_of.get(src):
                dealt[src] = dealt.get(src, 0) + e.amount
        elif isinstance(e, E.TakenOut) and not e.item:
            out.add(e.uid)
    catalog = match.catalog
    units = []
    for uid in match.all_units():
        u = match.unit(uid)
        if u.item:
            continue
        ut = catalog.unit_types.get(u.card.type_id) if catalog is not None else None
        st = catalog.squad_types.get(ut.squad_type) if ut is not None else None
        units.append(UnitRecord(type_id=u.card.type_id, name=ut.name if ut else u.card.name,
                                faction=st.name if st else "",
                                side=roles.get(u.side, NPC), gp=u.card.gp, dealt=dealt.get(uid, 0),
                                taken=taken.get(uid, 0), taken_out=uid in out))
    result = match.result
    scored = any(match.score.values()) or match.mission.mode in ("pve", "pvp", "horde")
    by_role = {roles.get(side): points for side, points in match.score.items()} if scored else {}
    return GameRecord(mission=mission, squad=squad, opponent=opponent, game=-1, seed=seed,
                      outcome=_outcome(result, roles), detail=result.text, turns=result.turn,
                      mp_squad=by_role.get(SQUAD), mp_opponent=by_role.get(OPPONENT),
                      units=tuple(units))
