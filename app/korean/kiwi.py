"""One shared Kiwi analyser per process: built lazily (it takes a second or two) and used under a lock."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

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


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence boundaries in ``text`` as ``(start, end)`` character offsets, whitespace trimmed."""
    if not text.strip():
        return []
    kiwi = get_kiwi()
    with _lock:
        sents = kiwi.split_into_sents(text)
    out: list[tuple[int, int]] = []
    for s in sents:
        start, end = s.start, s.end
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out
