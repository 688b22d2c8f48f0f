"""The ``swissbridge`` command line (typer).

Heavy modules (formats, pairing systems, watchdog, lxml) are imported inside the
commands, so ``swissbridge --help`` starts fast; a plain ``pair`` does not load this
module at all: the console script (:mod:`swissbridge.cli.launch`) runs it through
:func:`swissbridge.cli.console.run_pair`, which the ``pair`` command here calls too.

Exit codes (:mod:`swissbridge.cli.console`): 0 success; 1 no legal pairing, or a check
that found differences; 2 bad input or usage; 5 an output could not be written.

Size: one typer application; each command is a thin function over the service
layer, so the module grows with the number of commands and options only.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from swissbridge import __version__
from swissbridge.cli import event as eventcli
from swissbridge.cli.console import (
    EXIT_INPUT,
    EXIT_NO_PAIRING,
    InitialColour,
    PairFormat,
    applied,
    check_encoding,
    echo,
    fail,
    no_pairing,
    read_input,
    report,
    run_pair,
    settings,
)
from swissbridge.cli.options import CODES, epilog, input_argument
from swissbridge.commands.output import write_stdout
from swissbridge.errors import SwissbridgeError
from swissbridge.formats._text import MAX_RATING, MAX_ROUNDS, MAX_START_NO
from swissbridge.plugins import shipped
from swissbridge.systems import DEFAULT
from typer.main import get_command_name

if TYPE_CHECKING:
    from swissbridge.systems.settings import Settings

app = typer.Typer(
    name="swissbridge",
    help="FIDE Swiss pairings for the files tournament programs read and write.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"swissbridge {__version__}")
        raise typer.Exit()


PAIR_CODES = "0 success; 1 no legal pairing; 2 bad input or usage; 5 an output could not be written"


@app.callback(invoke_without_command=True, epilog=epilog(PAIR_CODES, "swissbridge pair samples/open-round4.trf"))
def _main(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """FIDE Swiss pairings for arbiters, broadcasters and federations."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


SYSTEMS = f"{'|'.join(shipped())} or one an installed package adds"
"""The ``--system`` names for ``--help``: the shipped systems (read from their folder;
an unknown name is refused with the installed ones listed, :func:`swissbridge.cli.console.settings`)."""

SystemOption = Annotated[
    str | None,
    typer.Option(
        "--system",
        "-s",
        metavar="SYSTEM",
        help=f"Pairing system: {SYSTEMS} (default: the file's record 192, else {DEFAULT}).",
        show_default=False,
    ),
]


ColourOption = Annotated[
    InitialColour | None,
    typer.Option(
        "--initial-colour",
        help="The colour drawn for the top player of round 1, when the file does not say (TRF 152).",
        show_default=False,
    ),
]
TotalRoundsOption = Annotated[
    int | None,
    typer.Option(
        "--rounds",
        min=1,
        max=MAX_ROUNDS,
        help="Total rounds of the event, when the file does not say (TRF 142; at most 999).",
        show_default=False,
    ),
]


EncodingOption = Annotated[
    str | None,
    typer.Option(
        "--encoding",
        help="Encoding of Swiss-Manager text exports (default: UTF-8), e.g. cp1252.",
        show_default=False,
    ),
]


def in_place_option(help: str) -> Any:
    """``--in-place`` with the help its command gives it (what it allows there)."""
    return typer.Option("--in-place", help=f"{help}; the previous version is kept as NAME.bak.")


PairInPlace = Annotated[
    bool, in_place_option("Write the round into the input file (or allow -o to name it; no other -o)")
]
ConvertInPlace = Annotated[bool, in_place_option("Allow OUT to be the input file")]
OutputInPlace = Annotated[bool, in_place_option("Allow -o to name the input file")]


