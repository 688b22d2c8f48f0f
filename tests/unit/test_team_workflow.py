"""A team event run with ``pair --in-place`` and ``result`` alone: the round written into
the file is its members' games (never the team numbers as players), and ``result``
numbers the boards as ``pair`` prints them (counted down the matches, or ``MATCH.BOARD``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import parse_trf
from swissbridge.model import Colour, Entry, Result
from swissbridge.plugins.team import TeamSystem
from swissbridge.rules.teams import TeamEvent, board_pairing, game_number, round_boards
from swissbridge.watch.render import team_board_numbers
from typer.testing import CliRunner

runner = CliRunner()

PLAYERS = ["Hansen, Ola", "Lie, Ingrid", "Berg, Erik", "Nilsen, Kari", "Dahl, Per"]
PLAYERS += ["Moen, Sara", "Vik, Jonas", "Aas, Liv", "Strand, Tor", "Lund, Eva"]
TEAMS = ["Bergen SK", "Oslo SK", "Tromso SK", "Stavanger SK", "Bodo SK"]


def _event(tmp_path: Path) -> Path:
    """Five teams of two boards, no round paired (as an arbiter writes it by hand)."""
    lines = ["012 Team Cup", "142 4", "192 FIDE_TEAM_TYPEA_MP_GP"]
    for t, name in enumerate(TEAMS, 1):
        lines.append(f"310 {t:>3} {name:<32}".ljust(73) + f"{2 * t - 1:>5}{2 * t:>5}")
    for n, name in enumerate(PLAYERS, 1):
        lines.append(f"001 {n:>4}      {name:<33} {2300 - 50 * n:>4} NOR".ljust(80) + "0.0")
    path = tmp_path / "cup.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _printed_boards(text: str) -> list[tuple[int, int, tuple[int, int]]]:
    """(match, board, (white, black)) of every board of ``pair``'s team board list."""
    out: list[tuple[int, int, tuple[int, int]]] = []
    match = 0
    for line in text.splitlines():
        if m := re.match(r"^\s*(\d+)\s+\(\d+\) ", line):
            match = int(m.group(1))
        elif m := re.match(r"^\s+(\d+)\. \((\d+)\) .* - \((\d+)\) ", line):
            out.append((match, int(m.group(1)), (int(m.group(2)), int(m.group(3)))))
    return out


def test_pair_in_place_writes_the_members_games_and_result_follows_the_printed_boards(tmp_path: Path) -> None:
    path = _event(tmp_path)
    for r in range(1, 5):
        printed = _printed_boards(_run("pair", str(path), "--in-place"))
        assert len(printed) == 4
        t = parse_trf(path.read_bytes())
        for _, _, (white, black) in printed:  # every printed game is in the file, with its colours
            entry = t.player(white).entry(r)
            assert entry is not None and (entry.opponent, entry.colour) == (black, Colour.WHITE)
        bye = [p.start_no for p in t.players if (e := p.entry(r)) is not None and e.result is Result.PAB]
        assert len(bye) == 2  # the PAB team's two members, nobody else
        assert round_boards(t, r) == printed
        # board 1 by its number, board 2 as 1.2, board 3 as 2.1, board 4 by its number
        _run("result", str(path), str(r), "1", "1-0", "1.2", "0-1", "2.1", "=", "4", "1-0")
        t = parse_trf(path.read_bytes())
        want = [Result.WIN, Result.LOSS, Result.DRAW, Result.WIN]
        for (_, _, (white, _)), result in zip(printed, want, strict=True):
            entry = t.player(white).entry(r)
            assert entry is not None and entry.result is result
    out = _run("check", str(path))
    assert out.splitlines()[-1] == "all 4 rounds ok"


def test_the_boards_of_a_generated_event_are_numbered_as_pair_prints_them(tmp_path: Path) -> None:
    path = tmp_path / "teams.trf"
    _run("generate", "--system", "team", "-n", "12", "--boards", "4", "--rounds", "6", "--seed", "5", "-o", str(path))
    assert "\n300 " in path.read_text(encoding="utf-8")  # line-ups out of record 310's order are read
    t = parse_trf(path.read_bytes())
    for r in range(1, 7):
        assert round_boards(t, r) == _printed_boards(_run("pair", str(path), "--round", str(r)))


