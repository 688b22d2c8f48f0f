"""Random tournaments played to the end with a pairing system: the test bench of the
pairing systems and of everything that reads and writes tournament files.

A generated tournament has a rated field (some unrated players), results drawn
from an Elo model with White's advantage and draws, forfeits (single and double),
requested half-, full- and zero-point byes (announced in advance with record 240),
absences without notice, late entries and withdrawals, and optionally 3-1-0 scoring, Baku
acceleration (C.04.7, record 250) and forbidden pairs (record 260). A round robin
(a system that says it pairs round robins) has none of the byes, absences, late
entries and withdrawals (its missed games are forfeits), no acceleration and no
forbidden pairs, and its pairing numbers are drawn: the field is numbered in a random
order (C.05). A team event (a system that pairs teams, C.04.6) has teams of a number of
boards with a reserve or two, numbered by strength, their line-ups (record 310, and
record 300 for a round played out of that order: a reserve in, two boards exchanged, the
last board left unoccupied), board results drawn from the ratings with board and whole-match
forfeits, the PAB, and record 192's team code (records 352, 362, 320 and 260 as the event
needs them). Every round is
paired by the chosen system from exactly the history a replay sees
(:func:`swissbridge.rules.history.before_round`), so a generated file passes
``swissbridge check`` with the same system by construction.

Everything random comes from one ``random.Random(seed)``: the same arguments give
the same tournament, on any machine, at any time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from swissbridge.errors import UsageError
from swissbridge.formats.trf import MAX_MEMBERS, line_310, lineup_value
from swissbridge.model import (
    ABSENT,
    MATCH_GAMES,
    AnnouncedBye,
    ByeKind,
    Colour,
    Entry,
    ForbiddenPairs,
    LineUp,
    Player,
    PointSystem,
    Result,
    Team,
    Tournament,
)
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import PairingSystem, resolve
from swissbridge.plugins.protocol import RoundRobins
from swissbridge.rules.acceleration import baku_acceleration, over_columns
from swissbridge.rules.history import before_round
from swissbridge.rules.teams import TeamEvent, board_pairing, team_code
from swissbridge.rules.twogame import columns, game_pairings
from swissbridge.systems import DEFAULT, games_per_round, written

__all__ = [
    "POINTS_310",
    "EngineFault",
    "GenerateOptions",
    "GenerationFailed",
    "RoundHook",
    "generate_tournament",
    "pab_record",
    "plan_team_event",
    "plan_tournament",
    "play_round",
    "play_team_round",
    "points_and_ranks",
    "tournament_before_round",
]

POINTS_310 = PointSystem(win=30, draw=10, loss=0, forfeit_win=30, pab=30, full_bye=30, half_bye=10)
"""3-1-0 scoring: a win (forfeit win, full-point bye, PAB) 3, a draw (half-point bye) 1."""

WHITE_ADVANTAGE = 35
"""Elo points the first move is worth in the result model."""

TEAM_BOARDS = 4
"""The boards of a match when a system that pairs only teams is not told (``--boards``)."""


class GenerationFailed(RuntimeError):
    """No tournament could be played to the end with these settings (every attempt
    met a round without a legal pairing)."""


class EngineFault(RuntimeError):
    """The pairing system returned a pairing that leaves a present player unpaired,
    pairs one twice, or pairs an absent player."""


@dataclass(frozen=True, slots=True)
class GenerateOptions:
    """The knobs of the random tournament. Rates are probabilities per player and
    round (byes, absences), per player (late entry, withdrawal) or per game. A team
    event reads the field's, the games' and its own knobs; it has no byes, absences,
    late entries or withdrawals of players."""

    points: PointSystem | None = None
    """The point system; None: the pairing system's own (:func:`default_points`)."""
    accelerate: bool = False
    """Baku acceleration (C.04.7), written as record 250 ranges."""
    forbidden_groups: int = 0
    """Groups (mostly pairs, sometimes three players) who may not meet (record 260)."""
    draw_rate: float = 0.35
    """Draw probability between equal players (scaled down as the rating gap grows)."""
    forfeit_rate: float = 0.02
    double_forfeit_share: float = 0.15
    short_game_rate: float = 0.002
    """Games lasting less than one move (``W D L`` codes)."""
    half_bye_rate: float = 0.03
    full_bye_rate: float = 0.004
    absence_rate: float = 0.01
    zero_bye_share: float = 0.3
    """Of the absences, the share requested in advance: zero-point byes announced
    with record 240 (type Z) as well as written ``0000 - Z`` in the round column."""
    late_entry_rate: float = 0.05
    withdrawal_rate: float = 0.04
    unrated_rate: float = 0.04
    provisional_rating: int | None = None
    """The rating written for a player drawn unrated (the Chief Arbiter's provisional
    rating, C.04.4.1 1.1.2). ``None``: unrated players stay unrated, unless the system
    needs every player rated (its optional class attribute ``ratings_required``), when
    they get :attr:`lowest_rating`, the bottom of the field."""
    announce_byes: bool = True
    """Write requested byes as record 240 as well as in the round column."""
    max_half_byes: int = 2
    lowest_rating: int = 1200
    highest_rating: int = 2700
    attempts: int = 25
    """Fresh tournaments (same random stream) tried when a round cannot be paired."""
    boards: int | None = None
    """A team event's boards per match (1-14: record 310 lists 14 members); None: an
    individual event, or :data:`TEAM_BOARDS` for a system that pairs only teams."""
    code: str | None = None
    """The record 192 code written: one of the system's codes; None: its first."""
    match_forfeit_rate: float = 0.01
    """Team events: the share of matches one team does not turn up for (every board forfeited)."""
    lineup_change_rate: float = 0.08
    """Team events: the share of a team's matches played out of record 310's order
    (written as record 300)."""
    max_reserves: int = 2
    """Team events: the most members a team has beyond its boards."""


