"""``swissbridge check`` with the Burstein system: the article at the first step of the
round's pairing (its trace) that the played pairing departs from.

A seeding round (1.6) is the Dutch system's to judge. After them: the PAB (3.1: which
of 3.1.1-3.1.5 the played one loses on), then the brackets in pairing order; in the
first bracket whose pairs or floaters differ, the first criterion that separates the
two pairings ([C1], [C3], [C5], [C6], [C7], [C8]), else the order of 4.3; when the pairs
are the same and the colours differ, the rule of 5.2 that gave them."""

from __future__ import annotations

from swissbridge.model import Tournament, format_points
from swissbridge.pairing import RoundPairing

from .bracket import unfulfilled_count
from .order import precedes
from .rules import BursteinRound
from .trace import BracketRecord, BursteinTrace


def compare_pairings(tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
    """Why ``expected`` is preferred to ``played``; ``""`` when nothing tells them apart."""
    from . import BursteinSystem
    from .round import accelerated

    trace = BursteinSystem().trace(tournament, round_no)
    if not isinstance(trace, BursteinTrace):
        from swissbridge.plugins import load

        return load("dutch").compare(accelerated(tournament), round_no, expected, played)
    rnd = trace.rnd
    if played.bye != trace.bye:
        return _pab_difference(rnd, trace.bye, played.bye)
    partner: dict[int, int] = {}
    colour: dict[tuple[int, int], bool] = {}
    for board in played.boards:
        partner[board.white], partner[board.black] = board.black, board.white
        colour[(board.white, board.black)] = True
    for br in trace.brackets:
        said = _bracket_difference(rnd, br, partner)
        if said:
            return said
    for al in trace.allocations:
        if (al.white, al.black) not in colour:
            return f"#{al.white}-#{al.black}: {al.rule} ({al.facts})"
    return ""


def _pab_difference(rnd: BursteinRound, ours: int | None, theirs: int | None) -> str:
    """3.1: the article the played PAB loses on."""
    if ours is None or theirs is None:
        return "3.1: a PAB exactly when the number of players to pair is odd (C.04.1 Art. 3)"
    if theirs not in rnd.players or not rnd.players[theirs].present:
        return f"3.1: #{theirs} is not to be paired in this round"
    if not rnd.pab_eligible(theirs):
        return f"3.1.1, [C2]: #{theirs} has had a PAB or a round scored as a win without playing"
    a, b = rnd.players[ours], rnd.players[theirs]
    if a.pairing_score != b.pairing_score:
        return (
            f"3.1.3: the PAB goes to the lowest score: #{ours} has {format_points(a.pairing_score)}, "
            f"#{theirs} {format_points(b.pairing_score)}"
        )
    if a.played_games != b.played_games:
        return f"3.1.4: the PAB goes to the most games played: #{ours} {a.played_games}, #{theirs} {b.played_games}"
    return (
        f"3.1.5: the PAB goes to the lowest ranking of 1.8: #{ours} ({rnd.index[ours].text()}) "
        f"ranks below #{theirs} ({rnd.index[theirs].text()})"
    )


def _bracket_difference(rnd: BursteinRound, br: BracketRecord, partner: dict[int, int]) -> str:
    """The first criterion separating the played pairing of ``br``'s players from ours."""
    inside = set(br.players)
    theirs = sorted({(min(a, partner[a]), max(a, partner[a])) for a in br.players if partner.get(a) in inside})
    ours = sorted((min(a, b), max(a, b)) for a, b in br.pairs)
    floaters = [n for n in br.players if partner.get(n) not in inside]
    if theirs == ours and floaters == br.outgoing:
        return ""
    head = f"bracket {br.number} (score {format_points(br.score)})"
    for a, b in theirs:
        if not rnd.compatible(a, b):
            return f"{head}: [C1]/[C3]: #{a} and #{b} may not meet (met before, forbidden, or same absolute colour)"
    if len(floaters) != len(br.outgoing):
        return (
            f"{head}: [C5]: {len(br.outgoing)} outgoing floaters are possible, the played pairing has {len(floaters)}"
        )
    mine = sorted((rnd.score(n) for n in br.outgoing), reverse=True)
    other = sorted((rnd.score(n) for n in floaters), reverse=True)
    if other != mine:
        return (
            f"{head}: [C6]: the outgoing floaters' scores can be {', '.join(map(format_points, mine))}, "
            f"the played pairing's are {', '.join(map(format_points, other))}"
        )
    choice = br.choice
    if choice is not None and choice.following is not None and floaters:
        got = choice.following_of(frozenset(floaters))
        if got != choice.following:
            return (
                f"{head}: [C7]: with the floaters {_numbers(br.outgoing)} the following bracket can leave "
                f"{choice.following[0]} floater(s), with {_numbers(floaters)} it leaves {got[0]}"
                + ("" if got[0] != choice.following[0] else " of higher scores")
            )
    mine_c8, other_c8 = unfulfilled_count(rnd, ours), unfulfilled_count(rnd, theirs)
    if other_c8 != mine_c8:
        return f"{head}: [C8]: {mine_c8} player(s) must miss their colour preference, the played pairing has {other_c8}"
    bsn = {n: i for i, n in enumerate(br.players, 1)}

    def as_bsn(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(bsn[a], bsn[b]) for a, b in pairs]

    if precedes(len(br.players), as_bsn(ours), as_bsn(theirs)):
        return f"{head}: 4.3: the pairing chosen comes first in the order of pairings (3.2.2)"
    return f"{head}: the played pairing is as good and comes first in 4.3's order; please report it"


def _numbers(players: list[int]) -> str:
    return ", ".join(f"#{n}" for n in players)
