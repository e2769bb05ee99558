"""One shared Kiwi analyser per process: built lazily (it takes a second or two) and used under a lock.

Its answers are kept in a bounded memo (each distinct sentence, quote or recurring window is analysed
once), and callers that know their sentences in advance hand them over in batches (``prefetch``), which
Kiwi spreads over its worker threads."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from litlens.app.korean.kiwi_memo import Memo
from litlens.app.texts.limits import ANALYSIS_WINDOW_CHARS
from litlens.app.texts.windows import content_cut, split_windowed

if TYPE_CHECKING:
    from kiwipiepy import Kiwi


_tuple = tuple.__new__  # a named tuple made from a tuple without the Python-level __new__ of the class


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


memo = Memo()  # guarded by _lock, like the Kiwi object


def analyze(text: str, top_n: int = 1) -> list[tuple[list[Any], float]]:
    """Kiwi's ``top_n`` analyses of ``text``: (tokens, log-probability score), best first.

    Calls are serialised because one Kiwi object is shared by the engine's worker threads. A text seen
    recently is answered from ``memo``; the list returned is the caller's own (the tokens are shared and
    must be treated as read-only, as Kiwi's own are).
    """
    kiwi = get_kiwi()
    key = ("analyze", top_n, text)
    with _lock:
        found = memo.get(key)
        if found is None:
            found = kiwi.analyze(text, top_n=top_n)
            memo.put(key, found)
        return list(found)


def forget() -> None:
    """Let go of every remembered answer (a one-shot command whose analysis is over)."""
    with _lock:
        memo.clear()


@contextmanager
def splits_kept(texts: list[str]) -> Iterator[None]:
    """Within this block the splitter's answers for ``texts`` (their sentences' tokens with them) stay in
    ``memo`` whatever its budget: for texts split once and read again much later (a book's quotes,
    read for their vocatives, then for their speech levels after every speaker is known). Memory is
    that of the texts' tokens, freed when the block ends."""
    with _lock:
        pin = memo.pin(texts)
    try:
        yield
    finally:
        with _lock:
            memo.unpin(pin)


PREFETCH_CHARS = 30_000  # one batch: a batch analysed three ways stays well inside the memo budget


def prefetch(texts: list[str], top_n: int = 1, split: bool = False, tokens: bool = False) -> None:
    """Put Kiwi's answers for ``texts`` into ``memo`` ahead of their one-by-one calls (``analyze(text,
    top_n)``, or ``split_sentences`` with ``split``), a batch at a time.

    A batch goes to Kiwi in one call, which spreads it over Kiwi's worker threads (one per core) and
    saves a Python round trip per text; the answers are the ones the single calls would give. Texts
    already known, too long for the memo, or repeated in ``texts`` are asked once or not at all.

    ``split`` with ``tokens``: the splitter's own analysis of each sentence is kept too, for
    ``sentence_tokens`` (the splitter analyses the text anyway, so the sentences' best analyses cost
    no second pass).
    """
    kiwi = get_kiwi()
    kind = "split" if split else "analyze"
    level = 0 if split else top_n  # a text already split without its tokens is not split again
    with _lock:
        todo = [t for t in dict.fromkeys(texts) if 0 < len(t) <= memo.MAX_TEXT
                and (kind, level, t) not in memo and (not split or t.strip())]
    batch: list[str] = []
    size = 0
    for text in todo + [""]:  # "" closes the last batch
        if text and size + len(text) <= PREFETCH_CHARS:
            batch.append(text)
            size += len(text)
            continue
        if batch:
            with _lock:
                answers = kiwi.split_into_sents(batch, return_tokens=tokens) if split \
                    else kiwi.analyze(batch, top_n=top_n)
                for t, answer in zip(batch, answers):
                    pin = memo.pinned_for(t) if split else None
                    if split and tokens:
                        _keep_sentence_tokens(t, answer, pin)
                    memo.put((kind, level, t), _trimmed(t, answer) if split else answer, pin)
        batch, size = ([text], len(text)) if text else ([], 0)


