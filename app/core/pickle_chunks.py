"""Pickling that lets other threads run: a large object is written and read one frame (64 KiB) at a time.

``pickle.loads`` rebuilds a whole object graph in one C call and holds the GIL for all of it: a book's
honorifics report (27,000 sentences, 4,000 turns, a ledger; 4.5 MB pickled) took 0.28 s of CPU to
unpickle, 0.12 s of it the collector's, and every other thread of the process, the GUI thread among them,
waited for it (bench/first_run_latency.py --book). Pickle protocol 4 and later cut a pickle into frames of
about 64 KiB; given a file object, the C pickler hands each frame to the file's ``write`` and the C
unpickler asks the file's ``read`` for each frame. Here those file objects are Python classes: every frame
is a call back into the interpreter, where another thread asking for the GIL gets it. The bytes are
``pickle.dumps``'s and the value is ``pickle.loads``'s; only the longest single hold shrinks.

Frames do not help against the collector: a rebuild of hundreds of thousands of objects starts full
collections as it goes, each a walk of every object not frozen, in one piece holding the GIL. So a large
pickle (KEEP_FROM) is rebuilt with automatic collection paused and what exists frozen after it
(app.core.heap.kept_for_good); the rebuilt value is still freed by reference counting once dropped.
"""

from __future__ import annotations

import pickle
from typing import Any

from litlens.app.core.heap import kept_for_good

PROTOCOL = pickle.HIGHEST_PROTOCOL  # framed (4+): the frames are what the GIL is handed over between
KEEP_FROM = 256 * 1024  # bytes: a pickle this large is rebuilt without collections walking it as it grows


class _Frames:
    """A ``write`` target for the C pickler: collects the frames it writes, one call per frame."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def write(self, data: Any) -> int:
        self.parts.append(bytes(data))
        return len(data)


class FrameReader:
    """A read-only file over ``data`` for the C unpickler; ``calls`` counts the reads it was asked for and
    ``largest`` the most bytes one of them returned (the work one C stretch did without a call back here)."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        self._view = memoryview(data)
        self._pos = 0
        self.calls = 0
        self.largest = 0

    def _take(self, end: int) -> memoryview:
        end = min(max(end, self._pos), len(self._view))
        piece = self._view[self._pos:end]
        self._pos = end
        self.calls += 1
        self.largest = max(self.largest, len(piece))
        return piece

    def read(self, n: int = -1) -> bytes:
        return bytes(self._take(len(self._view) if n is None or n < 0 else self._pos + n))

    def readinto(self, buffer: Any) -> int:
        piece = self._take(self._pos + len(buffer))
        memoryview(buffer).cast("B")[:len(piece)] = piece
        return len(piece)

    def readline(self) -> bytes:
        rest = self._view[self._pos:]
        newline = bytes(rest).find(b"\n")  # only protocol 0-style opcodes read lines; never ours
        return bytes(self._take(len(self._view) if newline < 0 else self._pos + newline + 1))


def dumps(value: Any) -> bytes:
    """``pickle.dumps(value, PROTOCOL)``: the same bytes, written frame by frame."""
    frames = _Frames()
    pickle.Pickler(frames, protocol=PROTOCOL).dump(value)
    return b"".join(frames.parts)


def loads(data: bytes | bytearray | memoryview) -> Any:
    """``pickle.loads(data)``, read frame by frame (a small pickle is one frame, read at once); a large one
    with automatic collection paused, then frozen (see the module's note)."""
    reader = FrameReader(data)
    if len(reader._view) < KEEP_FROM:
        return pickle.Unpickler(reader).load()
    with kept_for_good():
        return pickle.Unpickler(reader).load()
