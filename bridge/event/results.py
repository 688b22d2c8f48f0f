"""Entering results into a tournament file (``swissbridge result``), so that an event
can be run with ``pair`` and ``result`` alone, without editing TRF columns.

A result names a board of the round (``3``, numbered as ``pair`` printed the round: the
boards stored with it, :func:`~swissbridge.rules.teams.printed_boards`; in a team event counted
down the matches, or named ``MATCH.BOARD``, ``2.1``) or a player (``#12``: the game that
player has in the round, or a bye for the player):

* a game: ``1-0``, ``0-1``, ``½-½`` (also ``=``, ``1/2-1/2``, ``0.5-0.5``), and
  forfeits ``+-`` (White wins by forfeit), ``-+`` (Black does), ``0-0`` (both lose: a
  double forfeit; ``--`` too, but a shell command line reads a bare ``--`` as the end
  of the options, so ``0-0`` is the spelling the help shows);
* a player not paired in the round: ``H`` (half-point bye), ``F`` (full-point bye),
  ``Z`` (zero-point bye, an absence), or ``withdrawn`` (absent from this round to
  the last: the round's column, and TRF-2026 record 240 for the rounds after it).

A game that already has a different result is refused unless ``correct``; the
same result again changes nothing. Byes go into rounds not yet paired for the
player (the round being paired next, as ``0000 - H`` in its column). The points
column is recomputed from the results.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, replace

from swissbridge.errors import InputError, UsageError
from swissbridge.event.players import announce, fixed_by_tables, individual_only
from swissbridge.formats._text import MAX_START_NO, bounded_value, shown
from swissbridge.model import ABSENT, ByeKind, Colour, Entry, Player, Result, Tournament, format_points

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swissbridge.formats.pgn import RoundFeed

GAME_RESULTS: Mapping[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "½-½": (Result.DRAW, Result.DRAW),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
    "0.5-0.5": (Result.DRAW, Result.DRAW),
    "=": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "0-0": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "-/-": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
"""A game's result as written on the command line: (White's entry, Black's entry)."""

MATCH_GAME_RESULTS: Mapping[str, tuple[Result, Result]] = {
    **{text: pair for text, pair in GAME_RESULTS.items() if text != "0-0"},
    "½-0": (Result.DRAW, Result.LOSS),
    "1/2-0": (Result.DRAW, Result.LOSS),
    "0.5-0": (Result.DRAW, Result.LOSS),
    "0-½": (Result.LOSS, Result.DRAW),
    "0-1/2": (Result.LOSS, Result.DRAW),
    "0-0.5": (Result.LOSS, Result.DRAW),
    "0-0": (Result.LOSS, Result.LOSS),
}
"""A game of a two-game match (C.04.5) as written on the command line, from the side of
the match's first-listed player (White of game 1, as ``pair`` prints the board): (that
player's entry, the opponent's). The Preface's rare games are results here ("a game can
(rarely) end ½-0, 0-½, or 0-0", :data:`~swissbridge.model.RARE_GAMES`): ``0-0`` is a game
played and lost by both, and a double forfeit is ``--`` or ``-/-``."""

BYES: Mapping[str, ByeKind] = {"H": ByeKind.HALF, "F": ByeKind.FULL, "Z": ByeKind.ZERO}
WITHDRAWN = ("withdrawn", "wd")

SHOWN: Mapping[tuple[Result, Result], str] = {
    (Result.WIN, Result.LOSS): "1-0",
    (Result.LOSS, Result.WIN): "0-1",
    (Result.DRAW, Result.DRAW): "½-½",
    (Result.FORFEIT_WIN, Result.FORFEIT_LOSS): "+-",
    (Result.FORFEIT_LOSS, Result.FORFEIT_WIN): "-+",
    (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS): "0-0",
    (Result.WIN_UNRATED, Result.LOSS_UNRATED): "1-0",
    (Result.LOSS_UNRATED, Result.WIN_UNRATED): "0-1",
    (Result.DRAW_UNRATED, Result.DRAW_UNRATED): "½-½",
}
"""How a recorded game is shown in messages: (White's entry, Black's entry)."""

