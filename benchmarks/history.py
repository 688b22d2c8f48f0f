"""Legal tournament histories of any size, without the engine under test.

The benchmark pairs round 5 of a 9-round tournament of up to ten thousand players.
The four rounds before it must be a valid state (no rematch, colour differences
within ±2, never three games in a row with the same colour, at most one PAB per
player), but they need not follow any pairing system: they are only the input.
So they are built here by a simple, fast Swiss-like pairer that knows nothing of
the Dutch rules' optimisation: score groups top half against bottom half, the
first compatible opponent, a small backtracking repair when the lowest players
are left over. It runs in about linear time, so generating a 10000-player file
does not depend on how fast (or whether) the engine being measured works.

The field, byes, absences, late entries, withdrawals and the game results come from
:mod:`swissbridge.commands.generate` (``plan_tournament`` and ``play_round``): an Elo model
with White's advantage, draws, forfeits, half-point byes. Everything random comes
from the seed, so the same arguments give the same file on any machine.

Besides that typical open, :data:`HARD_KINDS` describes the states that are hard
for an exact engine (issue 19): results that ignore the ratings (every scoregroup
then spans the whole rating range), an odd number of games played (most players
with a strong colour preference), late rounds, many forfeits and byes, an odd
number of players present, and Baku acceleration; and round 1 (issue 20: one
bracket of the whole field, top half against bottom half, which must take no more
than a couple of seconds at any size).
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass, field, replace

from swissbridge.commands.generate import GenerateOptions, plan_tournament, play_round
from swissbridge.model import ABSENT, Colour, Result, Tournament
from swissbridge.pairing import Board, RoundPairing

WHITE, BLACK = Colour.WHITE, Colour.BLACK

BENCH_OPTIONS = GenerateOptions(
    draw_rate=0.35,
    forfeit_rate=0.02,
    half_bye_rate=0.02,
    full_bye_rate=0.0,
    absence_rate=0.01,
    late_entry_rate=0.02,
    withdrawal_rate=0.03,
    announce_byes=False,
)
"""A typical open: some forfeits, half-point byes, absences, late entries and
withdrawals. Byes stay in the round columns (``0000 - H``), never record 240, so
that every engine reads the round to be paired the same way."""


HEAVY_ABSENCES = replace(
    BENCH_OPTIONS,
    forfeit_rate=0.12,
    half_bye_rate=0.06,
    full_bye_rate=0.01,
    absence_rate=0.04,
    late_entry_rate=0.06,
    withdrawal_rate=0.06,
)
"""Many forfeits (one game in eight), byes, absences, late entries and withdrawals."""


@dataclass(frozen=True)
class Kind:
    """One kind of benchmark state: which round of how many, how results are drawn."""

    key: str
    """Stable name, part of the workload key (``dutch-coin-r5-3000``)."""
    label: str
    played_rounds: int
    total_rounds: int
    rating_free: bool = True
    """Every game a coin flip (with White's small edge and draws), whatever the ratings."""
    odd_field: bool = False
    """An odd number of players present in the round to pair (one gets the PAB)."""
    options: GenerateOptions = BENCH_OPTIONS
    targets: tuple[tuple[int, float], ...] = ()
    """Time budgets (players, seconds) of this kind where they differ from issue 19's."""

    def build(self, players: int, seed: int) -> Tournament:
        """The state of this kind for ``players`` players (see :func:`build_tournament`)."""
        return build_tournament(
            players,
            self.played_rounds,
            self.total_rounds,
            seed,
            options=self.options,
            rating_free=self.rating_free,
            odd_field=True if self.odd_field else None,
        )


HARD_KINDS: tuple[Kind, ...] = (
    Kind("coin-r5", "results ignore ratings, round 5/9", 4, 9),
    Kind("coin-r4", "results ignore ratings, round 4/9 (odd games: strong colour preferences)", 3, 9),
    Kind("late", "results ignore ratings, round 9/11", 8, 11),
    Kind("forfeits", "results ignore ratings, many forfeits and byes, round 5/9", 4, 9, options=HEAVY_ABSENCES),
    Kind("odd", "results ignore ratings, odd field (PAB), round 4/9", 3, 9, odd_field=True),
    Kind(
        "baku",
        "results ignore ratings, Baku acceleration, round 4/9",
        3,
        9,
        options=replace(BENCH_OPTIONS, accelerate=True),
    ),
    Kind("round1", "round 1 (nobody has played: one bracket)", 0, 9, rating_free=False, targets=((9999, 2.0),)),
)
"""The states of issue 19, each reproducible from its seed at any size."""


class HistoryFailed(RuntimeError):
    """The simple pairer could not complete a round (practically only for tiny fields)."""


@dataclass
class _Record:
    """What the history pairer needs to know of one player."""

    colours: list[Colour] = field(default_factory=list)
    """Colours of the games played over the board, in order."""
    met: set[int] = field(default_factory=set)
    had_bye: bool = False
    """Received the PAB or a point without playing (forfeit win, full-point bye)."""

    @property
    def difference(self) -> int:
        return sum(1 if c is WHITE else -1 for c in self.colours)

    def may_get(self, colour: Colour) -> bool:
        """The absolute colour rules: difference within ±2, no three in a row."""
        d = self.difference + (1 if colour is WHITE else -1)
        if not -2 <= d <= 2:
            return False
        return not (len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour)

    def wants(self) -> Colour | None:
        d = self.difference
        if d < 0:
            return WHITE
        if d > 0:
            return BLACK
        if self.colours:
            return self.colours[-1].opposite
        return None


def _records(t: Tournament, rounds: int) -> dict[int, _Record]:
    out: dict[int, _Record] = {}
    for p in t.players:
        rec = _Record()
        for e in p.entries[:rounds]:
            if e.opponent is not None:
                rec.met.add(e.opponent)
            if e.played and e.colour is not None:
                rec.colours.append(e.colour)
            if e.result in (Result.PAB, Result.FULL_BYE) or (e.result is Result.FORFEIT_WIN):
                rec.had_bye = True
        out[p.start_no] = rec
    return out


def _colours(a: int, b: int, recs: dict[int, _Record], board: int, first: Colour) -> Colour | None:
    """White for ``a`` or Black for ``a`` (the higher-placed player), or ``None``
    when the two may not meet."""
    ra, rb = recs[a], recs[b]
    if b in ra.met:
        return None
    options = [c for c in (WHITE, BLACK) if ra.may_get(c) and rb.may_get(c.opposite)]
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    wa, wb = ra.wants(), rb.wants()
    if wa is not None and wa != wb:
        return wa
    if wb is not None and wa is None:
        return wb.opposite
    if wa is not None:  # same wish: the higher-placed player gets it
        return wa
    return first if board % 2 == 1 else first.opposite


def _repair(pool: list[int], recs: dict[int, _Record], budget: int) -> list[tuple[int, int]] | None:
    """A perfect matching of ``pool`` (backtracking, at most ``budget`` steps)."""
    steps = 0

    def solve(rest: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not rest:
            return []
        steps += 1
        if steps > budget:
            return None
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            if _colours(a, b, recs, 1, WHITE) is None:
                continue
            found = solve(rest[1:i] + rest[i + 1 :])
            if found is not None:
                return [(a, b), *found]
        return None

    return solve(pool)


def pair_history_round(t: Tournament, round_no: int, rng: random.Random) -> RoundPairing:
    """A legal pairing of ``round_no`` (not a Dutch one): the present players by
    score, each score group's top half against its bottom half."""
    recs = _records(t, round_no - 1)
    first = t.initial_colour or WHITE
    present = [p for p in t.players if p.entry(round_no) is None]
    score = {p.start_no: p.score(t.points, round_no - 1) for p in present}
    order = sorted(score, key=lambda n: (-score[n], n))
    bye: int | None = None
    if len(order) % 2:
        eligible = [n for n in reversed(order) if not recs[n].had_bye]
        bye = eligible[0] if eligible else order[-1]
        order.remove(bye)
    pairs: list[tuple[int, int]] = []
    carry: list[int] = []
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and score[order[j]] == score[order[i]]:
            j += 1
        pool = carry + order[i:j]
        i = j
        half = len(pool) // 2
        top, bottom = pool[:half], pool[half:]
        used: set[int] = set()
        left: list[int] = []
        for k, a in enumerate(top):
            partner = None
            for m in range(len(bottom)):
                b = bottom[(k + m) % len(bottom)]
                if b not in used and _colours(a, b, recs, 1, first) is not None:
                    partner = b
                    break
            if partner is None:
                left.append(a)
            else:
                used.add(partner)
                pairs.append((a, partner))
        rank = {n: x for x, n in enumerate(pool)}
        carry = sorted(left + [b for b in bottom if b not in used], key=rank.__getitem__)
    undo = 2
    while carry:
        if undo > len(pairs) * 2:
            raise HistoryFailed(f"round {round_no}: could not pair {carry}")
        undo *= 2
        kept, loose = pairs[:-undo], pairs[-undo:]
        pool = sorted(carry + [n for pr in loose for n in pr], key=lambda n: (-score[n], n))
        found = _repair(pool, recs, budget=20_000)
        if found is not None:
            pairs, carry = kept + found, []
    pairs.sort(key=lambda pr: (-max(score[pr[0]], score[pr[1]]), min(pr)))
    boards = []
    for board, (a, b) in enumerate(pairs, 1):
        colour = _colours(a, b, recs, board, first)
        assert colour is not None
        boards.append(Board(a, b) if colour is WHITE else Board(b, a))
    return RoundPairing(round_no=round_no, boards=tuple(boards), bye=bye, system="history")


def build_tournament(
    players: int,
    played_rounds: int = 4,
    total_rounds: int = 9,
    seed: int = 1,
    system: str = "dutch",
    options: GenerateOptions = BENCH_OPTIONS,
    *,
    rating_free: bool = False,
    odd_field: bool | None = None,
) -> Tournament:
    """A ``total_rounds``-round tournament of ``players`` players after
    ``played_rounds`` rounds, with the absences of the next round in its column:
    the state in which the next round is paired. Ranks are the standings (score,
    then start number): some engines refuse a player line without one.

    ``rating_free``: every game is played between equals (the results ignore the
    ratings). ``odd_field``: one more player (drawn from the seed) is absent from
    the next round when needed to make the number present odd (``True``) or even
    (``False``)."""
    plan = plan_tournament(players, total_rounds, system, seed, options)
    rng = random.Random(seed * 7919 + players)
    strengths = {n: 2000 for n in plan.strengths} if rating_free else plan.strengths
    t = plan.tournament
    for r in range(1, played_rounds + 1):
        away = plan.absences[r]
        if away:
            t = t.with_round(r, away)
        pairing = pair_history_round(t, r, rng)
        t = play_round(t, pairing, strengths, rng, options)
    nxt = played_rounds + 1
    away = dict(plan.absences[nxt]) if nxt <= total_rounds else {}
    present = [p.start_no for p in t.players if p.start_no not in away and p.entry(nxt) is None]
    if odd_field is not None and len(present) % 2 != odd_field and len(present) > 2:
        away[rng.choice(present)] = ABSENT
    if away:
        t = t.with_round(nxt, away)
    scores = {p.start_no: p.score(t.points, len(p.entries)) for p in t.players}
    order = sorted(scores, key=lambda n: (-scores[n], n))
    rank = {n: i for i, n in enumerate(order, 1)}
    return t.with_players(
        replace(p, name=ascii_name(p.name), stated_points=None, rank=rank[p.start_no]) for p in t.players
    )


def ascii_name(name: str) -> str:
    """The name without accents (``Weiß, Zoë`` → ``Weiss, Zoe``): TRF columns are
    counted in characters by some readers and in bytes by others, so the benchmark
    files keep to ASCII and every engine reads the same columns."""
    folded = name.replace("ß", "ss").replace("Ø", "O").replace("ø", "o").replace("ł", "l").replace("Ł", "L")
    return unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode("ascii")


def verify_history(t: Tournament, rounds: int) -> list[str]:
    """Problems of the first ``rounds`` rounds as pairing input: rematches, colour
    differences beyond ±2, three colours in a row, two PABs, unmirrored entries."""
    problems: list[str] = []
    by_no = {p.start_no: p for p in t.players}
    for p in t.players:
        colours: list[Colour] = []
        seen: set[int] = set()
        pabs = 0
        for r, e in enumerate(p.entries[:rounds], 1):
            if e.result is Result.PAB:
                pabs += 1
            if e.opponent is None:
                continue
            mirror = by_no.get(e.opponent)
            other = mirror.entry(r) if mirror is not None else None
            if other is None or other.opponent != p.start_no:
                problems.append(f"{p.start_no} r{r}: opponent {e.opponent} does not mirror")
            if e.opponent in seen:
                problems.append(f"{p.start_no} r{r}: meets {e.opponent} again")
            seen.add(e.opponent)
            if e.played and e.colour is not None:
                colours.append(e.colour)
                d = sum(1 if c is WHITE else -1 for c in colours)
                if abs(d) > 2:
                    problems.append(f"{p.start_no} r{r}: colour difference {d}")
                if len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]:
                    problems.append(f"{p.start_no} r{r}: three {colours[-1]} in a row")
        if pabs > 1:
            problems.append(f"{p.start_no}: {pabs} PABs")
    return problems
