"""Record 192 says which system a file is paired with (issue 24, point 4), and the
settings of the command line reach every command the same way (issue 25, point 4):
whatever chose the system (``--system``, 192, the default) is written into 192
when the file is written, and a file without 192 is paired with the default and a
one-line warning naming it, by ``pair``, ``check``, ``explain``, the watcher and
the drop-in engine alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli import dropin
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import read_trf
from swissbridge.plugins import load
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig
from typer.testing import CliRunner

from tests.conftest import SAMPLES

runner = CliRunner()
OPEN = SAMPLES / "open-round4.trf"
NO_RECORD = "record 192 names no pairing system; pairing with dutch, the default (give {} to say so, or another system)"


def _without_192(folder: Path, name: str = "event.trf") -> Path:
    path = folder / name
    path.write_text(OPEN.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026\n", ""), encoding="utf-8")
    return path


def test_the_system_chosen_is_the_one_paired_next_time(tmp_path: Path) -> None:
    """``pair --system lim --in-place``, the results, then ``pair --in-place``: Lim
    both times, without a word (it used to pair the second round Dutch)."""
    path = _without_192(tmp_path, "l.trf")
    first = runner.invoke(app, ["pair", str(path), "--system", "lim", "--in-place", "-f", "pairlist"])
    assert (first.exit_code, first.stderr) == (0, "")
    assert read_trf(path).system == "FIDE_LIM_2026"
    boards = sum(1 for line in first.stdout.splitlines()[1:] if not line.endswith(" 0"))  # "N 0": the bye
    results = [item for board in range(1, boards + 1) for item in (str(board), "1-0")]
    entered = runner.invoke(app, ["result", str(path), "4", *results])
    assert entered.exit_code == 0, entered.output
    assert read_trf(path).system == "FIDE_LIM_2026"
    second = runner.invoke(app, ["pair", str(path), "--in-place", "-f", "pairlist"])
    assert (second.exit_code, second.stderr) == (0, "")
    state = read_trf(Path(f"{path}.bak"))
    assert second.stdout == load("lim").pair(state, 5).pairlist() != load("dutch").pair(state, 5).pairlist()


@pytest.mark.parametrize("command", ["pair", "check", "explain"])
def test_a_file_without_192_is_paired_with_the_default_and_a_warning(tmp_path: Path, command: str) -> None:
    done = runner.invoke(app, [command, str(_without_192(tmp_path))])
    assert done.exit_code == 0, done.output
    assert done.stderr == f"swissbridge: warning: {NO_RECORD.format('--system dutch')}\n"
    named = runner.invoke(app, [command, str(_without_192(tmp_path)), "--system", "dutch"])
    assert named.exit_code == 0 and named.stderr == ""


def test_the_engine_warns_in_its_own_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert dropin.run([str(_without_192(tmp_path)), "-p"]) == dropin.EXIT_OK
    assert capsys.readouterr().err == f"swissbridge-engine: warning: {NO_RECORD.format('--dutch')}\n"


def test_the_watcher_takes_the_settings_as_pair_does(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The same warnings (the default system, a contradicted number of rounds), the
    same refusal (fewer rounds than paired), record 192 in what it publishes."""
    _without_192(tmp_path)
    with caplog.at_level("WARNING", logger="swissbridge.watch"):
        report = Watcher(WatchConfig(tmp_path, host="swiss-manager", rounds=7, stable=0)).run_once()
    assert report.published == [("event", 4)]
    assert f"event: {NO_RECORD.format('--system dutch')}" in caplog.text
    assert "event: the file says 5 rounds; using 7 as --rounds says" in caplog.text
    state = read_trf(tmp_path / "swissbridge-out" / "event-R4" / "event-R4.trf")
    assert (state.system, state.total_rounds) == ("FIDE_DUTCH_2026", 7)
    again = tmp_path / "again"
    again.mkdir()
    _without_192(again)
    refused = Watcher(WatchConfig(again, host="swiss-manager", rounds=2, stable=0)).run_once()
    assert refused.published == []
    assert any("--rounds 2, but the file already has 3 rounds paired" in f for f in refused.input_faults)


def test_writing_without_pairing_records_the_system(tmp_path: Path) -> None:
    """``result`` (and ``convert``, ``ratings``) write the system the file is paired
    with, saying so when it is the default the file did not name."""
    path = _without_192(tmp_path)
    entered = runner.invoke(app, ["result", str(path), "3", "#1", "1-0", "--correct"])
    assert entered.exit_code == 0, entered.output
    assert "record 192 set to FIDE_DUTCH_2026: the file named no pairing system, dutch is the default" in entered.stderr
    assert read_trf(path).system == "FIDE_DUTCH_2026"
    team = tmp_path / "team.trf"  # a code no system implements is kept as it is
    team.write_text(OPEN.read_text(encoding="utf-8").replace("FIDE_DUTCH_2026", "ZIGZAG_SWISS_1"), encoding="utf-8")
    converted = runner.invoke(app, ["convert", str(team), str(tmp_path / "out.trf")])
    assert converted.exit_code == 0 and "192" not in converted.stderr
    assert read_trf(tmp_path / "out.trf").system == "ZIGZAG_SWISS_1"


def _with_092(folder: Path, value: str) -> Path:
    """open-round4 as a TRF16 that says its system in record 092, not 192 (as the
    reference engine's generator writes it: ``092 FIDE_DUTCH_2025``)."""
    path = folder / "typed.trf"
    text = OPEN.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026\n", "")
    path.write_text(text.replace("012 ", f"092 {value}\n012 ", 1), encoding="utf-8")
    return path


def test_record_092_names_the_system_when_192_is_absent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF16 has no record 192; its type of tournament (092) holds the code in the
    reference engine's files: read as the system, its edition said in the warning,
    and written as record 192 (the file's own code, here the 2025 name of the text)."""
    path = _with_092(tmp_path, "FIDE_DUTCH_2025")
    assert dropin.run([str(path), "-p"]) == dropin.EXIT_OK
    err = capsys.readouterr().err
    assert err == (
        "swissbridge-engine: warning: record 192 names no pairing system; "
        "record 092 says FIDE_DUTCH_2025 (the 2025 edition): pairing with dutch\n"
    )
    done = runner.invoke(app, ["pair", str(path), "-f", "pairlist", "--system", "lim"])
    assert "record 092 says FIDE_DUTCH_2025 (dutch); pairing with lim as --system says" in done.stderr
    converted = runner.invoke(app, ["convert", str(path), str(tmp_path / "out.trf")])
    assert converted.exit_code == 0, converted.output
    assert "record 192 set to FIDE_DUTCH_2025, as record 092 says" in converted.stderr
    out = read_trf(tmp_path / "out.trf")
    assert out.system == "FIDE_DUTCH_2025" and ("092", "FIDE_DUTCH_2025") in out.headers


def test_free_text_in_092_names_no_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _with_092(tmp_path, "Individual: Swiss-System")
    assert dropin.run([str(path), "-p"]) == dropin.EXIT_OK
    assert capsys.readouterr().err == f"swissbridge-engine: warning: {NO_RECORD.format('--dutch')}\n"