MATCH_SHOWN: Mapping[tuple[Result, Result], str] = {
    **SHOWN,
    (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS): "--",
    (Result.DRAW, Result.LOSS): "½-0",
    (Result.LOSS, Result.DRAW): "0-½",
    (Result.LOSS, Result.LOSS): "0-0",
}
"""How a recorded game of a match is shown: (the first-listed player's entry, the opponent's)."""

CHOICES = "1-0, 0-1, ½-½ (or =), +-, -+, 0-0 (double forfeit); for a player: H, F, Z or withdrawn"
MATCH_CHOICES = (
    "per game, from the first-listed player's side: 1-0, 0-1, ½-½ (or =), ½-0, 0-½, 0-0 (played), "
    "+-, -+, -/- (forfeits); for a player: H, F, Z or withdrawn (the whole match)"
)

_TARGET = re.compile(r"#?[0-9]+(\.[0-9]+)?")
"""A word that names a board (``3``, a team event's ``2.1``) or a player (``#12``), not a result."""


@dataclass(frozen=True, slots=True)
class ResultItem:
    """One result of the command line: a board (``board``) or a player (``player``)."""

    text: str
    result: str
    """A bye, or the result of game :attr:`game` (an individual event's only game)."""
    board: int | None = None
    player: int | None = None
    match: int | None = None
    """A team event's board named ``MATCH.BOARD`` (``2.3``): ``board`` is then the board of the match."""
    game: int = 1
    """The game of a two-game match :attr:`result` is for (``--game 2``: the second)."""
    second: str | None = None
    """Game 2's result, when both games of a match are given."""

    def games(self) -> tuple[tuple[int, str], ...]:
        """The games given: (game of the round, its result as written)."""
        return ((self.game, self.result),) + (((2, self.second),) if self.second is not None else ())


def parse_items(words: Sequence[str], *, games: int = 1, game: int | None = None) -> list[ResultItem]:
    """``["3", "1-0", "#12", "H"]`` → items; a usage error names the word that is wrong.
    In an event of two-game matches (``games`` 2) each board or player takes the results
    of both games (``3 1-0 ½-½``, from the first-listed player's side), or of ``game``
    alone; a bye is one word for the whole match."""
    if games == 1:
        if game is not None:
            raise UsageError(f"--game {game}: this event plays one game a round; --game is for a match of two games")
        if len(words) % 2:
            hint = " (a double forfeit is written 0-0: a bare -- ends the options and is lost)" if words[1:] else ""
            raise UsageError(f"results come in pairs, BOARD|#START RESULT; {words[-1]!r} has no result{hint}")
        return [_item(target, (result,), 1, game) for target, result in zip(words[::2], words[1::2], strict=True)]
    if game is not None and not 1 <= game <= games:
        raise UsageError(f"--game {game}: a match has games 1 and {games}")
    groups: list[tuple[str, list[str]]] = []
    for word in words:
        if _TARGET.fullmatch(word.strip()) or not groups:
            groups.append((word, []))
        else:
            groups[-1][1].append(word)
    return [_item(target, tuple(results), games, game) for target, results in groups]


