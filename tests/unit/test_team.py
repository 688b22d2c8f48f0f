"""The team Swiss (C.04.6, 2026), article by article, on small worked examples.

Most events here have one-board teams (player n is team n), so a team's match is its
player's game and each example reads like the article it tests."""

from __future__ import annotations

from dataclasses import replace

import pytest
from swissbridge.errors import InputError
from swissbridge.formats.trf import parse_trf
from swissbridge.model import Colour, Tournament
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.brackets import PabChoice, choose_pab, pair_bracket, upfloater_sets
from swissbridge.plugins.floaters import upfloater_profiles
from swissbridge.plugins.team import TeamSystem
from swissbridge.plugins.team.colours import allocate
from swissbridge.plugins.team.rules import Preference, RoundState, colour_preference
from swissbridge.rules.teams import ColourModel, MatchKind, TeamCode, TeamEvent, board_pairing, team_code
from swissbridge.systems.service import render_pairing

W, B = Colour.WHITE, Colour.BLACK


def event(
    rounds: dict[int, list[str]],
    teams: int,
    *,
    code: str = "FIDE_TEAM_TYPEA_MP_GP",
    total: int = 5,
    extra: str = "",
    members: int = 1,
) -> Tournament:
    """A team event of ``teams`` teams of ``members`` boards; ``rounds[n]`` is player n's
    round blocks as written in TRF (``"   2 w 1"``), player n of team (n-1)//members+1."""
    lines = ["012 Test", f"142 {total}", "152 W", f"192 {code}"]
    lines += [line for line in extra.splitlines() if line]
    for n in range(1, teams * members + 1):
        blocks = "".join(f"  {b}" for b in rounds.get(n, []))
        lines.append(f"001 {n:>4}      {'P' + str(n):<34}2500{'':29}0.0 {n:>4}{blocks}")
    for t in range(1, teams + 1):
        ids = "".join(f" {m:>4}" for m in range((t - 1) * members + 1, t * members + 1))
        lines.append(f"310 {t:<3} {'Team' + str(t):<32}{'':32}{ids}")
    return parse_trf("\n".join(lines) + "\n")


def pairlist(t: Tournament) -> list[str]:
    return TeamSystem().pair(t).pairlist().splitlines()[1:]


# -- 192: the team codes ---------------------------------------------------------------


def test_the_192_codes() -> None:
    assert team_code("FIDE_TEAM") == TeamCode(ColourModel.TYPE_A, False, True, False)
    assert team_code("FIDE_TEAM_TYPEB_GP_MP_BAKU") == TeamCode(ColourModel.TYPE_B, True, True, True)
    assert team_code("FIDE_TEAM_MP") == TeamCode(ColourModel.NONE, False, False, False)
    assert team_code("FIDE_TEAM_TYPEA_GP") == TeamCode(ColourModel.TYPE_A, True, False, False)
    assert team_code("FIDE_DUTCH_2026") is None and team_code("FIDE_TEAM_XY") is None


# -- 1.2, 1.4, 1.6: the matches ------------------------------------------------------------


def test_match_points_from_game_points_and_the_pab_as_a_draw() -> None:
    """Two-board teams: 1.5-0.5 is a won match; the PAB is a drawn match (1.4): 1 MP and
    one point of game points per board drawn."""
    t = event(
        {1: ["   3 w 1"], 2: ["   4 b ="], 3: ["   1 b 0"], 4: ["   2 w ="], 5: ["0000 - U"], 6: ["0000 - U"]},
        3,
        members=2,
    )
    ev = TeamEvent(t)
    one, two, three = (ev.record(n).match(1) for n in (1, 2, 3))
    assert one is not None and two is not None and three is not None
    assert (one.kind, one.match_points, one.game_points, one.colour) == (MatchKind.WIN, 20, 15, W)
    assert (two.kind, two.match_points, two.game_points, two.colour) == (MatchKind.LOSS, 0, 5, B)
    assert (three.kind, three.match_points, three.game_points) == (MatchKind.PAB, 10, 10)


def test_a_match_with_board_1_forfeited_is_played_and_keeps_board_1s_colour() -> None:
    """1.6.1: a match some of whose boards were played is played; the team's colour is
    the one its board-1 player was scheduled, forfeited or not."""
    t = event({1: ["   3 w +"], 2: ["   4 b 1"], 3: ["   1 b -"], 4: ["   2 w 0"]}, 2, members=2)
    m = TeamEvent(t).record(1).match(1)
    assert m is not None and m.played and m.kind is MatchKind.WIN and m.colour is W
    assert RoundState(t, 2).can_have_pab(1)  # [C2]: not a match won by forfeit


