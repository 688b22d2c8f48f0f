"""PGN: the real broadcast files (lichess FWWRC export with boards duplicated across two
studies, TWIC, a Vega pairing skeleton), matching a round's feed to the pairing by
FIDE id and names, the pairing PGN, tournaments built from PGN alone, bad input."""

from __future__ import annotations

import io
import re
import time
from dataclasses import replace
from pathlib import Path

import chess.pgn
import pytest
from swissbridge.errors import InputError
from swissbridge.formats import pgn
from swissbridge.formats.trf import read_trf
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.rules.history import before_round, played_pairing

from tests.conftest import fwwrc_games, shared_path


def fwwrc() -> Path:
    """FWWRC's 605 games, each ended by its termination marker (:func:`fwwrc_games`)."""
    return fwwrc_games()


def vega_round3() -> Path:
    return shared_path("realworld", "rochade", "vega", "round3_manual_accents.pgn")


def sm_round3() -> Tournament:
    return read_trf(shared_path("realworld", "rochade", "swiss_manager", "round3_paired.trf"))


# -- reading files -------------------------------------------------------------------------------


def test_fwwrc_header_only_games_are_one_game_as_python_chess_reads_them() -> None:
    """The export as lichess wrote it: 605 header-only games one blank line apart,
    which python-chess reads as one game whose tags repeat (the last value kept); so
    does swissbridge, saying where the tags repeat. Ended by their markers, they are
    605 games."""
    warnings: list[str] = []
    raw = shared_path("realworld", "scalachess", "FWWRC.pgn")
    (game,) = pgn.read_pgn(raw, warnings=warnings)
    assert (game.white, game.tag("Round"), game.line) == ("Berezovska , Svetlana", "11.28", 1)
    assert game.tag_lines["Round"] == (raw.read_text(encoding="utf-8").count("\n") - 15, 9)  # the last Round tag
    assert warnings == [
        f"{raw}:21: the tag Event again in the game whose tags begin at line 1 (first at line 1): read as "
        "python-chess reads it, one game with each tag's last value; separate games each need their movetext, "
        "at least a termination marker (*, 1-0, 0-1, 1/2-1/2)"
    ]
    games = pgn.read_pgn(fwwrc())
    assert len(games) == 605
    assert games[0].white == "Charkhalashvili, Inga" and games[0].result == "0-1" and games[0].line == 1
    assert games[0].fide_id(Colour.BLACK) == "8603006"
    assert games[0].round_board == (1, 1)
    # boards 1-27 occur twice per round: round.board is not a key
    keys = [g.tag("Round") for g in games]
    assert len(set(keys)) == 308 and keys.count("1.1") == 2


def test_twic_round_conventions() -> None:
    games = pgn.read_pgn(shared_path("realworld", "echecsjs-pgn", "twic.pgn"))
    assert len(games) == 232
    assert all(g.marker == g.result for g in games[:10])  # movetext ends as the Result tag says
    bare = [g for g in games if g.tag("Round") == "1"]
    assert len(bare) == 77 and all(g.round_board == (1, None) for g in bare)
    assert games[0].white == "Carlsen,M" and games[0].result == "1-0"


def test_tournament_from_fwwrc_matches_the_official_scores() -> None:
    """110 players, 11 rounds, from the tags alone; every player's points and rating
    equal scalachess' snapshot of the official standings."""
    t = pgn.tournament_from_pgn(fwwrc())
    assert len(t.players) == 110 and t.total_rounds is None and t.completed_rounds == 11
    assert t.name == "FIDE Women’s World Rapid Championships 2024"
    snapshot = shared_path("realworld", "scalachess", "official_tournament.txt").read_text()
    expected = {
        m.group(1): (int(m.group(2)), round(float(m.group(3)) * 10))
        for m in re.finditer(r"Player\((\d+),Some\((\d+)\)\),([\d.]+),", snapshot)
    }
    assert len(expected) == 110
    got = {p.fide_id: (p.rating, p.score(t.points, 11)) for p in t.players}
    assert got == expected
    # start numbers follow the initial ranking (C.04.2 Art. 2.2): rating first
    assert [p.rating for p in t.players] == sorted((p.rating for p in t.players), reverse=True)
    assert t.player(1).name == "Ju, Wenjun" and t.player(1).title == "GM"


