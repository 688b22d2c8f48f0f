"""The FIDE tie-breaks (Handbook C.07, Play-Off and Tie-Break Regulations, in force from
1 March 2026), one function per tie-break, each named by its article and by the code
TRF-2026 records ``202``/``212`` use for it.

Points are the tournament's own (tenths, :mod:`swissbridge.model`); rating-based
tie-breaks (Article 10, with :mod:`swissbridge.rules.fide_rating`) use the 1 - ½ - 0 of the games played.

How unplayed rounds count is C.07 Article 16, applied here in one place each:

* the categories of unplayed rounds (16.2) and which of them are *voluntary unplayed
  rounds*, VURs (:attr:`Round.vur`): a half-point or zero-point bye, a forfeit loss, an
  absence — every unplayed round that did not score as a win;
* a participant's score as their opponents' tie-breaks see it (16.3,
  :func:`adjusted_score`): the VURs after the last round in which the participant was not
  a VUR (the rounds after a withdrawal) count as draws;
* a participant's own unplayed rounds in Buchholz and Sonneborn-Berger (16.4,
  :func:`dummy_score`): played against a *dummy opponent* who has the participant's own
  score, capped by the forfeiting opponent's score (16.4.1) or by half the points of the
  rounds so far (16.4.2);
* which contribution a cut removes first (16.5 with Article 14, :func:`cut`).

Round robins (C.07 15.2: in pre-determined pairings the only unplayed rounds are
forfeits, and they count as games played) score forfeits as games and give no
contribution for a round without an opponent.

Why one module of this size: the tie-breaks share Article 16's treatment of unplayed rounds
and Article 14's cuts; split apart, each would need those rules again or a second module
that only one caller uses.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from swissbridge.model import Colour, Entry, EventKind, Player, Points, PointSystem, Result, Tournament, format_points
from swissbridge.rules import fide_rating, twogame

Value = Fraction | int | None
"""A tie-break value: points and Buchholz sums as exact fractions of a point, counts and
ratings as integers, ``None`` where the tie-break has no value (no rated opponent)."""


class Kind(enum.Enum):
    """What one round was for a participant, in C.07 Article 16.2's categories."""

    GAME = "game"
    """Played over the board (TRF ``1 = 0`` and the "less than one move" ``W D L``)."""
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye or absence"


_KIND = {
    Result.FORFEIT_WIN: Kind.FORFEIT_WIN,
    Result.FORFEIT_LOSS: Kind.FORFEIT_LOSS,
    Result.PAB: Kind.PAB,
    Result.FULL_BYE: Kind.FULL_BYE,
    Result.HALF_BYE: Kind.HALF_BYE,
    Result.ZERO_BYE: Kind.ZERO_BYE,
}


@dataclass(frozen=True, slots=True)
class Round:
    """One participant's round as the tie-breaks see it."""

    number: int
    kind: Kind
    points: Points
    """Scored under the tournament's point system (tenths)."""
    opponent: int | None
    colour: Colour | None
    standard: Fraction
    """1, ½ or 0: the game's result for the rating-based tie-breaks (Article 10)."""
    vur: bool
    """C.07 16.2: a voluntary unplayed round — unplayed and not scored as a win."""

    @property
    def played(self) -> bool:
        """A game over the board (Article 16: everything else is an unplayed round)."""
        return self.kind is Kind.GAME


@dataclass(frozen=True, slots=True)
class Participant:
    """A player's rounds ``1..N`` (``N`` the round the standings are after)."""

    start_no: int
    rating: int | None
    rounds: tuple[Round, ...]
    score: Points

    def met_in_last_round(self) -> bool:
        return bool(self.rounds) and self.rounds[-1].opponent is not None


def participant_rounds(entries: Sequence[Entry], points: PointSystem, after_round: int) -> tuple[Round, ...]:
    """Rounds ``1..after_round`` of one player (a round beyond the line: absent)."""
    out: list[Round] = []
    for r in range(1, after_round + 1):
        e = entries[r - 1] if r <= len(entries) else Entry(Result.ZERO_BYE)
        scored = points.points(e.result)
        if e.played:
            kind = Kind.GAME
        elif e.result is Result.FORFEIT_WIN and e.opponent is None:
            kind = Kind.PAB  # "0000 - +": the bye as some programs write it
        else:
            kind = _KIND.get(e.result, Kind.ZERO_BYE)
        standard = _STANDARD.get(e.result, _NOTHING) if e.played else _NOTHING
        out.append(
            Round(
                number=r,
                kind=kind,
                points=scored,
                opponent=e.opponent if kind is not Kind.PAB else None,
                colour=e.colour if kind is Kind.GAME else None,
                standard=standard,
                vur=kind is not Kind.GAME and kind is not Kind.PAB and scored != points.win,
            )
        )
    return tuple(out)


_NOTHING = Fraction(0)
_STANDARD = {
    Result.WIN: Fraction(1),
    Result.WIN_UNRATED: Fraction(1),
    Result.DRAW: Fraction(1, 2),
    Result.DRAW_UNRATED: Fraction(1, 2),
}
"""The 1 - ½ - 0 of a game over the board (C.07 Article 10 rates games, not points)."""


