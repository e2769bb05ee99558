"""XLIFF inline codes (``<x/>``, ``<g>``, ``<ph>``, ``<bx/>``/``<ex/>``, ``<bpt>``/``<ept>``, ``<it>``…) kept
through an edit of the words around them.

A segment's target is read as a sequence of pieces: runs of text and tokens standing for its codes. The
readable text (what judges see and the reviewer edits) is the text runs alone. To put the codes back
after an edit, each token is placed where its neighbouring characters went (a character alignment of
the old and new words), in its original order, so a code between two words stays between them and a
``<g>`` around a replaced word wraps the new word. An editor may instead show the tokens as protected
placeholders (``⟦1⟧``, ``⟦2⟧…⟦/2⟧``); text that still carries them is written back exactly as placed, and
a placeholder the reviewer deleted is put back by alignment and reported, never lost silently.
"""

from __future__ import annotations

import copy
import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lxml import etree

from .safexml import local

if TYPE_CHECKING:
    from .xmlsource import XmlSource

# codes that stand alone (their content, if any, is native markup such as "<b>")
STANDALONE = frozenset({"x", "bx", "ex", "ph", "bpt", "ept", "it", "sc", "ec", "cp"})
# codes that wrap readable text
CONTAINERS = frozenset({"g", "pc", "mrk"})
PLACEHOLDER = re.compile(r"⟦(/?)(\d+)⟧")


@dataclass(frozen=True)
class Token:
    """One inline code in a segment: ``number`` counts codes from 1 in reading order; a container has
    an opening and a closing token with the same number."""

    number: int
    closing: bool
    element: etree._Element  # the code itself (a copy without its tail; a container without children)
    # the code in the parsed file, so a writer can copy its markup exactly as the file has it
    origin: etree._Element | None = field(default=None, compare=False, repr=False)

    @property
    def mark(self) -> str:
        return f"⟦{'/' if self.closing else ''}{self.number}⟧"


Piece = str | Token


def pieces_of(el: etree._Element) -> list[Piece]:
    """The target (or ``mrk``) element's content as text runs and tokens, in reading order."""
    out: list[Piece] = []
    counter = [0]

    def walk(node: etree._Element) -> None:
        if node.text:
            out.append(node.text)
        for child in node:
            if not isinstance(child.tag, str):  # a comment or processing instruction: not text
                pass
            elif local(child.tag) in CONTAINERS:
                counter[0] += 1
                shell = etree.Element(child.tag, dict(child.attrib), nsmap=child.nsmap)
                number = counter[0]
                out.append(Token(number, False, shell, child))
                walk(child)
                out.append(Token(number, True, shell, child))
            else:
                counter[0] += 1
                code = copy.deepcopy(child)
                code.tail = None
                out.append(Token(counter[0], False, code, child))
            if child.tail:
                out.append(child.tail)
    walk(el)
    return out


def has_codes(pieces: list[Piece]) -> bool:
    return any(isinstance(p, Token) for p in pieces)


def plain(pieces: list[Piece]) -> str:
    return "".join(p for p in pieces if isinstance(p, str))


def with_placeholders(pieces: list[Piece]) -> str:
    """The editable text: the words with each code as a protected placeholder."""
    return "".join(p if isinstance(p, str) else p.mark for p in pieces)


def strip_placeholders(text: str) -> str:
    return PLACEHOLDER.sub("", text)


def missing_placeholders(text: str, pieces: list[Piece]) -> list[str]:
    """The placeholders of ``pieces`` that ``text`` no longer has (deleted in the editor)."""
    present = {m.group(0) for m in PLACEHOLDER.finditer(text)}
    return [p.mark for p in pieces if isinstance(p, Token) and p.mark not in present]


def offset_map(old: str, new: str):
    """A function taking an offset in ``old`` to the corresponding offset in ``new`` (monotonic)."""
    blocks = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()

    def where(offset: int) -> int:
        for op, i1, i2, j1, j2 in blocks:
            if i1 <= offset <= i2:
                if op == "equal":
                    return j1 + (offset - i1)
                if offset == i1:
                    return j1
                if offset == i2:
                    return j2
                return j1 + round((offset - i1) * (j2 - j1) / (i2 - i1))  # inside a replaced stretch
        return len(new)
    return where


