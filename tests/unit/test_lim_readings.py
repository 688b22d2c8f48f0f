"""One test per reading of the Lim text (docs/lim.md, "Readings"): each shows the
effect the reading has on a pairing."""

from __future__ import annotations

import pytest
from swissbridge.model import Colour, Entry, Player, PointSystem, Result, Tournament
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.lim.engine import LimProcedure
from swissbridge.plugins.lim.exchange import exchange_order
from swissbridge.plugins.lim.rules import (
    Side,
    floated_in_round,
    lim_round,
    maxi_by_default,
    median_score_twice,
)
from swissbridge.state import scores_when_paired

from tests.lim_support import fold, group, make_round, pair_round, pairs_of, player

# 1 ------------------------------------------------------------------ PAB fall-back


def test_reading_1_pab_skips_an_ineligible_player() -> None:
    """The lowest ranked player (#5) already had a PAB: the next one up (#4) gets it."""
    ps = [player(1, 2.0), player(2, 1.0), player(3, 1.0), player(4, 0.0), player(5, 0.0, eligible=False)]
    trace, _, bye = pair_round(make_round(ps))
    assert bye == 4
    assert trace.pab is not None and trace.pab.passed_over[0][0] == 5
    assert "not eligible" in trace.pab.passed_over[0][1]


def test_reading_1_pab_skips_a_player_whose_bye_blocks_the_round() -> None:
    """#3 ranks lowest, but 1 and 2 have met: with #3 out nobody could be paired,
    so the next lowest ranked (#2: same score as #1, larger TPN) gets the PAB."""
    ps = [player(1, 1.0), player(2, 1.0), player(3, 0.0)]
    trace, boards, bye = pair_round(make_round(ps, [(1, 2)]))
    assert bye == 2
    assert set(boards[1]) == {1, 3}
    assert trace.pab is not None
    assert trace.pab.passed_over == [(3, "the other players could not all be paired (reading 1)")]


# 2 ------------------------------------------------------------------ median with other scoring


def test_reading_2_median_under_three_one_zero() -> None:
    """3-1-0 scoring, two rounds played: the median is 2 × 3 ÷ 2 = 3 points. The
    groups are paired 6, 4 (above), then 0, 1 (below), the 3-point median last."""
    assert median_score_twice(3, 30) == 60
    scores = [6, 4, 3, 3, 1, 0]
    ps = [player(n, s) for n, s in enumerate(scores, 1)]
    trace, _, _ = pair_round(make_round(ps, win=30))
    assert [(g.score, g.side) for g in trace.groups] == [
        (60, Side.ABOVE),
        (40, Side.ABOVE),
        (0, Side.BELOW),
        (10, Side.BELOW),
        (30, Side.MEDIAN),
    ]
    # with 1-½-0 the same scores would put the median at 1 point: 3 would be above it
    trace, _, _ = pair_round(make_round(ps, win=10))
    assert [g.score for g in trace.groups][-1] == 10


# 3 ------------------------------------------------------------------ cracking the median


def test_reading_3_equal_floaters_break_above_first() -> None:
    """2.6, "exceeds" is strict: the median (3, 4, who have met) is blocked and as
    many floaters came from above as from below (none), so the last pairing made
    above the median (1–2) is broken, not the one below (5–6)."""
    ps = [player(1, 2.0), player(2, 2.0), player(3, 1.0), player(4, 1.0), player(5, 0.0), player(6, 0.0)]
    trace, boards, _ = pair_round(make_round(ps, [(3, 4)]))
    assert [(c.side, c.pair) for c in trace.cracks] == [(Side.ABOVE, (1, 2))]
    assert "0 floaters from above, 0 from below" in trace.cracks[0].reason
    assert "nothing left to break" not in trace.cracks[0].reason
    assert set(boards[1]) == {1, 3} and set(boards[2]) == {2, 4} and set(boards[5]) == {5, 6}
    assert group(trace).attempt == 2


def test_reading_3_more_floaters_from_below_break_above() -> None:
    """One floater (#4) comes up into the median, none down: those from above do not
    exceed those from below, so the pairing above (1–2) is broken, not 5–6."""
    met = [(4, 5), (4, 6), (3, 4)]
    ps = [player(1, 2.0), player(2, 2.0), player(3, 1.0), player(4, 0.0), player(5, 0.0), player(6, 0.0)]
    trace, boards, _ = pair_round(make_round(ps, met))
    assert [f.player for f in group(trace, 0.0).floaters] == [4]
    assert trace.cracks[0].side is Side.ABOVE and trace.cracks[0].pair == (1, 2)
    assert "0 floaters from above, 1 from below" in trace.cracks[0].reason
    assert set(boards[5]) == {5, 6} and set(boards[3]) in ({1, 3}, {2, 3})