@pytest.mark.parametrize("seed", [5, 11])
def test_the_watcher_result_and_the_writers_number_a_team_round_as_pair_prints_it(tmp_path: Path, seed: int) -> None:
    """One numbering of a team round's games: the watcher's waiting message (from the
    published pairing of teams, and without it), ``result``'s (match, board) and board
    number, and the writers' numbers (:func:`board_pairing`) are the list ``pair`` prints."""
    path = tmp_path / "teams.trf"
    _run(
        "generate",
        "--system",
        "team",
        "-n",
        "11",
        "--boards",
        "3",
        "--rounds",
        "5",
        "--seed",
        str(seed),
        "-o",
        str(path),
    )
    t = parse_trf(path.read_bytes())
    boards = TeamEvent(t).boards
    for r in range(1, 6):
        printed = _printed_boards(_run("pair", str(path), "--round", str(r)))
        assert round_boards(t, r) == printed
        pending = t.with_round(
            r,
            {
                p.start_no: Entry(Result.PENDING, e.opponent, e.colour)
                for p in t.players
                if (e := p.entry(r)) is not None and e.opponent is not None
            },
        )
        want = {frozenset(game): (m, b) for m, b, game in printed}
        pairlist = _run("pair", str(path), "--round", str(r), "--format", "pairlist")
        assert team_board_numbers(pending, r, pairlist) == want
        assert team_board_numbers(pending, r, None) == want
        written = board_pairing(t, TeamSystem().pair(t, r))
        numbers = {frozenset((b.white, b.black)): n for n, b in written.numbered()}
        assert numbers == {frozenset(game): game_number(boards, m, b) for m, b, game in printed}


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["3.1", "1-0"], "round 1 has 2 matches; there is no match 3"),
        (["1.3", "1-0"], "match 1 of round 1 has no game on board 3"),
        (["0.1", "1-0"], "expected a board number (3), a team event's MATCH.BOARD (2.3)"),
        (["1.1", "H"], "a bye is for a player"),
    ],
)
def test_a_match_board_that_names_no_game_is_refused(tmp_path: Path, words: list[str], message: str) -> None:
    path = _event(tmp_path)
    _run("pair", str(path), "--in-place")
    before = path.read_bytes()
    result = runner.invoke(app, ["result", str(path), "1", *words])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert path.read_bytes() == before


def test_match_board_is_refused_for_an_event_of_players(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes((Path(__file__).parents[2] / "samples" / "club-start.trf").read_bytes())
    _run("pair", str(path), "--in-place")
    result = runner.invoke(app, ["result", str(path), "1", "1.1", "1-0"])
    assert result.exit_code == 2 and "MATCH.BOARD is for a team event" in result.output


def test_the_boards_of_an_accelerated_team_event_are_named_by_players(tmp_path: Path) -> None:
    """The system orders an accelerated event's matches with virtual points: a board number read
    otherwise could take another game's result, so in a file without the round's printed boards
    (record BRD, which pair --in-place writes) only #START is taken."""
    path = _event(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_MP_GP_BAKU"))
    printed = _printed_boards(_run("pair", str(path), "--in-place"))
    paired = path.read_text(encoding="utf-8")
    path.write_text("".join(line for line in paired.splitlines(keepends=True) if not line.startswith("BRD ")))
    before = path.read_bytes()
    result = runner.invoke(app, ["result", str(path), "1", "1", "1-0"])
    assert result.exit_code == 2 and "#START RESULT" in result.output and path.read_bytes() == before
    _run("result", str(path), "1", "#1", "1-0")
    entry = parse_trf(path.read_bytes()).player(1).entry(1)
    assert entry is not None and entry.result is Result.WIN
    path.write_text(paired, encoding="utf-8")  # the round's boards as printed: board 1 is the first game printed
    _run("result", str(path), "1", "1", "1-0")
    _, _, (white, black) = printed[0]
    entries = parse_trf(path.read_bytes())
    assert [entries.player(n).entry(1).result for n in (white, black)] == [Result.WIN, Result.LOSS]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("line", "record", "where", "message"),
    [
        (4, f"310   1 {'Oslo SK':<32}".ljust(73) + "    3    4", ":5:5:", "team pairing number 1 is given twice"),
        (4, f"310   2 {'Oslo SK':<32}".ljust(73) + "    3    1", ":5:79:", "player 1 is a member of teams 1 and 2"),
    ],
)
def test_a_bad_team_record_is_located(tmp_path: Path, line: int, record: str, where: str, message: str) -> None:
    path = _event(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line] = record
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["pair", str(path)])
    assert result.exit_code == 2 and f"cup.trf{where} {message}" in result.output, result.output


def test_generate_names_the_option_of_too_many_rounds() -> None:
    result = runner.invoke(app, ["generate", "--system", "team", "-n", "5", "--rounds", "5"])
    assert result.exit_code == 2 and "swissbridge: --rounds 5: 5 teams cannot play 5 Swiss rounds" in result.output


def test_watch_says_a_file_is_not_a_folder(tmp_path: Path) -> None:
    path = _event(tmp_path)
    result = runner.invoke(app, ["watch", str(path), "--once"])
    assert result.exit_code == 2 and "cup.trf: not a folder" in result.output, result.output
