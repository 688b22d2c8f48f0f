"""The Dubov differential corpus (../shared/corpus/dubov): every agreed state (two
engines of three gave the same pairs and colours, no known bug of theirs applies)
paired identically, in process (all 246 take a few seconds). The disputed states are
decided from the text in docs/dubov.md (their count by engine:
``python3 ../shared/tools/score_states.py``, as that document says). Skipped cleanly
when ../shared is absent."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.plugins.dubov import DubovSystem

from tests.conftest import SHARED

FOLDER = SHARED / "corpus" / "dubov"
AGREED = sorted(FOLDER.glob("*.pairs")) if FOLDER.is_dir() else []


def _pairs(text: str) -> set[tuple[int, int]]:
    """A bbpPairings pair list: the count, then ``WHITE BLACK`` (``N 0`` for the PAB)."""
    lines = [line.split() for line in text.strip().splitlines()]
    count = int(lines[0][0])
    return {(int(a), int(b)) for a, b in lines[1 : 1 + count]}


@pytest.mark.skipif(not AGREED, reason="../shared/corpus/dubov not present")
@pytest.mark.parametrize("answer", AGREED, ids=lambda p: p.stem)
def test_agreed_state_paired_identically(answer: Path) -> None:
    t = read_trf(answer.with_suffix(".trf"))
    pairing = DubovSystem().pair(t)
    ours = {(b.white, b.black) for b in pairing.boards} | ({(pairing.bye, 0)} if pairing.bye is not None else set())
    assert ours == _pairs(answer.read_text(encoding="utf-8"))
