"""Which pairing system a tournament is paired with: TRF record ``192`` (the
encoded tournament type of table ETT26) when the file names one, else the one the
user gives with ``--system``, else Dutch.

ETT26 has no Lim code; swissbridge writes and reads ``FIDE_LIM_2026`` for C.04.4.3
(2026). ``FIDE_DUTCH`` without an edition means the edition in force, today
C.04.3 (2026); ``FIDE_DUTCH_2025`` is what bbpPairings v6 calls that same text.
A ``_BAKU`` code pairs with the Baku acceleration (C.04.7), which the Dutch
system applies itself from the code (``plugins/dutch/round.py``). The round-robin
codes of ETT26 (``BERGER_ROUNDROBIN``, ``BERGER_DOUBLEROUNDROBIN``,
``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``, as Gacrux's TRF reader lists them;
``../shared/spec/trf.md`` names only "round robins") pair by the Berger tables, and
so does a file that says it is a round robin without a code (a Swiss-Manager
round-robin file: :data:`ROUND_ROBIN_CODE`). Any other code
(an earlier edition, Dubov, Burstein, a team system) is refused,
since pairing it with another system would silently give the wrong pairings;
``--system`` forces a system, with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.errors import InputError
from swissbridge.model import EventKind, Tournament

DEFAULT = "dutch"

CODES: dict[str, str] = {
    "FIDE_DUTCH": "dutch",
    "FIDE_DUTCH_2026": "dutch",
    "FIDE_DUTCH_2025": "dutch",
    "FIDE_DUTCH_BAKU": "dutch",
    "FIDE_DUTCH_2026_BAKU": "dutch",
    "FIDE_DUTCH_2025_BAKU": "dutch",
    "FIDE_LIM": "lim",
    "FIDE_LIM_2026": "lim",
    "BERGER_ROUNDROBIN": "roundrobin",
    "BERGER_DOUBLEROUNDROBIN": "roundrobin",
    "FIDE_ROUNDROBIN": "roundrobin",
    "FIDE_DOUBLEROUNDROBIN": "roundrobin",
}
"""The record 192 codes swissbridge implements, and the system of each."""

WRITTEN: dict[str, str] = {"dutch": "FIDE_DUTCH_2026", "lim": "FIDE_LIM_2026", "roundrobin": "BERGER_ROUNDROBIN"}
"""The record 192 code written for each built-in system (``generate``)."""

ROUND_ROBIN_CODE = "BERGER_ROUNDROBIN"
"""The code a file that says it is a round robin (:attr:`EventKind.ROUND_ROBIN`)
without a record 192 is read as: the Berger tables of C.05 Annex 1."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The system to pair with, and a warning when ``--system`` overrode the file."""

    system: str
    warning: str | None = None


def implemented() -> str:
    """The codes swissbridge implements, for messages."""
    return ", ".join(sorted(CODES))


def choose_system(tournament: Tournament, requested: str | None, *, option: str = "--system {}") -> Choice:
    """The system for ``tournament``: ``requested`` (the ``--system`` option) when
    given, with a warning when record 192 names another one; else record 192's;
    else Dutch. A record 192 swissbridge does not implement, without ``--system``,
    is an :class:`InputError` saying what is implemented and how to force it.
    ``option`` is how the command asks for a system (``{}`` the system's name), for
    the messages: ``--system dutch``, or the drop-in engine's ``--dutch``."""
    refuse_teams(tournament)  # whatever record 192 says
    choice = _choice(tournament, requested, option)
    require_pairable(tournament, choice.system)  # a team event, or a round robin paired by another system
    return choice


def _choice(tournament: Tournament, requested: str | None, option: str) -> Choice:
    code = tournament.system.strip().upper()
    if not code and tournament.kind is EventKind.ROUND_ROBIN:
        code = ROUND_ROBIN_CODE
    from_file = CODES.get(code) if code else None
    if requested is not None:
        if code and from_file != requested:
            said = f"{code} ({from_file})" if from_file else f"{code}, which swissbridge does not implement"
            given = option.replace(" {}", "").format(requested)  # "--system", the engine's "--dutch"
            return Choice(requested, f"record 192 says {said}; pairing with {requested} as {given} says")
        return Choice(requested)
    if not code:
        return Choice(DEFAULT)
    if from_file is None:
        raise InputError(
            f"record 192 says {tournament.system.strip()}, a pairing system swissbridge does not implement "
            f"(it implements {implemented()}); give {option.format('dutch')} or "
            f"{option.format('lim')} to pair it with one of those anyway"
        )
    return Choice(from_file)


def require_pairable(tournament: Tournament, system: str) -> None:
    """Refuse what ``system`` cannot pair: a team event (paired by teams, C.04.6), and
    a round robin (paired by its Berger tables, C.05 Annex 1) with any system but the
    one the round-robin code names (:data:`ROUND_ROBIN_CODE`)."""
    refuse_teams(tournament)
    robin = CODES[ROUND_ROBIN_CODE]
    if tournament.kind is EventKind.ROUND_ROBIN and system != robin:
        raise InputError(
            f"this is a round robin: its pairings come from the Berger tables (--system {robin}), "
            f"not from the {system} system"
        )


def refuse_teams(tournament: Tournament) -> None:
    """A team event (C.04.6) is paired by teams, which no system here does."""
    if tournament.team_event:
        raise InputError(
            "this is a team tournament (record 192 names a team system, or the team records 013/310 "
            "place every player in a team): swissbridge pairs individual events only"
        )


def with_kind_code(tournament: Tournament) -> Tournament:
    """A file that says it is a round robin without a record 192 (Swiss-Manager's type
    byte), with the code of the round-robin system for its players and rounds (single
    or double), so that a file written from it (``convert``, ``pair --format trf``)
    stays a round robin. Unchanged when it has a code, is not a round robin, or has
    more rounds than a double round robin."""
    if tournament.system.strip() or tournament.kind is not EventKind.ROUND_ROBIN:
        return tournament
    from dataclasses import replace

    from swissbridge.plugins import load

    engine = load(CODES[ROUND_ROBIN_CODE])
    rounds = tournament.total_rounds or tournament.rounds_in_file
    try:
        code: str = engine.schedule_code(len(tournament.players), rounds)  # type: ignore[attr-defined]
    except InputError:
        return tournament
    return replace(tournament, system=code)
