"""The colour objective of the Lim system (C.04.4.3 5.2, reading 9).

Among all compatible pairings of a scoregroup's residents (in a Maxi-tournament,
all that respect 5.7), the one giving the most players their due colour; ties go
to the pairing that comes first in the exchange order of Article 4.

The pairing is found exactly, in polynomial time, by walking the exchange order:
the first player of the list takes the first opponent (4.2/4.3 order) with which
the rest of the group can still reach the optimum, the rest is proposed again and
so on. Every answer to "can the rest still reach it?" carries its proof:

* **yes**: a pairing of the players left that reaches it (a *witness*, kept from
  step to step and changed by exchanging partners along an alternating cycle);
* **no**: an upper bound below it (:func:`colour_bound`: pairs of a player due
  White with one due Black, a bipartite matching of the allowed such pairs, and
  the pairs players without a due colour must form among themselves; and, once a
  maximum-weight matching has been computed, the bound its dual solution gives
  on every subset of the players, :class:`DualBound`);
* otherwise a maximum-weight perfect matching of the players left
  (:func:`swissbridge.plugins.matching.max_weight_matching`, Edmonds' algorithm,
  O(n³)) decides, its weights making the due colours count first and the
  candidate's place in the exchange order second.

The optimum itself is the upper bound when a witness reaches it, else the weight
of that matching.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from swissbridge.plugins.lim.exchange import exchange_order
from swissbridge.plugins.lim.feasibility import PairsAcross
from swissbridge.plugins.matching import DualCertificate, max_weight_matching_certified

Pair = tuple[int, int]

REROUTE_DEPTH = 8
"""How many pairs of the witness an alternating path may pass through when a
witness is looked for (a shortcut only: when none is found, the exact matching
decides)."""

SHORTCUT_MISSES = 5
"""The first witness of the upper bound is looked for until this many alternating
paths in a row were not found (a shortcut only: then the exact matching decides,
so the result never depends on it)."""

WHITE_DUE, BLACK_DUE, NO_DUE = 0, 1, 2
"""The three classes of the bound: due White, due Black, no due colour."""


@dataclass(frozen=True, slots=True)
class ColourOptimum:
    """The pairing 5.2 chooses, in exchange order, and the due colours it gives."""

    pairs: list[Pair]
    given: int
    scrutiny_given: int
    """The due colours the compatibility scrutiny's pairing gives."""


def colour_bound(whites: int, blacks: int, neither: int) -> int:
    """The most players that can receive their due colour when ``whites`` are due
    White, ``blacks`` due Black and ``neither`` have no due colour: a pair with
    different due colours gives two, any other pair at most one, two players
    without a due colour none."""
    d = abs(whites - blacks)
    return 2 * min(whites, blacks) + min(d, neither) + max(0, d - neither) // 2


