"""The console script (issue 19): a plain ``pair`` runs without typer and gives what
typer gives — the same output, messages and exit status — and loads only what it
needs; every other command line goes to typer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from swissbridge.cli import launch, options
from typer.main import get_group
from typer.testing import CliRunner

from tests.conftest import SAMPLES, unfinished_sample

runner = CliRunner()
OPEN = SAMPLES / "open-round4.trf"
START = SAMPLES / "club-start.trf"


def test_the_table_is_the_pair_command_typer_builds() -> None:
    """Every option of ``swissbridge pair`` as typer declares it, and nothing else."""
    reduced = cli._only("pair")
    assert reduced is not None
    command = get_group(reduced).commands["pair"]
    expected: dict[str, tuple[str, object]] = {}
    arguments = []
    for param in command.params:
        if param.param_type_name == "argument":  # a Path, an empty one refused (left to typer here)
            arguments.append((param.name, getattr(param.type, "func", None)))
            continue
        kind: object
        type_name = type(param.type).__name__
        if getattr(param, "is_flag", False):
            kind = launch.FLAG
        elif type_name in ("Choice", "TyperChoice"):
            assert param.type.case_sensitive  # type: ignore[attr-defined]
            kind = tuple(param.type.choices)  # type: ignore[attr-defined]
        elif type_name == "IntRange":
            bounds = (param.type.min, param.type.max)  # type: ignore[attr-defined]
            assert bounds in ((1, None), (1, launch.MAX_ROUNDS)), bounds
            kind = launch.COUNT if bounds[1] is None else launch.ROUNDS
        elif type_name in ("Path", "TyperPath"):
            assert not (param.type.exists or param.type.resolve_path)  # type: ignore[attr-defined]
            kind = launch.PATH
        else:
            assert type_name == "StringParamType", type_name
            kind = launch.TEXT
        for name in [*param.opts, *param.secondary_opts]:
            expected[name] = (str(param.name), kind)
    assert arguments == [("input", options.file_argument)]
    table = {
        name: (param, kind if isinstance(kind, str) else tuple(m.value for m in kind))
        for name, (param, kind) in launch.PAIR_OPTIONS.items()
    }
    assert table == expected


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["e.trf"], {"input": Path("e.trf")}),
        (
            ["-o", "out.pairs", "e.trf", "--system", "dutch", "--format", "pairlist"],
            {"input": Path("e.trf"), "output": Path("out.pairs"), "system": "dutch", "fmt": launch.PairFormat.pairlist},
        ),
        (["e.trf", "--format=json", "-r", "3"], {"input": Path("e.trf"), "fmt": launch.PairFormat.json, "round_no": 3}),
        (
            ["e.trf", "--in-place", "--adjourned", "--explain"],
            {"input": Path("e.trf"), "in_place": True, "adjourned": True, "explain": True},
        ),
        (["e.trf", "-o", "-"], {"input": Path("e.trf"), "output": Path("-")}),  # standard output
        (
            ["e.trf", "--initial-colour", "black", "--rounds", "9", "--encoding", "cp1252"],
            {"input": Path("e.trf"), "initial_colour": launch.InitialColour.black, "rounds": 9, "encoding": "cp1252"},
        ),
    ],
)
def test_plain_command_lines_are_read_here(args: list[str], expected: dict[str, object]) -> None:
    assert launch.parse_pair(args) == expected


@pytest.mark.parametrize(
    "args",
    [
        [],  # no input: typer says it is missing
        ["a.trf", "b.trf"],  # an extra argument
        [""],  # an empty file name
        ["e.trf", "--help"],
        ["e.trf", "-h"],
        ["e.trf", "--sytem", "dutch"],  # misspelt
        ["e.trf", "--round", "2", "-r", "3"],  # repeated: typer takes the last
        ["e.trf", "--round", "0"],  # below min=1
        ["e.trf", "--round", "+3"],
        ["e.trf", "--round", "٣"],  # a digit, not an ASCII one
        ["e.trf", "--format", "PAIRLIST"],  # choices are case-sensitive
        ["e.trf", "--format", "xml"],
        ["e.trf", "--initial-colour", "w"],
        ["e.trf", "-o"],  # no value
        ["e.trf", "-o", "-x"],  # a value starting with -
        ["e.trf", "--system="],
        ["e.trf", "-ofile.txt"],  # glued short option
        ["e.trf", "--in-place=yes"],
        ["--", "e.trf"],
        ["-", "e.trf"],
    ],
)
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert launch.parse_pair(args) is None


def _cases(tmp: Path) -> list[list[str]]:
    unfinished, _, _, _ = unfinished_sample(tmp)
    open_copy = tmp / "open.trf"
    open_copy.write_bytes(OPEN.read_bytes())
    stray = tmp / "stray.trf"
    stray.write_bytes(OPEN.read_bytes().replace(b"Spring Open", b"Spring\xffOpen", 1))
    return [
        [str(OPEN)],
        [str(OPEN), "-f", "pairlist"],
        [str(OPEN), "--format=json"],
        [str(OPEN), "-f", "trf", "-o", str(tmp / "out.trf")],
        [str(OPEN), "--system", "lim", "-f", "pairlist"],
        [str(OPEN), "--system", "xyz"],
        [str(OPEN), "--round", "5"],
        [str(OPEN), "-f", "pairlist", "--explain"],
        [str(OPEN), "-f", "pairlist", "--explain", "-o", str(tmp / "out.pairs")],
        [str(OPEN), "-o", str(OPEN)],
        [str(tmp / "missing.trf")],
        [str(unfinished)],
        [str(unfinished), "--adjourned", "-f", "pairlist"],
        [str(START)],  # round 1: the initial colour is unknown
        [str(START), "--initial-colour", "white", "--rounds", "4", "-f", "sm"],
        [str(open_copy), "--in-place", "-f", "pairlist"],
        [str(OPEN), "-o", "-"],  # standard output
        [str(OPEN), "-f", "trf", "-o", "-", "--explain"],
        [str(open_copy), "--in-place", "-o", "-"],
        [str(open_copy), "--in-place", "-o", str(tmp / "other.trf")],  # refused: two places for the round
        [str(open_copy), "--in-place", "-o", str(open_copy), "-f", "trf"],
        [str(OPEN), "--encoding", "nosuch"],  # refused before reading
        [str(OPEN), "--encoding", "latin-1", "-f", "pairlist"],
        [str(stray), "-f", "pairlist"],  # a warning: a byte read as Windows-1252
    ]


def test_both_paths_give_the_same_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Output, messages, exit status and files written, for every kind of outcome."""
    for args in _cases(tmp_path):
        written = {p: p.read_bytes() for p in tmp_path.iterdir()}
        arguments = launch.parse_pair(args)
        assert arguments is not None, args
        code = launch.plain_pair(arguments)
        fast = capsys.readouterr()
        fast_files = {p: p.read_bytes() for p in tmp_path.iterdir()}
        for p in tmp_path.iterdir():  # as it was before the first run
            if p in written:
                p.write_bytes(written[p])
            else:
                p.unlink()
        typed = runner.invoke(cli.app, ["pair", *args], prog_name="swissbridge")
        as_typed = (typed.exit_code, typed.stdout_bytes.decode(), typed.stderr_bytes.decode())  # "\r\n" kept
        assert (code, fast.out, fast.err) == as_typed, args
        assert fast_files == {p: p.read_bytes() for p in tmp_path.iterdir()}, args


