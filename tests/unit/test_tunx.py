"""The ``.TUNX`` reader against the 37 real Swiss-Manager files of
../shared/realworld/echecsjs-tunx and the independent reading saved beside each
(``NAME.reference.json``, by @echecs/tunx), and on damaged input.

Where the two readings differ, the tests prove why from the bytes: the reference
takes ``ceil(players / 2)`` pairing records per round, where the file says how many
each round has (docs/tunx.md). Its reading is reproduced exactly from our records
with its own rules, every round of every file, and so are its points and ranks,
which it computes (Swiss-Manager stores none)."""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from swissbridge.errors import InputError
from swissbridge.formats.detect import detect_format, read_any
from swissbridge.formats.tunx import Layout, PairingRecord, parse_tunx, read_layout
from swissbridge.model import Colour, EventKind, Result, Tournament
from swissbridge.systems.service import pair_tournament

from tests.conftest import shared_path

FOLDER = ("realworld", "echecsjs-tunx")


def tunx_files() -> list[Path]:
    return sorted(shared_path(*FOLDER).glob("*.TUNX"))


def reference(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.with_suffix(".reference.json").read_text(encoding="utf-8"))
    return doc


# -- the reference reader's rules, applied to our records --------------------------------------------

_REF_CODES = {0: "Z", 1: "1", 2: "=", 3: "0", 4: "+", 5: "-", 9: "F"}
"""How the reference names a result code (any other code: no result, record dropped)."""
_REF_GAMES = {
    "1": {"result": "white"},
    "0": {"result": "black"},
    "=": {"result": "draw"},
    "+": {"result": "white", "forfeit": "black"},
    "-": {"result": "black", "forfeit": "white"},
}
_REF_POINTS = {"1": 1.0, "+": 1.0, "=": 0.5}
_FLIP = {"1": "0", "0": "1", "+": "-", "-": "+"}


def reference_rules(layout: Layout) -> tuple[list[dict[str, Any]], dict[int, float], dict[int, int]]:
    """The reference's reading of our records: ``ceil(n / 2)`` records per round in
    file order whatever the round holds, records of a player not paired kept only
    as a half-point bye (code 2), the pairing-allocated bye and unknown codes
    dropped; its points (1, ½, 0 from that reading) and its ranks (by points only,
    ties sharing the best rank)."""
    n = layout.settings.players
    flat: list[PairingRecord] = [rec for rnd in layout.rounds for rec in rnd]
    per_round = math.ceil(n / 2) if n else 0
    rounds: list[dict[str, Any]] = []
    points = {p: 0.0 for p in range(1, n + 1)}
    for r in range(layout.settings.total_rounds):
        games: list[dict[str, Any]] = []
        byes: list[dict[str, Any]] = []
        for rec in flat[r * per_round : (r + 1) * per_round]:
            code = _REF_CODES.get(rec.code)
            if code is None:
                continue
            points[rec.white] = points.get(rec.white, 0.0) + _REF_POINTS.get(code, 0.0)
            if rec.black != 0xFFFE:
                points[rec.black] = points.get(rec.black, 0.0) + _REF_POINTS.get(_FLIP.get(code, code), 0.0)
            if code == "Z":
                continue
            if rec.black == 0xFFFE:
                if code == "=":
                    byes.append({"kind": "half", "player": str(rec.white)})
                continue
            if code in _REF_GAMES:
                games.append({"white": str(rec.white), "black": str(rec.black), **_REF_GAMES[code]})
        if r < layout.settings.paired_rounds:
            rounds.append({"games": games, "byes": byes})
    ordered = sorted(points.values(), reverse=True)
    ranks = {p: ordered.index(v) + 1 for p, v in points.items()}
    return rounds, {p: v for p, v in points.items() if p <= n}, ranks


def _key(item: dict[str, Any]) -> str:
    return json.dumps(item, sort_keys=True)


