"""Random Double-Swiss events (C.04.5) generated, written, read back and replayed:
``generate --system doubleswiss`` plays each round as a match of two games (two round
columns, game 2 with the colours reversed, single games and whole matches forfeited,
absences, requested byes, the PAB of 1.5); ``check`` replays every match round and
finds the pairing published. Invariants of every event: each player's columns pair
into matches, no rematch but after a match ended by forfeit ([C1]), no second PAB
([C2]), the points column the Double-Swiss score. A short run by default; 500 events
with ``SWISSBRIDGE_SLOW=1 pytest -m slow``."""

from __future__ import annotations

import os
import random

import pytest
from swissbridge.commands.check import check_tournament
from swissbridge.commands.generate import generate_tournament
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Tournament
from swissbridge.rules.twogame import MatchKind, match_of, player_matches

SLOW = os.environ.get("SWISSBRIDGE_SLOW") == "1"


def event(seed: int) -> Tournament:
    """A random event of 6-30 players and 3-7 match rounds (fewer than the players)."""
    rng = random.Random(f"doubleswiss-{seed}")
    players = rng.randint(6, 30)
    rounds = min(rng.randint(3, 7), players - 1)
    return generate_tournament(players, rounds, "doubleswiss", seed)


def violations(t: Tournament) -> list[str]:
    """What an event of two-game matches must never show."""
    out: list[str] = []
    done = match_of(t.completed_rounds)
    for p in t.players:
        ms = player_matches(p, done)
        met = [m.opponent for m in ms if m.meeting]
        if len(met) != len(set(met)):
            out.append(f"#{p.start_no} met an opponent twice: {met}")
        if sum(1 for m in ms if m.kind is MatchKind.PAB) > 1:
            out.append(f"#{p.start_no} had two PABs")
        for m in ms:
            g1, g2 = m.games
            if g1.colour is not None and g2.colour is not None and g1.colour is g2.colour:
                out.append(f"#{p.start_no} round {m.number}: both games with {g1.colour}")
            if m.opponent is not None and g1.colour is None:
                out.append(f"#{p.start_no} round {m.number}: no colour scheduled")
        if p.stated_points != p.score(t.points, t.completed_rounds):
            out.append(f"#{p.start_no}: points column {p.stated_points}, score {p.score(t.points, t.completed_rounds)}")
    return out


def round_trip(seed: int) -> list[str]:
    """The event of ``seed`` written as TRF-2026 and read back, its invariants and the
    replay of every round; what failed, in words."""
    t = parse_trf(write_trf(event(seed)))
    problems = violations(t)
    report = check_tournament(t, "doubleswiss")
    problems += [f"round {rc.round_no}: {rc.error or rc.diffs}" for rc in report.rounds if not rc.ok]
    if len(report.rounds) != match_of(t.completed_rounds):
        problems.append(f"{len(report.rounds)} rounds replayed of {match_of(t.completed_rounds)}")
    return [f"seed {seed}: {p}" for p in problems]


@pytest.mark.parametrize("seed", range(12))
def test_a_generated_event_replays_identical(seed: int) -> None:
    assert round_trip(seed) == []


def test_the_pab_is_worth_a_match_won_and_drawn_once() -> None:
    t = event(3)
    for p in t.players:
        pabs = [m for m in player_matches(p, match_of(t.completed_rounds)) if m.kind is MatchKind.PAB]
        for m in pabs:
            assert m.points(t.points) == 15
            assert [g.colour for g in m.games] == [None, None]
    assert any(m.kind is MatchKind.PAB for p in t.players for m in player_matches(p, match_of(t.completed_rounds)))


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="500 events: set SWISSBRIDGE_SLOW=1")
def test_500_generated_events_replay_identical() -> None:
    problems = [p for seed in range(500) for p in round_trip(seed)]
    assert problems == []
