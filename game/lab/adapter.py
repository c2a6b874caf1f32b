"""The lab's one contact with the game: which missions and squads exist, and playing one game to a GameRecord.

When the game's headless entry, mission list or event records change, this is the only lab file to edit.
"""
from __future__ import annotations

from functools import lru_cache

from game.headless import play_headless
from game.lab.records import DRAW, LOSS, NPC, OPPONENT, SQUAD, WIN, GameRecord, MissionInfo, UnitRecord


def list_missions() -> list[MissionInfo]:
    """Every mission the headless runner can play, in the game's order."""
    from game.modes import MISSIONS
    # Today every mission is played by one squad against the mission's NPCs (the First Mission).
    return [MissionInfo(cls.id, cls.title, needs_opponent=False) for cls in MISSIONS.values()]


def all_squads() -> list[str]:
    """`--squads all`: every faction's default squad, by slug."""
    from game.content import squad_slugs
    return list(squad_slugs())


@lru_cache(maxsize=None)
def resolve_squad(text: str):
    """A faction slug or a squad code -> the squad; ValueError with a player's message when it is neither."""
    from game.squads import resolve_squad_arg
    return resolve_squad_arg(text)


def play_one(mission: str, seed: int, squad: str, opponent: str = "") -> GameRecord:
    """Plays one whole game, computer against the mission's NPCs (or against `opponent`), and keeps its record."""
    if opponent:
        raise ValueError(f"{mission} is played against the mission's own opponents, not another squad")
    match = play_headless(seed, mission, resolve_squad(squad))
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
    """The result from the squad's side: "victory"/"defeat" name the squad's result; a side's name, the winner."""
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
        if e.kind == "attack":
            # HIT lost in one attack. Damage returned to a melee attacker (Critical Saves) is taken by the
            # attacker but credited to no one: the event does not say which target returned it.
            attacker = e.data.get("attacker")
            for uid, n in e.data.get("lost", {}).items():
                taken[uid] = taken.get(uid, 0) + n
                if attacker is not None and uid != attacker and side_of.get(uid) != side_of.get(attacker):
                    dealt[attacker] = dealt.get(attacker, 0) + n
        elif e.kind == "taken_out":
            out.add(e.data["uid"])
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
    mp = getattr(result, "mp", None) or {}
    by_role = {roles.get(side): points for side, points in mp.items()}
    return GameRecord(mission=mission, squad=squad, opponent=opponent, game=-1, seed=seed,
                      outcome=_outcome(result, roles), detail=result.text, turns=result.turn,
                      mp_squad=by_role.get(SQUAD), mp_opponent=by_role.get(OPPONENT),
                      units=tuple(units))
