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

    _FAST = hasattr(_lib, "cpSpaceSegmentQueryFirst") and hasattr(_lib, "cpShapeSegmentQuery")
except ImportError:  # pragma: no cover - a pymunk without the binding
    _ffi = _lib = None
    _FAST = False


class SpaceQueries:
    """first(a, b, filter) and hits(shape, a, b) on one Space, answering (shape, alpha, x, y) / (alpha, x, y)."""

    def __init__(self, space):
        self.space = space
        self.fast = _FAST and hasattr(space, "_space")
        if self.fast:
            self._cs = space._space
            self._info = _ffi.new("cpSegmentQueryInfo *")
            self._query_first = _lib.cpSpaceSegmentQueryFirst
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

    def hits(self, shape, a, b):
        """Where the segment a->b meets this one shape: (alpha, x, y), or None."""
        if not self.fast:
            h = shape.segment_query(a, b, 0.0)
            return None if h is None else (h.alpha, h.point.x, h.point.y)
        info = self._info
        if not self._shape_query(shape._shape, a, b, 0.0, info):
            return None
        pt = info.point
        return info.alpha, pt.x, pt.y
