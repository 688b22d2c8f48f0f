"""Converting tournament files between formats, one file or a batch.

One file: read it (any format, or the one named), write the target format
atomically, and report what the target cannot hold. A batch: every input file (or
every file of an input folder) into an output folder, going on past a bad file,
with a summary at the end.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from swissbridge.commands.output import editing, write_output
from swissbridge.errors import InputError, OutputError, SwissbridgeError, UsageError

__all__ = ["Conversion", "batch_sources", "convert_batch", "convert_file", "exit_code", "is_batch", "summary"]


@dataclass(frozen=True, slots=True)
class Conversion:
    """The outcome of converting one file."""

    source: Path
    target: Path | None
    error: str = ""
    lost: tuple[str, ...] = field(default=())
    written: bool = True
    """False when the target already held exactly these bytes."""
    output_error: bool = False
    warnings: tuple[str, ...] = field(default=())
    """What was read by a guess (a TRF file read as Windows-1252)."""
    notes: tuple[str, ...] = field(default=())
    """What was written that the input did not say (record 192 naming the default system)."""

    @property
    def ok(self) -> bool:
        return not self.error


TEAMS_NOT_READ = (
    "a team event whose teams were not read (Swiss-Manager's own team file: its teams, players and rounds are "
    "not read, docs/team.md): nothing converted; export it as TRF (Extras → FIDE-Daten-Export) and convert that"
)
"""Why a team event read without its teams (a team ``.TUNX``) is not converted: written,
it would be a file of no players (``convert`` exited 0 writing one)."""


def convert_file(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    *,
    src_fmt: str | None = None,
    dst_fmt: str | None = None,
    in_place: bool = False,
    encoding: str | None = None,
    own_name: bool = False,
) -> Conversion:
    """Convert one tournament; errors are raised (:class:`InputError`, :class:`OutputError`,
    :class:`UsageError` for a target that is the source without ``in_place``). A
    target named by the batch (``own_name``) is never written through a link."""
    from swissbridge.formats.detect import (
        holds_system,
        is_tournament_folder,
        lost_in,
        target_format,
        write_any,
    )

    fmt = target_format(target, dst_fmt)
    if src_fmt is None and Path(source).is_dir() and not is_tournament_folder(source):
        raise InputError(
            "the folder holds neither Swiss-Manager text exports nor round PGN files, so it is not one "
            f"tournament; to convert each of its files, write the output folder with a final slash: {target}{os.sep}",
            path=os.fspath(source),
        )
    from swissbridge.systems import with_system
    from swissbridge.systems.service import read_tournament

    warnings: list[str] = []
    with editing(Path(source), active=in_place and not Path(source).is_dir()):
        tournament, note = with_system(read_tournament(source, src_fmt, encoding=encoding, warnings=warnings))
        if tournament.team_event and tournament.teams is None:
            raise InputError(TEAMS_NOT_READ, path=os.fspath(source))
        if not holds_system(fmt):
            note = None
        data = write_any(tournament, fmt)
        written = write_output(
            Path(target),
            data,
            inputs=[Path(source)],
            in_place=in_place,
            elsewhere="another output file",
            own_name=own_name,
        )
    return Conversion(
        Path(source),
        Path(target),
        lost=tuple(lost_in(tournament, fmt)),
        written=written,
        warnings=tuple(warnings),
        notes=(note,) if note else (),
    )


def is_batch(sources: Sequence[Path], target: str | os.PathLike[str]) -> bool:
    """Several inputs, or a target that is (or is written as, ``out/``) a folder: a
    batch. A single input folder with a file target is one tournament (Swiss-Manager
    exports or round PGNs)."""
    if len(sources) > 1:
        return True
    return Path(target).is_dir() or os.fspath(target).endswith((os.sep, "/"))


def batch_sources(sources: Sequence[Path]) -> list[Path]:
    """The files of a batch: each input file, and every visible file of an input folder."""
    out: list[Path] = []
    for s in sources:
        if s.is_dir():
            out.extend(sorted(f for f in s.iterdir() if f.is_file() and not f.name.startswith(".")))
        else:
            out.append(s)
    return out


def convert_batch(
    sources: Sequence[Path],
    out_dir: Path,
    *,
    src_fmt: str | None = None,
    dst_fmt: str,
    progress: Callable[[Conversion], None] | None = None,
    encoding: str | None = None,
) -> list[Conversion]:
    """Convert every file into ``out_dir`` (created if missing) as ``<stem><suffix of
    dst_fmt>``, going on past failures. ``progress`` is called after each file."""
    from swissbridge.formats.detect import WRITE_FORMATS, suffix_for

    if dst_fmt not in WRITE_FORMATS:
        raise UsageError(f"cannot write {dst_fmt} files; --to takes one of {', '.join(WRITE_FORMATS)}")
    fmt = "trf26" if dst_fmt == "trf" else dst_fmt
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create {out_dir}: {exc.strerror or exc}") from None
    results: list[Conversion] = []
    used: dict[str, Path] = {}
    for src in sources:
        name = src.stem + suffix_for(fmt)
        if name in used:
            name = f"{src.stem}{src.suffix.replace('.', '-')}{suffix_for(fmt)}"
        used[name] = src
        target = out_dir / name
        try:
            result = convert_file(src, target, src_fmt=src_fmt, dst_fmt=fmt, encoding=encoding, own_name=True)
        except InputError as exc:
            result = Conversion(src, None, error=_naming(src, str(exc.located(os.fspath(src)))))
        except OutputError as exc:
            result = Conversion(src, None, error=_naming(src, str(exc)), output_error=True)
        except SwissbridgeError as exc:
            result = Conversion(src, None, error=f"{src}: {exc}")
        except Exception as exc:  # a batch goes on past any one file
            result = Conversion(src, None, error=f"{src}: unexpected {type(exc).__name__}: {exc}")
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def _naming(source: Path, error: str) -> str:
    """A batch's failure line names the input it is about, whatever file the error
    itself names (a sibling export, the output)."""
    return error if error.startswith(os.fspath(source) + ":") else f"{source}: {error}"


def exit_code(results: Sequence[Conversion]) -> int:
    """A batch's exit status: 0 when every file converted; 5 when an output could not
    be written; else 2 (bad input)."""
    failed = [r for r in results if not r.ok]
    if not failed:
        return 0
    return 5 if any(r.output_error for r in failed) else 2


def summary(results: Sequence[Conversion]) -> str:
    """The end-of-batch summary: counts, then the reason for every failure."""
    ok = [r for r in results if r.ok]
    bad = [r for r in results if not r.ok]
    lines = [f"converted {len(ok)} of {len(results)} file(s), {len(bad)} failed"]
    lines += [f"  failed: {r.error}" for r in bad]
    return "\n".join(lines) + "\n"
