"""The memo of Kiwi's answers (app.korean.kiwi): bounded by the characters it covers, with answers a
caller asks to keep for a while (``pin``) held outside that bound until it lets go."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from litlens.app.texts.limits import ANALYSIS_WINDOW_CHARS

Key = tuple[str, int, str]  # (call, level, text)


class Memo:
    """Results of recent Kiwi calls, keyed by (call, text), bounded by the characters they cover.

    Kiwi's answer depends only on the text, and literary text repeats itself (short replies, refrains,
    a chapter pasted twice), so each distinct sentence is analysed once. Only short texts are kept
    (sentences and quotes, not long windows), least recently used first out, so memory stays bounded.
    Answers put with a pin (``pin``/``pinned_for``) stay until the pin is let go (``unpin``).
    """

    MAX_TEXT = ANALYSIS_WINDOW_CHARS  # longer texts are analysed every time (they seldom recur)
    BUDGET = 200_000  # characters of text whose answers are kept: about 75 MB of top-3 tokens at most

    def __init__(self) -> None:
        self._items: OrderedDict[Key, Any] = OrderedDict()
        self._chars = 0
        self._pins: list[tuple[set[str], dict[Key, Any]]] = []  # (texts, their answers) per pin
        self.hits = self.misses = 0

    def __contains__(self, key: Key) -> bool:
        return key in self._items or any(key in kept for _, kept in self._pins)

    def _pinned(self, key: Key) -> Any:
        return next((kept[key] for _, kept in self._pins if key in kept), None)

    def peek(self, key: Key) -> Any:
        """The answer for ``key`` or None, counted neither as a hit nor as a miss."""
        found = self._items.get(key)
        return found if found is not None else self._pinned(key)

    def get(self, key: Key) -> Any:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        else:
            found = self._pinned(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, key: Key, value: Any, pin: dict[Key, Any] | None = None) -> None:
        """Keep ``value``: in ``pin`` (from ``pinned_for``) when given, else within the budget."""
        if len(key[2]) > self.MAX_TEXT or key in self._items:
            return
        if pin is not None:
            pin[key] = value
            return
        self._items[key] = value
        self._chars += len(key[2])
        while self._chars > self.BUDGET:
            old, _ = self._items.popitem(last=False)
            self._chars -= len(old[2])

    def pin(self, texts: list[str]) -> tuple[set[str], dict[Key, Any]]:
        """Start keeping the answers for ``texts`` that are put with ``pinned_for(text)``."""
        pin: tuple[set[str], dict[Key, Any]] = (set(texts), {})
        self._pins.append(pin)
        return pin

    def pinned_for(self, text: str) -> dict[Key, Any] | None:
        """Where answers about ``text`` are to be kept, when a pin asked for it."""
        return next((kept for texts, kept in self._pins if text in texts), None)

    def release(self, texts: list[str]) -> None:
        """A reader that pinned ``texts`` is done with them: they are no longer asked for, and the
        splitter's answers for them (with their sentences' tokens) leave the pins for the bounded memo,
        where another reader of the same texts may still find them (a pin held over a whole book's
        reading then holds only the answers its reader has not reached yet)."""
        for wanted, kept in self._pins:
            for text in texts:
                wanted.discard(text)
                spans = kept.pop(("split", 0, text), None)
                if spans is None:
                    continue
                moved = [(k, kept.pop(k)) for a, b in spans if (k := ("sentence-tokens", 1, text[a:b])) in kept]
                for key, value in [(("split", 0, text), spans), *moved]:
                    self.put(key, value)

    def held(self) -> int:
        """Characters of the texts whose splits the pins hold."""
        return sum(len(key[2]) for _, kept in self._pins for key in kept if key[0] == "split")

    def unpin(self, pin: tuple[set[str], dict[Key, Any]]) -> None:
        self._pins = [p for p in self._pins if p is not pin]

    def clear(self) -> None:
        self._items.clear()
        self._chars = 0
        self.hits = self.misses = 0
