"""The long fuzz run of every tournament-file reader (the short one is
``tests/stress/test_fuzz_readers.py``).

    python tests/stress/fuzz_readers.py --cases 100000 [--jobs 2] [--reader trf ...]

Cases are spread evenly over the readers that exist. Each case is reproducible
from its reader and number: arbitrary bytes (15 %), text made of the formats'
record codes and separators (10 %), or one to four structured mutations of a real
file (75 %; the reader's own seed files mostly, any real-world file sometimes; big
files cut to their first 16 kB at a line end). Every input is bounded in time
(``--seconds``, default 2 s; an input that times out is tried once more with five
times the bound, so that a busy machine is not reported as a hang); one input in
25 is traced for memory.

A crash is any exception other than ``InputError``, an ``InputError`` without a
location, a hang or a memory peak beyond 16 MB + 60 × the input size. Crashes are
grouped by reader, exception and place, and one reproducible example of each is
printed. Exit status 1 when anything crashed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.stress.fuzzlib import (  # noqa: E402
    available_readers,
    mutate,
    other_files,
    run_one,
    shorten,
)

SEED_LIMIT = 16_000
TOKENS = (
    "001", "012", "092", "142", "152", "162", "XXR", "XXC", "XXZ", "XXS", "XXA", "XXP", "240 H ", "250", "260",
    "0000", " - ", " w ", " b ", "1", "=", "0", "+", "-", "H", "U", "Z", "F", "Nr;Name;", ";", '[Event "x"]',
    '[Round "2.1"]', '[White "A, B"]', "1-0", "0-1", "1/2-1/2", "*", "<player>", "<fideid>", "</player>",
    "<!DOCTYPE x [<!ENTITY a 'a'>]>", "{", "}", '"players": [', '"start_no": ', "null", "\r", "\n", "\r\n",
    "    ", "1.5", "½", "é", "\x00", "\ufeff",
)  # fmt: skip


def _input(kind: int, rng: random.Random, own: list[bytes], foreign: list[bytes]) -> tuple[str, bytes]:
    if kind < 15:
        return "arbitrary bytes", rng.randbytes(rng.choice((0, 1, 10, 100, 1000, 4000)))
    if kind < 25:
        parts = [
            rng.choice(TOKENS) if rng.random() < 0.8 else str(rng.randint(0, 9999)) for _ in range(rng.randint(0, 200))
        ]
        return "text-like", "".join(parts).encode("utf-8", errors="surrogatepass")
    pool = foreign if (kind < 40 and foreign) or not own else own
    data = rng.choice(pool)
    return "mutated", mutate(data, rng, own[:20] or foreign[:20])


def run_reader(name: str, first: int, count: int, seconds: float) -> dict[str, object]:
    """Run ``count`` cases (numbers ``first`` on) against one reader."""
    readers = {r.name: (r, fn) for r, fn in available_readers()}
    reader, fn = readers[name]
    own = [shorten(data, SEED_LIMIT) for _, data in reader.seed_data()]
    foreign = [shorten(p.read_bytes(), SEED_LIMIT) for p in other_files()]
    counts: Counter[str] = Counter()
    examples: dict[str, str] = {}
    slowest = 0.0
    peak = (0, 0)
    for case in range(first, first + count):
        rng = random.Random(f"{name}-{case}")
        kind = rng.randrange(100)
        try:
            how, data = _input(kind, rng, own, foreign)
        except Exception:
            counts["generator errors"] += 1
            continue
        traced = case % 25 == 0
        outcome = run_one(fn, data, seconds=seconds, memory=traced)
        if outcome.kind == "hang":  # a busy machine is not a hang: one retry with five times the bound
            counts["retried after a time-out"] += 1
            outcome = run_one(fn, data, seconds=5 * seconds, memory=False)
        counts[outcome.kind] += 1
        counts["cases"] += 1
        if not traced:
            slowest = max(slowest, outcome.seconds)
        else:
            peak = max(peak, (outcome.peak_bytes, len(data)))
        bad = outcome.kind not in ("parsed", "input-error") or not outcome.located
        if not outcome.located:
            counts["unlocated"] += 1
        if bad:
            key = f"{outcome.kind}: {outcome.detail.splitlines()[0][:160] if outcome.detail else ''}"
            key = _group(key)
            counts["problems"] += 1
            if key not in examples:
                tb = _where(fn, data) if outcome.kind == "crash" else ""
                shown = data if len(data) <= 400 else data[:400] + b"..."
                examples[key] = f"{name} case {case} ({how}, {len(data)} bytes){tb}\n    input: {shown!r}"
    return {
        "reader": name,
        "counts": dict(counts),
        "examples": examples,
        "slowest_seconds": round(slowest, 3),
        "max_traced_peak": peak,
    }


def _group(key: str) -> str:
    """Crashes that differ only in numbers are the same crash."""
    import re

    return re.sub(r"\d+", "N", key)


def _where(fn: object, data: bytes) -> str:
    """The innermost frame of the crash (run again to get the traceback)."""
    try:
        fn(data)  # type: ignore[operator]
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        inner = [f for f in frames if "/tests/" not in f.filename] or frames
        f = inner[-1]
        return f"\n    at {f.filename}:{f.lineno} in {f.name}: {type(exc).__name__}: {exc}"
    return ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=100_000, help="total cases, spread over the readers")
    ap.add_argument("--reader", action="append", help="only these readers (repeatable)")
    ap.add_argument("--seconds", type=float, default=2.0, help="time bound of one input")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the summary here")
    args = ap.parse_args(argv)
    names = [r.name for r, _ in available_readers() if not args.reader or r.name in args.reader]
    if not names:
        print("no readers to fuzz", file=sys.stderr)
        return 2
    per = args.cases // len(names)
    chunk = 2500
    jobs = [(n, i, min(chunk, per - i)) for n in names for i in range(0, per, chunk)]
    began = time.perf_counter()
    results: list[dict[str, object]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_reader, n, i, c, args.seconds) for n, i, c in jobs]
            for fut in futures:
                results.append(fut.result())
                print(f"... {len(results)}/{len(jobs)} chunks", file=sys.stderr, flush=True)
    else:
        for n, i, c in jobs:
            results.append(run_reader(n, i, c, args.seconds))
            print(f"... {len(results)}/{len(jobs)} chunks ({n})", file=sys.stderr, flush=True)
    per_reader: dict[str, Counter[str]] = {}
    examples: dict[str, str] = {}
    slowest: dict[str, float] = {}
    peak: dict[str, tuple[int, int]] = {}
    for res in results:
        name = str(res["reader"])
        per_reader.setdefault(name, Counter()).update(res["counts"])  # type: ignore[arg-type]
        for key, ex in res["examples"].items():  # type: ignore[attr-defined]
            examples.setdefault(f"[{name}] {key}", ex)
        slowest[name] = max(slowest.get(name, 0.0), float(res["slowest_seconds"]))  # type: ignore[arg-type]
        peak[name] = max(peak.get(name, (0, 0)), tuple(res["max_traced_peak"]))  # type: ignore[arg-type]
    elapsed = time.perf_counter() - began
    for key, ex in sorted(examples.items()):
        print(f"{key}\n  {ex}\n")
    total = sum(c["cases"] for c in per_reader.values())
    problems = sum(c["problems"] for c in per_reader.values())
    summary = {
        "cases": total,
        "problems": problems,
        "distinct_problems": len(examples),
        "seconds": round(elapsed, 1),
        "readers": {
            n: {
                **dict(sorted(c.items())),
                "slowest_seconds": slowest[n],
                "max_traced_peak_bytes": peak[n][0],
                "its_input_bytes": peak[n][1],
            }
            for n, c in per_reader.items()
        },
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
