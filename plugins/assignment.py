"""The cheapest perfect assignment of a bipartite graph and, among the cheapest, the
lexicographically first. Nothing here knows about chess: rows and columns are
``0..n-1``.

:func:`first_optimal_assignment` takes ``edges[r]``, the columns row ``r`` may take
with a non-negative integer cost each (of any size: a caller may pack several
criteria into one integer, most important highest, as
:mod:`swissbridge.plugins.dutch.weights` does), and returns ``col`` (``col[r]`` the
column of row ``r``) for the perfect assignment that

1. has the least total cost, and among those
2. is lexicographically first: ``col[0]`` as small as possible, then ``col[1]``, …

or ``None`` when there is no perfect assignment. The general weighted matching
(:func:`.matching.max_weight_matching`) can answer the same question with the order
packed below the cost (a field of ``n`` digits in base ``n + 1``), but it is the
blossom algorithm, O(n³) on weights of thousands of bits; here the order costs no
weight bits at all, and the graph being bipartite needs no blossoms.

**Step 1, the least cost** (the primal-dual Hungarian method with shortest
augmenting paths). Potentials ``u[r]`` and ``v[c]`` keep the reduced cost
``cost - u[r] - v[c]`` non-negative on every edge and zero on every edge of the
current matching, so the matching is the cheapest of its size. A phase runs Dijkstra
from all single rows over the residual graph (an edge row → column not in the
matching at its reduced cost, a matching edge column → row at zero) until the first
single column, at distance ``δ``; every vertex settled at distance ``d < δ`` has its
potential moved by ``δ - d`` (up for rows, down for columns). That keeps every
reduced cost non-negative (``d(c) <= d(r) + reduced cost`` for the settled) and the
matching edges at zero (a matched row is reached only through its column, at the
same distance), and makes every shortest augmenting path tight. The phase then
augments along vertex-disjoint augmenting paths of tight edges, as many as one
depth-first search per single row finds (at least the shortest path). When every row
is matched the matching and the potentials satisfy complementary slackness: both are
optimal.

**Step 2, the first of the cheapest.** By complementary slackness every optimal
assignment uses only edges that are tight for these (optimal) potentials, and every
perfect matching of the tight edges costs ``sum(u) + sum(v)``, the optimum: the
optimal assignments are exactly the perfect matchings of the tight subgraph. The
lexicographically first of those is built row by row: row ``r`` takes the smallest
column ``c`` such that some perfect matching of the tight edges left (row ``r`` and
the rows after it, the columns not yet taken) contains ``(r, c)``; the rest is then the
lexicographically first perfect matching of what remains, which exists. With ``M``
the current perfect matching, ``(r, c)`` is in one if and only if ``c = M(r)`` or an
alternating path leads from ``M⁻¹(c)`` (a tight edge out of a row, the matching edge
of the column reached back to its row, …) to ``M(r)``: with ``(r, c)`` and
``(M(r), r)`` it closes an alternating cycle, and swapping the cycle gives the new
``M``. The path is searched breadth-first and ends at the first row with a tight edge
to ``M(r)``, so cycles stay short. A row that a failed search visited cannot reach
``M(r)``; it is not searched again for that row.

Cost: a phase of step 1 is O(E log E) for E edges; step 2 searches, for each row,
only when its first remaining tight column is not its own, and never enters a row
twice for one row: O(E) in the worst case for that row, usually a few steps.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

Edges = Sequence[Sequence[tuple[int, int]]]
"""``edges[r]``: ``(column, cost)`` for each column row ``r`` may take (one entry a column)."""


def first_optimal_assignment(n: int, edges: Edges) -> list[int] | None:
    """The perfect assignment of least total cost, and of those the one with the
    lexicographically smallest ``(col[0], col[1], …)``; ``None`` when no perfect
    assignment exists. Costs are integers ``>= 0``."""
    return _Assignment(n, edges).solve()


class _Assignment:
    def __init__(self, n: int, edges: Edges) -> None:
        self.n = n
        self.rows = [sorted(row) for row in edges]
        self.u = [0] * n
        self.v = [0] * n
        self.mate_r = [-1] * n
        self.mate_c = [-1] * n
        # step 2's search state (see _first)
        self.tight: list[list[int]] = []
        self.taken: list[bool] = []
        self.visited: list[int] = []
        self.near: list[int] = []

    def solve(self) -> list[int] | None:
        if not self._start():
            return None
        while True:
            single = [r for r in range(self.n) if self.mate_r[r] == -1]
            if not single:
                break
            if not self._raise(single):
                return None
            self._augment(single)
        self._first()
        return self.mate_r

    # -- step 1 ------------------------------------------------------------------
    def _start(self) -> bool:
        """Feasible potentials (each row's least cost, then each column's least
        reduced cost) and a greedy matching of tight edges; ``False`` when a row or a
        column has no edge at all."""
        rows, u, v = self.rows, self.u, self.v
        least: list[int | None] = [None] * self.n
        for r, row in enumerate(rows):
            if not row:
                return False
            u[r] = min(w for _, w in row)
            for c, w in row:
                low = least[c]
                if low is None or w - u[r] < low:
                    least[c] = w - u[r]
        for c, low in enumerate(least):
            if low is None:
                return False
            v[c] = low
        mate_r, mate_c = self.mate_r, self.mate_c
        for r, row in enumerate(rows):
            ur = u[r]
            for c, w in row:
                if mate_c[c] == -1 and w - ur == v[c]:
                    mate_r[r], mate_c[c] = c, r
                    break
        return True

    def _raise(self, single: list[int]) -> bool:
        """One Dijkstra from the single rows to the nearest single column, and the
        potentials moved by it; ``False`` when no single column can be reached."""
        n, rows, u, v, mate_c = self.n, self.rows, self.u, self.v, self.mate_c
        done_r: list[int | None] = [None] * n
        done_c: list[int | None] = [None] * n
        seen_c: list[int | None] = [None] * n
        heap: list[tuple[int, int]] = [(0, r) for r in single]  # a column c is pushed as ~c
        delta = -1
        while heap:
            d, x = heapq.heappop(heap)
            if x >= 0:
                if done_r[x] is not None:
                    continue
                done_r[x] = d
                base = d - u[x]
                for c, w in rows[x]:
                    if done_c[c] is not None:
                        continue
                    nd = base + w - v[c]
                    t = seen_c[c]
                    if t is None or nd < t:
                        seen_c[c] = nd
                        heapq.heappush(heap, (nd, ~c))
            else:
                c = ~x
                if done_c[c] is not None:
                    continue
                done_c[c] = d
                r = mate_c[c]
                if r == -1:
                    delta = d
                    break
                heapq.heappush(heap, (d, r))
        if delta < 0:
            return False
        for r, dr in enumerate(done_r):
            if dr is not None and dr < delta:
                u[r] += delta - dr
        for c, dc in enumerate(done_c):
            if dc is not None and dc < delta:
                v[c] -= delta - dc
        return True

    def _augment(self, single: list[int]) -> None:
        """Augment along vertex-disjoint paths of tight edges from the single rows,
        one depth-first search each (a column is entered once per phase)."""
        rows, u, v, mate_r, mate_c = self.rows, self.u, self.v, self.mate_r, self.mate_c
        entered = [False] * self.n
        for root in single:
            path_r = [root]
            path_c: list[int] = []
            at = [0]
            while path_r:
                r = path_r[-1]
                row = rows[r]
                ur = u[r]
                i = at[-1]
                nxt = -1
                while i < len(row):
                    c, w = row[i]
                    i += 1
                    if not entered[c] and w - ur == v[c]:
                        nxt = c
                        break
                at[-1] = i
                if nxt < 0:
                    path_r.pop()
                    at.pop()
                    if path_c:
                        path_c.pop()
                    continue
                entered[nxt] = True
                path_c.append(nxt)
                owner = mate_c[nxt]
                if owner == -1:
                    for pr, pc in zip(path_r, path_c, strict=True):
                        mate_r[pr], mate_c[pc] = pc, pr
                    break
                path_r.append(owner)
                at.append(0)

    # -- step 2 ------------------------------------------------------------------
    def _first(self) -> None:
        """Turn the optimal perfect matching into the lexicographically first one
        (the greedy of the module docstring)."""
        n, rows, u, v, mate_r, mate_c = self.n, self.rows, self.u, self.v, self.mate_r, self.mate_c
        self.tight = tight = [[c for c, w in rows[r] if w - u[r] == v[c]] for r in range(n)]
        into: list[list[int]] = [[] for _ in range(n)]  # the rows with a tight edge to each column
        for r, cols in enumerate(tight):
            for c in cols:
                into[c].append(r)
        self.taken = taken = [False] * n
        self.visited = visited = [-1] * n  # visited[x] == r: row x was searched for row r
        self.near = near = [-1] * n  # near[x] == r: row x has a tight edge to M(r)
        for r in range(n):
            own = mate_r[r]
            visited[r] = r
            marked = False
            for c in tight[r]:
                if taken[c]:
                    continue
                if c == own:
                    break
                start = mate_c[c]
                if visited[start] == r:
                    continue  # it cannot reach M(r)
                if not marked:
                    for x in into[own]:
                        near[x] = r
                    marked = True
                if self._rotate(start, own, r):
                    mate_r[r], mate_c[c] = c, r
                    break
            taken[mate_r[r]] = True

    def _rotate(self, start: int, goal: int, r: int) -> bool:
        """Breadth-first search of an alternating path from row ``start`` to column
        ``goal`` over the tight edges of columns not taken; on success move every row
        of it to the column it leads to (``start``'s column is then free for row
        ``r``). On failure every row it visited is marked as unable to reach ``goal``."""
        mate_r, mate_c, tight, taken, visited, near = (
            self.mate_r,
            self.mate_c,
            self.tight,
            self.taken,
            self.visited,
            self.near,
        )
        visited[start] = r
        parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
        end = start if near[start] == r else -1
        queue = [start]
        for x in queue:
            if end >= 0:
                break
            for c in tight[x]:
                if taken[c]:
                    continue
                y = mate_c[c]
                if visited[y] == r:
                    continue
                visited[y] = r
                parent[y] = (x, c)
                if near[y] == r:
                    end = y
                    break
                queue.append(y)
        if end < 0:
            return False
        row, col = end, goal
        while row >= 0:
            mate_r[row], mate_c[col] = col, row
            row, col = parent[row]
        return True
