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

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, replace

from swissbridge.errors import InputError, UsageError
from swissbridge.event.players import announce, fixed_by_tables, individual_only
from swissbridge.formats._text import MAX_START_NO, bounded_value, shown
from swissbridge.model import ABSENT, ByeKind, Colour, Entry, Player, Result, Tournament, format_points

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
}
"""A game's result as written on the command line: (White's entry, Black's entry)."""

BYES: Mapping[str, ByeKind] = {"H": ByeKind.HALF, "F": ByeKind.FULL, "Z": ByeKind.ZERO}
WITHDRAWN = ("withdrawn", "wd")

SHOWN: Mapping[Result, str] = {
    Result.WIN: "1-0",
    Result.LOSS: "0-1",
    Result.DRAW: "½-½",
    Result.FORFEIT_WIN: "+-",
    Result.FORFEIT_LOSS: "-+",
    Result.WIN_UNRATED: "1-0",
    Result.LOSS_UNRATED: "0-1",
    Result.DRAW_UNRATED: "½-½",
}
"""How a recorded game is shown in messages, from White's entry."""

CHOICES = "1-0, 0-1, ½-½ (or =), +-, -+, 0-0 (double forfeit); for a player: H, F, Z or withdrawn"


@dataclass(frozen=True, slots=True)
class ResultItem:
    """One result of the command line: a board (``board``) or a player (``player``)."""

    text: str
    result: str
    board: int | None = None
    player: int | None = None
    match: int | None = None
    """A team event's board named ``MATCH.BOARD`` (``2.3``): ``board`` is then the board of the match."""


