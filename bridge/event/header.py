"""Starting an event and keeping its header (``swissbridge new``, ``swissbridge set``).

``new`` makes a TRF-2026 tournament from a player list
(:mod:`swissbridge.formats.playerlist`): the players get their start numbers (TPNs)
in the initial order of C.04.2 Art. 2.2 (rating, then title, then name:
:func:`swissbridge.model.initial_order`). A list already in that order keeps its
order; one that is not is put in it, and the arbiter is told which players moved,
since every pairing follows the start numbers.

The header is what a FIDE report (:mod:`swissbridge.event.report`) and the pages need:
TRF records 012 (name), 022 (city), 032 (federation), 042/052 (start and end dates,
``YYYY/MM/DD``), 102 (chief arbiter), 112 (deputies, one record each), 122 (time
control), 132 (round dates, ``YY/MM/DD`` in the columns of the rounds), 142 (rounds),
152 (initial colour), 162 (points system), 192 (pairing system) and 202 (tie-breaks).
``set`` changes any of them in an existing file; what the file holds already is
checked against the change (no fewer rounds than are paired, no initial colour once
round 1 is paired).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from swissbridge.errors import InputError, UsageError
from swissbridge.formats._text import MAX_ROUNDS, parse_date
from swissbridge.formats.playerlist import PlayerList
from swissbridge.formats.trf import MAX_MEMBERS, line_310, team_setup_of
from swissbridge.messages import ranges
from swissbridge.model import (
    Colour,
    Player,
    Points,
    PointSystem,
    Team,
    Tournament,
    control_character,
    control_name,
    format_points,
    games_per_round,
    initial_order,
    is_team_event,
    parse_points,
)
from swissbridge.plugins import UnknownSystem, available, load, require
from swissbridge.rules.tiebreaks import parse_tiebreaks
from swissbridge.rules.twogame import event_rounds
from swissbridge.systems import DEFAULT, declared_round_robin, implemented, system_of, written

ROUND_DATES = "132"
"""The record of the round dates: round r's date in columns 92+10(r-1) to 99+10(r-1)."""
_ROUND_DATE_COLUMN = 92


@dataclass(frozen=True, slots=True)
class Header:
    """The header fields ``new`` and ``set`` take (None: not given, left as it is)."""

    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start: str | None = None
    end: str | None = None
    chief_arbiter: str | None = None
    deputies: tuple[str, ...] | None = None
    time_control: str | None = None
    rounds: int | None = None
    system: str | None = None
    initial_colour: Colour | None = None
    tiebreaks: str | None = None
    points: str | None = None
    round_dates: tuple[str, ...] | None = None


def _date(text: str, option: str) -> str:
    day = parse_date(text)
    if day is None:
        raise UsageError(f"{option} {text!r}: expected a date YYYY-MM-DD (or YYYY/MM/DD, DD.MM.YYYY)")
    return day.strftime("%Y/%m/%d")


def _text(text: str, option: str, width: int = 80) -> str:
    value = text.strip()
    at = control_character(value)
    if at is not None:
        raise UsageError(f"{option}: expected text without the control character {control_name(value[at])}")
    if len(value) > width:
        raise UsageError(f"{option}: expected one line of at most {width} characters")
    return value


MOST_POINTS: Points = 999
"""The most a result may score (99.9): what record 162's four characters a value hold."""


