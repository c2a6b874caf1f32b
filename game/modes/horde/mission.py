"""Horde Mode (launch design H1, R22): how many waves can the squad hold?

One run is one match: the squad deploys in the map's zone, then waves 1-12 come in three Acts, until the squad
falls (every unit Downed or Deceased) or wave 12 is cleared. The player side always has the Initiative (R19); one
Player Unit, then one Horde Unit; a Boss activates first among the Horde. A wave ends at the end of a Turn with no
Standing Horde unit; then its MP, the Wave Objective's reward, and the Upgrades shop; the next wave spawns at the
start of the next Turn.

The run's state is all in `match.mission_state` (wave, Act, Turn of the wave, Bosses fought, MP earned, Upgrades
bought, Injuries, Spoils, items, the objective); the modules beside this one hold the rules of each part.
"""
from __future__ import annotations

from game.match.mission import MissionScript, MissionSummary, Result, circle_zone

from . import bosses, crates, downed, objectives, shop, turn_events, waves
from .common import HORDE, PLAYER, SPAWN_KIND, state
from .data import horde_data

DEFAULT_MAP = "horde-last-stand.tmx"
FALLBACK_SPAWNS = ((4.0, 4.0), (20.0, 4.0), (12.0, 20.0))  # Last Stand's, scaled to the table