@dataclass(frozen=True, slots=True)
class Event:
    """The tournament after round ``after_round``, prepared once for every tie-break."""

    after_round: int
    total_rounds: int
    points: PointSystem
    round_robin: bool
    participants: Mapping[int, Participant]
    rules: int = 2026
    """The edition of C.07 the tournament is ranked by (:func:`rules_edition`)."""
    unrated: int | None = None
    """The rating given to unrated players (C.07 10.1: set by the tournament's
    regulations); ``None``: rating-based tie-breaks have no value when anyone is unrated."""
    games: Event | None = None
    """A Double-Swiss (C.04.5): the rounds of this event are its matches, and this is
    the same event game by game, for the tie-breaks that count games
    (:data:`GAME_TIEBREAKS`); ``None`` when every round is one game."""
    _cache: dict[str, object] = field(default_factory=dict, compare=False)


def is_round_robin(tournament: Tournament, total_rounds: int) -> bool:
    """An all-play-all (C.07 15.2's pre-determined pairings): the file's type says so
    (record 192/092 naming a round robin or Berger), or, when it names no system
    (ETT26's ``FIDE_…`` codes but the round robins' name Swiss systems), every player
    meets every other once or twice in the rounds there are."""
    if tournament.kind is EventKind.ROUND_ROBIN:
        return True
    kind = (tournament.system + " " + dict(tournament.headers).get("092", "")).upper()
    if "SWISS" in kind:
        return False
    if any(word in kind for word in ("ROBIN", "BERGER", "RR")):
        return True
    if tournament.system.strip().upper().startswith("FIDE_"):
        return False
    n = len(tournament.players)
    return n > 2 and total_rounds in (n - 1, n, 2 * (n - 1), 2 * n)


RULES_2026 = date(2026, 3, 1)
"""C.07 as approved by the FIDE Council on 2 February 2026 applies from 1 March 2026; a
tournament that started before is ranked by the edition in force from 1 August 2024."""

_DATE = re.compile(r"^\s*(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})")


def start_date(tournament: Tournament) -> date | None:
    """Record 042 (TRF-2026: ``YYYY/MM/DD``; also ``DD.MM.YYYY`` and ``YY/MM/DD``)."""
    m = _DATE.match(dict(tournament.headers).get("042", ""))
    if m is None:
        return None
    a, b, c = m.groups()
    year, month, day = (int(a), int(b), int(c)) if len(a) == 4 or len(c) < 4 else (int(c), int(b), int(a))
    if year < 100:
        year += 2000
    try:
        return date(year, month, day)
    except ValueError:
        return None


def rules_edition(tournament: Tournament) -> int:
    """2024 for a tournament that started before :data:`RULES_2026`, else 2026 (also when
    the file gives no start date: the rules in force)."""
    started = start_date(tournament)
    return 2024 if started is not None and started < RULES_2026 else 2026


def last_round_with_results(tournament: Tournament) -> int:
    """The round standings are after by default: the last one paired, unless none of its
    games has a result yet (a round paired and not played); a Double-Swiss's match."""
    n = tournament.completed_rounds
    while n > 0 and tournament.is_unplayed(n):
        n -= 1
    return twogame.event_round(tournament, n)


def planned_rounds(tournament: Tournament) -> int:
    """The number of rounds of the event: the one the file announces (record XXR/142),
    else the rounds it holds (a Double-Swiss's: matches)."""
    return twogame.event_round(tournament, max(tournament.total_rounds or 0, tournament.rounds_in_file))


def prepare(tournament: Tournament, after_round: int | None = None, *, unrated: int | None = None) -> Event:
    """The :class:`Event` of ``tournament`` after ``after_round`` (default:
    :func:`last_round_with_results`)."""
    n = last_round_with_results(tournament) if after_round is None else after_round
    total = max(planned_rounds(tournament), n)
    if tournament.points.games > 1:
        return _prepare_matches(tournament, n, total, unrated)
    people = {}
    for p in tournament.players:
        rounds = participant_rounds(p.entries, tournament.points, n)
        people[p.start_no] = Participant(p.start_no, p.rating or None, rounds, sum(r.points for r in rounds))
    return Event(
        n, total, tournament.points, is_round_robin(tournament, total), people, rules_edition(tournament), unrated
    )


def _prepare_matches(tournament: Tournament, n: int, total: int, unrated: int | None) -> Event:
    """A Double-Swiss after match ``n`` (C.04.5; docs/double-swiss.md, "Standings"): a
    round of C.07 is a match (byes and forfeits apply to whole matches, Preface), scored
    by its two games, a single forfeited game as played; its ``games`` the games."""
    system = tournament.points
    by_match, by_game = {}, {}
    for p in tournament.players:
        rating = p.rating or None
        matches = twogame.player_matches(_padded(p, twogame.last_column(tournament, n)), n)
        rounds = tuple(_match_round(m, system) for m in matches)
        by_match[p.start_no] = Participant(p.start_no, rating, rounds, sum(r.points for r in rounds))
        games = _game_rounds(matches, system)
        by_game[p.start_no] = Participant(p.start_no, rating, games, sum(r.points for r in games))
    edition = rules_edition(tournament)
    columns = twogame.last_column(tournament, n), twogame.last_column(tournament, total)
    game_event = Event(columns[0], columns[1], system, False, by_game, edition, unrated)
    return Event(n, total, match_points(system), False, by_match, edition, unrated, game_event)


def match_points(system: PointSystem) -> PointSystem:
    """The points of a whole match as C.07 counts rounds: a win is both games won, a draw
    both drawn (or one of each), a loss both lost."""
    games = twogame.GAMES
    return replace(system, win=games * system.win, draw=games * system.draw, loss=games * system.loss, games=1)


