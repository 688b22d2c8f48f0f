"""Matchings used to answer the questions the Lim text asks of a scoregroup:
"can the rest of the group still be paired?" (3.6, 4.4), "how many pairs can the
group make?" (3.2) and "does this floater still have a compatible opponent in the
adjacent group?" (3.9).

Nothing here is a pairing rule: these are the arbiter's "can it still be done?"
checks, answered exactly and in polynomial time so that the procedure of the text
can be followed literally without trying whole pairings one by one.

* :class:`Matching` — maximum-cardinality matching in a general graph (Edmonds'
  blossom algorithm), with vertices that can be removed and an augmenting search
  from one vertex, so that "pair these two, can the rest still be paired?" costs
  one search instead of a new matching.
* :class:`BipartiteMatching` — floaters against the residents of the adjacent group
  (augmenting paths, Kuhn).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


class LazyAdjacency:
    """Adjacency rows of a graph on ``0..n-1``, computed on first use.

    ``edge(i, j)`` says whether ``i`` and ``j`` may be paired. Dense groups (every
    row of a round-2 scoregroup is nearly full) are rarely searched far, so rows
    are only built for the vertices a search actually visits."""

    __slots__ = ("_edge", "_rows", "n")

    def __init__(self, n: int, edge: Callable[[int, int], bool]) -> None:
        self.n = n
        self._edge = edge
        self._rows: list[list[int] | None] = [None] * n

    def __getitem__(self, v: int) -> list[int]:
        row = self._rows[v]
        if row is None:
            edge = self._edge
            row = [u for u in range(self.n) if u != v and edge(v, u)]
            self._rows[v] = row
        return row

    def __len__(self) -> int:
        return self.n


class Matching:
    """A matching of the vertices ``0..n-1`` of a graph, kept maximum by the caller.

    ``mate[v]`` is the partner of ``v`` or ``-1``; removed vertices are ignored.
    Copies share the adjacency, so trying "what if these two are paired" is a copy,
    two removals and at most two augmenting searches."""

    __slots__ = ("adj", "alive", "mate", "size")

    def __init__(
        self,
        adj: Sequence[Sequence[int]],
        alive: list[bool] | None = None,
        mate: list[int] | None = None,
        size: int = 0,
    ) -> None:
        n = len(adj)
        self.adj = adj
        self.alive = alive if alive is not None else [True] * n
        self.mate = mate if mate is not None else [-1] * n
        self.size = size

    def copy(self) -> Matching:
        return Matching(self.adj, self.alive[:], self.mate[:], self.size)

    def match(self, a: int, b: int) -> None:
        """Record the pair ``a``–``b`` (both must be free)."""
        self.mate[a] = b
        self.mate[b] = a
        self.size += 1

    def remove(self, v: int) -> int:
        """Take ``v`` out of the graph; returns its former partner (now free) or -1."""
        self.alive[v] = False
        u = self.mate[v]
        if u >= 0:
            self.mate[u] = -1
            self.mate[v] = -1
            self.size -= 1
        return u

    def maximise(self, hint: Sequence[tuple[int, int]] = ()) -> int:
        """Make the matching maximum: the ``hint`` pairs (the caller vouches that they
        are edges; used where still free), a greedy pass, then an augmenting search
        from every free vertex. Returns the number of pairs."""
        alive, mate = self.alive, self.mate
        for a, b in hint:
            if alive[a] and alive[b] and mate[a] < 0 and mate[b] < 0:
                self.match(a, b)
        n = len(self.adj)
        for v in range(n):
            if alive[v] and mate[v] < 0:
                for u in self.adj[v]:
                    if alive[u] and mate[u] < 0:
                        self.match(v, u)
                        break
        for v in range(n):
            if alive[v] and mate[v] < 0:
                self.augment(v)
        return self.size

    def augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from the free vertex ``root``;
        applies it and returns True when one exists."""
        adj, alive, mate = self.adj, self.alive, self.mate
        n = len(adj)
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue: deque[int] = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = True
                blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                    current = lca(v, to)
                    blossom = [False] * n
                    mark_path(v, current, to, blossom)
                    mark_path(to, current, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] < 0:
                    parent[to] = v
                    if mate[to] < 0:
                        u = to
                        while u >= 0:
                            pv = parent[u]
                            ppv = mate[pv]
                            mate[u] = pv
                            mate[pv] = u
                            u = ppv
                        self.size += 1
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    def without(self, *vertices: int) -> Matching:
        """A maximum matching of the graph with ``vertices`` removed (from a maximum
        matching of this graph: only the partners left free need a search)."""
        new = self.copy()
        freed = [new.remove(v) for v in vertices]
        for u in freed:
            if u >= 0 and new.alive[u] and new.mate[u] < 0:
                new.augment(u)
        return new

    def with_pair(self, a: int, b: int) -> Matching | None:
        """If pairing ``a``–``b`` still lets the rest make as many pairs as before
        (one fewer, the new pair counted), the maximum matching of the rest; else None.
        This is the "available" test of Lim 3.6 and the exchange condition of 4.4."""
        if self.mate[a] == b:
            new = self.copy()
            new.remove(a)
            new.remove(b)
            return new
        new = self.without(a, b)
        return new if new.size >= self.size - 1 else None


class BipartiteMatching:
    """Floaters chosen so far, each given a compatible opponent among the residents
    of the adjacent group where possible (Lim 3.9: "has a compatible opponent in the
    adjacent group", counted after the earlier floaters have been given theirs)."""

    __slots__ = ("_edge", "_owner", "_partner", "targets")

    def __init__(self, targets: Sequence[int], edge: Callable[[int, int], bool]) -> None:
        self.targets = list(targets)
        self._edge = edge
        self._owner: dict[int, int] = {}
        self._partner: dict[int, int] = {}

    def _try(self, x: int, owner: dict[int, int], seen: set[int]) -> bool:
        for t in self.targets:
            if t in seen or not self._edge(x, t):
                continue
            seen.add(t)
            holder = owner.get(t)
            if holder is None or self._try(holder, owner, seen):
                owner[t] = x
                return True
        return False

    def would_match(self, x: int) -> bool:
        """Would ``x`` get an opponent too, the earlier floaters keeping theirs?"""
        return self._try(x, dict(self._owner), set())

    def add(self, x: int) -> bool:
        """Add ``x`` to the floaters; True when it could be given an opponent."""
        owner = dict(self._owner)
        if self._try(x, owner, set()):
            self._owner = owner
            self._partner = {v: k for k, v in owner.items()}
            return True
        return False
