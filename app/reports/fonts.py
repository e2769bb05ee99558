"""Finding a font for PDF reports that covers Korean, Japanese and Chinese: a CJK font installed on the
system (Noto Sans CJK on Linux, Apple SD Gothic Neo on macOS, Malgun Gothic on Windows), or a named file
in $LITLENS_PDF_FONT. Without one the report falls back to a Latin font and says so on its first page."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

_CJK_CANDIDATES = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKkr-Regular.otf",
    "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
    "/System/Library/Fonts/AppleSDGothicNeo.ttc",
    "/Library/Fonts/NotoSansCJKkr-Regular.otf",
    "C:/Windows/Fonts/malgun.ttf",
]
_LATIN_CANDIDATES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/arial.ttf",
]


@dataclass
class FontChoice:
    path: str | None  # None: the PDF core font Helvetica (Latin-1 only)
    index: int  # font number inside a .ttc collection
    cjk: bool
    warning: str = ""


def _collection_index(path: str) -> int:
    """In a collection, the Korean member (e.g. "Noto Sans CJK KR"); else the first font."""
    if not path.lower().endswith((".ttc", ".otc")):
        return 0
    try:
        from fontTools.ttLib import TTCollection
        with TTCollection(path, lazy=True) as coll:
            for i, font in enumerate(coll.fonts):
                family = font["name"].getDebugName(1) or ""
                if family.endswith(" KR") or "Korean" in family:
                    return i
    except Exception:  # an unreadable collection: the first member is still worth trying
        return 0
    return 0


def choose_font() -> FontChoice:
    env = os.environ.get("LITLENS_PDF_FONT")
    if env and Path(env).is_file():
        return FontChoice(env, _collection_index(env), True)
    for cand in _CJK_CANDIDATES:
        if Path(cand).is_file():
            return FontChoice(cand, _collection_index(cand), True)
    warning = ("No CJK font was found on this system, so Korean, Japanese and Chinese text may show as "
               "empty boxes or '?'. Install a CJK font (e.g. fonts-noto-cjk) or set LITLENS_PDF_FONT "
               "to a .ttf/.otf/.ttc file, then export again.")
    for cand in _LATIN_CANDIDATES:
        if Path(cand).is_file():
            return FontChoice(cand, 0, False, warning)
    return FontChoice(None, 0, False, warning)
