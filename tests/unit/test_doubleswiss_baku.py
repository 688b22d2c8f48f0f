"""Baku acceleration (C.04.7) of a Double-Swiss (C.04.5), record 192
``FIDE_DOUBLESWISS_BAKU``: the accelerated rounds are the first half of the matches (a
round of the system is a match), the GA players' virtual points those C.04.7 gives, 1
then ½ (the points of a game's win: a Double-Swiss assigns points for each game, Preface),
written over the matches' columns (record 250 counts columns); a file's own 250 comes
first; ``generate --accelerate`` writes them and ``check`` replays the event."""

from __future__ import annotations

from swissbridge.commands.check import check_tournament
from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Acceleration
from swissbridge.plugins.doubleswiss import DoubleSwissSystem
from swissbridge.plugins.doubleswiss.rules import DoubleState

EIGHT = "\n".join(
    [
        "012 Baku double",
        "142 10",
        "192 FIDE_DOUBLESWISS_BAKU",
        *(
            f"001 {n:4d} m    {'Player ' + str(n):<33} {2500 - 50 * n:4d} ENG {n:11d} 1990/01/01  0.0 {n:4d}"
            for n in range(1, 9)
        ),
    ]
)


def test_the_baku_code_gives_virtual_points_over_the_matches_columns() -> None:
    t = parse_trf(EIGHT)
    # 5 matches: 3 accelerated (the first half, rounded up), 1 point in the first 2, ½ in the 3rd;
    # GA the first 2 * ceil(8 / 4) = 4 players; the columns of matches 1-2 are 1-4, of match 3 5-6
    assert DoubleSwissSystem().default_acceleration(t) == (
        Acceleration(points=10, first_round=1, last_round=4, first_player=1, last_player=4),
        Acceleration(points=5, first_round=5, last_round=6, first_player=1, last_player=4),
    )
    state = DoubleState(t, 1)
    assert [state.score(n) for n in range(1, 9)] == [10] * 4 + [0] * 4


def test_the_first_match_pairs_ga_and_gb_apart() -> None:
    baku = DoubleSwissSystem().pair(parse_trf(EIGHT), 1)
    assert {frozenset(b.players()) for b in baku.boards} == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    plain = DoubleSwissSystem().pair(parse_trf(EIGHT.replace("_BAKU", "")), 1)
    assert {frozenset(b.players()) for b in plain.boards} == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}


def test_the_file_s_own_virtual_points_come_first() -> None:
    own = parse_trf(EIGHT + f"\n250 {'':4} {'0.5':>4} {1:>3} {2:>3} {1:>4} {2:>4}")  # ½ in match 1, to #1-#2
    assert DoubleSwissSystem().default_acceleration(own) == ()
    assert [DoubleState(own, 1).score(n) for n in (1, 2, 3)] == [5, 5, 0]


def test_generate_accelerates_a_double_swiss_and_check_replays_it() -> None:
    t = generate_tournament(12, 4, "doubleswiss", 5, GenerateOptions(accelerate=True))
    assert t.acceleration and all(a.first_round % 2 == 1 and a.last_round % 2 == 0 for a in t.acceleration)
    back = parse_trf(write_trf(t))
    assert back.acceleration == t.acceleration
    report = check_tournament(back, "doubleswiss")
    assert report.ok and len(report.rounds) == 4, report.render()
