"""Standings: the ranking of C.07 Article 4.2 (points, then each tie-break of the list in
turn; players equal on all of them share the place), rendered as text, CSV, HTML, JSON
(stable, for programs) and TRF (the rank column and record 202), with ``--explain`` and
the crosstable.

The tie-break list is the one given (``--tiebreaks``), else the file's (TRF-2026 record
202, else 212), else :data:`swissbridge.rules.tiebreaks.DEFAULT_TIEBREAKS`.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from swissbridge.atomic import open_regular
from swissbridge.errors import InputError
from swissbridge.model import Colour, Player, Result, Team, Tournament, format_points
from swissbridge.rules import fide_rating, teamtiebreaks
from swissbridge.rules.fide_rating import RatingChange, development_coefficient, rating_change
from swissbridge.rules.teams import MatchKind
from swissbridge.rules.teamtiebreaks import TeamTable
from swissbridge.rules.tiebreaks import (
    DEFAULT_TEAM_TIEBREAKS,
    DEFAULT_TIEBREAKS,
    Event,
    TieBreak,
    Value,
    check_entrants,
    check_modifiers,
    contributions,
    cut,
    direct_encounter,
    parse_tiebreaks,
    planned_rounds,
    prepare,
    value_of,
)

TIEBREAK_RECORDS = ("202", "212")
"""TRF-2026 records holding the tie-break list (212 lists PTS first)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings."""

    start_no: int
    player: Player
    rank: int
    last_shared: int
    """The last place of a shared place (``rank`` itself when not shared)."""
    points: Fraction
    values: dict[str, Value]

    @property
    def place(self) -> str:
        """``"3"``, or ``"3-5"`` for a place three players share."""
        return str(self.rank) if self.last_shared == self.rank else f"{self.rank}-{self.last_shared}"


@dataclass(frozen=True, slots=True)
class Standings:
    tournament: Tournament
    event: Event
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[Standing, ...]
    """In rank order (a shared place by start number)."""
    category: str = ""
    """The category the rows are restricted to (:func:`in_category`), if any."""

    @property
    def after_round(self) -> int:
        return self.event.after_round


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of a team event's standings (C.07 11: the teams ranked by their primary
    score, then the tie-breaks)."""

    team: Team
    rank: int
    last_shared: int
    points: Fraction
    """The primary score, match or game points."""
    values: dict[str, Value]

    @property
    def start_no(self) -> int:
        """The team's pairing number (C.04.6 1.1), as a player's start number."""
        return self.team.number

    @property
    def place(self) -> str:
        return str(self.rank) if self.last_shared == self.rank else f"{self.rank}-{self.last_shared}"


@dataclass(frozen=True, slots=True)
class TeamStandings:
    """A team event's standings: what :func:`compute` gives for a team event."""

    tournament: Tournament
    table: TeamTable
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[TeamStanding, ...]
    """In rank order (a shared place by team number)."""

    @property
    def after_round(self) -> int:
        return self.table.after_round

    @property
    def score(self) -> str:
        """``MP`` or ``GP``: the primary score (record 192, C.04.6 1.2)."""
        return "GP" if self.table.game_primary else "MP"


AnyStandings = Standings | TeamStandings


def file_tiebreaks(tournament: Tournament) -> str | None:
    """The tie-break list the file carries (record 202, else 212; the list a Swiss-Manager
    ``.TUNX`` or a JSON file states), if any. Codes a reader could not name
    (``tunx:0x08``) are left out: see :func:`unnamed_tiebreaks`."""
    headers = dict(tournament.headers)
    for code in TIEBREAK_RECORDS:
        if headers.get(code, "").strip():
            return headers[code].strip()
    named = [code for code in tournament.tie_breaks if ":" not in code]
    return ",".join(named) if named else None


def unnamed_tiebreaks(tournament: Tournament) -> list[str]:
    """The file's tie-breaks that are no C.07 code (``tunx:0x08``): the standings leave
    them out and say so."""
    return [code for code in tournament.tie_breaks if ":" in code]


