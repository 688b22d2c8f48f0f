"""A model-based test of the event layer (issue 31): random command sequences run the way an
arbiter runs an event, in-process through the command line (typer's runner), each followed by
the invariants a published round is a contract for.

    python tests/stress/event_model.py --sequences 2000 [--start 0] [--json out.json]

Each sequence (reproducible from its number) starts an event with ``new`` (kept as TRF or
as JSON) (an individual
Swiss, Dutch, Lim, Dubov or Burstein; a round robin, single or double; a team event) from a random player list,
then runs 15-45 random commands: ``pair --in-place`` (``--adjourned`` when games are
unfinished), ``result`` by board and by ``#N`` (right, contradicting, ``--correct``), requested
byes as results, ``player add``, ``withdraw``, ``bye``, ``forbid``, ``set`` (``--points`` too),
reprints (``pair --round N``), re-pairings of played rounds in place (which must be refused),
``pair --repair`` and ``undo`` (team events too), and in a team event ``team lineup`` (a paired
round's line-up, reserves in, a board left empty: refused once its match has a result; else the
match's boards keep their numbers and the team's side is who was named), ``team withdraw`` and
``team bye``. A model of what was printed and entered is kept by player name
(a late entry renumbers the players). After every command:

* no traceback, an exit status of 0, 1 or 2, and a refused command (1, 2) leaves the file
  byte for byte as it was;
* the file reads back;
* every round keeps the boards it was printed with (record BRD), and every result entered
  is on the game printed at that board (by board or ``#N``), no played result lost (only
  ``undo`` removes one, and it says so);
* the points column is the sum of the results (individual events);
* a reprint of a paired round is the round as printed;
* ``check`` reports every round paired with no later change of an earlier score as ``ok``
  (after each pairing and at the end);
* in about one sequence in seven the event is kept as JSON (converted after ``new``), and
  in one of the others in five the watcher (``watch --once`` over a copy of the file, before each
  pairing) publishes the round ``pair --in-place`` then writes, with the same boards.

Prints one line per problem and a summary; exit status 1 when anything failed."""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner
from typer.main import get_command

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from swissbridge.cli.commandline import app  # noqa: E402
from swissbridge.formats.jsonfmt import read_json  # noqa: E402
from swissbridge.formats.trf import read_trf  # noqa: E402
from swissbridge.model import Result, Tournament  # noqa: E402

