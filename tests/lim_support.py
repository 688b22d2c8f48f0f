"""Builders for the Lim tests: players and rounds described the way the handbook
describes them ("#1 has met 4 and 5"), without playing whole tournaments."""

from __future__ import annotations

from collections.abc import Iterable

from swissbridge.model import Colour, Forbidden, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins.lim import LimSystem
from swissbridge.plugins.lim.engine import LimProcedure
from swissbridge.plugins.lim.rules import (
    LimPlayer,
    LimRound,
    breaks_colour_limit,
    due_colour,
    median_score_twice,
)
from swissbridge.plugins.lim.trace import GroupTrace, LimTrace
from swissbridge.state import build_state

W, B = Colour.WHITE, Colour.BLACK


def colours(text: str) -> tuple[Colour, ...]:
    return tuple(W if c == "W" else B for c in text)


def player(
    no: int,
    score: float = 0.0,
    played: str = "",
    *,
    rating: int | None = None,
    floated: bool = False,
    eligible: bool = True,
    tpn: int | None = None,
) -> LimPlayer:
    """A player with ``score`` points and the played-colour history ``played``
    (e.g. ``"WBW"``); opponents are given to :func:`make_round`."""
    cs = colours(played)
    return LimPlayer(
        no=no,
        tpn=no if tpn is None else tpn,
        score=round(score * 10),
        rating=2400 - 10 * no if rating is None else rating,
        colours=cs,
        opponents=frozenset(),
        pab_eligible=eligible,
        floated_previous_round=floated,
        due=due_colour(cs),
        may_have_white=not breaks_colour_limit(cs, W),
        may_have_black=not breaks_colour_limit(cs, B),
    )


def make_round(
    players: Iterable[LimPlayer],
    met: Iterable[tuple[int, int]] = (),
    *,
    round_no: int = 3,
    last: bool = False,
    maxi: bool = False,
    win: int = 10,
    initial: Colour = W,
    forbidden: Iterable[tuple[int, int]] = (),
) -> LimRound:
    """A round to pair: ``met`` lists the pairs that have already played."""
    opp: dict[int, set[int]] = {}
    for a, b in met:
        opp.setdefault(a, set()).add(b)
        opp.setdefault(b, set()).add(a)
    ps = {}
    for p in players:
        ps[p.no] = LimPlayer(**{**{f: getattr(p, f) for f in p.__slots__}, "opponents": frozenset(opp.get(p.no, ()))})
    return LimRound(
        state=build_state(Tournament(players=()), 1),
        round_no=round_no,
        players=ps,
        forbidden=Forbidden.of(forbidden),
        last_round=last,
        maxi=maxi,
        median_twice=median_score_twice(round_no, win),
        initial_colour=initial,
    )


def everyone_met(numbers: Iterable[int], *, but: Iterable[int] = ()) -> list[tuple[int, int]]:
    """Pairs among ``numbers`` except those involving ... nothing: all pairs, minus ``but``."""
    ns = list(numbers)
    skip = {frozenset(p) for p in but}  # type: ignore[arg-type]
    return [(a, b) for i, a in enumerate(ns) for b in ns[i + 1 :] if frozenset((a, b)) not in skip]


def pair_round(rnd: LimRound) -> tuple[LimTrace, dict[int, tuple[int, int]], int | None]:
    """Run the procedure: the trace, the boards by player, the PAB."""
    procedure = LimProcedure(rnd)
    allocations, bye = procedure.run()
    boards = {}
    for a in allocations:
        boards[a.white] = (a.white, a.black)
        boards[a.black] = (a.white, a.black)
    return procedure.trace, boards, bye


def pairs_of(trace: LimTrace, score: float | None = None) -> list[tuple[int, int]]:
    """The pairs of a scoregroup (the last attempt), each as (smaller, larger), sorted."""
    g = group(trace, score)
    return sorted((min(a, b), max(a, b)) for a, b in g.pairs)


def group(trace: LimTrace, score: float | None = None) -> GroupTrace:
    """The (last attempt at the) scoregroup with that score; the median when ``None``."""
    from swissbridge.plugins.lim.rules import Side

    found = [
        g
        for g in trace.groups
        if (score is None and g.side is Side.MEDIAN) or (score is not None and g.score == round(score * 10))
    ]
    assert found, f"no scoregroup {score}"
    return found[-1]


def fold(text: str) -> list[tuple[int, int]]:
    """``"1–4 2–5 3–6"`` → ``[(1, 4), (2, 5), (3, 6)]``."""
    out = []
    for item in text.replace("-", "–").split():
        a, b = item.split("–")
        out.append((min(int(a), int(b)), max(int(a), int(b))))
    return sorted(out)


def lim_pair(t: Tournament, round_no: int | None = None, **kw: object) -> RoundPairing:
    return LimSystem(**kw).pair(t, round_no)  # type: ignore[arg-type]
