"""Between waves: the Upgrades shop (spend MP), and the items it sells that a unit carries (Grenade, Medpack,
Turret). Also the "which unit?" questions every part of the mode asks (rewards, Turn Events, Crates).

The shop is a sequence of questions at the end of the Turn that ends a wave: buy an Upgrade for its MP (then
choose the unit, and the Spoil or the spent use if there is a choice), or be done and face the next wave."""
from __future__ import annotations

import math

from game.match import commands as C
from game.match import skills as S
from game.match.mission import MissionActionDef
from game.rules.model import RANGED, WeaponCard

from .common import PLAYER, key, plural, state

ITEMS = ("grenade", "medpack", "turret")
ITEM_NAMES = {"grenade": "Grenade", "medpack": "Medpack", "turret": "Turret"}
COMPASS = ("E", "SE", "S", "SW", "W", "NW", "N", "NE")  # y grows southward


# -- questions about units ---------------------------------------------------------------------------------------
def unit_words(match, uid: int) -> str:
    h = match.health(uid)
    state_ = "Downed" if match.conditions(uid).downed else f"HIT {h.hit}/{h.max_hit}"
    return f"{match.unit(uid).name} ({state_})"


def candidates(mission, match, purpose: str) -> list[int]:
    """The units a question may name. purpose: an upgrade id, or what asks (a reward, a Turn Event, a Crate)."""
    standing = match.units(PLAYER)
    on_table = match.units(PLAYER, downed=None)
    hurt = [u for u in standing if match.health(u).hit < match.health(u).max_hit]
    if purpose in ("heal", "heal-reward", "field-dressing"):
        return hurt
    if purpose == "ammunition":
        return [u for u in on_table if match.spent_uses(u)]
    if purpose in ITEMS:
        return on_table
    if purpose in ("spoil", "spoil-reward"):
        return [u for u in standing if spoils_left(mission, match, u)]
    if purpose in ("reinforcements", "second-wind"):
        return match.units(PLAYER, downed=True)
    if purpose in ("opportunity", "map", "relay-order"):
        return standing
    raise ValueError(f"unknown question {purpose!r}")


def eligible(mission, match, purpose: str) -> bool:
    return bool(candidates(mission, match, purpose))


def ask_unit(mission, match, purpose: str, text: str, free: str = "") -> None:
    """Ask the squad which unit; `free`: "buy" (pay for the Upgrade), "free" (a Crate's free Upgrade) or ""."""
    units = candidates(mission, match, purpose)
    if not units:
        match.note(f"{text} No unit can take it.")
        if free == "buy":
            match.mission_step("open_shop")
        return
    match.ask(PLAYER, text, tuple((key(u), unit_words(match, u)) for u in units), ("unit_chosen", purpose, free))


def unit_chosen(mission, match, purpose: str, free: str, option: str) -> None:
    from . import crates, downed, turn_events
    uid = int(option)
    if purpose in ("heal-reward", "field-dressing"):
        match.heal(uid, 1, "Field Dressing" if purpose == "field-dressing" else "Wave Objective reward")
    elif purpose == "spoil-reward":
        ask_spoil(mission, match, uid, "")
    elif purpose == "second-wind":
        downed.stand_up(mission, match, uid, None, "Second Wind")
    elif purpose == "opportunity":
        turn_events.opportunity(match, uid)
    elif purpose == "map":
        crates.grant_map(match, uid)
    elif purpose == "relay-order":
        crates.grant_relay(match, uid)
    else:
        upgrade_unit(mission, match, purpose, uid, free)


# -- the shop ----------------------------------------------------------------------------------------------------
def open_shop(mission, match) -> None:
    from .waves import wave_row_text
    ms = state(match)
    ms["wave_state"] = "shop"
    mp = match.score[PLAYER]
    nxt = ms["wave"] + 1
    options = [(u.id, f"{u.name} ({u.cost} MP)") for u in mission.data.upgrades
               if u.cost <= mp and eligible(mission, match, u.id)]
    options.append(("done", f"Done: on to Wave {nxt}"))
    match.ask(PLAYER, f"Upgrades: you have {mp} MP. Next: {wave_row_text(mission, nxt)}.", tuple(options),
              ("shop_choice",))


