"""Movement searches kept for every Table of a map: a search's answer depends only on the graph it runs on (the map's
terrain, measure and base radius), the doors as they stand, the mover's start, move rule and budget, and what the
bases do to it (the nodes it may not enter, the enemies its steps must keep clear of). Another Table of the same map
asking the same search (the next game of a run of headless games, a match replayed) is given the one worked out
before instead of running it again: the very same distances, tree and order of settling (tests/battlefield/
test_search_memo.py). Kept in a compact form: the nodes settled, with their distances and the steps that reached
them."""
from __future__ import annotations

import weakref
from collections import OrderedDict

from .search import INF

SEARCHES_KEPT = 512  # searches kept per graph (a few hundred bytes to a few kilobytes each)
_KEPT: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # graph -> OrderedDict {key: compact search}
_SPOTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # graph -> OrderedDict {(key, the nodes a base
# may not end on): (the nodes of its reach's spots, the spots)}
_RINGS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # graph -> {(target and radius, doors): the spots
# around the target the terrain allows (movement.py: _terrain_ring)}
RINGS_KEPT = 256


def _graph_of(lat):
    """The graph whose answers a Table's lattice gives: the shared one of its map, or its own."""
    return lat.shared if lat.shared is not None else lat


def search_key(table, lat, mover, budget: float, bl, start) -> tuple:
    """What a search of the mover with this budget depends on besides its graph (`bl`: table._blocking's)."""
    return (start, mover.radius, mover.move, budget, tuple(sorted(table._doors_open.items())),
            frozenset(bl.pass_blocked), frozenset(bl.enemies))


def recall(lat, key, bl):
    """The search kept under `key` for this graph, as the state SearchRun gives (on this Table's lattice and `bl`),
    or None."""
    kept = _KEPT.get(_graph_of(lat))
    got = kept.get(key) if kept is not None else None
    if got is None:
        return None
    kept.move_to_end(key)
    settled, dists, prevs, kinds = got
    n = lat.nx * lat.ny
    dist, prev, kind = [INF] * n, [-3] * n, [0] * n
    for u, d, p, k in zip(settled, dists, prevs, kinds):
        dist[u] = d
        prev[u] = p
        kind[u] = k
    return (lat, bl, dist, (prev, kind), key[0], list(settled))


def keep(lat, key, state) -> None:
    """Keep a finished search (SearchRun.state) for every Table of the graph."""
    graph = _graph_of(lat)
    kept = _KEPT.get(graph)
    if kept is None:
        kept = _KEPT[graph] = OrderedDict()
    _, _, dist, (prev, kind), _, settled = state
    kept[key] = (tuple(settled), tuple([dist[u] for u in settled]), tuple([prev[u] for u in settled]),
                 tuple([kind[u] for u in settled]))
    while len(kept) > SEARCHES_KEPT:
        kept.popitem(last=False)


def recall_spots(lat, key, end_blocked):
    """(nodes, spots) of the reach of the search kept under `key` with these nodes no base may end on, or None."""
    kept = _SPOTS.get(_graph_of(lat))
    if kept is None:
        return None
    k = (key, frozenset(end_blocked))
    got = kept.get(k)
    if got is not None:
        kept.move_to_end(k)
    return got


def keep_spots(lat, key, end_blocked, nodes: tuple, spots: tuple) -> None:
    graph = _graph_of(lat)
    kept = _SPOTS.get(graph)
    if kept is None:
        kept = _SPOTS[graph] = OrderedDict()
    kept[(key, frozenset(end_blocked))] = (nodes, spots)
    while len(kept) > SEARCHES_KEPT:
        kept.popitem(last=False)


def recall_ring(lat, key):
    """The spots around a base the terrain allows (TableMovement._terrain_ring) kept under `key`, or None."""
    kept = _RINGS.get(_graph_of(lat))
    return kept.get(key) if kept is not None else None


def keep_ring(lat, key, ring: tuple) -> None:
    graph = _graph_of(lat)
    kept = _RINGS.get(graph)
    if kept is None:
        kept = _RINGS[graph] = OrderedDict()
    kept[key] = ring
    while len(kept) > RINGS_KEPT:
        kept.popitem(last=False)


def forget() -> None:
    """Forget every search kept (tests; benchmarks measuring a cold start)."""
    _KEPT.clear()
    _SPOTS.clear()
    _RINGS.clear()
