"""What a pairing system sees when it pairs round R: each player's standing before
the round, derived from the model and never stored twice.

Rules implemented here (one place each, article in the docstring):

* presence in the round (C.04.2 3.2/3.3, TRF round column and record 240);
* the players of a round and their pairing numbers (C.04.2 Art. 2.4, late entries:
  :func:`entered`), which every system numbers, ranks and counts the field by;
* scores and pairing scores (C.04.3 1.2, C.04.7 acceleration);
* colour history, colour difference and colour preference (C.04.3 1.6, 1.7; GHR 3.4);
* float history (C.04.3 1.4);
* meetings (C.04.1 Art. 2, GHR 3.5) and PAB eligibility (C.04.1 Art. 4, C.04.3 [C2]);
* topscorers (C.04.3 1.8);
* the opponents' ratings and the rounds upfloated, which the Dubov system reads
  (C.04.4.1 1.7 ARO, 1.8 maximum upfloater; the rules themselves are the system's).
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate
from operator import attrgetter

from swissbridge.model import ABSENT, Acceleration, Colour, Entry, Forbidden, Player, Points, Result, Tournament


class Strength(enum.IntEnum):
    """Strength of a colour preference (C.04.3 1.7)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(enum.Enum):
    """The float a player received in one round (C.04.3 1.4)."""

    NONE = ""
    DOWN = "D"
    UP = "U"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's standing before the round being paired."""

    start_no: int
    tpn: int
    """Position among the entered players (see :func:`entered`); used for colour parity."""
    present: bool
    score: Points
    """Points after the completed rounds, for pairing purposes: real points, a game
    without a result counted as a draw (GHR 3.1); no virtual points."""
    pairing_score: Points
    """Score plus virtual points of the round being paired (C.04.7)."""
    colours: tuple[Colour, ...]
    """Colours of played games in round order, unplayed rounds squeezed out (GHR 3.4)."""
    floats: tuple[Float, ...]
    """Float received in each completed round, by schedule round (C.04.3 1.4)."""
    opponents: frozenset[int]
    """Players met over the board (C.04.1 Art. 2; forfeits are not meetings, GHR 3.5)."""
    pab_eligible: bool
    played_games: int
    unplayed_rounds: int
    topscorer: bool
    rating: int = 0
    preferred: Colour | None = None
    """The colour preference (C.04.3 1.7), computed once by :func:`build_state`."""
    strength: Strength = Strength.NONE
    colour_difference: int = 0
    """Games with White minus games with Black (C.04.3 1.6)."""
    opponents_rating: int = 0
    """The sum of the ratings of the opponents of the ``played_games`` games played
    over the board (what an average rating of opponents divides, C.04.4.1 1.7)."""
    upfloats: int = 0
    """The completed rounds in which the player floated up (:attr:`Float.UP`: an
    opponent of a higher pairing score, C.04.3 1.4; C.04.4.1 1.8 counts them)."""

    @property
    def preference(self) -> tuple[Colour | None, Strength]:
        """The colour preference and its strength (C.04.3 1.7)."""
        return self.preferred, self.strength

    def float_before(self, rounds_back: int) -> Float:
        """The float of round R - ``rounds_back`` (``Float.NONE`` before round 1)."""
        index = len(self.floats) - rounds_back
        return self.floats[index] if index >= 0 else Float.NONE


def _colour_step(colour: Colour) -> int:
    """What one played game adds to the colour difference (C.04.3 1.6)."""
    return 1 if colour is Colour.WHITE else -1


def colour_difference(colours: Sequence[Colour]) -> int:
    """C.04.3 1.6 (and the "three more games of one colour" of C.04.4.3 2.1/5.1):
    games played with White minus games played with Black."""
    return sum(map(_colour_step, colours))


def colour_preference(colours: Sequence[Colour], difference: int | None = None) -> tuple[Colour | None, Strength]:
    """C.04.3 1.7: the preference of a player with this played-colour history
    (``difference``: its :func:`colour_difference`, when the caller has it).

    1.7.1 absolute when |CD| > 1 (the colour played less), or the last two played
    games had the same colour (the other one); |CD| wins if the two disagree.
    1.7.2 strong when |CD| = 1; 1.7.3 mild when CD = 0, opposite of the last game;
    1.7.4 none before the first played game.
    """
    if not colours:
        return None, Strength.NONE
    cd = colour_difference(colours) if difference is None else difference
    if cd >= 2:
        return Colour.BLACK, Strength.ABSOLUTE
    if cd <= -2:
        return Colour.WHITE, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return colours[-1].opposite, Strength.ABSOLUTE
    if cd == 1:
        return Colour.BLACK, Strength.STRONG
    if cd == -1:
        return Colour.WHITE, Strength.STRONG
    return colours[-1].opposite, Strength.MILD


