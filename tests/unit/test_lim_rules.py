"""Lim's own definitions (due colour, colour limits, colour allocation) and how the
system handles forfeits, byes, absences and late entries; the explanation and the
command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins import load
from swissbridge.plugins.lim import LimSystem
from swissbridge.plugins.lim.colours import allocate_colours, due_colours_given, due_colours_of_pair
from swissbridge.plugins.lim.rules import Side, breaks_colour_limit, due_colour, lim_round

from tests.conftest import shared_path
from tests.lim_checks_support import random_tournament, violations
from tests.lim_support import B, W, colours, make_round, player

# --------------------------------------------------------------------- Article 5


@pytest.mark.parametrize(
    ("played", "due"),
    [("", None), ("W", B), ("B", W), ("WB", W), ("BW", B), ("WWB", B), ("BBW", W), ("WBBW", B)],
)
def test_due_colour(played: str, due: Colour | None) -> None:
    """Art. 5: the colour that equalises the counts, else the other of the last game."""
    assert due_colour(colours(played)) is due


@pytest.mark.parametrize(
    ("played", "colour", "breaks"),
    [
        ("WW", W, True),  # three in a row
        ("WW", B, False),
        ("WBW", W, False),  # +2 is allowed
        ("WWBW", W, True),  # would be +3
        ("BBWBB", W, False),
        ("WWBWWBW", B, False),  # +3 already (imported history): Black reduces it
        ("WWBWWBW", W, True),
        ("WBWBW", W, False),
    ],
)
def test_colour_limits(played: str, colour: Colour, breaks: bool) -> None:
    """2.1 / 5.1: never three in a row, never three more of one colour."""
    assert breaks_colour_limit(colours(played), colour) is breaks


def test_colour_allocation_5_4_history() -> None:
    """5.4: both due White; walking back, the histories first differ four games
    back, where #1 had White and #2 Black: each gets the other's colour there."""
    a, b = player(1, 2.0, "BWBWB"), player(2, 2.0, "WBBWB")
    assert a.due is W and b.due is W
    rnd = make_round([a, b], round_no=6)
    alloc = allocate_colours(rnd, rnd.players[1], rnd.players[2], Side.MEDIAN)
    assert (alloc.white, alloc.black) == (2, 1)
    assert "4 games back" in alloc.rule


def test_colour_allocation_5_4_identical_histories() -> None:
    """5.4: identical histories: the higher ranked gets the due colour in the
    median and above, the lower ranked below it."""
    rnd = make_round([player(1, 0.0, "WB"), player(2, 0.0, "WB")])
    p1, p2 = rnd.players[1], rnd.players[2]
    assert allocate_colours(rnd, p1, p2, Side.ABOVE).white == 1
    assert allocate_colours(rnd, p1, p2, Side.MEDIAN).white == 1
    assert allocate_colours(rnd, p1, p2, Side.BELOW).white == 2


def test_colour_allocation_order() -> None:
    """Precision of Art. 5: limits first, then one due colour, then both."""
    rnd = make_round(
        [player(1, 1.0, "BWW"), player(2, 1.0, "WB"), player(3, 1.0), player(4, 1.0, "BW"), player(5, 1.0, "WB")]
    )
    p = rnd.players
    # #1 (due Black, and must have Black) against #2 (due White)
    assert allocate_colours(rnd, p[1], p[2], Side.MEDIAN).black == 1
    # only #4 has a due colour (Black): it gets it
    alloc = allocate_colours(rnd, p[3], p[4], Side.MEDIAN)
    assert alloc.black == 4 and "only #4" in alloc.rule
    # different due colours: each gets theirs
    assert allocate_colours(rnd, p[4], p[5], Side.MEDIAN).white == 5


@pytest.mark.parametrize("last", [False, True])
def test_due_colours_of_a_pair_is_the_allocation_count(last: bool) -> None:
    """5.2's count per pair (:func:`due_colours_of_pair`) is what the allocation
    of Article 5 gives, for every kind of history (free of colour limits or not,
    no game yet, last round)."""
    histories = ["", "W", "B", "WB", "BW", "WW", "BB", "WBB", "BWW", "WWB", "BBW", "WBWB", "BBWW", "WWBB"]
    ps = [player(n, 1.0, h) for n, h in enumerate(histories, 1)]
    rnd = make_round(ps, last=last, round_no=5)
    p = rnd.players
    checked = 0
    for a in p.values():
        for b in p.values():
            if a.no < b.no and (rnd.compatible(a, b) or last):
                for side in Side:
                    alloc = allocate_colours(rnd, a, b, side)
                    assert due_colours_of_pair(rnd, a, b, side) == due_colours_given(alloc, a, b)
                    checked += 1
    assert checked > 200


