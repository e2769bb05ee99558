"""What the command line prints to a terminal never carries control or bidi characters from user text.

Titles, student, project and file names and every other text a user (or someone who sent them a file)
chose reach the terminal through tables, messages and errors. An escape sequence in such a text can
recolour or clear the screen, retitle the window or hide the rest of a line, and a bidi control
(U+202E…) reorders what follows so the line reads differently from what it is. ``neutralise`` replaces
each such character by its visible ``\\uXXXX`` escape; ``neutralised_output`` applies it to everything
the CLI writes to stderr, and to stdout unless stdout carries data (``--format json`` or ``csv``),
which stays exact. (JSON escapes control characters itself, and a ``\\uXXXX`` in a JSON string reads
back as the character, so even JSON would be unchanged as data.)
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

# C0 controls except tab and newline (ESC, BEL, backspace, carriage return…), DEL, C1 controls (CSI is
# U+009B), and the bidi controls: embeddings and overrides, isolates, the implicit marks and Arabic's.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
DATA_FORMATS = ("json", "csv")


def neutralise(text: str) -> str:
    """``text`` with every control and bidi character replaced by its visible escape (``\\u001b``)."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class NeutralisingWriter(io.TextIOBase):
    """A text stream that writes to ``stream`` what it is given, neutralised. The program's own controls
    (the progress line's carriage return) go through ``write_control``."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(neutralise(text))
        return len(text)

    def write_control(self, text: str) -> None:
        self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.stream, "errors", None)


def write_control(stream: TextIO, text: str) -> None:
    """Write the program's own control characters (never user text) to ``stream`` as they are."""
    if isinstance(stream, NeutralisingWriter):
        stream.write_control(text)
    else:
        stream.write(text)


def carries_data(argv: Sequence[str]) -> bool:
    """Whether the command line asks for machine-readable output on stdout (``--format json|csv``)."""
    args = list(argv)
    for i, a in enumerate(args):
        if a == "--format" and i + 1 < len(args) and args[i + 1] in DATA_FORMATS:
            return True
        if a.startswith("--format=") and a.split("=", 1)[1] in DATA_FORMATS:
            return True
    return False


@contextmanager
def neutralised_output(argv: Sequence[str] | None = None) -> Iterator[None]:
    """For the duration of one command: stderr neutralised, and stdout too unless it carries data."""
    argv = sys.argv[1:] if argv is None else argv
    saved = sys.stdout, sys.stderr
    sys.stderr = NeutralisingWriter(sys.stderr)  # type: ignore[assignment]
    if not carries_data(argv):
        sys.stdout = NeutralisingWriter(sys.stdout)  # type: ignore[assignment]
    try:
        yield
    finally:
        for wrapper in (sys.stdout, sys.stderr):
            if isinstance(wrapper, NeutralisingWriter):
                try:
                    wrapper.flush()
                except (OSError, ValueError):  # a reader that went away: main() has dealt with it
                    pass
        sys.stdout, sys.stderr = saved