def receives_downfloat_unplayed(points: Points, loss: Points, entry: Entry) -> bool:
    """C.04.3 1.4.3: a PAB always gives a downfloat, and so does any unplayed round
    that scored more than a played loss (forfeit win, full- or half-point bye).
    1.4.4: nothing else (zero-point bye, absence, forfeit loss) gives a float."""
    return entry.result is Result.PAB or points > loss


def bars_pab(points: Points, win: Points, entry: Entry) -> bool:
    """C.04.1 Art. 4 / C.04.3 [C2]: a player who had a PAB, or scored in one round
    without playing as many points as a win, cannot receive the PAB."""
    return entry.result is Result.PAB or (not entry.played and points >= win)


@dataclass(frozen=True)
class RoundState:
    """The standings of every player before ``round_no`` is paired."""

    tournament: Tournament
    round_no: int
    players: dict[int, PlayerState]
    """Every player that has entered the tournament by this round (:func:`entered`), by start number."""
    absent: dict[int, Result]
    """Players not paired this round, with the entry they receive (GHR 3.3)."""
    forbidden: Forbidden
    """The pairs the organiser forbids in this round (records 260 and XXP), by group."""
    last_round: bool

    @property
    def present(self) -> list[PlayerState]:
        """The players to pair, in start-number order."""
        return [p for p in self.players.values() if p.present]

    def bars(self, p: PlayerState, n: int) -> bool:
        """C.04.3 [C1]: ``p`` may not meet start number ``n`` in this round: they have
        met over the board, or the organiser forbids the pair."""
        return n in p.opponents or self.forbidden.forbids(p.start_no, n)

    def barred(self, p: PlayerState) -> frozenset[int]:
        """The start numbers ``p`` may not meet in this round (:meth:`bars`), listed
        (in time the size of ``p``'s history and forbidden groups)."""
        return p.opponents | self.forbidden.partners(p.start_no)

    def restricting_colour(self, p: PlayerState, *, topscorers: bool = True) -> Colour | None:
        """C.04.3 [C3]: the absolute colour preference that keeps ``p`` from meeting a
        player with the same one; ``None`` when there is none, or in the last round
        for a topscorer (1.8), who may meet anybody on colours. ``topscorers=False``:
        a system without that exception (Dubov and Burstein [C3], C.04.4.1/2 2.1.3)."""
        pref, strength = p.preference
        if strength is Strength.ABSOLUTE and not (topscorers and self.last_round and p.topscorer):
            return pref
        return None

    def compatible(self, a: PlayerState, b: PlayerState, *, topscorers: bool = True) -> bool:
        """C.04.3 [C1] and [C3]: the two may meet in this round (:meth:`barred`,
        :meth:`restricting_colour`, with or without the topscorers' exception)."""
        if self.bars(a, b.start_no):
            return False
        colour = self.restricting_colour(a, topscorers=topscorers)
        return colour is None or colour is not self.restricting_colour(b, topscorers=topscorers)

    def compatibility(self, order: list[PlayerState], *, topscorers: bool = True) -> Compatibility:
        """:meth:`compatible` for the players of ``order``, addressed by position, in
        memory linear in the field: what is stored is the exception — the positions
        of the opponents each player has met and the forbidden groups it is in ([C1],
        :meth:`bars`), and its [C3] colour class (:meth:`restricting_colour`, with or
        without the topscorers' exception) — and compatibility is decided on demand."""
        pos = {p.start_no: i for i, p in enumerate(order)}
        met: list[set[int]] = [{i} for i in range(len(order))]
        for i, p in enumerate(order):  # [C1]: met
            for o in p.opponents:
                j = pos.get(o)
                if j is not None:
                    met[i].add(j)
                    met[j].add(i)
        groups = self.forbidden.groups  # [C1]: forbidden
        none: frozenset[int] = frozenset()
        members = tuple(frozenset(pos[n] for n in ms if n in pos) for ms in self.forbidden.members)
        colours = [self.restricting_colour(p, topscorers=topscorers) for p in order]  # [C3]
        return Compatibility(
            tuple(frozenset(b) for b in met),
            tuple(groups.get(p.start_no, none) for p in order),
            members,
            tuple(colours),
        )


