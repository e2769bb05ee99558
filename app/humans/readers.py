"""Readers for human span annotations, each turning a file into HumanRows (as written) and Problems (rows
it could not parse). Placing rows on a project is app/humans/matching.py's job.

Formats:

* WMT/Google MQM TSV: ``system doc doc_id seg_id rater source target category severity [comment]``, the
  error marked inside the target (or inside the source, for omissions) by ``<v>…</v>``; "No-error" rows
  record a segment a rater saw and found clean.
* ESA JSON or JSONL: one record per annotated segment (a flat record with ``src``/``tgt``, a score and a
  list of spans), or Pearmut's export (``annotation`` per system, or per item when ``item`` is a list).
  Span ends are inclusive (``start_i``..``end_i``), and ``"missing"`` (or the position after the text)
  marks an omission with no place in the text.
* CSV with explicit offsets: ``candidate, paragraph|segment, start, end, category, severity`` and
  optionally ``rater, side, quote, source, target``; ``[start, end)`` counts characters of the paragraph.
* A LitLens exercise (``.litlens-exercise``): its key, in the exercise's paragraphs.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .model import SOURCE, TARGET, HumanRow, Problem

MAX_BYTES = 256 * 1024 * 1024
FORMATS = ("auto", "mqm-tsv", "esa", "csv", "exercise")
_MARK = re.compile(r"</?v>")
NO_ERROR = "no-error"


class HumanFileError(ValueError):
    """A file that is not human annotations in any format read here; the message says why."""


def read(path: str | Path, fmt: str = "auto") -> tuple[list[HumanRow], list[Problem], str]:
    """(rows, problems, the format read) for ``path``; ``fmt`` "auto" decides by content and suffix."""
    p = Path(path)
    from litlens.app.texts.limits import FileRefused, read_regular_file
    try:
        if p.stat().st_size > MAX_BYTES:
            raise HumanFileError(f"{p.name} is larger than {MAX_BYTES // 2**20} MB")
        text = read_regular_file(p, MAX_BYTES).decode("utf-8-sig")  # a FIFO or a device is refused, unread
    except FileRefused as exc:
        raise HumanFileError(f"{p.name} is not read: {exc}") from None
    except OSError as exc:
        raise HumanFileError(f"{p.name} could not be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise HumanFileError(f"{p.name} is not UTF-8 text") from None
    if fmt not in FORMATS:
        raise HumanFileError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if fmt == "auto":
        fmt = guess_format(p.name, text)
    if fmt == "exercise":
        return (*read_exercise(p), fmt)
    reader = {"mqm-tsv": read_mqm_tsv, "esa": read_esa, "csv": read_offsets_csv}[fmt]
    rows, problems = reader(text)
    return rows, problems, fmt


def guess_format(name: str, text: str) -> str:
    head = text.lstrip()[:4000]
    if head.startswith(("{", "[")):
        return "exercise" if '"litlens-exercise"' in head else "esa"
    first = head.split("\n", 1)[0].lower()
    if "\t" in first and ("<v>" in head or "rater" in first or name.lower().endswith(".tsv")):
        return "mqm-tsv"
    if "start" in first and "end" in first:
        return "csv"
    raise HumanFileError(f"{name}: cannot tell its format (an MQM TSV, ESA JSON/JSONL, a CSV with "
                         "start/end columns or a LitLens exercise); name it with --spans-format")


# ---- WMT/Google MQM TSV ----------------------------------------------------------------------------------

MQM_COLUMNS = ("system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity")


def unmark(text: str) -> tuple[str, int | None, int | None]:
    """``text`` without ``<v>``/``</v>`` and the marked range in the plain text (None when unmarked)."""
    start = end = None
    out: list[str] = []
    pos = 0
    for m in _MARK.finditer(text):
        out.append(text[pos:m.start()])
        here = sum(len(s) for s in out)
        if m.group() == "<v>" and start is None:
            start = here
        elif m.group() == "</v>" and start is not None and end is None:
            end = here
        pos = m.end()
    out.append(text[pos:])
    plain = "".join(out)
    if start is not None and end is None:
        end = len(plain)
    return plain, start, end


def read_mqm_tsv(text: str) -> tuple[list[HumanRow], list[Problem]]:
    lines = text.splitlines()
    header = lines[0].split("\t") if lines else []
    named = {h.strip().lower(): i for i, h in enumerate(header)}
    if all(c in named for c in MQM_COLUMNS):
        col, first = named, 1
    else:  # some releases have no header row: the columns in the published order
        col, first = {c: i for i, c in enumerate(MQM_COLUMNS)}, 0
    rows: list[HumanRow] = []
    problems: list[Problem] = []
    for n, line in enumerate(lines[first:], first + 1):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) < len(MQM_COLUMNS):
            problems.append(Problem(n, f"{len(cells)} columns, expected at least {len(MQM_COLUMNS)}"))
            continue
        source, s_start, s_end = unmark(cells[col["source"]])
        target, t_start, t_end = unmark(cells[col["target"]])
        category = cells[col["category"]].strip()
        severity = cells[col["severity"]].strip().lower()
        clean = severity == NO_ERROR or category.lower() == NO_ERROR
        side, start, end = (TARGET, t_start, t_end) if t_start is not None else (SOURCE, s_start, s_end)
        if side == SOURCE and s_start is None:
            side, start, end = TARGET, None, None
        if not clean and start is None and category.lower().startswith("non-translation"):
            start, end = 0, len(target)  # a non-translation covers the whole segment
        rows.append(HumanRow(line=n, rater=cells[col["rater"]].strip(), system=cells[col["system"]].strip(),
                             segment=cells[col["seg_id"]].strip(), category="" if clean else category,
                             severity=severity, side=side, start=None if clean else start,
                             end=None if clean else end, source=source, target=target, is_error=not clean))
    return rows, problems


# ---- ESA (Appraise-style flat records, Pearmut exports) -------------------------------------------------

def _records(text: str) -> Iterator[tuple[int, Any]]:
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise HumanFileError(f"not JSON ({exc})") from None
        yield from enumerate(data, 1)
        return
    try:  # one JSON document (possibly pretty-printed) that is a single record
        one = json.loads(text)
    except ValueError:
        one = None
    if isinstance(one, dict):
        yield 1, one
        return
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield n, json.loads(line)
            except ValueError as exc:
                yield n, Problem(n, f"not a JSON record ({exc})")


def _first(d: dict[str, Any], *names: str, default: Any = None) -> Any:
    for n in names:
        if n in d and d[n] is not None:
            return d[n]
    return default


def _esa_span(raw: Any, target: str | None) -> tuple[int | None, int | None, str, str] | str:
    """(start, end exclusive, category, severity) of one ESA span, or why it cannot be read."""
    if not isinstance(raw, dict):
        return "a span that is not an object"
    start, end = _first(raw, "start_i", "start"), _first(raw, "end_i", "end")
    severity = str(_first(raw, "severity", default="")).strip().lower()
    category = str(_first(raw, "category", "error_type", default="") or "")
    if start == "missing" or end == "missing":
        return None, None, category, severity
    if isinstance(start, bool) or not isinstance(start, int) or isinstance(end, bool) or not isinstance(end, int):
        return f"span offsets {start!r}-{end!r} are not whole numbers"
    inclusive = "start_i" in raw  # Appraise and Pearmut count end_i as the last marked character
    stop = end + 1 if inclusive else end
    if target is not None and start == len(target):  # the "[missing]" slot after the text
        return None, None, category, severity
    if start < 0 or stop <= start or (target is not None and stop > len(target)):
        return f"span {start}-{end} lies outside its text"
    return start, stop, category, severity


def _esa_rows(n: int, rater: str, system: str, segment: str, source: str | None, target: str | None,
              score: Any, spans: Any, rows: list[HumanRow], problems: list[Problem]) -> None:
    score_value = float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else None
    base: dict[str, Any] = {"line": n, "rater": rater, "system": system, "segment": segment, "source": source,
                            "target": target, "score": score_value}
    if spans is None or spans == "None":
        spans = []
    if isinstance(spans, str):
        try:
            spans = json.loads(spans)
        except ValueError:
            problems.append(Problem(n, "its spans are not JSON"))
            return
    if isinstance(spans, dict):
        spans = spans.get("errors", [])
    if not isinstance(spans, list):
        problems.append(Problem(n, "its spans are not a list"))
        return
    rows.append(HumanRow(category="", severity=NO_ERROR, is_error=False, **base))  # the segment was seen
    for raw in spans:
        got = _esa_span(raw, target)
        if isinstance(got, str):
            problems.append(Problem(n, got))
            continue
        start, end, category, severity = got
        rows.append(HumanRow(category=category, severity=severity, start=start, end=end, **base))


def read_esa(text: str) -> tuple[list[HumanRow], list[Problem]]:
    rows: list[HumanRow] = []
    problems: list[Problem] = []
    for n, rec in _records(text):
        if isinstance(rec, Problem):
            problems.append(rec)
            continue
        if not isinstance(rec, dict):
            problems.append(Problem(n, "a record that is not an object"))
            continue
        rater = str(_first(rec, "rater", "annotator", "user_id", "login", default=""))
        ann = rec.get("annotation")
        if ann is not None:  # Pearmut: per system, for one item or (as a list) for each item of a document
            items = rec.get("item")
            pairs = list(zip(items, ann)) if isinstance(items, list) and isinstance(ann, list) else \
                [(items if isinstance(items, dict) else {}, ann)]
            for k, (item, per_system) in enumerate(pairs):
                if not isinstance(per_system, dict):
                    continue
                item = item if isinstance(item, dict) else {}
                segment = str(_first(item, "item_id", default=f"{_first(rec, 'item_i', default=n)}"
                                     + (f".{k}" if len(pairs) > 1 else "")))
                tgts = item.get("tgt") if isinstance(item.get("tgt"), dict) else {}
                for system, a in per_system.items():
                    if isinstance(a, dict):
                        _esa_rows(n, rater, str(system), segment, item.get("src"), tgts.get(system),
                                  a.get("score"), a.get("error_spans"), rows, problems)
            continue
        segment = str(_first(rec, "segment_id", "seg_id", "item_id", "line_id", "itemID", default=""))
        doc = str(_first(rec, "doc_id", "documentID", default=""))
        system = str(_first(rec, "system", "systemID", "model", default=""))
        _esa_rows(n, rater, system, f"{doc}#{segment}" if doc and segment and "#" not in segment and
                  rec.get("segment_id") is None else segment, _first(rec, "src", "source"),
                  _first(rec, "tgt", "target", "hypothesis"), _first(rec, "score", "esa_score"),
                  _first(rec, "spans", "esa_spans", "error_spans", "span_errors", "errors"), rows, problems)
    return rows, problems


# ---- CSV with explicit offsets --------------------------------------------------------------------------

def _int(value: str) -> int | None:
    try:
        return int(value.strip())
    except (ValueError, AttributeError):
        return None


def read_offsets_csv(text: str) -> tuple[list[HumanRow], list[Problem]]:
    dialect = csv.excel_tab if text.split("\n", 1)[0].count("\t") > text.split("\n", 1)[0].count(",") else csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    fields = {(f or "").strip().lower(): f for f in reader.fieldnames or []}
    need = [("start",), ("end",), ("severity",), ("paragraph", "segment", "segment_id", "seg_id")]
    missing = [" or ".join(n) for n in need if not any(x in fields for x in n)]
    if missing:
        raise HumanFileError(f"the CSV has no column {', '.join(missing)}")

    def cell(r: dict[str, str], *names: str) -> str:
        for name in names:
            if name in fields and r.get(fields[name]) not in (None, ""):
                return str(r[fields[name]])
        return ""

    rows: list[HumanRow] = []
    problems: list[Problem] = []
    for n, r in enumerate(reader, 2):
        start, end = _int(cell(r, "start")), _int(cell(r, "end"))
        severity = cell(r, "severity").strip().lower()
        category = cell(r, "category").strip()
        para = cell(r, "paragraph")
        segment = f"#{para.strip()}" if para else cell(r, "segment", "segment_id", "seg_id").strip()
        side = cell(r, "side").strip().lower() or TARGET
        clean = severity == NO_ERROR
        if side not in (TARGET, SOURCE):
            problems.append(Problem(n, f"side {side!r} is neither target nor source"))
            continue
        if not clean and (start is None or end is None or not 0 <= start < end):
            problems.append(Problem(n, f"start/end {cell(r, 'start')!r}-{cell(r, 'end')!r} is not a range "
                                       "of whole numbers"))
            continue
        rows.append(HumanRow(line=n, rater=cell(r, "rater", "annotator").strip(),
                             system=cell(r, "candidate", "system").strip(), segment=segment,
                             category="" if clean else category, severity=severity, side=side,
                             start=None if clean else start, end=None if clean else end,
                             source=cell(r, "source") or None, target=cell(r, "target") or None,
                             is_error=not clean, quote="" if clean else cell(r, "quote")))
    return rows, problems


# ---- LitLens exercise keys ------------------------------------------------------------------------------

def read_exercise(path: Path) -> tuple[list[HumanRow], list[Problem]]:
    from litlens.app.exercises.model import ExerciseError, load
    try:
        ex = load(path)
    except ExerciseError as exc:
        raise HumanFileError(str(exc)) from None
    rater = ex.author or "key"
    rows = [HumanRow(line=i, rater=rater, system="", segment=f"#{i}", category="", severity=NO_ERROR,
                     source=p.source or None, target=p.translation, is_error=False)
            for i, p in enumerate(ex.paragraphs, 1)]
    for k, m in enumerate(ex.key, 1):
        p = ex.paragraphs[m.paragraph]
        rows.append(HumanRow(line=m.paragraph + 1, rater=rater, system="", segment=f"#{m.paragraph + 1}",
                             category=m.category, severity=m.severity, start=m.start, end=m.end,
                             source=p.source or None, target=p.translation))
    return rows, []

