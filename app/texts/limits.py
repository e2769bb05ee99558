"""The size envelope LitLens promises to handle, in one place, so readers, judges and docs agree.

Every analyser now runs in time linear in the text (long paragraphs are read in bounded windows), but
linear is still slow at some point: the Korean honorifics analysis reads about 10,000 characters a
second on one core. Beyond this size a run would take the better part of an hour, so the text is
refused up front with a message that says what to do, instead of running silently for that long.
"""

from __future__ import annotations

import os
import stat

MAX_DOCUMENT_CHARS = 5_000_000  # about War and Peace in English (3.2M) with room to spare

# Windows for analysers whose cost grows faster than linearly with the length of one call (Kiwi's
# sentence splitter and morpheme analyser): a paragraph longer than this is read in windows of about
# this many characters, cut at line breaks, sentence ends or spaces.
ANALYSIS_WINDOW_CHARS = 4_000


def too_large_message(length: int, limit: int = MAX_DOCUMENT_CHARS) -> str:
    return (f"the text is too long to analyse ({length:,} characters; the limit is {limit:,}); "
            "split it into several files, for example one per chapter or volume")


class FileRefused(ValueError):
    """A file that is not read: not a regular file (a device such as /dev/zero, a FIFO, a folder, a
    socket), or larger than its limit. The message says which, without the file's name (the caller
    names the file in its own words)."""


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them: FileRefused when it is not a regular file or is
    larger, OSError when it cannot be opened or read.

    Checked before opening and again on the open descriptor (the path may have been swapped between), and
    opened with O_NONBLOCK, so a FIFO never blocks the reader waiting for a writer and a device that never
    ends (/dev/zero) is never read; reading stops at ``limit`` + 1 bytes whatever the size said."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise FileRefused(_not_regular())
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(_not_regular())
        if info.st_size > limit:
            raise FileRefused(too_large_file_message(info.st_size, limit))
        data = f.read(limit + 1)
    if len(data) > limit:  # it grew while it was read
        raise FileRefused(too_large_file_message(len(data), limit))
    return data


def refuse_unless_regular(path: str | os.PathLike[str]) -> None:
    """FileRefused when ``path`` exists but is not a regular file (for readers that open it by name
    through a library, such as a zip reader); a missing file is left to the reader to report."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        raise FileRefused(_not_regular())


def _not_regular() -> str:
    return "it is not a regular file (a device, a pipe, a socket or a folder), so it is not read"


def too_large_file_message(size: int, limit: int) -> str:
    return f"it is {size / 1024 / 1024:.1f} MB; the limit is {limit / 1024 / 1024:g} MB"
