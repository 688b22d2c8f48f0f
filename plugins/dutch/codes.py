"""The record 192 codes (TRF, table ETT26) that name the Dutch system.

``FIDE_DUTCH`` without an edition means the edition in force, today C.04.3 (2026);
``FIDE_DUTCH_2025`` is what bbpPairings v6 calls that same text. A ``_BAKU`` code
pairs with the Baku acceleration (C.04.7), which the system applies itself
(:func:`~swissbridge.plugins.dutch.round.baku_default`)."""

from __future__ import annotations

CODES = (
    "FIDE_DUTCH_2026",
    "FIDE_DUTCH",
    "FIDE_DUTCH_2025",
    "FIDE_DUTCH_2026_BAKU",
    "FIDE_DUTCH_BAKU",
    "FIDE_DUTCH_2025_BAKU",
)
"""Every code the system answers to; the first is the one written."""

BAKU = frozenset(code for code in CODES if code.endswith("_BAKU"))
"""The codes that ask for the Baku acceleration (C.04.7)."""
