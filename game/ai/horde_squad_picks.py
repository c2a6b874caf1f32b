"""The Horde squad computer player's picks (horde_squad.py): what it buys in the Upgrades shop, which unit an
Upgrade or a reward goes to, which Wave Objective reward it takes, which Spoil of War a unit gets."""
from __future__ import annotations

from game.rules import actions as act
from game.rules.model import MELEE, RANGED

SHOP_ORDER = ("reinforcements", "heal", "medpack", "grenade", "spoil", "turret", "ammunition")
MEDPACK_HEALS = 2  # 1D3 HIT: what a Medpack gives back on average


def choose(match, side: str, then: tuple, options: list[str]) -> str:
    """The squad's answer to a mission's question (`then`: what the answer is for)."""
    step = then[0] if then else ""
    if step == "shop_choice":
        return _shop(match, side, options)
    if step == "free_upgrade_choice":
        return next((o for o in SHOP_ORDER if o in options), options[0])
    if step == "unit_chosen":
        return _unit_for(match, side, then[1], [int(o) for o in options])
    if step == "reward":
        return _reward(match, side, options)
    if step == "spoil_chosen":
        return _spoil(match, then[1], options)
    return options[0]


def _shop(match, side: str, options: list[str]) -> str:
    """Medpacks for the HIT the squad has lost (1D3 each for 4 MP, where Heal gives 1), Reinforcements only for a
    Downed unit no Standing squadmate can reach to revive in the next Turn, Heal when no Medpack can be had,
    then Grenades, Spoils of War, a Turret when rich, Ammunition. HIT carries from wave to wave: the squad
    that lost its fourth and fifth waves had started them with two thirds of the HIT of the one that won them."""
    ms = match.mission_state
    mp = match.score[side]
    standing = match.units(side)
    carried = [i for lst in ms.get("items", {}).values() for i in lst]
    lost = sum(match.health(u).max_hit - match.health(u).hit for u in standing)
    want = []
    if any(_beyond_reach(match, d, standing) for d in match.units(side, downed=True)):
        want.append("reinforcements")
    if lost - MEDPACK_HEALS * carried.count("medpack") >= MEDPACK_HEALS:
        want.append("medpack")
    if any(match.health(u).hit * 2 <= match.health(u).max_hit for u in standing):
        want.append("heal")
    if carried.count("grenade") < 2:
        want.append("grenade")
    want.append("spoil")
    if mp >= 14 and "turret" not in carried and not match.markers("turret"):
        want.append("turret")
    want.append("ammunition")
    return next((o for o in want if o in options), "done")


def _beyond_reach(match, downed: int, standing: list[int]) -> bool:
    """Whether no Standing unit is within a Move and its base of the Downed one (to revive it, 2 ACT, next Turn)."""
    d = match.base(downed)
    return not any(match.table.distance(match.base(u), d) <= match.move_budget(act.MOVE, u) + 1.0 for u in standing)


def _unit_for(match, side: str, purpose: str, units: list[int]) -> str:
    def lost(u):
        h = match.health(u)
        return h.max_hit - h.hit
    if purpose in ("heal", "heal-reward", "field-dressing"):
        best = max(units, key=lambda u: (lost(u), -match.health(u).hit, -u))
    elif purpose in ("spoil", "spoil-reward", "reinforcements", "second-wind"):
        best = max(units, key=lambda u: (match.unit(u).card.gp, -u))
    elif purpose in ("grenade", "medpack", "turret"):
        items = match.mission_state.get("items", {})
        best = min(units, key=lambda u: (match.conditions(u).downed, len(items.get(str(u), [])),
                                         -match.unit(u).card.rsk if purpose == "turret" else 0, u))
    elif purpose in ("opportunity", "map", "relay-order"):
        down = match.units(side, downed=True)
        best = min(units, key=lambda u: (min((match.table.distance(match.base(u), match.base(d)) for d in down),
                                             default=99.0), u))
    else:
        best = units[0]
    return str(best)


def _reward(match, side: str, options: list[str]) -> str:
    horde = len([u for u in match.units() if match.side_of(u) != side])
    standing = match.units(side)
    pref = []
    if horde >= 3:
        pref += ["horde-damage", "weaken"]
    pref += ["fewer-spawns", "spoil", "mp", "heal"]  # 4 MP buy a Medpack: 1D3 HIT, where the reward heals 1
    return next((o for o in pref if o in options), options[0])


def _spoil(match, uid: int, options: list[str]) -> str:
    card = match.unit(uid).card
    melee = max((w.att * w.skl for w in card.weapons if w.kind == MELEE), default=0)
    ranged = max((w.att * w.skl for w in card.weapons if w.kind == RANGED), default=0)
    pref = (["HRD-SOW-RDAM", "HRD-SOW-RSKL", "HRD-SOW-ACC1", "HRD-SOW-R-RND1"] if ranged >= melee else
            ["HRD-SOW-MDAM", "HRD-SOW-MSKL", "HRD-SOW-BRU1", "HRD-SOW-M-RND1"]) + ["HRD-SOW-DDG1", "HRD-SOW-TGH1"]
    return next((o for o in pref if o in options), options[0])
