"""The round state every system reads (bridge/state.py): floats (C.04.3 1.4), PAB
eligibility (C.04.1 Art. 4), colour preferences (C.04.3 1.7) and TPN parity of
entered players (GHR Art. 2.4), including the one point where swissbridge follows
the handbook against the corpus's reference engine (1.4.3, a PAB worth no more than
a loss)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swissbridge.model import (
    OPPOSITE_RESULT,
    Acceleration,
    Colour,
    Entry,
    Forbidden,
    Player,
    PointSystem,
    Result,
    Tournament,
)
from swissbridge.rules.history import before_round, unfinished_games
from swissbridge.state import Float, Strength, build_state, colour_preference, scores_when_paired

W, B = Colour.WHITE, Colour.BLACK


def field(entries: dict[int, list[Entry]], *, points: PointSystem | None = None) -> Tournament:
    players = tuple(Player(n, f"Player {n}", tuple(e)) for n, e in sorted(entries.items()))
    return Tournament(players, total_rounds=5, initial_colour=W, points=points or PointSystem())


def game(opponent: int, colour: Colour, result: Result) -> Entry:
    return Entry(result, opponent, colour)


ROUND1 = {
    1: [game(3, W, Result.WIN)],
    2: [Entry(Result.PAB)],
    3: [game(1, B, Result.LOSS)],
    4: [game(5, W, Result.FORFEIT_WIN)],
    5: [game(4, B, Result.FORFEIT_LOSS)],
    6: [Entry(Result.HALF_BYE)],
    7: [Entry(Result.ZERO_BYE)],
    8: [Entry(Result.FULL_BYE)],
}


def test_floats_of_round_one_by_entry() -> None:
    """1.4.2: the game between equal scores gives no float; 1.4.3: a PAB, a forfeit
    win, a half- and a full-point bye give a downfloat; 1.4.4: a forfeit loss and a
    zero-point bye give none."""
    state = build_state(field(ROUND1), 2)
    floats = {n: p.floats for n, p in state.players.items()}
    assert floats == {
        1: (Float.NONE,),
        2: (Float.DOWN,),
        3: (Float.NONE,),
        4: (Float.DOWN,),
        5: (Float.NONE,),
        6: (Float.DOWN,),
        7: (Float.NONE,),
        8: (Float.DOWN,),
    }


def test_a_zero_point_pab_still_gives_a_downfloat() -> None:
    """C.04.3 1.4.3 (2026) names the PAB explicitly; the reference engine gives no float
    when the PAB is worth no more than a loss. swissbridge follows the handbook."""
    state = build_state(field(ROUND1, points=replace(PointSystem(), pab=0)), 2)
    assert state.players[2].floats == (Float.DOWN,)
    assert not state.players[2].pab_eligible


def test_pab_eligibility() -> None:
    """C.04.1 Art. 4: a PAB, a forfeit win or a full-point bye bars the PAB; a half-point
    bye, a zero-point bye, a forfeit loss and a played game do not."""
    state = build_state(field(ROUND1), 2)
    barred = {n for n, p in state.players.items() if not p.pab_eligible}
    assert barred == {2, 4, 8}


def test_forfeits_are_not_meetings_and_give_no_colour() -> None:
    """GHR 3.4/3.5: a forfeit counts neither for colours nor as a meeting."""
    state = build_state(field(ROUND1), 2)
    assert state.players[4].opponents == frozenset() and state.players[4].colours == ()
    assert state.players[1].opponents == frozenset({3}) and state.players[1].colours == (W,)


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), (None, Strength.NONE)),
        ((W,), (B, Strength.STRONG)),
        ((W, B), (W, Strength.MILD)),
        ((W, W), (B, Strength.ABSOLUTE)),
        ((B, W, W), (B, Strength.ABSOLUTE)),
        ((W, B, B), (W, Strength.ABSOLUTE)),
        ((B, W, B, W, B), (W, Strength.STRONG)),
        ((W, W, B, W), (B, Strength.ABSOLUTE)),
    ],
)
def test_colour_preference(colours: tuple[Colour, ...], expected: tuple[Colour | None, Strength]) -> None:
    """C.04.3 1.7.1-1.7.4."""
    assert colour_preference(colours) == expected


def test_tpn_counts_entered_players_only() -> None:
    """GHR Art. 2.4 (dutch-reference §1.3): a player absent now who was never paired has
    no TPN, so the players below move up one place; once paired, a player keeps it."""
    t = field({1: [Entry(Result.ZERO_BYE)], 2: [], 3: []})
    state = build_state(t, 1)
    assert 1 not in state.players
    assert (state.players[2].tpn, state.players[3].tpn) == (1, 2)
    t = field(
        {1: [game(2, W, Result.WIN), Entry(Result.ZERO_BYE)], 2: [game(1, B, Result.LOSS)], 3: [Entry(Result.PAB)]}
    )
    state = build_state(t, 2)
    assert state.players[1].tpn == 1 and not state.players[1].present


_RESULTS = [Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN, Result.FORFEIT_LOSS, Result.PENDING]
_UNPAIRED = [Result.PAB, Result.HALF_BYE, Result.ZERO_BYE, Result.FULL_BYE, Result.FORFEIT_WIN]


@st.composite
def _histories(draw: st.DrawFn) -> Tournament:
    """Small tournaments with everything a state reads: games (forfeits, games without a
    result, colours not written), byes, lines that stop early, record 299 adjustments,
    odd point systems (an absence worth more than a loss, or a win) and acceleration."""
    n = draw(st.integers(2, 8))
    rounds = draw(st.integers(0, 5))
    lines: dict[int, list[Entry]] = {i: [] for i in range(1, n + 1)}
    for _ in range(rounds):
        order = draw(st.permutations(range(1, n + 1)))
        i = 0
        while i < n:
            a = order[i]
            if i + 1 < n and draw(st.booleans()):
                b, result = order[i + 1], draw(st.sampled_from(_RESULTS))
                colour = draw(st.sampled_from([W, B, None]))
                lines[a].append(Entry(result, b, colour))
                lines[b].append(Entry(OPPOSITE_RESULT[result], a, colour.opposite if colour else None))
                i += 2
            else:
                lines[a].append(Entry(draw(st.sampled_from(_UNPAIRED))))
                i += 1
    players = []
    for i, entries in lines.items():
        kept = draw(st.integers(0, len(entries))) if draw(st.booleans()) else len(entries)
        adjustments = tuple(draw(st.lists(st.tuples(st.integers(0, rounds), st.sampled_from([-5, 5, 10])), max_size=2)))
        players.append(Player(i, f"Player {i}", tuple(entries[:kept]), rating=2000 - i, adjustments=adjustments))
    points = draw(st.sampled_from([PointSystem(), PointSystem(zero_bye=5), PointSystem(zero_bye=10)]))
    acceleration = tuple(
        draw(
            st.lists(
                st.builds(
                    Acceleration, st.sampled_from([5, 10]), st.just(1), st.integers(1, 4), st.just(1), st.integers(1, n)
                ),
                max_size=1,
            )
        )
    )
    return Tournament(tuple(players), total_rounds=rounds + 1, points=points, acceleration=acceleration)


@settings(max_examples=150, deadline=None)
@given(_histories(), st.booleans())
def test_a_replay_reads_its_source_chronicle_as_its_own_history(t: Tournament, unpaired_absent: bool) -> None:
    """issue 27: the state of a replay (``before_round``), read from the histories its
    source worked out once (its :class:`~swissbridge.state.Chronicle`, a line that stops
    early padded with absences as the replay writes it), is the state worked out from the
    replay's own lines (a copy: its memo is empty); so are the scores Lim's floats read
    and the games without a result."""
    for r in range(1, t.rounds_in_file + 2):
        replay = before_round(t, r, unpaired_absent=unpaired_absent)
        for q in range(1, r + 2):  # its own round, the earlier ones, and one beyond it
            alone = replace(replay)
            assert not alone.memo
            assert build_state(replay, q) == build_state(alone, q), (r, q)
            assert unfinished_games(replay, q) == unfinished_games(alone, q)
            pts = replay.points
            assert scores_when_paired(replay, q) == {
                p.start_no: p.pairing_score(pts, q - 1) + replay.virtual_points(p.start_no, q) for p in replay.players
            }


def test_forbidden_pairs_are_held_by_group_not_by_pair() -> None:
    """Records 260/XXP: two players of one group may not meet; a player listed twice,
    or a group of one, forbids nothing more. Held as each player's groups: a group of
    2 000 players is 2 000 entries, not its 1 999 000 pairs."""
    forbidden = Forbidden.of([(1, 2, 2, 3), (3, 4), (5,), (6, 6)])
    assert [forbidden.forbids(a, b) for a, b in [(1, 2), (2, 1), (1, 3), (3, 4), (1, 4), (2, 2), (5, 6), (6, 6)]] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    assert forbidden.partners(3) == {1, 2, 4} and forbidden.partners(5) == frozenset()
    assert forbidden.pairs() == [(1, 2), (1, 3), (2, 3), (3, 4)] and forbidden.pairs([1, 3, 4]) == [(1, 3), (3, 4)]
    assert not Forbidden.of([(7,), (8, 8)])
    big = Forbidden.of([range(1, 2001)])
    assert sum(len(g) for g in big.groups.values()) == 2000 and big.forbids(1, 2000) and not big.forbids(1, 2001)
