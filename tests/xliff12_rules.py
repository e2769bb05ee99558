"""A checker of the XLIFF 1.2 content-model rules that LitLens's exports can break. THIS IS NOT THE OASIS
XLIFF 1.2 SCHEMA: no package on the index ships that XSD, so these rules are written here, in our own
code, from the XLIFF 1.2 specification's element descriptions (what each element may contain, in which
order, and its required attributes and value lists). What it checks:

- ``<xliff version="1.2">`` holds one or more ``<file>`` (other namespaces' elements, such as Trados's
  ``sdl:doc-info``, may stand beside them, as the schema's root allows);
- ``<file>`` has ``original``, ``source-language`` and ``datatype``, and holds ``<header>?`` then ``<body>``;
- ``<header>``: ``<skl>?``, ``<phase-group>?``, then glossary/reference/count-group/prop-group/note/tool in
  any order, then other namespaces' elements;
- ``<body>``: only group, trans-unit and bin-unit;
- ``<group>``: context-group/count-group/prop-group/note and other namespaces' elements in any order, then
  one or more group/trans-unit/bin-unit;
- ``<trans-unit id>``: ``<source>``, ``<seg-source>?``, ``<target>?``, then context-group, count-group,
  prop-group, note and alt-trans in any order, then other namespaces' elements (a ``<note>`` after
  ``<sdl:seg-defs>`` or a memoQ element is the error the schema reports);
- ``<note>`` holds text only; its ``annotates`` and ``priority`` take their listed values;
- ``state``, ``state-qualifier``, ``approved`` and ``translate`` take their listed values (or ``x-…``);
- inside source, seg-source and target only the inline elements (g, x, bx, ex, bpt, ept, ph, it, mrk),
  each with its required attributes; ``<sub>`` only inside bpt, ept, ph and it.

It does not check what the schema says of other namespaces' elements, of bin-unit, of alt-trans's inner
order, or of attribute types beyond the lists above.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

NS = "urn:oasis:names:tc:xliff:document:1.2"
STATES = {"final", "needs-adaptation", "needs-l10n", "needs-review-adaptation", "needs-review-l10n",
          "needs-review-translation", "needs-translation", "new", "signed-off", "translated"}
STATE_QUALIFIERS = {"exact-match", "fuzzy-match", "id-match", "leveraged-glossary", "leveraged-inherited",
                    "leveraged-mt", "leveraged-repository", "leveraged-tm", "mt-suggestion",
                    "rejected-grammar", "rejected-inaccurate", "rejected-length", "rejected-spelling",
                    "tm-suggestion"}
UNIT_EXTRAS = {"context-group", "count-group", "prop-group", "note", "alt-trans"}
GROUP_EXTRAS = {"context-group", "count-group", "prop-group", "note"}
HEADER_ITEMS = {"glossary", "reference", "count-group", "prop-group", "note", "tool"}
CONTAINERS = {"group", "trans-unit", "bin-unit"}
INLINE_REQUIRED = {"g": ("id",), "x": ("id",), "bx": ("id",), "ex": ("id",), "bpt": ("id",), "ept": ("id",),
                   "ph": ("id",), "it": ("id", "pos"), "mrk": ("mtype",)}
SUB_PARENTS = {"bpt", "ept", "ph", "it"}


def problems(path_or_bytes: Path | bytes) -> list[str]:
    """Every rule above that the document breaks, as '<element at line N>: what is wrong'."""
    if isinstance(path_or_bytes, bytes):
        root = etree.fromstring(path_or_bytes)
    else:
        root = etree.parse(str(path_or_bytes)).getroot()
    out: list[str] = []
    if etree.QName(root).namespace != NS or etree.QName(root).localname != "xliff":
        return [f"the root is {root.tag}, not an XLIFF 1.2 <xliff>"]
    if root.get("version") != "1.2":
        out.append(f"<xliff> version is {root.get('version')!r}, not '1.2'")
    kids = _children(root)
    files = [c for c in kids if _xliff(c)]
    if not files or any(_name(c) != "file" for c in files):
        out.append(_at(root, f"holds {_names(kids)}; only one or more <file> (and other namespaces' elements)"))
    for f in files:
        if _name(f) == "file":
            _file(f, out)
    return out


def _children(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def _name(el: etree._Element) -> str:
    """The local name of an XLIFF element; '{ns}name' for another namespace's."""
    q = etree.QName(el)
    return q.localname if q.namespace == NS else f"{{{q.namespace}}}{q.localname}"


def _names(els: list[etree._Element]) -> list[str]:
    return [_name(e) for e in els]


def _xliff(el: etree._Element) -> bool:
    return etree.QName(el).namespace == NS


def _at(el: etree._Element, what: str) -> str:
    return f"<{_name(el)}> at line {el.sourceline}: {what}"


def _required(el: etree._Element, attrs: tuple[str, ...], out: list[str]) -> None:
    for a in attrs:
        if el.get(a) is None:
            out.append(_at(el, f"has no {a!r}"))


