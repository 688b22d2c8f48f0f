"""Standings rendered: the ranking (:mod:`swissbridge.rules.ranking`) as text, CSV, HTML,
JSON (stable, for programs) and TRF (the rank column and record 202), with the crosstable,
the rating changes (B.02 8.3) and the explanation of one player's values.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from swissbridge.errors import InputError
from swissbridge.formats._text import spreadsheet_text
from swissbridge.messages import column_width
from swissbridge.model import Colour, Entry, Player, Result, Team, format_points
from swissbridge.rules import fide_rating
from swissbridge.rules.ranking import (
    AnyStandings,
    Standing,
    Standings,
    TeamStanding,
    TeamStandings,
    is_complete,
    rated_results,
    rating_changes,
    unnamed_tiebreaks,
)
from swissbridge.rules.teams import MatchKind
from swissbridge.rules.tiebreaks import (
    Kind,
    TieBreak,
    Value,
    contributions,
    cut,
    planned_rounds,
)
from swissbridge.rules.twogame import columns, last_column

# -- rendering --------------------------------------------------------------------------


def format_value(value: Value) -> str:
    """Counts and ratings as whole numbers (``5``, ``2187``); points at least to one
    decimal (``12.0``, ``12.5``, ``10.25``); an empty string for no value."""
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    for places in (1, 2, 3):
        if (value * 10**places).denominator == 1:
            return f"{float(value):.{places}f}"
    return f"{float(value):.3f}"


def json_number(value: Value) -> int | float | None:
    if value is None or isinstance(value, int):
        return value
    return int(value) if value.denominator == 1 else float(value)


def player_name(p: Player) -> str:
    """``GM Carlsen, Magnus``; ``#12`` for a player without a name."""
    return (f"{p.title} " if p.title else "") + (p.name or f"#{p.start_no}")


def _title(s: AnyStandings) -> str:
    t = s.tournament
    name = t.name or "Tournament"
    chosen = s.category if isinstance(s, Standings) else ""
    category = f", category {chosen} ({len(s.rows)} player{'s' if len(s.rows) != 1 else ''})" if chosen else ""
    if is_complete(s):
        return f"{name}: final standings after round {s.after_round}{category} (the event is complete)"
    total = planned_rounds(t)
    of = f" of {total}" if total and total != s.after_round else ""
    return f"{name}: standings after round {s.after_round}{of}{category}"


def notes(s: AnyStandings) -> list[str]:
    """What the reader of the standings must know: games without a result (they count
    as played games scoring nothing yet), tie-breaks of the file left out."""
    from swissbridge.rules.history import unfinished_games

    out = []
    unfinished = unfinished_games(s.tournament, last_column(s.tournament, s.after_round) + 1)
    if unfinished is not None:
        out.append(f"(not final: {unfinished}; each counts as a game played that scores nothing yet)")
    left_out = unnamed_tiebreaks(s.tournament)
    if left_out:
        out.append(f"(the file's tie-breaks {', '.join(left_out)} are no C.07 code and are left out)")
    return out


def _table(s: AnyStandings, *, for_csv: bool = False) -> tuple[list[str], list[list[str]]]:
    """The head and the rows of the standings as cells: a player's rank, start number,
    name, rating and points; a team's rank, number, name and primary score; then the
    tie-breaks. ``for_csv``: names made safe for spreadsheets (:func:`csv_name`)."""
    codes = [tb.code for tb in s.tiebreaks]
    if isinstance(s, TeamStandings):
        head = ["Rank", "No", "Team", s.score, *codes]
        body = [
            [
                r.place,
                str(r.start_no),
                csv_text(team_name(r.team)) if for_csv else team_name(r.team),
                format_value(r.points),
                *(format_value(r.values[code]) for code in codes),
            ]
            for r in s.rows
        ]
        return head, body
    head = ["Rank", "No", "Name", "Rating", "Points"] if for_csv else ["Rank", "No", "Name", "Rtg", "Pts"]
    body = [
        [
            p.place,
            str(p.start_no),
            csv_name(p.player) if for_csv else player_name(p.player),
            str(p.player.rating or ""),
            format_value(p.points),
            *(format_value(p.values[code]) for code in codes),
        ]
        for p in s.rows
    ]
    return [*head, *codes], body


