"""Test helpers for the watcher tests: a tiny deterministic pairing system (used
only until the Dutch engine can pair, and only inside tests), tournament builders
and a runner for the watcher in a subprocess."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from swissbridge.model import Colour, Player, Result, Tournament
from swissbridge.pairing import Board, RoundPairing


class ToySystem:
    """Score order, neighbours paired, rematches avoided greedily, colours by
    alternation; the lowest player gets the bye. Not FIDE: a stand-in so the
    watcher's machinery can be tested before the real engines exist."""

    name = "toy"
    codes = ("TOY",)
    engine_flag = "--toy"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        r = tournament.next_round if round_no is None else round_no
        pts = tournament.points
        present = [p for p in tournament.players if p.entry(r) is None or p.entry(r).result is Result.PENDING]
        order = sorted(present, key=lambda p: (-p.score(pts, r - 1), p.start_no))
        met = {p.start_no: {e.opponent for e in p.entries[: r - 1] if e.opponent} for p in order}
        bye = None
        if len(order) % 2:
            bye = order.pop().start_no
        boards: list[Board] = []
        pool = list(order)
        while pool:
            a = pool.pop(0)
            j = next((i for i, b in enumerate(pool) if b.start_no not in met[a.start_no]), 0)
            b = pool.pop(j)
            whites = sum(1 for e in a.entries[: r - 1] if e.colour is Colour.WHITE)
            blacks = sum(1 for e in a.entries[: r - 1] if e.colour is Colour.BLACK)
            if whites > blacks or (whites == blacks and len(boards) % 2):
                a, b = b, a
            boards.append(Board(a.start_no, b.start_no))
        return RoundPairing(r, tuple(boards), bye, {}, "toy")


def install_toy(monkeypatch: object) -> None:
    """Make ``swissbridge.plugins.load("toy")`` return the toy system, and ``require``
    know it (tests only)."""
    import swissbridge.plugins as plugins

    real, known = plugins.load, plugins.require

    def load(name: str) -> object:
        return ToySystem() if name == "toy" else real(name)

    def require(name: str) -> None:
        if name != "toy":
            known(name)

    monkeypatch.setattr(plugins, "load", load)  # type: ignore[attr-defined]
    monkeypatch.setattr(plugins, "require", require)  # type: ignore[attr-defined]


def field_of(n: int, rounds: int = 7, name: str = "Test Open") -> Tournament:
    """``n`` players, no round played, names that need escaping in HTML."""
    players = []
    for i in range(1, n + 1):
        nm = f"Player{i:03d}, Anna" if i != 2 else "O'Brien <b>&</b>, Zoë"
        players.append(Player(start_no=i, name=nm, rating=2600 - 7 * i, fide_id=str(1000000 + i), sex="m"))
    return Tournament(players=tuple(players), name=name, total_rounds=rounds)


def run_cli_with_toy() -> None:  # pragma: no cover - runs in a subprocess
    """Entry point for subprocess tests: the CLI with the toy system available."""
    import swissbridge.plugins as plugins

    real, known = plugins.load, plugins.require

    def load(name: str) -> object:
        return ToySystem() if name == "toy" else real(name)

    def require(name: str) -> None:
        if name != "toy":
            known(name)

    plugins.load = load  # type: ignore[assignment]
    plugins.require = require
    stall = int(os.environ.get("SWISSBRIDGE_TEST_STALL_AT", "0"))
    if stall:
        # announce every rename (the state file put in place, a staged folder revealed)
        # and stall before the ``stall``-th: the crash test kills the process there
        import time

        count = [0]

        def announced(real: Any) -> Any:
            def rename(src: str, dst: str, **kw: Any) -> None:
                count[0] += 1
                print(f"rename {Path(dst).name}", flush=True)
                if count[0] == stall:
                    time.sleep(60)
                real(src, dst, **kw)

            return rename

        os.replace = announced(os.replace)
        os.rename = announced(os.rename)
    from swissbridge.cli.commandline import main

    sys.argv = ["swissbridge", *sys.argv[1:]]
    main()


if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, os.fspath(Path(__file__).resolve().parent.parent))
    run_cli_with_toy()


