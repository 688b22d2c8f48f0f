"""A tournament from PGN alone, or PGN results merged into a player list, for
events run without a tournament manager."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from swissbridge.errors import InputError
from swissbridge.formats._text import MAX_RATING, MAX_START_NO, bounded_int
from swissbridge.formats.boundary import validated
from swissbridge.formats.pgn.players import Directory, is_bye, name_keys
from swissbridge.formats.pgn.reading import RESULT_ENTRIES, PgnGame, games_in
from swissbridge.messages import ranges
from swissbridge.model import ABSENT, Colour, Entry, Player, Result, Tournament, initial_order


@dataclass
class _Seen:
    """A player as the PGN tags describe them."""

    key: str
    name: str
    fide_id: str = ""
    rating: int = 0
    title: str = ""
    first_round: int = 10**6


def _side(game: PgnGame, colour: Colour) -> tuple[str, str, int, str]:
    prefix = "White" if colour is Colour.WHITE else "Black"
    elo = game.tag(f"{prefix}Elo")
    rating = 0
    if elo.isascii() and elo.isdigit():
        what = f"a rating in the {prefix}Elo tag"
        line, column = game.at(f"{prefix}Elo")
        rating = bounded_int(elo, what, maximum=MAX_RATING, path=game.path, line=line, column=column)
    return (
        game.tag(prefix),
        game.fide_id(colour),
        rating,
        game.tag(f"{prefix}Title").upper() if game.tag(f"{prefix}Title") not in ("-", "?") else "",
    )


def tournament_from_pgn(
    sources: Sequence[str | os.PathLike[str] | bytes] | str | os.PathLike[str],
    *,
    players: Tournament | None = None,
    total_rounds: int | None = None,
    warnings: list[str] | None = None,
) -> Tournament:
    """A tournament from PGN files alone, or results from PGN merged into a player list.

    Players are identified by FIDE id, else by normalised name. Without a player
    list they are numbered by the initial ranking of C.04.2 Art. 2.2 (rating from
    the first round they appear in). With ``players``, every game must name players
    of that list (an unknown player is an error at the game). Each game's ``Round``
    tag gives its round; a game against ``BYE`` is the pairing-allocated bye; a
    player with no game in a round is recorded absent; a game still in progress
    (``*``) is a pending entry. A board broadcast twice is counted once; two
    different games or results for the same player in one round are an error.
    PGN does not say how many rounds the event has: ``total_rounds`` (else the
    player list's, else unknown). ``warnings`` receives each file's first byte read
    as Latin-1 (:func:`~swissbridge.formats.pgn.reading.decode_pgn`).
    """
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    games: list[PgnGame] = []
    for s in sources:
        games.extend(games_in(s, warnings=warnings))
    if not games:
        raise InputError("no games in the PGN input")
    untagged = next((g for g in games if not g.headers), None)
    if untagged is not None:  # python-chess reads any text as moves; a game of an event has tags
        raise untagged.error('expected a tag such as [Event "..."] before the movetext: a game without tags')
    if players is not None:
        directory = Directory(players)
        base = players
    else:
        base, directory = _players_from_tags(games)
    rounds: dict[int, dict[int, tuple[Entry, PgnGame]]] = {}
    for game in games:
        r = game.round_number()
        if r is None or r < 1:
            raise game.error(f"the Round tag {game.tag('Round')!r} gives no round number", "Round")
        w, b = directory.side(game, Colour.WHITE), directory.side(game, Colour.BLACK)
        entries: dict[int, Entry] = {}
        if w is None and b is None:
            raise game.error("both sides are a bye", "White")
        if w is None or b is None:
            entries[w if w is not None else b or 0] = Entry(Result.PAB)
        else:
            if w == b:
                raise game.error(f"player {w} plays against themselves", "Black")
            rw, rb = RESULT_ENTRIES.get(game.result, (Result.PENDING, Result.PENDING))
            entries[w] = Entry(rw, b, Colour.WHITE)
            entries[b] = Entry(rb, w, Colour.BLACK)
        table = rounds.setdefault(r, {})
        for n, entry in entries.items():
            old = table.get(n)
            if old is None:
                table[n] = (entry, game)
                continue
            prev, prev_game = old
            if prev.opponent != entry.opponent or prev.colour is not entry.colour:
                side = "White" if n == w else "Black"
                raise game.error(f"player {n} also plays another game in round {r} (at {prev_game.where})", side)
            if prev.result is Result.PENDING:
                table[n] = (entry, game)
            elif entry.result is not Result.PENDING and entry.result is not prev.result:
                raise game.error(
                    f"round {r}: this game's result {game.result} disagrees with {prev_game.result} "
                    f"at {prev_game.where}",
                    "Result",
                )
    missing = [r for r in range(1, max(rounds)) if r not in rounds and not (players and players.is_paired(r))]
    if missing:
        after = min(r for r in rounds if r > missing[0])
        first = min((g for _, g in rounds[after].values()), key=lambda g: g.line)
        raise first.error(
            f"a game of round {after}, but the PGN has no game of round {ranges(missing)}: "
            "a round without games would record every player absent; give that round's games too",
            "Round",
        )
    t = base.with_players(_with_rounds(base.players, rounds, keep=players is not None))
    if total_rounds is not None:
        t = replace(t, total_rounds=total_rounds)
    single = {g.path for g in games}
    return validated(t, path=single.pop() if len(single) == 1 else None)


def _with_rounds(
    players: Iterable[Player], rounds: Mapping[int, Mapping[int, tuple[Entry, PgnGame]]], *, keep: bool
) -> list[Player]:
    """The players with rounds 1 to the last of ``rounds`` written in, in one pass
    (time in proportion to players × rounds): a player without a game in a round is
    absent, or, with ``keep``, keeps the entry the player list already had for it."""
    last = max(rounds)
    out = []
    for p in players:
        entries = list(p.entries[:last]) if keep else []
        entries += [ABSENT] * (last - len(entries))
        for r, table in rounds.items():
            got = table.get(p.start_no)
            if got is not None:
                entries[r - 1] = got[0]
        out.append(replace(p, entries=tuple(entries) + p.entries[last:]))
    return out


def _players_from_tags(games: Sequence[PgnGame]) -> tuple[Tournament, Directory]:
    seen: dict[str, _Seen] = {}
    by_name: dict[str, str] = {}

    def identity(name: str, fide_id: str) -> str:
        if fide_id:
            return "id:" + fide_id.lstrip("0")
        keys = sorted(name_keys(name))
        for k in keys:
            if k in by_name:
                return by_name[k]
        return "name:" + (keys[0] if keys else name)

    for game in sorted(games, key=lambda g: (g.round_board[0] or 0, g.index)):
        r = game.round_board[0] or 0
        for colour in (Colour.WHITE, Colour.BLACK):
            name, fid, elo, title = _side(game, colour)
            if is_bye(name) or not name:
                continue
            key = identity(name, fid)
            s = seen.get(key)
            if s is None:
                if len(seen) == MAX_START_NO:
                    raise game.error(
                        f"a player beyond the {MAX_START_NO} a tournament can have (TRF's start numbers): {name[:40]!r}"
                    )
                s = seen[key] = _Seen(key, name, fid.lstrip("0"), elo, title, r)
            elif r < s.first_round:
                s.first_round, s.rating = r, elo or s.rating
            if not s.title and title:
                s.title = title
            if not s.rating and elo:
                s.rating = elo
            for k in name_keys(name):
                by_name.setdefault(k, key)
    # players seen without an id in some games and with one in others: one person
    # when the name belongs to exactly one id
    by_id_name: dict[str, set[str]] = {}
    for s in seen.values():
        if s.key.startswith("id:"):
            for k in name_keys(s.name):
                by_id_name.setdefault(k, set()).add(s.key)
    for key in [k for k in seen if k.startswith("name:")]:
        owners: set[str] = set()
        for k in name_keys(seen[key].name):
            owners |= by_id_name.get(k, set())
        if len(owners) == 1:
            del seen[key]
    drafts = [Player(start_no=0, name=s.name, rating=s.rating, title=s.title, fide_id=s.fide_id) for s in seen.values()]
    ordered = initial_order(drafts)
    numbered = tuple(replace(p, start_no=i) for i, p in enumerate(ordered, 1))
    names = _most_common([g.tag("Event") for g in games])
    t = Tournament(players=numbered, name=names)
    return t, Directory(t)


def _most_common(values: Sequence[str]) -> str:
    """The most frequent non-empty value (the event name of most games)."""
    counts: dict[str, int] = {}
    for v in values:
        if v and v != "?":
            counts[v] = counts.get(v, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else ""


def lost_in_pgn(tournament: Tournament) -> list[str]:
    """What PGN cannot hold of ``tournament`` (for the conversion report)."""
    out: list[str] = []
    results = {e.result for p in tournament.players for e in p.entries}
    if results & {Result.FORFEIT_WIN, Result.FORFEIT_LOSS}:
        out.append("forfeits (written as ordinary 1-0 / 0-1 results)")
    if results & {Result.HALF_BYE, Result.FULL_BYE}:
        out.append("half- and full-point byes (left out)")
    if results & {Result.ZERO_BYE}:
        out.append("absences (left out)")
    if results & {Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED}:
        out.append("games of less than one move (written as ordinary results)")
    never = [p.start_no for p in tournament.players if not any(e.paired for e in p.entries)]
    if never:
        out.append(f"players who were never paired ({len(never)}) have no game and are lost")
    if any(p.sex or p.federation or p.birth or p.club for p in tournament.players):
        out.append("sex, federation, birth date and club of players")
    if tournament.total_rounds or tournament.initial_colour or not tournament.points.is_standard:
        out.append("the number of rounds, the initial colour and the point system")
    if tournament.acceleration or tournament.forbidden or tournament.announced_byes:
        out.append("acceleration, forbidden pairs and announced byes")
    return out
