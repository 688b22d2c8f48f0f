"""What the commands say and how they stop, without typer: one line on stderr for
each note, warning or error (``swissbridge: …``), and the exit status (0 success;
1 no legal pairing, or a check that found differences; 2 bad input or usage; 5 an
output could not be written).

The ``pair`` command itself (:func:`run_pair`) is here too: :mod:`swissbridge.cli.commandline`
declares its options and help, and :mod:`swissbridge.cli.launch` runs a plain ``pair``
through the same function without loading typer (issue 19: start-up)."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

from swissbridge.errors import InputError, OutputError, SwissbridgeError

TYPE_CHECKING = False  # typing.TYPE_CHECKING: a plain pair never imports typing (2 ms)
if TYPE_CHECKING:
    from typing import NoReturn

    from swissbridge.model import Tournament
    from swissbridge.systems.settings import Applied, Settings

EXIT_NO_PAIRING = 1
EXIT_INPUT = 2
EXIT_OUTPUT = 5


class PairFormat(str, Enum):
    """The output formats of ``pair`` (:func:`swissbridge.systems.service.render_pairing`): the
    board list, the engines' pair list, and the formats with a pairing writer
    (:func:`swissbridge.formats.detect.pairing_formats`; ``tests/unit/test_formats.py``
    holds the two to each other)."""

    text = "text"
    pairlist = "pairlist"
    trf = "trf"
    json = "json"
    pgn = "pgn"
    sm = "sm"


class InitialColour(str, Enum):
    """``--initial-colour``: the colour drawn for the top player of round 1."""

    white = "white"
    black = "black"


def echo(message: str, *, err: bool = True, nl: bool = True) -> None:
    """``message`` and (``nl``) a newline on stderr (or stdout:
    :func:`swissbridge.commands.output.write_stdout`), flushed at once, its control characters
    made harmless (:func:`~swissbridge.messages.terminal_text`)."""
    end = "\n" if nl else ""
    if not err:
        from swissbridge.commands.output import write_stdout

        write_stdout(message + end)
        return
    from swissbridge.messages import terminal_text

    sys.stderr.write(terminal_text(message) + end)
    sys.stderr.flush()


def fail(message: str, code: int) -> NoReturn:
    """Print one line on stderr and exit: never a traceback for a user's problem."""
    echo(f"swissbridge: {message}")
    raise SystemExit(code)


def no_pairing(path: Path, round_no: int | None, exc: Exception) -> NoReturn:
    """C.04.3 1.9.3: no legal pairing exists; the arbiter must decide (exit 1). The
    message names the file, and the players who cannot be paired and why."""
    number = getattr(exc, "round_no", round_no)
    which = f"round {number}" if number is not None else "the next round"
    fail(f"{path}: no legal pairing for {which}: {exc}", EXIT_NO_PAIRING)


def report(exc: SwissbridgeError, path: Path | None = None) -> NoReturn:
    """One line for a user's problem: bad input (exit 2, located in ``path`` when the
    error does not name its file yet), an unwritable output (exit 5)."""
    if isinstance(exc, InputError):
        if path is not None:
            exc.located(str(path))
        fail(str(exc), EXIT_INPUT)
    if isinstance(exc, OutputError):
        fail(str(exc), EXIT_OUTPUT)
    fail(str(exc), EXIT_INPUT)


def settings(system: str | None, colour: str | None, rounds: int | None, encoding: str | None = None) -> Settings:
    """The options ``pair``, ``check``, ``explain`` and ``watch`` share (``colour``:
    ``white``, ``black`` or None), refused here before any file is read (exit 2) as
    :func:`swissbridge.systems.settings.given` refuses them: an unknown ``--encoding``, a
    ``--system`` no system is registered as."""
    from swissbridge.errors import UsageError
    from swissbridge.model import Colour
    from swissbridge.systems.settings import given

    chosen = None if colour is None else Colour.WHITE if colour == InitialColour.white else Colour.BLACK
    try:
        return given(system, chosen, rounds, encoding)
    except UsageError as exc:
        fail(str(exc), EXIT_INPUT)


def check_encoding(encoding: str | None) -> None:
    """Refuse an ``--encoding`` Python has no codec for, before any file is read (exit 2)."""
    settings(None, None, None, encoding)


def read_input(path: Path, encoding: str | None = None) -> Tournament:
    """The tournament in ``path``; what else was read for it (a Swiss-Manager export's
    siblings) and why, and what was read by a guess (an encoding), is said on stderr."""
    from swissbridge.systems.service import read_tournament

    notes: list[str] = []
    warnings: list[str] = []
    tournament = read_tournament(path, encoding=encoding, notes=notes, warnings=warnings)
    for note in notes:
        echo(f"swissbridge: note: {note}")
    for warning in warnings:
        echo(f"swissbridge: warning: {warning}")
    return tournament


def applied(tournament: Tournament, given: Settings) -> Applied:
    """``tournament`` with the command line's settings, warnings printed on stderr."""
    from swissbridge.systems.settings import apply_settings

    result = apply_settings(tournament, given)
    for warning in result.warnings:
        echo(f"swissbridge: warning: {warning}")
    return result


