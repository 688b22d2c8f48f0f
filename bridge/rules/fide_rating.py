"""The two conversion tables of the FIDE Rating Regulations (Handbook B.02, Article 8)
that the rating-based tie-breaks of C.07 Article 10 use, the performance figures built
on them, and a rated player's rating change for an event (B.02 8.3). Everything is exact
arithmetic on hundredths of a point.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

_DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
"""B.02 8.1.1 (table 8.1.a): the rating difference dp for a fractional score p of 0.50,
0.51, ... 1.00; below 0.50, dp(p) = -dp(1 - p)."""

_PD_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
"""B.02 8.1.2 (table 8.1.b): the largest rating difference D at which the higher-rated
player's scoring probability PD is 0.50, 0.51, ... 0.99; above 735, PD is 1.00."""

MAX_DIFFERENCE = 800
"""C.07 Article 10 and B.02: a rating difference counts as at most 800 points."""


def dp(percent: int) -> int:
    """B.02 8.1.1: the rating difference for a score of ``percent`` hundredths (0-100)."""
    if percent >= 50:
        return _DP_FROM_HALF[percent - 50]
    return -_DP_FROM_HALF[50 - percent]


def probability(difference: int) -> int:
    """B.02 8.1.2 (table 8.1.b): the scoring probability PD, in hundredths, of a player
    rated ``difference`` points above the opponent (below: negative)."""
    higher = 50 + bisect_left(_PD_UPPER, abs(difference))
    return higher if difference >= 0 else 100 - higher


def expected(rating: int, opponent: int) -> int:
    """B.02 8.1.2: a player's scoring probability against ``opponent``, in hundredths
    (the difference counted as at most 800, C.07 10.3)."""
    return probability(max(-MAX_DIFFERENCE, min(MAX_DIFFERENCE, rating - opponent)))


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves away from zero for positive values (as FIDE rounds)."""
    return int((value + Fraction(1, 2)) // 1)


def average_rating(ratings: Sequence[int]) -> int | None:
    """C.07 10.1: the opponents' average rating, rounded to the nearest whole number."""
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def performance(score: Fraction, ratings: Sequence[int]) -> int | None:
    """C.07 10.2, TPR: the opponents' average rating plus dp of the fractional score
    (rounded to hundredths)."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp(round_half_up(score * 100 / len(ratings)))


def perfect_performance(score: Fraction, ratings: Sequence[int]) -> int | None:
    """C.07 10.3, PTP: the lowest rating at which the expected score against these
    opponents reaches the score made (B.02 8.1.2 probabilities); for no point at all the
    lowest opponent's rating less 800."""
    if not ratings:
        return None
    if score == 0:
        return min(ratings) - MAX_DIFFERENCE
    target = score * 100
    low, high = min(ratings) - MAX_DIFFERENCE, max(ratings) + MAX_DIFFERENCE
    if sum(expected(high, r) for r in ratings) < target:
        return high
    while low < high:
        middle = (low + high) // 2
        if sum(expected(middle, r) for r in ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return high


RATING_CHANGE_DIFFERENCE = 400
"""B.02 8.3.1: a rating difference of more than 400 points counts as 400 for players
rated below :data:`TOP_RATING`."""

TOP_RATING = 2650
"""B.02 8.3.1 (from 1 October 2025): for players rated 2650 and above the difference
between the ratings is used in all cases."""

MAX_K_TIMES_GAMES = 700
"""B.02 8.3.3: when K times the player's games in the rating period exceeds 700, K is the
largest whole number for which it does not."""


def game_change(rating: int, opponent: int, score: Fraction) -> Fraction:
    """B.02 8.3.1-8.3.2: ΔR of one game against a rated opponent — the score (1, ½, 0)
    less the probability PD for the rating difference D (:data:`RATING_CHANGE_DIFFERENCE`
    below :data:`TOP_RATING`)."""
    difference = rating - opponent
    if rating < TOP_RATING:
        difference = max(-RATING_CHANGE_DIFFERENCE, min(RATING_CHANGE_DIFFERENCE, difference))
    return score - Fraction(probability(difference), 100)


def development_coefficient(rating: int, *, junior: bool) -> int:
    """B.02 8.3.3: K = 40 for a junior (until the end of the year of the 18th birthday)
    rated under 2300, 10 from 2400, else 20. A player new to the list (K = 40 until 30
    games), one who has been 2400 before, and rapid or blitz (K = 20 for all) are not
    known from a tournament file: the arbiter gives K (``--k``)."""
    if junior and rating < 2300:
        return 40
    return 10 if rating >= 2400 else 20


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated player's rating change for the event (B.02 8.3)."""

    k: int
    """The development coefficient used (after the 700 rule)."""
    games: int
    """Games over the board against rated opponents."""
    expected: Fraction
    """ΣPD: the expected score of those games."""
    score: Fraction
    change: Fraction
    """K × ΣΔR (not rounded: the list's rating sums the period's changes, then rounds)."""


def rating_change(rating: int, games: Sequence[tuple[int, Fraction]], k: int) -> RatingChange:
    """B.02 8.3: ``rating``'s change for ``games`` — (opponent's rating, score) of each
    game over the board against a rated opponent — with development coefficient ``k``,
    lowered by :data:`MAX_K_TIMES_GAMES`."""
    n = len(games)
    if n and k * n > MAX_K_TIMES_GAMES:
        k = MAX_K_TIMES_GAMES // n
    delta = sum((game_change(rating, opponent, score) for opponent, score in games), Fraction(0))
    score = sum((score for _, score in games), Fraction(0))
    return RatingChange(k, n, score - delta, score, delta * k)
