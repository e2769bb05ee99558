"""The size envelope (app/texts/limits.py) at its edges: a text of exactly the limit opens, one character
more is refused with a message that gives both numbers and what to do; a paragraph of exactly the
analysis window is read in one call, one character more in windows."""

from __future__ import annotations

import pytest

from litlens.app.texts import TextReadError, limits, text_from_string
from litlens.app.texts.windows import split_windowed


def test_the_document_limit_is_five_million_characters_inclusive():
    assert limits.MAX_DOCUMENT_CHARS == 5_000_000
    ok = text_from_string("a" * 5_000_000, "en")
    assert len(ok.content) == 5_000_000
    with pytest.raises(TextReadError) as info:
        text_from_string("a" * 5_000_001, "en", path="/books/war.txt")
    msg = str(info.value)
    assert "5,000,001 characters; the limit is 5,000,000" in msg and "war.txt" in msg
    assert "split it into several files" in msg


def test_the_message_names_the_given_limit():
    assert limits.too_large_message(12, 10) == (
        "the text is too long to analyse (12 characters; the limit is 10); split it into several files, "
        "for example one per chapter or volume")


def test_a_paragraph_of_exactly_the_window_is_read_in_one_call():
    assert limits.ANALYSIS_WINDOW_CHARS == 4_000
    calls: list[int] = []

    def split(s: str):
        calls.append(len(s))
        return [(0, len(s))]
    split_windowed("가" * 4_000, split)
    assert calls == [4_000]
    calls.clear()
    split_windowed("가나다라. " * 801, split)  # 4,806 characters: more than one window
    assert len(calls) > 1 and max(calls) <= 4_000


def test_read_regular_file_reads_up_to_its_limit_inclusive(tmp_path):
    p = tmp_path / "a.txt"
    p.write_bytes(b"x" * 10)
    assert limits.read_regular_file(p, 10) == b"x" * 10
    assert limits.read_regular_file(str(p), 11) == b"x" * 10
    with pytest.raises(limits.FileRefused) as info:
        limits.read_regular_file(p, 9)
    assert str(info.value) == "it is 0.0 MB; the limit is 8.58307e-06 MB"
    assert limits.too_large_file_message(3 * 1024 * 1024 + 512 * 1024, 2 * 1024 * 1024) == (
        "it is 3.5 MB; the limit is 2 MB")


def test_a_fifo_or_a_folder_is_refused_without_being_opened_and_a_missing_file_is_an_oserror(tmp_path):
    import os
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # no writer: opening it for reading without O_NONBLOCK would block for ever
    for path in (fifo, tmp_path):
        with pytest.raises(limits.FileRefused, match="not a regular file"):
            limits.read_regular_file(path, 100)
        with pytest.raises(limits.FileRefused, match=r"not a regular file \(a device, a pipe, a socket or a "
                                                     r"folder\), so it is not read"):
            limits.refuse_unless_regular(path)
    with pytest.raises(OSError):
        limits.read_regular_file(tmp_path / "missing.txt", 100)
    limits.refuse_unless_regular(tmp_path / "missing.txt")  # left to the reader to report
    regular = tmp_path / "r.txt"
    regular.write_bytes(b"ok")
    limits.refuse_unless_regular(regular)


def test_a_file_swapped_for_a_fifo_after_the_first_check_is_refused_on_the_descriptor(tmp_path, monkeypatch):
    import os
    import stat as st
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    real_stat = os.stat

    def looks_regular(path, *a, **k):  # the path check sees a regular file; the descriptor is the FIFO
        got = real_stat(path, *a, **k)
        return os.stat_result((st.S_IFREG | 0o644, *got[1:])) if str(path) == str(fifo) else got
    monkeypatch.setattr(limits.os, "stat", looks_regular)
    with pytest.raises(limits.FileRefused, match="not a regular file"):
        limits.read_regular_file(fifo, 100)


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    import os
    p = tmp_path / "grows.txt"
    p.write_bytes(b"x" * 5)
    real_fstat = os.fstat

    def smaller(fd):  # the size said 5 bytes; the file has 20 by the time it is read
        got = real_fstat(fd)
        return os.stat_result((*got[:6], 5, *got[7:]))
    p.write_bytes(b"x" * 20)
    monkeypatch.setattr(limits.os, "fstat", smaller)
    with pytest.raises(limits.FileRefused, match="the limit is"):
        limits.read_regular_file(p, 10)


def test_the_size_in_the_message_is_in_mebibytes_to_one_decimal():
    assert limits.too_large_file_message(10 * 1024 * 1024 + 52 * 1024, 1024 * 1024) == (
        "it is 10.1 MB; the limit is 1 MB")
    assert limits.too_large_file_message(50 * 1024 * 1024 + 1, 50 * 1024 * 1024) == (
        "it is 50.0 MB; the limit is 50 MB")


def test_a_file_larger_than_its_limit_is_refused_by_its_whole_size_before_it_is_read(tmp_path, monkeypatch):
    p = tmp_path / "big.txt"
    with open(p, "wb") as f:
        f.truncate(3 * 1024 * 1024 + 300 * 1024)  # 3.3 MiB, sparse: its size is all that is asked
    reads: list[int] = []
    real_fdopen = limits.os.fdopen

    def watched(fd, *a, **kw):
        f = real_fdopen(fd, *a, **kw)
        real_read = f.read
        f.read = lambda n=-1: reads.append(n) or real_read(n)  # type: ignore[method-assign]
        return f
    monkeypatch.setattr(limits.os, "fdopen", watched)
    with pytest.raises(limits.FileRefused) as info:
        limits.read_regular_file(p, 1024 * 1024)
    # the size the file says it has, not the limit + 1 bytes a read would have stopped at
    assert str(info.value) == "it is 3.3 MB; the limit is 1 MB"
    assert reads == []


def test_the_mebibyte_figures_of_large_sizes_are_exact():
    # 1 MiB is 1,048,576 bytes: 100 MiB is 100.0 (a kibibyte of 1,023 or 1,025 bytes reads 100.1 or 99.9)
    assert limits.too_large_file_message(100 * 1024 * 1024, 64 * 1024 * 1024) == (
        "it is 100.0 MB; the limit is 64 MB")
    assert limits.too_large_file_message(999 * 1024 * 1024, 1000 * 1024 * 1024) == (
        "it is 999.0 MB; the limit is 1000 MB")


def test_reading_stops_one_byte_past_the_limit_whatever_the_size_said(tmp_path, monkeypatch):
    """A file whose size lied (or that grew) is read no further than limit + 1 bytes: enough to know it
    is too large, never the rest of it."""
    import os
    p = tmp_path / "grows.txt"
    p.write_bytes(b"x" * 1000)
    real_fstat, real_fdopen, asked = os.fstat, os.fdopen, []

    def smaller(fd):
        got = real_fstat(fd)
        return os.stat_result((*got[:6], 5, *got[7:]))

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def fileno(self):
            return self.f.fileno()

        def read(self, n=-1):
            asked.append(n)
            return self.f.read(n)
    monkeypatch.setattr(limits.os, "fstat", smaller)
    monkeypatch.setattr(limits.os, "fdopen", lambda fd, mode: Spy(real_fdopen(fd, mode)))
    with pytest.raises(limits.FileRefused):
        limits.read_regular_file(p, 10)
    assert asked == [11]
