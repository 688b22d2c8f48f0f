"""Fuzzing every tournament-file reader (TRF, Swiss-Manager text files and .TUNX,
PGN, FIDE XML, JSON, and the format-sniffing ``read_any``): arbitrary bytes and structured
mutations of real files (../shared/realworld, ../shared/corpus) either parse or
raise :class:`~swissbridge.errors.InputError` with a location; never another
exception, never a hang (each input is bounded in time), never memory out of
proportion to the input (traced on one input in eight).

A short budget by default (``SWISSBRIDGE_FUZZ_EXAMPLES`` examples per reader and
kind of input, default 60); ``tests/stress/fuzz_readers.py`` runs 100 000+.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.stress.fuzzlib import (
    READERS,
    Reader,
    available_readers,
    describe,
    mutate,
    other_files,
    run_one,
    shorten,
)

EXAMPLES = int(os.environ.get("SWISSBRIDGE_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
LOADED = available_readers()
IDS = [reader.name for reader, _ in LOADED]
SEED_LIMIT = 40_000
"""Big seed files are cut to their first 40 kB (at a line end) in the short run."""


def _assert_contained(reader: Reader, fn: Callable[[bytes], object], data: bytes, origin: str, n: int = 0) -> None:
    outcome = run_one(fn, data, seconds=3.0, memory=n % 8 == 0)
    assert outcome.kind in ("parsed", "input-error"), describe(reader.name, origin, data, outcome)
    assert outcome.located, describe(reader.name, origin, data, outcome) + "\n  (InputError without a location)"


def test_every_reader_is_registered() -> None:
    """The TRF reader at least is fuzzed; the list names every reader the project has."""
    assert "trf" in IDS
    assert {r.name for r in READERS} >= {"trf", "sm-players", "sm-pairings", "pgn", "fide-xml", "json", "tunx"}


@pytest.mark.parametrize(("reader", "fn"), LOADED, ids=IDS)
def test_arbitrary_bytes(reader: Reader, fn: Callable[[bytes], object]) -> None:
    @FUZZ
    @given(st.binary(max_size=3000), st.integers(0, 7))
    def check(data: bytes, n: int) -> None:
        _assert_contained(reader, fn, data, "arbitrary bytes", n)

    check()


@pytest.mark.parametrize(("reader", "fn"), LOADED, ids=IDS)
def test_text_like_garbage(reader: Reader, fn: Callable[[bytes], object]) -> None:
    """Printable text made of the record codes, tags and separators of the formats."""
    words = st.sampled_from(
        ["001", "012", "142", "XXR", "XXC", "240", "250", "260", "0000", " - ", "w", "b", "1", "=", "0", "+", "H", "U",
         "Nr;Name;", ";", '[Event "x"]', '[Round "2.1"]', "1-0", "*", "<player>", "<fideid>", "</player>", "{", "}",
         '"players": [', "\r", "\n", "\r\n", "    ", "1.5", "½", "é"]
    )  # fmt: skip
    text = st.lists(st.one_of(words, st.text(max_size=12)), max_size=120).map("".join)

    @FUZZ
    @given(text, st.integers(0, 7))
    def check(s: str, n: int) -> None:
        _assert_contained(reader, fn, s.encode("utf-8", errors="surrogatepass"), "text-like garbage", n)

    check()


@pytest.mark.parametrize(("reader", "fn"), LOADED, ids=IDS)
def test_mutations_of_real_files(reader: Reader, fn: Callable[[bytes], object]) -> None:
    own = [(origin, shorten(data, SEED_LIMIT)) for origin, data in reader.seed_data()]
    if not own:
        pytest.skip(f"no seed files for {reader.name} in ../shared")
    foreign = [(str(p), shorten(p.read_bytes(), SEED_LIMIT)) for p in other_files()]
    donors = [data for _, data in own[:20]]

    @FUZZ
    @given(st.integers(0, 2**32 - 1), st.integers(0, 3))
    def check(seed: int, pick: int) -> None:
        rng = random.Random(seed)
        origin, data = rng.choice(foreign) if pick == 0 and foreign else rng.choice(own)
        _assert_contained(reader, fn, mutate(data, rng, donors), f"{origin} mutated with seed {seed}", seed)

    check()


@pytest.mark.parametrize(("reader", "fn"), LOADED, ids=IDS)
def test_real_files_as_they_are(reader: Reader, fn: Callable[[bytes], object]) -> None:
    """Every seed and every other real-world file, unmutated (big ones cut to 80 kB)."""
    files = [*reader.seed_data(), *((str(p), p.read_bytes()) for p in other_files())]
    for i, (origin, data) in enumerate(files):
        _assert_contained(reader, fn, shorten(data, 2 * SEED_LIMIT), origin, i)