def point_system(text: str) -> PointSystem:
    """``standard`` (1-½-0) or ``WIN-DRAW-LOSS`` such as ``3-1-0`` or ``2-1-0``: what a
    win, a draw and a loss score; a forfeit win, a full-point bye and the PAB score as a
    win, a half-point bye as a draw, an absence and a forfeit loss nothing (TRF-2026 162).
    A fourth value, ``WIN-DRAW-LOSS-PAB``, is what the pairing-allocated bye scores
    (162's ``P``, at most a win): ``1-0.5-0-0`` gives the free round of an odd round
    robin nothing."""
    if text.strip().lower() == "standard":
        return PointSystem()
    parts = text.replace("½", "0.5").split("-")
    values: list[Points] = []
    for part in parts if len(parts) in (3, 4) else ():
        try:
            values.append(parse_points(part))
        except ValueError:
            break
    if len(values) != len(parts) or len(values) not in (3, 4) or not values[0] > values[1] >= values[2] >= 0:
        raise UsageError(
            f"--points {text!r}: expected standard or WIN-DRAW-LOSS such as 3-1-0 (win > draw >= loss), "
            "or WIN-DRAW-LOSS-PAB such as 1-0.5-0-0"
        )
    if values[0] > MOST_POINTS:
        raise UsageError(
            f"--points {text!r}: a result scores at most {format_points(MOST_POINTS)} points "
            "(record 162 holds four characters a value)"
        )
    win, draw, loss = values[:3]
    pab = values[3] if len(values) == 4 else win
    if not 0 <= pab <= win:
        raise UsageError(f"--points {text!r}: the pairing-allocated bye scores 0 to a win ({format_points(win)})")
    return PointSystem(win=win, draw=draw, loss=loss, forfeit_win=win, pab=pab, full_bye=win, half_bye=draw)


def system_code(text: str) -> str:
    """The record 192 code of ``--system``: a system's name (``dutch``, ``lim``: the
    code it writes, :func:`swissbridge.systems.written`), or a code an installed system declares."""
    key = text.strip()
    if system_of(key.upper()) is not None:
        return key.upper()
    try:
        require(key.lower())
    except UnknownSystem:
        raise UsageError(
            f"--system {text!r}: expected {' or '.join(available())} (or one of {implemented()})"
        ) from None
    return written(key.lower())


def round_dates_value(dates: Sequence[str]) -> str:
    """The value of record 132 (from column 5) for round dates ``YYYY/MM/DD``: each
    written ``YY/MM/DD`` in its round's columns, as the player lines' round cells."""
    cells = [f"{d[2:]:<8}" for d in dates]
    return (" " * (_ROUND_DATE_COLUMN - 5) + "  ".join(cells)).rstrip()


def round_dates(tournament: Tournament) -> dict[int, str]:
    """The round dates record 132 gives, by round, as written (``YY/MM/DD``)."""
    value = dict(tournament.headers).get(ROUND_DATES, "")
    out: dict[int, str] = {}
    r = 1
    at = _ROUND_DATE_COLUMN - 5
    while at < len(value):
        cell = value[at : at + 8].strip()
        if cell:
            out[r] = cell
        r += 1
        at += 10
    return out


def with_records(t: Tournament, code: str, values: Sequence[str]) -> Tournament:
    """``t`` with the header records ``code`` replaced by ``values`` (none: removed),
    where the first of them stood, else before the first header record with a higher
    code (before the players at the latest): the file keeps its order."""
    tokens = list(t.layout) or ["012", *([""] * len(t.headers)), "142", "152", "162", "192", "001"]
    headers = iter(t.headers)
    slots: list[tuple[str, tuple[str, str] | None]] = []
    for token in tokens:
        header = next(headers, None) if token == "" else None
        if token == "" and header is None:
            continue
        slots.append((token, header))
    slots.extend(("", h) for h in headers)  # headers without a slot of their own

    def code_of(slot: tuple[str, tuple[str, str] | None]) -> str:
        return slot[1][0] if slot[1] is not None else slot[0]

    at = next((i for i, s in enumerate(slots) if code_of(s) == code and s[1] is not None), None)
    kept = [s for s in slots if not (s[1] is not None and s[1][0] == code)]
    if at is None:
        at = next(
            (i for i, s in enumerate(kept) if _header_rank(code_of(s)) > _header_rank(code) or code_of(s) == "001"),
            len(kept),
        )
    else:
        at = sum(1 for s in slots[:at] if not (s[1] is not None and s[1][0] == code))
    kept[at:at] = [("", (code, v)) for v in values]
    return replace(
        t,
        headers=tuple(h for _, h in kept if h is not None),
        layout=tuple(token for token, _ in kept),
    )