def shop_choice(mission, match, option: str) -> None:
    ms = state(match)
    if option == "done":
        ms["wave_state"] = "between"
        ms["next_wave"] = ms["wave"] + 1
        match.event("Upgrades done", f"Wave {ms['next_wave']} comes next Turn", PLAYER)
        return
    up = mission.data.upgrade(option)
    ask_unit(mission, match, option, f"{up.name}: for which unit?", "buy")


def free_upgrade(mission, match) -> None:
    options = tuple((u.id, u.name) for u in mission.data.upgrades if eligible(mission, match, u.id))
    if not options:
        match.note("Upgrade: no unit can take any Upgrade")
        return
    match.ask(PLAYER, "Crate: choose a free Upgrade", options, ("free_upgrade_choice",))


def free_upgrade_choice(mission, match, option: str) -> None:
    up = mission.data.upgrade(option)
    ask_unit(mission, match, option, f"{up.name} (free): for which unit?", "free")


def upgrade_unit(mission, match, upgrade: str, uid: int, free: str) -> None:
    """An Upgrade for a unit: a Spoil or a spent use may still need choosing."""
    if upgrade == "spoil":
        ask_spoil(mission, match, uid, free)
        return
    if upgrade == "ammunition":
        uses = match.spent_uses(uid)
        if len(uses) > 1:
            match.ask(PLAYER, "Ammunition: which one may be used again?",
                      tuple((u, use_name(mission, match, uid, u)) for u in uses), ("ammo_chosen", uid, free))
            return
        ammo_chosen(mission, match, uid, free, uses[0])
        return
    pay(mission, match, upgrade, uid, free)
    give(mission, match, upgrade, uid)
    after(match, free)


def after(match, free: str) -> None:
    if free == "buy":  # the shop again, before anything else queued (the Turn closes once the squad is done)
        match.mission_step("open_shop", front=True)


def pay(mission, match, upgrade: str, uid: int, free: str) -> None:
    up = mission.data.upgrade(upgrade)
    ms = state(match)
    if free == "buy":
        match.add_mp(PLAYER, -up.cost, f"Upgrade: {up.name} for {match.unit(uid).name}")
    ms.setdefault("bought", []).append({"wave": ms.get("wave", 0), "upgrade": upgrade, "unit": match.unit(uid).name,
                                        "mp": up.cost if free == "buy" else 0})


def give(mission, match, upgrade: str, uid: int) -> None:
    from . import downed
    ms = state(match)
    if upgrade == "heal":
        match.heal(uid, 1, "Upgrade: Heal")
    elif upgrade in ITEMS:
        ms.setdefault("items", {}).setdefault(key(uid), []).append(upgrade)
        match.event("Upgrade", f"{match.unit(uid).name} carries a {ITEM_NAMES[upgrade]}", PLAYER)
    elif upgrade == "reinforcements":
        downed.stand_up(mission, match, uid, mission.data.rules["revive_hit"], "Reinforcements")


def use_name(mission, match, uid: int, use: str) -> str:
    for w in match.unit(uid).card.weapons:
        if w.id == use:
            return w.name
    s = mission.data.catalog.skills.get(use)
    return s.name if s is not None else use


def ammo_chosen(mission, match, uid: int, free: str, use: str) -> None:
    pay(mission, match, "ammunition", uid, free)
    match.refill(uid, use)
    match.event("Upgrade", f"Ammunition: {match.unit(uid).name} may use {use_name(mission, match, uid, use)} again",
                PLAYER)
    after(match, free)


