"""The model boundary: what every reader checks in the tournament it built, whatever
its format, so that no writer meets a model it cannot write faithfully.

The TRF reader checks these at the line and column they come from; a reader of any
other format builds its tournament and returns :func:`validated` of it:

* no text field holds a control character or a bidirectional override
  (:func:`~swissbridge.formats._text.refuse_control`);
* every header record kept verbatim obeys the TRF code grammar and stays a header
  when written back (:func:`~swissbridge.formats.trf.header_refusal`): a JSON header
  ``["XXP", "1 8"]`` or ``["022\\nXXP", …]`` never becomes a forbidden pair;
* the pairings agree as the TRF reader requires
  (:func:`~swissbridge.formats.trf.pairing_disagreement`): no player paired against
  themselves, both entries of a game naming each other with opposite colours and
  mirrored results.
"""

from __future__ import annotations

from collections.abc import Callable

from swissbridge.errors import InputError
from swissbridge.formats._text import refuse_control, shown
from swissbridge.formats.trf import header_refusal, pairing_disagreement
from swissbridge.model import Tournament


def validated(
    tournament: Tournament,
    *,
    path: str | None,
    text: str | None = None,
    offset_of: Callable[[str, int], int | None] | None = None,
) -> Tournament:
    """``tournament`` when it keeps the invariants above; else an :class:`InputError`
    in ``path`` naming the record or the round and players (``text`` and ``offset_of``
    locate a control character as :func:`~swissbridge.formats._text.refuse_control` does)."""
    refuse_control(tournament, path=path, text=text, offset_of=offset_of)
    for code, value in tournament.headers:
        why = header_refusal(code, value, team=tournament.team_event)
        if why is not None:
            raise InputError(f"header record {shown(code)}: {why}", path=path)
    players = {p.start_no: p for p in tournament.players}
    disagreement = pairing_disagreement(players, lambda n: f"player {n}", two_games=tournament.points.games > 1)
    if disagreement is not None:
        raise InputError(disagreement[3], path=path)
    return tournament
