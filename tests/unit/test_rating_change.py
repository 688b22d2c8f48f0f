"""FIDE rating change for an event (issue 24): Rating Regulations B.02 8.3 worked by hand
from the conversion table 8.1(b) — PD for a difference D — the 400-point rule (8.3.1),
ΔR = score − PD and K × ΣΔR (8.3.2), the development coefficient and the 700 rule
(8.3.3) — and ``standings --rating-change``."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import read_trf
from swissbridge.rules.fide_rating import development_coefficient, game_change, probability, rating_change
from swissbridge.rules.ranking import compute, rating_changes
from swissbridge.rules.tiebreaks import parse_tiebreaks
from typer.testing import CliRunner

from tests.conftest import SAMPLES

F = Fraction


@pytest.mark.parametrize(
    ("d", "pd"),
    [(0, 50), (3, 50), (4, 51), (98, 63), (99, 64), (106, 64), (-100, 36), (400, 92), (735, 99), (736, 100)],
)
def test_table_8_1_b(d: int, pd: int) -> None:
    assert probability(d) == pd


def test_one_game() -> None:
    # 2000 beats 2100: D = -100, PD 0.36, ΔR = 1 - 0.36
    assert game_change(2000, 2100, F(1)) == F(64, 100)
    # 2000 draws 1900: D = 100, PD 0.64, ΔR = -0.14
    assert game_change(2000, 1900, F(1, 2)) == F(-14, 100)


def test_the_400_point_rule() -> None:
    """8.3.1: below 2650 a difference over 400 counts as 400 (PD 0.92 / 0.08); from 2650
    the difference itself (2700 v 2000: D 700, PD 0.99)."""
    assert game_change(2000, 1500, F(1)) == F(8, 100) == game_change(2000, 1000, F(1))
    assert game_change(1500, 2000, F(0)) == F(-8, 100)
    assert game_change(2700, 2000, F(1)) == F(1, 100)
    assert game_change(2700, 2000, F(1, 2)) == F(-49, 100)
    assert game_change(2649, 2000, F(1, 2)) == F(-42, 100)


def test_an_event() -> None:
    """2000 in three games: +0.64, -0.14, +0.08 (the 400 rule) = ΣΔR 0.58, K 20: +11.6."""
    r = rating_change(2000, [(2100, F(1)), (1900, F(1, 2)), (1500, F(1))], 20)
    assert (r.games, r.score, r.expected, r.k, r.change) == (3, F(5, 2), F(192, 100), 20, F(116, 10))


def test_k() -> None:
    assert development_coefficient(2250, junior=True) == 40
    assert development_coefficient(2300, junior=True) == 20
    assert development_coefficient(2399, junior=False) == 20
    assert development_coefficient(2400, junior=False) == 10
    # the 700 rule: K 40 in 20 games would be 800 > 700, so K = 35
    r = rating_change(1800, [(1800, F(1, 2))] * 20, 40)
    assert r.k == 35 and r.change == 0


def test_the_sample_event() -> None:
    """samples/open-round4.trf after round 3: only games over the board against rated
    opponents count (#5's half-point bye and forfeit win do not); #8, born 2009, is a
    junior in 2026 rated under 2300 (K 40)."""
    s = compute(read_trf(SAMPLES / "open-round4.trf"), parse_tiebreaks("BH"))
    changes = rating_changes(s)
    assert changes[5].games == 1 and changes[5].k == 20
    assert changes[8].k == 40 and changes[8].change == F(512, 10)
    assert rating_changes(s, 10)[8].k == 10
    # #1 Lindqvist 2215, 3/3 against #5 1987, #9 1755, #2 2190: PD .79 + .92 (400 rule) + .53
    assert changes[1].expected == F(224, 100) and changes[1].change == F(76, 100) * 20


def test_cli() -> None:
    runner = CliRunner()
    sample = str(SAMPLES / "open-round4.trf")
    result = runner.invoke(app, ["standings", sample, "--rating-change"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "rating changes (FIDE B.02 8.3) after round 3 of 5" in lines[0]
    assert lines[2].split() == ["Rank", "No", "Name", "Rtg", "Pts", "Games", "Score", "Exp", "K", "Change", "Perf"]
    assert lines[3].split()[-3:] == ["20", "+15.2", "2777"]  # beside the performance rating
    doc = json.loads(runner.invoke(app, ["standings", sample, "--rating-change", "--k", "10", "-f", "json"]).stdout)
    assert doc["players"][0] == {
        "start": 1, "rank": 1, "rating": 2215, "games": 3, "score": 3, "expected": 2.24, "k": 10, "change": 7.6,
        "performance": 2777,
    }  # fmt: skip
    result = runner.invoke(app, ["standings", sample, "--k", "20"])
    assert result.exit_code == 2 and "--k is the development coefficient of --rating-change" in result.stderr
    for bad in (["--k", "0"], ["--k", "701"], ["-f", "html"]):
        assert runner.invoke(app, ["standings", sample, "--rating-change", *bad]).exit_code == 2
