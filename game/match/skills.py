"""Skills and unit specials in a match: what each one does, at the moment the rules say.

The match calls the named hook points below at the right moments (docs/architecture.md lists them);
this module looks skills up by id (`card.skills`) and unit specials by code (`card.special("DOD")`) and
applies them. Everything a skill leaves behind (Hidden, Cloak, Standby, tokens on the table, effects for
the rest of the Turn) lives in match state that `Match.state()` hashes. Dice come only from `match.dice`.

Three registries, walked by tests/match/test_skills.py so none can silently fall behind the catalog:
  ACTIONS   skill actions (and unit special actions such as Standby): id -> SkillAction
  PASSIVE   every other skill the engine applies: id -> where
  SPECIALS  unit specials: code -> where
  LEFT      what is not done yet, with the reason
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

import esper

from game.battlefield import Base, MoveRule
from game.rules import actions as act
from game.rules.cards import build_card
from game.rules.combat import AttackSpec, StrikeTarget
from game.rules.dice import Die
from game.rules.model import MELEE, RANGED, UnitSpec

from . import commands as C
from . import events as E
from .components import Conditions, Health, Readiness
from .errors import IllegalCommand

BASIC = act.BASIC_ACTIONS
BASIC_OR_MISSION = act.BASIC_ACTIONS + (act.MISSION,)
COMBAT = act.COMBAT_ACTIONS

# Skill ids that share one rule (data over code: never by display name)
GRENADE = ("STD-GRN", "INT-FG", "CWB-FG", "DES-GRN")
MEDPACK = ("INT-MED", "CWB-FIX-MPAK", "KF-BR-MED")
RELAY_ORDER = ("INT-RO", "CWB-GH-RO")
STRATEGIZE = ("INT-STRAT", "CWB-GH-TO")
DUTY_BEFORE_DEATH = ("INT-DBD", "PRX-DBD")
COUNTER = ("CTR", "PRX-CTR", "KF-CTR")  # the unit special and the two squad specialties
MOVE_THEN_MELEE = ("DRN-OR", "DES-RAV-DES")  # Overrun, Despoil
CLIMBER = ("CMB", "STD-CMB", "DRN-CLB", "PRX-RAP-GRP")  # the unit special and the skills granting it
JUMP_PACK = "INT-JP"
FLYING = "FLY"
NEBULANT = "HK-CLD-NEB"
SMALL = "REL-CATREP-SM"
PRIME_REVENANT = "EIR-PA"  # Imperative does not reach past this unit type
SECUNDUS = "EIR-SEC"  # Proxy traces line of sight from this unit type
SWARMLING_SKILL = "DRN-SPAWN"  # the unit type carrying it is what Infest places

SMOKE_RADIUS = 2.0
SCAN_RANGE, SCAN_RADIUS = 8.0, 6.0
GAZE_RADIUS = 3.0
AURA = 6.0  # Aegis Aura, Formation, Yellbox, Protect The Kin, Restore, Catalyse, Pain Exalted, Compel
EPS = 1e-6


# == small queries ====================================================================================
def cond(uid: int) -> Conditions:
    """The unit's skill conditions (call inside the match's world)."""
    return esper.component_for_entity(uid, Conditions)


def has(match, uid: int, *keys: str) -> bool:
    """The unit carries one of these skill ids or unit special codes."""
    card = match.unit(uid).card
    return any(card.has_skill(k) for k in keys)


def value(match, uid: int, code: str) -> int:
    s = match.unit(uid).card.special(code)
    return 0 if s is None else (s.value if s.value is not None else 1)


def alive(match, uid: int) -> bool:
    return match.standing(uid) and match.health(uid).hit > 0


def dist(match, a: int, b: int) -> float:
    return match.table.distance(match.base(a), match.base(b))


def spot_base(match, x: float, y: float, near_z: float = 0.0, uid: int = -1) -> Base:
    """A point on the table as a tiny base (for distance, sight and adjacency to a spot)."""
    return Base(uid=uid, side="spot", x=x, y=y, z=match.table.surface_z(x, y, near_z), radius=0.05)


def unit_at(match, x: float, y: float) -> int | None:
    for u in match.units(items=None):
        b = match.base(u)
        if math.hypot(b.x - x, b.y - y) <= b.radius:
            return u
    return None


def _seg_dist(ax, ay, bx, by, px, py) -> float:
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll <= 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def smoke_between(match, a: Base, b: Base) -> bool:
    """Smoke Bomb (N33): the line between the two centres passes through a smoke cylinder."""
    for t in match.tokens:
        if t["kind"] == "smoke" and _seg_dist(a.x, a.y, b.x, b.y, t["x"], t["y"]) <= t["radius"] + EPS:
            return True
    return False


def in_smoke(match, uid: int) -> bool:
    b = match.base(uid)
    return any(t["kind"] == "smoke" and math.hypot(b.x - t["x"], b.y - t["y"]) <= t["radius"] + b.radius
               for t in match.tokens)


def sees(match, a: int, b: int) -> bool:
    ba, bb = match.base(a), match.base(b)
    return match.table.sight(ba, bb).visible and not smoke_between(match, ba, bb)


def sees_spot(match, uid: int, x: float, y: float) -> bool:
    me = match.base(uid)
    if math.hypot(me.x - x, me.y - y) <= me.radius:
        return True
    other = unit_at(match, x, y)
    probe = spot_base(match, x, y, me.z, uid=other if other is not None else -1)
    return match.table.sight(me, probe).visible and not smoke_between(match, me, probe)


def spot_distance(match, uid: int, x: float, y: float) -> float:
    me = match.base(uid)
    return max(0.0, math.hypot(me.x - x, me.y - y) - me.radius)


def leader_of(match, side: str) -> int | None:
    return next((u for u in match.units(side) if match.unit(u).leader), None)


def mates_within(match, uid: int, inches: float, with_self: bool = False) -> list[int]:
    out = [m for m in match.squadmates(uid) if not match.unit(m).item and dist(match, uid, m) <= inches + EPS]
    return ([uid] if with_self else []) + out


# == attacks ==========================================================================================
def attack_dice(match, attacker: int, weapon, att: int, aoo: bool = False) -> int:
    """ATT changes (before the dice are split): Silent Choir, Call of the Ancestors, Meat Hook."""
    if weapon.kind != MELEE:
        return att
    card = match.unit(attacker).card
    side = match.side_of(attacker)
    if "SCH-SCH" in card.skills:
        lead = leader_of(match, side)
        if lead is not None and lead != attacker and sees(match, attacker, lead):
            att += 1
    if "CWB-WC-COTA" in match.side_effects.get(side, ()):
        att += 1
    if aoo and "DES-MH" in card.skills:
        att += 1
    return att


def effective_arm(match, uid: int, attacker: int | None, kind: str) -> int:
    """ARM after Clobber (melee), Scan markers, and Dark Gaze tokens (ranged); never below 1."""
    arm = match.unit(uid).card.arm
    if kind == MELEE and attacker is not None and has(match, attacker, "CLB"):
        arm -= 1
    b = match.base(uid)
    side = match.side_of(uid)
    if any(t["kind"] == "scan" and t["side"] != side and
           math.hypot(b.x - t["x"], b.y - t["y"]) - b.radius <= t["radius"] + EPS for t in match.tokens):
        arm -= 1
    if kind == RANGED and any(t["kind"] == "gaze" and t["side"] != side and
                              math.hypot(b.x - t["x"], b.y - t["y"]) - b.radius <= t["radius"] + EPS
                              for t in match.tokens):
        arm -= 1
    return max(1, arm)


def always_in_cover(match, uid: int) -> bool:
    """Tunneler, Small, Protect: counts as in Cover against every Ranged attack."""
    return has(match, uid, "HK-SPC-TNL", "REL-CATREP-SM") or cond(uid).protected


def cover_denied(match, attacker: int, target: int) -> bool:
    """Spotter (a squadmate that sees the target), Scanner (for the rest of the Turn)."""
    side = match.side_of(attacker)
    if "CWB-GH-SCAN" in match.side_effects.get(side, ()):
        return True
    return any(has(match, m, "SPT") and sees(match, m, target) for m in match.squadmates(attacker)
               if not match.unit(m).item)


def on_attack_spec(match, spec: AttackSpec, weapon, aoo: bool = False) -> AttackSpec:
    """Everything skills change in an attack: SKL, re-rolls, and each target's saves."""
    a = spec.attacker
    card = match.unit(a).card
    side = match.side_of(a)
    kind = spec.kind
    main = spec.groups[0][1][0].uid
    skl = spec.skl
    rerolls = dict(spec.rerolls)
    if not spec.direct:
        if kind == MELEE:
            if "KF-BOSS-FRZ" in match.side_effects.get(side, ()):
                skl = min(6, skl + 1)
            if value(match, a, "BRU"):
                rerolls["BRU"] = rerolls.get("BRU", 0) + value(match, a, "BRU")
            if any("KF-WD-HWL" in match.unit(m).card.skills for m in mates_within(match, a, AURA)):
                rerolls["yellbox"] = 1
            if has(match, main, "DLS"):
                skl = max(1, skl - 1)
            if "CWB-BRA-IMP" in match.unit(main).card.skills:
                rerolls.pop("support", None)
        else:
            if value(match, a, "ACC"):
                rerolls["ACC"] = rerolls.get("ACC", 0) + value(match, a, "ACC")
            if has(match, main, "CAM") and dist(match, a, main) >= 6.0 - EPS:
                skl = max(1, skl - 1)
        if "CWB-VGF" in card.skills and match.taken_out_count.get(match.unit(a).side, 0):
            rerolls["vengeful"] = min(3, match.taken_out_count[match.unit(a).side])
        if "DES-PAIN" in card.skills:
            h = match.health(a)
            if h.max_hit - h.hit > 0:
                rerolls["pain"] = h.max_hit - h.hit
        if any("PRX-PIL-FOR" in match.unit(m).card.skills for m in mates_within(match, a, AURA)):
            rerolls["formation"] = 1
    groups = []
    for n, targets in spec.groups:
        groups.append((n, tuple(_target(match, a, t, kind, weapon, t.uid == main, spec.direct) for t in targets)))
    h = match.health(a)
    ca = cond(a)
    return replace(spec, skl=skl, rerolls=tuple((k, v) for k, v in rerolls.items() if v > 0), groups=tuple(groups),
                   attacker_arm=effective_arm(match, a, None, "return"),
                   drain=kind == MELEE and not spec.direct and has(match, a, "LFD"), attacker_max_hit=h.max_hit,
                   attacker_hardened=has(match, a, "HRD"), attacker_ward=ca.protected,
                   attacker_no_reroll=ca.mindstabbed)