def _file(f: etree._Element, out: list[str]) -> None:
    _required(f, ("original", "source-language", "datatype"), out)
    kids = _children(f)
    names = _names(kids)
    if names not in (["body"], ["header", "body"]):
        out.append(_at(f, f"holds {names}; only <header>? then <body>"))
    for k in kids:
        if _name(k) == "header":
            _header(k, out)
        elif _name(k) == "body":
            for c in _children(k):
                if _name(c) not in CONTAINERS:
                    out.append(_at(k, f"holds <{_name(c)}>; only group, trans-unit and bin-unit"))
                else:
                    _container(c, out)


def _header(h: etree._Element, out: list[str]) -> None:
    stage = 0  # 0: skl may come, 1: phase-group may come, 2: the items, 3: other namespaces
    for c in _children(h):
        n = _name(c)
        if not _xliff(c):
            stage = 3
        elif n == "skl" and stage == 0:
            stage = 1
        elif n == "phase-group" and stage <= 1:
            stage = 2
        elif n in HEADER_ITEMS and stage <= 2:
            stage = 2
            _extra(c, out)
        else:
            out.append(_at(h, f"<{n}> is out of place (skl?, phase-group?, items, then other namespaces)"))


def _container(c: etree._Element, out: list[str]) -> None:
    n = _name(c)
    if n == "trans-unit":
        _unit(c, out)
    elif n == "group":
        _group(c, out)


def _group(g: etree._Element, out: list[str]) -> None:
    kids = _children(g)
    first = next((i for i, k in enumerate(kids) if _name(k) in CONTAINERS), None)
    if first is None:
        out.append(_at(g, "holds no group, trans-unit or bin-unit"))
        first = len(kids)
    for k in kids[:first]:
        if _xliff(k) and _name(k) not in GROUP_EXTRAS:
            out.append(_at(g, f"<{_name(k)}> is out of place before its units"))
        else:
            _extra(k, out)
    for k in kids[first:]:
        if _name(k) not in CONTAINERS:
            out.append(_at(g, f"<{_name(k)}> comes after its units; only group, trans-unit and bin-unit may"))
        else:
            _container(k, out)


def _unit(u: etree._Element, out: list[str]) -> None:
    _required(u, ("id",), out)
    _choice(u, "approved", {"yes", "no"}, out)
    _choice(u, "translate", {"yes", "no"}, out)
    kids = _children(u)
    names = _names(kids)
    i = 0
    for expected in ("source", "seg-source", "target"):
        if i < len(kids) and names[i] == expected:
            _inline_holder(kids[i], out)
            i += 1
        elif expected == "source":
            out.append(_at(u, f"does not begin with <source> ({names[:3]})"))
    other = False
    for k in kids[i:]:
        if not _xliff(k):
            other = True
        elif _name(k) not in UNIT_EXTRAS:
            out.append(_at(u, f"<{_name(k)}> is out of place (source, seg-source?, target?, then "
                              "context-group/count-group/prop-group/note/alt-trans)"))
        elif other:
            out.append(_at(u, f"<{_name(k)}> comes after another namespace's element "
                              f"({[n for n in names if n.startswith('{')][0]}); the schema puts those last"))
        else:
            _extra(k, out)


def _extra(el: etree._Element, out: list[str]) -> None:
    n = _name(el)
    if n == "note":
        if _children(el):
            out.append(_at(el, "holds elements; a note is text only"))
        _choice(el, "annotates", {"source", "target", "general"}, out)
        priority = el.get("priority")
        if priority is not None and not (priority.isdigit() and 1 <= int(priority) <= 10):
            out.append(_at(el, f"priority {priority!r} is not 1-10"))
    elif n == "alt-trans":
        if "target" not in _names(_children(el)):
            out.append(_at(el, "has no <target>"))
        for k in _children(el):
            if _name(k) in ("source", "seg-source", "target"):
                _inline_holder(k, out)


def _choice(el: etree._Element, attr: str, allowed: set[str], out: list[str]) -> None:
    value = el.get(attr)
    if value is not None and value not in allowed and not value.startswith("x-"):
        out.append(_at(el, f"{attr}={value!r} is not one of {sorted(allowed)}"))


def _inline_holder(el: etree._Element, out: list[str]) -> None:
    if _name(el) == "target":
        _choice(el, "state", STATES, out)
        _choice(el, "state-qualifier", STATE_QUALIFIERS, out)
    for d in el.iterdescendants():
        if not isinstance(d.tag, str):
            continue
        n = _name(d)
        if n == "sub":
            if _name(d.getparent()) not in SUB_PARENTS:
                out.append(_at(d, f"is inside <{_name(d.getparent())}>; only bpt, ept, ph and it hold a sub"))
        elif n not in INLINE_REQUIRED:
            out.append(_at(d, f"is not an inline element of <{_name(el)}>"))
        else:
            _required(d, INLINE_REQUIRED[n], out)
