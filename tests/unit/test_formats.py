"""One table of formats (issue 25, point 3): :data:`swissbridge.formats.detect.FORMATS`
says, per format, how it is recognised, read, written, what ``pair`` writes in it and
what it holds; the command line's choices and the detection are held to it here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from swissbridge.cli.commandline import Dialect, Written
from swissbridge.cli.console import PairFormat
from swissbridge.commands.output import holds_tournament
from swissbridge.formats import detect
from swissbridge.formats.detect import FORMATS, READ_FORMATS, WRITE_FORMATS
from swissbridge.formats.trf import read_trf
from swissbridge.systems import recorded
from swissbridge.systems.service import render_pairing

from tests.conftest import SAMPLES

OPEN = SAMPLES / "open-round4.trf"


def test_the_command_line_offers_what_the_table_holds() -> None:
    assert tuple(m.value for m in Dialect) == READ_FORMATS
    assert tuple(m.value for m in Written) == WRITE_FORMATS
    assert {m.value for m in PairFormat} == {"text", "pairlist", *detect.pairing_formats()}


def test_every_format_is_consistent() -> None:
    for name, f in FORMATS.items():
        assert f.name == name
        assert (f.write is not None) == bool(f.suffix), name  # a written file gets an extension
        assert not f.state or (FORMATS[f.state].whole and FORMATS[f.state].pairing is not None), name
        assert not f.system or f.whole, name  # the system is a whole tournament's
        assert all(s == s.lower() and s.startswith(".") for s in f.suffixes), name
    suffixes = [s for f in FORMATS.values() for s in f.suffixes]
    assert len(suffixes) == len(set(suffixes))
    assert {n for n in FORMATS if FORMATS[n].whole} == {"trf", "trf16", "trf26", "json", "tunx"}
    # what pair writes with --format NAME holds the whole tournament only for TRF (a JSON
    # pair output is a swissbridge-pairing document: it never replaces a tournament)
    assert {n for n in FORMATS if holds_tournament(n)} == {"trf"}
    assert all(FORMATS[n].pairing is not None for n in FORMATS if FORMATS[n].paired_whole)


def test_a_file_of_each_written_format_is_read_back_as_that_format(tmp_path: Path) -> None:
    """The writer, the extension and the detection agree: what is written in a format
    is recognised as it (TRF dialects as TRF, the Swiss-Manager exports by content)."""
    t = recorded(read_trf(OPEN), "dutch")
    for name in WRITE_FORMATS:
        f = FORMATS[name]
        path = tmp_path / f"out-{name}{f.suffix}"
        assert f.write is not None
        path.write_text(f.write(t), encoding="utf-8")
        found = detect.detect_format(path)
        expected = {"trf16": "trf", "trf26": "trf", "sm": "sm-pairings"}.get(name, name)
        assert found == expected, name
        if f.system:
            assert detect.read_any(path).system == "FIDE_DUTCH_2026", name


@pytest.mark.parametrize("fmt", detect.pairing_formats())
def test_pair_writes_each_pairing_format(fmt: str) -> None:
    from swissbridge.systems.service import pair_tournament

    t = read_trf(OPEN)
    pairing = pair_tournament(t, system="dutch")
    text = render_pairing(t, pairing, fmt)
    writer = FORMATS[fmt].pairing
    assert writer is not None and text == writer(t, pairing, False) and text


def test_the_table_loads_no_format_module() -> None:
    """Reading the table imports none of the readers and writers it names."""
    code = (
        "import sys; import swissbridge.formats.detect as d; "
        "print(sorted(m for m in sys.modules if m.startswith('swissbridge.formats.') and m != d.__name__))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
