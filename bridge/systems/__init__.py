"""Which pairing system a tournament is paired with: the one the user gives with
``--system``, else the one TRF record ``192`` (the encoded tournament type of table
ETT26) names, else :data:`DEFAULT`.

Each installed system declares its record 192 codes (:mod:`swissbridge.plugins`);
a code no installed system declares (an earlier edition, Dubov, Burstein, a team
system…) is refused, since pairing it with another system would silently give the
wrong pairings; ``--system`` forces a system, with a warning. A file without record
192 is paired with the default, with a warning naming it, unless the file says it
is a round robin (Swiss-Manager's type byte, JSON's ``kind``): then with the installed
system that pairs round robins (:func:`round_robin_system`). Whatever chooses the
system, its code is what record 192 says when the file is written again
(:func:`recorded`), so that the next pairing of the file uses the same system.

A system also says what it pairs: individual players, teams, round robins
(:func:`refusal`).

This package is the core's side of the plugin boundary (the systems themselves are
:mod:`swissbridge.plugins`); its modules put the options over the file
(:mod:`.settings`), read, pair and render a file (:mod:`.service`) and say why a round
has no legal pairing (:mod:`.diagnosis`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from swissbridge import plugins
from swissbridge.errors import InputError
from swissbridge.model import EventKind, Tournament
from swissbridge.model import games_per_round as model_games

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from collections.abc import Callable

    from swissbridge.plugins import PairingSystem

DEFAULT = "dutch"
"""The system a file is paired with when neither ``--system`` nor its record 192
names one: the one place swissbridge names a system."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The system to pair with, and a warning: ``--system`` overrode the file, or the
    file names no system and the default is used."""

    system: str
    warning: str | None = None


def games_per_round(system: PairingSystem) -> int:
    """The games of a round of ``system``: those of an event its record 192 code names
    (:func:`swissbridge.model.games_per_round`, the one table: 2 for the matches of a
    Double-Swiss, C.04.5, each game a round column; 1 for the others). A file's points
    follow its code whichever system reads it, so the table is the file model's, and a
    system's rounds follow the code it writes (``codes[0]``)."""
    return model_games(system.codes[0])


def code_of(tournament: Tournament) -> str:
    """Record 192 of ``tournament`` as the systems declare their codes (upper case);
    without one, TRF16's record 092 when it holds such a code (:func:`typed_code`)."""
    return tournament.system.strip().upper() or typed_code(tournament)


def typed_code(tournament: Tournament) -> str:
    """TRF16's record 092 (the type of tournament, free text) when it is a record 192
    code an installed system declares, upper case, else ``""``: files without record
    192 say their system there (bbpPairings v6's generator writes ``092
    FIDE_DUTCH_2025``). Free text (``Individual: Swiss-System``) names no system."""
    value = next((v for code, v in tournament.headers if code == "092"), "").strip().upper()
    return value if value and value in codes() else ""


def _typed_warning(code: str, system: str) -> str:
    """What the warning says of a system read from record 092: the code, its edition."""
    year = code.removesuffix("_BAKU").rsplit("_", 1)[-1]
    edition = f"the {year} edition" if year.isdigit() else "the edition in force"
    return f"record 192 names no pairing system; record 092 says {code} ({edition}): pairing with {system}"


def system_of(code: str) -> str | None:
    """The installed system record 192 ``code`` names, or None. The default system
    is asked first, then the shipped ones, then those of the entry points (read only
    when a code is not a shipped system's)."""
    if code in plugins.load(DEFAULT).codes:
        return DEFAULT
    for candidates in (plugins.loaded_shipped, plugins.loaded_all):
        for system in candidates():
            if code in system.codes:
                return system.name
    return None


def codes() -> dict[str, str]:
    """Every record 192 code of the installed systems, and the system of each."""
    return {code: s.name for s in plugins.loaded_all() for code in s.codes}


def written(system: str | PairingSystem) -> str:
    """The record 192 code written for ``system`` (its first code)."""
    return plugins.resolve(system)[1].codes[0]


