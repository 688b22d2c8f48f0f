"""Random team events for the team Swiss (C.04.6), and the differential against Gacrux.

``python -m tests.team_support ROUNDS [SEED]`` plays random team events round by round
with swissbridge's pairing (board results drawn from the players' ratings, 3% of the
boards forfeited) until ROUNDS rounds have been paired; before each round it writes the
event as TRF-2026 and asks Gacrux (``pip install gacrux``; run as a command,
``python -m gacrux.pairingchecker -p -m fideteam-…``, with the method record 192 names)
for its pairing, and prints each round where the two differ, then ``N rounds, M differ``.
Used for the figures of docs/team.md; :func:`random_event` also serves the tests."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from swissbridge.formats.trf import write_trf
from swissbridge.model import Colour, Entry, Player, Result, Team, TeamSetup, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing
from swissbridge.plugins.team import TeamSystem
from swissbridge.teams import board_pairing

CODES = (
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEA_MP",
)


def gacrux_method(code: str) -> str:
    """The ``-m`` of Gacrux's pairingchecker for a record-192 team code."""
    tokens = [t for t in code[len("FIDE_TEAM") :].split("_") if t and t != "BAKU"]
    model = "typea"
    if tokens and tokens[0] in ("TYPEA", "TYPEB"):
        model = tokens.pop(0).lower()
    elif tokens:
        model = "nocolor"
    score = {(): "mp+gp", ("MP", "GP"): "mp+gp", ("GP", "MP"): "gp+mp", ("MP",): "mp", ("GP",): "gp"}[tuple(tokens)]
    return f"fideteam-{model}-{score}"


def random_event(rng: random.Random, teams: int, boards: int, rounds: int, code: str) -> Tournament:
    """A team event before round 1: teams numbered in strength order, each of ``boards``
    players rated down the boards."""
    players: list[Player] = []
    roster: list[Team] = []
    for t in range(1, teams + 1):
        base = 2600 - 25 * t + rng.randint(-60, 60)
        members = []
        for b in range(boards):
            n = len(players) + 1
            players.append(Player(n, f"Player {n}", rating=max(1000, base - 30 * b + rng.randint(-40, 40))))
            members.append(n)
        roster.append(Team(t, f"Team {t}", tuple(members)))
    return Tournament(
        players=tuple(players),
        name="Random team event",
        total_rounds=rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        system=code,
        headers=tuple(("310", _line_310(t)) for t in roster),
        teams=TeamSetup(teams=tuple(roster)),
    )


def _line_310(team: Team) -> str:
    members = "".join(f" {m:>4}" for m in team.members)
    return f"{team.number:<3} {team.name:<32}{'':32}{members}"


def play(rng: random.Random, t: Tournament, pairing: RoundPairing) -> Tournament:
    """``t`` with the round's board results: ratings decide, 3% of boards forfeited."""
    boards = board_pairing(t, pairing)
    entries: dict[int, Entry] = {}
    for b in boards.boards:
        w, k = t.player(b.white), t.player(b.black)
        if rng.random() < 0.03:
            win = rng.random() < 0.5
            entries[w.start_no] = Entry(Result.FORFEIT_WIN if win else Result.FORFEIT_LOSS, k.start_no, Colour.WHITE)
            entries[k.start_no] = Entry(Result.FORFEIT_LOSS if win else Result.FORFEIT_WIN, w.start_no, Colour.BLACK)
            continue
        expected = 1 / (1 + 10 ** ((k.rating - w.rating) / 400))
        x = rng.random()
        res = Result.WIN if x < expected * 0.7 else Result.DRAW if x < expected * 0.7 + 0.3 else Result.LOSS
        other = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW, Result.LOSS: Result.WIN}[res]
        entries[w.start_no] = Entry(res, k.start_no, Colour.WHITE)
        entries[k.start_no] = Entry(other, w.start_no, Colour.BLACK)
    for n, result in boards.absent.items():
        entries[n] = Entry(result)
    return t.with_round(pairing.round_no, entries)


PLAYED_CODES = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP", "FIDE_TEAM_TYPEA_GP_MP")


def played_events(count: int, seed: int) -> list[tuple[str, Tournament]]:
    """``count`` random team events (5-24 teams of 2, 4 or 6 boards, the codes of
    :data:`PLAYED_CODES` in turn), each played by swissbridge's team Swiss for 3-9 rounds
    (fewer when a round has no legal pairing), named ``random-SEED-NNN CODE``: the events of
    the team tie-breaks' differential (``benchmarks/team_tiebreaks_vs_gacrux.py``)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        code = PLAYED_CODES[i % len(PLAYED_CODES)]
        rounds = rng.randint(3, 9)
        t = random_event(rng, rng.randint(5, 24), rng.choice((2, 4, 6)), rounds, code)
        try:
            for r in range(1, rounds + 1):
                t = play(rng, t, TeamSystem().pair(t, r))
        except NoLegalPairing:
            pass
        out.append((f"random-{seed}-{i:03d} {code}", t))
    return out


def with_pab_stated(t: Tournament) -> Tournament:
    """``t`` with record 320 stating the PAB's points as C.04.6 1.4's default does (a
    drawn match: TD match points, half a point per board)."""
    from swissbridge.teams import TeamEvent

    match, game = TeamEvent(t).pab_points()
    return replace(t, headers=(*t.headers, ("320", f"{match / 10:4.1f} {game / 10:4.1f}")))


def gacrux_pairs(trf: str, code: str) -> set[str] | None:
    """Gacrux's pairing of the round after ``trf`` (None when it gives none)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "round.trf"
        path.write_text(trf, encoding="utf-8")
        cmd = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-m", gacrux_method(code), "-i", str(path)]
        out = subprocess.run([*cmd, "-d", "B"], capture_output=True, text=True, check=False).stdout
    lines = [line.strip() for line in out.strip().splitlines()]
    if not lines or not lines[0].isdigit():
        return None
    return set(lines[1:])


def differential(total: int, seed: int) -> tuple[int, list[str]]:
    """Pair ``total`` rounds of random events with both engines; the differing rounds."""
    rng = random.Random(seed)
    done, differ = 0, []
    event = 0
    while done < total:
        event += 1
        teams = rng.randint(5, 40)
        rounds = min(rng.randint(4, 11), teams - 1)
        code = rng.choice(CODES)
        t = random_event(rng, teams, rng.choice((2, 4, 6)), rounds, code)
        for r in range(1, rounds + 1):
            if done >= total:
                break
            try:
                pairing = TeamSystem().pair(t, r)
            except NoLegalPairing:
                break
            ours = set(pairing.pairlist().strip().splitlines()[1:])
            theirs = gacrux_pairs(write_trf(t), code)
            done += 1
            if theirs != ours:
                # 1.4: the PAB is a drawn match in game points too; Gacrux scores the members'
                # U entries as wins. Stated in record 320, both read the same PAB.
                stated = gacrux_pairs(write_trf(with_pab_stated(t)), code)
                kind = "1.4 PAB game points" if stated == ours else "other"
                differ.append(f"{kind}: seed {seed} event {event} ({teams} teams, {code}) round {r}")
                print(differ[-1], "ours", sorted(ours), "gacrux", sorted(theirs or ()), flush=True)
            t = play(rng, t, pairing)
    return done, differ


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rounds_done, differing = differential(n, s)
    kinds: dict[str, int] = {}
    for d in differing:
        kinds[d.split(":")[0]] = kinds.get(d.split(":")[0], 0) + 1
    print(f"{rounds_done} rounds, {len(differing)} differ: {kinds}")
