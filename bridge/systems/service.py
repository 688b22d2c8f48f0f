"""Orchestration shared by the command line, the watcher and the drop-in engine:
read a file, pair a round with a system, render the result. Data flows one way:
file → model → system → pairing → file."""

from __future__ import annotations

import os

from swissbridge.atomic import remove_stale_lock
from swissbridge.errors import InputError
from swissbridge.messages import column_width
from swissbridge.model import Result, Tournament, format_points
from swissbridge.pairing import NoLegalPairing, RoundPairing, apply_pairing
from swissbridge.plugins import Trace, resolve
from swissbridge.rules.history import round_to_pair, unfinished_games, unpaired_in
from swissbridge.systems import DEFAULT, declared_round_robin, games_per_round, refuse

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.plugins import PairingSystem


def read_tournament(
    path: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    encoding: str | None = None,
    notes: list[str] | None = None,
    warnings: list[str] | None = None,
) -> Tournament:
    """Read any supported tournament input: TRF16 / TRF-2026 (Swiss-Manager's TRF16
    export included), Swiss-Manager text exports, PGN, JSON, or a folder of them
    (``fmt`` forces a format; ``notes``, ``warnings``: see :func:`~swissbridge.formats.detect.read_any`).
    A lock a killed edit of the file left beside it is removed first (:func:`~swissbridge.atomic.remove_stale_lock`)."""
    from swissbridge.formats.detect import read_any

    remove_stale_lock(path)
    return read_any(path, fmt, encoding=encoding, notes=notes, warnings=warnings)


def pair_tournament(
    tournament: Tournament,
    *,
    system: str | PairingSystem = DEFAULT,
    round_no: int | None = None,
    adjourned: bool = False,
) -> RoundPairing:
    """Pair ``round_no`` (default: the next round) of ``tournament`` with ``system``
    (a name or a system; the default system by default).

    Games of earlier rounds without a result are refused (:func:`~swissbridge.rules.history.unfinished_games`)
    unless ``adjourned``: then each counts as a drawn game for pairing (GHR 3.1). The
    rule allows that for *adjourned* games, but a missing result is far more often
    one not entered yet, and a pairing made on a guessed result is wrong; so the
    arbiter has to say so. A round none of whose games has a result is not adjourned
    but not played, and is always refused."""
    engine, r = _pairable(tournament, system, round_no, adjourned)
    try:
        return engine.pair(tournament, r)
    except NoLegalPairing as exc:
        raise unpairable(tournament, r, exc) from exc


def unpairable(tournament: Tournament, round_no: int, exc: NoLegalPairing) -> NoLegalPairing:
    """``exc`` with who cannot be paired, and why (:mod:`swissbridge.systems.diagnosis`)."""
    from swissbridge.systems.diagnosis import UnpairableRound, diagnose

    if isinstance(exc, UnpairableRound) or tournament.team_event or tournament.points.games > 1:
        return exc  # the diagnosis reads single games of players, not teams nor matches
    return UnpairableRound(round_no, str(exc), diagnose(tournament, round_no))


def trace_tournament(
    tournament: Tournament,
    *,
    system: str | PairingSystem = DEFAULT,
    round_no: int | None = None,
    adjourned: bool = False,
) -> Trace:
    """Pair the round as :func:`pair_tournament` does, and keep the system's trace of it
    (``pair --explain`` explains the pairing it made, without pairing again)."""
    engine, r = _pairable(tournament, system, round_no, adjourned)
    try:
        return engine.trace(tournament, r)
    except NoLegalPairing as exc:
        raise unpairable(tournament, r, exc) from exc


def system_round(engine: PairingSystem, tournament: Tournament, round_no: int | None) -> tuple[int, int]:
    """The round ``engine`` is asked to pair (``round_no``, or the next one; refused as
    :func:`~swissbridge.rules.history.round_to_pair` refuses it) and the round column of its
    first game: the same round, but for a system whose rounds are matches of several
    games (``games``, C.04.5): the match and its first column (:func:`~swissbridge.rules.twogame.match_to_pair`)."""
    if games_per_round(engine) > 1:
        from swissbridge.rules.twogame import match_to_pair

        return match_to_pair(tournament, round_no)
    r = round_to_pair(tournament, round_no)
    return r, r