def implemented() -> str:
    """The codes swissbridge implements, for messages."""
    return ", ".join(sorted(codes()))


def choose_system(tournament: Tournament, requested: str | None, *, engine: bool = False) -> Choice:
    """The system for ``tournament``: ``requested`` (the ``--system`` option) when
    given, with a warning when record 192 names another one; else record 192's;
    else :data:`DEFAULT`, with a warning naming it. A record 192 no installed system
    declares, without ``--system``, is an :class:`InputError` saying what is
    implemented and how to force it, and so is an event the system does not pair
    (:func:`refusal`). The messages name the options of the command: ``--system
    NAME``, or with ``engine`` the drop-in engine's flags (``--dutch``)."""
    code = code_of(tournament)
    from_file = system_of(code) if code else None
    choice = _choice(tournament, code, from_file, requested, engine)
    refuse(plugins.load(choice.system), tournament)
    if choice.warning is None and from_file is not None and not tournament.system.strip():
        return Choice(choice.system, _typed_warning(code, choice.system))
    return choice


def _choice(tournament: Tournament, code: str, from_file: str | None, requested: str | None, engine: bool) -> Choice:
    if requested is not None:
        if code and from_file != requested:
            said = f"{code} ({from_file})" if from_file else f"{code}, which swissbridge does not implement"
            given = _asked(requested, engine, named=False)
            record = "record 192" if tournament.system.strip() else "record 092"
            return Choice(requested, f"{record} says {said}; pairing with {requested} as {given} says")
        return Choice(requested)
    if not code and tournament.kind is EventKind.ROUND_ROBIN and (robin := round_robin_system()) is not None:
        return Choice(robin.name)  # the file says what it is: no system to guess
    if not code:
        return Choice(
            DEFAULT,
            f"record 192 names no pairing system; pairing with {DEFAULT}, the default "
            f"(give {_asked(DEFAULT, engine)} to say so, or another system)",
        )
    if from_file is not None:
        return Choice(from_file)
    if tournament.team_event:  # a team code: say what the event is before what the code is
        raise InputError(refusal(plugins.load(DEFAULT), tournament) or "")
    names = sorted(plugins.available(), key=lambda name: name != DEFAULT)  # the default first
    forced = " or ".join(_asked(name, engine) for name in names)
    raise InputError(
        f"record 192 says {tournament.system.strip()}, a pairing system swissbridge does not implement "
        f"(it implements {implemented()}); give {forced} to pair it with one of those anyway"
    )


def _asked(name: str, engine: bool, *, named: bool = True) -> str:
    """How the command asks for the system ``name``: ``--system lim`` (the option
    alone, ``--system``, when not ``named``), or the engine's flag ``--lim``."""
    if engine:
        return plugins.load(name).engine_flag
    return f"--system {name}" if named else "--system"


def refusal(system: PairingSystem, tournament: Tournament) -> str | None:
    """Why ``system`` cannot pair ``tournament``, or None: a team event (paired by
    teams, C.04.6) for a system of individual players, an individual event for a
    system of teams, a round robin (paired by its Berger tables, C.05 Annex 1) for a
    system that does not say it pairs round robins."""
    if tournament.team_event and "teams" not in system.entrants:
        return (
            "this is a team tournament (record 192 names a team system, or the team records 013/310 "
            f"place every player in a team): the {system.name} system pairs individual players"
            f"{_others(_pairs_teams, 'teams')}"
        )
    if not tournament.team_event and "players" not in system.entrants:
        return f"this is an individual event: the {system.name} system pairs teams"
    if tournament.kind is EventKind.ROUND_ROBIN and system.round_robin is None:
        return (
            f"this is a round robin: its pairings come from the Berger tables; the {system.name} system "
            f"pairs Swiss events{_others(_pairs_round_robins, 'round robins')}"
        )
    return None