def _item(target: str, results: tuple[str, ...], games: int, game: int | None) -> ResultItem:
    """One board's or player's results (one word each game given, or a bye)."""
    raw = " ".join((target, *results))
    text = shown(raw, 40)
    table, choices = (GAME_RESULTS, CHOICES) if games == 1 else (MATCH_GAME_RESULTS, MATCH_CHOICES)
    keys = []
    for result in results:
        key = result.strip()
        if key.upper() in BYES or key.lower() in WITHDRAWN:
            key = key.upper() if key.upper() in BYES else WITHDRAWN[0]
        elif key not in table:
            raise UsageError(f"{text}: unknown result {shown(result)}; expected {choices}")
        keys.append(key)
    byes = [k for k in keys if k not in table]
    wanted = 1 if games == 1 or game is not None else games
    if byes and len(keys) > 1:
        raise UsageError(f"{text}: a bye ({byes[0]}) is for the whole match: write #START {byes[0]} alone")
    if not byes and len(keys) != wanted:
        given = "no result" if not keys else f"{len(keys)} result{'s' if len(keys) != 1 else ''}"
        raise UsageError(
            f"{text}: {given}; a match has {games} games: give both, from the first-listed player's side "
            f"(3 1-0 ½-½), or one game's with --game 1 or --game 2 (a double forfeit is -/-: a bare -- "
            "ends the options and is lost)"
        )
    first, second = keys[0], (keys[1] if len(keys) > 1 else None)
    at = game or 1
    number = target[1:] if target.startswith("#") else target
    head, dot, tail = number.partition(".")
    match, board = bounded_value(head, MAX_START_NO, 1), bounded_value(tail, MAX_START_NO, 1)
    if dot and not target.startswith("#") and match is not None and board is not None:
        if byes:
            raise UsageError(f"{text}: a bye is for a player: write #START {first}")
        return ResultItem(raw, first, board=board, match=match, game=at, second=second)
    value = bounded_value(number, MAX_START_NO, 1)
    if value is None:
        raise UsageError(
            f"{text}: expected a board number (3), a team event's MATCH.BOARD (2.3) "
            f"or a start number (#12) up to {MAX_START_NO}, found {shown(target)}"
        )
    if target.startswith("#"):
        return ResultItem(raw, first, player=value, game=at, second=second)
    if byes:
        raise UsageError(f"{text}: a bye is for a player: write #START {first}")
    return ResultItem(raw, first, board=value, game=at, second=second)


def _match_board(
    tournament: Tournament,
    round_no: int,
    numbered: Sequence[tuple[int, tuple[int, int] | None, tuple[int, int]]],
    item: ResultItem,
) -> tuple[int, int]:
    """The game a team event's ``MATCH.BOARD`` names (:class:`InputError` when it names none)."""
    if not tournament.team_event:
        raise InputError(f"{item.text!r}: MATCH.BOARD is for a team event; this one numbers its boards 1, 2, …")
    for _, where, game in numbered:
        if where == (item.match, item.board):
            return game
    matches = max((where[0] for _, where, _ in numbered if where is not None), default=0)
    if item.match is None or item.match > matches:
        have = f"{matches} match{'es' if matches != 1 else ''}" if matches else "no matches"
        raise InputError(f"{item.text!r}: round {round_no} has {have}; there is no match {item.match}")
    raise InputError(f"{item.text!r}: match {item.match} of round {round_no} has no game on board {item.board}")


def enter_results(
    tournament: Tournament, round_no: int, items: Sequence[ResultItem], *, correct: bool = False
) -> Tournament:
    """``tournament`` with ``items`` entered in round ``round_no`` and the points
    column recomputed (:class:`InputError` for a board or player that does not
    exist, a bye for a player who has a game, a result that contradicts one already
    entered without ``correct``). In an event of two-game matches (C.04.5) the round
    is a match: each game goes into its round column
    (:func:`~swissbridge.rules.twogame.round_columns`), from the side of the player
    listed first on the board (White of game 1), and a bye into both."""
    from swissbridge.rules.twogame import event_rounds, round_columns

    if round_no < 1:
        raise UsageError(f"rounds are numbered from 1, not {round_no}")
    total = event_rounds(tournament)
    if total is not None and round_no > total:
        each = " (two games each)" if tournament.points.games > 1 else ""
        raise InputError(f"round {round_no} is beyond the {total} rounds of the tournament{each}")
    cols = round_columns(tournament, round_no)
    numbered: list[tuple[int, tuple[int, int] | None, tuple[int, int]]] | None = None
    t = tournament
    for item in items:
        if item.board is not None:
            if not tournament.is_paired(cols[0]):
                raise InputError(
                    f"{item.text!r}: round {round_no} is not paired yet, so it has no boards: "
                    "pair it first (swissbridge pair FILE --in-place)"
                )
            if numbered is None:
                from swissbridge.rules.teams import printed_boards

                try:
                    numbered = printed_boards(tournament, cols[0])
                except InputError as exc:
                    raise InputError(f"{item.text!r}: {exc}") from None
            boards = {n: game for n, _, game in numbered}
            if item.match is not None:
                first, second = _match_board(tournament, round_no, numbered, item)
            elif item.board not in boards:
                have = f"{len(boards)} board{'s' if len(boards) != 1 else ''}" if boards else "no boards"
                raise InputError(f"{item.text!r}: round {round_no} has {have}; there is no board {item.board}")
            else:
                first, second = boards[item.board]
            t = _games(t, round_no, cols, first, second, item, correct)
            continue
        assert item.player is not None
        n = item.player
        try:
            entry = t.player(n).entry(cols[0])
        except KeyError:
            raise InputError(f"{item.text!r}: there is no player {n}") from None
        if item.result in GAME_RESULTS or item.result in MATCH_GAME_RESULTS:
            if entry is None or entry.opponent is None:
                raise InputError(f"{item.text!r}: player {n} has no game in round {round_no}")
            first, second = (n, entry.opponent) if entry.colour is not Colour.BLACK else (entry.opponent, n)
            t = _games(t, round_no, cols, first, second, item, correct)
        else:
            t = _bye(t, round_no, cols, n, item, correct)
    return t.with_players(replace(p, stated_points=None, rank=None) for p in t.players)


