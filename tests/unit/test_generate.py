"""``swissbridge generate``: random tournaments played to the end with a system.

The generator's own properties (determinism, the features it must produce, Baku
acceleration, forbidden pairs) are tested with the small deterministic system of
``test_check``; the file round trip and the real systems in
``test_generate_systems.py``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from swissbridge.commands.check import check_tournament
from swissbridge.commands.generate import (
    POINTS_310,
    EngineFault,
    GenerateOptions,
    GenerationFailed,
    generate_tournament,
    plan_tournament,
    play_round,
)
from swissbridge.errors import InputError, UsageError
from swissbridge.model import Acceleration, ByeKind, Colour, PointSystem, Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.rules.acceleration import baku_acceleration

from tests.toy_support import TOY, ToySystem


def gen(seed: int, players: int = 24, rounds: int = 7, **kw: object) -> Tournament:
    return generate_tournament(players, rounds, TOY, seed, GenerateOptions(**kw))  # type: ignore[arg-type]


def test_same_seed_same_tournament_other_seed_other() -> None:
    a, b, c = gen(5), gen(5), gen(6)
    assert a == b
    assert a != c


def test_no_global_random_state_is_used() -> None:
    random.seed(1)
    a = gen(9)
    random.seed(2)
    random.random()
    assert gen(9) == a


def test_played_to_the_end_with_consistent_entries() -> None:
    t = gen(1, players=31, rounds=9)
    assert t.total_rounds == 9 and t.completed_rounds == 9
    for p in t.players:
        assert len(p.entries) == 9
        assert p.stated_points == p.score(t.points, 9)
        for r, e in enumerate(p.entries, 1):
            if e.opponent is not None:
                other = t.player(e.opponent).entry(r)
                assert other is not None and other.opponent == p.start_no
                assert e.colour is not None and other.colour is e.colour.opposite
                mirrored = {
                    Result.WIN: Result.LOSS,
                    Result.LOSS: Result.WIN,
                    Result.DRAW: Result.DRAW,
                    Result.WIN_UNRATED: Result.LOSS_UNRATED,
                    Result.LOSS_UNRATED: Result.WIN_UNRATED,
                    Result.DRAW_UNRATED: Result.DRAW_UNRATED,
                    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
                }
                if e.result is Result.FORFEIT_LOSS:
                    assert other.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
                else:
                    assert other.result is mirrored[e.result]
    ranks = sorted(p.rank for p in t.players if p.rank is not None)
    assert ranks == list(range(1, 32))
    # start numbers follow rating order (GHR Art. 2)
    ratings = [p.rating for p in t.players]
    assert ratings == sorted(ratings, reverse=True)


def test_features_appear_across_seeds() -> None:
    counts: Counter[str] = Counter()
    for seed in range(12):
        t = gen(seed, players=30, rounds=8, forbidden_groups=1)
        for p in t.players:
            results = [e.result for e in p.entries]
            counts["pab"] += results.count(Result.PAB)
            counts["half"] += results.count(Result.HALF_BYE)
            counts["full"] += results.count(Result.FULL_BYE)
            counts["forfeit"] += results.count(Result.FORFEIT_WIN)
            for e in p.entries:
                if e.result is Result.FORFEIT_WIN:
                    counts[f"forfeit won with {e.colour}"] += 1
            counts["double forfeit"] += sum(
                1
                for r, e in enumerate(p.entries, 1)
                if e.result is Result.FORFEIT_LOSS and t.player(e.opponent or 0).entries[r - 1].result is e.result
            )
            counts["draw"] += results.count(Result.DRAW)
            counts["unrated"] += p.rating == 0
            first_paired = next((i for i, e in enumerate(p.entries) if e.paired), None)
            if first_paired and all(e.result in (Result.ZERO_BYE, Result.HALF_BYE) for e in p.entries[:first_paired]):
                counts["late entry"] += 1
            last_paired = max((i for i, e in enumerate(p.entries) if e.paired), default=0)
            if last_paired < 7 and all(e.result is Result.ZERO_BYE for e in p.entries[last_paired + 1 :]):
                counts["withdrawal"] += 1
        counts["announced"] += len(t.announced_byes)
        for bye in t.announced_byes:
            counts[f"announced {bye.kind.name}"] += len(bye.players)
        counts["forbidden"] += len(t.forbidden)
        counts["black first"] += t.initial_colour is Colour.BLACK
    for feature in (
        "pab",
        "half",
        "full",
        "forfeit",
        f"forfeit won with {Colour.WHITE}",
        f"forfeit won with {Colour.BLACK}",
        "announced HALF",
        "announced FULL",
        "announced ZERO",
        "double forfeit",
        "draw",
        "late entry",
        "withdrawal",
        "announced",
        "forbidden",
        "black first",
        "unrated",
    ):
        assert counts[feature] > 0, feature


def test_announced_byes_match_the_round_columns() -> None:
    t = gen(4, players=30, rounds=8, half_bye_rate=0.1, full_bye_rate=0.02, absence_rate=0.05)
    assert t.announced_byes
    for bye in t.announced_byes:
        for n in bye.players:
            entry = t.player(n).entry(bye.round_no)
            assert entry is not None and entry.result is bye.kind.result
    assert {b.kind for b in t.announced_byes} == {ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO}


def test_never_a_requested_bye_in_the_last_round_and_at_most_two_half_byes() -> None:
    for seed in range(5):
        t = gen(seed, half_bye_rate=0.3, late_entry_rate=0)
        for p in t.players:
            assert p.entries[-1].result is not Result.HALF_BYE
            assert sum(e.result is Result.HALF_BYE for e in p.entries) <= 2


def test_half_the_field_always_plays() -> None:
    t = gen(2, players=20, rounds=6, absence_rate=0.4, withdrawal_rate=0.3)
    for r in range(1, 7):
        assert sum(1 for p in t.players if p.entries[r - 1].paired) >= 10


def test_310_scoring() -> None:
    t = gen(3, points=POINTS_310)
    assert t.points == POINTS_310
    p = t.players[0]
    assert p.stated_points is not None and p.stated_points % 10 == 0
    wins = sum(
        e.result in (Result.WIN, Result.FORFEIT_WIN, Result.PAB, Result.FULL_BYE, Result.WIN_UNRATED) for e in p.entries
    )
    draws = sum(e.result in (Result.DRAW, Result.HALF_BYE, Result.DRAW_UNRATED) for e in p.entries)
    assert p.stated_points == 30 * wins + 10 * draws


def test_baku_acceleration_c047() -> None:
    # C.04.7 example: 161 players, GA = 82; 9 rounds: 5 accelerated, +1 in rounds 1-3, +½ in 4-5
    acc = baku_acceleration(list(range(1, 162)), 9, PointSystem())
    assert acc == (
        Acceleration(points=10, first_round=1, last_round=3, first_player=1, last_player=82),
        Acceleration(points=5, first_round=4, last_round=5, first_player=1, last_player=82),
    )
    # a late entry below the GA range: the last GA player stays the same start number
    acc = baku_acceleration([1, 2, 3, 5, 6, 7, 8, 9], 5, PointSystem())
    assert acc[0].last_player == 5  # GA = 2·⌈8/4⌉ = 4 initial players: 1, 2, 3, 5
    assert acc == (
        Acceleration(points=10, first_round=1, last_round=2, first_player=1, last_player=5),
        Acceleration(points=5, first_round=3, last_round=3, first_player=1, last_player=5),
    )
    assert baku_acceleration([1, 2], 1, PointSystem()) == (Acceleration(10, 1, 1, 1, 2),)
    with pytest.raises(InputError, match="two draws"):
        baku_acceleration([1, 2, 3], 5, POINTS_310)


def test_accelerated_tournament_gives_virtual_points() -> None:
    t = gen(8, players=24, rounds=7, accelerate=True, late_entry_rate=0)
    assert t.acceleration
    assert t.virtual_points(1, 1) == 10 and t.virtual_points(1, 3) == 5 and t.virtual_points(1, 5) == 0
    assert t.virtual_points(24, 1) == 0
    with pytest.raises(InputError):
        gen(8, accelerate=True, points=POINTS_310)


def test_forbidden_pairs_never_meet() -> None:
    for seed in range(6):
        t = gen(seed, players=16, rounds=6, forbidden_groups=4)
        assert len(t.forbidden) == 4
        for r in range(1, 7):
            banned = t.forbidden_in(r)
            for p in t.players:
                e = p.entries[r - 1]
                if e.opponent is not None:
                    assert not banned.forbids(p.start_no, e.opponent)


def test_invalid_sizes_are_usage_errors_naming_the_option() -> None:
    """A size that cannot be generated is a wrong option, not a bad file: the message
    names the option (no ``<input>:`` location)."""
    for players, rounds, option in ((1, 1, "-n 1: "), (10, 0, "--rounds 0: "), (6, 6, "--rounds 6: ")):
        with pytest.raises(UsageError) as caught:
            gen(1, players=players, rounds=rounds)
        assert str(caught.value).startswith(option)


def test_unpairable_settings_fail_after_the_attempts() -> None:
    class Never(ToySystem):
        def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
            from swissbridge.pairing import NoLegalPairing

            raise NoLegalPairing("never")

    with pytest.raises(GenerationFailed, match="3 attempts; last: never"):
        generate_tournament(10, 3, Never(), 1, GenerateOptions(attempts=3))


def test_faulty_engine_is_caught() -> None:
    class Drops(ToySystem):
        def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
            p = super().pair(tournament, round_no)
            return dataclasses.replace(p, boards=p.boards[1:])

    with pytest.raises(EngineFault, match="unpaired present players"):
        generate_tournament(10, 3, Drops(), 1)


def test_plan_and_play_round_api() -> None:
    plan = plan_tournament(12, 5, TOY, 3, GenerateOptions(half_bye_rate=0.2))
    assert plan.tournament.completed_rounds == 0
    assert set(plan.absences) == {1, 2, 3, 4, 5}
    t = plan.tournament.with_round(1, plan.absences[1]) if plan.absences[1] else plan.tournament
    pairing = TOY.pair(t, 1)
    after = play_round(t, pairing, plan.strengths, random.Random(1))
    assert after.completed_rounds == 1
    b: Board = pairing.boards[0]
    e = after.player(b.white).entry(1)
    assert e is not None and e.opponent == b.black and e.colour is Colour.WHITE


def test_on_round_hook_sees_every_round() -> None:
    seen: list[int] = []
    t = generate_tournament(14, 5, TOY, 2, on_round=lambda state, r, pairing: seen.append(r))
    assert seen == [1, 2, 3, 4, 5]
    assert check_tournament(t, TOY).ok
