"""TMX import: one LitLens segment per translation unit, in the chosen pair of languages.

translate-toolkit parses the memory; the languages are picked here because a TMX may hold many, and the
text is read without inline codes (``<bpt>``, ``<ph>``...) so it reads as the translator wrote it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .bilingual import Pair
from .errors import FormatError
from .safexml import clean_bytes, local, parse_xml
from .xliff import inline_text, same_elements

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _primary(code: str) -> str:
    return code.replace("_", "-").split("-")[0].lower()


def _tuvs(tu: etree._Element) -> dict[str, etree._Element]:
    """The unit's ``<seg>`` elements by language code (the first one of each language)."""
    out: dict[str, etree._Element] = {}
    for tuv in tu:
        if not isinstance(tuv.tag, str) or local(tuv.tag) != "tuv":
            continue
        lang = tuv.get(_XML_LANG) or tuv.get("lang") or ""  # "lang" is TMX 1.1
        seg = next((c for c in tuv if isinstance(c.tag, str) and local(c.tag) == "seg"), None)
        if lang and seg is not None:
            out.setdefault(lang, seg)
    return out


def _pick(langs: dict[str, etree._Element], wanted: str, besides: str | None = None) -> str | None:
    """The code of the variant for a language: an exact code first ("ko-KR"), then any variant of it
    ("ko") other than ``besides`` (so en-US and en-GB in one memory stay apart)."""
    for code in langs:
        if code.lower() == wanted.lower():
            return code
    for code in langs:
        if _primary(code) == _primary(wanted) and (besides is None or code.lower() != besides.lower()):
            return code
    return None


@dataclass
class TmxSeg:
    """One translation unit in the chosen pair of languages, its elements in the tree parsed from the file."""

    seg_id: str
    source: str
    target: str
    tu_el: etree._Element
    target_el: etree._Element | None


def _tu_id(tu: etree._Element, n: int) -> str:
    if tu.get("tuid"):
        return str(tu.get("tuid"))
    for prop in tu:
        if isinstance(prop.tag, str) and local(prop.tag) == "prop" and \
                (prop.get("type") or "").lower() in ("x-segment-id", "x-id", "x-segid") and prop.text:
            return prop.text.strip()
    return f"tu{n}"  # no ID in the file: its position, stable for the same file


def read_tmx(data: bytes, name: str, source_lang: str | None,
             target_lang: str | None) -> tuple[list[Pair], str, str]:
    """(pairs, source language, target language)."""
    segs, src, tgt = open_tmx(data, name, source_lang, target_lang)
    return [Pair(s.seg_id, s.source, s.target) for s in segs], src, tgt


def open_tmx(data: bytes, name: str, source_lang: str | None, target_lang: str | None,
             root: etree._Element | None = None) -> tuple[list[TmxSeg], str, str]:
    """The units in the chosen (or only) pair of languages, with the languages chosen."""
    from translate.storage import tmx
    root = parse_xml(data, name) if root is None else root
    if local(root.tag) != "tmx":
        raise FormatError(f"this is not a TMX file (its root element is <{local(root.tag)}>)", name)
    try:
        store = tmx.tmxfile.parsestring(clean_bytes(root))
    except Exception as exc:
        raise FormatError(f"this TMX file cannot be read ({type(exc).__name__}: {exc})", name) from None
    mine = same_elements(store.document.getroot(), root)
    tus = [mine[u.xmlelement] for u in store.units]
    units = [_tuvs(tu) for tu in tus]
    header = next((c for c in root if isinstance(c.tag, str) and local(c.tag) == "header"), None)
    src = source_lang or (header.get("srclang") if header is not None else None) or ""
    if not src or src == "*all*":
        src = next((next(iter(u)) for u in units if u), "")
    if not src:
        raise FormatError("the memory has no translation units", name)
    tgt = target_lang
    if not tgt:
        others = list(dict.fromkeys(_primary(c) for u in units for c in u if _primary(c) != _primary(src)))
        if not others:  # one language in two variants (en-US and en-GB) is a translation too
            others = list(dict.fromkeys(c for u in units for c in u if c.lower() != src.lower()))
        if not others:
            raise FormatError(f"the memory holds only one language ({src}); there is no translation", name)
        if len(others) > 1:
            raise FormatError(f"the memory holds several target languages ({', '.join(others)}); choose "
                              "one with the target language option", name)
        tgt = others[0]
    segs = []
    for n, (u, tu) in enumerate(zip(units, tus), 1):
        s = _pick(u, src)
        t = _pick(u, tgt, besides=s)
        if s is not None:
            segs.append(TmxSeg(_tu_id(tu, n), inline_text(u[s]), inline_text(u[t]) if t else "", tu,
                               u[t] if t else None))
    return segs, src, tgt
