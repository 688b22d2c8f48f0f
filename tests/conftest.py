"""Shared test fixtures. Tests that read ../shared (the corpus, the real-world files,
the specs) use ``shared`` and are skipped cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED = Path(os.environ.get("SWISSBRIDGE_SHARED", ROOT.parent / "shared"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--stress", action="store_true", help="also run the long stress tests (marker `stress`)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``stress`` run only with ``--stress`` (or SWISSBRIDGE_STRESS=1)."""
    if config.getoption("--stress") or os.environ.get("SWISSBRIDGE_STRESS") == "1":
        return
    skip = pytest.mark.skip(reason="long stress run: pass --stress")
    for item in items:
        # the marker, not the keyword: every test under tests/stress/ has the folder name as a keyword
        if item.get_closest_marker("stress") is not None:
            item.add_marker(skip)


def shared_path(*parts: str) -> Path:
    """A path under ../shared; skips the calling test when it does not exist."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present (../shared is optional)")
    return path


def swiss_systems() -> list[str]:
    """The shipped systems that pair individual Swiss events of single games (players,
    not round robins, one game a round), asked of the registry: what a test of "every
    system" runs over, on files of single-game rounds. A system whose rounds are matches
    of two games (the Double-Swiss, C.04.5: two round columns a round) has its own
    tests (``tests/unit/test_doubleswiss*.py``)."""
    from swissbridge import plugins
    from swissbridge.systems import games_per_round

    return [
        s.name
        for s in plugins.loaded_shipped()
        if "players" in s.entrants and s.round_robin is None and games_per_round(s) == 1
    ]


@pytest.fixture
def shared() -> Path:
    return shared_path()


def unfinished_sample(folder: Path) -> tuple[Path, int, int, int]:
    """samples/open-round4.trf with one game of its last round left without a result
    (GHR 3.1), written to ``folder``: (path, that round, White, Black)."""
    from swissbridge.formats.trf import read_trf, write_trf
    from swissbridge.model import Colour, Entry, Result

    sample = read_trf(SAMPLES / "open-round4.trf")
    done = sample.completed_rounds
    white, black = next(
        (p.start_no, e.opponent)
        for p in sample.players
        if (e := p.entry(done)) is not None and e.played and e.colour is Colour.WHITE and e.opponent is not None
    )
    unfinished = sample.with_round(
        done, {white: Entry(Result.PENDING, black, Colour.WHITE), black: Entry(Result.PENDING, white, Colour.BLACK)}
    )
    path = folder / "unfinished.trf"
    path.write_text(write_trf(unfinished), encoding="utf-8")
    return path, done, white, black


_FWWRC: list[Path] = []


def fwwrc_games() -> Path:
    """The FWWRC 2024 broadcast export (../shared/realworld/scalachess/FWWRC.pgn: 605
    header-only games one blank line apart, which python-chess, and so swissbridge,
    reads as one game whose tags repeat) with each game ended by its result as the
    termination marker, as separate games need: 605 games. Written once a session."""
    source = shared_path("realworld", "scalachess", "FWWRC.pgn")
    if not _FWWRC:
        import re
        import tempfile

        blocks = source.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
        result = re.compile(r'^\[Result "([^"]*)"\]$', re.MULTILINE)
        games = [f"{b}\n\n{m.group(1) if (m := result.search(b)) else '*'}" for b in blocks]
        path = Path(tempfile.mkdtemp(prefix="swissbridge-fwwrc-")) / "FWWRC.pgn"
        path.write_text("\n\n".join(games) + "\n", encoding="utf-8")
        _FWWRC.append(path)
    return _FWWRC[0]
