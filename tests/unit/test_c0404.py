"""The rules Dubov (C.04.4.1) and Burstein (C.04.4.2) share (``plugins/c0404.py``): 1.6
preferences with each text's non-players, [C1]/[C3] without a topscorer exception, [C4],
the PAB of 3.1.1-3.1.5 and the colours of 5.2, article by article."""

from __future__ import annotations

from dataclasses import replace

from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.plugins.c0404 import Graph, Variant, allocate, choose_pab, preference
from swissbridge.state import PlayerState, Strength, build_state

W, B = Colour.WHITE, Colour.BLACK
DUBOV = Variant("C.04.4.1", B, "the largest TPN")
BURSTEIN = Variant("C.04.4.2", None, "the lowest ranking")


def player(n: int, colours: tuple[Colour, ...] = (), score: int = 0, **kw: object) -> PlayerState:
    from swissbridge.state import colour_difference, colour_preference

    pref, strength = colour_preference(colours)
    base = PlayerState(
        start_no=n,
        tpn=n,
        present=True,
        score=score,
        pairing_score=score,
        colours=colours,
        floats=(),
        opponents=frozenset(),
        pab_eligible=True,
        played_games=len(colours),
        unplayed_rounds=0,
        topscorer=False,
        preferred=pref,
        strength=strength,
        colour_difference=colour_difference(colours),
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def test_non_players_prefer_black_in_dubov_and_nothing_in_burstein() -> None:
    fresh = player(3)
    assert preference(fresh, DUBOV) == (B, Strength.MILD)  # 1.6.4
    assert preference(fresh, BURSTEIN) == (None, Strength.NONE)
    assert preference(player(3, (W,)), DUBOV) == (B, Strength.STRONG)  # 1.6.2


def test_5_2_1_both_new_higher_ranked_odd_tpn_gets_the_initial_colour() -> None:
    a, b = player(1), player(2)
    al = allocate(a, b, B, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.1")
    al = allocate(b, a, W, DUBOV)  # the higher-ranked one has an even TPN: the opposite colour
    assert (al.white, al.black) == (1, 2)


def test_5_2_2_to_5_2_5() -> None:
    al = allocate(player(1, (W,)), player(2, (B,)), W, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.2")
    # a non-player (Dubov: mild Black) against a strong White seeker: both granted
    al = allocate(player(1), player(2, (B,)), W, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.2")
    # Burstein: the non-player has no preference, the other one's is granted
    al = allocate(player(1), player(2, (W,)), W, BURSTEIN)
    assert (al.white, al.black, al.article) == (1, 2, "5.2.2")
    # both Black; absolute (WW) beats strong (W)
    al = allocate(player(1, (W,)), player(2, (B, W, W)), W, DUBOV)
    assert (al.white, al.black, al.article) == (1, 2, "5.2.3")
    # both strong Black (colour difference +1); from the last game back the colours
    # first differ four games back, where #1 had White: #1 gets Black
    al = allocate(player(1, (B, W, W, B, W)), player(2, (W, B, W, B, W)), W, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.4")
    assert "4 played games back" in al.facts
    al = allocate(player(1, (W, B, W)), player(2, (W, B, W)), W, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.5")
    # the higher-ranked non-player (mild Black) against a mild Black seeker with games
    al = allocate(player(1), player(2, (B, W)), W, DUBOV)
    assert (al.white, al.black, al.article) == (2, 1, "5.2.5")


def _tournament() -> Tournament:
    """Five players after round 1: 1-2 (1-0), 3-4 (=), 5 the PAB; record 142 says 2 rounds."""
    e = Entry
    players = (
        Player(1, "A", (e(Result.WIN, 2, W),), rating=2000),
        Player(2, "B", (e(Result.LOSS, 1, B),), rating=1900),
        Player(3, "C", (e(Result.DRAW, 4, W),), rating=1800),
        Player(4, "D", (e(Result.DRAW, 3, B),), rating=1700),
        Player(5, "E", (e(Result.PAB),), rating=1600),
    )
    return Tournament(players, total_rounds=2)


def test_pab_lowest_score_most_games_largest_tpn_and_eligible() -> None:
    t = _tournament()
    state = build_state(t, 2)
    graph = Graph(state, state.present)
    choice = choose_pab(graph, lambda p: -p.tpn)
    assert choice.barred == [5]  # 3.1.1: had the PAB
    assert choice.chosen == 2  # 3.1.3: the lowest score
    assert [c.player for c in choice.candidates] == [2, 4, 3, 1]  # 3.1.5: 4 before 3
    assert choice.candidates[0].leaves_pairing is True
    assert all(c.leaves_pairing is None for c in choice.candidates[1:])


def test_pab_skips_a_player_whose_bye_leaves_no_pairing() -> None:
    """3.1.2: 5 may meet nobody but 2 (record 260), so 2 (the lowest score) cannot
    have the PAB; 4 (0.5, the larger TPN of the two) takes it and 1-3, 2-5 pair."""
    from swissbridge.model import ForbiddenPairs

    forbidden = (ForbiddenPairs((1, 5)), ForbiddenPairs((3, 5)), ForbiddenPairs((4, 5)))
    t = replace(_tournament(), forbidden=forbidden)
    state = build_state(t, 2)
    graph = Graph(state, state.present)
    choice = choose_pab(graph, lambda p: -p.tpn)
    assert [(c.player, c.leaves_pairing) for c in choice.candidates[:2]] == [(2, False), (4, True)]
    assert choice.chosen == 4


def test_no_topscorer_exception_for_c3() -> None:
    """[C3] of both texts has no topscorer exception: two players with the same
    absolute preference never meet, even in the last round."""
    e = Entry
    players = (
        Player(1, "A", (e(Result.WIN, 3, W), e(Result.WIN, 4, W)), rating=2000),
        Player(2, "B", (e(Result.WIN, 4, W), e(Result.WIN, 3, W)), rating=1900),
        Player(3, "C", (e(Result.LOSS, 1, B), e(Result.LOSS, 2, B)), rating=1800),
        Player(4, "D", (e(Result.LOSS, 2, B), e(Result.LOSS, 1, B)), rating=1700),
    )
    t = Tournament(players, total_rounds=3)
    state = build_state(t, 3)
    assert state.players[1].topscorer and state.players[2].topscorer
    assert state.compatible(state.players[1], state.players[2])  # the Dutch exception
    graph = Graph(state, state.present)
    assert not graph.meets(0, 1)
    assert graph.perfect([0, 1, 2, 3]) is None  # 1-2 and 3-4 are both barred by colour
