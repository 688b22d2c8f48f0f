"""``swissbridge check FILE|FOLDER ...``: many tournaments at once (bridge/commands/batch.py),
and the endorsement-style corpus ../shared/corpus/dutch-random checked with it: a
slice by default, the whole corpus (known-differences/ included) on request."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands import batch
from swissbridge.commands.check import played_pairing, prepare_for_replay
from swissbridge.formats.jsonfmt import tournament_to_json
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.systems.settings import Settings
from typer.testing import CliRunner

from tests.conftest import SAMPLES, SHARED
from tests.toy_support import flip_colours

SAMPLE = SAMPLES / "open-round4.trf"


def _flipped(folder: Path) -> tuple[Path, int, int]:
    """The sample with the colours of its last round's first board swapped: (path,
    that round, board number)."""
    t = prepare_for_replay(read_trf(SAMPLE))
    r = t.completed_rounds
    board = played_pairing(t, r).boards[0]
    path = folder / "flipped.trf"
    path.write_text(write_trf(dataclasses.replace(flip_colours(t, r, board), total_rounds=None)))
    return path, r, 1


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """ok.trf, sub/flipped.trf, sub/deeper/bad.trf and, to be left alone, notes.json,
    .hidden.trf and config.txt."""
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "ok.trf").write_bytes(SAMPLE.read_bytes())
    _flipped(tmp_path / "sub")
    (tmp_path / "sub" / "deeper" / "bad.trf").write_text("garbage\n")
    (tmp_path / "notes.json").write_text('{"what": "not a tournament"}\n')
    (tmp_path / ".hidden.trf").write_text("garbage\n")
    (tmp_path / "config.txt").write_text("PlayersNumber=12\n")
    return tmp_path


def test_find_tournaments_recurses_for_tournament_files(tree: Path) -> None:
    (tree / "sub" / "ok.json").write_text(tournament_to_json(read_trf(SAMPLE)))
    found = batch.find_tournaments([tree, tree / "ok.trf"])
    assert [p.relative_to(tree).as_posix() for p in found] == [
        "ok.trf",
        "sub/deeper/bad.trf",
        "sub/flipped.trf",
        "sub/ok.json",
    ]
    assert batch.find_tournaments([tree], skip=[tree / "ok.trf"])[0].name == "bad.trf"


def test_a_folder_of_round_pgns_is_one_tournament(tmp_path: Path) -> None:
    games = tmp_path / "event"
    games.mkdir()
    (games / "round1.pgn").write_text('[Event "x"]\n\n*\n')
    (games / "players.trf").write_bytes(SAMPLE.read_bytes())
    assert batch.find_tournaments([tmp_path]) == [games]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_lines_closing_line_report_and_exit(tree: Path, jobs: str) -> None:
    report = tree / "out" / "report.json"
    report.parent.mkdir()
    result = CliRunner().invoke(app, ["check", str(tree), "--jobs", jobs, "--report", str(report)])
    lines = result.stdout.splitlines()
    bad, flipped = str(tree / "sub" / "deeper" / "bad.trf"), str(tree / "sub" / "flipped.trf")
    t = read_trf(SAMPLE)
    assert lines[0].startswith(f"cannot check {bad}:1:1: ")
    assert lines[1].startswith(f"{flipped}: round {t.completed_rounds}: board 1: colour flipped")
    assert lines[2:] == ["1 passed, 2 failed"]
    assert result.exit_code == 2  # a file could not be read
    doc = json.loads(report.read_text())
    assert (doc["tournaments"], doc["passed"], doc["failed"]) == (3, 1, 2)
    by_name = {Path(r["path"]).name: r for r in doc["results"]}
    assert by_name["ok.trf"]["status"] == "ok"
    assert len(by_name["ok.trf"]["rounds"]) == t.completed_rounds
    assert by_name["bad.trf"]["status"] == "unreadable" and "record code" in by_name["bad.trf"]["message"]
    fl = by_name["flipped.trf"]
    assert fl["status"] == "differs" and fl["rounds_differ"] == [t.completed_rounds]
    assert fl["rounds"][-1]["diffs"][0]["difference"] == "colour flipped"


def test_batch_exit_1_when_tournaments_differ_and_0_when_all_pass(tree: Path) -> None:
    (tree / "sub" / "deeper" / "bad.trf").unlink()
    runner = CliRunner()
    differs = runner.invoke(app, ["check", str(tree), "--jobs", "1"])
    assert differs.exit_code == 1 and differs.stdout.splitlines()[-1] == "1 passed, 1 failed"
    (tree / "sub" / "flipped.trf").unlink()
    clean = runner.invoke(app, ["check", str(tree), str(tree / "ok.trf"), "--jobs", "1"])
    assert clean.exit_code == 0 and clean.stdout == "1 passed, 0 failed\n"


def test_batch_of_nothing_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2 and "no tournament files found" in result.stderr


def test_one_file_keeps_the_per_round_report(tmp_path: Path) -> None:
    path, r, _ = _flipped(tmp_path)
    report = tmp_path / "one.json"
    result = CliRunner().invoke(app, ["check", str(path), "--report", str(report)])
    assert result.exit_code == 1
    assert "round 1: ok" in result.stdout and f"round {r}: DIFFERS" in result.stdout
    assert "passed" not in result.stdout
    assert json.loads(report.read_text())["results"][0]["first_round"] == r


def test_a_defect_in_one_check_does_not_stop_the_batch(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(batch, "check_tournament", broken)
    results = batch.check_many([tree / "ok.trf", tree / "sub" / "flipped.trf"], Settings(), jobs=1)
    assert [r.status for r in results] == [batch.Status.ERROR, batch.Status.ERROR]
    assert "ZeroDivisionError: boom" in batch.result_line(results[0])
    assert batch.exit_status(results) == 2


# -- ../shared/corpus/dutch-random: random tournaments paired by the reference engine -----------

RANDOM = SHARED / "corpus" / "dutch-random"
FORMER_DIFFERENCES = (
    # tournaments that differed before issue 13 ([C8] when [C4] forces downfloats)
    *(f"t{n:04d}" for n in (77, 86, 155, 205, 435, 501, 507, 645, 683, 719, 741, 838, 856, 1095, 1125, 1186)),
    *(f"known-differences/a{n}" for n in (1000018, 1000133, 1000286, 1000441, 1000618)),
    *(f"known-differences/a{n}" for n in (3000023, 3000508, 3000545, 3000729, 3000980)),
)
SLOW = os.environ.get("SWISSBRIDGE_SLOW") == "1"


def _slice() -> list[Path]:
    """60 tournaments: the smaller former differences and every 35th of the others."""
    if not RANDOM.is_dir():
        return []
    others = sorted(d for d in RANDOM.glob("t*") if d.name not in FORMER_DIFFERENCES)
    return [RANDOM / name / "full.trf" for name in FORMER_DIFFERENCES] + [d / "full.trf" for d in others[::35]]


def _failures(paths: list[Path]) -> list[str]:
    results = batch.check_many(paths, Settings(system="dutch"), jobs=batch.usable_cores())
    assert len(results) == len(paths)
    return [batch.result_line(r) for r in results if not r.passed]


def test_dutch_random_slice() -> None:
    paths = _slice()
    if not paths:
        pytest.skip(f"{RANDOM} not present (../shared is optional)")
    assert len(paths) == 60
    assert not _failures(paths)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="corpus-wide: set SWISSBRIDGE_SLOW=1")
def test_dutch_random_whole_corpus() -> None:
    if not RANDOM.is_dir():
        pytest.skip(f"{RANDOM} not present (../shared is optional)")
    paths = batch.find_tournaments([RANDOM])
    assert len(paths) >= 1214
    assert not _failures(paths)