def test_vega_pairing_pgn_matched_by_names_with_accents_and_transliteration() -> None:
    """Vega writes ``Müller, Tobias``/``Dubois, Élise``; Swiss-Manager's TRF says
    ``Mueller,Tobias``/``Dubois,Elise``. This is Vega's round after a manual swap."""
    pairing = pgn.read_pairing_pgn(vega_round3(), sm_round3())
    assert pairing == RoundPairing(3, (Board(4, 2), Board(1, 3), Board(7, 8), Board(9, 5)), bye=6)


# -- a round's feed ------------------------------------------------------------------------------


def _fwwrc_before_results(round_no: int) -> tuple[Tournament, list[pgn.PgnGame]]:
    """FWWRC with round ``round_no`` paired but without results, and its games."""
    t = pgn.tournament_from_pgn(fwwrc())
    games = pgn.read_pgn(fwwrc())
    cut = before_round(t, round_no + 1)
    players = []
    for p in cut.players:
        entries = list(p.entries[:round_no])
        e = entries[round_no - 1]
        entries[round_no - 1] = Entry(Result.PENDING, e.opponent, e.colour)
        players.append(replace(p, entries=tuple(entries)))
    return cut.with_players(players), games


def test_feed_matches_every_board_and_reports_the_other_rounds() -> None:
    t, games = _fwwrc_before_results(5)
    feed = pgn.read_round_feed(games, t, 5)
    assert len(feed.pairing.boards) == 55
    assert feed.complete and len(feed.finished) == 55 and not feed.missing and not feed.conflicts
    assert len(feed.unmatched) == 605 - 55
    assert all("Round tag says round" in u.reason for u in feed.unmatched)
    applied = pgn.apply_feed(t, feed)
    original = pgn.tournament_from_pgn(fwwrc())
    for p in applied.players:
        assert p.entries[:5] == original.player(p.start_no).entries[:5]


def _games_of_round(games: list[pgn.PgnGame], r: int) -> list[pgn.PgnGame]:
    return [g for g in games if g.round_board[0] == r]


def test_feed_reports_missing_boards_in_progress_conflicts_and_strangers() -> None:
    t, games = _fwwrc_before_results(2)
    mine = _games_of_round(games, 2)
    first, second, third = mine[0], mine[1], mine[2]
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[second.result]
    twin = replace(second, result=flipped, marker=flipped, index=999)  # the same board broadcast twice, disagreeing
    live = replace(third, result="*", marker="*")
    swapped = replace(
        mine[3],
        headers={**mine[3].headers, "White": mine[3].black, "Black": mine[3].white,
                 "WhiteFideId": mine[3].tag("BlackFideId"), "BlackFideId": mine[3].tag("WhiteFideId")},
    )  # fmt: skip
    stranger = replace(mine[4], headers={**mine[4].headers, "White": "Nobody, Known", "WhiteFideId": "1"})
    feed_games = [first, second, twin, live, swapped, stranger, *mine[6:]]
    feed = pgn.read_round_feed(feed_games, t, 2)
    board_of = {g.white: i for i, g in enumerate(mine)}
    assert set(feed.missing) == {board_of_pairing(feed, g) for g in (mine[3], mine[4], mine[5])}
    assert [c.board_no for c in feed.conflicts] == [board_of_pairing(feed, second)]
    assert "different results" in feed.conflicts[0].reason
    assert [b.board_no for b in feed.in_progress] == [board_of_pairing(feed, third)]
    reasons = sorted(u.reason.split(":")[0] for u in feed.unmatched)
    assert reasons[0].startswith("colours reversed") and reasons[1].startswith("no player with FIDE id 1")
    assert not feed.complete
    entries = feed.entries()
    assert second.white not in {t.player(n).name for n in entries}
    assert len(entries) == 2 * (55 - 5)
    assert board_of  # the feed was matched without looking at positions
    text = feed.render()
    assert "conflict: board" in text and "no game in the feed" in text


