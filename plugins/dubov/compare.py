"""For ``swissbridge check``: the article of C.04.4.1 at the first step of the round's
pairing (its trace) that the played pairing departs from, and why the system's choice is
preferred there — the PAB (3.1), a bracket's upfloaters (3.2.1-3.2.2, [C5]-[C10]), its
pairs (3.2.3-3.2.6). Colours alone are ``check``'s own business (the rule of 5.2 of each
board is in the trace)."""

from __future__ import annotations

from swissbridge.model import format_points
from swissbridge.pairing import RoundPairing
from swissbridge.plugins.dubov.round import quality
from swissbridge.plugins.dubov.rules import DubovRound
from swissbridge.plugins.dubov.trace import BracketRecord, DubovTrace

_CRITERIA = ("C6", "C7", "C8", "C9", "C10")


def _nos(numbers: list[int]) -> str:
    return ", ".join(f"#{n}" for n in sorted(numbers)) or "none"


def compare_pairings(trace: DubovTrace, played: RoundPairing) -> str:
    """Why the trace's pairing is preferred to ``played`` (empty when they have the same pairs)."""
    rnd = trace.round
    if trace.pairing is None:
        return ""
    partner: dict[int, int] = {}
    for board in played.boards:
        partner[board.white], partner[board.black] = board.black, board.white
    if trace.bye != played.bye:
        return _pab(rnd, trace, played)
    for bracket in trace.brackets:
        why = _bracket(rnd, bracket, partner)
        if why:
            return why
    return ""


def _pab(rnd: DubovRound, trace: DubovTrace, played: RoundPairing) -> str:
    by_no = {p.no: p for p in rnd.players}
    ours = by_no.get(trace.bye) if trace.bye is not None else None
    theirs = by_no.get(played.bye) if played.bye is not None else None
    head = f"3.1: the PAB goes to {f'#{ours.no}' if ours else 'nobody'}, not {f'#{theirs.no}' if theirs else 'nobody'}"
    if ours is None or theirs is None:
        return head
    if not theirs.state.pab_eligible:
        return f"{head}: [C2] (3.1.1) bars #{theirs.no} (a PAB or a win's points without playing)"
    if theirs.score != ours.score:
        return f"{head}: 3.1.3, the lowest score ({format_points(ours.score)} against {format_points(theirs.score)})"
    if theirs.played != ours.played:
        return f"{head}: 3.1.4, the most games played ({ours.played} against {theirs.played})"
    if theirs.tpn > ours.tpn:
        return f"{head}: 3.1.2, the others would have no complete pairing with #{theirs.no} out"
    return f"{head}: 3.1.5, the largest TPN ({ours.tpn} against {theirs.tpn})"


def _bracket(rnd: DubovRound, b: BracketRecord, partner: dict[int, int]) -> str:
    players = rnd.players
    pos = {p.no: p.pos for p in players}
    residents = set(b.residents)
    theirs = sorted({partner[n] for n in residents if n in partner and partner[n] not in residents})
    where = f"bracket {b.number} (score {format_points(b.score)})"
    if sorted(b.upfloaters) != theirs:
        head = f"3.2.2, {where}: the upfloaters are {_nos(b.upfloaters)}, not {_nos(theirs)}"
        if len(theirs) != len(b.upfloaters):
            return f"{head}: [C5], 3.2.1: {len(b.upfloaters)} upfloater(s) give the residents a legal pairing"
        if any(n not in pos or players[pos[n]].score >= b.score for n in theirs):
            return head
        ours_q = b.quality
        their_q = quality(rnd, [pos[n] for n in b.residents], [pos[n] for n in theirs])
        if ours_q is not None:
            for name, a, c in zip(_CRITERIA, ours_q.key(), their_q.key(), strict=True):
                if a != c:
                    return f"{head}: [{name}] ({_value(name, a)} against {_value(name, c)})"
        return f"{head}: as good by [C5]-[C10], and first in the order of 4.2 (4.1.3)"
    for a, t in zip(b.s1, b.t2, strict=True):
        s, g = players[a].no, players[t].no
        if partner.get(s) != g:
            return (
                f"3.2.6, {where}: #{s} (S1, by ascending ARO) meets #{g}, of the first transposition of G2 (4.4) "
                f"giving a legal pairing, not #{partner.get(s)}"
            )
    return ""


def _value(name: str, value: object) -> str:
    if name == "C6" and isinstance(value, tuple):
        return "scores " + ", ".join(format_points(-s) for s in value)
    return str(value)