@app.command(
    epilog=epilog(
        PAIR_CODES,
        "swissbridge pair samples/open-round4.trf",
        "swissbridge pair event.trf --in-place   # write the round into event.trf (keeps event.trf.bak)",
    ),
)
def pair(
    input: Annotated[Path, input_argument("Tournament file (TRF16, TRF-2026, ...).")],
    system: SystemOption = None,
    round_no: Annotated[
        int | None,
        typer.Option("--round", "-r", min=1, help="Round to pair (default: the next one).", show_default=False),
    ] = None,
    fmt: Annotated[PairFormat, typer.Option("--format", "-f", help="Output format.")] = PairFormat.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout (- is stdout).")
    ] = None,
    in_place: PairInPlace = False,
    explain: Annotated[bool, typer.Option("--explain", help="Also print why each pairing was made.")] = False,
    adjourned: Annotated[
        bool,
        typer.Option(
            "--adjourned",
            help="Pair although earlier games have no result: each counts as a draw for pairing (GHR 3.1).",
        ),
    ] = False,
    initial_colour: ColourOption = None,
    rounds: TotalRoundsOption = None,
    encoding: EncodingOption = None,
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help="Pair a paired round again (--round N, default the last), if it has no results and no round "
            "is paired after it; with --in-place its new pairing replaces the old one (kept in FILE.bak).",
        ),
    ] = False,
) -> None:
    """Pair the next round of a tournament and print or write the pairing. A round
    paired already (--round N) is printed as it was paired, its boards as numbered then;
    --repair pairs it again."""
    run_pair(
        input,
        system=system,
        round_no=round_no,
        fmt=fmt,
        output=output,
        in_place=in_place,
        explain=explain,
        adjourned=adjourned,
        initial_colour=initial_colour,
        rounds=rounds,
        encoding=encoding,
        repair=repair,
    )


class Dialect(str, Enum):
    """Formats ``convert`` reads (:data:`swissbridge.formats.detect.READ_FORMATS`, which
    ``tests/unit/test_formats.py`` holds it to)."""

    trf = "trf"
    trf16 = "trf16"
    trf26 = "trf26"
    sm = "sm"
    sm_pairings = "sm-pairings"
    sm_players = "sm-players"
    pgn = "pgn"
    json = "json"
    tunx = "tunx"
    """Read only: Swiss-Manager's own file."""


class Written(str, Enum):
    """Formats ``convert`` and ``ratings`` write (:data:`swissbridge.formats.detect.WRITE_FORMATS`)."""

    trf = "trf"
    trf16 = "trf16"
    trf26 = "trf26"
    sm = "sm"
    sm_pairings = "sm-pairings"
    sm_players = "sm-players"
    pgn = "pgn"
    json = "json"