def _padded(p: Player, columns: int) -> Player:
    """``p`` with the columns past their line absent (a player who left)."""
    missing = columns - len(p.entries)
    return replace(p, entries=p.entries + (Entry(Result.ZERO_BYE),) * missing) if missing > 0 else p


_MATCH_KIND = {
    twogame.MatchKind.PLAYED: Kind.GAME,
    twogame.MatchKind.FORFEIT_WIN: Kind.FORFEIT_WIN,
    twogame.MatchKind.FORFEIT_LOSS: Kind.FORFEIT_LOSS,
    twogame.MatchKind.PAB: Kind.PAB,
}


def _match_round(m: twogame.GameMatch, system: PointSystem) -> Round:
    """A match as one round: played (a single forfeited game as played), ended by
    forfeit, the PAB, or another bye (its code's kind)."""
    kind = _MATCH_KIND.get(m.kind) or _KIND.get(m.games[0].result, Kind.ZERO_BYE)
    scored = m.points(system)
    standard = sum((_STANDARD.get(g.result, _NOTHING) for g in m.games_as_played), _NOTHING)
    played = kind is Kind.GAME
    return Round(
        number=m.number,
        kind=kind,
        points=scored,
        opponent=m.opponent,
        colour=m.colour,
        standard=standard if played else _NOTHING,
        vur=not played and kind is not Kind.PAB and scored != twogame.GAMES * system.win,
    )


def _game_rounds(matches: Sequence[twogame.GameMatch], system: PointSystem) -> tuple[Round, ...]:
    """The games of the matches, one round each: a single forfeited game as played
    (Preface); the PAB as the won and the drawn game it is worth (1.4)."""
    entries = [g for m in matches for g in m.games_as_played]
    rounds = list(participant_rounds(entries, system, len(entries)))
    for m in matches:
        if m.kind is twogame.MatchKind.PAB:
            first, second = twogame.columns(m.number)
            won = min(system.pab, system.win)
            rounds[first - 1] = replace(rounds[first - 1], points=won)
            rounds[second - 1] = replace(rounds[second - 1], points=system.pab - won)
    return tuple(rounds)


# -- C.07 Article 16: unplayed rounds -------------------------------------------------


def last_present_round(p: Participant) -> int:
    """The last round that is not a VUR (C.07 16.3): the rounds after it are those of a
    participant who left the tournament."""
    return max((r.number for r in p.rounds if not r.vur), default=0)


def adjusted_score(event: Event, p: Participant, *, fore: bool = False) -> Points:
    """C.07 16.3: a participant's score (tenths) as their opponents' Buchholz counts it —
    every VUR without an opponent after the participant's last round present counts as a
    draw (16.3.2). ``fore``: the same for Fore Buchholz (8.3), where the last round's game
    of a participant paired in it counts as a draw."""
    key = "adjusted fore" if fore else "adjusted"
    cached = event._cache.get(key)
    if not isinstance(cached, dict):
        cached = {n: _adjusted(event, q, fore) for n, q in event.participants.items()}
        event._cache[key] = cached
    value: Points = cached[p.start_no]
    return value


def _adjusted(event: Event, p: Participant, fore: bool) -> Points:
    present = last_present_round(p)
    if fore and _paired_in_final_round(event, p):
        present = event.after_round
    total = 0
    for r in p.rounds:
        total += r.points if r.number <= present or r.opponent is not None else event.points.draw
    return total + _fore_adjustment(event, p, fore)


def _paired_in_final_round(event: Event, p: Participant) -> bool:
    """Paired (an opponent or the PAB) in the tournament's final round, the standings
    being after it: Fore Buchholz's case (C.07 8.3)."""
    if event.after_round != event.total_rounds or not p.rounds:
        return False
    last = p.rounds[-1]
    return last.opponent is not None or last.kind is Kind.PAB


def _fore_adjustment(event: Event, p: Participant, fore: bool) -> Points:
    """C.07 8.3: Fore Buchholz counts the final round's game as a draw."""
    if fore and event.after_round == event.total_rounds and p.met_in_last_round():
        return event.points.draw - p.rounds[-1].points
    return 0


def own_score(event: Event, p: Participant, *, fore: bool = False) -> Points:
    """The participant's points (with Fore Buchholz's last-round draw, C.07 8.3)."""
    return p.score + _fore_adjustment(event, p, fore)


def dummy_score(event: Event, p: Participant, r: Round, *, fore: bool = False) -> Points:
    """C.07 16.4: an unplayed round of the participant counts in their Buchholz as a game
    against a *dummy opponent* with the participant's own score — from the 2026 edition at
    most the score of the opponent who forfeited (16.4.1), or, without an opponent, at most
    a draw in every round so far (16.4.2)."""
    mine = own_score(event, p, fore=fore)
    if event.rules < 2026:
        return mine
    if r.opponent is not None:
        return min(mine, adjusted_score(event, event.participants[r.opponent], fore=fore))
    return min(mine, event.points.draw * event.after_round)


# -- contributions and cuts (C.07 Articles 8, 9, 14) -----------------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one round adds to a Buchholz-type sum, and why (for ``--explain``)."""

    round_no: int
    score: Points
    """The opponent's (or dummy opponent's) score, in tenths."""
    value: int
    """What it adds, in tenths (Buchholz: the score) or hundredths (Sonneborn-Berger: the
    score times the points scored against that opponent)."""
    vur: bool
    note: str