def choose_tiebreaks(
    tournament: Tournament, given: str | None, path: str | None = None, notes: list[str] | None = None
) -> list[TieBreak]:
    """The list to rank by: ``given`` (``--tiebreaks``), else the file's, else the
    default (:data:`~swissbridge.rules.tiebreaks.DEFAULT_TEAM_TIEBREAKS` for a team event).
    When both the option and the file give one, the option wins and a line in ``notes``
    says so. A tie-break that is not for this kind of event
    (:func:`~swissbridge.rules.tiebreaks.check_entrants`) is refused as a bad code. A bad code
    in the file, or a cut the event's rounds cannot hold
    (:func:`~swissbridge.rules.tiebreaks.check_modifiers`), is an :class:`InputError` at its
    record; in ``given``, a ``ValueError``."""
    listed = file_tiebreaks(tournament)
    rounds = planned_rounds(tournament)
    teams = tournament.team_event
    if given is not None:
        chosen = parse_tiebreaks(given)
        check_modifiers(chosen, rounds)
        check_entrants(chosen, teams=teams)
        if listed is not None and notes is not None:
            notes.append(f"--tiebreaks {given.strip()} is used instead of the file's list {listed}")
        return chosen
    if listed is None:
        return parse_tiebreaks(DEFAULT_TEAM_TIEBREAKS if teams else DEFAULT_TIEBREAKS)
    try:
        chosen = parse_tiebreaks(listed)
        check_modifiers(chosen, rounds)
        check_entrants(chosen, teams=teams)
    except ValueError as exc:
        if not any(dict(tournament.headers).get(code) for code in TIEBREAK_RECORDS):
            raise InputError(f"the file's tie-break list: {exc}", path=path) from None
        raise InputError(f"record 202/212: {exc}", path=path, line=_record_line(path), column=5) from None
    return chosen


def _record_line(path: str | None) -> int | None:
    """The line of the file's tie-break record, for the error message."""
    if path is None:
        return None
    try:
        with open_regular(path) as fh:
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return None
    for no, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if line[:3] in TIEBREAK_RECORDS:
            return no
    return None


def compute(
    tournament: Tournament,
    tiebreaks: list[TieBreak],
    after_round: int | None = None,
    *,
    unrated: int | None = None,
) -> Standings:
    """Rank the players after ``after_round`` (default: the last round with results);
    a team event's teams: :func:`compute_teams`."""
    _check_round(tournament, after_round)
    event = prepare(tournament, after_round, unrated=unrated)
    participants = event.participants
    values, ranked = _rank(
        {n: Fraction(p.score, 10) for n, p in participants.items()},
        tiebreaks,
        lambda n, tb: value_of(event, participants[n], tb),
        lambda group, tb: direct_encounter(event, group),
    )
    people = {p.start_no: p for p in tournament.players}
    rows = tuple(
        Standing(n, people[n], rank, last, Fraction(participants[n].score, 10), values[n]) for n, rank, last in ranked
    )
    return Standings(tournament, event, tuple(tiebreaks), rows)


def compute_teams(tournament: Tournament, tiebreaks: list[TieBreak], after_round: int | None = None) -> TeamStandings:
    """Rank a team event's teams after ``after_round`` (default: the last round with
    results) by their primary score, then ``tiebreaks`` (C.07 4.2 and 11;
    :mod:`swissbridge.rules.teamtiebreaks`)."""
    _check_round(tournament, after_round)
    table = teamtiebreaks.prepare(tournament, after_round)
    primary = table.primary.participants
    values, ranked = _rank(
        {n: Fraction(p.score, 10) for n, p in primary.items()},
        tiebreaks,
        lambda n, tb: teamtiebreaks.value_of(table, n, tb),
        lambda group, tb: teamtiebreaks.direct_encounter(table, group, tb),
    )
    rows = tuple(
        TeamStanding(table.team(n), rank, last, Fraction(primary[n].score, 10), values[n]) for n, rank, last in ranked
    )
    return TeamStandings(tournament, table, tuple(tiebreaks), rows)


def _check_round(tournament: Tournament, after_round: int | None) -> None:
    done = tournament.completed_rounds
    if after_round is not None and not 0 <= after_round <= done:
        raise InputError(f"--after-round {after_round}: the file has rounds 1-{done} only")


def _rank(
    scores: dict[int, Fraction],
    tiebreaks: list[TieBreak],
    value: Callable[[int, TieBreak], Value],
    encounter: Callable[[list[int], TieBreak], dict[int, int]],
) -> tuple[dict[int, dict[str, Value]], list[tuple[int, int, int]]]:
    """C.07 4.2: the participants by score, then by each tie-break in turn (direct
    encounters, ``DE``/``EDE``, among those tied on everything before). Returns each
    one's values and (number, place, last place shared) in rank order."""
    values: dict[int, dict[str, Value]] = {n: {} for n in scores}
    keys: dict[int, list[tuple[int, Fraction]]] = {n: [(0, -score)] for n, score in scores.items()}
    for tb in tiebreaks:
        if tb.name in ("DE", "EDE"):
            for group in _tied_groups(keys):
                for n, place in encounter(group, tb).items():
                    values[n][tb.code] = place
                    keys[n].append((0, Fraction(place)))
            continue
        for n in scores:
            v = value(n, tb)
            values[n][tb.code] = v
            keys[n].append((1, Fraction(0)) if v is None else (0, Fraction(v) if tb.lower_is_better else -Fraction(v)))
    order = sorted(scores, key=lambda n: (keys[n], n))
    ranked: list[tuple[int, int, int]] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        ranked.extend((n, i + 1, j + 1) for n in order[i : j + 1])
        i = j + 1
    return values, ranked


