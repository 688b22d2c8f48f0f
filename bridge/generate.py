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
order (C.05). Every round is
paired by the chosen system from exactly the history a replay sees
(:func:`swissbridge.history.before_round`), so a generated file passes
``swissbridge check`` with the same system by construction.

Everything random comes from one ``random.Random(seed)``: the same arguments give
the same tournament, on any machine, at any time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from swissbridge.acceleration import baku_acceleration
from swissbridge.errors import InputError
from swissbridge.history import before_round
from swissbridge.model import (
    ABSENT,
    AnnouncedBye,
    ByeKind,
    Colour,
    Entry,
    ForbiddenPairs,
    Player,
    PointSystem,
    Result,
    Tournament,
)
from swissbridge.pairing import NoLegalPairing, RoundPairing
from swissbridge.plugins import PairingSystem, resolve
from swissbridge.systems import DEFAULT, written

__all__ = [
    "POINTS_310",
    "EngineFault",
    "GenerateOptions",
    "GenerationFailed",
    "RoundHook",
    "generate_tournament",
    "plan_tournament",
    "play_round",
    "tournament_before_round",
]

POINTS_310 = PointSystem(win=30, draw=10, loss=0, forfeit_win=30, pab=30, full_bye=30, half_bye=10)
"""3-1-0 scoring: a win (forfeit win, full-point bye, PAB) 3, a draw (half-point bye) 1."""

WHITE_ADVANTAGE = 35
"""Elo points the first move is worth in the result model."""


class GenerationFailed(RuntimeError):
    """No tournament could be played to the end with these settings (every attempt
    met a round without a legal pairing)."""


class EngineFault(RuntimeError):
    """The pairing system returned a pairing that leaves a present player unpaired,
    pairs one twice, or pairs an absent player."""


@dataclass(frozen=True, slots=True)
class GenerateOptions:
    """The knobs of the random tournament. Rates are probabilities per player and
    round (byes, absences), per player (late entry, withdrawal) or per game."""

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
    announce_byes: bool = True
    """Write requested byes as record 240 as well as in the round column."""
    max_half_byes: int = 2
    lowest_rating: int = 1200
    highest_rating: int = 2700
    attempts: int = 25
    """Fresh tournaments (same random stream) tried when a round cannot be paired."""


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


def _make_field(n: int, rng: random.Random, options: GenerateOptions) -> tuple[list[Player], dict[int, int]]:
    """``n`` players in start-number order (rating, then name: GHR Art. 2) and the
    playing strength of each (the rating plus form; a guess for the unrated)."""
    lo, hi = options.lowest_rating, options.highest_rating
    raw: list[tuple[int, int, str, str, str, str]] = []
    for _ in range(n):
        unrated = rng.random() < options.unrated_rate
        rating = 0 if unrated else int(min(hi, max(lo, rng.gauss((lo + hi) / 2, (hi - lo) / 5))))
        strength = rng.randint(lo - 200, (lo + hi) // 2) if unrated else rating + int(rng.gauss(0, 80))
        name = f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}"
        raw.append((rating, strength, name, rng.choice(_FEDERATIONS), rng.choice("mmmw"), _title(rating, rng)))
    raw.sort(key=lambda x: (-x[0], x[2]))
    players: list[Player] = []
    strengths: dict[int, int] = {}
    for i, (rating, strength, name, fed, sex, title) in enumerate(raw, 1):
        fide_id = str(rng.randint(1_000_000, 99_999_999)) if rating else ""
        birth = f"{rng.randint(1950, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
        players.append(
            Player(
                start_no=i,
                name=name,
                sex=sex,
                title=title if sex == "m" or not title else "W" + title,
                rating=rating,
                federation=fed,
                fide_id=fide_id,
                birth=birth,
            )
        )
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
    """The point system ``system`` declares as its own (an optional class attribute
    ``points``, as a team system's match points), else FIDE's 1 - ½ - 0."""
    points = getattr(system, "points", None)
    return points if isinstance(points, PointSystem) else PointSystem()


