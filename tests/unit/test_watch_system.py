"""The watcher pairs with the system the tournament file names (record 192), as
``swissbridge pair`` does, unless ``--system`` says otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.formats.trf import parse_trf
from swissbridge.systems.service import pair_tournament
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "open-round4.trf"


def lim_file(folder: Path) -> Path:
    """The open sample, its record 192 naming the Lim system."""
    text = SAMPLE.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026", "192 FIDE_LIM_2026")
    path = folder / "lim.trf"
    path.write_text(text, encoding="utf-8")
    return path


def published_round4(folder: Path, system: str | None) -> list[tuple[int, object]]:
    report = Watcher(WatchConfig(folder, host="swiss-manager", system=system, stable=0)).run_once()
    assert report.published == [("lim", 4)]
    state = parse_trf((folder / "swissbridge-out" / "lim-R4" / "lim-R4.trf").read_bytes())
    return [(p.start_no, p.entry(4)) for p in state.players]


def expected_round4(path: Path, system: str) -> list[tuple[int, object]]:
    from swissbridge.pairing import apply_pairing

    t = parse_trf(path.read_bytes())
    paired = apply_pairing(t, pair_tournament(t, system=system, round_no=4))
    return [(p.start_no, p.entry(4)) for p in paired.players]


def test_watcher_pairs_with_the_system_record_192_names(tmp_path: Path) -> None:
    path = lim_file(tmp_path)
    lim, dutch = expected_round4(path, "lim"), expected_round4(path, "dutch")
    assert lim != dutch  # the sample separates the two systems in round 4
    assert published_round4(tmp_path, None) == lim


def test_watcher_system_option_overrides_record_192_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = lim_file(tmp_path)
    with caplog.at_level("WARNING", logger="swissbridge.watch"):
        assert published_round4(tmp_path, "dutch") == expected_round4(path, "dutch")
    assert "record 192 says FIDE_LIM_2026 (lim); pairing with dutch as --system says" in caplog.text
