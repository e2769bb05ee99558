"""Numbers in each aligned row: digits and, for English and Korean, common number words, compared as
multisets so a changed, dropped or invented number shows up.

"One" and its Korean equivalents (한, 하나) are ignored as words: they double as the article "a" and as
pronouns, and would flood the list. Digits are always compared.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from litlens.app.consistency.findings import Finding
from litlens.app.explanations import TEMPLATES, explained, render, why
from litlens.app.korean.kiwi import Placed as Morph  # a token placed in its document

_DIGITS = re.compile(r"\d+(?:[,.]\d+)*")
_EN_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                         "thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
                                         .split())}
_EN_TENS = {w: 10 * i
            for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
            if w != "_"}
_EN_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_EN_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
_KO_NATIVE = {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "석": 3, "서": 3, "넷": 4, "네": 4, "넉": 4, "너": 4,
              "다섯": 5, "닷": 5, "여섯": 6, "엿": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10, "스물": 20,
              "스무": 20, "서른": 30, "마흔": 40, "쉰": 50, "예순": 60, "일흔": 70, "여든": 80, "아흔": 90}
_KO_TENS = {"열", "스물", "스무", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"}
_KO_SINO = {"이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9, "십": 10, "백": 100,
            "천": 1000, "만": 10000}
_KO_DAYS = {"이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "엿새": 6, "이레": 7, "여드레": 8, "아흐레": 9,
            "열흘": 10}
_KO_DIGIT_SCALE = {"백": 100, "천": 1000, "만": 10000, "억": 100_000_000}


@dataclass(frozen=True)
class Number:
    value: float
    start: int
    end: int
    digits: bool


def _digit_value(raw: str) -> float:
    if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", raw):
        raw = raw.replace(",", "")
    raw = raw.replace(",", ".")
    try:
        return float(raw)
    except ValueError:
        return float(re.sub(r"\D", "", raw) or 0)


def digit_numbers(text: str, offset: int, korean: bool) -> list[Number]:
    out = []
    for m in _DIGITS.finditer(text):
        value, end = _digit_value(m.group(0)), m.end()
        if korean and end < len(text) and text[end] in _KO_DIGIT_SCALE:  # 3만 = 30,000
            value *= _KO_DIGIT_SCALE[text[end]]
            end += 1
        out.append(Number(value, offset + m.start(), offset + end, True))
    return out


def english_numbers(text: str, offset: int) -> list[Number]:
    words = list(_EN_WORD.finditer(text))
    out: list[Number] = []
    i = 0
    while i < len(words):
        w = words[i].group(0).lower()
        parts = w.split("-")
        value: int | None = None
        if len(parts) == 2 and parts[0] in _EN_TENS and 0 < _EN_UNITS.get(parts[1], 0) < 10:
            value = _EN_TENS[parts[0]] + _EN_UNITS[parts[1]]
        elif w in _EN_UNITS:
            value = _EN_UNITS[w]
        elif w in _EN_TENS:
            value = _EN_TENS[w]
        elif w in _EN_SCALES and i > 0 and words[i - 1].group(0).lower() in ("a", "an"):
            value = _EN_SCALES[w]
        start, end = words[i].start(), words[i].end()
        if value is not None and i + 1 < len(words) and words[i + 1].group(0).lower() in _EN_SCALES:
            value *= _EN_SCALES[words[i + 1].group(0).lower()]
            end = words[i + 1].end()
            i += 1
        i += 1
        if value is not None and value not in (0, 1) or value == 0 and w == "zero":
            out.append(Number(float(value), offset + start, offset + end, False))
    return out


def korean_numbers(morphs: list[Morph]) -> list[Number]:
    out: list[Number] = []
    i = 0
    while i < len(morphs):
        m = morphs[i]
        nxt = morphs[i + 1] if i + 1 < len(morphs) else None
        value: int | None = None
        end = m.end
        if m.tag in ("NR", "MM", "NNG") and _native_value(m.form) is not None:
            value = _native_value(m.form)
            if m.form in _KO_TENS and nxt and nxt.start == m.end and nxt.form in _KO_NATIVE \
                    and _KO_NATIVE[nxt.form] < 10:  # 열두, 스물다섯
                value += _KO_NATIVE[nxt.form]
                end = nxt.end
                i += 1
        elif m.tag == "NR" and m.form in _KO_SINO and nxt is not None and nxt.tag == "NNB":
            value = _KO_SINO[m.form]  # 삼 년: a Sino-Korean numeral before a counter
        elif m.tag.startswith("NN"):
            day = _day_count(m.form)
            if day is not None:
                value, end = day[1], m.start + len(day[0])
        if value is not None and value != 1:
            out.append(Number(float(value), m.start, end, False))
        i += 1
    return out


@lru_cache(maxsize=4096)  # asked of every noun of a text: a book has a few thousand distinct ones
def _day_count(form: str) -> tuple[str, int] | None:
    """(the word, its number of days) when ``form`` starts with a count of days (사흘, 열흘...)."""
    for day, n in _KO_DAYS.items():
        if form.startswith(day):
            return day, n
    return None


@lru_cache(maxsize=4096)
def _native_value(form: str) -> int | None:
    """Native Korean numeral, including compounds written as one word (열아홉, 마흔하나)."""
    if form in _KO_NATIVE:
        return _KO_NATIVE[form]
    for tens in _KO_TENS:
        rest = form[len(tens):]
        if form.startswith(tens) and rest in _KO_NATIVE and _KO_NATIVE[rest] < 10:
            return _KO_NATIVE[tens] + _KO_NATIVE[rest]
    return None


LISTED = 12  # numbers of the source named in one explanation


def _fmt(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)


def compare_row(source_numbers: list[Number], target_numbers: list[Number], target_start: int,
                target_end: int, target_quote: str, paragraph: int | None) -> list[Finding]:
    """Findings for numbers that differ between one source row and its translation."""
    src = Counter(n.value for n in source_numbers)
    tgt = Counter(n.value for n in target_numbers)
    missing = src - tgt
    extra = tgt - src
    findings: list[Finding] = []
    # once per row, shared by its findings (read only): a book-long row may have thousands of numbers
    source_values = sorted(missing.elements())
    missing_text: str | dict = ", ".join(_fmt(v) for v in source_values[:LISTED])
    if len(source_values) > LISTED:  # an explanation names a few; the finding's data keeps them all
        missing_text = why("numbers/and-more", values=missing_text, more=len(source_values) - LISTED)
    # the row's numbers in English once, not once per finding (a book-long row has tens of thousands)
    missing_en = render(missing_text) if isinstance(missing_text, dict) else missing_text
    left = Counter(extra)
    src_digits = any(s.digits for s in source_numbers if s.value in missing)  # the same for every number
    for n in target_numbers:
        if left[n.value] <= 0:
            continue
        left[n.value] -= 1
        severity = "major" if n.digits or src_digits else "minor"
        if missing:
            value = _fmt(n.value)
            text = TEMPLATES["numbers/changed"].format(value=value, missing=missing_en)
            said = why("numbers/changed", value=value, missing=missing_text)
            category = "accuracy/mistranslation"
        else:
            text, said = explained("numbers/added", value=_fmt(n.value))
            category = "accuracy/addition"
        findings.append(Finding("numbers", category, severity, n.start, n.end, target_quote[
            n.start - target_start:n.end - target_start], text, paragraph,
            data={"value": n.value, "source_values": source_values}, why=said))
    if missing and not extra:
        digits = any(s.digits for s in source_numbers if s.value in missing)
        text, said = explained("numbers/omitted", missing=missing_text)
        findings.append(Finding(
            "numbers", "accuracy/omission", "major" if digits else "minor", target_start, target_end,
            target_quote, text, paragraph, data={"source_values": source_values}, why=said))
    return findings
