"""The protocol every pairing system follows, :class:`PairingSystem`, named
``swissbridge.plugins.PairingSystem``. It has a module of its own because defining
a protocol needs :mod:`typing`, which nothing else on the way to a ``pair`` imports
(2 ms of its start-up, issue 19): the built-in systems are not checked against it at
run time (``tests/unit/test_protocol.py`` checks them), an entry point's object is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from swissbridge.model import Acceleration, PointSystem, Tournament
    from swissbridge.pairing import RoundPairing
    from swissbridge.plugins import Trace
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart


@runtime_checkable
class RoundRobins(Protocol):
    """What a system that pairs round robins (C.05 Annex 1) says of them: the record 192
    code of a round robin, which depends on the event (single or double, players or teams)."""

    def schedule_code(self, entrants: int, rounds: int, *, teams: bool = False) -> str:
        """The code of a round robin of ``entrants`` (players, or ``teams``) playing
        ``rounds`` rounds; an :class:`~swissbridge.errors.InputError` when no round robin
        of theirs has that many rounds."""
        ...

    def code_for(self, tournament: Tournament) -> str | None:
        """The code written into ``tournament`` paired by the system (``None``: none fits,
        record 192 is left as it is)."""
        ...

    def fitted(self, code: str, entrants: int, rounds: int | None, *, teams: bool = False) -> tuple[str, int]:
        """Record 192's round-robin ``code`` and the rounds of a round robin of ``entrants``
        made to agree (``new``/``set``); a :class:`~swissbridge.errors.UsageError` for a
        number of rounds no schedule of theirs plays."""
        ...

    def entrant_count(self, tournament: Tournament) -> int:
        """How many its tables number in ``tournament`` (its teams, or its players)."""
        ...

    def rounds_for(self, tournament: Tournament) -> int | None:
        """The rounds of ``tournament`` when record 192 names them and the file does not."""
        ...


@runtime_checkable
class PairingSystem(Protocol):
    """A pairing system: who it is (class attributes), then one method per capability.

    ``round_robin``, ``points`` and ``ratings_required`` are declared by every system
    (:class:`BasicSystem <swissbridge.plugins.BasicSystem>` gives ``None``, ``None`` and
    false): most systems pair Swiss events with the points of the file. How many games a
    round has follows from the system's record 192 code, as the file's model reads it
    (:func:`swissbridge.model.games_per_round`: a Double-Swiss code's rounds are matches of
    two games), never from a second declaration."""

    name: str
    """Its name: ``--system NAME``, and the folder ``plugins/NAME/`` of a shipped system."""
    codes: tuple[str, ...]
    """The record 192 codes (TRF, table ETT26) that name it, upper case; the first is
    the one written into a file it pairs."""
    engine_flag: str
    """Its option of the drop-in engine (``swissbridge-engine``), ``--`` and a name."""
    entrants: frozenset[str]
    """Who it pairs: ``{"players"}`` (an individual event), ``{"teams"}`` (a team
    event, C.04.6), or both."""
    ratings_required: bool
    """Whether it needs every player rated (Dubov, C.04.4.1 1.1): ``generate`` then gives
    the players it draws unrated a provisional rating."""

    @property
    def round_robin(self) -> RoundRobins | None:
        """Its round robins (C.05 Annex 1: the events whose file says so) when it pairs
        them, else ``None``: a round robin is refused as an event it does not pair, and
        its rounds are paired only over played ones (a round robin's are read from its
        tables whatever the results). A class attribute ``round_robin = None`` will do."""
        ...

    @property
    def points(self) -> PointSystem | None:
        """The :class:`~swissbridge.model.PointSystem` of its events when it has one of
        its own (a team system's match points; ``generate`` plays with it unless told
        otherwise), else ``None``. A class attribute will do."""
        ...

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) from the history before it;
        raises :class:`~swissbridge.pairing.NoLegalPairing` when no pairing is legal."""
        ...

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        """Pair the round and record how: a trace whose ``pairing`` is ``None`` (and
        ``failure`` says why) when no legal pairing exists."""
        ...

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """The system's part of the explanation document of the round ``trace`` paired
        (``trace`` comes from this system's :meth:`trace` on ``tournament``)."""
        ...

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """Why ``expected`` (this system's pairing of ``round_no``) is preferred to the
        ``played`` one, for ``swissbridge check`` (empty when the system cannot tell)."""
        ...

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """The virtual points (C.04.7) this system gives by itself when the file gives
        none (for example Baku acceleration named by record 192); ``()`` for none."""
        ...

    def checklist(self, document: Explanation) -> Checklist | None:
        """Its own columns of bbpPairings' check-list (``swissbridge-engine -l``, between
        ``Pref`` and ``Cur``) for the round ``document`` explains (its ``players`` those
        to pair); ``None``: the generic ones (:func:`~swissbridge.plugins.document.generic_checklist`)."""
        ...


def lacking(obj: object) -> list[str]:
    """The members of :class:`PairingSystem` ``obj`` does not have, in the protocol's
    order: what the message refusing it names (a system written against an earlier
    protocol lacks ``round_robin`` and ``points``)."""
    members = [
        *PairingSystem.__annotations__,
        *(
            n
            for n, v in vars(PairingSystem).items()
            if not n.startswith("_") and (callable(v) or isinstance(v, property))
        ),
    ]
    return [m for m in members if not hasattr(obj, m)]
