from __future__ import annotations

from swissbridge.model import Tournament
from swissbridge.plugins import Trace
from swissbridge.plugins.document import SystemPart, boards_part


def explain_burstein(tournament: Tournament, trace: Trace) -> SystemPart:
    return boards_part(tournament, trace)
