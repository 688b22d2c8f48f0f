"""PGN read through python-chess (issue 35): every game's White, Black, Result and
Round as python-chess reads them, on the real PGN files of ../shared and on the
shapes real files take (comments, variations, broadcasts' unfinished games, tags not
one per line, a blank line inside the tags, encodings); none refused that python-chess
reads: header-only games one blank line apart (a lichess broadcast export) are one
game whose tags repeat, as python-chess reads them, with a warning at the repeated tag."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from swissbridge.formats import pgn

from tests.conftest import SAMPLES, shared_path
from tests.pgn_support import ours, python_chess


def _real_pgn_files() -> list[Path]:
    root = shared_path("realworld")
    return sorted(p for p in root.rglob("*") if p.suffix.lower() == ".pgn")


def test_every_real_pgn_file_reads_as_python_chess_reads_it() -> None:
    """Every game of every PGN of ../shared/realworld: the same games, each with the same
    four tags as python-chess."""
    files = _real_pgn_files()
    assert len(files) >= 3
    games = 0
    for f in files:
        data = f.read_bytes()
        mine, theirs = ours(data), python_chess(data)
        assert mine == theirs, f
        games += len(mine)
    assert games >= 237


def _same(text: str, expected: list[dict[str, str]], warnings: list[str] | None = None) -> None:
    assert python_chess(text) == expected
    assert ours(text, warnings) == expected


def _game(white: str, black: str, result: str, round_: str = "1") -> dict[str, str]:
    return {"White": white, "Black": black, "Result": result, "Round": round_}


def test_a_semicolon_comment_holding_a_result_tag() -> None:
    """A ``;`` comment runs to the end of the line, ``[Result "0-1"]`` in it included."""
    text = (
        '[White "a"]\n[Black "b"]\n[Round "1"]\n[Result "1-0"]\n\n'
        '1. e4 e5 ; [Result "0-1"] said the arbiter\n2. Nf3 1-0\n\n'
        '[White "c"]\n[Black "d"]\n[Round "1"]\n[Result "*"]\n\n; [Result "0-1"]\n1. d4 d5 1/2-1/2\n'
    )
    _same(text, [_game("a", "b", "1-0"), _game("c", "d", "1/2-1/2")])


def test_a_blank_line_inside_the_tags_is_one_game() -> None:
    text = (
        '[Event "AlphaZero vs. Stockfish"]\n\n[Round "1"]\n'
        '[White "Stockfish 8"]\n[Black "AlphaZero"]\n[Result "0-1"]\n\n'
        "1. e4 e5 0-1\n"
    )
    _same(text, [_game("Stockfish 8", "AlphaZero", "0-1")])


def test_tags_not_one_per_line_are_read_as_python_chess_reads_them() -> None:
    text = (
        '[Event "GMA"] [Site "Wijk aan Zee NED"]\n[Round "4"]\n'
        '[White "Ponomariov, Ruslan"]\n[Black "Shirov, Alexei D"]\n'
        '[Result "0-1"]\n1. d4 d5 0-1\n'
    )
    warnings: list[str] = []
    _same(text, [_game("Ponomariov, Ruslan", "Shirov, Alexei D", "0-1", "4")], warnings)
    assert warnings == ["line:1: several tags on one line: read as python-chess reads it, one tag"]


def test_a_comment_before_the_first_tag_and_a_garbage_tag() -> None:
    text = (
        '; exported by a board\n[Event "x"]\n[White "a"]\n[Black "b"]\n'
        '[Round "2.1"]\n[garbage\n[Result "1-0"]\n\n1. e4 1-0\n'
    )
    warnings: list[str] = []
    _same(text, [_game("a", "b", "1-0", "2.1")], warnings)
    assert warnings == ['line:6: a malformed tag line, skipped: expected [Name "value"]']


def test_a_broadcast_game_without_a_termination_marker_is_read_with_a_warning() -> None:
    """DGT LiveChess writes the games in progress: movetext, no marker yet."""
    text = (
        '[White "a"]\n[Black "b"]\n[Round "3.1"]\n[Result "*"]\n\n'
        '1. e4 {[%clk 1:30:00]} e5 2. Nf3\n\n[White "c"]\n[Black "d"]\n'
        '[Round "3.2"]\n[Result "1-0"]\n\n1. d4 1-0\n'
    )
    warnings: list[str] = []
    _same(text, [_game("a", "b", "*", "3.1"), _game("c", "d", "1-0", "3.2")], warnings)
    assert warnings == [
        "line:6: the game's movetext ends without a termination marker (*, 1-0, 0-1, 1/2-1/2): "
        "read as it stands; the file may still be being written"
    ]


def test_variations_comments_and_nags() -> None:
    """Nested variations, NAGs, a brace comment holding a blank line, results inside
    variations or after an illegal move (which python-chess does not read as the game's)."""
    text = (
        '[White "a"]\n[Black "b"]\n[Round "1"]\n[Result "*"]\n\n'
        "1. e4 $1 (1. d4 d5 (1... Nf6)) e5 {a comment\n\nover lines} 2. Nf3!? (2. f4 exf4) 0-1\n\n"
        '[White "c"]\n[Black "d"]\n[Round "1"]\n[Result "*"]\n\n1. e4 (1. d4 1-0) e5 *\n\n'
        '[White "e"]\n[Black "f"]\n[Round "1"]\n\n1. e4 e5 2. Ke3 1-0\n\n'
        '[White "g"]\n[Black "h"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 (1. d4 0-1) e5 1-0\n'
    )
    # a result inside a variation is not the game's; nor one after an illegal move (2. Ke3)
    _same(text, [_game("a", "b", "0-1"), _game("c", "d", "*"), _game("e", "f", "*"), _game("g", "h", "1-0")])


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "latin-1"])
def test_encodings_and_byte_order_marks(encoding: str) -> None:
    text = '[White "Müller, Tobias"]\n[Black "Dubois, Élise"]\n[Round "3.1"]\n[Result "1/2-1/2"]\n\n1. e4 1/2-1/2\n'
    assert ours(text.encode(encoding)) == [_game("Müller, Tobias", "Dubois, Élise", "1/2-1/2", "3.1")]


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_line_ends(end: str) -> None:
    text = (
        '[White "a"]\n[Black "b"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
        '[White "c"]\n[Black "d"]\n[Round "1"]\n\n*\n'
    )
    assert ours(text.replace("\n", end).encode()) == [_game("a", "b", "1-0"), _game("c", "d", "*")]


