"""A third pairing system crosses the plugin boundary without touching the core
(issue 25's acceptance). The fold system (``tests/thirdparty/swissbridge_fold``) is a
distribution of its own, found by its entry point (its ``.dist-info`` on the path);
it gets ``pair``, ``check``, ``explain`` (text, JSON, HTML), ``generate``, ``watch``,
the drop-in engine's ``--fold`` and its own record 192 code read and written, with
nothing edited outside its folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from swissbridge import plugins
from swissbridge.cli import dropin
from swissbridge.cli.commandline import app
from swissbridge.commands.generate import tournament_before_round
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.systems import choose_system
from typer.testing import CliRunner

from tests.conftest import ROOT

THIRDPARTY = ROOT / "tests" / "thirdparty"
runner = CliRunner()


def _forget_entry_points() -> None:
    plugins._entry_points.cache_clear()
    plugins._entry_point.cache_clear()


@pytest.fixture
def fold(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """The fold distribution installed: its folder (package and ``.dist-info``) on the path."""
    monkeypatch.syspath_prepend(str(THIRDPARTY))
    _forget_entry_points()
    from swissbridge_fold import FoldSystem  # type: ignore[import-not-found]

    yield FoldSystem
    _forget_entry_points()


def _generated(tmp_path: Path) -> Path:
    out = tmp_path / "fold.trf"
    made = runner.invoke(app, ["generate", "-n", "10", "--rounds", "5", "-s", "fold", "--seed", "3", "-o", str(out)])
    assert made.exit_code == 0, made.output
    return out


def _before_last_round(tmp_path: Path) -> Path:
    state = tmp_path / "state.trf"
    state.write_text(write_trf(tournament_before_round(read_trf(_generated(tmp_path)), 5)), encoding="utf-8")
    return state


def test_it_is_found_by_its_entry_point(fold: type) -> None:
    if "fold" in plugins.shipped():
        pytest.skip("the toy copied in as plugins/fold/ (issue 34's acceptance) shadows its entry point")
    assert "fold" in plugins.available()
    assert isinstance(plugins.load("fold"), fold)
    from swissbridge.systems import codes

    assert codes()["FOLD_SWISS_1"] == codes()["FOLD_SWISS"] == "fold"


def test_generate_writes_its_code_and_check_reads_it(fold: type, tmp_path: Path) -> None:
    out = _generated(tmp_path)
    assert "\n192 FOLD_SWISS_1\n" in out.read_text(encoding="utf-8")
    assert read_trf(out).points == fold.points  # its own point system, 3 - 1 - 0
    checked = runner.invoke(app, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    assert "check with the fold system" in checked.stdout and checked.stderr == ""


def test_pair_by_its_code_and_by_the_option(fold: type, tmp_path: Path) -> None:
    state = _before_last_round(tmp_path)
    expected = fold().pair(read_trf(state), 5).pairlist()
    by_code = runner.invoke(app, ["pair", str(state), "-f", "pairlist"])
    assert (by_code.exit_code, by_code.stdout, by_code.stderr) == (0, expected, "")
    bare = tmp_path / "bare.trf"
    bare.write_text(state.read_text(encoding="utf-8").replace("192 FOLD_SWISS_1\n", ""), encoding="utf-8")
    by_option = runner.invoke(app, ["pair", str(bare), "--system", "fold", "-f", "pairlist", "--in-place"])
    assert (by_option.exit_code, by_option.stdout, by_option.stderr) == (0, expected, "")
    written = read_trf(bare)
    assert written.system == "FOLD_SWISS_1" and choose_system(written, None).system == "fold"


def test_explain_in_text_json_and_html(fold: type, tmp_path: Path) -> None:
    state = _before_last_round(tmp_path)
    pairing = fold().pair(read_trf(state), 5)
    as_json = runner.invoke(app, ["explain", str(state), "-f", "json"])
    assert as_json.exit_code == 0, as_json.output
    doc = json.loads(as_json.stdout)
    assert doc["system"] == "fold" and doc["round"] == 5
    assert [(b["white"], b["black"]) for b in doc["boards"]] == [(b.white, b.black) for b in pairing.boards]
    text = runner.invoke(app, ["explain", str(state)])
    assert text.exit_code == 0 and "BOARDS" in text.stdout
    page = tmp_path / "round5.html"
    html = runner.invoke(app, ["explain", str(state), "-f", "html", "-o", str(page)])
    assert html.exit_code == 0 and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_engine_flag(fold: type, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = _before_last_round(tmp_path)
    expected = fold().pair(read_trf(state), 5).pairlist()
    assert dropin.run(["--fold", str(state), "-p"]) == dropin.EXIT_OK
    assert capsys.readouterr() == (expected, "")
    assert dropin.run([str(state), "-p"]) == dropin.EXIT_OK  # by its record 192
    assert capsys.readouterr().out == expected
    assert dropin.run(["--fold", str(_generated(tmp_path)), "-c"]) == dropin.EXIT_OK
    assert "Checker pairings" not in capsys.readouterr().out


def test_watch(fold: type, tmp_path: Path) -> None:
    from swissbridge.watch.loop import Watcher
    from swissbridge.watch.types import WatchConfig

    state = _before_last_round(tmp_path)
    expected = fold().pair(read_trf(state), 5)
    report = Watcher(WatchConfig(tmp_path, host="swiss-manager", stable=0)).run_once()
    assert ("state", 5) in report.published
    published = read_trf(tmp_path / "swissbridge-out" / "state-R5" / "state-R5.trf")
    assert published.system == "FOLD_SWISS_1"
    assert {(p.start_no, p.entry(5).opponent) for p in published.players if p.entry(5)} == {
        pair for b in expected.boards for pair in ((b.white, b.black), (b.black, b.white))
    } | ({(expected.bye, None)} if expected.bye else set())


def test_the_console_script_finds_it(fold: type, tmp_path: Path) -> None:
    """The installed command, as an arbiter runs it: ``pair`` (the fast path, which
    reads the entry points only for a code no shipped system has)."""
    state = _before_last_round(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(THIRDPARTY), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "swissbridge", "pair", str(state), "-f", "pairlist"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == fold().pair(read_trf(state), 5).pairlist()