RoundHook = Callable[[Tournament, int, RoundPairing], None]
"""Called after each round is paired, with the tournament as the system saw it
(the state before the round) and the pairing it produced."""


# -- the field -----------------------------------------------------------------------------------

_FIRST = (
    "Anna", "Boris", "Carla", "Dmitri", "Elif", "Fabiano", "Greta", "Hikaru", "Irina", "Jorge",
    "Katarzyna", "Levon", "Maia", "Nodirbek", "Olga", "Pentala", "Qiyu", "Radosław", "Sofía", "Teimour",
    "Ulla", "Vidit", "Wesley", "Xiong", "Yusuf", "Zoë", "Ørjan", "Ángel", "Jürgen", "Chloé",
)  # fmt: skip
_LAST = (
    "Andersen", "Bauer", "Castillo", "Dubois", "Eriksson", "Fischer", "García", "Horváth", "Ivanov",
    "Jansen", "Kowalski", "López", "Müller", "Novak", "O'Brien", "Petrov", "Quinn", "Rossi", "Schmidt",
    "Tanaka", "Ulrich", "Varga", "Weiß", "Xu", "Yilmaz", "Zhang", "Çelik", "Søndergaard", "Nguyễn", "Smith",
)  # fmt: skip
_FEDERATIONS = ("GER", "FRA", "ESP", "NED", "IND", "USA", "NOR", "POL", "HUN", "ITA", "ENG", "CHN", "TUR", "")


def _title(rating: int, rng: random.Random) -> str:
    if rating >= 2500 and rng.random() < 0.8:
        return "GM"
    if rating >= 2400 and rng.random() < 0.7:
        return "IM"
    if rating >= 2300 and rng.random() < 0.6:
        return "FM"
    if rating >= 2200 and rng.random() < 0.3:
        return "CM"
    return ""


def _player(rng: random.Random, start_no: int, name: str, sex: str, title: str, rating: int, fed: str) -> Player:
    """A generated player: a woman's title is the women's one (``WGM``); a FIDE id for the
    rated, a birth date for everyone (drawn in that order)."""
    fide_id = str(rng.randint(1_000_000, 99_999_999)) if rating else ""
    birth = f"{rng.randint(1950, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
    return Player(
        start_no=start_no,
        name=name,
        sex=sex,
        title=title if sex == "m" or not title else "W" + title,
        rating=rating,
        federation=fed,
        fide_id=fide_id,
        birth=birth,
    )