def _tied_groups(keys: dict[int, list[tuple[int, Fraction]]]) -> list[list[int]]:
    groups: dict[tuple[tuple[int, Fraction], ...], list[int]] = {}
    for n in sorted(keys):
        groups.setdefault(tuple(keys[n]), []).append(n)
    return list(groups.values())


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


# -- categories (prize lists) ----------------------------------------------------------------

_CATEGORY = re.compile(
    r"^(?:(?P<women>women|w|f)|(?P<under>u)(?P<age>\d{1,2})|(?P<over>s|o)(?P<senior>\d{2})|(?P<senior2>\d{2})\+"
    r"|rating:(?P<low>\d{0,4})-(?P<high>\d{0,4})|fed:(?P<fed>[a-z]{3}))$",
    re.IGNORECASE,
)

CATEGORY_HELP = (
    "women; U16 (under 16 on the event's first day); S50 or 50+ (50 or older); rating:1600-1799, rating:-1799, "
    "rating:2000-; fed:ENG; several joined by commas (all must hold)"
)


def check_category(text: str) -> None:
    """Refuse a ``--category`` that is none of :data:`CATEGORY_HELP` (``ValueError``)."""
    for part in text.split(","):
        m = _CATEGORY.match(part.strip())
        if m is None:
            raise ValueError(f"--category {part.strip()!r}: expected {CATEGORY_HELP}")
        if m.group("low") is not None and not (m.group("low") or m.group("high")):
            raise ValueError(f"--category {part.strip()!r}: give at least one end of the rating band")


def _age(birth: str, on: date) -> int | None:
    """Full years on ``on`` (a birth year alone: the years between)."""
    m = re.match(r"^\s*(\d{4})(?:[./-](\d{1,2})[./-](\d{1,2}))?", birth)
    if m is None or int(m.group(1)) == 0:
        return None
    year = int(m.group(1))
    if m.group(2) is None:
        return on.year - year
    month, day = int(m.group(2)), int(m.group(3))
    return on.year - year - ((on.month, on.day) < (month, day))


def in_category(p: Player, text: str, on: date | None) -> bool | None:
    """Whether ``p`` belongs to the category ``text`` (:data:`CATEGORY_HELP`), the age on
    ``on`` (the event's start date); ``None`` when the file lacks what it takes (no birth
    date, no start date, no rating, no federation)."""
    answer: bool | None = True
    for part in text.split(","):
        m = _CATEGORY.match(part.strip())
        assert m is not None
        this: bool | None
        if m.group("women"):
            this = p.sex.lower() in ("w", "f") if p.sex else None
        elif m.group("low") is not None:
            low, high = int(m.group("low") or 0), int(m.group("high") or 9999)
            this = low <= p.rating <= high if p.rating else None
        elif m.group("fed"):
            this = p.federation.upper() == m.group("fed").upper() if p.federation else None
        else:
            age = _age(p.birth, on) if on is not None else None
            if age is None:
                this = None
            elif m.group("under"):
                this = age < int(m.group("age"))
            else:
                this = age >= int(m.group("senior") or m.group("senior2"))
        if this is False:
            return False
        if this is None:
            answer = None
    return answer


def restrict(s: Standings, category: str, notes: list[str] | None = None) -> Standings:
    """The standings of the players of ``category``, the way prize lists are made: the
    overall order kept, places numbered within the category (a place shared overall is
    shared here too). Players the file cannot place in it are left out, said in ``notes``."""
    from swissbridge.rules.tiebreaks import start_date

    on = start_date(s.tournament)
    kept, unknown = [], []
    for row in s.rows:
        member = in_category(row.player, category, on)
        if member:
            kept.append(row)
        elif member is None:
            unknown.append(row.start_no)
    if unknown and notes is not None:
        why = "record 042 (the start date) or " if on is None else ""
        notes.append(
            f"--category {category}: {len(unknown)} player(s) left out for want of {why}the data it takes: "
            + ", ".join(f"#{n}" for n in unknown[:12])
            + (" ..." if len(unknown) > 12 else "")
        )
    rows: list[Standing] = []
    i = 0
    while i < len(kept):
        j = i
        while j + 1 < len(kept) and kept[j + 1].rank == kept[i].rank:
            j += 1
        rows.extend(replace(r, rank=i + 1, last_shared=j + 1) for r in kept[i : j + 1])
        i = j + 1
    return replace(s, rows=tuple(rows), category=category)