def board_of_pairing(feed: pgn.RoundFeed, game: pgn.PgnGame) -> int:
    """The pairing's board number of a game, found by FIDE ids."""
    ids = {game.fide_id(Colour.WHITE), game.fide_id(Colour.BLACK)}
    t = pgn.tournament_from_pgn(fwwrc())
    numbers = {p.start_no for p in t.players if p.fide_id in ids}
    for i, b in enumerate(feed.pairing.boards, 1):
        if set(b.players()) == numbers:
            return i
    raise AssertionError("board not found")


def test_feed_conflicting_with_a_recorded_result() -> None:
    t = pgn.tournament_from_pgn(fwwrc())
    games = _games_of_round(pgn.read_pgn(fwwrc()), 3)
    g = games[0]
    wrong = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "0-1"}[g.result]
    feed = pgn.read_round_feed([replace(g, result=wrong, marker=wrong)], t, 3)
    assert len(feed.conflicts) == 1 and "already records" in feed.conflicts[0].reason


def test_feed_matches_by_name_when_ids_are_missing() -> None:
    t = sm_round3()
    text = """[Event "x"]\n[Round "3.2"]\n[White "Tobias Müller"]\n[Black "CHEN, wei"]\n[Result "1/2-1/2"]\n\n*\n"""
    feed = pgn.read_round_feed(text.encode(), t, 3)
    assert [(b.board, b.result) for b in feed.boards] == [(Board(4, 2), "1/2-1/2")]
    assert pgn.apply_feed(t, feed).player(4).entry(3) == Entry(Result.DRAW, 2, Colour.WHITE)


def test_feed_bye_game() -> None:
    t = sm_round3()
    text = '[Event "x"]\n[Round "3.5"]\n[White "Gruber, Sarah"]\n[Black "BYE"]\n[Result "*"]\n\n*\n'
    feed = pgn.read_round_feed(text.encode(), t, 3)
    assert len(feed.bye_games) == 1 and not feed.unmatched
    text2 = text.replace("Gruber, Sarah", "Jenni, Rafael")
    feed2 = pgn.read_round_feed(text2.encode(), t, 3)
    assert "does not have the bye" in feed2.unmatched[0].reason


def test_ambiguous_name_is_reported_not_guessed() -> None:
    t = Tournament(players=(Player(1, "Smith, John"), Player(2, "Smith, John"), Player(3, "Doe, Jane")))
    t = t.with_round(1, {1: Entry(Result.PENDING, 3, Colour.WHITE), 3: Entry(Result.PENDING, 1, Colour.BLACK)})
    text = '[Round "1.1"]\n[White "John Smith"]\n[Black "Doe, Jane"]\n[Result "1-0"]\n\n1-0\n'
    feed = pgn.read_round_feed(text.encode(), t, 1)
    assert "fits several players" in feed.unmatched[0].reason and feed.missing == (1,)


# -- the pairing PGN -----------------------------------------------------------------------------

ROUND3 = RoundPairing(3, (Board(4, 2), Board(1, 3), Board(7, 9), Board(5, 8)), bye=6)


def test_pairing_pgn_tags_and_round_trip() -> None:
    t = before_round(sm_round3(), 3, unpaired_absent=False)
    t = t.with_players(replace(p, fide_id="1000" + str(p.start_no), title="FM" if p.start_no == 1 else "") for p in t)
    text = pgn.write_pairing_pgn(t, ROUND3)
    games = []
    handle = io.StringIO(text)
    while (g := chess.pgn.read_game(handle)) is not None:
        games.append(g)
    assert len(games) == 5
    first = games[0].headers
    assert first["Round"] == "3.1" and first["White"] == "Mueller,Tobias" and first["Black"] == "Chen,Wei"
    assert first["Result"] == "*" and first["WhiteElo"] == "2044" and first["WhiteFideId"] == "10004"
    assert first["Date"] == "2026.09.01" and first["Site"] == "Rochade SUI" and first["Event"] == "Rochade M0 Spike"
    assert games[1].headers["WhiteTitle"] == "FM" and "BlackTitle" not in games[1].headers
    assert games[4].headers["Black"] == "BYE" and games[4].headers["Round"] == "3.5"
    assert all(not list(g.mainline_moves()) for g in games)
    assert pgn.read_pairing_pgn(text.encode(), t) == ROUND3


