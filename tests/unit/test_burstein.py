"""The Burstein system (C.04.4.2, 2026): the text's own example (the Note of 4.3) and
the rules of Article 1 on small hand-made tournaments."""

from __future__ import annotations

import itertools

from swissbridge.model import Colour, Entry, Player, PointSystem, Result, Tournament
from swissbridge.plugins import load
from swissbridge.plugins.burstein.order import pairings, text
from swissbridge.plugins.burstein.rules import Index, opposition_indexes, seeding_rounds

from tests.conftest import SHARED

PRINTED = [
    "1-6, 2-5, 3-0, 4-0",
    "1-6, 2-4, 3-0, 5-0",
    "1-6, 2-3, 4-0, 5-0",
    "1-6, 2-0, 3-5, 4-0",
    "1-6, 2-0, 3-4, 5-0",
    "1-6, 2-0, 3-0, 4-5",
    "1-5, 2-6, 3-0, 4-0",
    "1-5, 2-4, 3-0, 6-0",
    "1-5, 2-3, 4-0, 6-0",
]
"""The Note under 4.3: six players, two pairs, two virtual players; the first nine
pairings in order, then "...", then the last one."""
LAST = "1-0, 2-0, 3-4, 5-6"


def test_the_worked_example_of_4_3() -> None:
    order = [text(p) for p in pairings(6, 2)]
    assert order[: len(PRINTED)] == PRINTED
    assert order[-1] == LAST
    assert len(order) == len(set(order)) == 45  # C(6,2) floater pairs x 3 pairings of the other four


def test_the_worked_example_against_the_shared_fixture() -> None:
    fixture = SHARED / "corpus" / "burstein" / "text-examples" / "C040402-4.3-order.txt"
    if not fixture.is_file():
        import pytest

        pytest.skip("../shared/corpus/burstein not present")
    derived = fixture.read_text(encoding="utf-8").split("\n[derived]\n", 1)[1]
    lines = [line.strip() for line in derived.splitlines() if line.strip() and not line.startswith("#")]
    assert [text(p) for p in pairings(6, 2)] == lines


def test_no_floaters_starts_with_the_fold() -> None:
    assert text(next(pairings(6, 0))) == "1-6, 2-5, 3-4"
    assert text(next(pairings(5, 1))) == "1-5, 2-4, 3-0"
    assert list(pairings(5, 0)) == []


def test_seeding_rounds_are_half_the_rounds_at_most_four() -> None:
    assert [seeding_rounds(r) for r in (3, 5, 7, 8, 9, 11, 13)] == [1, 2, 3, 4, 4, 4, 4]


def _player(n: int, entries: list[Entry]) -> Player:
    return Player(start_no=n, name=f"P{n}", rating=2000 - n, entries=tuple(entries))


def _game(opponent: int, colour: Colour, result: Result) -> Entry:
    return Entry(result, opponent, colour)


W, B = Colour.WHITE, Colour.BLACK


def _index_tournament() -> Tournament:
    """Three rounds: 1 beats 2, draws 3, has the PAB; 2 loses to 1, has a half-point bye,
    beats 4; 3 is absent, draws 1, is absent again (zero-point byes); 4 is absent, loses
    by forfeit (no game: GHR 3.5), loses to 2."""
    p1 = _player(1, [_game(2, W, Result.WIN), _game(3, B, Result.DRAW), Entry(Result.PAB)])
    p2 = _player(2, [_game(1, B, Result.LOSS), Entry(Result.HALF_BYE), _game(4, W, Result.WIN)])
    p3 = _player(3, [Entry(Result.ZERO_BYE), _game(1, W, Result.DRAW), Entry(Result.ZERO_BYE)])
    p4 = _player(4, [Entry(Result.ZERO_BYE), Entry(Result.FORFEIT_LOSS), _game(2, B, Result.LOSS)])
    return Tournament(players=(p1, p2, p3, p4), total_rounds=9, points=PointSystem())


def test_the_index_counts_unplayed_rounds_as_games_against_oneself() -> None:
    """1.7.2.1: a round not played is a game against oneself with the points registered;
    1.7.2.2: the last run of zero-point byes counts as draws for the opponents."""
    ix = opposition_indexes(_index_tournament(), 4)
    # scores: 1: 2.5, 2: 1.5, 3: 0.5 (+0.5 for its opponents: one zero-point bye at the end), 4: 0
    # 1: BH = 1.5 (2) + 1.0 (3 as an opponent) + 2.5 (itself, PAB) = 5.0
    #    SB = 1 x 1.5 + 0.5 x 1.0 + 1 x 2.5 = 4.5
    assert ix[1] == Index(50, 450)
    # 2: BH = 2.5 (1) + 1.5 (itself, half-point bye) + 0 (4) = 4.0; SB = 0 + 0.5 x 1.5 + 1 x 0 = 0.75
    assert ix[2] == Index(40, 75)
    # 3: its own unplayed rounds count its real score: BH = 0.5 + 2.5 + 0.5 = 3.5; SB = 0.5 x 2.5 = 1.25
    assert ix[3] == Index(35, 125)
    # 4: BH = 0 + 0 (itself twice) + 1.5 (2) = 1.5; SB = 0
    assert ix[4] == Index(15, 0)
    assert Index(50, 450).text() == "BH 5.0, SB 4.5"