def test_colour_limit_forces_the_colour_against_the_due_colour() -> None:
    """5.3 over the due colour: BBBWW is due White (three Blacks against two
    Whites) but had White twice running, so it gets Black."""
    rnd = make_round([player(1, 1.0, "BBBWW"), player(2, 1.0, "WBWB")], round_no=6)
    assert rnd.players[1].due is W
    alloc = allocate_colours(rnd, rnd.players[1], rnd.players[2], Side.MEDIAN)
    assert alloc.black == 1 and alloc.rule.startswith("5.1/5.3")


# --------------------------------------------------------------------- byes, forfeits, absences


def _players(n: int) -> tuple[Player, ...]:
    return tuple(Player(k, f"P{k}", rating=2400 - 10 * k) for k in range(1, n + 1))


def test_forfeit_is_not_a_meeting_nor_a_colour() -> None:
    """C.04.2 3.4/3.5: the forfeit 1–2 of round 1 does not stop 1 and 2 from
    meeting, and gives no colour; the PAB of #3 bars another PAB."""
    t = Tournament(players=_players(3), total_rounds=3, initial_colour=W)
    t = t.with_round(
        1,
        {
            1: Entry(Result.FORFEIT_WIN, 2, W),
            2: Entry(Result.FORFEIT_LOSS, 1, B),
            3: Entry(Result.PAB),
        },
    )
    rnd = lim_round(t, 2)
    assert rnd.players[1].colours == () and rnd.players[1].opponents == frozenset()
    assert not rnd.players[1].pab_eligible  # a win's points without playing (C.04.1 Art. 4)
    assert not rnd.players[3].pab_eligible
    pairing = LimSystem().pair(t, 2)
    # #2 (0 points) is the lowest ranked and eligible
    assert pairing.bye == 2
    assert {frozenset(b.players()) for b in pairing.boards} == {frozenset((1, 3))}


def test_half_point_bye_and_absence_are_not_paired() -> None:
    t = Tournament(players=_players(6), total_rounds=5, initial_colour=W)
    t = t.with_round(1, {5: Entry(Result.HALF_BYE), 6: Entry(Result.ZERO_BYE)})
    pairing = LimSystem().pair(t, 1)
    assert dict(pairing.absent) == {5: Result.HALF_BYE, 6: Result.ZERO_BYE}
    assert sorted(n for b in pairing.boards for n in b.players()) == [1, 2, 3, 4]
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 3), (4, 2)]


def test_late_entry_joins_when_present() -> None:
    """A late entry (absent in round 1) is paired from round 2 with its 0 points."""
    t = Tournament(players=_players(5), total_rounds=5, initial_colour=W)
    t = t.with_round(1, {5: Entry(Result.ZERO_BYE)})
    p1 = LimSystem().pair(t, 1)
    assert 5 not in {n for b in p1.boards for n in b.players()}
    from swissbridge.pairing import apply_pairing

    t = apply_pairing(t, p1)
    t = t.with_round(
        1,
        {b.white: Entry(Result.WIN, b.black, W) for b in p1.boards}
        | {b.black: Entry(Result.LOSS, b.white, B) for b in p1.boards},
    )
    p2 = LimSystem().pair(t, 2)
    assert 5 in {n for b in p2.boards for n in b.players()} | {p2.bye}
    assert violations(t, 2, p2) == []


def test_neither_has_played_uses_the_entered_players_numbering() -> None:
    """Colour rule (5), "neither has played": the TPN is the numbering of the
    entered players (spec clarification). #1 has been absent from the start and
    was never paired, so it has no number: #2 is TPN 1 (odd, the initial colour
    White) and #3 TPN 2 (even). All four present players had half-point byes."""
    t = Tournament(players=_players(5), total_rounds=5, initial_colour=W)
    t = t.with_round(1, {1: Entry(Result.ZERO_BYE)} | {n: Entry(Result.HALF_BYE) for n in (2, 3, 4, 5)})
    t = t.with_round(2, {1: Entry(Result.ZERO_BYE)})
    rnd = lim_round(t, 2)
    assert [rnd.players[n].tpn for n in (2, 3, 4, 5)] == [1, 2, 3, 4]
    pairing = LimSystem().pair(t, 2)
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 4), (5, 3)]


def test_a_player_absent_now_who_was_paired_keeps_a_number() -> None:
    """The same round, but #1 played #6 in round 1 and both are absent now: having
    been paired, they are entered and keep their numbers, so #2 is TPN 2 (even:
    Black) and #3 TPN 3 (odd: White)."""
    t = Tournament(players=_players(6), total_rounds=5, initial_colour=W)
    t = t.with_round(
        1,
        {1: Entry(Result.DRAW, 6, W), 6: Entry(Result.DRAW, 1, B)} | {n: Entry(Result.HALF_BYE) for n in (2, 3, 4, 5)},
    )
    t = t.with_round(2, {1: Entry(Result.ZERO_BYE), 6: Entry(Result.ZERO_BYE)})
    rnd = lim_round(t, 2)
    assert [rnd.players[n].tpn for n in (2, 3, 4, 5)] == [2, 3, 4, 5]
    pairing = LimSystem().pair(t, 2)
    assert [(b.white, b.black) for b in pairing.boards] == [(4, 2), (3, 5)]


