"""Segment and point queries on a pymunk Space without pymunk's per-call Python wrapper, for hot loops.

pymunk's Space.segment_query_first costs about 4-7 us a call on the game's machine, of which the C query is
about 1 us: the rest is the wrapper building a SegmentQueryInfo, two Vec2d and a fresh C buffer each time
(design/LIBRARY-NOTES.md, section 3). These helpers call the same Chipmunk functions through pymunk's own
cffi binding with one reusable buffer, so the answers are exactly pymunk's. pymunk is pinned (7.3.1); if its
internals ever differ, the public API answers instead (the same answers, slower).
"""
from __future__ import annotations

from pymunk import ShapeFilter

try:  # pymunk's compiled Chipmunk binding (internal): the same functions its public wrappers call
    from pymunk._chipmunk import ffi as _ffi
    from pymunk._chipmunk import lib as _lib

    _FAST = all(hasattr(_lib, f) for f in ("cpSpaceSegmentQueryFirst", "cpSpaceSegmentQuery", "cpShapeSegmentQuery",
                                             "cpSpacePointQueryNearest", "cpShapeGetUserData", "cpShapeGetFilter",
                                             "cpShapeSetFilter"))
except ImportError:  # pragma: no cover - a pymunk without the binding
    _ffi = _lib = None
    _FAST = False