def _target(match, attacker: int, t: StrikeTarget, kind: str, weapon, main: bool, direct: bool) -> StrikeTarget:
    uid = t.uid
    u = match.unit(uid)
    if u.item:
        return t
    c = cond(uid)
    arm = effective_arm(match, uid, None if direct else attacker, kind)
    cover = t.cover
    rer: list[tuple[str, int]] = []
    if not direct:
        if kind == RANGED:
            ncv = weapon is not None and weapon.has("NCV")
            if not cover and always_in_cover(match, uid) and not ncv:
                cover = True
            if cover and cover_denied(match, attacker, uid):
                cover = False
            if value(match, uid, "DOD"):
                rer.append(("DOD", value(match, uid, "DOD")))
            if any("SCH-SB-DS" in match.unit(m).card.skills for m in [uid, *match.squadmates(uid)]):
                rer.append(("shroud", 1))
        else:
            if value(match, uid, "TGH"):
                rer.append(("TGH", value(match, uid, "TGH")))
            if c.cloaked:
                rer.append(("cloak", 2))
        if any("PRX-AEG-AUR" in match.unit(m).card.skills for m in mates_within(match, uid, AURA, with_self=True)):
            rer.append(("aegis", 1))
    return replace(t, arm=arm, cover=cover and not direct, save_rerolls=tuple(rer), hardened=has(match, uid, "HRD"),
                   auto_saves=1 if kind == RANGED and not direct and has(match, uid, "STL") else 0,
                   ward=c.protected, parry=kind == MELEE and main and not direct and has(match, uid, "PAR"),
                   shield=kind == MELEE and not direct and "PRX-AEG-SHD" in u.card.skills, no_reroll=c.mindstabbed)


def after_attack(match, ctx, res) -> list[tuple]:
    """Triggers once an attack is resolved: Venomous Bonespurs, Counter."""
    if ctx.direct or ctx.weapon is None or ctx.weapon.kind != MELEE:
        return []
    a = ctx.attacker
    main = res.spec.groups[0][1][0].uid
    lost = res.lost.get(main, 0)
    if ctx.action and "HK-VBS" in match.unit(a).card.skills and lost > 0 and match.standing(main):
        cond(main).move_tax = 1
        match.note(f"{match.unit(main).name} is slowed by Venomous Bonespurs: its next Move costs 1 more ACT")
    if ctx.action and not ctx.counter and lost == 0 and not match.unit(main).item and has(match, main, *COUNTER):
        return [("skill", "counter", main, a)]
    return []


# == ranged targeting ==================================================================================
def may_shoot_past(match, attacker: int, mate: int) -> bool:
    """R7's 'not Adjacent to a squadmate' has exceptions: Expendable, Nebulant, Imperative."""
    mc = match.unit(mate).card
    if "DRN-ML" in mc.skills or "HK-CLD-NEB" in mc.skills:
        return True
    return "REL-IMP" in match.unit(attacker).card.skills and match.unit(mate).type_id != PRIME_REVENANT


def sight_from(match, attacker: int, target: int):
    """The sight a Ranged attack uses: the attacker's own, else (Proxy) a visible Secundus squadmate's.
    Smoke blocks either. Returns the Sight (maybe not visible)."""
    ab, tb = match.base(attacker), match.base(target)
    s = match.table.sight(ab, tb)
    if s.visible and not smoke_between(match, ab, tb):
        return s
    if "REL-PROX" in match.unit(attacker).card.skills:
        for m in match.squadmates(attacker):
            if match.unit(m).type_id == SECUNDUS and sees(match, attacker, m):
                mb = match.base(m)
                s2 = match.table.sight(mb, tb)
                if s2.visible and not smoke_between(match, mb, tb):
                    return s2
    if s.visible:
        return replace(s, visible=False, blocker="smoke")
    return s


def ranged_restriction(match, attacker: int, target: int) -> str | None:
    if cond(attacker).hidden:
        return "a hidden unit cannot make Ranged attacks (Hide)"
    if in_smoke(match, attacker):
        return "a unit inside smoke cannot make Ranged attacks"
    if match.unit(target).item:
        return None
    c = cond(target)
    d = dist(match, attacker, target)
    if c.hidden and d > 6.0 + EPS:
        return "hidden: only units within 6\" can target it (Hide)"
    if c.cloaked:
        return "Cloaked: it cannot be the main target of Ranged Combat"
    if "HK-SPC-TNL" in match.unit(target).card.skills and d > 12.0 + EPS:
        return "Tunneler: only enemies within 12\" can target it"
    return None


