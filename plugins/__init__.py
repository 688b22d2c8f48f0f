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

Third-party packages add one by declaring an entry point in the group
``swissbridge.systems``::

    [project.entry-points."swissbridge.systems"]
    mysystem = "mypackage.pairing:MySystem"

The entry point may name a class (instantiated without arguments) or an instance.
The built-in systems (``dutch``, ``lim``) are also found without scanning the
installed distributions' entry points (:data:`BUILTIN`), which keeps a ``pair``
command's start-up short; any other name is looked up among the entry points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

from swissbridge.errors import UsageError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.plugins.document import SystemPart
    from swissbridge.plugins.protocol import PairingSystem as PairingSystem
else:

    def __getattr__(name: str) -> object:
        """:class:`PairingSystem` (:mod:`swissbridge.plugins.protocol`), loaded when first named."""
        if name == "PairingSystem":
            from swissbridge.plugins.protocol import PairingSystem

            return PairingSystem
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GROUP = "swissbridge.systems"
BUILTIN = {
    "dutch": "swissbridge.plugins.dutch:DutchSystem",
    "lim": "swissbridge.plugins.lim:LimSystem",
    "team": "swissbridge.plugins.team:TeamSystem",
}
"""The systems shipped with swissbridge (the same targets as their entry points)."""


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
    """A base for a system that only pairs: subclass it, set ``name`` and write
    :meth:`pair`; the other capabilities follow from the pairing (a trace of its
    boards without colour rules, an explanation listing the boards and the PAB, no
    comparison, no acceleration). Override any of them to say more."""

    name: str = "basic"

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


class UnknownSystem(LookupError):
    """No pairing system is registered under that name."""


def available() -> list[str]:
    """Names of the installed pairing systems."""
    from importlib.metadata import entry_points

    return sorted({*BUILTIN, *(ep.name for ep in entry_points(group=GROUP))})


def load(name: str) -> PairingSystem:
    """The pairing system registered as ``name``."""
    target = BUILTIN.get(name)
    if target is not None:  # a class of this package (the protocol is checked by tests/unit/test_protocol.py)
        module, _, attr = target.partition(":")
        system: PairingSystem = getattr(import_module(module), attr)()
        return system
    from importlib.metadata import entry_points

    for ep in entry_points(group=GROUP):
        if ep.name == name:
            return _instance(name, ep.load())
    raise _unknown(name)


def require(name: str) -> None:
    """Refuse a name no system is registered as (:class:`UnknownSystem`), without
    loading the system: a command checks its ``--system`` before any other work. A
    built-in name is known without scanning the installed distributions."""
    if name in BUILTIN:
        return
    from importlib.metadata import entry_points

    if not any(ep.name == name for ep in entry_points(group=GROUP)):
        raise _unknown(name)


def _unknown(name: str) -> UnknownSystem:
    return UnknownSystem(f"unknown pairing system {name!r}; installed: {', '.join(available()) or 'none'}")


def _instance(name: str, obj: object) -> PairingSystem:
    """The system an entry point names: a class is instantiated without arguments."""
    from swissbridge.plugins.protocol import PairingSystem as PairingSystem

    system = obj() if isinstance(obj, type) else obj
    if not isinstance(system, PairingSystem):
        raise UnknownSystem(f"entry point {name!r} is not a pairing system (see swissbridge.plugins.PairingSystem)")
    return system


def resolve(system: str | PairingSystem) -> tuple[str, PairingSystem]:
    """The pairing system and its name, ``system`` being a registered name or a system
    object; an unknown name is a usage error (:class:`~swissbridge.errors.UsageError`)."""
    if isinstance(system, str):
        try:
            return system, load(system)
        except UnknownSystem as exc:
            raise UsageError(str(exc)) from None
    return system.name, system
