"""The Dubov system (C.04.4.1, 2026): its own definitions and the handbook's examples."""

from __future__ import annotations

import json
from pathlib import Path

from swissbridge.commands.check import check_tournament
from swissbridge.commands.explain import explain
from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.model import Colour, Entry, Tournament
from swissbridge.plugins.dubov import DubovSystem
from swissbridge.plugins.dubov.bracket import middle_out
from swissbridge.plugins.dubov.rules import aro, max_upfloats, provisional_ratings
from swissbridge.publish.explain import render_json
from swissbridge.rules.history import before_round


def test_shifter_example_of_4_3_3() -> None:
    """4.3.3's example: seven players A..G are numbered from the middle out, the higher
    of two middle players first: #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    assert middle_out("ABCDEFG") == list("DCEBFAG")
    assert middle_out("ABCDEF") == list("CDBEAF")
    assert middle_out("A") == ["A"] and middle_out("") == []


def test_aro_rounds_half_up_and_is_zero_before_a_game() -> None:
    assert aro(0, 0) == 0  # 1.7.3
    assert aro(2000 + 2001, 2) == 2001  # 2000.5: the higher (1.7.1)
    assert aro(2000 + 2000 + 2001, 3) == 2000  # 2000.33
    assert aro(2000 + 2001 + 2001, 3) == 2001  # 2000.67


def test_max_t() -> None:
    """1.8.2: MaxT = 2 + [Rnds/5]."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11, 15)] == [2, 3, 3, 4, 4, 5]


def _generated(rounds: int = 6) -> Tournament:
    return generate_tournament(23, rounds, "dubov", 3, GenerateOptions(unrated_rate=0.2))


def test_explain_documents_validate_against_both_schemas() -> None:
    from tests.unit.test_explain import DETAILS, SCHEMA, validate

    t = _generated()
    for r in (1, 3, 6):
        doc = explain(before_round(t, r), system="dubov", round_no=r)
        assert validate(doc, SCHEMA) == []
        assert validate(doc["details"], DETAILS["dubov"]) == []
        assert validate(json.loads(render_json(doc)), SCHEMA) == []
        brackets = doc["details"]["brackets"]  # type: ignore[index]
        assert brackets and all(b["t2"] for b in brackets)
    assert doc["bye"] is not None  # 23 players: the PAB is explained (3.1)


def test_check_names_the_article_a_played_round_departs_from() -> None:
    """Two boards of a round exchanged: ``check`` says where the Dubov pairing differs,
    with its article."""
    t = _generated()
    r = 4
    boards = [b for b in DubovSystem().pair(before_round(t, r), r).boards][:2]
    (a, b), (c, d) = (boards[0].white, boards[0].black), (boards[1].white, boards[1].black)
    results = {n: t.player(n).entry(r).result for n in (a, b, c, d)}  # type: ignore[union-attr]
    swapped = t.with_round(
        r,
        {
            a: Entry(results[a], d, Colour.WHITE),
            d: Entry(results[d], a, Colour.BLACK),
            c: Entry(results[c], b, Colour.WHITE),
            b: Entry(results[b], c, Colour.BLACK),
        },
    )
    report = check_tournament(swapped, "dubov")
    notes = [n for rc in report.rounds if rc.round_no == r for n in rc.notes]
    assert any(n.startswith(("3.2.2", "3.2.6")) for n in notes), notes


def test_unrated_players_get_provisional_ratings() -> None:
    """1.1.2: generate rates everybody for Dubov; a file's unrated players are given the
    stated provisional ratings (below the lowest rated, 10 apart), and the trace says so."""
    t = generate_tournament(12, 3, "dutch", 5, GenerateOptions(unrated_rate=0.5))
    unrated = [p.start_no for p in t.players if p.rating == 0]
    assert unrated
    lowest = min(p.rating for p in t.players if p.rating)
    given = provisional_ratings(t, 3)
    assert given == {n: max(1000, lowest - 10 * j) for j, n in enumerate(unrated, 1)}
    trace = DubovSystem().trace(before_round(t, 3), 3)
    assert any("1.1.2" in note for note in trace.notes)
    rated = generate_tournament(12, 2, "dutch", 5, GenerateOptions(unrated_rate=0.5, provisional_rating=1111))
    assert sorted(p.rating for p in rated.players)[0] == 1111


def test_the_watcher_pairs_a_file_whose_record_192_says_dubov(tmp_path: Path) -> None:
    """The watcher publishes the round ``pair`` makes, the system chosen by record 192
    (FIDE_DUBOV) through the protocol alone."""
    from swissbridge.formats.trf import parse_trf
    from swissbridge.pairing import apply_pairing
    from swissbridge.systems.service import pair_tournament
    from swissbridge.watch.loop import Watcher
    from swissbridge.watch.types import WatchConfig

    sample = Path(__file__).resolve().parents[2] / "samples" / "open-round4.trf"
    path = tmp_path / "open.trf"
    path.write_text(sample.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026", "192 FIDE_DUBOV"), "utf-8")
    t = parse_trf(path.read_bytes())
    expected = apply_pairing(t, pair_tournament(t, system="dubov", round_no=4))
    report = Watcher(WatchConfig(tmp_path, host="swiss-manager", system=None, stable=0)).run_once()
    assert report.published == [("open", 4)]
    state = parse_trf((tmp_path / "swissbridge-out" / "open-R4" / "open-R4.trf").read_bytes())
    assert [p.entry(4) for p in state.players] == [p.entry(4) for p in expected.players]
    assert state.system == "FIDE_DUBOV"


def test_baku_code_accelerates_and_the_file_s_own_ranges_come_first() -> None:
    """FIDE_DUBOV_BAKU: the Baku acceleration of C.04.7 (virtual points in the first
    rounds); FIDE_DUBOV: none."""
    from dataclasses import replace

    t = generate_tournament(16, 5, "dubov", 2, GenerateOptions())
    system = DubovSystem()
    assert system.default_acceleration(t) == ()
    baku = replace(t, system="FIDE_DUBOV_BAKU", acceleration=())
    ranges = system.default_acceleration(baku)
    assert ranges and all(a.first_round == 1 for a in ranges[:1])
    rnd = system.trace(before_round(baku, 2), 2).round  # paired on the virtual points
    assert any(p.score > p.state.score for p in rnd.players)
    assert all(p.score == p.state.score for p in system.trace(before_round(t, 2), 2).round.players)
