"""The commands that run an event from a player list (typer): ``new``, ``set``,
``player add|withdraw|bye|forbid`` and ``report`` (the FIDE report), registered on the ``swissbridge``
application by :mod:`swissbridge.cli.commandline`. Each is a thin function over
:mod:`swissbridge.event.header`, :mod:`swissbridge.event.players` and :mod:`swissbridge.event.report`; a
file is rewritten as ``result`` rewrites it: atomically, the previous version kept as
``FILE.bak``."""

from __future__ import annotations

import os
import random
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from swissbridge.cli.console import EXIT_INPUT, InitialColour, check_encoding, echo, fail, read_input, report
from swissbridge.cli.options import CODES, epilog, input_argument
from swissbridge.commands.output import editing
from swissbridge.errors import SwissbridgeError, UsageError
from swissbridge.plugins import shipped
from swissbridge.systems import DEFAULT, for_round_robins

if TYPE_CHECKING:
    from swissbridge.event.header import Header
    from swissbridge.model import Tournament

player_app = typer.Typer(
    name="player",
    help="Change the list of participants: a late entry, a withdrawal, a requested bye, a pair that must not meet.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _option(name: str, help: str, metavar: str | None = None) -> Any:
    return typer.Option(name, help=help, show_default=False, metavar=metavar)


NameOption = Annotated[str | None, _option("--name", "Tournament name (TRF 012).")]
CityOption = Annotated[str | None, _option("--city", "City (022).")]
FederationOption = Annotated[str | None, _option("--federation", "Federation of the event, three letters (032).")]
StartOption = Annotated[str | None, _option("--start", "Start date YYYY-MM-DD (042).")]
EndOption = Annotated[str | None, _option("--end", "End date YYYY-MM-DD (052).")]
ArbiterOption = Annotated[str | None, _option("--chief-arbiter", "Chief arbiter, e.g. 'Doe, Jane (FIDE id)' (102).")]
DeputyOption = Annotated[
    list[str] | None, _option("--deputy", "Deputy chief arbiter (112); repeat for several, '' removes them.")
]
TimeOption = Annotated[str | None, _option("--time-control", "Time control, e.g. '90 min + 30 s per move' (122).")]
RoundsOption = Annotated[int | None, _option("--rounds", "Number of rounds (142).")]
SystemOption = Annotated[
    str | None, _option("--system", f"Pairing system (192; new: default {DEFAULT}).", "|".join(shipped()))
]
ColourOption = Annotated[
    InitialColour | None, _option("--initial-colour", "The colour of the top player in round 1 (152).")
]
TiebreakOption = Annotated[str | None, _option("--tiebreaks", "Tie-break list, e.g. BH/C1,BH,SB,DE,WIN (202).")]
PointsOption = Annotated[
    str | None, _option("--points", "Points for win-draw-loss: standard (1-½-0) or e.g. 3-1-0 (162).")
]
RoundDatesOption = Annotated[
    str | None, _option("--round-dates", "Dates of the rounds, comma-separated YYYY-MM-DD (132).", "DATE,DATE,...")
]
DrawOption = Annotated[
    str | None,
    _option(
        "--draw",
        "A round robin's pairing numbers (C.05), before round 1: `lots` draws them; new: `listed` keeps the "
        "list's order as drawn; set: the start numbers in the order drawn, the holder of 1 first (5,2,7,...).",
        "lots|listed|N,N,...",
    ),
]
EncodingOption = Annotated[
    str | None, _option("--encoding", "Encoding of the player list or Swiss-Manager file (default: UTF-8).")
]


def _header(
    name: str | None,
    city: str | None,
    federation: str | None,
    start: str | None,
    end: str | None,
    chief_arbiter: str | None,
    deputy: list[str] | None,
    time_control: str | None,
    rounds: int | None,
    system: str | None,
    initial_colour: InitialColour | None,
    tiebreaks: str | None,
    points: str | None,
    round_dates: str | None,
) -> Header:
    from swissbridge.event.header import Header
    from swissbridge.model import Colour

    colour = None if initial_colour is None else Colour.WHITE if initial_colour is InitialColour.white else Colour.BLACK
    return Header(
        name=name,
        city=city,
        federation=federation,
        start=start,
        end=end,
        chief_arbiter=chief_arbiter,
        deputies=None if deputy is None else tuple(deputy),
        time_control=time_control,
        rounds=rounds,
        system=system,
        initial_colour=colour,
        tiebreaks=tiebreaks,
        points=points,
        round_dates=None if round_dates is None else tuple(d for d in round_dates.split(",") if d.strip()),
    )


def _pairs_round_robins(system: str) -> bool:
    """``--system`` names a system that pairs round robins (an unknown one is refused later)."""
    from swissbridge.event.header import system_code
    from swissbridge.systems import code_pairs_round_robins

    try:
        return code_pairs_round_robins(system_code(system))
    except UsageError:
        return True  # apply_header refuses the unknown --system itself


def _write_back(input: Path, tournament: Tournament) -> None:
    """``tournament`` over ``input``, as ``result`` writes it (atomically, ``FILE.bak`` kept,
    record 192 naming the system it is paired with: :func:`swissbridge.systems.with_system`);
    called inside :func:`swissbridge.commands.output.editing`, around the read of ``input`` too."""
    from swissbridge.commands.output import state_format, write_tournament
    from swissbridge.systems import with_system

    written, note = with_system(tournament)
    write_tournament(input, written, state_format(input), inputs=[input], in_place=True)
    if note is not None:
        echo(f"swissbridge: note: {input}: {note}")


class RatingKind(str, Enum):
    standard = "standard"
    rapid = "rapid"
    blitz = "blitz"


def new(
    output: Annotated[Path, input_argument("The tournament file to create (TRF-2026); it must not exist.")],
    players: Annotated[
        Path,
        typer.Option(
            "--players",
            "-p",
            help="Player list: CSV with an English header row, a Swiss-Manager player export, or FIDE ids.",
            show_default=False,
        ),
    ],
    ratings: Annotated[
        Path | None,
        _option("--ratings", "FIDE's rating list (zip or xml) to complete a list of FIDE ids.", "LIST.zip|.xml"),
    ] = None,
    kind: Annotated[RatingKind, typer.Option("--kind", help="Which rating of --ratings.")] = RatingKind.standard,
    name: NameOption = None,
    city: CityOption = None,
    federation: FederationOption = None,
    start: StartOption = None,
    end: EndOption = None,
    chief_arbiter: ArbiterOption = None,
    deputy: DeputyOption = None,
    time_control: TimeOption = None,
    rounds: RoundsOption = None,
    system: SystemOption = None,
    initial_colour: ColourOption = None,
    tiebreaks: TiebreakOption = None,
    points: PointsOption = None,
    round_dates: RoundDatesOption = None,
    draw: DrawOption = None,
    boards: Annotated[
        int | None,
        _option(
            "--boards",
            "A team event (--system team): the boards of a match (record 352); the list's team column makes the teams.",
            "N",
        ),
    ] = None,
    encoding: EncodingOption = None,
) -> None:
    """Create a tournament from a player list: start numbers in the initial order of
    C.04.2 Art. 2.2 (rating, then title, then name; a list already in that order keeps
    it), or, for a round robin, drawn by lot (--draw), and the header a FIDE report needs.
    A team event (--system team --boards N) makes its teams from the list's team column."""
    from swissbridge.commands.output import write_tournament
    from swissbridge.event.header import NewEvent, new_event, new_team_event, team_boards
    from swissbridge.event.players import DRAW_LISTED, draw_numbers, parse_draw
    from swissbridge.formats.playerlist import read_player_list

    check_encoding(encoding)
    listed_order = draw is not None and draw.strip().lower() == DRAW_LISTED
    try:
        if draw is not None and not listed_order and parse_draw(draw) is not None:
            raise UsageError(f"new --draw {draw}: expected lots or listed (set --draw takes the start numbers)")
    except UsageError as exc:
        fail(str(exc), EXIT_INPUT)
    if os.path.lexists(output):  # refused before any work; create_output refuses it again at the last moment
        fail(f"{output} exists already: `new` never replaces a file; choose another name or remove it", EXIT_INPUT)
    header = _header(
        name,
        city,
        federation,
        start,
        end,
        chief_arbiter,
        deputy,
        time_control,
        rounds,
        system or DEFAULT,
        initial_colour,
        tiebreaks,
        points,
        round_dates,
    )
    if draw is not None and not _pairs_round_robins(header.system or DEFAULT):
        fail(
            f"new --draw {draw}: pairing numbers are drawn by lot in a round robin (C.05): give {for_round_robins()}",
            EXIT_INPUT,
        )
    try:
        team_event = team_boards(header.system or DEFAULT, boards)  # refused before the list is read
    except UsageError as exc:
        fail(str(exc), EXIT_INPUT)
    try:
        listed = read_player_list(players, encoding=encoding, ratings=ratings, kind=kind.value)
        for warning in listed.warnings:
            echo(f"swissbridge: warning: {warning}")
        if listed.teams and not team_event:
            echo(f"swissbridge: warning: {players}: the team column is read for a team event only (--system team)")
        if boards is not None:
            made = NewEvent(new_team_event(listed, header, boards), ())
        else:
            made = new_event(listed.players, header)
        t = made.tournament
        drawn = None
        if draw is not None:
            given = dict(made.moved)
            number = {p.start_no: given.get(p, p.start_no) for p in listed.players}
            order = [number[p.start_no] for p in listed.players] if listed_order else None
            drawn = draw_numbers(t, order, random.SystemRandom())
            t = drawn.tournament
        write_tournament(output, t, "trf26", create="new")
    except SwissbridgeError as exc:
        report(exc, players)
    if drawn is not None:
        echo(f"swissbridge: {output}: {drawn.note}")
    elif made.moved:
        line_of = dict(zip((p.start_no for p in listed.players), listed.lines, strict=True))
        shown = ", ".join(f"{p.name} (line {line_of[p.start_no]}) → {n}" for p, n in made.moved[:5])
        more = f" and {len(made.moved) - 5} more" if len(made.moved) > 5 else ""
        echo(
            f"swissbridge: warning: {players} is not in the initial order of C.04.2 Art. 2.2 (rating, then title, "
            f"then name): start numbers given in that order: {shown}{more}"
        )
    if drawn is None and _pairs_round_robins(header.system or DEFAULT):
        echo(
            f"swissbridge: note: {output}: a round robin's pairing numbers are drawn by lot (C.05); these follow "
            f"the initial order: draw them before round 1 with `swissbridge set {output} --draw lots` (or give "
            "the order drawn)"
        )
    from swissbridge.rules.twogame import event_rounds

    each = f" of {t.points.games} games" if t.points.games > 1 else ""
    of = f"{event_rounds(t)} rounds{each}" if t.total_rounds else "rounds not given (--rounds N)"
    teams = f"{len(t.teams.teams)} teams of {boards} boards, " if t.teams is not None else ""
    echo(f"swissbridge: {output}: {teams}{len(t.players)} players, {of}, {t.system}")


def set_(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    name: NameOption = None,
    city: CityOption = None,
    federation: FederationOption = None,
    start: StartOption = None,
    end: EndOption = None,
    chief_arbiter: ArbiterOption = None,
    deputy: DeputyOption = None,
    time_control: TimeOption = None,
    rounds: RoundsOption = None,
    system: SystemOption = None,
    initial_colour: ColourOption = None,
    tiebreaks: TiebreakOption = None,
    points: PointsOption = None,
    round_dates: RoundDatesOption = None,
    draw: DrawOption = None,
) -> None:
    """Change the tournament's header (name, dates, arbiters, rounds, system, tie-breaks …),
    or draw a round robin's pairing numbers before round 1 (--draw)."""
    from swissbridge.event.header import Header, apply_header
    from swissbridge.event.players import draw_numbers, parse_draw
    from swissbridge.rules.teams import with_printed_boards

    try:
        order = None if draw is None else parse_draw(draw)
    except UsageError as exc:
        fail(str(exc), EXIT_INPUT)

    header = _header(
        name,
        city,
        federation,
        start,
        end,
        chief_arbiter,
        deputy,
        time_control,
        rounds,
        system,
        initial_colour,
        tiebreaks,
        points,
        round_dates,
    )
    if header == Header() and draw is None:
        fail("nothing to set: give at least one option (swissbridge set --help)", EXIT_INPUT)
    try:
        with editing(input):
            # the boards of the paired rounds as numbered now: new points (--points) change scores, not boards
            changed, lines = apply_header(with_printed_boards(read_input(input)), header)
            if draw is not None:
                drawn = draw_numbers(changed, order, random.SystemRandom())
                changed = drawn.tournament
                lines.append(drawn.note)
            if lines:
                _write_back(input, changed)
    except SwissbridgeError as exc:
        report(exc, input)
    for line in lines or ["nothing changed"]:
        echo(f"swissbridge: {input}: {line}")


class Missed(str, Enum):
    zero = "zero"
    half = "half"


@player_app.command(
    epilog=epilog(CODES, "swissbridge player add event.trf --name 'Doe, Jane' --rating 1850 --federation NOR")
)
def add(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    name: Annotated[str, _option("--name", "'Surname, Given name' (with --ratings: the list's).")] = "",
    ratings: Annotated[
        Path | None,
        _option("--ratings", "FIDE's rating list (zip or xml): the --fide-id's name, rating, title …", "LIST.zip|.xml"),
    ] = None,
    kind: Annotated[RatingKind, typer.Option("--kind", help="Which rating of --ratings.")] = RatingKind.standard,
    rating: Annotated[str, _option("--rating", "FIDE rating (blank: unrated).")] = "",
    fide_id: Annotated[str, _option("--fide-id", "FIDE id.")] = "",
    federation: Annotated[str, _option("--federation", "Federation, three letters.")] = "",
    title: Annotated[str, _option("--title", "GM IM WGM FM WIM CM WFM WCM.")] = "",
    sex: Annotated[str, _option("--sex", "m or w.")] = "",
    birth: Annotated[str, _option("--birth", "Birth date YYYY-MM-DD (or the year).")] = "",
    from_round: Annotated[
        int | None, _option("--from-round", "First round the player is paired in (default: the next).")
    ] = None,
    missed: Annotated[
        Missed, typer.Option("--missed", help="What the rounds already paired score: zero (C.04.2 2.4) or half.")
    ] = Missed.zero,
    team: Annotated[
        int | None, _option("--team", "A team event: the team the player joins (a reserve, after its members).", "N")
    ] = None,
) -> None:
    """Register a late entry: it gets the pairing number C.04.2 Art. 2.4 gives (its place
    in the initial order, renumbering the players below, until round 4 is paired; then
    the next number) and is paired from the next round (or --from-round). In a team event
    (--team N) the player joins team N as its last member, with the next number."""
    from swissbridge.event.players import add_player
    from swissbridge.formats.playerlist import make_player
    from swissbridge.model import ByeKind

    values = {
        "name": name.strip(),
        "rating": rating.strip(),
        "fide id": fide_id.strip(),
        "federation": federation.strip(),
        "title": title.strip(),
        "sex": sex.strip(),
        "birth date": birth.strip(),
    }

    def bad(column: str, expected: str) -> Exception:
        option = "--birth" if column == "birth date" else "--" + column.replace(" ", "-")
        return UsageError(f"{option} {values.get(column, '')!r}: expected {expected}")

    try:
        if ratings is not None:
            for column, value in _listed(values["fide id"], ratings, kind).items():
                values[column] = values[column] or value  # what the options give wins
        player = make_player(values, bad)
        with editing(input):
            entered = add_player(
                read_input(input),
                player,
                from_round=from_round,
                missed=ByeKind.HALF if missed is Missed.half else ByeKind.ZERO,
                team=team,
            )
            _write_back(input, entered.tournament)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: {entered.note}")


def _listed(fide_id: str, ratings: Path, kind: RatingKind) -> dict[str, str]:
    """The player ``fide_id`` as FIDE's rating list ``ratings`` gives them, by column."""
    from swissbridge.errors import InputError
    from swissbridge.formats.playerlist import players_from_rating_list

    if not fide_id:
        raise UsageError("--ratings completes a player by FIDE id: give --fide-id too")
    try:
        p = players_from_rating_list([(fide_id, 1)], ratings, kind=kind.value).players[0]
    except InputError as exc:
        raise UsageError(f"--fide-id {fide_id}: {exc.message} {ratings}") from None
    rating = str(p.rating) if p.rating else ""
    given = (p.name, rating, p.federation, p.title, p.sex, p.birth)
    return dict(zip(("name", "rating", "federation", "title", "sex", "birth date"), given, strict=True))


@player_app.command(epilog=epilog(CODES, "swissbridge player withdraw event.trf 12 --from-round 5"))
def withdraw(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    number: Annotated[int, typer.Argument(min=1, help="The player's start number.", metavar="N")],
    from_round: Annotated[
        int | None, _option("--from-round", "First round the player misses (default: the next).")
    ] = None,
) -> None:
    """Withdraw a player from a round on: not paired in any later round (C.04.2 Art. 3.2),
    written as record 240 for each of them."""
    from swissbridge.event.players import withdraw as withdraw_player
    from swissbridge.messages import ranges

    try:
        with editing(input):
            changed, rounds = withdraw_player(read_input(input), number, from_round)
            _write_back(input, changed)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: player {number} withdrawn: not paired in rounds {ranges(rounds)}")


class ByePoints(str, Enum):
    half = "half"
    zero = "zero"
    full = "full"


@player_app.command(epilog=epilog(CODES, "swissbridge player bye event.trf 7 --round 4 --points half"))
def bye(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    number: Annotated[int, typer.Argument(min=1, help="The player's start number.", metavar="N")],
    round_no: Annotated[int, typer.Option("--round", "-r", min=1, help="The round.", show_default=False)],
    points: Annotated[
        ByePoints, typer.Option("--points", help="What the bye scores, as the rules of the tournament allow.")
    ] = ByePoints.zero,
) -> None:
    """Record a requested bye before the round is paired (TRF-2026 record 240): the player
    is not paired in that round (C.04.2 Art. 3.3)."""
    from swissbridge.event.players import request_bye
    from swissbridge.model import ByeKind

    kind = {ByePoints.half: ByeKind.HALF, ByePoints.zero: ByeKind.ZERO, ByePoints.full: ByeKind.FULL}[points]
    try:
        with editing(input):
            _write_back(input, request_bye(read_input(input), number, round_no, kind))
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: player {number}: {points.value}-point bye in round {round_no}")


@player_app.command(epilog=epilog(CODES, "swissbridge player forbid event.trf 3 17 --rounds 1-4"))
def forbid(
    input: Annotated[Path, input_argument("Tournament file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    first: Annotated[int, typer.Argument(min=1, help="One player's start number.", metavar="A")],
    second: Annotated[int, typer.Argument(min=1, help="The other's.", metavar="B")],
    rounds: Annotated[str | None, _option("--rounds", "The rounds (default: all).", "FROM-TO")] = None,
) -> None:
    """Record two players who must not meet (family, the same club early on), as
    TRF-2026's restriction record 260; every system honours it, `explain` shows it."""
    from swissbridge.event.players import forbid as forbid_pair
    from swissbridge.event.players import restriction_note

    lo = hi = None
    if rounds is not None:
        a, sep, b = rounds.partition("-")
        if not (a.strip().isdigit() and (not sep or b.strip().isdigit())):
            fail(f"--rounds {rounds!r}: expected FROM-TO, e.g. 1-4 (or one round)", EXIT_INPUT)
        lo, hi = int(a), int(b if sep else a)
    try:
        with editing(input):
            before = read_input(input)
            forbidden = forbid_pair(before, first, second, lo, hi)
            _write_back(input, forbidden)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: {restriction_note(before, first, second, forbidden.forbidden[-1], lo)}")


team_app = typer.Typer(
    name="team",
    help="A team event's teams: a line-up (record 300), a withdrawal, a requested bye (the team form of record 240).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@team_app.command("withdraw", epilog=epilog(CODES, "swissbridge team withdraw teams.trf 4 --from-round 5"))
def withdraw_team(
    input: Annotated[Path, input_argument("Team event file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    number: Annotated[int, typer.Argument(min=1, help="The team's pairing number (record 310).", metavar="TEAM")],
    from_round: Annotated[
        int | None, _option("--from-round", "First round the team misses (default: the next).")
    ] = None,
) -> None:
    """Withdraw a team from a round on: not paired in any later round (C.04.2 Art. 3.2,
    applied to teams by C.04.6), written as the team form of record 240 for each round."""
    from swissbridge.event.players import withdraw_team as withdraw
    from swissbridge.messages import ranges

    try:
        with editing(input):
            changed, rounds = withdraw(read_input(input), number, from_round)
            _write_back(input, changed)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: team {number} withdrawn: not paired in rounds {ranges(rounds)}")


@team_app.command("bye", epilog=epilog(CODES, "swissbridge team bye teams.trf 3 --round 4 --points zero"))
def team_bye(
    input: Annotated[Path, input_argument("Team event file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    number: Annotated[int, typer.Argument(min=1, help="The team's pairing number (record 310).", metavar="TEAM")],
    round_no: Annotated[int, typer.Option("--round", "-r", help="The round.", show_default=False)],
    points: Annotated[
        ByePoints, typer.Option("--points", help="What the bye scores, as the rules of the competition allow.")
    ] = ByePoints.zero,
) -> None:
    """Record a team's requested bye before the round is paired (the team form of record
    240): the team is not paired in that round (C.04.2 Art. 3.3, applied to teams by C.04.6)."""
    from swissbridge.event.players import announce_team
    from swissbridge.model import ByeKind

    kind = {ByePoints.half: ByeKind.HALF, ByePoints.zero: ByeKind.ZERO, ByePoints.full: ByeKind.FULL}[points]
    try:
        with editing(input):
            _write_back(input, announce_team(read_input(input), number, [round_no], kind))
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: team {number}: {points.value}-point bye in round {round_no}")


@team_app.command("lineup", epilog=epilog(CODES, "swissbridge team lineup teams.trf 1 1 3 2 4 --round 3"))
def team_lineup(
    input: Annotated[Path, input_argument("Team event file (TRF or JSON), rewritten in place (FILE.bak kept).")],
    number: Annotated[int, typer.Argument(min=1, help="The team's pairing number (record 310).", metavar="TEAM")],
    players: Annotated[
        list[int],
        typer.Argument(
            min=0,
            help="The start numbers of the team's players on boards 1, 2, …, one a board (0: the board left "
            "unoccupied, won by forfeit by the other side).",
            metavar="PLAYER...",
            show_default=False,
        ),
    ],
    round_no: Annotated[
        int | None, _option("--round", "The paired round whose match the line-up plays (default: the last paired).")
    ] = None,
) -> None:
    """Field a team's line-up in a paired round (TRF-2026 record 300): who plays which board,
    reserves in. Without one a team plays its first members in record 310's order (the board
    order of the player list). Given before the team's match has a result: the match's games
    are written again (each board keeps its number and colours), and every reader of the
    round takes them (the board list, result by board, the site, standings, the report)."""
    from swissbridge.event.lineup import set_lineup

    try:
        with editing(input):
            before = read_input(input)
            changed, note = set_lineup(before, number, players, round_no)
            if changed is not before:
                _write_back(input, changed)
    except SwissbridgeError as exc:
        report(exc, input)
    echo(f"swissbridge: {input}: {note}")


def fide_report(
    input: Annotated[Path, input_argument("The finished tournament (TRF or JSON).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (atomically) instead of stdout (- is stdout).")
    ] = None,
) -> None:
    """Write the TRF16 report FIDE's rating server takes: the whole header, the round
    dates, final points and ranks. Refused, with the list of what is missing, for an
    event whose report would be incomplete."""
    from swissbridge.commands.output import write_output
    from swissbridge.event.report import fide_report as build

    try:
        write_output(output, build(read_input(input)), inputs=[input])
    except SwissbridgeError as exc:
        report(exc, input)


def register(app: typer.Typer) -> None:
    """Add the commands of this module to the ``swissbridge`` application."""
    app.command(
        "new",
        epilog=epilog(
            CODES,
            "swissbridge new open.trf --players players.csv --name 'Club Open' --rounds 7 --start 2026-05-01",
            "swissbridge new open.trf --players ids.txt --ratings players_list_xml.zip",
        ),
    )(new)
    app.command(
        "set",
        epilog=epilog(CODES, "swissbridge set open.trf --chief-arbiter 'Doe, Jane' --tiebreaks BH/C1,BH,SB,DE,WIN"),
    )(set_)
    app.command(
        "report",
        epilog=epilog(CODES, "swissbridge report open.trf -o open-fide.trf"),
    )(fide_report)
    app.add_typer(player_app)
    app.add_typer(team_app)