@dataclass(frozen=True, slots=True)
class Compatibility:
    """[C1] and [C3] for the players of one round, by position in an order chosen by
    the caller (:meth:`RoundState.compatibility`). Stores only what keeps two players
    apart, so its size grows with the field, not with its square. (The rows of a
    group that a system's matchings walk are the system's business: the Dutch ones
    are ``swissbridge.plugins.dutch.graph``.)"""

    barred: tuple[frozenset[int], ...]
    """``barred[i]``: the positions of the opponents ``i`` has met ([C1]), ``i`` itself included."""
    groups: tuple[frozenset[int], ...]
    """``groups[i]``: the forbidden groups ``i`` is in ([C1], :class:`~swissbridge.model.Forbidden`);
    two players of one group may not meet."""
    members: tuple[frozenset[int], ...]
    """``members[g]``: the positions of the players of forbidden group ``g``."""
    colour: tuple[Colour | None, ...]
    """``colour[i]``: the absolute preference that keeps ``i`` from a player with the
    same one ([C3]), or ``None``."""

    def __len__(self) -> int:
        return len(self.colour)

    def bars(self, i: int, j: int) -> bool:
        """[C1]: ``i`` and ``j`` may not meet (they have met, or share a forbidden group)."""
        return j in self.barred[i] or not self.groups[i].isdisjoint(self.groups[j])

    def barring(self, i: int) -> frozenset[int]:
        """The positions ``i`` may not meet ([C1], :meth:`bars`), ``i`` itself included:
        listed in time the size of its forbidden groups."""
        mine = self.groups[i]
        if not mine:
            return self.barred[i]
        return self.barred[i].union(*(self.members[g] for g in mine))

    def ok(self, i: int, j: int) -> bool:
        """``i`` and ``j`` may meet in this round."""
        if self.bars(i, j):
            return False
        c = self.colour[i]
        return c is None or c is not self.colour[j]

    def among(self, i: int, group: Iterable[int]) -> list[int]:
        """The members of ``group`` (positions) that ``i`` may meet, in the order of ``group``."""
        bar = self.barring(i)
        c = self.colour[i]
        if c is None:
            return [j for j in group if j not in bar]
        colour = self.colour
        return [j for j in group if j not in bar and colour[j] is not c]


def absences(tournament: Tournament, round_no: int) -> dict[int, Result]:
    """C.04.2 3.2/3.3: who is not paired in ``round_no``. A player is absent when
    their line already carries an unpaired entry for that round (``0000 - H/F/Z``),
    or when a record 240 (or XXZ) announces a bye for them."""
    out: dict[int, Result] = {}
    for p in tournament.players:
        e = p.entry(round_no)
        if e is not None and not e.paired:
            out[p.start_no] = e.result
    for n, kind in tournament.announced(round_no).items():
        out.setdefault(n, kind.result)
    return out


_result = attrgetter("result")
_paired = attrgetter("paired")

NEVER = 1 << 62
"""A round no history reaches: the first round of something that never happened."""


@dataclass(frozen=True, slots=True)
class _Line:
    """One player's history over every round of their line (:meth:`Chronicle.line`)."""

    floats: tuple[Float, ...]
    """The float received in each round of the line (C.04.3 1.4)."""
    games: tuple[int, ...]
    """The rounds of the games played over the board, in order."""
    opponents: tuple[int, ...]
    """The opponent of each of those games."""
    ratings: tuple[int, ...]
    """The sum of those opponents' ratings over the first ``i`` games, ``i = 0..len(games)``."""
    upfloats: tuple[int, ...]
    """The number of :attr:`Float.UP` in the first ``i`` rounds of the line, ``i = 0..len(floats)``."""
    coloured: tuple[int, ...]
    """The rounds of the played games that have a colour, in order."""
    colours: tuple[Colour, ...]
    """The colour of each of those games."""
    differences: tuple[int, ...]
    """The colour difference after the first ``i`` of them, ``i = 0..len(colours)``."""
    barred_from: int
    """The first round that bars the player from the PAB (:func:`bars_pab`), or :data:`NEVER`."""
    points: tuple[Points, ...]
    """The points of each round of the line for pairing purposes (GHR 3.1), record 299's
    adjustments left out: what a player earned against each opponent (the
    Sonneborn-Berger kind of tie-break a system ranks by)."""
    zero_byes: tuple[int, ...]
    """The rounds of the line with a zero-point bye or an absence (``Z``, GHR 3.3)."""