def _pairable(
    tournament: Tournament, system: str | PairingSystem, round_no: int | None, adjourned: bool
) -> tuple[PairingSystem, int]:
    """The system and the round to pair, once the tournament is known to be pairable.
    A system that pairs round robins reads the round from its tables whatever the
    results (C.05 Annex 1): a round robin's rounds may be paired before the earlier
    ones are played, so neither an unplayed round nor a game without a result stops it."""
    _, engine = resolve(system)
    refuse(engine, tournament)  # a team event or a round robin, for a system of Swiss events
    r, column = system_round(engine, tournament, round_no)
    if engine.round_robin is not None:
        return engine, r
    unplayed = [rr for rr in range(1, column) if tournament.is_unplayed(rr)]
    if unplayed:
        from swissbridge.rules.twogame import column_name, event_round

        last = event_round(tournament, unplayed[0])
        again = f" (or pair it again: --round {last} --repair)" if last == r - 1 else ""
        raise InputError(
            f"cannot pair round {r}: {column_name(tournament, unplayed[0])} has been paired but none of its games "
            f"has a result yet; enter its results first{again}"
        )
    if not adjourned and (problem := unfinished_games(tournament, column)) is not None:
        raise InputError(
            f"cannot pair round {r}: {problem}: enter the results, or, for adjourned games, "
            "pair with `swissbridge pair --adjourned`, which counts them as draws (GHR 3.1)"
        )
    return engine, r


def render_pairing(tournament: Tournament, pairing: RoundPairing, fmt: str, *, adjourned: bool = False) -> str:
    """The pairing in one of the ``pair`` command's output formats: the board list
    (``text``), the engines' pair list (``pairlist``), or a file format's pairing
    writer (:func:`swissbridge.formats.detect.write_pairing`; ``adjourned``: it was
    made around games without a result, see :func:`pair_tournament`)."""
    if fmt == "pairlist":
        return pairing.pairlist()
    if tournament.points.games > 1:  # a round of matches of two games: two round columns
        return _match_pairing(tournament, pairing, fmt, adjourned)
    if tournament.team_event:  # the team pairs as the games of their members
        from swissbridge.rules.teams import board_pairing

        if fmt == "text":
            return team_board_list(tournament, pairing)
        pairing = board_pairing(tournament, pairing)
    if fmt == "text":
        return board_list(tournament, pairing)
    from swissbridge.formats.detect import write_pairing

    return write_pairing(tournament, pairing, fmt, adjourned=adjourned)


