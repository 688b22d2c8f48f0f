"""``swissbridge check`` with the Dutch system: the first criterion that separates
the engine's pairing from a played one (:mod:`swissbridge.plugins.dutch.compare`).

Played rounds are mutated into other pairings — legal but worse, illegal, or
equally good — and the statement must name the criterion that decides."""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands.check import check_tournament, prepare_for_replay
from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.model import OPPOSITE_RESULT, Colour, Entry, Tournament, format_points
from swissbridge.pairing import Board
from swissbridge.plugins.dutch import DutchSystem
from swissbridge.rules.history import before_round, played_pairing
from swissbridge.state import PlayerState, Strength, build_state
from typer.testing import CliRunner

from tests.conftest import shared_path
from tests.tampering_support import entries, swap_blacks

trf = pytest.importorskip("swissbridge.formats.trf")

QUIET = GenerateOptions(
    forfeit_rate=0.0,
    half_bye_rate=0.0,
    full_bye_rate=0.0,
    absence_rate=0.0,
    late_entry_rate=0.0,
    withdrawal_rate=0.0,
)


def cross(t: Tournament, r: int, b1: Board, b2: Board) -> Tournament:
    """Round ``r`` played with the two White players of ``b1`` and ``b2`` meeting
    (``b1``'s keeps White) and the two Black players meeting (``b2``'s keeps Black)."""
    e = entries(t, r)
    new = {
        b1.white: dataclasses.replace(e[b1.white], opponent=b2.white),
        b2.white: Entry(OPPOSITE_RESULT[e[b1.white].result], b1.white, Colour.BLACK),
        b2.black: dataclasses.replace(e[b2.black], opponent=b1.black),
        b1.black: Entry(OPPOSITE_RESULT[e[b2.black].result], b2.black, Colour.WHITE),
    }
    return t.with_round(r, new)


def note_for(t: Tournament, r: int) -> str:
    report = check_tournament(t, "dutch", rounds=[r])
    rc = report.rounds[0]
    assert not rc.ok
    assert len(rc.notes) == 1, report.render()
    return rc.notes[0]


@pytest.fixture(scope="module")
def generated() -> Tournament:
    return prepare_for_replay(generate_tournament(20, 5, "dutch", 11, QUIET))


# -- built in code: always run --------------------------------------------------------------------


def test_generated_tournament_checks_clean(generated: Tournament) -> None:
    assert check_tournament(generated, "dutch").ok


def test_colour_preferences_broken_in_one_bracket_name_c12(generated: Tournament) -> None:
    """Two boards of one scoregroup whose White players both wanted White (mildly)
    and whose Black players both wanted Black: crossing them breaks two colour
    preferences and nothing above [C12]."""
    found = False
    for r in range(2, generated.completed_rounds + 1):
        state = build_state(before_round(generated, r), r)
        ps = state.players

        def mild(n: int, colour: Colour, ps: dict[int, PlayerState] = ps) -> bool:
            return ps[n].preference == (colour, Strength.MILD)

        for b1, b2 in itertools.combinations(played_pairing(generated, r).boards, 2):
            four = (b1.white, b1.black, b2.white, b2.black)
            if len({ps[n].pairing_score for n in four}) != 1:
                continue
            if not all(mild(n, Colour.WHITE) for n in (b1.white, b2.white)):
                continue
            if not all(mild(n, Colour.BLACK) for n in (b1.black, b2.black)):
                continue
            if not (state.compatible(ps[b1.white], ps[b2.white]) and state.compatible(ps[b1.black], ps[b2.black])):
                continue
            note = note_for(cross(generated, r, b1, b2), r)
            c12 = r"\[C12\] players who do not get their colour preference: (\d+) \(engine\) vs (\d+) \(played\)"
            got = re.match(c12, note)
            assert got is not None, note
            assert int(got[2]) == int(got[1]) + 2
            assert f"in the bracket of {format_points(ps[b1.white].pairing_score)} point" in note
            found = True
            break
        if found:
            break
    assert found, "no suitable pair of boards in the generated tournament"


