"""Changes to the list of participants during an event (``swissbridge player …``): a
late entry, a withdrawal, a requested bye and a pair that must not meet, each written
the TRF-2026 way so that every system and every program reading the file honours it.

Late entries, C.04.2 (2026) Art. 2.4: "A Late Entry is a participant who is only taken
into account for the pairing of rounds after the first. If admitted to the tournament,
late entries receive no points for unplayed rounds (unless the rules of the tournament
say otherwise), and are given an appropriate TPN and paired only when they actually
arrive." The appropriate TPN is the entry's place in the initial order of Art. 2.2
(rating, title, name: :func:`swissbridge.model.initial_order_key`); the players below
it move down one number. Art. 2.3 lets TPNs be reassigned, but not after round 4 has
been paired, and Art. 2.5 makes them provisional until the list of participants is
closed: so from round 4's pairing on a late entry takes the next free number and
nobody is renumbered. Renumbering keeps the history: every game of the rounds already
played keeps its opponents under their new numbers, and so do the announced byes,
the restrictions and the accelerated ranges; the rounds the entry missed are written
``0000 - Z`` (``- H`` when the rules give a half point for them). Every system numbers,
ranks and counts the players of a round among those entered by then
(:func:`swissbridge.state.entered`, ``../shared/spec/dutch-reference.md`` §1.3), so the
rounds already paired replay as they were paired (``check``).

Withdrawals and requested byes, C.04.2 Art. 3.2/3.3: a withdrawn participant is not
paired, one known in advance not to play a round is not paired in it and scores zero
unless the rules say otherwise. Both are TRF-2026 record 240 (``240 Z 005 0012``) for
the rounds not yet paired. A pair that must not meet is record 260 with its rounds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from swissbridge.errors import InputError, UsageError
from swissbridge.formats._text import MAX_ROUNDS, shown
from swissbridge.messages import ranges
from swissbridge.model import (
    AnnouncedBye,
    ByeKind,
    Entry,
    ForbiddenPairs,
    Player,
    Tournament,
    fide_id_key,
    initial_order_key,
)
from swissbridge.rules.twogame import event_round, event_rounds, round_columns
from swissbridge.systems import declared_round_robin

RENUMBER_UNTIL = 4
"""C.04.2 Art. 2.3: no TPN is reassigned once this round has been paired."""


@dataclass(frozen=True, slots=True)
class LateEntry:
    """The tournament with a late entry in it, the number it got, and who moved."""

    tournament: Tournament
    start_no: int
    renumbered: Mapping[int, int]
    """Old start number → new, for the players below the entry (empty: nobody moved)."""
    note: str


def _renumber(t: Tournament, mapping: Mapping[int, int]) -> Tournament:
    """``t`` with start numbers changed by ``mapping`` everywhere they are written:
    the players, their opponents, announced byes, restrictions, accelerated ranges and
    the printed boards."""

    def n(x: int) -> int:
        return mapping.get(x, x)

    players = [
        replace(
            p,
            start_no=n(p.start_no),
            rank=None,
            entries=tuple(replace(e, opponent=n(e.opponent)) if e.opponent is not None else e for e in p.entries),
        )
        for p in t.players
    ]
    return replace(
        t,
        players=tuple(sorted(players, key=lambda p: p.start_no)),
        announced_byes=tuple(replace(b, players=tuple(n(x) for x in b.players)) for b in t.announced_byes),
        forbidden=tuple(replace(g, players=tuple(n(x) for x in g.players)) for g in t.forbidden),
        acceleration=tuple(
            replace(a, first_player=n(a.first_player), last_player=n(a.last_player)) for a in t.acceleration
        ),
        board_lists=tuple(b.renumbered(n) for b in t.board_lists),
    )


def _numbers_kept(t: Tournament) -> str | None:
    """What of ``t`` names players by number outside what :func:`_renumber` rewrites
    (kept verbatim: record 299, national rating records: a federation code and the
    player's number in columns 5-8), or None: renumbering would leave it naming the
    wrong players."""
    if any(code == "299" for code, _ in t.headers):
        return "record 299 (abnormal points by player number)"
    national = sorted(
        {c for c, value in t.headers if len(c) == 3 and c.isalpha() and c.isupper() and value[:4].strip().isdigit()}
    )
    if national:
        return f"national rating records ({', '.join(national)}) linked by player number"
    return None


def add_player(
    t: Tournament,
    player: Player,
    *,
    from_round: int | None = None,
    missed: ByeKind = ByeKind.ZERO,
    team: int | None = None,
) -> LateEntry:
    """``t`` with ``player`` entered late, to be paired from ``from_round`` (default: the
    next round): the TPN C.04.2 Art. 2.4 gives it (module docstring), the rounds already
    paired as ``missed`` entries, the rounds after them up to ``from_round`` as record 240.
    In a team event, ``player`` joins ``team`` (:func:`_add_member`)."""
    if t.team_event or team is not None:
        return _add_member(t, player, team, from_round, missed)
    if t.completed_rounds and declared_round_robin(t):
        raise InputError(
            f"a round robin's pairings are its Berger tables for the players drawn (C.05 Annex 1), and rounds "
            f"1-{t.completed_rounds} are paired: a late entry would change the tables under them, so a round "
            "robin takes no late entry once round 1 is paired"
        )
    nxt = t.next_round
    if t.total_rounds is not None and nxt > t.total_rounds:
        raise InputError(f"the event's {t.total_rounds} rounds are all paired: a late entry has no round left to play")
    first = nxt if from_round is None else round_of(t, from_round, "--from-round")
    if first < nxt:
        raise UsageError(
            f"--from-round {first}: rounds 1-{nxt - 1} are paired already; "
            f"the entry plays from round {nxt} at the earliest"
        )
    _not_entered(t, player)
    count = len(t.players)
    kept = _numbers_kept(t)
    if t.completed_rounds >= RENUMBER_UNTIL or kept is not None:
        place = count + 1
        why = (
            f"round {RENUMBER_UNTIL} is paired, so no TPN changes any more (C.04.2 Art. 2.3): the next number"
            if t.completed_rounds >= RENUMBER_UNTIL
            else f"the file has {kept}, so nobody is renumbered: the next number"
        )
    else:
        key = initial_order_key(player)
        place = next((p.start_no for p in t.players if key < initial_order_key(p)), count + 1)
        why = "its place in the initial order (C.04.2 Art. 2.2, 2.4)"
    mapping = {p.start_no: p.start_no + 1 for p in t.players if p.start_no >= place}
    moved = _renumber(t, mapping) if mapping else t
    missed_entries = tuple(Entry(missed.result) for _ in range(t.completed_rounds))
    entry = replace(player, start_no=place, entries=missed_entries, stated_points=None, rank=None)
    out = moved.with_players([*moved.players, entry])
    later = tuple(AnnouncedBye(ByeKind.ZERO, r, (place,)) for r in range(max(nxt, 1), first))
    out = replace(out, announced_byes=(*out.announced_byes, *later))
    note = f"{player.name} is player {place}: {why}"
    if mapping:
        note += f"; players {ranges(mapping)} are now {ranges(mapping.values())}"
        playing = [r for r in range(1, t.completed_rounds + 1) if t.pending_games(r)]
        if playing:  # its board list, printed with the old numbers, is on the wall
            r = playing[-1]
            note += (
                f"; round {r}'s board list was printed with the old numbers: enter its results by board, "
                f"or '#N' with the new numbers (swissbridge pair FILE --round {r} prints it with them)"
            )
    if missed_entries:
        note += f"; rounds {ranges(range(1, t.completed_rounds + 1))} missed ({missed.result.value})"
    return LateEntry(out, place, mapping, note)


def _not_entered(t: Tournament, player: Player) -> None:
    """One person is entered once (:func:`~swissbridge.model.fide_id_key`): ``player``'s
    FIDE id is nobody's in ``t`` yet."""
    key = fide_id_key(player.fide_id)
    same = next((p for p in t.players if key and fide_id_key(p.fide_id) == key), None)
    if same is not None:
        raise InputError(f"FIDE id {player.fide_id} is player {same.start_no} ({same.name}) already")


def round_of(t: Tournament, round_no: int, option: str) -> int:
    """``round_no``, given as ``option``, checked to be a round of ``t`` (1 to its number
    of rounds; 1-999, what TRF numbers, when the file does not say), before anything is
    changed: else a :class:`UsageError` naming the rounds there are. Every round a
    ``player`` command writes a record for is checked here. The round's first column
    (:func:`~swissbridge.rules.twogame.round_columns`: a Double-Swiss round is a match of
    two columns)."""
    last = event_rounds(t) or MAX_ROUNDS
    if not 1 <= round_no <= last:
        of = f"the event has {last} rounds" if t.total_rounds else "TRF numbers rounds up to 999"
        raise UsageError(f"{option} {round_no}: expected a round from 1 to {last} ({of})")
    return round_columns(t, round_no)[0]


def _add_member(t: Tournament, player: Player, team: int | None, from_round: int | None, missed: ByeKind) -> LateEntry:
    """``t`` (a team event) with ``player`` a new member of ``team``, after its members
    in record 310 (a reserve: record 310's order is the board order). A player's number
    is no pairing number in a team event (the teams are paired, C.04.6 1.1), so the entry
    takes the next number and nobody is renumbered; the rounds already paired are
    ``missed`` entries (a member who did not play). Refused: no ``team``, or not a team
    event; a team that lists the 14 members record 310 holds; ``from_round`` (record 240
    names teams in a team event: a member not fielded is left out of the line-up)."""
    from swissbridge.formats.trf import MAX_MEMBERS, team_setup_of

    if not t.team_event:
        raise UsageError(f"--team {team}: this is not a team event")
    if team is None:
        raise UsageError("a team event: give --team N, the team pairing number of the team the player joins")
    if from_round is not None:
        raise UsageError(
            "--from-round: in a team event a member plays when the team fields them (record 300's line-up), "
            "and record 240 names teams"
        )
    if t.teams is None:
        raise InputError("the file has no team records (310): there is no team to join")
    try:
        joined = t.teams.team(team)
    except KeyError:
        raise UsageError(f"--team {team}: there is no team {team} (the teams are 1-{len(t.teams.teams)})") from None
    if len(joined.members) >= MAX_MEMBERS:
        raise InputError(f"team {team} ({joined.name}) has {MAX_MEMBERS} members, the most record 310 lists")
    _not_entered(t, player)
    place = max((p.start_no for p in t.players), default=0) + 1
    headers = tuple(
        (code, f"{value.rstrip()} {place:>4}")
        if code == "310" and value[:3].strip().isdigit() and int(value[:3]) == team
        else (code, value)
        for code, value in t.headers
    )
    missed_entries = tuple(Entry(missed.result) for _ in range(t.completed_rounds))
    entry = replace(player, start_no=place, entries=missed_entries, stated_points=None, rank=None)
    out = replace(t.with_players([*t.players, entry]), headers=headers)
    out = replace(out, teams=team_setup_of(out))
    note = f"{player.name} is player {place}, member {len(joined.members) + 1} of team {team} ({joined.name})"
    if missed_entries:
        note += f"; rounds {ranges(range(1, t.completed_rounds + 1))} missed ({missed.result.value})"
    return LateEntry(out, place, {}, note)


def individual_only(t: Tournament) -> None:
    """The records that name players (240, 260) are written in an individual event only:
    a team event's 240 and 260 name teams (TRF-2026), so one written for player ``n``
    would announce team ``n``'s bye or restrict team ``n``; and a member has no bye of
    its own (``result FILE R '#N' H``): the team is paired, and gets the bye."""
    if t.team_event:
        raise UsageError(
            "this is a team event: its records 240 and 260 name teams, not players, so a player's withdrawal, "
            "bye or restriction cannot be written; a member who does not play is left out of the team's "
            "line-up (record 300), and a team's bye is `swissbridge team bye`"
        )


def _player(t: Tournament, n: int) -> Player:
    """Player ``n``, for a record that names players (:func:`individual_only`)."""
    individual_only(t)
    try:
        return t.player(n)
    except KeyError:
        raise InputError(f"there is no player {n} (the players are 1-{len(t.players)})") from None


def fixed_by_tables(t: Tournament, what: str, *, absence: bool = True) -> None:
    """``what`` (a requested bye, a withdrawal, a restriction) is refused in a round robin:
    its pairings are the Berger tables (C.05 Annex 1), every player meets every other in
    the round the tables say, and a round is not paired around a player entered as not
    paired (``docs/roundrobin.md``): written, it would leave a file whose next round
    cannot be paired, or a restriction the tables do not keep. A missed game of a round
    robin is a forfeit, entered once its round is paired."""
    if declared_round_robin(t):
        instead = (
            ", whoever is absent; a missed game is a forfeit: pair the round, then enter it "
            "(swissbridge result FILE ROUND '#N' -+ when player N has White, +- when Black)"
            if absence
            else ": no two players can be kept apart"
        )
        raise InputError(
            f"{what} cannot be written in a round robin: its pairings are the Berger tables (C.05 Annex 1), in "
            f"which every player meets every other{instead}"
        )


def _unpaired(t: Tournament, n: int, round_no: int, what: str) -> None:
    """``what`` may be written for player ``n`` in ``round_no`` only before the round is paired."""
    entry = _player(t, n).entry(round_no)
    if t.is_paired(round_no) or entry is not None:
        shown = f"; player {n} has the entry {entry.result.value} in it" if entry is not None else ""
        raise InputError(
            f"round {event_round(t, round_no)} is paired already{shown}: {what} is for a round not paired yet "
            "(enter what happened with `swissbridge result`)"
        )


def announce(t: Tournament, n: int, rounds: Sequence[int], kind: ByeKind) -> Tournament:
    """``t`` with player ``n`` announced not to play ``rounds`` (record 240, ``kind``),
    replacing what was announced for them in those rounds."""
    individual_only(t)
    kept: list[AnnouncedBye] = []
    for b in t.announced_byes:
        if b.round_no in rounds and n in b.players:
            rest = tuple(x for x in b.players if x != n)
            if rest:
                kept.append(replace(b, players=rest))
        else:
            kept.append(b)
    return replace(t, announced_byes=(*kept, *(AnnouncedBye(kind, r, (n,)) for r in rounds)))


def withdraw(t: Tournament, n: int, from_round: int | None = None) -> tuple[Tournament, range]:
    """``t`` with player ``n`` withdrawn from ``from_round`` (default: the next round) to
    the last round (C.04.2 Art. 3.2), as record 240 ``Z`` for each of those rounds (each
    column of a match, C.04.5); and the rounds written."""
    if t.total_rounds is None:
        raise InputError(
            "the file does not say how many rounds the event has (TRF 142), so the rounds a withdrawn player "
            "misses cannot be written: give it first (swissbridge set FILE --rounds N)"
        )
    first = t.next_round if from_round is None else round_of(t, from_round, "--from-round")
    if first > t.total_rounds:
        raise InputError(
            f"the event's {event_rounds(t)} rounds are all paired: there is no round left to withdraw from"
        )
    _unpaired(t, n, first, "a withdrawal")
    fixed_by_tables(t, "a withdrawal")
    rounds = range(first, t.total_rounds + 1)
    return announce(t, n, rounds, ByeKind.ZERO), range(event_round(t, first), (event_rounds(t) or 0) + 1)


def request_bye(t: Tournament, n: int, round_no: int, kind: ByeKind) -> Tournament:
    """``t`` with player ``n``'s requested bye for ``round_no`` (C.04.2 Art. 3.3: a
    zero-point bye, or the half or full point the rules of the tournament give), as
    record 240, before the round is paired; in each column of a match (C.04.5 Preface:
    byes apply to whole matches)."""
    round_of(t, round_no, "--round")
    columns = round_columns(t, round_no)
    for column in columns:
        _unpaired(t, n, column, "a requested bye")
    fixed_by_tables(t, "a requested bye")
    return announce(t, n, columns, kind)


def named_team(t: Tournament, number: int) -> str:
    """Team ``number`` of the team event ``t``, named, for a record that names teams."""
    if not t.team_event or t.teams is None:
        raise UsageError("this is not a team event (record 310 gives its teams): use `swissbridge player …`")
    try:
        return t.teams.team(number).name
    except KeyError:
        raise InputError(f"there is no team {number} (the teams are 1-{len(t.teams.teams)})") from None


def announce_team(t: Tournament, number: int, rounds: Sequence[int], kind: ByeKind) -> Tournament:
    """The team event ``t`` with team ``number`` announced not to play ``rounds``: the
    team form of record 240 (TRF-2026: in a team file 240 names teams), one a round,
    replacing what was announced for the team in those rounds; each round checked to
    be one not paired yet (C.04.6 follows C.04.2 Art. 3 for teams: a team known in
    advance not to play a round is not paired in it)."""
    from swissbridge.event.header import with_records
    from swissbridge.formats.trf import team_setup_of

    name = named_team(t, number)
    for r in rounds:
        round_of(t, r, "--round" if len(rounds) == 1 else "--from-round")
        if t.is_paired(r):
            raise InputError(
                f"round {r} is paired already: team {number} ({name}) can be announced absent only for a round "
                "not paired yet"
            )
    kept = []
    for code, value in t.headers:
        if code != "240":
            continue
        words = value.split()
        teams = [w for w in words[2:] if int(w) != number] if int(words[1]) in rounds else words[2:]
        if teams:
            kept.append(f"{words[0]} {int(words[1]):03d}" + "".join(f" {int(w):>4}" for w in teams))
    kept += [f"{kind.value} {r:03d} {number:>4}" for r in rounds]
    out = with_records(t, "240", kept)
    return replace(out, teams=team_setup_of(out))


def withdraw_team(t: Tournament, number: int, from_round: int | None = None) -> tuple[Tournament, range]:
    """The team event ``t`` with team ``number`` withdrawn from ``from_round`` (default:
    the next round) to the last (C.04.2 Art. 3.2 applied to teams by C.04.6's preface):
    record 240 ``Z`` for each of those rounds; and the rounds written."""
    if t.total_rounds is None:
        raise InputError(
            "the file does not say how many rounds the event has (TRF 142): give it first (set FILE --rounds N)"
        )
    first = t.next_round if from_round is None else round_of(t, from_round, "--from-round")
    if first > t.total_rounds:
        raise InputError(f"the event's {t.total_rounds} rounds are all paired: there is no round left to withdraw from")
    rounds = range(first, t.total_rounds + 1)
    return announce_team(t, number, rounds, ByeKind.ZERO), rounds


def forbid(t: Tournament, a: int, b: int, first: int | None = None, last: int | None = None) -> Tournament:
    """``t`` with ``a`` and ``b`` not to meet in rounds ``first``-``last`` (default: the
    whole event), as record 260; every system treats it as an absolute criterion.

    A restriction is a rule for pairings still to be made: the rounds already paired were
    paired without it, and ``check`` replays them as they were paired, so it is written
    for the rounds of ``first``-``last`` not paired yet, and said so (refused when every
    one of them is paired); :func:`restriction_note` says what was written."""
    if a == b:
        raise UsageError(f"player {a} twice: a restriction is between two players")
    for n in (a, b):
        _player(t, n)
    lo = 1 if first is None else first
    hi = (event_rounds(t) or MAX_ROUNDS) if last is None else last
    asked = f"--rounds {lo}-{hi}"
    for r in (lo, hi):
        round_of(t, r, f"{asked}: round")
    if lo > hi:
        raise UsageError(f"{asked}: the first round is after the last")
    nxt = event_round(t, t.next_round)  # the rounds are the event's: a Double-Swiss match is two columns
    start = max(lo, nxt)
    fixed_by_tables(t, f"a restriction between players {a} and {b}", absence=False)
    if start > hi:
        raise UsageError(
            f"{asked}: rounds {ranges(range(1, nxt))} are paired already; a restriction is for rounds "
            f"not paired yet (from round {nxt})"
        )
    columns = round_columns(t, start)[0], round_columns(t, hi)[-1]
    return replace(t, forbidden=(*t.forbidden, ForbiddenPairs((min(a, b), max(a, b)), *columns)))


def restriction_note(t: Tournament, a: int, b: int, restriction: ForbiddenPairs, first: int | None) -> str:
    """What :func:`forbid` wrote into ``t`` (the tournament before it) for players ``a``
    and ``b`` and ``--rounds`` from ``first``: the rounds the restriction holds for, the
    rounds asked for that are paired already, and the rounds in which the two met
    already (in a Swiss they are never paired again anyway: C.04.1 b, [C1])."""
    last = restriction.last_round if restriction.last_round is not None else t.total_rounds or 1
    start, hi = event_round(t, restriction.first_round or 1), event_round(t, last)
    lo = 1 if first is None else first
    when = f"round {start}" if start == hi else f"rounds {start}-{hi}"
    note = f"players {a} and {b} are not paired against each other in {when}"
    if start > lo:
        note += f" (rounds {lo}-{start - 1} are paired already, without it)"
    met = sorted({event_round(t, r) for r, e in enumerate(t.player(a).entries, 1) if e.opponent == b})
    if met:
        note += f"; they met in round {ranges(met)} already"
    return note


DRAW_LOTS = "lots"
"""``--draw lots``: swissbridge draws the pairing numbers."""
DRAW_LISTED = "listed"
"""``new --draw listed``: the player list is in the order drawn (a drawing done elsewhere)."""


def parse_draw(text: str) -> tuple[int, ...] | None:
    """``--draw`` (refused before any file is read): ``lots`` (None: draw them now), or
    the start numbers in the order drawn, the holder of pairing number 1 first
    (``5,2,7,…``)."""
    value = text.strip()
    if value.lower() == DRAW_LOTS:
        return None
    parts = [x.strip() for x in value.split(",")]
    if not all(x.isascii() and x.isdigit() and len(x) <= 4 for x in parts):
        raise UsageError(
            f"--draw {shown(text, 40)}: expected `lots` (draw the pairing numbers now) or the start numbers "
            "in the order drawn, the holder of number 1 first (e.g. 5,2,7,1,3,6,4)"
        )
    order = tuple(int(x) for x in parts)
    twice = sorted(n for n, times in Counter(order).items() if times > 1)
    if twice:
        raise UsageError(f"--draw: {ranges(twice)} given twice: each player holds one pairing number")
    return order


@dataclass(frozen=True, slots=True)
class Drawn:
    """The tournament renumbered by a drawing of lots, and who holds which number."""

    tournament: Tournament
    numbers: Mapping[int, int]
    """Start number before the draw → pairing number drawn (every player)."""
    note: str


def draw_numbers(t: Tournament, order: Sequence[int] | None, rng: random.Random) -> Drawn:
    """``t`` renumbered by the drawing of lots of a round robin (module docstring):
    ``order`` the start numbers in the order drawn (the holder of 1 first), or None to
    draw them with ``rng``. Refused once round 1 is paired (the draw comes before it),
    in a team event (team numbers are record 310's) and where the file names players by
    number in records renumbering cannot rewrite."""
    from swissbridge.systems import declared_round_robin, for_round_robins

    if not declared_round_robin(t):
        raise InputError(
            f"record 192 says {t.system.strip() or 'no system'}: pairing numbers are drawn by lot in a round robin "
            "(C.05); a Swiss event numbers its players in the initial order of C.04.2 Art. 2.2 "
            f"(give {for_round_robins()} to make it a round robin)"
        )
    if t.team_event:
        raise InputError("a team round robin numbers its teams in record 310: give the drawn numbers there")
    if t.is_paired(1) or any(p.entries for p in t.players):
        raise InputError(
            "round 1 is paired already: a round robin's pairing numbers are drawn before round 1 (C.05), "
            "and every later round follows them"
        )
    if (kept := _numbers_kept(t)) is not None:
        raise InputError(f"the file has {kept}: renumber it by hand before drawing")
    starts = [p.start_no for p in t.players]
    if order is None:
        drawn = list(range(1, len(starts) + 1))
        rng.shuffle(drawn)
        numbers = dict(zip(starts, drawn, strict=True))
    else:
        unknown = sorted(set(order) - set(starts))
        missing = sorted(set(starts) - set(order))
        if unknown or missing:
            parts = [f"no player {ranges(unknown)}"] if unknown else []
            parts += [f"{ranges(missing)} missing"] if missing else []
            raise UsageError(
                f"--draw: {'; '.join(parts)}: give every start number ({ranges(starts)}) once, in the order drawn"
            )
        numbers = {s: k for k, s in enumerate(order, 1)}
    out = _renumber(t, numbers)
    moved = {s: k for s, k in numbers.items() if s != k}
    held = ", ".join(f"{k} {t.player(s).name or s}" for s, k in sorted(numbers.items(), key=lambda x: x[1]))
    how = "drawn by lot" if order is None else "as given"
    note = f"pairing numbers {how} (C.05): {held}" if moved else f"pairing numbers {how}: nobody moved"
    return Drawn(out, numbers, note)
