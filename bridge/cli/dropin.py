"""``swissbridge-engine``: a drop-in for the pairing engines tournament programs
already call (bbpPairings, JaVaFo), with their argument conventions, output and
exit codes, so that a program configured for an external engine can use this one
unchanged.

Usage::

    swissbridge-engine [--SYSTEM] INPUT -p [OUTPUT]   pair the next round
    swissbridge-engine [--SYSTEM] INPUT -c            check every round

``INPUT`` is a TRF (TRF16 with the JaVaFo/bbp extensions, or TRF-2026; any format
``swissbridge`` reads works too). ``-p`` writes the pair list — the number of pairs,
then ``WHITE BLACK`` per board by start number, the pairing-allocated bye as
``N 0`` — to ``OUTPUT``, or to standard output without one. ``-c`` replays each
round from the history before it and prints, per round, ``INPUT: Round #N`` and
the pairings that differ (checker's against the tournament's), as bbpPairings
does. ``--SYSTEM`` is an installed system's flag (its ``engine_flag``: ``--dutch``
as in JaVaFo and bbpPairings, ``--lim``); without one the file's record 192
decides, else the default system (:mod:`swissbridge.systems`), with a warning.

Exit codes (bbpPairings'): 0 success; 1 no legal pairing exists; 2 unexpected
error; 3 invalid input (including a bad command line); 5 a file could not be read
or written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from swissbridge.model import Tournament

__all__ = ["EXIT_FILE", "EXIT_INVALID", "EXIT_NO_PAIRING", "EXIT_OK", "EXIT_UNEXPECTED", "main", "run"]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_FILE = 5


class _Usage(Exception):
    """A command-line error (exit 3)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(message)


def _flags() -> dict[str, str]:
    """The engine flag of every installed system, and the system's name."""
    from swissbridge.plugins import loaded_all

    return {s.engine_flag: s.name for s in loaded_all()}


def _usage(flags: dict[str, str]) -> str:
    return f"usage: swissbridge-engine [{'|'.join(flags)}] INPUT -p [OUTPUT] | -c"


def _parser(flags: dict[str, str]) -> _Parser:
    from swissbridge.systems import DEFAULT

    p = _Parser(
        prog="swissbridge-engine",
        description="Drop-in FIDE pairing engine (bbpPairings/JaVaFo command line).",
        add_help=True,
    )
    systems = p.add_mutually_exclusive_group()
    for flag, name in flags.items():
        default = " (default)" if name == DEFAULT else ""
        systems.add_argument(flag, action="store_const", const=name, dest="system", help=f"the {name} system{default}")
    p.add_argument("input", help="tournament file (TRF)")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round of the tournament")
    p.add_argument("-l", dest="checklist", nargs="?", const="-", metavar="FILE", help="write an explanation")
    return p


def _err(message: str) -> None:
    from swissbridge.messages import terminal_text

    sys.stderr.write(terminal_text(f"swissbridge-engine: {message}\n"))


def _readable(path: str) -> str | None:
    if not os.path.exists(path):
        return f"{path}: no such file"
    if os.path.isdir(path) and not os.access(path, os.R_OK | os.X_OK):
        return f"{path}: cannot read the folder"
    if os.path.isfile(path) and not os.access(path, os.R_OK):
        return f"{path}: cannot read the file (permission denied)"
    return None


