"""Standings and tie-breaks of a Double-Swiss (C.04.5 with C.07): a round is a match
of two games (two TRF columns), scored by both; a single forfeited game counts as played
for tie-breaks (not for rating); a match forfeited in both games is an unplayed round;
the PAB (1.5) and requested byes are unplayed rounds (C.07 16). Article 7's wins and
games and Article 10's performances count games; every other tie-break a match as one
round (docs/double-swiss.md, "Standings"). Values worked out by hand below."""

from __future__ import annotations

from fractions import Fraction

import pytest
from swissbridge.errors import InputError
from swissbridge.formats.trf import parse_trf
from swissbridge.publish.standings import crosstable_cells, render_crosstable_json, render_text
from swissbridge.rules.ranking import compute, is_complete, rated_results
from swissbridge.rules.tiebreaks import check_modifiers, parse_tiebreaks, planned_rounds


def _line(no: int, name: str, rating: int, points: float, games: list[str]) -> str:
    head = f"001 {no:4d} m    {name:<33} {rating:4d} ENG {no:11d} 1990/01/01 {points:4.1f} {no:4d}"
    return head + "".join(f"  {g}" for g in games)


# Match 1: 1-2 (1 w 1, = : 1½-½); 3-4 (3 forfeit-wins game 1, loses game 2: 1-1, a
# match regularly played); 5 the PAB. Match 2: 1-5 (5 forfeits both games: a match
# ended by forfeit); 2-3 (0-2); 4 a requested half-point bye (H in both columns).
GAMES = {
    1: ("One", 2400, 3.5, ["   2 w 1", "   2 b =", "   5 b +", "   5 w +"]),
    2: ("Two", 2300, 0.5, ["   1 b 0", "   1 w =", "   3 w 0", "   3 b 0"]),
    3: ("Three", 2200, 3.0, ["   4 w +", "   4 b 0", "   2 b 1", "   2 w 1"]),
    4: ("Four", 2100, 2.0, ["   3 b -", "   3 w 1", "0000 - H", "0000 - H"]),
    5: ("Five", 2000, 1.5, ["0000 - U", "0000 - U", "   1 w -", "   1 b -"]),
}
TRF = "\n".join(
    [
        "012 Double test",
        "142 4",
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.5",
        "192 FIDE_DOUBLESWISS",
        *(_line(n, *row) for n, row in GAMES.items()),
    ]
)
CODES = "BH,SB,WIN,WON,BPG,BWG,REP,STD,PS,KS"


@pytest.fixture(scope="module")
def standings():  # type: ignore[no-untyped-def]
    return compute(parse_trf(TRF), parse_tiebreaks(CODES))


def test_points_count_the_pab_once_and_the_matches_by_their_games(standings) -> None:  # type: ignore[no-untyped-def]
    points = {r.start_no: r.points for r in standings.rows}
    assert points == {1: Fraction(7, 2), 2: Fraction(1, 2), 3: Fraction(3), 4: Fraction(2), 5: Fraction(3, 2)}
    assert [r.start_no for r in standings.rows] == [1, 3, 4, 5, 2]
    assert standings.after_round == 2  # matches, not columns
    assert is_complete(standings)  # 142 4: two matches, both played


def test_buchholz_counts_a_match_as_one_round_and_unplayed_matches_by_c07_16(standings) -> None:  # type: ignore[no-untyped-def]
    bh = {r.start_no: r.values["BH"] for r in standings.rows}
    # 1: #2 (0.5) + the match 5 forfeited: a dummy with 1's score capped by 5's (16.4.1): 1.5
    # 4: #3 (3.0) + the requested bye: a dummy capped by a drawn match a round (16.4.2): 2.0
    # 5: the PAB, a dummy of its own 1.5; the forfeited match, capped by #1's 3.5: 1.5
    assert bh == {1: Fraction(2), 2: Fraction(13, 2), 3: Fraction(5, 2), 4: Fraction(5), 5: Fraction(3)}
    sb = {r.start_no: r.values["SB"] for r in standings.rows}
    assert sb[3] == Fraction(3)  # #4 2.0 x 1 (the forfeited game as played) + #2 0.5 x 2
    assert sb[2] == Fraction(7, 4)  # #1 3.5 x 0.5


def test_wins_and_games_are_counted_per_game(standings) -> None:  # type: ignore[no-untyped-def]
    v = {r.start_no: r.values for r in standings.rows}
    assert [v[n]["WIN"] for n in (1, 2, 3, 4, 5)] == [3, 0, 3, 1, 1]  # 5: the PAB is a won and a drawn game
    assert [v[n]["WON"] for n in (1, 2, 3, 4, 5)] == [1, 0, 3, 1, 0]  # 3's forfeit win counts as played
    assert [v[n]["BPG"] for n in (1, 2, 3, 4, 5)] == [1, 2, 2, 1, 0]  # 4's forfeited game with Black too
    assert [v[n]["BWG"] for n in (1, 2, 3, 4, 5)] == [0, 0, 1, 0, 0]


def test_rounds_elected_standard_points_and_progress_are_per_match(standings) -> None:  # type: ignore[no-untyped-def]
    v = {r.start_no: r.values for r in standings.rows}
    assert [v[n]["REP"] for n in (1, 2, 3, 4, 5)] == [2, 2, 2, 1, 1]
    assert [v[n]["STD"] for n in (1, 2, 3, 4, 5)] == [2, 0, Fraction(3, 2), 1, 1]
    assert v[1]["PS"] == Fraction(3, 2) + Fraction(7, 2)
    # Koya: opponents with half the 4 points two matches give: 3 scored 1.0 against #4 (2.0)
    assert v[3]["KS"] == Fraction(1) and v[2]["KS"] == Fraction(1, 2)


def test_rating_counts_only_the_games_played(standings) -> None:  # type: ignore[no-untyped-def]
    assert [score for _, score in rated_results(standings, 3)] == [0, 1, 1]  # not the forfeited game
    assert len(rated_results(standings, 1)) == 2  # not the match 5 forfeited


def test_crosstable_shows_matches(standings) -> None:  # type: ignore[no-untyped-def]
    cells = {r.start_no: c for r, _, c in crosstable_cells(standings)}
    assert cells[1] == ["5w1.5", "4+"]
    assert cells[3] == ["3w1.0", "5b2.0"]
    assert cells[4] == ["2b1.0", "H"]
    assert cells[5] == ["PAB", "1-"]
    assert "after round 2 (the event is complete)" in render_text(standings)
    assert '"games": [\n      "+",\n      "0"\n     ]' in render_crosstable_json(standings)


def test_after_round_counts_matches() -> None:
    t = parse_trf(TRF)
    first = compute(t, parse_tiebreaks("BH"), 1)
    assert {r.start_no: r.points for r in first.rows}[5] == Fraction(3, 2)
    assert not is_complete(first)
    with pytest.raises(InputError, match="rounds 1-2 only"):
        compute(t, parse_tiebreaks("BH"), 3)
    assert planned_rounds(t) == 2
    with pytest.raises(ValueError, match="2-round event"):
        check_modifiers(parse_tiebreaks("BH/C2"), planned_rounds(t))
