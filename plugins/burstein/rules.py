"""The definitions of C.04.4.2 (Burstein, 2026) Article 1 that the pairing reads,
one place each: the seeding rounds (1.6), the opposition Index (1.7), the ranking
order (1.8), and the round's players as the text sees them (scores 1.2, colour
preferences 1.5, the absolute criteria [C1]-[C3] of 2.1).

The Index of every player is worked out once per round from the tournament's
history (:func:`swissbridge.state.chronicle`, which every state of the tournament
shares) and kept in the tournament's memo: a bracket only reads it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from swissbridge.errors import InputError
from swissbridge.model import Colour, Points, Tournament
from swissbridge.plugins.c0404 import Graph, Variant, preference
from swissbridge.state import Chronicle, PlayerState, RoundState, build_state, chronicle

VARIANT = Variant("C.04.4.2", None, "the lowest ranking of 1.8")
"""What the Burstein text says of the rules it shares with Dubov (``plugins/c0404.py``):
a player without a game has no colour preference (1.5.4); the PAB's last tie-break is
the ranking of 1.8 (3.1.5)."""

SEEDING_MAX = 4
"""1.6.2: at most four seeding rounds."""


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: half the number of rounds of the tournament (rounded down), or four,
    whichever is lower."""
    return min(total_rounds // 2, SEEDING_MAX)


def is_seeding_round(tournament: Tournament, round_no: int) -> bool:
    """1.6.1: ``round_no`` is a seeding round, paired by the FIDE (Dutch) System. The
    number of rounds (record 142) is needed to know it."""
    if tournament.total_rounds is None:
        raise InputError(
            "the Burstein system needs the number of rounds to know its seeding rounds "
            "(C.04.4.2 1.6.2): give it in record 142 (or XXR), or with --rounds"
        )
    return round_no <= seeding_rounds(tournament.total_rounds)


@dataclass(frozen=True, slots=True, order=True)
class Index:
    """1.8.1: the opposition Index, Buchholz then Sonneborn-Berger (1.7.1), higher
    first. ``buchholz`` is in tenths of a point, ``sonneborn`` in hundredths."""

    buchholz: int
    sonneborn: int

    def text(self) -> str:
        """``BH 12.5, SB 40.25``."""
        return f"BH {_decimal(self.buchholz, 10)}, SB {_decimal(self.sonneborn, 100)}"


def _decimal(value: int, scale: int) -> str:
    whole, part = divmod(abs(value), scale)
    sign = "-" if value < 0 else ""
    digits = len(str(scale)) - 1
    frac = f"{part:0{digits}d}".rstrip("0")
    return f"{sign}{whole}.{frac or '0'}"


def trailing_zero_byes(chron: Chronicle, n: int, done: int) -> int:
    """1.7.2.2: the number of consecutive zero-point byes player ``n`` has up to the
    current round (the last ones of rounds ``1..done``; a round beyond the player's
    line reads as an absence)."""
    line = chron.line(n)
    zero = set(line.zero_byes)
    count = 0
    k = done
    while k >= 1 and (k in zero or k > len(line.points)):
        count += 1
        k -= 1
    return count


def opposition_indexes(tournament: Tournament, round_no: int) -> dict[int, Index]:
    """1.7 for every player of the tournament before ``round_no``: Buchholz, the sum of
    the current scores of the opponents met, and Sonneborn-Berger, the sum of the
    points earned against each opponent times that opponent's current score.

    1.7.2.1: a round the player did not play (a bye, an absence, a forfeit either way)
    counts as a game against himself with the result that gives the points registered:
    his own current score, times those points for SB. 1.7.2.2: a player whose last
    rounds are a series of zero-point byes counts each of them as a draw in the score
    his over-the-board opponents read. Acceleration: virtual points are excluded, the
    scores are the real ones (the pairing points of GHR 3.1, record 299 included).

    Worked out once per round and kept in the tournament's memo."""
    key = f"burstein.index {round_no}"
    kept = tournament.memo.get(key)
    if isinstance(kept, dict):
        return kept
    chron = chronicle(tournament, round_no)
    done = round_no - 1
    draw = tournament.points.draw
    own = {p.start_no: chron.score_after(p.start_no, done) for p in tournament.players}
    as_opponent = {n: s + draw * trailing_zero_byes(chron, n, done) for n, s in own.items()}
    out: dict[int, Index] = {}
    for n, score in own.items():
        line = chron.line(n)
        met = dict(zip(line.games, line.opponents, strict=True))
        bh = sb = 0
        for k in range(1, done + 1):
            earned = line.points[k - 1] if k <= len(line.points) else 0
            opponent = met.get(k)
            counted = as_opponent[opponent] if opponent is not None else score
            bh += counted
            sb += earned * counted
        out[n] = Index(bh, sb)
    tournament.memo[key] = out
    return out


@dataclass(frozen=True)
class BursteinRound:
    """The round being paired as the Burstein text sees it: the state of every player
    before it (:func:`swissbridge.state.build_state`), their Index (1.7) and ranking
    (1.8), and the absolute criteria of 2.1 between two of them."""

    tournament: Tournament
    round_no: int
    state: RoundState
    index: dict[int, Index]

    @classmethod
    def build(cls, tournament: Tournament, round_no: int) -> BursteinRound:
        state = build_state(tournament, round_no)
        return cls(tournament, round_no, state, opposition_indexes(tournament, round_no))

    @property
    def players(self) -> dict[int, PlayerState]:
        return self.state.players

    def score(self, n: int) -> Points:
        """1.2.1: the score that makes the scoregroups, with virtual points (C.04.7)."""
        return self.state.players[n].pairing_score

    def rank_key(self, n: int) -> tuple[int, int, int]:
        """1.8: the ranking order, as a sort key (smaller first): the Index, highest
        first (1.8.1), then the TPN ascending (1.8.2). Scores are not used."""
        ix = self.index[n]
        return (-ix.buchholz, -ix.sonneborn, self.state.players[n].tpn)

    def ranked(self, players: list[int]) -> list[int]:
        """``players`` in the order of 1.8."""
        return sorted(players, key=self.rank_key)

    def ranks_higher(self, a: int, b: int) -> bool:
        """``a`` is ranked above ``b`` (1.8)."""
        return self.rank_key(a) < self.rank_key(b)

    @cached_property
    def present(self) -> list[int]:
        """The players to pair (C.04.2 3.2/3.3), in the order of 1.8."""
        return self.ranked([p.start_no for p in self.state.present])

    @cached_property
    def graph(self) -> Graph:
        """[C1] (2.1.1, BR Art. 2, with the organiser's forbidden pairs) and [C3] (2.1.3,
        no topscorer exception) over the players to pair in the order of 1.8, as the
        rules shared with Dubov read them (:class:`~swissbridge.plugins.c0404.Graph`)."""
        return Graph(self.state, [self.state.players[n] for n in self.present])

    @cached_property
    def position(self) -> dict[int, int]:
        """Each player's place in :attr:`graph` (the ranking of 1.8)."""
        return {n: i for i, n in enumerate(self.present)}

    def compatible(self, a: int, b: int) -> bool:
        """[C1] and [C3]: ``a`` and ``b`` may meet (:attr:`graph`)."""
        return self.graph.meets(self.position[a], self.position[b])

    def pairable(self, players: list[int]) -> bool:
        """[C4]'s question of a set of players: they have a pairing that complies with
        [C1]-[C3] (:meth:`~swissbridge.plugins.c0404.Graph.perfect`)."""
        position = self.position
        return self.graph.perfect([position[n] for n in players]) is not None

    def pab_eligible(self, n: int) -> bool:
        """[C2] (2.1.2, BR Art. 4): no PAB before, no round scored as a win without
        playing."""
        return self.state.players[n].pab_eligible

    def unfulfilled(self, a: int, b: int) -> int:
        """[C8] for one pair: 1 when both players prefer the same colour (1.5), so that
        one of them does not get it; a player without a preference (1.5.4) lets the
        opponent have theirs."""
        pa, pb = self.preference(a), self.preference(b)
        return int(pa is not None and pa is pb)

    def preference(self, n: int) -> Colour | None:
        """1.5: the colour ``n`` prefers (none before the first game, 1.5.4), as the rules
        shared with Dubov read it (:func:`swissbridge.plugins.c0404.preference`)."""
        return preference(self.state.players[n], VARIANT)[0]
