"""Random team events for the team Swiss (C.04.6), and the differential against Gacrux.

``python -m tests.team_support ROUNDS [SEED] [--lineups]`` plays random team events round by round
with swissbridge's generator (``swissbridge generate --system team``: board results drawn
from the players' ratings, 3% of the boards forfeited, some matches not turned up for)
until ROUNDS rounds have been paired; before each round it writes the
event as TRF-2026 and asks Gacrux (``pip install gacrux``; run as a command,
``python -m gacrux.pairingchecker -p -m fideteam-…``, with the method record 192 names)
for its pairing, and prints each round where the two differ, then ``N rounds, M differ``.
Used for the figures of docs/team.md; :func:`random_event` and :func:`play` (the
product's generator) also serve the tests."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from swissbridge.commands.generate import (
    GenerateOptions,
    GenerationFailed,
    generate_tournament,
    pab_record,
    plan_team_event,
    play_team_round,
)
from swissbridge.formats.trf import write_trf
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing

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
    """A team event before round 1: the product's (:func:`swissbridge.commands.generate.plan_team_event`),
    without reserves."""
    return plan_team_event(teams, boards, rounds, code, rng, GenerateOptions(max_reserves=0)).tournament


def play(rng: random.Random, t: Tournament, pairing: RoundPairing) -> Tournament:
    """``t`` with the round of team pairs played by the product
    (:func:`swissbridge.commands.generate.play_team_round`), the players' ratings as their strengths."""
    return play_team_round(t, pairing, {p.start_no: p.rating or 1500 for p in t.players}, rng)


PLAYED_CODES = ("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP", "FIDE_TEAM_TYPEA_GP_MP")


def played_events(count: int, seed: int) -> list[tuple[str, Tournament]]:
    """``count`` random team events (5-24 teams of 2, 4 or 6 boards, the codes of
    :data:`PLAYED_CODES` in turn), each played by swissbridge's team Swiss for 3-9 rounds
    (fewer when a round has no legal pairing), named ``random-SEED-NNN CODE``: the events of
    the team tie-breaks' differential (``benchmarks/team_tiebreaks_vs_gacrux.py``)."""
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.plugins.team import TeamSystem

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


def _ascii(text: str) -> str:
    """``text`` with each character beyond ASCII replaced by one ASCII character (its base
    letter, else ``?``): Gacrux counts a TRF line's columns in bytes, the generated names
    are in UTF-8, and one character for one keeps every column."""

    def one(c: str) -> str:
        base = unicodedata.normalize("NFKD", c)[:1]
        return base if base.isascii() and base.isprintable() else "?"

    return "".join(c if c.isascii() else one(c) for c in text)


def gacrux_pairs(trf: str, code: str) -> set[str] | None:
    """Gacrux's pairing of the round after ``trf`` (None when it gives none)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "round.trf"
        path.write_text(_ascii(trf), encoding="ascii")
        cmd = [sys.executable, "-m", "gacrux.pairingchecker", "-p", "-m", gacrux_method(code), "-i", str(path)]
        out = subprocess.run([*cmd, "-d", "B"], capture_output=True, text=True, check=False).stdout
    lines = [line.strip() for line in out.strip().splitlines()]
    if not lines or not lines[0].isdigit():
        return None
    return set(lines[1:])


class _Enough(Exception):
    """The differential has paired the rounds it was asked for."""


def differential(total: int, seed: int, *, lineups: bool = False) -> tuple[int, list[str]]:
    """Pair ``total`` rounds of random events with both engines; the differing rounds.

    The events are the product's (:func:`swissbridge.commands.generate.generate_tournament`),
    each round compared as the generator pairs it (``on_round``); without reserves or
    record 300 line-ups (the pairing rules compared) unless ``lineups``."""
    rng = random.Random(seed)
    done, differ = 0, []
    event = 0

    while done < total:
        event += 1
        teams = rng.randint(5, 40)
        rounds = min(rng.randint(4, 11), teams - 1)
        code = rng.choice(CODES)
        options = GenerateOptions(
            boards=rng.choice((2, 4, 6)),
            code=code,
            forfeit_rate=0.03,
            max_reserves=2 if lineups else 0,
            lineup_change_rate=0.08 if lineups else 0,
        )

        def compare(t: Tournament, r: int, pairing: RoundPairing, event: int = event, code: str = code) -> None:
            nonlocal done
            if done >= total:
                raise _Enough
            ours = set(pairing.pairlist().strip().splitlines()[1:])
            theirs = gacrux_pairs(write_trf(t), code)
            done += 1
            if theirs != ours:
                # 1.4: the PAB is a drawn match in game points too; Gacrux scores the members'
                # U entries as wins. Stated in record 320, both read the same PAB.
                stated = gacrux_pairs(write_trf(pab_record(t)), code)
                kind = "1.4 PAB game points" if stated == ours else "other"
                size = len(t.teams.teams) if t.teams else 0
                differ.append(f"{kind}: seed {seed} event {event} ({size} teams, {code}) round {r}")
                print(differ[-1], "ours", sorted(ours), "gacrux", sorted(theirs or ()), flush=True)

        try:
            generate_tournament(teams, rounds, "team", rng.randrange(2**32), options, on_round=compare)
        except GenerationFailed:
            continue
        except _Enough:
            break
    return done, differ


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rounds_done, differing = differential(n, s, lineups="--lineups" in sys.argv)
    kinds: dict[str, int] = {}
    for d in differing:
        kinds[d.split(":")[0]] = kinds.get(d.split(":")[0], 0) + 1
    print(f"{rounds_done} rounds, {len(differing)} differ: {kinds}")