def _header_rank(code: str) -> int:
    """The order of header records by code (``012`` < ``022`` < … < ``202``); other
    records (players, 240, engine lines) after every header."""
    return int(code) if code.isdigit() and code.endswith("2") else 10**6


def apply_header(t: Tournament, header: Header) -> tuple[Tournament, list[str]]:
    """``t`` with the fields ``header`` gives, and one line per field changed. A value
    the event cannot take is a :class:`UsageError` before anything changes."""
    changes: list[str] = []

    def note(what: str, old: object, new: object) -> None:
        if old != new:
            changes.append(f"{what}: {old or '-'} → {new or '-'}")

    def record(code: str) -> str:
        return dict(t.headers).get(code, "")

    texts = (
        ("022", "city", "--city", header.city),
        ("102", "chief arbiter", "--chief-arbiter", header.chief_arbiter),
        ("122", "time control", "--time-control", header.time_control),
    )
    if header.name is not None:
        name = _text(header.name, "--name")
        note("name", t.name, name)
        t = replace(t, name=name)
    for code, what, option, value in texts:
        if value is not None:
            text = _text(value, option)
            note(what, record(code), text)
            t = with_records(t, code, [text] if text else [])
    if header.federation is not None:
        fed = header.federation.strip().upper()
        if fed and not re.fullmatch(r"[A-Z]{3}", fed):
            raise UsageError(f"--federation {header.federation!r}: expected three letters (NOR, GER, IND)")
        note("federation", record("032"), fed)
        t = with_records(t, "032", [fed] if fed else [])
    limits = (("042", "start date", "--start", header.start), ("052", "end date", "--end", header.end))
    for code, what, option, value in limits:
        if value is not None:
            day = _date(value, option)
            note(what, record(code), day)
            t = with_records(t, code, [day])
    start, end = parse_date(dict(t.headers).get("042", "")), parse_date(dict(t.headers).get("052", ""))
    if start is not None and end is not None and end < start:
        raise UsageError(f"the end date {end:%Y/%m/%d} is before the start date {start:%Y/%m/%d}")
    if header.deputies is not None:
        deputies = [_text(d, "--deputy") for d in header.deputies if d.strip()]
        note("deputy arbiters", "; ".join(v for c, v in t.headers if c == "112"), "; ".join(deputies))
        t = with_records(t, "112", deputies)
    games = games_per_round(system_code(header.system)) if header.system is not None else t.points.games
    rounds = header.rounds
    if rounds is None and games != t.points.games and t.total_rounds is not None:
        rounds = t.total_rounds // t.points.games  # the event's rounds, now of `games` columns each
    if rounds is not None:  # record 142 counts round columns: a match of two games (C.04.5) is two
        _check_rounds(t, rounds, games)
        note("rounds", event_rounds(t), rounds)
        t, cut = _within(replace(t, total_rounds=rounds * games), rounds * games)
        changes += cut
    if header.round_dates is not None:
        dates = [_date(d, "--round-dates") for d in header.round_dates]
        _check_round_dates(t, dates)
        shown = " ".join(d[2:] for d in dates)
        note("round dates", " ".join(round_dates(t).values()), shown)
        t = with_records(t, ROUND_DATES, [round_dates_value(dates)] if dates else [])
    if header.system is not None:
        code = system_code(header.system)
        note("pairing system (192)", t.system, code)
        was = system_of(t.system.strip().upper())
        if was is not None and system_of(code) != was:
            remedy = f"`check FILE --system {was}` replays with it"
            changes.extend(_paired_under(t, f"the {was} system", f"the {system_of(code)} system", remedy))
        t = replace(t, system=code)
    if header.initial_colour is not None:
        if t.initial_colour is not header.initial_colour and t.is_paired(1):
            raise UsageError("--initial-colour: round 1 is paired already, and its colours say the initial colour")
        note("initial colour", t.initial_colour, header.initial_colour)
        t = replace(t, initial_colour=header.initial_colour)
    if header.points is not None:
        points = point_system(header.points)
        note("points system", _shown_points(t.points), _shown_points(points))
        if _shown_points(t.points) != _shown_points(points) and not declared_round_robin(t):
            old, new = _shown_points(t.points), _shown_points(points)
            changes.extend(
                _paired_under(t, f"the scores of {old}", f"those of {new}", f"`set FILE --points {old}` goes back")
            )
        t = replace(t, points=replace(points, pending=t.points.pending))
        # the points column was the old system's: it is the new one's sum of the results
        t = t.with_players(replace(p, stated_points=None, rank=None) for p in t.players)
    if header.system is not None or header.rounds is not None:
        fitted = fit_round_robin(t)
        note("pairing system (192)", t.system, fitted.system)
        note("rounds", t.total_rounds, fitted.total_rounds)
        t = fitted
    if header.tiebreaks is not None:
        try:
            listed = ",".join(tb.code for tb in parse_tiebreaks(header.tiebreaks))
        except ValueError as exc:
            raise UsageError(f"--tiebreaks: {exc}") from None
        note("tie-breaks (202)", record("202"), listed)
        t = with_records(t, "202", [listed] if listed else [])
    return t, changes


