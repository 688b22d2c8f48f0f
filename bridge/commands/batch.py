"""Checking many tournaments at once: ``swissbridge check FILE|FOLDER ...``.

Federations and endorsement runs check thousands of files (FIDE endorses a pairing
program by having it re-pair thousands of random tournaments). Each tournament is
checked exactly as ``check`` checks one file (:func:`swissbridge.commands.check.check_tournament`:
every round paired again from the history before it and compared with the pairing
played), in parallel worker processes, and summed up per tournament:

* *passed* — every round identical;
* *differs* — some round is paired differently (or cannot be paired at all), with
  the first such round and the first criterion that separates the two pairings;
* *unreadable* — the file cannot be read or checked as given (a bad file, a team
  event, an option that does not fit it), with the reason located in the file;
* *error* — the check itself broke down (a defect to report).

Folders are searched recursively: a folder of round PGNs or Swiss-Manager exports
is one tournament, anything else contributes its tournament files
(:data:`swissbridge.formats.detect.FILE_SUFFIXES`) and its subfolders.
"""

from __future__ import annotations

import enum
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from swissbridge.atomic import open_regular, write_atomic
from swissbridge.commands.check import BoardDiff, CheckReport, RoundCheck, check_tournament
from swissbridge.errors import InputError, SwissbridgeError
from swissbridge.systems.settings import Settings, apply_settings

__all__ = [
    "Status",
    "TournamentResult",
    "check_many",
    "check_one",
    "closing_line",
    "exit_status",
    "find_tournaments",
    "report_json",
    "result_line",
    "result_of",
    "usable_cores",
    "warning_lines",
    "write_report",
]


class Status(str, enum.Enum):
    """The verdict on one tournament."""

    OK = "ok"
    DIFFERS = "differs"
    UNREADABLE = "unreadable"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round of a checked tournament, as the report keeps it."""

    round_no: int
    ok: bool
    error: str = ""
    diffs: tuple[BoardDiff, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The verdict on one tournament file (or tournament folder)."""

    path: str
    status: Status
    system: str = ""
    rounds: tuple[RoundResult, ...] = ()
    criterion: str = ""
    """For a tournament that differs: what first separates the two pairings of its
    first differing round."""
    message: str = ""
    """Why an unreadable tournament could not be checked, or what broke down."""
    warnings: tuple[str, ...] = field(default=())
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return self.status is Status.OK

    @property
    def differing(self) -> tuple[int, ...]:
        return tuple(r.round_no for r in self.rounds if not r.ok)


# -- finding the tournaments ----------------------------------------------------------------------


def find_tournaments(paths: Iterable[Path], *, skip: Iterable[Path] = ()) -> list[Path]:
    """The tournaments named by ``paths``: a file as given; a folder that is one
    tournament itself (round PGNs, Swiss-Manager exports); any other folder searched
    recursively for tournament files and such folders, in name order. Hidden entries
    (a leading dot) and ``skip`` (the report being written) are left out; a
    tournament named twice is checked once."""
    from swissbridge.formats.detect import FILE_SUFFIXES, is_tournament_folder

    skipped = {_identity(p) for p in skip}
    seen: set[str] = set()
    out: list[Path] = []

    def add(p: Path) -> None:
        key = _identity(p)
        if key not in seen and key not in skipped:
            seen.add(key)
            out.append(p)

    def walk(folder: Path) -> Iterator[Path]:
        if is_tournament_folder(folder):
            yield folder
            return
        try:
            entries = sorted(folder.iterdir(), key=lambda e: e.name)
        except OSError:
            yield folder  # reading it reports why it cannot be listed
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.is_dir():
                yield from walk(entry)
            elif entry.is_file() and _is_tournament_file(entry, FILE_SUFFIXES):
                yield entry

    for p in paths:
        if p.is_dir():
            for found in walk(p):
                add(found)
        else:
            add(p)  # whatever its name: reading it says what is wrong
    return out


