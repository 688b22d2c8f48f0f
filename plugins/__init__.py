"""Pairing systems behind one protocol, discovered through entry points.

A system is an object with a ``name`` and a ``pair(tournament, round_no)`` method
returning a :class:`~swissbridge.pairing.RoundPairing` (or raising
:class:`~swissbridge.pairing.NoLegalPairing`). Third-party packages add one by
declaring an entry point in the group ``swissbridge.systems``::

    [project.entry-points."swissbridge.systems"]
    mysystem = "mypackage.pairing:MySystem"

The entry point may name a class (instantiated without arguments) or an instance.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Protocol, runtime_checkable

from swissbridge.errors import InputError
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing

GROUP = "swissbridge.systems"


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
    return sorted({ep.name for ep in entry_points(group=GROUP)})


def load(name: str) -> PairingSystem:
    """The pairing system registered as ``name``."""
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            obj = ep.load()
            system = obj() if isinstance(obj, type) else obj
            if not isinstance(system, PairingSystem):
                raise UnknownSystem(f"entry point {name!r} is not a pairing system")
            return system
    raise UnknownSystem(f"unknown pairing system {name!r}; installed: {', '.join(available()) or 'none'}")


def resolve(system: str | PairingSystem) -> tuple[str, PairingSystem]:
    """The pairing system and its name, ``system`` being a registered name or a system
    object; an unknown name is bad input (:class:`~swissbridge.errors.InputError`)."""
    if isinstance(system, str):
        try:
            return system, load(system)
        except UnknownSystem as exc:
            raise InputError(str(exc)) from None
    return getattr(system, "name", type(system).__name__), system
