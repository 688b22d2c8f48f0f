"""The Double-Swiss (C.04.5) against ``../shared/corpus/double-swiss`` (pairing-core's
answers; docs/double-swiss.md):

* every state with an answer pairs as its ``.pairs`` says (pairs with game 1's colours),
  except those where the text decides against pairing-core (``DECIDED``): there the
  upfloater set pairing-core took is, in swissbridge's own trace, one that leaves the
  following scoregroup no bracket with the fewest upfloaters its parity allows ([C6]);
* every ``no-answer/`` state (pairing-core failed) is paired, legally: no rematch [C1],
  no barred PAB [C2], every player to pair paired once [C3]."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.plugins.brackets import C6
from swissbridge.plugins.doubleswiss import DoubleSwissSystem
from swissbridge.plugins.doubleswiss.trace import DoubleTrace

from tests.conftest import SHARED

FOLDER = SHARED / "corpus" / "double-swiss"
STATES = sorted(FOLDER.glob("*.trf"))
UNANSWERED = sorted((FOLDER / "no-answer").glob("*.trf"))

DECIDED: dict[str, tuple[int, tuple[int, ...]]] = {
    # [C6]: pairing-core's upfloater of the 3.5 bracket, 5, leaves 15 and 16 (who met) needing two upfloaters
    "s03025-n023-m04-match03": (35, (5,)),
    # [C6]: its upfloaters 2 and 11 of the 4.5 bracket leave 8 and 13 (who met) needing two
    "s03034-n017-m09-match05": (45, (2, 11)),
    # [C6]: its upfloater 10 of the 4.0 bracket leaves 11 and 15 (who met) needing two
    "s03065-n029-m06-match04": (40, (10,)),
    # [C6]: its upfloater 17 of the 6.5 bracket leaves the 6.0 group needing two
    "s03099-n040-m08-match08": (65, (17,)),
}
"""The states the text decides against pairing-core: the bracket's score (tenths) and
the upfloaters pairing-core gave it."""


def pairs(text: str) -> set[str]:
    return {line.strip() for line in text.strip().splitlines()[1:]}


def trace(path: Path) -> DoubleTrace:
    result = DoubleSwissSystem().trace(read_trf(path))
    assert isinstance(result, DoubleTrace)
    return result


@pytest.mark.skipif(not STATES, reason="../shared/corpus/double-swiss not present")
@pytest.mark.parametrize("path", STATES, ids=lambda p: p.stem)
def test_state(path: Path) -> None:
    ours = pairs(trace(path).result().pairlist())
    theirs = pairs(path.with_suffix(".pairs").read_text(encoding="utf-8"))
    if path.stem not in DECIDED:
        assert ours == theirs
        return
    assert ours != theirs
    score, their_set = DECIDED[path.stem]
    bracket = next(b for b in trace(path).record.brackets if b.score == score)
    tried = next(s for t in bracket.trials for s in t.sets if s.entrants == their_set)
    assert tried.c6 is C6.NOT_PAIRABLE
    assert tuple(bracket.upfloaters) != their_set


@pytest.mark.skipif(not UNANSWERED, reason="../shared/corpus/double-swiss/no-answer not present")
@pytest.mark.parametrize("path", UNANSWERED, ids=lambda p: p.stem)
def test_no_answer_state_is_paired_legally(path: Path) -> None:
    t = trace(path)
    pairing, state = t.result(), t.state
    seen = [n for b in pairing.boards for n in (b.white, b.black)]
    assert all(state.can_meet(b.white, b.black) for b in pairing.boards)
    if pairing.bye is not None:
        assert state.can_have_pab(pairing.bye)
        seen.append(pairing.bye)
    assert sorted(seen) == state.present