def devoted_options(match, attacker: int, weapon, target: int) -> list[int]:
    """Devoted units (DEV) within 4" of the target that could take its place (they must be valid targets)."""
    if match.unit(target).item:
        return []
    out = []
    for m in match.squadmates(target):
        if match.unit(m).item or not has(match, m, "DEV") or not alive(match, m):
            continue
        if dist(match, m, target) <= 4.0 + EPS and match.ranged_target_reason(attacker, weapon, m) is None:
            out.append(m)
    return out


# == movement ==========================================================================================
def provokes_aoo(match, mover: int) -> bool:
    """Hide, Small and Nebulant: the mover provokes no Attack of Opportunity."""
    return not (cond(mover).hidden or has(match, mover, "REL-CATREP-SM", "HK-CLD-NEB"))


def can_make_aoo(match, uid: int) -> bool:
    return not has(match, uid, "REL-CATREP-SM")


_MOVE_RULES: dict[int, tuple] = {}  # id(card) -> (card, MoveRule); the card is kept so its id stays its own


def move_rule(card) -> MoveRule:
    """How a unit Moves and Dashes (N53-N57), for `Match.base`: Climber counts the height climbed up 2" less
    and down 4" less; Jump Pack pays no height when it climbs; Flying and Nebulant pay no height and pass
    over any terrain; Nebulant and Small may cross enemy units' bases. A plain unit gets the Core Rules."""
    got = _MOVE_RULES.get(id(card))
    if got is not None and got[0] is card:
        return got[1]
    has_ = card.has_skill
    climber = any(has_(k) for k in CLIMBER)
    flies = has_(FLYING) or has_(NEBULANT)
    rule = MoveRule(climb_up_less=2.0 if climber else 0.0, climb_down_less=4.0 if climber else 2.0,
                    ignore_vertical=flies or has_(JUMP_PACK), any_face=flies,
                    through_enemies=has_(NEBULANT) or has_(SMALL))
    if len(_MOVE_RULES) >= 4096:
        _MOVE_RULES.clear()
    _MOVE_RULES[id(card)] = (card, rule)
    return rule


def unit_pushed(match, uid: int) -> Base:
    """The unit's base for a push or a drive back (N35): moved by another unit, not by its own Move or Dash,
    so its movement skills (Flying, Nebulant, Small, climbing) do not apply."""
    return replace(match.base(uid), move=MoveRule())


def move_extension(match, uid: int, action: str) -> float:
    """Charge and Desecrate: a Move may go 2" further when the extra distance ends Adjacent to an enemy /
    an objective marker."""
    if action == act.MOVE and has(match, uid, "DES-BLD-CHG", "DES-DSC-DSC"):
        return 2.0
    return 0.0


def extension_ok(match, uid: int, x: float, y: float, z: float) -> bool:
    me = match.base(uid)
    probe = Base(uid=uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    if has(match, uid, "DES-BLD-CHG"):
        if any(match.table.adjacent(probe, match.base(e)) for e in match.enemies_of(uid) if not match.unit(e).item):
            return True
    if has(match, uid, "DES-DSC-DSC"):
        for ox, oy, oz in objective_markers(match):
            if match.table.adjacent(probe, Base(uid=-2, side="objective", x=ox, y=oy, z=oz, radius=0.5)):
                return True
    return False


def objective_markers(match) -> list[tuple[float, float, float]]:
    """A mission may define objective_markers(match) -> [(x, y, z)]; the First Mission has none."""
    fn = getattr(match.mission, "objective_markers", None)
    return list(fn(match)) if fn is not None else []


def after_move(match, uid: int, points) -> list[tuple]:
    """Defensive Weave: an enemy that moved through or ended a Move/Dash Adjacent to the weaver takes 1 Damage."""
    if match.unit(uid).item or not match.standing(uid):
        return []
    weavers = [e for e in match.enemies_of(uid) if "REL-DW" in match.unit(e).card.skills and alive(match, e)]
    hit = [w for w in weavers if _path_adjacent(match, uid, points, w)]
    return [("skill", "damage", hit[0], len(hit), "Defensive Weave", RANGED, (uid,))] if hit else []


def _path_adjacent(match, uid: int, points, other: int) -> bool:
    me = match.base(uid)
    ob = match.base(other)
    pts = list(points)
    if len(pts) < 2:
        return False
    for (x0, y0, z0), (x1, y1, z1) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / 0.25))
        for k in range(1, n + 1):
            f = k / n
            probe = Base(uid=uid, side=me.side, x=x0 + (x1 - x0) * f, y=y0 + (y1 - y0) * f,
                         z=z1 if f >= 1 else max(z0, z1) if abs(z0 - z1) < 0.01 else z0 + (z1 - z0) * f,
                         radius=me.radius)
            if match.table.adjacent(probe, ob):
                return True
    return False


def may_deploy(match, uid: int, x: float, y: float) -> bool:
    """Infiltrator: anywhere at least 6" from enemy units and objective markers."""
    if not has(match, uid, "INF"):
        return False
    r = match.unit(uid).card.base_diameter / 2
    for e in match.units():
        if match.side_of(e) == match.side_of(uid):
            continue
        b = match.base(e)
        if math.hypot(b.x - x, b.y - y) - r - b.radius < 6.0 - EPS:
            return False
    return all(math.hypot(ox - x, oy - y) - r >= 6.0 - EPS for ox, oy, _ in objective_markers(match))


# == turns and activations =============================================================================
def leader_dice(match, side: str) -> int:
    """Extra TO dice: the standing Leader's (LDRx skills, or the LDR unit special); Hive Mind keeps them
    after the Leader falls while a unit with Hive Mind stands."""
    def dice_of(uid):
        card = match.unit(uid).card
        return max(card.leader_dice, value(match, uid, "LDR"))
    lead = next((u for u in match.units(side) if match.unit(u).leader or value(match, u, "LDR")), None)
    if lead is not None:
        return dice_of(lead)
    if any("DRN-HM" in match.unit(u).card.skills for u in match.units(side)):
        fallen = [u for u in match.all_units_of(side) if match.unit(u).leader or value(match, u, "LDR")]
        if fallen:
            match.note(f"{side}: Hive Mind keeps the Leader's extra Tactical Order dice")
            return max(dice_of(u) for u in fallen)
    return 0


def fate_shift(match, side: str) -> bool:
    return any("SCH-ASP-FS" in match.unit(u).card.skills for u in match.units(side))


def roll_initiative(match, sides: list[str]) -> tuple[list[dict[str, int]], str]:
    """R18 with Initiative (INIT): a tie for the lowest roll goes to the one tied side with a standing
    INIT unit; otherwise the tied sides roll again."""
    init = {s for s in sides if any(has(match, u, "INIT") for u in match.units(s))}
    rounds: list[dict[str, int]] = []
    contenders = list(sides)
    while True:
        rolls = {s: match.dice.d6() for s in contenders}
        rounds.append(rolls)
        low = min(rolls.values())
        contenders = [s for s in contenders if rolls[s] == low]
        if len(contenders) == 1:
            return rounds, contenders[0]
        with_init = [s for s in contenders if s in init]
        if len(with_init) == 1:
            match.note(f"{with_init[0]} wins the tie (Initiative)")
            return rounds, with_init[0]