def analyze_each(texts: list[str], top_n: int, each: Callable[[int], None]) -> None:
    """Call ``each(i)`` for every index of ``texts`` in order, each time once ``analyze(texts[i], top_n)``
    can be answered from ``memo``, while Kiwi's worker threads go on with the texts after it.

    Like ``prefetch`` followed by a loop over the texts, with the same answers, but the caller's work on
    one text overlaps Kiwi's on the next ones instead of waiting for the whole batch. ``texts`` should
    stay within PREFETCH_CHARS so that every answer is still in the memo when its turn comes (a text
    pushed out, or too long to keep, is simply analysed again by ``analyze``).
    """
    kiwi = get_kiwi()
    with _lock:  # re-entrant: ``each`` may call ``analyze``, which then finds its answer in the memo
        todo = [t for t in dict.fromkeys(texts) if 0 < len(t) <= memo.MAX_TEXT
                and ("analyze", top_n, t) not in memo]
        pending = set(todo)
        answers = zip(todo, kiwi.analyze(iter(todo), top_n=top_n)) if todo else iter(())
        for i, text in enumerate(texts):
            while text in pending:
                done, answer = next(answers)
                memo.put(("analyze", top_n, done), answer)
                pending.discard(done)
            each(i)


AHEAD_CHARS = 40_000  # how far ``best_placed`` splits texts ahead of the reader that pinned them (memory: a few MB)


def release(texts: list[str]) -> None:
    """The reader that pinned ``texts`` (``splits_kept``) is done with them: the splitter's answers for
    them move from the pin to the bounded memo (``Memo.release``)."""
    with _lock:
        memo.release(texts)


def best_placed(texts: list[str], offsets: list[int]) -> Iterator[list[Placed]]:
    """``morphemes(text, offset=offset, placed=True)`` for each of ``texts`` and its offset, in order:
    the same tokens, but the texts that fit one window go to Kiwi a batch at a time (PREFETCH_CHARS),
    spread over its worker threads, instead of one call each; longer texts are read window by window
    as ``morphemes`` reads them. The answers do not pass through ``memo`` (a book's paragraphs read once
    would only push out the answers other callers are about to use).

    One Kiwi pass shared with the splitter: a text whose split (with its sentences' tokens) is in
    ``memo`` takes its tokens from it (``tokens_from_split``: the same tokens; the honorifics judge, reading
    the same translation ahead of this, left it there), and a text another reader has pinned to split and
    not reached yet (``splits_kept``) is split here with its tokens instead of analysed, so that reader
    finds the answer waiting (up to AHEAD_CHARS of them): Kiwi reads the text once for both."""
    kiwi = get_kiwi()
    size = ANALYSIS_WINDOW_CHARS
    for group in _batches(list(zip(texts, offsets))):
        short = [t for t, _ in group if t.strip() and len(t) <= size]
        with _lock:  # split ahead of the pinning reader only while the pins hold little
            wanted = [t for t in short if memo.pinned_for(t) is not None] if memo.held() < AHEAD_CHARS else []
        if wanted:
            prefetch(wanted, split=True, tokens=True)  # nothing asked for texts already split
        split = {t: found for t in dict.fromkeys(short) if (found := tokens_from_split(t)) is not None}
        rest = [t for t in short if t not in split]
        with _lock:  # every answer taken while the lock is held: Kiwi hands a batch's back lazily
            answers = iter(list(kiwi.analyze(rest, top_n=1)) if rest else [])
        for text, offset in group:
            if not text.strip():
                yield []
            elif len(text) > size:
                yield morphemes(text, offset=offset, placed=True)
            elif text in split:
                yield [_tuple(Placed, (m.form, m.tag, start := offset + m.start, start + m.len))
                       for m in split[text]]
            else:
                yield _converted(next(answers)[0][0], offset, True)


def _batches(items: list[tuple[str, int]]) -> Iterator[list[tuple[str, int]]]:
    """``items`` (text, offset) in runs of at most PREFETCH_CHARS characters of text (a longer text alone)."""
    group: list[tuple[str, int]] = []
    size = 0
    for item in items:
        if group and size + len(item[0]) > PREFETCH_CHARS:
            yield group
            group, size = [], 0
        group.append(item)
        size += len(item[0])
    if group:
        yield group


