"""Previews of what the selected unit could do, read from the match's own queries (game/match/queries.py):
where a Move or Dash can end (Charge and Desecrate spots included) and the path there, who could make an
Attack of Opportunity on the way, what an attack on each enemy would roll and its exact odds.

Nothing here re-derives a rule. It is computed when the selection, the mode or the match changes (paths when
the hovered spot changes), never per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules import actions as act
from game.rules.model import MELEE

LATTICE = 0.5
GRID = 2.0


@dataclass
class TargetInfo:
    uid: int
    name: str
    reason: str | None
    distance: float | None = None
    sight: object | None = None
    odds: object | None = None
    setup: object | None = None
    melee: bool = False
    error: str | None = None
    not_counted: tuple[str, ...] = ()  # rules in play that the exact odds leave out
    also_hit: tuple[int, ...] = ()  # other units the roll also strikes (Blast, Chain Reaction)
    chain: tuple[int, ...] = ()  # Chain Reaction's secondary targets: the attack the screen commits names them
    spread: tuple[tuple[int, int], ...] = ()  # Spread: (target, dice) of the targets chosen, this one among them


def target_info(match, attacker: int, weapon_id: str, target: int, with_odds: bool = True,
                spread: tuple[tuple[int, int], ...] = ()) -> TargetInfo:
    """An attack of `attacker` with `weapon_id` on `target` (or on the Spread targets chosen, `target` among
    them), as the match would roll it now (`match.attack_preview`): why it is not valid, or its exact odds."""
    name = match.unit(target).name
    melee = match.unit(attacker).card.weapon(weapon_id).kind == MELEE
    try:
        pv = match.attack_preview(attacker, weapon_id, target, with_odds=with_odds, spread=spread)
    except Exception as e:  # the odds are a help: never break the game over them
        return TargetInfo(target, name, None, melee=melee, error=str(e) or "cannot tell now")
    return TargetInfo(target, name, pv.reason, pv.distance, pv.sight, pv.odds, pv.setup, melee,
                      not_counted=pv.not_counted, also_hit=pv.also_hit, chain=pv.chain, spread=pv.spread)


class Preview:
    """The preview for one unit in one mode ("move", "dash", "ranged", "melee") at one match version."""

    def __init__(self, match, uid: int, mode: str, weapon_id: str | None = None) -> None:
        self.match = match
        self.uid = uid
        self.mode = mode
        self.weapon = None
        self.reach = None
        self.budget = 0.0
        self.extension = 0.0  # inches a Charge (or Desecrate) may add, ending as it must
        self.step = GRID if match.table.measure == "grid" else LATTICE
        self._spots: tuple = ()
        self.extended: frozenset = frozenset()  # (x, y, z) of the spots only the extension reaches
        self._index: dict[tuple[int, int], list] = {}
        self._paths: dict[tuple, object] = {}
        self.targets: dict[int, TargetInfo] = {}
        self.spread: tuple[int, ...] = ()  # a Spread weapon's targets chosen so far (Shift+click), in order
        self.split: tuple[int, ...] = ()  # the dice each of them gets, as the match deals them
        self.start_z = match.base(uid).z
        if mode in ("move", "dash"):
            opts = match.move_options(uid, act.MOVE if mode == "move" else act.DASH)
            self.budget, self.extension, self.reach = opts.budget, opts.extension, opts.reach
            self._spots = tuple((s.x, s.y, s.z, s.cost) for s in opts.spots)
            self.extended = frozenset((s.x, s.y, s.z) for s in opts.spots if s.extended)
            for spot in self._spots:
                self._index.setdefault(self._key(spot[0], spot[1]), []).append(spot)
        elif mode in ("ranged", "melee") and weapon_id is not None:
            self.weapon = match.unit(uid).card.weapon(weapon_id)
            for t in match.units(items=None):
                if t == uid or match.side_of(t) == match.side_of(uid):
                    continue
                # the reasons now (cheap), the odds when the target is hovered
                self.targets[t] = target_info(match, uid, weapon_id, t, with_odds=False)

    def _key(self, x: float, y: float) -> tuple[int, int]:
        if self.step == GRID:
            return int(math.floor(x / GRID)), int(math.floor(y / GRID))
        return int(round(x / self.step)), int(round(y / self.step))

    @property
    def spots(self):
        """(x, y, z, cost) of every spot the Move or Dash can end on."""
        return self._spots

    def spot_near(self, x: float, y: float):
        """The reachable spot nearest to (x, y), within one lattice step, or None."""
        if self.reach is None:
            return None
        kx, ky = self._key(x, y)
        best, bd = None, None
        rng = (0,) if self.step == GRID else (-1, 0, 1)
        for dx in rng:
            for dy in rng:
                for s in self._index.get((kx + dx, ky + dy), ()):
                    d = math.hypot(s[0] - x, s[1] - y)
                    if self.step == GRID:
                        d = 0.0
                    if bd is None or d < bd - 1e-9 or (abs(d - bd) < 1e-9 and s[2] > best[2]):
                        best, bd = s, d
        if best is None or (self.step != GRID and bd > self.step * 0.75):
            return None
        return best

    def path(self, spot):
        key = (spot[0], spot[1], spot[2])
        if key not in self._paths:
            self._paths[key] = self.reach.path_to(*key) if self.reach is not None else None
        return self._paths[key]

    def aoo_threats(self, path) -> list[int]:
        """Enemies the path leaves Adjacency of that could make an Attack of Opportunity (R16): the match's own
        list, the one its prompt offers."""
        left = getattr(path, "left_adjacency", ()) or ()
        if not left:
            return []
        return list(dict.fromkeys(e for e, _ in self.match.aoo_candidates(self.uid, left)))

    def target(self, uid: int) -> TargetInfo | None:
        info = self.targets.get(uid)
        if info is not None and info.reason is None and uid in self.spread and len(self.spread) > 1:
            return target_info(self.match, self.uid, self.weapon.id, uid, spread=self.spread_dice())
        if info is not None and info.reason is None and info.odds is None and info.error is None:
            info = target_info(self.match, self.uid, self.weapon.id, uid, with_odds=True)
            self.targets[uid] = info
        return info

    # -- Spread: the targets chosen and the dice each gets (the match says who may join and how dice are dealt) --
    @property
    def spreads(self) -> bool:
        return self.weapon is not None and self.weapon.has("SPR")

    def spread_dice(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.spread, self.split))

    def toggle_spread(self, uid: int) -> str | None:
        """Add `uid` to the Spread targets, or take it out (with the targets no longer Adjacent to the rest);
        the reason when it may not join."""
        m = self.match
        if uid in self.spread:
            kept: tuple[int, ...] = ()
            for t in self.spread:  # keep, in order, those still joined to the first one kept
                if t != uid and (not kept or t in m.spread_targets(self.uid, self.weapon.id, kept)):
                    kept += (t,)
            self.spread = kept
        else:
            info = self.targets.get(uid)
            if info is None or info.reason is not None:
                return info.reason if info is not None else "not a target"
            if self.spread and uid not in m.spread_targets(self.uid, self.weapon.id, self.spread):
                if len(self.spread) >= self.weapon.att:
                    return f"every one of the {self.weapon.att} dice already has a target"
                return "not Adjacent to a target already chosen"
            self.spread += (uid,)
        self.split = m.spread_split(self.uid, self.weapon.id, self.spread) if self.spread else ()
        return None

    def shift_spread(self, uid: int, delta: int) -> None:
        """One die more (+1) or fewer (-1) for a chosen target."""
        if uid in self.spread and len(self.spread) > 1:
            self.split = self.match.spread_split(self.uid, self.weapon.id, self.spread, self.split, (uid, delta))

    def attack_command_targets(self, uid: int) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
        """(first target, other targets, split) of the attack a click on `uid` commits: the Spread targets chosen
        when `uid` is one of them; the target alone (with Chain Reaction's, as previewed) otherwise."""
        if len(self.spread) > 1 and uid in self.spread:
            return self.spread[0], self.spread[1:], self.split
        info = self.target(uid)
        return None if info is None else (uid, info.chain, ())

    def valid_targets(self) -> list[int]:
        return [t for t, i in self.targets.items() if i.reason is None]