GAMES: dict[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "=": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "0-0": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
COMMAND = get_command(app)
"""The command line as click runs it, built once (typer's runner builds it again for every
command: two thirds of a sequence's time)."""
KINDS = ("dutch", "dutch", "lim", "dubov", "burstein", "roundrobin", "team")
IN_JSON = 0.15
"""The share of sequences run on the event as JSON (converted after ``new``), the other state format."""
WATCHED = 0.2
"""The share of sequences that also compare the watcher's publication of each round with the
round ``pair --in-place`` writes (a watcher pass costs about as much as ten commands)."""
_BOARD = re.compile(r"^\s*(\d+)\s+\((\d+)\) .*? - .*?\((\d+)\) ", re.MULTILINE)
_MATCH = re.compile(r"^\s*(\d+)\s+\((\d+)\) ")
_TEAM_BOARD = re.compile(r"^\s+(\d+)\. \((\d+)\) .* - \((\d+)\) ")
_ROUND = re.compile(r" — round (\d+)")
_CHECKED = re.compile(r"^round (\d+): (ok|DIFFERS)", re.MULTILINE)


def variant(number: int) -> tuple[str, bool, bool]:
    """Sequence ``number``'s kind of event, whether it is kept as JSON, and whether it runs the
    watcher (the last two from a stream of their own: the commands are the same either way)."""
    aside = random.Random(-1 - number)
    json_kept = aside.random() < IN_JSON
    return random.Random(number).choice(KINDS), json_kept, not json_kept and aside.random() < WATCHED


class Violation(Exception):
    """An invariant that does not hold."""


@dataclass
class Outcome:
    sequence: int
    kind: str
    commands: int = 0
    problems: list[str] = field(default_factory=list)


Printed = dict[int, tuple[str, str]]
"""A round as printed: board number → (White's name, Black's name)."""


class EventRun:
    """One random sequence of commands on one event, and the model of what it printed."""

    def __init__(self, number: int, folder: Path) -> None:
        self.number = number
        self.rng = random.Random(number)
        self.kind = self.rng.choice(KINDS)
        self.path = folder / "event.trf"
        self.folder = folder
        self.runner = CliRunner()
        self.printed: dict[int, Printed] = {}
        self.results: dict[tuple[int, str, str], str] = {}
        self.changed_under: set[int] = set()
        """Rounds paired before an earlier round's score changed: ``check`` may differ there."""
        self.boards = 0
        self.late = 0
        self.outcome = Outcome(number, self.kind)
        self.log: list[str] = []
        _, self.json, self.watching = variant(number)
        """Whether this sequence runs on the event converted to JSON (``"boards"`` for record
        BRD), and whether it also runs the watcher before each pairing."""
        """This sequence also runs the watcher before each pairing (a stream of its own: the
        commands of a sequence are the same with or without it)."""
        self.watched = 0

    # -- the command line --------------------------------------------------------------
    def run(self, *args: str | int, allowed: Sequence[int] = (0, 1, 2)) -> tuple[int, str]:
        words = [str(a) for a in args]
        self.log.append(" ".join(words))
        self.outcome.commands += 1
        before = self.path.read_bytes() if self.path.exists() else None
        result = self.runner.invoke(COMMAND, words)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            trace = "".join(traceback.format_exception(result.exception))
            raise Violation(f"traceback: {trace.strip().splitlines()[-1]}\n{trace}")
        code = result.exit_code
        if code not in allowed:
            raise Violation(f"exit {code} (expected {'/'.join(map(str, allowed))}): {result.output.strip()}")
        if code != 0 and before is not None and self.path.read_bytes() != before:
            raise Violation(f"refused (exit {code}) but the file changed: {result.output.strip()}")
        return code, result.output

    def tournament(self) -> Tournament:
        try:
            return read_json(self.path) if self.json else read_trf(self.path)
        except Exception as exc:  # any failure to read back is the finding
            raise Violation(f"the file does not read back: {exc}") from exc

    # -- the event -----------------------------------------------------------------------
    def start(self) -> None:
        rng = self.rng
        players = self.folder / "players.csv"
        if self.kind == "team":
            teams, self.boards = rng.randint(3, 6), rng.randint(1, 3)
            rows = ["name,rating,federation,team,board"]
            for t in range(1, teams + 1):
                for b in range(1, self.boards + rng.randint(0, 1) + 1):
                    rows.append(f'"Team{t}Player{b}, Ann",{rng.randint(1400, 2500)},NOR,Club {t},{b}')
            rounds = rng.randint(2, min(5, teams + 1))
            extra = ["--system", "team", "--boards", self.boards]
        else:
            n = rng.randint(4, 8) if self.kind == "roundrobin" else rng.randint(5, 14)
            rows = ["name,rating,federation"]
            rows += [f'"Player{i:02d}, Bo",{rng.randint(1200, 2600)},SWE' for i in range(1, n + 1)]
            if self.kind == "roundrobin":
                single = n - 1 if n % 2 == 0 else n
                rounds = single * rng.choice((1, 1, 2))
                extra = ["--system", "roundrobin"]
            else:
                rounds = rng.randint(3, 7)
                extra = ["--system", self.kind]
        players.write_text("\n".join(rows) + "\n", encoding="utf-8")
        colour = ["--initial-colour", rng.choice(("white", "black"))] if rng.random() < 0.8 else []
        self.run("new", self.path, "--players", players, "--rounds", rounds, *extra, *colour, allowed=(0,))
        if self.json:
            trf, self.path = self.path, self.path.with_suffix(".json")
            self.run("convert", trf, self.path, allowed=(0,))

    def step(self) -> None:
        t = self.tournament()
        rng = self.rng
        last = t.completed_rounds
        open_games = [(r, n) for r in self.printed for n in self.printed[r] if self._pending(t, r, n)]
        weights = {
            "pair": 4 if not open_games else 1,
            "result": 8 if open_games else 1,
            "player_result": 2,
            "correct": 2,
            "bye_result": 1,
            "add": 1,
            "withdraw": 1,
            "bye": 1,
            "forbid": 1,
            "set": 1,
            "reprint": 1,
            "repair_played": 1 if last else 0,
            "repair": 1 if last else 0,
            "undo": 0.5 if last else 0,
            "lineup": 3 if self.kind == "team" and last else 0,
            "team_withdraw": 0.5 if self.kind == "team" else 0,
            "team_bye": 1 if self.kind == "team" else 0,
        }
        action = rng.choices(list(weights), weights=list(weights.values()))[0]
        getattr(self, f"do_{action}")(t)

    def _pending(self, t: Tournament, r: int, n: int) -> bool:
        white, _ = self.printed[r][n]
        entry = self._player(t, white).entry(r)
        return entry is not None and entry.result is Result.PENDING

    @staticmethod
    def _player(t: Tournament, name: str):  # type: ignore[no-untyped-def]
        for p in t.players:
            if p.name == name:
                return p
        raise Violation(f"player {name!r} is no longer in the file")

    def _next(self, t: Tournament) -> int:
        return t.completed_rounds + 1

    # -- the commands ----------------------------------------------------------------------
    def do_pair(self, t: Tournament) -> None:
        adjourned = ["--adjourned"] if self.rng.random() < 0.5 else []
        published = self.watch() if self.watching else None
        # a round robin's next round is always its tables' (no edit makes it unpairable); all paired: 2
        allowed = (0, 2) if self.kind == "roundrobin" else (0, 1, 2)
        code, out = self.run("pair", self.path, "--in-place", *adjourned, allowed=allowed)
        if code != 0:
            return
        round_no = self._round_of(out)
        self.printed[round_no] = self._boards_of(out, self.tournament())
        self._same_as_file(round_no)
        if published is not None and published[0] == round_no and published[1] != self.printed[round_no]:
            raise Violation(
                f"the watcher published round {round_no} as {published[1]}, pair --in-place wrote "
                f"{self.printed[round_no]}"
            )
        self.do_check()

    def watch(self) -> tuple[int, Printed] | None:
        """The watcher over a copy of the file (``watch --once``, a fresh output folder): the
        round it publishes, its boards as its state file holds them, or None (it waits)."""
        self.watched += 1
        folder, out = self.folder / f"watched{self.watched}", self.folder / f"site{self.watched}"
        folder.mkdir()
        (folder / "event.trf").write_bytes(self.path.read_bytes())
        self.run("watch", folder, "--once", "--stable", "0", "--out", out)
        rounds = [p for p in out.glob("event-R*/event-R*.trf") if p.stem.rsplit("R", 1)[1].isdigit()]
        states = sorted(rounds, key=lambda p: int(p.stem.rsplit("R", 1)[1]))
        if not states:
            return None
        state = read_trf(states[-1])
        round_no = int(states[-1].stem.rsplit("R", 1)[1])
        stored = state.board_list(round_no)
        if stored is None and any(
            e is not None and e.opponent is not None for p in state.players for e in (p.entry(round_no),)
        ):
            raise Violation(f"the watcher's state of round {round_no} holds no boards")
        if stored is None:
            return round_no, {}  # a round without a game (everybody absent but the PAB) has no list
        names = {p.start_no: p.name for p in state.players}
        return round_no, {n: (names[w], names[b]) for n, w, b in stored.games}

    def _round_of(self, out: str) -> int:
        m = _ROUND.search(out)
        if m is None:
            raise Violation(f"no round in the board list: {out[:200]!r}")
        return int(m.group(1))

    def _boards_of(self, out: str, t: Tournament) -> Printed:
        names = {p.start_no: p.name for p in t.players}
        boards: Printed = {}
        if self.kind == "team":
            match = 0
            for line in out.splitlines():
                if (m := _TEAM_BOARD.match(line)) is not None:
                    number = (match - 1) * self.boards + int(m.group(1))
                    boards[number] = (names[int(m.group(2))], names[int(m.group(3))])
                elif (m := _MATCH.match(line)) is not None:
                    match = int(m.group(1))
            return boards
        for m in _BOARD.finditer(out):
            boards[int(m.group(1))] = (names[int(m.group(2))], names[int(m.group(3))])
        return boards

    def _same_as_file(self, round_no: int) -> None:
        t = self.tournament()
        stored = t.board_list(round_no)
        if stored is None and not self.printed[round_no]:
            return  # a round without boards (everybody absent but the PAB) has no list
        if stored is None:
            raise Violation(f"round {round_no} was printed but the file holds no boards for it")
        names = {p.start_no: p.name for p in t.players}
        held = {n: (names[w], names[b]) for n, w, b in stored.games}
        if held != self.printed[round_no]:
            raise Violation(f"round {round_no}: printed {self.printed[round_no]}, the file holds {held}")

    def _board(self, t: Tournament, *, open_only: bool) -> tuple[int, int] | None:
        choices = [(r, n) for r in self.printed for n in self.printed[r] if not open_only or self._pending(t, r, n)]
        return self.rng.choice(choices) if choices else None

    def do_result(self, t: Tournament, *, by_player: bool = False, correct: bool = False) -> None:
        found = self._board(t, open_only=not correct and self.rng.random() < 0.9)
        if found is None:
            return
        r, n = found
        white, black = self.printed[r][n]
        text = self.rng.choice(list(GAMES)) if self.rng.random() < 0.3 else self.rng.choice(("1-0", "0-1", "="))
        known = self.results.get((r, white, black))
        target = f"#{self._player(t, self.rng.choice((white, black))).start_no}" if by_player else str(n)
        flag = ["--correct"] if correct else []
        expected = (0,) if known in (None, text) or correct else (2,)
        if known is None and self._player(t, white).entry(r).result is not Result.PENDING:  # type: ignore[union-attr]
            expected = (0, 2)  # a result the model did not enter (a late round's bye) cannot be told here
        code, _ = self.run("result", self.path, r, target, text, *flag, allowed=expected)
        if code != 0:
            return
        changed = known != text
        self.results[(r, white, black)] = text
        if changed:
            self.changed_under |= {later for later in self.printed if later > r}

    def do_player_result(self, t: Tournament) -> None:
        self.do_result(t, by_player=True)

    def do_correct(self, t: Tournament) -> None:
        self.do_result(t, by_player=self.rng.random() < 0.3, correct=True)

    def do_bye_result(self, t: Tournament) -> None:
        if self.kind == "team" or not t.players:
            return
        p = self.rng.choice(t.players)
        text = self.rng.choice(("H", "F", "Z"))
        self.run("result", self.path, self._next(t), f"#{p.start_no}", text, allowed=self._absence_allowed)

    def do_add(self, t: Tournament) -> None:
        self.late += 1
        extra = ["--team", self.rng.randint(1, 3)] if self.kind == "team" else []
        # a round robin's field is fixed by its tables once a round is paired (C.05)
        allowed = (2,) if self.kind == "roundrobin" and t.completed_rounds else (0, 1, 2)
        name, rating = f"Late{self.late:02d}, Cy", self.rng.randint(1000, 2700)
        # a late entry that renumbers changes no round paired before it (swissbridge.state.entered)
        self.run("player", "add", self.path, "--name", name, "--rating", rating, *extra, allowed=allowed)

    @property
    def _absence_allowed(self) -> tuple[int, ...]:
        """A round robin refuses a bye, a withdrawal and a restriction (C.05: its tables pair
        every player with every other; a missed game is a forfeit)."""
        return (2,) if self.kind == "roundrobin" else (0, 1, 2)

    def do_withdraw(self, t: Tournament) -> None:
        if t.players:
            self.run(
                "player", "withdraw", self.path, self.rng.choice(t.players).start_no, allowed=self._absence_allowed
            )

    def do_bye(self, t: Tournament) -> None:
        if t.players:
            points = self.rng.choice(("half", "zero", "full"))
            n = self.rng.choice(t.players).start_no
            args = ("--round", self._next(t), "--points", points)
            self.run("player", "bye", self.path, n, *args, allowed=self._absence_allowed)

    def do_forbid(self, t: Tournament) -> None:
        nxt, total = self._next(t), t.total_rounds or 0
        if len(t.players) < 2 or nxt > total:
            return
        a, b = self.rng.sample([p.start_no for p in t.players], 2)
        self.run("player", "forbid", self.path, a, b, "--rounds", f"{nxt}-{total}", allowed=self._absence_allowed)

    def do_set(self, t: Tournament) -> None:
        choice = self.rng.random()
        if choice < 0.15 and self.kind != "team":
            code, _ = self.run("set", self.path, "--points", self.rng.choice(("3-1-0", "standard")))
            if code == 0:
                self.changed_under |= set(self.printed)
        elif choice < 0.5:
            self.run("set", self.path, "--tiebreaks", self.rng.choice(("BH,SB", "BH/C1,BH,SB,DE")))
        else:
            self.run("set", self.path, "--name", f"Event {self.rng.randint(1, 99)}")

    def do_reprint(self, t: Tournament) -> None:
        if not self.printed:
            return
        r = self.rng.choice(list(self.printed))
        _, out = self.run("pair", self.path, "--round", r, allowed=(0,))
        if self._boards_of(out, t) != self.printed[r]:
            raise Violation(f"the reprint of round {r} is not the round as printed")

    def do_repair_played(self, t: Tournament) -> None:
        played = [r for r in self.printed if any(k[0] >= r for k in self.results)]
        if played:
            r = self.rng.choice(played)
            self.run("pair", self.path, "--round", r, "--in-place", allowed=(2,))

    def do_repair(self, t: Tournament) -> None:
        last = t.completed_rounds
        entered = any(k[0] == last for k in self.results) or any(
            e is not None and e.opponent is not None and e.result is not Result.PENDING
            for p in t.players
            for e in (p.entry(last),)
        )
        code, out = self.run("pair", self.path, "--repair", "--in-place", allowed=(2,) if entered else (0, 1, 2))
        if code == 0:
            self.printed[last] = self._boards_of(out, self.tournament())
            self._same_as_file(last)

    def do_undo(self, t: Tournament) -> None:
        last = t.completed_rounds
        code, _ = self.run("undo", self.path, last, allowed=(0,))
        if code == 0:
            self.printed.pop(last, None)
            self.changed_under.discard(last)
            for key in [k for k in self.results if k[0] == last]:
                del self.results[key]

    def do_lineup(self, t: Tournament) -> None:
        """A team's line-up in a paired round (``team lineup``): refused while its match has a
        result (or the team no match, or the line-up is no line-up of the team); else the
        match's boards keep their numbers and colours and the team's side is who was named."""
        assert t.teams is not None
        rng = self.rng
        r = t.completed_rounds if rng.random() < 0.7 else rng.randint(1, t.completed_rounds)
        team = rng.choice(t.teams.teams)
        names = {p.start_no: p.name for p in t.players}
        members = list(team.members)
        players = rng.sample(members, min(len(members), self.boards)) + [0] * max(0, self.boards - len(members))
        if rng.random() < 0.1:
            players[rng.randrange(self.boards)] = 0
        invalid = rng.random() < 0.1
        if invalid:  # one too many, a player twice, or a player of another team
            other = [p.start_no for p in t.players if p.start_no not in members]
            players = rng.choice(
                [[*players, members[0]], [members[0]] * max(2, self.boards), [*players[:-1], *other[:1]]]
            )
        invalid = invalid or not any(players)
        mine = {names[m] for m in members}
        match = [n for n, (w, b) in self.printed.get(r, {}).items() if w in mine or b in mine]
        played = any((r, *self.printed[r][n]) in self.results for n in match)
        args = ["team", "lineup", self.path, team.number, *players, "--round", r]
        code, out = self.run(*args, allowed=(2,) if invalid or played or not match else (0,))
        if code != 0:
            return
        if not any(players):
            raise Violation(f"a line-up of nobody was taken: {out}")
        _, reprint = self.run("pair", self.path, "--round", r, allowed=(0,))
        boards = self._boards_of(reprint, self.tournament())
        first = (min(match) - 1) // self.boards * self.boards + 1  # the match's board 1
        for n, (w, b) in boards.items():
            if n not in range(first, first + self.boards):
                if self.printed[r].get(n) != (w, b):
                    raise Violation(f"round {r} board {n}: a line-up of team {team.number} changed another match")
                continue
            named = players[n - first]
            side = w if w in mine else b
            if not named or side != names[named]:
                raise Violation(f"round {r} board {n}: team {team.number} lined up {named}, the board has {w} - {b}")
            before = self.printed[r].get(n)
            if before is not None and {w, b} - {side} != set(before) - mine:
                raise Violation(f"round {r} board {n}: the opponent changed with the line-up ({before} -> {w} - {b})")
        self.printed[r] = boards
        self.changed_under |= {later for later in self.printed if later > r}  # an empty board's forfeit scores

    def do_team_withdraw(self, t: Tournament) -> None:
        assert t.teams is not None
        team = self.rng.choice(t.teams.teams).number
        self.run("team", "withdraw", self.path, team)

    def do_team_bye(self, t: Tournament) -> None:
        assert t.teams is not None
        team = self.rng.choice(t.teams.teams).number
        points = self.rng.choice(("half", "zero", "full"))
        self.run("team", "bye", self.path, team, "--round", self._next(t), "--points", points)

    def do_check(self) -> None:
        _, out = self.run("check", self.path, allowed=(0, 1, 2))
        verdicts = {int(r): v for r, v in _CHECKED.findall(out)}
        for r in self.printed:
            if r not in self.changed_under and verdicts.get(r) != "ok":
                raise Violation(f"check: round {r} paired with no later score change is {verdicts.get(r)}: {out}")

    # -- the invariants --------------------------------------------------------------------
    def invariants(self) -> None:
        t = self.tournament()
        for r, boards in self.printed.items():
            self._same_as_file(r)
            for n, (white, black) in boards.items():
                text = self.results.get((r, white, black))
                w, b = self._player(t, white), self._player(t, black)
                we, be = w.entry(r), b.entry(r)
                if we is None or be is None or we.opponent != b.start_no or be.opponent != w.start_no:
                    raise Violation(f"round {r} board {n}: {white} - {black} is no longer a game of the file")
                if text is not None and (we.result, be.result) != GAMES[text]:
                    raise Violation(
                        f"round {r} board {n} {white} - {black}: {text} entered, the file has "
                        f"{we.result.value}/{be.result.value}"
                    )
        if t.team_event:
            return
        for p in t.players:
            score = p.score(t.points, len(p.entries))
            if p.stated_points is not None and p.stated_points != score:
                raise Violation(f"player {p.start_no}: points column {p.stated_points / 10} but results {score / 10}")


def run_sequence(number: int) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="swissbridge-model-") as tmp:
        event = EventRun(number, Path(tmp))
        try:
            event.start()
            for _ in range(event.rng.randint(15, 45)):
                event.step()
                event.invariants()
            event.do_check()
        except Violation as exc:
            event.outcome.problems.append(f"sequence {number} ({event.kind}), after {event.log[-1]!r}: {exc}")
            event.outcome.problems.append("  commands: " + " ; ".join(event.log))
        return event.outcome


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    started = time.monotonic()
    outcomes = []
    for i in range(args.start, args.start + args.sequences):
        outcome = run_sequence(i)
        outcomes.append(outcome)
        for line in outcome.problems:
            print(line, flush=True)
        if len(outcomes) % 100 == 0:
            done = sum(o.commands for o in outcomes)
            print(f"... {len(outcomes)} sequences, {done} commands, {time.monotonic() - started:.0f} s", flush=True)
    commands = sum(o.commands for o in outcomes)
    failed = [o for o in outcomes if o.problems]
    seconds = time.monotonic() - started
    print(
        f"{len(outcomes)} sequences, {commands} commands, {len(failed)} with a violation, {seconds:.0f} s",
        flush=True,
    )
    if args.json is not None:
        summary = {
            "sequences": len(outcomes),
            "commands": commands,
            "violations": len(failed),
            "seconds": round(seconds, 1),
            "by_kind": {k: sum(o.kind == k for o in outcomes) for k in sorted(set(KINDS))},
            "problems": [p for o in failed for p in o.problems],
        }
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
