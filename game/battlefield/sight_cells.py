"""The table cut into square cells, and sets of cells as the bits of one Python int (sight.py's kept answers).

A kept sight answer is filed under the cells the stretches of lines its walk read can pass through (its
footprint), a base change under the cells its circles, before and after, reach (its mark). An answer whose
footprint shares no cell with the marks of the changes since it was last checked holds at once: no changed base
came near what the walk read. One that shares a cell is measured exactly, against the changes that share one
(CellMarks, mixed into Table through sight.TableSight).

A point (x, y) lies in the cell (floor(x / CELL), floor(y / CELL)), exactly: CELL is a power of two. A stretch's
cells are those of every segment from a point of its first end's cell to a point of its last end's (worked out
once per offset between the two cells, in whole numbers), so a point of the stretch always lies in one of them;
a circle's are those of its bounding box widened by MARGIN. So a base that touches a stretch read shares a cell
with it. The cells reach PAD beyond the table; a circle further out is in the nearest cells, a stretch with an end
further out is in every cell."""
from __future__ import annotations

import math
from itertools import islice

from .geometry import seg_point_dist
from .model import Base

CELL = 1.0  # inches: the side of a cell (a power of two: a point's cell is exact)
PAD = 4.0  # inches: the cells reach this far beyond the table's edges (a whole number of cells)
MARGIN = 1e-6  # inches added around a circle, against rounding of the distances sight.py measures
EVERY = -1  # every cell (the bits of -1 are all set)
READ = 1e-6  # inches: a base this far beyond where a walk stopped on a line changed nothing it saw (sight.py)
RECHECK_CHANGES = 32  # a kept sight answer is checked against at most this many base changes since it was given
TARGET_PLACE = -1.0  # a walk's stretch (p, p, TARGET_PLACE): the answer holds while the target's own base stays put

_INV = 1.0 / CELL
_OFF = int(PAD / CELL)
_KEY = 1 << 16  # (di, dj) as one number: di * _KEY + dj (0 <= dj < _KEY)
_GRIDS: dict = {}  # (columns, rows) -> CellGrid: one per table size


