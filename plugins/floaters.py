"""The score profiles of a set of floaters, which three systems' criteria compare: the
scores of ``count`` players drawn from a group, as a multiset (a tuple in descending
order), and the two orders the texts put them in:

* upfloaters, best first: "the scores, taken in ascending order, compared
  lexicographically, the higher the better" (the Dubov system's [C6], C.04.4.1 2.3.2;
  the team Swiss's and the Double-Swiss's [C5], C.04.6 and C.04.5 2.3.1):
  :func:`upfloater_profiles`;
* downfloaters, best first: the lower, compared from the highest score down (the
  Burstein system's [C6], C.04.4.2 2.3.2): :func:`downfloater_profiles`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from swissbridge.model import Points

__all__ = ["downfloater_profiles", "score_profiles", "upfloater_profiles"]


def score_profiles(scores: Iterable[Points], count: int) -> list[tuple[Points, ...]]:
    """Every score profile ``count`` players drawn from players of ``scores`` (one score
    a player) can have, each as a tuple in descending order; none when fewer players."""
    available = Counter(scores)
    levels = sorted(available, reverse=True)
    profiles: list[tuple[Points, ...]] = []

    def build(i: int, left: int, chosen: tuple[Points, ...]) -> None:
        if left == 0:
            profiles.append(chosen)
            return
        if i == len(levels):
            return
        for k in range(min(left, available[levels[i]]), -1, -1):
            build(i + 1, left - k, chosen + (levels[i],) * k)

    build(0, count, ())
    return profiles


def upfloater_profiles(scores: Iterable[Points], count: int) -> list[tuple[Points, ...]]:
    """The score profiles of ``count`` upfloaters, best first: the scores, taken in
    ascending order, compared lexicographically, the higher the better."""
    return sorted(score_profiles(scores, count), key=sorted, reverse=True)


def downfloater_profiles(scores: Iterable[Points], count: int) -> list[tuple[Points, ...]]:
    """The score profiles of ``count`` downfloaters, best first: the lower, compared
    from the highest score down."""
    return sorted(score_profiles(scores, count))