def test_end_to_end_through_pgn() -> None:
    """Export of round 2 → pair round 3 → pairing PGN → read back: the same pairing."""
    from swissbridge.systems.service import pair_tournament

    t = before_round(sm_round3(), 3, unpaired_absent=False)
    pairing = pair_tournament(t, system="dutch")
    back = pgn.read_pairing_pgn(pgn.write_pairing_pgn(t, pairing).encode(), t)
    assert (back.boards, back.bye) == (pairing.boards, pairing.bye) == (ROUND3.boards, ROUND3.bye)


def test_results_pgn_round_trip() -> None:
    """A tournament written as PGN and read back keeps every game and result."""
    original = pgn.tournament_from_pgn(fwwrc())
    again = pgn.tournament_from_pgn([pgn.write_results_pgn(original).encode()])
    assert [(p.name, p.fide_id, p.rating, p.entries) for p in again.players] == [
        (p.name, p.fide_id, p.rating, p.entries) for p in original.players
    ]


def test_tournament_from_pgn_with_a_player_list(tmp_path: Path) -> None:
    """A folder of round PGNs with a player list: results merged by names into the list."""
    from swissbridge.systems.service import read_tournament

    base = before_round(sm_round3(), 3, unpaired_absent=False)
    folder = tmp_path / "event"
    folder.mkdir()
    from swissbridge.formats.jsonfmt import tournament_to_json

    (folder / "players.json").write_text(tournament_to_json(base), encoding="utf-8")
    games = pgn.write_pairing_pgn(base, ROUND3).replace('[Result "*"]', '[Result "1-0"]', 4)
    games = re.sub(r"\n\*\n", "\n1-0\n", games, count=4)
    (folder / "round3.pgn").write_text(games, encoding="utf-8")
    t = read_tournament(folder)
    assert t.player(4).entry(3) == Entry(Result.WIN, 2, Colour.WHITE)
    assert t.player(6).entry(3) == Entry(Result.PAB)
    assert t.player(5).entry(2) == Entry(Result.HALF_BYE)
    assert played_pairing(t, 3).bye == 6


# -- bad input -----------------------------------------------------------------------------------


def test_truncated_tag_is_read_with_a_located_warning() -> None:
    """python-chess skips a malformed tag line; so does the reader, saying where."""
    data = fwwrc().read_bytes()[:2000]
    cut = data[: data.rfind(b'"')]  # inside a tag value
    warnings: list[str] = []
    games = pgn.parse_pgn(cut, path="feed.pgn", warnings=warnings)
    line = cut.count(b"\n") + 1
    assert games and f"feed.pgn:{line}: a malformed tag line, skipped" in warnings[-1]


def test_truncated_movetext_is_read_with_a_located_warning() -> None:
    text = '[Event "x"]\n[Round "1.1"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3\n'
    warnings: list[str] = []
    (game,) = pgn.parse_pgn(text.encode(), path="g.pgn", warnings=warnings)
    assert (game.result, game.marker) == ("1-0", None)
    assert warnings == [
        "g.pgn:7: the game's movetext ends without a termination marker (*, 1-0, 0-1, 1/2-1/2): "
        "read as it stands; the file may still be being written"
    ]


def test_utf16_without_bom_is_refused() -> None:
    data = '[Event "x"]\n[White "a"]\n'.encode("utf-16-le")
    with pytest.raises(InputError, match="NUL bytes") as info:
        pgn.parse_pgn(data, path="u.pgn")
    assert info.value.line == 1


def test_latin1_is_the_pgn_standard_charset() -> None:
    data = '[Event "x"]\n[Round "1.1"]\n[White "Müller, T"]\n[Black "b"]\n[Result "*"]\n\n*\n'.encode("latin-1")
    assert pgn.parse_pgn(data)[0].white == "Müller, T"