def contributions(
    event: Event, p: Participant, *, sonneborn: bool, fore: bool = False, times: Participant | None = None
) -> list[Contribution]:
    """The round-by-round contributions to Buchholz (C.07 8.1), Fore Buchholz (8.3) or
    Sonneborn-Berger (9.1: the opponent's score times the points scored against them).
    ``times``: the same participant under another score, whose points of each round
    multiply instead (a team's extended Sonneborn-Berger, C.07 13: the opponents' match
    points times the game points scored against them, or the other way round)."""
    out: list[Contribution] = []
    factors = [r.points for r in (times or p).rounds]
    for r, factor in zip(p.rounds, factors, strict=True):
        counted_as_game = r.played or (event.round_robin and r.opponent is not None)
        if fore and r.number == event.total_rounds and r.opponent is not None:
            counted_as_game = True  # 8.3: the final round as if played and drawn
        if counted_as_game and r.opponent is not None:
            score = adjusted_score(event, event.participants[r.opponent], fore=fore)
            note = f"{'game' if r.played else r.kind.value} against #{r.opponent}"
            vur = False
        elif event.round_robin:
            continue  # 15.2: a round robin's round without an opponent adds nothing
        else:
            score = dummy_score(event, p, r, fore=fore)
            against = f" against #{r.opponent}" if r.opponent is not None else ""
            note = f"{r.kind.value}{against}: dummy opponent (C.07 16.4)"
            vur = r.vur
        out.append(Contribution(r.number, score, score * factor if sonneborn else score, vur, note))
    return out


def cut(items: list[Contribution], low: int, high: int, rounds: int) -> tuple[list[Contribution], list[Contribution]]:
    """C.07 Article 14 with 16.5: Cut-``low`` removes the ``low`` least significant
    contributions, Median also the ``high`` most significant (never more than the rounds
    there are). The least significant is the lowest opponent's score; a VUR goes first
    (16.5) whenever it adds at least as much as that one (it can add less only in
    Sonneborn-Berger, where the lowest opponent's contribution is then cut). Returns
    (kept, cut)."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    kept = list(items)
    removed: list[Contribution] = []
    for _ in range(low):
        if not kept:
            break
        lowest = min(kept, key=lambda c: (c.score, c.value))
        vurs = [c for c in kept if c.vur]
        if vurs:
            weakest_vur = min(vurs, key=lambda c: (c.value, c.score))
            if not lowest.value > weakest_vur.value:
                lowest = weakest_vur
        kept.remove(lowest)
        removed.append(lowest)
    for _ in range(high):
        if not kept:
            break
        highest = max(kept, key=lambda c: (c.score, c.value))
        kept.remove(highest)
        removed.append(highest)
    return kept, removed


# -- the tie-break codes ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A tie-break as record 202 names it: ``BH/C1`` is Buchholz (``BH``) with Cut-1."""

    code: str
    """As given (``BH/C1``); the key of the JSON output."""
    name: str
    cut_low: int = 0
    cut_high: int = 0
    fore: bool = False
    """``AOB/F`` (2026 edition): the opponents' Fore Buchholz instead of their Buchholz."""
    limit_shift: int = 0
    """``KS/L+n``, ``KS/L-n``: Koya's limit (C.07 9.2, half the possible points) raised or
    lowered by ``n`` half-points (an extended or a reduced Koya: the Limit modifier, 14.5)."""

    @property
    def lower_is_better(self) -> bool:
        """Direct encounter is a place among the tied (1 first), the tournament pairing
        number ranks the lowest first (C.07 7.8) and so does the board count (12.1: points
        on the higher boards weigh less); all others rank the higher value first."""
        return self.name in ("DE", "EDE", "TPN", "BC")

    @property
    def values_cut(self) -> int:
        """How many values the modifiers remove (C.07 14.1-14.4: Cut-n the n least
        significant, Median-n also the n most significant)."""
        return self.cut_low + self.cut_high


def check_modifiers(tiebreaks: Sequence[TieBreak], rounds: int) -> None:
    """C.07 Article 14: a cut or a median removes values from the participant's sum, one
    value per round at most — in an event of ``rounds`` rounds, a modifier that removes
    ``rounds`` values or more leaves nothing to compare (``BH/C9`` in 7 rounds: every
    participant 0). Raises ``ValueError`` naming the first such tie-break. The one place
    the number of rounds bounds a modifier."""
    for tb in tiebreaks:
        if tb.values_cut and rounds and tb.values_cut >= rounds:
            raise ValueError(
                f"tie-break {tb.code!r} removes {tb.values_cut} value{'s' if tb.values_cut != 1 else ''} and a "
                f"{rounds}-round event has {rounds} per participant: nothing is left to compare "
                f"(C.07 14; at most {rounds - 1} in all)"
            )


def check_entrants(tiebreaks: Sequence[TieBreak], *, teams: bool) -> None:
    """Refuse (``ValueError``) a tie-break of team events only (:data:`TEAM_CODES`) for an
    event of players, or one of players only (:data:`INDIVIDUAL_CODES`) for a team event.
    The one place that says which tie-breaks apply to whom."""
    for tb in tiebreaks:
        if not teams and tb.name in TEAM_CODES:
            name, article = NAMES[tb.name]
            raise ValueError(f"tie-break {tb.code!r} ({name}, C.07 {article}) is for team events; this one has players")
        if teams and tb.name in INDIVIDUAL_CODES:
            name, article = NAMES[tb.name]
            raise ValueError(
                f"tie-break {tb.code!r} ({name}, C.07 {article}) rates players; a team event's teams have no rating"
            )


