"""XLIFF 1.2 (with Trados SDLXLIFF and memoQ MQXLIFF segment markup) and XLIFF 2.x import.

translate-toolkit parses the files and enumerates the units; where a 1.2 unit is cut into segments with
``<mrk mtype="seg">`` (Trados, memoQ) each marker becomes its own LitLens segment. The same enumeration
is used when findings are written back, so an ID always points at the segment it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree

from .bilingual import Pair
from .errors import FormatError
from .safexml import clean_bytes, local, parse_xml

NS12 = "urn:oasis:names:tc:xliff:document:1.2"
# Inline codes whose content is native markup (e.g. "<b>"), not text a reader sees.
_CODE_TAGS = frozenset({"bpt", "ept", "ph", "it", "x", "bx", "ex", "sc", "ec", "cp"})


def inline_text(el: etree._Element) -> str:
    """The readable text of a source/target/mrk element: text inside <g>/<mrk>/<pc>, codes left out."""
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and local(child.tag) not in _CODE_TAGS:
            parts.append(inline_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


@dataclass
class Seg12:
    """One XLIFF 1.2 segment: a whole trans-unit (``mid`` None) or one ``mrk mtype="seg"`` in it."""

    seg_id: str
    unit: Any  # translate.storage.xliff.xliffunit
    mid: str | None
    source: str
    target: str
    # the trans-unit and the target (or the target's segment marker) in the tree parsed from the file's
    # own bytes (``root`` of open_xliff12), which a writer maps back onto the file's characters
    unit_el: etree._Element | None = None
    target_el: etree._Element | None = None


def same_elements(theirs: etree._Element, mine: etree._Element) -> dict[etree._Element, etree._Element]:
    """Each element of a tree parsed again from ``mine`` (translate-toolkit parses its own copy), mapped to
    the element of ``mine`` in the same place; both trees hold the same elements in the same order."""
    a = [e for e in theirs.iter() if isinstance(e.tag, str)]
    b = [e for e in mine.iter() if isinstance(e.tag, str)]
    if len(a) != len(b):
        raise FormatError("the file's elements could not be matched to the parsed units", "")
    return dict(zip(a, b))


def xliff_major_version(root: etree._Element, name: str = "") -> int:
    if local(root.tag) != "xliff":
        raise FormatError(f"this is not an XLIFF file (its root element is <{local(root.tag)}>)", name)
    ns = etree.QName(root).namespace or ""
    version = root.get("version", "")
    return 2 if version.startswith("2") or ":document:2." in ns else 1


def child_element(el: etree._Element, name: str) -> etree._Element | None:
    for c in el:
        if isinstance(c.tag, str) and local(c.tag) == name:
            return c
    return None


def segment_markers(el: etree._Element | None) -> dict[str, etree._Element]:
    if el is None:
        return {}
    return {m.get("mid", ""): m for m in el.iter() if isinstance(m.tag, str) and local(m.tag) == "mrk"
            and m.get("mtype") == "seg"}


def open_xliff12(data: bytes, name: str, root: etree._Element | None = None) -> tuple[Any, list[Seg12]]:
    """Parse an XLIFF 1.2 file with translate-toolkit; return the store and its segments in order.
    ``root``: the file already parsed (parse_xml of ``data``), whose elements the segments then name."""
    from translate.storage import xliff
    root = parse_xml(data, name) if root is None else root
    if xliff_major_version(root, name) != 1:
        raise FormatError("this is an XLIFF 2 file, not XLIFF 1.2", name)
    try:
        store = xliff.xlifffile.parsestring(clean_bytes(root))
    except Exception as exc:  # translate-toolkit raises assorted types for files it does not accept
        raise FormatError(f"this XLIFF 1.2 file cannot be read ({type(exc).__name__}: {exc})", name) from None
    mine = same_elements(store.document.getroot(), root)
    raw: list[tuple[str, str, Any, str | None, str, str, Any]] = []  # (short id, qualified id, unit, mid,
    # source, target, target element)
    for n, unit in enumerate(store.units, 1):
        el = unit.xmlelement
        if unit.isheader() or el.get("translate") == "no":
            continue
        uid = el.get("id") or f"unit{n}"
        file_el = next(el.iterancestors(f"{{{NS12}}}file"), None)
        qual = f"{file_el.get('original', '')}/{uid}" if file_el is not None else uid
        src_el, tgt_el = child_element(el, "source"), child_element(el, "target")
        markers = segment_markers(child_element(el, "seg-source"))
        if markers:
            targets = segment_markers(tgt_el)
            for mid, m in markers.items():
                t = targets.get(mid)
                raw.append((mid, f"{qual}:{mid}", unit, mid, inline_text(m), inline_text(t) if t is not None
                            else "", t))
        else:
            raw.append((uid, qual, unit, None, inline_text(src_el) if src_el is not None else "",
                        inline_text(tgt_el) if tgt_el is not None else "", tgt_el))
    # Trados and memoQ number segments uniquely per file, which is what their users see; only when
    # the short IDs clash (several <file>s, or unit IDs equal to segment numbers) are they qualified.
    short = [r[0] for r in raw]
    use_short = len(set(short)) == len(short)
    segs = [Seg12(r[0] if use_short else r[1], r[2], r[3], r[4], r[5], mine[r[2].xmlelement],
                  mine[r[6]] if r[6] is not None else None) for r in raw]
    return store, segs


def languages12(store: Any) -> tuple[str | None, str | None]:
    return store.getsourcelanguage() or None, store.gettargetlanguage() or None


def read_xliff(data: bytes, name: str, suffix: str) -> tuple[list[Pair], str, str | None, str | None]:
    """(pairs, format name, source language, target language) of an XLIFF 1.2 or 2.x file."""
    root = parse_xml(data, name)
    if xliff_major_version(root, name) == 2:
        return _read_xliff2(root, name)
    store, segs = open_xliff12(data, name)
    fmt = {".sdlxliff": "sdlxliff", ".mqxliff": "mqxliff"}.get(suffix, "xliff-1.2")
    src, tgt = languages12(store)
    return [Pair(s.seg_id, s.source, s.target) for s in segs], fmt, src, tgt


@dataclass
class Seg2:
    """One XLIFF 2 segment (``<segment>`` in a ``<unit>``), its elements in the tree parsed from the file."""

    seg_id: str
    source: str
    target: str
    segment_el: etree._Element
    target_el: etree._Element | None


def open_xliff2(root: etree._Element, name: str) -> tuple[Any, list[Seg2]]:
    """translate-toolkit's store of an XLIFF 2 file and its translatable segments in order."""
    from translate.storage import xliff2
    try:
        store = xliff2.Xliff2File.parsestring(clean_bytes(root))
    except Exception as exc:
        raise FormatError(f"this XLIFF 2 file cannot be read ({type(exc).__name__}: {exc})", name) from None
    mine = same_elements(store.document.getroot(), root)
    segs = []
    for u in store.units:
        if not u.istranslatable():
            continue
        seg = mine[u.xmlelement]
        src, tgt = child_element(seg, "source"), child_element(seg, "target")
        segs.append(Seg2(str(u.getid()), inline_text(src) if src is not None else "",
                         inline_text(tgt) if tgt is not None else "", seg, tgt))
    return store, segs


def _read_xliff2(root: etree._Element, name: str) -> tuple[list[Pair], str, str | None, str | None]:
    store, segs = open_xliff2(root, name)
    pairs = [Pair(s.seg_id, s.source, s.target) for s in segs]
    return pairs, "xliff-2", store.getsourcelanguage() or None, store.gettargetlanguage() or None