@app.command(
    epilog=epilog(
        CODES + " (a batch: 5 when any output could not be written, else 2 when an input was bad)",
        "swissbridge convert players.txt event.trf",
        "swissbridge convert exports/ out/ --to trf26",
    ),
)
def convert(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Input file(s) or folder, then the output file (or folder, e.g. out/, for a batch).",
            show_default=False,
            metavar="IN... OUT",
        ),
    ],
    from_: Annotated[
        Dialect | None,
        typer.Option("--from", help="Input format (default: by extension and content).", show_default=False),
    ] = None,
    to: Annotated[
        Written | None,
        typer.Option("--to", help="Output format (default: by extension; TRF-2026 otherwise).", show_default=False),
    ] = None,
    in_place: ConvertInPlace = False,
    encoding: EncodingOption = None,
) -> None:
    """Convert tournament files between TRF16, TRF-2026, Swiss-Manager text files, PGN
    and JSON. With several inputs, or an input folder and an output folder, convert
    every file (going on past bad ones) and exit non-zero if any failed."""
    from swissbridge.commands.convert import batch_sources, convert_batch, convert_file, exit_code, is_batch, summary

    if len(paths) < 2:
        fail("convert needs an input and an output (IN... OUT)", EXIT_INPUT)
    check_encoding(encoding)
    sources, target_text = [Path(p) for p in paths[:-1]], paths[-1]
    target = Path(target_text)
    src_fmt = from_.value if from_ is not None else None
    try:
        if not is_batch(sources, target_text):
            result = convert_file(
                sources[0],
                target,
                src_fmt=src_fmt,
                dst_fmt=to.value if to else None,
                in_place=in_place,
                encoding=encoding,
            )
            for warning in result.warnings:
                echo(f"swissbridge: warning: {warning}")
            for what in result.lost:
                echo(f"swissbridge: note: {target.name} cannot hold {what}")
            for note in result.notes:
                echo(f"swissbridge: note: {target.name}: {note}")
            return
        files = batch_sources(sources)
        if not files:
            fail("no input files to convert", EXIT_INPUT)
        dst = to.value if to is not None else "trf26"
        if len(files) >= 10:
            with typer.progressbar(length=len(files), label="converting", file=sys.stderr) as bar:
                results = convert_batch(
                    files, target, src_fmt=src_fmt, dst_fmt=dst, progress=lambda _: bar.update(1), encoding=encoding
                )
        else:
            results = convert_batch(files, target, src_fmt=src_fmt, dst_fmt=dst, encoding=encoding)
    except SwissbridgeError as exc:
        report(exc)
    for r in results:
        name = r.target.name if r.target else r.source.name
        for warning in r.warnings:
            echo(f"swissbridge: warning: {warning}")
        for what in r.lost:
            echo(f"swissbridge: note: {name} cannot hold {what}")
        for note in r.notes:
            echo(f"swissbridge: note: {name}: {note}")
    echo(summary(results), nl=False)
    code = exit_code(results)
    if code:
        raise typer.Exit(code)


class RatingKind(str, Enum):
    standard = "standard"
    rapid = "rapid"
    blitz = "blitz"


@app.command(epilog=epilog(CODES, "swissbridge ratings event.trf --list players_list_xml.zip -o event-rated.trf"))
def ratings(
    input: Annotated[Path, input_argument("Tournament file (any readable format).")],
    rating_list: Annotated[
        Path,
        typer.Option("--list", "-l", help="FIDE rating list: the zip FIDE ships, or its .xml.", show_default=False),
    ],
    kind: Annotated[RatingKind, typer.Option("--kind", "-k", help="Which rating to use.")] = RatingKind.standard,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write here (format by extension, default TRF-2026); else stdout (- is stdout)."
        ),
    ] = None,
    to: Annotated[
        Written | None, typer.Option("--to", help="Output format (default: by extension).", show_default=False)
    ] = None,
    in_place: OutputInPlace = False,
    encoding: EncodingOption = None,
) -> None:
    """Refresh ratings, titles, federations, birth years and sex by FIDE id from FIDE's
    XML rating list; players not found are reported on stderr."""
    from swissbridge.commands.output import editing, write_tournament
    from swissbridge.formats.detect import holds_system, lost_in, target_format
    from swissbridge.formats.fidexml import refresh_ratings
    from swissbridge.systems import with_system

    check_encoding(encoding)
    try:
        with editing(input, active=in_place):
            tournament = read_input(input, encoding)
            refreshed = refresh_ratings(tournament, rating_list, kind=kind.value)
            fmt = target_format(output or Path("out.trf"), to.value if to else None)
            rated, note = with_system(refreshed.tournament)
            write_tournament(output, rated, fmt, inputs=[input], in_place=in_place)
        for what in lost_in(rated, fmt):
            echo(f"swissbridge: note: the output cannot hold {what}")
        if note is not None and holds_system(fmt):
            echo(f"swissbridge: note: {note}")
    except SwissbridgeError as exc:
        report(exc, input)
    echo(refreshed.render(), nl=False)