def _is_tournament_file(entry: Path, suffixes: frozenset[str]) -> bool:
    """A file found in a folder that holds a tournament: by its extension, and for
    JSON (a common extension) only a ``swissbridge-tournament`` document, whose
    format is its first member."""
    from swissbridge.formats.jsonfmt import TOURNAMENT_FORMAT

    suffix = entry.suffix.lower()
    if suffix not in suffixes:
        return False
    if suffix != ".json":
        return True
    try:
        with open_regular(entry) as fh:
            head = fh.read(512)
    except OSError:
        return True  # reading it reports why it cannot be read
    return TOURNAMENT_FORMAT.encode() in head


def _identity(p: Path) -> str:
    return os.path.realpath(p)


# -- checking one tournament ----------------------------------------------------------------------


def check_one(path: Path, settings: Settings, encoding: str | None = None) -> TournamentResult:
    """Read (Swiss-Manager exports in ``encoding``) and check one tournament; never
    raises for a problem of the file (the verdict says it), so that one bad file
    cannot stop a batch."""
    from swissbridge.systems.service import read_tournament

    start = time.perf_counter()
    where = os.fspath(path)
    read_warnings: list[str] = []
    try:
        applied = apply_settings(read_tournament(path, encoding=encoding, warnings=read_warnings), settings)
        report = check_tournament(applied.tournament, applied.system, path=where)
    except InputError as exc:
        exc.located(where)
        return TournamentResult(where, Status.UNREADABLE, message=str(exc), seconds=time.perf_counter() - start)
    except SwissbridgeError as exc:
        return TournamentResult(
            where, Status.UNREADABLE, message=f"{where}: {exc}", seconds=time.perf_counter() - start
        )
    except Exception as exc:  # a defect: reported in the verdict, the batch goes on
        return TournamentResult(
            where,
            Status.ERROR,
            message=f"{where}: the check broke down: {type(exc).__name__}: {exc}",
            seconds=time.perf_counter() - start,
        )
    return result_of(where, report, [*read_warnings, *applied.warnings], time.perf_counter() - start)


def result_of(path: str, report: CheckReport, warnings: Sequence[str] = (), seconds: float = 0.0) -> TournamentResult:
    """The batch verdict of one tournament's check report."""
    rounds = tuple(RoundResult(rc.round_no, rc.ok, rc.error, rc.diffs, rc.notes) for rc in report.rounds)
    first = report.first_difference
    return TournamentResult(
        path=path,
        status=Status.OK if first is None else Status.DIFFERS,
        system=report.system,
        rounds=rounds,
        criterion="" if first is None else separating_criterion(first),
        warnings=tuple(warnings),
        seconds=seconds,
    )


_SHOWN_PAIRS = re.compile(r" \(engine pairs [^()]*\)")


def separating_criterion(rc: RoundCheck) -> str:
    """What first separates the system's pairing of a round from the one played, in
    one line: the system's own comparison when it gives one (the first criterion of
    the bracket where they part, with both values), else the first difference of
    the boards (an absolute criterion the played pairing breaks, the scores of the
    boards, a colour rule), else the reason the system could not pair the round."""
    if rc.error:
        return rc.error
    colours_only = bool(rc.diffs) and all(d.difference == "colour flipped" for d in rc.diffs)
    for note in () if colours_only else reversed(rc.notes):
        if "[C" in note or "Article" in note or "criterion" in note:
            return _SHOWN_PAIRS.sub("", note)
    for diff in rc.diffs:
        where = f"board {diff.board}" if diff.board is not None else "the bye"
        return f"{where}: {diff.difference}" + (f" ({diff.criterion})" if diff.criterion else "")
    return "the pairings differ"


# -- checking many ----------------------------------------------------------------------------------


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


Progress = Callable[[int, int, int], None]
"""Called as ``progress(done, total, failed)`` after each tournament."""


