"""What the user says on the command line about the event, over what the file says:
the pairing system (:mod:`swissbridge.systems`), the initial colour and the number
of rounds. Swiss-Manager's text exports and PGN carry neither of the last two
("round 2", never "of 7"), so ``--initial-colour`` and ``--rounds`` supply them;
one that contradicts the file wins with a warning."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from swissbridge.errors import UsageError
from swissbridge.model import Colour, Tournament
from swissbridge.systems import choose_system


@dataclass(frozen=True, slots=True)
class Settings:
    """The options ``pair``, ``check``, ``explain`` and ``watch`` share (None: not given)."""

    system: str | None = None
    initial_colour: Colour | None = None
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Applied:
    """The tournament with the settings in, the system to pair it with, and what to warn."""

    tournament: Tournament
    system: str
    warnings: tuple[str, ...] = field(default=())


def apply_settings(tournament: Tournament, settings: Settings) -> Applied:
    """``tournament`` with the user's settings applied over the file's."""
    choice = choose_system(tournament, settings.system)
    warnings = [choice.warning] if choice.warning else []
    t = tournament
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
    order = rating_order(t)
    if order is not None:
        warnings.append(order)
    return Applied(t, choice.system, tuple(warnings))


SHOWN_PAIRS = 3
"""How many out-of-order neighbours the rating-order warning names."""


def rating_order(tournament: Tournament) -> str | None:
    """C.04.2 Art. 2.2: the initial ranking (the start numbers) is by rating, highest
    first (then title and name, which are the organiser's to apply; unrated players
    after the rated ones). Start numbers out of that order are not refused — a late
    entry, or a ranking the organiser chose, can explain them — but the arbiter is
    warned, naming the first neighbours out of order, since every pairing follows
    the start numbers. Not in a team event, whose team numbers the competition's rules
    assign (C.04.6 1.1.2 overrides C.04.2 2.1-2.3)."""
    if tournament.team_event:  # C.04.6 1.1.2: the competition numbers its teams, not by ratings
        return None
    players = tournament.players
    wrong = [(a, b) for a, b in pairwise(players) if b.rating > 0 and (a.rating == 0 or b.rating > a.rating)]
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
