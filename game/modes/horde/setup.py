"""A Horde run's scenario: the squad (a normal 100 GP squad; co-op: one squad shared by 2-4 people, or one mini
squad each of 50/34/25 GP with one agreed Squad Leader, R27) against the Horde, on a Horde map."""
from __future__ import annotations

from game.content import default_squad, load_catalog
from game.match.scenario import Scenario, ScenarioError, SideSpec
from game.paths import MAPS_DIR
from game.rules.cards import build_card
from game.rules.model import SquadSpec
from game.rules.squad import validate_mini_squads

from .common import HORDE, PLAYER

DEFAULT_SQUAD = "interdictors"
DEFAULT_MAP = "horde-last-stand.tmx"


def merge_mini_squads(specs) -> tuple[SquadSpec, tuple[int, ...]]:
    """One side's squad made of the mini squads, and for each unit the person (mini squad) commanding it."""
    units, owners = [], []
    for i, spec in enumerate(specs):
        units += list(spec.units)
        owners += [i] * len(spec.units)
    name = " + ".join(s.name or f"Squad {i + 1}" for i, s in enumerate(specs))
    return SquadSpec(specs[0].squad_type, name, tuple(units)), tuple(owners)


def squad_from_text(text: str, catalog) -> SquadSpec:
    """A squad code (or a faction slug for its default squad), not yet checked against a budget."""
    from game.content import squad_slugs
    from game.content.squad_code import SquadCodeError, decode
    if text in squad_slugs(catalog):
        return default_squad(text, catalog)
    try:
        return decode(text, catalog)
    except SquadCodeError as e:
        raise ScenarioError(f"{text[:20]!r} is neither a faction nor a valid squad code: {e}") from None


def leader_indices(catalog, squad: SquadSpec) -> list[int]:
    out = []
    for i, u in enumerate(squad.units):
        try:
            if build_card(catalog, u).is_leader:
                out.append(i)
        except ValueError:
            pass
    return out


def horde_scenario(squad=None, *, mini_squads=None, players: int | None = None, player_names=(),
                   squad_leader: int | None = None, map_name="default", measure: str = "inches",
                   npc_order: str = "nearest", controller: str = "person", options=None, opponent=None,
                   catalog=None) -> Scenario:
    """The scenario of a Horde run. `mini_squads`: co-op mini squads (one per person); `players`: people sharing
    one squad; `squad_leader`: the index (in the merged squad) of the agreed Squad Leader."""
    if opponent is not None:
        raise ScenarioError("Horde Mode has no opponent squad: the Horde comes in waves")
    catalog = catalog or load_catalog()
    options = dict(options or {})
    if mini_squads is None and isinstance(options.get("mini"), str):
        mini_squads = [squad_from_text(t.strip(), catalog) for t in options["mini"].split(",") if t.strip()]
    players = players if players is not None else options.get("players")
    if squad_leader is None and isinstance(options.get("squad_leader"), int):
        squad_leader = options["squad_leader"]
    owners: tuple[int, ...] = ()
    names: tuple[str, ...] = tuple(player_names)
    if mini_squads:
        problems = validate_mini_squads(catalog, list(mini_squads))
        if problems:
            raise ScenarioError("the mini squads are not valid: " + " ".join(problems))
        squad, owners = merge_mini_squads(mini_squads)
        names = names or tuple(f"Player {i + 1}" for i in range(len(mini_squads)))
        leaders = leader_indices(catalog, squad)
        if squad_leader is None:
            squad_leader = leaders[0] if leaders else None
        elif squad_leader not in leaders:
            raise ScenarioError(f"unit {squad_leader} of the mini squads is not a Leader; the Squad Leader must be one")
    else:
        squad = squad or default_squad(DEFAULT_SQUAD, catalog)
        if isinstance(players, int) and players > 1:
            if players > 4:
                raise ScenarioError("2 to 4 people can share a squad")
            names = names or tuple(f"Player {i + 1}" for i in range(players))
            owners = tuple(i % players for i in range(len(squad.units)))
    if map_name == "default":
        map_name = DEFAULT_MAP
    if map_name is not None and not (MAPS_DIR / map_name).is_file():
        raise ScenarioError(f"no map {map_name!r} in maps/")
    opts = {k: v for k, v in options.items() if k not in ("mini", "players", "squad_leader")}
    if squad_leader is not None:
        opts["squad_leader"] = squad_leader
    return Scenario(mission="horde", map=map_name, measure=measure, npc_order=npc_order,
                    sides=(SideSpec(PLAYER, squad, name=squad.name or "Squad", controller=controller,
                                    players=names if owners else (), owners=owners),
                           SideSpec(HORDE, None, npc=True, name="The Horde")),
                    options=tuple(sorted(opts.items())))
