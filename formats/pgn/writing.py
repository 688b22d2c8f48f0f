"""Writing PGN: the pairing of a round for the boards and broadcast tools, and a
whole tournament's results.

A pairing PGN (:func:`write_pairing_pgn`) has one game per board with empty
movetext and ``Result "*"``, ``Round "R.B"``, the players' names, ratings, titles
and FIDE ids, the pairing-allocated bye as a game against ``"BYE"``. DGT
LiveChess ("Load pairing"), Tornelo and Clono import this form. A Double-Swiss
round (C.04.5) is a match of two games a board: both are written, ``Round "R.B"``
each, with a ``Game`` tag (``1``, ``2``) and the colours reversed in game 2.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from swissbridge.errors import InputError
from swissbridge.formats.pgn.reading import ENTRY_RESULT
from swissbridge.model import RARE_GAMES, Player, Result, Tournament
from swissbridge.pairing import RoundPairing, printed_order
from swissbridge.rules.twogame import event_round, round_columns


def _round_date(tournament: Tournament, round_no: int) -> str:
    """The round's date in PGN form from the TRF 132 record (``YY/MM/DD`` in the
    round's columns), else the start date (042), else ``????.??.??``."""
    headers = dict(tournament.headers)
    dates = headers.get("132", "")
    start = 87 + 10 * (round_no - 1)
    cell = dates[start : start + 10].strip() if len(dates) > start else ""
    for text in (cell, headers.get("042", "").strip()):
        d = _pgn_date(text)
        if d:
            return d
    return "????.??.??"


def _pgn_date(text: str) -> str:
    parts = [p for p in re.split(r"[/.\-]", text) if p]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return ""
    if len(parts[0]) == 4:
        y, m, d = parts
    elif len(parts[2]) == 4:
        d, m, y = parts
    else:
        y, m, d = "20" + parts[0], parts[1], parts[2]
    return f"{y}.{m.zfill(2)}.{d.zfill(2)}"


def _site(tournament: Tournament) -> str:
    """The Site tag: the TRF city (022) and federation (032)."""
    headers = dict(tournament.headers)
    return " ".join(x for x in (headers.get("022", "").strip(), headers.get("032", "").strip()) if x) or "?"


def tag(name: str, value: str) -> str:
    """One tag pair, ``[Name "value"]``, its value escaped as the PGN standard (8.1.1)
    says: ``\\`` for a backslash and ``\\"`` for a quote, so no value ends the string
    early (a name holding ``"]`` cannot make another tag). Control characters (a
    newline would start a line) never reach a writer: the readers refuse them
    (:func:`~swissbridge.formats._text.refuse_control`)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _side_tags(colour: str, player: Player | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The tags naming one side: its name (of the Seven Tag Roster), and the others."""
    if player is None:
        return [(colour, "BYE")], []
    more = []
    if player.rating:
        more.append((f"{colour}Elo", str(player.rating)))
    if player.title:
        more.append((f"{colour}Title", player.title))
    if player.fide_id.strip("0"):
        more.append((f"{colour}FideId", player.fide_id))
    return [(colour, player.name)], more


def _board_game(
    tournament: Tournament,
    site: str,
    date: str,
    round_label: str,
    white: Player,
    black: Player | None,
    result: str,
    game: int | None = None,
) -> str:
    """One board as a PGN game without moves (``black`` ``None``: the bye): the Seven
    Tag Roster in its order, then the other tags (``Game``: which game of a two-game
    match it is), then the result as the movetext."""
    white_name, white_more = _side_tags("White", white)
    black_name, black_more = _side_tags("Black", black)
    tags = [
        ("Event", tournament.name or "?"),
        ("Site", site),
        ("Date", date),
        ("Round", round_label),
        *white_name,
        *black_name,
        ("Result", result),
        *([("Game", str(game))] if game is not None else []),
        *white_more,
        *black_more,
    ]
    return "\n".join(tag(name, value) for name, value in tags) + f"\n\n{result}"