def _games(
    t: Tournament, round_no: int, cols: tuple[int, ...], first: int, second: int, item: ResultItem, correct: bool
) -> Tournament:
    """``t`` with the games of ``item`` entered for ``first`` (White in the round's first
    game) and ``second``: each game of a match in its column, the same colours as paired."""
    match = len(cols) > 1
    table, shown_as = (MATCH_GAME_RESULTS, MATCH_SHOWN) if match else (GAME_RESULTS, SHOWN)
    for game, text in item.games():
        column = cols[game - 1]
        new = table[text]
        old, old_second = t.player(first).entry(column), t.player(second).entry(column)
        assert old is not None and old_second is not None
        if old.result is not Result.PENDING and (old.result, old_second.result) != new and not correct:
            what = f"round {round_no}, game {game}" if match else f"round {round_no}"
            had = shown_as.get((old.result, old_second.result), old.result.value)
            raise InputError(
                f"{item.text!r}: {what}, {first}-{second} already has the result {had}; give --correct to replace it"
            )
        colour = old.colour or Colour.WHITE
        t = t.with_round(column, {first: Entry(new[0], second, colour), second: Entry(new[1], first, colour.opposite)})
    return t


def _bye(t: Tournament, round_no: int, cols: tuple[int, ...], n: int, item: ResultItem, correct: bool) -> Tournament:
    """``t`` with player ``n``'s bye (or withdrawal) of ``item`` in round ``round_no``: in
    each of its columns (a bye applies to a whole match, C.04.5 Preface). The bye a column
    has is its entry, else the one record 240 announces: the same again changes nothing,
    another is a correction (and the record says the new one)."""
    from swissbridge.rules.twogame import event_round

    kind = ByeKind.ZERO if item.result == WITHDRAWN[0] else BYES[item.result]
    if cols[0] > t.next_round:
        raise InputError(
            f"{item.text!r}: round {round_no} is after the round to be paired next "
            f"({event_round(t, t.next_round)}); enter it once the rounds before it are paired"
        )
    for column in cols:
        entry = t.player(n).entry(column)
        if entry is not None and entry.opponent is not None:
            raise InputError(
                f"{item.text!r}: player {n} has a game in round {round_no} (against {entry.opponent}); "
                "enter its result, a forfeit (+- or -+) if the player did not come"
            )
        if entry is not None and entry.result is Result.PAB:
            raise InputError(f"{item.text!r}: player {n} has the pairing-allocated bye in round {round_no}")
        individual_only(t)
        announced = t.announced(column).get(n)
        current = entry.result if entry is not None else announced.result if announced is not None else None
        if current is not kind.result:
            fixed_by_tables(t, f"{item.text!r}: a {'withdrawal' if item.result == WITHDRAWN[0] else 'bye'}")
        if current is not None and current is not kind.result and not correct:
            how = "" if entry is not None else " (announced: record 240)"
            raise InputError(
                f"{item.text!r}: player {n} already has the entry {current.value}{how} in round {round_no}; "
                "give --correct to replace it"
            )
        if announced is not None:  # the record says the bye the round has, as it said the one before
            t = announce(t, n, [column], kind)
        if entry is not None or announced is None:
            t = t.with_round(column, {n: Entry(kind.result)})
    if item.result != WITHDRAWN[0]:
        return t
    if t.total_rounds is None:
        raise InputError(
            f"{item.text!r}: the file does not say how many rounds the event has (TRF 142), "
            "so the rounds a withdrawn player misses cannot be written; add it first"
        )
    later = [r for r in range(cols[-1] + 1, t.total_rounds + 1) if n not in t.announced(r)]
    return announce(t, n, later, ByeKind.ZERO)


