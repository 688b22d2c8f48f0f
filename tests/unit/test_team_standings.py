"""Team standings (issue 26): C.07 Articles 11-13 on hand-worked events, the formats, and
the options refused for team events."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from swissbridge.commands.standings import standings_output
from swissbridge.errors import UsageError
from swissbridge.model import Tournament
from swissbridge.rules.ranking import compute_teams
from swissbridge.rules.tiebreaks import parse_tiebreaks

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
    from swissbridge.rules.tiebreaks import check_entrants

    with pytest.raises(ValueError, match="is for team events"):
        check_entrants(parse_tiebreaks("EDE"), teams=False)


# -- FIDE's exercises (C.07 2023, "Exercises in tie-breaking", IA Mario Held, part two) -----------

# The Swiss team tournament of the exercises: 14 teams of 4, 7 rounds, 2-1-0 match points,
# each match as (White team, Black team, White's game points); the round-6 match 6-1 was
# forfeited on every board (1 won), round 5 had the PAB (12) and a half-point bye (14),
# round 7 a zero-point bye (7) and the PAB (14).
MATCHES = [
    [(1, 8, 2.5), (9, 2, 1), (3, 10, 2.5), (11, 4, 1), (5, 12, 4), (6, 13, 2), (7, 14, 2)],
    [(4, 1, 2.5), (2, 3, 4), (6, 5, 1), (8, 7, 2), (12, 9, 0), (10, 11, 1.5), (14, 13, 1.5)],
    [(1, 7, 3), (5, 2, 4), (3, 9, 3), (13, 4, 1), (8, 6, 1), (12, 10, 1.5), (11, 14, 2)],
    [(2, 1, 1.5), (6, 3, 1.5), (4, 5, 3.5), (7, 10, 2.5), (12, 8, 0.5), (9, 14, 3), (13, 11, 2.5)],
    [(1, 5, 1.5), (2, 13, 3), (3, 4, 3), (11, 6, 1.5), (9, 7, 2), (10, 8, 2)],
    [(6, 1, -1), (4, 2, 1.5), (5, 3, 0.5), (13, 7, 2), (8, 9, 2), (14, 10, 1), (11, 12, 2)],
    [(3, 1, 1.5), (10, 2, 1), (9, 4, 1.5), (13, 5, 0.5), (6, 12, 2.5), (8, 11, 3)],
]
BYES = {5: {12: "U", 14: "H"}, 7: {7: "Z", 14: "U"}}


def exercise_event(code: str = "FIDE_TEAM_TYPEA_MP_GP") -> Tournament:
    """The exercises' event as TRF-2026, started in 2024 (the August 2024 edition of C.07,
    the one the published answers follow). A match's board results give White's game
    points board by board from board 1 (2½: 1, 1, ½, 0); the White team has White on
    boards 1 and 3."""
    from swissbridge.formats.trf import parse_trf

    blocks: dict[int, list[str]] = {n: [] for n in range(1, 57)}
    for r, matches in enumerate(MATCHES, 1):
        for white, black, points in matches:
            left = points
            for board in range(4):
                w, b = 4 * (white - 1) + board + 1, 4 * (black - 1) + board + 1
                if points < 0:  # forfeited: the Black team won every board
                    ours, theirs = "-", "+"
                else:
                    score = 1 if left >= 1 else 0.5 if left == 0.5 else 0
                    left -= score
                    ours, theirs = {1: ("1", "0"), 0.5: ("=", "="), 0: ("0", "1")}[score]
                first, second = (w, b) if board % 2 == 0 else (b, w)
                blocks[first].append(f"{second:>4} w {ours if first == w else theirs}")
                blocks[second].append(f"{first:>4} b {theirs if first == w else ours}")
        for team, letter in BYES.get(r, {}).items():
            for board in range(4):
                blocks[4 * (team - 1) + board + 1].append(f"0000 - {letter}")
    lines = ["012 Exercises", "042 2024/05/01", "142 7", f"192 {code}"]
    for n in range(1, 57):
        lines.append(f"001 {n:>4}      {'P' + str(n):<34}2000{'':29}0.0 {n:>4}" + "".join(f"  {b}" for b in blocks[n]))
    for t in range(1, 15):
        members = "".join(f" {m:>4}" for m in range(4 * t - 3, 4 * t + 1))
        lines.append(f"310 {t:<3} {'Team ' + str(t):<32}{'':32}{members}")
    return parse_trf("\n".join(lines) + "\n")


def exercise_values(tiebreaks: str, code: str = "FIDE_TEAM_TYPEA_MP_GP") -> dict[int, dict[str, object]]:
    s = compute_teams(exercise_event(code), parse_tiebreaks(tiebreaks))
    return {r.start_no: {"PTS": r.points, "rank": r.rank, **r.values} for r in s.rows}


def test_the_exercise_scores_and_mpvgp() -> None:
    """Exercise 34: match points, then game points (MPvGP); the crosstable's totals."""
    v = exercise_values("MPVGP,TPN")
    assert [v[n]["PTS"] for n in range(1, 15)] == [10, 10, 10, 10, 10, 7, 6, 7, 6, 5, 4, 2, 6, 4]
    game_points = [17.5, 17, 16, 17, 18, 12.5, 11.5, 15, 14.5, 13, 11.5, 7.5, 11.5, 11.5]
    assert [v[n]["MPVGP"] for n in range(1, 15)] == game_points
    order = sorted(v, key=lambda n: int(str(v[n]["rank"])))
    assert order == [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]


