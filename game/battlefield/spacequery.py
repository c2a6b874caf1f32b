"""Segment queries on a pymunk Space without pymunk's per-call Python wrapper, for the hot sight loops.

pymunk's Space.segment_query_first costs about 7 us a call on the game's machine, of which the C query is
about 1.5 us: the rest is the wrapper building a SegmentQueryInfo, two Vec2d and a fresh C buffer each time
(design/LIBRARY-NOTES.md, section 3). These helpers call the same Chipmunk functions through pymunk's own
cffi handle with one reusable buffer, so the answers are exactly pymunk's. pymunk is pinned (7.3.1); if its
internals ever differ, the public API is used instead (same answers, slower).
"""
from __future__ import annotations

try:  # pymunk's compiled Chipmunk binding (internal): the same functions its public wrappers call
    from pymunk._chipmunk import ffi as _ffi
    from pymunk._chipmunk import lib as _lib

    _FAST = all(hasattr(_lib, f) for f in ("cpSpaceSegmentQueryFirst", "cpShapeSegmentQuery",
                                             "cpSpacePointQueryNearest", "cpShapeGetUserData"))
except ImportError:  # pragma: no cover - a pymunk without the binding
    _ffi = _lib = None
    _FAST = False


class SpaceQueries:
    """first(a, b, filter), hits(shape, a, b[, radius]), touches(shape, a, b, radius) and
    any_near(point, distance, filter) on one Space."""

    def __init__(self, space):
        self.space = space
        self.fast = _FAST and hasattr(space, "_space")
        if self.fast:
            self._cs = space._space
            self._info = _ffi.new("cpSegmentQueryInfo *")
            self._pinfo = _ffi.new("cpPointQueryInfo *")
            self._query_first = _lib.cpSpaceSegmentQueryFirst
            self._nearest = _lib.cpSpacePointQueryNearest
            self._shape_query = _lib.cpShapeSegmentQuery
            self._user_data = _lib.cpShapeGetUserData
            self._from_handle = _ffi.from_handle

    def first(self, a, b, shape_filter):
        """The first shape the segment a->b (radius 0) meets: (shape, alpha, x, y), or None."""
        if not self.fast:
            h = self.space.segment_query_first(a, b, 0.0, shape_filter)
            return None if h is None else (h.shape, h.alpha, h.point.x, h.point.y)
        info = self._info
        p = self._query_first(self._cs, a, b, 0.0, shape_filter, info)
        if not p:
            return None
        pt = info.point
        return self._from_handle(self._user_data(p)), info.alpha, pt.x, pt.y

    def first_shape(self, a, b, shape_filter):
        """The first shape the segment a->b meets, or None; where it met it: last_point() (hot loops that
        mostly need only the shape)."""
        if not self.fast:
            h = self._last = self.space.segment_query_first(a, b, 0.0, shape_filter)
            return None if h is None else h.shape
        p = self._query_first(self._cs, a, b, 0.0, shape_filter, self._info)
        return self._from_handle(self._user_data(p)) if p else None

    def last_point(self):
        """(x, y) where the last first_shape() met its shape."""
        if not self.fast:
            return self._last.point.x, self._last.point.y
        pt = self._info.point
        return pt.x, pt.y

    def hits(self, shape, a, b, radius: float = 0.0):
        """Where the segment a->b (thickened by radius) meets this one shape: (alpha, x, y), or None."""
        if not self.fast:
            h = shape.segment_query(a, b, radius)
            return None if h is None else (h.alpha, h.point.x, h.point.y)
        info = self._info
        if not self._shape_query(shape._shape, a, b, radius, info):
            return None
        pt = info.point
        return info.alpha, pt.x, pt.y

    def touches(self, shape, a, b, radius: float) -> bool:
        """Whether the capsule a->b of this radius touches the shape."""
        if not self.fast:
            return shape.segment_query(a, b, radius) is not None
        return bool(self._shape_query(shape._shape, a, b, radius, self._info))

    def any_near(self, point, distance: float, shape_filter) -> bool:
        """Whether a shape the filter lets through lies closer than distance to the point (a shape it
        overlaps counts: its distance is negative)."""
        if not self.fast:
            return self.space.point_query_nearest(point, distance, shape_filter) is not None
        return bool(self._nearest(self._cs, point, distance, shape_filter, self._pinfo))
