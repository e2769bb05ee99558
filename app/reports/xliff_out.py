"""The candidate as XLIFF 1.2 with the findings written back, so a CAT tool shows them on their
segments: a ``<note>`` per finding (every tool shows notes) and ITS 2.0 Localization Quality Issue
markup (``its:locQualityIssues`` in the unit, referenced from the segment's target).

When the project came from an XLIFF 1.2 file (plain, SDLXLIFF or MQXLIFF) that file is the base and is
otherwise left as it was; else a fresh XLIFF 1.2 file is written from the aligned paragraphs.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from lxml import etree

from litlens.app.core.model import Candidate, Project

from .collect import Issue, ReportData, ReportError
from .its import ITS_NS, issue_type, severity_score

XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
NOTE_FROM = "LitLens"


def note_text(issue: Issue) -> str:
    where = f" [{issue.start}-{issue.end}]" if issue.start is not None else ""
    quote = f" \u201c{issue.quote}\u201d" if issue.quote else ""
    text = f"{issue.severity} {issue.category}{where}{quote}: {issue.explanation}".strip()
    if issue.suggestion:
        text += f" Suggestion: {issue.suggestion}"
    text += f" ({issue.judge}"
    text += f"; {issue.status})" if issue.status != "open" else ")"
    return text


def _comment(issue: Issue) -> str:
    quote = f"\u201c{issue.quote}\u201d: " if issue.quote else ""
    sugg = f" Suggestion: {issue.suggestion}" if issue.suggestion else ""
    return f"{quote}{issue.explanation}{sugg} [{issue.judge}, {issue.category}]".strip()


def _its(tag: str) -> str:
    return f"{{{ITS_NS}}}{tag}"


def _add_findings(unit: Any, entries: list[tuple[etree._Element | None, str | None, list[Issue], str]]) -> None:
    """Notes (through translate-toolkit) and ITS issue groups on one unit, each group referenced from
    the target (or the target's segment marker) it is about. ``entries``: (target element, segment label
    for units holding several segments, issues, group id)."""
    # XLIFF 1.2 orders a unit's children: notes first, then elements of other namespaces such as ITS.
    for _target, label, issues, _ref in entries:
        for issue in issues:
            unit.addnote((f"Segment {label}: " if label else "") + note_text(issue), origin=NOTE_FROM)
    for target_el, _label, issues, ref_id in entries:
        group = etree.SubElement(unit.xmlelement, _its("locQualityIssues"))
        group.set(XML_ID, ref_id)
        for issue in issues:
            q = etree.SubElement(group, _its("locQualityIssue"))
            q.set("locQualityIssueType", issue_type(issue.category, issue.check))
            q.set("locQualityIssueComment", _comment(issue))
            q.set("locQualityIssueSeverity", severity_score(issue.severity))
        if target_el is not None:
            target_el.set(_its("locQualityIssuesRef"), f"#{ref_id}")


def _declare_its(tree: etree._ElementTree) -> None:
    """Declare the ITS namespace as "its" on the root (else lxml invents "ns0"). lxml cannot add a
    declaration to an existing element, so the root is rebuilt around the same children."""
    old = tree.getroot()
    if old.nsmap.get("its") != ITS_NS:
        new = etree.Element(old.tag, attrib=dict(old.attrib), nsmap={**old.nsmap, "its": ITS_NS})
        new.text = old.text
        for child in list(old):
            new.append(child)
        tree._setroot(new)
    tree.getroot().set(_its("version"), "2.0")


def _exportable(data: ReportData, label: str) -> dict[str, list[Issue]]:
    by_seg: dict[str, list[Issue]] = defaultdict(list)
    for issue in data.issues:
        # a reviewer's rejection means the finding is wrong: the CAT tool should not show it
        if issue.candidate == label and issue.status != "rejected" and issue.segment_id:
            by_seg[issue.segment_id].append(issue)
    return by_seg


def pick_candidate(project: Project, label: str | None) -> Candidate:
    if label is not None:
        return project.candidate(label)
    if len(project.candidates) != 1:
        raise ReportError("the run has several candidates; choose one for the XLIFF with --candidate "
                          f"({', '.join(c.label for c in project.candidates)})")
    return project.candidates[0]


def _original(project: Project, cand: Candidate) -> Path | None:
    """The XLIFF 1.2 file this candidate was imported from, when it still exists."""
    path = cand.text.path
    if not path or not cand.text.segment_ids or path != project.source.path:
        return None
    p = Path(path)
    if p.suffix.lower() not in (".xlf", ".xliff", ".sdlxliff", ".mqxliff") or not p.is_file():
        return None
    from litlens.app.formats.safexml import parse_xml
    from litlens.app.formats.xliff import xliff_major_version
    try:
        return p if xliff_major_version(parse_xml(p.read_bytes(), p.name), p.name) == 1 else None
    except Exception:  # unreadable or changed since import: a fresh file is written instead
        return None


def write_xliff(data: ReportData, path: Path, candidate: str | None = None) -> list[str]:
    """Write the XLIFF; return warnings for the user (e.g. findings that had no segment to go to)."""
    cand = pick_candidate(data.project, candidate)
    original = _original(data.project, cand)
    if original is not None:
        return _write_back(data, cand, original, path)
    notes = []
    if cand.text.path and Path(cand.text.path).suffix.lower() in (".xlf", ".xliff", ".sdlxliff", ".mqxliff"):
        notes.append(f"the original {Path(cand.text.path).name} is not an XLIFF 1.2 file that can be "
                     "found; wrote a fresh XLIFF 1.2 file from the segments instead")
    return notes + _write_fresh(data, cand, path)


def _write_back(data: ReportData, cand: Candidate, original: Path, out: Path) -> list[str]:
    from litlens.app.formats.xliff import child_element, open_xliff12, segment_markers
    store, segs = open_xliff12(original.read_bytes(), original.name)
    _declare_its(store.document)
    by_seg = _exportable(data, cand.label)
    placed: set[str] = set()
    units: dict[int, Any] = {}
    per_unit: dict[int, list[tuple[etree._Element | None, str | None, list[Issue], str]]] = defaultdict(list)
    for seg in segs:
        issues = by_seg.get(seg.seg_id)
        if not issues:
            continue
        placed.add(seg.seg_id)
        tgt = child_element(seg.unit.xmlelement, "target")
        if seg.mid is not None:
            tgt = segment_markers(tgt).get(seg.mid)
        units[id(seg.unit)] = seg.unit
        per_unit[id(seg.unit)].append((tgt, seg.seg_id if seg.mid is not None else None, issues,
                                       f"litlens-lqi-{len(placed)}"))
    for key, entries in per_unit.items():
        _add_findings(units[key], entries)
    # lxml, not translate-toolkit's serialiser: it keeps the original layout (seg-source whitespace).
    out.write_bytes(etree.tostring(store.document, xml_declaration=True, encoding="UTF-8"))
    missing = sorted(set(by_seg) - placed)
    return [f"{len(missing)} segment(s) with findings are not in {original.name}: {', '.join(missing[:10])}"] \
        if missing else []


def _write_fresh(data: ReportData, cand: Candidate, out: Path) -> list[str]:
    from translate.storage import xliff
    project = data.project
    store = xliff.xlifffile(sourcelanguage=project.source.language, targetlanguage=cand.text.language)
    original = Path(project.source.path or project.name).name
    store.setfilename(store.getfilenode("NoName"), original)
    _declare_its(store.document)
    by_seg = _exportable(data, cand.label)
    src_paras, tgt_paras = project.source.paragraphs, cand.text.paragraphs
    pairs = cand.alignment.pairs if cand.alignment else []
    used: set[str] = set()
    n = 0
    for k, pair in enumerate(pairs, 1):
        if not pair.target:
            continue
        seg_id = _fresh_id(cand, project, pair, k)
        unit = store.addsourceunit("\n".join(src_paras[i].text for i in pair.source), filename=original)
        unit.setid(seg_id)
        unit.target = "\n".join(tgt_paras[i].text for i in pair.target)
        ids = {seg_id} | {_para_id(cand, t) for t in pair.target}
        issues = [i for s in sorted(ids) for i in by_seg.get(s, [])]
        used |= ids
        if issues:
            n += 1
            tgt = next((c for c in unit.xmlelement if isinstance(c.tag, str) and c.tag.endswith("}target")),
                       None)
            _add_findings(unit, [(tgt, None, issues, f"litlens-lqi-{n}")])
    out.write_bytes(etree.tostring(store.document, xml_declaration=True, encoding="UTF-8", pretty_print=True))
    missing = sorted(set(by_seg) - used)
    return [f"{len(missing)} finding segment(s) could not be placed: {', '.join(missing[:10])}"] if missing else []


def _para_id(cand: Candidate, para: int) -> str:
    ids = cand.text.segment_ids
    return ids[para] if para < len(ids) else str(para + 1)


def _fresh_id(cand: Candidate, project: Project, pair: Any, k: int) -> str:
    if len(pair.target) == 1 and pair.target[0] < len(cand.text.segment_ids):
        return cand.text.segment_ids[pair.target[0]]
    if len(pair.source) == 1 and pair.source[0] < len(project.source.segment_ids):
        return project.source.segment_ids[pair.source[0]]
    return str(pair.target[0] + 1) if len(pair.target) == 1 else str(k)
