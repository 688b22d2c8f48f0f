"""Running a Double-Swiss event (C.04.5) with ``new``, ``pair`` and ``result``: a round is a
match of two games, entered per board (``result F 1 3 1-0 ½-½``, each game from the side of
the player listed first, White in game 1) or a game at a time (``--game 1``); the rare games
½-0 and 0-0 are results; byes and withdrawals are for whole matches (both columns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import parse_trf, read_trf
from swissbridge.model import Colour, Entry, Result, Tournament
from swissbridge.rules.twogame import MatchKind, player_matches
from typer.testing import CliRunner

runner = CliRunner()


def _run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """7 players, 3 matches, match 1 paired: boards 1:1-4 2:5-2 3:3-6, the PAB 7."""
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"Player {i},{2400 - 37 * i}\n" for i in range(7)))
    path = tmp_path / "double.trf"
    assert "3 rounds of 2 games" in _run(
        "new", str(path), "-p", str(players), "--rounds", "3", "--system", "doubleswiss"
    )
    _run("pair", str(path), "--in-place")
    return path


def _entries(t: Tournament, n: int, *columns: int) -> list[Entry | None]:
    return [t.player(n).entry(c) for c in columns]


def test_new_counts_rounds_in_matches(event: Path) -> None:
    """``--rounds 3`` is three matches: record 142 counts the columns (six)."""
    t = read_trf(event)
    assert t.total_rounds == 6
    pab = t.player(7)
    assert [e.result for e in pab.entries] == [Result.PAB, Result.PAB] and pab.score(t.points, 2) == 15


def test_a_match_is_entered_from_the_first_listed_side(event: Path) -> None:
    _run("result", str(event), "1", "1", "1-0", "½-½", "2", "0-0", "-+", "#6", "0-½", "1/2-0")
    t = read_trf(event)
    w, b = Colour.WHITE, Colour.BLACK
    # board 1: 1 (White in game 1) won game 1, drew game 2 with Black
    assert _entries(t, 1, 1, 2) == [Entry(Result.WIN, 4, w), Entry(Result.DRAW, 4, b)]
    assert _entries(t, 4, 1, 2) == [Entry(Result.LOSS, 1, b), Entry(Result.DRAW, 1, w)]
    # board 2: 5-2, a played 0-0 (Preface), then 5 forfeited game 2
    assert _entries(t, 5, 1, 2) == [Entry(Result.LOSS, 2, w), Entry(Result.FORFEIT_LOSS, 2, b)]
    assert _entries(t, 2, 1, 2) == [Entry(Result.LOSS, 5, b), Entry(Result.FORFEIT_WIN, 5, w)]
    # #6 names board 3 (3-6): the results are still from 3's side
    assert _entries(t, 3, 1, 2) == [Entry(Result.LOSS, 6, w), Entry(Result.DRAW, 6, b)]
    assert _entries(t, 6, 1, 2) == [Entry(Result.DRAW, 3, b), Entry(Result.LOSS, 3, w)]
    assert [p.score(t.points, 2) for p in t] == [15, 10, 5, 5, 0, 5, 15]
    # a single forfeited game leaves the match played (rules.twogame, the Preface)
    assert player_matches(t.player(5), 1)[0].kind is MatchKind.PLAYED


def test_a_match_forfeited_in_both_games(event: Path) -> None:
    """Only both games forfeited end a match by forfeit; a double forfeit is ``-/-`` (or ``--``)."""
    _run("result", str(event), "1", "1", "-+", "-+", "2", "-/-", "-/-", "3", "+-", "-+")
    t = read_trf(event)
    assert player_matches(t.player(1), 1)[0].kind is MatchKind.FORFEIT_LOSS
    assert player_matches(t.player(4), 1)[0].kind is MatchKind.FORFEIT_WIN
    assert player_matches(t.player(5), 1)[0].kind is MatchKind.FORFEIT_LOSS
    assert player_matches(t.player(2), 1)[0].kind is MatchKind.FORFEIT_LOSS
    assert player_matches(t.player(3), 1)[0].kind is MatchKind.PLAYED  # one game forfeited each


def test_a_game_at_a_time_and_the_round_complete_with_both(event: Path) -> None:
    _run("result", str(event), "1", "--game", "1", "1", "1-0", "2", "=", "3", "0-1")
    out = _run("pair", str(event), "--in-place", code=2)
    assert "round 1, game 2 has been paired but none of its games has a result yet" in out
    _run("result", str(event), "1", "--game", "2", "1", "1-0", "2", "=", "3", "0-1")
    t = read_trf(event)
    assert _entries(t, 1, 1, 2) == [Entry(Result.WIN, 4, Colour.WHITE), Entry(Result.WIN, 4, Colour.BLACK)]
    _run("pair", str(event), "--in-place")
    assert read_trf(event).completed_rounds == 4


def test_a_result_entered_is_corrected_only_on_purpose(event: Path) -> None:
    _run("result", str(event), "1", "1", "1-0", "½-½")
    before = event.read_bytes()
    out = _run("result", str(event), "1", "1", "1-0", "0-1", code=2)
    assert "round 1, game 2, 1-4 already has the result ½-½; give --correct" in out
    assert event.read_bytes() == before
    _run("result", str(event), "1", "1", "1-0", "0-1", "--correct")
    assert read_trf(event).player(1).entry(2) == Entry(Result.LOSS, 4, Colour.BLACK)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["1", "1-0"], "1 result; a match has 2 games: give both"),
        (["1", "1-0", "=", "1-0"], "3 results; a match has 2 games"),
        (["1", "2-0", "="], "unknown result '2-0'"),
        (["#2", "H", "1-0"], "a bye (H) is for the whole match"),
        (["4", "1-0", "="], "round 1 has 3 boards; there is no board 4"),
        (["--game", "3", "1", "1-0"], "--game"),
    ],
)
def test_what_is_not_a_match_is_refused(event: Path, words: list[str], message: str) -> None:
    before = event.read_bytes()
    out = _run("result", str(event), "1", *words, code=2)
    assert message in out and "Traceback" not in out
    assert event.read_bytes() == before


def test_byes_are_for_whole_matches(event: Path) -> None:
    """A bye entered with ``result`` and one requested with ``player bye`` fill both columns
    of the match; a withdrawal every column from the match on."""
    _run("result", str(event), "1", "1", "1-0", "1-0", "2", "=", "=", "3", "0-1", "0-1")
    _run("result", str(event), "2", "#2", "H")
    _run("player", "bye", str(event), "3", "--round", "2", "--points", "half")
    _run("player", "withdraw", str(event), "6", "--from-round", "3")
    t = read_trf(event)
    assert _entries(t, 2, 3, 4) == [Entry(Result.HALF_BYE), Entry(Result.HALF_BYE)]
    assert {(b.round_no, b.players) for b in t.announced_byes} == {(3, (3,)), (4, (3,)), (5, (6,)), (6, (6,))}
    _run("pair", str(event), "--in-place")
    t = read_trf(event)
    assert _entries(t, 3, 3, 4) == [Entry(Result.HALF_BYE), Entry(Result.HALF_BYE)]
    assert t.player(2).score(t.points, 4) == 20 and t.player(3).score(t.points, 4) == 10


def test_an_event_of_single_games_takes_no_match_results(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"Player {i},{2400 - 37 * i}\n" for i in range(6)))
    path = tmp_path / "open.trf"
    _run("new", str(path), "-p", str(players), "--rounds", "3", "--initial-colour", "white")
    _run("pair", str(path), "--in-place")
    assert "--game is for a match of two games" in _run("result", str(path), "1", "--game", "1", "1", "1-0", code=2)
    assert "unknown result '½-0'" in _run("result", str(path), "1", "1", "½-0", code=2)
    _run("result", str(path), "1", "1", "-/-")  # the shell-safe double forfeit, in any event
    t = read_trf(path)
    white = next(p for p in t if p.entry(1) is not None and p.entry(1).colour is Colour.WHITE)  # type: ignore[union-attr]
    assert white.entry(1).result is Result.FORFEIT_LOSS  # type: ignore[union-attr]


def test_a_paired_match_is_reprinted_repaired_and_taken_back_as_a_match(event: Path) -> None:
    """``pair --round R`` reprints match R as paired, ``--repair`` pairs it again while it has
    no result, ``undo FILE R`` takes back both its columns."""
    paired = event.read_bytes()
    assert "round 1 of 3" in _run("pair", str(event), "--round", "1")
    _run("pair", str(event), "--round", "1", "--repair", "--in-place")
    assert read_trf(event) == parse_trf(paired)
    _run("result", str(event), "1", "1", "1-0", "½-½", "2", "=", "=", "3", "0-1", "0-1")
    out = _run("pair", str(event), "--round", "1", "--repair", "--in-place", code=2)
    assert "board 1 game 2 4-1 ½-½" in out
    _run("pair", str(event), "--in-place")
    second = _run("pair", str(event), "--round", "2")
    assert "round 2 of 3" in second
    out = _run("undo", str(event), "1", code=2)
    assert "round 1 is not the last paired round (2)" in out
    _run("undo", str(event), "2")
    t = read_trf(event)
    assert t.completed_rounds == 2 and all(len(p.entries) == 2 for p in t.players)
    assert [b.round_no for b in t.board_lists] == [1, 2]
