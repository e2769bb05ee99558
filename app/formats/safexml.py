"""Refuse hostile XML before any parser sees it, then parse what is left with entity expansion and
network access switched off.

External entities (XXE) and nested entity expansion ("billion laughs") both need an ``<!ENTITY``
declaration in the document's DOCTYPE. CAT-tool files never need one, so any declaration is refused
from a plain scan of the bytes: nothing is expanded, resolved or fetched to decide.
"""

from __future__ import annotations

import re

from lxml import etree

from .errors import FormatError, UnsafeXMLError

_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
         (b"\xef\xbb\xbf", "utf-8-sig"), (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"))
_DOCTYPE = re.compile(r"<!DOCTYPE\b")
_ENTITY = re.compile(r"<!ENTITY\b")


def _scan_text(data: bytes) -> str:
    """The document as text good enough to find markup in, whatever its encoding."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data.decode(codec, errors="replace")
    if data[:2] == b"<\x00":
        return data.decode("utf-16-le", errors="replace")
    if data[:2] == b"\x00<":
        return data.decode("utf-16-be", errors="replace")
    # Every other encoding an XML file may declare is ASCII-compatible for "<!DOCTYPE" and "<!ENTITY".
    return data.decode("latin-1")


def check_xml(data: bytes, name: str) -> None:
    """Raise UnsafeXMLError when the DOCTYPE has an internal subset (where entities are declared).

    A DOCTYPE that only names an external DTD (old XLIFF 1.1 files do) is allowed: the DTD is never
    loaded, so nothing in it can take effect.
    """
    text = _scan_text(data)
    found = _DOCTYPE.search(text)
    if not found:
        return
    head = text[found.end():]
    if "[" not in head.split(">", 1)[0]:
        return
    subset = head.split("]>", 1)[0]
    if _ENTITY.search(subset):
        raise UnsafeXMLError(
            "the file declares XML entities (<!ENTITY ...>); LitLens refuses such files because entities "
            "can read local files or expand to gigabytes. Export it again from your CAT tool", name)
    raise UnsafeXMLError("the file has an internal DTD subset (<!DOCTYPE ... [ ... ]>), which translation "
                         "files never need; LitLens refuses it for safety", name)


def safe_parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                           remove_blank_text=False)


def parse_xml(data: bytes, name: str) -> etree._Element:
    """Check, then parse. Malformed XML becomes one FormatError naming the line."""
    check_xml(data, name)
    if not data.strip():
        raise FormatError("the file is empty", name)
    try:
        root = etree.fromstring(data, parser=safe_parser())
    except etree.XMLSyntaxError as exc:
        where = f" (line {exc.lineno})" if getattr(exc, "lineno", None) else ""
        msg = str(exc.msg if getattr(exc, "msg", None) else exc).splitlines()[0]
        raise FormatError(f"this is not well-formed XML{where}: {msg}", name) from None
    if root is None:
        raise FormatError("the file has no XML content", name)
    return root


def clean_bytes(root: etree._Element) -> bytes:
    """The checked document re-serialised without any DOCTYPE, for libraries that parse it again."""
    return etree.tostring(root, encoding="UTF-8", xml_declaration=True)


def local(tag: object) -> str:
    """An element's tag without its namespace ("" for comments and processing instructions)."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""