@app.command(
    epilog=epilog(
        "0 every round as the system pairs it (also when no round has been paired yet: nothing to check); "
        "1 a round differs; 2 bad input or usage",
        "swissbridge check samples/club-championship-final.trf",
    ),
)
def check(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help="Tournament files, or folders searched recursively for them.", show_default=False, metavar="INPUT..."
        ),
    ],
    system: SystemOption = None,
    total_rounds: TotalRoundsOption = None,
    initial_colour: ColourOption = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="Tournaments checked in parallel (default: the usable cores)."),
    ] = None,
    report_file: Annotated[
        Path | None,
        typer.Option("--report", help="Write every result here as JSON (atomically).", show_default=False),
    ] = None,
    encoding: EncodingOption = None,
) -> None:
    """Pair every round again from the history before it and compare with the
    pairing played. One file: "ok" per round, or the boards that differ. Several
    files or a folder: one line per tournament that differs or cannot be read, then
    "N passed, M failed". Exit 1 on any difference, 2 when a file cannot be read."""
    from swissbridge.commands import batch
    from swissbridge.formats.detect import is_tournament_folder

    given_settings = settings(system, initial_colour, total_rounds, encoding)
    single = inputs[0] if len(inputs) == 1 else None
    if single is not None and (not single.is_dir() or is_tournament_folder(single)):
        check_single(single, given_settings, report_file, encoding)
        return
    found = batch.find_tournaments(inputs, skip=[report_file] if report_file else [])
    if not found:
        fail("no tournament files found in " + ", ".join(map(str, inputs)), EXIT_INPUT)
    progress = batch_progress() if sys.stderr.isatty() else None
    try:
        results = batch.check_many(
            found, given_settings, jobs=jobs or batch.usable_cores(), progress=progress, encoding=encoding
        )
    except KeyboardInterrupt:
        fail("interrupted", 130)
    if progress is not None:
        sys.stderr.write("\r\033[K")
    for line in batch.warning_lines(results):
        echo(f"swissbridge: warning: {line}")
    lines = [batch.result_line(result) for result in results if not result.passed]
    try:
        write_stdout("".join(line + "\n" for line in [*lines, batch.closing_line(results)]))
        if report_file is not None:
            batch.write_report(report_file, results, given_settings)
    except SwissbridgeError as exc:
        report(exc)
    raise typer.Exit(batch.exit_status(results))


def check_single(input: Path, given_settings: Settings, report_file: Path | None, encoding: str | None) -> None:
    """``check`` of one tournament: the per-round report."""
    from swissbridge.commands import batch
    from swissbridge.commands.check import check_tournament

    try:
        given = applied(read_input(input, encoding), given_settings)
        result = check_tournament(given.tournament, given.system, path=str(input))
        if report_file is not None:
            batch.write_report(report_file, [batch.result_of(str(input), result, given.warnings)], given_settings)
        write_stdout(result.render())
    except SwissbridgeError as exc:
        report(exc, input)
    if not result.ok:
        raise typer.Exit(EXIT_NO_PAIRING)


def batch_progress() -> Callable[[int, int, int], None]:
    """Progress of a batch check on the terminal (stderr), one line rewritten."""

    def show(done: int, total: int, failed: int) -> None:
        sys.stderr.write(f"\rchecked {done}/{total}, {failed} failed")
        sys.stderr.flush()

    return show


class ExplainFormat(str, Enum):
    text = "text"
    json = "json"
    html = "html"


@app.command(epilog=epilog(PAIR_CODES, "swissbridge explain samples/open-round4.trf --format html -o round4.html"))
def explain(
    input: Annotated[Path, input_argument("Tournament file (TRF16, TRF-2026, ...).")],
    round_no: Annotated[
        int | None,
        typer.Option(
            "--round",
            "-r",
            min=1,
            help="Round to explain (default: the next one; the last one paired while none of its games has a result).",
            show_default=False,
        ),
    ] = None,
    system: SystemOption = None,
    fmt: Annotated[
        ExplainFormat, typer.Option("--format", "-f", help="text, json (documented schema) or html (printable).")
    ] = ExplainFormat.text,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout (- is stdout).")
    ] = None,
    initial_colour: ColourOption = None,
    rounds: TotalRoundsOption = None,
    encoding: EncodingOption = None,
) -> None:
    """Explain how a round is paired, step by step as the system pairs it (brackets or
    scoregroups), the floaters and why, the criteria not met, the PAB and the colour
    rule of every board. Exit 1 when no legal pairing exists."""
    from swissbridge.commands.explain import explain as build_explanation
    from swissbridge.commands.output import write_output
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.publish.explain import render

    options = settings(system, initial_colour, rounds, encoding)
    try:
        given = applied(read_input(input, options.encoding), options)
        doc = build_explanation(given.tournament, system=given.system, round_no=round_no)
        write_output(output, render(doc, fmt.value), inputs=[input])
        found = bool(doc["pairing_found"])
    except NoLegalPairing as exc:
        no_pairing(input, round_no, exc)
    except SwissbridgeError as exc:
        report(exc, input)
    if not found:
        raise typer.Exit(EXIT_NO_PAIRING)