def test_unknown_result_and_text_before_tags() -> None:
    warnings: list[str] = []
    (game,) = pgn.parse_pgn(b'[Event "x"]\n[Result "2-0"]\n\n*\n', warnings=warnings)
    assert game.result == "*" and warnings == ["line 1: unknown result '2-0': the game is read as unfinished (*)"]
    (game,) = pgn.parse_pgn(b'hello\n[Event "x"]\n')  # python-chess: movetext, then tokens it skips
    assert game.headers == {} and game.line == 1


def test_unknown_player_with_a_player_list() -> None:
    base = sm_round3()
    text = b'[Event "x"]\n[Round "1.1"]\n[White "Baumann, Lukas"]\n[Black "Somebody, Else"]\n[Result "1-0"]\n\n1-0\n'
    with pytest.raises(InputError, match="unknown player: no player with name 'Somebody, Else'") as info:
        pgn.tournament_from_pgn([text], players=base)
    assert (info.value.line, info.value.column) == (4, 9)  # the Black tag's value


def test_same_player_twice_in_a_round_is_an_error() -> None:
    text = (
        b'[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n'
        b'[Round "1.2"]\n[White "A"]\n[Black "C"]\n[Result "0-1"]\n\n0-1\n'
    )
    with pytest.raises(InputError, match="also plays another game in round 1") as info:
        pgn.tournament_from_pgn([text])
    assert (info.value.line, info.value.column) == (9, 9)  # A, White in the second game


def test_pairing_pgn_with_an_unknown_player() -> None:
    text = b'[Round "3.1"]\n[White "Baumann, Lukas"]\n[Black "Zzz, Top"]\n[Result "*"]\n\n*\n'
    with pytest.raises(InputError, match="unknown player") as info:
        pgn.read_pairing_pgn(text, sm_round3())
    assert (info.value.line, info.value.column) == (3, 9)


def test_name_keys() -> None:
    assert pgn.name_keys("Müller, Tobias") & pgn.name_keys("Mueller,Tobias")
    assert pgn.name_keys("Dubois, Élise") & pgn.name_keys("Elise Dubois")
    assert not pgn.name_keys("Müller, Tobias") & pgn.name_keys("Müller, Thomas")
    assert pgn.name_keys("Berezovska , Svetlana") == pgn.name_keys("Berezovska, Svetlana")


def test_pair_the_next_round_of_an_event_known_only_from_pgn(tmp_path: Path) -> None:
    """Rounds 1-5 of FWWRC as PGN, no tournament manager: round 6 is paired, every
    player once, no rematch, and written as a pairing PGN the feed reader accepts."""
    from swissbridge.systems.service import pair_tournament

    text = fwwrc().read_text(encoding="utf-8")
    games = re.split(r"\n\n(?=\[Event)", text)
    keep = [g for g in games if int(re.search(r'\[Round "(\d+)', g).group(1)) <= 5]  # type: ignore[union-attr]
    (tmp_path / "rounds1-5.pgn").write_text("\n\n".join(keep) + "\n", encoding="utf-8")
    t = pgn.tournament_from_pgn(tmp_path / "rounds1-5.pgn")
    assert t.completed_rounds == 5 and t.total_rounds is None
    pairing = pair_tournament(t, system="dutch")
    assert pairing.round_no == 6 and len(pairing.boards) == 55 and pairing.bye is None
    seen = [n for b in pairing.boards for n in b.players()]
    assert sorted(seen) == list(range(1, 111))
    for b in pairing.boards:
        assert all(e.opponent != b.black for e in t.player(b.white).entries)
    out = pgn.write_pairing_pgn(t, pairing)
    assert pgn.read_pairing_pgn(out.encode(), t).boards == pairing.boards


# -- numbers beyond any tournament (hostile input) -----------------------------------------------


def _game(round_tag: str, white: str = "A, B", black: str = "C, D", **tags: str) -> bytes:
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return (
        f'[Event "x"]\n[Round "{round_tag}"]\n[White "{white}"]\n[Black "{black}"]\n{extra}[Result "1-0"]\n\n1-0\n'
    ).encode()


