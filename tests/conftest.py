"""Shared test fixtures. Tests that read ../shared (the corpus, the real-world files,
the specs) use ``shared`` and are skipped cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED = Path(os.environ.get("SWISSBRIDGE_SHARED", ROOT.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """A path under ../shared; skips the calling test when it does not exist."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present (../shared is optional)")
    return path


@pytest.fixture
def shared() -> Path:
    return shared_path()