class Chronicle:
    """Every player's history round by round, worked out once per tournament (each
    player when first asked) and read by the state of each of its rounds
    (:func:`build_state`). The state of round R reads a prefix of each history (rounds
    ``1..R-1``), so ``check``, which replays every round, reads one chronicle instead of
    going through every history again in each round (issue 27): a replay
    (:func:`swissbridge.rules.history.before_round`) is given the chronicle of the tournament
    it comes from (:func:`keep_chronicle`).

    ``pad_to``: a line that stops before that round reads as absent (``0000 - Z``) in the
    rounds it lacks, as :func:`~swissbridge.rules.history.before_round` writes the completed
    rounds of a replay. ``horizon``: the last round whose state it gives (a replay's
    rounds from its own on are not its source's)."""

    __slots__ = ("_by_number", "_first_paired", "_lines", "_pending", "_scores", "_tournament", "horizon", "pad_to")

    def __init__(self, tournament: Tournament, *, pad_to: int = 0) -> None:
        self._tournament = tournament
        self._by_number = {p.start_no: p for p in tournament.players}
        self.pad_to = pad_to
        self.horizon = NEVER
        self._scores: dict[int, list[Points]] = {}
        self._lines: dict[int, _Line] = {}
        self._first_paired: dict[int, int] = {}
        self._pending: list[int] = []
        """:meth:`first_unfinished` once known (a list, shared with :meth:`until`'s views)."""

    @property
    def source(self) -> Tournament:
        """The tournament it was worked out from."""
        return self._tournament

    def until(self, round_no: int) -> Chronicle:
        """The same chronicle (what it has worked out shared), giving the states of
        rounds up to ``round_no`` only."""
        view = Chronicle.__new__(Chronicle)
        for name in Chronicle.__slots__:
            setattr(view, name, getattr(self, name))
        view.horizon = min(self.horizon, round_no)
        return view

    def _entries(self, n: int) -> tuple[Entry, ...]:
        entries = self._by_number[n].entries
        if len(entries) < self.pad_to:
            return entries + (ABSENT,) * (self.pad_to - len(entries))
        return entries

    def score_after(self, n: int, rounds: int) -> Points:
        """Player ``n``'s points of rounds ``1..rounds`` for pairing purposes (GHR 3.1:
        :meth:`~swissbridge.model.PointSystem.pairing_points`), record 299's
        adjustments included; rounds beyond the player's line add nothing but those."""
        seq = self._scores.get(n)
        p = self._by_number[n]
        if seq is None:
            pts = self._tournament.points
            entries = self._entries(n)
            if not p.adjustments:  # one pass at the speed of the interpreter's own loops
                seq = list(accumulate(pts.pairing_points_each(map(_result, entries)), initial=0))
            else:
                running = 0
                seq = [0]
                for k, e in enumerate(entries, 1):
                    running += pts.pairing_points(e.result) + p.adjustment_in(k)
                    seq.append(running)
            self._scores[n] = seq
        if rounds < len(seq):
            return seq[rounds]
        return seq[-1] + sum(p.adjustment_in(k) for k in range(len(seq), rounds + 1))

    def score_when_paired(self, n: int, round_no: int) -> Points:
        """Player ``n``'s pairing score when ``round_no`` is paired: the points of the
        rounds before it (:meth:`score_after`) and its virtual points (C.04.7)."""
        return self.score_after(n, round_no - 1) + self._tournament.virtual_points(n, round_no)

    def paired_before(self, n: int, round_no: int) -> bool:
        """Player ``n`` was paired (an opponent or the PAB, :attr:`Entry.paired`) in a
        round before ``round_no``."""
        first = self._first_paired.get(n)
        if first is None:
            paired = list(map(_paired, self._entries(n)))
            first = self._first_paired[n] = paired.index(True) + 1 if True in paired else NEVER
        return first < round_no

    def first_unfinished(self) -> int:
        """The first round with a game without a result (:attr:`Result.PENDING`), or :data:`NEVER`."""
        if not self._pending:
            first = NEVER
            for p in self._tournament.players:
                results = list(map(_result, p.entries[: first - 1]))
                if Result.PENDING in results:
                    first = results.index(Result.PENDING) + 1
            self._pending.append(first)
        return self._pending[0]

    def line(self, n: int) -> _Line:
        """Player ``n``'s colours, floats, games and PAB bar over every round of their line."""
        line = self._lines.get(n)
        if line is None:
            line = self._lines[n] = self._work_out(n)
        return line

    def _work_out(self, n: int) -> _Line:
        pts = self._tournament.points
        floats: list[Float] = []
        games: list[int] = []
        opponents: list[int] = []
        coloured: list[int] = []
        colours: list[Colour] = []
        points: list[Points] = []
        zero_byes: list[int] = []
        barred = NEVER
        for k, e in enumerate(self._entries(n), 1):
            got = pts.pairing_points(e.result)
            points.append(got)
            if e.result is Result.ZERO_BYE:
                zero_byes.append(k)
            if e.played and e.opponent is not None:
                games.append(k)
                opponents.append(e.opponent)
                if e.colour is not None:
                    coloured.append(k)
                    colours.append(e.colour)
                mine, theirs = self.score_when_paired(n, k), self.score_when_paired(e.opponent, k)
                floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE)
            else:
                floats.append(Float.DOWN if receives_downfloat_unplayed(got, pts.loss, e) else Float.NONE)
            if barred == NEVER and bars_pab(got, pts.win, e):
                barred = k
        rating = {o: self._by_number[o].rating for o in set(opponents) if o in self._by_number}
        return _Line(
            floats=tuple(floats),
            games=tuple(games),
            opponents=tuple(opponents),
            ratings=tuple(accumulate((rating.get(o, 0) for o in opponents), initial=0)),
            upfloats=tuple(accumulate((f is Float.UP for f in floats), initial=0)),
            coloured=tuple(coloured),
            colours=tuple(colours),
            differences=tuple(accumulate(map(_colour_step, colours), initial=0)),
            barred_from=barred,
            points=tuple(points),
            zero_byes=tuple(zero_byes),
        )


