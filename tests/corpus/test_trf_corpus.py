"""TRF round trip over the shared corpus and the real-world files (skipped without ../shared).

read → write → read gives the same model for every file; files that were already
canonical (the samples) come back byte for byte. A canonical file is compared by
bytes only: identical bytes read to the same model. TRF-2026 → TRF16 → TRF-2026 is
byte-stable on every TRF under ../shared (one canonical record order whatever the path;
what TRF16 has no form for kept as TRF-2026 records, docs/formats.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from swissbridge.errors import InputError
from swissbridge.formats.trf import parse_trf, read_trf, write_trf

from tests.conftest import SAMPLES, shared_path

MALFORMED = {
    "py4swiss/invalid_code.trf": (7, 1, "unknown record code '101'"),
    "py4swiss/incompatible_color.trf": (2, 137, "round 5: player 2 (line 2) and player 3 (line 3) disagree: both"),
    "py4swiss/incompatible_result.trf": (
        2,
        139,
        "round 5: player 2 (line 2) and player 3 (line 3) disagree on the result",
    ),
    "py4swiss/incorrect_points.trf": (2, 81, "player 2 (Player 2): the points column says 4.0 but the results"),
    "py4swiss/missing_result.trf": (2, 132, "2 is paired with 3, but 3's line shows nothing in that round"),
    "py4swiss/missing_starting_number.trf": (7, 5, "starting ranks must run from 1 without gaps: 7 missing"),
    "py4swiss/too_many_results.trf": (2, 142, "round 6 is beyond the 5 rounds of the tournament"),
}
"""The realworld files marked deliberately malformed, with where and why they fail."""


def _round_trip(path: Path, *, canonical: bool) -> None:
    data = path.read_bytes()
    t = parse_trf(data, str(path))
    out = write_trf(t)
    if canonical:
        assert out.encode() == data, f"{path} is not rewritten byte for byte"
        return
    again = parse_trf(out)
    assert again == t, f"{path}: the model changed in the round trip"
    assert write_trf(again) == out, f"{path}: the rewritten file is not canonical"


def test_dutch_corpus_round_files_round_trip() -> None:
    """The corpus states write 142/152 after XXR/XXC: read to the same model, rewritten in
    the canonical order (142 and 152 before the players, as TRF-2026 lists them)."""
    corpus = shared_path("corpus")
    files = sorted(corpus.glob("dutch/*/rounds/*.trf")) + sorted(corpus.glob("dutch-features/*/rounds/*.trf"))
    assert len(files) > 1000
    for f in files[::10]:
        _round_trip(f, canonical=False)
    head = write_trf(read_trf(files[0])).splitlines()
    assert [line[:3] for line in head[:3]] == ["012", "142", "152"] and head[-2:] == ["XXR 13", "XXC white1"]


def _shared_trfs() -> list[Path]:
    """Every TRF under ../shared: the corpora's states and full files, the real-world files."""
    root = shared_path()
    return sorted(p for p in root.rglob("*") if p.suffix in (".trf", ".input") and p.is_file())


_BEYOND_TRF16 = re.compile(rb"^(250|260|XXZ|XXA) ", re.MULTILINE)
"""Records whose content TRF16 has no form for (round ranges, virtual points as ranges)
or that TRF-2026 writes in another form (XXZ as 240, XXA as 250)."""


def _stable(files: list[Path]) -> tuple[int, list[str]]:
    """How many ``files`` are read, and those of them not byte-stable through TRF16."""
    read, unstable = 0, []
    for f in files:
        try:
            t = read_trf(f)
        except InputError:
            continue  # a deliberately malformed file (MALFORMED)
        read += 1
        trf26 = write_trf(t, "trf26")
        back = write_trf(parse_trf(write_trf(parse_trf(trf26), "trf16")), "trf26")
        if back != trf26:
            unstable.append(str(f))
    return read, unstable


def test_trf26_to_trf16_and_back_is_byte_stable() -> None:
    """TRF-2026 → TRF16 → TRF-2026 gives the same bytes, whatever order the source had
    its records in (192 before or after 152, 142 after XXR) and whatever TRF16 has no
    form for (kept as the TRF-2026 records TRF16 readers skip, docs/formats.md): by
    default every real-world file, every file with such a record and a sample of the
    rest; every TRF under ../shared with ``slow``."""
    files = _shared_trfs()
    chosen = [
        f for i, f in enumerate(files) if i % 25 == 0 or "realworld" in f.parts or _BEYOND_TRF16.search(f.read_bytes())
    ]
    read, unstable = _stable(chosen + sorted(SAMPLES.glob("*.trf")))
    assert read >= 200 and unstable == []


