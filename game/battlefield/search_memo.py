"""Movement answers kept for every Table of a map.

A movement search's answer depends only on the graph it runs on (the map's terrain, measure and base radius), the
doors as they stand, the mover's start, move rule and budget, and what the bases do to it (the nodes it may not
enter, the enemies its steps must keep clear of). Another Table of the same map asking the same search (the next game
of a run of headless games, a match replayed) is given the one worked out before instead of running it again: the
very same distances, tree and order of settling (tests/battlefield/test_search_memo.py). Searches are kept in a
compact form: the nodes settled, with their distances and the steps that reached them. So are a reach's spots (the
bases it may not end on added to the key), and what the terrain alone gives by the doors: the steps from a mover's
exact start into the graph, the spots around a base (movement.py)."""
from __future__ import annotations

import weakref
from collections import OrderedDict

from .search import INF

# kind -> (graph -> OrderedDict {key: answer}), the oldest first; and how many answers of each kind a graph keeps
_KEPT: dict[str, "weakref.WeakKeyDictionary"] = {}
KEPT = {
    "search": 512,  # compact searches (a few hundred bytes to a few kilobytes each)
    "spots": 512,  # (search key, the nodes no base may end on) -> (the nodes of the reach's spots, the spots)
    "start": 512,  # (start, radius, rule, doors) -> the terrain's steps from there into the graph
    "ring": 256,  # (target and radius, doors) -> the spots around the target the terrain allows
}


def _graph_of(lat):
    """The graph whose answers a Table's lattice gives: the shared one of its map, or its own."""
    return lat.shared if lat.shared is not None else lat


def recall(kind: str, lat, key):
    """The answer of this kind kept under `key` for the graph of `lat`, or None."""
    per_graph = _KEPT.get(kind)
    kept = per_graph.get(_graph_of(lat)) if per_graph is not None else None
    if kept is None:
        return None
    got = kept.get(key)
    if got is not None:
        kept.move_to_end(key)
    return got


def keep(kind: str, lat, key, answer) -> None:
    per_graph = _KEPT.get(kind)
    if per_graph is None:
        per_graph = _KEPT[kind] = weakref.WeakKeyDictionary()
    graph = _graph_of(lat)
    kept = per_graph.get(graph)
    if kept is None:
        kept = per_graph[graph] = OrderedDict()
    kept[key] = answer
    while len(kept) > KEPT[kind]:
        kept.popitem(last=False)


def doors_key(table) -> tuple:
    return tuple(sorted(table._doors_open.items()))


def search_key(table, mover, budget: float, bl, start) -> tuple:
    """What a search of the mover with this budget depends on besides its graph (`bl`: table._blocking's)."""
    return (start, mover.radius, mover.move, budget, doors_key(table), frozenset(bl.pass_blocked),
            frozenset(bl.enemies))


def recall_search(lat, key, bl):
    """The search kept under `key` for this graph, as the state SearchRun gives (on this Table's lattice and `bl`),
    or None."""
    got = recall("search", lat, key)
    if got is None:
        return None
    settled, dists, prevs, kinds = got
    n = lat.nx * lat.ny
    dist, prev, kind = [INF] * n, [-3] * n, [0] * n
    for u, d, p, k in zip(settled, dists, prevs, kinds):
        dist[u] = d
        prev[u] = p
        kind[u] = k
    return (lat, bl, dist, (prev, kind), key[0], list(settled))


def keep_search(lat, key, state) -> None:
    """Keep a finished search (SearchRun.state) for every Table of the graph."""
    _, _, dist, (prev, kind), _, settled = state
    keep("search", lat, key, (tuple(settled), tuple([dist[u] for u in settled]), tuple([prev[u] for u in settled]),
                              tuple([kind[u] for u in settled])))


def forget() -> None:
    """Forget everything kept (tests; benchmarks measuring a cold start)."""
    _KEPT.clear()
