"""Hostile file systems and concurrent arbiters (issue 27, tests/stress/hostile_fs.py):
every probe of the issue as a test, a short random planting and a short
concurrent-edit hammer; the long runs (1 000 plantings, 500 edit pairs) under
``--stress``. No write outside the output folder, no link target overwritten, no
lost update, no hang, no traceback."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from swissbridge.atomic import NotRegular, edit_lock, open_regular, write_own
from swissbridge.errors import OutputError

from tests.conftest import SAMPLES
from tests.stress.hostile_fs import (
    EVENT,
    ROUND,
    cli,
    contained,
    event_file,
    hammer,
    outside_of,
    plantings,
    snapshot,
    watch_once,
)

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(os, "fork"), reason="needs fork and FIFOs")


@pytest.fixture
def site(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The input folder with T.trf, its output folder (not yet there), the outside."""
    folder = tmp_path / "in"
    folder.mkdir()
    event_file(folder)
    return folder, folder / "swissbridge-out", outside_of(tmp_path)


def one_line(output: str) -> str:
    """The one line of the error (warnings and notes aside)."""
    lines = [
        line
        for line in output.splitlines()
        if line.strip() and not line.startswith(("swissbridge: warning:", "swissbridge: note:"))
    ]
    assert len(lines) == 1 and "Traceback" not in output, output
    return lines[0]


# -- the watcher's output folder (issue 27 item 1, 8) --------------------------------------------
def test_a_symlinked_players_folder_never_receives_the_pages(site: tuple[Path, Path, Path]) -> None:
    folder, out, outside = site
    (out / ROUND).mkdir(parents=True)
    (out / ROUND / "players").symlink_to(outside / "dir")
    before = snapshot(outside)
    run = contained(watch_once(folder))
    assert run.code == 5 and "is a symbolic link, not a folder" in run.output, run.output
    assert "round 2 published" not in run.output and "paired but not published" in run.output
    assert snapshot(outside) == before


@pytest.mark.parametrize("name", ["index.html", f"{ROUND}.trf", "players/3.html"])
def test_a_dangling_link_in_a_round_folder_creates_nothing_outside(site: tuple[Path, Path, Path], name: str) -> None:
    folder, out, outside = site
    link = out / ROUND / name
    link.parent.mkdir(parents=True)
    link.symlink_to(outside / "created.html")
    run = contained(watch_once(folder))
    assert run.code == 5 and "is a symbolic link, not a regular file" in run.output, run.output
    assert not (outside / "created.html").exists() and link.is_symlink()


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "link-fifo"])
def test_a_device_or_pipe_in_a_round_folder_is_never_read(site: tuple[Path, Path, Path], kind: str) -> None:
    folder, out, outside = site
    target = out / ROUND / "index.html"
    target.parent.mkdir(parents=True)
    if kind == "dev-zero":
        target.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(outside / "pipe")
    run = contained(watch_once(folder), seconds=20)
    assert not run.hung and run.code == 5 and "MemoryError" not in run.output, run.output
    assert run.seconds < 15


def test_a_dangling_lock_file_link_creates_nothing_outside(site: tuple[Path, Path, Path]) -> None:
    folder, out, outside = site
    out.mkdir()
    (out / ".swissbridge-watch.lock").symlink_to(outside / "lock")
    run = contained(watch_once(folder))
    assert run.code == 5 and "is a symbolic link" in one_line(run.output)
    assert not os.path.lexists(outside / "lock")


def test_a_deleted_players_folder_is_restored_from_the_state(site: tuple[Path, Path, Path]) -> None:
    folder, out, _ = site
    assert contained(watch_once(folder)).code == 0
    pages = {p.name: p.read_bytes() for p in (out / ROUND / "players").iterdir()}
    shutil.rmtree(out / ROUND / "players")
    (out / ROUND / "index.html").unlink()
    run = contained(watch_once(folder))
    assert run.code == 0, run.output
    assert "players/1.html disappeared" in run.output
    assert {p.name: p.read_bytes() for p in (out / ROUND / "players").iterdir()} == pages
    assert (out / ROUND / "index.html").is_file()
    assert contained(watch_once(folder)).code == 0  # and every pass after it is clean


