"""The ``swissbridge`` console script (and ``python -m swissbridge``).

A plain ``pair`` — what a tournament program or a script runs once a round, where
starting the process is most of the time — runs without loading typer: typer and
the command line it builds take about 30 ms, more than reading and pairing a
50-player round (issue 19). Every other command line goes to
:func:`swissbridge.cli.commandline.main`, and so does any ``pair`` command line in a form
:func:`parse_pair` is not sure to read exactly as typer does: ``--help``, an
unknown, misspelt or repeated option, a missing or doubtful value (empty, starting
with ``-``, a number typer would refuse), an option glued to its value (``-ofile``).
Typer then gives its own answer, message and exit status, so the command line
behaves the same either way; the pairing itself is :func:`swissbridge.cli.console.run_pair`
on both paths.

:data:`PAIR_OPTIONS` repeats the options ``swissbridge.cli.commandline`` declares for ``pair``
(names, short names, which take a value and of what kind); the choices come from
the same enumerations, and ``tests/unit/test_launch.py`` checks the table against
the command typer builds and runs both paths on the same command lines."""

from __future__ import annotations

import codecs
import os
import re
import sys
from collections.abc import Sequence
from enum import Enum
from pathlib import Path

from swissbridge.cli.console import InitialColour, PairFormat, run_pair
from swissbridge.formats._text import MAX_ROUNDS

TYPE_CHECKING = False  # typing.TYPE_CHECKING: a plain pair never imports typing (2 ms)
if TYPE_CHECKING:
    from typing import Any

FLAG = "flag"
"""An option without a value (``--in-place``)."""
TEXT = "text"
"""Any text (typer's ``str``)."""
PATH = "path"
"""A file name (typer's ``Path``)."""
COUNT = "count"
"""A whole number of at least 1 (typer's ``int`` with ``min=1``)."""
ROUNDS = "rounds"
"""A number of rounds, 1-999 (typer's ``int`` with ``min=1, max=MAX_ROUNDS``)."""

Kind = str | type[Enum]

PAIR_OPTIONS: dict[str, tuple[str, Kind]] = {
    "--system": ("system", TEXT),
    "-s": ("system", TEXT),
    "--round": ("round_no", COUNT),
    "-r": ("round_no", COUNT),
    "--format": ("fmt", PairFormat),
    "-f": ("fmt", PairFormat),
    "--output": ("output", PATH),
    "-o": ("output", PATH),
    "--in-place": ("in_place", FLAG),
    "--explain": ("explain", FLAG),
    "--adjourned": ("adjourned", FLAG),
    "--repair": ("repair", FLAG),
    "--initial-colour": ("initial_colour", InitialColour),
    "--rounds": ("rounds", ROUNDS),
    "--encoding": ("encoding", TEXT),
}
"""``pair``'s options as ``swissbridge.cli.commandline`` declares them: option → (parameter, kind)."""


def _value(kind: Kind, text: str) -> object | None:
    """``text`` as the value of an option of ``kind``, or None when typer might read
    it otherwise or refuse it."""
    if kind == PATH and text == "-":
        return Path(text)  # standard output (``-o -``), as typer reads it
    if not text or text.startswith("-"):
        return None
    if kind == TEXT:
        return text
    if kind == PATH:
        return Path(text)
    if kind in (COUNT, ROUNDS):
        top = MAX_ROUNDS if kind == ROUNDS else 10**9 - 1
        return int(text) if text.isascii() and text.isdigit() and len(text) < 10 and 1 <= int(text) <= top else None
    assert isinstance(kind, type)
    try:
        return kind(text)  # typer's choices: the values, case-sensitive
    except ValueError:
        return None


def parse_pair(args: Sequence[str]) -> dict[str, Any] | None:
    """The arguments of :func:`~swissbridge.cli.console.run_pair` for ``pair ARGS``, or
    None when typer is to read ``args`` (see the module's description)."""
    values: dict[str, Any] = {}
    inputs: list[str] = []
    rest = list(args)
    while rest:
        token = rest.pop(0)
        if not token.startswith("-"):
            if not token:
                return None
            inputs.append(token)
            continue
        name, glued, attached = token.partition("=") if token.startswith("--") else (token, "", "")
        known = PAIR_OPTIONS.get(name)
        if known is None or known[0] in values:
            return None
        param, kind = known
        if kind == FLAG:
            if glued:
                return None
            values[param] = True
            continue
        if not glued:
            if not rest:
                return None
            attached = rest.pop(0)
        value = _value(kind, attached)
        if value is None:
            return None
        values[param] = value
    if len(inputs) != 1:
        return None
    return {"input": Path(inputs[0]), **values}


def _plain_streams() -> bool:
    """stdout and stderr are there and not ASCII-only (click's ``echo`` would then
    replace what they cannot encode), and no shell completion is asked for."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if stream is None or not encoding or codecs.lookup(encoding).name == "ascii":
            return False
    return not any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)


def plain_pair(arguments: dict[str, Any]) -> int:
    """Run ``pair`` with ``arguments`` (from :func:`parse_pair`) and return its exit
    status, its output flushed; an interrupt and a closed stdout end it as typer
    ends them (130 without a message; 1 without a traceback)."""
    try:
        try:
            run_pair(**arguments)
        except SystemExit as stop:  # console.fail: the message is out
            assert isinstance(stop.code, int)
            return stop.code
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    return 0


MAX_DIGITS = 64
"""The most digits of a number on the command line: no option takes more (a seed, a
FIDE id, a round); a longer run is refused before it is parsed or quoted whole."""
_DIGITS = re.compile(f"[0-9]{{{MAX_DIGITS + 1},}}")


def argument_problem(args: Sequence[str]) -> str | None:
    """Why the command line cannot be read, before any command sees it: an argument
    holding bytes that are not UTF-8 (Python keeps them as lone surrogates, which no
    file or message can be written with), unless it names an existing file; or a
    number of more than :data:`MAX_DIGITS` digits (never echoed whole)."""
    for i, arg in enumerate(args, 1):
        bad = next((k for k, c in enumerate(arg) if "\udc80" <= c <= "\udcff"), None)
        if bad is not None and not os.path.lexists(arg):
            byte = ord(arg[bad]) - 0xDC00
            return (
                f"argument {i} is not UTF-8 text (byte 0x{byte:02X} at character {bad + 1}): "
                "give text and new file names in UTF-8; nothing was done"
            )
        long = _DIGITS.search(arg)
        if long is not None:
            return (
                f"argument {i} holds a number of {len(long.group())} digits; no value swissbridge takes "
                f"has more than {MAX_DIGITS}: nothing was done"
            )
    return None


def main() -> None:
    """Console-script entry point: a plain ``pair`` here, anything else through typer."""
    args = sys.argv[1:]
    problem = argument_problem(args)
    if problem is not None:
        sys.stderr.write(f"swissbridge: {problem}\n")
        sys.exit(2)
    found = parse_pair(args[1:]) if args[:1] == ["pair"] and _plain_streams() else None
    if found is None:
        from swissbridge.cli.commandline import main as typer_main

        typer_main()
        return
    code = plain_pair(found)
    sys.stderr.flush()
    os._exit(code)  # no clean-up of every module and object (~5 ms) in a process that ends here: nothing is pending
