"""Checks that read the translation's surface: source-script text left untranslated, doubled words, and
quotes or brackets opened and never closed (or closed and never opened) within a paragraph."""

from __future__ import annotations

import re

from litlens.app.consistency.findings import Finding
from litlens.app.core.model import Segment
from litlens.app.explanations import explained

SCRIPTS = {
    "latin": re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]"),
    "hangul": re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]"),
    "han": re.compile(r"[\u4e00-\u9fff]"),
    "kana": re.compile(r"[\u3040-\u30ff]"),
    "cyrillic": re.compile(r"[\u0400-\u04ff]"),
}
# a run of words in one script, allowing spaces and light punctuation between them
_RUNS = {
    "latin": re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ][A-Za-zÀ-ÖØ-öø-ɏ'’-]*"
                        r"(?:[ ,;:]+[A-Za-zÀ-ÖØ-öø-ɏ][A-Za-zÀ-ÖØ-öø-ɏ'’-]*)*"),
    "hangul": re.compile(r"[\uac00-\ud7a3]+(?:[ ,;:]+[\uac00-\ud7a3]+)*"),
    "han": re.compile(r"[\u4e00-\u9fff]+"),
    "kana": re.compile(r"[\u3040-\u30ff]+"),
    "cyrillic": re.compile(r"[\u0400-\u04ff]+(?:[ ,;:]+[\u0400-\u04ff]+)*"),
}
_DOUBLED = re.compile(r"(?<![\w])(\w+)(\s+)(\1)(?![\w])", re.IGNORECASE)
# words whose doubling is normal: "had had", "that that", Korean emphatic repetition, laughter
_DOUBLE_OK = frozenset({"had", "that", "is", "ha", "no", "very", "so", "far", "bye", "tut", "there", "now",
                        "아주", "정말", "하나", "따로", "가지", "빨리", "어서", "자", "네", "예", "아니"})
_PAIRS = {"“": "”", "‘": "’", "(": ")", "[": "]", "{": "}", "「": "」", "『": "』", "《": "》", "〈": "〉",
          "«": "»"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}


def dominant_script(text: str) -> str | None:
    counts = {name: len(p.findall(text)) for name, p in SCRIPTS.items()}
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] else None


def _acronym_or_brand(run: str) -> bool:
    words = re.findall(r"[^\W\d_][\w'’-]*", run)
    if len(words) != 1:
        return False
    w = words[0]
    return (w.isupper() and len(w) <= 6) or w[0].isupper() or any(c.isupper() for c in w[1:]) or len(w) < 4


def untranslated(segment: Segment, source_script: str, source_row: str,
                 paragraph: int | None) -> list[Finding]:
    """Runs of the source's script inside a translation written in another script."""
    out: list[Finding] = []
    folded = source_row.casefold()  # once per row: per run it made a long paragraph quadratic
    copied: dict[str, bool] = {}
    for m in _RUNS[source_script].finditer(segment.text):
        run = m.group(0).strip(" ,;:")
        if not run or _acronym_or_brand(run):
            continue
        start = segment.start + m.start() + (len(m.group(0)) - len(m.group(0).lstrip(" ,;:")))
        key = run.casefold()
        if key not in copied:
            copied[key] = key in folded
        in_source = copied[key]
        text, why = explained("untranslated/copied-here" if in_source else "untranslated/left", quote=run)
        out.append(Finding(
            "untranslated", "accuracy/untranslated", "major" if in_source else "minor", start,
            start + len(run), run, text, paragraph, data={"copied_from_source": in_source}, why=why))
    return out


def doubled_words(segment: Segment, paragraph: int | None) -> list[Finding]:
    out: list[Finding] = []
    for m in _DOUBLED.finditer(segment.text):
        word = m.group(1)
        if word.casefold() in _DOUBLE_OK or word.isdigit():
            continue
        start = segment.start + m.start()
        text, why = explained("doubled/word", word=word)
        out.append(Finding(
            "doubled", "fluency/punctuation-spelling", "minor", start, segment.start + m.end(), m.group(0),
            text, paragraph, suggestion=word, why=why))
    return out


def unpaired_marks(segment: Segment, paragraph: int | None, next_paragraph: str = "") -> list[Finding]:
    """Quotes and brackets without their partner in this paragraph (straight quotes: an odd count)."""
    text = segment.text
    stack: list[tuple[str, int]] = []
    bad: list[tuple[str, int, str]] = []
    for i, ch in enumerate(text):
        if ch in _PAIRS:
            stack.append((ch, i))
        elif ch in _CLOSERS:
            if ch == "’" and (not stack or stack[-1][0] != "‘"):
                continue  # an apostrophe (don’t), not a closing quote
            if stack and stack[-1][0] == _CLOSERS[ch]:
                stack.pop()
            elif any(op == _CLOSERS[ch] for op, _ in stack):
                while stack and stack[-1][0] != _CLOSERS[ch]:
                    o, j = stack.pop()
                    bad.append((o, j, "opened"))
                stack.pop()
            else:
                bad.append((ch, i, "closed"))
    for o, j in stack:
        # English style continues a speech over paragraphs: open quote, no close, next paragraph reopens
        if o == "“" and next_paragraph.lstrip().startswith("“") and not any(b[0] == "“" for b in bad):
            continue
        bad.append((o, j, "opened"))
    straight = [i for i, ch in enumerate(text) if ch == '"']
    if len(straight) % 2:
        bad.append(('"', straight[-1], "odd"))
    out: list[Finding] = []
    for ch, i, how in sorted(bad, key=lambda b: b[1]):
        text, why = explained("marks/odd") if how == "odd" else explained(f"marks/{how}", mark=ch)
        out.append(Finding("marks", "fluency/punctuation-spelling", "minor", segment.start + i,
                           segment.start + i + 1, ch, text, paragraph, why=why))
    return out
