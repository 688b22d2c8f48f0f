"""The watcher's pass (scan → decide → write), driven directly: workflows, the
replacement rule, restarts and faults. A tiny test-only pairing system stands in
for the engines (tests.watch_support.ToySystem); the end-to-end test with the
Dutch engine is in test_watch_e2e.py."""

from __future__ import annotations

import errno
import io
import json
import logging
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.errors import OutputError
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Result, Tournament
from swissbridge.pairing import RoundPairing, apply_pairing
from swissbridge.watch.host_pgn import pairing_from_pairlist, round_from_path
from swissbridge.watch.hosts import waiting_message
from swissbridge.watch.loop import Watcher
from swissbridge.watch.memory import STATE_NAME
from swissbridge.watch.types import WatchConfig

from tests.conftest import shared_path
from tests.watch_support import (
    ToySystem,
    field_of,
    install_toy,
    is_site_file,
    pairing_outputs,
    played,
    result_pgn,
    visible,
    with_results,
)

OUTPUTS_R2 = [f"T-R2/{n}" for n in ("T-R2-Spielerauslosung.txt", "T-R2.html", "T-R2.pgn", "T-R2.trf", "T-R2.txt")]


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    install_toy(monkeypatch)


def sm_watcher(folder: Path, **kw: object) -> Watcher:
    return Watcher(WatchConfig(folder, host="swiss-manager", system="toy", stable=0, **kw))  # type: ignore[arg-type]


def drop_trf(folder: Path, t: Tournament, name: str = "T.trf", dialect: str = "trf16") -> Path:
    path = folder / name
    path.write_text(write_trf(t, dialect=dialect), encoding="utf-8")
    return path


def outputs(folder: Path) -> list[str]:
    """The pairing outputs published (the round's site is checked on its own)."""
    return pairing_outputs(visible(folder / "swissbridge-out"))


# -- workflow: Swiss-Manager's TRF16 export --------------------------------------------------------
def test_complete_round_is_paired_and_every_output_written(tmp_path: Path) -> None:
    t = played(field_of(10), 1)
    drop_trf(tmp_path, t)
    report = sm_watcher(tmp_path).run_once()
    assert report.exit_code == 0
    assert report.published == [("T", 2)]
    assert outputs(tmp_path) == OUTPUTS_R2
    out = tmp_path / "swissbridge-out"
    site = [p for p in visible(out) if is_site_file(p)]  # the round's site, published with the pairing
    assert sorted(site) == sorted(
        [f"T-R2/{n}" for n in ("index.html", "slips.html", "standings.html", "standings.json", "standings.txt")]
        + [f"T-R2/players/{n}.html" for n in range(1, 11)]
    )
    assert json.loads((out / "T-R2/standings.json").read_text())["after_round"] == 1
    state = parse_trf((out / "T-R2/T-R2.trf").read_bytes())
    expected = ToySystem().pair(t, 2)
    assert state == apply_pairing(parse_trf(write_trf(t, dialect="trf16").encode()), expected) or (
        [(p.start_no, p.entry(2)) for p in state.players]
        == [(p.start_no, p.entry(2)) for p in apply_pairing(t, expected).players]
    )
    assert "142 7" in (out / "T-R2/T-R2.trf").read_text()  # TRF-2026
    sm = (out / "T-R2/T-R2-Spielerauslosung.txt").read_bytes()
    assert sm.startswith(b"Runde;Brett;IdentW;IdentS;NrW;NrS;") and b"\r\n" in sm
    assert sm.count(b"\r\n") == 1 + len(expected.boards) + (expected.bye is not None)
    pgn = (out / "T-R2/T-R2.pgn").read_text()
    assert pgn.count('[Round "2.') == len(expected.boards) + (expected.bye is not None)
    assert '[Result "*"]' in pgn
    text = (out / "T-R2/T-R2.txt").read_text()
    assert "round 2 of 7" in text
    assert report.status == (
        "T: round 2 published; import T-R2-Spielerauslosung.txt into Swiss-Manager, then export again; "
        "with no Swiss-Manager, write the round into T.trf: swissbridge pair T.trf --in-place (this pairing)"
    )


