"""PGN files of other projects read game by game as python-chess reads them (issue 35):
the evidence beyond ../shared. ``SWISSBRIDGE_PGN_CORPUS`` names a folder of ``.pgn``
files gathered from packages that ship them (the python-chess sdist's ``data/pgn`` and
fuzz corpus; the chess.js, cm-pgn and @mliebelt/pgn-parser npm tarballs; Debian's
pychess and pgn-extract packages: docs/formats.md); skipped without it. A file whose
games python-chess itself cannot read (its game builder raises) is left out and named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.pgn_support import ours, python_chess


def test_every_game_of_the_gathered_pgn_files_reads_as_python_chess_reads_it() -> None:
    folder = os.environ.get("SWISSBRIDGE_PGN_CORPUS")
    if not folder:
        pytest.skip("SWISSBRIDGE_PGN_CORPUS names no folder of gathered PGN files")
    files = sorted(p for p in Path(folder).rglob("*") if p.suffix.lower() == ".pgn")
    assert files, f"no .pgn file under {folder}"
    games, differing, unreadable = 0, [], []
    for f in files:
        data = f.read_bytes()
        try:
            theirs = python_chess(data)
        except Exception:  # python-chess's own failure: nothing to compare with
            unreadable.append(f.name)
            continue
        games += len(theirs)
        if ours(data) != theirs:
            differing.append(str(f))
    print(f"{len(files)} files, {games} games as python-chess reads them; python-chess fails on {unreadable}")
    assert differing == []