def test_reading_3_crack_falls_back_to_the_other_side() -> None:
    """The median (3, 4, who have met) is blocked with no floaters on either side, so
    a pairing above would be broken, but there is none: the last pairing below (5–6,
    made upward) is broken and its players join the median."""
    ps = [player(3, 1.0), player(4, 1.0), player(5, 0.0), player(6, 0.0)]
    trace, boards, _ = pair_round(make_round(ps, [(3, 4)]))
    assert [(c.side, c.pair) for c in trace.cracks] == [(Side.BELOW, (6, 5))]
    assert "nothing left to break there" in trace.cracks[0].reason
    assert {frozenset(b) for b in boards.values()} == {frozenset((3, 5)), frozenset((4, 6))}
    assert group(trace).attempt == 2


def test_reading_3_more_floaters_from_above_break_below_first() -> None:
    """One floater (#3) comes down into the median, none up; the median (3, 4) is
    blocked, so the last pairing made below the median (5–6) is broken first; 1–2
    above stays. #3 then meets an upfloater (no resident is available)."""
    met = [(4, 1), (4, 2), (4, 3)]
    ps = [player(1, 2.0), player(2, 2.0), player(3, 2.0), player(4, 1.0), player(5, 0.0), player(6, 0.0)]
    trace, boards, _ = pair_round(make_round(ps, met))
    assert [f.player for f in group(trace, 2.0).floaters] == [3]
    assert [(c.side, c.pair) for c in trace.cracks] == [(Side.BELOW, (6, 5))]  # made upward: #6 scrutinised first
    assert set(boards[1]) == {1, 2}
    assert set(boards[3]) == {3, 5} and set(boards[4]) == {4, 6}


def test_reading_3_no_pairing_at_all() -> None:
    """Nothing is left to break and the median still cannot pair: no legal pairing."""
    ps = [player(1, 1.0), player(2, 1.0)]
    with pytest.raises(NoLegalPairing):
        LimProcedure(make_round(ps, [(1, 2)])).run()


# 4 ------------------------------------------------------------------ floater count, one at a time


def test_reading_4_count_and_one_at_a_time() -> None:
    """In the 3-point group #1, #2, #3 must all have Black (two Whites running), #4
    can take either colour: the group makes one pair, so 4 − 2 × 1 = 2 players
    float, chosen one at a time: #3 first (3.2.4), then #2; 1–4 is the pair."""
    ps = [player(n, 3.0, "BBWW") for n in (1, 2, 3)] + [player(4, 3.0, "WBWB")]
    ps += [player(5, 2.0, "WBWB"), player(6, 2.0, "BWBW")]
    trace, _, _ = pair_round(make_round(ps, round_no=5))
    g = group(trace, 3.0)
    assert g.max_pairs == 1
    assert [f.player for f in g.floaters] == [3, 2]
    assert all("the 4 members make at most 1 compatible pair" in f.why_floats for f in g.floaters[:1])
    assert pairs_of(trace, 3.0) == [(1, 4)]


# 5 ------------------------------------------------------------------ floater type as a matching


def test_reading_5_floater_type_counts_opponents_already_given() -> None:
    """Group 2.0 (1–4) must send two floaters. Only #5 in the median can meet #2 or
    #4. #4 floats first (type d, 3.2.4) and is given #5; #2's only opponent is then
    taken, so #2 is type c like #3, and #3 floats (3.2.4). A test that ignored the
    earlier floater would have called #2 type d and floated #2."""
    met = [(2, 3), (2, 4), (3, 4), (5, 1), (5, 3)]
    met += [(6, x) for x in (1, 2, 3, 4)] + [(7, x) for x in (1, 2, 3, 4)]
    met += [(8, x) for x in (1, 2, 4, 5, 6, 7)]
    ps = [player(n, 2.0) for n in (1, 2, 3, 4)] + [player(n, 1.0) for n in (5, 6, 7)] + [player(8, 0.0)]
    trace, boards, _ = pair_round(make_round(ps, met))
    g = group(trace, 2.0)
    assert [(f.player, f.floater_type) for f in g.floaters] == [(4, "d"), (3, "c")]
    assert pairs_of(trace, 2.0) == [(1, 2)]
    assert set(boards[4]) == {4, 5} and set(boards[3]) == {3, 8} and set(boards[6]) == {6, 7}


# 6 ------------------------------------------------------------------ the PAB is a float