_KEPT = "state.chronicle"
_PADDED = "state.chronicle padded"


def chronicle(tournament: Tournament, round_no: int) -> Chronicle:
    """The chronicle that gives ``tournament``'s state before ``round_no``: the one kept
    in its memo, else one worked out now (and kept)."""
    kept = tournament.memo.get(_KEPT)
    if isinstance(kept, Chronicle) and round_no <= kept.horizon:
        return kept
    made = Chronicle(tournament)
    tournament.memo[_KEPT] = made
    return made


def keep_chronicle(source: Tournament, replay: Tournament, round_no: int, *, padded: bool) -> None:
    """Give ``replay``, which is ``source`` just before ``round_no`` (the rounds before it
    as ``source`` has them; with ``padded``, a line that stops early absent in the rounds
    it lacks), the chronicle of ``source`` for the states of rounds up to ``round_no``."""
    kept: Chronicle | None = None
    if padded and any(len(p.entries) < round_no - 1 for p in source.players):
        found = source.memo.get(_PADDED)
        kept = found if isinstance(found, Chronicle) and found.pad_to >= round_no - 1 else None
        if kept is None:
            kept = source.memo[_PADDED] = Chronicle(source, pad_to=max(source.rounds_in_file, round_no - 1))
    replay.memo[_KEPT] = (kept or chronicle(source, round_no)).until(round_no)


_ACCELERATED = "state.chronicles accelerated"


def with_acceleration(tournament: Tournament, acceleration: tuple[Acceleration, ...]) -> Tournament:
    """``tournament`` with the virtual points (C.04.7) ``acceleration`` gives instead of
    its own (a system's own acceleration, as the Dutch Baku one). A replay keeps reading
    the histories its source worked out once (:func:`keep_chronicle`): those of the source
    with the same acceleration, kept with the source."""
    out = replace(tournament, acceleration=acceleration)
    kept = tournament.memo.get(_KEPT)
    if isinstance(kept, Chronicle) and kept.horizon != NEVER:
        source = kept.source
        found = source.memo.get(_ACCELERATED)
        if not isinstance(found, dict):
            found = source.memo[_ACCELERATED] = {}
        key = (acceleration, kept.pad_to)
        made = found.get(key)
        if not isinstance(made, Chronicle):
            made = found[key] = Chronicle(replace(source, acceleration=acceleration), pad_to=kept.pad_to)
        out.memo[_KEPT] = made.until(kept.horizon)
    return out


