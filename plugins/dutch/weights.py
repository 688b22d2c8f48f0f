"""Packing a vector of criteria into one integer edge weight.

Article 3.8 compares candidates criterion by criterion, in priority order. Give each
criterion a bit field wide enough to hold its *sum over any matching* and put the
fields side by side, most important highest: then the total weight of a matching
orders matchings exactly as that lexicographic comparison does, and one
maximum-weight matching is the best candidate. Python integers make the fields as
wide as needed, so no criterion can spill into another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    """Bit offsets of named fields, most important first."""

    names: tuple[str, ...]
    offsets: tuple[int, ...]
    widths: tuple[int, ...]

    @classmethod
    def build(cls, fields: Sequence[tuple[str, int]], max_pairs: int) -> Layout:
        """``fields``: (name, largest value one pair can contribute), highest
        priority first; ``max_pairs``: the most pairs a matching can have."""
        names = tuple(name for name, _ in fields)
        widths = tuple((bound * max(1, max_pairs)).bit_length() + 1 for _, bound in fields)
        offsets: list[int] = []
        at = 0
        for w in reversed(widths):
            offsets.append(at)
            at += w
        offsets.reverse()
        return cls(names, tuple(offsets), widths)

    @property
    def total_bits(self) -> int:
        return self.offsets[0] + self.widths[0] if self.widths else 0

    def pack(self, values: Sequence[int]) -> int:
        w = 0
        for v, off in zip(values, self.offsets, strict=False):
            if v:
                w += v << off
        return w

    def unpack(self, weight: int) -> dict[str, int]:
        """The field values of a total weight (for traces)."""
        out: dict[str, int] = {}
        for name, off, width in zip(self.names, self.offsets, self.widths, strict=False):
            out[name] = (weight >> off) & ((1 << width) - 1)
        return out