def _history() -> Tournament:
    """Round 1: 1 beats 4, 2 wins by forfeit against 5, 3 has the PAB.
    Round 2: 1–2 drawn (equal scores), 3 beats 4 (1 point against 0), 5 has the PAB."""
    t = Tournament(players=tuple(Player(n, f"P{n}") for n in range(1, 6)), total_rounds=5)
    t = t.with_round(
        1,
        {
            1: Entry(Result.WIN, 4, Colour.WHITE),
            4: Entry(Result.LOSS, 1, Colour.BLACK),
            2: Entry(Result.FORFEIT_WIN, 5, Colour.WHITE),
            5: Entry(Result.FORFEIT_LOSS, 2, Colour.BLACK),
            3: Entry(Result.PAB),
        },
    )
    return t.with_round(
        2,
        {
            1: Entry(Result.DRAW, 2, Colour.BLACK),
            2: Entry(Result.DRAW, 1, Colour.WHITE),
            3: Entry(Result.WIN, 4, Colour.WHITE),
            4: Entry(Result.LOSS, 3, Colour.BLACK),
            5: Entry(Result.PAB),
        },
    )


def test_reading_6_what_counts_as_a_float() -> None:
    t = _history()
    r1 = scores_when_paired(t, 1)
    r2 = scores_when_paired(t, 2)
    floated1 = {p.start_no for p in t.players if floated_in_round(p, 1, r1)}
    floated2 = {p.start_no for p in t.players if floated_in_round(p, 2, r2)}
    assert floated1 == {3}  # the PAB; not the forfeit (2, 5)
    assert floated2 == {3, 4, 5}  # 3–4 between different scores, 5's PAB
    rnd = lim_round(t, 3)
    assert {n for n, p in rnd.players.items() if p.floated_previous_round} == {3, 4, 5}


def test_reading_6_a_player_who_had_the_pab_does_not_float_again() -> None:
    """3.10: #3, the default floater of the group, had the PAB last round, so #2 floats."""
    ps = [player(1, 2.0), player(2, 2.0), player(3, 2.0, floated=True), player(4, 1.0)]
    trace, _, _ = pair_round(make_round(ps))
    g = group(trace, 2.0)
    assert [f.player for f in g.floaters] == [2]
    assert g.floaters[0].rule.startswith("3.10")


# 7 ------------------------------------------------------------------ incoming floaters float on


def test_reading_7_incoming_floater_floats_on() -> None:
    """#1 (3 points) floats into the 2-point group, where it has met both
    residents; it floats on (type b: it has an opponent in the median) and meets #4."""
    ps = [player(1, 3.0), player(2, 2.0), player(3, 2.0), player(4, 1.5)]
    trace, boards, _ = pair_round(make_round(ps, [(1, 2), (1, 3)], round_no=4))
    g = group(trace, 2.0)
    assert g.incoming_down == [1]
    assert [(f.player, f.floater_type) for f in g.floaters] == [(1, "b")]
    assert pairs_of(trace, 2.0) == [(2, 3)]
    assert set(boards[1]) == {1, 4}


# 8 ------------------------------------------------------------------ exchange order beyond six


def test_reading_8_exchange_order_of_eight() -> None:
    """Eight players: #1 tries 5, 6, 7, 8, then 4, 3, 2; after 1–4 the rest
    (2 3 5 6 7 8) is proposed again: 2–6 3–7 5–8."""
    assert exchange_order(list(range(1, 9))) == [5, 6, 7, 8, 4, 3, 2]
    rnd = make_round([player(n, 1.0) for n in range(1, 9)], [(1, x) for x in (5, 6, 7, 8)])
    trace, _, _ = pair_round(rnd)
    assert pairs_of(trace) == fold("1–4 2–6 3–7 5–8")


# 9 ------------------------------------------------------------------ colour objective


def test_reading_9_colour_exchange() -> None:
    """1 and 3 are due White, 2 and 4 due Black: the proposal 1–3 2–4 gives two
    players their due colour, the exchange 1–4 2–3 gives all four."""
    ps = [player(1, 1.0, "WB"), player(2, 1.0, "BW"), player(3, 1.0, "WB"), player(4, 1.0, "BW")]
    trace, boards, _ = pair_round(make_round(ps))
    assert pairs_of(trace) == fold("1–4 2–3")
    assert boards[1] == (1, 4) and boards[2] == (3, 2)
    assert group(trace).colour_note.startswith("5.2 exchange for colour")
    assert [s.chosen for s in group(trace).scrutiny] == [3, 4]  # the scrutiny itself kept 1–3 2–4


def test_reading_9_ties_go_to_the_exchange_order() -> None:
    """All four due White: every pairing gives two due colours, so the proposal stays."""
    ps = [player(n, 1.0, "WB") for n in (1, 2, 3, 4)]
    trace, _, _ = pair_round(make_round(ps))
    assert pairs_of(trace) == fold("1–3 2–4")


