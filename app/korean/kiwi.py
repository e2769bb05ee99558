"""One shared Kiwi analyser per process: built lazily (it takes a second or two) and used under a lock."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.texts.limits import ANALYSIS_WINDOW_CHARS
from litlens.app.texts.windows import cut_point, split_windowed

if TYPE_CHECKING:
    from kiwipiepy import Kiwi


class KoreanAnalyserUnavailable(RuntimeError):
    """Kiwi could not be imported or could not load its model."""


_lock = threading.RLock()
kiwi_lock = _lock  # shared with app.texts.segment: one Kiwi object, one call at a time
_kiwi: Kiwi | None = None


def get_kiwi() -> Kiwi:
    """The process-wide Kiwi instance (created on first use)."""
    global _kiwi
    with _lock:
        if _kiwi is None:
            try:
                from kiwipiepy import Kiwi
                _kiwi = Kiwi()
            except Exception as exc:  # ImportError, or a model file missing from a broken install
                raise KoreanAnalyserUnavailable(
                    f"The Korean morphological analyser (kiwipiepy) could not start: {exc}") from exc
        return _kiwi


def analyze(text: str, top_n: int = 1) -> list[tuple[list[Any], float]]:
    """Kiwi's ``top_n`` analyses of ``text``: (tokens, log-probability score), best first.

    Calls are serialised because one Kiwi object is shared by the engine's worker threads.
    """
    kiwi = get_kiwi()
    with _lock:
        return kiwi.analyze(text, top_n=top_n)


def _split_once(text: str) -> list[tuple[int, int]]:
    """One call of Kiwi's splitter: sentence spans of ``text``, whitespace trimmed."""
    kiwi = get_kiwi()
    with _lock:
        sents = kiwi.split_into_sents(text)
    out: list[tuple[int, int]] = []
    cursor = 0
    for s in sents:
        start, end = s.start, s.end
        if text[start:end] != s.text:
            # Kiwi counts in UTF-16 units internally; if its offsets drift (astral characters such as
            # emoji), find the sentence's text instead.
            found = text.find(s.text, cursor)
            if found < 0:
                continue
            start, end = found, found + len(s.text)
        cursor = end
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out


def split_sentences(text: str, window: int | None = None) -> list[tuple[int, int]]:
    """Sentence boundaries in ``text`` as ``(start, end)`` character offsets, whitespace trimmed.

    A text longer than ``window`` characters (default ANALYSIS_WINDOW_CHARS) is split window by window
    (app.texts.windows), which keeps the time linear in its length.
    """
    if not text.strip():
        return []
    return split_windowed(text, _split_once, window)


@dataclass(frozen=True)
class Morpheme:
    """One token of Kiwi's best analysis, with ``start``/``len`` into the text that was analysed."""

    form: str
    tag: str
    start: int
    len: int


_CLOSERS = ("SSC", "SS", "SE", "SF")  # tags that may follow a sentence end before the next sentence


def _sentence_starts(tokens: list[Any], text: str) -> list[int]:
    """Indices of tokens that begin a sentence (after a sentence end and its closing marks, at a space):
    the places a window may restart."""
    starts = []
    for k in range(1, len(tokens)):
        prev, tok = tokens[k - 1], tokens[k]
        ended = prev.tag == "SF" or (prev.tag in _CLOSERS and any(
            t.tag == "SF" for t in tokens[max(0, k - 3):k]))
        if ended and tok.tag not in _CLOSERS and text[tok.start - 1:tok.start].isspace():
            starts.append(k)
    return starts


def morphemes(text: str, window: int | None = None, tail: int = 2) -> list[Morpheme]:
    """Tokens of Kiwi's best analysis of ``text``, read in windows when the text is long.

    Each window ends at a safe boundary; its last ``tail`` sentences are dropped and read again at the
    start of the next window, so every token comes from an analysis that saw its whole sentence.
    """
    size = window or ANALYSIS_WINDOW_CHARS
    out: list[Morpheme] = []
    pos, n = 0, len(text)
    while pos < n:
        end = cut_point(text, pos, size)
        chunk = text[pos:end]
        tokens = analyze(chunk)[0][0] if chunk.strip() else []
        starts = _sentence_starts(tokens, chunk) if end < n else []
        if not starts:
            out.extend(Morpheme(t.form, t.tag, pos + t.start, t.len) for t in tokens)
            pos = end
            continue
        restart = pos + tokens[starts[-tail] if len(starts) >= tail else starts[0]].start
        out.extend(Morpheme(t.form, t.tag, pos + t.start, t.len) for t in tokens if pos + t.start < restart)
        pos = restart
    return out
