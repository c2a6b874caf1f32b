"""A PvE mission's scenario: the options a player picks (or leaves to the dice), the squad (shared between 1-4
people, or co-op mini squads, R27) and the NPC side; and the scenario fixed from the first dice of the seed
(the rolled battlefield's map, the rolled faction's name: `prepare`).

Options (plain JSON in Scenario.options; from the setup screen, or `--tl`, `--npc`, `--players`, `--option`):
  tl            1-3, or absent: rolled (1D6 halved, the Core Rules' D3)
  npc           an NPC faction id (see `python main.py missions` / the help), or absent: rolled (1D10)
  objectives    two different objective ids or rolls ("control,search" or "1,5"), or absent: rolled (2D6)
  battlefield   a battlefield id or roll, or absent: rolled (1D6)
  deployment    a deployment id or roll, or absent: rolled (1D6)
  first_mission true: no battlefield effect, Standard Insertion (the book's first mission)
  players       1-4 people sharing the squad (its units dealt out in turn)
  mini_squads   co-op mini squads, one per person: squad codes or faction slugs, comma-separated
  squad_leader  which person's Leader is the agreed Squad Leader (1-4, default 1)
  edition       "e1" (the launch edition, the default) or "e2" (the later edition: its objectives C1-D3,
                battlefields and A/B deployments are what objectives, battlefield and deployment name)
  scripted      a Last Signal mission ("last-signal-2.2", "last-signal-climax"); operation: an Operation's
                mission ("HEG-SWM-01,2"): everything but the NPC units fixed, the later edition (variant.py)
"""
from __future__ import annotations

from dataclasses import replace

from game.content import default_squad, squad_slugs
from game.match.scenario import Scenario, ScenarioError, SideSpec
from game.paths import MAPS_DIR
from game.rules.dice import Dice
from game.rules.model import SquadSpec
from game.rules.squad import mini_squad_budget, squad_leader_candidates, validate_mini_squads

from . import variant as V
from .data import PveData

PLAYER = "player"
NPC = "npc"
MISSION_ID = "pve"
DEFAULT_SQUAD = "interdictors"
DEFAULT_MAP = "pve-ruined-city.tmx"  # a first mission has no battlefield roll: its table
NPC_PLACEHOLDER = "NPC faction"


def _truthy(v) -> bool:
    return v in (True, 1, "1", "true", "yes", "on")


def _pick(data_rows, value, what: str) -> str:
    """A row of a table by id, name or roll."""
    text = str(value).strip().lower()
    for r in data_rows:
        if text in (r.id, r.name.lower(), str(getattr(r, "roll", ""))):
            return r.id
    known = ", ".join(f"{r.id} ({r.roll})" for r in data_rows)
    raise ScenarioError(f"PvE option {what!r}: unknown {what} {value!r} (known: {known})")


