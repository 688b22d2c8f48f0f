"""The round history (:mod:`swissbridge.rules.history`): one initial-colour rule for every
input format and every system."""

from __future__ import annotations

from dataclasses import replace

from swissbridge.commands.check import check_tournament
from swissbridge.commands.explain import explain
from swissbridge.formats.jsonfmt import parse_json, tournament_to_json
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.plugins.dutch.round import initial_colour as dutch_initial_colour
from swissbridge.plugins.lim.rules import lim_initial_colour
from swissbridge.rules.history import infer_initial_colour, initial_colour

from tests.conftest import swiss_systems

W, B = Colour.WHITE, Colour.BLACK


def forfeit_first() -> Tournament:
    """Round 1: #1 (White) wins by forfeit against #3, #2 (White) beats #4 over the
    board; no initial colour stated. The forfeit's colour decides (dutch-reference.md
    §1.4: the earliest round in which someone had a colour, the first player paired
    by then): White. Reading only played games would take #2's White at an even
    position, i.e. Black."""
    games = {
        1: Entry(Result.FORFEIT_WIN, 3, W),
        3: Entry(Result.FORFEIT_LOSS, 1, B),
        2: Entry(Result.WIN, 4, W),
        4: Entry(Result.LOSS, 2, B),
    }
    players = tuple(Player(n, f"Player {n}", rating=2000 - n) for n in range(1, 5))
    return Tournament(players=players, total_rounds=3).with_round(1, games)


def test_the_forfeit_colour_decides_in_every_format_and_system() -> None:
    t = forfeit_first()
    assert t.initial_colour is None
    assert infer_initial_colour(t) is W
    assert initial_colour(t) is W
    assert dutch_initial_colour(t) is W
    assert lim_initial_colour(t) is W
    bare = replace(t, initial_colour=None)
    trf = parse_trf(write_trf(bare))
    assert trf.initial_colour is W
    from_json = parse_json(tournament_to_json(bare))
    assert initial_colour(from_json) is W
    for system in swiss_systems():
        assert explain(t, system=system)["initial_colour"] == "white"
    assert check_tournament(t, "dutch").initial_colour is W


def test_a_stated_colour_wins() -> None:
    t = replace(forfeit_first(), initial_colour=B)
    assert initial_colour(t) is B
    assert dutch_initial_colour(t) is B
    assert lim_initial_colour(t) is B