class StandingsFormat(str, Enum):
    text = "text"
    html = "html"
    json = "json"
    trf = "trf"
    csv = "csv"


@app.command(epilog=epilog(CODES, "swissbridge standings event.trf --crosstable"))
def standings(
    input: Annotated[Path, input_argument("Tournament file (any readable format).")],
    after_round: Annotated[
        int | None,
        typer.Option("--after-round", "-r", help="Standings after this round (default: the last).", show_default=False),
    ] = None,
    tiebreaks: Annotated[
        str | None,
        typer.Option(
            "--tiebreaks",
            "-t",
            help="Tie-break codes, e.g. BH/C1,BH,SB,DE,WIN (instead of the file's record 202, said in one line; "
            "default: the file's list, else BH/C1,BH,SB,DE,WIN).",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[StandingsFormat, typer.Option("--format", "-f", help="Output format.")] = StandingsFormat.text,
    explain: Annotated[
        str | None, typer.Option("--explain", help="Show how one player's values were computed (#12).")
    ] = None,
    crosstable: Annotated[bool, typer.Option("--crosstable", help="The crosstable (text, csv, json or html).")] = False,
    unrated: Annotated[
        int | None,
        typer.Option(
            "--unrated",
            min=0,
            max=MAX_RATING,
            help="Rating given to unrated players for ARO, TPR ... (C.07 10).",
            show_default=False,
        ),
    ] = None,
    rating_change: Annotated[
        bool,
        typer.Option(
            "--rating-change",
            help="Each rated player's FIDE rating change for the event (B.02 8.3) beside the performance rating.",
        ),
    ] = False,
    k: Annotated[
        int | None,
        typer.Option(
            "--k",
            min=1,
            max=700,
            help="The development coefficient K for every player with --rating-change "
            "(default: from each player's rating and birth year, B.02 8.3.3).",
            show_default=False,
        ),
    ] = None,
    category: Annotated[
        str | None,
        typer.Option(
            "--category",
            help="Rank one category as a prize list does: women, U16 (age on the first day), S50 or 50+, "
            "rating:1600-1799, fed:ENG; several joined by commas.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout (- is stdout).")
    ] = None,
    encoding: EncodingOption = None,
) -> None:
    """Rank the players by points and the FIDE tie-breaks (C.07); shared places are shown as such."""
    from swissbridge.commands.standings import standings_output

    check_encoding(encoding)
    if k is not None and not rating_change:
        fail("--k is the development coefficient of --rating-change: give both", EXIT_INPUT)
    if category is not None:
        from swissbridge.rules.ranking import check_category

        try:
            check_category(category)
        except ValueError as exc:
            fail(str(exc), EXIT_INPUT)
    notes: list[str] = []
    try:
        text = standings_output(
            input,
            tournament=read_input(input, encoding),
            after_round=after_round,
            tiebreaks=tiebreaks,
            fmt=fmt.value,
            explain=explain,
            crosstable=crosstable,
            unrated=unrated,
            notes=notes,
            with_rating_change=rating_change,
            k=k,
            category=category,
        )
        for note in notes:
            echo(f"swissbridge: note: {note}")
        from swissbridge.commands.output import write_output

        write_output(output, text, inputs=[input])
    except SwissbridgeError as exc:
        report(exc, input)


@app.command(
    context_settings={"ignore_unknown_options": True},
    epilog=epilog(
        CODES,
        "swissbridge result event.trf 3 1 1-0 2 = 3 0-1 '#7' H",
        "swissbridge result event.trf 3 --from-pgn round3/games.pgn",
        "swissbridge result double.trf 3 1 1-0 ½-½ 2 0-1 -+   # Double-Swiss: match 3, both games a board",
        "swissbridge result double.trf 3 --game 1 1 1-0 2 ½-½   # the first games, before the second ones",
    ),
)
def result(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON).")],
    round_no: Annotated[
        int,
        typer.Argument(min=1, help="The round the results are for (in a Double-Swiss, the match).", metavar="ROUND"),
    ],
    results: Annotated[
        list[str] | None,
        typer.Argument(
            help="Pairs BOARD|#START RESULT: 1-0 0-1 ½-½ (=) +- -+ 0-0 (double forfeit) for a game; "
            "H F Z withdrawn for a player. A team event's boards are counted down its matches as pair "
            "prints them, or named MATCH.BOARD (2.1). A Double-Swiss round is a match of two games: "
            "BOARD|#START GAME1 GAME2, each game from the side of the player listed first on the board "
            "(White in game 1, Black in game 2): 1-0 0-1 ½-½ ½-0 0-½ 0-0 (played) +- -+ -/- (forfeits); "
            "a bye (H F Z withdrawn) is for the whole match.",
            show_default=False,
            metavar="[BOARD|#START RESULT...]...",
        ),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            min=1,
            max=2,
            metavar="1|2",
            help="A Double-Swiss match: enter one game's result (1 or 2); the round is complete when both have one.",
            show_default=False,
        ),
    ] = None,
    from_pgn: Annotated[
        Path | None,
        typer.Option(
            "--from-pgn", help="Take the finished games of this PGN (a broadcast's games.pgn).", show_default=False
        ),
    ] = None,
    correct: Annotated[bool, typer.Option("--correct", help="Replace results already entered.")] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write here instead (default: FILE itself, keeping FILE.bak).", show_default=False
        ),
    ] = None,
    in_place: OutputInPlace = False,
    encoding: EncodingOption = None,
) -> None:
    """Enter results (and byes, withdrawals) into a tournament file and recompute the
    points; then `pair` pairs the next round from the same file. Boards are numbered
    as `pair` prints them. Written atomically; the previous file is kept as FILE.bak."""
    from swissbridge.commands.output import editing, is_input, state_format, write_tournament
    from swissbridge.event.results import corrected_under_later_rounds, enter_results, items_from_pgn, parse_items
    from swissbridge.formats.detect import holds_system, target_format
    from swissbridge.rules.teams import with_printed_boards
    from swissbridge.rules.twogame import round_columns
    from swissbridge.systems import with_system

    check_encoding(encoding)
    target = output or input
    try:
        with editing(input, active=in_place or output is None or is_input(output, [input])):
            tournament = read_input(input, encoding)
            items = parse_items(results or [], games=tournament.points.games, game=game)
            tournament = with_printed_boards(tournament, after=round_columns(tournament, round_no)[0])
            if from_pgn is not None:
                found, notes = items_from_pgn(tournament, round_no, str(from_pgn))
                for note in notes:
                    echo(f"swissbridge: note: {note}")
                items = [*found, *items]
            if not items:
                fail("no results given: BOARD|#START RESULT pairs, or --from-pgn", EXIT_INPUT)
            updated, added = with_system(enter_results(tournament, round_no, items, correct=correct))
            if (stale := corrected_under_later_rounds(tournament, updated, round_no)) is not None:
                typer.echo(f"swissbridge: warning: {stale}", err=True)
            fmt = target_format(target, None) if output is not None else state_format(input)
            write_tournament(target, updated, fmt, inputs=[input], in_place=in_place or output is None)
        if added is not None and holds_system(fmt):
            echo(f"swissbridge: note: {target.name}: {added}")
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: round {round_no}: {len(items)} result(s) entered in {target}")