class HordeMission(MissionScript):
    id = "horde"
    mode = "horde"
    title = "Horde Mode"
    briefing = ("Hold out against twelve waves in three Acts. Each wave rolls 3D6 on its row of the wave table; its "
                "units come out of the Spawn Points in turn. Waves 4, 8 and 12 bring a Boss. Your squad always has the "
                "Initiative. A unit at 0 HIT is Downed, not lost: revive it (2 ACT) with 1 HIT and a random Injury; a "
                "second Injury of the same kind and it is gone. Turn Events, a Wave Objective and Crates each wave. "
                "Between waves, spend MP on Upgrades. The run ends when every unit is Downed or gone, or when wave 12 "
                "is cleared.")
    turns = None
    map_name = DEFAULT_MAP
    sides = (PLAYER, HORDE)  # the sides a Horde scenario has (checked where the engine checks them)

    def __init__(self, catalog=None, options: dict | None = None) -> None:
        super().__init__(catalog, options)
        self.data = horde_data(catalog)
        self.catalog = self.data.catalog  # the game's catalog and the Horde's roster: the match uses this one
        self.cards: dict = {}  # built Horde cards, per unit type (a cache, not state)

    # -- scenario ------------------------------------------------------------------------------------------------
    @classmethod
    def make_scenario(cls, entry, squad=None, opponent=None, map_name="default", measure="inches", options=None,
                      controller="person"):
        from .setup import horde_scenario
        return horde_scenario(squad, opponent=opponent, map_name=map_name, measure=measure, options=options or {},
                              controller=controller)

    def npc_controller(self, match, side):
        from game.ai.horde import HordeController
        return HordeController(side)

    def computer_controller(self, match, side):
        from game.ai.horde_squad import HordeSquadController
        return HordeSquadController(side)

    # -- setup ---------------------------------------------------------------------------------------------------
    def setup(self, match) -> None:
        ms = state(match)
        ms.update(wave=0, wave_turn=0, next_wave=1, wave_state="deploying", bosses_fought=[], bosses_beaten=[],
                  mp_earned=0, waves_cleared=0, units_lost=[], deceased=[], injuries={}, spoils={}, items={},
                  bought=[], turn_flags=[], wave_flags=[], objective=None, boss=None)
        bf = match.table.battlefield
        spots = [(m.x, m.y) for m in sorted(bf.spawn_points, key=lambda m: m.name)]
        if not spots:
            spots = [(x * bf.width / 24, y * bf.height / 24) for x, y in FALLBACK_SPAWNS]
        for i, (x, y) in enumerate(spots, start=1):
            match.place_marker(f"spawn-{i}", SPAWN_KIND, f"Spawn Point {i}", x, y,
                               rules="Horde units appear Adjacent to the Spawn Points in turn, from 1 to "
                                     f"{len(spots)}.")
        lead = self.options.get("squad_leader")
        if isinstance(lead, int):
            units = match.all_units_of(PLAYER)
            if 0 <= lead < len(units):
                match.set_squad_leader(PLAYER, units[lead])

    def deployment_zones(self, match, side):
        if side != PLAYER:
            return []
        zones = [z for z in match.table.battlefield.zones.values() if z.side == PLAYER]
        if zones:
            return zones
        bf = match.table.battlefield
        return [circle_zone("centre", PLAYER, bf.width / 2, bf.height / 2, 4.0)]

    # -- the Turn ------------------------------------------------------------------------------------------------
    def npc_priority(self, match, uid: int) -> int:
        return 0 if bosses.is_boss(self, match, uid) else 1  # a Boss activates first among the Horde

    def start_of_turn(self, match) -> None:
        ms = state(match)
        ms["turn_flags"] = []
        if ms.get("next_wave"):
            match.mission_step("begin_wave", ms["next_wave"])
        else:
            ms["wave_turn"] = ms.get("wave_turn", 0) + 1

    def after_orders(self, match) -> None:
        match.mission_step("turn_event")

    def end_of_turn(self, match) -> None:
        ms = state(match)
        if ms.get("wave_state") == "active" and not match.units(HORDE):
            waves.end_wave(self, match)

    def on_step(self, match, name: str, *args) -> None:
        ms = state(match)
        if name == "begin_wave":
            ms["wave_state"] = "active"
            waves.begin_wave(self, match, args[0])
        elif name == "roll_objective":
            objectives.roll_objective(self, match)
        elif name == "objective_anchor":
            objectives.place_marker(self, match, *args)
        elif name == "objective_over":
            ms["last_objective"] = ms.get("objective")
            ms["objective"] = None
        elif name == "ask_reward":
            objectives.ask_reward(self, match, *args)
        elif name == "reward":
            objectives.reward(self, match, *args)
        elif name == "searched":
            objectives.searched(self, match, *args)
        elif name == "turn_event":
            turn_events.turn_event(self, match)
        elif name == "open_shop":
            shop.open_shop(self, match)
        elif name == "shop_choice":
            shop.shop_choice(self, match, *args)
        elif name == "unit_chosen":
            shop.unit_chosen(self, match, *args)
        elif name == "ammo_chosen":
            shop.ammo_chosen(self, match, *args)
        elif name == "spoil_chosen":
            shop.spoil_chosen(self, match, *args)
        elif name == "free_upgrade_choice":
            shop.free_upgrade_choice(self, match, *args)
        elif name == "turret_placed":
            shop.turret_placed(self, match, *args)
        elif name == "turret_spent":
            shop.turret_spent(self, match, *args)
        elif name == "crate_opened":
            crates.opened(self, match, *args)
        elif name == "explode_opened":
            crates.explode_opened(self, match, *args)
        elif name == "leech":
            bosses.leech(self, match, *args)
        elif name == "nutrient_lash":
            bosses.nutrient_lash(self, match, *args)
        elif name == "spawn_sacs":
            if match.standing(args[0]):
                bosses.spawn_leech_next_to(self, match, args[0], "Spawn Sacs")
        else:
            super().on_step(match, name, *args)

    # -- rules at the match's hook points ------------------------------------------------------------------------
    def downs_instead(self, match, uid: int) -> bool:
        return match.unit(uid).side == PLAYER and uid not in state(match).get("deceased", [])

    def ranged_target_reason(self, match, attacker, target):
        return bosses.ranged_target_reason(match, attacker, target)

    def attack_bonus(self, match, attacker, target, weapon):
        if match.unit(attacker).side != HORDE:
            return (0, 0)
        ms = state(match)
        bonus = 0
        if "coordinated" in ms.get("turn_flags", ()):
            bonus += 1
        if "weaken" in ms.get("wave_flags", ()):
            bonus -= 1
        if weapon.att + bonus < 1:
            bonus = 1 - weapon.att  # never below 1
        return (bonus, 0)

    def attack_spec(self, match, spec, weapon):
        return bosses.attack_spec(match, spec, weapon)

    def after_attack(self, match, attacker, weapon, main, lost):
        return bosses.after_attack(self, match, attacker, weapon, main, lost)

    def always_in_cover(self, match, uid: int) -> bool:
        return not match.unit(uid).item and bosses.has(match, uid, bosses.PHASEBOUND)

    def on_zero_hit(self, match, uid: int) -> list[tuple]:
        mid = match.marker_of(uid)
        if mid is not None and match.marker(mid).kind == crates.CRATE:
            return crates.explosion_steps(self, match, uid)
        return []

    def on_taken_out(self, match, uid: int) -> None:
        ms = state(match)
        u = match.unit(uid)
        if u.item:
            objectives.on_taken_out(self, match, uid, match.marker_of(uid))
            return
        if u.side == HORDE and uid == ms.get("boss"):
            ms["bosses_beaten"].append(u.type_id)
            match.event(f"Boss beaten: {u.name}", "", PLAYER)

    def instead_of_move(self, match, uid: int, action: str) -> bool:
        return bosses.instead_of_move(self, match, uid, action)

    def move_bonus(self, match, uid: int, action: str) -> float:
        if match.unit(uid).side == HORDE:
            return bosses.move_bonus(self, match, uid, action)
        return 0.0  # an Injured unit's Crushed Leg is on its card: the match shortens its Move

    # -- mission actions -----------------------------------------------------------------------------------------
    def mission_actions(self, match):
        return downed.actions(self) + crates.actions(self) + objectives.actions(self) + shop.actions(self) + \
            bosses.actions()

    def mission_action_reason(self, match, uid, action, marker, target):
        aid = action.id
        if aid in ("revive", "revive-self"):
            return downed.action_reason(match, uid, aid, target)
        if aid == "spawn-leech":
            return bosses.spawn_leech_reason(match, uid)
        if aid == "open-crate":
            return crates.open_reason(match, marker)
        if aid in ("throw-grenade", "medpack", "medpack-self", "deploy-turret", "fire-turret"):
            return shop.action_reason(self, match, uid, aid, target)
        return None

    def do_mission_action(self, match, uid, action, marker, target):
        aid = action.id
        if aid in ("revive", "revive-self"):
            downed.revive_action(self, match, uid, aid, target)
        elif aid == "open-crate":
            crates.open_crate(self, match, uid, marker)
        elif aid == "calibrate":
            objectives.calibrate(self, match, uid, marker)
        elif aid == "search":
            objectives.search(self, match, uid, marker)
        elif aid == "spawn-leech":
            bosses.spawn_leech_next_to(self, match, uid, f"{match.unit(uid).name} births a Leech")
        else:
            shop.do_action(self, match, uid, aid, target)

    # -- result and summary --------------------------------------------------------------------------------------
    def check_result(self, match, end_of_turn: bool) -> Result | None:
        ms = state(match)
        if not match.units(PLAYER):
            ms["wave_state"] = "fallen"
            return Result("defeat", match.turn, f"the squad fell in wave {ms.get('wave', 0)}", winner=HORDE,
                          scores=((PLAYER, ms.get("mp_earned", 0)),))
        if end_of_turn and ms.get("victory"):
            return Result("victory", match.turn, f"the squad held all {self.data.last_wave} waves", winner=PLAYER,
                          scores=((PLAYER, ms.get("mp_earned", 0)),))
        return None

    def result_line(self, match) -> str:
        ms = state(match)
        r = match.result
        if r is not None and r.outcome == "victory":
            return f"result: victory (wave {ms['wave']}, MP {ms.get('mp_earned', 0)})"
        return f"result: defeat (wave {ms.get('wave', 0)}, turn {ms.get('wave_turn', 0)}, MP {ms.get('mp_earned', 0)})"

    def summary(self, match) -> MissionSummary:
        from .summary import mission_summary
        return mission_summary(self, match)

    def run_summary(self, match) -> dict:
        from .summary import run_summary
        return run_summary(self, match)

