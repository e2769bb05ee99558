"""An XML file kept as the characters it was written with, so a few of its elements can be rewritten and
everything else written back byte for byte: encoding, byte-order mark, line endings, CDATA sections,
character references, attribute quoting and the layout between elements.

lxml parses the file (that is how the rest of LitLens reads it); this module scans the same text for where
each element starts and ends. Elements are matched to lxml's by document order, so an edit found on the
parsed tree is applied to the original characters (``Splicer``).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from lxml import etree

_BOMS = ((codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF32_LE, "utf-32-le"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_BE, "utf-16-be"), (codecs.BOM_UTF16_LE, "utf-16-le"))
_DECLARED = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
# One piece of markup: comment, CDATA, processing instruction, DOCTYPE, end tag, start or empty tag.
_MARKUP = re.compile(r"""<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<!DOCTYPE(?:[^>"']|"[^"]*"|'[^']*')*>"""
                     r"""|</[^>]*>|<(?:[^>"']|"[^"]*"|'[^']*')*>""", re.S)
_NAME = re.compile(r"</?([^\s/>]+)")


class SourceError(ValueError):
    """The file's text and its parsed tree do not line up (should not happen for well-formed XML)."""


@dataclass
class Span:
    """Where one element is in the text: ``start`` of its start tag, ``open_end`` just after it,
    ``close_start`` where its end tag begins and ``end`` just after that (the last two equal ``open_end``
    for an empty-element tag)."""

    start: int
    open_end: int
    close_start: int = -1
    end: int = -1

    @property
    def empty(self) -> bool:
        return self.close_start == self.open_end == self.end


def _codec(data: bytes) -> tuple[bytes, str]:
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return bom, codec
    if data[:4] == b"<\x00?\x00":
        return b"", "utf-16-le"
    if data[:4] == b"\x00<\x00?":
        return b"", "utf-16-be"
    m = _DECLARED.match(data[:200])
    if m:
        name = m.group(1).decode("ascii").lower()
        try:
            codecs.lookup(name)
        except LookupError:
            return b"", "utf-8"
        return b"", "utf-8" if name in ("utf-8", "utf8") else name
    return b"", "utf-8"


class XmlSource:
    """The file's text, its codec and byte-order mark, and the span of every element in document order."""

    def __init__(self, data: bytes, root: etree._Element) -> None:
        self.bom, self.codec = _codec(data)
        self.text = data[len(self.bom):].decode(self.codec)
        # A text that does not encode back to the same bytes (some legacy codecs) is written as UTF-8.
        self.lossless = self.text.encode(self.codec) == data[len(self.bom):]
        self.newline = "\r\n" if "\r\n" in self.text else "\n"
        self.spans = self._scan()
        elements = [e for e in root.iter() if isinstance(e.tag, str)]
        if len(elements) != len(self.spans):
            raise SourceError(f"{len(elements)} elements parsed but {len(self.spans)} found in the text")
        self._index = {el: i for i, el in enumerate(elements)}
        self._elements = elements  # keeps lxml's proxies alive, so the index above stays valid

    def _scan(self) -> list[Span]:
        spans: list[Span] = []
        stack: list[Span] = []
        for m in _MARKUP.finditer(self.text):
            tag = m.group(0)
            if tag.startswith(("<!", "<?")):
                continue
            if tag.startswith("</"):
                if not stack:
                    raise SourceError(f"an end tag without a start at character {m.start()}")
                span = stack.pop()
                span.close_start, span.end = m.start(), m.end()
                continue
            span = Span(m.start(), m.end())
            spans.append(span)
            if tag.endswith("/>"):
                span.close_start = span.end = m.end()
            else:
                stack.append(span)
        if stack:
            raise SourceError("an element is not closed")
        return spans

    def span(self, el: etree._Element) -> Span:
        return self.spans[self._index[el]]

    def start_tag(self, el: etree._Element) -> str:
        s = self.span(el)
        return self.text[s.start:s.open_end]

    def markup(self, el: etree._Element) -> str:
        """The element as written, content and all."""
        s = self.span(el)
        return self.text[s.start:s.end]

    def open_close(self, el: etree._Element) -> tuple[str, str]:
        """The start and end tags of a container (an empty ``<g/>`` becomes ``<g>`` + ``</g>``)."""
        s = self.span(el)
        start = self.text[s.start:s.open_end]
        if s.empty:
            name = _NAME.match(start)
            return re.sub(r"\s*/>$", ">", start), f"</{name.group(1) if name else 'g'}>"
        return start, self.text[s.close_start:s.end]

    def escape(self, text: str) -> str:
        """Character data as this file writes it: markup characters escaped, its own line endings."""
        out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
        return out.replace("\n", self.newline) if self.newline != "\n" else out

    def encode(self, text: str) -> bytes:
        if not self.lossless:
            text = re.sub(r"""^(<\?xml[^>]*?encoding\s*=\s*["'])[^"']*(["'])""", r"\1UTF-8\2", text)
            return text.encode("utf-8")
        return self.bom + text.encode(self.codec, errors="xmlcharrefreplace")


_ATTR = r"""(\s+)({name})(\s*=\s*)(["'])(.*?)\4"""


def set_attribute(tag: str, name: str, value: str | None) -> str:
    """A start tag (its text) with attribute ``name`` (a qualified name as written, e.g. ``mq:status``) set
    to ``value``, or removed when ``value`` is None; the other attributes and their quoting untouched."""
    pattern = re.compile(_ATTR.format(name=re.escape(name)), re.S)
    m = pattern.search(tag)
    if value is None:
        return tag[:m.start()] + tag[m.end():] if m else tag
    quote = m.group(4) if m else '"'
    esc = value.replace("&", "&amp;").replace("<", "&lt;")
    esc = esc.replace(quote, "&quot;" if quote == '"' else "&apos;")
    if m:
        return tag[:m.start(5)] + esc + tag[m.end(5):]
    end = len(tag) - (2 if tag.endswith("/>") else 1)
    while end > 0 and tag[end - 1].isspace():
        end -= 1
    return f'{tag[:end]} {name}={quote}{esc}{quote}{tag[end:]}'


def prefixed(el: etree._Element, namespace: str, local_name: str) -> str | None:
    """The qualified name an attribute in ``namespace`` has in this element's scope (None when the
    namespace is not declared there)."""
    for prefix, uri in el.nsmap.items():
        if uri == namespace and prefix:
            return f"{prefix}:{local_name}"
    return None


class Splicer:
    """Replacements on an XmlSource's text, applied together; everything outside them is kept."""

    def __init__(self, source: XmlSource) -> None:
        self.source = source
        self._edits: list[tuple[int, int, str]] = []
        self._tags: dict[tuple[int, int], str] = {}  # start tags with attributes changed, by their place

    def replace(self, start: int, end: int, text: str) -> None:
        self._edits.append((start, end, text))

    def replace_content(self, el: etree._Element, content: str) -> None:
        """Replace what is between the element's tags (an empty-element tag gets an end tag)."""
        s = self.source.span(el)
        if s.empty:
            start, close = self.source.open_close(el)
            self.replace(s.start, s.end, start + content + close)
        else:
            self.replace(s.open_end, s.close_start, content)

    def set_attribute(self, el: etree._Element, name: str, value: str | None) -> None:
        s = self.source.span(el)
        tag = self._tags.get((s.start, s.open_end), self.source.text[s.start:s.open_end])
        self._tags[(s.start, s.open_end)] = set_attribute(tag, name, value)

    def insert(self, at: int, text: str) -> None:
        self._edits.append((at, at, text))

    @property
    def changed(self) -> bool:
        return bool(self._edits) or any(self.source.text[a:b] != t for (a, b), t in self._tags.items())

    def result(self) -> bytes:
        """The whole file, encoded as it was. Edits that overlap are a programming error."""
        text = self.source.text
        edits = list(self._edits)
        edits += [(a, b, tag) for (a, b), tag in self._tags.items() if text[a:b] != tag]
        out: list[str] = []
        last = 0
        # a start tag edited and the same element's content replaced are adjacent, never overlapping
        for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
            if start < last:
                raise SourceError("overlapping edits")
            out.append(text[last:start])
            out.append(new)
            last = end
        out.append(text[last:])
        return self.source.encode("".join(out))