def run_pair(
    input: Path,
    *,
    system: str | None = None,
    round_no: int | None = None,
    fmt: PairFormat = PairFormat.text,
    output: Path | None = None,
    in_place: bool = False,
    explain: bool = False,
    adjourned: bool = False,
    initial_colour: InitialColour | None = None,
    rounds: int | None = None,
    encoding: str | None = None,
    repair: bool = False,
) -> None:
    """``swissbridge pair``: pair the round, print or write it (and the state into
    ``input`` with ``in_place`` and no ``output``); errors as one line and an exit status.
    A round paired already is printed as paired (:func:`~swissbridge.systems.service.published_pairing`),
    never paired again unless ``repair`` asks it, and only while it has no results and no
    round is paired after it (:func:`~swissbridge.event.results.repair_refusal`)."""
    from swissbridge.commands.output import (
        STDOUT,
        editing,
        holds_tournament,
        is_input,
        state_format,
        write_output,
        write_tournament,
    )
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.rules.twogame import event_round, round_columns
    from swissbridge.systems.service import paired_tournament, render_pairing, trace_tournament, unpairable

    to_stdout = output is None or output == STDOUT
    if in_place and output is not None and output != STDOUT and not is_input(output, [input]):
        fail(
            f"--in-place writes the round into {input}, -o into {output}: give one of them "
            "(or -o naming the input file itself)",
            EXIT_INPUT,
        )
    options = settings(system, initial_colour, rounds, encoding)
    if in_place and not to_stdout and not holds_tournament(fmt.value):
        fail(
            f"{output} is the input file: only a tournament (--format trf) may replace it, --format {fmt.value} "
            "holds the round alone; give --in-place without -o to write the round into it (the pairing is printed)",
            EXIT_INPUT,
        )
    try:
        with editing(input, active=in_place):
            given = applied(read_input(input, options.encoding), options)
            tournament, system_name = given.tournament, given.system
            if repair and round_no is None:
                round_no = event_round(tournament, tournament.completed_rounds)
                if not round_no:
                    raise InputError("--repair pairs a paired round again, and no round is paired yet")
            if round_no is not None and tournament.is_paired(round_columns(tournament, round_no)[0]):
                if _paired_round(input, tournament, round_no, fmt, output, in_place=in_place, repair=repair):
                    if explain:
                        echo(
                            f"swissbridge: note: round {round_no} is shown as paired; how the system pairs it: "
                            f"swissbridge explain {input.name} --round {round_no}"
                        )
                    return
                from swissbridge.event.results import printed_pairing  # only for a round paired again

                previous = printed_pairing(tournament, round_no)
                if tournament.team_event:  # its members' games and line-ups go with the pairing they were for
                    from swissbridge.event.results import team_round_cleared

                    tournament, dropped = team_round_cleared(tournament, round_no)
                    previous = ", ".join([previous, *dropped])
            elif repair:
                raise InputError(f"--repair pairs a paired round again, and round {round_no} is not paired")
            else:
                previous = None
            trace = trace_tournament(tournament, system=system_name, round_no=round_no, adjourned=adjourned)
            if tournament.total_rounds is None:  # PGN cannot hold it; a TRF file without XXR or 142
                echo(
                    f"swissbridge: warning: pairing round {trace.round_no} of an unknown number of rounds "
                    f"({input.name} does not say it; the last rounds' rules need it): give it with --rounds N"
                )
            try:
                pairing = trace.result()
            except NoLegalPairing as exc:
                raise unpairable(tournament, trace.round_no, exc) from exc
            text = render_pairing(tournament, pairing, fmt.value, adjourned=adjourned)
            if in_place and to_stdout:  # the paired round into the input; the pairing on stdout
                state = paired_tournament(tournament, pairing)
                write_tournament(input, state, state_format(input), inputs=[input], in_place=True)
                if previous is not None:
                    echo(
                        f"swissbridge: {input.name}: round {pairing.round_no} paired again; the pairing it replaces "
                        f"({previous}) is kept in {input.name}.bak"
                    )
            write_output(output, text, inputs=[input], in_place=in_place, whole=holds_tournament(fmt.value))
        if explain:
            from swissbridge.commands.explain import explain as build_explanation
            from swissbridge.publish.explain import render_text

            echo(render_text(build_explanation(tournament, system=system_name, trace=trace)), err=to_stdout)
    except NoLegalPairing as exc:
        no_pairing(input, round_no, exc)
    except SwissbridgeError as exc:
        report(exc, input)


def _paired_round(
    input: Path,
    tournament: Tournament,
    round_no: int,
    fmt: PairFormat,
    output: Path | None,
    *,
    in_place: bool,
    repair: bool,
) -> bool:
    """``pair --round N`` of a paired round: printed as paired (True: done), or, with
    ``repair``, left to be paired again (False); refused (exit 2, nothing written) when
    that would erase results or rounds paired on it, or when ``in_place`` would pair it
    again without ``repair`` (:func:`~swissbridge.event.results.repair_refusal`)."""
    from swissbridge.commands.output import write_output
    from swissbridge.event.results import repair_refusal
    from swissbridge.rules.history import before_round
    from swissbridge.systems.service import published_pairing, render_pairing

    refusal = repair_refusal(tournament, round_no, in_place=in_place, repair=repair)
    if refusal is not None:
        raise InputError(refusal, path=str(input))
    if repair:
        return False
    # Swiss-Manager's import file replaces the host's pairing of its round: it is never written
    # for a round the file holds already (swissmanager.check_not_stale), reprinted or not.
    from swissbridge.rules.twogame import round_columns

    state = tournament if fmt is PairFormat.sm else before_round(tournament, round_columns(tournament, round_no)[0])
    text = render_pairing(state, published_pairing(tournament, round_no), fmt.value)
    write_output(output, text, inputs=[input])
    return True
