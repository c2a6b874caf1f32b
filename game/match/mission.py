"""The mission interface: what a mission script declares and the hooks the match calls.

A mission is a script plus data (game/modes holds them). It never keeps state of its own: everything that
changes during play lives in the match (`match.mission_state`, a dict of plain data, markers, scores), so
saves, undo and replays cover it and the state hash sees it. Scripts are built fresh for every match from
the catalog and the scenario's options.

What a script declares (class attributes or hooks, all optional but `id` and `title`):
  - setup: markers, NPC units, rolls on the mission's tables (`setup`, which may queue mission steps);
  - deployment: zones per side as shapes (`deployment_zones`), the order (`deployment_order`), spots for a
    quick start (`default_deployment`);
  - mission actions (`mission_actions`, `mission_action_reason`, `do_mission_action`);
  - the activation order: who has the Initiative (`initiative`), which NPC goes first (`npc_priority`);
  - the number of Turns (`turns`, None for no limit), start- and end-of-Turn steps;
  - scoring (MP per side, `match.add_mp`) and victory (`check_result`);
  - a summary of objectives and scores the screen shows at all times (`summary`);
  - the zones and markers the screen draws come from the match (`match.markers()`, `zones`);
  - an after-mission step for campaigns (`after_mission`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.battlefield.model import Zone  # noqa: F401  (missions declare zones with it)

from .unit_outcomes import UnitOutcome, unit_outcomes

if TYPE_CHECKING:
    from .match import Match


@dataclass(frozen=True, slots=True)
class Result:
    outcome: str  # "victory"/"defeat" for the player side against NPCs; the winning side's name; "draw"
    turn: int
    text: str
    winner: str | None = None  # the winning side (None: a draw, or a defeat against NPCs)
    scores: tuple[tuple[str, int], ...] = ()  # MP per side at the end


@dataclass(frozen=True, slots=True)
class MissionActionDef:
    """A Mission Action (Core Rules section 6): `cost` ACT, on a marker of one of `markers` kinds it Controls
    (or on a unit: `target` "unit"; on nothing: "none"), by units of `sides` (empty: any side)."""

    id: str
    name: str
    cost: int
    rules: str
    markers: tuple[str, ...] = ()
    target: str = "marker"  # "marker", "unit" or "none"
    needs_control: bool = True
    to_dice: bool = True  # may Tactical Orders re-roll or change its dice (Search: no)
    sides: tuple[str, ...] = ()
    downed_ok: bool = False  # a Downed unit may take it (Revive); it Controls for this action only
    repeats: bool = True  # R17: each repeat in one activation costs 1 more ACT (a Turret shot: no)


@dataclass(frozen=True, slots=True)
class ObjectiveStatus:
    label: str
    status: str  # in words: "2 of 3 Controlled", "destroyed", "carried by Ana"
    done: bool | None = None  # True met, False failed, None still open
    side: str | None = None  # whose objective, when it matters

    def told(self, open_word: str = "") -> str:
        """The status as text says it: with "(met)" or "(failed)" after it once decided (else `open_word`); the
        panel shows the same with an icon and a colour."""
        return self.status + {True: " (met)", False: " (failed)"}.get(self.done, open_word)


@dataclass(frozen=True, slots=True)
class MissionSummary:
    """What the screen shows at all times: the objectives, the score, the Turn, anything else worth knowing."""

    title: str
    turn_text: str
    objectives: tuple[ObjectiveStatus, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()  # (side name, MP)
    notes: tuple[str, ...] = ()
    headline: str = ""  # the top bar's few words for the Turn ("" : "Turn 2/4", or "Turn 2" with no limit)


@dataclass(frozen=True, slots=True)
class DrawnZone:
    """A zone the screen draws: a Zone shape, with what it is for ("deploy", "extract", "evac"...)."""

    zone: Zone
    purpose: str
    label: str = ""
    side: str | None = None


@dataclass(frozen=True, slots=True)
class AfterMission:
    """What a campaign takes from a finished mission: MP per side, units left Taken Out, rewards to pick, the
    result, and how each unit ended it (`units`: who was Taken Out, when and by whom, left behind or extracted,
    whom it Took Out, HIT dealt and lost; each squad unit known by its slot in the scenario's squad)."""

    mp: tuple[tuple[str, int], ...] = ()
    taken_out: tuple[int, ...] = ()
    rewards: tuple[str, ...] = ()
    data: dict = field(default_factory=dict)
    result: Result | None = None
    units: tuple[UnitOutcome, ...] = ()


class MissionScript:
    """Base mission: four Turns, no special rules. Subclasses override the hooks they need."""

    id = "mission"
    mode = "skirmish"  # "first-mission", "pve", "pvp", "horde", "skirmish"
    title = "Mission"
    briefing = ""
    turns: int | None = 4
    map_name: str | None = None  # default map file in maps/
    sides: tuple[str, ...] | None = None  # the side names this mission is played with (None: any)

    def __init__(self, catalog=None, options: dict | None = None) -> None:
        self.catalog = catalog
        self.options = dict(options or {})

    def check_scenario(self, scenario) -> str | None:
        """Why this scenario cannot be played as this mission (wrong sides...), or None."""
        if self.sides is not None and tuple(scenario.side_names) != tuple(self.sides):
            return (f"this mission is played by the sides {', '.join(self.sides)}, not "
                    f"{', '.join(scenario.side_names)}")
        for s in scenario.sides:
            if s.npc and s.squad is not None:
                return f"the side '{s.side}' is played by the game (its NPCs) and cannot be given a squad"
        return None

    # -- setup and deployment --------------------------------------------------------------------------
    def prepare_scenario(self, scenario, seed: int):
        """The scenario this match is really played with, before its table is laid out: a mission whose map or
        sides follow its first rolls (PvE: the rolled battlefield's map, the NPC faction's name) fixes them here
        from the same seeded dice (`game.rules.dice.Dice(seed)`) the match then rolls first, in the same order.
        Must give the same result when called again on what it returned (saves store that)."""
        return scenario

    def setup(self, match: "Match") -> None:
        """Prepare the battlefield: place markers and NPC units, roll the mission's tables (it may queue mission
        steps, which run before deployment and may ask the players)."""

    def deployment_zones(self, match: "Match", side: str) -> list[Zone]:
        """Where `side` deploys: the map's zone for that side by default (none: anywhere)."""
        return [z for z in match.table.battlefield.zones.values() if z.side == side]

    def deployment_order(self, match: "Match") -> str:
        """"each" (every side deploys all its units, in the scenario's order, `match.mission_state['deploy_first']`
        first when the mission names it: Ambush, Evac Point) or "alternate" (one unit at a time, starting with
        `match.mission_state['deploy_first']` or the first side, R29)."""
        return "each"

    def default_deployment(self, match: "Match", side: str) -> list[tuple[int, float, float, float]]:
        """Spots for `side`'s undeployed units (uid, x, y, z): quick starts and computer sides."""
        return match.spots_in_zones(side)

    def zones(self, match: "Match") -> list[DrawnZone]:
        """Zones the screen draws now (deployment zones while deploying, an extraction point...)."""
        from .flow import DEPLOY
        if match.phase != DEPLOY:
            return []
        return [DrawnZone(z, "deploy", f"{match.side_name(s)} deploys here", s)
                for s in match.sides for z in self.deployment_zones(match, s)]

    # -- the Turn --------------------------------------------------------------------------------------
    def initiative(self, match: "Match") -> str | None:
        """The side that has the Initiative this Turn without a roll (R19: the player squad against NPCs), or
        None for the roll-off of R18."""
        players = [s for s in match.sides if s not in match.npc_sides]
        return players[0] if match.npc_sides and players else None

    def npc_priority(self, match: "Match", uid: int) -> int:
        """Among Ready NPC units, lower activates first (a Horde Boss first); ties: R19's nearest rule."""
        return 0

    def start_of_turn(self, match: "Match") -> None:
        """Start-of-Turn events (after units are marked Ready, before Tactical Orders)."""

    def after_orders(self, match: "Match") -> None:
        """After the Tactical Orders are rolled, before the Initiative (Turn events that change TO)."""

    def start_of_activation(self, match: "Match", uid: int) -> list[tuple]:
        """A unit's activation begins (its ACT set): steps to run before its first action ("mission", name,
        *args), such as a question to its side (a Campaign Reward used now: Energy Overflow)."""
        return []

    def end_of_turn(self, match: "Match") -> None:
        """End-of-Turn scoring and events (after all activations, before unused TO are lost: R31)."""

    def on_step(self, match: "Match", name: str, *args) -> None:
        """A mission step queued earlier runs now (after a roll, an answer, or in order)."""
        raise ValueError(f"{self.id}: unknown mission step {name!r}")

    # -- units, targets, actions -----------------------------------------------------------------------
    def ranged_target_reason(self, match: "Match", attacker: int, target: int) -> str | None:
        """Why `target` may not be picked for Ranged Combat by this mission's rules, or None."""
        return None

    def target_reason(self, match: "Match", attacker: int, target: int) -> str | None:
        """Why `target` may not be attacked at all by this mission's rules (Rivals), or None."""
        return None

    def attack_bonus(self, match: "Match", attacker: int, target: int | None, weapon) -> tuple[int, int]:
        """(+ATT, +SKL) this mission gives an attack (Rivals, Coordinated Assault); Damage from skills excluded."""
        return (0, 0)

    def attack_spec(self, match: "Match", spec, weapon):
        """The attack as the rules will resolve it (game.rules.combat.AttackSpec), for a mission's rule to change
        what ATT and SKL cannot say (Twilight Blades: Rending 1); return it unchanged by default."""
        return spec

    def after_attack(self, match: "Match", attacker: int, weapon, main: int, lost: dict[int, int]) -> list[tuple]:
        """An attack is resolved (`lost`: HIT each unit lost in it, attacker included): steps to run after its
        Damage ("mission", name, *args) (Leech, Nutrient Lash, Spawn Sacs)."""
        return []

    def always_in_cover(self, match: "Match", uid: int) -> bool:
        """The unit counts as in Cover against every Ranged attack (Phasebound)."""
        return False

    def on_zero_hit(self, match: "Match", uid: int) -> list[tuple]:
        """Steps to run when a unit or item reaches 0 HIT, while it is still on the table (a crate explodes)."""
        return []

    def instead_of_move(self, match: "Match", uid: int, action: str) -> bool:
        """A Move or Dash was paid for: True if the mission's rule put the unit somewhere else instead of moving
        it along its path (the Shadow Fiend); the mission moved it (match.place) and said so."""
        return False

    def arm_bonus(self, match: "Match", uid: int, attacker: int | None, ranged: bool) -> int:
        """+ARM this mission gives a unit against an attack (Hold the Line)."""
        return 0

    def act_bonus(self, match: "Match", uid: int) -> int:
        """+/-ACT for a unit's activation by the mission's rules (Assassinate's Leaders)."""
        return 0

    def no_repeat_cost(self, match: "Match", uid: int) -> bool:
        """In this unit's activation repeating an action costs no extra ACT (PvE Behaviours ignore it)."""
        return False

    def move_bonus(self, match: "Match", uid: int, action: str) -> float:
        """+/- inches of a Move or Dash by the mission's rules (Encroaching Threat, Slow)."""
        return 0.0

    def downs_instead(self, match: "Match", uid: int) -> bool:
        """At 0 HIT the unit is Downed, not Taken Out (Horde Mode)."""
        return False

    def on_taken_out(self, match: "Match", uid: int) -> None:
        """A unit or item was Taken Out (Attrition's MP, a destroyed objective, a crate exploding)."""

    def carry_reason(self, match: "Match", uid: int, mid: str) -> str | None:
        """Why `uid` may not take the marker `mid` (Pick Up, or being Given it) by this mission's rules (Recover
        Intel: one Data Core per unit), or None."""
        return None

    def mission_actions(self, match: "Match") -> list[MissionActionDef]:
        return []

    def mission_action_reason(self, match: "Match", uid: int, action: MissionActionDef, marker: str | None,
                              target: int | None) -> str | None:
        """Why the mission action cannot be taken now on that marker/unit (beyond Control), or None."""
        return None

    def do_mission_action(self, match: "Match", uid: int, action: MissionActionDef, marker: str | None,
                          target: int | None) -> None:
        raise ValueError(f"{self.id}: mission action {action.id} has no effect")

    # -- result and summary ----------------------------------------------------------------------------
    def check_result(self, match: "Match", end_of_turn: bool) -> Result | None:
        """The mission's result if it is decided now."""
        return None

    def summary(self, match: "Match") -> MissionSummary:
        limit = f" of {self.turns}" if self.turns else ""
        scores = tuple((match.side_name(s), match.score[s]) for s in match.sides if s not in match.npc_sides)
        return MissionSummary(self.title, f"Turn {match.turn}{limit}", (), scores)

    def secrets(self, match: "Match", side: str) -> tuple[str, ...]:
        """What `side` chose in secret, in words for its own people (the screen shows them only behind the hand-over,
        to the people of that side); () when it has no secret."""
        return ()

    def after_mission(self, match: "Match") -> AfterMission:
        taken = tuple(u for s in match.sides for u in match.all_units_of(s) if not match.standing(u))
        return AfterMission(mp=tuple((s, match.score[s]) for s in match.sides), taken_out=taken,
                            result=match.result, units=unit_outcomes(match))


def circle_zone(name: str, side: str, cx: float, cy: float, r: float) -> Zone:
    return Zone(name=name, side=side, circle=(cx, cy, r))


def rect_zone(name: str, side: str, x0: float, y0: float, x1: float, y1: float) -> Zone:
    return Zone(name=name, side=side, polygon=((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