def test_watch_out_naming_a_file_is_a_usage_error(site: tuple[Path, Path, Path]) -> None:
    folder, _, _ = site
    somefile = folder.parent / "somefile"
    somefile.write_text("mine\n")
    run = contained(watch_once(folder, somefile))
    assert run.code == 2 and "is not a folder" in one_line(run.output) and "another watcher" not in run.output
    assert somefile.read_text() == "mine\n"


# -- in-place edits: the backup (item 2) ---------------------------------------------------------
EDITS = [
    ("pair", "{f}", "--in-place"),
    ("result", "{f}", "1", "1", "1-0", "--correct"),
    ("convert", "{f}", "{f}", "--in-place"),
]


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        *[(c, "link-file") for c in EDITS],
        (EDITS[0], "dev-null"),
        (EDITS[1], "fifo"),
        (EDITS[2], "dangling"),
    ],
    ids=lambda v: v if isinstance(v, str) else v[0],
)
def test_an_odd_backup_is_never_written_through_waited_on_or_swallowed(
    site: tuple[Path, Path, Path], command: tuple[str, ...], kind: str
) -> None:
    folder, _, outside = site
    event = folder / EVENT
    backup = folder / f"{EVENT}.bak"
    {
        "link-file": lambda: backup.symlink_to(outside / "victim.txt"),
        "dev-null": lambda: backup.symlink_to("/dev/null"),
        "fifo": lambda: os.mkfifo(backup),
        "dangling": lambda: backup.symlink_to(outside / "new.txt"),
    }[kind]()
    before, previous = snapshot(outside), event.read_bytes()
    run = contained(cli(*(a.format(f=event) for a in command)), seconds=20)
    assert run.code == 5 and "not a regular file" in one_line(run.output), run.output
    assert snapshot(outside) == before and event.read_bytes() == previous  # nothing written at all
    assert os.path.lexists(backup) and (backup.is_symlink() or not backup.is_file())  # left as it was


def test_a_regular_backup_is_replaced_by_a_new_file_beside(site: tuple[Path, Path, Path]) -> None:
    folder, _, _ = site
    event = folder / EVENT
    backup = folder / f"{EVENT}.bak"
    backup.write_text("an older backup\n")
    hard = folder / "hard-link-to-the-old-backup"
    os.link(backup, hard)
    previous = event.read_bytes()
    assert contained(cli("result", event, "1", "1", "1-0", "--correct")).code == 0
    assert backup.read_bytes() == previous and hard.read_text() == "an older backup\n"


def test_a_planted_edit_lock_link_is_refused(site: tuple[Path, Path, Path]) -> None:
    folder, _, outside = site
    event = folder / EVENT
    (folder / f".{EVENT}.lock").symlink_to(outside / "victim.txt")
    before = snapshot(outside)
    run = contained(cli("result", event, "1", "1", "1-0", "--correct"))
    assert run.code == 5 and "is a symbolic link" in one_line(run.output)
    assert snapshot(outside) == before


# -- in-place edits: formats and locks (items 3, 4) ------------------------------------------------
def test_pair_in_place_keeps_a_json_tournament_a_tournament(tmp_path: Path) -> None:
    event = tmp_path / "ev.json"
    assert contained(cli("convert", SAMPLES / "open-round4.trf", event)).code == 0
    run = contained(cli("pair", event, "--in-place"))
    assert run.code == 0, run.output
    doc = json.loads(event.read_text())
    assert doc["format"] == "swissbridge-tournament" and doc["players"]
    assert contained(cli("pair", event, "-o", tmp_path / "again.trf")).code in (0, 1, 2)


@pytest.mark.parametrize("fmt", ["json", "sm"])
def test_pair_in_place_never_writes_a_pairing_only_format_over_the_tournament(tmp_path: Path, fmt: str) -> None:
    event = tmp_path / "ev.trf"
    shutil.copyfile(SAMPLES / "open-round4.trf", event)
    before = event.read_bytes()
    run = contained(cli("pair", event, "-o", event, "--in-place", "--format", fmt))
    assert run.code == 2 and "only a tournament" in one_line(run.output)
    assert event.read_bytes() == before and not (tmp_path / "ev.trf.bak").exists()