def test_a_match_no_board_of_which_was_played_is_a_forfeit() -> None:
    t = event({1: ["   3 w +"], 2: ["   4 b +"], 3: ["   1 b -"], 4: ["   2 w -"]}, 2, members=2)
    m = TeamEvent(t).record(1).match(1)
    assert m is not None and not m.played and m.kind is MatchKind.FORFEIT_WIN and m.colour is None
    state = RoundState(t, 2)
    assert not state.can_have_pab(1) and state.can_have_pab(2)  # [C2]
    assert state.can_meet(1, 2)  # not a meeting (C.04.2 3.5)


def test_a_match_both_teams_scored_by_forfeits_is_played() -> None:
    """Each team won one board by forfeit: both were present, so the match is a drawn
    match, played (1.6.1), a meeting ([C1]), with board 1's colour."""
    t = event({1: ["   3 w +"], 2: ["   4 b -"], 3: ["   1 b -"], 4: ["   2 w +"]}, 2, members=2)
    m = TeamEvent(t).record(1).match(1)
    assert m is not None and m.played and m.kind is MatchKind.DRAW and m.colour is W
    assert not RoundState(t, 2).can_meet(1, 2)


def test_record_320_gives_the_pab_points_and_299_adds_a_bonus() -> None:
    t = event(
        {1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["0000 - U"]}, 3, extra="320  2.0  3.0\n299     3.0          1    2"
    )
    ev = TeamEvent(t)
    assert (ev.record(3).match_points(1), ev.record(3).game_points(1)) == (20, 30)
    assert ev.record(2).match_points(1) == 30


# -- 1.7: colour preferences ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "model", "last", "expected"),
    [
        ((W, W), ColourModel.TYPE_A, False, Preference(B, True)),  # CD 2
        ((B, W), ColourModel.TYPE_A, False, None),  # CD 0, last two differ
        ((W,), ColourModel.TYPE_A, False, None),  # CD 1, one match: Type A has none
        ((W,), ColourModel.TYPE_B, False, Preference(B, False)),  # Type B mild
        ((W, B), ColourModel.TYPE_B, False, Preference(W, False)),  # CD 0, last Black
        ((W, B), ColourModel.TYPE_B, True, None),  # ... but not in the last round
        ((B, W, W), ColourModel.TYPE_B, False, Preference(B, True)),  # CD 1, WW: strong
        ((W, W), ColourModel.NONE, False, None),
        ((), ColourModel.TYPE_B, False, None),
    ],
)
def test_colour_preferences(
    colours: tuple[Colour, ...], model: ColourModel, last: bool, expected: Preference | None
) -> None:
    assert colour_preference(colours, model, last) == expected


# -- 3.4: the PAB ----------------------------------------------------------------------------


def test_the_pab_lowest_score_then_most_matches_then_largest_tpn_never_twice() -> None:
    """Round 2 of five teams: 2 and 4 lost (0 MP); 4 has the largest TPN (3.4.4). Had 4
    had the PAB already, [C2] would pass it to 2."""
    rounds = {1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w 1"], 4: ["   3 b 0"], 5: ["0000 - U"]}
    state = RoundState(event(rounds, 5), 2)
    assert choose_pab(state, state.present, PabChoice(5)) == 4
    rounds[5] = ["   4 w 1"]
    rounds[4] = ["   5 b 0"]
    rounds[3] = ["0000 - U"]
    rounds[1], rounds[2] = ["   2 w 1"], ["   1 b 0"]
    state = RoundState(event(rounds, 5), 2)
    assert choose_pab(state, state.present, PabChoice(5)) == 4
    rounds[4] = ["0000 - U"]
    rounds[3] = ["   5 b 0"]
    rounds[5] = ["   3 w 1"]
    state = RoundState(event(rounds, 5), 2)
    assert choose_pab(state, state.present, PabChoice(5)) == 3  # 4 had the PAB ([C2]); 2 and 3 lost, 3 the larger TPN


# -- 3.5: upfloaters -----------------------------------------------------------------------------


def test_the_set_order_of_3_5_4() -> None:
    """The example of 3.5.4: teams 2, 6 and 8 have 3 points, 1, 3 and 5 have 2.5; with two
    upfloaters of 3 points and one of 2.5 the sets run {2,6,1} < {2,6,3} < {2,6,5} <
    {2,8,1} < … < {6,8,5}. (Round 1 drawn by all, record 299 adding the rest.)"""
    rounds = {n: [f"{n + 1 if n % 2 else n - 1:>4} {'w' if n % 2 else 'b'} ="] for n in range(1, 11)}
    bonus = {2: 2.0, 6: 2.0, 8: 2.0, 1: 1.5, 3: 1.5, 5: 1.5}
    extra = "\n".join(f"299     {p:.1f}          1 {t:>4}" for t, p in bonus.items())
    state = RoundState(event(rounds, 10, extra=extra), 2)
    lower = [1, 2, 3, 5, 6, 8]
    assert {state.teams[t].score for t in lower} == {30, 25}
    sets = [tuple(s) for s in upfloater_sets(state, lower, (30, 30, 25))]
    assert sets[:4] == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)] and sets[-1] == (6, 8, 5)
    assert upfloater_profiles((state.score(t) for t in lower), 3)[:2] == [(30, 30, 30), (30, 30, 25)]  # [C5]