_MODIFIABLE = {
    "BH": "CM",
    "FB": "CM",
    "SB": "CM",
    "ARO": "CM",
    "PS": "C",
    **{code: "C" for code in ("ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB")},
}
_ALIASES = {"AROC": "ARO/C1", "GE": "REP"}
_MOD = re.compile(r"^([CM])([1-9][0-9]*)$")
_LIMIT = re.compile(r"^L([+-])([0-9]{1,3})$")
"""Koya's limit modifier: ``L+n``/``L-n``, n half-points (``KS/L-2``: one point lower)."""


def parse_tiebreak(text: str) -> TieBreak:
    """``"BH/C1"`` → :class:`TieBreak`; raises ``ValueError`` naming what is wrong."""
    code = text.strip().upper()
    name, *mods = _ALIASES.get(code, code).split("/")
    if name not in CODES:
        known = " ".join(sorted(CODES))
        raise ValueError(f"unknown tie-break {text.strip()!r} (expected one of {known}, with /C1, /M1 ...)")
    low = high = shift = 0
    fore = limited = False
    for mod in mods:
        if mod == "F" and name == "AOB" and not fore:
            fore = True
            continue
        if name == "KS" and not limited and (koya := _LIMIT.match(mod)) is not None:
            shift = int(koya.group(2)) * (1 if koya.group(1) == "+" else -1)
            limited = True
            continue
        m = _MOD.match(mod)
        if m is None or m.group(1) not in _MODIFIABLE.get(name, ""):
            allowed = _MODIFIABLE.get(name)
            takes = {"CM": "/Cn or /Mn", "C": "/Cn"}.get(allowed or "", "")
            own = {"AOB": "/F", "KS": "/L+n or /L-n, n half-points"}.get(name, "none")
            what = f"{name} takes {takes or own}"
            raise ValueError(f"unknown modifier {'/' + mod!r} in tie-break {text.strip()!r} ({what})")
        digits = m.group(2)
        if len(digits) > 3:  # never converted: thousands of digits cost nothing
            shown = f"{digits[:6]}… ({len(digits)} digits)" if len(digits) > 9 else digits
            raise ValueError(
                f"tie-break {name}/{m.group(1)}{shown} removes more values than any event has rounds "
                "(C.07 14; at most 999 rounds)"
            )
        n = int(digits)
        low += n
        if m.group(1) == "M":
            high += n
    return TieBreak(code, name, low, high, fore, shift)


def parse_tiebreaks(text: str) -> list[TieBreak]:
    """A comma-separated list (``--tiebreaks``, record 202). ``PTS`` is the primary score
    and is left out (record 212 lists it first), and so is a code given twice."""
    out: dict[str, TieBreak] = {}
    for part in text.replace(";", ",").split(","):
        if part.strip():
            tb = parse_tiebreak(part)
            if tb.name != "PTS":
                out.setdefault(tb.code, tb)  # a tie-break given twice breaks no tie the second time
    return list(out.values())


DEFAULT_TIEBREAKS = "BH/C1,BH,SB,DE,WIN"
"""Without a list in the file or on the command line: C.07 Article 4.1.1 leaves the choice
to the Chief Arbiter; this is the list C.07 Annex 1 recommends for an individual Swiss
(Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct encounter, wins)."""

DEFAULT_TEAM_TIEBREAKS = "MPVGP,EDE,BH/C1,BH,SB"
"""The same for a team event (C.07 4.1.1): the secondary score first (game points after
match points, or the reverse), then the extended direct encounter (13.3), Buchholz Cut-1,
Buchholz and Sonneborn-Berger on the primary score (Article 11)."""


# -- one function per tie-break --------------------------------------------------------


def tb_pts(event: Event, p: Participant, tb: TieBreak) -> Value:
    """PTS (C.07 Article 5): the participant's points."""
    return Fraction(p.score, 10)


def tb_win(event: Event, p: Participant, tb: TieBreak) -> Value:
    """WIN, C.07 7.1: the number of rounds that scored as many points as a win, played or
    not (forfeit wins, a PAB and full-point byes worth a win count)."""
    return sum(1 for r in p.rounds if r.points == event.points.win)


def tb_won(event: Event, p: Participant, tb: TieBreak) -> Value:
    """WON, C.07 7.2: the number of games won over the board."""
    return sum(1 for r in p.rounds if r.played and r.points == event.points.win)


def tb_bpg(event: Event, p: Participant, tb: TieBreak) -> Value:
    """BPG, C.07 7.3: the number of games played over the board with Black."""
    return sum(1 for r in p.rounds if r.played and r.colour is Colour.BLACK)


def tb_bwg(event: Event, p: Participant, tb: TieBreak) -> Value:
    """BWG, C.07 7.4: the number of games won over the board with Black."""
    return sum(1 for r in p.rounds if r.played and r.colour is Colour.BLACK and r.points == event.points.win)


def tb_rep(event: Event, p: Participant, tb: TieBreak) -> Value:
    """REP, C.07 7.6 (``GE``, "Games one Elected to play", before the August 2024
    edition): the rounds one elected to play in — the number of rounds less the
    half-point byes, zero-point byes and forfeit losses, i.e. less the VURs (16.2)."""
    return sum(1 for r in p.rounds if not r.vur)


def tb_std(event: Event, p: Participant, tb: TieBreak) -> Value:
    """STD, C.07 7.7 (2026 edition): standard points — 1 for a round that scored more
    than a draw, ½ for one that scored a draw, played or not (the 1 - ½ - 0 of a
    3-1-0 or other points system)."""
    draw = event.points.draw
    return sum((Fraction(1) if r.points > draw else Fraction(1, 2) for r in p.rounds if r.points >= draw), Fraction(0))


