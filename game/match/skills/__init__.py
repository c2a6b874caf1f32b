"""Skills and unit specials in a match: what each one does, at the moment the rules say.

The match calls the named hook points (docs/architecture.md lists them); they look skills up by id
(`card.skills`) and unit specials by code (`card.special("DOD")`) and apply them. Everything a skill leaves
behind (Hidden, Cloak, Standby, tokens on the table, effects for the rest of the Turn) lives in match state that
`Match.state()` hashes. Dice come only from `match.dice`.

Callers use the package as one module (`from . import skills as S`, then `S.on_attack_spec(...)`); by concern:
  registry.py           ACTIONS, PASSIVE, SPECIALS, LEFT and SkillAction (walked by tests/match/test_skills.py)
  action_use.py         a skill action's cost, why not now, the commands to offer, using it (through ACTIONS)
  area_actions.py       Grenade, Smoke Bomb, Scan, Dark Gaze, Immolate
  move_actions.py       Jump Strike, Jet Pack, Misdirection, The Face Of Truth, Pulseshriek, Push
  order_actions.py      actions that give other units actions or the squad an effect for the Turn
  condition_actions.py  Medpack, Restore, Cloak, Mindstab, Protect, Execute, Hide, Standby
  action_checks.py      the option and check helpers those actions share
  attack_hooks.py       attack_dice, effective_arm, on_attack_spec, after_attack
  sight_cover.py        smoke, Cover, sight_from, ranged_restriction, may_shoot_past, devoted_options
  move_rules.py         move_rule, Attacks of Opportunity, move_change, move_extension, after_move, may_deploy
  turn_hooks.py         the Turn and activation hooks (Leader dice, Initiative, Toxic, Disciplined...)
  reactions.py          on_zero_hit, on_take_out, the queued skill steps (STEPS), the prompts of skills
  carrying.py           may_carry and friends (Beast, Mindless, Weirdo)
  unit_queries.py       small queries (cond, has, value, dist...); ids.py the shared skill ids and distances
"""
from .action_use import action_ids, misdirection_commands, pay_id, skill_commands, skill_cost, skill_reason, use_skill
from .action_checks import hit_to_heal_reason
from .area_actions import _grenade, _grenade_check, grenade_victims
from .attack_hooks import _target, after_attack, attack_dice, effective_arm, on_attack_spec
from .carrying import RESTRICTED, may_carry, may_control_objectives, may_take_mission_actions
from .condition_actions import _medpack
from .ids import (
    AURA,
    BASIC,
    BASIC_OR_MISSION,
    CLIMBER,
    COMBAT,
    COUNTER,
    DUTY_BEFORE_DEATH,
    EPS,
    FLYING,
    GAZE_RADIUS,
    GRENADE,
    JUMP_PACK,
    MEDPACK,
    MOVE_THEN_MELEE,
    NEBULANT,
    PRIME_REVENANT,
    RELAY_ORDER,
    SCAN_RADIUS,
    SCAN_RANGE,
    SECUNDUS,
    SMALL,
    SMOKE_RADIUS,
    STRATEGIZE,
    SWARMLING_SKILL,
)
from .move_rules import (
    after_move,
    can_make_aoo,
    extension_ok,
    may_deploy,
    move_change,
    move_extension,
    move_rule,
    objective_markers,
    provokes_aoo,
    unit_pushed,
)
from .reactions import STEPS, answer_prompt, on_take_out, on_zero_hit, prompt_commands, react_options, run_step
from .registry import ACTIONS, LEFT, PASSIVE, SPECIALS, SkillAction, SpotArea
from .sight_cover import (
    always_in_cover,
    cover_denied,
    devoted_options,
    in_smoke,
    may_shoot_past,
    ranged_restriction,
    sees,
    sees_spot,
    sight_between,
    sight_from,
    smoke_between,
)
from .turn_hooks import (
    activation_act,
    disciplined_plan,
    end_of_turn,
    fate_shift,
    leader_dice,
    roll_initiative,
    start_of_activation,
    start_of_turn,
)
from .unit_queries import alive, cond, dist, has, leader_of, mates_within, spot_base, spot_distance, unit_at, value

__all__ = [
    "ACTIONS", "AURA", "BASIC", "BASIC_OR_MISSION", "CLIMBER", "COMBAT", "COUNTER", "DUTY_BEFORE_DEATH", "EPS",
    "FLYING", "GAZE_RADIUS", "GRENADE", "JUMP_PACK", "LEFT", "MEDPACK", "MOVE_THEN_MELEE", "NEBULANT", "PASSIVE",
    "PRIME_REVENANT", "RELAY_ORDER", "RESTRICTED", "SCAN_RADIUS", "SCAN_RANGE", "SECUNDUS", "SMALL", "SMOKE_RADIUS",
    "SPECIALS", "STEPS", "STRATEGIZE", "SWARMLING_SKILL", "SkillAction", "SpotArea", "_grenade", "_grenade_check", "_medpack",
    "_target", "action_ids", "activation_act", "after_attack", "after_move", "alive", "always_in_cover",
    "answer_prompt", "attack_dice", "can_make_aoo", "cond", "cover_denied", "devoted_options", "disciplined_plan",
    "dist", "effective_arm", "end_of_turn", "extension_ok", "fate_shift", "grenade_victims", "has", "hit_to_heal_reason", "in_smoke", "leader_dice",
    "leader_of", "mates_within", "may_carry", "may_control_objectives", "may_deploy", "may_shoot_past",
    "may_take_mission_actions", "misdirection_commands", "move_change", "move_extension", "move_rule",
    "objective_markers", "on_attack_spec", "on_take_out", "on_zero_hit", "pay_id", "prompt_commands", "provokes_aoo",
    "ranged_restriction", "react_options", "roll_initiative", "run_step", "sees", "sees_spot", "sight_between",
    "sight_from", "skill_commands", "skill_cost", "skill_reason", "smoke_between", "spot_base", "spot_distance",
    "start_of_activation", "start_of_turn", "unit_at", "unit_pushed", "use_skill", "value",
]
