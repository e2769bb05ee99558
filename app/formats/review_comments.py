"""The Word comments of a returned review DOCX, read as the translator's answers to our findings.

A translator answers a finding in Word in one of three ways, and each is read back here:
- a reply to our comment. Word 2013 and later (and LibreOffice) write a reply as a comment of its own whose
  paragraph is linked to the answered comment's paragraph in word/commentsExtended.xml
  (``w15:commentEx w15:paraId=<reply> w15:paraIdParent=<parent>``); a reply to a reply is followed up to
  the comment that started the thread;
- a comment of their own on the row, with no link (older Word, other editors): it belongs to the finding
  its text names by tag, or to the row's only finding (decided by the caller, as for the Reply column);
- text typed into our comment itself, after our line.

The comment parts are read with the safe XML reader (no entities, no network). Nothing is decided here
about the project: the caller gets each answer with the finding it answers (when that can be told), its
author and the table row it is anchored in.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field
from typing import Any

from .errors import FormatError
from .safexml import check_xml, parse_xml

AUTHOR = "LitLens"  # the author of the comments the export writes
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_W14 = "{http://schemas.microsoft.com/office/word/2010/wordml}"
_W15 = "{http://schemas.microsoft.com/office/word/2012/wordml}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TAG = re.compile(r"\s*\[F(\d+)\]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_MAX_AUTHOR = 80


@dataclass(frozen=True)
class CommentAnswer:
    """What a translator said in a Word comment."""

    span_id: int | None  # the finding it answers; None: the comment does not say (the row decides)
    author: str  # "" when Word does not say (text typed into our own comment keeps our name on it)
    text: str


@dataclass
class _Comment:
    id: str
    author: str
    text: str
    para_ids: list[str] = field(default_factory=list)


def check_parts(path: Any, name: str) -> None:
    """Refuse a document whose XML parts declare entities or an internal DTD, before python-docx (which
    does not check) parses any of them."""
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            if info.filename.endswith((".xml", ".rels")):
                check_xml(zf.read(info), f"{name}: {info.filename}")


def comment_answers(path: Any, name: str, anchors: dict[str, int],
                    originals: dict[int, str]) -> dict[int | None, list[CommentAnswer]]:
    """Every answer in the document's comments, by the table row (index into ``anchors``' values; None:
    anchored outside the review table) it is anchored in. ``anchors``: comment id -> row; ``originals``:
    span id -> the line the export wrote for that finding (what our comment said)."""
    comments, parents = _read_parts(path, name)
    by_para = {p: c for c in comments for p in c.para_ids}
    ours = {c.id: int(m.group(1)) for c in comments if c.author == AUTHOR and (m := _TAG.match(c.text))}
    out: dict[int | None, list[CommentAnswer]] = {}
    for c in comments:
        if c.id in ours:
            sid = ours[c.id]
            added = _added(c.text, originals.get(sid))
            if added:
                out.setdefault(anchors.get(c.id), []).append(CommentAnswer(sid, "", added))
            continue
        root = _root(c, parents, by_para)
        if not c.text.strip():
            continue
        row = anchors.get(c.id, anchors.get(root.id))
        out.setdefault(row, []).append(CommentAnswer(ours.get(root.id), _clean_author(c.author), c.text.strip()))
    return out


def _root(comment: _Comment, parents: dict[str, str], by_para: dict[str, _Comment]) -> _Comment:
    """The comment that started ``comment``'s thread (itself when it is not a reply). A loop in a damaged
    file ends where it closes."""
    seen = {comment.id}
    at = comment
    while True:
        parent = next((by_para.get(parents[p]) for p in reversed(at.para_ids) if p in parents), None)
        if parent is None or parent.id in seen:
            return at
        seen.add(parent.id)
        at = parent


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _added(text: str, original: str | None) -> str:
    """What was typed into our comment after (or instead of) our line. Without our line to compare with
    (the Findings cell was edited), nothing is taken: our own words must never come back as an answer."""
    if original is None:
        return ""
    said, ours = _flat(text), _flat(original)
    if said == ours or not said:
        return ""
    if said.startswith(ours):
        return said[len(ours):].strip(" \t:;—-–")
    lines = text.split("\n")
    if _flat(lines[0]) == ours:
        return "\n".join(lines[1:]).strip()
    return _TAG.sub("", text, count=1).strip()  # the translator rewrote it: their words, without our tag


def _clean_author(author: str) -> str:
    return " ".join(_CONTROL.sub(" ", author).split())[:_MAX_AUTHOR]


def _read_parts(path: Any, name: str) -> tuple[list[_Comment], dict[str, str]]:
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        targets = _targets(zf, names, name)
        comments_part = targets.get("comments", "word/comments.xml")
        if comments_part not in names:
            return [], {}
        where = f"{name}: {comments_part}"
        comments = _comments(parse_xml(zf.read(comments_part), where), where)
        ext = targets.get("commentsExtended", "word/commentsExtended.xml")
        parents = _parents(parse_xml(zf.read(ext), f"{name}: {ext}")) if ext in names else {}
    return comments, parents


def _targets(zf: zipfile.ZipFile, names: set[str], name: str) -> dict[str, str]:
    """The comment parts' paths from the main document's relationships (kind -> path in the zip)."""
    rels = "word/_rels/document.xml.rels"
    if rels not in names:
        return {}
    out = {}
    for rel in parse_xml(zf.read(rels), f"{name}: {rels}").iter(f"{_REL}Relationship"):
        kind = (rel.get("Type") or "").rsplit("/", 1)[-1]
        target = rel.get("Target") or ""
        if kind in ("comments", "commentsExtended") and rel.get("TargetMode") != "External":
            path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(f"word/{target}")
            out[kind] = path
    return out


def _comments(root: Any, where: str) -> list[_Comment]:
    if root.tag != f"{_W}comments":
        raise FormatError("the comments part of this Word document is damaged", where)
    out = []
    for c in root.iter(f"{_W}comment"):
        paras = [p for p in c.iter(f"{_W}p")]
        text = "\n".join(_text(p) for p in paras)
        ids = [p.get(f"{_W14}paraId", "").upper() for p in paras]
        out.append(_Comment(c.get(f"{_W}id", ""), c.get(f"{_W}author", ""), text, [i for i in ids if i]))
    return out


def _text(paragraph: Any) -> str:
    breaks = {f"{_W}tab": "\t", f"{_W}br": "\n", f"{_W}cr": "\n"}
    return "".join(breaks.get(el.tag, el.text or "")
                   for el in paragraph.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr"))


def _parents(root: Any) -> dict[str, str]:
    out = {}
    for ex in root.iter(f"{_W15}commentEx"):
        child, parent = ex.get(f"{_W15}paraId", "").upper(), ex.get(f"{_W15}paraIdParent", "").upper()
        if child and parent:
            out[child] = parent
    return out


def anchors_in(rows: list[Any]) -> dict[str, int]:
    """Comment id -> the index of the first of ``rows`` (lxml ``w:tr`` elements) its range or mark is in."""
    out: dict[str, int] = {}
    for n, tr in enumerate(rows):
        for el in tr.iter(f"{_W}commentRangeStart", f"{_W}commentReference", f"{_W}commentRangeEnd"):
            out.setdefault(el.get(f"{_W}id", ""), n)
    return out