def fit_round_robin(t: Tournament) -> Tournament:
    """``t`` with a round robin's record 192 and rounds agreeing with its entrants, as the
    system that pairs it fits them (``fitted``: C.05 Annex 1's Berger tables play one
    cycle or two): ``--rounds 14`` for 8 players is the double round robin, a round robin
    without ``--rounds`` has the rounds its code names, any other number is refused.
    Anything else (a Swiss, a team event whose teams are not made yet) is left as it is."""
    name = system_of(t.system.strip().upper())
    robin = load(name).round_robin if name is not None else None
    if robin is None or not t.players or (t.team_event and t.teams is None):
        return t
    code, rounds = robin.fitted(t.system, robin.entrant_count(t), t.total_rounds, teams=t.team_event)
    return replace(t, system=code, total_rounds=rounds)


def _paired_under(t: Tournament, old: str, new: str, remedy: str) -> list[str]:
    """The warning for a change of what the rounds of ``t`` already paired were paired
    with (the system, the scores of a point system: ``old`` and ``new``, worded as "paired
    with …"): they stay as paired (C.04.2 Art. 4.3: a change affects only the pairings not
    made yet), but ``check`` replays them with the file's new value and may then report
    them as differing; ``remedy`` says how to check them as paired. No line before round 1."""
    done = t.completed_rounds
    if not done:
        return []
    if done == 1:
        rounds, were, they, them = "round 1", "was", "it stays", "it"
    else:
        rounds, were, they, them = f"rounds 1-{done}", "were", "they stay", "them"
    return [
        f"warning: {rounds} {were} paired with {old}; {they} as paired, but `check` now replays {them} with "
        f"{new} and may report {them} as differing ({remedy})"
    ]


def _shown_points(points: PointSystem) -> str:
    values = (points.win, points.draw, points.loss, *((points.pab,) if points.pab != points.win else ()))
    return "-".join(format_points(v).removesuffix(".0") for v in values)


def _check_round_dates(t: Tournament, dates: Sequence[str]) -> None:
    """``--round-dates`` (``YYYY/MM/DD``) fit the event ``t`` (its rounds, start and end
    dates as changed by the same command): one date a round, in order, none before the
    start or after the end (an error here would make FIDE's report wrong)."""
    if t.total_rounds is not None and dates and len(dates) != t.total_rounds:
        raise UsageError(f"--round-dates gives {len(dates)} dates for {t.total_rounds} rounds: give one a round")
    for r, (a, b) in enumerate(pairwise(dates), 2):
        if b < a:
            raise UsageError(f"--round-dates: round {r}'s date {b} is before round {r - 1}'s ({a})")
    head = dict(t.headers)
    start, end = head.get("042", "").strip(), head.get("052", "").strip()
    for r, day in enumerate(dates, 1):
        if start and parse_date(start) is not None and day < _date(start, "042"):
            raise UsageError(f"--round-dates: round {r}'s date {day} is before the start date {_date(start, '042')}")
        if end and parse_date(end) is not None and day > _date(end, "052"):
            raise UsageError(f"--round-dates: round {r}'s date {day} is after the end date {_date(end, '052')}")


