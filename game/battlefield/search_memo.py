"""Movement answers kept for every Table of a map.

A movement search's answer depends only on the graph it runs on (the map's terrain, measure and base radius), the
doors as they stand, the mover's start, move rule and budget, and what the bases do to it (the nodes it may not
enter, the enemies its steps must keep clear of). Another Table of the same map asking the same search (the next game
of a run of headless games, a match replayed) is given the one worked out before instead of running it again: the
very same distances, tree and order of settling (tests/battlefield/test_search_memo.py). Searches are kept in a
compact form: the nodes settled, with their distances and the steps that reached them. So are a reach's spots (the
bases it may not end on added to the key), a path from a search (the enemies whose Adjacency it may leave added), and
what the terrain alone gives by the doors: the steps from a mover's exact start into the graph, the spots around a
base (movement.py). Only Tables reading a map's shared graph (lattice.shared_lattice) share answers, and only the
last few graphs used keep theirs."""
from __future__ import annotations

import weakref
from array import array
from collections import OrderedDict
from operator import itemgetter

from .search import INF
from .terrain import ADJ_GAP

# kind -> (graph -> OrderedDict {key: answer}), the oldest first; and how many answers of each kind a graph keeps
_KEPT: dict[str, "weakref.WeakKeyDictionary"] = {}
KEPT = {
    "search": 512,  # compact searches (a few hundred bytes to a few kilobytes each)
    "spots": 512,  # (search key, the nodes no base may end on) -> the nodes of the reach's spots and their costs
    "start": 512,  # (start, radius, rule, doors) -> the terrain's steps from there into the graph
    "ring": 256,  # (target and radius, doors) -> the spots around the target the terrain allows
    "path": 512,  # (search key, goal, the enemies its Adjacency may be left by) -> (the path there,)
}


GRAPHS_KEPT = 4  # graphs whose answers are kept, the last used (a run of games uses one or two)
_GRAPHS: "OrderedDict[int, weakref.ref]" = OrderedDict()


def recall(kind: str, lat, key):
    """The answer of this kind kept under `key` for the map's graph that `lat` reads, or None. A Table with a graph
    of its own (share_graph=False) has nothing kept: it is the only one to ask its questions."""
    per_graph = _KEPT.get(kind)
    if per_graph is None or lat.shared is None:
        return None
    kept = per_graph.get(lat.shared)
    if kept is None:
        return None
    got = kept.get(key)
    if got is not None:
        kept.move_to_end(key)
    return got


def keep(kind: str, lat, key, answer) -> None:
    graph = lat.shared
    if graph is None:
        return
    per_graph = _KEPT.get(kind)
    if per_graph is None:
        per_graph = _KEPT[kind] = weakref.WeakKeyDictionary()
    kept = per_graph.get(graph)
    if kept is None:
        kept = per_graph[graph] = OrderedDict()
        _graph_used(graph)
    kept[key] = answer
    while len(kept) > KEPT[kind]:
        kept.popitem(last=False)


def _graph_used(graph) -> None:
    """A graph has answers kept: only the last GRAPHS_KEPT graphs (maps and base radii) keep theirs."""
    _GRAPHS.pop(id(graph), None)
    _GRAPHS[id(graph)] = weakref.ref(graph)
    while len(_GRAPHS) > GRAPHS_KEPT:
        _, ref = _GRAPHS.popitem(last=False)
        old = ref()
        if old is not None:
            for per_graph in _KEPT.values():
                per_graph.pop(old, None)


def doors_key(table) -> tuple:
    return tuple(sorted(table._doors_open.items()))


def search_key(table, mover, budget: float, bl, start) -> tuple:
    """What a search of the mover with this budget depends on besides its graph (`bl`: table._blocking's)."""
    return (start, mover.radius, mover.move, budget, doors_key(table), tuple(sorted(bl.pass_blocked)),
            tuple(sorted(bl.enemies)))


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
    return (lat, bl, dist, (prev, kind), key[0], settled.tolist())


