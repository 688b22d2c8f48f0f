"""A late entry that renumbers the players (C.04.2 Art. 2.4) leaves every round paired
before it as it was paired: ``check`` replays a round with the players entered by then,
numbered, ranked and counted as then (:func:`swissbridge.state.entered`), for every
system. Issue 31 (eventa's finding 2): Lim counted the players entered later towards
its Maxi-tournament (more than 2^rounds), Dubov towards its provisional ratings (1.1.2),
Double-Swiss took the start number's parity for the TPN's (4.3.1): each then reported
a round as DIFFERS that had been paired right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from swissbridge.formats.trf import read_trf
from swissbridge.state import build_state, entered
from typer.testing import CliRunner

runner = CliRunner()

RATINGS = (1400, 0, 2600, 2600, 1400, 1400, 0, 0, 2500, 0, 2000, 0, 2100, 2300, 0)
"""15 players (6 unrated) for 4 rounds: 2^4 = 16, so three late entries make a Maxi-tournament."""
RESULTS = ("1-0", "=", "0-1", "1-0", "0-1")


def ok(*args: str | int | Path) -> str:
    words = [str(a) for a in args]
    done = runner.invoke(cli._only(words[0]) or cli.app, words, prog_name="swissbridge")
    assert done.exit_code == 0, (words, done.output)
    return done.output


def players(tmp_path: Path, ratings: tuple[int, ...]) -> Path:
    rows = ["name,rating,federation", *(f'"Player {chr(65 + i)}, Bo",{r},SWE' for i, r in enumerate(ratings))]
    path = tmp_path / "players.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("system", ["dutch", "lim", "dubov", "burstein"])
def test_a_late_entry_that_renumbers_leaves_the_rounds_paired_before_it_ok(tmp_path: Path, system: str) -> None:
    path = tmp_path / "event.trf"
    ok(
        "new",
        path,
        "--players",
        players(tmp_path, RATINGS),
        "--rounds",
        4,
        "--system",
        system,
        "--initial-colour",
        "white",
    )
    for r in (1, 2):
        boards = len(re.findall(r"^\s*\d+\s+\(\d+\)", ok("pair", path, "--in-place"), re.MULTILINE))
        ok("result", path, r, *(x for b in range(1, boards + 1) for x in (b, RESULTS[(b + r) % 5])))
        if r == 1:
            ok("player", "add", path, "--name", "Late One, Cy", "--rating", 1200)
    for name, rating in (("Late Two, Cy", 0), ("Late Three, Cy", 1000)):
        assert "are now" in ok("player", "add", path, "--name", name, "--rating", rating)
    assert ok("check", path).endswith("all 2 rounds ok\n")


def test_a_double_swiss_match_replays_with_the_pairing_numbers_of_its_day(tmp_path: Path) -> None:
    """4.3.1: the HRP's TPN parity decides the colours of players without one; a late
    entry placed above them after match 1 changes their start numbers, not match 1."""
    path = tmp_path / "event.trf"
    ok("new", path, "--players", players(tmp_path, (2400, 2300, 2200, 2100, 2000, 1900)), "--rounds", 6)
    ok("set", path, "--system", "doubleswiss")
    ok("pair", path, "--in-place")
    assert "players 2-6 are now 3-7" in ok("player", "add", path, "--name", "Late, Lou", "--rating", 2350)
    assert ok("check", path).endswith("all 1 rounds ok\n")


def test_the_players_of_a_round_are_those_entered_by_then(tmp_path: Path) -> None:
    """C.04.2 Art. 2.4 (dutch-reference §1.3): present in the round or paired before it."""
    path = tmp_path / "event.trf"
    ok(
        "new",
        path,
        "--players",
        players(tmp_path, (2400, 2300, 2200, 2100)),
        "--rounds",
        3,
        "--initial-colour",
        "white",
    )
    ok("player", "bye", path, 2, "--round", 1, "--points", "half")
    ok("pair", path, "--in-place")
    ok("result", path, 1, 1, "1-0")
    ok("player", "add", path, "--name", "Late, Lou", "--rating", 2350)
    t = read_trf(path)
    assert [p.name for p in entered(t, 1)] == ["Player A, Bo", "Player C, Bo", "Player D, Bo"]
    assert [p.start_no for p in entered(t, 2)] == [1, 2, 3, 4, 5]
    assert {n: ps.tpn for n, ps in build_state(t, 1).players.items()} == {1: 1, 4: 2, 5: 3}


@pytest.mark.parametrize("code", ["FIDE_DUTCH_BAKU", "FIDE_DUBOV_BAKU"])
@pytest.mark.parametrize("rating", [1000, 2500])
def test_a_late_entry_keeps_the_last_baku_ga_player(tmp_path: Path, code: str, rating: int) -> None:
    """C.04.5.1: GA is drawn before round 1 from the players to be paired, and after a late
    entry "the last GA-player shall be the same": GA was sized by every listed player, so a
    late entry (even the lowest rated) grew GA under round 1, and `check` reported it."""
    path = tmp_path / "event.trf"
    listed = players(tmp_path, tuple(2600 - 50 * i for i in range(16)))
    ok("new", path, "--players", listed, "--rounds", 5, "--system", code, "--initial-colour", "white")
    ok("pair", path, "--in-place")
    ok("result", path, 1, *(x for b in range(1, 9) for x in (b, RESULTS[b % 5])))
    ok("player", "add", path, "--name", "Late, Lou", "--rating", rating)
    assert ok("check", path).endswith("all 1 rounds ok\n")
    ok("pair", path, "--in-place")
    assert ok("check", path).endswith("all 2 rounds ok\n")