class SpaceQueries:
    """Queries on one Space. With pymunk's binding available (`fast`), __init__ replaces each method by a
    closure over the C functions and one reusable buffer; the methods below are the public-API answers."""

    def __init__(self, space, fast: bool = True):
        self.space = space
        self._last = None
        self.fast = fast and _FAST and hasattr(space, "_space")
        if self.fast:
            self._install_fast(space)

    # -------------------------------------------------------------- the public API (slow path)
    def shape_filter(self, group: int = 0, mask: int = ShapeFilter.ALL_MASKS()):
        """A filter for these queries (every category, this group left out, this mask), in the form they take
        fastest (with the binding: Chipmunk's own struct, built once, instead of a ShapeFilter converted at
        every call)."""
        return ShapeFilter(group=group, mask=mask)

    def first(self, a, b, shape_filter):
        """The first shape the segment a->b (radius 0) meets: (shape, alpha, x, y), or None."""
        h = self.space.segment_query_first(a, b, 0.0, shape_filter)
        return None if h is None else (h.shape, h.alpha, h.point.x, h.point.y)

    def meets(self, a, b, shape_filter) -> bool:
        """Whether the segment a->b (radius 0) meets any shape the filter lets through."""
        return self.space.segment_query_first(a, b, 0.0, shape_filter) is not None

    def first_shape(self, a, b, shape_filter):
        """The first shape the segment a->b meets, or None; where it met it: last_point()."""
        h = self._last = self.space.segment_query_first(a, b, 0.0, shape_filter)
        return None if h is None else h.shape

    def last_point(self):
        """(x, y) where the last first_shape() met its shape."""
        return self._last.point.x, self._last.point.y

    def crossings(self, a, b, shape_filter):
        """Every shape the segment a->b (radius 0) meets, as (alpha, shape) where it first meets it, in no
        particular order (Chipmunk's index order depends on how shapes moved: callers sort)."""
        return [(h.alpha, h.shape) for h in self.space.segment_query(a, b, 0.0, shape_filter)]

    def hits(self, shape, a, b, radius: float = 0.0):
        """Where the segment a->b (thickened by radius) meets this one shape: (alpha, x, y), or None."""
        h = shape.segment_query(a, b, radius)
        return None if h is None else (h.alpha, h.point.x, h.point.y)

    def touches(self, shape, a, b, radius: float = 0.0) -> bool:
        """Whether the capsule a->b of this radius touches the shape."""
        return shape.segment_query(a, b, radius) is not None

    def any_near(self, point, distance: float, shape_filter) -> bool:
        """Whether a shape the filter lets through lies closer than distance to the point (a shape it
        overlaps counts: its distance is negative)."""
        return self.space.point_query_nearest(point, distance, shape_filter) is not None

    def regroup(self, shape, group: int):
        """Put the shape in another pymunk group for a while (queries leaving that group out then leave it out
        too); returns what restore() needs to put its filter back as it was."""
        old = shape.filter
        shape.filter = ShapeFilter(group=group, categories=old.categories, mask=old.mask)
        return old

    @staticmethod
    def restore(shape, old) -> None:
        """The shape's filter as it was before regroup()."""
        shape.filter = old

    # -------------------------------------------------------------- the same through Chipmunk directly
    def _install_fast(self, space) -> None:
        cs = space._space
        info = _ffi.new("cpSegmentQueryInfo *")
        pinfo = _ffi.new("cpPointQueryInfo *")
        query_first, shape_query = _lib.cpSpaceSegmentQueryFirst, _lib.cpShapeSegmentQuery
        nearest, user_data, from_handle = _lib.cpSpacePointQueryNearest, _lib.cpShapeGetUserData, _ffi.from_handle
        # Chipmunk's shape -> pymunk's Shape, filled as queries meet them (a dict lookup is cheaper than the handle;
        # the Shape kept here keeps its Chipmunk shape alive, so no other shape can take its address meanwhile)
        known: dict = {}
        structs: list = []  # the filter structs made by shape_filter (kept alive with the queries)

        def shape_of(p):
            got = known.get(p)
            if got is None:
                if len(known) >= 8192:
                    known.clear()
                got = known[p] = from_handle(user_data(p))
            return got

        def shape_filter(group=0, mask=ShapeFilter.ALL_MASKS()):
            owner = _ffi.new("cpShapeFilter *", (group, ShapeFilter.ALL_CATEGORIES(), mask))
            structs.append(owner)
            return owner[0]

        def first(a, b, shape_filter):
            p = query_first(cs, a, b, 0.0, shape_filter, info)
            if not p:
                return None
            pt = info.point
            got = known.get(p)
            return got if got is not None else shape_of(p), info.alpha, pt.x, pt.y

        def first_shape(a, b, shape_filter):
            p = query_first(cs, a, b, 0.0, shape_filter, info)
            return shape_of(p) if p else None

        def meets(a, b, shape_filter):
            return bool(query_first(cs, a, b, 0.0, shape_filter, info))

        def last_point():
            pt = info.point
            return pt.x, pt.y

        met = []
        all_query = _lib.cpSpaceSegmentQuery

        @_ffi.callback("cpSpaceSegmentQueryFunc")
        def _met(shape, point, normal, alpha, data):
            met.append((alpha, shape))

        self._met_callback = _met  # kept alive as long as the queries

        def crossings(a, b, shape_filter):
            met.clear()
            all_query(cs, a, b, 0.0, shape_filter, _met, _ffi.NULL)
            return [(alpha, shape_of(p)) for alpha, p in met]

        def hits(shape, a, b, radius=0.0):
            if not shape_query(shape._shape, a, b, radius, info):
                return None
            pt = info.point
            return info.alpha, pt.x, pt.y

        def touches(shape, a, b, radius=0.0):
            return bool(shape_query(shape._shape, a, b, radius, info))

        def any_near(point, distance, shape_filter):
            return bool(nearest(cs, point, distance, shape_filter, pinfo))

        get_filter, set_filter = _lib.cpShapeGetFilter, _lib.cpShapeSetFilter

        def regroup(shape, group):
            c = shape._shape
            old = get_filter(c)
            set_filter(c, (group, old.categories, old.mask))
            return old

        def restore(shape, old):
            set_filter(shape._shape, old)

        self.first, self.first_shape, self.last_point = first, first_shape, last_point
        self.hits, self.touches, self.any_near = hits, touches, any_near
        self.regroup, self.restore = regroup, restore
        self.shape_filter, self.meets = shape_filter, meets
        self.crossings = crossings