def corrected_under_later_rounds(before: Tournament, after: Tournament, round_no: int) -> str | None:
    """The warning for a correction of round ``round_no`` once later rounds are paired:
    C.04.2 Art. 4.3 lets a corrected result affect only the pairings not made yet, so
    the rounds after it stay as they were paired, on the old score; the arbiter is told
    which rounds and which players' scores changed. None when nothing entered before
    changed, or no later round is paired. (A match's games, C.04.5: its columns.)"""
    from swissbridge.rules.twogame import event_round, round_columns

    cols = round_columns(before, round_no)
    last = event_round(before, before.completed_rounds)
    later = [r for r in range(round_no + 1, last + 1) if before.is_paired(round_columns(before, r)[0])]
    changed = []
    for p in before.players:
        pts = before.points
        for column in cols:
            old, new = p.entry(column), after.player(p.start_no).entry(column)
            if old is None or new is None or old.result is Result.PENDING or old.result is new.result:
                continue
            changed.append(
                f"#{p.start_no} {format_points(pts.points(old.result))} → {format_points(pts.points(new.result))}"
            )
    if not later or not changed:
        return None
    rounds = f"round {later[0]}" if len(later) == 1 else f"rounds {later[0]}-{later[-1]}"
    return (
        f"round {round_no} corrected ({', '.join(changed)}), but {rounds} {'was' if len(later) == 1 else 'were'} "
        "paired on the old score; a correction affects only the pairings not made yet (C.04.2 Art. 4.3): "
        "those rounds stay as paired"
    )


_PGN_RESULTS: Mapping[str, str] = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}
_FROM_BLACK: Mapping[str, str] = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}
"""A PGN result (White's side first) from Black's side: a match's game 2, whose first-listed
player has Black (C.04.5 4.4)."""


def items_from_pgn(tournament: Tournament, round_no: int, source: str) -> tuple[list[ResultItem], list[str]]:
    """The finished games of a broadcast's PGN for round ``round_no``, matched to the
    round's boards as the watcher matches them (FIDE ids, else names, colours as
    paired; :func:`swissbridge.formats.pgn.read_round_feed`), as result items, and
    notes on what the PGN leaves open (boards without a game, games in progress,
    games that belong to no board). Games that disagree with each other are refused.
    A Double-Swiss match round (C.04.5) reads both games of each board
    (:func:`swissbridge.formats.pgn.read_match_feed`), each entered in its column."""
    from swissbridge.formats.pgn import read_match_feed, read_round_feed
    from swissbridge.rules.history import played_pairing
    from swissbridge.rules.twogame import round_columns

    cols = round_columns(tournament, round_no)
    # Matched against the round as paired, whatever it records already: a result the
    # PGN contradicts is refused (or corrected) by enter_results, like one typed in.
    open_round = tournament
    for column in cols:
        unfinished: dict[int, Entry] = {}
        for p in tournament.players:
            e = p.entry(column)
            if e is not None and e.opponent is not None:
                unfinished[p.start_no] = Entry(Result.PENDING, e.opponent, e.colour)
        open_round = open_round.with_round(column, unfinished)
    if len(cols) > 1:
        feeds: tuple[RoundFeed, ...] = read_match_feed(source, open_round, round_no)
    else:
        pairing = played_pairing(tournament, round_no)
        if not pairing.boards:
            raise InputError(f"round {round_no} has no games to take results for")
        feeds = (read_round_feed(source, open_round, round_no, pairing=pairing),)
    items: list[ResultItem] = []
    notes: list[str] = []
    for game, feed in enumerate(feeds, 1):
        if feed.conflicts:
            raise InputError(f"{source}: " + "; ".join(str(c) for c in feed.conflicts))
        for b in feed.finished:
            first, result = (b.board.white, b.result) if game == 1 else (b.board.black, _FROM_BLACK[b.result])
            text = f"#{first} {result} ({b.games[0].where})"
            items.append(ResultItem(text, _PGN_RESULTS[result], player=first, game=game))
        of = f" (game {game})" if len(feeds) > 1 else ""
        notes += [f"{len(feed.missing)} board(s) without a game in the PGN{of}"] if feed.missing else []
        notes += [f"{b.board.white}-{b.board.black}: in progress in the PGN" for b in feed.in_progress]
        notes += [f"unmatched: {u}" for u in feed.unmatched]
    return items, notes


