"""Orchestration shared by the command line, the watcher and the drop-in engine:
read a file, pair a round with a system, render the result. Data flows one way:
file → model → system → pairing → file."""

from __future__ import annotations

import os

from swissbridge.errors import InputError
from swissbridge.model import EventKind, Tournament, format_points
from swissbridge.pairing import RoundPairing, apply_pairing
from swissbridge.plugins import resolve


def read_tournament(path: str | os.PathLike[str], fmt: str | None = None) -> Tournament:
    """Read any supported tournament input: TRF16 / TRF-2026 (Swiss-Manager's TRF16
    export included), Swiss-Manager text exports, PGN, JSON, or a folder of them
    (``fmt`` forces a format; see :mod:`swissbridge.formats.detect`)."""
    from swissbridge.formats.detect import read_any

    return read_any(path, fmt)


TEAM_RECORDS = frozenset({"013", "310"})
"""TRF records that describe teams (TRF16 013, TRF-2026 310): a team Swiss (C.04.6) is
paired by teams, which the individual systems here do not do."""


def require_swiss(tournament: Tournament) -> None:
    """Refuse what the Swiss systems here cannot pair: a team event (paired by teams,
    C.04.6) or a round robin (paired by its Berger tables, C.05 Annex 1, not round by
    round)."""
    if any(code in TEAM_RECORDS for code, _ in tournament.headers):
        raise InputError("this is a team tournament (TRF records 013/310): swissbridge pairs individual events only")
    if tournament.kind is EventKind.TEAM:
        raise InputError("this is a team tournament: swissbridge pairs individual Swiss events only")
    if tournament.kind is EventKind.ROUND_ROBIN:
        raise InputError(
            "this is a round robin: its pairings come from the Berger tables, not from a Swiss system; "
            "swissbridge pairs individual Swiss events only"
        )


SHOWN_GAMES = 8
"""How many unfinished games an error message names before it says "and N more"."""


def unfinished_games(tournament: Tournament, round_no: int) -> str | None:
    """The games of rounds before ``round_no`` without a result (``"2 games without a
    result (round 4 3-7, round 4 12-15)"``), or None when there are none."""
    from swissbridge.messages import listed

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


def round_to_pair(tournament: Tournament, round_no: int | None) -> int:
    """The round to pair or explain: ``round_no``, or the next one. Refused: a round
    beyond the tournament's total, and a round with an earlier round never paired
    (pairing over it would record every player absent in it, which nobody said)."""
    r = tournament.next_round if round_no is None else round_no
    if r < 1:
        raise InputError(f"rounds are numbered from 1, not {r}")
    if tournament.total_rounds is not None and r > tournament.total_rounds:
        raise InputError(f"round {r} is beyond the {tournament.total_rounds} rounds of the tournament")
    gaps = tournament.unpaired_rounds(r)
    if gaps:
        from swissbridge.messages import ranges

        rounds = ranges(gaps)
        raise InputError(
            f"cannot pair round {r}: round{'s' if len(gaps) > 1 else ''} {rounds} "
            f"{'have' if len(gaps) > 1 else 'has'} not been paired; pair round {gaps[0]} first "
            f"(or write who was absent in it, 0000 - Z, for every player)"
        )
    return r


def pair_tournament(
    tournament: Tournament, *, system: str = "dutch", round_no: int | None = None, adjourned: bool = False
) -> RoundPairing:
    """Pair ``round_no`` (default: the next round) of ``tournament`` with ``system``.

    Games of earlier rounds without a result are refused (:func:`unfinished_games`)
    unless ``adjourned``: then each counts as a drawn game for pairing (GHR 3.1). The
    rule allows that for *adjourned* games, but a missing result is far more often
    one not entered yet, and a pairing made on a guessed result is wrong; so the
    arbiter has to say so. A round none of whose games has a result is not adjourned
    but not played, and is always refused."""
    _, engine = resolve(system)
    require_swiss(tournament)
    r = round_to_pair(tournament, round_no)
    unplayed = [rr for rr in range(1, r) if tournament.is_unplayed(rr)]
    if unplayed:
        again = f" (or pair it again with --round {unplayed[0]})" if unplayed[0] == r - 1 else ""
        raise InputError(
            f"cannot pair round {r}: round {unplayed[0]} has been paired but none of its games has a result yet; "
            f"enter its results first{again}"
        )
    if not adjourned and (problem := unfinished_games(tournament, r)) is not None:
        raise InputError(
            f"cannot pair round {r}: {problem}: enter the results, or, for adjourned games, "
            "pair with `swissbridge pair --adjourned`, which counts them as draws (GHR 3.1)"
        )
    return engine.pair(tournament, r)


