"""The shared Burstein corpus (../shared/corpus/burstein): every agreed state (a
``.pairs`` file: py4swiss and pairing-core gave the same pairs and colours) paired
identically, and every state, agreed or not, paired without breaking [C1]-[C4].
Skipped when ../shared is absent. The disputed states are decided from the text in
``docs/burstein.md``."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.plugins.burstein import BursteinSystem

from tests.burstein_support import violations
from tests.conftest import SHARED

FOLDER = SHARED / "corpus" / "burstein"
STATES = sorted(FOLDER.glob("*.trf"))
AGREED = [p for p in STATES if p.with_suffix(".pairs").is_file()]


def _pairs(path: Path) -> set[tuple[int, int]]:
    rows = [line.split() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {(int(a), int(b)) for a, b in rows[1 : 1 + int(rows[0][0])]}


@pytest.mark.skipif(not AGREED, reason="../shared/corpus/burstein not present")
@pytest.mark.parametrize("path", AGREED, ids=lambda p: p.stem)
def test_agreed_state_paired_identically(path: Path) -> None:
    t = read_trf(path)
    pairing = BursteinSystem().pair(t)
    got = {(b.white, b.black) for b in pairing.boards}
    if pairing.bye is not None:
        got.add((pairing.bye, 0))
    assert got == _pairs(path.with_suffix(".pairs"))


@pytest.mark.skipif(not STATES, reason="../shared/corpus/burstein not present")
@pytest.mark.parametrize("path", STATES[::5], ids=lambda p: p.stem)
def test_state_paired_within_the_absolute_criteria(path: Path) -> None:
    t = read_trf(path)
    r = t.next_round
    pairing = BursteinSystem().pair(t, r)
    assert violations(t, r, pairing) == []
