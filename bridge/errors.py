"""The errors swissbridge reports to people. Every problem with an input file is an
:class:`InputError` naming the file, line and column and what was expected; the
command line prints it on one line and exits with status 2 (the drop-in engine
uses 3, its peers' code for invalid input)."""

from __future__ import annotations


class SwissbridgeError(Exception):
    """Base class of the errors the command line reports without a traceback."""


class InputError(SwissbridgeError):
    """A malformed or inconsistent input file.

    ``line`` and ``column`` are 1-based; ``None`` when the problem concerns the
    whole file (for example two player lines that contradict each other). A binary
    file has no lines: ``offset`` is the 0-based byte where the problem is."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        offset: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.offset = offset

    def located(self, path: str) -> InputError:
        """The same error attributed to ``path`` when it had no file yet."""
        if self.path is None:
            self.path = path
        return self

    def __str__(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        elif self.offset is not None:
            where += f": byte {self.offset} (0x{self.offset:X})"
        return f"{where}: {self.message}"


class UsageError(SwissbridgeError):
    """A wrong option value (an unknown pairing system, say): exit status 2, no file named."""


class OutputError(SwissbridgeError):
    """An output could not be written (the previous file, if any, is untouched)."""