def _games(
    tournament: Tournament,
    round_no: int,
    rows: Sequence[tuple[int, int, int | None]],
    result: Callable[[int, int], str],
) -> Iterator[str]:
    """The games of round ``round_no``'s ``rows`` (board, first-listed player, opponent or
    ``None`` for the PAB), ``result(column, White)`` giving each game's result. ``Round
    "R.B"``; a round of two-game matches (C.04.5, :func:`~swissbridge.rules.twogame.round_columns`)
    has two games a board, game 1 with the first-listed player White and game 2 with the
    colours reversed (4.4), told apart by the ``Game`` tag; its PAB is one game."""
    players = {p.start_no: p for p in tournament.players}
    site = _site(tournament)
    cols = round_columns(tournament, round_no)
    for i, first, second in rows:
        for n in (first, second):
            if n is not None and n not in players:
                raise InputError(f"round {round_no}: board {i} names start number {n}, not a player")
        for g, column in enumerate(cols if second is not None else cols[:1], 1):
            white, black = (first, second) if g == 1 or second is None else (second, first)
            yield _board_game(
                tournament,
                site,
                _round_date(tournament, column),
                f"{round_no}.{i}",
                players[white],
                players[black] if black is not None else None,
                result(column, white),
                g if len(cols) > 1 and second is not None else None,
            )


def write_pairing_pgn(tournament: Tournament, pairing: RoundPairing) -> str:
    """The round's pairing as PGN: one game per board with empty movetext and
    ``Result "*"``, tags Event, Site, Date, Round ``"R.B"``, White, Black and, when
    known, WhiteElo/BlackElo, WhiteTitle/BlackTitle, WhiteFideId/BlackFideId; the
    pairing-allocated bye last, as a game against ``"BYE"``. Players not paired
    (half-point byes, absences) have no game. A round of two-game matches: both games
    of each board, with the ``Game`` tag (:func:`_games`)."""
    rows: list[tuple[int, int, int | None]] = [(i, b.white, b.black) for i, b in pairing.numbered()]
    if pairing.bye is not None:
        rows.append((pairing.next_number, pairing.bye, None))
    out = list(_games(tournament, pairing.round_no, rows, lambda column, white: "*"))
    return "\n\n".join(out) + "\n" if out else ""


def write_results_pgn(tournament: Tournament) -> str:
    """Every round of ``tournament`` as PGN games without moves: one game per board
    with its result (``*`` while unfinished), ``Round "R.B"`` in the board order of
    C.04.2 Art. 3.6, the pairing-allocated bye as a game against ``"BYE"``; a round of
    two-game matches both games of each board (:func:`_games`).
    :func:`tournament_from_pgn` reads it back. PGN cannot express a forfeit (it is
    written as an ordinary result), a match's rare game ½-0 or 0-0 (written as ``*``),
    nor a requested bye or an absence (left out)."""
    players = {p.start_no: p for p in tournament.players}

    def result(column: int, white: int) -> str:
        entry = players[white].entry(column)
        if entry is None or entry.opponent is None:
            return "*"
        other = players[entry.opponent].entry(column)
        if other is not None and (entry.result, other.result) in RARE_GAMES:
            return "*"
        return ENTRY_RESULT.get(entry.result, "*")

    out: list[str] = []
    for r in range(1, event_round(tournament, tournament.rounds_in_file) + 1):
        first = round_columns(tournament, r)[0]
        rows: list[tuple[int, int, int | None]] = [
            (i, w, b) for i, (w, b) in enumerate(printed_order(tournament, first), 1)
        ]
        rows += [
            (len(rows) + 1 + k, n, None) for k, n in enumerate(p.start_no for p in tournament if _has_pab(p, first))
        ]
        out += _games(tournament, r, rows, result)
    return "\n\n".join(out) + "\n" if out else ""


def _has_pab(player: Player, round_no: int) -> bool:
    entry = player.entry(round_no)
    return entry is not None and entry.result is Result.PAB