def team_name(team: Team) -> str:
    """``Team Norway``; ``team 4`` for a team without a name."""
    return team.name.strip() or f"team {team.number}"


def render_text(s: AnyStandings) -> str:
    head, body = _table(s)
    lines = [_title(s), ""]
    lines[1:1] = notes(s)
    return "\n".join([*lines, *_aligned([head, *body])]) + "\n"


def _aligned(rows: list[list[str]]) -> list[str]:
    """The rows of a text table, the third column (the name) left-aligned and the
    others right-aligned, each padded to its widest cell up to
    :data:`~swissbridge.messages.MAX_PADDED` (:func:`~swissbridge.messages.column_width`)."""
    widths = [column_width(row[i] for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(c.ljust(widths[i]) if i == 2 else c.rjust(widths[i]) for i, c in enumerate(row)).rstrip()
        for row in rows
    ]


def render_json(s: AnyStandings) -> str:
    """``{"after_round": N, "complete": bool, "tiebreaks": [codes], "players": [{"start",
    "rank", "points", "tiebreaks": {code: value}}]}`` in rank order; values are numbers
    (null: none); ``complete``: the final standings (:func:`is_complete`). A team event:
    ``"score": "MP"|"GP"`` (the primary score) and ``"teams": [{"team", "name", "rank",
    "points", "tiebreaks"}]`` instead of ``"players"``."""
    if isinstance(s, TeamStandings):
        teams = {
            "after_round": s.after_round,
            "complete": is_complete(s),
            "score": s.score,
            "tiebreaks": [tb.code for tb in s.tiebreaks],
            "teams": [
                {
                    "team": r.start_no,
                    "name": r.team.name,
                    "rank": r.rank,
                    "points": json_number(r.points),
                    "tiebreaks": {tb.code: json_number(r.values[tb.code]) for tb in s.tiebreaks},
                }
                for r in s.rows
            ],
        }
        return json.dumps(teams, indent=1, ensure_ascii=False) + "\n"
    doc = {
        "after_round": s.after_round,
        "complete": is_complete(s),
        "tiebreaks": [tb.code for tb in s.tiebreaks],
        "players": [
            {
                "start": r.start_no,
                "rank": r.rank,
                "points": json_number(r.points),
                "tiebreaks": {tb.code: json_number(r.values[tb.code]) for tb in s.tiebreaks},
            }
            for r in s.rows
        ],
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def csv_name(p: Player) -> str:
    """The player's name (:func:`player_name`) for a CSV cell: the one text of the input
    a CSV output holds (the other cells are numbers and swissbridge's own codes), so the
    one neutralised for spreadsheets (:func:`~swissbridge.formats._text.spreadsheet_text`)."""
    return csv_text(player_name(p))


def csv_text(name: str) -> str:
    """A name for a CSV cell (:func:`csv_name`)."""
    return spreadsheet_text(name)


def render_csv(s: AnyStandings) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    head, body = _table(s, for_csv=True)
    w.writerows([head, *body])
    return out.getvalue()


def render_trf(s: Standings) -> str:
    """The tournament as TRF-2026 with the rank column filled (shared places share the
    rank: TRF-2026 allows ties) and record 202 holding the list used."""
    from swissbridge.formats.trf import write_trf

    t = s.tournament
    ranks = {r.start_no: r.rank for r in s.rows}
    players = [replace(p, rank=ranks[p.start_no]) for p in t.players]
    listed = ",".join(tb.code for tb in s.tiebreaks)
    headers = [(code, value) for code, value in t.headers if code != "202"]
    layout = tuple(t.layout)
    if "202" in dict(t.headers):
        index = [code for code, _ in t.headers].index("202")
        headers.insert(index, ("202", listed))
    else:
        headers.append(("202", listed))
        if layout:  # the new header's slot: after the last header kept verbatim, else before the players
            slots = [i for i, token in enumerate(layout) if token == ""]
            at = slots[-1] + 1 if slots else layout.index("001") if "001" in layout else len(layout)
            layout = (*layout[:at], "", *layout[at:])
    return write_trf(replace(t, players=tuple(players), headers=tuple(headers), layout=layout), dialect="trf26")


STANDINGS_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1em; }
h1 { font-size: 1.3em; margin: 0 0 .6em 0; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid #bbb; padding: 2px 6px; text-align: right; white-space: nowrap; }
th.name, td.name { text-align: left; white-space: normal; }
.wrap { overflow-x: auto; }
@media print { body { margin: 0; font-size: 9pt; } @page { size: A4; margin: 12mm; } a { color: inherit; } }
"""


def standings_table(s: AnyStandings, link: str | None = None) -> str:
    """The standings as an HTML table; ``link`` (``"players/{n}.html"``, ``{n}`` the start
    number or the team's number) makes names links."""
    head, body = _table(s)
    classes = {1: "no", 2: "name"}
    rows = []
    participants: tuple[Standing | TeamStanding, ...] = s.rows
    for r, cells in zip(participants, body, strict=True):
        name = html.escape(cells[2])
        if link is not None:
            name = f'<a href="{html.escape(link.format(n=r.start_no))}">{name}</a>'
        tds = [f"<td class={classes[i]}>{c}</td>" if i in classes else f"<td>{c}</td>" for i, c in enumerate(cells)]
        tds[2] = f"<td class=name>{name}</td>"
        rows.append("<tr>" + "".join(tds) + "</tr>")
    ths = "".join(
        f"<th class={classes[i]}>{html.escape(c)}</th>" if i in classes else f"<th>{html.escape(c)}</th>"
        for i, c in enumerate(head)
    )
    return (
        f"<div class=wrap><table class=standings>\n<thead><tr>{ths}</tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def html_page(title: str, body: str, css: str = STANDINGS_CSS) -> str:
    """A whole HTML document (no script), readable on a phone and printable."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def render_html(s: AnyStandings) -> str:
    title = _title(s)
    return html_page(title, f"<h1>{html.escape(title)}</h1>\n{standings_table(s)}")


RENDERERS = {"text": render_text, "json": render_json, "csv": render_csv, "trf": render_trf, "html": render_html}


TEAM_RENDERERS: dict[str, Callable[[AnyStandings], str]] = {
    "text": render_text,
    "json": render_json,
    "csv": render_csv,
    "html": render_html,
}
"""The formats of a team event's standings (no ``trf``: its rank column ranks players)."""


# -- crosstable ---------------------------------------------------------------------------

_CELL_RESULT = {
    Result.WIN: "1",
    Result.DRAW: "½",
    Result.LOSS: "0",
    Result.WIN_UNRATED: "1",
    Result.DRAW_UNRATED: "½",
    Result.LOSS_UNRATED: "0",
    Result.FORFEIT_WIN: "+",
    Result.FORFEIT_LOSS: "-",
    Result.PENDING: "*",
}


_BYE_CELL = {Result.PAB: "PAB", Result.FULL_BYE: "F", Result.HALF_BYE: "H", Result.ZERO_BYE: "-"}


def crosstable_cells(s: AnyStandings) -> list[tuple[Standing | TeamStanding, str, list[str]]]:
    """Each participant's rounds, in rank order, with the name. A player's: ``"12w1"``
    (opponent's rank, colour, result; ``+``/``-`` a forfeit), ``PAB``, ``H``/``F`` byes and
    ``-`` for rounds not played. A team's: ``"3b2.5"`` (opponent's rank, colour, the game
    points scored), ``3+``/``3-`` a match forfeited, ``PAB``, ``F``/``H`` byes, ``-`` absent."""
    rank = {r.start_no: r.rank for r in s.rows}
    if isinstance(s, TeamStandings):
        return [(r, team_name(r.team), _team_cells(s, r.start_no, rank)) for r in s.rows]
    if s.event.games is not None:
        return [(r, player_name(r.player), _match_cells(s, r.start_no, rank)) for r in s.rows]
    out: list[tuple[Standing | TeamStanding, str, list[str]]] = []
    for r in s.rows:
        cells = []
        for rnd in range(1, s.after_round + 1):
            e = r.player.entry(rnd)
            if e is None:
                cells.append("-")
            elif e.opponent is None:
                cells.append(_BYE_CELL.get(e.result, "+" if e.result is Result.FORFEIT_WIN else "-"))
            else:
                colour = "w" if e.colour is Colour.WHITE else "b" if e.colour is Colour.BLACK else ""
                cells.append(f"{rank[e.opponent]}{colour}{_CELL_RESULT.get(e.result, '?')}")
        out.append((r, player_name(r.player), cells))
    return out


_TEAM_CELL = {MatchKind.PAB: "PAB", MatchKind.FULL_BYE: "F", MatchKind.HALF_BYE: "H", MatchKind.ABSENT: "-"}


def _team_cells(s: TeamStandings, number: int, rank: dict[int, int]) -> list[str]:
    rec = s.table.teams.record(number)
    cells = []
    for rnd in range(1, s.after_round + 1):
        m = rec.match(rnd)
        if m is None:
            cells.append("-")
        else:
            bye = _TEAM_CELL.get(m.kind, "-")
            won = m.kind is MatchKind.FORFEIT_WIN
            cells.append(_match_cell(m.opponent, rank, bye, m.played, won, m.colour, m.game_points))
    return cells


def _match_cell(
    opponent: int | None, rank: dict[int, int], bye: str, played: bool, won: bool, colour: Colour | None, points: int
) -> str:
    """A match in a crosstable (a team's, a Double-Swiss player's): ``bye`` without an
    opponent; the opponent's place and ``+``/``-`` (``won``) for a match ended by forfeit;
    else the place, the colour and the points scored (tenths)."""
    if opponent is None:
        return bye
    if not played:
        return f"{rank[opponent]}{'+' if won else '-'}"
    return f"{rank[opponent]}{_colour_code(colour) or ''}{format_value(Fraction(points, 10))}"


_MATCH_CELL = {Kind.PAB: "PAB", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "-"}


def _match_cells(s: Standings, number: int, rank: dict[int, int]) -> list[str]:
    """A Double-Swiss player's matches (C.04.5): ``"3w1.5"`` (the opponent's place, the
    colour of game 1, the match's points), ``3+``/``3-`` a match ended by forfeit, ``PAB``,
    ``F``/``H`` byes, ``-`` absent."""
    return [
        _match_cell(
            r.opponent, rank, _MATCH_CELL.get(r.kind, "-"), r.played, r.kind is Kind.FORFEIT_WIN, r.colour, r.points
        )
        for r in s.event.participants[number].rounds
    ]


def _points_head(s: AnyStandings, short: bool = False) -> str:
    """The heading of a crosstable's score column: the team score's name (``MP``,
    ``GP``) in a team event, else ``Points`` (``Pts`` where space is short)."""
    return s.score if isinstance(s, TeamStandings) else "Pts" if short else "Points"


def render_crosstable_csv(s: AnyStandings) -> str:
    """The crosstable as CSV: rank, number, name, points (a team's primary score), then
    one column per round with the cells of :func:`crosstable_cells`."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Rank", "No", "Name", _points_head(s), *(f"R{i}" for i in range(1, s.after_round + 1))])
    for r, name, cells in crosstable_cells(s):
        w.writerow([r.place, r.start_no, csv_text(name), format_value(r.points), *cells])
    return out.getvalue()


def render_crosstable_json(s: AnyStandings) -> str:
    """``{"after_round": N, "complete": bool, "players": [{"start", "rank", "points",
    "rounds": [{"round", "opponent", "colour", "result", "points"}]}]}`` in rank order:
    ``opponent`` a start number (null for a bye or an absence), ``colour`` ``"w"``/``"b"``
    (null when unplayed), ``result`` the TRF result code, ``points`` what the round scored.
    A team event: ``"score"`` and ``"teams": [{"team", "rank", "points", "rounds":
    [{"round", "opponent", "colour", "result", "played", "match_points", "game_points"}]}]``,
    ``result`` the match's letter of record 299 (``W D L + - U F H Z``). A Double-Swiss
    (C.04.5): a round is a match, ``colour`` game 1's, ``result`` what the match was
    (``game`` for a match played, ``forfeit win``, ``pairing-allocated bye``… as C.07 16.2
    names them),
    ``games`` the TRF result codes of its two games, ``points`` the match's."""
    if isinstance(s, TeamStandings):
        teams = []
        for r in s.rows:
            rec = s.table.teams.record(r.start_no)
            rounds = [
                {
                    "round": m.round_no,
                    "opponent": m.opponent,
                    "colour": "w" if m.colour is Colour.WHITE else "b" if m.colour is Colour.BLACK else None,
                    "result": m.kind.value,
                    "played": m.played,
                    "match_points": json_number(Fraction(m.match_points, 10)),
                    "game_points": json_number(Fraction(m.game_points, 10)),
                }
                for m in rec.matches[: s.after_round]
            ]
            teams.append({"team": r.start_no, "rank": r.rank, "points": json_number(r.points), "rounds": rounds})
        doc_teams = {"after_round": s.after_round, "complete": is_complete(s), "score": s.score, "teams": teams}
        return json.dumps(doc_teams, indent=1, ensure_ascii=False) + "\n"
    people = []
    for one in s.rows:
        player_rounds = _match_json(s, one) if s.event.games is not None else _rounds_json(s, one)
        people.append(
            {"start": one.start_no, "rank": one.rank, "points": json_number(one.points), "rounds": player_rounds}
        )
    doc = {"after_round": s.after_round, "complete": is_complete(s), "players": people}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def _colour_code(colour: Colour | None) -> str | None:
    return "w" if colour is Colour.WHITE else "b" if colour is Colour.BLACK else None


def _rounds_json(s: Standings, one: Standing) -> list[dict[str, object]]:
    rounds: list[dict[str, object]] = []
    for rnd in range(1, s.after_round + 1):
        e = one.player.entry(rnd)
        result = e.result if e is not None else Result.ZERO_BYE
        rounds.append(
            {
                "round": rnd,
                "opponent": e.opponent if e is not None else None,
                "colour": _colour_code(e.colour if e is not None and e.opponent is not None else None),
                "result": result.value,
                "points": json_number(Fraction(s.tournament.points.points(result), 10)),
            }
        )
    return rounds


def _match_json(s: Standings, one: Standing) -> list[dict[str, object]]:
    """A Double-Swiss player's matches: the match as C.07 counts it, its two games' codes."""
    return [
        {
            "round": r.number,
            "opponent": r.opponent,
            "colour": _colour_code(r.colour),
            "result": r.kind.value,
            "games": [(one.player.entry(c) or Entry(Result.ZERO_BYE)).result.value for c in columns(r.number)],
            "points": json_number(Fraction(r.points, 10)),
        }
        for r in s.event.participants[one.start_no].rounds
    ]


def render_crosstable_text(s: AnyStandings) -> str:
    points = _points_head(s, short=True)
    head = ["Rank", "No", "Name", points, *(str(i) for i in range(1, s.after_round + 1))]
    body = [[r.place, str(r.start_no), name, format_value(r.points), *cells] for r, name, cells in crosstable_cells(s)]
    lines = [_title(s).replace("standings", "crosstable"), ""]
    return "\n".join([*lines, *_aligned([head, *body])]) + "\n"


def crosstable_table(s: AnyStandings, link: str | None = None) -> str:
    head = "".join(f"<th>{i}</th>" for i in range(1, s.after_round + 1))
    points = _points_head(s, short=True)
    rows = []
    for r, text, cells in crosstable_cells(s):
        name = html.escape(text)
        if link is not None:
            name = f'<a href="{html.escape(link.format(n=r.start_no))}">{name}</a>'
        tds = "".join(f"<td>{html.escape(c)}</td>" for c in cells)
        rows.append(
            f"<tr><td>{r.place}</td><td class=no>{r.start_no}</td><td class=name>{name}</td>"
            f"<td>{format_value(r.points)}</td>{tds}</tr>"
        )
    return (
        "<div class=wrap><table class=crosstable>\n<thead><tr><th>Rank</th><th class=no>No</th><th class=name>Name</th>"
        f"<th>{points}</th>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>"
    )


def render_crosstable_html(s: AnyStandings) -> str:
    title = _title(s).replace("standings", "crosstable")
    return html_page(title, f"<h1>{html.escape(title)}</h1>\n{crosstable_table(s)}")


def _signed(value: Fraction) -> str:
    text = format_value(value)
    return text if value < 0 else f"+{text}"


def render_rating_change(s: Standings, fmt: str, k: int | None = None) -> str:
    """The standings with each rated player's games against rated opponents, score,
    expected score (ΣPD), K, rating change (B.02 8.3) and performance rating (C.07 10.2 on
    the same games), as text, CSV or JSON (``{"after_round", "complete", "players":
    [{"start", "rank", "rating", "games", "score", "expected", "k", "change",
    "performance"}]}``, null for an unrated player)."""
    changes = rating_changes(s, k)
    head = ["Rank", "No", "Name", "Rtg", "Pts", "Games", "Score", "Exp", "K", "Change", "Perf"]
    body: list[list[str]] = []
    people = []
    for row in s.rows:
        c = changes.get(row.start_no)
        ratings = [rating for rating, _ in rated_results(s, row.start_no)]
        perf = fide_rating.performance(c.score, ratings) if c is not None and c.games else None
        cells = [
            row.place,
            str(row.start_no),
            csv_name(row.player) if fmt == "csv" else player_name(row.player),
            str(row.player.rating or ""),
            format_value(row.points),
        ]
        if c is None:
            body.append([*cells, "", "", "", "", "", ""])
        else:
            body.append(
                [*cells, str(c.games), format_value(c.score), format_value(c.expected), str(c.k), _signed(c.change),
                 str(perf or "")]
            )  # fmt: skip
        people.append(
            {
                "start": row.start_no,
                "rank": row.rank,
                "rating": row.player.rating or None,
                "games": c.games if c else None,
                "score": json_number(c.score) if c else None,
                "expected": json_number(c.expected) if c else None,
                "k": c.k if c else None,
                "change": json_number(c.change) if c else None,
                "performance": perf,
            }
        )
    if fmt == "json":
        doc = {"after_round": s.after_round, "complete": is_complete(s), "players": people}
        return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerows([head, *body])
        return out.getvalue()
    lines = [_title(s).replace("standings", "rating changes (FIDE B.02 8.3)", 1), ""]
    return "\n".join([*lines, *_aligned([head, *body])]) + "\n"


CROSSTABLE_RENDERERS = {
    "text": render_crosstable_text,
    "csv": render_crosstable_csv,
    "json": render_crosstable_json,
    "html": render_crosstable_html,
}


# -- explain --------------------------------------------------------------------------------


def explain_player(s: Standings, start_no: int) -> str:
    """How one player's values were computed: the rounds, each Buchholz-type
    contribution with the rule that set it (C.07 16.3, 16.4), what the cuts removed."""
    if start_no not in s.event.participants:
        raise InputError(f"--explain #{start_no}: there is no player with start number {start_no}")
    _t, event = s.tournament, s.event
    p = event.participants[start_no]
    row = next(r for r in s.rows if r.start_no == start_no)
    lines = [
        f"#{start_no} {player_name(row.player)}: place {row.place}, {format_value(row.points)} points "
        f"after round {event.after_round}",
        "",
        "Rounds:",
    ]
    for r in p.rounds:
        against = f" against #{r.opponent}" if r.opponent is not None else ""
        colour = f" ({r.colour})" if r.colour is not None else ""
        vur = ", voluntary unplayed round (C.07 16.2)" if r.vur else ""
        lines.append(f"  round {r.number}: {r.kind.value}{against}{colour}, {format_points(r.points)}{vur}")
    for tb in s.tiebreaks:
        value = format_value(row.values[tb.code]) or "no value"
        lines.append("")
        lines.append(f"{tb.code} = {value}")
        lines.extend("  " + line for line in _explain_one(s, p.start_no, tb))
    return "\n".join(lines) + "\n"


def render_explained_player(s: Standings, start_no: int, fmt: str) -> str:
    """:func:`explain_player` as text, or as an HTML page (``fmt`` ``html``)."""
    text = explain_player(s, start_no)
    if fmt == "html":
        title = f"{_title(s)}: #{start_no}"
        return html_page(title, f"<h1>{html.escape(title)}</h1>\n<pre>{html.escape(text)}</pre>")
    return text


def _explain_one(s: Standings, start_no: int, tb: TieBreak) -> list[str]:
    from swissbridge.rules.tiebreaks import adjusted_score, counted_on, koya_limit, rated_games

    event, p = counted_on(s.event, s.event.participants[start_no], tb)  # a Double-Swiss's games for TPR...
    if tb.name in ("BH", "FB", "SB"):
        sb = tb.name == "SB"
        items = contributions(event, p, sonneborn=sb, fore=tb.name == "FB")
        _, removed = cut(items, tb.cut_low, tb.cut_high, event.after_round)
        out = []
        for c in items:
            mark = "  (cut, C.07 14)" if any(c is r for r in removed) else ""
            score = format_value(Fraction(c.score, 10))
            times = f" x {format_value(Fraction(c.value, c.score * 10)) if c.score else '0.0'}" if sb else ""
            value = format_value(Fraction(c.value, 100 if sb else 10))
            out.append(f"round {c.round_no}: {c.note}: {score}{times} = {value}{mark}")
        opponents = sorted({r.opponent for r in p.rounds if r.played and r.opponent is not None})
        adjusted = [
            f"#{n} {format_value(Fraction(adjusted_score(event, q), 10))} (has {format_value(Fraction(q.score, 10))})"
            for n in opponents
            if adjusted_score(event, q := event.participants[n]) != q.score
        ]
        if adjusted:
            out.append("opponents' scores adjusted by C.07 16.3 (rounds after leaving count as draws): ")
            out.append("  " + ", ".join(adjusted))
        return out
    if tb.name == "DE":
        return ["C.07 6: place among the players tied before it by their games against each other (0: not separated)"]
    if tb.name == "KS":
        return [f"points against opponents with at least {format_value(koya_limit(event))} points (C.07 9.2)"]
    if tb.name in ("ARO", "TPR", "PTP", "APRO", "APPO"):
        games = rated_games(event, p)
        if games is None:
            return ["no value: some players have no rating and none was set for them (C.07 10)"]
        shown = ", ".join(f"#{r.opponent} {rating} ({format_value(r.standard)})" for r, rating in games)
        return [f"games over the board: {shown or 'none'}"]
    return []