def _check_rounds(t: Tournament, rounds: int, games: int = 1) -> None:
    """``rounds`` rounds of ``games`` round columns each can hold what ``t`` has: entries,
    announced byes, restrictions."""
    if not 1 <= rounds * games <= MAX_ROUNDS:
        raise UsageError(f"--rounds {rounds}: expected 1-{MAX_ROUNDS // games}")
    if rounds * games < t.rounds_in_file:
        last = t.rounds_in_file
        whose = [p.start_no for p in t.players if len(p.entries) == last]
        raise UsageError(
            f"--rounds {rounds}, but the player lines have round {last} filled (player {ranges(whose)}): "
            f"an event with round {last} paired or its results entered has at least {last} rounds"
        )


def _within(t: Tournament, rounds: int) -> tuple[Tournament, list[str]]:
    """``t`` cut to ``rounds`` rounds: the withdrawals and byes record 240 announces for
    later rounds removed, the restrictions of record 260 ending at the last round (one
    for later rounds only removed); and one line for each kind of record changed."""
    later = [b for b in t.announced_byes if b.round_no > rounds]
    lines: list[str] = []
    if later:
        players = ranges({n for b in later for n in b.players})
        lines.append(
            f"record 240 (withdrawal, requested bye) of player {players} for round "
            f"{ranges({b.round_no for b in later})} removed: the event has {rounds} rounds"
        )
    kept = []
    for g in t.forbidden:
        if g.last_round is not None and g.last_round > rounds:
            gone = g.first_round is not None and g.first_round > rounds
            done = "removed" if gone else f"ended at round {rounds}"
            lines.append(f"record 260 (players {ranges(g.players)} not to meet) {done}: the event has {rounds} rounds")
            if gone:
                continue
            g = replace(g, last_round=rounds)
        kept.append(g)
    cut = replace(t, announced_byes=tuple(b for b in t.announced_byes if b.round_no <= rounds), forbidden=tuple(kept))
    return cut, lines


@dataclass(frozen=True, slots=True)
class NewEvent:
    """A tournament made by ``new``, and the players the initial order moved."""

    tournament: Tournament
    moved: tuple[tuple[Player, int], ...]
    """Players whose place in the list is not their start number, with the number given."""


def new_event(players: Sequence[Player], header: Header) -> NewEvent:
    """A TRF-2026 tournament of ``players`` (in list order) with ``header``: start
    numbers in the initial order of C.04.2 Art. 2.2 (a list in that order keeps it)."""
    ordered = initial_order(players)
    numbered = tuple(replace(p, start_no=i) for i, p in enumerate(ordered, 1))
    moved = tuple((p, n) for n, p in enumerate(ordered, 1) if p.start_no != n)
    t, _ = apply_header(Tournament(players=numbered), header)
    if header.points is None and declared_round_robin(t):
        t = replace(t, points=replace(t.points, pab=FREE_ROUND))
    return NewEvent(t, moved)


FREE_ROUND: Points = 0
"""What the free round of an odd round robin (the round against the dummy of C.05 Annex 1)
scores in an event ``new`` makes when ``--points`` does not say: nothing. No FIDE text
the project can read gives it points (docs/roundrobin.md, "The free round"): it is no
game, C.07 9.2 counts a round robin's possible points without it, and ``generate``
writes the same (record 162 ``P 0.0``). ``--points 1-0.5-0-1`` gives it a point."""