@app.command(
    epilog=epilog(
        CODES,
        "swissbridge undo event.trf 5   # round 5, the last paired, taken back with its results (event.trf.bak kept)",
    ),
)
def undo(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    round_no: Annotated[
        int,
        typer.Argument(
            min=1, help="The last paired round, to take back (named, so that no other is).", metavar="ROUND"
        ),
    ],
    encoding: EncodingOption = None,
) -> None:
    """Take back the last paired round on purpose: its pairing, its printed boards and every
    result entered in it are removed (the byes asked for it stay), the points recomputed;
    what was removed is said, and the previous file kept as FILE.bak. Then `pair --in-place`
    pairs the round again. The only command that removes a played result."""
    from swissbridge.commands.output import editing, state_format, write_tournament
    from swissbridge.event.results import undo_round

    check_encoding(encoding)
    try:
        with editing(input):
            fmt = state_format(input)
            taken, removed = undo_round(read_input(input, encoding), round_no)
            write_tournament(input, taken, fmt, inputs=[input], in_place=True)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(
        f"swissbridge: {input.name}: round {round_no} taken back; removed {' and '.join(removed)}; "
        f"the previous file is {input.name}.bak"
    )


class PointsOption(str, Enum):
    standard = "standard"
    p310 = "310"


@app.command(
    epilog=epilog(
        "0 success; 1 no attempt could be paired to the end; 2 usage; 5 an output could not be written",
        "swissbridge generate -n 40 --rounds 9 --seed 7 -o event.trf",
        "swissbridge generate --system team -n 16 --boards 4 --rounds 7 --code FIDE_TEAM_TYPEB_MP_GP -o teams.trf",
    ),
)
def generate(
    players: Annotated[
        int,
        typer.Option(
            "--players",
            "-n",
            min=2,
            max=MAX_START_NO,
            help="Number of players (TRF: at most 9999); of teams for a system that pairs teams.",
        ),
    ] = 30,
    rounds: Annotated[int, typer.Option("--rounds", min=1, max=MAX_ROUNDS, help="Number of rounds.")] = 7,
    system: Annotated[
        str, typer.Option("--system", "-s", metavar="SYSTEM", help=f"Pairing system: {SYSTEMS}.")
    ] = DEFAULT,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same file.")] = 1,
    points: Annotated[
        PointsOption | None,
        typer.Option(
            "--points",
            help="Scoring: standard (1-½-0) or 310 (default: the system's own, else standard).",
            show_default=False,
        ),
    ] = None,
    accelerate: Annotated[bool, typer.Option("--accelerate", help="Baku acceleration (C.04.7).")] = False,
    forbidden: Annotated[int, typer.Option("--forbidden", min=0, help="Groups of players who may not meet.")] = 0,
    provisional: Annotated[
        int | None,
        typer.Option(
            "--provisional-rating",
            min=1,
            max=4000,
            help="Rating given to the players drawn unrated (a provisional rating, C.04.4.1 1.1.2); "
            "default: none, or the field's lowest for a system that needs every player rated.",
            show_default=False,
        ),
    ] = None,
    boards: Annotated[
        int | None,
        typer.Option(
            "--boards",
            help="A team event: boards per match, 1-14 (default 4 for a system that pairs teams).",
            show_default=False,
        ),
    ] = None,
    code: Annotated[
        str | None,
        typer.Option(
            "--code",
            metavar="CODE",
            help="Record 192: one of the system's codes (default: its first).",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout (- is stdout).")
    ] = None,
) -> None:
    """Play a random tournament to the end with a pairing system and write it as TRF-2026."""
    from swissbridge.commands.generate import POINTS_310, GenerateOptions, GenerationFailed, generate_tournament
    from swissbridge.formats.trf import write_trf
    from swissbridge.model import PointSystem

    chosen = {None: None, PointsOption.p310: POINTS_310, PointsOption.standard: PointSystem()}[points]
    options = GenerateOptions(
        points=chosen,
        accelerate=accelerate,
        forbidden_groups=forbidden,
        provisional_rating=provisional,
        boards=boards,
        code=code,
    )
    try:
        tournament = generate_tournament(players, rounds, system, seed, options)
        text = write_trf(tournament, dialect="trf26")
        from swissbridge.commands.output import write_output

        write_output(output, text)
    except GenerationFailed as exc:
        fail(str(exc), EXIT_NO_PAIRING)
    except SwissbridgeError as exc:
        report(exc)


class WatchHost(str, Enum):
    swiss_manager = "swiss-manager"
    pgn = "pgn"


@app.command(
    epilog=epilog(
        "0 stopped cleanly; 1 no legal pairing (the Chief Arbiter must decide); 2 bad input or usage; "
        "5 an output could not be written",
        "swissbridge watch exports/ --host swiss-manager --rounds 9 --initial-colour white --once",
    ),
)
def watch(
    folder: Annotated[Path, typer.Argument(help="Folder the host program writes into.", show_default=False)],
    host: Annotated[
        WatchHost,
        typer.Option(
            "--host",
            help="What writes the folder: swiss-manager for tournament files saved into it (TRF, .TUNX, "
            "Swiss-Manager's exports; also with no host program, the TRF edited with `result`), pgn for "
            "a broadcast's round PGNs (with --tournament).",
        ),
    ] = WatchHost.swiss_manager,
    system: SystemOption = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Output folder (default: FOLDER/swissbridge-out).", show_default=False),
    ] = None,
    tournament: Annotated[
        Path | None,
        typer.Option("--tournament", help="Tournament state to start from (TRF; --host pgn).", show_default=False),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds", min=1, max=MAX_ROUNDS, help="Total rounds, when the input does not say.", show_default=False
        ),
    ] = None,
    once: Annotated[bool, typer.Option("--once", help="Run a single pass and exit (scripts, cron).")] = False,
    stable: Annotated[
        float,
        typer.Option("--stable", help="Seconds a file must stay unchanged before it is read (0 to 86 400)."),
    ] = 2.0,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Say everything the watcher does.")] = False,
    initial_colour: ColourOption = None,
    encoding: EncodingOption = None,
) -> None:
    """Watch a folder: when a round is complete, pair the next one and write it back."""
    from swissbridge.watch.command import run_cli

    options = settings(system, initial_colour, rounds, encoding)  # refused before watching
    code = run_cli(
        folder,
        host=host.value,
        system=options.system,
        out=out,
        tournament=tournament,
        rounds=options.rounds,
        once=once,
        stable=stable,
        verbose=verbose,
        initial_colour=options.initial_colour,
        encoding=options.encoding,
    )
    if code:
        raise typer.Exit(code)


eventcli.register(app)


def _only(name: str) -> typer.Typer | None:
    """``app`` reduced to the command called ``name``, or None when no command has
    that name (help, ``--version``, a typo: the whole app answers those).

    Typer builds the click parameters of every registered command, by inspecting
    each function's signature, before it parses the command line; building only the
    command being run takes about 7 ms off every invocation (issue 7: start-up).
    The reduced app has the same callback and settings, so the command's own
    options, help and error messages are unchanged."""
    commands = [
        info
        for info in app.registered_commands
        if info.callback is not None and (info.name or get_command_name(info.callback.__name__)) == name
    ]
    groups = [  # `player add …`
        info
        for info in app.registered_groups
        if info.typer_instance is not None and info.typer_instance.info.name == name
    ]
    if not commands and not groups:
        return None
    reduced = copy.copy(app)
    reduced.registered_commands = commands
    reduced.registered_groups = groups
    return reduced


def main() -> None:
    """Console-script entry point."""
    reduced = _only(sys.argv[1]) if len(sys.argv) > 1 else None
    (reduced or app)()


if __name__ == "__main__":
    main()
