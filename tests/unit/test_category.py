"""``standings --category`` (issue 24): a category ranked the way prize lists are made —
the overall order kept, places numbered within the category, shared places shared — for
women, age bands (age on the event's first day, from the birth date), rating bands and
federations."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands.standings import standings_output
from swissbridge.formats.trf import read_trf
from swissbridge.model import Player
from swissbridge.rules.ranking import check_category, compute, in_category, restrict
from swissbridge.rules.tiebreaks import parse_tiebreaks
from typer.testing import CliRunner

from tests.conftest import SAMPLES

SAMPLE = SAMPLES / "open-round4.trf"


def test_women_keep_the_overall_order_numbered_within() -> None:
    overall = json.loads(standings_output(SAMPLE, fmt="json"))["players"]
    women = json.loads(standings_output(SAMPLE, fmt="json", category="women"))["players"]
    sexes = {p.start_no: p.sex for p in read_trf(SAMPLE).players}
    assert [p["start"] for p in women] == [p["start"] for p in overall if sexes[p["start"]] == "w"] == [1, 4, 9, 7]
    assert [p["rank"] for p in women] == [1, 2, 3, 4]
    text = standings_output(SAMPLE, category="women").splitlines()[0]
    assert text == "Riverside Spring Open 2026: standings after round 3 of 5, category women (4 players)"


@pytest.mark.parametrize(
    ("birth", "u16", "s50"),
    [("2010/04/11", False, False), ("2010/04/12", True, False), ("1976/04/11", False, True),
     ("1976/04/12", False, False), ("2011", True, False), ("1976", False, True), ("", None, None)],
)  # fmt: skip
def test_age_on_the_first_day(birth: str, u16: bool | None, s50: bool | None) -> None:
    p = Player(1, "A", birth=birth)
    first_day = date(2026, 4, 11)
    assert in_category(p, "U16", first_day) is u16
    assert in_category(p, "S50", first_day) is s50 and in_category(p, "50+", first_day) is s50


def test_rating_bands_federations_and_combinations() -> None:
    p = Player(1, "A", rating=1799, federation="ENG", sex="w")
    assert in_category(p, "rating:1600-1799", None) and not in_category(p, "rating:1800-", None)
    assert in_category(p, "rating:-1799", None) and in_category(p, "fed:eng", None)
    assert in_category(p, "women,fed:ENG,rating:-1800", None) and not in_category(p, "women,fed:ESP", None)
    assert in_category(replace(p, rating=0), "rating:-1799", None) is None  # unrated: not known


def test_shared_places_stay_shared_and_unknown_players_are_said() -> None:
    t = read_trf(SAMPLE)
    t = t.with_players(replace(p, birth="") if p.start_no == 8 else p for p in t.players)
    s = compute(t, parse_tiebreaks(""))  # no tie-breaks: equal points share the place
    notes: list[str] = []
    young = restrict(s, "U30", notes)
    assert [(r.start_no, r.place) for r in young.rows] == [(4, "1"), (6, "2"), (7, "3")]
    assert notes == ["--category U30: 1 player(s) left out for want of the data it takes: #8"]
    shared = restrict(s, "rating:1900-2110", [])
    assert [(r.start_no, r.place) for r in shared.rows] == [(3, "1"), (4, "2-3"), (5, "2-3"), (6, "4")]


@pytest.mark.parametrize("bad", ["X", "U", "rating:-", "fed:EN", "women,"])
def test_bad_categories_are_refused_before_reading(bad: str) -> None:
    with pytest.raises(ValueError, match="--category"):
        check_category(bad)
    result = CliRunner().invoke(app, ["standings", "/nonexistent.trf", "--category", bad])
    assert result.exit_code == 2 and "--category" in result.stderr and "cannot read" not in result.stderr


@pytest.mark.parametrize("other", [["--crosstable"], ["--explain", "#1"], ["--format", "trf"]])
def test_whole_tournament_outputs_are_refused_with_a_category(other: list[str]) -> None:
    result = CliRunner().invoke(app, ["standings", str(SAMPLE), "--category", "women", *other])
    assert result.exit_code == 2 and "--category ranks a list of players" in result.stderr
    for fmt in ("csv", "html", "json"):
        assert CliRunner().invoke(app, ["standings", str(SAMPLE), "--category", "women", "-f", fmt]).exit_code == 0
    assert CliRunner().invoke(app, ["standings", str(SAMPLE), "--category", "U30", "--rating-change"]).exit_code == 0