def test_player_paired_far_outside_the_scoregroup_names_c6(generated: Tournament) -> None:
    r = generated.completed_rounds
    boards = played_pairing(generated, r).boards
    state = build_state(before_round(generated, r), r)
    ps = state.players
    top = boards[0]
    for low in reversed(boards):
        if ps[low.white].pairing_score >= ps[top.white].pairing_score - 10:
            continue
        if state.compatible(ps[top.white], ps[low.black]) and state.compatible(ps[low.white], ps[top.black]):
            note = note_for(swap_blacks(generated, r, top, low), r)
            assert note.startswith("[C6] as few downfloaters as possible: "), note
            got = re.match(r"\[C6\] as few downfloaters as possible: (\d+) \(engine\) vs (\d+) \(played\)", note)
            assert got is not None and int(got[2]) > int(got[1])
            return
    pytest.fail("no compatible far board")


def test_rematch_names_c1(generated: Tournament) -> None:
    r = generated.completed_rounds
    state = build_state(before_round(generated, r), r)
    for b1, b2 in itertools.combinations(played_pairing(generated, r).boards, 2):
        if b2.black in state.players[b1.white].opponents:
            note = note_for(swap_blacks(generated, r, b1, b2), r)
            assert note.startswith("the played pairing is not a legal round-pairing: ")
            assert f"[C1] {b1.white} and {b2.black} have already played each other" in note
            return
    pytest.fail("no rematch to provoke")


def test_colour_flip_only_is_said_to_be_article_5(generated: Tournament) -> None:
    r = generated.completed_rounds
    b = played_pairing(generated, r).boards[0]
    e = entries(generated, r)
    flipped = generated.with_round(
        r, {n: dataclasses.replace(e[n], colour=e[n].colour.opposite if e[n].colour else None) for n in b.players()}
    )
    assert "only colours differ (Article 5" in note_for(flipped, r)


def test_hook_returns_nothing_for_the_engines_own_pairing(generated: Tournament) -> None:
    r = generated.completed_rounds
    replay = before_round(generated, r)
    system = DutchSystem()
    expected = system.pair(replay, r)
    text = system.compare(replay, r, expected, expected)
    assert text.startswith("the same pairs")


# -- the corpus (skipped without ../shared) -------------------------------------------------------


def _corpus(name: str) -> Tournament:
    return prepare_for_replay(trf.read_trf(shared_path("corpus", "dutch", name, "full.trf")))


def test_corpus_c12_in_the_bracket_of_4_points() -> None:
    t = _corpus("t003")
    note = note_for(cross(t, 5, Board(1, 119), Board(14, 122)), 5)
    assert note == (
        "[C12] players who do not get their colour preference: 0 (engine) vs 2 (played) in the bracket of 4.0 points "
        "(engine pairs 1-119, 14-122; played pairs 1-14, 119-122)"
    )


def test_corpus_c13_strong_preference() -> None:
    t = _corpus("t003")
    note = note_for(cross(t, 6, Board(69, 1), Board(73, 28)), 6)
    assert note.startswith(
        "[C13] players who do not get their strong colour preference: 0 (engine) vs 1 (played) in the bracket of 7.0"
    )


def test_corpus_c11_three_in_a_row() -> None:
    t = _corpus("t003")
    note = note_for(cross(t, 12, Board(4, 1), Board(24, 30)), 12)
    assert note.startswith("[C11] topscorers (or opponents) with the same colour three times running: 0 (engine) vs 1")


def test_corpus_tie_is_decided_by_generation_order() -> None:
    """1 and 69 both prefer Black, so do 1 and 70: either way one preference fails."""
    t = _corpus("t003")
    note = note_for(cross(t, 6, Board(69, 1), Board(18, 70)), 6)
    assert note == (
        "equal on every criterion in the bracket of 7.0 points (engine pairs 1-69, 18-70; played pairs 1-70, 18-69): "
        "the Article 4 generation order decides (the engine's candidate comes first)"
    )


def test_cli_check_prints_the_statement(tmp_path: Path) -> None:
    t = _corpus("t001")
    r = 3
    state = build_state(before_round(t, r), r)
    ps = state.players
    for b1, b2 in itertools.combinations(played_pairing(t, r).boards, 2):
        if state.compatible(ps[b1.white], ps[b2.black]) and state.compatible(ps[b2.white], ps[b1.black]):
            mutated = swap_blacks(t, r, b1, b2)
            break
    else:
        pytest.fail("no legal swap")
    expected = note_for(mutated, r)
    path = tmp_path / "mutated.trf"
    path.write_text(trf.write_trf(dataclasses.replace(mutated, total_rounds=None)), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--system", "dutch"])
    assert result.exit_code == 1
    assert f"round {r}: DIFFERS" in result.output
    assert f"note: {expected}" in result.output
