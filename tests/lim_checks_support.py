"""Independent checks of a Lim pairing, random tournaments paired entirely with
Lim, and a corpus runner.

``python -m tests.lim_checks_support CORPUS`` pairs every ``rounds/r*.trf``
under ``CORPUS`` with the Lim system (in process, or through the command line with
``--cli``), checks each result and prints the counts.

The invariants checked (:func:`violations`):

* every present player is on exactly one board or receives the PAB; absent ones are not paired;
* no rematch, no pair the organiser forbids (C.04.1 Art. 2, 2.1);
* colour limits (2.1, 5.1): nobody gets a colour three times running or three more games
  of one colour than the other, except on Article 6 boards (last round, equal scores);
* the PAB goes to an eligible player (C.04.1 Art. 4) and every player ranked below
  them is ineligible or leaves the others unpairable (Article 1);
* the floaters of every scoregroup move towards the median, and each pair of a
  group above (below) the median has no player below (above) that group's score;
* "no legal pairing" only when no pairing of the players exists at all.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from swissbridge.model import Colour, Entry, Player, PointSystem, Result, Tournament
from swissbridge.pairing import RoundPairing, apply_pairing
from swissbridge.plugins.lim import LimSystem
from swissbridge.plugins.lim.feasibility import LazyAdjacency, Matching
from swissbridge.plugins.lim.rules import LimRound, Side, breaks_colour_limit, lim_round
from swissbridge.plugins.lim.trace import LimTrace


def _pairable(rnd: LimRound, pool: list[int]) -> bool:
    lp = [rnd.players[n] for n in pool]
    m = Matching(LazyAdjacency(len(lp), lambda i, j: rnd.compatible(lp[i], lp[j])))
    return 2 * m.maximise() == len(lp)


def no_pairing_exists(tournament: Tournament, round_no: int, maxi: bool | None = None) -> bool:
    """True when no pairing at all respects Lim's absolute rules (for any PAB)."""
    rnd = lim_round(tournament, round_no, maxi)
    nos = sorted(rnd.players)
    if len(nos) % 2 == 0:
        return not _pairable(rnd, nos)
    return not any(_pairable(rnd, [n for n in nos if n != c]) for c in nos if rnd.players[c].pab_eligible)