def test_header_only_games_one_blank_line_apart_are_one_game_as_python_chess_reads_them() -> None:
    """A lichess broadcast export's shape: python-chess takes one blank line inside the
    tags for part of them and keeps a repeated tag's last value: one game. So does the
    reader, saying where the tags repeat (separate games each need their movetext)."""
    text = (
        '[Round "1.1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n'
        '[Round "1.2"]\n[White "c"]\n[Black "d"]\n[Result "0-1"]\n'
    )
    warnings: list[str] = []
    _same(text, [_game("c", "d", "0-1", "1.2")], warnings)
    assert warnings == [
        "line:6: the tag Round again in the game whose tags begin at line 1 (first at line 1): read as python-chess "
        "reads it, one game with each tag's last value; separate games each need their movetext, at least a "
        "termination marker (*, 1-0, 0-1, 1/2-1/2)"
    ]
    ended = text.replace('"1-0"]\n\n', '"1-0"]\n\n1-0\n\n') + "\n0-1\n"
    _same(ended, [_game("a", "b", "1-0", "1.1"), _game("c", "d", "0-1", "1.2")], warnings)


def test_escaped_tag_values_read_back_as_written() -> None:
    """The writer escapes ``"`` and ``\\`` (python-chess's does not); the reader unescapes."""
    from swissbridge.formats.pgn.writing import tag

    text = tag("White", 'Smith "The Rook" \\ Jr') + '\n[Black "b"]\n[Result "1-0"]\n\n1-0\n'
    assert pgn.parse_pgn(text)[0].white == 'Smith "The Rook" \\ Jr'


def test_a_line_of_a_million_comments_is_read_in_linear_time() -> None:
    """python-chess copies the rest of a line for every comment; the reader hands it long
    movetext lines cut at a space."""
    text = '[White "a"]\n[Black "b"]\n[Result "*"]\n\n' + "{c} " * 250_000 + "1-0\n"
    started = time.perf_counter()
    (game,) = pgn.parse_pgn(text)
    assert game.result == "1-0" and time.perf_counter() - started < 10


def test_pairing_a_trf_does_not_load_python_chess() -> None:
    script = (
        "import sys; from swissbridge.cli.launch import parse_pair, plain_pair; "
        f"code = plain_pair(parse_pair([{str(SAMPLES / 'open-round4.trf')!r}, '-f', 'pairlist'])); "
        "print('chess' in sys.modules, file=sys.stderr); sys.exit(code)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr.strip()) == (0, "False")