def pair_file(
    path: str | os.PathLike[str], *, system: str = "dutch", round_no: int | None = None, adjourned: bool = False
) -> tuple[Tournament, RoundPairing]:
    tournament = read_tournament(path)
    return tournament, pair_tournament(tournament, system=system, round_no=round_no, adjourned=adjourned)


def render_pairing(tournament: Tournament, pairing: RoundPairing, fmt: str, *, adjourned: bool = False) -> str:
    """The pairing in one of the ``pair`` command's output formats (``adjourned``: it
    was made around games without a result, see :func:`pair_tournament`)."""
    if fmt == "pairlist":
        return pairing.pairlist()
    if fmt == "text":
        return board_list(tournament, pairing)
    if fmt == "trf":
        from swissbridge.formats.trf import write_trf

        return write_trf(apply_pairing(tournament, pairing))
    if fmt == "json":
        from swissbridge.formats.jsonfmt import pairing_to_json

        return pairing_to_json(tournament, pairing)
    if fmt == "pgn":
        from swissbridge.formats.pgn import write_pairing_pgn

        return write_pairing_pgn(tournament, pairing)
    if fmt == "sm":
        from swissbridge.formats.swissmanager import write_pairings

        return write_pairings(tournament, pairing, adjourned=adjourned)
    raise InputError(f"unknown output format {fmt!r}")


def board_list(tournament: Tournament, pairing: RoundPairing) -> str:
    """A readable board list: board, scores, names and ratings."""
    done = pairing.round_no - 1
    pts = tournament.points

    def who(n: int) -> tuple[str, str, str]:
        p = tournament.player(n)
        name = f"{p.title + ' ' if p.title else ''}{p.name}".strip() or f"#{n}"
        return f"({n})", name, format_points(p.score(pts, done))

    title = tournament.name or "Tournament"
    of = f" of {tournament.total_rounds}" if tournament.total_rounds else ""
    lines = [f"{title} — round {pairing.round_no}{of}"]
    lines.append(f"{'Bd':>3}  {'No':>5} {'White':<28} {'Pts':>5}   {'Pts':>5}  {'No':>5} {'Black':<28}")
    for i, b in enumerate(pairing.boards, 1):
        wn, wname, wpts = who(b.white)
        bn, bname, bpts = who(b.black)
        lines.append(f"{i:>3}  {wn:>5} {wname[:28]:<28} {wpts:>5} - {bpts:>5}  {bn:>5} {bname[:28]:<28}")
    if pairing.bye is not None:
        num, name, score = who(pairing.bye)
        lines.append(f"{'':>3}  {num:>5} {name[:28]:<28} {score:>5}   pairing-allocated bye")
    for n, result in sorted(pairing.absent.items()):
        num, name, score = who(n)
        why = result.name.lower().replace("_", " ")
        lines.append(f"{'':>3}  {num:>5} {name[:28]:<28} {score:>5}   not paired ({why})")
    return "\n".join(lines) + "\n"


def explain_round(tournament: Tournament, *, system: str = "dutch", round_no: int | None = None) -> str:
    """How the system paired the round, for people: the text form of
    :func:`swissbridge.explain.explain` (brackets or scoregroups, floaters, criteria,
    PAB, colour rules); a system without a trace gives its own ``explain`` text."""
    from swissbridge.explain import explain_text

    return explain_text(tournament, system=system, round_no=round_no)