def refuse(system: PairingSystem, tournament: Tournament) -> None:
    """Raise the :func:`refusal` of ``tournament`` by ``system`` as an :class:`InputError`."""
    problem = refusal(system, tournament)
    if problem is not None:
        raise InputError(problem)


def declared_round_robin(tournament: Tournament) -> bool:
    """The file says ``tournament`` is a round robin: its type (Swiss-Manager's byte,
    JSON's ``kind``), or record 192 naming a system that pairs round robins."""
    return tournament.kind is EventKind.ROUND_ROBIN or code_pairs_round_robins(code_of(tournament))


def code_pairs_round_robins(code: str) -> bool:
    """Record 192 ``code`` names an installed system that pairs round robins."""
    name = system_of(code.strip().upper())
    return name is not None and _pairs_round_robins(plugins.load(name))


def _pairs_teams(system: PairingSystem) -> bool:
    return "teams" in system.entrants


def _pairs_round_robins(system: PairingSystem) -> bool:
    return system.round_robin is not None


def _others(pairs: Callable[[PairingSystem], bool], what: str) -> str:
    """``"; --system X pairs WHAT"`` for the installed systems that pair ``what``,
    or ``"; no installed system pairs WHAT"``."""
    options = _options(pairs)
    return f"; {options} pairs {what}" if options else f"; no installed system pairs {what}"


def _options(pairs: Callable[[PairingSystem], bool]) -> str:
    """``--system X or --system Y`` for the installed systems ``pairs`` holds for ("" for none)."""
    return " or ".join(f"--system {s.name}" for s in plugins.loaded_all() if pairs(s))


def for_round_robins() -> str:
    """What to give to pair a round robin, for messages: ``--system X`` of the installed
    systems that pair them, or that none is installed."""
    return _options(_pairs_round_robins) or "a system that pairs round robins (none is installed)"


def recorded(tournament: Tournament, system: str | PairingSystem) -> Tournament:
    """``tournament`` with record 192 naming ``system``: the file's own code when it
    is one of the system's (an edition, a ``_BAKU`` variant), else the code the system
    gives the event (its round robins' ``code_for``, when it pairs them: a round robin's depends on
    its rounds; ``None`` leaves record 192 as it is), else its first code. Every
    command that writes a tournament it paired or would pair writes this, so the
    file says which system it is paired with."""
    engine = plugins.resolve(system)[1]
    if code_of(tournament) in engine.codes:  # record 192's code, or record 092's (written as 192)
        return tournament if tournament.system.strip() else replace(tournament, system=code_of(tournament))
    robin = engine.round_robin  # a round robin's code depends on the event (single or double, players or teams)
    code = robin.code_for(tournament) if robin is not None else engine.codes[0]
    return tournament if code is None else replace(tournament, system=code)


def round_robin_system() -> PairingSystem | None:
    """The installed system that pairs round robins (the shipped ones first), if any."""
    for candidates in (plugins.loaded_shipped, plugins.loaded_all):
        for system in candidates():
            if _pairs_round_robins(system):
                return system
    return None


def with_system(tournament: Tournament) -> tuple[Tournament, str | None]:
    """``tournament`` as a command that writes it without pairing it (``result``,
    ``convert``, ``ratings``) writes it: with record 192 naming the system it would be
    paired with, and a note when that is the default, which the file did not name.
    A code no installed system declares, or an event the default does not pair (a
    team event, a round robin), is left as the file has it."""
    if tournament.system.strip():
        return tournament, None
    try:
        choice = choose_system(tournament, None)
    except InputError:
        return tournament, None
    written = recorded(tournament, choice.system)
    if written is tournament:
        return tournament, None
    if typed_code(tournament):
        return written, f"record 192 set to {written.system}, as record 092 says"
    if choice.system != DEFAULT:  # a file that says it is a round robin
        return written, f"record 192 set to {written.system}: the file says it is a round robin"
    return written, f"record 192 set to {written.system}: the file named no pairing system, {DEFAULT} is the default"