def test_c5_takes_the_highest_upfloater_the_rest_allows() -> None:
    """Team 1 alone on 2 MP takes an upfloater of 1 MP (3 and 4 drew; 3 first by 3.5.4)
    rather than the 0-MP team 2 ([C5]); 2-4 is left."""
    rounds = {1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w ="], 4: ["   3 b ="]}
    assert {frozenset(p.split()) for p in pairlist(event(rounds, 4))} == {frozenset("13"), frozenset("24")}


# -- 3.6: the bracket -----------------------------------------------------------------------------


def test_round_1_is_the_fold_and_colours_alternate_by_tpn() -> None:
    """3.6: the first identifier is 1-4, 2-5, 3-6; 4.3.1: odd TPN takes the initial colour."""
    assert pairlist(event({}, 6)) == ["1 4", "5 2", "3 6"]


def test_the_first_identifier_that_avoids_a_rematch() -> None:
    """Teams 1-4 all on 1 MP after 1-3 and 2-4 drew. The identifiers run (1,2,3,4) [1-3,
    2-4], (1,2,4,3) [1-4, 2-3], (1,3,2,4) [1-2, 3-4]: the first without a rematch is 1-4, 2-3."""
    rounds = {1: ["   3 w ="], 3: ["   1 b ="], 2: ["   4 b ="], 4: ["   2 w ="]}
    state = RoundState(event(rounds, 4), 2)
    assert pair_bracket(state, [1, 2, 3, 4], set()).pairs == [(1, 4), (2, 3)]


def test_c8_before_the_identifier() -> None:
    """Type A: teams 1 and 3 (WW) both prefer Black, 2 and 4 (BB) White; the fold 1-3,
    2-4 leaves two preferences unfulfilled ([C8]), so the next identifier 1-4, 2-3."""
    rounds = {
        1: ["   5 w 1", "   6 w 1"],
        2: ["   6 b 1", "   5 b 1"],
        3: ["   7 w 1", "   8 w 1"],
        4: ["   8 b 1", "   7 b 1"],
        5: ["   1 b 0", "   2 w 0"],
        6: ["   2 w 0", "   1 b 0"],
        7: ["   3 b 0", "   4 w 0"],
        8: ["   4 w 0", "   3 b 0"],
    }
    state = RoundState(event(rounds, 8), 3)
    assert state.unfulfilled(1, 3) == (1, 0) and state.unfulfilled(2, 4) == (1, 0)
    assert state.unfulfilled(1, 4) == (0, 0)
    assert pair_bracket(state, [1, 2, 3, 4], set()).pairs == [(1, 4), (2, 3)]


# -- Article 4: colours -----------------------------------------------------------------------------


def test_4_3_5_the_lower_colour_difference_gets_white() -> None:
    rounds = {
        1: ["   3 w 1", "   4 w 1"],
        2: ["   4 w 1", "   3 b 1"],
        3: ["   1 b 0", "   2 w 0"],
        4: ["   2 b 0", "   1 b 0"],
    }
    state = RoundState(event(rounds, 4, code="FIDE_TEAM_MP"), 3)
    a = allocate(state, 1, 2)
    assert (a.white, a.black) == (2, 1) and a.rule.startswith("4.3.5")


def test_4_3_1_initial_colour_black() -> None:
    t = replace(event({}, 4), initial_colour=B)
    assert pairlist(t) == ["3 1", "2 4"]


# -- the round, the board pairings, the refusals -----------------------------------------------------


def test_board_pairings_alternate_from_the_team_colour() -> None:
    """The White team's first player is White on board 1, Black on board 2 (352 not given)."""
    t = event({}, 2, members=2)
    team = TeamSystem().pair(t)
    assert [(b.white, b.black) for b in team.boards] == [(1, 2)]
    boards = board_pairing(t, team)
    assert [(b.white, b.black) for b in boards.boards] == [(1, 3), (4, 2)]
    assert "001    1      P1" in render_pairing(t, team, "trf") and "   3 w" in render_pairing(t, team, "trf")


def test_no_legal_pairing_is_reported() -> None:
    rounds = {1: ["   2 w 1"], 2: ["   1 b 0"]}
    with pytest.raises(NoLegalPairing):
        TeamSystem().pair(event(rounds, 2))


def test_a_record_naming_no_team_is_refused_when_paired() -> None:
    with pytest.raises(InputError, match="record 260 names team 9"):
        TeamSystem().pair(event({}, 4, extra="260   1   1    1    9"))


@pytest.mark.parametrize("members", ["   2", ""])
def test_a_player_in_no_team_is_refused_at_its_player_line(members: str) -> None:
    """A 310 record with no members (or without one player) leaves a player in no team:
    the file is read, its pairing refused at the player's 001 line, the start number's column."""
    lines = ["012 Team Cup", "142 4", "192 FIDE_TEAM_TYPEA_MP_GP", f"310   1 {'Bergen SK':<32}".ljust(73) + members]
    lines += ["310   2 Oslo SK".ljust(73) + "   3"]
    lines += [f"001 {n:>4}      P{n:<32} 2000 NOR".ljust(80) + "0.0" for n in (1, 2, 3)]
    t = parse_trf("\n".join(lines).encode())  # read whatever it says; refused when paired
    with pytest.raises(InputError, match="player 1 is in no team") as exc:
        TeamSystem().pair(t)
    assert str(exc.value.located("cup.trf")).startswith("cup.trf:6:5: ")


def test_check_replays_the_team_pairs() -> None:
    """``check`` of a team event: each round's team pairs against the matches played."""
    import random

    from swissbridge.commands.check import check_tournament
    from swissbridge.commands.generate import plan_team_event, play_team_round

    rng = random.Random(3)
    plan = plan_team_event(11, 4, 6, "FIDE_TEAM_TYPEB_MP_GP", rng)
    t = plan.tournament
    for r in range(1, 5):
        t = play_team_round(t, TeamSystem().pair(t, r), plan.strengths, rng)
    assert check_tournament(t, TeamSystem()).ok
    swapped = played_round_swapped(t, 4)
    report = check_tournament(swapped, TeamSystem())
    assert [rc.round_no for rc in report.rounds if not rc.ok] == [4]


def played_round_swapped(t: Tournament, round_no: int) -> Tournament:
    """``t`` with every game of ``round_no`` played with the colours reversed."""
    players = []
    for p in t.players:
        e = p.entry(round_no)
        if e is not None and e.colour is not None:
            p = p.with_entry(round_no, replace(e, colour=e.colour.opposite))
        players.append(p)
    return t.with_players(players)


def test_a_200_team_round_is_paired_quickly() -> None:
    """Issue 26: a 200-team round in well under a second (about 0.15 s here)."""
    import random
    import time

    from swissbridge.commands.generate import plan_team_event, play_team_round

    rng = random.Random(5)
    plan = plan_team_event(200, 4, 11, "FIDE_TEAM_TYPEB_MP_GP", rng)
    t = plan.tournament
    worst = 0.0
    for r in range(1, 5):
        start = time.process_time()
        pairing = TeamSystem().pair(t, r)
        worst = max(worst, time.process_time() - start)
        t = play_team_round(t, pairing, plan.strengths, rng)
    assert worst < 1.0


def test_the_baku_code_accelerates_the_first_half_of_the_teams() -> None:
    """C.04.7: 8 teams, 5 rounds: teams 1-4 get a won match's points before rounds 1-2
    and a drawn match's before round 3, so round 1 pairs 1-3, 2-4 (and 5-7, 6-8)."""
    t = event({}, 8, code="FIDE_TEAM_TYPEA_MP_GP_BAKU")
    state = RoundState(t, 1)
    assert [state.virtual(n, 1) for n in (1, 4, 5)] == [20, 20, 0] and state.virtual(1, 3) == 10
    assert {frozenset(p.split()) for p in pairlist(t)} == {
        frozenset(p) for p in (("1", "3"), ("2", "4"), ("5", "7"), ("6", "8"))
    }
    with pytest.raises(InputError, match=r"1\.4\.4"):
        TeamSystem().pair(event({}, 8, code="FIDE_TEAM_TYPEA_GP_MP_BAKU"))