def tb_tpn(event: Event, p: Participant, tb: TieBreak) -> Value:
    """TPN, C.07 7.8 (2026 edition): the tournament pairing number, the lowest first."""
    return p.start_no


def tb_ps(event: Event, p: Participant, tb: TieBreak) -> Value:
    """PS, C.07 7.5: progressive scores, the sum of the participant's running score after
    each round (Cut-n leaves out the first n rounds)."""
    running = total = 0
    for r in p.rounds:
        running += r.points
        if r.number > tb.cut_low:
            total += running
    return Fraction(total, 10)


def tb_bh(event: Event, p: Participant, tb: TieBreak) -> Value:
    """BH, C.07 8.1: Buchholz, the sum of the opponents' scores (Article 16 for unplayed
    rounds, Article 14 for /Cn and /Mn)."""
    return buchholz_sum(event, p, tb, sonneborn=False, fore=False)


def tb_fb(event: Event, p: Participant, tb: TieBreak) -> Value:
    """FB, C.07 8.3: Fore Buchholz, Buchholz after the tournament's final round as if
    every game of that round had been drawn (before it: Buchholz)."""
    return buchholz_sum(event, p, tb, sonneborn=False, fore=True)


def tb_sb(event: Event, p: Participant, tb: TieBreak) -> Value:
    """SB, C.07 9.1: Sonneborn-Berger, the sum over the rounds of the opponent's score
    times the points scored against them (Article 16 for unplayed rounds)."""
    return buchholz_sum(event, p, tb, sonneborn=True, fore=False)


def buchholz_sum(
    event: Event, p: Participant, tb: TieBreak, *, sonneborn: bool, fore: bool = False, times: Participant | None = None
) -> Fraction:
    """A Buchholz-type sum (8.1, 8.3, 9.1; ``times``: see :func:`contributions`) after
    the cuts of ``tb`` (Article 14)."""
    items = contributions(event, p, sonneborn=sonneborn, fore=fore, times=times)
    if tb.cut_low or tb.cut_high:
        items, _ = cut(items, tb.cut_low, tb.cut_high, event.after_round)
    return Fraction(sum(c.value for c in items), 100 if sonneborn else 10)


def tb_aob(event: Event, p: Participant, tb: TieBreak) -> Value:
    """AOB, C.07 8.2: the average of the Buchholz (8.1) of the opponents met over the
    board, each game counted (4.4: an opponent met twice counts twice); ``AOB/F`` (2026
    edition) their Fore Buchholz (8.3); exact, no value without such a game."""
    key = "fore buchholz" if tb.fore else "buchholz"
    cached = event._cache.get(key)
    if not isinstance(cached, dict):
        plain = TieBreak("BH", "BH")
        people = event.participants
        cached = {n: buchholz_sum(event, q, plain, sonneborn=False, fore=tb.fore) for n, q in people.items()}
        event._cache[key] = cached
    buchholz: dict[int, Fraction] = cached
    values = [buchholz[r.opponent] for r in p.rounds if r.played and r.opponent is not None]
    return sum(values, Fraction(0)) / len(values) if values else None


def koya_limit(event: Event) -> Fraction:
    """C.07 9.2: half the points a participant could score — of the games a round robin
    gives each player (less the rounds a player sits out with an odd number of players,
    less the players who never played), of all the rounds in a Swiss."""
    games = event.after_round
    if event.round_robin:
        n = len(event.participants)
        if event.after_round % n == 0:
            games -= event.after_round // n
        games -= sum(1 for q in event.participants.values() if not any(r.opponent for r in q.rounds))
    return Fraction(event.points.win * games, 20)


def tb_ks(event: Event, p: Participant, tb: TieBreak) -> Value:
    """KS, C.07 9.2: Koya, the points scored against the opponents who scored at least
    half the possible points (:func:`koya_limit`), or that limit moved by ``KS/L±n``'s
    ``n`` half-points (:attr:`TieBreak.limit_shift`, the Limit modifier of 14.5)."""
    limit = koya_limit(event) + Fraction(tb.limit_shift, 2)
    total = 0
    for r in p.rounds:
        if r.opponent is not None and Fraction(event.participants[r.opponent].score, 10) >= limit:
            total += r.points
    return Fraction(total, 10)


def direct_encounter(event: Event, group: Sequence[int], *, also: Event | None = None) -> dict[int, int]:
    """C.07 Article 6 for one group of tied players: each one's place among them (1 first,
    equal places shared), or 0 for all when the encounters do not separate them.

    6.1: the points scored in the games among the tied players (several games against the
    same player are averaged). 6.2: when not all of them have met, a player is placed
    ahead only when their score beats what every player below could still reach
    (the points of the encounters they did not have counted as wins). 6.3: the players
    still tied are compared again among themselves.

    ``also``: the event under the teams' secondary score, for the extended direct
    encounter of team events (EDE, C.07 13.3): a group the primary score's encounters
    leave tied is compared by the secondary score's; each group that splits off is
    compared again by the score that split it, and by the other one when that one no
    longer does (FIDE's exercise 45: five teams tied on match points, separated by game
    points into 4, {1, 2, 3}, 5, and {1, 2, 3} again by game points)."""
    order = _de_order(event, list(group), also)
    if len(order) == 1:
        return {n: 0 for n in group}
    places: dict[int, int] = {}
    place = 1
    for part in order:
        for n in part:
            places[n] = place
        place += len(part)
    return places