def test_round_one_pab_player_keeps_its_place_in_the_numbering() -> None:
    """7.1/7.2: #2 is the lowest rated and gets the PAB, but keeps its place in the
    Pairing List (spec clarification): #3 is still odd-numbered and takes #1's
    colour, #4 the other one. Numbering without the PAB player would give 6–3
    and 4–7."""
    ratings = [2500, 1400, 2300, 2200, 2100, 2000, 1900]
    t = Tournament(
        players=tuple(Player(n, f"P{n}", rating=r) for n, r in enumerate(ratings, 1)),
        total_rounds=5,
        initial_colour=W,
    )
    pairing = LimSystem().pair(t, 1)
    assert pairing.bye == 2
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 5), (3, 6), (7, 4)]


def test_no_legal_pairing_is_reported() -> None:
    t = Tournament(players=_players(2), total_rounds=3, initial_colour=W)
    t = t.with_round(1, {1: Entry(Result.WIN, 2, W), 2: Entry(Result.LOSS, 1, B)})
    with pytest.raises(NoLegalPairing):
        LimSystem().pair(t, 2)
    assert "NO LEGAL PAIRING" in LimSystem().trace(t, 2).render()


# --------------------------------------------------------------------- the plugin, explain, CLI


def test_registered_as_plugin() -> None:
    assert isinstance(load("lim"), LimSystem)


def test_explain_follows_the_pairing() -> None:
    """The explanation lists every group in pairing order with its members, the
    floaters and the rule that chose them, and every board with its colour rule."""
    rounds = list(random_tournament(11))
    state = rounds[4]
    assert state.pairing is not None
    text = LimSystem().trace(state.tournament, state.round_no).render()
    assert text.startswith(f"Lim system (C.04.4.3, 2026) — round {state.round_no}")
    assert "Pairing order (2.2):" in text
    for g in state.trace.groups:
        assert "residents:" in text
        for f in g.floaters:
            assert f"#{f.player}: type {f.floater_type} (3.9)" in text
    for b in state.pairing.boards:
        assert any(line.split()[1:4] == [str(b.white), "–", str(b.black)] for line in text.splitlines())
    assert "chosen by" in text and "proposed pairing (2.4)" in text


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("swissbridge")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, check=False)


def test_cli_pairs_a_corpus_state(tmp_path: Path) -> None:
    src = shared_path("corpus", "dutch", "t000", "rounds", "r03.trf")
    out = tmp_path / "out.pairs"
    proc = _cli("pair", str(src), "--system", "lim", "--format", "pairlist", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    lines = out.read_text().split("\n")
    assert int(lines[0]) == len([x for x in lines[1:] if x.strip()])
    text = _cli("pair", str(src), "--system", "lim", "--format", "text", "--explain")
    assert text.returncode == 0
    assert "Bd" in text.stdout and "Scoregroup" in text.stderr


def test_cli_no_legal_pairing_exits_1(tmp_path: Path) -> None:
    from swissbridge.formats.trf import write_trf

    t = Tournament(players=_players(2), total_rounds=3, initial_colour=W)
    t = t.with_round(1, {1: Entry(Result.WIN, 2, W), 2: Entry(Result.LOSS, 1, B)})
    src = tmp_path / "blocked.trf"
    src.write_text(write_trf(t))
    proc = _cli("pair", str(src), "--system", "lim", "--format", "pairlist", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1
    assert "no legal pairing" in proc.stderr


def test_augmenting_paths_need_no_deep_recursion() -> None:
    """The bipartite searches are iterative: an augmenting path through 1 500
    pairs (each player's partner must move one place on) is found without
    touching Python's recursion limit."""
    from swissbridge.plugins.lim.feasibility import BipartiteMatching, PairsAcross

    n = 1500
    xs, ys = list(range(n + 1)), list(range(n + 1, 2 * n + 2))
    rows: dict[int, list[int]] = {x: [ys[x]] + ([ys[x - 1]] if x else []) for x in xs}
    for x in xs:
        for y in rows[x]:
            rows.setdefault(y, []).append(x)
    mate = {x: ys[x - 1] for x in xs[1:]} | {ys[x - 1]: x for x in xs[1:]}
    across = PairsAcross(rows, dict(mate), n)
    assert across.maximise([0]) == n + 1 and across.mate[0] == ys[0]
    floaters = BipartiteMatching(ys[::-1], lambda x, y: y in rows[x])
    for x in xs:  # each floater takes the last target it can, pushing the earlier ones along
        assert floaters.add(x)
