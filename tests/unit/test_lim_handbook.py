"""Every worked example of the Lim text (C.04.4.3) as a test: the exchange columns
of 4.2 and 4.3, the floater examples 4.4.1 and 4.4.2, the 40-player first round
with both initial colours (7.2) and the order of the groups in round 2 (Art. 8)."""

from __future__ import annotations

import pytest
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.plugins.lim import LimSystem
from swissbridge.plugins.lim.exchange import exchange_order, proposed_pairing
from swissbridge.plugins.lim.rules import Side

from tests.lim_support import fold, group, make_round, pair_round, pairs_of, player

# --------------------------------------------------------------------- 4.2 / 4.3


def test_exchange_order_of_six() -> None:
    """4.2: #1 tries 4, 5, 6, then 3, 2; the proposal is 1–4 2–5 3–6."""
    assert exchange_order([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    assert proposed_pairing([1, 2, 3, 4, 5, 6]) == [(1, 4), (2, 5), (3, 6)]


COLUMNS_4_2 = [
    ((), "1–4 2–5 3–6"),
    ((4,), "1–5 2–4 3–6"),
    ((4, 5), "1–6 2–4 3–5"),
    ((4, 5, 6), "1–3 2–5 4–6"),
    ((4, 5, 6, 3), "1–2 3–5 4–6"),
]


@pytest.mark.parametrize(("met_by_1", "expected"), COLUMNS_4_2)
def test_handbook_4_2_columns(met_by_1: tuple[int, ...], expected: str) -> None:
    """4.2: as #1 is found to have met 4, then 5, 6 and 3, the pairing moves
    through the five columns of the handbook."""
    rnd = make_round([player(n, 1.0) for n in range(1, 7)], [(1, x) for x in met_by_1])
    trace, _, _ = pair_round(rnd)
    assert pairs_of(trace) == fold(expected)


COLUMNS_4_3 = [
    ((), "1–6 2–4 3–5"),
    ((4,), "1–6 2–5 3–4"),
    ((4, 5), "1–6 2–3 4–5"),
    ((4, 5, 3), "1–3 2–6 4–5"),
    ((4, 5, 3, 6), "1–2 3–5 4–6"),
]


@pytest.mark.parametrize(("met_by_2", "expected"), COLUMNS_4_3)
def test_handbook_4_3_columns(met_by_2: tuple[int, ...], expected: str) -> None:
    """4.3: #1 has met 4 and 5; as #2 is found to have met 4, 5, 3 and 6 the
    exchanges for #2 follow the handbook's columns."""
    met = [(1, 4), (1, 5)] + [(2, x) for x in met_by_2]
    rnd = make_round([player(n, 1.0) for n in range(1, 7)], met)
    trace, _, _ = pair_round(rnd)
    assert pairs_of(trace) == fold(expected)


@pytest.mark.parametrize(("met_by_1", "expected"), COLUMNS_4_2)
def test_upward_groups_mirror_the_columns(met_by_1: tuple[int, ...], expected: str) -> None:
    """4.1: pairing upward starts from the bottom of the list and mirrors
    everything: #6 plays the role of #1, #5 of #2, …"""
    mirror = {n: 7 - n for n in range(1, 7)}
    rnd = make_round([player(n, 0.0) for n in range(1, 7)], [(6, mirror[x]) for x in met_by_1])
    trace, _, _ = pair_round(rnd)
    g = group(trace, 0.0)
    assert g.side is Side.BELOW
    expected_pairs = sorted((min(mirror[a], mirror[b]), max(mirror[a], mirror[b])) for a, b in fold(expected))
    assert pairs_of(trace, 0.0) == expected_pairs


# --------------------------------------------------------------------- 4.4


def test_handbook_4_4_1_second_player_floats_instead_of_seventh() -> None:
    """4.4.1: seven players; #2 has met everyone, #1 has met 2, 3, 4 and 5. The
    default floater (#7, the lowest numbered) would leave #2 without an opponent,
    so #2 floats instead, and 1–6 3–5 4–7 are paired."""
    met = [(2, x) for x in (1, 3, 4, 5, 6, 7)] + [(1, x) for x in (3, 4, 5)]
    rnd = make_round([*(player(n, 2.0) for n in range(1, 8)), player(8, 1.0)], met)
    trace, boards, _ = pair_round(rnd)
    g = group(trace, 2.0)
    assert [f.player for f in g.floaters] == [2]
    assert "#7" in g.floaters[0].rule  # #7 (and the others before #2) would leave fewer pairs
    assert pairs_of(trace, 2.0) == fold("1–6 3–5 4–7")
    assert set(boards[2]) == {2, 8}


def test_handbook_4_4_2_two_floaters() -> None:
    """4.4.2: six players; #1 and #2 have met each other and everyone but #6.
    1–6 and 3–4 are paired; #2 and #5 float."""
    met = [(1, 2)] + [(a, x) for a in (1, 2) for x in (3, 4, 5)]
    rnd = make_round([*(player(n, 2.0) for n in range(1, 7)), player(7, 1.0), player(8, 1.0)], met)
    trace, _, _ = pair_round(rnd)
    g = group(trace, 2.0)
    assert sorted(f.player for f in g.floaters) == [2, 5]
    assert [f.player for f in g.floaters] == [5, 2]  # chosen one at a time, #5 first (3.2.4)
    assert pairs_of(trace, 2.0) == fold("1–6 3–4")


# --------------------------------------------------------------------- 7.2


def _forty(initial: Colour) -> Tournament:
    return Tournament(
        players=tuple(Player(n, f"Player {n}", rating=2600 - 5 * n) for n in range(1, 41)),
        total_rounds=9,
        initial_colour=initial,
    )


def test_round_one_forty_players_white() -> None:
    """7.2: with 40 players and White for #1: 1–21, 22–2, 3–23, 24–4, …, 40–20."""
    pairing = LimSystem().pair(_forty(Colour.WHITE), 1)
    expected = []
    for k in range(1, 21):
        top, bottom = k, k + 20
        expected.append((top, bottom) if k % 2 else (bottom, top))
    assert [(b.white, b.black) for b in pairing.boards] == expected
    assert pairing.bye is None


def test_round_one_forty_players_black() -> None:
    """7.2 with Black drawn for #1: 21–1, 2–22, 23–3, …, 20–40."""
    pairing = LimSystem().pair(_forty(Colour.BLACK), 1)
    expected = []
    for k in range(1, 21):
        top, bottom = k, k + 20
        expected.append((bottom, top) if k % 2 else (top, bottom))
    assert [(b.white, b.black) for b in pairing.boards] == expected


def test_round_one_pab_goes_to_the_lowest_rated() -> None:
    """7.1: the lowest rated player gets the PAB (ties: the larger TPN), and the
    rest are paired 1 v n/2+1."""
    ratings = [2500, 2400, 2300, 1500, 2200]  # #4 is the lowest rated
    t = Tournament(
        players=tuple(Player(n, f"P{n}", rating=r) for n, r in enumerate(ratings, 1)),
        total_rounds=5,
        initial_colour=Colour.WHITE,
    )
    pairing = LimSystem().pair(t, 1)
    assert pairing.bye == 4
    assert sorted((min(b.players()), max(b.players())) for b in pairing.boards) == [(1, 3), (2, 5)]
    tied = Tournament(
        players=tuple(Player(n, f"P{n}", rating=2000) for n in range(1, 6)),
        total_rounds=5,
        initial_colour=Colour.WHITE,
    )
    assert LimSystem().pair(tied, 1).bye == 5


# --------------------------------------------------------------------- Art. 8


def test_round_two_group_order() -> None:
    """Article 8: in round 2 the groups are 1, 0 and the ½ median; the 1-point
    group is paired first, then the 0-point group, then the median."""
    players = tuple(Player(n, f"P{n}", rating=2500 - 10 * n) for n in range(1, 9))
    t = Tournament(players=players, total_rounds=5, initial_colour=Colour.WHITE)
    # round 1: 1–5 1-0, 6–2 ½, 3–7 0-1, 8–4 ½
    games = {
        1: Entry(Result.WIN, 5, Colour.WHITE),
        5: Entry(Result.LOSS, 1, Colour.BLACK),
        6: Entry(Result.DRAW, 2, Colour.WHITE),
        2: Entry(Result.DRAW, 6, Colour.BLACK),
        3: Entry(Result.LOSS, 7, Colour.WHITE),
        7: Entry(Result.WIN, 3, Colour.BLACK),
        8: Entry(Result.DRAW, 4, Colour.WHITE),
        4: Entry(Result.DRAW, 8, Colour.BLACK),
    }
    t = t.with_round(1, games)
    trace = LimSystem().trace(t, 2)
    pairing = trace.pairing
    assert pairing is not None
    assert [(g.score, g.side) for g in trace.groups] == [
        (10, Side.ABOVE),
        (0, Side.BELOW),
        (5, Side.MEDIAN),
    ]
    assert "Pairing order (2.2): 1.0, 0.0, 0.5" in trace.render()
    # 1 and 7 (both 1 point, never met) play; 3 and 5 likewise; the median pairs 2, 4, 6, 8
    assert {frozenset(b.players()) for b in pairing.boards} >= {frozenset((1, 7)), frozenset((3, 5))}
