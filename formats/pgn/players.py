"""Who a PGN game's players are: by FIDE id, else by a normalised name (case,
accents, spacing, punctuation, name order and German transliteration do not
matter), never by the position of a game in the file."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from swissbridge.formats.pgn.reading import PgnGame
from swissbridge.model import Colour, Tournament

BYE_NAMES = frozenset({"bye", "-", "spielfrei", "exempt", "libre", "pab"})
"""Names that stand for the pairing-allocated bye instead of an opponent."""

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_SPECIAL = str.maketrans({"ß": "ss", "ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"})


def _tokens(text: str) -> str:
    return " ".join(sorted(t for t in re.split(r"[^0-9a-z]+", text) if t))


def name_keys(name: str) -> frozenset[str]:
    """Normalised forms of a player's name for matching: case, accents, spacing,
    punctuation and the order of surname and given names do not matter, and the
    German transliteration Swiss-Manager applies (``Müller`` → ``Mueller``) matches
    the accented form."""
    base = unicodedata.normalize("NFC", name).casefold().replace("’", "'")
    if not base.strip():
        return frozenset()
    german = base.translate(_GERMAN)
    out = set()
    for variant in (base, german):
        stripped = unicodedata.normalize("NFKD", variant.translate(_SPECIAL))
        ascii_form = "".join(c for c in stripped if not unicodedata.combining(c))
        key = _tokens(ascii_form)
        if key:
            out.add(key)
    return frozenset(out)


def is_bye(name: str) -> bool:
    """A name that stands for the pairing-allocated bye (:data:`BYE_NAMES`)."""
    return name.strip().casefold() in BYE_NAMES


@dataclass(frozen=True, slots=True)
class Who:
    """The outcome of identifying one side of a game."""

    start_no: int | None
    problem: str = ""


class Directory:
    """The tournament's players, searchable by FIDE id and by name."""

    def __init__(self, tournament: Tournament) -> None:
        self.by_id: dict[str, int] = {}
        self.by_name: dict[str, set[int]] = {}
        self.names = {p.start_no: p.name for p in tournament.players}
        self.ids = {p.start_no: p.fide_id.lstrip("0") for p in tournament.players}
        for p in tournament.players:
            fid = p.fide_id.lstrip("0")
            if fid:
                self.by_id.setdefault(fid, p.start_no)
            for key in name_keys(p.name):
                self.by_name.setdefault(key, set()).add(p.start_no)

    def find(self, name: str, fide_id: str) -> Who:
        """The player by FIDE id, else by normalised name (only when unique)."""
        fid = fide_id.lstrip("0")
        if fid and fid in self.by_id:
            return Who(self.by_id[fid])
        candidates: set[int] = set()
        for key in name_keys(name):
            candidates |= self.by_name.get(key, set())
        if fid:
            candidates = {n for n in candidates if not self.ids[n] or self.ids[n] == fid}
        if len(candidates) == 1:
            return Who(next(iter(candidates)))
        if not candidates:
            what = f"FIDE id {fid} or name {name!r}" if fid else f"name {name!r}"
            return Who(None, f"no player with {what}")
        listed = ", ".join(f"{n} {self.names[n]}" for n in sorted(candidates))
        return Who(None, f"name {name!r} fits several players ({listed})")

    def side(self, game: PgnGame, colour: Colour) -> int | None:
        """The start number of the player on ``colour``'s side of ``game``, ``None``
        for a bye; an unknown or ambiguous player is an error located at the game."""
        name = game.white if colour is Colour.WHITE else game.black
        if is_bye(name):
            return None
        who = self.find(name, game.fide_id(colour))
        if who.start_no is None:
            raise game.error(f"unknown player: {who.problem}", "White" if colour is Colour.WHITE else "Black")
        return who.start_no