def violations(
    tournament: Tournament, round_no: int, pairing: RoundPairing, trace: LimTrace | None = None
) -> list[str]:
    """What is wrong with ``pairing`` as a Lim pairing of ``round_no`` (empty when
    all invariants hold)."""
    rnd = lim_round(tournament, round_no)
    P = rnd.players
    bad: list[str] = []
    seen: dict[int, int] = {}
    for b in pairing.boards:
        for n in b.players():
            seen[n] = seen.get(n, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for n, k in seen.items():
        if n not in P:
            bad.append(f"#{n} is paired but not present")
        elif k > 1:
            bad.append(f"#{n} is paired {k} times")
    for n in P:
        if n not in seen:
            bad.append(f"#{n} is present but not paired")
    if bad:
        return bad
    for b in pairing.boards:
        white, black = P[b.white], P[b.black]
        if black.no in white.opponents:
            bad.append(f"rematch {white.no}–{black.no}")
        if rnd.forbidden.forbids(white.no, black.no):
            bad.append(f"forbidden pair {white.no}–{black.no}")
        if not rnd.article6(white, black):
            if breaks_colour_limit(white.colours, Colour.WHITE):
                bad.append(f"colour limit broken: #{white.no} White")
            if breaks_colour_limit(black.colours, Colour.BLACK):
                bad.append(f"colour limit broken: #{black.no} Black")
    if pairing.bye is not None:
        bye = P[pairing.bye]
        if not bye.pab_eligible:
            bad.append(f"PAB to ineligible #{bye.no}")
        if round_no == 1:
            before = [p for p in P.values() if (p.rating, -p.no) < (bye.rating, -bye.no)]
        else:
            before = [p for p in P.values() if (p.score, -p.no) < (bye.score, -bye.no)]
        for p in before:
            if p.pab_eligible and _pairable(rnd, [n for n in P if n != p.no]):
                bad.append(f"PAB to #{bye.no} though #{p.no} ranks lower, is eligible and leaves the rest pairable")
    elif len(P) % 2:
        bad.append("odd number of players and no PAB")
    if trace is not None:
        bad.extend(_float_violations(rnd, trace))
    return bad


def _float_violations(rnd: LimRound, trace: LimTrace) -> list[str]:
    """Floaters move towards the median (2.3, 3.2.1)."""
    P = rnd.players
    bad: list[str] = []
    previous: dict[Side, tuple[int, list[int]] | None] = {Side.ABOVE: None, Side.BELOW: None}
    for g in trace.groups:
        if g.side is Side.MEDIAN:
            for n in g.incoming_down:
                if rnd.side(P[n].score) is not Side.ABOVE:
                    bad.append(f"#{n} entered the median from above with score {P[n].score}")
            for n in g.incoming_up:
                if rnd.side(P[n].score) is not Side.BELOW:
                    bad.append(f"#{n} entered the median from below with score {P[n].score}")
            continue
        prev = previous[g.side]
        incoming = g.incoming_down if g.side is Side.ABOVE else g.incoming_up
        if prev is not None:
            prev_score, prev_floaters = prev
            if sorted(incoming) != sorted(prev_floaters):
                bad.append(f"scoregroup {g.score}: incoming floaters {incoming} are not {prev_floaters}")
            towards = prev_score > g.score if g.side is Side.ABOVE else prev_score < g.score
            if not towards:
                bad.append(f"floaters moved from {prev_score} to {g.score}, away from the median")
        elif incoming:
            bad.append(f"scoregroup {g.score}: incoming floaters without a group before it")
        for a, b in g.pairs:
            for n in (a, b):
                s = P[n].score
                if (g.side is Side.ABOVE and s < g.score) or (g.side is Side.BELOW and s > g.score):
                    bad.append(f"#{n} (score {s}) was paired in scoregroup {g.score} against the direction")
        previous[g.side] = (g.score, [f.player for f in g.floaters])
    return bad


# ---------------------------------------------------------------- random tournaments
@dataclass
class PairedRound:
    """One round of a simulated tournament: the state before it and its pairing."""

    tournament: Tournament
    round_no: int
    pairing: RoundPairing | None
    trace: LimTrace


def _result_pair(rng: random.Random, white: int, black: int) -> tuple[Entry, Entry]:
    roll = rng.random()
    if roll < 0.03:
        return Entry(Result.FORFEIT_WIN, black, Colour.WHITE), Entry(Result.FORFEIT_LOSS, white, Colour.BLACK)
    if roll < 0.05:
        return Entry(Result.FORFEIT_LOSS, black, Colour.WHITE), Entry(Result.FORFEIT_WIN, white, Colour.BLACK)
    if roll < 0.42:
        return Entry(Result.WIN, black, Colour.WHITE), Entry(Result.LOSS, white, Colour.BLACK)
    if roll < 0.70:
        return Entry(Result.DRAW, black, Colour.WHITE), Entry(Result.DRAW, white, Colour.BLACK)
    return Entry(Result.LOSS, black, Colour.WHITE), Entry(Result.WIN, white, Colour.BLACK)


def random_tournament(seed: int) -> Iterator[PairedRound]:
    """A random tournament paired round by round with Lim: 4–40 players, 3–11
    rounds, standard or 3-1-0 scoring, forfeits, half- and zero-point byes,
    full-point byes, late entries. Stops early at a round without legal pairing."""
    rng = random.Random(seed)
    n = rng.randint(4, 40)
    rounds = rng.randint(3, 11)
    points = (
        PointSystem()
        if rng.random() < 0.8
        else PointSystem(win=30, draw=10, forfeit_win=30, pab=30, full_bye=30, half_bye=10)
    )
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n)), reverse=True)
    late = {i for i in range(1, n + 1) if rng.random() < 0.08}
    joins = {i: rng.randint(2, max(2, rounds // 2)) for i in late}
    players = tuple(Player(i, f"Player {i}", rating=ratings[i - 1]) for i in range(1, n + 1))
    t = Tournament(
        players=players,
        total_rounds=rounds,
        initial_colour=Colour.WHITE if rng.random() < 0.5 else Colour.BLACK,
        points=points,
    )
    system = LimSystem()
    for r in range(1, rounds + 1):
        away: dict[int, Entry] = {}
        for p in t.players:
            if p.start_no in late and r < joins[p.start_no]:
                away[p.start_no] = Entry(Result.ZERO_BYE)
            elif rng.random() < 0.06:
                kind = rng.choice([Result.ZERO_BYE, Result.HALF_BYE, Result.HALF_BYE, Result.FULL_BYE])
                away[p.start_no] = Entry(kind)
        if away:
            t = t.with_round(r, away)
        trace = system.trace(t, r)
        pairing = trace.pairing
        yield PairedRound(t, r, pairing, trace)
        if pairing is None:
            return
        t = apply_pairing(t, pairing)
        results: dict[int, Entry] = {}
        for b in pairing.boards:
            results[b.white], results[b.black] = _result_pair(rng, b.white, b.black)
        t = t.with_round(r, results)


# ---------------------------------------------------------------- corpus runner
def _read(path: Path) -> Tournament:
    from swissbridge.formats.trf import read_trf

    return read_trf(path)


def run_corpus(root: Path, use_cli: bool = False, limit: int | None = None) -> dict[str, int]:
    """Pair every ``rounds/r*.trf`` under ``root`` with Lim and check the results."""
    files = sorted(root.glob("*/rounds/r*.trf"))[:limit]
    counts = {"files": 0, "paired": 0, "no_legal_pairing": 0, "violations": 0, "crashes": 0}
    slowest = (0.0, "")
    system = LimSystem()
    exe = Path(sys.executable).with_name("swissbridge")
    scratch = Path(tempfile.mkdtemp(prefix="lim-check-"))
    for path in files:
        counts["files"] += 1
        t0 = time.perf_counter()
        try:
            t = _read(path)
            r = t.next_round
            if use_cli:
                out = scratch / "out.pairs"
                proc = subprocess.run(
                    [str(exe), "pair", str(path), "--system", "lim", "--format", "pairlist", "-o", str(out)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                if proc.returncode == 1:
                    pairing, trace = None, None
                elif proc.returncode != 0:
                    raise RuntimeError(proc.stderr.strip())
                else:
                    pairing = _parse_pairlist(out.read_text(), r, t)
                    out.unlink()
                    trace = None
            else:
                trace = system.trace(t, r)
                pairing = trace.pairing
        except Exception as exc:
            counts["crashes"] += 1
            print(f"CRASH {path}: {type(exc).__name__}: {exc}")
            continue
        took = time.perf_counter() - t0
        slowest = max(slowest, (took, str(path)))
        if pairing is None:
            if no_pairing_exists(t, r):
                counts["no_legal_pairing"] += 1
            else:
                counts["violations"] += 1
                print(f"WRONG NoLegalPairing {path}")
            continue
        bad = violations(t, r, pairing, trace)
        if bad:
            counts["violations"] += 1
            print(f"VIOLATION {path}: {bad[:3]}")
        else:
            counts["paired"] += 1
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"slowest: {slowest[0]:.2f}s {slowest[1]}")
    return counts


def _parse_pairlist(text: str, round_no: int, t: Tournament) -> RoundPairing:
    from swissbridge.pairing import Board
    from swissbridge.state import absences

    lines = text.split()
    count = int(lines[0])
    boards: list[Board] = []
    bye = None
    nums = [int(x) for x in lines[1 : 1 + 2 * count]]
    for a, b in zip(nums[0::2], nums[1::2], strict=False):
        if b == 0:
            bye = a
        else:
            boards.append(Board(a, b))
    return RoundPairing(round_no, tuple(boards), bye, absences(t, round_no), "lim")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pair a corpus with the Lim system and check every result.")
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--cli", action="store_true", help="go through the swissbridge command line")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    counts = run_corpus(args.corpus, args.cli, args.limit)
    print(" ".join(f"{k}={v}" for k, v in counts.items()), f"time={time.perf_counter() - t0:.1f}s")
    return 0 if counts["violations"] == 0 and counts["crashes"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