def start_of_turn(match) -> None:
    """Arise!: each unit with it rolls 1D6 as the Turn begins; 1-2 restores one lost HIT."""
    for uid in match.units():
        if "REL-AR" in match.unit(uid).card.skills:
            h = esper.component_for_entity(uid, Health)
            if h.hit < h.max_hit:
                f = match.dice.d6()
                if f <= 2:
                    h.hit += 1
                match.emit(E.DiceRolled(f"{match.unit(uid).name}: Arise!", (Die(f),),
                                        "restores 1 HIT" if f <= 2 else "no effect", match.unit(uid).side))


def end_of_turn(match) -> None:
    """What lasts 'until the end of the Turn' ends: Protect, Mindstab, Standby, smoke, Dark Gaze, side effects."""
    for uid in match.all_units():
        c = esper.try_component(uid, Conditions)
        if c is not None:
            c.protected = c.mindstabbed = c.standby = c.restored = c.catalysed = False
    match.side_effects = {}
    match.tokens = [t for t in match.tokens if t["until"] != "turn"]


def activation_act(match, uid: int, act_now: int) -> int:
    if "KF-BOSS-FRZ" in match.side_effects.get(match.side_of(uid), ()):
        act_now += 1
    return act_now


def start_of_activation(match, uid: int) -> list[tuple]:
    """Cloak and Scan end; Venomous Bonespurs' toll; Toxic."""
    c = cond(uid)
    if c.cloaked:
        c.cloaked = False
        match.note(f"{match.unit(uid).name}'s Cloak ends")
    before = len(match.tokens)
    match.tokens = [t for t in match.tokens if not (t["until"] == "owner" and t["owner"] == uid)]
    if len(match.tokens) < before:
        match.note(f"{match.unit(uid).name}'s Scan marker is removed")
    if c.move_tax:
        match.activation.move_tax = c.move_tax
        c.move_tax = 0
        match.note(f"{match.unit(uid).name} pays 1 extra ACT for each Move this activation (Venomous Bonespurs)")
    if has(match, uid, "TOX"):
        foes = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]
        if foes:
            return [("skill", "damage", uid, 1, "Toxic", RANGED, tuple(foes))]
    return []


def disciplined_plan(match, a) -> tuple[str, ...] | None:
    """Disciplined: as the activation ends, one free Basic Action not used in it."""
    if a.grant or a.locked or not has(match, a.uid, "DIS") or not alive(match, a.uid):
        return None
    used = {p.action for p in a.history}
    left = tuple(x for x in BASIC if x not in used)
    return left or None


# == 0 HIT and Taken Out ===============================================================================
def on_zero_hit(match, uid: int, killer: int | None, melee: bool) -> list[tuple]:
    """A unit at 0 HIT: Protect The Kin may keep it; Acid Blood and Wrekstatik strike; Duty Before Death
    lets it act; then it falls."""
    u = match.unit(uid)
    if not u.item:
        for fixer in match.squadmates(uid):
            if "CWB-FIX-PRO" not in match.unit(fixer).card.skills or not alive(match, fixer):
                continue
            r = esper.component_for_entity(fixer, Readiness)
            if "CWB-FIX-PRO" in r.used_once or dist(match, fixer, uid) > AURA + EPS:
                continue
            r.used_once = (*r.used_once, "CWB-FIX-PRO")
            f = match.dice.d6()
            if f <= 2:
                esper.component_for_entity(uid, Health).hit = 1
                match.emit(E.DiceRolled(f"Protect The Kin: {match.unit(fixer).name}", (Die(f),),
                                        f"{u.name} stays with 1 HIT", u.side))
                return []
            match.emit(E.DiceRolled(f"Protect The Kin: {match.unit(fixer).name}", (Die(f),), "no help", u.side))
            break
    steps: list[tuple] = []
    if not u.item:
        if "HK-AB" in u.card.skills:
            steps.append(("skill", "death_damage", uid, 1, "Acid Blood", MELEE, "enemies"))
        if "KF-BR-WS" in u.card.skills:
            steps.append(("skill", "death_damage", uid, 2, "Wrekstatik", RANGED, "all"))
    if not u.item and any(s in DUTY_BEFORE_DEATH for s in u.card.skills):
        steps.append(("dbd", uid, killer, melee))
    else:
        steps.append(("fall", uid, killer, melee))
    return steps


def on_take_out(match, victim: int, killer: int | None, melee: bool, pos) -> None:
    """Pain Is Strength (heal 1 after a melee Take Out) and Infest (a Swarmling where the enemy stood)."""
    if killer is None or not alive(match, killer) or match.side_of(killer) == match.unit(victim).side:
        return
    kcard = match.unit(killer).card
    if melee and "DES-PAIN" in kcard.skills:
        match.heal(killer, 1, "Pain Is Strength")
    if melee and "DRN-INF" in kcard.skills and not match.unit(victim).item and pos is not None \
            and match.catalog is not None:
        type_id = next((t.id for t in match.catalog.unit_types.values() if SWARMLING_SKILL in t.defaults), None)
        if type_id is None:
            return
        card = build_card(match.catalog, UnitSpec(type_id, "Swarmling"))
        n = sum(1 for u in match.all_units_of(match.unit(killer).side) if match.unit(u).type_id == type_id) + 1
        uid = match.spawn(match.unit(killer).side, f"Swarmling {n}", card, pos.x, pos.y, pos.z)
        esper.component_for_entity(uid, Readiness).ready = False
        match.note(f"Infest: a Swarmling takes {match.unit(victim).name}'s place (already activated this Turn)")


# == steps the match runs from its queue ===============================================================
def run_step(match, name: str, *args) -> None:
    STEPS[name](match, *args)


def _step_damage(match, source: int, amount: int, why: str, kind: str, targets) -> None:
    targets = [t for t in targets if alive(match, t)]
    if targets:
        match.deal_damage(source, [(amount, targets)], kind, why)


def _step_death_damage(match, uid: int, amount: int, why: str, kind: str, who: str) -> None:
    adj = [o for o in match.units(items=None) if o != uid and match.adjacent(uid, o) and alive(match, o)
           and not match.unit(o).item]
    if who == "enemies":
        adj = [o for o in adj if match.side_of(o) != match.side_of(uid)]
    if adj:
        match.note(f"{match.unit(uid).name}: {why}")
        match.deal_damage(uid, [(amount, adj)], kind, why)


def _step_counter(match, defender: int, attacker: int) -> None:
    if not (alive(match, defender) and alive(match, attacker)):
        return
    weapons = [w.id for w in match.unit(defender).card.weapons
               if w.kind == MELEE and match.melee_target_reason(defender, w, attacker) is None]
    if weapons:
        match.open_prompt("counter", match.side_of(defender),
                          f"{match.unit(defender).name} lost no HIT: make a free Melee attack against "
                          f"{match.unit(attacker).name} (Counter)?", options=tuple(weapons), data=(defender, attacker))


def _step_push_move(match, target: int, x: float, y: float) -> None:
    if not alive(match, target):
        return
    ok = _push_path(match, target, x, y)
    if ok is None:
        match.note(f"{match.unit(target).name} cannot be pushed there any more")
        return
    z, fall = ok
    match.place(target, x, y, z, "is pushed")
    if fall >= 1:
        match.note(f"{match.unit(target).name} falls {fall * 2:g}\"")
        match.deal_damage(target, [(fall, [target])], RANGED, "Fall")


