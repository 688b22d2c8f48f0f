"""The tournament model: players, their round-by-round entries, the point system
and the organiser's settings (rounds, initial colour, acceleration, forbidden pairs,
byes announced in advance).

Everything here is immutable. Scores are never stored: they are derived from the
entries with :class:`PointSystem`. Points are integers in **tenths of a point**
(a win is ``10``, a draw ``5``), which keeps 3-1-0 and 1-½-0 systems exact and
comparisons cheap; :func:`format_points` turns them back into ``"1.5"``.

Articles cited are those of the FIDE Handbook: C.04.1 (Basic Rules), C.04.2
(General Handling Rules, "GHR") and C.04.7 (accelerated systems).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import attrgetter, is_not

Points = int
"""Points in tenths: ``10`` is one point."""


def format_points(points: Points) -> str:
    """``15`` → ``"1.5"``; ``30`` → ``"3.0"`` (the TRF points format)."""
    sign = "-" if points < 0 else ""
    whole, tenth = divmod(abs(points), 10)
    return f"{sign}{whole}.{tenth}"


def parse_points(text: str) -> Points:
    """``"1.5"``, ``"1,5"``, ``"1½"``, ``"3"`` → tenths; raises ``ValueError``."""
    value = text.strip().replace(",", ".").replace("½", ".5")
    if value.startswith("."):
        value = "0" + value
    if not value or value.count(".") > 1:
        raise ValueError(f"not a number of points: {text!r}")
    whole, _, frac = value.partition(".")
    negative = whole.startswith("-")
    whole = whole.lstrip("-+")
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise ValueError(f"not a number of points: {text!r}")
    frac = (frac + "00")[:2]
    if frac[1] != "0":
        raise ValueError(f"points must be a multiple of 0.1: {text!r}")
    tenths = int(whole) * 10 + int(frac[0])
    return -tenths if negative else tenths


_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Unicode's control characters (category Cc) but the tab: C0 (NUL, BEL, newline, ESC,
…), DEL and C1 (``U+009B`` is a terminal's CSI); and the bidirectional embeddings,
overrides and isolates (``U+202A``-``U+202E``, ``U+2066``-``U+2069``), which reorder the
text around them on a terminal or a page (a name holding ``U+202E`` shows the rest of
its line backwards); and the lone surrogates (``U+D800``-``U+DFFF``: no character, a
JSON escape ``\\ud800`` alone), which no file can be written with. A tab is a blank to
every format and terminal, and real files have them (a Swiss-Manager club name, a TRF
record's end); a format of fixed columns writes it as a space (:func:`swissbridge.formats.trf.write_trf`)."""

_CONTROL_NAMES = {
    0x00: "NUL",
    0x07: "BEL",
    0x08: "backspace",
    0x0A: "line feed",
    0x0D: "carriage return",
    0x1B: "ESC",
    0x7F: "DEL",
    0x9B: "CSI",
    0x202A: "left-to-right embedding",
    0x202B: "right-to-left embedding",
    0x202C: "pop directional formatting",
    0x202D: "left-to-right override",
    0x202E: "right-to-left override",
    0x2066: "left-to-right isolate",
    0x2067: "right-to-left isolate",
    0x2068: "first strong isolate",
    0x2069: "pop directional isolate",
}


def control_character(text: str) -> int | None:
    """The index of the first control character of ``text`` (:data:`_CONTROL`), or ``None``.
    No text field of the model may hold one (:meth:`Tournament.text_fields`)."""
    m = _CONTROL.search(text)
    return None if m is None else m.start()


def control_name(char: str) -> str:
    """``"U+001B (ESC)"``: a control character named for a message, never shown raw."""
    code = ord(char)
    name = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else _CONTROL_NAMES.get(code)
    return f"U+{code:04X}" + (f" ({name})" if name else "")


