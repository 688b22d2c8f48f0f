"""Hostile input, second pass (issue 36): no replaced event, no deleted folder, no
injected record, no traceback. One test (or a few) per probe of the issue, numbered as
its "worst first" list; the short form of each runs by default, the full sizes are
marked ``stress``. Where a probe runs a command, its exit status, its stderr (one
line, no traceback) and, for the unbounded-work probes, its peak memory are checked."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from swissbridge.commands.output import create_output
from swissbridge.errors import InputError, UsageError
from swissbridge.formats.detect import read_any
from swissbridge.formats.jsonfmt import tournament_to_json
from swissbridge.formats.trf import parse_trf, read_trf

from tests.conftest import SAMPLES
from tests.stress.test_hostile_input import OPEN, _renamed, _trf_with_name

SWISSBRIDGE = [sys.executable, "-m", "swissbridge"]
PLAYERS = SAMPLES / "players.csv"


def _run(argv: list[str], *, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SWISSBRIDGE, *argv], capture_output=True, text=True, timeout=timeout, check=False, cwd=cwd)


# -- 1. creation is atomic against itself -------------------------------------------------------------


def _new_pair(folder: Path, i: int) -> str | None:
    """Two ``new`` of one file started together; what went wrong, or None."""
    target = folder / f"e{i}.trf"
    procs = [
        subprocess.Popen(
            [*SWISSBRIDGE, "new", str(target), "--players", str(PLAYERS), "--name", name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("Event A", "Event B")
    ]
    outcomes = [(p.wait(timeout=120), p.communicate()[1]) for p in procs]
    won = [name for name, (code, _) in zip("AB", outcomes, strict=True) if code == 0]
    if len(won) != 1:
        return f"pair {i}: {len(won)} of 2 succeeded: {outcomes}"
    lost = next(err for code, err in outcomes if code != 0)
    if "exists already" not in lost or "Traceback" in lost:
        return f"pair {i}: the second said {lost!r}"
    if f"012 Event {won[0]}\n" not in target.read_text():
        return f"pair {i}: {won[0]} succeeded but the file holds the other event (replaced)"
    return None


@pytest.mark.parametrize("pairs", [6, pytest.param(200, marks=pytest.mark.stress)])
def test_two_new_of_one_path_never_replace_each_other(tmp_path: Path, pairs: int) -> None:
    """issue 36 #1: in 12 of 30 runs both ``new`` exited 0 and one event replaced the
    other (the file was checked long before it was renamed into place)."""
    problems = [p for i in range(pairs) if (p := _new_pair(tmp_path, i)) is not None]
    assert not problems, problems
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def _create(target: Path, text: str, barrier: Any) -> None:
    """A child's attempt to create ``target``: exit status 0 created, 3 refused."""
    barrier.wait()
    try:
        create_output(target, text, command="new")
    except UsageError as exc:
        os._exit(3 if "exists already" in str(exc) else 4)
    os._exit(0)


def test_exclusive_creation_has_one_winner_in_every_race(tmp_path: Path) -> None:
    """The same race at the library level, the two writers released together by a
    barrier: 200 pairs, exactly one creation each, the file the winner's, nothing left."""
    ctx = multiprocessing.get_context("fork")
    replaced = 0
    for i in range(200):
        target = tmp_path / f"e{i}.trf"
        barrier = ctx.Barrier(2)
        children = [ctx.Process(target=_create, args=(target, text * 5000, barrier)) for text in "AB"]
        for child in children:
            child.start()
        for child in children:
            child.join(30)
        codes = sorted(child.exitcode or 0 for child in children)
        replaced += codes != [0, 3]
        winner = "AB"[[child.exitcode for child in children].index(0)] if 0 in codes else ""
        assert target.read_text() == winner * 5000
    assert replaced == 0
    assert len(list(tmp_path.glob("e*.trf"))) == 200 and not list(tmp_path.glob(".*"))


# -- 2. the watcher removes only what it made -------------------------------------------------------------


def test_the_watcher_never_removes_a_users_folders(tmp_path: Path) -> None:
    """issue 36 #2: ``OUT/.photos.tmp/`` and ``OUT/.backup.staging/`` (a user's, with
    files) were removed by ``watch --once --out OUT`` with nothing logged. Left-overs
    that are the watcher's own (a staging folder holding its manifest, an empty one, a
    temporary file of an atomic write) are still cleaned."""
    watched, out = tmp_path / "in", tmp_path / "out"
    watched.mkdir()
    (watched / "open.trf").write_bytes((SAMPLES / "open-round4.trf").read_bytes())
    users = [out / ".photos.tmp" / "p.jpg", out / ".backup.staging" / "b.trf", out / ".notes.tmp"]
    for f in users:
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("the user's")
    ours = [out / ".open-R9.staging" / ".swissbridge-published.json", out / ".state.json.0a1b2c3d.tmp"]
    for f in ours:
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("{}")
    (out / ".open-R8.staging").mkdir()
    result = _run(["watch", str(watched), "--once", "--out", str(out), "--system", "dutch"])
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert all(f.read_text() == "the user's" for f in users)
    assert not [f for f in [*ours, out / ".open-R8.staging"] if os.path.lexists(f)]
    assert [p for p in os.listdir(out) if not p.startswith(".")], "the round was published"


