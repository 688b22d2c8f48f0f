"""Gacrux's ``berger`` method, run as a command (``python -m gacrux.pairingchecker``,
never imported), round by round over a round robin whose games are all drawn: the
pairings it gives, to compare with the Berger tables of ``plugins/roundrobin``; of
players (:func:`drawn_event`) or of teams (:func:`drawn_team_event`: Gacrux reads the
team records and pairs the teams).

``SWISSBRIDGE_GACRUX_PYTHON`` names the Python that has Gacrux; by default the one
running the tests, when Gacrux is installed beside it."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

from swissbridge.formats.trf import write_trf
from swissbridge.model import Colour, Entry, Player, Result, Team, TeamSetup, Tournament
from swissbridge.pairing import Board, RoundPairing

Round = list[tuple[int, int]]
"""A round as Gacrux gives it: the boards in order, ``(White, Black)``; ``(n, 0)`` is
the player who meets the dummy."""

METHODS = {"single": "berger", "double": "berger-double", "fide-double": "berger-fide-double"}
"""Our schedules (plain, double, double with the last two rounds of cycle 1
exchanged) as Gacrux's ``--method``."""


def gacrux_python() -> str | None:
    """The Python to run Gacrux with, or ``None`` when there is none."""
    given = os.environ.get("SWISSBRIDGE_GACRUX_PYTHON")
    if given:
        return given
    return sys.executable if importlib.util.find_spec("gacrux") is not None else None


def drawn_event(players: int, rounds: int, played: list[Round]) -> Tournament:
    """``players`` players and the ``played`` rounds, every game drawn (the dummy's
    opponent has no game: ``0000 - U``)."""
    rows: dict[int, list[Entry]] = {n: [] for n in range(1, players + 1)}
    for boards in played:
        for white, black in boards:
            if black == 0:
                rows[white].append(Entry(Result.PAB))
                continue
            rows[white].append(Entry(Result.DRAW, black, Colour.WHITE))
            rows[black].append(Entry(Result.DRAW, white, Colour.BLACK))
    return Tournament(
        players=tuple(Player(n, f"Player {n}", entries=tuple(rows[n]), rating=2400 - n) for n in range(1, players + 1)),
        name=f"round robin of {players}",
        total_rounds=rounds,
    )


TEAM_CODES = {
    "single": "BERGER_TEAM_ROUNDROBIN",
    "double": "BERGER_TEAM_DOUBLEROUNDROBIN",
    "fide-double": "FIDE_TEAM_DOUBLEROUNDROBIN",
}
"""The record 192 of a team round robin on each schedule of :data:`METHODS`."""
TEAM_BOARDS = 2
"""Boards per match of :func:`drawn_team_event` (the pairing of teams does not depend on it)."""


def drawn_team_event(teams: int, rounds: int, played: list[Round], code: str = "") -> Tournament:
    """``teams`` teams of :data:`TEAM_BOARDS` players (record 310) and the ``played``
    rounds of team pairs, every game drawn (the members of the team that meets the
    dummy: ``0000 - U``); record 192 ``code`` (default ``BERGER_TEAM_ROUNDROBIN``)."""
    from swissbridge.rules.teams import board_pairing

    roster = tuple(
        Team(t, f"Team {t}", tuple(range((t - 1) * TEAM_BOARDS + 1, t * TEAM_BOARDS + 1))) for t in range(1, teams + 1)
    )
    lines = tuple(("310", f"{t.number:<3} {t.name:<32}{'':32}{''.join(f' {m:>4}' for m in t.members)}") for t in roster)
    event = Tournament(
        players=tuple(Player(n, f"Player {n}", rating=2400 - n) for n in range(1, teams * TEAM_BOARDS + 1)),
        name=f"team round robin of {teams}",
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
        system=code or "BERGER_TEAM_ROUNDROBIN",
        headers=lines,
        teams=TeamSetup(teams=roster),
    )
    for r, boards in enumerate(played, 1):
        bye = next((w for w, b in boards if b == 0), None)
        pairs = tuple(Board(w, b) for w, b in boards if b != 0)
        games = board_pairing(event, RoundPairing(r, pairs, bye))
        entries = {g.white: Entry(Result.DRAW, g.black, Colour.WHITE) for g in games.boards}
        entries |= {g.black: Entry(Result.DRAW, g.white, Colour.BLACK) for g in games.boards}
        entries |= {n: Entry(result) for n, result in games.absent.items()}
        event = event.with_round(r, entries)
    return event


def gacrux_round(
    python: str, folder: Path, players: int, rounds: int, played: list[Round], method: str, *, teams: bool = False
) -> Round:
    """The next round Gacrux's ``method`` pairs after ``played`` (of ``players``
    players, or of ``players`` teams)."""
    trf = folder / "event.trf"
    out = folder / "pairing.json"
    event = drawn_team_event(players, rounds, played) if teams else drawn_event(players, rounds, played)
    trf.write_text(write_trf(event), encoding="utf-8")
    subprocess.run(
        [python, "-m", "gacrux.pairingchecker", "-p", "-m", method, "-i", str(trf), "-o", str(out)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    doc = json.loads(out.read_text(encoding="utf-8"))
    if doc["status"]["code"]:
        raise RuntimeError(f"gacrux: {doc['status']}")
    return [(w, b) if w else (b, 0) for w, b in doc["pairingResult"]["pairs"]]


def gacrux_schedule(
    python: str, folder: Path, players: int, rounds: int, method: str, *, teams: bool = False
) -> list[Round]:
    """Every round of the round robin (of players, or of teams) as Gacrux pairs it, one
    run per round."""
    played: list[Round] = []
    for _ in range(rounds):
        played.append(gacrux_round(python, folder, players, rounds, played, method, teams=teams))
    return played