STEPS: dict[str, Callable] = {"damage": _step_damage, "death_damage": _step_death_damage, "counter": _step_counter,
                              "push_move": _step_push_move}


# == prompts of skills =================================================================================
def prompt_commands(match, p) -> list[C.Command]:
    s = p.side
    if p.kind == "counter":
        return [C.ChooseWeapon(s, None)] + [C.ChooseWeapon(s, w) for w in p.options]
    if p.kind == "devoted":
        return [C.ChooseUnit(s, None)] + [C.ChooseUnit(s, u) for u in p.options]
    if p.kind == "fate_shift":
        return [C.AcceptDice(s)] + [C.RerollDie(s, i, "fate") for i, f in enumerate(p.options) if f > 3]
    if p.kind == "react":
        return [C.ChooseUnit(s, None)] + list(p.options)
    return []


def answer_prompt(match, p, cmd) -> None:
    if p.kind == "counter":
        if not isinstance(cmd, C.ChooseWeapon) or (cmd.weapon is not None and cmd.weapon not in p.options):
            raise IllegalCommand("choose a melee weapon for the Counter, or none")
        match.close_prompt()
        if cmd.weapon is not None:
            defender, attacker = p.data
            match.note(f"{match.unit(defender).name} counter-attacks")
            match.start_attack(defender, match.unit(defender).card.weapon(cmd.weapon), [(None, [attacker])],
                               counter=True, action=True)
        return
    if p.kind == "fate_shift":
        side = p.side
        faces = list(p.options)
        if isinstance(cmd, C.RerollDie) and cmd.source == "fate" and 0 <= cmd.index < len(faces):
            old = faces[cmd.index]
            faces[cmd.index] = match.dice.d6()
            match.emit(E.DiceRolled(f"{match.side_name(side)}: Fate Shift re-rolls a Tactical Order die ({old})",
                                    (Die(faces[cmd.index]),), side=side))
        elif not isinstance(cmd, C.AcceptDice):
            raise IllegalCommand("re-roll one Tactical Order die (Fate Shift) or accept")
        match.close_prompt()
        before = match.to[side]
        match.to[side] = sum(1 for f in faces if f <= 3) + match.taken_out_count[side]
        match.emit(E.TacticalOrdersChanged(side, match.side_name(side), match.to[side] - before, match.to[side],
                                           "Fate Shift"))
        return
    if p.kind == "react":
        if isinstance(cmd, C.ChooseUnit) and cmd.uid is None:
            match.close_prompt()
            return
        if cmd not in p.options:
            raise IllegalCommand("choose a unit on Standby, Misdirection, or nothing")
        match.close_prompt()
        if isinstance(cmd, C.ChooseUnit):
            cond(cmd.uid).standby = False
            match.note(f"{match.unit(cmd.uid).name} acts from Standby")
            match.grant(cmd.uid, "standby", [BASIC])
        else:
            use_skill(match, cmd, react=True)
        return
    raise IllegalCommand("unexpected answer")


def react_options(match, side: str) -> list[C.Command]:
    """Between the actions of an enemy activation: units on Standby, and Misdirection."""
    active = match.active_unit
    out: list[C.Command] = [C.ChooseUnit(side, u) for u in match.units(side)
                            if cond(u).standby and u != active and alive(match, u)]
    out += misdirection_commands(match, side)
    return out


# == skill actions =====================================================================================
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


def skill_cost(match, skill_id: str) -> tuple[int, bool]:
    """(base cost, paid with TO only)."""
    s = match.catalog.skills.get(skill_id) if match.catalog is not None else None
    if s is None:
        return (1, False)  # unit special actions (Standby) cost 1 ACT
    if s.to_cost is not None:
        return (s.to_cost, True)
    return (s.act_cost or 0, False)


def pay_id(match, uid: int, sid: str) -> str:
    """The action a skill use counts as for repeats: leaving hiding is not hiding again (N36)."""
    return "STD-HID:leave" if sid == "STD-HID" and cond(uid).hidden else sid


def action_ids(match, uid: int) -> list[str]:
    card = match.unit(uid).card
    out = [sid for sid in card.skills if sid in ACTIONS and not ACTIONS[sid].anytime]
    out += [s.code for s in card.specials if s.code in ACTIONS]
    return out


def skill_reason(match, uid: int, sid: str, cmd: C.UseSkill | None = None, react: bool = False) -> str | None:
    """Why `uid` cannot use skill `sid` now (cmd: with its target), or None."""
    impl = ACTIONS.get(sid)
    if impl is None:
        return "a passive skill"
    r = esper.component_for_entity(uid, Readiness)
    c = cond(uid)
    base, to_only = skill_cost(match, sid)
    if impl.limit == "mission" and sid in c.used_mission:
        return "already used this mission"
    if (impl.limit == "turn" or to_only) and sid in r.used_once:
        return "already used this Turn"
    if impl.not_engaged and match.adjacent_enemies(uid):
        return "not while Adjacent to an enemy"
    if sid == "REL-REP" and c.catalysed:
        return "not in a Turn in which it used Catalyse"
    if sid == "REL-CAT" and c.restored:
        return "not in a Turn in which it used Restore"
    if impl.anytime:
        side = match.side_of(uid)
        if match.to.get(side, 0) < base:
            return "not enough TO"
    elif impl.costless:
        a = match.activation
        if a is None or a.uid != uid or a.grant or a.history or a.locked:
            return "only instead of taking any action in its activation"
    else:
        cost = match.cost_of(act.SKILL, skill=pay_id(match, uid, sid), base=base)
        if cost >= act.FORBIDDEN:
            return "not possible now"
        if match.payment(cost, to_only=to_only) is None:
            return "not enough ACT or TO"
    if cmd is not None:
        return impl.check(match, uid, cmd)
    return None


def skill_commands(match, uid: int, side: str) -> list[C.UseSkill]:
    out = []
    for sid in action_ids(match, uid):
        if skill_reason(match, uid, sid) is not None:
            continue
        for kw in ACTIONS[sid].options(match, uid):
            cmd = C.UseSkill(side, sid, **kw)
            if ACTIONS[sid].check(match, uid, cmd) is None:
                out.append(cmd)
    out += misdirection_commands(match, side)
    return out


def use_skill(match, cmd: C.UseSkill, react: bool = False) -> None:
    impl = ACTIONS.get(cmd.skill)
    if impl is None:
        raise IllegalCommand("no such skill action")
    if impl.anytime:
        uid = next((u for u in match.units(cmd.side) if cmd.skill in match.unit(u).card.skills), None)
        if uid is None:
            raise IllegalCommand("no standing unit of the squad has this skill")
    else:
        if react:
            raise IllegalCommand("only Standby or Misdirection now")
        uid = match.active_unit
        if cmd.skill not in action_ids(match, uid):
            raise IllegalCommand("this unit has no such skill action")
    reason = skill_reason(match, uid, cmd.skill, cmd, react)
    if reason:
        raise IllegalCommand(reason)
    base, to_only = skill_cost(match, cmd.skill)
    if impl.anytime:
        match.to[cmd.side] -= base
        match.note(f"{base} TO spent")
    elif not impl.costless:
        match.pay_skill(pay_id(match, uid, cmd.skill), base, to_only)
    r = esper.component_for_entity(uid, Readiness)
    if impl.limit == "turn" or to_only:
        r.used_once = (*r.used_once, cmd.skill)
    if impl.limit == "mission":
        cond(uid).used_mission = (*cond(uid).used_mission, cmd.skill)
    impl.run(match, uid, cmd)


