"""The shared Burstein corpus (../shared/corpus/burstein) decided from the text: every
agreed state compared with its ``.pairs``, and for every disputed state which engine
swissbridge's answer equals and, for each engine's answer that differs, the article
where it departs from the text (``BursteinSystem.compare``, what ``check`` says).

    .venv/bin/python benchmarks/burstein_corpus.py [--corpus ../shared/corpus/burstein] [--list]

The counts are those written in docs/burstein.md.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from swissbridge.formats.trf import read_trf
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins.burstein import BursteinSystem
from swissbridge.plugins.burstein.rules import is_seeding_round

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("py4swiss", "pairingcore")
ARTICLE = re.compile(r"(\[C\d+\]|Article \d+|\b\d\.\d+(?:\.\d+)*\b(?! points))")


def read_pairs(path: Path, round_no: int) -> RoundPairing:
    rows = [line.split() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    pairs = [(int(a), int(b)) for a, b in rows[1 : 1 + int(rows[0][0])]]
    boards = tuple(Board(a, b) for a, b in pairs if b)
    return RoundPairing(round_no=round_no, boards=boards, bye=next((a for a, b in pairs if not b), None))


def as_set(p: RoundPairing) -> frozenset[tuple[int, int]]:
    return frozenset({(b.white, b.black) for b in p.boards} | ({(p.bye, 0)} if p.bye is not None else set()))


def where(text: str) -> str:
    """The article a comparison names first (``bracket 2 (score 3.0): [C6]: ...`` → ``[C6]``)."""
    body = (
        text.split("): ", 1)[1]
        if text.startswith("bracket")
        else text.split(": ", 1)[-1]
        if text.startswith("#")
        else text
    )
    m = ARTICLE.search(body)
    return m.group(1) if m else "colours only" if not text else text[:30]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "burstein")
    parser.add_argument("--list", action="store_true", help="one line per disputed state")
    args = parser.parse_args(argv)
    states = sorted(args.corpus.glob("*.trf"))
    if not states:
        print(f"no states in {args.corpus}", file=sys.stderr)
        return 2
    system = BursteinSystem()
    agreed = Counter()
    equals: Counter[tuple[str, str]] = Counter()
    departs: Counter[tuple[str, str, str]] = Counter()
    for path in states:
        t = read_trf(path)
        r = t.next_round
        phase = "seeding" if is_seeding_round(t, r) else "after seeding"
        ours = system.pair(t, r)
        if path.with_suffix(".pairs").is_file():
            agreed["passed" if as_set(ours) == as_set(read_pairs(path.with_suffix(".pairs"), r)) else "failed"] += 1
            continue
        same = []
        for engine in ENGINES:
            answer = path.with_suffix(f".{engine}")
            if not answer.is_file():
                departs[(phase, engine, "no answer")] += 1
                continue
            theirs = read_pairs(answer, r)
            if as_set(theirs) == as_set(ours):
                same.append(engine)
                continue
            said = system.compare(t, r, ours, theirs)
            departs[(phase, engine, where(said) if said else "colours only")] += 1
            if args.list:
                print(f"{path.stem} {engine}: {said}")
        equals[(phase, "+".join(same) or "none")] += 1
    print(f"agreed: {agreed['passed']} passed, {agreed['failed']} failed")
    print("disputed, swissbridge's answer equals:")
    for (phase, who), n in sorted(equals.items()):
        print(f"  {phase}: {who}: {n}")
    print("disputed, where each engine's answer departs from the text (the first article check names):")
    for (phase, engine, article), n in sorted(departs.items()):
        print(f"  {phase}: {engine}: {article}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
