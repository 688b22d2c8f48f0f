"""Where a command's output goes: stdout, or a file written atomically; over the
input file only when the user says ``--in-place``, and then the previous version
is kept beside it as ``NAME.bak`` (written atomically too, never through a link or
into a pipe or device standing at that name), so no input is ever damaged silently.

An in-place edit is a read-modify-write of one file: a command that replaces its
input reads it, changes it and writes it inside :func:`editing`, which holds the
file's edit lock for the whole time, so that two commands editing one file at once
take turns (the second reads what the first wrote) instead of one losing the
other's change."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from swissbridge.atomic import create_new, edit_lock, read_regular, write_atomic, write_own
from swissbridge.errors import OutputError, UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.model import Tournament

_EDITING: dict[Path, bytes] = {}
"""The files this process holds the edit lock of (:func:`editing`), by real path,
with their bytes as this process last read or wrote them."""


@contextlib.contextmanager
def editing(path: Path, *, active: bool = True) -> Iterator[None]:
    """Hold the edit lock of ``path`` while a command reads, changes and writes it
    back (:func:`write_output` with ``in_place``, which refuses to replace an input
    outside it). Another command editing the same file waits until this one has
    finished, or fails after a while with a clear :class:`OutputError`; nothing is
    lost either way. With ``active=False`` (the command will not write its input)
    this does nothing. Usage::

        with editing(path, active=in_place):
            tournament = read_input(path)
            ...
            write_output(path, data, inputs=[path], in_place=in_place)
    """
    if not active or Path(os.path.realpath(path)) in _EDITING:  # nothing to write, or held already
        yield
        return
    with edit_lock(path) as real:
        try:
            _EDITING[real] = read_regular(real)
        except OSError:
            _EDITING[real] = b""  # the reader says why it cannot be read
        try:
            yield
        finally:
            del _EDITING[real]


def holds_tournament(fmt: str) -> bool:
    """Whether the ``pair`` output format ``fmt`` holds the whole tournament with the
    round, and so may replace it (:attr:`swissbridge.formats.detect.Format.paired_whole`:
    TRF; a JSON pairing document holds the round alone)."""
    from swissbridge.formats.detect import FORMATS

    return fmt in FORMATS and FORMATS[fmt].paired_whole


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
    own_name: bool = False,
) -> bool:
    """Write ``data`` to ``target`` atomically, or to stdout (:func:`write_stdout`)
    when ``target`` is None or ``-`` (:data:`STDOUT`).

    A target that is one of ``inputs`` is refused (:class:`UsageError`) unless
    ``in_place``, and then only for an output that holds the whole tournament
    (``whole``): the input's previous bytes go to ``NAME.bak`` first. Returns False
    when the target already held exactly ``data``; ``elsewhere`` says, for the
    command's options, how to write to another file instead. A target whose name
    swissbridge chose (``own_name``: a batch's output in the folder given) is
    never written through a link (:func:`~swissbridge.atomic.write_own`)."""
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
            raise UsageError(f"{target} is the input file: only a tournament (--format trf) may replace it")
        state_format(target)
        return _replace_input(target, data)
    return write_own(target, data) if own_name else write_atomic(target, data)


def create_output(target: Path, data: str, *, command: str) -> None:
    """Create ``target``, which must not exist, with ``data``, exclusively
    (:func:`~swissbridge.atomic.create_new`): a file there, even one another command
    created a moment ago, is never replaced (:class:`UsageError` naming ``command``)."""
    try:
        create_new(target, data)
    except FileExistsError:
        raise UsageError(
            f"{target} exists already: `{command}` never replaces a file; choose another name or remove it"
        ) from None


def write_tournament(
    target: Path | None,
    tournament: Tournament,
    fmt: str,
    *,
    inputs: Sequence[Path] = (),
    in_place: bool = False,
    create: str | None = None,
) -> bool:
    """The one write path of the commands that edit a tournament file (``new``, ``set``,
    ``player …``, ``result``, ``pair --in-place``): ``tournament`` in the state format
    ``fmt``, read back before it is written (:func:`swissbridge.formats.detect.write_state`:
    it must read as ``tournament``), written as :func:`write_output` writes (created
    by :func:`create_output` for the command ``create``, a file that must not exist),
    then read from disk again: the file must hold the bytes meant (an :class:`OutputError`
    otherwise, the previous version kept as ``NAME.bak``)."""
    from swissbridge.formats.detect import write_state

    data = write_state(tournament, fmt)
    if create is not None and target is not None:
        create_output(target, data, command=create)
        written = True
    else:
        written = write_output(target, data, inputs=inputs, in_place=in_place)
    if target is None or target == STDOUT:
        return written
    try:
        on_disk = read_regular(Path(os.path.realpath(target)))
    except OSError as exc:
        raise OutputError(f"cannot read {target} back after writing it: {exc.strerror or exc}") from exc
    if on_disk != data.encode("utf-8"):
        kept = f" (the previous version is {backup_path(target).name})" if is_input(target, inputs) else ""
        raise OutputError(
            f"{target} does not hold what was written to it{kept}: check the disk and run the command again"
        )
    return written


def _replace_input(target: Path, data: str) -> bool:
    """Replace the input ``target`` (under its edit lock, :func:`editing`) with
    ``data``, its previous bytes kept in ``NAME.bak`` first. Refused when the file
    changed since the command read it (another program wrote it meanwhile)."""
    real = Path(os.path.realpath(target))
    if real not in _EDITING:
        raise RuntimeError(f"{target} is replaced outside swissbridge.commands.output.editing")
    backup = backup_path(target)
    try:
        previous = read_regular(real)
    except OSError as exc:
        raise OutputError(f"cannot read {target} to keep it as {backup.name}: {exc.strerror or exc}") from exc
    if previous != _EDITING[real]:
        raise OutputError(
            f"{target} changed while this command was working on it (another program wrote it); "
            "nothing written: run the command again"
        )
    try:
        write_own(backup, previous)
    except OutputError as exc:
        raise OutputError(f"cannot keep the previous version of {target}, nothing written: {exc}") from exc
    written = write_atomic(target, data)
    _EDITING[real] = data.encode("utf-8")
    return written
