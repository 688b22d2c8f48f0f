"""Pieces of the typer command line shared by its modules (:mod:`swissbridge.cli.commandline`,
:mod:`swissbridge.cli.event`): the end of a command's help, and the file arguments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer


def epilog(codes: str, *examples: str) -> str:
    """The end of a command's ``--help``: its exit codes and examples (``\b`` keeps
    click from re-flowing the lines)."""
    lines = "\n".join(f"  {e}" for e in examples)
    return f"Exit codes: {codes}.\n\n\b\nExample{'s' if len(examples) > 1 else ''}:\n{lines}"


CODES = "0 success; 2 bad input or usage (one line, file:line:column); 5 an output could not be written"


def file_argument(text: str) -> Path:
    """A file argument as typer's ``Path`` reads it, but an empty one is refused
    (``Path("")`` would be the current folder)."""
    if not text:
        raise typer.BadParameter("an empty file name")
    return Path(text)


def input_argument(help: str) -> Any:
    """The tournament file a command reads (an empty name refused: :func:`file_argument`)."""
    return typer.Argument(help=help, show_default=False, parser=file_argument)