class Colour(enum.Enum):
    """The colour a player had or will have in a game."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    def __str__(self) -> str:
        return "White" if self is Colour.WHITE else "Black"


def latest_difference(a: Sequence[Colour], b: Sequence[Colour]) -> tuple[int, Colour, Colour] | None:
    """The most recent game in which two colour histories differ, walking back from the
    last (histories of played games: C.04.2 3.4 leaves the unplayed rounds out): how many
    games back (1: the last) and the colour each had; ``None`` when they never differ.
    Alternating from there is each system's rule (C.04.3 5.2.3, C.04.4.1 and C.04.4.2
    5.2.4, C.04.4.3 5.4, C.04.6 4.3.6)."""
    for back, (x, y) in enumerate(zip(reversed(a), reversed(b), strict=False), 1):
        if x is not y:
            return back, x, y
    return None


class Result(enum.Enum):
    """What a player's entry in one round records, by its TRF result code.

    Played games (``1 = 0`` and the "less than one move" ``W D L``) count for
    colours and as meetings; everything else is unplayed (GHR 3.4, 3.5). A game
    without a result yet (:attr:`PENDING`, adjourned or unfinished) is played too
    and counts as a draw for pairing purposes only (GHR 3.1).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAB = "U"
    ZERO_BYE = "Z"
    PENDING = "*"
    """Paired, game not finished: adjourned, or its result not entered yet (a blank
    result in TRF and Swiss-Manager, ``*`` in PGN). GHR 3.1: it counts as a drawn
    game for pairing purposes only. Pairing the next round while a game is pending
    is refused unless the arbiter asks for it (:meth:`Tournament.pending_games`)."""

    @property
    def played(self) -> bool:
        """True for games played over the board (GHR 3.4)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        """True for the byes and absences that have no opponent."""
        return self in _BYES


_PLAYED = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.WIN_UNRATED,
        Result.DRAW_UNRATED,
        Result.LOSS_UNRATED,
        Result.PENDING,  # GHR 3.1: an adjourned game counts as played, drawn
    }
)
TEAM_RECORDS = frozenset({"013", "310"})
"""TRF records that describe teams (TRF16 013, TRF-2026 310): in a team file, 240/250/260
concern teams, and a team Swiss (C.04.6) is paired by teams."""

_MEMBERS_FROM = {"013": 32, "310": 69}
"""Where the members' start numbers begin in the value (column 5 on) of each team record:
013 columns 37-40, 42-45, …; 310 columns 74-77, 79-82, …"""


def team_members(headers: Iterable[tuple[str, str]]) -> set[int]:
    """The start numbers the team records (013, 310) list as members."""
    members: set[int] = set()
    for code, value in headers:
        start = _MEMBERS_FROM.get(code)
        if start is not None:
            members.update(int(w) for w in value[start:].split() if w.isdigit())
    return members


def is_team_event(system: str, headers: Iterable[tuple[str, str]], start_numbers: Iterable[int]) -> bool:
    """The one decision of "is this a team event" (C.04.6), for every command and
    format: record 192 names a team system (``FIDE_TEAM…``); or, when 192 does not
    name an individual one, the team records (013/310) place every player in a team.
    Team records that cover only some players (a club or a team prize in an
    individual open) leave it an individual event."""
    code = system.strip().upper()
    if code.startswith("FIDE_TEAM"):
        return True
    if code.startswith("FIDE_"):
        return False
    headers = list(headers)
    if not any(c in TEAM_RECORDS for c, _ in headers):
        return False
    numbers = set(start_numbers)
    return bool(numbers) and numbers <= team_members(headers)


TWO_GAME_CODES = ("FIDE_DOUBLESWISS", "CUSTOM_DOUBLESWISS")
"""The record 192 codes (ETT26) of an event whose every pairing is a match of two games
(the Double-Swiss, C.04.5: ``FIDE_DOUBLESWISS``, its ``_BAKU``, ``CUSTOM_DOUBLESWISS``).
The one table of the games of a round: the file's points follow it whoever reads the
file, and a pairing system's rounds follow the code it writes
(:func:`swissbridge.systems.games_per_round`)."""


MATCH_GAMES = 2
"""The games of a match of a Double-Swiss (C.04.5 Preface)."""


def games_per_round(system: str) -> int:
    """The games of a round of the event record 192 ``system`` names: :data:`MATCH_GAMES`
    for a match of two games (each game a round column of its own), else 1."""
    return MATCH_GAMES if system.strip().upper().startswith(TWO_GAME_CODES) else 1


_BYES = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.PAB, Result.ZERO_BYE})
_WINS = frozenset({Result.WIN, Result.WIN_UNRATED})
_DRAWS = frozenset({Result.DRAW, Result.DRAW_UNRATED})
_LOSSES = frozenset({Result.LOSS, Result.LOSS_UNRATED})

OPPOSITE_RESULT: Mapping[Result, Result] = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.WIN_UNRATED: Result.LOSS_UNRATED,
    Result.LOSS_UNRATED: Result.WIN_UNRATED,
    Result.DRAW_UNRATED: Result.DRAW_UNRATED,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
    Result.PENDING: Result.PENDING,
}
"""The result the opponent's entry must show (a double forfeit is ``-`` on both sides)."""