def _de_order(event: Event, group: list[int], also: Event | None) -> list[list[int]]:
    parts = _de_split(event, group)
    if len(parts) == 1 and also is not None:
        event, also = also, event
        parts = _de_split(event, group)
    if len(parts) == 1:
        return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(_de_order(event, part, also) if len(part) > 1 else [part])
    return out


def _de_split(event: Event, group: list[int]) -> list[list[int]]:
    members = set(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for n in group:
        against: dict[int, list[Points]] = {}
        for r in event.participants[n].rounds:
            counts = r.played or (event.round_robin and r.opponent is not None)
            if counts and r.opponent in members:
                against.setdefault(r.opponent, []).append(r.points)
        score[n] = sum((Fraction(sum(v), 10 * len(v)) for v in against.values()), Fraction(0))
        met[n] = len(against)
    everyone_met = event.round_robin or all(met[n] == len(group) - 1 for n in group)
    if everyone_met:
        ranked = sorted(group, key=lambda n: (-score[n], n))
        parts: list[list[int]] = []
        for n in ranked:
            if parts and score[parts[-1][0]] == score[n]:
                parts[-1].append(n)
            else:
                parts.append([n])
        return parts
    best = {n: score[n] + (len(group) - 1 - met[n]) * Fraction(event.points.win, 10) for n in group}
    ranked = sorted(group, key=lambda n: (-score[n], -best[n], n))
    parts = [[ranked[0]]]
    for i in range(1, len(ranked)):
        above = ranked[i - 1]
        if len(parts) == i and score[above] > max(best[m] for m in ranked[i:]):
            parts.append([ranked[i]])
        else:
            parts[-1].append(ranked[i])
    return parts


# -- C.07 Article 10: ratings ----------------------------------------------------------


def rated_games(event: Event, p: Participant) -> list[tuple[Round, int]] | None:
    """The games played over the board with the opponent's rating (C.07 10: unplayed
    rounds do not count), or ``None`` when someone in the event has no rating and the
    regulations gave unrated players none (:attr:`Event.unrated`)."""
    if event.unrated is None:
        if "all rated" not in event._cache:
            event._cache["all rated"] = all(q.rating for q in event.participants.values())
        if not event._cache["all rated"]:
            return None
    out = []
    for r in p.rounds:
        if r.played and r.opponent is not None:
            rating = event.participants[r.opponent].rating or event.unrated
            assert rating is not None
            out.append((r, rating))
    return out


def tb_aro(event: Event, p: Participant, tb: TieBreak) -> Value:
    """ARO, C.07 10.1: the average rating of the opponents met over the board (Cut-n
    leaves out the n lowest-rated, Median also the highest; ``AROC`` is ARO/C1)."""
    games = rated_games(event, p)
    if games is None:
        return None
    ratings = sorted(rating for _, rating in games)
    low = min(tb.cut_low, event.after_round)
    high = min(tb.cut_high, event.after_round - low)
    ratings = ratings[low : len(ratings) - high] if low + high < len(ratings) else []
    return fide_rating.average_rating(ratings)


def tb_rtng(event: Event, p: Participant, tb: TieBreak) -> Value:
    """RTNG, C.07 10.6 (2026 edition): the participant's own rating, the highest first
    (an unrated player's as :attr:`Event.unrated` sets it; no value for anyone when
    someone is unrated and none was set, as for every tie-break of Article 10)."""
    if event.unrated is None and rated_games(event, p) is None:
        return None
    return p.rating or event.unrated


def _performances(event: Event) -> dict[int, tuple[int | None, int | None]]:
    """Every participant's (TPR, PTP), computed once for APRO and APPO."""
    cached = event._cache.get("performances")
    if cached is None:
        values: dict[int, tuple[int | None, int | None]] = {}
        for n, q in event.participants.items():
            games = rated_games(event, q)
            if games is None:
                values[n] = (None, None)
                continue
            score = sum((r.standard for r, _ in games), Fraction(0))
            ratings = [rating for _, rating in games]
            values[n] = (fide_rating.performance(score, ratings), fide_rating.perfect_performance(score, ratings))
        event._cache["performances"] = cached = values
    assert isinstance(cached, dict)
    return cached


def tb_tpr(event: Event, p: Participant, tb: TieBreak) -> Value:
    """TPR, C.07 10.2: tournament performance rating, ARO plus dp of the score made in
    the games played over the board (B.02 8.1.1)."""
    return _performances(event)[p.start_no][0]


def tb_ptp(event: Event, p: Participant, tb: TieBreak) -> Value:
    """PTP, C.07 10.3: perfect tournament performance, the lowest rating whose expected
    score against the opponents met reaches the score made."""
    return _performances(event)[p.start_no][1]


def _opponents_average(event: Event, p: Participant, which: int) -> Value:
    values = [
        v
        for r in p.rounds
        if r.played and r.opponent is not None and (v := _performances(event)[r.opponent][which]) is not None
    ]
    return fide_rating.average_rating(values)


def tb_apro(event: Event, p: Participant, tb: TieBreak) -> Value:
    """APRO, C.07 10.4: the average of the opponents' tournament performance ratings."""
    return _opponents_average(event, p, 0)


def tb_appo(event: Event, p: Participant, tb: TieBreak) -> Value:
    """APPO, C.07 10.5: the average of the opponents' perfect tournament performances."""
    return _opponents_average(event, p, 1)


TieBreakFunction = Callable[[Event, Participant, TieBreak], Value]

TIEBREAKS: dict[str, TieBreakFunction] = {
    "PTS": tb_pts,
    "WIN": tb_win,
    "WON": tb_won,
    "BPG": tb_bpg,
    "BWG": tb_bwg,
    "REP": tb_rep,
    "STD": tb_std,
    "TPN": tb_tpn,
    "PS": tb_ps,
    "BH": tb_bh,
    "AOB": tb_aob,
    "FB": tb_fb,
    "SB": tb_sb,
    "KS": tb_ks,
    "ARO": tb_aro,
    "TPR": tb_tpr,
    "PTP": tb_ptp,
    "APRO": tb_apro,
    "APPO": tb_appo,
    "RTNG": tb_rtng,
}
"""Every tie-break computed per participant, by its TRF-2026 code (C.07 Article 5's
table); direct encounter (``DE``) is computed per tied group (:func:`direct_encounter`)."""

TEAM_CODES = frozenset({"MPVGP", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE", "BC"})
"""The tie-breaks of team events only (C.07 Articles 12-13), computed by
:mod:`swissbridge.rules.teamtiebreaks`; every other code applies to teams as well (C.07 11: a
team's score is its primary score, match or game points), except the ratings'."""

INDIVIDUAL_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""The tie-breaks of Article 10 (ratings): of players only; a team has no rating."""

CODES = frozenset(TIEBREAKS) | {"DE"} | TEAM_CODES

NAMES: dict[str, tuple[str, str]] = {
    "PTS": ("points", "5"),
    "DE": ("direct encounter", "6"),
    "WIN": ("number of wins", "7.1"),
    "WON": ("number of games won", "7.2"),
    "BPG": ("number of games played with Black", "7.3"),
    "BWG": ("number of games won with Black", "7.4"),
    "PS": ("progressive scores", "7.5"),
    "REP": ("rounds one elected to play in", "7.6"),
    "STD": ("standard points", "7.7"),
    "TPN": ("tournament pairing number", "7.8"),
    "BH": ("Buchholz", "8.1"),
    "AOB": ("average of opponents' Buchholz", "8.2"),
    "FB": ("Fore Buchholz", "8.3"),
    "SB": ("Sonneborn-Berger", "9.1"),
    "KS": ("Koya system", "9.2"),
    "ARO": ("average rating of opponents", "10.1"),
    "TPR": ("tournament performance rating", "10.2"),
    "PTP": ("perfect tournament performance", "10.3"),
    "APRO": ("average performance rating of opponents", "10.4"),
    "APPO": ("average perfect performance of opponents", "10.5"),
    "RTNG": ("rating", "10.6"),
    "MPVGP": ("the secondary score (game points when match points are primary, and vice versa)", "13.1"),
    "BC": ("board count", "12.1"),
    "ESB": ("extended Sonneborn-Berger (opponents' primary score x own secondary score)", "13.2"),
    "EMMSB": ("extended Sonneborn-Berger, opponents' match points x own match points", "13.2"),
    "EMGSB": ("extended Sonneborn-Berger, opponents' match points x own game points", "13.2"),
    "EGMSB": ("extended Sonneborn-Berger, opponents' game points x own match points", "13.2"),
    "EGGSB": ("extended Sonneborn-Berger, opponents' game points x own game points", "13.2"),
    "EDE": ("extended direct encounter", "13.3"),
}
"""Each code's name and article in C.07 (Article 5's table), for legends."""


def describe(tb: TieBreak) -> str:
    """``BH/C1`` → ``"Buchholz Cut-1 (C.07 8.1, 14.1)"``: the legend line of a code."""
    name, article = NAMES[tb.name]
    articles = [article]
    median = tb.cut_high
    low = tb.cut_low - median
    words = [name]
    if low:
        words.append(f"Cut-{low}")
        articles.append({1: "14.1", 2: "14.2"}.get(low, "14"))
    if median:
        words.append(f"Median-{median}")
        articles.append({1: "14.3", 2: "14.4"}.get(median, "14"))
    if tb.limit_shift:
        shift = format_points(abs(tb.limit_shift) * 5).removesuffix(".0")
        unit = "point" if shift in ("1", "0.5") else "points"
        words.append(f"with its limit {'raised' if tb.limit_shift > 0 else 'lowered'} by {shift} {unit}")
        articles.append("14.5")
    if tb.fore:
        words = ["average of opponents' Fore Buchholz"]
        articles.append("8.3")
    return f"{' '.join(words)} (C.07 {', '.join(articles)})"


GAME_TIEBREAKS = frozenset({"WIN", "WON", "BPG", "BWG", "TPR", "PTP", "APRO", "APPO"})
"""The tie-breaks a Double-Swiss counts game by game (:attr:`Event.games`): Article 7's
wins and games ("points assigned for each game", C.04.5 Preface) and Article 10's
performances (a performance is of games). Every other tie-break counts a match as one
round (docs/double-swiss.md, "Standings")."""


def counted_on(event: Event, p: Participant, tb: TieBreak) -> tuple[Event, Participant]:
    """The event and the participant ``tb`` is computed on: a Double-Swiss's games
    (:attr:`Event.games`) for :data:`GAME_TIEBREAKS`, else ``event`` itself."""
    if event.games is not None and tb.name in GAME_TIEBREAKS:
        return event.games, event.games.participants[p.start_no]
    return event, p


def value_of(event: Event, p: Participant, tb: TieBreak) -> Value:
    """The value of one tie-break (not DE) for one participant."""
    event, p = counted_on(event, p, tb)
    return TIEBREAKS[tb.name](event, p, tb)
