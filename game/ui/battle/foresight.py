"""What the player can know before acting, asked of the match and the AI (work for lookahead.Lookahead, a slice
per unit, so no frame pays for all of it):

  - threat: where each enemy can reach and strike in its next activation, melee and ranged apart (its Move
    spots, Charge included, from `match.move_options`, widened by Adjacency for melee and by each ranged weapon's
    range), and which of the player's units an enemy could shoot from where it stands (`ranged_target_reason`);
  - a Move destination: from there, who the unit sees and whether they are in Cover from it, whether it would be
    in Cover from the enemies that see it, and who could shoot it (`match.as_if_at`, `sight_between`,
    `ranged_target_reason`);
  - an NPC's intent: the Behaviour line it would follow and its likely target (its controller's `intent`);
  - why a spot is out of reach: the movement it needs against what the Move or Dash gives.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.battlefield.search import sliced
from game.rules import actions as act
from game.rules.model import MELEE, RANGED

RES = 4  # pixels per inch of the threat layers (scaled to the zoom when drawn)


def enemies_of_side(match, side: str) -> list[int]:
    return [u for u in match.units(items=None) if match.side_of(u) != side and not match.unit(u).item]


@dataclass
class ThreatLayers:
    """The threat areas in table pixels (RES per inch): melee and ranged reach, and the player's units an enemy
    could shoot now (uid -> the enemies)."""

    melee: pygame.Surface
    ranged: pygame.Surface
    line_of_fire: dict
    unlimited: list  # enemies whose gun has no range limit: they shoot anything they see (no area drawn)


def _boundary(spots, step: float) -> list:
    """The spots of a reach with a missing neighbour: widening the edge widens the whole area."""
    keys = [(round(s[0] / step), round(s[1] / step)) for s in spots]
    have = set(keys)
    return [(s[0], s[1]) for s, (i, j) in zip(spots, keys)
            if (i + 1, j) not in have or (i - 1, j) not in have or (i, j + 1) not in have or (i, j - 1) not in have]


WIDEN_EACH = 12  # discs drawn per slice of the threat work (a long gun's are large)


def threat_work(match, side: str):
    """Generator: a few slices per enemy (its reach, its search stopping at the slice's end and going on in the next;
    then its areas, a few discs a slice; then whether it could shoot each of the side's units, one a slice; it yields
    the layers as they grow); returns ThreatLayers. Each slice reads
    the match as it stands then (the screen lets a pass go on while the match changes, and shows it once it is
    done)."""
    bf = match.table.battlefield
    size = (max(1, int(bf.width * RES)), max(1, int(bf.height * RES)))
    melee = pygame.Surface(size, pygame.SRCALPHA)
    ranged = pygame.Surface(size, pygame.SRCALPHA)
    out = ThreatLayers(melee, ranged, {}, [])
    step = 2.0 if match.table.measure == "grid" else 0.5
    adjacent = match.melee_reach()  # a melee attack reaches bases this close (R15)
    for e in enemies_of_side(match, side):
        # (a pass may go on while the match changes: each slice reads it as it is then)
        if not match.standing(e) or not match.unit(e).card.weapons:
            continue
        card = match.unit(e).card
        opts = yield from sliced(lambda e=e: match.move_options(e, act.MOVE), out)
        yield out  # (the reach is the longest part of an enemy: slices of its own)
        if not match.standing(e):
            continue
        r = match.base(e).radius
        spots = [(s.x, s.y) for s in opts.spots] or [(match.base(e).x, match.base(e).y)]
        edge = _boundary(spots, step) or spots
        if any(w.kind == MELEE for w in card.weapons):
            yield from _widen(melee, spots, edge, r + adjacent + 0.5, out)
        guns = [w for w in card.weapons if w.kind == RANGED]
        for w in guns:
            if w.range_inches is None:
                out.unlimited.append(e)
            else:
                yield from _widen(ranged, spots, edge, w.range_inches + r + 0.5, out)
        if guns:
            mine = [u for u in match.units(side) if not match.unit(u).item]
            for w in guns:
                for u in mine:
                    if not (match.standing(e) and match.standing(u)):
                        continue
                    if match.ranged_target_reason(e, w, u) is None:
                        out.line_of_fire.setdefault(u, [])
                        if e not in out.line_of_fire[u]:
                            out.line_of_fire[u].append(e)
                    yield out  # (a target's check a slice: on a crowded table one is a millisecond or more)
        yield out
    return out


def _widen(surf: pygame.Surface, spots, edge, radius: float, note):
    """Generator: mark the reach widened by `radius` inches: the spots themselves, and discs round its edge, yielding
    `note` after every WIDEN_EACH discs."""
    rr = max(1, int(radius * RES))
    col = (255, 255, 255, 255)
    fill = surf.fill
    for x, y in spots:
        fill(col, (int(x * RES) - 1, int(y * RES) - 1, 3, 3))
    circle = pygame.draw.circle
    for n, (x, y) in enumerate(edge, 1):
        circle(surf, col, (int(x * RES), int(y * RES)), rr)
        if n % WIDEN_EACH == 0 and n < len(edge):
            yield note


@dataclass(frozen=True, slots=True)
class LookFrom:
    """One enemy as seen from a Move destination."""

    uid: int
    sees_it: bool  # the moving unit would see it
    its_cover: bool  # ... and it would be in Cover from the unit
    seen_by: bool  # it would see the unit there
    unit_in_cover: bool  # ... and the unit would be in Cover from it
    could_shoot: bool  # it could make a Ranged attack on the unit there


def destination_work(match, uid: int, spot):
    """Generator: one enemy per slice, as seen from `spot` (x, y, z); returns the list of LookFrom."""
    x, y, z = spot[:3]
    side = match.side_of(uid)
    out = []
    for e in enemies_of_side(match, side):
        guns = [w for w in match.unit(e).card.weapons if w.kind == RANGED]
        with match.as_if_at(uid, x, y, z):
            mine = match.sight_between(uid, e)
            theirs = match.sight_between(e, uid)
            shoot = any(match.ranged_target_reason(e, w, uid) is None for w in guns)
        look = LookFrom(e, mine.visible, bool(mine.visible and mine.cover), theirs.visible,
                        bool(theirs.visible and theirs.cover), shoot)
        out.append(look)
        yield look
    return out


def intent_work(controller, match, uid: int):
    """Generator: one slice; returns the NPC's Intent (what it would do if it activated now)."""
    yield uid
    return controller.intent(match, uid)


def out_of_reach_work(match, uid: int, x: float, y: float, action: str, name: str):
    """Generator: returns why (x, y) is not a spot the Move or Dash reaches, in words (the movement the match says
    the way needs, against what the action gives); the search for the way (60" past the budget) stops at each slice's
    end and goes on in the next."""
    yield uid
    needed, budget = yield from sliced(lambda: match.move_needs(uid, action, x, y), uid)
    if needed is None:
        return f"out of reach: no way there for {match.unit(uid).name}"
    return f'out of reach: {needed:.1f}" of movement needed, a {name} gives {budget:g}"'
