"""Team standings (issue 26): C.07 Articles 11-13 on hand-worked events, the formats, and
the options refused for team events."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from swissbridge.errors import UsageError
from swissbridge.model import Tournament
from swissbridge.standings import compute_teams, standings_output
from swissbridge.tiebreaks import parse_tiebreaks

from tests.unit.test_team import event

# Four teams of two boards, two rounds (team n: players 2n-1, 2n on boards 1, 2).
#   round 1: T1-T2 1-0, ½-½ (1½-½); T3-T4 1-0, 0-1 (1-1)
#   round 2: T3-T1 ½-½, 0-1 (½-1½); T2-T4 1-0, 0-1 (1-1)
SMALL = {
    1: ["   3 w 1", "   5 b ="],
    2: ["   4 b =", "   6 w 1"],
    3: ["   1 b 0", "   7 w 1"],
    4: ["   2 w =", "   8 b 0"],
    5: ["   7 w 1", "   1 w ="],
    6: ["   8 b 0", "   2 b 0"],
    7: ["   5 b 0", "   3 b 0"],
    8: ["   6 w 1", "   4 w 1"],
}


def small(code: str = "FIDE_TEAM_TYPEA_MP_GP") -> Tournament:
    return event(SMALL, 4, members=2, total=2, code=code)


def values(code: str, tiebreaks: str) -> dict[int, dict[str, object]]:
    s = compute_teams(small(code), parse_tiebreaks(tiebreaks))
    return {r.start_no: {"PTS": r.points, **r.values} for r in s.rows}


def test_match_points_primary_hand_worked() -> None:
    """MP: T1 4, T4 2, T2 1, T3 1; GP: 3, 2, 1½, 1½. BH (8.1 on MP): T2 = T1's 4 + T4's 2.
    SB (9.1, MP x MP): T1 = 1x2 + 1x2. ESB (13.2, opponents' MP x own GP): T2 = 4x½ + 2x1.
    EGGSB: T2 = 3x½ + 2x1. BC (12.1): T3 scored 1½ on board 1, 0 on board 2 (1.5); T2 1 and
    ½ (1x1 + 2x½ = 2): T3 ranks first, lower being better. T2 and T3 never met: EDE 0."""
    v = values("FIDE_TEAM_TYPEA_MP_GP", "MPVGP,EDE,BH,SB,ESB,EGGSB,BC,WIN")
    assert [v[n]["PTS"] for n in (1, 2, 3, 4)] == [4, 1, 1, 2]
    assert [v[n]["MPVGP"] for n in (1, 2, 3, 4)] == [3, Fraction(3, 2), Fraction(3, 2), 2]
    assert v[2]["BH"] == 6 and v[1]["BH"] == 2
    assert v[1]["SB"] == 4 and v[2]["SB"] == 2
    assert v[2]["ESB"] == 4 and v[1]["ESB"] == 3
    assert v[2]["EGGSB"] == Fraction(7, 2) and v[1]["EGGSB"] == Fraction(9, 2)
    assert v[3]["BC"] == Fraction(3, 2) and v[2]["BC"] == 2
    assert v[2]["EDE"] == v[3]["EDE"] == 0
    assert v[1]["WIN"] == 2 and v[4]["WIN"] == 0
    s = compute_teams(small(), parse_tiebreaks("MPVGP,EDE,BH,SB,ESB,EGGSB,BC"))
    assert [r.start_no for r in s.rows] == [1, 4, 3, 2]


def test_game_points_primary() -> None:
    """``…_GP_MP``: the primary score is game points (C.04.6 1.2, C.07 11), every tie-break
    reads it: BH of T2 = T1's 3 + T4's 2 game points; MPVGP is then match points."""
    v = values("FIDE_TEAM_TYPEA_GP_MP", "MPVGP,BH,SB")
    assert v[2]["PTS"] == Fraction(3, 2) and v[2]["MPVGP"] == 1
    assert v[2]["BH"] == 5
    assert v[2]["SB"] == Fraction(7, 2)  # = EGGSB


def test_the_formats() -> None:
    t = small()
    text = standings_output("t.trf", tournament=t, tiebreaks="MPVGP,BH")
    assert "Rank  No  Team" in text and "Team1" in text
    doc = json.loads(standings_output("t.trf", tournament=t, tiebreaks="MPVGP,BH", fmt="json"))
    assert doc["score"] == "MP" and doc["teams"][0] == {
        "team": 1,
        "name": "Team1",
        "rank": 1,
        "points": 4,
        "tiebreaks": {"MPVGP": 3, "BH": 2},
    }
    assert standings_output("t.trf", tournament=t, fmt="csv").startswith("Rank,No,Team,MP,MPVGP,EDE,BH/C1,BH,SB\n")
    assert "<table class=standings>" in standings_output("t.trf", tournament=t, fmt="html")
    cross = standings_output("t.trf", tournament=t, crosstable=True)
    # T1 met T2 with White and T3 with Black, scoring 1½ each time; the default list
    # leaves T2 and T3 tied (they share place 3-4)
    assert cross.splitlines()[3].split()[-2:] == ["3w1.5", "3b1.5"]
    assert "3-4" in cross
    rounds = json.loads(standings_output("t.trf", tournament=t, crosstable=True, fmt="json"))["teams"][0]["rounds"]
    assert rounds[1] == {
        "round": 2,
        "opponent": 3,
        "colour": "b",
        "result": "W",
        "played": True,
        "match_points": 2,
        "game_points": 1.5,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tiebreaks": "ARO"}, "teams have no rating"),
        ({"explain": "#1"}, "--explain is for events of players"),
        ({"fmt": "trf"}, "--format trf is for events of players"),
        ({"category": "women"}, "--category is for events of players"),
    ],
)
def test_what_a_team_event_refuses(options: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        standings_output("t.trf", tournament=small(), **options)  # type: ignore[arg-type]


def test_a_team_tiebreak_is_refused_for_players() -> None:
    from swissbridge.tiebreaks import check_entrants

    with pytest.raises(ValueError, match="is for team events"):
        check_entrants(parse_tiebreaks("EDE"), teams=False)