class CellGrid:
    """The cells of a table of `nx` x `ny` cells (PAD included): cell (i, j) is bit i + j * nx."""

    __slots__ = ("nx", "ny", "rows", "cols", "_lines")

    def __init__(self, nx: int, ny: int):
        self.nx, self.ny = nx, ny
        every_row = sum(1 << (j * nx) for j in range(ny))
        # a box of cells is rows[j0][j1] & cols[i0][i1]
        self.rows = [[((1 << ((j1 - j0 + 1) * nx)) - 1) << (j0 * nx) if j1 >= j0 else 0 for j1 in range(ny)]
                     for j0 in range(ny)]
        self.cols = [[every_row * (((1 << (i1 - i0 + 1)) - 1) << i0) if i1 >= i0 else 0 for i1 in range(nx)]
                     for i0 in range(nx)]
        self._lines: dict = {}  # di * _KEY + dj -> the cells of the segments between cells that far apart (_line)

    def circle(self, x: float, y: float, r: float) -> int:
        """The cells a point within r of (x, y) can lie in."""
        r += MARGIN
        floor = math.floor
        nx, ny = self.nx, self.ny
        i0, i1 = floor((x - r) * _INV) + _OFF, floor((x + r) * _INV) + _OFF
        j0, j1 = floor((y - r) * _INV) + _OFF, floor((y + r) * _INV) + _OFF
        if i0 < 0 or j0 < 0 or i1 >= nx or j1 >= ny:  # (clamped: a point further out is in the nearest cell)
            i0, j0 = (0 if i0 < 0 else nx - 1 if i0 >= nx else i0), (0 if j0 < 0 else ny - 1 if j0 >= ny else j0)
            i1, j1 = (0 if i1 < 0 else nx - 1 if i1 >= nx else i1), (0 if j1 < 0 else ny - 1 if j1 >= ny else j1)
        return self.rows[j0][j1] & self.cols[i0][i1]

    def stretches(self, read) -> int:
        """The footprint of a walk's stretches, as `measured` gives them."""
        floor = math.floor
        nx, ny = self.nx, self.ny
        lines = self._lines
        got = 0
        for sx, sy, qx, qy, _, _, _ in read:
            i0, j0 = floor(sx * _INV) + _OFF, floor(sy * _INV) + _OFF
            i1, j1 = floor(qx * _INV) + _OFF, floor(qy * _INV) + _OFF
            if j1 < j0 or (j1 == j0 and i1 < i0):
                i0, j0, i1, j1 = i1, j1, i0, j0
            if i0 < 0 or i1 < 0 or j0 < 0 or i0 >= nx or i1 >= nx or j1 >= ny:
                return EVERY
            di = i1 - i0
            line = lines.get(di * _KEY + j1 - j0)
            if line is None:
                line = self._line(di, j1 - j0)
            got |= line << ((i0 if di >= 0 else i1) + j0 * nx)
        return got

    def _line(self, di: int, dj: int) -> int:
        """The cells (as bits from the corner cell of the two, min i and j) a point of a segment between a point of
        cell (0, 0) and one of cell (di, dj) can lie in (dj >= 0), kept. A point s + u, s on the segment between
        the cells' corners (0, 0) and (di, dj), u in [0, 1)^2 (cell units), lies in cell (i, j) for some u exactly
        when i - 1 < s.x < i + 1 and j - 1 < s.y < j + 1: row by row, the part of the corners' segment with
        j - 1 < s.y < j + 1 (s = t (di, dj), t in [0, 1]) gives the columns, in whole numbers (x = n / dj)."""
        got = 0
        base = min(0, di)
        nx = self.nx
        if dj == 0:
            return self._keep(di, dj, ((1 << (abs(di) + 1)) - 1))
        for j in range(dj + 1):
            a, b = di * max(j - 1, 0), di * min(j + 1, dj)  # x from a / dj to b / dj
            if a > b:
                a, b = b, a
            lo = (a - dj) // dj + 1  # the least i with i + 1 > a / dj
            hi = -(-(b + dj) // dj) - 1  # the greatest i with i - 1 < b / dj
            got |= ((1 << (hi - lo + 1)) - 1) << (lo - base + j * nx)
        return self._keep(di, dj, got)

    def _keep(self, di: int, dj: int, line: int) -> int:
        self._lines[di * _KEY + dj] = line
        return line


class CellMarks:
    """The base changes' cells, and the exact check of a kept sight answer they mark, mixed into Table (through
    sight.TableSight: its base changes, bodies and cells)."""

    def _still_holds(self, seen, foot, attacker: Base, target: Base, d: int) -> bool:
        """Whether no base changed in the last d changes touches a stretch seen[2] read, before its change or now
        (_seen_sight): only the changes whose marks share a cell with the footprint foot are measured."""
        log, each = self._base_changes, self._sight_each
        auid = attacker.uid
        ax, ay, tx, ty = attacker.x, attacker.y, target.x, target.y
        ra, rt = attacker.radius, target.radius
        reach = (ra if ra > rt else rt) + 1e-6
        bodies = self._unit_bodies
        hypot = math.hypot
        read = seen[2]  # (sight_cells.measured)
        n = len(each)
        for k in range(-d, 0):
            if k >= -n and not each[k] & foot:
                continue  # (a change older than the marks kept is measured)
            uid, was = log[k]
            if uid == auid:
                continue
            cur = bodies.get(uid)
            for place in (was, cur and (cur[3][0], cur[3][1], cur[2])):
                if place is None:
                    continue
                bx, by, br = place
                if seg_point_dist(ax, ay, tx, ty, bx, by) > br + reach:
                    continue
                lim = br + READ
                for sx, sy, _, _, dx, dy, ll in read:  # seg_point_dist, inline
                    if ll <= 0.0:
                        if ll == TARGET_PLACE:
                            if uid == target.uid:
                                return False
                        elif hypot(bx - sx, by - sy) <= lim:
                            return False
                        continue
                    u = ((bx - sx) * dx + (by - sy) * dy) / ll
                    if u < 0.0:
                        u = 0.0
                    elif u > 1.0:
                        u = 1.0
                    if hypot(bx - (sx + u * dx), by - (sy + u * dy)) <= lim:
                        return False
        return True

    def _marks_since(self, now: int) -> list:
        """[the cells the last d base changes marked, for d = 0 .. RECHECK_CHANGES] (cell sets as ints,
        sight_cells.py; every cell for changes no longer known), brought up to the `now`-th change; and each
        change's own marks, the last first (_sight_each). A change marks the cells its base's circle reached
        before it and reaches now (as it stands when the change is first marked: a later change of that base
        marks where it went next), each widened by READ, as the exact check measures."""
        marks = self._sight_marks
        done = self._sight_marked
        if done == now:
            return marks
        depth = RECHECK_CHANGES
        log, first = self._base_changes, self._base_changes_from
        each = self._sight_each
        if len(marks) != depth + 1 or now - done > depth or done < first:
            marks = [0] + [EVERY] * depth
            done = max(now - depth, first)
            each.clear()
        circle = self._cells.circle
        bodies = self._unit_bodies
        for uid, was in log[done - first:now - first]:
            m = 0 if was is None else circle(was[0], was[1], was[2] + READ)
            cur = bodies.get(uid)
            if cur is not None:
                m |= circle(cur[3][0], cur[3][1], cur[2] + READ)
            marks = [0, *[x | m for x in islice(marks, depth)]]
            each.append(m)
        if len(each) > depth:
            del each[:-depth]
        self._sight_marks = marks
        self._sight_marked = now
        return marks


def measured(read) -> list:
    """A walk's stretches [(p, e, upto)], each the line p -> e read up to `upto` of its length, as sight.py's
    exact check measures them (geometry.seg_point_dist's terms): [(p, the stretch's last end q, q - p, |q - p|^2)],
    flat. A stretch read up to TARGET_PLACE is the target's place: measured as one point that only the target's
    own base changing touches (_still_holds)."""
    out = []
    for p, e, upto in read:
        if upto < 0.0:  # (TARGET_PLACE: the target's place, which only its own base's changes touch)
            out.append((p[0], p[1], p[0], p[1], 0.0, 0.0, TARGET_PLACE))
            continue
        if upto > 1.0:
            upto = 1.0
        sx, sy = p
        qx, qy = sx + (e[0] - sx) * upto, sy + (e[1] - sy) * upto
        dx, dy = qx - sx, qy - sy
        out.append((sx, sy, qx, qy, dx, dy, dx * dx + dy * dy))
    return out


def cell_grid(width: float, height: float) -> CellGrid:
    """The cells of a table this size (shared by every table of it)."""
    key = (math.ceil((width + 2 * PAD) / CELL), math.ceil((height + 2 * PAD) / CELL))
    got = _GRIDS.get(key)
    if got is None:
        got = _GRIDS[key] = CellGrid(*key)
    return got
