"""Standings and the C.07 tie-breaks on hand-checked tournaments (issue 18).

tests/golden/standings/byes-forfeits-withdrawal.trf, five players, three rounds:

    round 1: 1-4 1-0, 2-5 ½-½, 3 PAB
    round 2: 3-1 0-1, 4-2 forfeited (2 wins), 5 half-point bye
    round 3: 1-2 ½-½, 3-5 1-0, 4 gone (zero-point bye)

Worked by hand (2026 edition, C.07 16.3/16.4): #4 left after round 2, so its round 3
counts as a draw for its opponents (adjusted score 0.5); #2's forfeit win is a dummy
opponent capped at #4's 0.5 (16.4.1); #3's PAB a dummy capped at 0.5 x 3 rounds = 1.5
(16.4.2); #5's half-point bye a dummy at its own 1.0. BH: #1 0.5+2+2, #2 1+0.5+2.5,
#3 1.5+2.5+1, #4 2.5+0+0, #5 2+1+2. Cut-1 takes the lowest, a VUR first (16.5): #4 and
#5 lose their VUR. rules-2024.trf is the same event started in 2025: no cap, so #2's
and #3's dummies have their own 2.0. three-one-zero.trf scores it 3-1-0.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands.standings import standings_output
from swissbridge.formats.trf import parse_trf, read_trf
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.publish.standings import render_json, render_trf
from swissbridge.rules.ranking import compute
from swissbridge.rules.tiebreaks import describe, parse_tiebreak, parse_tiebreaks
from typer.testing import CliRunner

GOLDEN = Path(__file__).parent / "standings"
ALL = "BH/C1,BH,SB,DE,WIN,WON,BPG,BWG,PS,FB,KS"


def values(name: str, codes: str = ALL) -> dict[int, dict[str, object]]:
    s = compute(read_trf(GOLDEN / name), parse_tiebreaks(codes))
    return {r.start_no: {"rank": r.place, "PTS": r.points, **r.values} for r in s.rows}


def F(text: str) -> Fraction:
    return Fraction(text)


def test_byes_forfeits_withdrawal_by_hand() -> None:
    v = values("byes-forfeits-withdrawal.trf")
    assert {n: v[n]["PTS"] for n in v} == {1: F("2.5"), 2: F("2"), 3: F("2"), 4: F("0"), 5: F("1")}
    assert {n: v[n]["BH"] for n in v} == {1: F("4.5"), 2: F("4"), 3: F("5"), 4: F("2.5"), 5: F("5")}
    assert {n: v[n]["BH/C1"] for n in v} == {1: F("4"), 2: F("3.5"), 3: F("4"), 4: F("2.5"), 5: F("4")}
    assert {n: v[n]["SB"] for n in v} == {1: F("3.5"), 2: F("2.25"), 3: F("2.5"), 4: F("0"), 5: F("1.5")}
    assert {n: v[n]["WIN"] for n in v} == {1: 2, 2: 1, 3: 2, 4: 0, 5: 0}  # forfeit win and PAB count
    assert {n: v[n]["WON"] for n in v} == {1: 2, 2: 0, 3: 1, 4: 0, 5: 0}
    assert {n: v[n]["BPG"] for n in v} == {1: 1, 2: 1, 3: 0, 4: 1, 5: 2}
    assert {n: v[n]["BWG"] for n in v} == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0}
    assert {n: v[n]["PS"] for n in v} == {1: F("5.5"), 2: F("4"), 3: F("4"), 4: F("0"), 5: F("2.5")}
    assert {n: v[n]["DE"] for n in v} == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}  # #2 and #3 never met
    # Fore Buchholz: every final-round game drawn (#1-#2 was; #3-#5 becomes ½-½).
    assert v[3]["FB"] == F("1.5") + F("2.5") + F("1.5")
    # Koya in a Swiss: points against opponents with at least half the possible 3.0.
    assert {n: v[n]["KS"] for n in v} == {1: F("1.5"), 2: F("0.5"), 3: F("0"), 4: F("0"), 5: F("0.5")}
    assert [(n, v[n]["rank"]) for n in sorted(v, key=lambda n: v[n]["rank"])] == [
        (1, "1"),
        (3, "2"),
        (2, "3"),
        (5, "4"),
        (4, "5"),
    ]


def test_koya_with_its_limit_moved_by_half_points_by_hand() -> None:
    """KS/L-n and KS/L+n: C.07 9.2's limit (half of the 3.0 possible: 1.5) lowered or
    raised by n half-points (the Limit modifier, 14.5, which the legend names). L-2 (limit 0.5)
    adds #5 (1 point) to the opponents counted
    (#2's draw with it, #3's win over it); L+1 (limit 2.0) keeps #1, #2 and #3."""
    v = values("byes-forfeits-withdrawal.trf", "KS,KS/L-2,KS/L+1")
    assert {n: v[n]["KS/L-2"] for n in v} == {1: F("1.5"), 2: F("1"), 3: F("1"), 4: F("0"), 5: F("0.5")}
    assert {n: v[n]["KS/L+1"] for n in v} == {n: v[n]["KS"] for n in v}
    assert parse_tiebreak("KS/L-2").limit_shift == -2 and parse_tiebreak("KS/L+10").limit_shift == 10
    assert describe(parse_tiebreak("KS/L-2")) == "Koya system with its limit lowered by 1 point (C.07 9.2, 14.5)"
    assert describe(parse_tiebreak("KS")) == "Koya system (C.07 9.2)"
    for bad in ("KS/L", "KS/L-x", "KS/L+1/L-1", "KS/C1", "BH/L-1"):
        with pytest.raises(ValueError, match="unknown modifier"):
            parse_tiebreak(bad)


def test_rules_before_2026_have_no_cap_on_the_dummy_opponent() -> None:
    v = values("rules-2024.trf")
    assert v[2]["BH"] == F("5.5") and v[3]["BH"] == F("5.5")  # dummies at the own 2.0
    assert v[2]["BH/C1"] == F("4.5") and v[2]["SB"] == F("3.75")
    assert v[2]["rank"] == "2" and v[3]["rank"] == "3"


def test_three_one_zero() -> None:
    v = values("three-one-zero.trf")
    assert {n: v[n]["PTS"] for n in v} == {1: 7, 2: 5, 3: 6, 4: 0, 5: 2}
    # #4's withdrawal round counts as a draw (1 point) for its opponents; #3's PAB dummy
    # is capped at a draw a round, 3 points.
    assert {n: v[n]["BH"] for n in v} == {1: 12, 2: 10, 3: 12, 4: 7, 5: 13}
    assert v[1]["SB"] == 1 * 3 + 6 * 3 + 5 * 1
    assert v[3]["WIN"] == 2 and v[2]["WIN"] == 1


def test_shared_places_are_shown_as_such() -> None:
    v = values("byes-forfeits-withdrawal.trf", "DE")
    assert v[2]["rank"] == v[3]["rank"] == "2-3"
    text = standings_output(GOLDEN / "byes-forfeits-withdrawal.trf", tiebreaks="DE")
    assert "2-3" in text


def test_direct_encounter_separates_the_winner() -> None:
    # 1-2 1-0 and 3-4 1-0, then 1-3 0-1 and 2-4 1-0: #1 and #2 tie on 1.0, #1 won their game.
    w, b = Colour.WHITE, Colour.BLACK
    games = {
        1: [Entry(Result.WIN, 2, w), Entry(Result.LOSS, 3, w)],
        2: [Entry(Result.LOSS, 1, b), Entry(Result.WIN, 4, w)],
        3: [Entry(Result.WIN, 4, w), Entry(Result.WIN, 1, b)],
        4: [Entry(Result.LOSS, 3, b), Entry(Result.LOSS, 2, b)],
    }
    t = Tournament(tuple(Player(n, f"P{n}", tuple(e)) for n, e in games.items()), total_rounds=5)
    s = compute(t, parse_tiebreaks("DE"))
    assert [(r.start_no, r.place, r.values["DE"]) for r in s.rows] == [
        (3, "1", 0),
        (1, "2", 1),
        (2, "3", 2),
        (4, "4", 0),
    ]


def test_json_shape_is_stable() -> None:
    s = compute(read_trf(GOLDEN / "byes-forfeits-withdrawal.trf"), parse_tiebreaks("BH/C1,BH,SB,DE,WIN"))
    doc = json.loads(render_json(s))
    assert list(doc) == ["after_round", "complete", "tiebreaks", "players"]
    assert doc["after_round"] == 3 and doc["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert doc["players"][1] == {
        "start": 3,
        "rank": 2,
        "points": 2,
        "tiebreaks": {"BH/C1": 4, "BH": 5, "SB": 2.5, "DE": 0, "WIN": 2},
    }
    assert [p["start"] for p in doc["players"]] == [1, 3, 2, 5, 4]


def test_trf_output_has_ranks_and_record_202_and_is_read_back() -> None:
    s = compute(read_trf(GOLDEN / "byes-forfeits-withdrawal.trf"), parse_tiebreaks("BH/C1,SB"))
    text = render_trf(s)
    back = parse_trf(text)
    assert {p.start_no: p.rank for p in back.players} == {1: 1, 3: 2, 2: 3, 5: 4, 4: 5}
    assert dict(back.headers)["202"] == "BH/C1,SB"
    assert "202 BH/C1,SB" in text.replace("\r", "\n").split("\n")


def test_the_option_wins_over_the_files_list_and_says_so(tmp_path: Path) -> None:
    source = (GOLDEN / "byes-forfeits-withdrawal.trf").read_text().replace("142 3", "142 3\r202 SB,WIN")
    path = tmp_path / "t.trf"
    path.write_text(source)
    assert json.loads(standings_output(path, fmt="json"))["tiebreaks"] == ["SB", "WIN"]  # the file's, alone
    notes: list[str] = []
    doc = json.loads(standings_output(path, tiebreaks="BH", fmt="json", notes=notes))
    assert doc["tiebreaks"] == ["BH"]
    assert notes == ["--tiebreaks BH is used instead of the file's list SB,WIN"]
    result = CliRunner().invoke(app, ["standings", str(path), "--tiebreaks", "BH"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["swissbridge: note: --tiebreaks BH is used instead of the file's list SB,WIN"]


@pytest.mark.parametrize(
    ("codes", "ok"),
    [
        ("BH/C2", True),
        ("BH/C3", False),
        ("BH/M1", True),
        ("SB/M2", False),
        ("PS/C2", True),
        ("PS/C3", False),
        ("ARO/C3", False),
        ("BH/C1/M1", False),
    ],
)
def test_cuts_and_medians_the_rounds_cannot_hold_are_usage_errors(codes: str, ok: bool) -> None:
    """C.07 14 on a 3-round event: at most 2 values removed (BH/C1/M1 removes 3)."""
    result = CliRunner().invoke(app, ["standings", str(GOLDEN / "byes-forfeits-withdrawal.trf"), "-t", codes])
    if ok:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith(f"swissbridge: --tiebreaks: tie-break '{codes}' removes ")
        assert "a 3-round event has 3 per participant" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_cut_the_rounds_cannot_hold_in_the_file_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text((GOLDEN / "byes-forfeits-withdrawal.trf").read_text().replace("142 3", "142 3\r202 BH/C9"))
    result = CliRunner().invoke(app, ["standings", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(
        f"swissbridge: {path}:4:5: record 202/212: tie-break 'BH/C9'"
    )


def test_crosstable_csv_and_json() -> None:
    path = GOLDEN / "byes-forfeits-withdrawal.trf"
    rows = standings_output(path, crosstable=True, fmt="csv").splitlines()
    assert rows[0] == "Rank,No,Name,Points,R1,R2,R3"
    assert rows[2] == '2,3,"Cedar, Cy",2.0,PAB,1w0,4w1'  # as the text crosstable
    doc = json.loads(standings_output(path, crosstable=True, fmt="json"))
    assert doc["after_round"] == 3 and doc["complete"] is True
    cedar = doc["players"][1]
    assert cedar["start"] == 3 and cedar["rank"] == 2 and cedar["points"] == 2
    assert cedar["rounds"] == [
        {"round": 1, "opponent": None, "colour": None, "result": "U", "points": 1},
        {"round": 2, "opponent": 1, "colour": "w", "result": "0", "points": 0},
        {"round": 3, "opponent": 5, "colour": "w", "result": "1", "points": 1},
    ]
    result = CliRunner().invoke(app, ["standings", str(path), "--crosstable", "--format", "trf"])
    assert result.exit_code == 2 and "--crosstable is written as text, csv, json, html, not trf" in result.stderr


def test_final_standings_say_the_event_is_complete() -> None:
    path = GOLDEN / "byes-forfeits-withdrawal.trf"
    text = standings_output(path)
    assert (
        text.splitlines()[0] == "Golden byes forfeits withdrawal: final standings after round 3 (the event is complete)"
    )
    before = standings_output(path, after_round=2)
    assert before.splitlines()[0] == "Golden byes forfeits withdrawal: standings after round 2 of 3"
    assert json.loads(standings_output(path, after_round=2, fmt="json"))["complete"] is False


def test_rounds_elected_to_play_standard_points_pairing_number_aob_and_rating() -> None:
    """C.07 7.6 REP (GE), 7.7 STD, 7.8 TPN, 8.2 AOB, 10.6 RTNG by hand, equal to Gacrux 1.11.65's
    ``tiebreakchecker -t PTS REP GE STD TPN AOB RTNG`` (it writes AOB to 2 decimals: 3.83)."""
    v = values("byes-forfeits-withdrawal.trf", "REP,GE,STD,TPN,AOB,RTNG")
    # REP: the rounds less the VURs (#4 forfeit loss and zero-point bye, #5 half-point bye)
    assert {n: v[n]["REP"] for n in v} == {1: 3, 2: 3, 3: 3, 4: 1, 5: 2} == {n: v[n]["GE"] for n in v}
    assert {n: v[n]["STD"] for n in v} == {1: F("2.5"), 2: F("2"), 3: F("2"), 4: F("0"), 5: F("1")}
    assert {n: v[n]["TPN"] for n in v} == {n: n for n in v}
    # AOB: the Buchholz (4.5, 4, 5, 2.5, 5 above) of the opponents met over the board
    assert v[1]["AOB"] == (F("2.5") + F("5") + F("4")) / 3  # #4, #3, #2
    assert v[2]["AOB"] == (F("5") + F("4.5")) / 2  # #5, #1 (round 2 was a forfeit)
    assert v[4]["AOB"] == F("4.5")  # #1 only
    assert {n: v[n]["RTNG"] for n in v} == {1: 2100, 2: 2000, 3: 1900, 4: 1800, 5: 1700}
    # AOB/F (2026): the opponents' Fore Buchholz (C.07 8.3: #1-#2 drawn already, #3-#5 as a draw)
    fore = values("byes-forfeits-withdrawal.trf", "FB,AOB/F")
    assert fore[1]["AOB/F"] == (fore[4]["FB"] + fore[3]["FB"] + fore[2]["FB"]) / 3 == F("12.5") / 3
    # TPN ranks the lowest first
    s = compute(read_trf(GOLDEN / "byes-forfeits-withdrawal.trf"), parse_tiebreaks("TPN"))
    assert [r.start_no for r in s.rows if r.points == 2] == [2, 3]
    assert (
        standings_output(GOLDEN / "byes-forfeits-withdrawal.trf", tiebreaks="AOB").splitlines()[3].split()[-1]
        == "3.833"
    )


def test_explain_names_the_rules() -> None:
    text = standings_output(GOLDEN / "byes-forfeits-withdrawal.trf", explain="#2")
    assert "forfeit win against #4: dummy opponent (C.07 16.4): 0.5" in text
    assert "(cut, C.07 14)" in text
    first = standings_output(GOLDEN / "byes-forfeits-withdrawal.trf", explain="1")
    assert "#4 0.5 (has 0.0)" in first  # C.07 16.3 for the opponent who left


def test_crosstable_text() -> None:
    text = standings_output(GOLDEN / "byes-forfeits-withdrawal.trf", crosstable=True)
    line = next(x for x in text.splitlines() if "Cedar" in x)
    assert line.split()[-3:] == ["PAB", "1w0", "4w1"]  # opponents by rank: #1 is 1st, #5 4th


@pytest.mark.parametrize(
    ("code", "low", "high"),
    [("BH/C1", 1, 0), ("BH/M2", 2, 2), ("SB/C2", 2, 0), ("AROC", 1, 0), ("ARO/C1", 1, 0), ("PS/C1", 1, 0)],
)
def test_codes(code: str, low: int, high: int) -> None:
    tb = parse_tiebreak(code)
    assert (tb.cut_low, tb.cut_high) == (low, high)


@pytest.mark.parametrize("code", ["XYZ", "WIN/C1", "BH/X1", "TPR/M1"])
def test_bad_codes(code: str) -> None:
    with pytest.raises(ValueError, match="tie-break"):
        parse_tiebreak(code)


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    good = str(GOLDEN / "byes-forfeits-withdrawal.trf")
    result = runner.invoke(app, ["standings", good, "--tiebreaks", "BH,NOPE"])
    assert result.exit_code == 2 and "unknown tie-break 'NOPE'" in result.output
    bad = tmp_path / "bad.trf"
    bad.write_text((GOLDEN / "byes-forfeits-withdrawal.trf").read_text().replace("142 3", "142 3\r202 BH,NOPE"))
    result = runner.invoke(app, ["standings", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:4:5: record 202/212: unknown tie-break 'NOPE'" in result.output
    result = runner.invoke(app, ["standings", good, "--after-round", "7"])
    assert result.exit_code == 2 and "--after-round 7" in result.output
    result = runner.invoke(app, ["standings", good, "--explain", "#9"])
    assert result.exit_code == 2 and "no player with start number 9" in result.output


def test_cli_formats(tmp_path: Path) -> None:
    runner = CliRunner()
    good = str(GOLDEN / "byes-forfeits-withdrawal.trf")
    for fmt, needle in [("text", "Alder"), ("csv", "Rank,No,Name"), ("html", "<table"), ("json", '"after_round"')]:
        result = runner.invoke(app, ["standings", good, "--format", fmt])
        assert result.exit_code == 0 and needle in result.output
    out = tmp_path / "s.trf"
    result = runner.invoke(app, ["standings", good, "--format", "trf", "--output", str(out)])
    assert result.exit_code == 0 and read_trf(out).player(3).rank == 2


def test_the_differential_script_runs() -> None:
    """benchmarks/tiebreaks_vs_gacrux.py (not part of the product) still imports what it uses."""
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "tiebreaks_vs_gacrux.py"
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--gacrux-python" in done.stdout


GACRUX_FILES = [
    GOLDEN / "byes-forfeits-withdrawal.trf",
    GOLDEN / "rules-2024.trf",
    GOLDEN / "three-one-zero.trf",
    Path(__file__).resolve().parents[2] / "samples" / "open-round4.trf",
]


@pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="Gacrux not installed (pip install gacrux)")
@pytest.mark.parametrize("path", GACRUX_FILES, ids=lambda p: p.name)
def test_every_individual_tiebreak_equals_gacrux(path: Path, tmp_path: Path) -> None:
    """Every individual C.07 tie-break both compute (benchmarks/tiebreaks_vs_gacrux.py's
    list: the Buchholz family, AOB, SB, FB, WIN … REP, GE, STD, TPN, KS, the rating-based
    ones, RTNG), each player's value equal to Gacrux's ``tiebreakchecker`` run as a command."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        bench = importlib.import_module("tiebreaks_vs_gacrux")
    finally:
        sys.path.pop(0)
    status, diffs, players = bench.compare_file(sys.executable, path, tmp_path, swiss=True)
    assert status == "ok" and players > 0
    assert diffs == {}


SLOW_ONLY = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("SWISSBRIDGE_SLOW") != "1", reason="every size: set SWISSBRIDGE_SLOW=1"),
]
KOYA = "DE,KS,KS/L-1,KS/L-2,KS/L-3,KS/L+1,KS/L+2"
"""Koya and its limit moved both ways, compared with Gacrux."""


@pytest.mark.skipif(importlib.util.find_spec("gacrux") is None, reason="Gacrux not installed (pip install gacrux)")
@pytest.mark.parametrize(
    ("players", "cycles"),
    [
        pytest.param(n, c, marks=[] if (n, c) in {(5, 1), (8, 1), (9, 2), (12, 1)} else SLOW_ONLY)
        for n in range(3, 17)
        for c in (1, 2)
    ],
)
def test_koya_and_its_limit_equal_gacrux_in_round_robins(players: int, cycles: int, tmp_path: Path) -> None:
    """KS, KS/L-n and KS/L+n of a round robin ``generate`` plays (seeds 10n+1 single,
    10n+2 double), every player's value equal to Gacrux's ``tiebreakchecker``; four
    events by default, all 28 (3-16 players, single and double) with SWISSBRIDGE_SLOW=1."""
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.formats.trf import write_trf

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        bench = importlib.import_module("tiebreaks_vs_gacrux")
    finally:
        sys.path.pop(0)
    rounds = (players + players % 2 - 1) * cycles
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(generate_tournament(players, rounds, "roundrobin", 10 * players + cycles)), "utf-8")
    status, diffs, count = bench.compare_file(sys.executable, path, tmp_path, tiebreaks=KOYA)
    assert status == "ok" and count == players
    assert diffs == {}