def same_round(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return sorted(map(_key, a["games"])) == sorted(map(_key, b["games"])) and sorted(map(_key, a["byes"])) == sorted(
        map(_key, b["byes"])
    )


# -- our reading in the reference's terms -------------------------------------------------------------

_OUR_RESULT = {
    Result.WIN: "white",
    Result.LOSS: "black",
    Result.DRAW: "draw",
    Result.FORFEIT_WIN: "white",
    Result.FORFEIT_LOSS: "black",
    Result.WIN_UNRATED: "white",
    Result.LOSS_UNRATED: "black",
}


def our_round(t: Tournament, r: int) -> dict[str, Any]:
    """Round ``r`` of our reading as the reference writes a round."""
    games: list[dict[str, Any]] = []
    byes: list[dict[str, Any]] = []
    for p in t.players:
        e = p.entry(r)
        if e is None:
            continue
        if e.result is Result.HALF_BYE:
            byes.append({"kind": "half", "player": str(p.start_no)})
        if e.colour is Colour.WHITE and e.opponent is not None and e.result in _OUR_RESULT:
            game = {"white": str(p.start_no), "black": str(e.opponent), "result": _OUR_RESULT[e.result]}
            if e.is_forfeit:
                game["forfeit"] = "black" if e.result is Result.FORFEIT_WIN else "white"
            games.append(game)
    return {"games": games, "byes": byes}


# -- the real files ----------------------------------------------------------------------------------


_REF_KINDS = {"swiss": EventKind.SWISS, "round-robin": EventKind.ROUND_ROBIN, "team-round-robin": EventKind.TEAM}


def test_every_file_is_read_and_detected() -> None:
    """The type byte gives 31 Swiss events, 5 round robins and 1 team event, as the
    reference reading does file by file (the corpus README counts 7 round robins
    and 29 Swiss events; two of its round robins are stored as Swiss events)."""
    kinds: Counter[EventKind] = Counter()
    for path in tunx_files():
        assert detect_format(path) == "tunx"
        t = read_any(path)
        kinds[t.kind] += 1
        assert t.kind is _REF_KINDS[reference(path)["tournament"]["metadata"]["tournamentType"]], path.name
        assert all(p.stated_points is None and p.rank is None for p in t.players)
    assert kinds == {EventKind.SWISS: 31, EventKind.ROUND_ROBIN: 5, EventKind.TEAM: 1}


def test_player_fields_agree_with_the_reference_reading() -> None:
    """Start number, name, title, FIDE id, federation, ratings and sex of all 1093
    players; the one difference is a surname stored with a trailing blank, which the
    reference keeps and we trim (the bytes: ``Bach `` in isr_1385616, player 5)."""
    differences: list[tuple[str, int, str]] = []
    players = 0
    for path in tunx_files():
        t = read_any(path)
        ref = reference(path)["tournament"]["players"]
        assert len(ref) == len(t.players), path.name
        for p, r in zip(t.players, ref, strict=True):
            players += 1
            extras = dict(p.extras)
            national = int(extras.get("sm.EloNat", "0"))
            national_ref = [{"federation": p.federation, "rating": national}] if national else None
            if national_ref and "sm.Identnr" in extras:
                national_ref[0]["nationalId"] = extras["sm.Identnr"]
            ours = {
                "id": str(p.start_no),
                "startingRank": p.start_no,
                "name": p.name,
                "title": p.title or None,
                "fideId": p.fide_id or None,
                "federation": p.federation or None,
                "rating": p.rating or national or None,  # the reference falls back on the national rating
                "sex": p.sex or None,
                "nationalRatings": national_ref,
            }
            differences += [(path.stem, p.start_no, k) for k, v in ours.items() if r.get(k) != v]
    assert players == 1093
    assert differences == [("isr_1385616", 5, "name")]
    layout = read_layout(shared_path(*FOLDER, "isr_1385616.TUNX").read_bytes())
    assert layout.players[4].name == "Bach, Shuvael"
    assert reference(shared_path(*FOLDER, "isr_1385616.TUNX"))["tournament"]["players"][4]["name"] == "Bach , Shuvael"


def test_the_reference_reading_is_our_records_sliced_its_way() -> None:
    """Every completed round of every file, games (colours, results, forfeit side)
    and byes, and every player's points and rank: the reference reading is exactly
    what its rules make of the records we read. So each difference between the two
    readings is one of its rules, shown in the bytes (docs/tunx.md)."""
    for path in tunx_files():
        layout = read_layout(path.read_bytes())
        ref = reference(path)["tournament"]
        rounds, points, ranks = reference_rules(layout)
        assert len(rounds) == len(ref["completedRounds"]), path.name
        for r, (mine, theirs) in enumerate(zip(rounds, ref["completedRounds"], strict=True), 1):
            assert same_round(mine, theirs), f"{path.name} round {r}"
        for p in ref["players"]:
            n = int(p["id"])
            assert (points[n], ranks[n]) == (p["points"], p["rank"]), f"{path.name} player {n}"


def test_our_rounds_agree_with_the_reference_where_its_slicing_holds() -> None:
    """Where each round up to r has ``ceil(n / 2)`` records and no record the
    reference drops (a game without a result, the bye, a code it does not know), the
    two readings agree exactly; the counts: 143 of the 184 completed rounds agree."""
    agree = total = 0
    for path in tunx_files():
        t = read_any(path)
        layout = read_layout(path.read_bytes())
        ref = reference(path)["tournament"]["completedRounds"]
        aligned = True
        for r, theirs in enumerate(ref, 1):
            records = layout.rounds[r - 1]
            aligned = aligned and len(records) == math.ceil(len(t.players) / 2)
            kept = all(rec.code in (1, 2, 3, 4, 5) and rec.black < 0xFFFE for rec in records)
            same = same_round(our_round(t, r), theirs)
            if aligned and kept:
                assert same, f"{path.name} round {r}"
            agree += same
            total += 1
    assert (agree, total) == (143, 184)


def test_every_paired_round_has_one_record_per_player() -> None:
    """The internal proof that the rounds are cut right: in every paired round of
    every individual event, each player has exactly one record (a game, the bye, or
    not paired), and the counts add up to the whole pairing section."""
    rounds = 0
    for path in tunx_files():
        layout = read_layout(path.read_bytes())
        if layout.settings.kind is EventKind.TEAM:
            continue
        n = layout.settings.players
        for records in layout.rounds[: layout.settings.paired_rounds]:
            seen = Counter(x for rec in records for x in (rec.white, rec.black) if x < 0xFFFE)
            assert seen == Counter(range(1, n + 1)), path.name
            rounds += 1
    assert rounds == 184


CHECKED_PLAYERS = 691
"""Players of Swiss events with a round played whose rounds both readings read alike
and who had no pairing-allocated bye."""


def test_points_from_the_results_read() -> None:
    """Swiss-Manager stores no points (docs/tunx.md), so none are stated. For every
    player of a Swiss event whose rounds both readings read alike, the points of our
    results are the reference's (it scores the pairing-allocated bye 0, so players
    who had one are left out)."""
    checked = 0
    for path in tunx_files():
        t = read_any(path)
        if t.kind is not EventKind.SWISS or t.completed_rounds == 0:
            continue
        ref = reference(path)["tournament"]
        theirs = {int(p["id"]): round(p["points"] * 10) for p in ref["players"]}
        rounds = [(our_round(t, r), ref["completedRounds"][r - 1]) for r in range(1, t.completed_rounds + 1)]
        for p in t.players:
            if any(e.result is Result.PAB for e in p.entries):
                continue
            if all(_involving(ours, p.start_no) == _involving(other, p.start_no) for ours, other in rounds):
                assert p.score(t.points, t.completed_rounds) == theirs[p.start_no], f"{path.name} {p.start_no}"
                checked += 1
    assert checked == CHECKED_PLAYERS


def _involving(round_: dict[str, Any], n: int) -> list[str]:
    """A player's games and byes of a round, in the reference's terms."""
    who = str(n)
    items = [g for g in round_["games"] if who in (g["white"], g["black"])]
    items += [b for b in round_["byes"] if b["player"] == who]
    return sorted(map(_key, items))


def test_settings_and_byes() -> None:
    sample = read_any(shared_path(*FOLDER, "sample.TUNX"))
    assert sample.name == "Circuito Sesc de Xadrez - 2026"
    assert sample.total_rounds == 7 and sample.completed_rounds == 7
    assert sample.tie_breaks == ("PS", "BH", "BH", "BH/C1", "WIN")
    assert ("122", "7'+5'' ou 12' KO") in sample.headers and ("042", "2026/03/28") in sample.headers
    first = sample.player(1)
    assert (first.name, first.rating, first.fide_id, first.birth) == ("Aloisio, Ponti Lopes", 1959, "2108372", "1967")
    assert dict(first.extras)["sm.EloNat"] == "1869" and dict(first.extras)["sm.Identnr"] == "8818"
    assert sample.player(27).entry(5) is not None and sample.player(27).entries[4].result is Result.PAB
    assert [sample.player(n).entries[1].result for n in (2, 3, 24)] == [Result.ZERO_BYE] * 3
    # round 5 of the other section is paired and not played; byes entered ahead for rounds 6 and 7
    section = read_any(shared_path(*FOLDER, "abs_fem_1378181.TUNX"))
    assert section.completed_rounds == 5 and section.is_unplayed(5)
    assert {(b.round_no, b.kind.value, b.players) for b in section.announced_byes} == {
        (6, "Z", (2, 3, 24, 26)),
        (7, "Z", (2, 3, 24, 26)),
    }
    romanian = read_any(shared_path(*FOLDER, "romanian_u1700_1350000.TUNX"))
    assert romanian.player(14).entries[0].result is Result.HALF_BYE


def test_forbidden_pairs_and_pairings_set_by_hand() -> None:
    """Section C5 of isr_1385730: two pairs of relatives who must not meet (and never
    did). The flag of byte 6: three records, each a round-1 pairing Swiss-Manager's
    Dutch pairing would not make."""
    israel = read_any(shared_path(*FOLDER, "isr_1385730.TUNX"))
    assert israel.forbidden_in(1).pairs() == [(14, 49), (70, 71)]
    assert all(e.opponent not in (49, 71) for n in (14, 70) for e in israel.player(n).entries)
    marked = {
        (path.stem, r, rec.white, rec.black)
        for path in tunx_files()
        for r, records in enumerate(read_layout(path.read_bytes()).rounds, 1)
        for rec in records
        if rec.marked
    }
    assert marked == {
        ("2023_elllobregat_a_753347", 1, 97, 195),
        ("srb_1386570", 1, 28, 43),
        ("srb_1386571", 1, 18, 0xFFFF),
    }


def test_round_robins_and_team_events_are_not_paired() -> None:
    robin = read_any(shared_path(*FOLDER, "albanian_roundrobin_1381000.TUNX"))
    assert robin.kind is EventKind.ROUND_ROBIN and len(robin.players) == 6 and robin.completed_rounds == 5
    with pytest.raises(InputError, match="round robin"):
        pair_tournament(robin)
    team = read_any(shared_path(*FOLDER, "cro_1386026.TUNX"))
    assert team.kind is EventKind.TEAM and team.name.startswith("Kup Zadarske")
    with pytest.raises(InputError, match="team tournament"):
        pair_tournament(team)


# -- damaged files -----------------------------------------------------------------------------------


def test_every_truncation_is_a_located_error() -> None:
    data = shared_path(*FOLDER, "india_u19_kadapa_1385000.TUNX").read_bytes()
    for cut in range(0, len(data), 7):
        with pytest.raises(InputError) as err:
            parse_tunx(data[:cut], path="x.TUNX")
        assert err.value.offset is not None and 0 <= err.value.offset <= cut, cut
        assert str(err.value).startswith("x.TUNX: byte ")


def test_numbers_overwritten_anywhere() -> None:
    """16-bit numbers of the real files overwritten at random places (counts, lengths,
    start numbers, codes alike): each file reads or stops with a byte offset; a
    longer run (30 000 cases, 0 problems) is in docs/tunx.md."""
    import random

    files = [p.read_bytes() for p in tunx_files()]
    rng = random.Random(17)
    for _ in range(400):
        data = bytearray(rng.choice(files))
        for _ in range(rng.choice((1, 2, 3))):
            at = rng.randrange(len(data) - 1)
            value = rng.choice((0, 1, 0xFFFE, 0xFFFF, rng.randrange(0x10000)))
            data[at : at + 2] = value.to_bytes(2, "little")
        try:
            parse_tunx(bytes(data))
        except InputError as exc:
            assert exc.offset is not None, exc


def _u16_at(data: bytes, offset: int, value: int) -> bytes:
    return data[:offset] + value.to_bytes(2, "little") + data[offset + 2 :]


def test_counts_and_codes_are_checked() -> None:
    data = shared_path(*FOLDER, "sample.TUNX").read_bytes()
    layout = read_layout(data)
    with pytest.raises(InputError, match="announce 65634 pairing records"):
        parse_tunx(_u16_at(data, layout.counts_at[0], 0xFFFF))
    first = layout.rounds[0][0]
    with pytest.raises(InputError, match="unknown result code 77") as err:
        parse_tunx(_u16_at(data, first.offset + 4, 77))
    assert err.value.offset == first.offset
    with pytest.raises(InputError, match="start number 30 is not a player"):
        parse_tunx(_u16_at(data, first.offset, 30))
    name_length = 108
    with pytest.raises(InputError, match=r"settings marker|ends inside"):
        parse_tunx(_u16_at(data, name_length, 0xFFF0))
    with pytest.raises(InputError, match="expected the magic"):
        parse_tunx(b"\x93\xff\x89\x45" + data[4:])


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("SWISSBRIDGE_SLOW") != "1", reason="replays 21 events: set SWISSBRIDGE_SLOW=1")
def test_the_check_table_of_the_documentation_is_current() -> None:
    """docs/tunx.md: for each Swiss event with a round paired, how many rounds
    Swiss-Manager's pairing agrees with the Dutch system's (and which differ)."""
    import re

    from swissbridge.commands.check import check_tournament

    doc = (Path(__file__).resolve().parents[2] / "docs" / "tunx.md").read_text(encoding="utf-8")
    table = {m[0]: (int(m[1]), int(m[2])) for m in re.findall(r"^\| ([a-z0-9_]+) \| \d+ \| (\d+)/(\d+) \|", doc, re.M)}
    measured = {}
    for path in tunx_files():
        t = read_any(path)
        if t.kind is EventKind.SWISS and t.completed_rounds:
            report = check_tournament(t, "dutch")
            measured[path.stem] = (sum(rc.ok for rc in report.rounds), len(report.rounds))
    assert table == measured