def test_a_round_after_the_seeding_rounds_ranks_by_index_not_score() -> None:
    """Round 4 of 9 (four seeding rounds: Dutch) and round 5 (Burstein) pair; the
    system is found by its record 192 code and its engine flag."""
    system = load("burstein")
    assert system.codes[0] == "FIDE_BURSTEIN" and system.engine_flag == "--burstein"


def test_precedes_is_the_order_of_the_walk() -> None:
    from swissbridge.plugins.burstein.order import precedes

    order = list(pairings(6, 2))
    as_pairs = [[(a, b) for a, b in p if b] for p in order]
    assert all(precedes(6, x, y) for x, y in itertools.pairwise(as_pairs))
    assert not precedes(6, as_pairs[3], as_pairs[2])


def test_explain_documents_follow_their_schemas() -> None:
    """A seeding round (the Dutch system's explanation inside) and a round after the
    seeding rounds: the document follows docs/explain.schema.json and its details
    plugins/burstein/details.schema.json, in every rendering."""
    from swissbridge.commands.explain import explain
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.commands.generate import tournament_before_round as before
    from swissbridge.publish.explain import render_html, render_json, render_text

    from tests.unit.test_explain import DETAILS, SCHEMA, validate

    t = generate_tournament(15, 7, "burstein", 4)
    for r in (2, 5, 7):
        doc = explain(before(t, r), system="burstein")
        assert validate(doc, SCHEMA) == [] and validate(doc["details"], DETAILS["burstein"]) == []
        assert doc["details"]["seeding_round"] is (r <= 3)
        assert render_text(doc) and render_html(doc) and render_json(doc)
        if r > 3:
            brackets = doc["details"]["brackets"]
            assert brackets and all(b["pairing"] for b in brackets)
            assert "1.8" in render_text(doc)


def test_check_names_the_article_of_a_difference() -> None:
    """``check`` of a round played otherwise: the PAB given to another player is named
    by its article of 3.1, a bracket paired otherwise by its criterion or 4.3."""
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.commands.generate import tournament_before_round as before
    from swissbridge.pairing import Board, RoundPairing

    system = load("burstein")
    t = before(generate_tournament(15, 7, "burstein", 4), 6)
    ours = system.pair(t, 6)
    assert system.compare(t, 6, ours, ours) == ""
    swapped = RoundPairing(6, tuple(Board(b.black, b.white) for b in ours.boards), bye=ours.bye)
    assert "5.2" in system.compare(t, 6, ours, swapped)
    first, second = ours.boards[0], ours.boards[-1]
    crossed = RoundPairing(
        6,
        (Board(first.white, second.black), Board(second.white, first.black), *ours.boards[1:-1]),
        bye=ours.bye,
    )
    said = system.compare(t, 6, ours, crossed)
    assert said.startswith("bracket") or said.startswith("3.1"), said


def test_the_seeding_rounds_need_the_number_of_rounds() -> None:
    """1.6.2: without the number of rounds the seeding rounds are unknown: refused, no guess."""
    import dataclasses

    import pytest
    from swissbridge.errors import InputError

    t = dataclasses.replace(_index_tournament(), total_rounds=None)
    with pytest.raises(InputError, match=r"1\.6\.2"):
        load("burstein").pair(t, 4)


def test_the_baku_code_accelerates() -> None:
    """C.04.7 with ``FIDE_BURSTEIN_BAKU`` and no 250 lines; none with ``FIDE_BURSTEIN``."""
    import dataclasses

    system = load("burstein")
    t = _index_tournament()
    assert system.default_acceleration(dataclasses.replace(t, system="FIDE_BURSTEIN")) == ()
    assert system.default_acceleration(dataclasses.replace(t, system="FIDE_BURSTEIN_BAKU"))


def test_round_after_seeding_is_paired_by_index_with_the_pab_first() -> None:
    """Round 4 of 9 is the last seeding round (Dutch); round 5 is Burstein's: the PAB is
    given first (3.1), each bracket in BSN order of 1.8, and the trace says so."""
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.commands.generate import tournament_before_round as before
    from swissbridge.plugins.burstein.trace import BursteinTrace

    system = load("burstein")
    t = generate_tournament(21, 9, "burstein", 7)
    seeding = system.trace(before(t, 4), 4)
    assert not isinstance(seeding, BursteinTrace) and seeding.pairing is not None
    assert seeding.pairing.system == "burstein" and "seeding round" in seeding.notes[0]
    trace = system.trace(before(t, 5), 5)
    assert isinstance(trace, BursteinTrace) and trace.pairing is not None
    rnd = trace.rnd
    for br in trace.brackets:
        assert br.players == sorted(br.players, key=rnd.rank_key)
    if trace.pab is not None:
        bye = trace.pab.chosen
        assert bye is not None and rnd.pab_eligible(bye)
        others = [c.player for c in trace.pab.candidates if c.leaves_pairing is not None]
        assert others[-1] == bye