def _split_once(text: str) -> list[tuple[int, int]]:
    """One call of Kiwi's splitter: sentence spans of ``text``, whitespace trimmed."""
    key = ("split", 0, text)
    with _lock:
        found = memo.get(key)
    if found is None:
        kiwi = get_kiwi()
        with _lock:
            found = _trimmed(text, kiwi.split_into_sents(text))
            memo.put(key, found)
    return list(found)


def _keep_sentence_tokens(text: str, sents: list[Any], pin: dict | None = None) -> None:
    """Put the splitter's tokens of each sentence of ``text`` into ``memo``, as ``sentence_tokens``
    returns them (offsets from the sentence's first non-space character). Sentences whose offsets
    Kiwi reports in other units (astral characters) are left to ``analyze``, and so is every sentence
    of a text with quotation marks or brackets: the splitter pairs them across the whole text (a mark
    may open in one sentence and close in another), so there a sentence read alone can differ."""
    made = []
    for s in sents:
        lead = s.start + len(s.text) - len(s.text.lstrip())
        # kept as Morphemes, made once: a sentence's tokens are asked for several times (its narration
        # facts, its honorific markers, its paragraph's attribution), and Kiwi's own objects weigh more;
        # each Kiwi token's attributes are read once (each read makes a new object)
        made.append(tuple([_tuple(Morpheme, (t.form, t.tag, t.start - lead, t.len)) for t in s.tokens or ()]))
    tags = "\n" + "\n".join(m.tag for ms in made for m in ms)
    if "\nSS" in tags:  # a tag starting with SS: a quotation mark or a bracket
        return
    for s, ms in zip(sents, made):
        body = s.text.strip()
        if not body or text[s.start:s.end] != s.text or not ms:
            continue
        memo.put(("sentence-tokens", 1, body), ms, pin)


def has_sentence_tokens(sentence: str) -> bool:
    """Whether ``sentence_tokens(sentence)`` would answer from the memo (no hit or miss counted)."""
    with _lock:
        return ("sentence-tokens", 1, sentence) in memo


def sentence_tokens(sentence: str) -> list[Morpheme] | None:
    """The best analysis of ``sentence`` as read by the splitter (``prefetch(..., split=True,
    tokens=True)``), or None when it was not kept. For a text without quotation marks or brackets,
    Kiwi's splitter gives each sentence the tokens ``analyze(sentence, top_n=1)`` gives it (observed
    on every sentence tried; tests/test_long_paragraph.py checks it on the sample stories, so a Kiwi
    release that changes this fails there), so callers that need only the tokens use this first and
    ``analyze`` otherwise."""
    with _lock:
        found = memo.get(("sentence-tokens", 1, sentence))
    return None if found is None else list(found)


def tokens_from_split(text: str) -> list[Morpheme] | None:
    """Kiwi's best analysis of ``text`` (offsets into it) put together from the splitter's answer for it
    (``prefetch(..., split=True, tokens=True)``), or None when that answer is not in ``memo`` or one
    of its sentences' tokens was not kept. The splitter analyses the whole text once and hands each
    sentence its part, so the parts joined are ``analyze(text)``'s best analysis (checked, like
    ``sentence_tokens``, by tests/test_long_paragraph.py): a caller that will split ``text`` anyway
    gets its tokens without a second pass."""
    with _lock:
        spans = memo.peek(("split", 0, text))
    if spans is None:
        return None
    out: list[Morpheme] = []
    for a, b in spans:
        kept = sentence_tokens(text[a:b])
        if kept is None:
            return None
        out.extend(Morpheme(t.form, t.tag, t.start + a, t.len) for t in kept)
    return out


def _trimmed(text: str, sents: list[Any]) -> list[tuple[int, int]]:
    """Kiwi's sentences of ``text`` as (start, end) offsets, whitespace trimmed."""
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