def keep_search(lat, key, state) -> None:
    """Keep a finished search (SearchRun.state) for every Table of the graph (C arrays: a few kilobytes)."""
    _, _, dist, (prev, kind), _, settled = state
    if len(settled) > 1:
        of = itemgetter(*settled)  # (a tuple of the items, in C)
        keep("search", lat, key, (array("i", settled), array("d", of(dist)), array("i", of(prev)),
                                  array("i", of(kind))))
    else:
        keep("search", lat, key, (array("i", settled), array("d", [dist[u] for u in settled]),
                                  array("i", [prev[u] for u in settled]), array("i", [kind[u] for u in settled])))


def spots_key(key, end_blocked, dist, lim: float) -> tuple:
    """The key of a reach's spots: its search's key and the nodes of the reach (within `lim`) no base may end on (the
    others play no part)."""
    return (key, tuple(sorted([u for u in end_blocked if dist[u] <= lim])))


def recall_spots(lat, skey):
    """(the nodes of its spots, the spots) of the reach kept under `skey` (spots_key), or None."""
    got = recall("spots", lat, skey)
    if got is None:
        return None
    nodes, costs = got
    xys, zs, zof = lat.xys, lat.z, lat.zof
    index = nodes.tolist()
    return index, tuple([(xys[u][0], xys[u][1], zof(u) if zs[u] is False else zs[u], c) for u, c in zip(index, costs)])


def keep_spots(lat, skey, nodes, spots) -> None:
    keep("spots", lat, skey, (array("i", nodes), array("d", [s[3] for s in spots])))


def path_in_tree(table, mover, budget: float, state, x: float, y: float, z: float):
    """table._path_in_tree (path()'s answer from the search `state` of the mover with this budget), kept for the map:
    it depends on the search, the goal and the enemies whose Adjacency it may leave (those within reach of the path's
    box: TableMovement._left_adjacency). A search not of exactly this budget, or not kept, is not kept either."""
    kept = table._kept.get((mover, budget, table._bases_met(mover, budget)))
    if kept is None or kept[0] is not state or kept[2] is None or table._grid:
        return table._path_in_tree(mover, budget, state, x, y, z)
    # the enemies _left_adjacency may look at: its box around the path, which lies within the budget of the start
    sx, sy = state[4][0], state[4][1]
    ext = budget + 0.01 + mover.radius + ADJ_GAP + 2.0
    near = tuple(sorted((b.uid, b.x, b.y, b.z, b.radius) for b in table._bases.values()
                        if b.uid != mover.uid and b.side != mover.side and b.side != "item"
                        and abs(b.x - sx) <= ext + b.radius and abs(b.y - sy) <= ext + b.radius))
    key = (kept[2], x, y, z, mover.uid, mover.side, near)
    lat = state[0]
    got = recall("path", lat, key)
    if got is None:
        got = (table._path_in_tree(mover, budget, state, x, y, z),)
        keep("path", lat, key, got)
    return got[0]


def forget() -> None:
    """Forget everything kept (tests; benchmarks measuring a cold start)."""
    _KEPT.clear()
    _GRAPHS.clear()


_ROUNDED: dict = {}  # a search's distance -> round(it, 6): the distances of a map's searches are sums of a few step
# costs, a few hundred values over thousands of spots
ROUNDED_KEPT = 1 << 16


def rounded(dists: list) -> list:
    """[round(d, 6) for d in dists] (the cost of each spot of a reach), each distinct distance rounded once (a zero
    as it is: 0.0 and -0.0 are one key of a dict, and round keeps the sign)."""
    known = _ROUNDED
    new = set(dists).difference(known)
    if new:
        if len(known) + len(new) > ROUNDED_KEPT:
            known.clear()
            new = set(dists)
        for d in new:
            if d:
                known[d] = round(d, 6)
    return [known[d] if d else round(d, 6) for d in dists]