def visible(out: Path) -> dict[str, bytes]:
    """What a person or the host sees in the output folder: every file whose path
    has no hidden part (the watcher's memory, lock and staging are hidden), by path.

    A watcher may be publishing while it looks (a test polling for a round): a folder
    or file that vanishes under the listing (a staged folder renamed into place) makes
    it list again, so that what it returns is one whole listing, never an error."""
    for _ in range(1000):
        try:
            return _listing(out)
        except (FileNotFoundError, NotADirectoryError):
            continue  # the folder changed under the listing
    return _listing(out)


def _listing(out: Path) -> dict[str, bytes]:
    if not out.exists():
        return {}
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)
    }


SITE_PAGES = frozenset({"index.html", "slips.html", "standings.txt", "standings.json", "standings.html"})
"""The files of a round's site (swissbridge.publish.site) besides ``players/N.html``."""


def is_site_file(path: str) -> bool:
    """A file of a round's static site (index, standings, player pages), as opposed to
    the pairing outputs the host and the broadcast read."""
    parts = path.split("/")
    return parts[-1] in SITE_PAGES or "players" in parts[:-1]


def pairing_outputs(paths: Iterable[str]) -> list[str]:
    """The pairing outputs among ``paths`` (the round's site left out), sorted."""
    return sorted(p for p in paths if not is_site_file(p))


def results_for(round_no: int, board_no: int) -> tuple[Result, Result]:
    """A fixed result pattern: White wins on odd boards, draws on even ones, except
    that Black wins every third board from round 2 on."""
    if round_no > 1 and board_no % 3 == 0:
        return Result.LOSS, Result.WIN
    if board_no % 2:
        return Result.WIN, Result.LOSS
    return Result.DRAW, Result.DRAW


def with_results(t: Tournament, pairing: RoundPairing) -> Tournament:
    """``t`` (round not yet in it) with ``pairing`` played out by :func:`results_for`."""
    from swissbridge.model import Entry

    entries: dict[int, Entry] = {}
    for i, b in enumerate(pairing.boards, 1):
        rw, rb = results_for(pairing.round_no, i)
        entries[b.white] = Entry(rw, b.black, Colour.WHITE)
        entries[b.black] = Entry(rb, b.white, Colour.BLACK)
    if pairing.bye is not None:
        entries[pairing.bye] = Entry(Result.PAB)
    return t.with_round(pairing.round_no, entries)


def played(t: Tournament, rounds: int) -> Tournament:
    """``t`` with ``rounds`` rounds paired by the toy system and played out."""
    system = ToySystem()
    for r in range(1, rounds + 1):
        t = with_results(t, system.pair(t, r))
    return t


def result_pgn(
    t: Tournament, pairing: RoundPairing, *, only: set[int] | None = None, star: frozenset[int] = frozenset()
) -> str:
    """A broadcast feed of ``pairing``: the boards of ``only`` (default all) with
    results by :func:`results_for`, boards in ``star`` still in progress. Games are
    written in reverse board order (feeds are matched by players, not position)."""
    text = {Result.WIN: "1-0", Result.LOSS: "0-1", Result.DRAW: "1/2-1/2"}
    games = []
    for i, b in reversed(list(enumerate(pairing.boards, 1))):
        if only is not None and i not in only:
            continue
        rw, _ = results_for(pairing.round_no, i)
        res = "*" if i in star else text[rw]
        w, bl = t.player(b.white), t.player(b.black)
        moves = "1. e4 e5 2. Nf3 Nc6 " + res
        games.append(
            f'[Event "{t.name}"]\n[Round "{pairing.round_no}.{i}"]\n[White "{w.name}"]\n[Black "{bl.name}"]\n'
            f'[WhiteFideId "{w.fide_id}"]\n[BlackFideId "{bl.fide_id}"]\n[Result "{res}"]\n\n{moves}\n'
        )
    return "\n".join(games)


def dangling(files: dict[str, bytes]) -> list[tuple[str, str]]:
    """Every (page, href) of ``files`` (paths relative to the output folder) whose target
    is not among them; a fragment must name an ``id`` of its page."""
    out = []
    for path, data in files.items():
        if not path.endswith(".html"):
            continue
        page = data.decode()
        for href in re.findall(r'href="?([^"\s>]+)', page):
            target, _, fragment = href.partition("#")
            resolved = os.path.normpath(Path(path).parent / target) if target else path
            missing = resolved not in files
            if missing or (fragment and f"id={fragment}" not in files[resolved].decode().replace('"', "")):
                out.append((path, href))
    return out
