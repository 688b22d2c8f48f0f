"""The Dubov system (C.04.4.1, 2026): its own definitions and the handbook's examples."""

from __future__ import annotations

from swissbridge.plugins.dubov.bracket import middle_out
from swissbridge.plugins.dubov.rules import aro, max_upfloats


def test_shifter_example_of_4_3_3() -> None:
    """4.3.3's example: seven players A..G are numbered from the middle out, the higher
    of two middle players first: #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    assert middle_out("ABCDEFG") == list("DCEBFAG")
    assert middle_out("ABCDEF") == list("CDBEAF")
    assert middle_out("A") == ["A"] and middle_out("") == []


def test_aro_rounds_half_up_and_is_zero_before_a_game() -> None:
    assert aro(0, 0) == 0  # 1.7.3
    assert aro(2000 + 2001, 2) == 2001  # 2000.5: the higher (1.7.1)
    assert aro(2000 + 2000 + 2001, 3) == 2000  # 2000.33
    assert aro(2000 + 2001 + 2001, 3) == 2001  # 2000.67


def test_max_t() -> None:
    """1.8.2: MaxT = 2 + [Rnds/5]."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11, 15)] == [2, 3, 3, 4, 4, 5]
