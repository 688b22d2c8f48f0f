"""What a pairing system sees when it pairs round R: each player's standing before
the round, derived from the model and never stored twice.

Rules implemented here (one place each, article in the docstring):

* presence in the round (C.04.2 3.2/3.3, TRF round column and record 240);
* TPN for colour parity (GHR Art. 2, late entries);
* scores and pairing scores (C.04.3 1.2, C.04.7 acceleration);
* colour history, colour difference and colour preference (C.04.3 1.6, 1.7; GHR 3.4);
* float history (C.04.3 1.4);
* meetings (C.04.1 Art. 2, GHR 3.5) and PAB eligibility (C.04.1 Art. 4, C.04.3 [C2]);
* topscorers (C.04.3 1.8).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from operator import attrgetter

from swissbridge.model import Colour, Entry, Points, Result, Tournament, any_paired


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

    @property
    def preference(self) -> tuple[Colour | None, Strength]:
        """The colour preference and its strength (C.04.3 1.7)."""
        return self.preferred, self.strength

    def float_before(self, rounds_back: int) -> Float:
        """The float of round R - ``rounds_back`` (``Float.NONE`` before round 1)."""
        index = len(self.floats) - rounds_back
        return self.floats[index] if index >= 0 else Float.NONE


def colour_difference(colours: Sequence[Colour]) -> int:
    """C.04.3 1.6 (and the "three more games of one colour" of C.04.4.3 2.1/5.1):
    games played with White minus games played with Black."""
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, Strength]:
    """C.04.3 1.7: the preference of a player with this played-colour history.

    1.7.1 absolute when |CD| > 1 (the colour played less), or the last two played
    games had the same colour (the other one); |CD| wins if the two disagree.
    1.7.2 strong when |CD| = 1; 1.7.3 mild when CD = 0, opposite of the last game;
    1.7.4 none before the first played game.
    """
    if not colours:
        return None, Strength.NONE
    cd = colour_difference(colours)
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
    """Every player that has entered the tournament, by start number."""
    absent: dict[int, Result]
    """Players not paired this round, with the entry they receive (GHR 3.3)."""
    forbidden: frozenset[frozenset[int]]
    last_round: bool

    @property
    def present(self) -> list[PlayerState]:
        """The players to pair, in start-number order."""
        return [p for p in self.players.values() if p.present]

    @cached_property
    def _forbidden_partners(self) -> dict[int, frozenset[int]]:
        partners: dict[int, set[int]] = {}
        for pair in self.forbidden:
            if len(pair) == 2:
                a, b = pair
                partners.setdefault(a, set()).add(b)
                partners.setdefault(b, set()).add(a)
        return {n: frozenset(ps) for n, ps in partners.items()}

    def barred(self, p: PlayerState) -> frozenset[int]:
        """C.04.3 [C1]: the start numbers ``p`` may not meet in this round: the
        opponents met over the board and the partners the organiser forbids."""
        return p.opponents | self._forbidden_partners.get(p.start_no, frozenset())

    def restricting_colour(self, p: PlayerState) -> Colour | None:
        """C.04.3 [C3]: the absolute colour preference that keeps ``p`` from meeting a
        player with the same one; ``None`` when there is none, or in the last round
        for a topscorer (1.8), who may meet anybody on colours."""
        pref, strength = p.preference
        if strength is Strength.ABSOLUTE and not (self.last_round and p.topscorer):
            return pref
        return None

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """C.04.3 [C1] and [C3]: the two may meet in this round (:meth:`barred`,
        :meth:`restricting_colour`)."""
        if b.start_no in self.barred(a):
            return False
        colour = self.restricting_colour(a)
        return colour is None or colour is not self.restricting_colour(b)

    def compatibility(self, order: list[PlayerState]) -> Compatibility:
        """:meth:`compatible` for the players of ``order``, addressed by position, in
        memory linear in the field: what is stored is the exception — the positions
        each player is barred from ([C1], :meth:`barred`) and its [C3] colour class
        (:meth:`restricting_colour`) — and compatibility is decided on demand."""
        pos = {p.start_no: i for i, p in enumerate(order)}
        banned: list[set[int]] = [{i} for i in range(len(order))]
        for i, p in enumerate(order):  # [C1]
            for o in self.barred(p):
                j = pos.get(o)
                if j is not None:
                    banned[i].add(j)
                    banned[j].add(i)
        colours = [self.restricting_colour(p) for p in order]  # [C3]
        return Compatibility(tuple(frozenset(b) for b in banned), tuple(colours))


@dataclass(frozen=True, slots=True)
class Compatibility:
    """[C1] and [C3] for the players of one round, by position in an order chosen by
    the caller (:meth:`RoundState.compatibility`). Stores only what keeps two players
    apart, so its size grows with the field, not with its square. (The rows of a
    group that a system's matchings walk are the system's business: the Dutch ones
    are ``swissbridge.plugins.dutch.graph``.)"""

    barred: tuple[frozenset[int], ...]
    """``barred[i]``: the positions ``i`` may not meet ([C1]), ``i`` itself included."""
    colour: tuple[Colour | None, ...]
    """``colour[i]``: the absolute preference that keeps ``i`` from a player with the
    same one ([C3]), or ``None``."""

    def __len__(self) -> int:
        return len(self.colour)

    def ok(self, i: int, j: int) -> bool:
        """``i`` and ``j`` may meet in this round."""
        if j in self.barred[i]:
            return False
        c = self.colour[i]
        return c is None or c is not self.colour[j]

    def among(self, i: int, group: Iterable[int]) -> list[int]:
        """The members of ``group`` (positions) that ``i`` may meet, in the order of ``group``."""
        bar = self.barred[i]
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


def build_state(tournament: Tournament, round_no: int | None = None) -> RoundState:
    """The state before ``round_no`` (default: the next round to pair), taking the
    history of rounds ``1..round_no - 1`` only."""
    r = tournament.next_round if round_no is None else round_no
    if r < 1:
        raise ValueError("rounds are numbered from 1")
    done = r - 1
    pts = tournament.points
    absent = absences(tournament, r)
    last_round = tournament.total_rounds is not None and r == tournament.total_rounds

    # Scores before each round, needed for the float of each played game (1.4.2):
    # worked out for the entered players and their opponents only, when first asked.
    by_number = {p.start_no: p for p in tournament.players}
    scores_before: dict[int, list[Points]] = {}

    def scores(n: int) -> list[Points]:
        """Pairing score of player ``n`` before each round ``1..done + 1``."""
        if n in scores_before:
            return scores_before[n]
        p = by_number[n]
        if not p.adjustments:  # one pass at the speed of the interpreter's own loops
            seq = list(accumulate(pts.pairing_points_each(map(_result, p.entries[:done])), initial=0))
            seq += [seq[-1]] * (done + 1 - len(seq))  # rounds beyond the player's line add nothing
        else:
            running = 0
            seq = [0]
            for k in range(done):
                e = p.entries[k] if k < len(p.entries) else None
                if e is not None:
                    running += pts.pairing_points(e.result)
                running += p.adjustment_in(k + 1)  # record 299 penalties and bonuses
                seq.append(running)
        scores_before[n] = seq
        return seq

    def pairing_score_before(n: int, k: int) -> Points:
        """Pairing score before round k (1-based) as used for round k's floats."""
        return scores(n)[k - 1] + tournament.virtual_points(n, k)

    # Entered players and their TPN (GHR Art. 2.4: a late entry gets a TPN when it joins).
    entered: list[int] = []
    for p in tournament.players:
        if p.start_no not in absent or any_paired(p.entries[:done]):
            entered.append(p.start_no)
    tpn = {n: i + 1 for i, n in enumerate(entered)}

    maximum = done * pts.max_per_game
    states: dict[int, PlayerState] = {}
    for p in tournament.players:
        n = p.start_no
        if n not in tpn:
            continue
        colours: list[Colour] = []
        floats: list[Float] = []
        opponents: set[int] = set()
        eligible = True
        played = 0
        for k in range(1, done + 1):
            e = p.entry(k)
            if e is None:
                floats.append(Float.NONE)
                continue
            got = pts.pairing_points(e.result)
            if e.played and e.opponent is not None:
                played += 1
                if e.colour is not None:
                    colours.append(e.colour)
                opponents.add(e.opponent)
                mine, theirs = pairing_score_before(n, k), pairing_score_before(e.opponent, k)
                floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE)
            else:
                floats.append(Float.DOWN if receives_downfloat_unplayed(got, pts.loss, e) else Float.NONE)
            if bars_pab(got, pts.win, e):
                eligible = False
        score = scores(n)[done]
        preferred, strength = colour_preference(tuple(colours))
        pscore = score + tournament.virtual_points(n, r)
        states[n] = PlayerState(
            start_no=n,
            tpn=tpn[n],
            present=n not in absent,
            score=score,
            pairing_score=pscore,
            colours=tuple(colours),
            floats=tuple(floats),
            opponents=frozenset(opponents),
            pab_eligible=eligible,
            played_games=played,
            unplayed_rounds=done - played,
            topscorer=last_round and 2 * pscore > maximum,
            rating=p.rating,
            preferred=preferred,
            strength=strength,
            colour_difference=colour_difference(colours),
        )
    return RoundState(
        tournament=tournament,
        round_no=r,
        players=states,
        absent=absent,
        forbidden=frozenset(tournament.forbidden_pairs(r)),
        last_round=last_round,
    )