# -- option and check helpers --------------------------------------------------------------------------
def _need_target(cmd) -> str | None:
    return "choose a unit for this skill (target)" if cmd.target is None else None


def _need_spot(cmd) -> str | None:
    return "choose a spot for this skill (x, y)" if cmd.x is None or cmd.y is None else None


def _standing_unit(match, uid) -> bool:
    try:
        return match.standing(uid) and not match.unit(uid).item
    except KeyError:
        return False


def _enemy_spots(match, uid: int, reach: float, visible: bool) -> list[dict]:
    out = []
    for e in match.enemies_of(uid) + [i for i in match.units(items=True) if match.side_of(i) != match.side_of(uid)]:
        b = match.base(e)
        if spot_distance(match, uid, b.x, b.y) <= reach + EPS and (not visible or sees_spot(match, uid, b.x, b.y)):
            out.append({"x": b.x, "y": b.y})
    return out


def _heal_check(match, uid, cmd, adjacent_only: bool, self_ok: bool, aura: float | None = None,
                not_adjacent_enemy: bool = True) -> str | None:
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose this unit or a squadmate"
    if t == uid and not self_ok:
        return "choose a squadmate"
    if t != uid:
        if adjacent_only and not match.adjacent(uid, t):
            return "the squadmate must be Adjacent"
        if aura is not None and dist(match, uid, t) > aura + EPS:
            return f"the squadmate must be within {aura:g}\""
    if not_adjacent_enemy and match.adjacent_enemies(t):
        return "the unit to heal is Adjacent to an enemy"
    h = match.health(t)
    if h.hit >= h.max_hit:
        return "that unit has lost no HIT"
    return None


def _mates(match, uid, with_self=False) -> list[dict]:
    return [{"target": m} for m in ([uid] if with_self else []) + match.squadmates(uid) if not match.unit(m).item]


# -- the actions ---------------------------------------------------------------------------------------
def _strategize(match, uid, cmd) -> None:
    side = match.side_of(uid)
    match.to[side] += 1
    match.note(f"{match.unit(uid).name} uses Strategize: +1 TO ({match.to[side]} now)")


def _grenade_check(match, uid, cmd):
    if _need_spot(cmd):
        return _need_spot(cmd)
    if spot_distance(match, uid, cmd.x, cmd.y) > 6.0 + EPS:
        return "the spot must be within 6\""
    if not sees_spot(match, uid, cmd.x, cmd.y):
        return "this unit cannot see that spot"
    return None


def _grenade(match, uid, cmd) -> None:
    probe = spot_base(match, cmd.x, cmd.y, match.base(uid).z)
    hit = [o for o in match.units(items=None) if _spot_adjacent(match, probe, o)]
    match.note(f"{match.unit(uid).name} throws a Grenade")
    if hit:
        match.deal_damage(uid, [(2, hit)], RANGED, "Grenade")
    else:
        match.note("  nobody is Adjacent to that spot")


def _spot_adjacent(match, probe: Base, o: int) -> bool:
    b = match.base(o)
    if math.hypot(b.x - probe.x, b.y - probe.y) <= b.radius:
        return abs(b.z - probe.z) <= 0.5  # the spot is under its base
    return match.table.adjacent(replace(probe, radius=0.0), b)


def _medpack_check(match, uid, cmd):
    return _heal_check(match, uid, cmd, adjacent_only=True, self_ok=True)


def _medpack(match, uid, cmd) -> None:
    n = match.dice.d3()
    match.heal(cmd.target, n, match.catalog.skills[cmd.skill].name if match.catalog else "Medpack")


def _see_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose a squadmate"
    if not sees(match, uid, t):
        return "this unit cannot see that squadmate"
    return None


def _relay(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} gives an order to {match.unit(cmd.target).name}")
    match.grant(cmd.target, "order", [BASIC])


def _smoke(match, uid, cmd) -> None:
    probe = spot_base(match, cmd.x, cmd.y, match.base(uid).z)
    match.tokens.append({"kind": "smoke", "owner": uid, "side": match.side_of(uid), "x": cmd.x, "y": cmd.y,
                         "z": probe.z, "radius": SMOKE_RADIUS, "until": "turn"})
    match.note(f"{match.unit(uid).name} throws a Smoke Bomb: smoke 2\" around ({cmd.x:g}, {cmd.y:g}) until the "
              "Turn ends", uid)


def _smoke_options(match, uid):
    me = match.base(uid)
    return [{"x": me.x, "y": me.y}] + _enemy_spots(match, uid, 6.0, True)


def _straight_spot(match, uid, cmd, reach: float) -> str | None:
    if _need_spot(cmd):
        return _need_spot(cmd)
    me = match.base(uid)
    if math.hypot(cmd.x - me.x, cmd.y - me.y) > reach + EPS:
        return f"further than {reach:g}\""
    z = match.table.surface_z(cmd.x, cmd.y, me.z)
    if not match.table.can_stand(me.radius, cmd.x, cmd.y, z, ignore_uid=uid):
        return "a unit cannot stand there"
    return None


def _lands_adjacent(match, uid, x, y) -> bool:
    me = match.base(uid)
    z = match.table.surface_z(x, y, me.z)
    probe = Base(uid=uid, side=me.side, x=x, y=y, z=z, radius=me.radius)
    return any(match.table.adjacent(probe, match.base(e)) for e in match.enemies_of(uid) if not match.unit(e).item)


def _jump_strike_check(match, uid, cmd):
    why = _straight_spot(match, uid, cmd, 10.0)
    if why:
        return why
    if not _lands_adjacent(match, uid, cmd.x, cmd.y):
        return "Jump Strike must end Adjacent to an enemy"
    return None


def _jump_strike_options(match, uid):
    me = match.base(uid)
    out = []
    for e in match.enemies_of(uid):
        if match.unit(e).item or math.hypot(match.base(e).x - me.x, match.base(e).y - me.y) > 12:
            continue
        spots = match.table.spots_adjacent_to(match.base(e), me.radius, me.side)
        spots = sorted((s for s in spots if math.hypot(s[0] - me.x, s[1] - me.y) <= 10.0),
                       key=lambda s: (math.hypot(s[0] - me.x, s[1] - me.y), s))
        out += [{"x": s[0], "y": s[1]} for s in spots[:3]]
    return out


def _jump_strike(match, uid, cmd) -> None:
    z = match.table.surface_z(cmd.x, cmd.y, match.base(uid).z)
    match.place(uid, cmd.x, cmd.y, z, "jumps")
    match.grant(uid, "jump strike", [(act.MELEE_COMBAT,)])


def _jet_pack_options(match, uid):
    me = match.base(uid)
    out = []
    for d in (4.0, 7.0, 10.0):
        for k in range(16):
            a = 2 * math.pi * k / 16
            x, y = round(me.x + d * math.cos(a), 3), round(me.y + d * math.sin(a), 3)
            out.append({"x": x, "y": y})
    return out


def _jet_pack(match, uid, cmd) -> None:
    z = match.table.surface_z(cmd.x, cmd.y, match.base(uid).z)
    match.place(uid, cmd.x, cmd.y, z, "flies with its Jet Pack")


def _scan_check(match, uid, cmd):
    if _need_spot(cmd):
        return _need_spot(cmd)
    if spot_distance(match, uid, cmd.x, cmd.y) > SCAN_RANGE + EPS:
        return f"the marker must be within {SCAN_RANGE:g}\""
    return None