RARE_GAMES = frozenset({(Result.DRAW, Result.LOSS), (Result.LOSS, Result.DRAW), (Result.LOSS, Result.LOSS)})
"""C.04.5 Preface: in a match of two games "a game can (rarely) end ½-0, 0-½, or 0-0": the
results two opponents' entries may show in such a game beyond :data:`OPPOSITE_RESULT`."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's entry in one round.

    ``opponent`` is the opponent's start number, or ``None`` for byes and
    absences. ``colour`` is the scheduled colour (kept for forfeits as written,
    though it does not count for colour history).
    """

    result: Result
    opponent: int | None = None
    colour: Colour | None = None

    @property
    def played(self) -> bool:
        """A game played over the board: counts for colours and meetings."""
        return self.result.played and self.opponent is not None

    @property
    def paired(self) -> bool:
        """The pairing gave this player an opponent or the PAB in this round.

        A forfeit win without an opponent (``0000 - +``, written by some programs
        for the bye) counts as the PAB, as the reference engines read it."""
        return self.opponent is not None or self.result in _PAIRED_WITHOUT_OPPONENT

    @property
    def is_forfeit(self) -> bool:
        return self.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) and self.opponent is not None

    @property
    def unplayed(self) -> bool:
        """No game over the board in this round (C.04.3 [C9] counts these)."""
        return not self.played


_PAIRED_WITHOUT_OPPONENT = frozenset({Result.PAB, Result.FORFEIT_WIN})
"""The results that make an entry :attr:`Entry.paired` without an opponent."""
_opponent = attrgetter("opponent")
_entry_result = attrgetter("result")
_code = attrgetter("_value_")


def any_paired(entries: Sequence[Entry]) -> bool:
    """Some entry of ``entries`` is :attr:`Entry.paired` (an opponent, or a result of
    :data:`_PAIRED_WITHOUT_OPPONENT`), found at the speed of a scan: a state asks it of
    every absent player's whole history, in every round ``check`` replays."""
    if any(map(is_not, map(_opponent, entries), repeat(None))):
        return True
    results = tuple(map(_entry_result, entries))
    return any(r in results for r in _PAIRED_WITHOUT_OPPONENT)


