"""Pairing systems behind one protocol, discovered through entry points.

A system (:class:`PairingSystem`) has one method per capability, and the core
(``pair``, ``check``, ``explain``, the watcher, the drop-in engine) calls only these:

* :meth:`~PairingSystem.pair` — the round's :class:`~swissbridge.pairing.RoundPairing`
  (or :class:`~swissbridge.pairing.NoLegalPairing`);
* :meth:`~PairingSystem.trace` — the same pairing with the record of how it was made,
  a :class:`Trace` (boards with the rule that gave their colours, the PAB, notes;
  a system extends it with its own steps);
* :meth:`~PairingSystem.explain` — that trace as the system's part of the explanation
  document (:class:`~swissbridge.plugins.document.SystemPart`);
* :meth:`~PairingSystem.compare` — for ``check``: why the system's pairing of a round
  is preferred to the one that was played;
* :meth:`~PairingSystem.default_acceleration` — the virtual points (C.04.7) the system
  applies by itself when the file gives none.

Each system says who it is on its class (:class:`PairingSystem`): its ``name``
(``--system NAME``), its record 192 ``codes`` (``codes[0]`` is the one written), its
``engine_flag`` (``swissbridge-engine --NAME``), the ``entrants`` it pairs
(``"players"``, ``"teams"``) and whether it pairs round robins; the core builds
every table (record 192, the engine's flags, ``--system``) from the installed
systems and names none of them, but the default (:mod:`swissbridge.systems`).

A system shipped with swissbridge is a subpackage ``swissbridge.plugins.NAME``
whose ``SYSTEM`` is the system's class; finding it reads this folder, never the
installed distributions' metadata, which keeps a ``pair`` command's start-up short.
Third-party packages add one by declaring an entry point in the group
``swissbridge.systems``::

    [project.entry-points."swissbridge.systems"]
    mysystem = "mypackage.pairing:MySystem"

The entry point may name a class (instantiated without arguments) or an instance;
the entry points are read only for a name or a record 192 code no shipped system
has.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module

from swissbridge.errors import UsageError
from swissbridge.model import Acceleration, PointSystem, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from swissbridge.plugins.document import Checklist, Explanation, SystemPart
    from swissbridge.plugins.protocol import PairingSystem as PairingSystem
    from swissbridge.plugins.protocol import RoundRobins
else:

    def __getattr__(name: str) -> object:
        """:class:`PairingSystem` (:mod:`swissbridge.plugins.protocol`), loaded when first named."""
        if name == "PairingSystem":
            from swissbridge.plugins.protocol import PairingSystem

            return PairingSystem
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GROUP = "swissbridge.systems"
"""The entry-point group third-party systems are declared in."""

ENTRANTS = frozenset({"players", "teams"})
"""What a system may pair (:attr:`PairingSystem.entrants`): individual players, teams."""


@dataclass
class TracedBoard:
    """A board of the pairing and the rule that gave its colours, in the system's words
    (``"5.2.2, the stronger colour preference is granted"``)."""

    white: int
    black: int
    rule: str


@dataclass(kw_only=True)
class Trace:
    """How a round was paired: what every system records. A system's own trace
    extends it with its steps (Dutch brackets, Lim scoregroups)."""

    round_no: int
    pairing: RoundPairing | None = None
    """The pairing made; ``None`` when no legal pairing exists (see :attr:`failure`)."""
    failure: str = ""
    """Why no legal pairing exists, when it does not."""
    boards: list[TracedBoard] = field(default_factory=list)
    """The boards in publication order."""
    bye: int | None = None
    """The player who received the pairing-allocated bye."""
    notes: list[str] = field(default_factory=list)

    def result(self) -> RoundPairing:
        """The pairing, or :class:`~swissbridge.pairing.NoLegalPairing` with the reason."""
        if self.pairing is None:
            raise NoLegalPairing(self.failure or "no legal pairing")
        return self.pairing


class BasicSystem:
    """A base for a system that only pairs: subclass it, set ``name``, ``codes`` and
    ``engine_flag`` and write :meth:`pair`; the other capabilities follow from the
    pairing (a trace of its boards without colour rules, an explanation listing the
    boards and the PAB, no comparison, no acceleration), and it pairs individual
    Swiss events. Override any of them to say more."""

    name: str
    codes: tuple[str, ...]
    engine_flag: str
    entrants: frozenset[str] = frozenset({"players"})
    round_robin: RoundRobins | None = None
    points: PointSystem | None = None
    ratings_required = False

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        raise NotImplementedError(f"{type(self).__name__}.pair")

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        r = tournament.next_round if round_no is None else round_no
        try:
            pairing = self.pair(tournament, r)
        except NoLegalPairing as exc:
            return Trace(round_no=r, failure=str(exc))
        boards = [TracedBoard(b.white, b.black, "") for b in pairing.boards]
        return Trace(round_no=r, pairing=pairing, boards=boards, bye=pairing.bye)

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        from swissbridge.plugins.document import boards_part

        return boards_part(tournament, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        return ""

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        return ()

    def checklist(self, document: Explanation) -> Checklist | None:
        return None


class UnknownSystem(LookupError):
    """No pairing system is registered under that name."""


@cache
def shipped() -> tuple[str, ...]:
    """The names of the systems shipped with swissbridge: the subpackages of this
    package (``plugins/NAME/``), found by reading its folder."""
    names = []
    for folder in __path__:
        with os.scandir(folder) as entries:
            names += [e.name for e in entries if e.is_dir() and os.path.isfile(os.path.join(e.path, "__init__.py"))]
    return tuple(sorted(n for n in names if n.isidentifier()))


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The entry points of :data:`GROUP` not shadowed by a shipped system, by name
    (read once: scanning the installed distributions takes about 30 ms)."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP) if ep.name not in shipped()}


def available() -> list[str]:
    """Names of the installed pairing systems."""
    return sorted({*shipped(), *_entry_points()})


def load(name: str) -> PairingSystem:
    """The pairing system registered as ``name``. A shipped system is not checked
    against the protocol here (``tests/unit/test_protocol.py`` checks them: the check
    needs :mod:`typing`, which a ``pair`` does not load otherwise); an entry point's is."""
    if name in shipped():
        system: PairingSystem = import_module(f"{__name__}.{name}").SYSTEM()
        return system
    return _instance(name, _entry_point(name))