def _inside_word(text: str, at: int) -> bool:
    return 0 < at < len(text) and text[at - 1].isalnum() and text[at].isalnum()


def _word_edge(text: str, at: int, floor: int) -> int:
    """The nearer end of the word ``at`` falls inside (never before ``floor``)."""
    left = at
    while left > floor and text[left - 1].isalnum():
        left -= 1
    right = at
    while right < len(text) and text[right].isalnum():
        right += 1
    if left > floor and text[left - 1].isalnum():  # the word starts before floor: only right is allowed
        return right
    return left if at - left <= right - at else right


def placed(pieces: list[Piece], new: str) -> list[Piece]:
    """``pieces`` with their text replaced by ``new``: every code placed by alignment (see the module).

    A code that stood between words is never put inside one: when the alignment lands it between two
    letters it moves to the nearer end of that word."""
    old = plain(pieces)
    where = offset_map(old, new)
    out: list[Piece] = []
    offset, last = 0, 0
    for p in pieces:
        if isinstance(p, str):
            offset += len(p)
            continue
        at = max(last, where(offset))
        if _inside_word(new, at) and not _inside_word(old, offset):
            at = max(last, _word_edge(new, at, last))
        if at > last:
            out.append(new[last:at])
        out.append(p)
        last = at
    if last < len(new):
        out.append(new[last:])
    return out


def from_placeholders(text: str, pieces: list[Piece]) -> tuple[list[Piece], list[str]]:
    """The pieces an edited placeholder text stands for, and the marks that had been deleted (put back by
    alignment). A mark that does not belong to the segment is kept as typed text."""
    tokens = {p.mark: p for p in pieces if isinstance(p, Token)}
    gone = missing_placeholders(text, pieces)
    out: list[Piece] = []
    last = 0
    for m in PLACEHOLDER.finditer(text):
        if m.group(0) not in tokens:
            continue
        if m.start() > last:
            out.append(text[last:m.start()])
        out.append(tokens.pop(m.group(0)))
        last = m.end()
    if last < len(text):
        out.append(text[last:])
    if not gone:
        return _balanced(out, pieces), []
    # deleted marks: place every code by alignment, keeping where the reviewer left the others
    return placed(pieces, plain(out)), gone


def _balanced(out: list[Piece], pieces: list[Piece]) -> list[Piece]:
    """A container closed before it opens (placeholders swapped by hand) cannot be written: fall back to
    the alignment, which keeps the original nesting."""
    opened: set[int] = set()
    for p in out:
        if isinstance(p, Token):
            if p.closing and p.number not in opened:
                return placed(pieces, plain(out))
            opened.add(p.number)
    return out


def markup(pieces: list[Piece], source: XmlSource) -> str:
    """``pieces`` as the file's own characters: text escaped the file's way, each code copied exactly as
    it is written in the file (a container's start and end tags around its text)."""
    out: list[str] = []
    for p in pieces:
        if isinstance(p, str):
            out.append(source.escape(p))
        elif p.origin is None:
            out.append(etree.tostring(p.element, encoding=str, with_tail=False))
        elif local(p.element.tag) in CONTAINERS:
            start, end = source.open_close(p.origin)
            out.append(end if p.closing else start)
        else:
            out.append(source.markup(p.origin))
    return "".join(out)


def write_pieces(el: etree._Element, pieces: list[Piece]) -> None:
    """Replace the element's content by ``pieces``: text, code elements, containers around their text."""
    for child in list(el):
        el.remove(child)
    el.text = None
    stack = [el]
    last: etree._Element | None = None  # the element whose tail the next text run extends

    def add_text(s: str) -> None:
        if last is None:
            stack[-1].text = (stack[-1].text or "") + s
        else:
            last.tail = (last.tail or "") + s

    for p in pieces:
        if isinstance(p, str):
            add_text(p)
        elif p.closing:
            if len(stack) > 1:
                last = stack.pop()
        elif local(p.element.tag) in CONTAINERS:
            shell = copy.deepcopy(p.element)
            stack[-1].append(shell)
            stack.append(shell)
            last = None
        else:
            code = copy.deepcopy(p.element)
            stack[-1].append(code)
            last = code
