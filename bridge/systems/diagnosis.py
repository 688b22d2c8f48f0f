"""Why a round has no legal pairing, in the arbiter's terms: which players cannot be
paired and why — they have met everyone left (C.04.1 Art. 2; C.04.3 [C1]), the
organiser forbids the pairs left ([C1], record 260/XXP), their absolute colour
preferences rule the rest out ([C3]), or nobody left may receive the
pairing-allocated bye ([C2], C.04.1 Art. 4). C.04.3 1.9.3: the Chief Arbiter then
decides; this says what to decide about.

The compatibility is the Dutch system's ([C1]-[C3], :meth:`RoundState.compatible`);
Lim's absolute rules are the same three, so the account serves both systems.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.model import Tournament
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.matching import max_cardinality_matching
from swissbridge.state import PlayerState, RoundState, build_state

SHOWN = 6
"""How many players a one-line message names before "and N more"."""


@dataclass(frozen=True, slots=True)
class Unpairable:
    """A player who cannot be paired, and why."""

    player: int
    name: str
    why: str

    def __str__(self) -> str:
        return f"#{self.player} {self.why}"


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """The players a round cannot pair and the reason of each (``summary``: one
    line when the players are not the trouble one by one but together)."""

    round_no: int
    players: tuple[Unpairable, ...]
    summary: str

    def __str__(self) -> str:
        if not self.players:
            return self.summary
        shown = "; ".join(str(u) for u in self.players[:SHOWN])
        more = f"; and {len(self.players) - SHOWN} more" if len(self.players) > SHOWN else ""
        return f"{self.summary}: {shown}{more}"


class UnpairableRound(NoLegalPairing):
    """No legal pairing of ``round_no``, with the :class:`Diagnosis` of who is left
    over and why (the system's own words first)."""

    def __init__(self, round_no: int, system_says: str, diagnosis: Diagnosis) -> None:
        super().__init__(f"{system_says}; {diagnosis}" if system_says else str(diagnosis))
        self.round_no = round_no
        self.diagnosis = diagnosis


LISTED = 12
"""The start numbers a reason names before it counts the rest (a forbidden group of
2 000 players would make one line of thousands)."""


def _numbers(numbers: list[int]) -> str:
    """``#3, #4, #6``: the first :data:`LISTED` of ``numbers``, and how many more."""
    shown = ", ".join(f"#{n}" for n in numbers[:LISTED])
    return shown if len(numbers) <= LISTED else f"{shown} and {len(numbers) - LISTED} more"


def _why(st: RoundState, p: PlayerState, others: list[PlayerState]) -> str:
    """Why ``p`` can meet none of ``others`` (each ruled out by [C1] or [C3])."""
    met = sorted(o.start_no for o in others if o.start_no in p.opponents)
    forbidden = sorted(
        n for n in (o.start_no for o in others) if n not in p.opponents and st.forbidden.forbids(p.start_no, n)
    )
    colour = st.restricting_colour(p)
    same = sorted(
        o.start_no
        for o in others
        if colour is not None and not st.bars(p, o.start_no) and st.restricting_colour(o) is colour
    )
    parts = []
    if met:
        parts.append(f"has met {'everyone left' if len(met) == len(others) else _numbers(met)}")
    if forbidden:
        parts.append(f"may not meet {_numbers(forbidden)} (forbidden pairs)")
    if same:
        parts.append(f"must have {colour} (absolute colour preference, [C3]), as must {_numbers(same)}")
    return "; ".join(parts) or "has no possible opponent"


def diagnose(tournament: Tournament, round_no: int) -> Diagnosis:
    """Who round ``round_no`` cannot pair, and why."""
    st = build_state(tournament, round_no)
    present = st.present
    index = {p.start_no: i for i, p in enumerate(present)}
    compat = st.compatibility(present)
    everyone = list(range(len(present)))  # one int object per position, shared by every row
    neighbours = [compat.among(i, everyone) for i in everyone]
    stuck = [p for p, nb in zip(present, neighbours, strict=True) if not nb]
    odd = len(present) % 2 == 1
    lonely = [
        Unpairable(p.start_no, tournament.player(p.start_no).name, _why(st, p, [o for o in present if o is not p]))
        for p in stuck
    ]
    if stuck and not (odd and len(stuck) == 1 and stuck[0].pab_eligible):
        bye = " (one of them could take the pairing-allocated bye)" if odd else ""
        return Diagnosis(round_no, tuple(lonely), f"{len(stuck)} player(s) can meet nobody left{bye}")
    if odd and not any(p.pab_eligible for p in present):
        return Diagnosis(
            round_no,
            (),
            f"{len(present)} players to pair and none may receive the pairing-allocated bye "
            "(each has had it, or scored a win without playing: C.04.1 Art. 4, [C2])",
        )
    mate = max_cardinality_matching(len(present), neighbours)
    single = [present[i] for i, m in enumerate(mate) if m == -1]
    if len(single) <= (1 if odd else 0) and (not odd or any(p.pab_eligible for p in single)):
        return Diagnosis(round_no, (), "the absolute criteria leave no pairing (the colour or float limits together)")
    options = tuple(
        Unpairable(
            p.start_no,
            tournament.player(p.start_no).name,
            "can meet only " + _numbers([present[j].start_no for j in neighbours[index[p.start_no]]])
            if neighbours[index[p.start_no]]
            else _why(st, p, [o for o in present if o is not p]),
        )
        for p in single
    )
    return Diagnosis(
        round_no,
        options,
        f"no pairing covers every player: at most {len(present) - len(single)} of {len(present)} "
        "can be paired together, and these are left over",
    )
