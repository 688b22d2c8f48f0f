"""Unit tests of the Dutch system (C.04.3, 2026): the worked examples of the
handbook text and of the reference engine (dutch-reference.md [run] examples)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from swissbridge.model import Acceleration, Colour, ForbiddenPairs
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.dutch import DutchSystem, pair_round
from swissbridge.plugins.dutch.colours import allocate, rule_5_2_3
from swissbridge.plugins.dutch.context import Entrant
from swissbridge.plugins.dutch.generation import (
    exchange_key,
    exchanges,
    mdp_fields,
    mdp_sets,
    remainder_fields,
    transpositions,
)
from swissbridge.state import Float, Strength

from tests.dutch_support import boards, build

W, B = Colour.WHITE, Colour.BLACK


def pair(t: object, round_no: int | None = None) -> list[tuple[int, int]]:
    return boards(DutchSystem().pair(t, round_no))  # type: ignore[arg-type]


# -- Article 4.2: transpositions ------------------------------------------------------


def test_transpositions_of_the_11_player_bracket() -> None:
    order = list(transpositions(range(6, 12), 5))
    assert len(order) == 720
    assert order[:2] == [(6, 7, 8, 9, 10), (6, 7, 8, 9, 11)]
    assert order[-1] == (11, 10, 9, 8, 7)
    i = order.index((6, 11, 10, 9, 8))
    assert order[i + 1] == (7, 6, 8, 9, 10)
    assert order == sorted(order)


def test_transpositions_with_two_mdps() -> None:
    order = list(transpositions(range(3, 12), 2))
    assert len(order) == 72
    assert order[:3] == [(3, 4), (3, 5), (3, 6)]
    assert order[8] == (4, 3)
    assert order[-1] == (11, 10)


# -- Article 4.3: resident exchanges ----------------------------------------------------


def test_exchange_order_examples() -> None:
    # (b) 6<->4 (difference 2) before 8<->5 (3); 8+6 <-> 4+3 (7) before 9+8 <-> 5+4 (8)
    assert exchange_key((4,), (6,)) < exchange_key((5,), (8,))
    assert exchange_key((4, 3), (8, 6)) < exchange_key((5, 4), (9, 8))
    # (c) the higher differing BSN moved out of S1 first
    assert exchange_key((5,), (7,))[2] < exchange_key((4,), (6,))[2]
    assert exchange_key((5, 2), ())[2] < exchange_key((4, 3), ())[2]
    assert exchange_key((5, 4, 1), ())[2] < exchange_key((5, 3, 2), ())[2]
    # (d) the lower differing BSN moved into S1 first
    assert exchange_key((), (6,))[3] < exchange_key((), (7,))[3]
    assert exchange_key((), (6, 9))[3] < exchange_key((), (7, 8))[3]
    assert exchange_key((), (6, 7, 10))[3] < exchange_key((), (6, 8, 9))[3]


def test_first_exchanges_of_an_11_player_bracket() -> None:
    order = exchanges(range(1, 6), range(6, 12))
    assert order[:4] == [((5,), (6,)), ((5,), (7,)), ((4,), (6,)), ((5,), (8,))]
    assert all(len(a) == 1 for a, _ in order[:30]) and len(order[30][0]) == 2


# -- Article 4.4.2: MDP sets ------------------------------------------------------------


def test_mdp_set_order() -> None:
    assert list(mdp_sets([1, 3, 4], 2)) == [(1, 3), (1, 4), (3, 4)]


# -- the tie-break fields reproduce the generation order ------------------------------------


def _literal_remainder_order(r: int, p: int) -> list[frozenset[tuple[int, int]]]:
    """Candidates of a remainder of ``r`` players (BSN 0..r-1) forming ``p`` pairs, in
    the order Articles 3.6 and 4.2/4.3 generate them (first appearance counts)."""
    s1, s2 = list(range(p)), list(range(p, r))
    seen: list[frozenset[tuple[int, int]]] = []
    known: set[frozenset[tuple[int, int]]] = set()
    for out, inn in [((), ()), *exchanges(s1, s2)]:
        new_s1 = sorted((set(s1) - set(out)) | set(inn))
        new_s2 = sorted((set(s2) - set(inn)) | set(out))
        for perm in itertools.permutations(new_s2, p):
            cand = frozenset((min(a, b), max(a, b)) for a, b in zip(new_s1, perm, strict=False))
            if cand not in known:
                known.add(cand)
                seen.append(cand)
    return seen


@pytest.mark.parametrize(("r", "p"), [(2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (6, 2)])
def test_remainder_fields_follow_articles_4_2_and_4_3(r: int, p: int) -> None:
    literal = _literal_remainder_order(r, p)

    def value(cand: frozenset[tuple[int, int]]) -> tuple[int, ...]:
        sums = [0] * 5
        for i, j in cand:
            for k, v in enumerate(remainder_fields(i, j, p, r)):
                sums[k] += v
        return tuple(sums)

    values = [value(c) for c in literal]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(("m", "res"), [(1, 3), (2, 3), (2, 4), (3, 4)])
def test_mdp_fields_follow_articles_4_4_and_4_2(m: int, res: int) -> None:
    # literal order: MDP sets of size m1 by 4.4.2, then transpositions of the residents
    for m1 in range(1, m + 1):
        literal = []
        for mset in mdp_sets(range(m), m1):
            for perm in itertools.permutations(range(res), m1):
                literal.append(tuple(zip(mset, perm, strict=False)))

        def value(cand: tuple[tuple[int, int], ...]) -> tuple[int, int]:
            a = sum(mdp_fields(i, j, m, res)[0] for i, j in cand)
            b = sum(mdp_fields(i, j, m, res)[1] for i, j in cand)
            return a, b

        values = [value(c) for c in literal]
        assert values == sorted(values, reverse=True)
        assert len(set(values)) == len(values)


# -- Article 5: colours -----------------------------------------------------------------------


def _entrant(
    tpn: int,
    colours: tuple[Colour, ...],
    pscore: int = 0,
    pref: Colour | None = None,
    strength: Strength = Strength.NONE,
) -> Entrant:
    cd = sum(1 if c is W else -1 for c in colours)
    return Entrant(
        rank=tpn - 1,
        start_no=tpn,
        tpn=tpn,
        score=pscore,
        pscore=pscore,
        colours=colours,
        preference=pref,
        strength=strength,
        imbalance=abs(cd),
        repeated=colours[-1] if len(colours) >= 2 and colours[-1] is colours[-2] else None,
        float1=Float.NONE,
        float2=Float.NONE,
        eligible=True,
        played_games=len(colours),
        topscorer=False,
    )


def test_5_2_3_walks_back_over_played_games_only() -> None:
    # dutch-reference §3 [run]: #1 W,-,B,W,B and #2 B,W,W,B,- (compressed); both mild White
    one = _entrant(1, (W, B, W, B), pref=W, strength=Strength.MILD)
    two = _entrant(2, (B, W, W, B), pref=W, strength=Strength.MILD)
    assert rule_5_2_3(one, two) is W
    assert allocate(one, two, W) == (1, 2, "5.2.3")


def test_5_2_1_and_5_2_2() -> None:
    a = _entrant(1, (W,), pref=B, strength=Strength.STRONG)
    b = _entrant(2, (B,), pref=W, strength=Strength.STRONG)
    assert allocate(a, b, W) == (2, 1, "5.2.1")
    c = _entrant(3, (W, W), pref=B, strength=Strength.ABSOLUTE)
    d = _entrant(4, (B, W), pref=B, strength=Strength.MILD)
    assert allocate(d, c, W) == (4, 3, "5.2.2")
    e = _entrant(5, (), pref=None)
    assert allocate(e, a, W) == (5, 1, "5.2.1")  # no preference: the opponent gets theirs


def test_5_2_5_round_one_four_players() -> None:
    assert pair(build(4)) == [(1, 3), (4, 2)]
    assert pair(build(4, initial=B)) == [(3, 1), (2, 4)]


def test_5_2_4_uses_the_pairing_score() -> None:
    # §3 [run]: #1 and #2 both had White in round 1 and drew; only they are present.
    history = ["1-3 =, 2-4 ="]
    assert pair(build(4, history, absent=[3, 4])) == [(2, 1)]
    boost = Acceleration(points=10, first_round=2, last_round=2, first_player=2, last_player=2)
    assert pair(build(4, history, absent=[3, 4], acceleration=[boost])) == [(1, 2)]


# -- §1.3: TPN parity counts entered players only -----------------------------------------------


def test_round_one_tpn_skips_absent_players() -> None:
    assert pair(build(7, absent=[1])) == [(2, 5), (6, 3), (4, 7)]


def test_player_with_only_a_bye_has_no_tpn() -> None:
    t = build(7, ["1 H"], absent=[1])
    assert pair(t) == [(2, 5), (6, 3), (4, 7)]


# -- §7.6: exchanges are found ------------------------------------------------------------------


def test_exchange_beats_transposition_that_breaks_colours() -> None:
    # round 1 games 1-3 and 4-2 recorded as unrated draws ("D" codes are played games)
    assert sorted(pair(build(4, ["1-3 D, 4-2 D"]))) == [(2, 1), (3, 4)]


# -- §9: forbidden pairs ---------------------------------------------------------------------------


def test_forbidden_pairs_by_round() -> None:
    t = build(4)
    assert pair(replace(t, forbidden=(ForbiddenPairs((1, 3), 1, 1),))) == [(1, 4), (3, 2)]
    assert pair(replace(t, forbidden=(ForbiddenPairs((1, 3), 2, 5),))) == [(1, 3), (4, 2)]
    with pytest.raises(NoLegalPairing):
        DutchSystem().pair(build(4, forbidden=[(1, 2, 3)]))


# -- §2.4: topscorers in the last round -----------------------------------------------------------


_TOP = ["1-3 1, 2-4 1, 5-7 1, 6-8 1", "1-4 0, 2-3 0, 7-6 1, 8-5 1"]
_APART = [(1, 5), (1, 6), (1, 7), (1, 8), (2, 5), (2, 6), (2, 7), (2, 8)]


def test_both_absolute_non_topscorers_cannot_meet() -> None:
    with pytest.raises(NoLegalPairing):
        DutchSystem().pair(build(8, _TOP, total_rounds=3, forbidden=_APART))


def test_topscorer_may_meet_same_absolute_preference() -> None:
    history = ["1-3 1, 2-4 1, 5-7 1, 6-8 1", "1-4 =, 2-3 0, 7-6 1, 8-5 1"]
    assert (2, 1) in pair(build(8, history, total_rounds=3, forbidden=_APART))
    with pytest.raises(NoLegalPairing):
        DutchSystem().pair(build(8, history, total_rounds=4, forbidden=_APART))
    boost = Acceleration(points=5, first_round=3, last_round=3, first_player=1, last_player=1)
    assert (2, 1) in pair(build(8, _TOP, total_rounds=3, forbidden=_APART, acceleration=[boost]))


# -- [C5] and [C9] -----------------------------------------------------------------------------------


def test_c5_bye_goes_to_the_lowest_score() -> None:
    # bbpPairings fixture dutch_2025_C5: #4 absent in round 3; #2 and #5 have met.
    t = build(6, ["1-4 1, 5-2 0, 3-6 1", "2-1 0, 4-3 0, 6-5 0"], total_rounds=3, absent=[4])
    assert sorted(pair(t)) == [(1, 5), (3, 2), (6, 0)]


def test_c9_bye_goes_to_the_player_with_more_games() -> None:
    # bbpPairings fixture dutch_2025_C9: #5 absent in round 1.
    t = build(5, ["1-3 1, 4-2 0"], total_rounds=3)
    assert sorted(pair(t)) == [(2, 1), (3, 5), (4, 0)]


def test_c9_among_the_lowest_scoregroup() -> None:
    # §5.3 [run]: score-0 group {3, 5, 8, 9, 11}; only #8 and #11 played in round 1.
    t = build(11, ["2-8 1, 11-4 0, 1-6 =, 7-10 ="])
    result = pair(t)
    assert result[-1] == (11, 0)


def test_explain_mentions_brackets_and_rules() -> None:
    t = build(5, ["1-3 1, 4-2 0"], total_rounds=3)
    system = DutchSystem()
    doc = system.explain(t, system.trace(t))
    assert doc["details"]["brackets"][0]["number"] == 1  # type: ignore[index]
    assert doc["sections"][0]["sections"][0]["title"].startswith("Bracket 1 — ")
    assert doc["bye"] is not None and doc["bye"]["player"] == 4
    assert all(b["rule"].startswith("5.2.") for b in doc["boards"])


def test_trace_is_structured() -> None:
    _, trace = pair_round(build(4, ["1-3 D, 4-2 D"]), 2)
    assert trace.brackets[0].exchanges == 1
    assert [(b.white, b.black) for b in trace.boards] == [(2, 1), (3, 4)]


def test_bulk_compatibility_matches_the_pairwise_rule() -> None:
    from swissbridge.state import build_state

    history = ["1-3 1, 2-4 1, 5-7 1, 6-8 1", "1-4 =, 2-3 0, 7-6 1, 8-5 1"]
    for total in (3, 4):
        state = build_state(build(8, history, total_rounds=total, forbidden=_APART), 3)
        order = sorted(state.present, key=lambda s: (-s.pairing_score, s.tpn))
        bulk = state.compatibility(order)
        for i, a in enumerate(order):
            for j, b in enumerate(order):
                if i != j:
                    assert bulk.ok(i, j) == state.compatible(a, b)


def test_builtin_baku_acceleration() -> None:
    # C.04.7: 9 players, 9 rounds: GA = 2*ceil(9/4) = 6 players with 1.0 virtual point
    # in round 1, so #6 (TPN 6, even) heads the lower half of GA: 1-4, 5-2, 3-6, then GB
    t = replace(build(9, total_rounds=9), system="FIDE_DUTCH_2026_BAKU")
    result = pair(t)
    assert result[:3] == [(1, 4), (5, 2), (3, 6)]
    assert result[-1] == (9, 0)


def test_c18_pairs_the_mdp_with_the_recent_downfloat() -> None:
    # §6.7 [run]: #1 and #2 on 2.0, forbidden to meet, drop into the 1.0 bracket whose
    # only resident is #3; #2 downfloated in round 3, #1 only in round 2: 3-2, #1 floats.
    history = [
        "1-4 1, 2-5 1, 6-3 =, 7 Z",
        "1-6 1, 3-4 =, 5-7 =, 2 Z",
        "2-4 1, 1 Z, 3 Z, 5 Z, 6 Z, 7 Z",
    ]
    _, trace = pair_round(build(7, history, forbidden=[(1, 2)]), 4)
    second = trace.brackets[1]
    assert second.mdps == (1, 2) and second.residents == (3,)
    assert [(p.higher, p.lower) for p in second.pairs] == [(2, 3)]
    assert [f.start_no for f in second.floaters] == [1]
    assert (3, 2) in [(b.white, b.black) for b in trace.boards]


def test_c8_keeps_the_next_bracket_pairable() -> None:
    # after the §6.5 [run] example: #1, #2, #3 on 2.0 without mutual games; #3 has met
    # all three 1.0 players, so floating #3 would leave the 1.0 bracket one pair short.
    # [C8] (next bracket's pairs) outranks the colours: #3 stays, and between floating
    # #1 or #2, the pair 2-3 grants both colour preferences where 1-3 would not ([C12]).
    history = [
        "4-3 1, 1-7 1, 8-2 0, 5 Z, 6 Z, 9 Z, 10 Z",
        "3-5 1, 2-9 1, 4-1 0, 6-10 1, 7-8 =",
        "6-3 0, 9-5 0, 1 Z, 2 Z, 4 Z, 7 Z, 8 Z, 10 Z",
    ]
    _, trace = pair_round(build(10, history), 4)
    top = trace.brackets[0]
    assert [(p.higher, p.lower) for p in top.pairs] == [(2, 3)]
    assert [f.start_no for f in top.floaters] == [1]
    assert len(trace.brackets[1].pairs) == 2


def test_c8_ranks_the_downfloaters_completion_forces() -> None:
    # Round 3. #1 (2.0) floats alone into the 1.5 bracket {2, 3, 4}, which could pair
    # everybody (1-2 & 3-4, 1-3 & 2-4). But #10 (0) may meet only #2 or #4, so [C4]
    # forces the bracket to downfloat two of its residents, one of whom goes on to #10;
    # #3 can meet nobody of the 1.0 group {5, 6, 7}. Pairing the MDP ([C7]):
    #   1-2, floating 3, 4: #4 goes to #10, #3 passes on: the 1.0 bracket pairs 1 (5-7);
    #   1-3, floating 2, 4: one goes to #10, the other meets a 1.0 player, 6-7: 2 pairs;
    #   1-4, floating 2, 3: #2 goes to #10, #3 passes on: 1 pair.
    # [C8] (the next bracket's pairs, in a complete round) picks 1-3 although it floats
    # #4, who downfloated in round 2 ([C14]), where 1-4 would not (and 1-2 breaks [C12]).
    history = ["1-8 1, 2 F, 3 F, 4 F, 5-6 =, 7 F", "1-9 1, 2-3 =, 4 H, 5 H, 6 H"]
    apart = [(10, v) for v in (3, 5, 6, 7, 8, 9)] + [(3, v) for v in (5, 6, 7)]
    _, trace = pair_round(build(10, history, forbidden=apart), 3)
    second = trace.brackets[1]
    assert second.mdps == (1,) and second.residents == (2, 3, 4)
    assert [(p.higher, p.lower) for p in second.pairs] == [(1, 3)]
    assert [f.start_no for f in second.floaters] == [2, 4]
    assert len(trace.brackets[2].pairs) == 2