def is_complete(s: AnyStandings) -> bool:
    """The standings are final: they are after the event's last round (the number of
    rounds the file announces) and every game of it has a result."""
    from swissbridge.rules.history import unfinished_games

    total = s.tournament.total_rounds or 0
    return total > 0 and s.after_round == total and unfinished_games(s.tournament, s.after_round + 1) is None


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
    unfinished = unfinished_games(s.tournament, s.after_round + 1)
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
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = [_title(s), ""]
    lines[1:1] = notes(s)
    for row in [head, *body]:
        cells = [c.ljust(widths[i]) if i == 2 else c.rjust(widths[i]) for i, c in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


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


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP's "CSV injection"): a
name such as ``=HYPERLINK(…)`` would run when the file is opened."""


def csv_name(p: Player) -> str:
    """The player's name (:func:`player_name`) for a CSV cell: the one text of the input
    a CSV output holds (the other cells are numbers and swissbridge's own codes), so the
    one neutralised for spreadsheets. Starting with one of :data:`_FORMULA_START`, it gets
    a leading apostrophe, which spreadsheets read as "this is text"."""
    return csv_text(player_name(p))


def csv_text(name: str) -> str:
    """A name for a CSV cell (:func:`csv_name`)."""
    return "'" + name if name.startswith(_FORMULA_START) else name


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
        elif m.opponent is None:
            cells.append(_TEAM_CELL.get(m.kind, "-"))
        elif not m.played:
            cells.append(f"{rank[m.opponent]}{'+' if m.kind is MatchKind.FORFEIT_WIN else '-'}")
        else:
            colour = "w" if m.colour is Colour.WHITE else "b" if m.colour is Colour.BLACK else ""
            cells.append(f"{rank[m.opponent]}{colour}{format_value(Fraction(m.game_points, 10))}")
    return cells


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
    ``result`` the match's letter of record 299 (``W D L + - U F H Z``)."""
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
        rounds = []
        for rnd in range(1, s.after_round + 1):
            e = one.player.entry(rnd)
            result = e.result if e is not None else Result.ZERO_BYE
            colour = e.colour if e is not None and e.opponent is not None else None
            rounds.append(
                {
                    "round": rnd,
                    "opponent": e.opponent if e is not None else None,
                    "colour": "w" if colour is Colour.WHITE else "b" if colour is Colour.BLACK else None,
                    "result": result.value,
                    "points": json_number(Fraction(s.tournament.points.points(result), 10)),
                }
            )
        people.append({"start": one.start_no, "rank": one.rank, "points": json_number(one.points), "rounds": rounds})
    doc = {"after_round": s.after_round, "complete": is_complete(s), "players": people}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def render_crosstable_text(s: AnyStandings) -> str:
    points = _points_head(s, short=True)
    head = ["Rank", "No", "Name", points, *(str(i) for i in range(1, s.after_round + 1))]
    body = [[r.place, str(r.start_no), name, format_value(r.points), *cells] for r, name, cells in crosstable_cells(s)]
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = [_title(s).replace("standings", "crosstable"), ""]
    for row in [head, *body]:
        lines.append("  ".join(c.ljust(widths[i]) if i == 2 else c.rjust(widths[i]) for i, c in enumerate(row)))
    return "\n".join(line.rstrip() for line in lines) + "\n"


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


# -- rating change (FIDE B.02 8.3) ----------------------------------------------------------


def _birth_year(text: str) -> int | None:
    digits = "".join(ch if ch.isdigit() else " " for ch in text).split()
    years = [int(d) for d in digits if len(d) == 4]
    return years[0] if years else None


def rating_changes(s: Standings, k: int | None = None) -> dict[int, RatingChange]:
    """Each rated player's FIDE rating change for the rounds of ``s`` (B.02 8.3): the games
    over the board against rated opponents (unplayed rounds and unrated opponents do not
    count), K from the player's data (:func:`~swissbridge.rules.fide_rating.development_coefficient`:
    the rating, and the birth year with the event's start date for juniors) unless ``k``
    is given."""
    from swissbridge.rules.tiebreaks import start_date

    started = start_date(s.tournament)
    out: dict[int, RatingChange] = {}
    for row in s.rows:
        rating = row.player.rating
        if not rating:
            continue
        games = _rated_games(s, row.start_no)
        born = _birth_year(row.player.birth)
        junior = started is not None and born is not None and started.year - born <= 18
        coefficient = k if k is not None else development_coefficient(rating, junior=junior)
        out[row.start_no] = rating_change(rating, games, coefficient)
    return out


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
        ratings = [rating for rating, _ in _rated_games(s, row.start_no)]
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
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    lines = [_title(s).replace("standings", "rating changes (FIDE B.02 8.3)", 1), ""]
    for r in [head, *body]:
        lines.append("  ".join(c.ljust(widths[i]) if i == 2 else c.rjust(widths[i]) for i, c in enumerate(r)).rstrip())
    return "\n".join(lines) + "\n"


def _rated_games(s: Standings, start_no: int) -> list[tuple[int, Fraction]]:
    return [
        (rating, r.standard)
        for r in s.event.participants[start_no].rounds
        if r.played and r.opponent is not None and (rating := s.event.participants[r.opponent].rating)
    ]


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


def _explain_one(s: Standings, start_no: int, tb: TieBreak) -> list[str]:
    from swissbridge.rules.tiebreaks import adjusted_score, koya_limit, rated_games

    event = s.event
    p = event.participants[start_no]
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


def standings_output(
    path: str | os.PathLike[str],
    *,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    fmt: str = "text",
    explain: str | None = None,
    crosstable: bool = False,
    unrated: int | None = None,
    encoding: str | None = None,
    tournament: Tournament | None = None,
    notes: list[str] | None = None,
    with_rating_change: bool = False,
    k: int | None = None,
    category: str | None = None,
) -> str:
    """What ``swissbridge standings`` prints for ``path`` (``encoding``: that of
    Swiss-Manager text exports), or for ``tournament`` read from it already; what the
    reader must know about the choices made (the option replacing the file's list) is
    added to ``notes``."""
    from swissbridge.errors import UsageError
    from swissbridge.systems.service import read_tournament

    if tournament is None:
        tournament = read_tournament(path, encoding=encoding)
    try:
        chosen = choose_tiebreaks(tournament, tiebreaks, str(path), notes)
    except ValueError as exc:
        raise UsageError(f"--tiebreaks: {exc}") from None
    if tournament.team_event:
        refused = [
            option
            for option, given in (
                ("--explain", explain is not None),
                ("--rating-change", with_rating_change),
                ("--category", category is not None),
                ("--unrated", unrated is not None),
                ("--format trf", fmt == "trf" and not crosstable),
            )
            if given
        ]
        if refused:
            raise UsageError(f"{refused[0]} is for events of players; this is a team event (see docs/team.md)")
        teams = compute_teams(tournament, chosen, after_round)
        if crosstable:
            if fmt not in CROSSTABLE_RENDERERS:
                raise UsageError(f"--crosstable is written as {', '.join(CROSSTABLE_RENDERERS)}, not {fmt}")
            return CROSSTABLE_RENDERERS[fmt](teams)
        return TEAM_RENDERERS[fmt](teams)
    if category is not None and (crosstable or explain is not None or fmt == "trf"):
        what = "--crosstable" if crosstable else "--explain" if explain is not None else "--format trf"
        raise UsageError(f"--category ranks a list of players; {what} is of the whole tournament")
    s = compute(tournament, chosen, after_round, unrated=unrated)
    if category is not None:
        s = restrict(s, category, notes)
    if explain is not None:
        number = explain.strip().lstrip("#")
        if not number.isdigit():
            raise UsageError(f"--explain: expected a start number such as #12, found {explain!r}")
        if fmt not in ("text", "html"):
            raise UsageError("--explain is written as text or html")
        text = explain_player(s, int(number))
        if fmt == "html":
            title = f"{_title(s)}: #{int(number)}"
            return html_page(title, f"<h1>{html.escape(title)}</h1>\n<pre>{html.escape(text)}</pre>")
        return text
    if with_rating_change:
        if fmt not in ("text", "csv", "json"):
            raise UsageError(f"--rating-change is written as text, csv or json, not {fmt}")
        return render_rating_change(s, fmt, k)
    if crosstable:
        if fmt not in CROSSTABLE_RENDERERS:
            raise UsageError(f"--crosstable is written as {', '.join(CROSSTABLE_RENDERERS)}, not {fmt}")
        return CROSSTABLE_RENDERERS[fmt](s)
    return RENDERERS[fmt](s)