def paired_tournament(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """The whole tournament with the round paired: what ``pair --in-place`` writes back
    into its input (:func:`swissbridge.commands.output.write_tournament`); a match round
    in both of its games' columns."""
    if tournament.points.games > 1:
        from swissbridge.rules.twogame import apply_match

        return apply_match(tournament, pairing)
    if tournament.team_event:  # the team pairs as the games of their members, as render_pairing writes them
        from swissbridge.rules.teams import board_pairing

        pairing = board_pairing(tournament, pairing)
    return apply_pairing(tournament, pairing)


MATCH_FORMATS = ("text", "trf", "json", "pgn")
"""The formats a round of two-game matches is written in: the board list, the files
that hold the whole tournament, each game in its column (TRF) or the match (JSON), and
PGN's pairing, both games of a board (``Round "R.B"``, the ``Game`` tag)."""


def _match_pairing(tournament: Tournament, pairing: RoundPairing, fmt: str, adjourned: bool) -> str:
    """:func:`render_pairing` of a match round (C.04.5): the board list of the matches
    (White of game 1 first), a whole tournament with both games' columns; refused in a
    format that holds one game a round and no match (Swiss-Manager's pairing file)."""
    from swissbridge.rules.twogame import game_pairings

    if fmt == "text":
        return board_list(tournament, pairing)
    if fmt not in MATCH_FORMATS:
        raise InputError(
            f"a {fmt} pairing holds one game a player and a round: a round of two-game matches (C.04.5) "
            f"cannot be written as one; give --format {'|'.join(MATCH_FORMATS)} (or pairlist)"
        )
    from swissbridge.formats.detect import write_pairing

    one, two = game_pairings(pairing)
    if fmt in ("json", "pgn"):
        return write_pairing(tournament, pairing, fmt, adjourned=adjourned)
    return write_pairing(apply_pairing(tournament, two), one, fmt, adjourned=adjourned)


def board_list(tournament: Tournament, pairing: RoundPairing) -> str:
    """A readable board list: board, scores and names (the name columns as wide as the
    longest name, up to :data:`~swissbridge.messages.MAX_PADDED`: a name is never cut)."""
    done = (pairing.round_no - 1) * tournament.points.games  # the columns before the round
    pts = tournament.points

    def who(n: int) -> tuple[str, str, str]:
        p = tournament.player(n)
        name = f"{p.title + ' ' if p.title else ''}{p.name}".strip() or f"#{n}"
        return f"({n})", name, format_points(p.score(pts, done))

    title = tournament.name or "Tournament"
    of = f" of {tournament.total_rounds // pts.games}" if tournament.total_rounds else ""
    shown = [n for b in pairing.boards for n in b.players()] + [*pairing.absent]
    shown += [pairing.bye] if pairing.bye is not None else []
    wide = column_width((who(n)[1] for n in shown), 28)  # a name is never cut
    lines = [f"{title} — round {pairing.round_no}{of}"]
    lines.append(f"{'Bd':>3}  {'No':>5} {'White':<{wide}} {'Pts':>5}   {'Pts':>5}  {'No':>5} {'Black':<{wide}}")
    for i, b in enumerate(pairing.boards, 1):
        wn, wname, wpts = who(b.white)
        bn, bname, bpts = who(b.black)
        lines.append(f"{i:>3}  {wn:>5} {wname:<{wide}} {wpts:>5} - {bpts:>5}  {bn:>5} {bname:<{wide}}")
    for n, what in unpaired_in(tournament, pairing, round_robin=declared_round_robin(tournament)).items():
        num, name, score = who(n)
        lines.append(f"{'':>3}  {num:>5} {name:<{wide}} {score:>5}   {what}")
    return "\n".join(lines) + "\n"


def team_board_list(tournament: Tournament, pairing: RoundPairing) -> str:
    """A readable list of a round of team pairs: each match with the teams' match and game
    points, then its boards by their numbers (:func:`~swissbridge.rules.teams.match_games`; a
    board a line-up leaves unoccupied is shown empty, won by forfeit by the other side)."""
    from swissbridge.rules.history import team_unpaired_label
    from swissbridge.rules.teams import TeamEvent, match_games

    event = TeamEvent(tournament)
    done = pairing.round_no - 1

    def team(n: int) -> str:
        rec = event.record(n)
        scores = f"{format_points(rec.match_points(done))}/{format_points(rec.game_points(done))}"
        return f"({n}) {rec.team.name or f'Team {n}'} {scores}"

    title = tournament.name or "Tournament"
    of = f" of {tournament.total_rounds}" if tournament.total_rounds else ""
    lines = [f"{title} — round {pairing.round_no}{of} (teams: match points/game points)"]
    for i, (m, games) in enumerate(match_games(event, pairing), 1):
        lines.append(f"{i:>3}  {team(m.white)} - {team(m.black)}")
        for b in games:
            names = [f"({n}) {tournament.player(n).name}" if n else "(empty board)" for n in (b.white, b.black)]
            forfeit = " — forfeit" if b.game is None else ""
            lines.append(f"       {b.number:>2}. {names[0]:<32} - {names[1]}{forfeit}")
    byes = [(pairing.bye, Result.PAB)] if pairing.bye is not None else []
    round_robin = declared_round_robin(tournament)
    for n, result in [*byes, *sorted(pairing.absent.items())]:
        what = team_unpaired_label(tournament, n, pairing.round_no, result, round_robin=round_robin)
        lines.append(f"     {team(n)}   {what}")
    return "\n".join(lines) + "\n"


def published_pairing(tournament: Tournament, round_no: int) -> RoundPairing:
    """Round ``round_no`` as it was paired and printed, read from the file: its boards in
    the order and with the numbers they were printed with
    (:func:`~swissbridge.rules.teams.printed_boards`), the PAB and the players not paired; in a
    team event, the pairs of teams in the order of their matches, as :func:`render_pairing`
    takes a round of team pairs; a Double-Swiss round, its matches as game 1 was paired. What
    ``pair FILE --round N`` shows for a paired round: the round on the boards, never a
    pairing made again."""
    from swissbridge.pairing import Board
    from swissbridge.rules.history import played_pairing
    from swissbridge.rules.teams import played_team_pairing, printed_boards, printed_matches
    from swissbridge.rules.twogame import round_columns

    column = round_columns(tournament, round_no)[0]  # a Double-Swiss match: its game 1 (C.04.5)
    printed = printed_boards(tournament, column)
    if tournament.team_event:
        teams, _ = played_team_pairing(tournament, round_no)
        matches = printed_matches(tournament, round_no)
        listed = {frozenset(m.players()) for m in matches}
        matches += [m for m in teams.boards if frozenset(m.players()) not in listed]
        return RoundPairing(round_no, tuple(matches), teams.bye, teams.absent)
    played = played_pairing(tournament, column)
    boards = tuple(Board(w, b) for _, _, (w, b) in printed)
    numbers = tuple(n for n, _, _ in printed)
    plain = numbers == tuple(range(1, len(numbers) + 1))
    return RoundPairing(round_no, boards, played.bye, played.absent, numbers=() if plain else numbers)
