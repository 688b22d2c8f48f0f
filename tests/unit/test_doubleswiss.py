"""The Double-Swiss (C.04.5): a match is two round columns (docs/double-swiss.md), read
once by :mod:`swissbridge.rules.twogame`; the pairing by the shared bracket procedure; the
colours of Article 4. Each example reads like the article it tests."""

from __future__ import annotations

import pytest
from swissbridge import systems
from swissbridge.errors import InputError
from swissbridge.formats.trf import parse_trf
from swissbridge.model import Colour, Tournament
from swissbridge.plugins.doubleswiss import DoubleSwissSystem
from swissbridge.plugins.doubleswiss.colours import allocate
from swissbridge.plugins.doubleswiss.rules import DoubleState
from swissbridge.rules.twogame import MatchKind, match_to_pair, player_matches

W, B = Colour.WHITE, Colour.BLACK


def event(rounds: dict[int, list[str]], players: int, *, code: str = "FIDE_DOUBLESWISS", total: int = 8) -> Tournament:
    """``players`` players; ``rounds[n]`` is player n's round columns as written in TRF
    (``"   2 w 1"``), two a match; 142 counts the columns."""
    lines = ["012 Test", f"142 {total}", "152 W", f"192 {code}"]
    for n in range(1, players + 1):
        blocks = "".join(f"  {b}" for b in rounds.get(n, []))
        lines.append(f"001 {n:>4}      {'P' + str(n):<34}{2600 - n:>4}{'':29}    {n:>4}{blocks}")
    return parse_trf("\n".join(lines) + "\n")


def test_the_system_is_named_by_record_192() -> None:
    assert systems.system_of("FIDE_DOUBLESWISS") == "doubleswiss"
    assert systems.system_of("FIDE_DOUBLESWISS_BAKU") == "doubleswiss"
    assert DoubleSwissSystem.engine_flag == "--doubleswiss"


def test_a_match_is_two_columns_and_the_pab_counts_once() -> None:
    """1.4: the PAB (``U`` in both columns) is worth a won and a drawn game, once."""
    t = event(
        {
            1: ["   2 w 1", "   2 b =", "0000 - U", "0000 - U"],
            2: ["   1 b 0", "   1 w =", "   3 w 1", "   3 b 1"],
            3: ["0000 - U", "0000 - U", "   2 b 0", "   2 w 0"],
        },
        3,
    )
    one, two = player_matches(t.player(1), 2)
    assert one.kind is MatchKind.PLAYED and one.colour is W and one.opponent == 2
    assert two.kind is MatchKind.PAB
    assert t.player(1).score(t.points, 4) == 15 + 15  # 1½ from the match, 1½ from the PAB
    assert t.player(3).score(t.points, 4) == 15


def test_forfeits_of_one_game_and_of_the_match() -> None:
    """Preface: a match ends by forfeit only if a player forfeits both games; then the
    pairing may be repeated; a single forfeited game counts as played."""
    t = event(
        {
            1: ["   2 w +", "   2 b +", "   3 w 1", "   3 b +"],
            2: ["   1 b -", "   1 w -", "0000 - Z", "0000 - Z"],
            3: ["0000 - Z", "0000 - Z", "   1 b 0", "   1 w -"],
        },
        3,
    )
    forfeited, played = player_matches(t.player(1), 2)
    assert forfeited.kind is MatchKind.FORFEIT_WIN and not forfeited.meeting and forfeited.colour is None
    assert played.kind is MatchKind.PLAYED and played.meeting and played.colour is W
    state = DoubleState(t, 3)
    assert state.can_meet(1, 2) and not state.can_meet(1, 3)
    assert not state.can_have_pab(1)  # [C2]: a match won by forfeit


def test_rare_games_are_read_only_in_a_two_game_event() -> None:
    """Preface: a game can end ½-0 or 0-0."""
    rounds = {1: ["   2 w =", "   2 b 0"], 2: ["   1 b 0", "   1 w 0"]}
    t = event(rounds, 2)
    assert t.player(1).score(t.points, 2) == 5
    with pytest.raises(InputError, match="disagree on the result"):
        event(rounds, 2, code="FIDE_DUTCH_2025")


def test_a_bye_applies_to_the_whole_match() -> None:
    t = event({1: ["   2 w 1", "0000 - Z"], 2: ["   1 b 0", "0000 - Z"]}, 2)
    with pytest.raises(InputError, match="never to one game"):
        player_matches(t.player(1), 1)


def test_the_match_to_pair_is_counted_in_matches() -> None:
    t = event({1: ["   2 w 1", "   2 b 1"], 2: ["   1 b 0", "   1 w 0"]}, 2)
    assert match_to_pair(t, None) == (2, 3)
    with pytest.raises(InputError, match="beyond the 4 rounds"):
        match_to_pair(t, 5)


def test_colours_of_article_4() -> None:
    """4.3.1: neither has had a colour, the HRP's odd TPN takes the initial colour; 4.3.2:
    fewer Whites; 4.3.3: alternate from the last round the colours differed; 4.3.4: the
    HRP's last colour alternated. Game 1's colours: game 2 reverses them (4.4)."""
    state = DoubleState(event({}, 4), 1)
    assert (allocate(state, 1, 3).white, allocate(state, 1, 3).article) == (1, "4.3.1")
    assert allocate(state, 2, 4).white == 4  # even TPN: the other colour to the HRP
    first = {
        1: ["   2 w =", "   2 b ="],
        2: ["   1 b =", "   1 w ="],
        3: ["   4 w =", "   4 b ="],
        4: ["   3 b =", "   3 w ="],
    }
    whites = allocate(DoubleState(event(first, 4), 2), 1, 4)
    assert (whites.white, whites.article) == (4, "4.3.2")
    second = {
        1: ["   2 w =", "   2 b =", "   3 b =", "   3 w ="],
        2: ["   1 b =", "   1 w =", "   4 w =", "   4 b ="],
        3: ["   4 b =", "   4 w =", "   1 w =", "   1 b ="],
        4: ["   3 w =", "   3 b =", "   2 b =", "   2 w ="],
    }
    state = DoubleState(event(second, 4), 3)
    alternated = allocate(state, 1, 3)  # one White each; round 2: 1 Black, 3 White
    assert (alternated.white, alternated.article) == (1, "4.3.3")
    same = allocate(state, 2, 3)  # Black then White both: the HRP 2's last colour alternated
    assert (same.white, same.article) == (3, "4.3.4")


def test_pairing_through_the_protocol() -> None:
    """Match 1: the top half against the bottom half (3.6's first identifier), game 1's
    colours by 4.3.1; an odd number: the PAB to the last TPN (3.4)."""
    pairing = DoubleSwissSystem().pair(event({}, 5))
    assert pairing.pairlist().splitlines()[1:] == ["1 3", "4 2", "5 0"]