def _make_field(
    n: int, rng: random.Random, options: GenerateOptions, provisional: int | None = None
) -> tuple[list[Player], dict[int, int]]:
    """``n`` players in start-number order (rating, then name: GHR Art. 2) and the
    playing strength of each (the rating plus form; a guess for the unrated, who are
    given the ``provisional`` rating when there is one)."""
    lo, hi = options.lowest_rating, options.highest_rating
    raw: list[tuple[int, int, str, str, str, str]] = []
    for _ in range(n):
        unrated = rng.random() < options.unrated_rate
        rating = 0 if unrated else int(min(hi, max(lo, rng.gauss((lo + hi) / 2, (hi - lo) / 5))))
        strength = rng.randint(lo - 200, (lo + hi) // 2) if unrated else rating + int(rng.gauss(0, 80))
        name = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
        if unrated and provisional is not None:
            rating = provisional
        raw.append((rating, strength, name, rng.choice(_FEDERATIONS), rng.choice("mmmw"), _title(rating, rng)))
    raw.sort(key=lambda x: (-x[0], x[2]))
    players: list[Player] = []
    strengths: dict[int, int] = {}
    for i, (rating, strength, name, fed, sex, title) in enumerate(raw, 1):
        players.append(_player(rng, i, name, sex, title, rating, fed))
        strengths[i] = strength
    return players, strengths


# -- who plays when ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything about a tournament that is decided before it starts: the field,
    the entries of players who will not be paired in a round, and the settings."""

    tournament: Tournament
    """No round played yet; settings (rounds, colour, points, acceleration, forbidden
    pairs, announced byes) filled in."""
    strengths: dict[int, int]
    absences: dict[int, dict[int, Entry]]
    """Round → start number → the entry of a player not paired that round."""


def default_points(system: PairingSystem) -> PointSystem:
    """The point system ``system`` declares as its own (its ``points``, as a team
    system's match points), else FIDE's 1 - ½ - 0."""
    return system.points if system.points is not None else PointSystem()


def provisional_rating(system: PairingSystem, options: GenerateOptions) -> int | None:
    """The rating a player drawn unrated gets (:attr:`GenerateOptions.provisional_rating`):
    the one asked for, else the bottom of the field when ``system`` needs every player
    rated (its ``ratings_required``, C.04.4.1 1.1), else none."""
    if options.provisional_rating is not None:
        return options.provisional_rating
    return options.lowest_rating if system.ratings_required else None


def plan_tournament(
    players: int, rounds: int, system: str | PairingSystem, seed: int, options: GenerateOptions | None = None
) -> Plan:
    """The field and the schedule of byes, absences, late entries and withdrawals
    (a round robin's: none, :func:`_round_robin_plan`)."""
    rng = random.Random(seed)
    return _plan(players, rounds, system, rng, options or GenerateOptions())


def _plan(n: int, rounds: int, system: str | PairingSystem, rng: random.Random, o: GenerateOptions) -> Plan:
    if n < 2:
        raise UsageError(f"-n {n}: a tournament needs at least 2 players")
    name, engine = resolve(system)
    if (robin := engine.round_robin) is not None:
        _check_rounds(n, rounds, "players", swiss=False)
        return _round_robin_plan(n, rounds, engine, robin, rng, o)
    _check_rounds(n, rounds, "players")
    field_, strengths = _make_field(n, rng, o, provisional_rating(engine, o))
    numbers = [p.start_no for p in field_]
    absences: dict[int, dict[int, Entry]] = {r: {} for r in range(1, rounds + 1)}
    announced: dict[tuple[ByeKind, int], list[int]] = {}

    def mark(r: int, n_: int, entry: Entry) -> None:
        absences[r][n_] = entry

    late_or_gone: set[int] = set()
    # late entries: not paired before they join (GHR Art. 2.4), most with a zero, some with a half point
    if rounds >= 2:
        for p in numbers:
            if rng.random() < o.late_entry_rate:
                joins = rng.randint(2, max(2, min(rounds, math.ceil(rounds / 2))))
                for r in range(1, joins):
                    mark(r, p, Entry(Result.HALF_BYE) if rng.random() < 0.2 else ABSENT)
                late_or_gone.add(p)
    # withdrawals: not paired after the round they leave in (C.04.2 3.2)
    for p in numbers:
        if p not in late_or_gone and rounds >= 2 and rng.random() < o.withdrawal_rate:
            leaves = rng.randint(1, rounds - 1)
            for r in range(leaves + 1, rounds + 1):
                mark(r, p, ABSENT)
            late_or_gone.add(p)
    # requested byes and absences, never in the last round
    half_used: dict[int, int] = {}
    full_used: set[int] = set()
    for r in range(1, rounds):
        for p in numbers:
            if p in absences[r]:
                continue
            x = rng.random()
            if x < o.half_bye_rate and half_used.get(p, 0) < o.max_half_byes:
                half_used[p] = half_used.get(p, 0) + 1
                mark(r, p, Entry(Result.HALF_BYE))
                announced.setdefault((ByeKind.HALF, r), []).append(p)
            elif x < o.half_bye_rate + o.full_bye_rate and p not in full_used:
                full_used.add(p)
                mark(r, p, Entry(Result.FULL_BYE))
                announced.setdefault((ByeKind.FULL, r), []).append(p)
            elif x < o.half_bye_rate + o.full_bye_rate + o.absence_rate:
                mark(r, p, ABSENT)
                if x < o.half_bye_rate + o.full_bye_rate + o.absence_rate * o.zero_bye_share:
                    announced.setdefault((ByeKind.ZERO, r), []).append(p)
    # keep at least half of the field (and two players) at the board every round
    for r in range(1, rounds + 1):
        need = max(2, math.ceil(n / 2))
        away = sorted(absences[r])
        rng.shuffle(away)
        while n - len(absences[r]) < need and away:
            p = away.pop()
            del absences[r][p]
            for key in list(announced):
                if key[1] == r and p in announced[key]:
                    announced[key].remove(p)
    initial = [p for p in numbers if p not in absences[1]]
    points = o.points if o.points is not None else default_points(engine)
    games = games_per_round(engine)
    acceleration = over_columns(baku_acceleration(initial, rounds, points), games) if o.accelerate else ()
    forbidden: list[ForbiddenPairs] = []
    for _ in range(o.forbidden_groups):
        size = 3 if n >= 6 and rng.random() < 0.2 else 2
        group = tuple(sorted(rng.sample(numbers, size)))
        if rng.random() < 0.7:
            first, last = 1, rounds
        else:
            first = rng.randint(1, rounds)
            last = rng.randint(first, rounds)
        forbidden.append(ForbiddenPairs(players=group, first_round=first, last_round=last))
    byes = (
        tuple(
            AnnouncedBye(kind=kind, round_no=r, players=tuple(sorted(ps)))
            for (kind, r), ps in sorted(announced.items(), key=lambda kv: (kv[0][1], kv[0][0].value))
            if ps
        )
        if o.announce_byes
        else ()
    )
    if games > 1:  # each round is a match: its byes and forbidden pairs are written for its columns
        byes = tuple(replace(b, round_no=c) for b in byes for c in columns(b.round_no))
        forbidden = [
            replace(g, first_round=columns(g.first_round or 1)[0], last_round=columns(g.last_round or rounds)[1])
            for g in forbidden
        ]
    tournament = Tournament(
        players=tuple(field_),
        name=f"swissbridge random {name} tournament",
        total_rounds=rounds * games,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        points=points,
        acceleration=acceleration,
        forbidden=tuple(forbidden),
        announced_byes=byes,
        system=o.code.strip().upper() if o.code is not None else written(engine),
    )
    return Plan(tournament=tournament, strengths=strengths, absences=absences)


def _check_rounds(n: int, rounds: int, who: str, *, swiss: bool = True) -> None:
    """At least one round, and for a Swiss event fewer rounds than ``n`` players or
    teams (C.04.1 Art. 2: no two meet twice)."""
    if rounds < 1:
        raise UsageError(f"--rounds {rounds}: a tournament needs at least 1 round")
    if swiss and rounds >= n:
        raise UsageError(f"--rounds {rounds}: {n} {who} cannot play {rounds} Swiss rounds: use fewer rounds than {who}")


def _round_robin_plan(
    n: int, rounds: int, engine: PairingSystem, robin: RoundRobins, rng: random.Random, o: GenerateOptions
) -> Plan:
    """A round robin's plan: the field numbered by a random draw (C.05: the pairing
    numbers are drawn by lot), nobody absent, no acceleration or forbidden pairs; the
    player who meets the dummy of an odd number scores nothing (no game, no bye
    point), and record 192 is the code the system gives the rounds (single, double)."""
    if o.accelerate or o.forbidden_groups:
        raise UsageError(
            "--accelerate, --forbidden: a round robin is paired by its Berger tables: "
            "it has no acceleration and no forbidden pairs"
        )
    if o.code is not None:
        raise UsageError("--code: a round robin's record 192 code follows from its players and rounds (single, double)")
    code = robin.schedule_code(n, rounds)
    from swissbridge.event.players import draw_numbers

    field_, strengths = _make_field(n, rng, o)
    drawn = draw_numbers(
        Tournament(
            players=tuple(field_),
            name=f"swissbridge random {engine.name} tournament (pairing numbers drawn at random)",
            total_rounds=rounds,
            points=replace(o.points if o.points is not None else default_points(engine), pab=0),
            system=code,
        ),
        None,
        rng,
    )
    absences: dict[int, dict[int, Entry]] = {r: {} for r in range(1, rounds + 1)}
    number = drawn.numbers
    return Plan(tournament=drawn.tournament, strengths={number[k]: v for k, v in strengths.items()}, absences=absences)


# -- playing -------------------------------------------------------------------------------------


def _game(white: int, black: int, rng: random.Random, o: GenerateOptions) -> tuple[Result, Result]:
    """The two entries' results of one scheduled game: an Elo expectation with
    White's advantage, draws likelier between equals, forfeits and short games."""
    x = rng.random()
    if x < o.forfeit_rate:
        if rng.random() < o.double_forfeit_share:
            return Result.FORFEIT_LOSS, Result.FORFEIT_LOSS
        return (
            (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
            if rng.random() < 0.5
            else (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
        )
    return _played(white, black, rng, o)


def _played(white: int, black: int, rng: random.Random, o: GenerateOptions) -> tuple[Result, Result]:
    expected = 1.0 / (1.0 + 10.0 ** ((black - white - WHITE_ADVANTAGE) / 400.0))
    draw = o.draw_rate * 2.0 * min(expected, 1.0 - expected)
    y = rng.random()
    short = rng.random() < o.short_game_rate
    if y < expected - draw / 2:
        return (Result.WIN_UNRATED, Result.LOSS_UNRATED) if short else (Result.WIN, Result.LOSS)
    if y < expected + draw / 2:
        return (Result.DRAW_UNRATED, Result.DRAW_UNRATED) if short else (Result.DRAW, Result.DRAW)
    return (Result.LOSS_UNRATED, Result.WIN_UNRATED) if short else (Result.LOSS, Result.WIN)


def _verify(pairing: RoundPairing, present: set[int], round_no: int) -> None:
    seen: list[int] = [n for b in pairing.boards for n in b.players()]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    if len(seen) != len(set(seen)):
        raise EngineFault(f"round {round_no}: a player is paired twice: {pairing.pairlist()!r}")
    if set(seen) != present:
        missing, extra = sorted(present - set(seen)), sorted(set(seen) - present)
        raise EngineFault(f"round {round_no}: unpaired present players {missing}, paired absent players {extra}")


def play_round(
    tournament: Tournament,
    pairing: RoundPairing,
    strengths: dict[int, int],
    rng: random.Random,
    options: GenerateOptions | None = None,
) -> Tournament:
    """``tournament`` with ``pairing``'s games played (results drawn at random), the
    PAB recorded and the absentees' entries kept."""
    o = options or GenerateOptions()
    entries = _board_entries(pairing.boards, strengths, rng, o, frozenset())
    if pairing.bye is not None:
        entries[pairing.bye] = Entry(Result.PAB)
    return tournament.with_round(pairing.round_no, entries)


def _board_entries(
    boards: tuple[Board, ...], strengths: dict[int, int], rng: random.Random, o: GenerateOptions, absent: frozenset[int]
) -> dict[int, Entry]:
    """Both players' entries of each game drawn (:func:`_game`); a player in ``absent``
    (a team that did not turn up) loses by forfeit."""
    entries: dict[int, Entry] = {}
    for b in boards:
        if b.white in absent or b.black in absent:
            rw = Result.FORFEIT_LOSS if b.white in absent else Result.FORFEIT_WIN
            rb = Result.FORFEIT_LOSS if b.black in absent else Result.FORFEIT_WIN
        else:
            rw, rb = _game(strengths[b.white], strengths[b.black], rng, o)
        entries[b.white] = Entry(rw, b.black, Colour.WHITE)
        entries[b.black] = Entry(rb, b.white, Colour.BLACK)
    return entries


def generate_tournament(
    players: int,
    rounds: int,
    system: str | PairingSystem = DEFAULT,
    seed: int = 0,
    options: GenerateOptions | None = None,
    *,
    on_round: RoundHook | None = None,
) -> Tournament:
    """A random tournament of ``players`` players and ``rounds`` rounds, every round
    paired by ``system`` and played; the same arguments give the same tournament.

    When a round cannot be paired legally (possible with few players and many
    rounds, forbidden pairs or many byes), a fresh tournament is drawn from the same
    random stream, up to ``options.attempts`` times; then :class:`GenerationFailed`.
    ``on_round`` sees every round's state and pairing (the attempts that failed too).
    """
    o = options or GenerateOptions()
    _, engine = resolve(system)
    teams = _team_options(players, rounds, engine, o)
    if o.forbidden_groups > players:  # each group drawn is kept: the work and the file grow with the number
        who = "teams" if teams is not None else "players"
        raise UsageError(f"--forbidden {o.forbidden_groups}: at most one group per entrant ({players} {who})")
    rng = random.Random(seed)
    failures: list[str] = []
    for _attempt in range(max(1, o.attempts)):
        try:
            if teams is not None:
                return _play_teams(_team_plan(players, rounds, engine, rng, teams), engine, rng, teams, on_round)
            return _play(_plan(players, rounds, engine, rng, o), engine, rng, o, on_round)
        except NoLegalPairing as exc:
            failures.append(str(exc) or "no legal pairing")
    raise GenerationFailed(
        f"{players} {'players' if teams is None else 'teams'}, {rounds} rounds, seed {seed}: "
        "no attempt could be paired to the end "
        f"({len(failures)} attempts; last: {failures[-1]})"
    )


def _play(
    plan: Plan, engine: PairingSystem, rng: random.Random, o: GenerateOptions, on_round: RoundHook | None
) -> Tournament:
    """Pair and play every round of ``plan``; in an event of two-game matches (C.04.5)
    each round is a match of two round columns, its absences in both."""
    t = plan.tournament
    total = t.total_rounds or 0
    matches = games_per_round(engine) > 1
    for r in range(1, (total // MATCH_GAMES if matches else total) + 1):
        away = plan.absences[r]
        for column in columns(r) if matches else (r,):
            t = t.with_round(column, away) if away else t
        present = {p.start_no for p in t.players if p.start_no not in away}
        pairing = engine.pair(t, r)
        _verify(pairing, present, r)
        if on_round is not None:
            on_round(t, r, pairing)
        t = (play_match if matches else play_round)(t, pairing, plan.strengths, rng, o)
    return points_and_ranks(t, total)


def play_match(
    tournament: Tournament,
    pairing: RoundPairing,
    strengths: dict[int, int],
    rng: random.Random,
    options: GenerateOptions | None = None,
) -> Tournament:
    """``tournament`` with the match round ``pairing`` played: both games of each match
    (game 2 with the colours reversed), a single game forfeited now and then
    (:func:`_game`), a whole match forfeited by one player at half the forfeit rate (the
    Preface's match ended by forfeit), the PAB in both columns."""
    o = options or GenerateOptions()
    one, two = game_pairings(pairing)
    games = [_board_entries(g.boards, strengths, rng, o, frozenset()) for g in (one, two)]
    for b in pairing.boards:
        if rng.random() < o.forfeit_rate / 2:
            loser, winner = (b.white, b.black) if rng.random() < 0.5 else (b.black, b.white)
            for entries in games:
                entries[loser] = replace(entries[loser], result=Result.FORFEIT_LOSS)
                entries[winner] = replace(entries[winner], result=Result.FORFEIT_WIN)
    if pairing.bye is not None:
        for entries in games:
            entries[pairing.bye] = Entry(Result.PAB)
    return tournament.with_round(one.round_no, games[0]).with_round(two.round_no, games[1])


def points_and_ranks(t: Tournament, total: int) -> Tournament:
    """``t`` with each player's points after round ``total`` and rank (points, then
    start number) written in record 001, as an engine reading the file expects them."""
    scores = {p.start_no: p.score(t.points, total) for p in t.players}
    order = sorted(scores, key=lambda n: (-scores[n], n))
    rank = {n: i for i, n in enumerate(order, 1)}
    return t.with_players(replace(p, stated_points=scores[p.start_no], rank=rank[p.start_no]) for p in t.players)


# -- team events (C.04.6) ------------------------------------------------------------------------


def _team_options(n: int, rounds: int, engine: PairingSystem, o: GenerateOptions) -> GenerateOptions | None:
    """The options of a team event (``boards`` filled in), None for an individual event.
    Options that make no sense are refused here, before anything is drawn
    (:class:`~swissbridge.errors.UsageError`): a ``code`` the system does not have (any
    event), ``boards`` for a system of players, and for a team event sizes its records
    cannot hold, individual scoring and acceleration."""
    if o.code is not None and o.code.strip().upper() not in engine.codes:
        raise UsageError(f"--code {o.code}: the {engine.name} system's record 192 codes are {', '.join(engine.codes)}")
    if o.code is not None and (coded := team_code(o.code)) is not None and coded.baku_refusal is not None:
        raise UsageError(f"--code {o.code}: {coded.baku_refusal}")
    if o.boards is None and "players" in engine.entrants:
        return None
    if "teams" not in engine.entrants:
        raise UsageError(f"--boards: the {engine.name} system pairs individual players, not teams")
    if engine.round_robin is not None:
        raise UsageError(f"random team round robins are not generated (the {engine.name} system pairs round robins)")
    boards = TEAM_BOARDS if o.boards is None else o.boards
    if not 1 <= boards <= MAX_MEMBERS:
        raise UsageError(
            f"--boards takes 1-{MAX_MEMBERS} boards (record 310 lists {MAX_MEMBERS} members), found {boards}"
        )
    if not 2 <= n <= 999:
        raise UsageError(f"a team event has 2-999 teams (record 310's team pairing number), found {n}")
    if n * (boards + o.max_reserves) > 9999:
        raise UsageError(
            f"{n} teams of up to {boards + o.max_reserves} members are more than the 9999 players a TRF file numbers"
        )
    _check_rounds(n, rounds, "teams")
    if o.points is not None:
        raise UsageError(
            "--points: a team event scores its boards 1-½-0 (record 162) and its matches by record 362 (2-1-0)"
        )
    if o.accelerate:
        raise UsageError("--accelerate: a team event is accelerated by its record 192 code: give a --code ending _BAKU")
    return replace(o, boards=boards)


_CITIES = (
    "Aachen", "Bergen", "Cádiz", "Debrecen", "Eindhoven", "Firenze", "Graz", "Hamburg", "İzmir", "Jaipur",
    "Kraków", "Lyon", "Malmö", "Nantes", "Oslo", "Porto", "Québec", "Riga", "Sevilla", "Tallinn",
    "Utrecht", "Valencia", "Wrocław", "Zürich", "Århus", "Brno", "Chennai", "Dortmund", "Espoo", "Göteborg",
)  # fmt: skip
_CLUBS = ("SK", "Chess Club", "Schachfreunde", "Echiquier", "Ajedrez", "Sjakklubb", "Knights", "Rooks")


def _team_field(n: int, rng: random.Random, o: GenerateOptions) -> tuple[list[Player], list[Team], dict[int, int]]:
    """``n`` teams of ``o.boards`` players and up to ``o.max_reserves`` reserves, each
    team's members in board order (rating, highest first), the teams numbered by the
    average rating of their boards (C.04.6 1.1.2 leaves the order to the competition's
    rules; the strongest first here), the players numbered team after team; and each
    player's playing strength (the rating plus form)."""
    boards = o.boards or TEAM_BOARDS
    lo, hi = o.lowest_rating, o.highest_rating
    drawn: list[tuple[float, str, str, list[tuple[int, int, str, str, str]]]] = []
    names: set[str] = set()
    for _ in range(n):
        base = rng.gauss((lo + hi) / 2, (hi - lo) / 6)
        federation = rng.choice(_FEDERATIONS[:-1])
        name = f"{rng.choice(_CLUBS)} {rng.choice(_CITIES)}"
        while name in names:
            name = f"{name} {len(names) % 9 + 2}"
        names.add(name)
        members: list[tuple[int, int, str, str, str]] = []
        for _k in range(boards + rng.randint(0, min(o.max_reserves, MAX_MEMBERS - boards))):
            rating = int(min(hi, max(lo, rng.gauss(base, 120))))
            unrated = rng.random() < o.unrated_rate
            strength = rating + int(rng.gauss(0, 80))
            player = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
            fed = federation if rng.random() < 0.9 else rng.choice(_FEDERATIONS[:-1])
            members.append((0 if unrated else rating, strength, player, fed, rng.choice("mmmw")))
        members.sort(key=lambda m: (-(m[0] or m[1]), m[2]))
        average = sum(m[0] or m[1] for m in members[:boards]) / boards
        drawn.append((average, name, federation, members))
    drawn.sort(key=lambda d: (-d[0], d[1]))
    players: list[Player] = []
    teams: list[Team] = []
    strengths: dict[int, int] = {}
    for number, (_, name, _fed, members) in enumerate(drawn, 1):
        numbers = []
        for rating, strength, player, fed, sex in members:
            start = len(players) + 1
            players.append(_player(rng, start, player, sex, _title(rating, rng), rating, fed))
            strengths[start] = strength
            numbers.append(start)
        teams.append(Team(number, name, tuple(numbers)))
    return players, teams, strengths


def pab_record(tournament: Tournament, pab_teams: tuple[int, ...] = ()) -> Tournament:
    """``tournament`` with record 320 stating the PAB's match and game points as C.04.6
    1.4 gives them (a drawn match: record 362's TD, half a point a board, unless a 320
    already says otherwise) and, when given, the PAB team of each round (0: none)."""
    from swissbridge.formats.trf import pab_value, team_setup_of

    match, game = TeamEvent(tournament).pab_points()
    headers = (*(h for h in tournament.headers if h[0] != "320"), ("320", pab_value(match, game, pab_teams)))
    with_record = replace(tournament, headers=headers)
    return replace(with_record, teams=team_setup_of(with_record))


def plan_team_event(
    teams: int, boards: int, rounds: int, code: str, seed: int | random.Random, options: GenerateOptions | None = None
) -> Plan:
    """A team event of ``teams`` teams of ``boards`` boards before round 1, record 192
    ``code`` (not checked here: :func:`generate_tournament` checks it against the system):
    the field (:func:`_team_field`), records 352 (the board colours: alternating, which
    also gives the number of boards) and 310, and records 362 (3-1-0 match points, for
    some events) and 260 (``forbidden_groups`` groups of teams) as drawn."""
    o = replace(options or GenerateOptions(), boards=boards)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    players, roster, strengths = _team_field(teams, rng, o)
    by_number = {p.start_no: p for p in players}
    headers: list[tuple[str, str]] = []
    headers.append(("352", ("WB" * boards)[:boards]))  # TRF-2026: mandatory for pairing; the boards of a match
    coded = team_code(code)
    if rng.random() < 0.2 and not (coded is not None and coded.baku):  # C.04.7: Baku needs a win worth two draws
        headers.append(("362", "TW 3.0   TD 1.0   TL 0.0"))  # the symbols' letters in columns 6, 15, 24 (as 162)
    headers += [("310", line_310(t, by_number, boards)) for t in roster]
    for _ in range(o.forbidden_groups):
        size = 3 if teams >= 6 and rng.random() < 0.2 else 2
        group = sorted(rng.sample(range(1, teams + 1), size))
        first, last = (1, rounds) if rng.random() < 0.7 else sorted((rng.randint(1, rounds), rng.randint(1, rounds)))
        headers.append(("260", f"{first:03d} {last:03d}" + "".join(f" {n:>4}" for n in group)))
    from swissbridge.formats.trf import team_setup_of

    tournament = Tournament(
        players=tuple(players),
        name="swissbridge random team event",
        total_rounds=rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        system=code,
        headers=tuple(headers),
    )
    tournament = replace(tournament, teams=team_setup_of(tournament))
    return Plan(tournament=tournament, strengths=strengths, absences={r: {} for r in range(1, rounds + 1)})


def _team_plan(n: int, rounds: int, engine: PairingSystem, rng: random.Random, o: GenerateOptions) -> Plan:
    plan = plan_team_event(n, o.boards or TEAM_BOARDS, rounds, (o.code or written(engine)).upper(), rng, o)
    name = f"swissbridge random team event ({engine.name} system)"
    return replace(plan, tournament=replace(plan.tournament, name=name))


def _lineup(team: Team, boards: int, rng: random.Random, o: GenerateOptions) -> tuple[int, ...]:
    """The players a team fields on its boards: mostly its first members (record 310's
    order); sometimes a reserve in on a board, two neighbouring boards exchanged, or
    the last board left unoccupied (``0``)."""
    default = team.members[:boards]
    if rng.random() >= o.lineup_change_rate:
        return default
    players = list(default)
    reserves = team.members[boards:]
    x = rng.random()
    if reserves and x < 0.5:
        players[rng.randrange(boards)] = rng.choice(reserves)
    elif boards >= 2 and x < 0.85:
        k = rng.randrange(boards - 1)
        players[k], players[k + 1] = players[k + 1], players[k]
    elif boards >= 2:
        players[-1] = 0
    return tuple(players)


def play_team_round(
    tournament: Tournament,
    pairing: RoundPairing,
    strengths: dict[int, int],
    rng: random.Random,
    options: GenerateOptions | None = None,
) -> Tournament:
    """``tournament`` with a round of team pairs (``pairing``: team numbers) played: each
    team's line-up drawn (:func:`_lineup`; record 300 when it is not the default), the
    boards (:func:`~swissbridge.rules.teams.board_pairing`) played as in an individual event,
    a team that does not turn up losing every board by forfeit, the PAB team's members
    given the PAB, and the members who did not play absent (``0000 - Z``)."""
    from swissbridge.formats.trf import team_setup_of

    o = options or GenerateOptions()
    event = TeamEvent(tournament)
    boards = event.boards
    r = pairing.round_no
    lineups: list[tuple[str, str]] = []
    absent: set[int] = set()
    for match in pairing.boards:
        for team, opponent in ((match.white, match.black), (match.black, match.white)):
            members = event.setup.team(team)
            fielded = _lineup(members, boards, rng, o)
            if fielded != members.members[:boards]:
                lineups.append(("300", lineup_value(LineUp(r, team, opponent, fielded))))
        if rng.random() < o.match_forfeit_rate:
            absent.update(event.setup.team(rng.choice((match.white, match.black))).members)
    if lineups:
        with_lineups = replace(tournament, headers=(*tournament.headers, *lineups))
        tournament = replace(with_lineups, teams=team_setup_of(with_lineups))
    games = board_pairing(tournament, pairing)
    entries = _board_entries(games.boards, strengths, rng, o, frozenset(absent))
    entries.update((n, Entry(result)) for n, result in games.absent.items())
    entries.update((p.start_no, ABSENT) for p in tournament.players if p.start_no not in entries)
    return tournament.with_round(r, entries)


def _play_teams(
    plan: Plan, engine: PairingSystem, rng: random.Random, o: GenerateOptions, on_round: RoundHook | None
) -> Tournament:
    t = plan.tournament
    assert t.teams is not None
    numbers = {team.number for team in t.teams.teams}
    total = t.total_rounds or 0
    pab: list[int] = []
    for r in range(1, total + 1):
        pairing = engine.pair(t, r)
        _verify(pairing, numbers, r)
        if on_round is not None:
            on_round(t, r, pairing)
        t = play_team_round(t, pairing, plan.strengths, rng, o)
        pab.append(pairing.bye or 0)
    return _team_results(pab_record(t, tuple(pab)))


def _team_results(t: Tournament) -> Tournament:
    """The played event with its standings written: each team's match and game points
    and rank in record 310 (the rank of ``swissbridge standings`` with the default team
    tie-breaks, :data:`~swissbridge.rules.tiebreaks.DEFAULT_TEAM_TIEBREAKS`: the event names
    none in record 202), each player's points and rank in record 001 (:func:`points_and_ranks`)."""
    from swissbridge.formats.trf import team_setup_of
    from swissbridge.rules.ranking import compute_teams
    from swissbridge.rules.tiebreaks import DEFAULT_TEAM_TIEBREAKS, parse_tiebreaks

    event = TeamEvent(t)
    total = t.total_rounds or 0
    ranks = {row.team.number: row.rank for row in compute_teams(t, parse_tiebreaks(DEFAULT_TEAM_TIEBREAKS)).rows}
    by_number = {p.start_no: p for p in t.players}

    def line(team: Team) -> str:
        rec = event.record(team.number)
        return line_310(
            team, by_number, event.boards, (rec.match_points(total), rec.game_points(total), ranks[team.number])
        )

    lines = iter(line(team) for team in event.setup.teams)
    headers = tuple((code, next(lines)) if code == "310" else (code, value) for code, value in t.headers)
    t = replace(t, headers=headers)
    return points_and_ranks(replace(t, teams=team_setup_of(t)), total)


def tournament_before_round(tournament: Tournament, round_no: int) -> Tournament:
    """The state a generated (or any completed) tournament was in just before
    ``round_no`` was paired: what the system saw, and what ``check`` replays."""
    return before_round(tournament, round_no)