def undo_round(tournament: Tournament, round_no: int) -> tuple[Tournament, list[str]]:
    """``tournament`` with its last paired round ``round_no`` taken back, on purpose
    (``swissbridge undo``): the round's games with their results, its PAB and its printed
    boards removed; the byes and absences the players had in it before it was paired (H, F,
    Z) kept, and entries written for a later round turned into the announced byes they
    are (record 240); the points column recomputed. Also the things removed, for the
    message. A team event's round goes with what its team records hold of it
    (:func:`team_round_cleared`: line-ups, forfeited matches, the
    PAB team); a Double-Swiss round is a match: both its columns. Refused
    (:class:`InputError`): a round that is not the last paired one (the rounds after it
    were paired on it)."""
    from swissbridge.model import AnnouncedBye
    from swissbridge.rules.twogame import event_round, round_columns

    last = event_round(tournament, tournament.completed_rounds)
    if not last:
        raise InputError("no round is paired yet: there is nothing to take back")
    if round_no != last:
        raise InputError(
            f"round {round_no} is not the last paired round ({last}): only the last round is taken back "
            f"(the rounds after it were paired on it); take back round {last} first"
            if round_no < last
            else f"round {round_no} is not paired: the last paired round is {last}"
        )
    cols = round_columns(tournament, round_no)
    pairing = printed_pairing(tournament, cols[0])
    lost = entered_results(tournament, round_no)
    removed = [f"the pairing of round {round_no} ({pairing})"]
    if lost:
        removed.append(f"its {len(lost)} result{'s' if len(lost) != 1 else ''} ({', '.join(lost)})")
    if tournament.team_event:  # the team records hold the round too (300 line-ups, 320 PAB, 330 forfeits)
        cleared, records = team_round_cleared(tournament, round_no)
        return cleared.with_players(replace(p, stated_points=None, rank=None) for p in cleared.players), [
            *removed,
            *records,
        ]
    players = []
    later: dict[tuple[int, ByeKind], list[int]] = {}
    for p in tournament.players:
        entries = list(p.entries[: cols[-1]])
        for r, e in enumerate(p.entries[cols[-1] :], cols[-1] + 1):
            kind = {Result.HALF_BYE: ByeKind.HALF, Result.FULL_BYE: ByeKind.FULL, Result.ZERO_BYE: ByeKind.ZERO}.get(
                e.result
            )
            if kind is not None and e.opponent is None and p.start_no not in tournament.announced(r):
                later.setdefault((r, kind), []).append(p.start_no)
        for column in reversed(cols):
            if len(entries) == column and (
                entries[-1].paired or _announced_as(tournament, column, p.start_no, entries[-1])
            ):
                entries.pop()
        players.append(replace(p, entries=tuple(entries), stated_points=None, rank=None))
    byes = tuple(AnnouncedBye(kind, r, tuple(ns)) for (r, kind), ns in sorted(later.items(), key=lambda x: x[0][0]))
    t = replace(
        tournament,
        players=tuple(players),
        board_lists=tuple(b for b in tournament.board_lists if b.round_no not in cols),
        announced_byes=tournament.announced_byes + byes,
    )
    return t, removed


