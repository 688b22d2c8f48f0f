"""Matchings used to answer the questions the Lim text asks of a scoregroup:
"can the rest of the group still be paired?" (3.6, 4.4), "how many pairs can the
group make?" (3.2) and "does this floater still have a compatible opponent in the
adjacent group?" (3.9).

Nothing here is a pairing rule: these are the arbiter's "can it still be done?"
checks, answered exactly and in polynomial time so that the procedure of the text
can be followed literally without trying whole pairings one by one.

* :class:`Matching` — maximum-cardinality matching in a general graph (the shared
  Edmonds search of :mod:`swissbridge.plugins.matching`), with vertices that can be
  removed, so that "pair these two, can the rest still be paired?" costs one search
  instead of a new matching.
* :class:`BipartiteMatching` — floaters against the residents of the adjacent group
  (augmenting paths, Kuhn).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from swissbridge.plugins.matching import augment_from, augment_singles


class LazyAdjacency:
    """Adjacency rows of a graph on ``0..n-1``, computed on first use.

    ``edge(i, j)`` says whether ``i`` and ``j`` may be paired. Dense groups (every
    row of a round-2 scoregroup is nearly full) are rarely searched far, so rows
    are only built for the vertices a search actually visits."""

    __slots__ = ("_edge", "_rows", "edge", "n")

    def __init__(self, n: int, edge: Callable[[int, int], bool]) -> None:
        self.n = n
        self._edge = edge
        self.edge = edge
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

    __slots__ = ("adj", "alive", "count", "edge", "mate", "size")

    def __init__(
        self,
        adj: LazyAdjacency | Sequence[Sequence[int]],
        alive: list[bool] | None = None,
        mate: list[int] | None = None,
        size: int = 0,
        edge: Callable[[int, int], bool] | None = None,
    ) -> None:
        n = len(adj)
        self.adj = adj
        self.alive = alive if alive is not None else [True] * n
        self.mate = mate if mate is not None else [-1] * n
        self.size = size
        self.count = sum(self.alive)
        """Vertices still in the graph."""
        self.edge = edge
        """Direct adjacency test (a shortcut when the matching is perfect)."""

    def copy(self) -> Matching:
        new = Matching(self.adj, self.alive[:], self.mate[:], self.size, self.edge)
        new.count = self.count
        return new

    def match(self, a: int, b: int) -> None:
        """Record the pair ``a``–``b`` (both must be free)."""
        self.mate[a] = b
        self.mate[b] = a
        self.size += 1

    def remove(self, v: int) -> int:
        """Take ``v`` out of the graph; returns its former partner (now free) or -1."""
        if self.alive[v]:
            self.alive[v] = False
            self.count -= 1
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
        self.size += augment_singles(n, self.adj.__getitem__, mate, alive=alive)
        return self.size

    def augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from the free vertex ``root``
        (:func:`swissbridge.plugins.matching.augment_from`, removed vertices left
        out); applies it and returns True when one exists."""
        if augment_from(root, len(self.adj), self.adj.__getitem__, self.mate, alive=self.alive):
            self.size += 1
            return True
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
        if self.edge is not None and 2 * self.size == self.count:
            # A perfect matching: the two partners left alone may simply be paired.
            u, v = self.mate[a], self.mate[b]
            if self.edge(u, v):
                new = self.copy()
                new.remove(a)
                new.remove(b)
                new.match(u, v)
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
        """Kuhn's augmenting path from ``x`` (depth first, kept on an explicit
        stack); applied to ``owner`` when found."""
        edge = self._edge
        found = _augmenting_path(x, lambda v: (t for t in self.targets if edge(v, t)), owner.get, seen)
        if found is None:
            return False
        for v, t in found:
            owner[t] = v
        return True

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


class PairsAcross:
    """A maximum matching of a bipartite graph given by ``rows`` (each vertex's
    neighbours on the other side), kept maximum while vertices are removed.

    Used for the bound of the colour objective (Lim 5.2): the most disjoint
    allowed pairs of a player due White with a player due Black."""

    __slots__ = ("mate", "rows", "size")

    def __init__(self, rows: dict[int, list[int]], mate: dict[int, int] | None = None, size: int = 0) -> None:
        self.rows = rows
        self.mate = mate if mate is not None else {}
        self.size = size

    def _augment(self, x: int, alive: set[int] | None, seen: set[int]) -> bool:
        """An augmenting path from the free vertex ``x`` (vertices outside
        ``alive`` left out); applied when found."""
        rows, mate = self.rows, self.mate

        def options(v: int) -> Iterator[int]:
            return (y for y in rows[v] if alive is None or y in alive)

        found = _augmenting_path(x, options, mate.get, seen)
        if found is None:
            return False
        for v, y in found:
            mate[v] = y
            mate[y] = v
        return True

    def maximise(self, side: list[int]) -> int:
        """Greedy, then an augmenting search from every free vertex of ``side``."""
        mate = self.mate
        for x in side:
            if x in mate:
                continue
            for y in self.rows[x]:
                if y not in mate:
                    mate[x] = y
                    mate[y] = x
                    self.size += 1
                    break
        for x in side:
            if x not in mate and self._augment(x, None, set()):
                self.size += 1
        return self.size

    def without(self, a: int, b: int, alive: set[int]) -> PairsAcross:
        """The maximum matching once ``a`` and ``b`` are gone (``alive``: the
        vertices left); only their former partners need a search."""
        mate = dict(self.mate)
        size = self.size
        freed: list[int] = []
        for v in (a, b):
            u = mate.pop(v, None)
            if u is None:
                continue
            size -= 1
            mate.pop(u, None)
            if u != a and u != b:
                freed.append(u)
        new = PairsAcross(self.rows, mate, size)
        for u in freed:
            if u not in mate and new._augment(u, alive, set()):
                new.size += 1
        return new


def _augmenting_path(
    root: int,
    options: Callable[[int], Iterator[int]],
    holder: Callable[[int], int | None],
    seen: set[int],
) -> list[tuple[int, int]] | None:
    """An augmenting path of a bipartite matching from the free vertex ``root``:
    each vertex tries its ``options`` in order, a free one ends the path, a held
    one passes the search on to its ``holder`` (Kuhn's depth-first search, on an
    explicit stack so that its depth is not bounded by Python's recursion).
    Returns the new pairs (vertex, option) along the path, or None."""
    stack: list[tuple[int, Iterator[int]]] = [(root, options(root))]
    path: list[int] = []
    while stack:
        rest = stack[-1][1]
        target = next((t for t in rest if t not in seen), None)
        if target is None:
            stack.pop()
            if path:
                path.pop()
            continue
        seen.add(target)
        path.append(target)
        held = holder(target)
        if held is None:
            return [(u, t) for (u, _), t in zip(stack, path, strict=True)]
        stack.append((held, options(held)))
    return None