def parse_items(words: Sequence[str]) -> list[ResultItem]:
    """``["3", "1-0", "#12", "H"]`` → items; a usage error names the word that is wrong."""
    if len(words) % 2:
        hint = "" if len(words) < 2 else " (a double forfeit is written 0-0: a bare -- ends the options and is lost)"
        raise UsageError(f"results come in pairs, BOARD|#START RESULT; {words[-1]!r} has no result{hint}")
    items: list[ResultItem] = []
    for target, result in zip(words[::2], words[1::2], strict=True):
        raw = f"{target} {result}"
        text = shown(raw, 40)
        key = result.strip()
        if key.upper() in BYES or key.lower() in WITHDRAWN:
            key = key.upper() if key.upper() in BYES else WITHDRAWN[0]
        elif key not in GAME_RESULTS:
            raise UsageError(f"{text}: unknown result {shown(result)}; expected {CHOICES}")
        number = target[1:] if target.startswith("#") else target
        head, dot, tail = number.partition(".")
        match, board = bounded_value(head, MAX_START_NO, 1), bounded_value(tail, MAX_START_NO, 1)
        if dot and not target.startswith("#") and match is not None and board is not None:
            if key not in GAME_RESULTS:
                raise UsageError(f"{text}: a bye is for a player: write #START {key}")
            items.append(ResultItem(raw, key, board=board, match=match))
            continue
        value = bounded_value(number, MAX_START_NO, 1)
        if value is None:
            raise UsageError(
                f"{text}: expected a board number (3), a team event's MATCH.BOARD (2.3) "
                f"or a start number (#12) up to {MAX_START_NO}, found {shown(target)}"
            )
        if target.startswith("#"):
            items.append(ResultItem(raw, key, player=value))
        elif key in GAME_RESULTS:
            items.append(ResultItem(raw, key, board=value))
        else:
            raise UsageError(f"{text}: a bye is for a player: write #START {key}")
    return items


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
    entered without ``correct``)."""
    if round_no < 1:
        raise UsageError(f"rounds are numbered from 1, not {round_no}")
    if tournament.total_rounds is not None and round_no > tournament.total_rounds:
        raise InputError(f"round {round_no} is beyond the {tournament.total_rounds} rounds of the tournament")
    numbered: list[tuple[int, tuple[int, int] | None, tuple[int, int]]] | None = None
    t = tournament
    for item in items:
        if item.board is not None:
            if not tournament.is_paired(round_no):
                raise InputError(
                    f"{item.text!r}: round {round_no} is not paired yet, so it has no boards: "
                    "pair it first (swissbridge pair FILE --in-place)"
                )
            if numbered is None:
                from swissbridge.rules.teams import printed_boards

                try:
                    numbered = printed_boards(tournament, round_no)
                except InputError as exc:
                    raise InputError(f"{item.text!r}: {exc}") from None
            boards = {n: game for n, _, game in numbered}
            if item.match is not None:
                white, black = _match_board(tournament, round_no, numbered, item)
            elif item.board not in boards:
                have = f"{len(boards)} board{'s' if len(boards) != 1 else ''}" if boards else "no boards"
                raise InputError(f"{item.text!r}: round {round_no} has {have}; there is no board {item.board}")
            else:
                white, black = boards[item.board]
            t = _game(t, round_no, white, black, item, correct)
            continue
        assert item.player is not None
        n = item.player
        try:
            entry = t.player(n).entry(round_no)
        except KeyError:
            raise InputError(f"{item.text!r}: there is no player {n}") from None
        if item.result in GAME_RESULTS:
            if entry is None or entry.opponent is None:
                raise InputError(f"{item.text!r}: player {n} has no game in round {round_no}")
            white, black = (n, entry.opponent) if entry.colour is not Colour.BLACK else (entry.opponent, n)
            t = _game(t, round_no, white, black, item, correct)
        else:
            t = _bye(t, round_no, n, entry, item, correct)
    return t.with_players(replace(p, stated_points=None, rank=None) for p in t.players)


def _game(t: Tournament, round_no: int, white: int, black: int, item: ResultItem, correct: bool) -> Tournament:
    new_white, new_black = GAME_RESULTS[item.result]
    old = t.player(white).entry(round_no)
    old_black = t.player(black).entry(round_no)
    assert old is not None and old_black is not None
    if old.result is not Result.PENDING and (old.result, old_black.result) != (new_white, new_black) and not correct:
        both = (old.result, old_black.result) == (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
        shown = "0-0" if both else SHOWN.get(old.result, old.result.value)
        raise InputError(
            f"{item.text!r}: round {round_no}, {white}-{black} already has the result {shown}; "
            "give --correct to replace it"
        )
    colour_w = old.colour or Colour.WHITE
    return t.with_round(
        round_no,
        {
            white: Entry(new_white, black, colour_w),
            black: Entry(new_black, white, colour_w.opposite),
        },
    )


def _bye(t: Tournament, round_no: int, n: int, entry: Entry | None, item: ResultItem, correct: bool) -> Tournament:
    if entry is not None and entry.opponent is not None:
        raise InputError(
            f"{item.text!r}: player {n} has a game in round {round_no} (against {entry.opponent}); "
            "enter its result, a forfeit (+- or -+) if the player did not come"
        )
    if entry is not None and entry.result is Result.PAB:
        raise InputError(f"{item.text!r}: player {n} has the pairing-allocated bye in round {round_no}")
    if round_no > t.next_round:
        raise InputError(
            f"{item.text!r}: round {round_no} is after the round to be paired next ({t.next_round}); "
            "enter it once the rounds before it are paired"
        )
    individual_only(t)
    kind = ByeKind.ZERO if item.result == WITHDRAWN[0] else BYES[item.result]
    # the bye the player has in the round: its entry, else the one record 240 announces
    announced = t.announced(round_no).get(n)
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
        t = announce(t, n, [round_no], kind)
    if entry is not None or announced is None:
        t = t.with_round(round_no, {n: Entry(kind.result)})
    if item.result != WITHDRAWN[0]:
        return t
    if t.total_rounds is None:
        raise InputError(
            f"{item.text!r}: the file does not say how many rounds the event has (TRF 142), "
            "so the rounds a withdrawn player misses cannot be written; add it first"
        )
    later = [r for r in range(round_no + 1, t.total_rounds + 1) if n not in t.announced(r)]
    return announce(t, n, later, ByeKind.ZERO)


def corrected_under_later_rounds(before: Tournament, after: Tournament, round_no: int) -> str | None:
    """The warning for a correction of round ``round_no`` once later rounds are paired:
    C.04.2 Art. 4.3 lets a corrected result affect only the pairings not made yet, so
    the rounds after it stay as they were paired, on the old score; the arbiter is told
    which rounds and which players' scores changed. None when nothing entered before
    changed, or no later round is paired."""
    later = [r for r in range(round_no + 1, before.completed_rounds + 1) if before.is_paired(r)]
    changed = []
    for p in before.players:
        old, new = p.entry(round_no), after.player(p.start_no).entry(round_no)
        if old is not None and new is not None and old.result is not Result.PENDING and old.result is not new.result:
            pts = before.points
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


def items_from_pgn(tournament: Tournament, round_no: int, source: str) -> tuple[list[ResultItem], list[str]]:
    """The finished games of a broadcast's PGN for round ``round_no``, matched to the
    round's boards as the watcher matches them (FIDE ids, else names, colours as
    paired; :func:`swissbridge.formats.pgn.read_round_feed`), as result items, and
    notes on what the PGN leaves open (boards without a game, games in progress,
    games that belong to no board). Games that disagree with each other are refused."""
    from swissbridge.formats.pgn import read_round_feed
    from swissbridge.rules.history import played_pairing

    pairing = played_pairing(tournament, round_no)
    if not pairing.boards:
        raise InputError(f"round {round_no} has no games to take results for")
    # Matched against the round as paired, whatever it records already: a result the
    # PGN contradicts is refused (or corrected) by enter_results, like one typed in.
    unfinished: dict[int, Entry] = {}
    for p in tournament.players:
        e = p.entry(round_no)
        if e is not None and e.opponent is not None:
            unfinished[p.start_no] = Entry(Result.PENDING, e.opponent, e.colour)
    open_round = tournament.with_round(round_no, unfinished)
    feed = read_round_feed(source, open_round, round_no, pairing=pairing)
    if feed.conflicts:
        raise InputError(f"{source}: " + "; ".join(str(c) for c in feed.conflicts))
    items = [
        ResultItem(f"#{b.board.white} {b.result} ({b.games[0].where})", _PGN_RESULTS[b.result], player=b.board.white)
        for b in feed.finished
    ]
    notes = [f"{len(feed.missing)} board(s) without a game in the PGN"] if feed.missing else []
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
    PAB team). Refused (:class:`InputError`): a round that is not the last paired one (the
    rounds after it were paired on it)."""
    from swissbridge.model import AnnouncedBye

    last = tournament.completed_rounds
    if not last:
        raise InputError("no round is paired yet: there is nothing to take back")
    if round_no != last:
        raise InputError(
            f"round {round_no} is not the last paired round ({last}): only the last round is taken back "
            f"(the rounds after it were paired on it); take back round {last} first"
            if round_no < last
            else f"round {round_no} is not paired: the last paired round is {last}"
        )
    pairing = printed_pairing(tournament, round_no)
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
        entries = list(p.entries[:round_no])
        for r, e in enumerate(p.entries[round_no:], round_no + 1):
            kind = {Result.HALF_BYE: ByeKind.HALF, Result.FULL_BYE: ByeKind.FULL, Result.ZERO_BYE: ByeKind.ZERO}.get(
                e.result
            )
            if kind is not None and e.opponent is None and p.start_no not in tournament.announced(r):
                later.setdefault((r, kind), []).append(p.start_no)
        if len(entries) == round_no and (
            entries[-1].paired or _announced_as(tournament, round_no, p.start_no, entries[-1])
        ):
            entries.pop()
        players.append(replace(p, entries=tuple(entries), stated_points=None, rank=None))
    byes = tuple(AnnouncedBye(kind, r, tuple(ns)) for (r, kind), ns in sorted(later.items(), key=lambda x: x[0][0]))
    t = replace(
        tournament,
        players=tuple(players),
        board_lists=tuple(b for b in tournament.board_lists if b.round_no != round_no),
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
    """The results entered in ``round_no``, by board as printed (``"board 2 9-7 1-0"``): what
    pairing the round again, or taking it back, would erase; only on the boards ``numbers``
    when given (a team's match, which its line-up would change)."""
    from swissbridge.rules.teams import printed_boards

    out = []
    for n, _, (w, b) in printed_boards(tournament, round_no):
        if numbers is not None and n not in numbers:
            continue
        white, black = tournament.player(w).entry(round_no), tournament.player(b).entry(round_no)
        if white is None or black is None or white.result is Result.PENDING:
            continue
        both = white.result is Result.FORFEIT_LOSS and black.result is Result.FORFEIT_LOSS
        out.append(f"board {n} {w}-{b} {'0-0' if both else SHOWN.get(white.result, white.result.value)}")
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
    if not (in_place or repair):
        return None  # printed as paired
    later = [r for r in range(round_no + 1, tournament.completed_rounds + 1) if tournament.is_paired(r)]
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
