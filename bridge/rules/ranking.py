"""The ranking of C.07 Article 4.2: points, then each tie-break of the list in turn (players
equal on all of them share the place); a team event's teams by their primary score (C.07 11).
The tie-break list is the one given (``--tiebreaks``), else the file's (TRF-2026 record 202,
else 212), else :data:`swissbridge.rules.tiebreaks.DEFAULT_TIEBREAKS`. Also the categories of
prize lists (a ranking restricted, places numbered within it) and each rated player's FIDE
rating change over the ranked rounds (B.02 8.3). Rendered by :mod:`swissbridge.publish.standings`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from swissbridge.atomic import open_regular
from swissbridge.errors import InputError
from swissbridge.model import Player, Team, Tournament
from swissbridge.rules import teamtiebreaks
from swissbridge.rules.fide_rating import RatingChange, development_coefficient, rating_change
from swissbridge.rules.teamtiebreaks import TeamTable
from swissbridge.rules.tiebreaks import (
    DEFAULT_TEAM_TIEBREAKS,
    DEFAULT_TIEBREAKS,
    Event,
    TieBreak,
    Value,
    check_entrants,
    check_modifiers,
    direct_encounter,
    parse_tiebreaks,
    participant_rounds,
    planned_rounds,
    prepare,
    value_of,
)
from swissbridge.rules.twogame import event_round, last_column

TIEBREAK_RECORDS = ("202", "212")
"""TRF-2026 records holding the tie-break list (212 lists PTS first)."""


def shared_place(rank: int, last_shared: int) -> str:
    """A place as the standings print it: ``"3"``, or ``"3-5"`` for a place three share (C.07 4.2)."""
    return str(rank) if last_shared == rank else f"{rank}-{last_shared}"


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
        return shared_place(self.rank, self.last_shared)


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
        return shared_place(self.rank, self.last_shared)


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
    done = event_round(tournament, tournament.completed_rounds)
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

    t = s.tournament
    total = event_round(t, t.total_rounds or 0)
    return total > 0 and s.after_round == total and unfinished_games(t, last_column(t, s.after_round) + 1) is None


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
        games = rated_results(s, row.start_no)
        born = _birth_year(row.player.birth)
        junior = started is not None and born is not None and started.year - born <= 18
        coefficient = k if k is not None else development_coefficient(rating, junior=junior)
        out[row.start_no] = rating_change(rating, games, coefficient)
    return out


def rated_results(s: Standings, start_no: int) -> list[tuple[int, Fraction]]:
    """The games of ``start_no`` that count for rating (B.02): each game played over the
    board, as the file records it (a Double-Swiss's single forfeited game, which counts
    as played for tie-breaks, does not: C.04.5 Preface), against a rated opponent."""
    t = s.tournament
    rounds = participant_rounds(t.player(start_no).entries, t.points, last_column(t, s.after_round))
    return [
        (rating, r.standard)
        for r in rounds
        if r.played and r.opponent is not None and (rating := s.event.participants[r.opponent].rating)
    ]
