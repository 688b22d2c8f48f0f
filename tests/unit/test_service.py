"""Orchestration (bridge/systems/service.py): what is refused before any system pairs."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from swissbridge.errors import InputError, UsageError
from swissbridge.model import OPPOSITE_RESULT, Colour, Entry, Player, PointSystem, Result, Tournament
from swissbridge.rules.history import unfinished_games
from swissbridge.systems.service import pair_tournament, render_pairing

from tests.conftest import swiss_systems

FOUR = tuple(Player(n, f"Player {n}") for n in range(1, 5))


def test_a_team_tournament_is_refused() -> None:
    """Team records placing every player in a team (or a team system in 192) make a
    team event; a team record for some players only does not (issue 16, point 6)."""
    members = f"{'Team A':<32}   1    2    3    4"
    team = Tournament(FOUR, total_rounds=5, headers=(("013", members),))
    with pytest.raises(InputError, match="team tournament"):
        pair_tournament(team)
    with pytest.raises(InputError, match="team tournament"):
        pair_tournament(Tournament(FOUR, total_rounds=5, system="FIDE_TEAM_BAKU"))
    club = Tournament(FOUR, total_rounds=5, headers=(("013", f"{'Club':<32}   1    2"),), initial_colour=Colour.WHITE)
    assert len(pair_tournament(club).boards) == 2


def test_a_round_beyond_the_tournament_is_refused() -> None:
    with pytest.raises(InputError, match="round 6 is beyond the 5 rounds"):
        pair_tournament(Tournament(FOUR, total_rounds=5), round_no=6)


def test_an_unknown_system_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown pairing system 'nope'"):
        pair_tournament(Tournament(FOUR, total_rounds=5), system="nope")


# -- games without a result (GHR 3.1) -------------------------------------------------------------

W, B = Colour.WHITE, Colour.BLACK


def six_after_round_one(result_1_2: Result) -> Tournament:
    """Six players after round 1: 1-2 ends ``result_1_2``, 3 beat 4, 5 and 6 drew."""
    games = [(1, 2, result_1_2), (3, 4, Result.WIN), (5, 6, Result.DRAW)]
    players = []
    for white, black, result in games:
        players.append(Player(white, f"Player {white}", (Entry(result, black, W),), rating=2000 - white))
        theirs = OPPOSITE_RESULT[result]
        players.append(Player(black, f"Player {black}", (Entry(theirs, white, B),), rating=2000 - black))
    return Tournament(tuple(sorted(players, key=lambda p: p.start_no)), total_rounds=5, initial_colour=W)


def test_pairing_with_a_game_without_result_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        pair_tournament(six_after_round_one(Result.PENDING))
    message = caught.value.message
    assert message.startswith("cannot pair round 2: 1 game without a result (round 1 1-2)")
    assert "--adjourned" in message and "GHR 3.1" in message


def test_unfinished_games_are_listed_up_to_a_limit() -> None:
    t = six_after_round_one(Result.PENDING)
    assert unfinished_games(t, 1) is None  # nothing before round 1
    many = Tournament(
        tuple(
            Player(n, f"P{n}", (Entry(Result.PENDING, n + 1 if n % 2 else n - 1, W if n % 2 else B),))
            for n in range(1, 25)
        ),
        total_rounds=5,
    )
    problem = unfinished_games(many, 2)
    assert problem is not None and problem.startswith("12 games without a result (round 1 1-2, round 1 3-4")
    assert "and 4 more)" in problem


@pytest.mark.parametrize("system", swiss_systems())
def test_an_adjourned_game_is_paired_as_a_drawn_game(system: str) -> None:
    """GHR 3.1: with ``adjourned`` the game counts as played (no rematch, colours)
    and as a draw for the scores: the pairing is the one a drawn game gives."""
    adjourned = pair_tournament(six_after_round_one(Result.PENDING), system=system, adjourned=True)
    drawn = pair_tournament(six_after_round_one(Result.DRAW), system=system)
    assert adjourned.boards == drawn.boards
    assert all({b.white, b.black} != {1, 2} for b in adjourned.boards)


def test_a_pending_game_is_played_and_a_draw_for_pairing_only() -> None:
    """GHR 3.1 "for pairing purposes only": the standings do not move."""
    pending = Entry(Result.PENDING, 2, W)
    assert pending.played and not pending.unplayed
    pts = PointSystem(win=30, draw=10, pending=0)  # record 162's X is kept, not used
    assert pts.pairing_points(Result.PENDING) == pts.points(Result.DRAW) == 10
    assert pts.points(Result.PENDING) == 0
    player = Player(1, "A", (Entry(Result.WIN, 2, W), pending))
    assert (player.score(pts, 2), player.pairing_score(pts, 2)) == (30, 40)
    assert PointSystem(pending=5).is_standard


def test_pairing_around_adjourned_games_keeps_the_real_scores_in_outputs() -> None:
    t = six_after_round_one(Result.PENDING)
    pairing = pair_tournament(t, adjourned=True)
    text = render_pairing(t, pairing, "text")
    # the board list shows the standings: nothing yet for the unfinished game
    assert re.search(r"(^|\s)0\.0 +\(1\) Player 1 |\(1\) Player 1 +0\.0(\s|$)", text, re.M), text
    trf = render_pairing(t, pairing, "trf")
    assert next(x for x in trf.splitlines() if x.startswith("001    1"))[80:84] == " 0.0"
    sm = render_pairing(t, pairing, "sm", adjourned=True)
    assert sm.count("\r\n") == 1 + len(pairing.boards)  # the header, then a row per board
    with pytest.raises(InputError, match="round 1 is not finished"):
        render_pairing(t, pairing, "sm")  # Swiss-Manager import: only when the arbiter said so


def test_explain_says_when_a_game_without_result_was_counted_as_a_draw() -> None:
    from swissbridge.commands.explain import explain

    doc = explain(six_after_round_one(Result.PENDING))
    assert doc["notes"][0] == (
        "1 game without a result (round 1 1-2): each counted as a drawn game, as GHR 3.1 counts an adjourned game"
    )
    assert not any("without a result" in n for n in explain(six_after_round_one(Result.DRAW))["notes"])


def test_a_round_with_no_result_at_all_is_not_adjourned() -> None:
    """``adjourned`` covers games of a played round, not a round paired but not played."""
    t = six_after_round_one(Result.PENDING)
    unplayed = t.with_round(
        1, {p.start_no: replace(e, result=Result.PENDING) for p in t.players if (e := p.entry(1)) is not None}
    )
    assert unplayed.is_unplayed(1) and not t.is_unplayed(1)
    for adjourned in (False, True):
        with pytest.raises(InputError, match=r"round 1 has been paired but none of its games has a result.*--round 1"):
            pair_tournament(unplayed, adjourned=adjourned)
    pairing = pair_tournament(t, adjourned=True)
    with pytest.raises(InputError, match="round 1 is not finished"):
        render_pairing(unplayed, pairing, "sm", adjourned=True)


def test_explain_by_default_explains_a_round_paired_and_not_played_yet() -> None:
    """After ``pair --in-place`` and before any result, ``explain`` explains the round just
    paired: the next one would be paired over a round nobody played, which ``pair`` refuses."""
    from swissbridge.commands.explain import explain

    t = six_after_round_one(Result.PENDING)
    unplayed = t.with_round(
        1, {p.start_no: replace(e, result=Result.PENDING) for p in t.players if (e := p.entry(1)) is not None}
    )
    assert explain(unplayed)["round"] == 1
    assert explain(unplayed, round_no=2)["round"] == 2  # asked for: as before
    assert explain(t)["round"] == 2  # one game without a result: the next round, that game a draw


def test_a_game_without_result_on_one_line_only_is_still_unfinished() -> None:
    t = six_after_round_one(Result.DRAW)
    one_sided = t.with_round(1, {2: Entry(Result.PENDING, 1, B)})
    assert one_sided.pending_games(1) == [(1, 2)]
    with pytest.raises(InputError, match=r"\(round 1 1-2\)"):
        pair_tournament(one_sided)