# -- 3. every reader validates what the writers rely on -----------------------------------------------


def _doc() -> dict[str, Any]:
    return json.loads(tournament_to_json(read_trf(OPEN)))


@pytest.mark.parametrize(
    "header",
    [
        ["XXP", "1 8"],
        ["022\nXXP", "1 8"],
        ["001", "   99      Injected, Player"],
        ["192", "FIDE_LIM_2026"],
        ["260", "1 1 1 8"],
        ["1", "x"],
        ["#ab", "x"],
        ["DDD", "x"],
        ["777", "x"],
    ],
)
def test_a_json_header_never_becomes_a_record(tmp_path: Path, header: list[str]) -> None:
    """issue 36 #3: ``["XXP", "1 8"]`` was written into the TRF by ``convert`` and the
    pairing changed (board 1 8-1 as JSON, 3-1 after ``convert``)."""
    doc = _doc()
    doc["headers"] = [["022", "Oslo"], header]
    f = tmp_path / "ev.json"
    f.write_text(json.dumps(doc))
    with pytest.raises(InputError) as err:
        read_any(f)
    assert "$.headers[1][0]" in str(err.value) or "control character" in str(err.value), str(err.value)
    out = tmp_path / "ev.trf"
    result = _run(["convert", str(f), str(out)])
    assert result.returncode == 2 and not out.exists(), result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr


def test_json_headers_of_every_kind_the_trf_reader_keeps_still_read(tmp_path: Path) -> None:
    doc = _doc()
    doc["headers"] = [["022", "Oslo"], ["092", "Individual: Swiss-System"], ["XYZ", "vendor"], ["299", "x"]]
    f = tmp_path / "ev.json"
    f.write_text(json.dumps(doc))
    assert read_any(f).headers == tuple(tuple(h) for h in doc["headers"])


def test_a_json_player_paired_with_themselves_is_refused(tmp_path: Path) -> None:
    """issue 36 #3: accepted by ``standings`` and ``pair`` (BH/C1 5.0 instead of 3.5)
    though the TRF reader refuses the same data."""
    doc = _doc()
    p = next(p for p in doc["players"] if p["start_no"] == 2)
    p["rounds"][0]["opponent"] = 2
    f = tmp_path / "ev.json"
    f.write_text(json.dumps(doc))
    for command in ("standings", "pair"):
        result = _run([command, str(f)])
        assert result.returncode == 2 and "player 2 is paired against themselves" in result.stderr, result.stderr
        assert "$.players[1].rounds[0]" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069"])
def test_a_bidi_override_in_a_name_is_refused_in_every_format(tmp_path: Path, char: str) -> None:
    """issue 36 #3/#8: U+202E in a name reordered the terminal's text."""
    f = tmp_path / "ev.json"
    f.write_text(_renamed(f"Okafor{char}leinaD"))
    with pytest.raises(InputError, match=f"player 2's name holds the control character U\\+{ord(char):04X}"):
        read_any(f)
    with pytest.raises(InputError) as err:
        parse_trf(_trf_with_name(f"Okafor{char}leinaD"), path="x.trf")
    assert err.value.line is not None and err.value.column == 15 + 6
    trf = tmp_path / "ev.trf"
    trf.write_bytes(OPEN.read_bytes())
    result = _run(["player", "add", str(trf), "--name", f"A{char}B", "--rating", "1500"])
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert trf.read_bytes() == OPEN.read_bytes()


def test_a_tab_in_a_name_leaves_a_file_the_tool_reads(tmp_path: Path) -> None:
    """issue 36 #3 (#4 of the report): ``player add --name $'Tab\\tName'`` and a JSON name
    with a TAB exited 0 and left a TRF whose columns the tab shifted; ``standings`` then
    refused it. A tab is a blank: a TRF line holds it as a space."""
    trf = tmp_path / "ev.trf"
    trf.write_bytes(OPEN.read_bytes())
    result = _run(["player", "add", str(trf), "--name", "Tab\tName", "--rating", "1500"])
    assert result.returncode in (0, 2) and "Traceback" not in result.stderr, result.stderr
    assert read_trf(trf).players  # whatever the edit did, the file reads back
    f = tmp_path / "ev.json"
    f.write_text(_renamed("Okafor,\tDaniel"))
    out = tmp_path / "from-json.trf"
    assert _run(["convert", str(f), str(out)]).returncode == 0
    assert read_trf(out).player(2).name == "Okafor, Daniel"
    assert _run(["standings", str(out)]).returncode == 0