def _script(
    *args: str | Path, importtime: bool = False, stdout: int = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """``python -m swissbridge ARGS``, as the console script runs it."""
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run(
        [sys.executable, *flags, "-m", "swissbridge", *map(str, args)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


NOT_FOR_A_PAIR = (
    "typer",
    "click",
    "rich",
    "importlib.metadata",  # the built-in systems are found without scanning the entry points
    "typing",  # swissbridge.plugins.protocol: the built-in systems are not checked against it
    "swissbridge.cli.commandline",
    "swissbridge.commands.explain",
    "swissbridge.systems.diagnosis",
    "swissbridge.plugins.document",
    "swissbridge.plugins.dutch.explanation",
    "swissbridge.plugins.dutch.compare",
    "swissbridge.plugins.lim",
    "swissbridge.formats.tunx",
    "swissbridge.formats.swissmanager",
    "swissbridge.formats.jsonfmt",
    "swissbridge.formats.pgn",
    "swissbridge.formats.fidexml",
    "chess",
    "lxml",
    "watchdog",
)
"""Modules a ``pair`` of a TRF file into a pair-list has no use for."""


def test_a_pair_loads_only_what_it_needs(tmp_path: Path) -> None:
    out = tmp_path / "round5.pairs"
    done = _script("pair", OPEN, "--system", "dutch", "--format", "pairlist", "-o", out, importtime=True)
    assert done.returncode == 0, done.stderr
    loaded = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \| *(\S+)$", done.stderr, re.MULTILINE))
    assert "swissbridge.plugins.dutch.round" in loaded  # the report was read
    eager = sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_FOR_A_PAIR))
    assert eager == []
    typed = runner.invoke(cli.app, ["pair", str(OPEN), "--format", "pairlist"])
    assert out.read_text(encoding="utf-8") == typed.stdout


def test_the_script_hands_everything_else_to_typer() -> None:
    helped = _script("pair", "--help")
    assert helped.returncode == 0 and "Pair the next round" in helped.stdout
    misspelt = _script("pair", OPEN, "--sytem", "dutch")
    assert misspelt.returncode == 2 and "No such option: --sytem" in misspelt.stderr
    version = _script("--version")
    assert version.returncode == 0 and version.stdout.startswith("swissbridge ")


def test_the_script_exits_with_the_status_of_the_pair(tmp_path: Path) -> None:
    missing = _script("pair", tmp_path / "none.trf")
    assert missing.returncode == 2
    assert missing.stderr == f"swissbridge: {tmp_path / 'none.trf'}: cannot read the file: No such file or directory\n"


def test_a_closed_stdout_ends_it_as_typer_does() -> None:
    """Exit 1 and no traceback when the reader of stdout has gone (``| head`` that
    stopped reading), on both paths."""
    read, write = os.pipe()
    os.close(read)
    try:
        fast = _script("pair", OPEN, stdout=write)
        typed = subprocess.run(
            [sys.executable, "-c", "from swissbridge.cli.commandline import main; main()", "pair", str(OPEN)],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert (fast.returncode, fast.stderr) == (typed.returncode, typed.stderr) == (1, "")


def test_a_third_party_system_is_found_by_its_entry_point(tmp_path: Path) -> None:
    """An installed distribution declaring ``swissbridge.systems`` (here the protocol
    test's Neighbours, put on the path with its metadata): ``pair --system`` finds it by
    scanning the entry points, which the built-in names never need."""
    from swissbridge.formats.trf import read_trf

    from tests.conftest import ROOT
    from tests.unit.test_protocol import Neighbours

    info = tmp_path / "neighbours_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: neighbours-plugin\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[swissbridge.systems]\nneighbours = tests.unit.test_protocol:Neighbours\n", encoding="utf-8"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "swissbridge", "pair", str(OPEN), "--system", "neighbours", "-f", "pairlist"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == Neighbours().pair(read_trf(OPEN)).pairlist()
    assert "pairing with neighbours as --system says" in done.stderr