ABSENT = Entry(Result.ZERO_BYE)
"""A zero-point bye or an absence without notice: ``0000 - Z``."""


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points awarded, in tenths, for each kind of round entry.

    The defaults are FIDE's 1 - ½ - 0 with a PAB worth a win (C.04.1 Art. 3).
    ``forfeit_win`` and ``full_bye`` default to the win value, ``half_bye`` to the
    draw value, as TRF-2026 record 162 and JaVaFo's XXS define them.
    """

    win: Points = 10
    draw: Points = 5
    loss: Points = 0
    forfeit_win: Points = 10
    forfeit_loss: Points = 0
    pab: Points = 10
    full_bye: Points = 10
    half_bye: Points = 5
    zero_bye: Points = 0
    games: int = 1
    """The games of a round (:func:`games_per_round`): a match of two games writes its
    PAB in both of its columns and it counts once, in the first (C.04.5 1.4: the PAB is
    worth a won and a drawn game, ``pab`` is the match's)."""
    pending: Points | None = None
    """The value a TRF-2026 record 162 gives ``X`` (an unknown result), kept only to
    write it back. A game without a result scores nothing in the standings
    (:meth:`points`) and a draw for pairing (:meth:`pairing_points`, GHR 3.1),
    whatever ``X`` says."""
    _by_code: tuple[dict[str, Points], dict[str, Points]] = field(init=False, repr=False, compare=False)
    """:meth:`points` and :meth:`pairing_points` of every result, by its code: a lookup
    instead of the rules, since every state of every round asks them for every entry."""

    def __post_init__(self) -> None:
        standings = {r.value: self._points(r) for r in Result}
        pairing = {**standings, Result.PENDING.value: self.draw}
        object.__setattr__(self, "_by_code", (standings, pairing))

    def points(self, result: Result) -> Points:
        """The points one entry scores in the standings (a game without a result:
        nothing yet)."""
        return self._by_code[0][result._value_]

    def _points(self, result: Result) -> Points:
        if result in _WINS:
            return self.win
        if result in _DRAWS:
            return self.draw
        if result in _LOSSES:
            return self.loss
        return {
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.PAB: self.pab,
            Result.FULL_BYE: self.full_bye,
            Result.HALF_BYE: self.half_bye,
            Result.ZERO_BYE: self.zero_bye,
            Result.PENDING: 0,
        }[result]

    def entry_points(self, result: Result, column: int, *, pairing: bool = False) -> Points:
        """:meth:`points` (``pairing``: :meth:`pairing_points`) of an entry in round column
        ``column``: the PAB of a match of :attr:`games` games counts in its first column only."""
        if self.games > 1 and result is Result.PAB and (column - 1) % self.games:
            return 0
        return self._by_code[1 if pairing else 0][result._value_]

    def for_games(self, games: int) -> PointSystem:
        """These points for rounds of ``games`` games. In a match of two games the PAB is
        worth "as many points as if the player had played a match winning a game and
        drawing the other" (C.04.5 1.4): a PAB worth a single win (C.04.1's, what a file
        that states no other value gets) becomes a win and a draw."""
        pab = self.win + self.draw if games > 1 and self.pab == self.win else self.pab
        return replace(self, games=games, pab=pab)

    def pairing_points(self, result: Result) -> Points:
        """The points one entry counts for pairing purposes: GHR 3.1 counts an
        adjourned game (any game without a result) as a draw; everything else
        scores as in the standings."""
        return self._by_code[1][result._value_]

    def pairing_points_each(self, results: Iterable[Result]) -> Iterator[Points]:
        """:meth:`pairing_points` of each result, at the speed of a scan (a state sums
        every player's history in every round ``check`` replays)."""
        return map(self._by_code[1].__getitem__, map(_code, results))

    @property
    def is_standard(self) -> bool:
        """FIDE's 1 - ½ - 0 (the ``X`` value kept for rewriting does not count)."""
        return replace(self, pending=None, games=1) == PointSystem()

    @property
    def max_per_game(self) -> Points:
        """The most a player can score in one game (used by the topscorer rule, C.04.3 1.8)."""
        return max(self.win, self.draw)


@dataclass(frozen=True, slots=True)
class Player:
    """A participant, identified by start number (the TPN order, GHR Art. 2)."""

    start_no: int
    name: str
    entries: tuple[Entry, ...] = ()
    """Round r is ``entries[r - 1]``; a round beyond the tuple is not paired."""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    club: str = ""
    stated_points: Points | None = None
    """The points column as the file gave it (checked, never trusted)."""
    rank: int | None = None
    extras: tuple[tuple[str, str], ...] = ()
    """Format-specific fields the model has no place for, as ``(key, value)`` pairs
    kept for faithful rewriting (e.g. ``("sm.Identnr", "1234")`` from a Swiss-Manager
    player export). Keys are prefixed with the format that owns them."""
    adjustments: tuple[tuple[int, Points], ...] = ()
    """Points given or taken outside the games (TRF-2026 record 299 of blank type:
    penalties, bonuses), as ``(round, points)``; round 0 means every round. They
    count in the score, for the standings and for pairing (:meth:`adjustment`)."""

    def text_fields(self) -> Iterator[tuple[str, str]]:
        """The player's text fields as ``(what it is, value)`` (:meth:`Tournament.text_fields`)."""
        who = f"player {self.start_no}"
        yield f"{who}'s name", self.name
        for what in ("sex", "title", "federation", "fide_id", "birth", "club"):
            yield f"{who}'s {what.replace('_', ' ')}", getattr(self, what)
        for key, value in self.extras:
            yield f"{who}'s {key}", value

    def entry(self, round_no: int) -> Entry | None:
        """The entry of round ``round_no`` (1-based), or ``None`` when there is none."""
        if 1 <= round_no <= len(self.entries):
            return self.entries[round_no - 1]
        return None

    def score(self, points: PointSystem, rounds: int) -> Points:
        """Points scored in rounds ``1..rounds`` (the standings), abnormal points included."""
        if points.games > 1:
            scored = sum(points.entry_points(e.result, k) for k, e in enumerate(self.entries[:rounds], 1))
            return scored + self.adjustment(rounds)
        return sum(points.points(e.result) for e in self.entries[:rounds]) + self.adjustment(rounds)

    def pairing_score(self, points: PointSystem, rounds: int) -> Points:
        """Points of rounds ``1..rounds`` for pairing purposes: games without a result
        count as draws (GHR 3.1; :meth:`PointSystem.pairing_points`), abnormal points
        count as in the standings."""
        if points.games > 1:
            entries = enumerate(self.entries[:rounds], 1)
            return sum(points.entry_points(e.result, k, pairing=True) for k, e in entries) + self.adjustment(rounds)
        return sum(points.pairing_points(e.result) for e in self.entries[:rounds]) + self.adjustment(rounds)

    def adjustment_in(self, round_no: int) -> Points:
        """The abnormal points (record 299) of round ``round_no``: those given for that
        round, and those given for every round (round 0), which count once in each."""
        return sum(value for r, value in self.adjustments if r in (0, round_no))

    def adjustment(self, rounds: int) -> Points:
        """The abnormal points of rounds ``1..rounds`` (:meth:`adjustment_in`)."""
        if not self.adjustments:
            return 0
        return sum(self.adjustment_in(r) for r in range(1, rounds + 1))

    def with_entry(self, round_no: int, entry: Entry) -> Player:
        """A copy with round ``round_no`` set (padding missed rounds as not paired)."""
        entries = list(self.entries)
        while len(entries) < round_no:
            entries.append(ABSENT)
        entries[round_no - 1] = entry
        return replace(self, entries=tuple(entries))


TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""The FIDE titles in the order of C.04.2 Art. 2.2 (individual events); no title comes last."""


def fide_id_key(fide_id: str) -> str:
    """A FIDE id as it identifies a person (leading zeros and blanks aside; empty: no
    id). One person is entered in an event once: a second entry with the FIDE id of one
    already entered is refused, in a player list (``new``) as in a late entry."""
    return fide_id.strip().lstrip("0")


def initial_order_key(player: Player) -> tuple[int, int, str]:
    """Where a player stands in the initial order of C.04.2 Art. 2.2: by strength (the
    rating, highest first; unrated last), then FIDE title (:data:`TITLE_ORDER`), then
    alphabetically (accents and case ignored). Smaller keys rank higher."""
    title = player.title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-player.rating, rank, unicodedata.normalize("NFKD", player.name).casefold())


def initial_order(players: Iterable[Player]) -> list[Player]:
    """``players`` in the initial order of C.04.2 Art. 2.2 (:func:`initial_order_key`),
    the order the start numbers (TPNs, Art. 2.3) follow."""
    return sorted(players, key=initial_order_key)


class ByeKind(enum.Enum):
    """A bye announced before the round is paired (TRF-2026 record 240)."""

    FULL = "F"
    HALF = "H"
    ZERO = "Z"

    @property
    def result(self) -> Result:
        return {ByeKind.FULL: Result.FULL_BYE, ByeKind.HALF: Result.HALF_BYE, ByeKind.ZERO: Result.ZERO_BYE}[self]


@dataclass(frozen=True, slots=True)
class AnnouncedBye:
    """Players who will not be paired in ``round_no`` (record 240, JaVaFo XXZ)."""

    kind: ByeKind
    round_no: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """No two of ``players`` may meet in rounds ``first_round..last_round``
    (record 260; JaVaFo XXP has no round range: ``None`` means every round)."""

    players: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies(self, round_no: int) -> bool:
        lo = self.first_round if self.first_round is not None else 1
        hi = self.last_round if self.last_round is not None else 10**6
        return lo <= round_no <= hi


@dataclass(frozen=True, slots=True)
class Forbidden:
    """C.04.1 / C.04.3 [C1]: the pairs the organiser forbids in one round (records 260
    and XXP), held by membership: the groups each player is in, two players being
    forbidden to meet when they share one. Its size is the number of entries the
    groups name, not the number of pairs they forbid (a group of 2 000 players
    forbids 2 million pairs). Built by :meth:`Tournament.forbidden_in`."""

    members: tuple[frozenset[int], ...] = ()
    """The groups of two or more players."""
    groups: Mapping[int, frozenset[int]] = field(default_factory=dict)
    """Each player a group names, with the indices (into :attr:`members`) of its groups."""

    @classmethod
    def of(cls, groups: Iterable[Iterable[int]]) -> Forbidden:
        """``groups`` (start numbers, a player listed twice counting once); a group of
        fewer than two players forbids nothing and is left out."""
        members = tuple(ps for ps in map(frozenset, groups) if len(ps) > 1)
        ids: dict[int, set[int]] = {}
        for i, players in enumerate(members):
            for n in players:
                ids.setdefault(n, set()).add(i)
        return cls(members, {n: frozenset(g) for n, g in ids.items()})

    @classmethod
    def in_round(cls, groups: Iterable[ForbiddenPairs], round_no: int) -> Forbidden:
        """The groups of records 260 (or XXP) that apply to ``round_no``."""
        return cls.of(group.players for group in groups if group.applies(round_no))

    def __bool__(self) -> bool:
        return bool(self.members)

    def forbids(self, a: int, b: int) -> bool:
        """``a`` and ``b`` may not meet: two players of one group."""
        mine = self.groups.get(a)
        return mine is not None and a != b and not mine.isdisjoint(self.groups.get(b, ()))

    def partners(self, a: int) -> frozenset[int]:
        """The players ``a`` may not meet (in time the size of ``a``'s groups)."""
        return frozenset().union(*(self.members[i] for i in self.groups.get(a, ()))) - {a}

    def pairs(self, among: Iterable[int] | None = None) -> list[tuple[int, int]]:
        """The forbidden pairs of players of ``among`` (by default every player named),
        each ``(low, high)``, in order (as many as there are: for a listing, not for a
        decision)."""
        named = sorted(self.groups if among is None else {n for n in among if n in self.groups})
        return [(a, b) for i, a in enumerate(named) for b in named[i + 1 :] if self.forbids(a, b)]


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Virtual points (C.04.7) given to start numbers ``first_player..last_player``
    in rounds ``first_round..last_round`` (record 250; an XXA line is one player)."""

    points: Points
    first_round: int
    last_round: int
    first_player: int
    last_player: int


@dataclass(frozen=True, slots=True)
class Team:
    """A team of a team event (TRF-2026 record 310, TRF16 record 013): its team pairing
    number (TPN, C.04.6 1.1), its name and its members' start numbers in board order."""

    number: int
    name: str
    members: tuple[int, ...]
    nickname: str = ""


@dataclass(frozen=True, slots=True)
class ForfeitedMatch:
    """A match forfeited as a whole (TRF-2026 record 330): ``+-`` the White team won it,
    ``-+`` the Black team, ``--`` both lost it."""

    round_no: int
    white: int
    black: int
    kind: str


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """Points given to teams outside the boards (TRF-2026 record 299 in a team event):
    ``kind`` blank is a bonus or penalty added to the scores; a result code (``W D L
    F H Z + -``) says what that kind of match result is worth instead. ``round_no`` 0
    is every round; no teams is every team. ``None``: the record leaves that score alone."""

    kind: str
    match: Points | None
    game: Points | None
    round_no: int
    teams: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TeamAcceleration:
    """Virtual match and game points (C.04.7; TRF-2026 record 250 in a team event) for
    teams ``first_team..last_team`` in rounds ``first_round..last_round``."""

    match: Points
    game: Points
    first_round: int
    last_round: int
    first_team: int
    last_team: int


@dataclass(frozen=True, slots=True)
class LineUp:
    """A team's line-up in one round when it is not record 310's (TRF-2026 record 300,
    "out-of-(default)order"): the players on boards 1, 2, … (``0``: the board left
    unoccupied), against the scheduled opponent."""

    round_no: int
    team: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TeamSetup:
    """What a team event adds to its players: the teams and how matches score, as the
    file states them. Missing values stay ``None``/empty; their defaults (C.04.6 1.4: the
    PAB is worth a drawn match; record 362's 2-1-0) are applied by :mod:`swissbridge.rules.teams`.
    The team records 240/250/260 of a team event name teams and are read here, not into
    the players' fields of :class:`Tournament`."""

    teams: tuple[Team, ...]
    match_points: tuple[Points, Points, Points] = (20, 10, 0)
    """Record 362: a match won, drawn, lost (TW, TD, TL)."""
    pab_match: Points | None = None
    """Record 320: the match points of the PAB."""
    pab_game: Points | None = None
    """Record 320: the game points of the PAB."""
    pab_teams: tuple[int, ...] = ()
    """Record 320: the PAB team of each round (0: none)."""
    forfeits: tuple[ForfeitedMatch, ...] = ()
    board_colours: str = ""
    """Record 352: the colours of the first-named team's boards (``WBWB``); empty: not stated."""
    byes: tuple[AnnouncedBye, ...] = ()
    """Record 240: teams with a bye known in advance."""
    forbidden: tuple[ForbiddenPairs, ...] = ()
    """Record 260: teams that may not meet."""
    acceleration: tuple[TeamAcceleration, ...] = ()
    adjustments: tuple[TeamPoints, ...] = ()
    lineups: tuple[LineUp, ...] = ()
    """Record 300: the line-ups out of record 310's order."""
    unlisted: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    """The players no team lists (no 310 record, no 300 line-up), each with the line of
    its 001 record (0: not read from a file): a file is read whatever it says, and
    :class:`~swissbridge.rules.teams.TeamEvent` refuses to pair it there."""

    def team(self, number: int) -> Team:
        """The team with this TPN; ``KeyError`` if there is none."""
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)


@dataclass(frozen=True, slots=True)
class BoardList:
    """The boards of a paired round as they were printed (C.04.2 Art. 3.6 order at the
    moment of pairing): each game as ``(number, white, black)`` start numbers. Stored
    with the round (TRF record ``BRD``, JSON ``"boards"``: docs/event.md), so that a
    board number keeps naming the game printed at it whatever is corrected later (a
    correction changes scores, never which game a board number means)."""

    round_no: int
    games: tuple[tuple[int, int, int], ...]

    def renumbered(self, n: Callable[[int], int]) -> BoardList:
        """The list with every start number ``x`` written ``n(x)`` (a late entry's renumbering)."""
        return BoardList(self.round_no, tuple((b, n(w), n(k)) for b, w, k in self.games))


class EventKind(enum.Enum):
    """What kind of event a file describes. Only individual Swiss events are paired;
    the others are read as far as the model holds them (players, rounds, results)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    TEAM = "team"


def _start_no(player: Player) -> int:
    return player.start_no


@dataclass(frozen=True, slots=True)
class Tournament:
    """A Swiss tournament: players with their history and the organiser's settings."""

    players: tuple[Player, ...]
    name: str = ""
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    points: PointSystem = field(default_factory=PointSystem)
    acceleration: tuple[Acceleration, ...] = ()
    forbidden: tuple[ForbiddenPairs, ...] = ()
    announced_byes: tuple[AnnouncedBye, ...] = ()
    system: str = ""
    """The pairing system code of record 192 (e.g. ``FIDE_DUTCH_2026``), if any."""
    kind: EventKind = EventKind.SWISS
    """Swiss, round robin or team event, as the source file says (a Swiss event unless
    it says otherwise)."""
    tie_breaks: tuple[str, ...] = ()
    """The tie-break list the source file states, in order of application, as FIDE
    C.07 acronyms (``BH``, ``BH/C1``, ``BH/M1``, ``SB``, ``DE``, ``WIN``, ``PS``,
    ``TPR``, ``ARO``, …); a tie-break the reader cannot name is kept as
    ``<format>:<code>`` (e.g. ``tunx:0x08``). Empty when the file states none."""
    headers: tuple[tuple[str, str], ...] = ()
    """Header records (code, value) in file order, kept for faithful rewriting."""
    layout: tuple[str, ...] = field(default=(), compare=False)
    """How the source file was laid out, for faithful rewriting only (not part of
    equality): the record codes in file order, ``"001"`` for the player block and
    ``""`` for each verbatim entry of :attr:`headers`. Empty for a built model."""
    line_ending: str = field(default="\n", compare=False)
    """The source file's line ending (``"\\r"``, ``"\\n"`` or ``"\\r\\n"``), reused on writing."""
    teams: TeamSetup | None = None
    """The teams of a team event (C.04.6) and how its matches score; ``None`` in an
    individual event, and in a team event whose file has no team records."""
    board_lists: tuple[BoardList, ...] = ()
    """The boards of the paired rounds as printed (:class:`BoardList`), by round; a paired
    round without one is numbered from the scores before it
    (:func:`swissbridge.rules.teams.printed_boards`)."""
    memo: dict[str, object] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What the layers above work out from this tournament once and keep with it (the
    players' histories round by round, :class:`swissbridge.state.Chronicle`). Not part of
    the tournament's value, and never copied into another one: every changed copy
    (``dataclasses.replace``, :meth:`with_players`, …) starts with an empty memo, since
    its init is never given one."""

    def __post_init__(self) -> None:
        numbers = [p.start_no for p in self.players]
        if numbers != sorted(set(numbers)):
            raise ValueError("players must be sorted by distinct start numbers")
        games = games_per_round(self.system)
        if self.points.games != games:  # the points of a round follow record 192 wherever it changes
            object.__setattr__(self, "points", self.points.for_games(games))

    def text_fields(self) -> Iterator[tuple[str, str]]:
        """Every text field, as ``(what it is, value)``: the event's name, system, tie-breaks
        and header records, and each player's name and other text columns. Readers refuse
        a file where one holds a control character (:func:`control_character`): a newline in
        a name would become a record of another format, an ESC a terminal command."""
        yield "the event name", self.name
        yield "the pairing system", self.system
        for tb in self.tie_breaks:
            yield "a tie-break", tb
        for code, value in self.headers:
            yield f"record {code}", value
        for p in self.players:
            yield from p.text_fields()

    # -- lookups ---------------------------------------------------------------
    def player(self, start_no: int) -> Player:
        """The player with this start number; ``KeyError`` if there is none. Found by
        bisection (the players are sorted by start number): a lookup costs no pass
        over the field, so code asking for each player in turn stays linear."""
        i = bisect_left(self.players, start_no, key=_start_no)
        if i == len(self.players) or self.players[i].start_no != start_no:
            raise KeyError(start_no)
        return self.players[i]

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    @property
    def team_event(self) -> bool:
        """A team event (C.04.6), paired by teams: the file says so (:func:`is_team_event`),
        or its source program does (:attr:`kind`)."""
        return self.kind is EventKind.TEAM or is_team_event(
            self.system, self.headers, (p.start_no for p in self.players)
        )

    # -- rounds ----------------------------------------------------------------
    @property
    def rounds_in_file(self) -> int:
        """The number of round columns any player line has."""
        return max((len(p.entries) for p in self.players), default=0)

    @property
    def completed_rounds(self) -> int:
        """Rounds up to the last one in which anybody was paired (an opponent or
        the PAB). The round after it is the one to pair; its column may only carry
        announced absences. A column where *every* player has an entry counts as
        completed too."""
        last = 0
        for r in range(1, self.rounds_in_file + 1):
            if self.is_paired(r):
                last = r
        return last

    def is_paired(self, round_no: int) -> bool:
        """Somebody was paired in round ``round_no`` (an opponent or the PAB), or every
        player has an entry in it (a round in which everyone was absent, as written)."""
        entries = [p.entry(round_no) for p in self.players]
        return any(e is not None and e.paired for e in entries) or (
            bool(self.players) and all(e is not None for e in entries)
        )

    def unpaired_rounds(self, round_no: int) -> list[int]:
        """The rounds before ``round_no`` that were never paired (:meth:`is_paired`):
        pairing ``round_no`` over them would invent an absence for every player."""
        return [r for r in range(1, round_no) if not self.is_paired(r)]

    @property
    def next_round(self) -> int:
        """The round a pairing engine pairs next."""
        return self.completed_rounds + 1

    def pending_games(self, round_no: int) -> list[tuple[int, int]]:
        """Games of ``round_no`` without a result yet (:attr:`Result.PENDING`), each once
        as (White, Black) as paired (by start number when no colour is written)."""
        out: list[tuple[int, int]] = []
        seen: set[frozenset[int]] = set()
        for p in self.players:  # either line may say so (a file need not be consistent)
            e = p.entry(round_no)
            if e is None or e.result is not Result.PENDING or e.opponent is None:
                continue
            pair = frozenset((p.start_no, e.opponent))
            if pair in seen:
                continue
            seen.add(pair)
            white_first = e.colour is Colour.WHITE or (e.colour is None and p.start_no < e.opponent)
            out.append((p.start_no, e.opponent) if white_first else (e.opponent, p.start_no))
        return out

    def is_unplayed(self, round_no: int) -> bool:
        """Round ``round_no`` has games and none of them has a result yet: a round paired
        but not played (rather than one with adjourned games)."""
        games = [e for p in self.players if (e := p.entry(round_no)) is not None and e.opponent is not None]
        return bool(games) and all(e.result is Result.PENDING for e in games)

    def virtual_points(self, start_no: int, round_no: int) -> Points:
        """Acceleration points of a player for a round (C.04.7); the last record that
        covers the pair (player, round) wins, as with record 250."""
        value = 0
        for a in self.acceleration:
            if a.first_player <= start_no <= a.last_player and a.first_round <= round_no <= a.last_round:
                value = a.points
        return value

    def announced(self, round_no: int) -> dict[int, ByeKind]:
        """Players announced absent for ``round_no`` (records 240), with the bye kind."""
        out: dict[int, ByeKind] = {}
        for bye in self.announced_byes:
            if bye.round_no == round_no:
                for n in bye.players:
                    out[n] = bye.kind
        return out

    def forbidden_in(self, round_no: int) -> Forbidden:
        """The pairs the organiser forbids in ``round_no`` (records 260 and XXP), by group."""
        return Forbidden.in_round(self.forbidden, round_no)

    def board_list(self, round_no: int) -> BoardList | None:
        """The boards of ``round_no`` as printed, when the tournament holds them and they
        still name the round's games (:meth:`board_list_problem`; a copy of the tournament
        whose round was cut or replaced in part holds none)."""
        for b in self.board_lists:
            if b.round_no == round_no:
                return b if b.games and self.board_list_problem(b) is None else None
        return None

    # -- derived changes -------------------------------------------------------
    def with_players(self, players: Iterable[Player]) -> Tournament:
        return replace(self, players=tuple(sorted(players, key=lambda p: p.start_no)))

    def board_list_problem(self, boards: BoardList) -> str | None:
        """What makes ``boards`` no list of the games of its round (a game the entries do
        not hold, with those colours; a game of the round it leaves out; a number given
        twice or below 1), or ``None``: a list stored with a round must name its games."""
        r = boards.round_no
        games: dict[frozenset[int], Colour | None] = {}
        for p in self.players:
            e = p.entry(r)
            if e is not None and e.opponent is not None and e.colour is not Colour.BLACK:
                games[frozenset((p.start_no, e.opponent))] = e.colour
        numbers = [n for n, _, _ in boards.games]
        if len(set(numbers)) != len(numbers) or min(numbers, default=1) < 1:
            return f"round {r}: board numbers {' '.join(map(str, numbers))} are not distinct numbers from 1"
        listed: set[frozenset[int]] = set()
        for n, w, b in boards.games:
            pair = frozenset((w, b))
            if pair not in games or pair in listed or (games[pair] is not None and self._white(r, w) is not True):
                return f"round {r}: board {n} is {w}-{b}, which is no game of the round as the players' entries give it"
            listed.add(pair)
        left = sorted(tuple(sorted(g)) for g in games if g not in listed)
        if left:
            return f"round {r}: the game {left[0][0]}-{left[0][1]} is on no board of the list"
        return None

    def current_board_lists(self) -> tuple[BoardList, ...]:
        """The printed boards of the rounds whose games they still name
        (:meth:`board_list_problem`): what a writer stores. A list whose round's games
        have gone (a copy of the tournament cut before that round) goes with them."""
        return tuple(b for b in self.board_lists if self.board_list(b.round_no) is not None)

    def _white(self, round_no: int, n: int) -> bool | None:
        try:
            e = self.player(n).entry(round_no)
        except KeyError:
            return None
        return None if e is None or e.colour is None else e.colour is Colour.WHITE

    def with_board_list(self, boards: BoardList) -> Tournament:
        """A copy holding ``boards`` as the printed boards of its round (replacing any)."""
        kept = [b for b in self.board_lists if b.round_no != boards.round_no]
        return replace(self, board_lists=tuple(sorted([*kept, boards], key=attrgetter("round_no"))))

    def with_round(self, round_no: int, entries: Mapping[int, Entry]) -> Tournament:
        """A copy with ``entries`` (by start number) written into round ``round_no``."""
        return self.with_players(
            p.with_entry(round_no, entries[p.start_no]) if p.start_no in entries else p for p in self.players
        )