@pytest.mark.slow
def test_every_shared_tournament_is_byte_stable_through_trf16() -> None:
    files = _shared_trfs()
    read, unstable = _stable(files)
    assert read == len(files) - len(MALFORMED)  # every TRF but the deliberately malformed ones
    assert read >= 4800 and unstable == []


def test_dutch_corpus_full_files_round_trip() -> None:
    files = sorted(shared_path("corpus", "dutch").glob("*/full.trf"))
    assert files
    for f in files:
        _round_trip(f, canonical=False)
        t = read_trf(f)
        assert t.total_rounds is None  # neither XXR nor 142: left to the caller
        assert t.initial_colour is not None  # inferred from round 1
        assert t.completed_rounds == t.rounds_in_file


def test_full_file_agrees_with_its_round_files() -> None:
    root = shared_path("corpus", "dutch", "t000")
    full = read_trf(root / "full.trf")
    r5 = read_trf(root / "rounds" / "r05.trf")
    assert full.initial_colour is r5.initial_colour
    assert full.points == r5.points
    for p, q in zip(full.players, r5.players, strict=True):
        assert p.entries[:4] == q.entries[:4]


def _realworld_trfs() -> list[Path]:
    root = shared_path("realworld")
    return sorted(p for p in root.rglob("*") if p.suffix in (".trf", ".input"))


def test_every_realworld_trf_reads_and_round_trips() -> None:
    root = shared_path("realworld")
    seen = 0
    for f in _realworld_trfs():
        rel = f.relative_to(root).as_posix()
        if rel in MALFORMED:
            continue
        seen += 1
        _round_trip(f, canonical=False)
    assert seen >= 30


@pytest.mark.parametrize("rel", sorted(MALFORMED))
def test_malformed_realworld_files_give_located_errors(rel: str) -> None:
    path = shared_path("realworld", rel)
    line, column, text = MALFORMED[rel]
    with pytest.raises(InputError) as info:
        read_trf(path)
    e = info.value
    assert (e.path, e.line, e.column) == (str(path), line, column)
    assert text in e.message
    assert str(e).startswith(f"{path}:{line}:{column}: ")


def test_realworld_quirks_are_understood() -> None:
    sm = read_trf(shared_path("realworld", "rochade", "swiss_manager", "round3_paired.trf"))
    assert sm.total_rounds == 5 and sm.player(6).entries[2].result.value == "U"
    assert sm.player(1).entries[2].result.name == "PENDING"
    for name in ("accents_bytepad_imported.trf", "accents_charpad_hangs_vega.trf"):
        t = read_trf(shared_path("realworld", "rochade", "vega", name))
        assert {p.name for p in t} >= {"Dubois, Élise", "Müller, Tobias"}
        assert t.player(3).title == "WFM"
    gros = read_trf(shared_path("realworld", "sharly-chess", "example_trf16.trf"))
    assert len(gros) == 284 and gros.players[25].name == "Schaffer,Hendrik"
    assert gros.players[74].entries[4].opponent == 188
    assert gros.player(1).title in ("GM", "IM", "FM")
    lichess = read_trf(shared_path("realworld", "sharly-chess", "2020_06.trf"))
    assert lichess.total_rounds == 10 and lichess.initial_colour is not None
    javafo = read_trf(shared_path("realworld", "py4swiss", "javafo_example.trf"))
    assert [p.start_no for p in javafo] == list(range(1, len(javafo) + 1))
    assert javafo.announced(javafo.next_round) == dict.fromkeys((22, 28, 43), javafo.announced_byes[0].kind)
    cr = read_trf(shared_path("realworld", "bbppairings", "issue_7.input"))
    assert len(cr) == 60 and cr.total_rounds == 15 and cr.completed_rounds == 14


def test_samples_are_canonical_trf26() -> None:
    files = sorted(SAMPLES.glob("*.trf"))
    assert len(files) >= 3
    for f in files:
        _round_trip(f, canonical=True)
        t = read_trf(f)
        assert t.total_rounds is not None and t.initial_colour is not None and t.system
    mid = read_trf(SAMPLES / "open-round4.trf")
    assert mid.next_round == 4 and len(mid) == 9
    kinds = {e.result.name for p in mid for e in p.entries}
    assert {"HALF_BYE", "FORFEIT_WIN", "FORFEIT_LOSS", "PAB"} <= kinds
