"""Token estimates made before a call: one rule for judges' cost estimates, the budget's worst case and
the rate limiter's pre-charge. The provider's reported usage corrects them afterwards."""

from __future__ import annotations

import functools
import json
import math
import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litlens.app.llm.base import LLMRequest


def is_dense_script(ch: str) -> bool:
    """CJK ideographs, kana and Hangul: tokenisers spend about one token per character on these."""
    code = ord(ch)
    if 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F or 0xAC00 <= code <= 0xD7AF:
        return True  # Hangul jamo, compatibility jamo, syllables
    if 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF:
        return True  # kana, CJK extension A + unified, compatibility ideographs
    return 0x20000 <= code <= 0x2FFFF or unicodedata.east_asian_width(ch) == "W"


# is_dense_script as two character classes, so a text is counted by the regex engine and not one Python
# call per character (planning three LLM judges on 360 paragraphs asked it 17.6 million times: 30 s of a
# worker's time, taken in 5 ms turns from the GUI thread). _BLOCKS holds the fixed ranges above; _ASK
# is every other character from U+1100 on, which east_asian_width decides one by one as before (few in
# any text: CJK punctuation, full-width forms, emoji). Nothing below U+1100 is wide (tests/test_tokens.py
# checks that against this Python's Unicode tables, and that the count equals is_dense_script's).
_RANGES = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
_BLOCKS = re.compile(f"[{_RANGES}]+")
_ASK = re.compile(f"[^\\x00-\\u10ff{_RANGES}]")
CHUNK = 1 << 16  # characters the regex engine counts in one call: well under a millisecond each


def dense_count(text: str) -> int:
    """How many characters of ``text`` is_dense_script counts, in pieces of CHUNK characters (each
    regex call holds the GIL; a book-length text must not hold it in one piece)."""
    dense = 0
    for at in range(0, len(text), CHUNK):
        piece = text[at:at + CHUNK]
        if piece.isascii():
            continue
        dense += sum(map(len, _BLOCKS.findall(piece)))
        dense += sum(1 for ch in _ASK.findall(piece) if unicodedata.east_asian_width(ch) == "W")
    return dense


def _estimate(text: str) -> int:
    dense = dense_count(text)
    return max(1, math.ceil((len(text) - dense) / 4 + dense / 1.25))


_remembered = functools.lru_cache(maxsize=256)(_estimate)


def estimate_tokens(text: str) -> int:
    """~4 characters a token for alphabetic scripts, ~1.25 for CJK and Hangul.

    A flat len/4 would count a Korean paragraph at a quarter of what it costs, so budget caps and
    rate limits would let through calls they should have held back. A judge's system prompt and schema
    are the same for each of its units: the counts of the last few hundred texts under CHUNK characters are
    kept (a longer one is counted again rather than kept alive)."""
    if not text:
        return 0
    return _remembered(text) if len(text) <= CHUNK else _estimate(text)


FRAMING_TOKENS = 9  # two messages at about 3 tokens each, and about 3 that open the answer


def request_tokens(request: LLMRequest) -> int:
    """Input tokens a request should take: system and user prompts plus the schema, which every
    provider sends along (as a tool, a response format or instructions) and bills as input."""
    # plus the chat framing every provider adds: a few tokens per message and to start the reply
    total = FRAMING_TOKENS + estimate_tokens(request.system) + estimate_tokens(request.user)
    total += sum(FRAMING_TOKENS + estimate_tokens(text) for _, text in request.turns)
    if request.schema is not None:
        total += estimate_tokens(json.dumps(request.schema, ensure_ascii=False))
    return total


class TokenCalibration:
    """Scales our estimate toward what one provider/model actually counts.

    The script-aware estimate is a rule of thumb; each provider's tokenizer differs (Hangul especially).
    Reported input usage is compared with the estimate for the same request, and a decayed ratio of the
    sums is applied to later estimates, so the limiter's pre-charge and the budget converge on the
    provider's own count. The ratio is clamped: one odd report must not starve or flood the limiter."""

    def __init__(self, decay: float = 0.9, low: float = 0.5, high: float = 3.0) -> None:
        self.decay = decay
        self.low, self.high = low, high
        self._estimated = 0.0
        self._reported = 0.0

    @property
    def ratio(self) -> float:
        if self._estimated <= 0:
            return 1.0
        return min(self.high, max(self.low, self._reported / self._estimated))

    def observe(self, estimated: int, reported: int) -> None:
        if estimated <= 0 or reported <= 0:
            return
        self._estimated = self._estimated * self.decay + estimated
        self._reported = self._reported * self.decay + reported

    def scale(self, estimate: int) -> int:
        return math.ceil(estimate * self.ratio)
