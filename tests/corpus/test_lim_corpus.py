"""Every corpus state (../shared/corpus/dutch, any tournament state is a valid Lim
input) paired with Lim and checked. By default one state in eight, in process;
``LIM_CORPUS_FULL=1`` pairs all of them. The command-line run over all files is
``python -m tests.lim_checks_support ../shared/corpus/dutch --cli``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.plugins.lim import LimSystem

from tests.conftest import SHARED
from tests.lim_checks_support import no_pairing_exists, violations

FULL = os.environ.get("LIM_CORPUS_FULL") == "1"
FILES = sorted((SHARED / "corpus" / "dutch").glob("t*/rounds/r*.trf"))
SELECTED = FILES if FULL else FILES[::8]


@pytest.mark.skipif(not FILES, reason="../shared/corpus/dutch not present")
@pytest.mark.parametrize("path", SELECTED, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_corpus_state(path: Path) -> None:
    t = read_trf(path)
    r = t.next_round
    trace = LimSystem().trace(t, r)
    pairing = trace.pairing
    if pairing is None:
        assert no_pairing_exists(t, r)
        return
    assert violations(t, r, pairing, trace) == []
