"""Where a command's output goes: stdout, or a file written atomically; over the
input file only when the user says ``--in-place``, and then the previous version
is kept beside it as ``NAME.bak`` (written atomically too), so no input is ever
damaged silently."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from swissbridge.atomic import write_atomic
from swissbridge.errors import OutputError, UsageError


def holds_tournament(fmt: str) -> bool:
    """Whether the ``pair`` output format ``fmt`` holds the whole tournament, and so may
    replace it (:attr:`swissbridge.formats.detect.Format.whole`)."""
    from swissbridge.formats.detect import FORMATS

    return fmt in FORMATS and FORMATS[fmt].whole


def state_format(path: Path) -> str:
    """The format a tournament file replaced in place is rewritten in
    (:func:`swissbridge.formats.detect.state_format_of`: ``trf`` or ``json``, the
    formats that hold a whole tournament); any other input (a Swiss-Manager export,
    a PGN) cannot be replaced by one (:class:`UsageError`)."""
    from swissbridge.formats.detect import detect_format, state_format_of

    state = state_format_of(path)
    if state is not None:
        return state
    raise UsageError(
        f"{path} is a {detect_format(path)} file, which cannot hold the whole tournament: "
        "write it elsewhere with -o EVENT.trf"
    )


def backup_path(path: Path) -> Path:
    """``event.trf`` → ``event.trf.bak``: where ``--in-place`` keeps the previous version."""
    return path.with_name(path.name + ".bak")


def is_input(target: Path, inputs: Sequence[Path]) -> bool:
    """``target`` names one of ``inputs`` (the same file, however written)."""
    for source in inputs:
        try:
            if target.exists() and source.exists() and os.path.samefile(target, source):
                return True
        except OSError:
            continue
        if os.path.abspath(target) == os.path.abspath(source):
            return True
    return False


STDOUT = Path("-")
"""``-o -``: standard output, as ``-`` means in most command-line tools."""


def write_stdout(data: str) -> None:
    """Write ``data`` to stdout and flush it, its control characters made harmless
    (:func:`~swissbridge.messages.terminal_text`). What the stream's encoding cannot
    encode (``PYTHONIOENCODING=ascii``) is written as ``?``, as click's ``echo``
    writes it, with one warning on stderr; a write that fails (a full disk,
    ``>/dev/full``) is an :class:`OutputError` (exit 5). A reader that has gone
    (``| head``) stays a :class:`BrokenPipeError`, which ends the command quietly."""
    from swissbridge.messages import terminal_text

    stream = sys.stdout
    data = terminal_text(data)
    try:
        try:
            stream.write(data)
        except UnicodeEncodeError as exc:
            encoding = exc.encoding
            stream.write(data.encode(encoding, "replace").decode(encoding))
            sys.stderr.write(
                f"swissbridge: warning: standard output ({encoding}) cannot show every character: written as '?'; "
                "give -o FILE or set PYTHONIOENCODING=utf-8\n"
            )
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _discard_stdout()
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from exc


def _discard_stdout() -> None:
    """Point stdout at the null device, so that the output still buffered is not
    written (and fails) again when the interpreter exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no file descriptor (a test's captured stream)
        pass


def write_output(
    target: Path | None,
    data: str,
    *,
    inputs: Sequence[Path] = (),
    in_place: bool = False,
    whole: bool = True,
    elsewhere: str = "-o another file",
) -> bool:
    """Write ``data`` to ``target`` atomically, or to stdout (:func:`write_stdout`)
    when ``target`` is None or ``-`` (:data:`STDOUT`).

    A target that is one of ``inputs`` is refused (:class:`UsageError`) unless
    ``in_place``, and then only for an output that holds the whole tournament
    (``whole``): the input's previous bytes go to ``NAME.bak`` first. Returns False
    when the target already held exactly ``data``; ``elsewhere`` says, for the
    command's options, how to write to another file instead."""
    if target is None or target == STDOUT:
        write_stdout(data)
        return True
    if is_input(target, inputs):
        if not in_place:
            raise UsageError(
                f"{target} is the input file: give --in-place to replace it "
                f"(the previous version is then kept as {backup_path(target).name}), or {elsewhere}"
            )
        if not whole:
            raise UsageError(f"{target} is the input file: only a tournament (--format trf or json) may replace it")
        state_format(target)
        try:
            previous = target.read_bytes()
        except OSError as exc:
            raise OutputError(f"cannot read {target} to keep it as {backup_path(target).name}: {exc.strerror}") from exc
        write_atomic(backup_path(target), previous)
    return write_atomic(target, data)
