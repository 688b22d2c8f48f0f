"""Where the Dutch engine spends one round: brackets, matchings and their sizes.

Wraps (at run time, in this process only) the engine's internal steps — building
the round context (compatibility graph), each bracket, each weighted matching and
each completability question — and prints how many there were, on how many
vertices and edges, and how long they took. Optionally a cProfile listing.

    .venv/bin/python benchmarks/profile_dutch.py --players 200
    .venv/bin/python benchmarks/profile_dutch.py --players 3000 --kind coin-r4
    .venv/bin/python benchmarks/profile_dutch.py some-round.trf --cprofile 25

It measures the code as it is: the names it wraps are the engine's internals
(``plugins/dutch``); a step whose name changed is reported as not instrumented.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import pstats
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

Stats = dict[str, list[tuple[dict[str, int], float]]]
BRACKET = "bracket"
_current = [0]
"""The number of the bracket being paired (0 before the first): every call is filed under it."""


def _wrap(
    owner: Any, name: str, label: str, stats: Stats, sizes: Callable[..., dict[str, int]], with_result: bool = False
) -> bool:
    """Record every call of ``owner.name``: ``sizes(*args)`` (or ``sizes(result,
    *args)`` with ``with_result``) says how big it was."""
    original = getattr(owner, name, None)
    if original is None:
        print(f"profile: {label} not instrumented ({owner.__name__}.{name} not found)", file=sys.stderr)
        return False

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        result = None
        if label == BRACKET:
            _current[0] += 1
        at = _current[0]
        try:
            result = original(*args, **kwargs)
            return result
        finally:
            try:
                size = sizes(result, *args, **kwargs) if with_result else sizes(*args, **kwargs)
            except Exception:
                size = {}
            size["in bracket"] = at
            stats[label].append((size, time.perf_counter() - start))

    setattr(owner, name, wrapper)
    return True


def _module(*names: str) -> Any:
    """The first of ``names`` that can be imported (the engine's modules move)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def instrument(stats: Stats) -> None:
    from swissbridge.plugins.dutch import bracket, completion

    engine = _module("swissbridge.plugins.dutch.round", "swissbridge.plugins.dutch.engine")
    _wrap(engine, "build_context", "round context (state + compatibility graph)", stats, lambda *a, **k: {})
    _wrap(
        bracket.BracketSolver,
        "pair_bracket",
        "bracket",
        stats,
        lambda self, number, mdps, residents, nxt, lower, scope: {
            "MDPs": len(mdps),
            "residents": len(residents),
            "next group": len(nxt),
            "below": len(lower),
        },
    )
    search = _module("swissbridge.plugins.dutch.search")
    if search is not None and hasattr(search, "CandidateSearch"):
        _wrap(
            search.CandidateSearch,
            "run",
            "candidate search (3.6-3.7 in generation order)",
            stats,
            lambda result, self: {
                "vertices": len(self.mdps) + len(self.residents),
                "settled": int(result is not None),
            },
            with_result=True,
        )
    _wrap(
        bracket.BracketSolver,
        "optimise",
        "optimiser step (weighted matching + completion)",
        stats,
        lambda self, inner, lower, values, fields: {"vertices": len(inner)},
    )
    matching = _module("swissbridge.plugins.matching", "swissbridge.plugins.dutch.matching")
    blossom = getattr(matching, "_Blossom", None)
    if blossom is not None:
        _wrap(
            blossom,
            "solve",
            "weighted matching: blossom algorithm",
            stats,
            lambda self: {"vertices": self.n, "edges": len(self.weight)},
        )
    else:
        print("profile: the blossom algorithm is not instrumented (_Blossom not found)", file=sys.stderr)
    _wrap(
        completion.Completion,
        "complete",
        "completability ([C4]/[C5] matching)",
        stats,
        lambda self, vertices, **k: {"vertices": len(vertices)},
    )
    if search is not None and hasattr(search, "CandidateSearch"):
        for name, label, sizes in (
            (
                "_transpositions",
                "search: S1/S2 split walked (4.2)",
                lambda self, s1, s2, v: {"vertices": len(s1) + len(s2)},
            ),
            (
                "_exact_tail",
                "search: exact tail (bipartite assignment)",
                lambda self, s1, s2, *a, **k: {"vertices": len(s1) + len(s2)},
            ),
            (
                "completes",
                "search: [C4] check of the chosen candidate",
                lambda self, found: {"vertices": len(self.nxt) + len(self.lower)},
            ),
        ):
            if hasattr(search.CandidateSearch, name):
                _wrap(search.CandidateSearch, name, label, stats, sizes)
    # the cardinality matcher, under the names the engine's modules imported it as
    for mod in (bracket, completion, search):
        if mod is not None and hasattr(mod, "max_cardinality_matching"):
            _wrap(
                mod,
                "max_cardinality_matching",
                f"max-cardinality matching (from {mod.__name__.rsplit('.', 1)[-1]})",
                stats,
                lambda n, *a, **k: {"vertices": n},
            )


def report(stats: Stats, total: float) -> str:
    lines = [
        f"total pairing time in process: {total:.3f} s",
        "",
        "| step | calls | seconds | vertices (max / mean) | edges (max / mean) |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, calls in stats.items():
        secs = sum(t for _, t in calls)
        cols = []
        for key in ("vertices", "edges"):
            values = [s[key] for s, _ in calls if key in s]
            cols.append(f"{max(values)} / {sum(values) / len(values):.0f}" if values else "")
        settled = [s["settled"] for s, _ in calls if "settled" in s]
        note = f" (settled {sum(settled)} of {len(settled)})" if settled else ""
        lines.append(f"| {label}{note} | {len(calls)} | {secs:.3f} | {cols[0]} | {cols[1]} |")
    brackets = stats.get(BRACKET, [])
    if brackets:
        lines += [
            "",
            "| bracket | MDPs + residents | next | below | seconds | settled by search | S1/S2 splits "
            "| weighted matchings (largest V, E) | cardinality matchings (largest V) |",
            "|---:|---:|---:|---:|---:|---|---:|---:|---:|",
        ]

        def inside(number: int, prefix: str) -> list[dict[str, int]]:
            return [
                s
                for label, calls in stats.items()
                if label.startswith(prefix)
                for s, _ in calls
                if s.get("in bracket") == number
            ]

        for number, (size, secs) in enumerate(brackets, 1):
            settled = inside(number, "candidate search")
            weighted = inside(number, "weighted matching")
            cardinal = inside(number, "max-cardinality")
            splits = inside(number, "search: S1/S2")
            big_w = max(weighted, key=lambda s: s.get("vertices", 0), default={})
            lines.append(
                f"| {number} | {size.get('MDPs', 0)} + {size.get('residents', 0)} | {size.get('next group', 0)} "
                f"| {size.get('below', 0)} | {secs:.3f} | {'yes' if any(s.get('settled') for s in settled) else 'no'} "
                f"| {len(splits)} | {len(weighted)} ({big_w.get('vertices', 0)}, {big_w.get('edges', 0)}) "
                f"| {len(cardinal)} ({max((s.get('vertices', 0) for s in cardinal), default=0)}) |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file", nargs="?", help="a TRF file (default: generate the benchmark round)")
    p.add_argument("--players", type=int, default=200, help="field size of the generated round (default 200)")
    p.add_argument("--kind", help="generate a state of this hard kind (history.HARD_KINDS) instead of the Elo round")
    p.add_argument("--cprofile", type=int, metavar="N", help="also print the N most expensive functions")
    args = p.parse_args(argv)

    from swissbridge.formats.trf import read_trf, write_trf

    if args.file:
        t = read_trf(args.file)
    else:
        from bench import SEED
        from history import HARD_KINDS, build_tournament
        from swissbridge.formats.trf import parse_trf

        if args.kind:
            kinds = {k.key: k for k in HARD_KINDS}
            if args.kind not in kinds:
                p.error(f"unknown kind {args.kind!r}: one of {', '.join(kinds)}")
            made = kinds[args.kind].build(args.players, SEED + args.players)
        else:
            made = build_tournament(args.players, seed=SEED + args.players)
        t = parse_trf(write_trf(made, "trf26"))
    from swissbridge.plugins.dutch import pair_round

    stats: Stats = defaultdict(list)
    instrument(stats)
    profiler = cProfile.Profile() if args.cprofile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    pairing, _ = pair_round(t, t.next_round)
    if profiler is not None:
        profiler.disable()
    total = time.perf_counter() - start
    print(f"{len(pairing.boards)} boards, PAB {pairing.bye}")
    print(report(stats, total))
    if profiler is not None:
        print()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(args.cprofile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
