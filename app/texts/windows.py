"""Reading a long paragraph in bounded windows, for splitters and analysers that slow down with length.

Kiwi's sentence splitter and analyser take time (and memory) that grows roughly with the square of the
text given to one call, so an 840,000-character paragraph took minutes. Here a long text is handed to
them a window at a time: each window ends at the safest boundary near its size limit (a line break,
else a sentence end, else a space), the last sentences a window found are dropped because the cut may
have fallen inside them, and the next window starts where the first dropped sentence started. Every
sentence is therefore read whole, once, with its offsets mapped back into the full text.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable

from .limits import ANALYSIS_WINDOW_CHARS

_SENTENCE_END = ".!?。！？…"
_CLOSING = "\"'”’」』)]}）》〉"

Spans = list[tuple[int, int]]
# a sentence end, any closing marks after it, then the whitespace where the next window may start
_SENTENCE_BREAK = re.compile("[" + re.escape(_SENTENCE_END) + "][" + re.escape(_CLOSING) + r"]*\s+")


def cut_point(text: str, start: int, size: int) -> int:
    """End of the window that starts at ``start``: at most ``size`` characters on, at a safe boundary.

    The boundary is looked for in the second half of the window only, so windows never shrink much;
    a window with no boundary at all (one endless word) is cut at its size.
    """
    limit = start + size
    if limit >= len(text):
        return len(text)
    floor = start + size // 2
    newline = text.rfind("\n", floor, limit)
    if newline >= 0:
        return newline + 1
    for i in range(limit - 1, floor, -1):  # a sentence end (and its closing quotes) then a space
        if text[i].isspace():
            j = i - 1
            while j > floor and text[j] in _CLOSING:
                j -= 1
            if text[j] in _SENTENCE_END:
                return i + 1
    for i in range(limit - 1, floor, -1):
        if text[i].isspace():
            return i + 1
    return limit


def content_cut(text: str, start: int, size: int) -> int:
    """Like ``cut_point``, but the sentence end chosen depends on the text around it, not on ``start``.

    Among the sentence ends in the second half of the window it takes the one whose preceding
    characters have the smallest checksum, so a passage that recurs (a repeated chapter, a pasted
    block) is cut at the same places each time once two windows meet the same boundary, and its
    windows can be answered from the analyser's memo. Line breaks still win, as in ``cut_point``.
    """
    limit = start + size
    if limit >= len(text):
        return len(text)
    floor = start + size // 2
    if text.rfind("\n", floor, limit) >= 0:
        return cut_point(text, start, size)
    best, best_key = -1, 0
    for m in _SENTENCE_BREAK.finditer(text, floor, limit):
        b = m.end()
        key = zlib.crc32(text[max(start, b - 24):b].encode("utf-8"))
        if best < 0 or key < best_key:
            best, best_key = b, key
    return best if best > 0 else cut_point(text, start, size)


def split_windowed(text: str, split: Callable[[str], Spans], size: int | None = None,
                   tail: int = 2) -> Spans:
    """``split(text)``'s sentence spans, computed window by window when ``text`` is longer than ``size``.

    ``split`` returns ``(start, end)`` offsets into the string it is given, in order. ``tail`` sentences
    at the end of each window (all but one, if the window has no more) are re-read by the next window,
    because the cut may have fallen inside them or robbed them of what follows.
    """
    size = size or ANALYSIS_WINDOW_CHARS
    if len(text) <= size:
        return split(text)
    out: Spans = []
    pos, n = 0, len(text)
    while pos < n:
        end = cut_point(text, pos, size)
        spans = split(text[pos:end])
        if end >= n:
            out.extend((pos + a, pos + b) for a, b in spans)
            break
        drop = min(tail, len(spans) - 1)
        if drop <= 0:
            # One sentence longer than half a window (or none at all): take it as cut and go on.
            out.extend((pos + a, pos + b) for a, b in spans)
            pos = end
            continue
        out.extend((pos + a, pos + b) for a, b in spans[:-drop])
        pos += spans[-drop][0]
    return out