def _scan(match, uid, cmd) -> None:
    match.tokens.append({"kind": "scan", "owner": uid, "side": match.side_of(uid), "x": cmd.x, "y": cmd.y, "z": 0.0,
                         "radius": SCAN_RADIUS, "until": "owner"})
    match.note(f"{match.unit(uid).name} places a Scan marker: enemies within 6\" of it have -1 ARM until it "
              "activates again", uid)


def _cloak(match, uid, cmd) -> None:
    cond(uid).cloaked = True
    match.note(f"{match.unit(uid).name} is Cloaked until its next activation")


def _compel_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or not alive(match, t):
        return "choose another unit"
    if dist(match, uid, t) > AURA + EPS or not sees(match, uid, t):
        return "the unit must be within 6\" and in sight"
    return None


def _compel_options(match, uid):
    return [{"target": t} for t in match.units() if t != uid]


def _compel(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} compels {match.unit(cmd.target).name}")
    match.grant(cmd.target, "compel", [COMBAT], controller=match.side_of(uid))


def misdirection_commands(match, side: str) -> list[C.UseSkill]:
    sid = "SCH-SB-MSD"
    owner = next((u for u in match.units(side) if sid in match.unit(u).card.skills), None)
    if owner is None or skill_reason(match, owner, sid) is not None:
        return []
    us = [u for u in match.units(side)]
    return [C.UseSkill(side, sid, target=a, other=b) for i, a in enumerate(us) for b in us[i + 1:]]


def _misdirection_check(match, uid, cmd):
    side = match.side_of(uid)
    if cmd.target is None or cmd.other is None or cmd.target == cmd.other:
        return "choose two units of the squad (target, other)"
    for t in (cmd.target, cmd.other):
        if not _standing_unit(match, t) or match.unit(t).side != side:
            return "choose two standing units of the squad"
    return None


def _misdirection(match, uid, cmd) -> None:
    pa, pb = match.position(cmd.target), match.position(cmd.other)
    a, b = (pa.x, pa.y, pa.z), (pb.x, pb.y, pb.z)
    match.place(cmd.target, *b, "swaps places", sync=False)
    match.place(cmd.other, *a, "swaps places")
    match.note(f"Misdirection: {match.unit(cmd.target).name} and {match.unit(cmd.other).name} swap places")


def _dark_gaze(match, uid, cmd) -> None:
    b = match.base(uid)
    match.tokens.append({"kind": "gaze", "owner": uid, "side": match.side_of(uid), "x": b.x, "y": b.y, "z": b.z,
                         "radius": GAZE_RADIUS, "until": "turn"})
    match.note(f"{match.unit(uid).name} sets down a Dark Gaze token: enemies within 3\" have -1 ARM against "
              "Ranged attacks", uid)


def _aura_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose a squadmate"
    if dist(match, uid, t) > AURA + EPS:
        return "the squadmate must be within 6\""
    return None


def _pain_exalted(match, uid, cmd) -> None:
    match.heal(cmd.target, 1, "Pain Exalted")
    match.grant(cmd.target, "pain exalted", [BASIC_OR_MISSION])


def _push_away(match, mover: int, away_from: tuple[float, float], inches: float) -> tuple[float, float, float] | None:
    """Where `mover` ends moving `inches` straight away from a point, or None if it cannot (N35)."""
    b = unit_pushed(match, mover)
    dx, dy = b.x - away_from[0], b.y - away_from[1]
    d = math.hypot(dx, dy)
    if d < EPS:
        return None
    x, y = b.x + dx / d * inches, b.y + dy / d * inches
    z = match.table.surface_z(x, y, b.z)
    path = match.table.path(b, x, y, z, inches)
    if path is None or path.cost > inches + 0.05:
        return None
    return (x, y, z)


def _face_of_truth_options(match, uid):
    return [{}] if any(not match.unit(e).item for e in match.adjacent_enemies(uid)) else []


def _face_of_truth(match, uid, cmd) -> None:
    me = match.base(uid)
    hurt = []
    for e in [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]:
        dest = _push_away(match, e, (me.x, me.y), 2.0)
        if dest is None:
            hurt.append(e)
        else:
            match.place(e, *dest, "is driven back 2\"")
    if hurt:
        match.deal_damage(uid, [(1, hurt)], MELEE, "The Face Of Truth")


def _pulseshriek(match, uid, cmd) -> None:
    side = match.side_of(uid)
    ours = [u for u in match.units(side) if not match.unit(u).item]
    hurt = []
    for e in [e for e in match.units() if match.side_of(e) != side]:
        near = [(dist(match, e, o), o) for o in ours if dist(match, e, o) <= 4.0 + EPS]
        if not near:
            continue
        src = match.base(min(near)[1])
        before = min(dist(match, e, o) for o in ours)
        dest = _push_away(match, e, (src.x, src.y), 2.0)
        if dest is not None:
            b = match.base(e)
            probe = replace(b, x=dest[0], y=dest[1], z=dest[2])
            after = min(match.table.distance(probe, match.base(o)) for o in ours)
            if after < before - EPS:
                dest = None
        if dest is None:
            hurt.append(e)
        else:
            match.place(e, *dest, "is driven back 2\" (Pulseshriek)")
    if hurt:
        match.deal_damage(uid, [(1, hurt)], MELEE, "Pulseshriek")


def _immolate(match, uid, cmd) -> None:
    for m in [uid] + [m for m in match.squadmates(uid) if match.adjacent(uid, m) and not match.unit(m).item]:
        match.heal(m, match.dice.d3() + 1, "Immolate")
    foes = [e for e in match.adjacent_enemies(uid) if not match.unit(e).item]
    if foes:
        match.deal_damage(uid, [(2, foes)], RANGED, "Immolate")


def _seen_enemy_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not sees(match, uid, t):
        return "choose an enemy this unit can see"
    return None


def _enemies(match, uid):
    return [{"target": e} for e in match.enemies_of(uid) if not match.unit(e).item]


def _mindstab(match, uid, cmd) -> None:
    cond(cmd.target).mindstabbed = True
    match.note(f"{match.unit(cmd.target).name} is Mindstabbed: no re-rolls until the Turn ends")


def _protect_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
        return "choose this unit or a squadmate"
    return None


def _protect(match, uid, cmd) -> None:
    cond(cmd.target).protected = True
    match.note(f"{match.unit(cmd.target).name} is Protected until the Turn ends")


def _restore_check(match, uid, cmd):
    return _aura_mate_check(match, uid, cmd) or _heal_check(match, uid, cmd, False, False, AURA,
                                                           not_adjacent_enemy=False)


def _restore(match, uid, cmd) -> None:
    cond(uid).restored = True
    match.heal(cmd.target, match.dice.d3(), "Restore")


def _catalyse(match, uid, cmd) -> None:
    cond(uid).catalysed = True
    match.grant(cmd.target, "catalyse", [BASIC_OR_MISSION], max_cost=1)


def _move_then_melee(match, uid, cmd) -> None:
    name = match.catalog.skills[cmd.skill].name if match.catalog else cmd.skill
    match.note(f"{match.unit(uid).name}: {name}")
    for m in match.squadmates(uid):
        if not match.unit(m).item:
            match.grant(m, name.lower(), [(act.MOVE,), (act.MELEE_COMBAT,)])


def _take_em_down_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid):
        return "choose an enemy unit"
    return None


def _take_em_down(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name}: Take 'Em Down! Everyone attacks {match.unit(cmd.target).name}")
    for m in [uid] + match.squadmates(uid):
        if not match.unit(m).item:
            match.grant(m, "take 'em down", [COMBAT], target=cmd.target)