class Morpheme(NamedTuple):
    """One token of Kiwi's best analysis, with ``start``/``len`` into the text that was analysed.

    A named tuple rather than a frozen dataclass: a long paragraph yields hundreds of thousands of
    them, and a frozen dataclass costs several times as much to build."""

    form: str
    tag: str
    start: int
    len: int


class Placed(NamedTuple):
    """A token of Kiwi's best analysis placed in a larger text: ``start``/``end`` offsets into it."""

    form: str
    tag: str
    start: int
    end: int


def _converted(tokens: list[Any], at: int, placed: bool, before: int | None = None) -> list[Any]:
    """``tokens`` (offsets into a window starting at ``at``) as Morphemes, or as Placed tokens, of the
    whole text; only those starting before ``before`` when it is given."""
    if before is not None:
        tokens = [t for t in tokens if at + t.start < before]
    if placed:
        return [_tuple(Placed, (t.form, t.tag, start := at + t.start, start + t.len)) for t in tokens]
    return [_tuple(Morpheme, (t.form, t.tag, at + t.start, t.len)) for t in tokens]


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


def morphemes(text: str, window: int | None = None, tail: int = 2, offset: int = 0,
              placed: bool = False) -> list[Any]:
    """Tokens of Kiwi's best analysis of ``text``, read in windows when the text is long: Morphemes, or
    with ``placed`` Placed tokens (start and end), their offsets moved by ``offset`` either way (a
    paragraph's tokens placed in its document, made once instead of converted again by the caller).

    Each window ends at a safe boundary; its last ``tail`` sentences are dropped and read again at the
    start of the next window, so every token comes from an analysis that saw its whole sentence.
    Where the next window will start is known only from this window's tokens, so the windows ahead
    are guessed (``_guess_windows``) and analysed together in one batch over Kiwi's worker threads; a
    window is still only ever taken from the answer for its exact text, so a wrong guess costs time,
    never a different result. (Analysing the guesses while this thread converts the earlier windows'
    tokens was tried: no faster, Kiwi's worker threads already keep both cores busy.)
    """
    size = window or ANALYSIS_WINDOW_CHARS
    out: list[Any] = []
    pos, n = 0, len(text)
    while pos < n:
        end = content_cut(text, pos, size)
        chunk = text[pos:end]
        if end < n and size <= memo.MAX_TEXT:
            with _lock:
                known = ("analyze", 1, chunk) in memo
            if not known:
                prefetch(_guess_windows(text, pos, size, tail))
        tokens = analyze(chunk)[0][0] if chunk.strip() else []
        starts = _sentence_starts(tokens, chunk) if end < n else []
        if not starts:
            out.extend(_converted(tokens, offset + pos, placed))
            pos = end
            continue
        restart = pos + tokens[starts[-tail] if len(starts) >= tail else starts[0]].start
        out.extend(_converted(tokens, offset + pos, placed, offset + restart))
        pos = restart
    return out


# a sentence end, closing marks, then the space before the next sentence: where Kiwi's tokens will most
# likely show a sentence start (``_sentence_starts``)
_GUESS_BREAK = re.compile(r"[.!?][\"'”’」』)\]}）》〉]*\s+(?=\S)")


def _guess_windows(text: str, pos: int, size: int, tail: int) -> list[str]:
    """The window starting at ``pos`` and the ones likely to follow it, about PREFETCH_CHARS in all.

    Each next start is guessed from punctuation alone: the ``tail``-th last sentence start inside the
    window, as ``morphemes`` will find it from Kiwi's tokens when the punctuation says what they say.
    """
    out: list[str] = []
    total, n = 0, len(text)
    while pos < n and total + size <= PREFETCH_CHARS:
        end = content_cut(text, pos, size)
        if text[pos:end].strip():
            out.append(text[pos:end])
            total += end - pos
        if end >= n:
            break
        starts = [m.end() for m in _GUESS_BREAK.finditer(text, pos, end) if m.end() < end]
        if not starts:
            pos = end
            continue
        pos = starts[-tail] if len(starts) >= tail else starts[0]
    return out