# 10 ------------------------------------------------------------------ Article 6


def test_reading_10_last_round_equal_scores_may_break_colour_limits() -> None:
    """Both had White twice running. In the last round, on equal scores, they may
    still meet (one gets a third White); otherwise, or on different scores, not."""
    ps = [player(1, 1.0, "WW"), player(2, 1.0, "WW")]
    trace, boards, _ = pair_round(make_round(ps, last=True))
    assert boards[1] == (2, 1)  # 5.4 identical histories: the higher ranked #1 gets Black
    assert "Article 6" in group(trace).boards[0].rule
    with pytest.raises(NoLegalPairing):
        LimProcedure(make_round(ps, last=False)).run()
    unequal = [player(1, 1.5, "WW"), player(2, 1.0, "WW")]
    with pytest.raises(NoLegalPairing):
        LimProcedure(make_round(unequal, last=True, round_no=4)).run()


def test_reading_10_no_rematch_even_in_the_last_round() -> None:
    ps = [player(1, 1.0, "WB"), player(2, 1.0, "BW")]
    with pytest.raises(NoLegalPairing):
        LimProcedure(make_round(ps, [(1, 2)], last=True)).run()


# 11 ------------------------------------------------------------------ Maxi-tournament


def test_reading_11_maxi_default() -> None:
    """Default: a Maxi-tournament when registered players > 2^rounds."""
    assert maxi_by_default(33, 5) and not maxi_by_default(32, 5)
    t = Tournament(players=tuple(Player(n, f"P{n}") for n in range(1, 41)), total_rounds=5)
    assert lim_round(t, 1).maxi
    assert not lim_round(t.__class__(players=t.players, total_rounds=6), 1).maxi
    assert not lim_round(t, 1, maxi=False).maxi


def test_reading_11_maxi_limits_the_colour_choice_of_a_floater() -> None:
    """3.8: the downfloater #1 (due White) would take #3, the first resident due
    Black; in a Maxi-tournament #3 (1850) is more than 100 points from the first
    available resident #2 (2000), so #1 meets #2."""
    ps = [
        player(1, 2.0, "WB", rating=2100),
        player(2, 1.0, "WB", rating=2000),
        player(3, 1.0, "BW", rating=1850),
        player(4, 1.0, "WB", rating=1700),
    ]
    _, boards, _ = pair_round(make_round(ps, maxi=False))
    assert set(boards[1]) == {1, 3}
    trace, boards, _ = pair_round(make_round(ps, maxi=True))
    assert set(boards[1]) == {1, 2}
    assert group(trace).floater_pairs[0].rule.startswith("3.8 (Maxi)")


def test_maxi_limits_colour_choice_of_floaters_3_2_3() -> None:
    """3.2.3: the colour preference of 3.2.2 picks a floater only within 100 points
    of the player 3.2.4 would float."""
    ps = [
        player(1, 2.0, "WB", rating=2300),
        player(2, 2.0, "WB", rating=2290),
        player(3, 2.0, "BW", rating=2100),
        player(4, 1.0, "BW", rating=1500),
    ]
    # majority due White (#1, #2); 3.2.4 would float #3 (lowest numbered) who is due Black;
    # 3.2.2 prefers #2 (due White); #2 is 190 points from #3.
    trace, _, _ = pair_round(make_round(ps, maxi=False))
    assert [f.player for f in group(trace, 2.0).floaters] == [2]
    trace, _, _ = pair_round(make_round(ps, maxi=True))
    g = group(trace, 2.0)
    assert [f.player for f in g.floaters] == [3]
    assert g.floaters[0].rule.startswith("3.2.3 (Maxi)")


def test_points_system_is_respected() -> None:
    """Non-standard points (3-1-0) reach the scores the groups are made of."""
    t = Tournament(
        players=tuple(Player(n, f"P{n}") for n in range(1, 5)),
        total_rounds=3,
        points=PointSystem(win=30, draw=10, forfeit_win=30, pab=30, full_bye=30, half_bye=10),
    )
    t = t.with_round(
        1,
        {
            1: Entry(Result.WIN, 3, Colour.WHITE),
            3: Entry(Result.LOSS, 1, Colour.BLACK),
            2: Entry(Result.DRAW, 4, Colour.BLACK),
            4: Entry(Result.DRAW, 2, Colour.WHITE),
        },
    )
    rnd = lim_round(t, 2)
    assert {n: p.score for n, p in rnd.players.items()} == {1: 30, 2: 10, 3: 0, 4: 10}
    assert rnd.side(10) is Side.BELOW and rnd.side(30) is Side.ABOVE  # median 1.5
