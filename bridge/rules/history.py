"""The history of a tournament round by round, as the pairing rules read it: the
tournament just before a round was paired, the pairing published for a round, the
byes of a round, the games still without a result, and the initial colour.

Everything that looks back at the rounds already paired (``pair``, ``check``, the
generator, the formats that write pairings) reads it here, so that each rule is
written once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from swissbridge.errors import InputError
from swissbridge.messages import listed, ranges
from swissbridge.model import (
    ABSENT,
    ByeKind,
    Colour,
    Player,
    Result,
    Tournament,
    any_paired,
)
from swissbridge.pairing import Board, RoundPairing
from swissbridge.state import chronicle, keep_chronicle

__all__ = [
    "SHOWN_GAMES",
    "adjourned_note",
    "before_round",
    "bye_label",
    "infer_initial_colour",
    "initial_colour",
    "played_pairing",
    "round_byes",
    "round_to_pair",
    "team_unpaired_label",
    "team_withdrawn",
    "uncoloured_boards",
    "unfinished_games",
    "unpaired_in",
    "unpaired_label",
    "withdrawal_run",
    "withdrawn",
]


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour (C.04.3 5.1/5.2.5, C.04.4.3 7.2: the colour the top-ranked
    player receives in round 1) of a file that does not state it (no TRF 152, no XXC),
    read back from the history as the reference engine does (dutch-reference.md §1.4).

    In the earliest round in which any player had a colour (a forfeit written with
    colours counts), the players paired by then are counted in start-number order
    (§1.3: an opponent, a forfeit, the PAB); the first of them with a colour in that
    round decides: that colour at an odd position, the other at an even one (TPN
    parity). ``None`` when no game has a colour yet. A team event's is read from its
    matches (:func:`swissbridge.rules.teams.team_initial_colour`: 4.3.1 gives it by the
    teams' TPN)."""
    if tournament.team_event and tournament.teams is not None:
        from swissbridge.rules.teams import team_initial_colour

        return team_initial_colour(tournament)
    for r in range(1, tournament.rounds_in_file + 1):
        if not any((e := p.entry(r)) is not None and e.colour is not None for p in tournament.players):
            continue
        position = 0
        for p in tournament.players:
            if not any_paired(p.entries[:r]):
                continue
            position += 1
            e = p.entry(r)
            if e is not None and e.colour is not None:
                return e.colour if position % 2 == 1 else e.colour.opposite
        return None
    return None


def initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour the file states (TRF 152, XXC), else the one its history
    implies (:func:`infer_initial_colour`); ``None`` before any game has a colour."""
    return tournament.initial_colour or infer_initial_colour(tournament)


def round_to_pair(tournament: Tournament, round_no: int | None) -> int:
    """The round to pair or explain: ``round_no``, or the next one. Refused: a round
    beyond the tournament's total, and a round with an earlier round never paired
    (pairing over it would record every player absent in it, which nobody said)."""
    r = tournament.next_round if round_no is None else round_no
    if r < 1:
        raise InputError(f"rounds are numbered from 1, not {r}")
    if tournament.total_rounds is not None and r > tournament.total_rounds:
        done = f": all {tournament.total_rounds} are paired" if round_no is None else ""
        raise InputError(f"round {r} is beyond the {tournament.total_rounds} rounds of the tournament{done}")
    gaps = tournament.unpaired_rounds(r)
    if gaps:
        rounds = ranges(gaps)
        raise InputError(
            f"cannot pair round {r}: round{'s' if len(gaps) > 1 else ''} {rounds} "
            f"{'have' if len(gaps) > 1 else 'has'} not been paired; pair round {gaps[0]} first "
            f"(or write who was absent in it, 0000 - Z, for every player)"
        )
    return r


def round_byes(tournament: Tournament, round_no: int) -> tuple[int | None, tuple[int, ...]]:
    """Who received the pairing-allocated bye in ``round_no`` (``0000 - U``, or
    ``0000 - +`` which some programs write for it: :attr:`Entry.paired`), and any
    other player the file also gives one (a round has one at most: C.04.1 Art. 3)."""
    byes = [
        p.start_no
        for p in tournament.players
        if (e := p.entry(round_no)) is not None and e.opponent is None and e.paired
    ]
    return (byes[0] if byes else None), tuple(byes[1:])


def before_round(tournament: Tournament, round_no: int, *, unpaired_absent: bool = True) -> Tournament:
    """The tournament as the pairing program saw it just before pairing ``round_no``:
    the entries of rounds ``1..round_no-1``, and in round ``round_no`` only the
    entries of players who are not paired (H, F, Z absences).

    With ``unpaired_absent`` (the default, for replaying a completed round), a
    player with no entry at all in ``round_no`` is recorded absent (``0000 - Z``):
    the published pairing did not include them. Without it, a missing entry means
    the player is to be paired (the state a generator or a live tournament is in).

    The printed boards of the rounds before ``round_no`` are kept, those of the others
    dropped with their games. The copy keeps the histories of ``tournament`` as its chronicle
    (:func:`swissbridge.state.keep_chronicle`): the state of the round replayed reads
    them without going through every player's rounds again.
    """
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    done = round_no - 1
    players: list[Player] = []
    for p in tournament.players:  # one copy of a line at most, the prefix it keeps
        entries = p.entries
        entry = p.entry(round_no)
        if entry is not None and not entry.paired:  # an absence of the round: kept
            kept = entries[:round_no]
        elif entry is None and unpaired_absent:  # no entry: absent, like the rounds the line lacks
            kept = entries + (ABSENT,) * (round_no - len(entries))
        else:  # paired in the round, or to be paired
            kept = entries[:done]
        players.append(p if len(kept) == len(entries) else replace(p, entries=kept))
    boards = tuple(b for b in tournament.board_lists if b.round_no < round_no)
    replay = replace(tournament, players=tuple(players), board_lists=boards)
    keep_chronicle(tournament, replay, round_no, padded=unpaired_absent)
    return replay


def uncoloured_boards(tournament: Tournament, round_no: int) -> frozenset[frozenset[int]]:
    """The scheduled games of ``round_no`` whose colours neither player's entry gives
    (some programs write forfeits as ``nnnn - +``)."""
    out: set[frozenset[int]] = set()
    by_number = {p.start_no: p for p in tournament.players}
    for p in tournament.players:
        entry = p.entry(round_no)
        if entry is None or entry.opponent is None or entry.colour is not None:
            continue
        opponent = by_number.get(entry.opponent)
        other = opponent.entry(round_no) if opponent is not None else None
        if other is None or other.colour is None:
            out.add(frozenset((p.start_no, entry.opponent)))
    return frozenset(out)


def played_pairing(tournament: Tournament, round_no: int, *, path: str | None = None) -> RoundPairing:
    """The pairing published for ``round_no``, read back from the entries: every
    scheduled game (forfeits included, with the colours written for them), the PAB,
    and the players not paired with their entries (see :func:`round_byes`: a second
    ``U`` in the round is listed there too). Boards are listed in the order of the
    first player of each (start number); a board whose colours the file does not
    give lists the lower start number first."""
    boards: list[Board] = []
    seen: set[int] = set()
    bye, _ = round_byes(tournament, round_no)
    absent: dict[int, Result] = {}
    by_number = {p.start_no: p for p in tournament.players}
    for p in tournament.players:
        entry = p.entry(round_no)
        n = p.start_no
        if entry is None:
            continue
        if entry.opponent is None:
            if n != bye:
                absent[n] = entry.result
            continue
        if n in seen:
            continue
        m = entry.opponent
        opponent = by_number.get(m)
        if opponent is None:
            raise InputError(f"round {round_no}: player {n} is paired with {m}, who is not in the file", path=path)
        other = opponent.entry(round_no)
        if other is None or other.opponent != n:
            raise InputError(
                f"round {round_no}: player {n} is paired with {m}, but {m}'s entry does not name {n}", path=path
            )
        seen.update((n, m))
        colour = entry.colour or (other.colour.opposite if other.colour is not None else None)
        if colour is Colour.BLACK:
            boards.append(Board(m, n))
        else:
            boards.append(Board(n, m))
    return RoundPairing(round_no=round_no, boards=tuple(boards), bye=bye, absent=absent)


SHOWN_GAMES = 8
"""How many unfinished games an error message names before it says "and N more"."""


def unfinished_games(tournament: Tournament, round_no: int) -> str | None:
    """The games of rounds before ``round_no`` without a result (``"2 games without a
    result (round 4 3-7, round 4 12-15)"``), or None when there are none."""
    if chronicle(tournament, round_no).first_unfinished() >= round_no:
        return None  # the common case, found once per tournament (check asks it of every round)
    games = [f"round {r} {w}-{b}" for r in range(1, round_no) for w, b in tournament.pending_games(r)]
    if not games:
        return None
    return f"{len(games)} game{'s' if len(games) != 1 else ''} without a result ({listed(games, SHOWN_GAMES)})"


def adjourned_note(tournament: Tournament, round_no: int) -> str | None:
    """What ``explain`` and ``check`` say of a round paired with games of earlier
    rounds still without a result (GHR 3.1), or None."""
    unfinished = unfinished_games(tournament, round_no)
    if unfinished is None:
        return None
    return f"{unfinished}: each counted as a drawn game, as GHR 3.1 counts an adjourned game"


_UNPAIRED = {
    Result.PAB: "pairing-allocated bye",
    Result.FULL_BYE: "full-point bye",
    Result.HALF_BYE: "half-point bye (requested)",
    Result.ZERO_BYE: "zero-point bye (requested)",
    Result.FORFEIT_WIN: "bye",
}


FREE_ROUND = "free round"
"""A round robin's round without a game: the player meets the dummy (C.05 Annex 1)."""


def withdrawn(t: Tournament, n: int, round_no: int) -> bool:
    """Player ``n`` has left the event by round ``round_no`` (:func:`withdrawal_run`): a
    round of theirs is a zero-point bye when its entry is one, or, not written yet, when
    record 240 announces one (how ``player withdraw`` and ``result … withdrawn`` write a
    withdrawal)."""
    player = t.player(n)

    def zero(r: int) -> bool:
        e = player.entry(r)
        return e.result is Result.ZERO_BYE if e is not None else t.announced(r).get(n) is ByeKind.ZERO

    return withdrawal_run(zero, round_no, t.total_rounds)


def withdrawal_run(zero: Callable[[int], bool], round_no: int, last: int | None) -> bool:
    """The rule that tells a withdrawal (C.04.2 Art. 3.2) from a requested zero-point bye,
    for a player (:func:`withdrawn`) or a team (:func:`swissbridge.rules.teams.team_withdrawn`):
    every round from ``round_no`` to the event's ``last`` is a zero-point bye (``zero``,
    recorded or announced), and so are the rounds just before it back to where the run
    began, which is two rounds at least. The last round of a withdrawal is "withdrawn" as
    its earlier rounds are; one zero-point bye in the last round alone is a requested bye."""
    if last is None or not 1 <= round_no <= last:
        return False
    if not all(zero(r) for r in range(round_no, last + 1)):
        return False
    start = round_no
    while start > 1 and zero(start - 1):
        start -= 1
    return start < last


def unpaired_label(t: Tournament, n: int, round_no: int, result: Result, *, round_robin: bool = False) -> str:
    """What a round without a game was for player ``n``: the pairing-allocated bye (the
    free round in a ``round_robin``: :func:`swissbridge.systems.declared_round_robin`), a
    requested bye, or ``withdrawn`` (:func:`withdrawn`)."""
    left = result is Result.ZERO_BYE and withdrawn(t, n, round_no)
    return bye_label(result, withdrawn=left, round_robin=round_robin)


def bye_label(result: Result, *, withdrawn: bool, round_robin: bool = False) -> str:
    """The one wording of a round without a game, a player's (:func:`unpaired_label`) or a
    team's (:func:`swissbridge.rules.teams.team_unpaired_label`): ``withdrawn`` for the
    zero-point byes of a withdrawal, the free round of a ``round_robin``, else the bye."""
    if withdrawn:
        return "withdrawn"
    if result is Result.PAB and round_robin:
        return FREE_ROUND  # the round against the dummy of C.05 Annex 1, no bye the pairing allocated
    return _UNPAIRED.get(result, "not paired")


def team_withdrawn(tournament: Tournament, team: int, round_no: int) -> bool:
    """Team ``team`` has left the event by round ``round_no`` (``team withdraw``, C.04.2
    Art. 3.2 applied to teams): the rule of a player's withdrawal
    (:func:`withdrawal_run`) read on the team's rounds, a round
    a zero-point bye when its members' entries written in it are all ``Z`` (the team not
    paired), or, none written yet, when the team form of record 240 announces one."""
    setup = tournament.teams
    if setup is None:
        return False
    members = [tournament.player(m) for m in setup.team(team).members]

    def zero(r: int) -> bool:
        written = [e for p in members if (e := p.entry(r)) is not None]
        if written:
            return all(e.result is Result.ZERO_BYE for e in written)
        return any(b.kind is ByeKind.ZERO and b.round_no == r and team in b.players for b in setup.byes)

    return withdrawal_run(zero, round_no, tournament.total_rounds)


def team_unpaired_label(
    tournament: Tournament, team: int, round_no: int, result: Result, *, round_robin: bool = False
) -> str:
    """What a round without a match was for team ``team`` (its entry ``result``), worded
    as a player's (:func:`bye_label`): the PAB (the free round
    of a ``round_robin``), a requested bye, or ``withdrawn`` (:func:`team_withdrawn`)."""
    left = result is Result.ZERO_BYE and team_withdrawn(tournament, team, round_no)
    return bye_label(result, withdrawn=left, round_robin=round_robin)


def unpaired_in(t: Tournament, pairing: RoundPairing, *, round_robin: bool = False) -> dict[int, str]:
    """The players of ``pairing`` without a game, the PAB first and then the absent by
    start number, each with what the round is for them (:func:`unpaired_label`, read in
    the round's first column: a Double-Swiss match's game 1, :func:`~swissbridge.rules.twogame.columns`)."""
    byes = [(pairing.bye, Result.PAB)] if pairing.bye is not None else []
    first = (pairing.round_no - 1) * t.points.games + 1
    return {
        n: unpaired_label(t, n, first, r, round_robin=round_robin) for n, r in [*byes, *sorted(pairing.absent.items())]
    }
