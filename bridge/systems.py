"""Which pairing system a tournament is paired with: TRF record ``192`` (the
encoded tournament type of table ETT26) when the file names one, else the one the
user gives with ``--system``, else Dutch.

ETT26 has no Lim code; swissbridge writes and reads ``FIDE_LIM_2026`` for C.04.4.3
(2026). ``FIDE_DUTCH`` without an edition means the edition in force, today
C.04.3 (2026); ``FIDE_DUTCH_2025`` is what bbpPairings v6 calls that same text.
A ``_BAKU`` code pairs with the Baku acceleration (C.04.7), which the Dutch
system applies itself from the code (``plugins/dutch/round.py``). Any other code
(an earlier edition, Dubov, Burstein, a team system, a round robin) is refused,
since pairing it with another system would silently give the wrong pairings;
``--system`` forces a system, with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.errors import InputError
from swissbridge.model import Tournament

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
}
"""The record 192 codes swissbridge implements, and the system of each."""

WRITTEN: dict[str, str] = {"dutch": "FIDE_DUTCH_2026", "lim": "FIDE_LIM_2026", "team": "FIDE_TEAM_TYPEA_MP_GP"}
"""The record 192 code written for each built-in system (``generate``)."""


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
    from swissbridge.service import require_swiss
    from swissbridge.teams import team_code

    if not tournament.team_event:
        require_swiss(tournament)  # a round robin is refused as such, whatever 192 says
    code = tournament.system.strip().upper()
    from_file = CODES.get(code) if code else None
    if team_code(code) is not None or (tournament.team_event and not code):
        from_file, code = "team", code or "FIDE_TEAM"
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