def scores_when_paired(tournament: Tournament, round_no: int) -> dict[int, Points]:
    """Every player's pairing score when ``round_no`` was paired (real points of
    rounds ``1..round_no-1``, GHR 3.1, plus that round's virtual points, C.04.7):
    what the floats of that round compare (C.04.3 1.4.2, C.04.4.3 3.10)."""
    chron = chronicle(tournament, round_no)
    return {p.start_no: chron.score_when_paired(p.start_no, round_no) for p in tournament.players}


def entered(tournament: Tournament, round_no: int) -> list[Player]:
    """The players who have entered ``tournament`` by ``round_no``, in start-number order:
    their positions, from 1, are their pairing numbers (TPN) in that round.

    C.04.2 (2026) Art. 2.4: a late entry "is given an appropriate TPN and paired only when
    they actually arrive". A player is entered when present in ``round_no`` or paired (an
    opponent, a forfeit, the PAB) in a round before it; one absent now who has never been
    paired has not arrived: no TPN, not counted, not ranked (the reference engine's reading,
    ``../shared/spec/dutch-reference.md`` §1.3). So a round replays with the numbers and the
    field it was paired with, whoever entered after it (a late entry that renumbers the
    players, :func:`swissbridge.event.players.add_player`). The one rule for every system:
    a system numbers (colour parity), ranks and counts the players of a round by this list
    (:attr:`RoundState.players`), never by ``tournament.players``."""
    return _entered(tournament, round_no, absences(tournament, round_no), chronicle(tournament, round_no))


def _entered(tournament: Tournament, round_no: int, absent: dict[int, Result], chron: Chronicle) -> list[Player]:
    return [p for p in tournament.players if p.start_no not in absent or chron.paired_before(p.start_no, round_no)]


def build_state(tournament: Tournament, round_no: int | None = None) -> RoundState:
    """The state before ``round_no`` (default: the next round to pair), taking the
    history of rounds ``1..round_no - 1`` only (read from the tournament's
    :class:`Chronicle`)."""
    r = tournament.next_round if round_no is None else round_no
    if r < 1:
        raise ValueError("rounds are numbered from 1")
    done = r - 1
    pts = tournament.points
    absent = absences(tournament, r)
    last_round = tournament.total_rounds is not None and r == tournament.total_rounds
    chron = chronicle(tournament, r)

    players = _entered(tournament, r, absent, chron)  # and their TPN, :func:`entered`

    maximum = done * pts.max_per_game
    states: dict[int, PlayerState] = {}
    for tpn, p in enumerate(players, 1):
        n = p.start_no
        line = chron.line(n)
        i = bisect_left(line.coloured, r)
        colours = line.colours[:i]
        floats = line.floats[:done]
        if len(floats) < done:  # rounds beyond the player's line: no float
            floats += (Float.NONE,) * (done - len(floats))
        played = bisect_left(line.games, r)
        preferred, strength = colour_preference(colours, line.differences[i])
        score = chron.score_after(n, done)
        pscore = score + tournament.virtual_points(n, r)
        states[n] = PlayerState(
            start_no=n,
            tpn=tpn,
            present=n not in absent,
            score=score,
            pairing_score=pscore,
            colours=colours,
            floats=floats,
            opponents=frozenset(line.opponents[:played]),
            pab_eligible=line.barred_from > done,
            played_games=played,
            unplayed_rounds=done - played,
            topscorer=last_round and 2 * pscore > maximum,
            rating=p.rating,
            preferred=preferred,
            strength=strength,
            colour_difference=line.differences[i],
            opponents_rating=line.ratings[played],
            upfloats=line.upfloats[min(done, len(line.floats))],
        )
    return RoundState(
        tournament=tournament,
        round_no=r,
        players=states,
        absent=absent,
        forbidden=tournament.forbidden_in(r),
        last_round=last_round,
    )