# -- Spoils of War -----------------------------------------------------------------------------------------------
def spoils_left(mission, match, uid: int) -> list[str]:
    have = state(match).get("spoils", {}).get(key(uid), [])
    card = match.unit(uid).card
    return [s for s in mission.data.spoils if s not in have and s not in card.skills]


def ask_spoil(mission, match, uid: int, free: str) -> None:
    cat = mission.data.catalog
    options = tuple((s, f"{cat.skills[s].name}: {cat.skills[s].text}") for s in spoils_left(mission, match, uid))
    match.ask(PLAYER, f"Spoil of War for {match.unit(uid).name}: choose one", options, ("spoil_chosen", uid, free))


def spoil_chosen(mission, match, uid: int, free: str, sid: str) -> None:
    from . import downed
    if free:
        pay(mission, match, "spoil", uid, free)
    state(match).setdefault("spoils", {}).setdefault(key(uid), []).append(sid)
    downed.rebuild_card(mission, match, uid, f"{match.unit(uid).name} gains a Spoil of War: "
                                             f"{mission.data.catalog.skills[sid].name}")
    after(match, free)


# -- items a unit carries: Grenade, Medpack, Turret --------------------------------------------------------------
def items_of(match, uid: int) -> list[str]:
    return state(match).get("items", {}).get(key(uid), [])


def use_item(match, uid: int, item: str) -> None:
    items_of(match, uid).remove(item)


def actions(mission) -> list[MissionActionDef]:
    return [
        MissionActionDef("throw-grenade", "Throw Grenade", 1, "Every unit and item Adjacent to the target's spot "
                         "takes 2 Ranged Damage (within 6\", in sight). One use.", target="unit",
                         needs_control=False, sides=(PLAYER,)),
        MissionActionDef("medpack-self", "Medpack (itself)", 1, "The unit gets 1D3 lost HIT back. One use.",
                         target="none", needs_control=False, sides=(PLAYER,)),
        MissionActionDef("medpack", "Medpack", 1, "A Squadmate the unit Controls gets 1D3 lost HIT back. One use.",
                         target="unit", sides=(PLAYER,)),
        MissionActionDef("deploy-turret", "Deploy Turret", 1, "Set the Turret down Adjacent to the unit.",
                         target="none", needs_control=False, sides=(PLAYER,)),
        MissionActionDef("fire-turret", "Fire Turret", 1, "Instead of a ranged weapon: ATT 4, SKL 5 from the "
                         "Turret the unit Controls; firing again costs no more.", target="unit",
                         needs_control=False, sides=(PLAYER,), repeats=False),
    ]


def turret_weapon(mission) -> WeaponCard:
    t = mission.data.rules["turret"]
    return WeaponCard("HRD-TURRET", "Turret", RANGED, t["att"], t["skl"])


def turret_of(mission, match, uid: int, target: int | None = None) -> str | None:
    """The Turret (with shots left) that `uid` Controls and, given a target, can fire at it."""
    w = turret_weapon(mission)
    for mid in match.markers("turret", on_table=True):
        if not match.controls(uid, mid):
            continue
        if target is None or match.ranged_target_reason(uid, w, target, origin=match.marker_base(mid)) is None:
            return mid
    return None


def _grenade_cmd(match, target: int) -> C.UseSkill:
    b = match.base(target)
    return C.UseSkill(PLAYER, "STD-GRN", x=b.x, y=b.y)


