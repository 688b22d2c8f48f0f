"""``swissbridge check``: replaying rounds and reporting the boards that differ.

The replay logic is tested here with a small deterministic pairing system (so the
tests do not depend on the Dutch engine's exactness): tournaments generated with
it must check clean, and every mutation of a played round must be reported at
exactly that round and those boards. The corpus-wide tests are in
``test_check_corpus.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from swissbridge.commands.check import check_tournament, compare_round, prepare_for_replay
from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.errors import InputError, UsageError
from swissbridge.model import (
    ABSENT,
    Colour,
    Entry,
    Player,
    Result,
    Tournament,
)
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import BasicSystem
from swissbridge.rules.history import before_round, infer_initial_colour, played_pairing, round_byes
from swissbridge.state import build_state

from tests.tampering_support import entries, swap_blacks
from tests.toy_support import TOY, ToySystem, flip_colours, played_boards, toy_tournament


@pytest.fixture(scope="module")
def tour() -> Tournament:
    return toy_tournament()


# -- generated tournaments check clean -----------------------------------------------------------


def test_generated_tournament_checks_clean(tour: Tournament) -> None:
    report = check_tournament(tour, TOY)
    assert report.ok
    assert [r.round_no for r in report.rounds] == list(range(1, 8))
    text = report.render()
    assert "round 1: ok" in text and "round 7: ok" in text and "all 7 rounds ok" in text


@pytest.mark.parametrize("seed", range(8))
def test_generated_tournaments_with_every_feature_check_clean(seed: int) -> None:
    t = toy_tournament(
        seed,
        players=15 + seed,
        rounds=6,
        forfeit_rate=0.08,
        half_bye_rate=0.06,
        absence_rate=0.04,
        late_entry_rate=0.15,
        withdrawal_rate=0.1,
        forbidden_groups=2,
        accelerate=seed % 2 == 0,
    )
    assert check_tournament(t, TOY).ok


def test_check_without_total_rounds_and_initial_colour_infers_both(tour: Tournament) -> None:
    bare = dataclasses.replace(tour, total_rounds=None, initial_colour=None)
    report = check_tournament(bare, TOY)
    assert report.ok
    assert report.total_rounds == 7
    assert report.initial_colour is tour.initial_colour
    assert report.initial_colour_inferred
    assert "inferred from the file" in report.render()


# -- mutations are reported at exactly their round and boards --------------------------------------


@pytest.mark.parametrize("r", [1, 4, 7])
def test_two_boards_swapped_reported_at_that_round_and_boards(tour: Tournament, r: int) -> None:
    boards = played_boards(tour, r)
    expected_order = TOY.pair(before_round(tour, r), r).boards
    b1, b2 = boards[1], boards[3]
    mutated = swap_blacks(tour, r, b1, b2)
    report = check_tournament(mutated, TOY)
    first = report.first_difference
    assert first is not None and first.round_no == r
    assert all(rc.ok for rc in report.rounds if rc.round_no < r)
    numbers = sorted(expected_order.index(b) + 1 for b in (b1, b2))
    assert [d.board for d in first.diffs] == numbers
    assert {d.difference for d in first.diffs} == {"different opponent"}
    d = first.diffs[0]
    assert d.expected == f"{expected_order[numbers[0] - 1].white} - {expected_order[numbers[0] - 1].black}"
    if r == 7:
        assert [rc.round_no for rc in report.rounds if not rc.ok] == [7]


@pytest.mark.parametrize("r", [1, 3, 7])
def test_one_colour_flip_reported_at_that_round_and_board(tour: Tournament, r: int) -> None:
    boards = played_boards(tour, r)
    expected_order = TOY.pair(before_round(tour, r), r).boards
    target = boards[2]
    report = check_tournament(flip_colours(tour, r, target), TOY)
    first = report.first_difference
    assert first is not None and first.round_no == r
    assert len(first.diffs) == 1
    diff = first.diffs[0]
    assert diff.board == expected_order.index(target) + 1
    assert diff.difference == "colour flipped"
    assert diff.expected == f"{target.white} - {target.black}"
    assert diff.played == f"{target.black} - {target.white}"
    text = report.render()
    assert f"round {r}: DIFFERS — 1 of {len(boards)} boards differ" in text


def test_moved_bye_is_reported() -> None:
    t = toy_tournament(3, players=15, rounds=5, half_bye_rate=0, absence_rate=0, late_entry_rate=0, withdrawal_rate=0)
    r = 2
    played = played_pairing(t, r)
    assert played.bye is not None
    x = played.bye
    board = played.boards[-1]
    a = board.white
    e = entries(t, r)
    # x takes a's place on the board, a gets the bye
    mutated = t.with_round(
        r,
        {
            x: dataclasses.replace(e[a], opponent=board.black),
            board.black: dataclasses.replace(e[board.black], opponent=x),
        },
    )
    mutated = mutated.with_round(r, {a: Entry(Result.PAB)})
    first = check_tournament(mutated, TOY).first_difference
    assert first is not None and first.round_no == r
    kinds = {(d.board, d.difference) for d in first.diffs}
    number = TOY.pair(before_round(t, r), r).boards.index(board) + 1
    assert kinds == {(number, "different opponent"), (None, "bye differs")}
    assert (None, "bye differs") in kinds
    bye_diff = next(d for d in first.diffs if d.board is None)
    assert bye_diff.expected == f"{x} bye"
    assert f"{a} bye" in bye_diff.played


def test_rematch_in_played_round_names_c1(tour: Tournament) -> None:
    # make round 5 repeat a round-4 game: the report names [C1]
    r = 5
    prev = played_pairing(tour, 4).boards[0]
    cur = played_pairing(tour, r)
    b1 = next(b for b in cur.boards if prev.white in b.players())
    b2 = next(b for b in cur.boards if prev.black in b.players())
    if b1 == b2:
        pytest.skip("same pair again")
    e = entries(tour, r)
    w, b = prev.white, prev.black
    partner_w = b1.black if b1.white == w else b1.white
    partner_b = b2.black if b2.white == b else b2.white
    mutated = tour.with_round(
        r,
        {
            w: Entry(Result.DRAW, b, Colour.WHITE),
            b: Entry(Result.DRAW, w, Colour.BLACK),
            partner_w: Entry(Result.DRAW, partner_b, Colour.WHITE),
            partner_b: Entry(Result.DRAW, partner_w, Colour.BLACK),
        },
    )
    assert e  # the round had entries
    first = check_tournament(mutated, TOY).first_difference
    assert first is not None and first.round_no == r
    assert any("[C1]" in d.criterion and "already played" in d.criterion for d in first.diffs)


def test_colour_flip_names_the_preferences(tour: Tournament) -> None:
    r = 6
    target = played_boards(tour, r)[0]
    first = check_tournament(flip_colours(tour, r, target), TOY).first_difference
    assert first is not None
    assert first.diffs[0].criterion == "3: colours WBWB (difference +0); 1: colours WBWBW (difference +1)"
    state = build_state(before_round(tour, r), r)
    ruled = compare_round(
        first.expected or RoundPairing(r, ()), first.played, state=state, colour_rules={frozenset((1, 3)): "5.2.2"}
    )
    assert ruled[0].criterion.startswith("the system's colour rule: 5.2.2; 3: colours WBWB")


def test_system_that_cannot_pair_is_a_difference(tour: Tournament) -> None:
    class Stuck(BasicSystem):
        name = "stuck"
        codes = ("STUCK",)
        engine_flag = "--stuck"

        def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
            if round_no == 3:
                raise NoLegalPairing("stuck")
            return TOY.pair(tournament, round_no)

    report = check_tournament(tour, Stuck())
    assert not report.ok
    assert [rc.round_no for rc in report.rounds if not rc.ok] == [3]
    assert "round 3: DIFFERS — the system finds no legal pairing: stuck" in report.render()


def test_system_compare_hook_is_shown(tour: Tournament) -> None:
    class Explaining(ToySystem):
        def compare(self, t: Tournament, r: int, expected: RoundPairing, played: RoundPairing) -> str:
            return f"[C12] fewer downfloaters in round {r}"

    target = played_boards(tour, 2)[0]
    report = check_tournament(flip_colours(tour, 2, target), Explaining())
    assert "note: [C12] fewer downfloaters in round 2" in report.render()


# -- the pieces -----------------------------------------------------------------------------------


def _p(n: int, *entries: Entry) -> Player:
    return Player(start_no=n, name=f"P{n}", entries=entries)


def _game(opp: int, colour: Colour, result: Result = Result.DRAW) -> Entry:
    return Entry(result, opp, colour)


W, B = Colour.WHITE, Colour.BLACK


def test_infer_initial_colour_from_the_top_player() -> None:
    t = Tournament(players=(_p(1, _game(3, B)), _p(2, _game(4, W)), _p(3, _game(1, W)), _p(4, _game(2, B))))
    assert infer_initial_colour(t) is B


def test_infer_initial_colour_skips_absent_and_inverts_at_even_position() -> None:
    # 1 absent in round 1 and never paired: not counted. 2 (position 1) has the bye; 3 (position 2) had White
    t = Tournament(
        players=(
            _p(1, ABSENT),
            _p(2, Entry(Result.PAB)),
            _p(3, _game(4, W)),
            _p(4, _game(3, B)),
        )
    )
    assert infer_initial_colour(t) is B


def test_infer_initial_colour_none_without_colours() -> None:
    assert infer_initial_colour(Tournament(players=(_p(1, ABSENT), _p(2, ABSENT)))) is None


def test_prepare_for_replay_defaults_rounds_to_the_file() -> None:
    t = Tournament(players=(_p(1, _game(2, W), _game(2, B)), _p(2, _game(1, B), _game(1, W))))
    prepared = prepare_for_replay(t)
    assert prepared.total_rounds == 2 and prepared.initial_colour is W
    assert prepare_for_replay(t, total_rounds=9).total_rounds == 9
    stated = dataclasses.replace(t, total_rounds=5, initial_colour=B)
    assert prepare_for_replay(stated) is stated


def test_before_round_keeps_history_and_absences_only() -> None:
    t = Tournament(
        players=(
            _p(1, _game(2, W), _game(3, W)),
            _p(2, _game(1, B), Entry(Result.HALF_BYE)),
            _p(3, Entry(Result.PAB), _game(1, B)),
            _p(4, ABSENT),  # line stops: not paired in round 2 either
            _p(5, ABSENT, Entry(Result.FORFEIT_WIN)),  # "0000 - +" is the PAB
        )
    )
    s = before_round(t, 2)
    assert s.player(1).entries == (_game(2, W),)
    assert s.player(2).entries == (_game(1, B), Entry(Result.HALF_BYE))
    assert s.player(3).entries == (Entry(Result.PAB),)
    assert s.player(4).entries == (ABSENT, ABSENT)
    assert s.player(5).entries == (ABSENT,)
    assert s.next_round == 2
    assert set(build_state(s, 2).absent) == {2, 4}
    live = before_round(t, 2, unpaired_absent=False)
    assert live.player(4).entries == (ABSENT,)
    played = played_pairing(t, 2)
    assert played.boards == (Board(1, 3),) and played.bye == 5 and played.absent == {2: Result.HALF_BYE}


def test_played_pairing_rejects_one_sidedentries() -> None:
    t = Tournament(players=(_p(1, _game(2, W)), _p(2, _game(3, B)), _p(3, _game(2, W))))
    with pytest.raises(InputError, match="round 1: player 1 is paired with 2"):
        played_pairing(t, 1)
    t2 = Tournament(players=(_p(1, _game(9, W)), _p(2, ABSENT)))
    with pytest.raises(InputError, match="not in the file"):
        played_pairing(t2, 1)


def test_two_byes_in_a_round_are_a_difference_not_a_crash() -> None:
    t = Tournament(
        players=(
            _p(1, Entry(Result.PAB), _game(2, W)),
            _p(2, Entry(Result.PAB), _game(1, B)),
            _p(3, _game(4, W), Entry(Result.PAB)),
            _p(4, _game(3, B), ABSENT),
        ),
        total_rounds=2,
    )
    assert round_byes(t, 1) == (1, (2,))
    report = check_tournament(t, TOY)
    assert [rc.ok for rc in report.rounds] == [False, True]
    assert "round 1: DIFFERS — the file gives the pairing-allocated bye to 1, 2: a round has one at most" in (
        report.render()
    )


def test_forfeit_wins_without_opponent_are_the_bye() -> None:
    """``0000 - +`` is the PAB, as the reference engine reads it; two in a round
    are two byes."""
    one = Tournament(players=(_p(1, _game(2, W)), _p(2, _game(1, B)), _p(3, Entry(Result.FORFEIT_WIN))))
    assert round_byes(one, 1) == (3, ())
    assert played_pairing(one, 1).bye == 3
    assert before_round(one, 1).player(3).entries == ()
    two = Tournament(players=(*one.players, _p(4, Entry(Result.FORFEIT_WIN)), _p(5, Entry(Result.PAB))))
    assert round_byes(two, 1) == (3, (4, 5))
    played = played_pairing(two, 1)
    assert played.bye == 3 and played.absent == {4: Result.FORFEIT_WIN, 5: Result.PAB}


def test_forfeit_without_colours_matches_on_opponents() -> None:
    expected = RoundPairing(1, (Board(2, 1), Board(3, 4)))
    t = Tournament(
        players=(
            _p(1, Entry(Result.FORFEIT_WIN, 2)),
            _p(2, Entry(Result.FORFEIT_LOSS, 1)),
            _p(3, _game(4, W)),
            _p(4, _game(3, B)),
        )
    )
    from swissbridge.rules.history import uncoloured_boards

    unc = uncoloured_boards(t, 1)
    assert unc == {frozenset((1, 2))}
    assert compare_round(expected, played_pairing(t, 1), uncoloured=unc) == ()
    assert compare_round(expected, played_pairing(t, 1))[0].difference == "colour flipped"


def test_check_rejects_unpaired_round(tour: Tournament) -> None:
    with pytest.raises(InputError, match="round 9 has not been paired"):
        check_tournament(tour, TOY, rounds=[9])


def test_unknown_system_is_a_usage_error(tour: Tournament) -> None:
    with pytest.raises(UsageError, match="unknown pairing system"):
        check_tournament(tour, "no-such-system")


def _iter_rounds(t: Tournament) -> Iterator[int]:
    yield from range(1, t.completed_rounds + 1)


def test_replay_state_equals_what_the_generator_paired() -> None:
    seen: dict[int, Tournament] = {}

    def hook(state: Tournament, r: int, pairing: RoundPairing) -> None:
        seen[r] = state

    t = generate_tournament(18, 6, TOY, 11, GenerateOptions(late_entry_rate=0.2, half_bye_rate=0.1), on_round=hook)
    for r in _iter_rounds(t):
        replay = before_round(t, r)
        assert [p.entries for p in replay.players] == [p.entries for p in seen[r].players]


def test_running_tournament_with_a_round_in_progress(tour: Tournament) -> None:
    """Round 5 paired but not played (pending results) is checked too; the round to
    be paired next, with only its absences entered, is not."""
    from swissbridge.pairing import apply_pairing

    upto4 = tour.with_players(dataclasses.replace(p, entries=p.entries[:4]) for p in tour.players)
    live = apply_pairing(upto4, TOY.pair(before_round(tour, 5, unpaired_absent=False), 5))
    assert any(e.result is Result.PENDING for p in live.players for e in p.entries)
    report = check_tournament(live, TOY)
    assert report.ok and [rc.round_no for rc in report.rounds] == [1, 2, 3, 4, 5]
    waiting = upto4.with_round(5, {upto4.players[0].start_no: Entry(Result.HALF_BYE)})
    assert [rc.round_no for rc in check_tournament(waiting, TOY).rounds] == [1, 2, 3, 4]


def test_a_round_replayed_around_a_game_without_result_says_so(tour: Tournament) -> None:
    """GHR 3.1: replaying the round after an adjourned game counts that game as a draw."""
    r = 3
    board = played_boards(tour, r)[0]
    e = entries(tour, r)
    t = tour.with_round(r, {n: dataclasses.replace(e[n], result=Result.PENDING) for n in board.players()})
    report = check_tournament(t, TOY, rounds=[r + 1])
    (rc,) = report.rounds
    note = (
        f"1 game without a result (round {r} {board.white}-{board.black}): "
        "each counted as a drawn game, as GHR 3.1 counts an adjourned game"
    )
    assert rc.notes[0] == note
    assert f"  note: {note}" in report.render()
    assert check_tournament(tour, TOY, rounds=[r + 1]).rounds[0].notes == ()
