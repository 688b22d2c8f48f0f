"""General graph matchings shared by every pairing system (and the explanations),
behind a small interface so that a faster matcher can replace these without touching
any pairing rule. Nothing here knows about chess: vertices are ``0..n-1``.

* :func:`max_weight_matching` (and :func:`max_weight_matching_certified`, with
  the optimal dual solution that bounds every matching of any vertex subset) —
  a maximum-weight matching of a general graph with
  non-negative integer weights of any size (Edmonds' blossom algorithm in its
  primal-dual form, O(n³)). The Dutch pairing packs every criterion into one integer
  edge weight (see :mod:`swissbridge.plugins.dutch.weights`), so the one optimum of
  the weighted problem *is* the best candidate of Article 3.
* :func:`max_cardinality_matching` — a maximum matching by augmenting paths with
  blossom shrinking, optionally started from a given matching; this is the
  completability oracle of Dutch [C4]/[C5] and of the explanations.
* :func:`augment_singles` — augmenting paths from every single vertex in turn, a
  failed search's Hungarian tree cut out (the loop of :func:`max_cardinality_matching`
  and of Lim's feasibility).
* :func:`augment_from` — one augmenting-path search from a single vertex, for
  callers that keep a matching maximum while vertices are removed (Lim 3.6, 4.4).
* :func:`missable_vertices` — the vertices some maximum matching leaves single.
* :func:`match_greedily` — a greedy start for :func:`max_cardinality_matching` from
  a first-single-neighbour oracle (no neighbour list needed).

All return or update ``mate``: ``mate[v]`` is the vertex matched with ``v`` or ``-1``.

Why one module of this size: the weighted and the cardinality matchers share the blossom
bookkeeping; it is kept together so that a faster matcher replaces one module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

WeightedMatcher = Callable[[int, Sequence[tuple[int, int, int]]], list[int]]
"""Anything that maximises the total weight of a matching: ``(n, edges)`` → the mate of each vertex."""


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """A matching of maximum total weight (not necessarily of maximum size).

    ``edges`` are ``(u, v, weight)`` with ``0 <= u, v < n``, ``u != v`` and an
    integer ``weight > 0``; at most one edge per pair. Exact for integers of any
    size. The dual variables are kept doubled so that they stay integral.
    """
    return _Blossom(n, edges).solve()


@dataclass(frozen=True, slots=True)
class DualCertificate:
    """The optimal dual solution a maximum-weight matching ends with, doubled so
    that it stays integral: ``vertex[v]`` (twice the vertex variable, >= 0) and the
    odd vertex ``sets`` (blossoms) with their variable (> 0). Every edge
    ``(i, j, w)`` has ``vertex[i] + vertex[j] + 2 * (sum of the variables of the
    sets holding both) >= 2 * w``, so a matching of any set of vertices ``S``
    weighs at most ``bound(S) / 2``; for all the vertices that is the optimum."""

    vertex: list[int]
    sets: list[tuple[list[int], int]]

    def bound(self, vertices: Collection[int]) -> int:
        """Twice an upper bound on the weight of a matching of ``vertices``."""
        inside = set(vertices)
        total = sum(self.vertex[v] for v in inside)
        for members, z in self.sets:
            total += 2 * z * (sum(1 for v in members if v in inside) // 2)
        return total


def max_weight_matching_certified(n: int, edges: Sequence[tuple[int, int, int]]) -> tuple[list[int], DualCertificate]:
    """:func:`max_weight_matching` and the dual solution that proves it optimal."""
    solver = _Blossom(n, edges)
    mate = solver.solve()
    return mate, solver.certificate()


class _Blossom:
    """State of one run of the primal-dual blossom algorithm.

    Vertices are ``0..n-1``; blossoms get ids ``n..2n-1``. An edge ``k`` has two
    ends, ``2k`` (at ``ends[2k]``) and ``2k+1``; ``e ^ 1`` is the other end.
    ``mate[v]`` is the end *opposite* ``v`` of its matched edge (its partner is
    ``ends[mate[v]]``), ``-1`` when single.
    """

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]) -> None:
        self.n = n
        ends: list[int] = []
        weight: list[int] = []
        adj: list[list[int]] = [[] for _ in range(n)]
        for k, (u, v, w) in enumerate(edges):
            ends.append(u)
            ends.append(v)
            weight.append(w)
            adj[u].append(2 * k + 1)
            adj[v].append(2 * k)
        self.ends = ends
        self.weight = weight
        self.adj = adj
        top = max(weight, default=0)
        size = 2 * n
        self.mate = [-1] * n
        self.label = [0] * size  # 0 free, 1 outer (S), 2 inner (T); 5 marks a scan
        self.label_end = [-1] * size  # end through which the label was reached
        self.top_of = list(range(n))  # outermost blossom containing each vertex
        self.parent = [-1] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.child_ends: list[list[int]] = [[] for _ in range(size)]
        self.base = list(range(n)) + [-1] * n
        self.best = [-1] * size  # least-slack edge to an outer blossom
        self.best_list: list[list[int] | None] = [None] * size
        self.free_ids = list(range(size - 1, n - 1, -1))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(weight)
        self.queue: list[int] = []

    def certificate(self) -> DualCertificate:
        """The dual solution once :meth:`solve` has run."""
        n = self.n
        sets = [(self.leaves(b), self.dual[b]) for b in range(n, 2 * n) if self.base[b] >= 0 and self.dual[b] > 0]
        return DualCertificate(self.dual[:n], sets)

    # -- helpers -----------------------------------------------------------
    def slack(self, k: int) -> int:
        return self.dual[self.ends[2 * k]] + self.dual[self.ends[2 * k + 1]] - 2 * self.weight[k]

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        n = self.n
        children = self.children
        while stack:
            x = stack.pop()
            for c in children[x]:
                if c < n:
                    out.append(c)
                else:
                    stack.append(c)
        return out

    def assign(self, w: int, t: int, e: int) -> None:
        """Label the blossom of ``w`` with ``t`` reached through end ``e``."""
        while True:
            b = self.top_of[w]
            self.label[w] = self.label[b] = t
            self.label_end[w] = self.label_end[b] = e
            self.best[w] = self.best[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            # an inner blossom: its base's partner becomes outer
            m = self.mate[self.base[b]]
            w, t, e = self.ends[m], 1, m ^ 1

    def scan(self, v: int, w: int) -> int:
        """Walk up from ``v`` and ``w``: the base of a new blossom, or -1 when the
        two walks reach different roots (an augmenting path)."""
        path: list[int] = []
        found = -1
        label = self.label
        while v != -1 or w != -1:
            b = self.top_of[v]
            if label[b] & 4:
                found = self.base[b]
                break
            path.append(b)
            label[b] = 5
            if self.label_end[b] == -1:
                v = -1
            else:
                v = self.ends[self.label_end[b]]
                b = self.top_of[v]
                v = self.ends[self.label_end[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return found

    def shrink(self, base: int, k: int) -> None:
        """Make a blossom of the odd cycle closed by edge ``k`` through ``base``."""
        ends = self.ends
        top_of = self.top_of
        v, w = ends[2 * k], ends[2 * k + 1]
        bb, bv, bw = top_of[base], top_of[v], top_of[w]
        b = self.free_ids.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        pends: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            pends.append(self.label_end[bv])
            bv = top_of[ends[self.label_end[bv]]]
        path.append(bb)
        path.reverse()
        pends.reverse()
        pends.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            pends.append(self.label_end[bw] ^ 1)
            bw = top_of[ends[self.label_end[bw]]]
        self.children[b] = path
        self.child_ends[b] = pends
        self.label[b] = 1
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[top_of[x]] == 2:
                self.queue.append(x)
            top_of[x] = b
        # least-slack edges from the new blossom to each other outer blossom
        best_to: dict[int, int] = {}
        slack = self.slack
        for c in path:
            lists: list[list[int]]
            cached = self.best_list[c]
            lists = [[e >> 1 for e in self.adj[x]] for x in self.leaves(c)] if cached is None else [cached]
            for lst in lists:
                for kk in lst:
                    i, j = ends[2 * kk], ends[2 * kk + 1]
                    if top_of[j] == b:
                        i, j = j, i
                    bj = top_of[j]
                    if bj != b and self.label[bj] == 1:
                        cur = best_to.get(bj, -1)
                        if cur == -1 or slack(kk) < slack(cur):
                            best_to[bj] = kk
            self.best_list[c] = None
            self.best[c] = -1
        self.best_list[b] = list(best_to.values())
        bestk = -1
        for kk in self.best_list[b] or ():
            if bestk == -1 or slack(kk) < slack(bestk):
                bestk = kk
        self.best[b] = bestk

    def expand(self, b: int, end_of_stage: bool) -> None:
        """Dissolve blossom ``b`` into its sub-blossoms."""
        n = self.n
        for c in self.children[b]:
            self.parent[c] = -1
            if c < n:
                self.top_of[c] = c
            elif end_of_stage and self.dual[c] == 0:
                self.expand(c, end_of_stage)
            else:
                for x in self.leaves(c):
                    self.top_of[x] = c
        if not end_of_stage and self.label[b] == 2:
            self._relabel_inner(b)
        self.label[b] = self.label_end[b] = -1
        self.children[b] = []
        self.child_ends[b] = []
        self.base[b] = -1
        self.best_list[b] = None
        self.best[b] = -1
        self.free_ids.append(b)

    def _relabel_inner(self, b: int) -> None:
        """An inner blossom dissolved mid-stage: relabel the path through it from
        the end where it was entered to its base, keep the rest free."""
        ends = self.ends
        kids = self.children[b]
        kends = self.child_ends[b]
        entry = self.top_of[ends[self.label_end[b] ^ 1]]
        j = kids.index(entry)
        if j & 1:
            j -= len(kids)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        e = self.label_end[b]
        while j != 0:
            self.label[ends[e ^ 1]] = 0
            self.label[ends[kends[j - trick] ^ trick ^ 1]] = 0
            self.assign(ends[e ^ 1], 2, e)
            self.allowed[kends[j - trick] >> 1] = True
            j += step
            e = kends[j - trick] ^ trick
            self.allowed[e >> 1] = True
            j += step
        c = kids[j]
        self.label[ends[e ^ 1]] = self.label[c] = 2
        self.label_end[ends[e ^ 1]] = self.label_end[c] = e
        self.best[c] = -1
        j += step
        while kids[j] != entry:
            c = kids[j]
            if self.label[c] == 1:
                j += step
                continue
            reached = -1
            for x in self.leaves(c):
                if self.label[x] != 0:
                    reached = x
                    break
            if reached != -1:
                self.label[reached] = 0
                self.label[ends[self.mate[self.base[c]]]] = 0
                self.assign(reached, 2, self.label_end[reached])
            j += step

    def flip(self, b: int, v: int) -> None:
        """Rotate blossom ``b`` so that vertex ``v`` becomes its base, swapping the
        matched and unmatched edges on the even path from ``v`` to the old base."""
        ends = self.ends
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.flip(t, v)
        kids = self.children[b]
        kends = self.child_ends[b]
        i = j = kids.index(t)
        if i & 1:
            j -= len(kids)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = kids[j]
            e = kends[j - trick] ^ trick
            if t >= self.n:
                self.flip(t, ends[e])
            j += step
            t = kids[j]
            if t >= self.n:
                self.flip(t, ends[e ^ 1])
            self.mate[ends[e]] = e ^ 1
            self.mate[ends[e ^ 1]] = e
        self.children[b] = kids[i:] + kids[:i]
        self.child_ends[b] = kends[i:] + kends[:i]
        self.base[b] = self.base[kids[i]]

    def augment(self, k: int) -> None:
        """Augment along the path through edge ``k`` between two outer trees."""
        ends = self.ends
        for s, e in ((ends[2 * k], 2 * k + 1), (ends[2 * k + 1], 2 * k)):
            while True:
                bs = self.top_of[s]
                if bs >= self.n:
                    self.flip(bs, s)
                self.mate[s] = e
                if self.label_end[bs] == -1:
                    break
                t = ends[self.label_end[bs]]
                bt = self.top_of[t]
                s = ends[self.label_end[bt]]
                j = ends[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.flip(bt, j)
                self.mate[j] = self.label_end[bt]
                e = self.label_end[bt] ^ 1

    # -- main loop ---------------------------------------------------------
    def solve(self) -> list[int]:
        n = self.n
        if not self.weight:
            return [-1] * n
        ends = self.ends
        eu = ends[0::2]
        ev = ends[1::2]
        w2 = [2 * w for w in self.weight]
        m = len(w2)
        label = self.label
        top_of = self.top_of
        dual = self.dual
        best = self.best
        parent = self.parent
        base_of = self.base
        adj = self.adj
        label_end = self.label_end
        size = 2 * n
        for _stage in range(n):
            label[:] = [0] * size
            best[:] = [-1] * size
            self.best_list[n:] = [None] * n
            allowed = self.allowed = [False] * m
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and label[top_of[v]] == 0:
                    self.assign(v, 1, -1)
            augmented = False
            while True:
                queue = self.queue
                while queue and not augmented:
                    v = queue.pop()
                    bv = top_of[v]
                    dv = dual[v]
                    for e in adj[v]:
                        k = e >> 1
                        w = ends[e]
                        bw = top_of[w]
                        if bv == bw:
                            continue
                        ks = 0
                        if not allowed[k]:
                            ks = dv + dual[w] - w2[k]
                            if ks <= 0:
                                allowed[k] = True
                        if allowed[k]:
                            lw = label[bw]
                            if lw == 0:
                                self.assign(w, 2, e ^ 1)
                            elif lw == 1:
                                base = self.scan(v, w)
                                if base >= 0:
                                    self.shrink(base, k)
                                    bv = top_of[v]
                                else:
                                    self.augment(k)
                                    augmented = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                label_end[w] = e ^ 1
                        elif label[bw] == 1:
                            bk = best[bv]
                            if bk == -1 or ks < dual[eu[bk]] + dual[ev[bk]] - w2[bk]:
                                best[bv] = k
                        elif label[w] == 0:
                            bk = best[w]
                            if bk == -1 or ks < dual[eu[bk]] + dual[ev[bk]] - w2[bk]:
                                best[w] = k
                if augmented:
                    break
                # no tight edge left to grow with: change the duals
                kind = 1
                delta = min(dual[:n])
                pick = -1
                for v in range(n):
                    bk = best[v]
                    if bk != -1 and label[top_of[v]] == 0:
                        d = dual[eu[bk]] + dual[ev[bk]] - w2[bk]
                        if d < delta:
                            delta, kind, pick = d, 2, bk
                tops = [b for b in range(size) if parent[b] == -1 and (b < n or base_of[b] >= 0)]
                for b in tops:
                    bk = best[b]
                    if bk != -1 and label[b] == 1:
                        d = (dual[eu[bk]] + dual[ev[bk]] - w2[bk]) // 2
                        if d < delta:
                            delta, kind, pick = d, 3, bk
                for b in tops:
                    if b >= n and label[b] == 2 and dual[b] < delta:
                        delta, kind, pick = dual[b], 4, b
                if delta:
                    for v in range(n):
                        lv = label[top_of[v]]
                        if lv == 1:
                            dual[v] -= delta
                        elif lv == 2:
                            dual[v] += delta
                    for b in tops:
                        if b >= n:
                            if label[b] == 1:
                                dual[b] += delta
                            elif label[b] == 2:
                                dual[b] -= delta
                if kind == 1:
                    break
                if kind == 2:
                    allowed[pick] = True
                    i, j = eu[pick], ev[pick]
                    if label[top_of[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif kind == 3:
                    allowed[pick] = True
                    self.queue.append(eu[pick])
                else:
                    self.expand(pick, False)
            if not augmented:
                break
            for b in range(n, size):
                if parent[b] == -1 and base_of[b] >= 0 and label[b] == 1 and dual[b] == 0:
                    self.expand(b, True)
        return [ends[x] if x >= 0 else -1 for x in self.mate]


# --------------------------------------------------------------------------
# Maximum cardinality matching (completability oracle)
# --------------------------------------------------------------------------


def max_cardinality_matching(
    n: int,
    neighbours: Callable[[int], Sequence[int]] | Sequence[Sequence[int]],
    initial: Sequence[int] | None = None,
    *,
    first_single: Callable[[int, list[int]], int] | None = None,
) -> list[int]:
    """A maximum matching of the graph on ``0..n-1``; ``neighbours[v]`` (or
    ``neighbours(v)``) lists the vertices adjacent to ``v``. ``initial`` is a valid
    matching to start from (``-1`` for single vertices).

    ``first_single(v, mate)``, when given, is the first ``w`` of ``neighbours(v)``
    with ``mate[w] == -1`` (or -1), found without listing ``neighbours(v)``; the
    matching returned is the same, only cheaper on dense graphs. Why:
    :func:`augment_from` scans the root's own list first (its queue starts with the
    root), and while doing so changes only its private tree (parents, bases): a
    matched neighbour grows the tree, a single one ends the search with the path
    root–neighbour. So from a root with a single neighbour it matches the root with
    the first such neighbour of its list and nothing else."""
    nb = _neighbour_function(neighbours)
    mate = list(initial) if initial is not None else [-1] * n
    if initial is None:
        # greedy start: fewest-neighbour vertices first
        order = sorted(range(n), key=lambda v: len(nb(v)))
        for v in order:
            if mate[v] == -1:
                for w in nb(v):
                    if mate[w] == -1 and w != v:
                        mate[v] = w
                        mate[w] = v
                        break
    augment_singles(n, nb, mate, first_single=first_single)
    return mate


def augment_singles(
    n: int,
    nb: Callable[[int], Sequence[int]],
    mate: list[int],
    *,
    alive: Sequence[bool] | None = None,
    first_single: Callable[[int, list[int]], int] | None = None,
) -> int:
    """Make ``mate`` a maximum matching of the graph (vertices ``v`` with ``alive[v]``
    false left out): an augmenting-path search (:func:`augment_from`) from every
    single vertex in turn, ``0, 1, ...``, or its first single neighbour when
    ``first_single`` finds one (see :func:`max_cardinality_matching`). Returns the
    number of pairs added.

    A search that fails leaves a Hungarian tree (Edmonds): its inner vertices are
    matched into the odd components its outer vertices form, and no edge from an
    outer vertex leaves it. Every later matching keeps that tree as it is (an
    augmenting path through it would leave one more of those components single than
    there are inner vertices to match them), so no later search needs its vertices
    and they leave the graph: a field where many players cannot be paired costs one
    search over the graph, not one per player left over (issue 36: 3 000 players,
    2 000 of them in one forbidden group). Nor is the root of a failed search ever
    matched later: an augmenting path joins two single vertices that may still be
    matched, and with one left there is none (proving it would search the whole
    graph from it, on a dense group O(n²))."""
    cut: list[bool] | None = None  # alive, less the Hungarian trees cut out
    singles = sum(1 for v in range(n) if mate[v] == -1 and (alive is None or alive[v]))
    added = 0
    for root in range(n):
        if singles < 2:
            break
        live = alive if cut is None else cut
        if mate[root] != -1 or (live is not None and not live[root]):
            continue
        w = first_single(root, mate) if first_single is not None else -1
        tree: list[int] = []
        if w != -1:
            mate[root] = w
            mate[w] = root
        elif not augment_from(root, n, nb, mate, alive=live, tree=tree):
            if cut is None:
                cut = [True] * n if alive is None else list(alive)
            for v in tree:
                cut[v] = False
            singles -= 1
            continue
        singles -= 2
        added += 1
    return added


def missable_vertices(
    n: int,
    neighbours: Callable[[int], Sequence[int]] | Sequence[Sequence[int]],
    maximum: list[int] | None = None,
) -> tuple[list[int], set[int]]:
    """A maximum matching of the graph and the vertices some maximum matching leaves
    single (the set D of the Gallai–Edmonds decomposition): those reached by an even
    alternating path from a single vertex. ``maximum``, when given, is a maximum
    matching to use (D is the same from every one)."""
    nb = _neighbour_function(neighbours)
    mate = max_cardinality_matching(n, nb) if maximum is None else maximum
    even: set[int] = set()
    for root in range(n):
        if mate[root] == -1:
            reached: list[int] = []
            augment_from(root, n, nb, mate, reached=reached)
            even.update(reached)
    return mate, even


def match_greedily(mate: list[int], first_single: Callable[[int, list[int]], int]) -> None:
    """Match each single vertex in turn (``0, 1, ...``) with ``first_single(v, mate)``,
    the first single vertex of its list (or leave it single on -1)."""
    for v in range(len(mate)):
        if mate[v] == -1:
            w = first_single(v, mate)
            if w != -1:
                mate[v] = w
                mate[w] = v


def augment_from(
    root: int,
    n: int,
    nb: Callable[[int], Sequence[int]],
    mate: list[int],
    *,
    alive: Sequence[bool] | None = None,
    reached: list[int] | None = None,
    tree: list[int] | None = None,
) -> bool:
    """Search an augmenting path from the single vertex ``root`` (Edmonds: grow an
    alternating tree, shrink odd cycles into their base) and apply it to ``mate``;
    True when one was found. Vertices ``v`` with ``alive[v]`` false are left out of
    the graph. When there is no path and ``reached`` is given, it receives the even
    (outer) vertices of the tree; ``tree``, all of its vertices (outer and inner).

    The base of each vertex's blossom is kept as a union-find forest (``up``):
    shrinking a cycle links the bases on it to the new base, so it costs the
    cycle's length, not a pass over all ``n`` vertices (on a dense graph the root's
    own list closes a cycle at almost every pair of partners). The vertices a
    shrink makes outer are the inner ones on the cycle (every vertex already in a
    blossom is outer, and a vertex outside one is its own base); they are queued in
    vertex order, as a pass over all vertices would queue them."""
    parent = [-1] * n
    up = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]
    head = 0

    def base(v: int) -> int:
        top = v
        while up[top] != top:
            top = up[top]
        while up[v] != top:
            up[v], v = top, up[v]
        return top

    def lca(a: int, b: int) -> int:
        seen: set[int] = set()
        while True:
            a = base(a)
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base(b)
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base(v) != b:
            blossom.add(base(v))
            blossom.add(base(mate[v]))
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while head < len(queue):
        v = queue[head]
        head += 1
        bv = base(v)  # changes only when a cycle is shrunk
        mv = mate[v]
        for to in nb(v):
            if to == v or mv == to or (alive is not None and not alive[to]):
                continue
            bt = up[to]  # base(to), inline while the forest is this shallow
            if up[bt] != bt:
                bt = base(to)
            if bv == bt:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom: set[int] = set()
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for b in blossom:
                    up[b] = cur
                for i in sorted(b for b in blossom if not used[b]):
                    used[i] = True
                    queue.append(i)
                bv = base(v)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    # augment along the path
                    u = to
                    while u != -1:
                        pv = parent[u]
                        nxt = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = nxt
                    return True
                m = mate[to]
                used[m] = True
                queue.append(m)
    if reached is not None:
        reached.extend(i for i in range(n) if used[i])
    if tree is not None:
        tree.extend(i for i in range(n) if used[i] or parent[i] != -1)
    return False


def _neighbour_function(
    neighbours: Callable[[int], Sequence[int]] | Sequence[Sequence[int]],
) -> Callable[[int], Sequence[int]]:
    """The neighbours of a vertex, given as a function or as a table of lists."""
    if callable(neighbours):
        return neighbours
    table = neighbours

    def nb(v: int) -> Sequence[int]:
        return table[v]

    return nb
