"""TMX import: one LitLens segment per translation unit, in the chosen pair of languages.

translate-toolkit parses the memory; the languages are picked here because a TMX may hold many, and the
text is read without inline codes (``<bpt>``, ``<ph>``...) so it reads as the translator wrote it.
"""

from __future__ import annotations

from lxml import etree

from .bilingual import Pair
from .errors import FormatError
from .safexml import clean_bytes, local, parse_xml
from .xliff import inline_text

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _primary(code: str) -> str:
    return code.replace("_", "-").split("-")[0].lower()


def _tuvs(tu: etree._Element) -> dict[str, str]:
    out: dict[str, str] = {}
    for tuv in tu:
        if not isinstance(tuv.tag, str) or local(tuv.tag) != "tuv":
            continue
        lang = tuv.get(_XML_LANG) or tuv.get("lang") or ""  # "lang" is TMX 1.1
        seg = next((c for c in tuv if isinstance(c.tag, str) and local(c.tag) == "seg"), None)
        if lang and seg is not None:
            out[lang] = inline_text(seg)
    return out


def _pick(langs: dict[str, str], wanted: str) -> str | None:
    """The text for a language: an exact code first ("ko-KR"), then any variant of it ("ko")."""
    for code, text in langs.items():
        if code.lower() == wanted.lower():
            return text
    for code, text in langs.items():
        if _primary(code) == _primary(wanted):
            return text
    return None


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
    from translate.storage import tmx
    root = parse_xml(data, name)
    if local(root.tag) != "tmx":
        raise FormatError(f"this is not a TMX file (its root element is <{local(root.tag)}>)", name)
    try:
        store = tmx.tmxfile.parsestring(clean_bytes(root))
    except Exception as exc:
        raise FormatError(f"this TMX file cannot be read ({type(exc).__name__}: {exc})", name) from None
    units = [_tuvs(u.xmlelement) for u in store.units]
    header = next((c for c in root if isinstance(c.tag, str) and local(c.tag) == "header"), None)
    src = source_lang or (header.get("srclang") if header is not None else None) or ""
    if not src or src == "*all*":
        src = next((next(iter(u)) for u in units if u), "")
    if not src:
        raise FormatError("the memory has no translation units", name)
    tgt = target_lang
    if not tgt:
        others = list(dict.fromkeys(_primary(c) for u in units for c in u if _primary(c) != _primary(src)))
        if not others:
            raise FormatError(f"the memory holds only one language ({src}); there is no translation", name)
        if len(others) > 1:
            raise FormatError(f"the memory holds several target languages ({', '.join(others)}); choose "
                              "one with the target language option", name)
        tgt = others[0]
    pairs = []
    for n, (u, tu) in enumerate(zip(units, store.units), 1):
        s, t = _pick(u, src), _pick(u, tgt)
        if s is not None:
            pairs.append(Pair(_tu_id(tu.xmlelement, n), s, t or ""))
    return pairs, src, tgt
