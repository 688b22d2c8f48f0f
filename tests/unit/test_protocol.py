"""A third-party pairing system gets ``pair``, ``check`` and ``explain`` through the
protocol of :mod:`swissbridge.plugins` alone: the core never looks inside it, and
its own steps reach the explanation's text, JSON and HTML as generic sections, its
own record as details, with nothing added to the document's types, schema or
renderers."""

from __future__ import annotations

import dataclasses

import pytest
from swissbridge.commands.check import check_tournament
from swissbridge.commands.explain import explain
from swissbridge.commands.generate import generate_tournament
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins import PairingSystem, Trace, TracedBoard, UnknownSystem, _instance
from swissbridge.plugins.document import Checklist, Explanation, SystemPart, line, reason, section
from swissbridge.publish.explain import render_html, render_text
from swissbridge.rules.history import played_pairing
from swissbridge.state import build_state
from swissbridge.systems.service import pair_tournament

from tests.unit.test_explain import SCHEMA, validate


class Neighbours:
    """Not FIDE: players in score order, each with the next one they have not met;
    the higher one takes White on odd boards. Written against the protocol only."""

    name = "neighbours"
    codes = ("NEIGHBOURS",)
    engine_flag = "--neighbours"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        return self.trace(tournament, round_no).result()

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        r = tournament.next_round if round_no is None else round_no
        state = build_state(tournament, r)
        pool = sorted(state.present, key=lambda p: (-p.pairing_score, p.tpn))
        bye = pool.pop().start_no if len(pool) % 2 else None
        boards: list[TracedBoard] = []
        while pool:
            a = pool.pop(0)
            k = next((i for i, b in enumerate(pool) if b.start_no not in a.opponents), None)
            if k is None:
                return Trace(round_no=r, failure=f"#{a.start_no} has met everybody left")
            b = pool.pop(k)
            odd = len(boards) % 2 == 0
            white, black = (a, b) if odd else (b, a)
            boards.append(TracedBoard(white.start_no, black.start_no, "odd board" if odd else "even board"))
        pairing = RoundPairing(
            round_no=r, boards=tuple(Board(x.white, x.black) for x in boards), bye=bye, absent=dict(state.absent)
        )
        return Trace(round_no=r, pairing=pairing, boards=boards, bye=bye, notes=["neighbours in score order"])

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        return {
            "boards": [
                {
                    "board": i,
                    "white": b.white,
                    "black": b.black,
                    "rule": b.rule,
                    "reasons": [reason("N1", f"{b.rule}: the higher-ranked player's colour")],
                }
                for i, b in enumerate(trace.boards, 1)
            ],
            "summary": ["neighbours, not FIDE"],
            "paired_in": {n: "the walk" for b in trace.boards for n in (b.white, b.black)},
            "sections": [
                section(
                    "The walk down the score order",
                    [line("N1", f"#{b.white} meets #{b.black}", [line(None, "not met before")]) for b in trace.boards],
                    rule="N0",
                    players=[n for b in trace.boards for n in (b.white, b.black)],
                )
            ],
            "details": {"walked": [[b.white, b.black] for b in trace.boards]},
            "disagreements": [],
        }

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        return f"N2: round {round_no} pairs neighbours in score order"

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        return ()

    def checklist(self, document: Explanation) -> Checklist | None:
        return None


def test_is_a_pairing_system() -> None:
    assert isinstance(Neighbours(), PairingSystem)


def test_a_system_without_a_member_is_refused_by_name() -> None:
    """An entry point's object is checked against the protocol (``plugins._instance``):
    one written before ``round_robin`` and ``points`` were declared is refused, and the
    message names what it lacks."""
    older = type("Older", (), {k: v for k, v in vars(Neighbours).items() if k not in ("round_robin", "points")})
    with pytest.raises(UnknownSystem, match=r"'neighbours' is not a pairing system: it has no round_robin, points"):
        _instance("neighbours", older)
    assert _instance("neighbours", Neighbours).name == "neighbours"


def test_pair_check_and_explain_through_the_protocol() -> None:
    system = Neighbours()
    t = generate_tournament(10, 4, system, 5)
    assert pair_tournament(t, system=system, round_no=4) == system.pair(t, 4)
    assert check_tournament(t, system).ok
    r = 3
    played = played_pairing(t, r)
    first = played.boards[0]
    flipped = t.with_round(
        r,
        {
            n: dataclasses.replace(e, colour=e.colour.opposite if e.colour else None)
            for n in first.players()
            if (e := t.player(n).entry(r)) is not None
        },
    )
    rc = check_tournament(flipped, system, rounds=[r]).rounds[0]
    assert not rc.ok and rc.diffs[0].difference == "colour flipped"
    assert rc.diffs[0].criterion.startswith("the system's colour rule: odd board")
    assert rc.notes == ("N2: round 3 pairs neighbours in score order",)
    doc = explain(t, system=system, round_no=r)
    assert doc["system"] == "neighbours" and doc["notes"] == ["neighbours in score order"]
    assert doc["boards"][0]["reasons"][0]["rule"] == "N1"
    text, page = render_text(doc), render_html(doc)
    assert "[N1]" not in text and "N1: odd board: the higher-ranked player's colour" in text
    assert "odd board" in page
    assert validate(doc, SCHEMA) == [] and doc["details"]["walked"]
    assert "neighbours, not FIDE" in text.splitlines()[1]
    w, b = doc["boards"][0]["white"], doc["boards"][0]["black"]
    assert f"\nTHE walk down the score order (N0)\n  N1: #{w} meets #{b}\n    not met before\n" in text
    assert "<h2>The walk down the score order (N0)</h2>" in page
    assert doc["players"] == [] and f"#{w} meets #{b}" in page  # no player row for a sentence to link to


def test_the_text_names_only_the_articles_the_system_gives() -> None:
    """The renderer words no system's rules by its name: a system that names no articles
    gets no Dutch or Lim article in the text, even in its last round."""
    system = Neighbours()
    t = generate_tournament(10, 4, system, 5)
    doc = explain(t, system=system, round_no=4)
    assert doc["last_round"] and doc["articles"]["topscorers"] is None
    text = render_text(doc)
    assert "\nBOARDS\n" in text and "Article 5" not in text
    assert "Topscorers" not in text and "1.8" not in text and "Article 6" not in text
    assert "last round;" in text or text.splitlines()[1].endswith("last round")
    named = explain(t, system=system, round_no=4)
    named["articles"] = {"initial_colour": "N0", "last_round": "N3", "topscorers": "N4", "colours": "N1"}
    text = render_text(named)
    assert "last round (N3)" in text and "BOARDS (colours by N1)" in text and "Topscorers (N4): none" in text