def action_reason(mission, match, uid: int, aid: str, target: int | None) -> str | None:
    items = items_of(match, uid)
    if aid == "throw-grenade":
        if "grenade" not in items:
            return "the unit carries no Grenade"
        if target is None or not match.is_enemy(uid, target) or match.unit(target).item:
            return "throw it at an enemy"
        return S._grenade_check(match, uid, _grenade_cmd(match, target))
    if aid in ("medpack", "medpack-self"):
        if "medpack" not in items:
            return f"{match.unit(uid).name} carries no Medpack"
        t = uid if aid == "medpack-self" else target
        if t is None or match.is_enemy(uid, t) or match.unit(t).item:
            return "heal a Squadmate"
        name = match.unit(t).name
        if match.conditions(t).downed:
            return f"{name} is Downed: Revive it first"
        why = S.hit_to_heal_reason(match, t)
        return why.replace("that unit", name) if why else None
    if aid == "deploy-turret":
        if "turret" not in items:
            return "the unit carries no Turret"
        return None if turret_spots(match, uid) else "no room Adjacent to the unit"
    if aid == "fire-turret":
        if target is None or not match.is_enemy(uid, target) or match.unit(target).item:
            return "fire at an enemy"
        if turret_of(mission, match, uid) is None:
            return "the unit Controls no Turret"
        if turret_of(mission, match, uid, target) is None:
            return match.ranged_target_reason(uid, turret_weapon(mission), target,
                                              origin=match.marker_base(turret_of(mission, match, uid))) or \
                "the Turret cannot fire at it"
        return None
    return None


def do_action(mission, match, uid: int, aid: str, target: int | None) -> None:
    if aid == "throw-grenade":
        use_item(match, uid, "grenade")
        S._grenade(match, uid, _grenade_cmd(match, target))
    elif aid in ("medpack", "medpack-self"):
        use_item(match, uid, "medpack")
        S._medpack(match, uid, C.UseSkill(PLAYER, "INT-MED", target=uid if aid == "medpack-self" else target))
    elif aid == "deploy-turret":
        spots = turret_spots(match, uid)
        match.ask(PLAYER, f"{match.unit(uid).name}: where does the Turret go?",
                  tuple((d, f"{d} of {match.unit(uid).name}") for d, _ in spots), ("turret_placed", uid))
    elif aid == "fire-turret":
        mid = turret_of(mission, match, uid, target)
        shots = state(match).setdefault("turrets", {})
        shots[mid] = shots.get(mid, mission.data.rules["turret"]["uses"]) - 1
        match.note(f"{match.unit(uid).name} fires the Turret ({plural(shots[mid], 'shot')} left)", uid)
        match.start_attack(uid, turret_weapon(mission), [(None, [target])], action=True,
                           origin=match.marker_base(mid))
        if shots[mid] <= 0:
            match.mission_step("turret_spent", mid)


def turret_spots(match, uid: int) -> list[tuple[str, tuple[float, float, float]]]:
    """Free spots Adjacent to the unit, one per compass direction."""
    me = match.base(uid)
    out: dict[str, tuple[float, float, float]] = {}
    for x, y, z in match.table.spots_adjacent_to(me, 0.5, PLAYER):
        a = math.degrees(math.atan2(y - me.y, x - me.x)) % 360
        d = COMPASS[int((a + 22.5) // 45) % 8]
        if d not in out and not any(p is not None and math.hypot(p[0] - x, p[1] - y) < 1.0
                                    for p in (match.marker_position(m) for m in match.markers(on_table=True))):
            out[d] = (x, y, z)
    return [(d, out[d]) for d in COMPASS if d in out]


def turret_placed(mission, match, uid: int, direction: str) -> None:
    spots = dict(turret_spots(match, uid))
    if direction not in spots:
        match.note("The Turret could not be set down there")
        return
    use_item(match, uid, "turret")
    ms = state(match)
    ms["turret_count"] = ms.get("turret_count", 0) + 1
    mid = f"turret-{ms['turret_count']}"
    uses = mission.data.rules["turret"]["uses"]
    ms.setdefault("turrets", {})[mid] = uses
    match.place_marker(mid, "turret", f"Turret {ms['turret_count']}", *spots[direction],
                       where=f"next to {match.unit(uid).name}",
                       rules=f"A unit of the squad that Controls it may fire it (ATT 4, SKL 5): {uses} shots.")


def turret_spent(mission, match, mid: str) -> None:
    if mid in match.markers():
        match.remove_marker(mid, "out of shots")
