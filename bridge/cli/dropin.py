"""``swissbridge-engine``: a drop-in for the pairing engines tournament programs
already call (bbpPairings, JaVaFo), with their argument conventions, output and
exit codes, so that a program configured for an external engine can use this one
unchanged (docs/engine.md has the table of hosts and what was verified for each).

Usage::

    swissbridge-engine [-r] [--SYSTEM] INPUT -p [OUTPUT] [-l [LIST]]   pair the next round
    swissbridge-engine [-r] [--SYSTEM] INPUT -c                        check every round
    swissbridge-engine TOURNAMENT_FOLDER FILE.trfx                     Vega's call
    swissbridge-engine [-r]                                            the banner

``INPUT`` is a TRF (TRF16 with the JaVaFo/bbp extensions, or TRF-2026; any format
``swissbridge`` reads works too). ``-p`` writes the pair list — the number of pairs,
then ``WHITE BLACK`` per board by start number, the pairing-allocated bye as
``N 0`` — to ``OUTPUT``, or to standard output without one; ``-l`` writes
bbpPairings' check-list (:func:`checklist`; of a team event, which it has none for,
the system's explanation) to ``LIST``, else to ``INPUT.list``.
As bbpPairings does: an ``OUTPUT`` or ``LIST`` named without a folder goes into the
input's folder; files are written in text mode (CRLF line ends on Windows); when no
legal pairing exists ``OUTPUT`` is left empty and standard error says ``No valid
pairing exists``. ``-c`` replays each round from the history before it and prints,
per round, ``STEM: Round #N`` (the input's name without folder and extension) and the
pairings that differ (checker's against the tournament's). ``--SYSTEM`` is an
installed system's flag (its ``engine_flag``: ``--dutch`` as in JaVaFo and
bbpPairings, ``--burstein``, ``--lim``); ``--fast`` (lichess's flag for its largest
events) pairs with the default system; without one the file's record 192 decides,
else the default system (:mod:`swissbridge.systems`), with a warning. Vega runs its
external engine with the tournament folder and the file's name: the pairing goes to
``engine.man`` in that folder. bbpPairings' generator (``-g``, ``-o``, ``-s``) is
refused (exit 3): ``swissbridge generate`` makes random tournaments.

Exit codes (bbpPairings'): 0 success; 1 no legal pairing exists; 2 unexpected
error; 3 invalid input (including a bad command line); 5 a file could not be read
or written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, cast

if TYPE_CHECKING:
    from swissbridge.model import Tournament
    from swissbridge.plugins import Trace
    from swissbridge.plugins.document import Checklist, Explanation, Player

__all__ = [
    "EXIT_FILE",
    "EXIT_INVALID",
    "EXIT_NO_PAIRING",
    "EXIT_OK",
    "EXIT_UNEXPECTED",
    "VEGA_OUTPUT",
    "banner",
    "checklist",
    "main",
    "run",
]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_FILE = 5

VEGA_OUTPUT = "engine.man"
"""The file Vega reads the pairing from, in the tournament folder (Vega's manual, "external engine")."""
TEXT_LINE_END = "\r\n" if os.name == "nt" else "\n"
"""The line end of the files written, as a C++ text stream (bbpPairings') writes them:
CRLF on Windows (ToMaChess splits the pair list on CRLF), LF elsewhere. Standard output
is a text stream already."""
FAST = "--fast"
"""lichess's flag for its largest events (bbpPairings' lichess build): the default
system, which pairs such events exactly and in seconds."""
GENERATOR = ("-g", "-o", "-s")
"""bbpPairings' random-tournament generator, refused (``swissbridge generate``)."""


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
    return f"usage: swissbridge-engine [{'|'.join([*flags, FAST])}] INPUT -p [OUTPUT] [-l [LIST]] | -c"


def banner() -> str:
    """What the engine says of itself when called bare or with ``-r`` (bbpPairings'
    ``BBP Pairings (URL) - VERSION`` line, which hosts look for to recognise it)."""
    from swissbridge import __version__

    return f"swissbridge-engine {__version__}, a drop-in for BBP Pairings and JaVaFo (FIDE Swiss pairings)"


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
    systems.add_argument(
        FAST, action="store_const", const=DEFAULT, dest="system", help=f"the {DEFAULT} system (lichess)"
    )
    p.add_argument("input", help="tournament file (TRF)")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round of the tournament")
    p.add_argument("-l", dest="checklist", nargs="?", const="", metavar="LIST", help="write the check-list")
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


def _beside(name: str, source: str) -> str:
    """``name`` as bbpPairings places an output file: a bare name goes into the folder
    of ``source`` (the input), a path is taken as given."""
    return name if os.path.dirname(name) else os.path.join(os.path.dirname(source), name)


def _vega_call(argv: Sequence[str]) -> tuple[str, str] | None:
    """Vega's call ``ENGINE TOURNAMENT_FOLDER FILE.trfx``: the input file (in the
    folder unless a path) and the folder, or None for any other command line."""
    if len(argv) != 2 or any(a.startswith("-") for a in argv) or not os.path.isdir(argv[0]):
        return None
    folder, name = argv
    return (name if os.path.isabs(name) else os.path.join(folder, name)), folder


def run(argv: Sequence[str]) -> int:
    """Run the engine with ``argv`` (without the program name); returns the exit code."""
    from swissbridge.errors import InputError, OutputError

    argv = list(argv)
    if argv[:1] == ["-r"] or not argv:  # bbpPairings: -r prints the banner, then does the rest
        _write_stdout(banner() + "\n")
        argv = argv[1:]
        if not argv:
            return EXIT_OK
    flags = _flags()
    vega = _vega_call(argv)
    try:
        if vega is None:
            refused = [a for a in argv if a in GENERATOR]
            if refused:
                raise _Usage(
                    f"{refused[0]}: bbpPairings' random-tournament generator (-g -o -s) is not provided; "
                    "`swissbridge generate` writes a random tournament played to the end"
                )
            args, unknown = _parser(flags).parse_known_args(argv)
            if unknown:
                guess = next((u for u in unknown if u.startswith("--")), None)
                if guess is None:
                    raise _Usage(f"unrecognized arguments: {' '.join(unknown)}")
                raise _Usage(f"{guess}: not available: no installed pairing system has that flag ({', '.join(flags)})")
    except _Usage as exc:
        _err(f"{exc} ({_usage(flags)})")
        return EXIT_INVALID
    source = vega[0] if vega is not None else args.input
    problem = _readable(source)
    if problem is not None:
        _err(problem)
        return EXIT_FILE
    try:
        if vega is not None:
            return _pair(source, None, os.path.join(vega[1], VEGA_OUTPUT), None)
        if args.check:
            return _check(source, args.system)
        output = args.pair if args.pair == "-" else _beside(args.pair, source)
        listing = None if args.checklist is None else _beside(args.checklist, source) if args.checklist else None
        if args.checklist == "":
            listing = str(Path(source).with_suffix(".list"))
        return _pair(source, args.system, output, listing)
    except OutputError as exc:
        _err(str(exc))
        return EXIT_FILE
    except InputError as exc:
        _err(str(exc.located(source)))
        return EXIT_FILE if "cannot read" in exc.message else EXIT_INVALID
    except Exception as exc:  # the engine contract: exit 2, never a traceback
        _err(f"unexpected error: {type(exc).__name__}: {exc}")
        return EXIT_UNEXPECTED


def _write_stdout(text: str) -> None:
    from swissbridge.commands.output import write_stdout

    write_stdout(text)


def _write_text(path: str, text: str) -> None:
    """``text`` written to ``path`` atomically, its line ends those of a text stream
    on this platform (:data:`TEXT_LINE_END`)."""
    from swissbridge.atomic import write_atomic

    write_atomic(path, text.replace("\n", TEXT_LINE_END))


def _applied(tournament: Tournament, requested: str | None) -> tuple[Tournament, str]:
    """The tournament to pair and the system: the flag's, else record 192's, else the
    default, as every command chooses it (:func:`swissbridge.systems.settings.apply_settings`),
    its warnings on stderr."""
    from swissbridge.systems.settings import Settings, apply_settings

    applied = apply_settings(tournament, Settings(system=requested), engine=True)
    for warning in applied.warnings:
        _err(f"warning: {warning}")
    return applied.tournament, applied.system


def _pair(path: str, requested: str | None, output: str, listing: str | None) -> int:
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.systems.service import read_tournament, trace_tournament

    tournament, system = _applied(read_tournament(path), requested)
    try:
        trace = trace_tournament(tournament, system=system)
        pairing = trace.result()
    except NoLegalPairing as exc:
        if output != "-":
            _write_text(output, "")  # bbpPairings leaves the output empty: "no pairing", not "no engine"
        if listing is not None:
            _write_listing(listing, tournament, system, None)
        _err(f"Error while pairing {path}: No valid pairing exists: round {tournament.next_round}: {exc}")
        return EXIT_NO_PAIRING
    text = pairing.pairlist()
    if output == "-":
        _write_stdout(text)
    else:
        _write_text(output, text)
    if listing is not None:
        _write_listing(listing, tournament, system, trace)
    return EXIT_OK


def _write_listing(listing: str, tournament: Tournament, system: str, trace: Trace | None) -> None:
    """``-l``: the check-list of the round (:func:`checklist`) from the system's
    explanation of it; of a team event, which bbpPairings has no check-list for, the
    explanation itself."""
    from swissbridge.commands.explain import explain
    from swissbridge.errors import InputError
    from swissbridge.plugins import load
    from swissbridge.publish.explain import render_text

    try:
        document = explain(tournament, system=system, trace=trace)
    except InputError as exc:
        _write_text(listing, f"{exc.message}\n")
        return
    if tournament.team_event:
        _write_text(listing, render_text(document))
        return
    if not document["players"]:  # no legal pairing: the system gives no account of its players
        document["players"] = _state_players(tournament, document["round"])
    _write_text(listing, checklist(tournament, document, load(system).checklist(document)))


def checklist(tournament: Tournament, document: Explanation, own: Checklist | None) -> str:
    """bbpPairings' check-list of the round to pair (``-l``), which hosts parse
    (Sharly Chess's pairing view), made from the system's explanation of the round (its
    players' facts as the system sees them): a blank line, then one row per player to
    pair, by pairing score and then the system's ranking, a blank line between score
    groups, then two blank lines and the banner. Every cell is right-aligned to its
    column's width and followed by a tab. The columns bbpPairings prints for every
    system: ``ID`` (start number), ``Pts`` (pairing score), the colours of the games
    played (``W``/``B``; headed by one ``-`` per round, plus one), ``Pref`` (``W ``/``B ``
    absolute, ``(W)``/``(B)`` strong, ``w ``/``b `` mild, ``A `` none); then the
    system's own columns (``own``, :meth:`PairingSystem.checklist
    <swissbridge.plugins.protocol.PairingSystem.checklist>`; else the generic ones,
    :func:`~swissbridge.plugins.document.generic_checklist`), ``Cur`` (the opponent and
    colour in this pairing, ``(5W)``, or ``(bye)``; blank without a pairing), an empty
    column, then ``R1``.. the opponent of each round's game played over the board."""
    from swissbridge.model import parse_points
    from swissbridge.plugins.document import generic_checklist

    done = document["round"] - 1
    headers, cells = own if own is not None else generic_checklist(document)
    rows: list[list[str]] = [["ID", "Pts", "-" * (done + 1), "Pref", *headers, "Cur", ""]]
    rows[0] += [f"R{r}" for r in range(1, done + 1)]
    present = sorted(document["players"], key=lambda d: (-parse_points(d["pairing_score"]), d["rank"]))
    for d in present:
        player = tournament.player(d["player"])
        games = [
            str(e.opponent) if (e := player.entry(r)) is not None and e.played and e.opponent else ""
            for r in range(1, done + 1)
        ]
        own_cells = cells[d["player"]]
        rows.append([str(d["player"]), d["pairing_score"], d["colours"], _preference(d), *own_cells, _current(d), ""])
        rows[-1] += games
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["".join(f"{cell:>{w}}\t" for cell, w in zip(row, widths, strict=True)) for row in rows]
    out = ["", lines[0]]
    for i, d in enumerate(present):
        if i == 0 or present[i - 1]["pairing_score"] != d["pairing_score"]:
            out.append("")
        out.append(lines[i + 1])
    return "\n".join(out) + "\n\n\n\n" + banner()


def _state_players(tournament: Tournament, round_no: int) -> list[Player]:
    """The players to pair as the core's state has them before ``round_no`` (scores,
    colours, C.04.1 colour preference, PAB eligibility, floats), for the check-list of a
    round that has no legal pairing: the system then gives no account of its players,
    and bbpPairings lists them still."""
    from swissbridge.model import format_points
    from swissbridge.plugins.document import colour_letters, colour_name
    from swissbridge.state import Float, build_state

    state = build_state(tournament, round_no)
    out: list[Player] = []
    for p in state.present:
        colour, strength = p.preference
        floats = [{Float.DOWN: "down", Float.UP: "up"}.get(p.float_before(back)) for back in (1, 2)]
        out.append(
            cast(
                "Player",
                {
                    "player": p.start_no,
                    "rank": p.tpn,
                    "pairing_score": format_points(p.pairing_score),
                    "colours": colour_letters(p.colours),
                    "preference": colour_name(colour),
                    "strength": strength.name.lower() if colour is not None else None,
                    "pab_eligible": p.pab_eligible,
                    "floats": floats,
                    "pab": False,
                    "opponent": None,
                    "colour": None,
                },
            )
        )
    return out


def _current(d: Player) -> str:
    """The check-list's ``Cur`` cell: ``(5W)``, ``(bye)``, or blank without a pairing."""
    if d["pab"]:
        return "(bye)"
    if d["opponent"] is None or d["colour"] is None:
        return ""
    return f"({d['opponent']}{d['colour'][0].upper()})"


def _preference(d: Player) -> str:
    """The check-list's ``Pref`` cell: ``W `` absolute, ``(W)`` strong, ``w `` mild, ``A `` none."""
    if d["preference"] is None:
        return "A "
    letter = d["preference"][0].upper()
    if d["strength"] == "absolute":
        return f"{letter} "
    if d["strength"] == "strong":
        return f"({letter})"
    return f"{letter.lower()} " if d["strength"] == "mild" else "A "


def _check(path: str, requested: str | None) -> int:
    from swissbridge.commands.check import check_tournament
    from swissbridge.systems.service import read_tournament

    tournament, system = _applied(read_tournament(path), requested)
    report = check_tournament(tournament, system, path=path)
    stem = Path(path).stem  # bbpPairings names the input by its stem: "tmpC3D4: Round #1"
    out: list[str] = []
    for rc in report.rounds:
        out.append(f"{stem}: Round #{rc.round_no}")
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
    out.append("")  # bbpPairings ends the check with an empty line
    _write_stdout("\n".join(out) + "\n")
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
