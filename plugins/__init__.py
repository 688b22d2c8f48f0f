"""Pairing systems behind one protocol, discovered through entry points.

A system is an object with a ``name`` and a ``pair(tournament, round_no)`` method
returning a :class:`~swissbridge.pairing.RoundPairing` (or raising
:class:`~swissbridge.pairing.NoLegalPairing`). Third-party packages add one by
declaring an entry point in the group ``swissbridge.systems``::

    [project.entry-points."swissbridge.systems"]
    mysystem = "mypackage.pairing:MySystem"

The entry point may name a class (instantiated without arguments) or an instance.
The built-in systems (``dutch``, ``lim``) are also found without scanning the
installed distributions' entry points (:data:`BUILTIN`), which keeps a ``pair``
command's start-up short; any other name is looked up among the entry points.
"""

from __future__ import annotations

from importlib import import_module
from typing import Protocol, runtime_checkable

from swissbridge.errors import UsageError
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing

GROUP = "swissbridge.systems"
BUILTIN = {
    "dutch": "swissbridge.plugins.dutch:DutchSystem",
    "lim": "swissbridge.plugins.lim:LimSystem",
}
"""The systems shipped with swissbridge (the same targets as their entry points)."""


@runtime_checkable
class PairingSystem(Protocol):
    """A Swiss pairing system."""

    name: str

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) from the history before it."""
        ...


class UnknownSystem(LookupError):
    """No pairing system is registered under that name."""


def available() -> list[str]:
    """Names of the installed pairing systems."""
    from importlib.metadata import entry_points

    return sorted({*BUILTIN, *(ep.name for ep in entry_points(group=GROUP))})


def load(name: str) -> PairingSystem:
    """The pairing system registered as ``name``."""
    target = BUILTIN.get(name)
    if target is not None:
        module, _, attr = target.partition(":")
        return _instance(name, getattr(import_module(module), attr))
    from importlib.metadata import entry_points

    for ep in entry_points(group=GROUP):
        if ep.name == name:
            return _instance(name, ep.load())
    raise UnknownSystem(f"unknown pairing system {name!r}; installed: {', '.join(available()) or 'none'}")


def _instance(name: str, obj: object) -> PairingSystem:
    """The system an entry point names: a class is instantiated without arguments."""
    system = obj() if isinstance(obj, type) else obj
    if not isinstance(system, PairingSystem):
        raise UnknownSystem(f"entry point {name!r} is not a pairing system")
    return system


def resolve(system: str | PairingSystem) -> tuple[str, PairingSystem]:
    """The pairing system and its name, ``system`` being a registered name or a system
    object; an unknown name is a usage error (:class:`~swissbridge.errors.UsageError`)."""
    if isinstance(system, str):
        try:
            return system, load(system)
        except UnknownSystem as exc:
            raise UsageError(str(exc)) from None
    return getattr(system, "name", type(system).__name__), system