@pytest.mark.parametrize(
    ("round_tag", "found"),
    [("99999999999", "'99999999999'"), ("9" * 5000, "(5000 characters)"), ("100000.2", "'100000'"), ("0.1", "'0'")],
)
def test_a_round_beyond_any_tournament_is_refused_at_its_game(round_tag: str, found: str) -> None:
    """A huge Round tag never returned (a round was built for every number up to
    it); 5000 digits raised ValueError. Now a located error, at once."""
    data = _game("1.1") + b"\n" + _game(round_tag, "E, F", "G, H")
    with pytest.raises(InputError, match=r"the round of the Round tag \(1-999\)") as info:
        pgn.tournament_from_pgn([data])
    assert (info.value.line, info.value.column) == (10, 9)  # the Round tag's value, not the game's first line
    assert found in info.value.message and len(info.value.message) < 200


def test_a_rating_beyond_any_player_is_refused() -> None:
    with pytest.raises(InputError, match=r"a rating in the WhiteElo tag \(0-9999\)") as info:
        pgn.tournament_from_pgn([_game("1.1", WhiteElo="9" * 5000)])
    assert (info.value.line, info.value.column) == (5, 12)
    t = pgn.tournament_from_pgn([_game("1.1", WhiteElo="2100", BlackElo="?")])
    assert [p.rating for p in t.players] == [2100, 0]


def test_round_999_without_the_rounds_before_is_refused_at_once() -> None:
    """Rounds without games are not invented as absences (issue 16, point 1): 200
    boards in round 999 alone are refused, quickly, naming the missing rounds."""
    data = b"\n".join(_game("999." + str(i), f"W{i:03d}, X", f"B{i:03d}, Y") for i in range(1, 201))
    start = time.perf_counter()
    with pytest.raises(InputError, match=r"a game of round 999, but the PGN has no game of round 1-998: "):
        pgn.tournament_from_pgn([data])
    assert time.perf_counter() - start < 3.0


def test_a_feed_game_of_an_impossible_round_is_reported_not_raised() -> None:
    t, games = _fwwrc_before_results(2)
    mine = _games_of_round(games, 2)
    odd = replace(mine[0], headers={**mine[0].headers, "Round": "9" * 5000 + ".1"})
    feed = pgn.read_round_feed([odd, *mine[1:]], t, 2)
    assert [u.game for u in feed.unmatched] == [odd]
    assert "the round of the Round tag (1-999)" in feed.unmatched[0].reason
    assert odd.round_board == (None, 1)


def test_a_20_mb_tag_is_refused_at_its_line_in_little_memory() -> None:
    """A tag regex once took 3.5 GB for this; reading is linear, the line is located."""
    import tracemalloc

    data = b'[Event "x"]\n[White "' + b"a" * 20_000_000 + b'"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="line of 20,000,010 characters") as err:
            pgn.parse_pgn(data, path="big.pgn")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (err.value.path, err.value.line) == ("big.pgn", 2)
    assert peak < 200 * 2**20, f"{peak / 2**20:.0f} MB"


def test_an_absurd_tag_within_a_line_is_refused_at_its_line() -> None:
    data = b'[Event "x"]\n[Annotator "' + b"a" * 50_000 + b'"]\n[Result "1-0"]\n\n1-0\n'
    with pytest.raises(InputError, match="tag Annotator of 50,014 characters") as err:
        pgn.parse_pgn(data, path="t.pgn")
    assert (err.value.line, err.value.column) == (2, 1)


def test_long_movetext_lines_and_many_comments_are_read() -> None:
    """Single-line movetext with a comment per move (lichess exports) is fine."""
    moves = " ".join(f"{i}. e4 {{[%clk 0:03:00]}} e5 {{[%clk 0:03:00]}}" for i in range(1, 5000))
    games = pgn.parse_pgn(f'[Result "1-0"]\n\n{moves} 1-0\n'.encode())
    assert len(games) == 1 and games[0].marker == "1-0"