def team_boards(system: str, boards: int | None) -> bool:
    """Whether a new event of ``system`` (``--system``) is a team event, ``--boards``
    checked against it: a team event needs it (1 to the members record 310 lists), an
    event of players refuses it (:class:`UsageError`, before any list is read)."""
    code = system_code(system)
    team_event = is_team_event(code, (), ())
    if team_event and boards is None:
        raise UsageError("a team event needs --boards N: the boards of a match (record 352)")
    if boards is not None and not team_event:
        raise UsageError(f"--boards {boards}: {code} is not a team system (give --system team)")
    if boards is not None and not 1 <= boards <= MAX_MEMBERS:
        raise UsageError(f"--boards {boards}: expected 1-{MAX_MEMBERS} (record 310 lists {MAX_MEMBERS} members)")
    return team_event


def new_team_event(listed: PlayerList, header: Header, boards: int) -> Tournament:
    """A TRF-2026 team event (C.04.6) of the players of ``listed``, each in the team its
    ``team`` cell names, on ``boards`` boards: record 352 (alternating colours, which also
    gives the number of boards) and one record 310 a team.

    The team pairing numbers are the teams in the order the list first names them. C.04.6
    does not rank teams: its preface applies C.04.2's Articles 1, 2.4, 2.5, 3 and 4 to
    teams, not Art. 2.1-2.3 (the initial order by rating), and 1.1.2 leaves the teams'
    order to the competition's rules; so the organiser's list is that order. A team's
    members are in board order: by the ``board`` cells when given (a blank one after the
    numbered, in list order), else in list order. The players are numbered team after
    team, in board order. Refused (an :class:`InputError` at the list's line and
    column): a list with no team column, a player with no team, a board given twice in
    a team, a team with fewer players than boards or more than record 310 lists, more
    than 999 teams."""
    team_boards(header.system or DEFAULT, boards)
    path = listed.path
    if not listed.teams:
        raise InputError(
            "a team event (--system team) needs a CSV list with a team column naming each player's team",
            path=path,
            line=1,
            column=1,
        )
    by_team: dict[str, list[int]] = {}
    for i, entry in enumerate(listed.teams):
        if not entry.team:
            raise InputError(
                "team is blank, expected the player's team (in a team event every player plays for one)",
                path=path,
                line=listed.lines[i],
                column=entry.team_column,
            )
        by_team.setdefault(entry.team, []).append(i)
    if len(by_team) > 999:
        raise InputError(f"{len(by_team)} teams: record 310 numbers at most 999", path=path, line=1, column=1)
    players: list[Player] = []
    teams: list[Team] = []
    for number, (name, listed_at) in enumerate(by_team.items(), 1):
        members = sorted(listed_at, key=lambda i: (listed.teams[i].board or 100, i))
        seen: dict[int, int] = {}
        for i in members:
            board = listed.teams[i].board
            if board is not None and board in seen:
                raise InputError(
                    f"board {board} of team {name!r} is given twice (first on line {seen[board]})",
                    path=path,
                    line=listed.lines[i],
                    column=listed.teams[i].board_column,
                )
            if board is not None:
                seen[board] = listed.lines[i]
        first = listed_at[0]
        if len(members) < boards:
            raise InputError(
                f"team {name!r} has {len(members)} player(s), fewer than the {boards} boards (--boards {boards})",
                path=path,
                line=listed.lines[first],
                column=listed.teams[first].team_column,
            )
        if len(members) > MAX_MEMBERS:
            extra = listed_at[MAX_MEMBERS]
            raise InputError(
                f"team {name!r} has {len(members)} players: record 310 lists at most {MAX_MEMBERS}",
                path=path,
                line=listed.lines[extra],
                column=listed.teams[extra].team_column,
            )
        start = len(players) + 1
        players += [replace(listed.players[i], start_no=start + k) for k, i in enumerate(members)]
        teams.append(Team(number, name, tuple(range(start, start + len(members)))))
    t, _ = apply_header(Tournament(players=tuple(players)), header)
    by_number = {p.start_no: p for p in players}
    t = with_records(t, "352", [("WB" * boards)[:boards]])
    t = with_records(t, "310", [line_310(team, by_number, boards) for team in teams])
    return fit_round_robin(replace(t, teams=team_setup_of(t)))