def loaded_shipped() -> list[PairingSystem]:
    """The systems shipped with swissbridge, loaded (the package of each: its pairing
    code is imported when it first pairs)."""
    return [load(name) for name in shipped()]


def loaded_all() -> list[PairingSystem]:
    """Every installed system, shipped or declared by an entry point, loaded."""
    return [load(name) for name in available()]


@cache
def _entry_point(name: str) -> object:
    """The object the entry point ``name`` names, loaded once."""
    ep = _entry_points().get(name)
    if ep is None:
        raise _unknown(name)
    return ep.load()


def named(name: str) -> str:
    """The name a system is registered as that ``name`` gives, matched regardless of
    case (``Dutch``, as the README writes it, is ``dutch``); else ``name`` itself (which
    :func:`require` refuses). A shipped system's name is known without scanning the
    installed distributions."""
    key = name.strip().lower()
    if name in shipped() or key in shipped():
        return name if name in shipped() else key
    same = [n for n in _entry_points() if n.lower() == key]
    return same[0] if len(same) == 1 and name not in _entry_points() else name


def require(name: str) -> None:
    """Refuse a name no system is registered as (:class:`UnknownSystem`), without
    loading the system: a command checks its ``--system`` before any other work. A
    shipped system's name is known without scanning the installed distributions."""
    if name not in shipped() and name not in _entry_points():
        raise _unknown(name)


def _unknown(name: str) -> UnknownSystem:
    return UnknownSystem(f"unknown pairing system {name!r}; installed: {', '.join(available()) or 'none'}")


def _instance(name: str, obj: object) -> PairingSystem:
    """The system ``obj`` (a class is instantiated without arguments), once it is
    known to follow the protocol and to say who it is: its ``name`` is the name it
    is registered as, it has a record 192 code and an engine flag
    (``--`` and a name) and pairs players, teams or both."""
    from swissbridge.plugins.protocol import PairingSystem as PairingSystem
    from swissbridge.plugins.protocol import lacking

    system = obj() if isinstance(obj, type) else obj
    if not isinstance(system, PairingSystem):
        missing = lacking(system)
        what = f": it has no {', '.join(missing)}" if missing else ""
        raise UnknownSystem(f"{name!r} is not a pairing system{what} (see swissbridge.plugins.PairingSystem)")
    codes, flag, entrants = system.codes, system.engine_flag, system.entrants
    problem = (
        f"is registered as {name!r} but is named {system.name!r}"
        if system.name != name
        else "has no record 192 code"
        if not (isinstance(codes, tuple) and codes and all(isinstance(c, str) and c.strip() for c in codes))
        else f"has the engine flag {flag!r}, not --NAME"
        if not (isinstance(flag, str) and flag.startswith("--") and flag[2:].replace("-", "_").isidentifier())
        else f"pairs {sorted(entrants)!r}, not players or teams"
        if not (isinstance(entrants, frozenset) and entrants and entrants <= ENTRANTS)
        else None
    )
    if problem is not None:
        raise UnknownSystem(f"the pairing system {system.name!r} {problem}")
    return system


def resolve(system: str | PairingSystem) -> tuple[str, PairingSystem]:
    """The pairing system and its name, ``system`` being a registered name or a system
    object; an unknown name is a usage error (:class:`~swissbridge.errors.UsageError`)."""
    if isinstance(system, str):
        try:
            name = named(system)
            return name, load(name)
        except UnknownSystem as exc:
            raise UsageError(str(exc)) from None
    return system.name, system
