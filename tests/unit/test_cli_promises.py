"""The command line's promises, as a newcomer's review tested them: a failed or
narrow stdout is an output problem said in one line (never a traceback), bad
arguments are refused before any work, messages name options the command has."""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.errors import UsageError
from swissbridge.formats.detect import NO_PLAYERS, target_format
from swissbridge.formats.trf import read_trf
from swissbridge.systems import choose_system
from swissbridge.watch.command import run_cli
from typer.testing import CliRunner

from tests.conftest import SAMPLES

runner = CliRunner()
OPEN = SAMPLES / "open-round4.trf"
FULL = "/dev/full"


def _run(*args: str | Path, typer_path: bool = False, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``swissbridge ARGS`` in a new process (the console script, or typer's ``main``)."""
    entry = ["-c", "from swissbridge.cli.commandline import main; main()"] if typer_path else ["-m", "swissbridge"]
    return subprocess.run(
        [sys.executable, *entry, *map(str, args)],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        **kwargs,  # type: ignore[call-overload]
    )


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full")
@pytest.mark.parametrize(
    ("args", "typer_path"),
    [
        (["pair", OPEN], False),
        (["pair", OPEN], True),
        (["pair", OPEN, "--explain", "-f", "pairlist"], False),
        (["standings", OPEN], False),
        (["check", SAMPLES / "club-championship-final.trf"], False),
        (["check", SAMPLES], False),
        (["explain", OPEN], False),
        (["generate", "-n", "6", "--rounds", "3"], False),
        (["convert", OPEN, "-", "--to", "trf26"], False),
    ],
)
def test_a_full_stdout_is_an_output_error(args: list[str | Path], typer_path: bool) -> None:
    with open(FULL, "w") as full:
        done = _run(*args, typer_path=typer_path, stdout=full)
    message = "swissbridge: cannot write to standard output: No space left on device\n"
    assert (done.returncode, done.stderr) == (5, message)


@pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full")
@pytest.mark.parametrize("args", [[OPEN, "-p"], [OPEN, "-c"]])
def test_the_engine_reports_a_full_stdout_as_a_file_error(args: list[str | Path]) -> None:
    with open(FULL, "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", "from swissbridge.cli.dropin import main; main()", *map(str, args)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 5 and done.stderr.endswith(
        "cannot write to standard output: No space left on device\n"
    ), done.stderr


def test_what_stdout_cannot_encode_is_replaced_with_a_warning() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = _run("pair", OPEN, stdout=subprocess.PIPE, env=env)
    assert done.returncode == 0, done.stderr
    assert "Riverside Spring Open 2026 ? round 4 of 5" in done.stdout
    assert done.stderr == (
        "swissbridge: warning: standard output (ascii) cannot show every character: written as '?'; "
        "give -o FILE or set PYTHONIOENCODING=utf-8\n"
    )


def test_watch_once_on_a_garbage_trf_is_an_input_error(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "x.trf").write_text("hello\nworld\n")
    err = io.StringIO()
    code = run_cli(
        folder, host="swiss-manager", system=None, out=None, tournament=None, rounds=None, once=True,
        stable=0, verbose=False, stream=err,
    )  # fmt: skip
    assert code == 2
    assert f"{folder / 'x.trf'}:1:1: expected a record code" in err.getvalue()


@pytest.mark.parametrize("command", ["pair", "explain", "standings", "check", "result", "ratings", "convert", "watch"])
def test_every_command_reading_a_tournament_takes_encoding(command: str) -> None:
    helped = runner.invoke(app, [command, "--help"])
    assert helped.exit_code == 0 and "--encoding" in helped.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["pair", OPEN],
        ["explain", OPEN],
        ["standings", OPEN],
        ["check", OPEN],
        ["result", OPEN, "4", "1", "1-0"],
        ["ratings", OPEN, "--list", "none.xml"],
        ["convert", OPEN, "out.json"],
        ["watch", ".", "--once"],
    ],
)
def test_an_unknown_encoding_is_refused_before_reading(
    args: list[str | Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    done = runner.invoke(app, [*map(str, args), "--encoding", "nosuch"])
    assert done.exit_code == 2
    assert done.stderr == (
        "swissbridge: --encoding nosuch: unknown encoding; give one such as utf-8, cp1252 or latin-1\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_convert_offers_only_formats_it_writes(tmp_path: Path) -> None:
    helped = runner.invoke(app, ["convert", "--help"])
    to_line = next(line for line in helped.stdout.splitlines() if line.lstrip().startswith("--to"))
    assert "tunx" not in to_line
    refused = runner.invoke(app, ["convert", str(OPEN), str(tmp_path / "x.tunx"), "--to", "tunx"])
    assert refused.exit_code == 2 and "<input>" not in refused.output
    with pytest.raises(UsageError, match=r"^cannot write tunx files; --to takes one of trf, "):
        target_format(tmp_path / "x.tunx", "tunx")


def test_messages_name_the_options_of_their_command(tmp_path: Path) -> None:
    copy = tmp_path / "o.trf"
    copy.write_bytes(OPEN.read_bytes())
    same = runner.invoke(app, ["convert", str(copy), str(copy)])
    assert same.exit_code == 2
    assert same.stderr.endswith("(the previous version is then kept as o.trf.bak), or another output file\n")
    for command in ("convert", "result", "ratings", "pair"):
        helped = runner.invoke(app, [command, "--help"]).stdout
        in_place = helped[helped.index("--in-place") :].split("--", 2)[1]
        assert ("-o" in in_place) == (command != "convert"), (command, in_place)
    lim = dataclasses.replace(read_trf(OPEN), system="FIDE_LIM")
    assert choose_system(lim, "dutch", engine=True).warning == (
        "record 192 says FIDE_LIM (lim); pairing with dutch as --dutch says"
    )


def test_a_folder_of_pairings_only_says_what_is_missing(tmp_path: Path) -> None:
    folder = tmp_path / "smout"
    folder.mkdir()
    made = runner.invoke(app, ["convert", str(OPEN), str(folder / "Spielerauslosung.txt"), "--to", "sm-pairings"])
    assert made.exit_code == 0, made.output
    for source in (folder, folder / "Spielerauslosung.txt"):
        done = runner.invoke(app, ["convert", str(source), str(tmp_path / "frsm.trf")])
        assert (done.exit_code, done.stderr) == (2, f"swissbridge: {source}: {NO_PLAYERS}\n")


def test_output_dash_is_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    plain = runner.invoke(app, ["pair", str(OPEN)])
    dashed = runner.invoke(app, ["pair", str(OPEN), "-o", "-"])
    assert dashed.exit_code == 0 and dashed.stdout == plain.stdout
    assert list(tmp_path.iterdir()) == []
    for command in ("pair", "explain", "standings", "generate", "ratings"):
        assert "(- is stdout)" in " ".join(runner.invoke(app, [command, "--help"]).stdout.split()), command
    generated = runner.invoke(app, ["generate", "-n", "6", "--rounds", "3", "-o", "-"])
    assert generated.exit_code == 0 and generated.stdout.startswith("012 ")
    assert list(tmp_path.iterdir()) == []


def test_in_place_with_another_output_is_refused_before_any_work(tmp_path: Path) -> None:
    copy = tmp_path / "o.trf"
    copy.write_bytes(OPEN.read_bytes())
    done = runner.invoke(app, ["pair", str(copy), "--in-place", "-o", str(tmp_path / "x.trf")])
    assert done.exit_code == 2
    assert "--in-place writes the round into" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.trf"]
    assert copy.read_bytes() == OPEN.read_bytes()


@pytest.mark.parametrize("command", ["pair", "standings", "explain", "result", "ratings"])
def test_an_empty_file_argument_is_refused(command: str) -> None:
    done = runner.invoke(app, [command, ""])
    assert done.exit_code == 2 and "an empty file name" in done.stderr


def test_a_byte_read_as_windows_1252_is_warned_about(tmp_path: Path) -> None:
    stray = tmp_path / "o.trf"
    stray.write_bytes(OPEN.read_bytes().replace(b"Riverside Spring Open", b"Riverside Spring\xffOpen", 1))
    line = next(i for i, text in enumerate(stray.read_bytes().split(b"\n"), 1) if b"\xff" in text)
    column = stray.read_bytes().split(b"\n")[line - 1].index(b"\xff") + 1
    warning = (
        f"swissbridge: warning: {stray}:{line}:{column}: byte 0xFF is not UTF-8: the file is read as "
        "Windows-1252 (Latin-1), where it is 'ÿ'; if that is wrong, save the file again as UTF-8\n"
    )
    for command in (["pair"], ["standings"], ["explain"], ["check"], ["convert"]):
        args = [*command, str(stray)] + ([str(tmp_path / "x.json")] if command == ["convert"] else [])
        done = runner.invoke(app, args)
        assert done.exit_code in (0, 1), (command, done.output)
        assert done.stderr.startswith(warning), (command, done.stderr)


@pytest.mark.parametrize("command", ["pair", "standings", "convert", "watch", "check"])
def test_h_is_help(command: str) -> None:
    assert runner.invoke(app, [command, "-h"]).stdout == runner.invoke(app, [command, "--help"]).stdout


def _pgn_of(tmp_path: Path) -> Path:
    """OPEN (three rounds played) converted to PGN, which cannot hold the number of rounds."""
    pgn = tmp_path / "club.pgn"
    assert runner.invoke(app, ["convert", str(OPEN), str(pgn)]).exit_code == 0
    return pgn


def test_a_pgn_byte_read_as_latin_1_is_warned_about(tmp_path: Path) -> None:
    stray = _pgn_of(tmp_path)
    data = stray.read_bytes()
    at = data.index(b'[Event "') + len(b'[Event "')
    stray.write_bytes(data[:at] + b"\xe9" + data[at:])
    line = data[:at].count(b"\n") + 1
    column = at - data.rfind(b"\n", 0, at)
    warning = (
        f"swissbridge: warning: {stray}:{line}:{column}: byte 0xE9 is not UTF-8: the file is read as "
        "Latin-1 (the PGN standard's), where it is '\xe9'; if that is wrong, save the file again as UTF-8\n"
    )
    for command in (["pair", "--rounds", "9"], ["standings"], ["explain"], ["check"], ["convert"]):
        args = [*command, str(stray)] + ([str(tmp_path / "x.json")] if command == ["convert"] else [])
        done = runner.invoke(app, args)
        assert done.exit_code in (0, 1), (command, done.output)
        assert done.stderr.startswith(warning), (command, done.stderr)


def test_a_batch_check_shows_each_files_encoding_warning_once(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for name in ("a.trf", "b.trf"):
        (folder / name).write_bytes(OPEN.read_bytes().replace(b"Riverside Spring Open", b"Riverside\xffSpring Open", 1))
    (folder / "c.trf").write_bytes(OPEN.read_bytes())
    done = runner.invoke(app, ["check", str(folder), "--jobs", "1"])
    warned = [line for line in done.stderr.splitlines() if "is not UTF-8" in line]
    assert [line.removeprefix("swissbridge: warning: ").split(":")[0] for line in warned] == [
        str(folder / "a.trf"),
        str(folder / "b.trf"),
    ], done.stderr
    assert all(line.startswith("swissbridge: warning: ") and "Windows-1252" in line for line in warned)


def test_pair_says_when_the_number_of_rounds_is_unknown(tmp_path: Path) -> None:
    pgn = _pgn_of(tmp_path)
    done = runner.invoke(app, ["pair", str(pgn)])
    assert done.exit_code == 0, done.output
    assert (
        "swissbridge: warning: pairing round 4 of an unknown number of rounds (club.pgn does not say it; "
        "the last rounds' rules need it): give it with --rounds N\n"
    ) in done.stderr
    given = runner.invoke(app, ["pair", str(pgn), "--rounds", "9"])
    assert given.exit_code == 0 and "unknown number of rounds" not in given.stderr
    assert "unknown number of rounds" not in runner.invoke(app, ["pair", str(OPEN)]).stderr
