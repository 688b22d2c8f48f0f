"""``swissbridge watch`` on the command line: logging, a progress bar on a terminal,
the arguments checked, the single-writer lock taken, then one pass (``--once``) or
watching until stopped."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from swissbridge.errors import OutputError
from swissbridge.model import Colour
from swissbridge.watch.loop import Watcher, log
from swissbridge.watch.types import NoProgress, Progress, WatchConfig

MAX_STABLE = 86_400
"""The longest ``--stable`` wait, a day: a file unchanged that long is stable, and a
longer (or infinite) wait cannot be added to a clock."""


class RichProgress:
    """A transient progress bar (or spinner when the amount is unknown) on a terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    @contextlib.contextmanager
    def task(self, description: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        console = Console(file=self.stream)
        columns: list[Any] = [SpinnerColumn(), TextColumn("{task.description}")]
        if total is not None:
            columns += [BarColumn(), TextColumn("{task.percentage:>3.0f}%")]
        columns.append(TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task_id = bar.add_task(description, total=total)
            yield lambda n: bar.advance(task_id, n)


class _TerminalFormatter(logging.Formatter):
    """The log's lines with their control characters made harmless
    (:func:`~swissbridge.messages.terminal_text`): a log line quotes file contents."""

    def format(self, record: logging.LogRecord) -> str:
        from swissbridge.messages import terminal_text

        return terminal_text(super().format(record))


def run_cli(
    folder: Path,
    *,
    host: str,
    system: str | None,
    out: Path | None,
    tournament: Path | None,
    rounds: int | None,
    once: bool,
    stable: float,
    verbose: bool,
    stream: IO[str] | None = None,
    initial_colour: Colour | None = None,
    encoding: str | None = None,
) -> int:
    """``swissbridge watch``: set up logging and progress, check the arguments, run.
    Returns the exit status (2 bad usage or input, 5 output, 1 no legal pairing)."""
    err = stream or sys.stderr
    handler = logging.StreamHandler(err)
    handler.setFormatter(_TerminalFormatter("%(asctime)s %(levelname)-7s %(message)s", "%H:%M:%S"))
    log.handlers[:] = [handler]
    log.setLevel(logging.DEBUG if verbose else logging.INFO)
    log.propagate = False

    def usage(message: str) -> int:
        err.write(f"swissbridge: {message}\n")
        return 2

    if not folder.is_dir():
        what = "not a folder (watch takes the folder the host writes into)" if folder.exists() else "no such folder"
        return usage(f"{folder}: {what}")
    if not 0 <= stable <= MAX_STABLE:  # also refuses nan, which compares false with everything
        return usage(f"--stable takes seconds between 0 and {MAX_STABLE:,} (a day), found {stable}")
    if host == "pgn":
        if tournament is None:
            return usage("--host pgn needs --tournament STATE.trf (the tournament to record results in)")
        if not tournament.is_file():
            return usage(f"{tournament}: {'not a regular file' if tournament.exists() else 'no such file'}")
    elif tournament is not None:
        return usage("--tournament is for --host pgn; Swiss-Manager's exports carry the tournament")
    from swissbridge.errors import UsageError
    from swissbridge.systems import DEFAULT
    from swissbridge.systems.settings import given

    try:
        given(system, initial_colour, rounds, encoding)
    except UsageError as exc:
        return usage(str(exc))

    config = WatchConfig(
        folder=folder,
        host=host,
        system=system,
        out=out,
        tournament=tournament,
        rounds=rounds,
        initial_colour=initial_colour,
        encoding=encoding,
        stable=stable,
    )
    if os.path.lexists(config.out_dir) and not config.out_dir.is_dir():
        return usage(
            f"the output folder {config.out_dir} is not a folder: give --out a folder (created if missing) "
            "for the published rounds"
        )
    progress: Progress = NoProgress()
    if err.isatty():
        try:
            import rich  # noqa: F401  (comes with typer)

            progress = RichProgress(err)
        except ImportError:
            pass
    watcher = Watcher(config, progress=progress)
    try:
        watcher.acquire()
    except OutputError as exc:
        err.write(f"swissbridge: {exc}\n")
        return 5
    what = {"swiss-manager": "tournament files (TRF, Swiss-Manager's .TUNX or exports)", "pgn": "a PGN feed"}[host]
    cfg = watcher.config
    pairing = (
        f"with the {system} system (--system)" if system else f"with the system record 192 names ({DEFAULT} if none)"
    )
    log.info(
        "watching %s for %s and pairing %s; writing to %s; a file is read once it has not changed for %g s",
        cfg.folder,
        what,
        pairing,
        cfg.out_dir,
        stable,
    )
    try:
        if once:
            return watcher.run_once().exit_code
        stop = threading.Event()

        def _stop(signum: int, frame: object) -> None:
            stop.set()

        with contextlib.suppress(ValueError):  # not the main thread: Ctrl-C only
            signal.signal(signal.SIGTERM, _stop)
        with contextlib.suppress(KeyboardInterrupt):
            watcher.watch(stop)
        if watcher.lost is not None:
            return 5  # another watcher took the output folder: said when it happened
        log.info("stopped")
        return 0
    finally:
        watcher.release()