def _announced_as(t: Tournament, round_no: int, n: int, entry: Entry) -> bool:
    """Player ``n``'s ``entry`` in ``round_no`` is the bye record 240 announces for them
    (``player bye``, ``player withdraw``): the pairing wrote it into the round's column, and
    once the round is taken back the record alone says it, as before the round was paired."""
    kind = t.announced(round_no).get(n)
    return kind is not None and kind.result is entry.result


def team_round_cleared(tournament: Tournament, round_no: int) -> tuple[Tournament, list[str]]:
    """The team event ``tournament`` without what its paired round ``round_no`` holds: what
    taking the round back (``undo``) or pairing it again (``pair --repair``) removes. The
    members' entries of the round go (their games, the PAB, a board won against an empty
    one, a member not lined up), except those of a team not paired in it (a bye or an
    absence, kept as ``undo`` keeps a player's); so do the round's printed boards, its
    line-ups (record 300), its forfeited matches (330) and its PAB team in record 320. Also
    what went of the team records, named for the message."""
    from swissbridge.formats.trf import lineup_key, pab_value, team_setup_of
    from swissbridge.rules.teams import MatchKind, TeamEvent

    event = TeamEvent(tournament)
    unpaired = {
        rec.number
        for rec in event.records
        if (m := rec.match(round_no)) is not None and m.opponent is None and m.kind is not MatchKind.PAB
    }
    kept = {m for n in unpaired for m in event.setup.team(n).members}
    players = [
        p if p.start_no in kept or p.entry(round_no) is None else off_the_boards(p, round_no)
        for p in tournament.players
    ]
    lineups: list[int] = []
    forfeits: list[str] = []
    pab: list[int] = []
    headers: list[tuple[str, str]] = []
    for code, value in tournament.headers:
        words = value.split()
        key = lineup_key(value) if code == "300" else None
        if key is not None and key[0] == round_no:
            lineups.append(key[1])
            continue
        if code == "330" and len(words) == 4 and words[1].isdigit() and int(words[1]) == round_no:
            forfeits.append(f"{int(words[2])}-{int(words[3])} {words[0]}")
            continue
        setup = event.setup
        if code == "320" and len(setup.pab_teams) >= round_no and setup.pab_teams[round_no - 1]:
            assert setup.pab_match is not None and setup.pab_game is not None  # the 320 read gives both
            pab.append(setup.pab_teams[round_no - 1])
            teams = [*setup.pab_teams[: round_no - 1], 0, *setup.pab_teams[round_no:]]
            while teams and not teams[-1]:
                teams.pop()
            value = pab_value(setup.pab_match, setup.pab_game, teams)
        headers.append((code, value))
    cleared = replace(
        tournament,
        players=tuple(players),
        headers=tuple(headers),
        board_lists=tuple(b for b in tournament.board_lists if b.round_no != round_no),
    )
    removed = []
    if lineups:
        teams_named = ", ".join(map(str, sorted(lineups)))
        removed.append(
            f"the line-up{'s' if len(lineups) > 1 else ''} of team{'s' if len(lineups) > 1 else ''} "
            f"{teams_named} (record 300)"
        )
    if forfeits:
        removed.append(f"the forfeited match{'es' if len(forfeits) > 1 else ''} {', '.join(forfeits)} (record 330)")
    if pab:
        removed.append(f"its PAB team {pab[0]} (record 320)")
    return replace(cleared, teams=team_setup_of(cleared)), removed


def off_the_boards(player: Player, round_no: int) -> Player:
    """``player`` without a game in ``round_no`` (a member not lined up, or a round taken
    back): the round's column left empty when it is the line's last, as ``pair`` leaves a
    member not lined up, else ``Z``; the points column recomputed."""
    if len(player.entries) == round_no:
        return replace(player, entries=player.entries[: round_no - 1], stated_points=None)
    return replace(player.with_entry(round_no, ABSENT), stated_points=None)


