"""The benchmark harness (benchmarks/): legal generated histories, pair-list
comparison, and child processes that are timed, measured and killed on time."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, Entry, Result

from benchmarks import bench
from benchmarks.history import HARD_KINDS, Kind, build_tournament, verify_history


@pytest.mark.parametrize("players", [21, 50, 200])
def test_generated_history_is_valid_input(players: int) -> None:
    t = build_tournament(players, played_rounds=4, total_rounds=9, seed=7 + players)
    assert verify_history(t, 4) == []
    back = parse_trf(write_trf(t, "trf26"))
    assert back.completed_rounds == 4
    assert back.next_round == 5
    assert back.total_rounds == 9
    assert len(back.players) == players
    assert all(p.rank is not None for p in back.players)
    assert all(p.name.isascii() for p in back.players)


def test_generated_history_is_reproducible() -> None:
    a = write_trf(build_tournament(120, seed=3), "trf26")
    b = write_trf(build_tournament(120, seed=3), "trf26")
    c = write_trf(build_tournament(120, seed=4), "trf26")
    assert a == b
    assert a != c


def test_verify_history_finds_a_rematch_and_three_colours_in_a_row() -> None:
    t = build_tournament(40, seed=11)
    p1 = t.players[0]
    e1 = p1.entries[0]
    assert e1.opponent is not None
    # round 2 made a copy of round 1 for player 1 (and its mirror): a rematch
    opp = t.player(e1.opponent)
    bad = t.with_round(2, {p1.start_no: e1, opp.start_no: opp.entries[0]})
    problems = verify_history(bad, 4)
    assert any("meets" in x for x in problems)
    whites = replace(p1, entries=tuple(Entry(Result.WIN, 99, Colour.WHITE) for _ in range(3)))
    assert any(
        "in a row" in x or "difference" in x for x in verify_history(t.with_players([whites, *t.players[1:]]), 3)
    )


def test_parse_pairlist_reads_every_engines_output() -> None:
    assert bench.parse_pairlist("3\n1 2\n4\t3\n5 0\n\n") == {(1, 2), (4, 3), (5, 0)}
    assert bench.parse_pairlist("### Error 401\nPlayer 1 has misaligned data") is None
    assert bench.parse_pairlist("3\n1 2\n") is None
    assert bench.parse_pairlist("") is None


def test_describe_difference_separates_pairs_and_colours() -> None:
    ours = {(1, 2), (3, 4), (5, 6)}
    theirs = {(2, 1), (3, 5), (4, 6)}
    text = bench.describe_difference(ours, theirs)
    assert "2 pairs differ" in text
    assert "colours differ on 1 boards" in text
    assert bench.describe_difference(ours, set(ours)) == ""


def test_child_is_timed_measured_and_killed(tmp_path: Path) -> None:
    try:
        out = tmp_path / "out.txt"
        big = bench.run_child(
            [sys.executable, "-c", f"x = bytearray(120 * 2**20); open({str(out)!r}, 'w').write('1\\n1 2\\n')"],
            out,
            60,
        )
        assert big.returncode == 0 and not big.timed_out
        assert big.peak_mb > 120
        assert bench.parse_pairlist(big.output) == {(1, 2)}
        slow = bench.run_child([sys.executable, "-c", "import time; time.sleep(30)"], out, 0.5)
        assert slow.timed_out
        assert slow.seconds < 10
        assert not out.exists()  # the stale output of the previous run was removed
    finally:
        bench._Launcher.close()


def test_child_over_the_memory_limit_is_reported(tmp_path: Path) -> None:
    try:
        r = bench.run_child([sys.executable, "-c", "x = bytearray(600 * 2**20)"], tmp_path / "o", 60, memory_mb=300)
        assert r.out_of_memory
        assert r.returncode != 0
    finally:
        bench._Launcher.close()


def _row(cells: dict[str, bench.Cell], run_id: str, agreement: dict[str, str] | None = None) -> bench.Row:
    return bench.Row(
        key="dutch-9999",
        label="Dutch",
        players=9999,
        system="dutch",
        sha256="abc",
        target_s=180.0,
        target_mb=None,
        cells=cells,
        agreement=agreement or {},
        measured=run_id,
        run_id=run_id,
    )


def test_results_of_two_runs_on_the_same_file_combine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "RESULTS_JSON", tmp_path / "results.json")
    first = _row(
        {
            "swissbridge": bench.Cell("skipped"),
            "py4swiss": bench.Cell("ok", seconds=500.0, pairs_digest="d1"),
        },
        "run 1",
    )
    data = bench.merge_results([first], None, "run 1", {"machine": {}, "versions": {}, "argv": ""})
    (tmp_path / "results.json").write_text(bench.json.dumps(data))
    second = _row({"gacrux": bench.Cell("ok", seconds=900.0, pairs_digest="d1")}, "run 2")
    data = bench.merge_results([second], None, "run 2", {"machine": {}, "versions": {}, "argv": ""})
    (row,) = data["rows"]
    assert set(row["cells"]) == {"swissbridge", "py4swiss", "gacrux"}
    assert row["cells"]["py4swiss"]["run_id"] == "run 1"
    assert row["cells"]["gacrux"]["run_id"] == "run 2"
    assert row["agreement"] == {"peers": "gacrux and py4swiss identical"}
    assert set(data["runs"]) == {"run 1", "run 2"}
    # a different input file replaces the row altogether
    third = _row({"gacrux": bench.Cell("ok", seconds=1.0, pairs_digest="d2")}, "run 3")
    third.sha256 = "other"
    data = bench.merge_results([third], None, "run 3", {"machine": {}, "versions": {}, "argv": ""})
    (row,) = data["rows"]
    assert set(row["cells"]) == {"gacrux"}
    assert set(data["runs"]) == {"run 3"}


def test_a_row_where_no_peer_finished_says_so() -> None:
    cells = {
        "swissbridge": bench.Cell("ok", seconds=50.0, pairs_digest="d1"),
        "gacrux": bench.Cell("oom", detail="no pairing written"),
        "py4swiss": bench.Cell("timeout", seconds=600.0),
    }
    assert bench._agreement(_row(cells, "run 1")) == "no peer finished: nothing to compare with"
    cells["py4swiss"] = bench.Cell("ok", seconds=500.0, pairs_digest="d1")
    row = _row(cells, "run 1")
    row.agreement = {"py4swiss": "identical"}
    assert bench._agreement(row) == "py4swiss: identical"


def test_render_regenerates_results_md_from_results_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "RESULTS_JSON", tmp_path / "results.json")
    monkeypatch.setattr(bench, "RESULTS_MD", tmp_path / "RESULTS.md")
    monkeypatch.setattr(bench, "ROOT", tmp_path)
    row = _row({"swissbridge": bench.Cell("ok", seconds=0.1, pairs_digest="d1")}, "run 1")
    info = {"machine": bench.describe_machine(), "versions": {}, "argv": "benchmarks/bench.py"}
    data = bench.merge_results([row], None, "run 1", info)
    (tmp_path / "results.json").write_text(bench.json.dumps(data))
    assert bench.main(["--render"]) == 0
    assert (tmp_path / "RESULTS.md").read_text() == bench.render_results(data)


@pytest.mark.parametrize("kind", HARD_KINDS, ids=lambda k: k.key)
def test_hard_kinds_are_legal_reproducible_states(kind: Kind) -> None:
    t = kind.build(60, seed=5)
    assert verify_history(t, kind.played_rounds) == []
    assert t.next_round == kind.played_rounds + 1
    assert write_trf(t, "trf26") == write_trf(kind.build(60, seed=5), "trf26")
    present = [p for p in t.players if p.entry(t.next_round) is None]
    if kind.odd_field:
        assert len(present) % 2 == 1
    if kind.options.accelerate:
        assert t.acceleration


def test_rating_free_results_ignore_the_ratings() -> None:
    """With results drawn between equals, the higher-rated half scores no better
    than the lower-rated half by much; with the Elo model it does."""

    def top_half_share(rating_free: bool) -> float:
        t = build_tournament(400, played_rounds=4, seed=9, rating_free=rating_free)
        ranked = sorted(t.players, key=lambda p: -(p.rating or 0))
        scores = [p.score(t.points, 4) for p in ranked]
        return sum(scores[:200]) / max(1, sum(scores))

    assert top_half_share(rating_free=True) < 0.56
    assert top_half_share(rating_free=False) > 0.6


@pytest.mark.parametrize("system", ["dubov", "burstein", "lim", "doubleswiss"])
def test_system_rounds_times_every_round_and_builds_the_peers_requests(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``system_rounds.py`` on a small event with no peer installed: swissbridge answers
    every round; pairing-core's request names each present player once, with its
    meetings among them, both ways."""
    from benchmarks import system_rounds

    assert system_rounds.main(["--system", system, "--players", "14", "--rounds", "3", "--peers", str(tmp_path)]) == 0
    assert f"{system}, 14 players, 3 rounds: swissbridge answered 3/3" in capsys.readouterr().out
    for r, t in enumerate(system_rounds.states(system, 14, 3, 1), 1):
        data = system_rounds.SYSTEMS[system].request(t, r)
        met = {p["id"]: set(p["opponents"]) for p in data["players"]}
        assert data["round"] == r and len(met) == len(data["players"])
        assert all(n in met[o] for n, opponents in met.items() for o in opponents)
        assert (r == 1) == all(not opponents for opponents in met.values())
