"""Attack hooks: ATT before the dice are split (attack_dice), ARM (effective_arm), what skills change in an
attack's SKL, re-rolls and each target's saves (on_attack_spec, _target), and what triggers once it is
resolved (after_attack: Venomous Bonespurs, Counter)."""
from __future__ import annotations

import math
from dataclasses import replace

from game.rules.combat import AttackSpec, StrikeTarget
from game.rules.model import MELEE, RANGED

from .ids import AURA, COUNTER, EPS
from .sight_cover import always_in_cover, cover_denied, sees
from .unit_queries import cond, dist, has, leader_of, mates_within, value


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
    """ARM after Clobber (melee), Scan markers, and Dark Gaze tokens (targeted in Ranged Combat: not Damage from a
    skill, whose `kind` here is "skill"); never below 1."""
    arm = match.unit(uid).card.arm
    if kind == MELEE and attacker is not None and has(match, attacker, "CLB"):
        arm -= 1
    b = match.base(uid)
    side = match.side_of(uid)
    tokens = match.tokens
    if any(t.kind == "scan" and t.side != side and
           math.hypot(b.x - t.x, b.y - t.y) - b.radius <= t.radius + EPS for t in tokens):
        arm -= 1
    if kind == RANGED and any(t.kind == "gaze" and t.side != side and
                              math.hypot(b.x - t.x, b.y - t.y) - b.radius <= t.radius + EPS for t in tokens):
        arm -= 1
    return max(1, arm)


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
    arm = effective_arm(match, uid, None, "skill") if direct else effective_arm(match, uid, attacker, kind)
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