def entered_results(tournament: Tournament, round_no: int, numbers: Container[int] | None = None) -> list[str]:
    """The results entered in ``round_no``, by board as printed (``"board 2 9-7 1-0"``; a
    Double-Swiss match's by game, ``"board 2 game 2 7-9 1-0"``): what pairing the round
    again, or taking it back, would erase; only on the boards ``numbers`` when given (a
    team's match, which its line-up would change)."""
    from swissbridge.rules.teams import printed_boards
    from swissbridge.rules.twogame import round_columns

    cols = round_columns(tournament, round_no)
    shown_as = MATCH_SHOWN if len(cols) > 1 else SHOWN
    out = []
    for n, _, (first, second) in printed_boards(tournament, cols[0]):
        if numbers is not None and n not in numbers:
            continue
        for game, column in enumerate(cols, 1):
            w, b = (first, second) if game == 1 else (second, first)
            white, black = tournament.player(w).entry(column), tournament.player(b).entry(column)
            if white is None or black is None or white.result is Result.PENDING:
                continue
            of = f" game {game}" if len(cols) > 1 else ""
            out.append(f"board {n}{of} {w}-{b} {shown_as.get((white.result, black.result), white.result.value)}")
    return out


def printed_pairing(tournament: Tournament, round_no: int) -> str:
    """Round ``round_no`` as printed, in a line (``1: 3-4, 2: 9-7, …, PAB 5``; a team event's
    ``PAB team 5``): what a re-pairing replaces, or taking the round back removes."""
    from swissbridge.rules.history import round_byes
    from swissbridge.rules.teams import played_team_pairing, printed_boards

    games = [f"{n}: {w}-{b}" for n, _, (w, b) in printed_boards(tournament, round_no)]
    if tournament.team_event:  # the PAB goes to a team (its members' entries say so)
        team = played_team_pairing(tournament, round_no)[0].bye
        bye = [f"PAB team {team}"] if team is not None else []
    else:
        player = round_byes(tournament, round_no)[0]
        bye = [f"PAB {player}"] if player is not None else []
    return ", ".join(games + bye) or "no boards"


def repair_refusal(tournament: Tournament, round_no: int, *, in_place: bool, repair: bool) -> str | None:
    """Why round ``round_no``, paired already, may not be paired again into the file, or
    ``None`` (``repair`` on a round without results and without later paired rounds): a
    re-pairing would erase its results and leave the rounds paired on it stale, so it is
    refused with what would be lost; without ``repair`` a paired round is never paired again
    in place (``pair --round N`` prints it as paired)."""
    from swissbridge.rules.twogame import event_round, round_columns

    if not (in_place or repair):
        return None  # printed as paired
    last = event_round(tournament, tournament.completed_rounds)
    later = [r for r in range(round_no + 1, last + 1) if tournament.is_paired(round_columns(tournament, r)[0])]
    lost = entered_results(tournament, round_no)
    losses = []
    if lost:
        shown = ", ".join(lost[:8]) + (", …" if len(lost) > 8 else "")
        losses.append(f"its {len(lost)} result{'s' if len(lost) != 1 else ''} ({shown})")
    if later:
        count = sum(len(entered_results(tournament, r)) for r in later)
        span = f"round {later[0]}" if len(later) == 1 else f"rounds {later[0]}-{later[-1]}"
        losses.append(f"{span} paired on it ({count} result{'s' if count != 1 else ''})")
    if losses:
        undo = (
            f"; to take back round {round_no} with its results on purpose: swissbridge undo FILE {round_no}"
            if not later
            else ""
        )
        return (
            f"round {round_no} is paired and played: pairing it again would erase {' and '.join(losses)}; "
            f"nothing written (pair FILE --round {round_no} prints it as paired{undo})"
        )
    if in_place and not repair:
        return (
            f"round {round_no} is paired already; nothing written (pair FILE --round {round_no} prints it as paired; "
            f"--repair pairs it again, since it has no results yet)"
        )
    return None
