"""What the Burstein tests share: the absolute criteria [C1]-[C4] of C.04.4.2 checked
on a round's pairing from the round's state alone (an independent reading: it does
not call the system's own checks)."""

from __future__ import annotations

from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.state import Strength, build_state


def violations(tournament: Tournament, round_no: int, pairing: RoundPairing) -> list[str]:
    """[C1] no rematch, [C2] no PAB to a player who had one or won a round without
    playing, [C3] no pair of players with the same absolute colour preference, [C4]
    every present player paired or the one PAB; and the colours of a pair not both the
    same absolute preference's opposite."""
    state = build_state(tournament, round_no)
    present = {p.start_no for p in state.present}
    out: list[str] = []
    seen: list[int] = []
    for b in pairing.boards:
        a, c = state.players[b.white], state.players[b.black]
        seen += [b.white, b.black]
        if state.bars(a, b.black):
            out.append(f"[C1] {b.white}-{b.black} meet again")
        if a.strength is Strength.ABSOLUTE and c.strength is Strength.ABSOLUTE and a.preferred is c.preferred:
            out.append(f"[C3] {b.white}-{b.black} share an absolute preference")
        for p, got in ((a, "W"), (c, "B")):
            if p.strength is Strength.ABSOLUTE and p.preferred is not None and p.preferred.name[0] != got:
                out.append(f"5.2 {p.start_no} denied an absolute preference")
    if pairing.bye is not None:
        seen.append(pairing.bye)
        if not state.players[pairing.bye].pab_eligible:
            out.append(f"[C2] {pairing.bye} receives a second PAB")
    if sorted(seen) != sorted(present) or len(seen) != len(set(seen)):
        out.append("[C4] the pairing does not pair every present player once")
    if (pairing.bye is None) != (len(present) % 2 == 0):
        out.append("[C4] a PAB without an odd number of players, or none with one")
    return out
