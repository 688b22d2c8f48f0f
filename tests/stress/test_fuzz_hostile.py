"""Hand-made hostile inputs for every reader (numbers beyond any tournament,
billion laughs, external entities, deep nesting, huge lines and text nodes), each
run in a forked child limited in time and address space: it must parse or raise
:class:`~swissbridge.errors.InputError`, within 5 s and 256 MB more memory.

Cases that fail today are reported to the owners of the readers and marked
``xfail(strict=True)`` with the reason: the mark must go when the reader is fixed.
"""

from __future__ import annotations

import os

import pytest

from tests.stress.hostile import CASES, Case, contained, reader_functions

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and resource limits (POSIX)")

FUNCTIONS = reader_functions()

KNOWN: dict[tuple[str, str], str] = {}
"""(reader, case) → the reported bug, while it is open."""


def _param(case: Case) -> object:
    marks = []
    reason = KNOWN.get((case.reader, case.name))
    if reason:
        marks.append(pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(case, id=f"{case.reader}: {case.name}", marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES if c.reader in FUNCTIONS])
def test_hostile_input_is_refused_or_read_safely(case: Case) -> None:
    known = (case.reader, case.name) in KNOWN  # a known hang need not be waited for long
    verdict = contained(FUNCTIONS[case.reader], case.data, seconds=2.0 if known else 6.0)
    assert verdict.kind in ("parsed", "input-error"), f"{verdict.kind}: {verdict.detail}"
    assert verdict.seconds < 5.0 * float(os.environ.get("SWISSBRIDGE_SLOW_FACTOR", "1")), f"{verdict.seconds:.1f} s"
    assert verdict.rss_growth < 256 * 1024 * 1024, f"{verdict.rss_growth // 2**20} MB"


def test_xml_attacks_are_refused_with_a_location() -> None:
    """External entities, DTD retrieval and entity expansion are refused before
    parsing, with the line of the declaration."""
    fn = FUNCTIONS.get("fide-xml")
    if fn is None:
        pytest.skip("no FIDE XML reader yet")
    for case in CASES:
        if case.reader == "fide-xml" and case.name in (
            "billion laughs",
            "external entity (XXE)",
            "external DTD over the network",
            "parameter entity",
        ):
            verdict = contained(fn, case.data)
            assert verdict.kind == "input-error", case.name
            assert verdict.detail.startswith("<input>:2:1: the XML declares a DTD"), verdict.detail


def test_xinclude_is_not_followed() -> None:
    """An XInclude of a local file is not expanded into a player's name."""
    fn = FUNCTIONS.get("fide-xml")
    if fn is None:
        pytest.skip("no FIDE XML reader yet")
    case = next(c for c in CASES if c.name == "XInclude")
    records = list(fn(case.data))  # type: ignore[call-overload]
    assert all("root:" not in getattr(r, "name", "") for r in records)