def test_host_files_are_never_modified(tmp_path: Path) -> None:
    path = drop_trf(tmp_path, played(field_of(10), 1))
    before = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(tmp_path)))
    sm_watcher(tmp_path).run_once()
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before[:2]
    assert sorted(os.listdir(tmp_path)) == sorted([*before[2], "swissbridge-out"])


def test_host_repairing_a_published_round_is_reported(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    t = played(field_of(10), 1)
    drop_trf(tmp_path, t)
    w = sm_watcher(tmp_path)
    w.run_once()
    # the arbiter imported the pairing, then swapped two players by hand in Swiss-Manager
    ours = ToySystem().pair(t, 2)
    from swissbridge.pairing import Board, RoundPairing

    a, b = ours.boards[0], ours.boards[1]
    swapped = RoundPairing(2, (Board(a.white, b.black), Board(b.white, a.black), *ours.boards[2:]), ours.bye)
    drop_trf(tmp_path, apply_pairing(t, swapped))
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        report = w.run_once()
    assert "round 2 in the export is not the pairing the watcher published" in caplog.text
    assert report.status.startswith("T: round 2: waiting for 5 results")


def test_names_are_escaped_in_the_printable_page(tmp_path: Path) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    sm_watcher(tmp_path).run_once()
    page = (tmp_path / "swissbridge-out" / "T-R2/T-R2.html").read_text()
    assert "O&#x27;Brien &lt;b&gt;&amp;&lt;/b&gt;, Zoë" in page
    assert "<b>" not in page
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page


def unfinished(t: Tournament, pairing: RoundPairing, boards: tuple[int, ...]) -> Tournament:
    """``t`` with the given boards (1-based) of ``pairing`` back to "game not finished"."""
    return apply_pairing(t, replace(pairing, boards=tuple(pairing.boards[i - 1] for i in boards), bye=None))


def test_round_not_complete_says_which_boards_and_writes_nothing(tmp_path: Path) -> None:
    t = played(field_of(10), 1)
    pairing = ToySystem().pair(t, 2)
    t2 = with_results(t, pairing)
    t2 = unfinished(t2, pairing, (2, 4))  # boards 2 and 4 are not finished yet
    drop_trf(tmp_path, t2)
    report = sm_watcher(tmp_path).run_once()
    assert report.status == "T: round 2: waiting for 2 results: boards 2, 4"
    assert report.written == [] and not (tmp_path / "swissbridge-out").exists()


def test_an_unfinished_game_of_an_earlier_round_holds_the_pairing(tmp_path: Path) -> None:
    """A game of round 2 still without a result (adjourned) when round 3 is over:
    the watcher waits for it instead of pairing round 4 (GHR 3.1 is the arbiter's call)."""
    t = played(field_of(10), 1)
    p2 = ToySystem().pair(t, 2)
    t2 = unfinished(with_results(t, p2), p2, (3,))
    t3 = with_results(t2, ToySystem().pair(t2, 3))
    drop_trf(tmp_path, replace(t3, total_rounds=5))
    report = sm_watcher(tmp_path).run_once()
    assert report.status == "T: round 2: waiting for 1 result: board 3"
    assert report.written == []


def test_waiting_message_wording() -> None:
    assert waiting_message(3, [4, 9, 12]) == "round 3: waiting for 3 results: boards 4, 9, 12"
    assert waiting_message(1, [7]) == "round 1: waiting for 1 result: board 7"
    assert waiting_message(2, list(range(1, 15))).endswith("boards 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 2 more")


def test_last_round_done_means_finished(tmp_path: Path) -> None:
    drop_trf(tmp_path, played(field_of(6, rounds=3), 3))
    report = sm_watcher(tmp_path).run_once()
    assert report.status == (
        "T: tournament finished after round 3: final standings in T-R3-final/index.html, "
        "final state in T-R3-final/T-R3-final.trf"
    )
    assert outputs(tmp_path) == ["T-R3-final/T-R3-final.trf"]  # no pairing: the final state and standings
    index = (tmp_path / "swissbridge-out" / "T-R3-final" / "index.html").read_text()
    assert "<h2 id=standings>Final standings after round 3</h2>" in index
    assert "../T-R1/index.html" not in index  # rounds 1-3 were not published by the watcher


# -- workflow: Spielerdaten + Spielerauslosung ---------------------------------------------------
def test_swiss_manager_real_text_exports(tmp_path: Path) -> None:
    sm = shared_path("realworld", "rochade", "swiss_manager")
    shutil.copy(sm / "players_round1.txt", tmp_path / "Spielerdaten.txt")
    shutil.copy(sm / "pairings_round1_played.txt", tmp_path / "Spielerauslosung.txt")
    report = sm_watcher(tmp_path, rounds=5).run_once()
    assert report.published == [("tournament", 2)], report.status
    written = (tmp_path / "swissbridge-out" / "tournament-R2/tournament-R2-Spielerauslosung.txt").read_text()
    assert written.splitlines()[1].startswith("2;1;")


def test_swiss_manager_exports_in_the_encoding_given(tmp_path: Path) -> None:
    """``--encoding`` reaches the Swiss-Manager host's readers: Windows-1252 exports
    are refused as UTF-8 (the hint names --encoding) and read with cp1252."""
    sm = shared_path("realworld", "rochade", "swiss_manager")
    for name, target in (
        ("players_round1.txt", "Spielerdaten.txt"),
        ("pairings_round1_played.txt", "Spielerauslosung.txt"),
    ):
        (tmp_path / target).write_bytes((sm / name).read_text(encoding="utf-8").encode("cp1252"))
    assert any(b > 0x7F for b in (tmp_path / "Spielerdaten.txt").read_bytes())
    refused = sm_watcher(tmp_path, rounds=5).run_once()
    assert refused.published == [] and "--encoding cp1252" in str(refused.status), refused.status
    report = sm_watcher(tmp_path, rounds=5, encoding="cp1252").run_once()
    assert report.published == [("tournament", 2)], report.status


def test_swiss_manager_text_exports_round_by_round(tmp_path: Path) -> None:
    from swissbridge.formats.swissmanager import write_pairing_rows, write_players

    t = played(field_of(9, rounds=4), 1)
    (tmp_path / "Open Spielerdaten.txt").write_text(write_players(t), newline="")
    (tmp_path / "Open Spielerauslosung.txt").write_text(write_pairing_rows(t), newline="")
    w = sm_watcher(tmp_path, rounds=4)
    report = w.run_once()
    assert report.published == [("Open", 2)], report.status
    # the arbiter imports the pairing, plays round 2 but for two boards, exports again
    pairing = ToySystem().pair(t, 2)
    t2 = with_results(t, pairing)
    t2 = unfinished(t2, pairing, (3, 1))
    (tmp_path / "Open Spielerdaten.txt").write_text(write_players(t2), newline="")
    (tmp_path / "Open Spielerauslosung.txt").write_text(write_pairing_rows(t2), newline="")
    report = w.run_once()
    assert report.status.startswith("Open: round 2: waiting for 2 results: boards ")
    assert report.written == []


def test_swiss_manager_text_exports_need_the_round_count(tmp_path: Path) -> None:
    sm = shared_path("realworld", "rochade", "swiss_manager")
    shutil.copy(sm / "players_round1.txt", tmp_path / "players.txt")
    shutil.copy(sm / "pairings_round1_played.txt", tmp_path / "pairings.txt")
    report = sm_watcher(tmp_path).run_once()
    assert "--rounds" in report.status and report.exit_code == 2


# -- idempotence, restart, the replacement rule -------------------------------------------------
def test_same_input_twice_rewrites_nothing(tmp_path: Path) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    w = sm_watcher(tmp_path)
    w.run_once()
    out = tmp_path / "swissbridge-out"
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    again = w.run_once()
    assert again.written == [] and again.published == []
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before
    # a restarted watcher (fresh memory, state file on disk) does not publish again either
    w.release()
    restarted = sm_watcher(tmp_path).run_once()
    assert restarted.written == [] and restarted.published == []
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before
    state = json.loads((out / STATE_NAME).read_text())
    assert state["published"]["T"]["2"]["folder"] == "T-R2"
    assert state["published"]["T"]["2"]["files"][-1] == "T-R2/T-R2-Spielerauslosung.txt"  # the host's file last
    assert [f for f in state["published"]["T"]["2"]["files"] if not is_site_file(f)] == [
        "T-R2/T-R2.trf",
        "T-R2/T-R2.pgn",
        "T-R2/T-R2.txt",
        "T-R2/T-R2.html",
        "T-R2/T-R2-Spielerauslosung.txt",
    ]
    assert set(pairing_outputs(state["outputs"])) == set(OUTPUTS_R2)
    assert state["inputs"]["T.trf"] == __import__("hashlib").sha256((tmp_path / "T.trf").read_bytes()).hexdigest()


def test_existing_output_is_not_replaced_by_different_content(tmp_path: Path) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    out = tmp_path / "swissbridge-out"
    (out / "T-R2").mkdir(parents=True)
    (out / "T-R2/T-R2.txt").write_text("the arbiter's own notes\n")
    report = sm_watcher(tmp_path).run_once()
    assert report.exit_code == 5
    assert "T-R2/T-R2.txt exists with different content" in report.output_faults[0]
    assert outputs(tmp_path) == ["T-R2/T-R2.txt"]  # nothing of the set was written
    assert (out / "T-R2/T-R2.txt").read_text() == "the arbiter's own notes\n"


def test_published_pairing_is_never_silently_changed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    t = played(field_of(10), 1)
    drop_trf(tmp_path, t)
    w = sm_watcher(tmp_path)
    w.run_once()
    out = tmp_path / "swissbridge-out"
    published = (out / "T-R2/T-R2.txt").read_bytes()
    # the arbiter corrects a round-1 result in the host and exports again: round 2 would pair differently
    from swissbridge.model import Colour, Entry

    b = ToySystem().pair(field_of(10), 1).boards[0]
    changed = t.with_round(
        1, {b.white: Entry(Result.LOSS, b.black, Colour.WHITE), b.black: Entry(Result.WIN, b.white, Colour.BLACK)}
    )
    assert ToySystem().pair(changed, 2).pairlist() != ToySystem().pair(t, 2).pairlist()
    drop_trf(tmp_path, changed)
    with caplog.at_level(logging.ERROR, logger="swissbridge.watch"):
        report = w.run_once()
    assert report.exit_code == 1
    assert "already published with a different pairing" in report.pairing_faults[0]
    assert (out / "T-R2/T-R2.txt").read_bytes() == published
    # withdrawing the round (deleting its files) lets the watcher publish the new pairing
    shutil.rmtree(out / "T-R2")
    report = w.run_once()
    assert report.published == [("T", 2)]
    assert (out / "T-R2/T-R2.txt").read_bytes() != published


def test_newer_round_replaces_only_its_own_files(tmp_path: Path) -> None:
    # outputs are per round: publishing round 3 leaves round 2's files as they were
    t1 = played(field_of(10), 1)
    drop_trf(tmp_path, t1)
    w = sm_watcher(tmp_path)
    w.run_once()
    out = tmp_path / "swissbridge-out"
    r2 = {n: (out / n).read_bytes() for n in OUTPUTS_R2}
    drop_trf(tmp_path, played(field_of(10), 2))
    report = w.run_once()
    assert report.published == [("T", 3)]
    assert {n: (out / n).read_bytes() for n in OUTPUTS_R2} == r2
    assert "T-R3/T-R3.trf" in outputs(tmp_path)


# -- faults -----------------------------------------------------------------------------------------
def test_malformed_file_is_reported_with_its_location_then_a_good_one_is_used(tmp_path: Path) -> None:
    good = write_trf(played(field_of(10), 1), dialect="trf16")
    lines = good.splitlines(keepends=True)
    bad_line = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[bad_line] = lines[bad_line][:84] + "XXXX" + lines[bad_line][88:]
    (tmp_path / "T.trf").write_text("".join(lines))
    w = sm_watcher(tmp_path)
    report = w.run_once()
    assert report.exit_code == 2 and report.written == []
    assert f"T.trf:{bad_line + 1}" in report.input_faults[0]
    assert not (tmp_path / "swissbridge-out").exists()
    (tmp_path / "T.trf").write_text(good)
    report = w.run_once()
    assert report.published == [("T", 2)] and report.exit_code == 0


def test_truncated_export_is_not_paired(tmp_path: Path) -> None:
    # a copy that paused longer than the interval after the 8th of 10 player lines:
    # the file is consistent (players 9 and 10 met each other) but record 062 says 10
    lines = write_trf(played(field_of(10), 1), dialect="trf16").splitlines(keepends=True)
    cut = [lines[0], "062 10\n", *lines[1:9]]
    (tmp_path / "T.trf").write_text("".join(cut))
    w = sm_watcher(tmp_path)
    report = w.run_once()
    assert report.written == []
    assert "record 062 announces 10 players but the file holds 8" in report.input_faults[0]
    (tmp_path / "T.trf").write_text("".join([lines[0], "062 10\n", *lines[1:]]))
    assert w.run_once().published == [("T", 2)]


def test_full_disk_leaves_no_partial_output_and_is_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    import swissbridge.atomic as atomic

    real_fsync = os.fsync
    calls = {"n": 0}

    def fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    w = sm_watcher(tmp_path)
    report = w.run_once()
    assert report.exit_code == 5 and "No space left on device" in report.output_faults[0]
    out = tmp_path / "swissbridge-out"
    assert not list(out.glob(".*.tmp")), "a temporary file was left behind"
    for name in outputs(tmp_path):  # whatever was written is whole
        assert (out / name).stat().st_size > 0
    assert "T" not in w.state.published
    monkeypatch.setattr(atomic.os, "fsync", real_fsync)
    report = w.run_once()
    assert report.published == [("T", 2)] and outputs(tmp_path) == OUTPUTS_R2


def test_output_folder_disappearing_is_survived(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    w = sm_watcher(tmp_path)
    w.run_once()
    out = tmp_path / "swissbridge-out"
    before = {n: (out / n).read_bytes() for n in OUTPUTS_R2}
    shutil.rmtree(out)
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        report = w.run_once()
    assert "disappeared" in caplog.text
    assert {n: (out / n).read_bytes() for n in OUTPUTS_R2} == before
    assert report.published == [] and (out / STATE_NAME).exists()


def test_output_folder_that_cannot_be_created(tmp_path: Path) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the output folder should be")
    w = sm_watcher(tmp_path, out=blocker / "out")
    report = w.run_once()
    assert report.exit_code == 5 and "cannot" in report.output_faults[0]
    assert w.run_once().exit_code == 5  # and keeps running


def test_permission_error_is_reported_and_retried(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    drop_trf(tmp_path, played(field_of(10), 1))
    w = sm_watcher(tmp_path)
    real = w.tracker.reader

    def denied(path: Path) -> tuple[bytes, os.stat_result]:
        raise PermissionError(errno.EACCES, "Permission denied")

    w.tracker.reader = denied
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        report = w.run_once()
    assert "cannot read T.trf: Permission denied; will retry" in caplog.text
    assert report.written == [] and report.exit_code == 2  # --once fails: a cron job must see it
    w.tracker.reader = real
    assert w.run_once().published == [("T", 2)]


def test_deleted_input_is_reported(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    t = played(field_of(10), 1)
    path = drop_trf(tmp_path, t)
    clock = [0.0]
    w = Watcher(WatchConfig(tmp_path, system="toy", stable=1.0), clock=lambda: clock[0])
    w.run_pass()  # seen, settling
    path.unlink()
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        report = w.run_pass()
    assert "T.trf disappeared" in caplog.text
    assert report.written == []


def test_settling_file_is_not_read(tmp_path: Path) -> None:
    path = drop_trf(tmp_path, played(field_of(10), 1))
    clock = [100.0]
    w = Watcher(WatchConfig(tmp_path, system="toy", stable=2.0), clock=lambda: clock[0])
    report = w.run_pass()
    assert report.status == "waiting until T.trf stays unchanged for 2 s" and report.next_check == 102.0
    clock[0] = 101.0
    with open(path, "a") as fh:
        fh.write("\n")  # still being written
    report = w.run_pass()
    assert report.next_check == 103.0 and report.written == []
    clock[0] = 103.0
    assert w.run_pass().published == [("T", 2)]


def test_damaged_state_file_is_reported(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    out = tmp_path / "swissbridge-out"
    out.mkdir()
    (out / STATE_NAME).write_text("{not json")
    drop_trf(tmp_path, played(field_of(10), 1))
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        w = sm_watcher(tmp_path)
    assert "damaged" in caplog.text
    assert w.run_once().published == [("T", 2)]
    json.loads((out / STATE_NAME).read_text())


def test_one_watcher_per_output_folder(tmp_path: Path) -> None:
    a = sm_watcher(tmp_path)
    a.acquire()
    try:
        with pytest.raises(OutputError, match="already writing"):
            sm_watcher(tmp_path).acquire()
    finally:
        a.release()
    b = sm_watcher(tmp_path)
    b.acquire()
    b.release()


def test_leftover_temporary_files_are_removed_on_start(tmp_path: Path) -> None:
    out = tmp_path / "swissbridge-out"
    out.mkdir()
    (out / ".T-R2.trf.abc123.tmp").write_text("half")
    w = sm_watcher(tmp_path)
    w.acquire()
    w.release()
    assert not (out / ".T-R2.trf.abc123.tmp").exists()


# -- workflow: PGN broadcast -----------------------------------------------------------------------
def pgn_watcher(folder: Path, seed: Path, **kw: object) -> Watcher:
    return Watcher(
        WatchConfig(folder, host="pgn", system="toy", stable=0, tournament=seed, out=folder / "out", **kw)  # type: ignore[arg-type]
    )


def open_feed(
    tmp_path: Path, players: int, rounds: int, *, subfolder: bool = False
) -> tuple[Path, Tournament, Watcher]:
    """A broadcast folder (with ``round1/`` when ``subfolder``), the seed tournament
    ``Open`` written next to it, and a watcher following the feed."""
    feed = tmp_path / "feed"
    (feed / "round1" if subfolder else feed).mkdir(parents=True)
    seed = tmp_path / "Open.trf"
    t = field_of(players, rounds=rounds, name="Open")
    seed.write_text(write_trf(t))
    return feed, t, pgn_watcher(feed, seed)


def test_pgn_feed_round_by_round(tmp_path: Path) -> None:
    feed, t, w = open_feed(tmp_path, 9, 3)
    report = w.run_once()
    assert report.published == [("Open", 1)]
    out = feed / "out"
    p1 = pairing_from_pairlist(1, w.state.published["Open"][1].pairlist)
    assert p1 == ToySystem().pair(t, 1).__class__(1, p1.boards, p1.bye)
    (feed / "round1").mkdir()
    # only some boards finished: the watcher says which it waits for
    (feed / "round1" / "games.pgn").write_text(result_pgn(t, p1, only={1, 3}, star={3}))
    report = w.run_once()
    assert report.status == "Open: round 1: waiting for 3 results: boards 2, 3, 4"
    (feed / "round1" / "games.pgn").write_text(result_pgn(t, p1))
    report = w.run_once()
    assert report.published == [("Open", 2)], report.status
    state2 = parse_trf((out / "Open-R2/Open-R2.trf").read_bytes())
    expected = with_results(t, p1)
    for p in expected.players:
        assert state2.player(p.start_no).entry(1) == p.entry(1)
    assert ToySystem().pair(expected, 2).pairlist() == w.state.published["Open"][2].pairlist
    assert (tmp_path / "Open.trf").read_text() == write_trf(t), "the tournament file given is never modified"


def test_pgn_correction_after_publication_is_reported_and_recorded_later(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    feed, t, w = open_feed(tmp_path, 8, 3, subfolder=True)
    w.run_once()
    p1 = pairing_from_pairlist(1, w.state.published["Open"][1].pairlist)
    (feed / "round1" / "games.pgn").write_text(result_pgn(t, p1))
    assert w.run_once().published == [("Open", 2)]
    r2_files = {n: data for n, data in visible(feed / "out").items() if "R2" in n}
    # board 1 of round 1 is corrected in the feed: 1-0 becomes 0-1
    corrected = result_pgn(t, p1).replace('[Round "1.1"]', '[Round "1.1"]', 1)
    head, _, rest = corrected.rpartition('[Round "1.1"]')
    rest = rest.replace('[Result "1-0"]', '[Result "0-1"]', 1).replace("Nc6 1-0", "Nc6 0-1", 1)
    (feed / "round1" / "games.pgn").write_text(head + '[Round "1.1"]' + rest)
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        report = w.run_once()
    assert "round 1 board 1: result corrected in the feed" in caplog.text
    assert "pairing of round 2 was made with the old result and is not changed" in caplog.text
    assert report.published == []
    assert {n: data for n, data in visible(feed / "out").items() if "R2" in n} == r2_files
    # the correction is recorded with round 2's results
    p2 = pairing_from_pairlist(2, w.state.published["Open"][2].pairlist)
    t2 = parse_trf((feed / "out" / "Open-R2/Open-R2.trf").read_bytes())
    (feed / "round2.pgn").write_text(result_pgn(t2, p2))
    assert w.run_once().published == [("Open", 3)]
    t3 = parse_trf((feed / "out" / "Open-R3/Open-R3.trf").read_bytes())
    b = p1.boards[0]
    assert t3.player(b.white).entry(1).result is Result.LOSS
    assert t3.player(b.black).entry(1).result is Result.WIN


def adjourned_feed(tmp_path: Path, rounds: int) -> tuple[Path, Tournament, tuple[RoundPairing, RoundPairing], Watcher]:
    """:func:`open_feed` for 10 players whose tournament file has rounds 1 and 2
    played, round 2 paired around board 3 of round 1, still without a result (GHR 3.1)."""
    feed, t, w = open_feed(tmp_path, 10, rounds)
    p1 = ToySystem().pair(t, 1)
    t1 = unfinished(with_results(t, p1), p1, (3,))
    p2 = ToySystem().pair(t1, 2)
    (tmp_path / "Open.trf").write_text(write_trf(with_results(t1, p2)))
    return feed, t, (p1, p2), w


def test_pgn_adjourned_game_of_an_earlier_round_is_recorded_from_the_feed(tmp_path: Path) -> None:
    """The watcher waits for the adjourned game; once the feed gives its result, it
    is recorded for both players and round 3 is paired."""
    feed, t, (p1, p2), w = adjourned_feed(tmp_path, 4)
    report = w.run_once()
    assert report.status == "Open: round 1: waiting for 1 result: board 3"
    assert report.published == [] and report.written == []
    (feed / "round1.pgn").write_text(result_pgn(t, p1, only={3}))
    report = w.run_once()
    assert report.published == [("Open", 3)], report.status
    state3 = parse_trf((feed / "out" / "Open-R3/Open-R3.trf").read_bytes())
    b = p1.boards[2]
    assert state3.player(b.white).entry(1).result is Result.WIN
    assert state3.player(b.black).entry(1).result is Result.LOSS
    expected = with_results(with_results(t, p1), p2)
    for p in expected.players:
        assert [state3.player(p.start_no).entry(r) for r in (1, 2)] == [p.entry(1), p.entry(2)]
    assert w.state.published["Open"][3].pairlist == ToySystem().pair(expected, 3).pairlist()


def test_pgn_final_state_waits_for_an_adjourned_game(tmp_path: Path) -> None:
    """The last round is over but a round-1 game is not: no final state until it is."""
    feed, t, (p1, _), w = adjourned_feed(tmp_path, 2)
    report = w.run_once()
    assert report.status == "Open: round 1: waiting for 1 result: board 3" and report.written == []
    (feed / "round1").mkdir()
    (feed / "round1" / "games.pgn").write_text(result_pgn(t, p1, only={3}))
    final_message = (
        "Open: tournament finished after round 2: final standings in Open-R2-final/index.html, "
        "final state in Open-R2-final/Open-R2-final.trf"
    )
    assert w.run_once().status == final_message
    final = parse_trf((feed / "out" / "Open-R2-final/Open-R2-final.trf").read_bytes())
    played1 = with_results(t, p1)
    for n in p1.boards[2].players():
        assert final.player(n).entry(1) == played1.player(n).entry(1)


def test_pgn_final_round_writes_the_final_state(tmp_path: Path) -> None:
    feed, _, w = open_feed(tmp_path, 6, 2)
    w.run_once()
    for r in (1, 2):
        p = pairing_from_pairlist(r, w.state.published["Open"][r].pairlist)
        tr = parse_trf((feed / "out" / f"Open-R{r}" / f"Open-R{r}.trf").read_bytes())
        (feed / f"R{r}.pgn").write_text(result_pgn(tr, p))
        report = w.run_once()
    assert report.status == (
        "Open: tournament finished after round 2: final standings in Open-R2-final/index.html, "
        "final state in Open-R2-final/Open-R2-final.trf"
    )
    final = parse_trf((feed / "out" / "Open-R2-final/Open-R2-final.trf").read_bytes())
    assert final.completed_rounds == 2
    assert all(e.result is not Result.PENDING for p in final.players for e in p.entries)
    standings = json.loads((feed / "out" / "Open-R2-final/standings.json").read_text())  # the final standings
    assert standings["after_round"] == 2 and len(standings["players"]) == 6
    assert "final standings" in (feed / "out" / "Open-R2-final/index.html").read_text()


def test_pgn_truncated_feed_is_reported_not_used(tmp_path: Path) -> None:
    feed, t, w = open_feed(tmp_path, 4, 3, subfolder=True)
    w.run_once()
    p1 = pairing_from_pairlist(1, w.state.published["Open"][1].pairlist)
    full = result_pgn(t, p1)
    (feed / "round1" / "games.pgn").write_text(full[: full.rindex("Nc6")])  # cut in the last game's moves
    report = w.run_once()
    assert report.published == [] and "waiting for" in report.status


def test_round_from_path() -> None:
    assert round_from_path(Path("round3/games.pgn")) == 3
    assert round_from_path(Path("round-03.pgn")) == 3
    assert round_from_path(Path("Open/R12.pgn")) == 12
    assert round_from_path(Path("games.pgn")) is None


def test_pgn_results_are_remembered_once_published(tmp_path: Path) -> None:
    feed, t, w = open_feed(tmp_path, 4, 3)
    w.run_once()
    p1 = pairing_from_pairlist(1, w.state.published["Open"][1].pairlist)
    (feed / "r1.pgn").write_text(result_pgn(t, p1))
    w.run_once()
    memory = json.loads((feed / "out" / STATE_NAME).read_text())
    b1, b2 = p1.boards
    assert memory["results"]["Open"]["1"] == {f"{b1.white}-{b1.black}": "1-0", f"{b2.white}-{b2.black}": "1/2-1/2"}


def test_progress_feedback_works_off_a_terminal() -> None:
    import io

    from swissbridge.watch.command import RichProgress
    from swissbridge.watch.types import NoProgress

    for progress in (NoProgress(), RichProgress(io.StringIO())):
        with progress.task("reading the PGN feed", total=10) as advance:
            advance(4)
            advance(6)
        with progress.task("pairing round 5 (200 players)") as advance:
            advance(1)


def test_once_exits_non_zero_when_its_input_cannot_be_read(tmp_path: Path) -> None:
    """A cron job must see the failure: an export that cannot be read (here larger
    than any tournament file: sparse, nothing is written) is exit status 2."""
    from swissbridge.watch.command import run_cli

    with open(tmp_path / "T.trf", "wb") as fh:
        fh.truncate(300 * 1024 * 1024)
    err = io.StringIO()
    code = run_cli(
        tmp_path, host="swiss-manager", system="toy", out=None, tournament=None, rounds=None,
        once=True, stable=0, verbose=False, stream=err,
    )  # fmt: skip
    assert code == 2, err.getvalue()
    assert "cannot read T.trf: larger than 256 MB" in err.getvalue()


def test_swiss_manager_tunx_that_cannot_be_paired(tmp_path: Path) -> None:
    """A round robin's .TUNX is refused for Swiss pairing; a damaged one names the byte."""
    from tests.conftest import shared_path

    robin = shared_path("realworld", "echecsjs-tunx", "albanian_roundrobin_1381000.TUNX").read_bytes()
    (tmp_path / "Robin.TUNX").write_bytes(robin)
    report = sm_watcher(tmp_path).run_once()
    assert report.published == [] and report.exit_code == 2
    assert "round robin" in report.input_faults[0]
    (tmp_path / "Robin.TUNX").write_bytes(robin[:5000])
    report = sm_watcher(tmp_path).run_once()
    assert "Robin.TUNX: byte 654 (0x28E): the file ends inside the 5883-byte settings block" in report.input_faults[0]
