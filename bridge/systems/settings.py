"""What the user says on the command line about the event, over what the file says:
the pairing system (:mod:`swissbridge.systems`), the initial colour, the number of
rounds and the encoding of the text exports. Swiss-Manager's text exports and PGN
carry neither colour nor rounds ("round 2", never "of 7"), so ``--initial-colour``
and ``--rounds`` supply them; one that contradicts the file wins with a warning.

This is the one path from the options to the settings a round is paired with, for
every command (``pair``, ``check``, ``explain``, a batch), the watcher and the
drop-in engine: :func:`given` refuses bad options before any file is read, and
:func:`apply_settings` puts them over a file, with the same warnings and refusals
everywhere. The tournament it gives has record 192 naming the system chosen
(:func:`swissbridge.systems.recorded`), so that whatever is written of it says
which system it is paired with."""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field, replace
from itertools import pairwise

from swissbridge import plugins
from swissbridge.errors import UsageError
from swissbridge.model import Colour, Tournament
from swissbridge.systems import choose_system, recorded


@dataclass(frozen=True, slots=True)
class Settings:
    """The options ``pair``, ``check``, ``explain``, ``watch`` and the drop-in engine
    share (None: not given)."""

    system: str | None = None
    initial_colour: Colour | None = None
    rounds: int | None = None
    encoding: str | None = None
    """The encoding of Swiss-Manager's text exports (``--encoding``)."""


@dataclass(frozen=True, slots=True)
class Applied:
    """The tournament with the settings in (record 192 naming the system), the system
    to pair it with, and what to warn."""

    tournament: Tournament
    system: str
    warnings: tuple[str, ...] = field(default=())


def given(
    system: str | None = None,
    initial_colour: Colour | None = None,
    rounds: int | None = None,
    encoding: str | None = None,
) -> Settings:
    """The settings of a command line, refused before any file is read
    (:class:`~swissbridge.errors.UsageError`): an ``--encoding`` Python has no codec
    for, a ``--system`` no system is registered as, ``--rounds`` outside 1-999 (a TRF
    file writes three digits: more would make a file the readers refuse)."""
    from swissbridge.formats._text import MAX_ROUNDS
    from swissbridge.plugins import UnknownSystem, named, require

    if encoding is not None:
        try:
            info = codecs.lookup(encoding)
            "a".encode(info.name)  # "undefined" is a codec that refuses every character
            text = getattr(info, "_is_text_encoding", True)  # base64, zlib: bytes to bytes
        except (LookupError, UnicodeError):
            text = False
        if not text:
            raise UsageError(
                f"--encoding {encoding}: unknown encoding; give one such as utf-8, cp1252 or latin-1"
            ) from None
    if system is not None:
        try:
            system = named(system)
            require(system)
        except UnknownSystem as exc:
            raise UsageError(str(exc)) from None
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise UsageError(f"--rounds takes 1-{MAX_ROUNDS} rounds, found {rounds}")
    return Settings(system=system, initial_colour=initial_colour, rounds=rounds, encoding=encoding)


def apply_settings(tournament: Tournament, settings: Settings, *, engine: bool = False) -> Applied:
    """``tournament`` with the user's settings applied over the file's, and record 192
    naming the system chosen (:func:`~swissbridge.systems.choose_system`; ``engine``:
    the messages name the drop-in engine's flags)."""
    choice = choose_system(tournament, settings.system, engine=engine)
    warnings = [choice.warning] if choice.warning else []
    t = recorded(tournament, choice.system)
    robin = plugins.load(choice.system).round_robin  # a round robin's code names its rounds
    if t.total_rounds is None and settings.rounds is None and robin is not None:
        t = replace(t, total_rounds=robin.rounds_for(t))
    if settings.rounds is not None:
        paired = t.completed_rounds
        if settings.rounds < paired:
            raise UsageError(f"--rounds {settings.rounds}, but the file already has {paired} rounds paired")
        if t.total_rounds is not None and t.total_rounds != settings.rounds:
            warnings.append(f"the file says {t.total_rounds} rounds; using {settings.rounds} as --rounds says")
        t = replace(t, total_rounds=settings.rounds)
    if settings.initial_colour is not None:
        colour = settings.initial_colour
        if t.initial_colour is not None and t.initial_colour is not colour:
            warnings.append(
                f"the file says the initial colour is {t.initial_colour}; using {colour} as --initial-colour says"
            )
        t = replace(t, initial_colour=colour)
    drawn = plugins.load(choice.system).round_robin is not None  # a round robin's numbers are drawn (C.05)
    order = None if drawn else rating_order(t)
    if order is not None:
        warnings.append(order)
    return Applied(t, choice.system, tuple(warnings))


SHOWN_PAIRS = 3
"""How many out-of-order neighbours the rating-order warning names."""


def late_numbers(tournament: Tournament) -> frozenset[int]:
    """The start numbers of the late entries that took the next number (C.04.2 Art. 2.3,
    2.4; :func:`swissbridge.event.players.add_player`): the players numbered after every
    player paired in round 1 who were not paired in round 1 themselves."""
    first = [p.start_no for p in tournament.players if (e := p.entry(1)) is not None and e.paired]
    if not first:
        return frozenset()
    return frozenset(p.start_no for p in tournament.players if p.start_no > max(first))


def rating_order(tournament: Tournament) -> str | None:
    """C.04.2 Art. 2.2: the initial ranking (the start numbers) is by rating, highest
    first (then title and name, which are the organiser's to apply; unrated players
    after the rated ones). Start numbers out of that order are not refused — a late
    entry, or a ranking the organiser chose, can explain them — but the arbiter is
    warned, naming the first neighbours out of order, since every pairing follows
    the start numbers. Not in a team event, whose team numbers the competition's rules
    assign (C.04.6 1.1.2 overrides C.04.2 2.1-2.3); nor for the late entries that took
    the next numbers (:func:`late_numbers`), as C.04.2 Art. 2.3 requires once round 4
    is paired."""
    if tournament.team_event:  # C.04.6 1.1.2: the competition numbers its teams, not by ratings
        return None
    players = tournament.players
    late = late_numbers(tournament)
    wrong = [
        (a, b)
        for a, b in pairwise(players)
        if b.start_no not in late and b.rating > 0 and (a.rating == 0 or b.rating > a.rating)
    ]
    if not wrong:
        return None
    shown = "; ".join(
        f"#{a.start_no} ({a.rating or 'unrated'}) before #{b.start_no} ({b.rating})" for a, b in wrong[:SHOWN_PAIRS]
    )
    more = f" and {len(wrong) - SHOWN_PAIRS} more" if len(wrong) > SHOWN_PAIRS else ""
    return (
        f"start numbers are not in rating order (C.04.2 Art. 2.2 ranks by rating): {shown}{more}; "
        "pairing by the start numbers as given"
    )