def parse_options(options: dict, data: PveData) -> dict:
    """The options, checked and normalised to ids; unknown or bad ones are a ScenarioError naming the option."""
    known = {"tl", "npc", "objectives", "battlefield", "deployment", "first_mission", "players", "mini_squads",
             "squad_leader", "squad_leader_unit", "auto_map", *V.OPTIONS}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ScenarioError(f"PvE: unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    out: dict = {}
    if options.get("tl") not in (None, ""):
        try:
            tl = int(options["tl"])
        except (TypeError, ValueError):
            tl = 0
        if tl not in (1, 2, 3):
            raise ScenarioError(f"PvE option 'tl': the Threat Level is 1, 2 or 3, not {options['tl']!r}")
        out["tl"] = tl
    if options.get("npc") not in (None, ""):
        text = str(options["npc"]).strip().lower()
        match = [f.id for f in data.factions if text in (f.id, f.name.lower(), str(f.roll))
                 or (f.squad_type or "").lower() == text]
        if not match:
            known = ", ".join(f.id for f in data.factions)
            raise ScenarioError(f"PvE option 'npc': unknown NPC faction {options['npc']!r} (known: {known})")
        out["npc"] = match[0]
    if V.wants_variant(options):  # the later edition, or a scripted mission (variant.py)
        V.parse_into(options, data, out)
    elif options.get("objectives") not in (None, ""):
        raw = options["objectives"]
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        ids = [_pick(data.objectives, x, "objectives") for x in items if str(x).strip()]
        if len(ids) != 2 or ids[0] == ids[1]:
            raise ScenarioError("PvE option 'objectives': name two different objectives, e.g. control,search")
        out["objectives"] = ",".join(ids)
    for key, rows in (("battlefield", data.battlefields), ("deployment", data.deployments)):
        if options.get(key) not in (None, "") and key not in out:
            out[key] = _pick(rows, options[key], key)
    if _truthy(options.get("first_mission")):
        out["first_mission"] = True
        if "battlefield" in out or "deployment" in out:
            raise ScenarioError("PvE option 'first_mission': a first mission has no battlefield and always uses "
                                "Standard Insertion; leave out 'battlefield' and 'deployment'")
    if options.get("players") not in (None, ""):
        try:
            players = int(options["players"])
        except (TypeError, ValueError):
            players = 0
        if not 1 <= players <= 4:
            raise ScenarioError(f"PvE option 'players': 1-4 people, not {options['players']!r}")
        out["players"] = players
    if options.get("mini_squads") not in (None, ""):
        raw = options["mini_squads"]
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        out["mini_squads"] = ",".join(str(x).strip() for x in items if str(x).strip())
    if options.get("squad_leader") not in (None, ""):
        try:
            out["squad_leader"] = int(options["squad_leader"])
        except (TypeError, ValueError):
            raise ScenarioError("PvE option 'squad_leader': the number of the person (1-4) whose Leader is the "
                                "Squad Leader") from None
    if options.get("squad_leader_unit") not in (None, ""):
        out["squad_leader_unit"] = int(options["squad_leader_unit"])
    if _truthy(options.get("auto_map")):
        out["auto_map"] = True
    return out


def trimmed_squad(catalog, slug: str, budget: int) -> SquadSpec:
    """A faction's default squad cut down to a mini squad budget: its Leader first, then units in order while
    they fit."""
    spec = default_squad(slug, catalog)
    from game.rules.cards import build_card, unit_gp
    units = sorted(spec.units, key=lambda u: not build_card(catalog, u).is_leader)
    chosen, total = [], 0
    for u in units:
        gp = unit_gp(catalog, u)
        if total + gp <= budget:
            chosen.append(u)
            total += gp
    if not chosen:  # the cheapest unit alone
        u = min(spec.units, key=lambda u: unit_gp(catalog, u))
        chosen = [u]
    return SquadSpec(spec.squad_type, f"{spec.name} ({budget} GP)", tuple(chosen))


def resolve_mini_squads(catalog, texts: list[str]) -> list[SquadSpec]:
    """Mini squads from squad codes or faction slugs (a slug: the faction's default squad cut to the budget)."""
    if not 2 <= len(texts) <= 4:
        raise ScenarioError(f"PvE option 'mini_squads': one mini squad per person, 2-4 of them, not {len(texts)}")
    budget = mini_squad_budget(len(texts))
    out = []
    for t in texts:
        if t in squad_slugs(catalog):
            out.append(trimmed_squad(catalog, t, budget))
            continue
        from game.content.squad_code import SquadCodeError, decode
        try:
            out.append(decode(t, catalog))
        except SquadCodeError as e:
            raise ScenarioError(f"PvE option 'mini_squads': {t!r} is neither a faction "
                                f"({', '.join(squad_slugs(catalog))}) nor a valid squad code: {e}") from None
    problems = validate_mini_squads(catalog, out)
    if problems:
        raise ScenarioError("PvE option 'mini_squads': " + " ".join(problems))
    return out


def player_side(catalog, squad: SquadSpec | None, opts: dict, controller: str) -> tuple[SideSpec, dict]:
    """The squad's side: one squad shared by `players` people (units dealt out in turn), or mini squads."""
    minis = [t for t in opts.get("mini_squads", "").split(",") if t]
    if minis:
        if squad is not None:
            raise ScenarioError("PvE: give either a squad or mini squads, not both")
        specs = resolve_mini_squads(catalog, minis)
        if opts.get("players", len(specs)) != len(specs):
            raise ScenarioError(f"PvE: {opts['players']} people but {len(specs)} mini squads")
        units, owners = [], []
        for i, spec in enumerate(specs):
            units += spec.units
            owners += [i] * len(spec.units)
        leaders = squad_leader_candidates(catalog, specs)
        want = opts.get("squad_leader", 1) - 1
        chosen = [c for c in leaders if c[0] == want] or leaders[:1]
        if not chosen:
            raise ScenarioError("PvE: no mini squad has a Leader to be the Squad Leader")
        si, ui = chosen[0]
        opts = dict(opts, squad_leader_unit=sum(len(s.units) for s in specs[:si]) + ui, players=len(specs))
        spec = SquadSpec(specs[0].squad_type, "Co-op squad", tuple(units))
        names = tuple(f"Player {i + 1}" for i in range(len(specs)))
        return SideSpec(PLAYER, spec, name="Squad", controller=controller, players=names, owners=tuple(owners)), opts
    spec = squad or default_squad(DEFAULT_SQUAD, catalog)
    k = opts.get("players", 1)
    if k > len(spec.units):
        raise ScenarioError(f"PvE: {k} people cannot share a squad of {len(spec.units)} units")
    if k == 1:
        return SideSpec(PLAYER, spec, name=spec.name or "Squad", controller=controller), opts
    names = tuple(f"Player {i + 1}" for i in range(k))
    owners = tuple(i % k for i in range(len(spec.units)))
    return SideSpec(PLAYER, spec, name=spec.name or "Squad", controller=controller, players=names,
                    owners=owners), opts


def make_scenario(catalog, data: PveData, squad=None, opponent=None, map_name="default", measure="inches",
                  options=None, controller="person") -> Scenario:
    if opponent is not None:
        raise ScenarioError("a PvE mission has no opponent squad: the NPC faction comes from the option npc "
                            "(--npc) or the dice")
    opts = parse_options(dict(options or {}), data)
    side, opts = player_side(catalog, squad, opts, controller)
    if map_name == "default":
        map_file = None
        opts["auto_map"] = True
    else:
        map_file = map_name
        if map_file is not None and not (MAPS_DIR / map_file).is_file():
            raise ScenarioError(f"no map {map_file!r} in maps/")
    npc = SideSpec(NPC, None, npc=True, name=data.faction(opts["npc"]).name if "npc" in opts else NPC_PLACEHOLDER)
    return Scenario(mission=MISSION_ID, map=map_file, measure=measure, sides=(side, npc),
                    options=tuple(sorted(opts.items())))


def roster_scenario(catalog, data: PveData, squad: SquadSpec, options: dict, *, players: tuple[str, ...] = (),
                    owners: tuple[int, ...] = (), controller: str = "person", measure: str = "inches") -> Scenario:
    """A PvE mission for a campaign: the squad as its roster stands (each unit's gear holds its Injuries and Spoils of
    War, which its card applies), the people and which of them commands each unit (co-op: a shared roster dealt out
    or mini squads one after the other), and the mission's parts in `options` (tl, npc, objectives, battlefield,
    deployment; squad_leader_unit: the agreed Squad Leader's place in the squad, R27). The units keep the squad's
    order, so the finished mission names them by that place (AfterMission.units' slot)."""
    opts = parse_options(dict(options, auto_map=True), data)
    if players and (len(owners) != len(squad.units) or any(not 0 <= o < len(players) for o in owners)):
        raise ScenarioError("PvE: each unit of a shared squad needs one of its people to command it")
    if players:
        opts["players"] = len(players)
    side = SideSpec(PLAYER, squad, name=squad.name or "Squad", controller=controller, players=tuple(players),
                    owners=tuple(owners) if players else ())
    npc = SideSpec(NPC, None, npc=True, name=data.faction(opts["npc"]).name if "npc" in opts else NPC_PLACEHOLDER)
    return Scenario(mission=MISSION_ID, map=None, measure=measure, sides=(side, npc),
                    options=tuple(sorted(opts.items())))


def first_dice(data: PveData, opts: dict, seed: int) -> tuple[str | None, str]:
    """The battlefield and the NPC faction as the match's first dice will give them (picked ones need none):
    the match rolls the battlefield first, then the faction, from the same seed."""
    dice = Dice(seed)
    if _truthy(opts.get("first_mission")):
        battlefield = None
    elif opts.get("battlefield"):
        battlefield = opts["battlefield"]
    else:
        battlefield = data.by_roll(data.battlefields, dice.d(6)).id
    faction = opts.get("npc") or data.by_roll(data.factions, dice.d(len(data.factions))).id
    return battlefield, faction


def prepare(data: PveData, scenario: Scenario, seed: int) -> Scenario:
    """The scenario as played: the battlefield's map (unless a map was chosen) and the NPC faction's name."""
    opts = dict(scenario.options)
    battlefield, faction = first_dice(data, opts, seed)
    out = scenario
    if opts.get("auto_map") and scenario.map is None:
        out = replace(out, map=data.battlefield(battlefield).map if battlefield else DEFAULT_MAP)
    name = data.faction(faction).name
    return replace(out, sides=tuple(replace(s, name=name) if s.side == NPC else s for s in out.sides))