def check_many(
    paths: Sequence[Path],
    settings: Settings,
    *,
    jobs: int,
    progress: Progress | None = None,
    encoding: str | None = None,
) -> list[TournamentResult]:
    """Check every tournament of ``paths`` (see :func:`find_tournaments`) with ``jobs``
    worker processes (1: in this process); the results in the order of ``paths``;
    ``encoding``: that of Swiss-Manager text exports."""
    results: list[TournamentResult | None] = [None] * len(paths)
    failed = 0

    def done(i: int, result: TournamentResult) -> None:
        nonlocal failed
        results[i] = result
        failed += 0 if result.passed else 1
        if progress is not None:
            progress(sum(1 for r in results if r is not None), len(paths), failed)

    if jobs <= 1 or len(paths) <= 1:
        for i, p in enumerate(paths):
            done(i, check_one(p, settings, encoding))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(paths))) as pool:
            futures: dict[Future[TournamentResult], int] = {
                pool.submit(check_one, p, settings, encoding): i for i, p in enumerate(paths)
            }
            try:
                for future in as_completed(futures):
                    i = futures[future]
                    try:
                        result = future.result()
                    except Exception as exc:  # the worker process itself died
                        where = os.fspath(paths[i])
                        result = TournamentResult(
                            where, Status.ERROR, message=f"{where}: the checking process failed: {exc!r}"
                        )
                    done(i, result)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return [r for r in results if r is not None]


# -- reporting -------------------------------------------------------------------------------------


def result_line(result: TournamentResult) -> str:
    """The line for a tournament that did not pass: file, first differing round and
    what separates the pairings; or why it could not be checked."""
    if result.status is Status.DIFFERS:
        bad = result.differing
        also = f" (rounds {', '.join(map(str, bad))} differ)" if len(bad) > 1 else ""
        return f"{result.path}: round {bad[0]}{also}: {result.criterion}"
    if result.status is Status.UNREADABLE:
        return f"cannot check {result.message}"
    if result.status is Status.ERROR:
        return result.message
    return f"{result.path}: ok"


def warning_lines(results: Sequence[TournamentResult]) -> list[str]:
    """The warnings of a batch, each once: with its file when one file has it (a
    warning of the reading, which starts with its file, as it is), else with the
    number of files."""
    where: dict[str, list[str]] = {}
    for r in results:
        for w in r.warnings:
            where.setdefault(w, []).append(r.path)
    return [
        (w if w.startswith(f"{paths[0]}:") else f"{paths[0]}: {w}") if len(paths) == 1 else f"{w} ({len(paths)} files)"
        for w, paths in where.items()
    ]


def closing_line(results: Sequence[TournamentResult]) -> str:
    passed = sum(1 for r in results if r.passed)
    return f"{passed} passed, {len(results) - passed} failed"


def exit_status(results: Sequence[TournamentResult]) -> int:
    """0 when every tournament passed; 2 when some could not be read or checked;
    otherwise 1 when some differ."""
    if any(r.status in (Status.UNREADABLE, Status.ERROR) for r in results):
        return 2
    if any(r.status is Status.DIFFERS for r in results):
        return 1
    return 0


def _diff_json(d: BoardDiff) -> dict[str, object]:
    return {
        "board": d.board,
        "expected": d.expected,
        "played": d.played,
        "difference": d.difference,
        "criterion": d.criterion,
        "players": list(d.players),
    }


def _round_json(r: RoundResult) -> dict[str, object]:
    out: dict[str, object] = {"round": r.round_no, "ok": r.ok}
    if r.error:
        out["error"] = r.error
    if r.diffs:
        out["diffs"] = [_diff_json(d) for d in r.diffs]
    if r.notes:
        out["notes"] = list(r.notes)
    return out


def report_json(results: Sequence[TournamentResult], settings: Settings) -> str:
    """Every result, as a JSON document: the settings used, the totals, and per
    tournament its verdict, the first differing round and criterion, and every round."""
    passed = sum(1 for r in results if r.passed)
    doc = {
        "settings": {
            "system": settings.system,
            "rounds": settings.rounds,
            "initial_colour": settings.initial_colour.name.lower() if settings.initial_colour else None,
        },
        "tournaments": len(results),
        "passed": passed,
        "failed": len(results) - passed,
        "results": [
            {
                "path": r.path,
                "status": r.status.value,
                "system": r.system or None,
                "rounds_checked": len(r.rounds),
                "rounds_differ": list(r.differing),
                "first_round": r.differing[0] if r.differing else None,
                "criterion": r.criterion or None,
                "message": r.message or None,
                "warnings": list(r.warnings),
                "seconds": round(r.seconds, 3),
                "rounds": [_round_json(x) for x in r.rounds],
            }
            for r in results
        ],
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def write_report(path: Path, results: Sequence[TournamentResult], settings: Settings) -> None:
    """``--report FILE.json``, written atomically."""
    write_atomic(path, report_json(results, settings))
