"""A Double-Swiss round (C.04.5) in PGN and in the watcher: two games a board, ``Round
"R.B"`` each and a ``Game`` tag, colours reversed in game 2 (4.4); a PGN of the round read
back puts each game's result in its column; the watcher waits until both games of every
match have a result; ``check`` counts the event's rounds in matches, replaying them in the
one loop of the single-game systems."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands.check import check_tournament
from swissbridge.formats.pgn import parse_pgn, write_results_pgn
from swissbridge.formats.trf import parse_trf, read_trf
from swissbridge.model import Colour, Entry, Result, Tournament
from swissbridge.watch.hosts import first_unfinished_round
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig
from typer.testing import CliRunner

runner = CliRunner()
TEXT = {Result.WIN: "1-0", Result.LOSS: "0-1", Result.DRAW: "1/2-1/2"}


def _run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def _new(tmp_path: Path, pair: bool = True) -> Path:
    """7 players, 3 matches; match 1 paired: boards 1:1-4 2:5-2 3:3-6, the PAB 7."""
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"Player {i},{2400 - 37 * i}\n" for i in range(7)))
    path = tmp_path / "double.trf"
    _run("new", str(path), "-p", str(players), "--rounds", "3", "--system", "doubleswiss")
    if pair:
        _run("pair", str(path), "--in-place")
    return path


def _tags(pgn: str, name: str) -> list[str]:
    return re.findall(rf'\[{name} "([^"]*)"\]', pgn)


def test_the_pairing_pgn_of_a_match_round_holds_both_games(tmp_path: Path) -> None:
    path = _new(tmp_path, pair=False)
    pgn = _run("pair", str(path), "--format", "pgn")
    assert _tags(pgn, "Round") == ["1.1", "1.1", "1.2", "1.2", "1.3", "1.3", "1.4"]
    assert _tags(pgn, "Game") == ["1", "2"] * 3
    names = list(zip(_tags(pgn, "White"), _tags(pgn, "Black"), strict=True))
    assert names[:2] == [("Player 0", "Player 3"), ("Player 3", "Player 0")]  # game 2 reversed (4.4)
    assert names[-1] == ("Player 6", "BYE")
    assert len(parse_pgn(pgn)) == 7


def _with_results(t: Tournament, match: int, results: tuple[str, str]) -> str:
    """A broadcast feed of match ``match``: every board's game 1 and game 2 with the results
    given from White's side of each game, no Game tag (the colours tell the games apart)."""
    games = []
    for column, result in zip((2 * match - 1, 2 * match), results, strict=True):
        for w, b in t.pending_games(column):
            games.append(
                f'[Event "x"]\n[Round "{match}"]\n[White "{t.player(w).name}"]\n[Black "{t.player(b).name}"]\n'
                f'[Result "{result}"]\n\n{result}\n'
            )
    return "\n".join(games)


def test_a_pgn_of_the_match_round_lands_on_both_games(tmp_path: Path) -> None:
    path = _new(tmp_path)
    feed = tmp_path / "round1.pgn"
    feed.write_text(_with_results(read_trf(path), 1, ("1-0", "1/2-1/2")))
    _run("result", str(path), "1", "--from-pgn", str(feed))
    t = read_trf(path)
    for p in t.players[:6]:
        one, two = p.entry(1), p.entry(2)
        assert one is not None and two is not None
        assert one.result is (Result.WIN if one.colour is Colour.WHITE else Result.LOSS)
        assert two.result is Result.DRAW
    # written back as PGN: both games with their results, Round "R.B" and the Game tag
    pgn = write_results_pgn(t)
    assert _tags(pgn, "Result")[:6] == ["1-0", "1/2-1/2"] * 3 and _tags(pgn, "Game")[:2] == ["1", "2"]


