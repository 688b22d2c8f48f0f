"""The four tags of every game of a PGN text as python-chess reads them and as
swissbridge reads them (issue 35): what the PGN tests compare."""

from __future__ import annotations

import io

import chess.pgn
from swissbridge.formats import pgn
from swissbridge.formats.pgn.reading import decode_pgn

FOUR = ("White", "Black", "Result", "Round")


def python_chess(data: bytes | str) -> list[dict[str, str]]:
    """The four tags of every game, as python-chess reads the text (its defaults for a
    missing tag, ``?`` and ``*``; a Result of ``*`` takes the termination marker)."""
    text = data if isinstance(data, str) else decode_pgn(data, None)
    handle = io.StringIO(text)
    out: list[dict[str, str]] = []
    while (game := chess.pgn.read_game(handle)) is not None:
        out.append({tag: game.headers[tag] for tag in FOUR})
    return out


def ours(data: bytes | str, warnings: list[str] | None = None) -> list[dict[str, str]]:
    """The four tags of every game as :func:`swissbridge.formats.pgn.parse_pgn` reads them."""
    return [
        {
            "White": g.headers.get("White", "?"),
            "Black": g.headers.get("Black", "?"),
            "Result": g.result,
            "Round": g.headers.get("Round", "?"),
        }
        for g in pgn.parse_pgn(data, warnings=warnings)
    ]
