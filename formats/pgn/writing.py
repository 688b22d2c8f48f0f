"""Writing PGN: the pairing of a round for the boards and broadcast tools, and a
whole tournament's results.

A pairing PGN (:func:`write_pairing_pgn`) has one game per board with empty
movetext and ``Result "*"``, ``Round "R.B"``, the players' names, ratings, titles
and FIDE ids, the pairing-allocated bye as a game against ``"BYE"``. DGT
LiveChess ("Load pairing"), Tornelo and Clono import this form.
"""

from __future__ import annotations

import re

import chess.pgn
from swissbridge.errors import InputError
from swissbridge.formats.pgn.reading import ENTRY_RESULT
from swissbridge.model import Player, Result, Tournament
from swissbridge.pairing import RoundPairing, board_order


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


def _side_tags(game: chess.pgn.Game, colour: str, player: Player | None) -> None:
    if player is None:
        game.headers[colour] = "BYE"
        return
    game.headers[colour] = player.name
    if player.rating:
        game.headers[f"{colour}Elo"] = str(player.rating)
    if player.title:
        game.headers[f"{colour}Title"] = player.title
    if player.fide_id.strip("0"):
        game.headers[f"{colour}FideId"] = player.fide_id


def _board_game(
    tournament: Tournament, site: str, date: str, round_label: str, white: Player, black: Player | None, result: str
) -> str:
    """One board as a PGN game without moves (``black`` ``None``: the bye)."""
    game = chess.pgn.Game()
    game.headers["Event"] = tournament.name or "?"
    game.headers["Site"] = site
    game.headers["Date"] = date
    game.headers["Round"] = round_label
    _side_tags(game, "White", white)
    _side_tags(game, "Black", black)
    game.headers["Result"] = result
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=False)
    return game.accept(exporter)


def write_pairing_pgn(tournament: Tournament, pairing: RoundPairing) -> str:
    """The round's pairing as PGN: one game per board with empty movetext and
    ``Result "*"``, tags Event, Site, Date, Round ``"R.B"``, White, Black and, when
    known, WhiteElo/BlackElo, WhiteTitle/BlackTitle, WhiteFideId/BlackFideId; the
    pairing-allocated bye last, as a game against ``"BYE"``. Players not paired
    (half-point byes, absences) have no game."""
    players = {p.start_no: p for p in tournament.players}
    date = _round_date(tournament, pairing.round_no)
    site = _site(tournament)
    out: list[str] = []
    rows: list[tuple[int, int | None]] = [(b.white, b.black) for b in pairing.boards]
    if pairing.bye is not None:
        rows.append((pairing.bye, None))
    for i, (white, black) in enumerate(rows, 1):
        for n in (white, black):
            if n is not None and n not in players:
                raise InputError(f"round {pairing.round_no}: board {i} names start number {n}, not a player")
        opponent = players[black] if black is not None else None
        out.append(_board_game(tournament, site, date, f"{pairing.round_no}.{i}", players[white], opponent, "*"))
    return "\n\n".join(out) + "\n" if out else ""


def write_results_pgn(tournament: Tournament) -> str:
    """Every round of ``tournament`` as PGN games without moves: one game per board
    with its result (``*`` while unfinished), ``Round "R.B"`` in the board order of
    C.04.2 Art. 3.6, the pairing-allocated bye as a game against ``"BYE"``.
    :func:`tournament_from_pgn` reads it back. PGN cannot express a forfeit (it is
    written as an ordinary result) nor a requested bye or an absence (left out)."""
    players = {p.start_no: p for p in tournament.players}
    site = _site(tournament)
    out: list[str] = []
    for r in range(1, tournament.rounds_in_file + 1):
        date = _round_date(tournament, r)
        rows: list[tuple[int, int | None, str]] = []
        for w_no, b_no in board_order(tournament, r):
            entry = players[w_no].entry(r)
            result = ENTRY_RESULT.get(entry.result, "*") if entry is not None else "*"
            rows.append((w_no, b_no, result))
        rows += [(p.start_no, None, "*") for p in tournament.players if _has_pab(p, r)]
        for i, (white, black, result) in enumerate(rows, 1):
            opponent = players[black] if black is not None else None
            out.append(_board_game(tournament, site, date, f"{r}.{i}", players[white], opponent, result))
    return "\n\n".join(out) + "\n" if out else ""


def _has_pab(player: Player, round_no: int) -> bool:
    entry = player.entry(round_no)
    return entry is not None and entry.result is Result.PAB
