"""The registries, walked by tests/match/test_skills.py so none can silently fall behind the catalog:
  ACTIONS   skill actions (and unit special actions such as Standby): id -> SkillAction
  PASSIVE   every other skill the engine applies: id -> where
  SPECIALS  unit specials: code -> where
  LEFT      what is not done yet, with the reason"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .action_checks import (
    _adjacent_mate_check,
    _aura_mate_check,
    _enemies,
    _enemy_spots,
    _mates,
    _see_mate_check,
    _seen_enemy_check,
)
from .area_actions import (
    _dark_gaze,
    _grenade,
    _grenade_check,
    _immolate,
    _scan,
    _scan_check,
    _smoke,
    _smoke_options,
)
from .condition_actions import (
    _cloak,
    _execute,
    _execute_check,
    _hide,
    _medpack,
    _medpack_check,
    _mindstab,
    _protect,
    _protect_check,
    _restore,
    _restore_check,
    _standby,
)
from .ids import (
    GRENADE,
    GRENADE_RANGE,
    JUMP_RANGE,
    PUSH_RANGE,
    RELAY_ORDER,
    SCAN_RADIUS,
    SCAN_RANGE,
    SMOKE_RADIUS,
    STRATEGIZE,
)
from .move_actions import (
    _face_of_truth,
    _face_of_truth_options,
    _jet_pack,
    _jet_pack_options,
    _jump_strike,
    _jump_strike_check,
    _jump_strike_options,
    _misdirection,
    _misdirection_check,
    _pulseshriek,
    _push,
    _push_check,
    _push_options,
    _straight_spot,
)
from .order_actions import (
    _catalyse,
    _compel,
    _compel_check,
    _compel_options,
    _get_in_dere,
    _move_then_melee,
    _neural_check,
    _neural_command,
    _neural_options,
    _pain_exalted,
    _prod,
    _relay,
    _side_effect,
    _strategize,
    _take_em_down,
    _take_em_down_check,
)


@dataclass(frozen=True)
class SpotArea:
    """Where a skill's spot may be chosen: any point within `inches` of the user's base edge ("edge"), its centre
    ("centre") or the unit chosen first ("target"), the skill's own checks deciding; and what the spot does, for
    the screen to draw where it is hovered: a circle of `radius` (smoke, a Scan marker), the units Adjacent to it
    hit (`hits_adjacent`: a Grenade), or who lands there (`lands`: "user", "target")."""

    measured_from: str
    inches: float
    radius: float = 0.0
    hits_adjacent: bool = False
    lands: str = ""


@dataclass(frozen=True)
class SkillAction:
    """A skill used as an action. options(match, uid) -> UseSkill keyword sets to offer (each then checked);
    check(match, uid, cmd) -> why that choice is not possible, or None; run(match, uid, cmd)."""

    run: Callable
    options: Callable = lambda m, u: [{}]
    check: Callable = lambda m, u, c: None
    limit: str | None = None  # "turn" or "mission"
    not_engaged: bool = False  # not usable while Adjacent to an enemy
    anytime: bool = False  # usable by the squad whatever unit is active (Misdirection)
    costless: bool = False  # no ACT/TO: an activation choice (Neural Command)
    text: str = ""
    spot: SpotArea | None = None  # a spot that may be anywhere in an area (not only the spots offered)


_grenade_action = SkillAction(_grenade, lambda m, u: _enemy_spots(m, u, GRENADE_RANGE, True), _grenade_check,
                              limit="turn", not_engaged=True,
                              text=f"2 Damage to every unit and item Adjacent to a spot within {GRENADE_RANGE:g}\"",
                              spot=SpotArea("edge", GRENADE_RANGE, hits_adjacent=True))
_relay_action = SkillAction(_relay, lambda m, u: _mates(m, u), _see_mate_check, not_engaged=True,
                            text="a squadmate in sight takes one free Basic Action")
_strategize_action = SkillAction(_strategize, text="+1 Tactical Order")

ACTIONS: dict[str, SkillAction] = {
    **{sid: _strategize_action for sid in STRATEGIZE},
    **{sid: _grenade_action for sid in GRENADE},
    **{sid: _relay_action for sid in RELAY_ORDER},
    "INT-MED": SkillAction(_medpack, lambda m, u: _mates(m, u, True), _medpack_check, limit="turn",
                           not_engaged=True, text="heal 1D3"),
    "CWB-FIX-MPAK": SkillAction(_medpack, lambda m, u: _mates(m, u, True), _medpack_check, limit="turn",
                                not_engaged=True, text="heal 1D3"),
    "KF-BR-MED": SkillAction(_medpack, lambda m, u: _mates(m, u, True), _medpack_check, not_engaged=True,
                             text="heal 1D3"),
    # gear a Campaign Reward lends for one mission (assets/data/injuries-spoils.json): once in that mission
    "HRD-RWD-MED": SkillAction(_medpack, lambda m, u: _mates(m, u, True), _medpack_check, limit="mission",
                               not_engaged=True, text="heal 1D3, once"),
    "HRD-RWD-DEMO": replace(_grenade_action, limit="mission", text="a free Grenade, once"),
    "INT-SG": SkillAction(_smoke, _smoke_options, _grenade_check, limit="mission", not_engaged=True,
                          text=f"smoke {SMOKE_RADIUS:g}\" around a spot within {GRENADE_RANGE:g}\" until the Turn "
                               "ends", spot=SpotArea("edge", GRENADE_RANGE, radius=SMOKE_RADIUS)),
    "PRX-VOR-JPA": SkillAction(_jump_strike, _jump_strike_options, _jump_strike_check, limit="turn",
                               not_engaged=True, text=f"jump {JUMP_RANGE:g}\" to an enemy, then a free Melee attack",
                               spot=SpotArea("centre", JUMP_RANGE, lands="user")),
    "PRX-VEC-SCN": SkillAction(_scan, lambda m, u: _enemy_spots(m, u, SCAN_RANGE, False), _scan_check,
                               limit="turn", not_engaged=True,
                               text=f"-1 ARM to enemies within {SCAN_RADIUS:g}\" of a marker",
                               spot=SpotArea("edge", SCAN_RANGE, radius=SCAN_RADIUS)),
    "PRX-SNP-CLK": SkillAction(_cloak, limit="mission", not_engaged=True, text="not a ranged main target"),
    "SCH-SB-CMP": SkillAction(_compel, _compel_options, _compel_check, limit="mission", not_engaged=True,
                              text="make another unit attack"),
    "SCH-SB-MSD": SkillAction(_misdirection, lambda m, u: [], _misdirection_check, limit="mission", anytime=True,
                              text="two squad units swap places, at any moment"),
    "SCH-ASP-DG": SkillAction(_dark_gaze, limit="mission", not_engaged=True, text="-1 ARM (ranged) within 3\""),
    "SCH-ASP-EXA": SkillAction(_pain_exalted, lambda m, u: _mates(m, u), _aura_mate_check, limit="mission",
                               not_engaged=True, text="a squadmate heals 1 and takes a free action"),
    "SCH-ASP-FOT": SkillAction(_face_of_truth, _face_of_truth_options, text="Adjacent enemies are driven back"),
    "SCH-IMM": SkillAction(_immolate, limit="mission", text="heal around, burn Adjacent enemies"),
    "REL-PA-ARC-MS": SkillAction(_mindstab, _enemies, _seen_enemy_check, limit="mission",
                                 text="an enemy may not re-roll this Turn"),
    "REL-PA-ARC-DEF": SkillAction(_protect, lambda m, u: _mates(m, u, True), _protect_check, limit="mission",
                                  text="Cover and a 1-2 roll to keep each HIT this Turn"),
    "REL-REP": SkillAction(_restore, lambda m, u: _mates(m, u), _restore_check, text="a squadmate heals 1D3"),
    "REL-CAT": SkillAction(_catalyse, lambda m, u: _mates(m, u), _aura_mate_check,
                           text="a squadmate takes a free 1-ACT action"),
    "DRN-OR": SkillAction(_move_then_melee, limit="mission", text="every squadmate Moves, then fights"),
    "DES-RAV-DES": SkillAction(_move_then_melee, limit="mission", text="every squadmate Moves, then fights"),
    "HK-HNT-PLS": SkillAction(_pulseshriek, text="enemies within 4\" are driven back 2\""),
    "CWB-WC-TED": SkillAction(_take_em_down, _enemies, _take_em_down_check, limit="mission",
                              text="every unit attacks one enemy"),
    "CWB-WC-COTA": SkillAction(_side_effect, limit="mission", text="+1 melee ATT for the squad this Turn"),
    "CWB-JP": SkillAction(_jet_pack, _jet_pack_options, lambda m, u, c: _straight_spot(m, u, c, JUMP_RANGE),
                          limit="mission", not_engaged=True, text=f"fly {JUMP_RANGE:g}\" in a straight line",
                          spot=SpotArea("centre", JUMP_RANGE, lands="user")),
    "CWB-PUSH": SkillAction(_push, _push_options, _push_check,
                            text=f"2 Damage to an Adjacent enemy, push it {PUSH_RANGE:g}\"",
                            spot=SpotArea("target", PUSH_RANGE, lands="target")),
    "CWB-GH-SCAN": SkillAction(_side_effect, text="enemies get no Cover this Turn"),
    "DES-EXE": SkillAction(_execute, _enemies, _execute_check, text="an Adjacent enemy at 1 HIT loses it"),
    "KF-BOSS-FRZ": SkillAction(_side_effect, limit="mission", not_engaged=True,
                               text="+1 ACT and +1 melee SKL for the squad this Turn"),
    "KF-BOSS-SLAP": SkillAction(_get_in_dere, lambda m, u: _mates(m, u), _adjacent_mate_check, not_engaged=True,
                                text="an Adjacent squadmate loses 1 HIT and takes 2 free actions"),
    "KF-WD-PRD": SkillAction(_prod, lambda m, u: _mates(m, u), _adjacent_mate_check, not_engaged=True,
                             text="an Adjacent squadmate takes a free action"),
    "STD-HID": SkillAction(_hide, text="go into hiding, or leave it"),
    "SBY": SkillAction(_standby, text="act once in another unit's activation"),
    "DRN-NC": SkillAction(_neural_command, _neural_options, _neural_check, costless=True,
                          text="instead of acting: squadmates take free 1-ACT actions"),
}

# Skills the engine applies at other hook points: id -> where (docs/content-format.md hooks table)
PASSIVE: dict[str, str] = {
    "INT-DBD": "on_zero_hit: a free action at 0 HIT (grant 'dbd')",
    "PRX-DBD": "on_zero_hit: a free action at 0 HIT (grant 'dbd')",
    "HK-AB": "on_zero_hit: 1 Melee Damage to Adjacent enemies",
    "KF-BR-WS": "on_zero_hit: 2 Damage to every Adjacent unit",
    "CWB-FIX-PRO": "on_zero_hit: a squadmate within 6\" stays at 1 HIT on 1-2 (once per Turn)",
    "CWB-BRA-IMP": "on_attack_spec: no attacker Support against it",
    "CWB-VGF": "on_attack_spec: attack re-rolls per squadmate Taken Out (max 3)",
    "DES-PAIN": "on_attack_spec: attack re-rolls per lost HIT; on_take_out: heal 1 after a melee Take Out",
    "PRX-PIL-FOR": "on_attack_spec: squadmates within 6\" re-roll one attack die",
    "SCH-SCH": "attack_dice: +1 melee ATT while it sees its Leader",
    "KF-WD-HWL": "on_attack_spec: squadmates within 6\" re-roll one melee attack die",
    "HK-VBS": "after_attack: the main target's Moves cost +1 ACT next activation",
    "PRX-AEG-AUR": "on_attack_spec: targets within 6\" re-roll one save",
    "PRX-AEG-SHD": "combat SHIELD decision: melee Critical Saves count as two saves",
    "PRX-CTR": "after_attack: Counter prompt",
    "KF-CTR": "after_attack: Counter prompt",
    "SCH-SB-DS": "on_attack_spec: the squad re-rolls one save against Ranged attacks",
    "HK-SPC-TNL": "ranged_restriction (12\") and always in Cover",
    "REL-CATREP-SM": "always in Cover; provokes and makes no Attacks of Opportunity; move_rule: through enemy "
                     "units",
    "HK-CLD-NEB": "may_shoot_past; provokes no Attacks of Opportunity; move_rule: through enemy units, "
                  "ignoring height over any terrain",
    "INT-JP": "move_rule: climbing costs no height (the crest inch still counts)",
    "HRD-RWD-GRP": "move_rule: climbing costs no height, as Jump Pack (Extraction Gear's Grappling Hook)",
    "DRN-ML": "may_shoot_past: squadmates may shoot enemies Adjacent to it",
    "REL-IMP": "may_shoot_past: targets Adjacent to squadmates (not the Prime Revenant)",
    "REL-PROX": "sight_from: line of sight from a Secundus",
    "REL-DW": "after_move: 1 Damage to enemies moving past it",
    "REL-AR": "start_of_turn: 1D6, 1-2 restores 1 HIT",
    "DRN-HM": "leader_dice: the Leader's dice after it falls",
    "SCH-ASP-FS": "fate_shift prompt after the Tactical Order roll",
    "DRN-INF": "on_take_out: a Swarmling where a melee victim stood",
    "DES-MH": "attack_dice: +1 ATT on Attacks of Opportunity",
    "HRD-INJ-IM": "move_change: each Move 2\" shorter, the Dash unchanged (Crushed Leg, an Injury)",
    "DES-BLD-CHG": "move_extension: +2\" ending Adjacent to an enemy",
    "DES-DSC-DSC": "move_extension: +2\" ending Adjacent to an objective marker",
    "STD-TECH": "game.rules.actions: first Mission action of an activation -1 ACT",
    "DES-BST-BST": "restriction: may_carry / may_take_mission_actions / may_control_objectives",
    "HK-CLD-MND": "restriction: may_carry / may_take_mission_actions / may_control_objectives",
    "KF-WD-WD": "restriction: may_carry / may_take_mission_actions / may_control_objectives",
    "DRN-SPAWN": "squad building: the Swarmling is not recruitable; it enters play through Infest",
    # skills whose whole rule is a unit special on the card (their effects grant it): see SPECIALS
    **{sid: "via unit special" for sid in ("STD-CLB", "STD-DEV", "STD-DIS", "STD-LFD", "STD-STL", "STD-TOX",
                                           "FM-BUG-SWIFT", "PRX-RAP-SWF", "SCH-SWF", "REL-SWF", "DRN-FD",
                                           "HK-CLD-SW", "DES-BST-SWF", "KF-WD-SWF", "REL-DOD1", "HK-CLD-DOD",
                                           "DES-BST-DOD", "KF-WD-DDG1", "KF-TGH1",
                                           "STD-CMB", "DRN-CLB", "PRX-RAP-GRP")},
}

SPECIALS: dict[str, str] = {
    "SWF": "game.rules.actions: Dash -1 ACT",
    "DOD": "on_attack_spec: ranged save re-rolls",
    "TGH": "on_attack_spec: melee save re-rolls",
    "HRD": "combat: 1s and 2s are Critical Saves",
    "CLB": "effective_arm: melee targets -1 ARM",
    "CAM": "on_attack_spec: ranged attacker from 6\"+ -1 SKL",
    "DLS": "on_attack_spec: melee attacker -1 SKL",
    "PAR": "combat PARRY decision",
    "CTR": "after_attack: Counter prompt",
    "STL": "combat: one automatic save in Cover",
    "DEV": "devoted prompt",
    "SPT": "cover_denied",
    "DIS": "disciplined_plan: a free unused Basic Action at the end of the activation",
    "TOX": "start_of_activation: 1 Damage to Adjacent enemies",
    "LFD": "combat DRAIN decision",
    "INIT": "roll_initiative: wins ties",
    "ACC": "on_attack_spec: ranged attack re-rolls",
    "BRU": "on_attack_spec: melee attack re-rolls",
    "SBY": "ACTIONS['SBY'] and the react prompt",
    "TCH": "game.rules.actions: Mission actions -1 ACT",
    "INF": "may_deploy: anywhere 6\" from enemies and objectives",
    "LDR": "leader_dice",
    "NEQ": "squad building (game.rules.squad)",
    "UNQ": "squad building (game.rules.squad)",
    "CMB": "move_rule: climbing up counts the height 2\" less, down 4\" less (Table.path/reach)",
    "FLY": "move_rule: Move and Dash ignore height, over any terrain (Table.path/reach); there is no "
           "Difficult terrain yet",
}

# Not done yet, and why (nothing left: the movement skills are Match.base's MoveRule, see move_rule).
LEFT: dict[str, str] = {}
