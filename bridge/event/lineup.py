"""A team's line-up for a round (``swissbridge team lineup``, TRF-2026 record 300): who
plays which board of the team's match, reserves in.

A team event is paired by teams (C.04.6 1.1); each match is then played on the event's
boards by each team's line-up. **By default** a team fields its first members in record
310's order, the board order of the player list (TRF-2026's default line-up:
:func:`swissbridge.rules.teams.board_pairing`); `pair --in-place` writes the round so. A
line-up fields other members (a reserve in, a board left unoccupied with ``0``) in a round
paired already, before its match is played: the match's games are written again with it,
numbered as printed (the match keeps its number and each board its number and colours:
only who sits there changes; a board left unoccupied is won by forfeit by the other side,
``0000 - +``), record 300 is written for it (and dropped when the line-up is the default
again), and every reader of the round takes it from there: the board list and its reprint,
``result`` by board, the site, the standings' board tie-breaks, the report.

Refused, naming what is wrong, nothing written: a round that is not paired (record 300
names the opponent the pairing gives), a team without a match in the round (the PAB, a
bye, a withdrawal), a player who is no member of the team (record 310; ``player add --team``
adds a reserve), a player on two boards, a count of players other than the event's boards,
a line-up with nobody, and a match with a result entered (its games are played as lined up:
the line-up is given before the match; ``undo`` takes a round back)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from swissbridge.errors import InputError, UsageError
from swissbridge.event.players import named_team, round_of
from swissbridge.event.results import entered_results, off_the_boards
from swissbridge.formats.trf import lineup_key, lineup_value, team_setup_of
from swissbridge.model import Colour, Entry, LineUp, Player, Result, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.rules.history import team_unpaired_label
from swissbridge.rules.teams import (
    BYE_RESULTS,
    TeamEvent,
    game_number,
    match_games,
    numbered_matches,
    with_printed_boards,
)


def set_lineup(
    tournament: Tournament, team: int, players: Sequence[int], round_no: int | None = None
) -> tuple[Tournament, str]:
    """``tournament`` with team ``team`` fielding ``players`` on boards 1, 2, … (``0``: the
    board left unoccupied) in ``round_no`` (default: the last paired round), and what
    changed, for the message (the tournament unchanged when the line-up is the one it has).
    Refused as the module says."""
    name = named_team(tournament, team)
    r = _round(tournament, round_no)
    t = with_printed_boards(tournament, r - 1)
    event = TeamEvent(t)
    members = event.setup.team(team).members
    _check_players(t, event, team, name, players)
    found = [(m, pair) for m, pair in numbered_matches(t, r).items() if team in pair.players()]
    if not found:
        why = _why_none(t, event, team, r)
        raise InputError(f"team {team} ({name}) has no match in round {r} ({why}): there is no board to line up")
    match, pair = found[0]
    opponent = pair.black if pair.white == team else pair.white
    span = range(game_number(event.boards, match, 1), game_number(event.boards, match, event.boards) + 1)
    played = entered_results(t, r, numbers=span)
    if played:
        back = f"; swissbridge undo FILE {r} takes the round back" if r == t.completed_rounds else ""
        raise InputError(
            f"round {r}, match {match} (team {pair.white} - team {pair.black}) has {len(played)} "
            f"result{'s' if len(played) != 1 else ''} entered ({', '.join(played)}): its games were played "
            f"as lined up, so the line-up is fixed; nothing written{back}"
        )
    old = _padded(event.lineup(event.setup.team(team), r), event.boards)
    wanted = tuple(players)
    if wanted == old:
        return tournament, f"team {team} ({name}) already plays this line-up in round {r}: nothing written"
    default = _padded(members, event.boards)
    kept = tuple(h for h in t.headers if not (h[0] == "300" and lineup_key(h[1]) == (r, team)))
    record = () if wanted == default else (("300", lineup_value(LineUp(r, team, opponent, wanted))),)
    lined = replace(t, headers=(*kept, *record))
    lined = replace(lined, teams=team_setup_of(lined))
    ((_, boards),) = match_games(TeamEvent(lined), RoundPairing(r, (pair,), None, {}))
    entries: dict[int, Entry | None] = {}
    for side in (team, opponent):
        for m in event.setup.team(side).members:
            e = lined.player(m).entry(r)
            if e is not None and (e.opponent is not None or e.result is Result.FORFEIT_WIN):
                entries[m] = None
    games: list[tuple[int, int, int]] = []
    for b in boards:
        if b.game is not None:
            entries[b.white] = Entry(Result.PENDING, b.black, Colour.WHITE)
            entries[b.black] = Entry(Result.PENDING, b.white, Colour.BLACK)
            games.append((game_number(event.boards, match, b.number), b.white, b.black))
        elif b.forfeit_winner is not None:
            entries[b.forfeit_winner] = Entry(Result.FORFEIT_WIN)
    out = lined.with_players(_placed(p, r, entries[p.start_no]) if p.start_no in entries else p for p in lined.players)
    stored = t.board_list(r)
    if stored is None:  # numbered_matches found the match's games, so with_printed_boards stored them
        raise InputError(f"round {r}: the boards as printed are not in the file; name the games by #START")
    listed = sorted([g for g in stored.games if g[0] not in span] + games)
    out = out.with_board_list(replace(stored, games=tuple(listed)))
    changes = [
        f"board {k}: {_who(t, new)} instead of {_who(t, was)}"
        for k, (was, new) in enumerate(zip(old, wanted, strict=True), 1)
        if was != new
    ]
    how = "record 300 written" if record else "record 310's order again, record 300 dropped"
    return out, (
        f"team {team} ({name}), round {r}, match {match} against team {opponent} "
        f"({named_team(t, opponent)}): {'; '.join(changes)} ({how})"
    )


def _round(t: Tournament, round_no: int | None) -> int:
    """The round lined up: ``round_no`` (range-checked), else the last paired; one paired."""
    paired = (
        "a line-up is given once the round's matches are paired (record 300 names the opponent), before they are played"
    )
    if round_no is None:
        if not t.completed_rounds:
            raise InputError(f"no round is paired yet: {paired}; pair it first (swissbridge pair FILE --in-place)")
        return t.completed_rounds
    r = round_of(t, round_no, "--round")
    if not t.is_paired(r):
        raise InputError(f"round {r} is not paired yet: {paired}; pair it first (swissbridge pair FILE --in-place)")
    return r


def _check_players(t: Tournament, event: TeamEvent, team: int, name: str, players: Sequence[int]) -> None:
    """The line-up's players: one a board of the event, each a member of ``team`` once."""
    if len(players) != event.boards:
        raise UsageError(
            f"{len(players)} player{'s' if len(players) != 1 else ''} given; the event has {event.boards} "
            f"board{'s' if event.boards != 1 else ''}: give one start number a board, board 1 first "
            "(0 for a board left unoccupied)"
        )
    if not any(players):
        raise UsageError(
            "a line-up of nobody: a team that does not come loses its match by forfeit; "
            "enter its games so (swissbridge result FILE ROUND BOARD -+ …)"
        )
    members = event.setup.team(team).members
    seen: dict[int, int] = {}
    for k, p in enumerate(players, 1):
        if not p:
            continue
        if p in seen:
            raise UsageError(f"player {p} is given for boards {seen[p]} and {k}: a player plays one board")
        seen[p] = k
        try:
            player = t.player(p)
        except KeyError:
            raise InputError(f"board {k}: there is no player {p} (the players are 1-{len(t.players)})") from None
        if p not in members:
            other = event.team_of.get(p)
            theirs = f"plays for team {other} ({named_team(t, other)})" if other is not None else "is in no team"
            raise InputError(
                f"board {k}: player {p} ({player.name}) {theirs}, not for team {team} ({name}); "
                f"a reserve joins the team with swissbridge player add FILE --team {team}"
            )


def _why_none(t: Tournament, event: TeamEvent, team: int, round_no: int) -> str:
    """Why ``team`` has no match with a game in ``round_no``: its round's label."""
    m = event.record(team).match(round_no)
    if m is None:
        return "not paired"
    if m.opponent is not None:
        return f"its match against team {m.opponent} has no game on the boards"
    return team_unpaired_label(t, team, round_no, BYE_RESULTS.get(m.kind, Result.ZERO_BYE))


def _placed(p: Player, round_no: int, entry: Entry | None) -> Player:
    """``p`` with ``entry`` in ``round_no``, or off the boards there (``None``:
    :func:`~swissbridge.event.results.off_the_boards`)."""
    if entry is None:
        return off_the_boards(p, round_no)
    return replace(p.with_entry(round_no, entry), stated_points=None)


def _padded(lineup: tuple[int, ...], boards: int) -> tuple[int, ...]:
    return (lineup + (0,) * boards)[:boards]


def _who(t: Tournament, n: int) -> str:
    return f"({n}) {t.player(n).name}" if n else "nobody (unoccupied)"
