"""PGN for the boards and broadcasts.

One module for each use:

* **Reading games** (:mod:`.reading`): tags, results and termination markers in
  one linear pass, with located errors; who the players are (:mod:`.players`).
* **Pairing PGN** (:mod:`.writing`): the round to be played as one game per board,
  for DGT LiveChess, Tornelo and Clono; a whole tournament's results.
* **A round's feed** (:mod:`.feed`): the ``games.pgn`` of DGT LiveChess or a
  lichess broadcast matched to the round's pairing, what cannot be matched or
  disagrees reported, never guessed; a pairing read back from a pairing PGN.
* **A tournament from PGN alone** (:mod:`.tournament`): players from the tags,
  results per round, for events run without a tournament manager.
"""

from swissbridge.formats.pgn.feed import (
    BoardGames,
    ResultConflict,
    RoundFeed,
    UnmatchedGame,
    apply_feed,
    read_match_feed,
    read_pairing_pgn,
    read_round_feed,
)
from swissbridge.formats.pgn.players import BYE_NAMES, name_keys
from swissbridge.formats.pgn.reading import PgnGame, iter_pgn, parse_pgn, read_pgn
from swissbridge.formats.pgn.tournament import lost_in_pgn, tournament_from_pgn
from swissbridge.formats.pgn.writing import write_pairing_pgn, write_results_pgn

__all__ = [
    "BYE_NAMES",
    "BoardGames",
    "PgnGame",
    "ResultConflict",
    "RoundFeed",
    "UnmatchedGame",
    "apply_feed",
    "iter_pgn",
    "lost_in_pgn",
    "name_keys",
    "parse_pgn",
    "read_match_feed",
    "read_pairing_pgn",
    "read_pgn",
    "read_round_feed",
    "tournament_from_pgn",
    "write_pairing_pgn",
    "write_results_pgn",
]
