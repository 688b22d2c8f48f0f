"""The ``swissbridge`` command line (typer).

Heavy modules (formats, pairing systems, watchdog, lxml) are imported inside the
commands, so ``swissbridge --help`` and a plain ``pair`` start fast.

Exit codes: 0 success; 1 no legal pairing, or a check that found differences;
2 bad input or usage; 5 an output could not be written.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from swissbridge import __version__
from swissbridge.errors import InputError, OutputError, SwissbridgeError

app = typer.Typer(
    name="swissbridge",
    help="FIDE Swiss pairings (Dutch, Lim) for the files tournament programs read and write.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_NO_PAIRING = 1
EXIT_INPUT = 2
EXIT_OUTPUT = 5


def fail(message: str, code: int) -> NoReturn:
    """Print one line on stderr and exit: never a traceback for a user's problem."""
    typer.echo(f"swissbridge: {message}", err=True)
    raise typer.Exit(code)


def report(exc: SwissbridgeError) -> NoReturn:
    if isinstance(exc, InputError):
        fail(str(exc), EXIT_INPUT)
    if isinstance(exc, OutputError):
        fail(str(exc), EXIT_OUTPUT)
    fail(str(exc), EXIT_INPUT)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"swissbridge {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """FIDE Swiss pairings for arbiters, broadcasters and federations."""


class PairFormat(str, Enum):
    text = "text"
    pairlist = "pairlist"
    trf = "trf"
    json = "json"
    pgn = "pgn"
    sm = "sm"


@app.command()
def pair(
    input: Annotated[Path, typer.Argument(help="Tournament file (TRF16, TRF-2026, ...).", show_default=False)],
    system: Annotated[str, typer.Option("--system", "-s", help="Pairing system: dutch or lim.")] = "dutch",
    round_no: Annotated[
        int | None, typer.Option("--round", "-r", help="Round to pair (default: the next one).", show_default=False)
    ] = None,
    fmt: Annotated[PairFormat, typer.Option("--format", "-f", help="Output format.")] = PairFormat.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout.")
    ] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Also print why each pairing was made.")] = False,
) -> None:
    """Pair the next round of a tournament and print or write the pairing."""
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.service import pair_file, render_pairing

    try:
        tournament, pairing = pair_file(input, system=system, round_no=round_no)
        text = render_pairing(tournament, pairing, fmt.value)
        if output is None:
            sys.stdout.write(text)
        else:
            from swissbridge.atomic import write_atomic

            write_atomic(output, text)
        if explain:
            from swissbridge.service import explain_round

            typer.echo(explain_round(tournament, system=system, round_no=pairing.round_no), err=output is None)
    except NoLegalPairing as exc:
        fail(f"no legal pairing for round {round_no or 'next'}: {exc}", EXIT_NO_PAIRING)
    except SwissbridgeError as exc:
        report(exc)


class Dialect(str, Enum):
    trf16 = "trf16"
    trf26 = "trf26"


@app.command()
def convert(
    source: Annotated[Path, typer.Argument(help="File to read.", show_default=False)],
    target: Annotated[Path, typer.Argument(help="File to write (atomically).", show_default=False)],
    to: Annotated[Dialect, typer.Option("--to", help="TRF dialect to write.")] = Dialect.trf26,
) -> None:
    """Convert a tournament file between formats."""
    from swissbridge.atomic import write_atomic
    from swissbridge.formats.trf import read_trf, write_trf

    try:
        tournament = read_trf(source)
        write_atomic(target, write_trf(tournament, dialect=to.value))
    except SwissbridgeError as exc:
        report(exc)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