def test_an_edit_waits_for_the_lock_then_fails_clearly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = tmp_path / "ev.trf"
    shutil.copyfile(SAMPLES / "open-round4.trf", event)
    import swissbridge.atomic as atomic

    monkeypatch.setattr(atomic, "EDIT_WAIT", 0.3)
    with edit_lock(event):
        run = contained(cli("pair", event, "--in-place"))
    assert run.code == 5 and "another swissbridge command is editing" in one_line(run.output)
    assert event.read_bytes() == (SAMPLES / "open-round4.trf").read_bytes()
    assert not (tmp_path / ".ev.trf.lock").exists()  # removed when released


def test_the_watcher_waits_for_an_edit_in_progress(site: tuple[Path, Path, Path]) -> None:
    folder, _, _ = site
    from swissbridge.watch.files import Settling, StabilityTracker

    held_r, held_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child holds the lock until the parent has looked
        with edit_lock(folder / EVENT):
            os.write(held_w, b"x")
            os.read(done_r, 1)
        os._exit(0)
    os.read(held_r, 1)
    try:
        assert isinstance(StabilityTracker(0).observe(folder / EVENT), Settling)
    finally:
        os.write(done_w, b"x")
        os.waitpid(pid, 0)
    assert not isinstance(StabilityTracker(0).observe(folder / EVENT), Settling)


# -- inputs that are not regular files (item 7) ------------------------------------------------------
@pytest.mark.parametrize(
    "command",
    [
        ("pair", "{p}"),
        ("pair", "{p}", "--in-place"),
        ("check", "{p}"),
        ("explain", "{p}"),
        ("standings", "{p}"),
        ("convert", "{p}", "{d}/out.json"),
        ("result", "{p}", "1", "1", "1-0"),
        ("ratings", "{s}", "--list", "{p}"),
    ],
    ids=lambda c: "-".join(c[:2]) if c[0] != "ratings" else "ratings-list",
)
def test_a_fifo_input_is_refused_in_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    fifo = tmp_path / "ev.trf"
    os.mkfifo(fifo)
    args = [a.format(p=fifo, d=tmp_path, s=SAMPLES / "open-round4.trf") for a in command]
    run = contained(cli(*args), seconds=20)
    assert run.code == 2 and one_line(run.output).endswith("is a named pipe (FIFO), not a regular file"), run.output


def test_the_readers_open_nothing_but_regular_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotRegular, match="named pipe"):
        open_regular(fifo)
    (tmp_path / "link").symlink_to(SAMPLES / "open-round4.trf")
    with pytest.raises(NotRegular, match="symbolic link"):
        open_regular(tmp_path / "link", follow=False)
    open_regular(tmp_path / "link").close()
    with pytest.raises(OutputError, match="symbolic link"):
        write_own(tmp_path / "link", "x")
    assert (SAMPLES / "open-round4.trf").read_text().startswith("012")


# -- random plantings and the hammer: short here, long with --stress -------------------------------
def test_random_plantings_short() -> None:
    tally = plantings(6, seed=int(os.environ.get("SWISSBRIDGE_PLANT_SEED", "0")))
    assert tally.problems == [] and tally.trials == 6


def test_concurrent_edits_short() -> None:
    tally = hammer(6)
    assert tally.problems == [] and tally.lost_updates == 0 and tally.edits_succeeded >= 6


@pytest.mark.stress
def test_random_plantings_long() -> None:
    tally = plantings(1000)
    assert tally.problems == [], tally.problems[:5]
    assert tally.writes_outside == 0 and tally.overwritten_targets == 0


@pytest.mark.stress
def test_concurrent_edits_long() -> None:
    tally = hammer(500)
    assert tally.problems == [], tally.problems[:5]
    assert tally.lost_updates == 0
