"""Article 4: the order in which candidates are generated, and how the optimiser
reproduces "the first best candidate" (Article 3.8) without generating them.

Two views of the same order live here:

* the literal sequences of Article 4 — :func:`transpositions` (4.2),
  :func:`exchanges` (4.3) and :func:`mdp_sets` (4.4.2) — used by the tests and by
  the explanations;
* tie-break *fields*, packed below every quality criterion in the edge weights, whose
  maximum picks among equally good candidates the one generated first
  (dutch-reference.md §7). Each field is a proof-carrying encoding:

  - :func:`mdp_fields` — 4.4.2 then 4.2 for a heterogeneous bracket: the set of MDPs
    paired is the one with the smallest BSNs (a paired MDP ``i`` is worth
    ``2**(M-1-i)``, more than all later MDPs together), then each paired MDP, in
    rank order, meets the highest-ranked resident still possible (resident ``j``
    of MDP ``i`` is worth ``(R+1)**(M-1-i) * (R-j)``, lexicographic in MDP order);
  - :func:`remainder_fields` — 4.3 then 4.2 for a homogeneous bracket or remainder.
    An exchange is identified by the set of players that are the higher member of
    a pair (the new S1); among equally good candidates the engine takes, in order,
    (a) the fewest players exchanged, (b) the smallest sum of the BSNs moved into S1
    minus those moved out, (c) the highest BSNs moved out of S1, (d) the lowest BSNs
    moved into S1, then (4.2) each new S1 player in rank order takes the
    highest-ranked opponent still possible.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

# -- the literal sequences ---------------------------------------------------------


def transpositions(s2: Sequence[int], n1: int) -> Iterator[tuple[int, ...]]:
    """4.2: the orderings of S2 that matter, i.e. the ordered choices of ``n1`` S2
    players, in lexicographic order of their BSNs (``s2`` sorted ascending)."""
    return itertools.permutations(sorted(s2), n1)


def exchange_key(moved_out: Sequence[int], moved_in: Sequence[int]) -> tuple[object, ...]:
    """4.3.2 order of a resident exchange: (a) fewer BSNs exchanged, (b) smaller
    sum(moved in) - sum(moved out), (c) higher differing BSN moved out of S1,
    (d) lower differing BSN moved into S1."""
    return (
        len(moved_out),
        sum(moved_in) - sum(moved_out),
        tuple(-x for x in sorted(moved_out, reverse=True)),
        tuple(sorted(moved_in)),
    )


def exchanges(s1: Sequence[int], s2: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """4.3: every exchange of equal-sized groups between the original S1 and S2, as
    ``(moved_out_of_s1, moved_into_s1)``, in the order of 4.3.2."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for k in range(1, min(len(s1), len(s2)) + 1):
        for a in itertools.combinations(sorted(s1), k):
            for b in itertools.combinations(sorted(s2), k):
                out.append((a, b))
    out.sort(key=lambda ex: exchange_key(*ex))
    return out


def mdp_sets(mdps: Sequence[int], m1: int) -> Iterator[tuple[int, ...]]:
    """4.4.2: sets of ``m1`` MDPs (by BSN) ordered by their smallest differing BSN;
    only those whose Limbo satisfies [C7] are *valid* (the caller filters)."""
    return itertools.combinations(sorted(mdps), m1)


# -- the same order as tie-break fields ------------------------------------------------

MDP_FIELDS = ("4.4.2 MDP set", "4.2 MDP opponents")
REMAINDER_FIELDS = (
    "4.3 (a) exchanged",
    "4.3 (b) BSN sums",
    "4.3 (c) moved out",
    "4.3 (d) moved in",
    "4.2 transposition",
)


def mdp_bounds(m: int, residents: int) -> tuple[int, int]:
    """Largest values one pair can give to the two :data:`MDP_FIELDS`."""
    return 1 << max(0, m - 1), (residents + 1) ** max(0, m - 1) * max(1, residents)


def mdp_fields(i: int, j: int, m: int, residents: int) -> tuple[int, int]:
    """Tie-break values of the pair (MDP number ``i`` of ``m``, resident number ``j``
    of ``residents``), both counted from 0 in rank order."""
    return 1 << (m - 1 - i), (residents + 1) ** (m - 1 - i) * (residents - j)


def remainder_bounds(p: int, r: int) -> tuple[int, int, int, int, int]:
    """Largest values one pair can give to the :data:`REMAINDER_FIELDS` in a
    remainder of ``r`` players forming ``p`` pairs."""
    return 1, r, 1 << p, 1 << max(0, r - 1), (r + 1) ** max(0, r - 1) * r


def remainder_fields(i: int, j: int, p: int, r: int) -> tuple[int, int, int, int, int]:
    """Tie-break values of the remainder pair (BSN ``i+1``, BSN ``j+1``), ``i < j``,
    where S1 is the first ``p`` players: ``i`` is the higher member, so ``i`` is in
    the new S1 of the exchange that produces this pair."""
    in_s1 = i < p
    return (
        1 if in_s1 else 0,
        r - i,
        (1 << p) - (1 << i) if in_s1 else 1 << p,
        0 if in_s1 else 1 << (r - 1 - i),
        (r + 1) ** (r - 1 - i) * (r - j),
    )