def run(argv: Sequence[str]) -> int:
    """Run the engine with ``argv`` (without the program name); returns the exit code."""
    from swissbridge.errors import InputError, OutputError

    flags = _flags()
    try:
        args, unknown = _parser(flags).parse_known_args(list(argv))
        if unknown:
            guess = next((u for u in unknown if u.startswith("--")), None)
            if guess is None:
                raise _Usage(f"unrecognized arguments: {' '.join(unknown)}")
            raise _Usage(f"{guess}: not available: no installed pairing system has that flag ({', '.join(flags)})")
    except _Usage as exc:
        _err(f"{exc} ({_usage(flags)})")
        return EXIT_INVALID
    system: str | None = args.system
    problem = _readable(args.input)
    if problem is not None:
        _err(problem)
        return EXIT_FILE
    try:
        if args.check:
            return _check(args.input, system)
        return _pair(args.input, system, args.pair, args.checklist)
    except OutputError as exc:
        _err(str(exc))
        return EXIT_FILE
    except InputError as exc:
        _err(str(exc.located(args.input)))
        return EXIT_FILE if "cannot read" in exc.message else EXIT_INVALID
    except Exception as exc:  # the engine contract: exit 2, never a traceback
        _err(f"unexpected error: {type(exc).__name__}: {exc}")
        return EXIT_UNEXPECTED


def _applied(tournament: Tournament, requested: str | None) -> tuple[Tournament, str]:
    """The tournament to pair and the system: the flag's, else record 192's, else the
    default, as every command chooses it (:func:`swissbridge.systems.settings.apply_settings`),
    its warnings on stderr."""
    from swissbridge.systems.settings import Settings, apply_settings

    applied = apply_settings(tournament, Settings(system=requested), engine=True)
    for warning in applied.warnings:
        _err(f"warning: {warning}")
    return applied.tournament, applied.system


def _pair(path: str, requested: str | None, output: str, checklist: str | None) -> int:
    from swissbridge.atomic import write_atomic
    from swissbridge.commands.output import write_stdout
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.systems.service import read_tournament, trace_tournament

    tournament, system = _applied(read_tournament(path), requested)
    try:
        trace = trace_tournament(tournament, system=system)
        pairing = trace.result()
    except NoLegalPairing as exc:
        _err(f"no legal pairing for round {tournament.next_round}: {exc}")
        return EXIT_NO_PAIRING
    text = pairing.pairlist()
    if output == "-":
        write_stdout(text)
    else:
        write_atomic(output, text)
    if checklist is not None:
        from swissbridge.errors import InputError

        try:
            from swissbridge.commands.explain import explain
            from swissbridge.publish.explain import render_text

            why = render_text(explain(tournament, system=system, trace=trace))
        except InputError as exc:
            why = f"{exc.message}\n"
        if checklist == "-":
            from swissbridge.messages import terminal_text

            sys.stderr.write(terminal_text(why))
        else:
            write_atomic(checklist, why)
    return EXIT_OK


def _check(path: str, requested: str | None) -> int:
    from swissbridge.commands.check import check_tournament
    from swissbridge.commands.output import write_stdout
    from swissbridge.systems.service import read_tournament

    tournament, system = _applied(read_tournament(path), requested)
    report = check_tournament(tournament, system, path=path)
    out: list[str] = []
    for rc in report.rounds:
        out.append(f"{path}: Round #{rc.round_no}")
        if rc.error:
            out.append(f"No valid pairing exists for round {rc.round_no}.")
            out.append("")
            continue
        if rc.ok or rc.expected is None:
            continue
        expected = _pairs(rc.expected.boards, rc.expected.bye)
        played = _pairs(rc.played.boards, rc.played.bye)
        checker = [p for p in expected if p not in played]
        given = [p for p in played if p not in expected]
        out.append(f"  Checker pairings{'':8}Tournament pairings ")
        for i in range(max(len(checker), len(given))):
            left = f"{checker[i][0]:>3} - {checker[i][1]:>3}" if i < len(checker) else " " * 9
            right = f"{given[i][0]:>3} - {given[i][1]:>3}" if i < len(given) else ""
            out.append(f"    {left}{'':16}{right}".rstrip())
        out.append("")
    write_stdout("\n".join(out) + ("\n" if out else ""))
    return EXIT_OK


def _pairs(boards: Sequence[object], bye: int | None) -> list[tuple[int, int]]:
    from swissbridge.pairing import Board

    out = [(b.white, b.black) for b in boards if isinstance(b, Board)]
    if bye is not None:
        out.append((bye, 0))
    return out


def main() -> None:
    """Console-script entry point."""
    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