def test_the_exercise_buchholz() -> None:
    """Exercises 35-36: Buchholz and Buchholz Cut-1 on match points (team 1's forfeit win
    of round 6 counts its own 10 match points: the 2024 edition's dummy opponent, 16.4)."""
    v = exercise_values("BH,BH/C1")
    bh = [64, 57, 58, 56, 55, 46, 44, 41, 50, 44, 41, 41, 52, 36]
    c1 = [57, 52, 53, 52, 53, 39, 38, 39, 48, 42, 39, 39, 48, 32]
    assert [v[n]["BH"] for n in range(1, 15)] == bh
    assert [v[n]["BH/C1"] for n in range(1, 15)] == c1


def test_the_exercise_buchholz_on_game_points() -> None:
    """Exercise 37: with game points primary, Buchholz sums the opponents' game points."""
    v = exercise_values("BH", "FIDE_TEAM_TYPEA_GP_MP")
    bh = [114, 107.5, 109.5, 106, 99, 92, 94.5, 90, 97.5, 92, 88, 92, 101, 87]
    assert [v[n]["BH"] for n in range(1, 15)] == bh


def test_the_exercise_extended_sonneborn_berger() -> None:
    """Exercises 38-41: EMMSB (and Cut-1), EGMSB for the teams on 10 match points, EMGSB
    for those on 6, EGGSB for those on 7."""
    v = exercise_values("EMMSB,EMMSB/C1,EGMSB,EMGSB,EGGSB")
    assert [v[n]["EMMSB"] for n in (1, 2, 3, 4, 5)] == [88, 74, 76, 72, 70]
    assert [v[n]["EMMSB/C1"] for n in (1, 2, 3, 4, 5)] == [74, 64, 66, 64, 66]
    assert [v[n]["EGMSB"] for n in (1, 2, 3, 4, 5)] == [158, 144, 150, 146, 132]
    assert [v[n]["EMGSB"] for n in (7, 9, 13)] == [68.5, 83, 73]
    assert [v[n]["EGGSB"] for n in (6, 8)] == [157.5, 181.5]


def test_the_exercise_extended_direct_encounter() -> None:
    """Exercises 42-45: EDE among the teams tied on match points. 10 MP: all met, 4 MP
    each; by game points 4 (8½) first and 5 (7½) last; among 1, 2, 3 again by game points
    (5, 5½, 1½): 4, 2, 1, 3, 5. 7 MP: 6 beat 8. 6 MP: 9 and 13 did not meet, nothing is
    decided; 4 MP: 11 and 14 drew, 2-2."""
    v = exercise_values("EDE")
    assert [v[n]["EDE"] for n in (4, 2, 1, 3, 5)] == [1, 2, 3, 4, 5]
    assert (v[6]["EDE"], v[8]["EDE"]) == (1, 2)
    assert v[7]["EDE"] == v[9]["EDE"] == v[13]["EDE"] == 0
    assert v[11]["EDE"] == v[14]["EDE"] == 0


def test_record_202_lists_a_team_events_tiebreaks(tmp_path: Path) -> None:
    """TRF-2026 record 202 for a team event as for players; a code of players only in it
    is refused at its record (exit 2 through the command line)."""
    from swissbridge.formats.trf import write_trf

    t = small()
    with_list = replace(t, headers=(*t.headers, ("202", "BC,MPVGP")))
    s = standings_output("t.trf", tournament=with_list, fmt="json")
    assert json.loads(s)["tiebreaks"] == ["BC", "MPVGP"]
    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(replace(t, headers=(*t.headers, ("202", "ARO,BH")))), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "swissbridge", "standings", str(bad)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2 and "record 202/212" in out.stderr and "teams have no rating" in out.stderr
    assert "Traceback" not in out.stderr
