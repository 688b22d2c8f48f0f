"""Differential test of the Dutch engine against the reference pairings of the corpus
(../shared/corpus: rounds paired by the reference engine, bbpPairings v6) and the
real-world files that come with expected pairings.

By default a fixed sample of rounds is checked, to keep the suite fast; set
``SWISSBRIDGE_FULL_CORPUS=1`` to check every round of both corpora.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.dutch import DutchSystem

from tests.conftest import SHARED, shared_path

FULL = os.environ.get("SWISSBRIDGE_FULL_CORPUS") == "1"


def _pairs(text: str) -> set[tuple[int, int]]:
    tokens = text.split()
    count = int(tokens[0])
    nums = [int(x) for x in tokens[1 : 1 + 2 * count]]
    return {(nums[2 * i], nums[2 * i + 1]) for i in range(count)}


def _ours(path: Path, round_no: int | None = None) -> set[tuple[int, int]]:
    return _pairs(DutchSystem().pair(read_trf(path), round_no).pairlist())


def _rounds(corpus: str) -> list[Path]:
    root = SHARED / "corpus" / corpus
    if not root.exists():
        return []
    files = sorted(root.glob("*/rounds/r*.trf"))
    if FULL:
        return files
    # a spread sample: every 23rd round, small and large tournaments alike
    return files[::23] if corpus == "dutch" else files[::4]


@pytest.mark.parametrize("trf", _rounds("dutch"), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_corpus_round(trf: Path) -> None:
    expected = _pairs(trf.with_suffix(".pairs").read_text())
    assert _ours(trf) == expected


@pytest.mark.parametrize("trf", _rounds("dutch-features"), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_features_round(trf: Path) -> None:
    expected = _pairs(trf.with_suffix(".pairs").read_text())
    assert _ours(trf) == expected


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbppairings_fixture(name: str) -> None:
    root = shared_path("realworld", "bbppairings")
    expected = _pairs((root / f"{name}.output.expected").read_text())
    assert _ours(root / f"{name}.input") == expected


@pytest.mark.parametrize(
    ("path", "round_no", "expected"),
    [
        ("rochade/swiss_manager/round3_paired.trf", 3, {(4, 2), (1, 3), (7, 9), (5, 8), (6, 0)}),
        ("rochade/swiss_manager/round4_paired.trf", 4, {(4, 1), (9, 3), (2, 5), (6, 7), (8, 0)}),
        ("rochade/vega/engine26_after_import.trf", None, {(4, 1), (9, 3), (2, 5), (6, 7), (8, 0)}),
    ],
)
def test_rochade_rounds(path: str, round_no: int | None, expected: set[tuple[int, int]]) -> None:
    assert _ours(shared_path("realworld", *path.split("/")), round_no) == expected


def test_no_legal_pairing_fixture() -> None:
    with pytest.raises(NoLegalPairing):
        DutchSystem().pair(read_trf(shared_path("realworld", "py4swiss", "no_legal_pairings.trf")))