class _Group:
    """The players of one scoregroup and the 5.2 questions asked about them."""

    def __init__(
        self,
        order: Sequence[int],
        allowed: Callable[[int, int], bool],
        weight: Callable[[int, int], int],
        due_class: Callable[[int], int],
    ) -> None:
        edge = allowed
        known: dict[int, bool] = {}
        size = max(order, default=0) + 1

        def cached(a: int, b: int) -> bool:
            key = a * size + b if a < b else b * size + a
            got = known.get(key)
            if got is None:
                got = known[key] = edge(a, b)
            return got

        self.allowed = allowed = cached
        self.weight = weight
        self.order = list(order)
        self._rows: dict[int, list[int]] = {}
        self.cls = {v: due_class(v) for v in order}
        whites = [v for v in order if self.cls[v] == WHITE_DUE]
        blacks = [v for v in order if self.cls[v] == BLACK_DUE]
        rows: dict[int, list[int]] = {v: [] for v in (*whites, *blacks)}
        for x in whites:
            for y in blacks:
                if allowed(x, y):
                    rows[x].append(y)
                    rows[y].append(x)
        self.across = PairsAcross(rows)
        self.across.maximise(whites if len(whites) <= len(blacks) else blacks)
        self.counts = [len(whites), len(blacks), len(order) - len(whites) - len(blacks)]

    def bound(self, counts: Sequence[int], across: int) -> int:
        """Upper bound on the due colours of a pairing of players with these
        class ``counts`` and at most ``across`` disjoint allowed White/Black pairs:
        one per pair, one more per White/Black pair, one less per pair of two
        players without a due colour (at least the surplus of those players)."""
        n = sum(counts)
        surplus = max(0, 2 * counts[NO_DUE] - n) // 2
        return min(colour_bound(*counts), n // 2 + across - surplus)

    def total(self, mate: dict[int, int]) -> int:
        return sum(self.weight(a, b) for a, b in mate.items() if a < b)

    def improve(self, mate: dict[int, int], goal: int) -> tuple[dict[int, int], int]:
        """``mate`` changed along alternating cycles that give more due colours
        (partners exchanged between two pairs that each give fewer than two, then
        one :meth:`reroute` from each pair giving fewer than two, until
        :data:`SHORTCUT_MISSES` in a row find nothing), stopping at ``goal``; and
        its total. Only a shortcut to a witness of the upper bound:
        when it falls short, the exact matching decides."""
        total = self.total(mate)
        allowed, weight = self.allowed, self.weight
        lossy = [(a, b) for a, b in mate.items() if a < b and weight(a, b) < 2]
        for i, (a, b) in enumerate(lossy):
            if total >= goal or mate.get(a) != b:
                continue
            for x, y in lossy[i + 1 :]:
                if mate.get(x) != y:
                    continue
                base = weight(a, b) + weight(x, y)
                done = False
                for u, v, s, t in ((a, x, b, y), (a, y, b, x)):
                    if allowed(u, v) and allowed(s, t) and weight(u, v) + weight(s, t) > base:
                        total += weight(u, v) + weight(s, t) - base
                        mate[u], mate[v], mate[s], mate[t] = v, u, t, s
                        done = True
                        break
                if done:
                    break
        misses = 0
        if total < goal:
            for a in list(mate):
                partner = mate.get(a)
                if partner is None or a > partner or weight(a, partner) == 2:
                    continue
                better = self.reroute(mate, a, partner, weight(a, partner) + 1, (a, partner))
                if better is None:
                    misses += 1
                    if misses >= SHORTCUT_MISSES:
                        break
                    continue
                misses = 0
                mate = better
                total = self.total(mate)
                if total >= goal:
                    break
        return mate, total

    def reroute(self, mate: dict[int, int], s: int, t: int, need: int, out: tuple[int, ...]) -> dict[int, int] | None:
        """``mate`` with the pairs of ``out`` (which hold ``s`` and ``t``) taken out
        and ``s`` joined to ``t`` by an alternating path (allowed pair, pair of
        ``mate``, allowed pair, …) whose allowed pairs give at least ``need`` due
        colours more than the pairs of ``mate`` it uses; None when the search
        (paths through at most :data:`REROUTE_DEPTH` pairs) finds none. What is
        found is checked, so a result is always a valid pairing."""
        allowed, weight = self.allowed, self.weight
        if allowed(s, t) and weight(s, t) >= need:
            return self._apply(mate, out, [s, t])
        banned = set(out)
        for v in out:
            banned.add(mate[v])
        best: dict[int, int] = {}
        came: dict[int, tuple[int, int]] = {}
        frontier = [s]
        gains = {s: 0}
        for _ in range(REROUTE_DEPTH):
            nxt: list[int] = []
            for u in frontier:
                g = gains[u]
                for v in self.rows(u):
                    x = mate.get(v)
                    if x is None or v in banned or v == t:
                        continue
                    h = g + weight(u, v) - weight(v, x)
                    if h <= best.get(x, -3 * len(mate)):
                        continue
                    path = self._path(came, u, s)
                    if path is None or v in path or x in path:
                        continue
                    best[x] = h
                    came[x] = (u, v)
                    if allowed(x, t) and h + weight(x, t) >= need:
                        full = [*path, v, x, t]
                        if self._gain(full) >= need:
                            return self._apply(mate, out, full)
                    nxt.append(x)
            frontier = nxt
            gains = {x: best[x] for x in nxt}
            if not frontier:
                break
        return None

    def _gain(self, path: list[int]) -> int:
        """Due colours of the new pairs of an alternating path (its 1st–2nd,
        3rd–4th, … players) less those of the pairs it breaks (2nd–3rd, …)."""
        weight = self.weight
        new = sum(weight(path[i], path[i + 1]) for i in range(0, len(path) - 1, 2))
        return new - sum(weight(path[i], path[i + 1]) for i in range(1, len(path) - 1, 2))

    @staticmethod
    def _path(came: dict[int, tuple[int, int]], u: int, s: int) -> list[int] | None:
        """The vertices from ``s`` to ``u`` along ``came`` (None if it loops)."""
        out = [u]
        seen = {u}
        while u != s:
            prev, v = came[u]
            if v in seen or prev in seen:
                return None
            out.extend((v, prev))
            seen.update((v, prev))
            u = prev
        out.reverse()
        return out

    def rows(self, u: int) -> list[int]:
        row = self._rows.get(u)
        if row is None:
            allowed = self.allowed
            row = [v for v in self.order if v != u and allowed(u, v)]
            self._rows[u] = row
        return row

    @staticmethod
    def _apply(mate: dict[int, int], out: tuple[int, ...], path: list[int]) -> dict[int, int]:
        new = dict(mate)
        for v in out:
            new.pop(mate[v], None)
            new.pop(v, None)
        for i in range(0, len(path) - 1, 2):
            a, b = path[i], path[i + 1]
            new[a], new[b] = b, a
        return new

    def exchanged(self, mate: dict[int, int], p: int, c: int) -> dict[int, int] | None:
        """A witness containing ``p``–``c`` as good as ``mate`` (:meth:`reroute`
        from the partner of ``c`` to the partner of ``p``), or None."""
        pp, cc = mate[p], mate[c]
        lost = self.weight(p, pp) + self.weight(c, cc) - self.weight(p, c)
        found = self.reroute(mate, cc, pp, lost, (p, c))
        if found is None:
            return None
        found[p], found[c] = c, p
        return found

    def best_with_first_choice(self, rest: Sequence[int], choices: Sequence[int]) -> tuple[dict[int, int], DualBound]:
        """A maximum-weight perfect matching of ``rest`` (the most due colours
        first, then the earliest of ``choices`` for the first player of ``rest``)
        and the bound its dual solution gives once that player is paired."""
        m = len(rest)
        unit = m + 1  # above every bonus for the first player's choice
        perfect = m + 2  # one more pair outweighs every due-colour and bonus difference
        p = rest[0]
        bonus = {c: unit - 1 - k for k, c in enumerate(choices)}
        edges: list[tuple[int, int, int]] = []
        for i in range(m):
            a = rest[i]
            for j in range(i + 1, m):
                b = rest[j]
                if self.allowed(a, b):
                    w = (perfect + self.weight(a, b)) * unit
                    if a == p:
                        w += bonus[b]
                    edges.append((i, j, w))
        got, certificate = max_weight_matching_certified(m, edges)
        if any(v < 0 for v in got):  # pragma: no cover - the caller holds a perfect matching
            raise AssertionError("no perfect matching of the players left")
        return {rest[i]: rest[j] for i, j in enumerate(got)}, DualBound(rest, certificate, unit, perfect)


class DualBound:
    """The upper bound on the due colours of a pairing of any subset of ``rest``
    (without its first player, whose choices carried a bonus) that the dual
    solution of their maximum-weight perfect matching gives: a matching of
    players ``S`` weighs at most ``certificate.bound(S) / 2``, and every pair
    weighs ``(perfect + due colours) * unit``. Kept for the players still to
    pair as the walk removes them."""

    def __init__(self, rest: Sequence[int], certificate: DualCertificate, unit: int, perfect: int) -> None:
        self.vertex = {v: certificate.vertex[i] for i, v in enumerate(rest)}
        self.sets = [([rest[i] for i in members], z) for members, z in certificate.sets]
        self.member_of: dict[int, list[int]] = {}
        for k, (members, _) in enumerate(self.sets):
            for v in members:
                self.member_of.setdefault(v, []).append(k)
        self.count = [len(members) for members, _ in self.sets]
        self.twice = certificate.bound(range(len(rest)))
        self.size = len(rest)
        self.unit, self.perfect = unit, perfect

    def _change(self, gone: tuple[int, ...]) -> tuple[int, dict[int, int]]:
        twice = self.twice - sum(self.vertex[v] for v in gone)
        counts: dict[int, int] = {}
        for v in gone:
            for k in self.member_of.get(v, ()):
                counts[k] = counts.get(k, self.count[k]) - 1
        for k, c in counts.items():
            twice += 2 * self.sets[k][1] * (c // 2 - self.count[k] // 2)
        return twice, counts

    def without(self, p: int, c: int) -> int:
        """The most due colours a pairing of the players left but ``p`` and ``c`` can give."""
        twice, _ = self._change((p, c))
        return twice // (2 * self.unit) - self.perfect * (self.size - 2) // 2

    def remove(self, p: int, c: int) -> None:
        self.twice, counts = self._change((p, c))
        for k, n in counts.items():
            self.count[k] = n
        self.size -= 2


def most_due_colours(
    order: Sequence[int],
    first: Sequence[Pair],
    allowed: Callable[[int, int], bool],
    weight: Callable[[int, int], int],
    due_class: Callable[[int], int],
) -> ColourOptimum:
    """5.2 for the players ``order`` (in the order of the list being paired),
    ``first`` being the compatibility scrutiny's pairing of them (a pairing of
    allowed pairs). ``allowed`` says which pairs may be formed (2.1, and 5.7 in a
    Maxi-tournament), ``weight`` how many of the two receive their due colour, and
    ``due_class`` the class of each player (:data:`WHITE_DUE`, …)."""
    scrutiny = sum(weight(a, b) for a, b in first)
    if not first:
        return ColourOptimum([], 0, 0)
    group = _Group(order, allowed, weight, due_class)
    cls = group.cls
    counts = list(group.counts)
    across = group.across
    goal = group.bound(counts, across.size)
    if scrutiny >= goal:
        return ColourOptimum(list(first), scrutiny, scrutiny)

    mate: dict[int, int] = {}
    for a, b in first:
        mate[a], mate[b] = b, a
    mate, target = group.improve(mate, goal)
    rest = list(order)
    dual: DualBound | None = None
    if target < goal:
        mate, dual = group.best_with_first_choice(rest, exchange_order(rest))
        target = group.total(mate)
    optimum = target

    pairs: list[Pair] = []
    alive = set(rest)
    while rest:
        p = rest[0]
        choices = exchange_order(rest)
        chosen: int | None = None
        for c in choices:
            if c == mate[p]:
                chosen = c
                break
            if not group.allowed(p, c):
                continue
            gain = weight(p, c)
            left = list(counts)
            left[cls[p]] -= 1
            left[cls[c]] -= 1
            if gain + colour_bound(*left) < target:
                continue
            if dual is not None and gain + dual.without(p, c) < target:
                continue
            witness = group.exchanged(mate, p, c)
            if witness is not None:
                mate, chosen = witness, c
                break
            alive.discard(p)
            alive.discard(c)
            remaining = across.without(p, c, alive)
            alive.update((p, c))
            if gain + group.bound(left, remaining.size) < target:
                continue
            mate, dual = group.best_with_first_choice(rest, choices)
            chosen = mate[p]
            break
        if chosen is None:  # pragma: no cover - the witness pairs p
            raise AssertionError("no opponent reaches the optimum")
        pairs.append((p, chosen))
        target -= weight(p, chosen)
        counts[cls[p]] -= 1
        counts[cls[chosen]] -= 1
        alive.discard(p)
        alive.discard(chosen)
        across = across.without(p, chosen, alive)
        if dual is not None:
            dual.remove(p, chosen)
        del mate[p], mate[chosen]
        rest = [v for v in rest if v != p and v != chosen]
    return ColourOptimum(pairs, optimum, scrutiny)