def plan_tournament(
    players: int, rounds: int, system: str | PairingSystem, seed: int, options: GenerateOptions | None = None
) -> Plan:
    """The field and the schedule of byes, absences, late entries and withdrawals
    (a round robin's: none, :func:`_round_robin_plan`)."""
    rng = random.Random(seed)
    return _plan(players, rounds, system, rng, options or GenerateOptions())


def _plan(n: int, rounds: int, system: str | PairingSystem, rng: random.Random, o: GenerateOptions) -> Plan:
    if n < 2:
        raise InputError("a tournament needs at least 2 players")
    if rounds < 1:
        raise InputError("a tournament needs at least 1 round")
    name, engine = resolve(system)
    if getattr(engine, "round_robin", False):
        return _round_robin_plan(n, rounds, engine, rng, o)
    if rounds >= n:
        raise InputError(f"{n} players cannot play {rounds} Swiss rounds: use fewer rounds than players")
    field_, strengths = _make_field(n, rng, o)
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
    acceleration = baku_acceleration(initial, rounds, points) if o.accelerate else ()
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
    tournament = Tournament(
        players=tuple(field_),
        name=f"swissbridge random {name} tournament",
        total_rounds=rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        points=points,
        acceleration=acceleration,
        forbidden=tuple(forbidden),
        announced_byes=byes,
        system=written(engine),
    )
    return Plan(tournament=tournament, strengths=strengths, absences=absences)


def _round_robin_plan(n: int, rounds: int, engine: PairingSystem, rng: random.Random, o: GenerateOptions) -> Plan:
    """A round robin's plan: the field numbered by a random draw (C.05: the pairing
    numbers are drawn by lot), nobody absent, no acceleration or forbidden pairs; the
    player who meets the dummy of an odd number scores nothing (no game, no bye
    point), and record 192 is the code the system gives the rounds (single, double)."""
    if o.accelerate or o.forbidden_groups:
        raise InputError("a round robin is paired by its Berger tables: it has no acceleration and no forbidden pairs")
    code: str = engine.schedule_code(n, rounds)  # type: ignore[attr-defined]
    from swissbridge.players import draw_numbers

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
    entries: dict[int, Entry] = {}
    for b in pairing.boards:
        rw, rb = _game(strengths[b.white], strengths[b.black], rng, o)
        entries[b.white] = Entry(rw, b.black, Colour.WHITE)
        entries[b.black] = Entry(rb, b.white, Colour.BLACK)
    if pairing.bye is not None:
        entries[pairing.bye] = Entry(Result.PAB)
    return tournament.with_round(pairing.round_no, entries)


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
    rng = random.Random(seed)
    failures: list[str] = []
    for _attempt in range(max(1, o.attempts)):
        plan = _plan(players, rounds, engine, rng, o)
        try:
            return _play(plan, engine, rng, o, on_round)
        except NoLegalPairing as exc:
            failures.append(str(exc) or "no legal pairing")
    raise GenerationFailed(
        f"{players} players, {rounds} rounds, seed {seed}: no attempt could be paired to the end "
        f"({len(failures)} attempts; last: {failures[-1]})"
    )


def _play(
    plan: Plan, engine: PairingSystem, rng: random.Random, o: GenerateOptions, on_round: RoundHook | None
) -> Tournament:
    t = plan.tournament
    total = t.total_rounds or 0
    for r in range(1, total + 1):
        away = plan.absences[r]
        t = t.with_round(r, away) if away else t
        present = {p.start_no for p in t.players if p.start_no not in away}
        pairing = engine.pair(t, r)
        _verify(pairing, present, r)
        if on_round is not None:
            on_round(t, r, pairing)
        t = play_round(t, pairing, plan.strengths, rng, o)
    pts = t.points
    scores = {p.start_no: p.score(pts, total) for p in t.players}
    order = sorted(scores, key=lambda n: (-scores[n], n))
    rank = {n: i for i, n in enumerate(order, 1)}
    return t.with_players(replace(p, stated_points=scores[p.start_no], rank=rank[p.start_no]) for p in t.players)


def tournament_before_round(tournament: Tournament, round_no: int) -> Tournament:
    """The state a generated (or any completed) tournament was in just before
    ``round_no`` was paired: what the system saw, and what ``check`` replays."""
    return before_round(tournament, round_no)