def test_the_game_tag_places_a_game_and_a_contradiction_is_reported(tmp_path: Path) -> None:
    path = _new(tmp_path)
    t = read_trf(path)
    wrong = '[Event "x"]\n[Round "1.1"]\n[Game "2"]\n[White "Player 0"]\n[Black "Player 3"]\n[Result "1-0"]\n\n1-0\n'
    feed = tmp_path / "r1.pgn"
    feed.write_text(wrong)
    out = _run("result", str(path), "1", "--from-pgn", str(feed), code=2)
    assert "colours reversed" in out and "no results given" in out
    assert read_trf(path) == t


def test_the_watcher_waits_for_both_games_of_every_match(tmp_path: Path) -> None:
    folder = tmp_path / "feed"
    folder.mkdir()
    seed = _new(tmp_path, pair=False)
    watcher = Watcher(WatchConfig(folder, host="pgn", tournament=seed, stable=0))
    out = folder / "swissbridge-out"
    report = watcher.run_once()
    assert report.published == [("double", 1)], report.status
    state = parse_trf((out / "double-R1" / "double-R1.trf").read_bytes())
    assert state.completed_rounds == 2 and state.player(7).entries[0].result is Result.PAB
    assert first_unfinished_round(state, 2) is not None
    games = _with_results(state, 1, ("1-0", "0-1")).split("\n\n[Event")
    (folder / "round1.pgn").write_text(games[0] + "\n")  # board 1's game 1 only
    report = watcher.run_once()
    assert report.published == [] and "round 1: waiting for" in report.status, report.status
    (folder / "round1.pgn").write_text(_with_results(state, 1, ("1-0", "0-1")))
    report = watcher.run_once()
    assert report.published == [("double", 2)], report.status
    state = parse_trf((out / "double-R2" / "double-R2.trf").read_bytes())
    assert state.completed_rounds == 4
    white = next(p for p in state.players if p.entry(1) is not None and p.entry(1).colour is Colour.WHITE)  # type: ignore[union-attr]
    assert [e.result for e in white.entries[:2]] == [Result.WIN, Result.WIN]  # 1-0 with White, 0-1 with Black
    assert not (out / "double-R2" / "double-R2-sm.txt").exists()


def test_check_counts_rounds_in_matches(tmp_path: Path) -> None:
    path = _new(tmp_path)
    _run("result", str(path), "1", "1", "1-0", "½-½", "2", "0-1", "=", "3", "-/-", "1-0")
    _run("pair", str(path), "--in-place")
    out = _run("check", str(path))
    assert "3 rounds" in out and "6 rounds" not in out and "all 2 rounds ok" in out, out
    report = check_tournament(read_trf(path), "doubleswiss")
    assert report.total_rounds == 3 and [r.round_no for r in report.rounds] == [1, 2]


def test_check_reports_a_match_whose_games_pair_differently(tmp_path: Path) -> None:
    t = read_trf(_new(tmp_path))
    pending = Result.PENDING
    # game 2's column pairs 1 with 5 and 4 with 2: no longer the matches of game 1
    broken = t.with_round(
        2,
        {
            1: Entry(pending, 5, Colour.BLACK),
            5: Entry(pending, 1, Colour.WHITE),
            4: Entry(pending, 2, Colour.WHITE),
            2: Entry(pending, 4, Colour.BLACK),
        },
    )
    report = check_tournament(broken, "doubleswiss")
    assert not report.ok and "do not pair the same matches" in report.rounds[0].error


@pytest.mark.parametrize("system", ["dutch", "doubleswiss"])
def test_no_system_declares_the_games_of_a_round_a_second_time(system: str) -> None:
    """The games of a round are record 192's table (``model.games_per_round``); a system
    declares its codes, not its games."""
    from swissbridge import plugins, systems
    from swissbridge.model import games_per_round

    engine = plugins.load(system)
    assert "games" not in vars(type(engine)) and not hasattr(engine, "games")
    assert systems.games_per_round(engine) == games_per_round(engine.codes[0]) == (2 if system == "doubleswiss" else 1)