def _side_effect(match, uid, cmd) -> None:
    side = match.side_of(uid)
    match.side_effects[side] = (*match.side_effects.get(side, ()), cmd.skill)
    name = match.catalog.skills[cmd.skill].name if match.catalog else cmd.skill
    match.note(f"{match.unit(uid).name}: {name} (until the Turn ends)")
    if cmd.skill == "KF-BOSS-FRZ" and match.activation is not None and match.side_of(match.active_unit) == side:
        match.activation.act += 1


def _push_path(match, target: int, x: float, y: float) -> tuple[float, int] | None:
    """A straight push of at most 4": (end z, Damage from falling) or None if it cannot go there."""
    b = unit_pushed(match, target)
    d = math.hypot(x - b.x, y - b.y)
    if d > 4.0 + EPS:
        return None
    z = match.table.surface_z(x, y, b.z)
    if z > b.z + 0.01:
        return None
    path = match.table.path(b, x, y, z, 20.0)
    if path is None:
        return None
    pts = path.points
    flat = sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(pts, pts[1:]))
    if flat > d + 0.05:
        return None
    return z, int((b.z - z) // 2)


def _push_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not match.adjacent(uid, t):
        return "choose an Adjacent enemy"
    if (cmd.x is None) != (cmd.y is None):
        return "give both x and y, or neither"
    if cmd.x is not None:
        b = match.base(t)
        if (cmd.x, cmd.y) != (b.x, b.y) and _push_path(match, t, cmd.x, cmd.y) is None:
            return "it cannot be pushed there (4\" in a straight line)"
    return None


def _push_options(match, uid):
    out = []
    me = match.base(uid)
    for e in match.adjacent_enemies(uid):
        if match.unit(e).item:
            continue
        b = match.base(e)
        out.append({"target": e})
        d = math.hypot(b.x - me.x, b.y - me.y) or 1.0
        out.append({"target": e, "x": round(b.x + (b.x - me.x) / d * 4, 3), "y": round(b.y + (b.y - me.y) / d * 4, 3)})
    return out


def _push(match, uid, cmd) -> None:
    after = () if cmd.x is None else (("skill", "push_move", cmd.target, cmd.x, cmd.y),)
    match.deal_damage(uid, [(2, [cmd.target])], RANGED, "Push", after=after)


def _execute_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if not _standing_unit(match, t) or match.side_of(t) == match.side_of(uid) or not match.adjacent(uid, t):
        return "choose an Adjacent enemy unit"
    if match.health(t).hit != 1:
        return "Execute needs an enemy with exactly 1 HIT left"
    return None


def _execute(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} executes {match.unit(cmd.target).name}")
    match.lose_hit(cmd.target, 1, uid)


def _adjacent_mate_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    t = cmd.target
    if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid) \
            or not match.adjacent(uid, t):
        return "choose an Adjacent squadmate"
    return None


def _get_in_dere(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} slaps {match.unit(cmd.target).name}: Get In Dere!")
    match.lose_hit(cmd.target, 1, uid)
    match.grant(cmd.target, "get in dere", [BASIC, BASIC], need_combat=True)


def _prod(match, uid, cmd) -> None:
    match.note(f"{match.unit(uid).name} prods {match.unit(cmd.target).name}")
    match.grant(cmd.target, "prod", [BASIC_OR_MISSION])


def _hide(match, uid, cmd) -> None:
    c = cond(uid)
    c.hidden = not c.hidden
    match.note(f"{match.unit(uid).name} " + ("goes into hiding" if c.hidden else "leaves hiding"))


def _standby(match, uid, cmd) -> None:
    cond(uid).standby = True
    match.note(f"{match.unit(uid).name} goes on Standby")


def _neural_check(match, uid, cmd):
    if _need_target(cmd):
        return _need_target(cmd)
    for t in (cmd.target, cmd.other):
        if t is None:
            continue
        if t == uid or not _standing_unit(match, t) or match.side_of(t) != match.side_of(uid):
            return "choose squadmates"
    return None


def _neural_options(match, uid):
    mates = [m for m in match.squadmates(uid) if not match.unit(m).item]
    out = [{"target": m} for m in mates]
    out += [{"target": a, "other": b} for i, a in enumerate(mates) for b in mates[i + 1:]]
    return out


def _neural_command(match, uid, cmd) -> None:
    match.activation.locked = True
    match.note(f"{match.unit(uid).name} takes no action and directs its brood (Neural Command)")
    if cmd.other is None or cmd.other == cmd.target:
        match.grant(cmd.target, "neural command", [BASIC_OR_MISSION, BASIC_OR_MISSION], max_cost=1, different=True)
    else:
        match.grant(cmd.target, "neural command", [BASIC_OR_MISSION], max_cost=1)
        match.grant(cmd.other, "neural command", [BASIC_OR_MISSION], max_cost=1)
    match.queue_step(("end_activation", uid))  # then its activation is over


_grenade_action = SkillAction(_grenade, lambda m, u: _enemy_spots(m, u, 6.0, True), _grenade_check, limit="turn",
                              not_engaged=True, text="2 Damage to every unit and item Adjacent to a spot within 6\"")
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
    "INT-SG": SkillAction(_smoke, _smoke_options, _grenade_check, limit="mission", not_engaged=True,
                          text="smoke 2\" around a spot within 6\" until the Turn ends"),
    "PRX-VOR-JPA": SkillAction(_jump_strike, _jump_strike_options, _jump_strike_check, limit="turn",
                               not_engaged=True, text="jump 10\" to an enemy, then a free Melee attack"),
    "PRX-VEC-SCN": SkillAction(_scan, lambda m, u: _enemy_spots(m, u, SCAN_RANGE, False), _scan_check,
                               limit="turn", not_engaged=True, text="-1 ARM to enemies within 6\" of a marker"),
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
    "CWB-JP": SkillAction(_jet_pack, _jet_pack_options, lambda m, u, c: _straight_spot(m, u, c, 10.0),
                          limit="mission", not_engaged=True, text="fly 10\" in a straight line"),
    "CWB-PUSH": SkillAction(_push, _push_options, _push_check, text="2 Damage to an Adjacent enemy, push it 4\""),
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
    "DRN-ML": "may_shoot_past: squadmates may shoot enemies Adjacent to it",
    "REL-IMP": "may_shoot_past: targets Adjacent to squadmates (not the Prime Revenant)",
    "REL-PROX": "sight_from: line of sight from a Secundus",
    "REL-DW": "after_move: 1 Damage to enemies moving past it",
    "REL-AR": "start_of_turn: 1D6, 1-2 restores 1 HIT",
    "DRN-HM": "leader_dice: the Leader's dice after it falls",
    "SCH-ASP-FS": "fate_shift prompt after the Tactical Order roll",
    "DRN-INF": "on_take_out: a Swarmling where a melee victim stood",
    "DES-MH": "attack_dice: +1 ATT on Attacks of Opportunity",
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

RESTRICTED = ("DES-BST-BST", "HK-CLD-MND", "KF-WD-WD")


def may_carry(match, uid: int) -> bool:
    """Beast, Mindless, Weirdo: no carrying (Intel markers and the like), no Mission actions, no objectives.
    The mission layer asks here (Pick Up, Give, Control of markers, Mission Actions)."""
    return not any(s in RESTRICTED for s in match.unit(uid).card.skills)


may_take_mission_actions = may_carry
may_control_objectives = may_carry
