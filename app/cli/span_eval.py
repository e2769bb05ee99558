"""``litlens meta-eval --spans FILE``: each span judge of a stored run against people's error spans
(precision, recall and F1, exact and with partial credit, micro and macro, per category and severity,
with paragraph-cluster intervals), the raters' agreement with each other as the ceiling, and everything
the file held that could not be used. Also ``--decisions`` (the reviewer's own accept/reject/correct
decisions as the people) and ``--show-categories`` (the category mapping table in force)."""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any

HEADERS = ["judge", "slice", "mode", "P", "R", "F1", "macro F1", "sev. agr.", "pred", "human", "rows"]


def add_arguments(me: argparse.ArgumentParser) -> None:
    g = me.add_argument_group("error spans (compare each judge's findings with people's)")
    g.add_argument("--spans", metavar="FILE", help="human error spans: a WMT/Google MQM TSV, ESA JSON/JSONL "
                   "(Appraise, Pearmut), a CSV with start/end offsets, or a .litlens-exercise key")
    g.add_argument("--spans-format", choices=["auto", "mqm-tsv", "esa", "csv", "exercise"], default="auto",
                   help="format of the --spans file (default: told from its name and contents)")
    g.add_argument("--decisions", action="store_true",
                   help="use the reviewer's own accept/reject/correct decisions on the run's findings as "
                   "the human spans (how often each judge's findings were kept)")
    g.add_argument("--match", choices=["auto", "text", "id"], default="auto",
                   help="find a segment's paragraph by its text (auto: when the file has it) or its ID")
    g.add_argument("--categories", metavar="JSON", help="category mapping overrides (see --show-categories)")
    g.add_argument("--show-categories", action="store_true", help="print the category mapping in force")
    g.add_argument("--by-leaf", action="store_true",
                   help="one row per whole category path (Style > Awkwardness) instead of per top-level branch")
    g.add_argument("--csv", metavar="OUT.csv", dest="spans_csv", help="also write the span table as CSV")
    g.add_argument("--json", metavar="OUT.json", dest="spans_json", help="also write the span table as JSON")
    g.add_argument("--calibration", action="store_true",
                   help="how often each judge was right for you per category, from every accept, correct and "
                   "reject decision in this database (Wilson 95%% intervals, n; 'rule acts' where the opt-in "
                   "fade/hide rule of the window would act)")
    st = me.add_argument_group("stability (ask the run's judges again)")
    st.add_argument("--samples", type=int, metavar="N", help="ask the run's LLM judges N times in all (the "
                    "run is the first sample unless --sample-temperature is set) and report how often each "
                    "finding is found; samples are stored, so asking again costs nothing")
    st.add_argument("--sample-temperature", type=float, metavar="T",
                    help="ask every sample at this temperature (default: each judge's own, as in its paper)")
    st.add_argument("--findings", action="store_true", help="list every finding with 'found in k of N'")
    st.add_argument("--adaptive", action="store_true",
                    help="ask samples 3..N only for the paragraphs whose first two samples disagree")


def wants_spans(args: argparse.Namespace) -> bool:
    return bool(args.spans or args.decisions or args.show_categories or args.samples
                or getattr(args, "calibration", False))


def sample_runs(args: argparse.Namespace, store: Any, run_id: int) -> list[int]:
    """The runs that are the N samples: the run itself (without a set temperature), then one new run per
    further sample (units already stored for that sample are reused, so nothing is paid twice)."""
    from litlens.app.cli.main import EXIT_USAGE, CliError
    from litlens.app.run import service
    if args.samples < 2:
        raise CliError("--samples needs 2 or more", EXIT_USAGE)
    request = service.repeat_request(store, run_id)
    if request.provider is None:
        raise CliError(f"run {run_id} used no LLM judge; a deterministic judge finds the same every time",
                       EXIT_USAGE)
    if getattr(args, "adaptive", False):
        if args.sample_temperature is not None:
            raise CliError("--adaptive compares the run with its second sample: leave out --sample-temperature",
                           EXIT_USAGE)
        from litlens.app.run.sampling import ask_again
        try:
            return [run_id, *ask_again(store, run_id, args.samples, adaptive=True).runs]
        except ValueError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
    runs = [] if args.sample_temperature is not None else [run_id]
    for k in range(len(runs), args.samples):
        request.sample, request.sample_temperature = k, args.sample_temperature
        try:
            summary = service.execute(request, store)
        except ValueError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
        runs.append(summary.run_id)
    return runs


def run_stability(args: argparse.Namespace, store: Any, run_id: int) -> tuple[dict[str, Any], list[str]]:
    from litlens.app.cli.output import text_table
    from litlens.app.humans.compare import judge_spans
    from litlens.app.metrics import stability
    from litlens.app.run.revisions import project_for_run
    runs = sample_runs(args, store, run_id)
    project = project_for_run(store, store.get_run(run_id))
    per_run = [judge_spans(store.results_for_run(r), project) for r in runs]
    judges = sorted({j for spans in per_run for j in spans if args.judge in (None, j)})
    rows, listed, doc_rows, doc_findings = [], [], [], []
    for j in judges:
        found = stability.problems([dict(s[j].by_item) if j in s else {} for s in per_run],
                                   [s[j].covered if j in s else set() for s in per_run])
        for st in stability.summary(j, found, len(runs)):
            rows.append([j, st.slice, _cell(st.mean), f"{st.always:.0%}", str(st.problems), str(st.samples)])
            doc_rows.append({"judge": j, "slice": st.slice, "mean": None if st.mean is None else st.mean.estimate,
                             "low": None if st.mean is None else st.mean.low,
                             "high": None if st.mean is None else st.mean.high, "always": st.always,
                             "problems": st.problems, "samples": st.samples})
        for p in found:
            text = (project.candidate(p.item[0]).text.content if p.span.side == "target"
                    else project.source.content)[p.span.start:p.span.end]
            listed.append([j, p.item[0], str(p.item[1] + 1), p.span.category, p.span.severity, text[:40],
                           p.label()])
            doc_findings.append({"judge": j, "candidate": p.item[0], "paragraph": p.item[1] + 1,
                                 "side": p.span.side, "start": p.span.start, "end": p.span.end,
                                 "category": p.span.category, "severity": p.span.severity, "text": text,
                                 "found": p.found, "asked": p.asked, "samples": [runs[k] for k in p.samples]})
    parts = [f"== stability over {len(runs)} samples (runs {', '.join(map(str, runs))}) ==\n"
             + text_table(["judge", "slice", "mean found share", "found by all", "findings", "samples"], rows)]
    if args.findings:
        parts.append("== findings ==\n" + text_table(["judge", "candidate", "paragraph", "category", "severity",
                                                      "words", "stability"], listed))
    return {"stability": {"runs": runs, "rows": doc_rows, "findings": doc_findings}}, parts


def _cell(iv: Any, digits: int = 2) -> str:
    from litlens.app.metrics.uncertainty import fmt_interval
    if iv is None:
        return "—"
    return fmt_interval(iv.estimate, iv.as_list(), digits)


def calibration_table(store: Any) -> tuple[list[dict[str, Any]], str]:
    """Every judge's precision per category for this reviewer (app.humans.calibration), as JSON-able cells
    and a table."""
    from litlens.app.cli.output import text_table
    from litlens.app.humans import calibration
    from litlens.app.humans.payload import DecisionCalibration
    cells = DecisionCalibration.of_calibration(calibration.read(store)).cells
    rows = [[c["judge"], c["category"], f"{c['precision']:.0%} [{c['low']:.0%}, {c['high']:.0%}]", str(c["kept"]),
             str(c["n"]), "yes" if c["keeps_rejecting"] else ""] for c in cells]
    title = "== how often each judge is right for you (all your decisions in this database) =="
    body = text_table(["judge", "category", "right", "kept", "n", "rule acts"], rows) if rows \
        else "(no accepted, corrected or rejected finding yet)"
    return cells, f"{title}\n{body}"


def text_rows(rows: list[Any]) -> list[list[str]]:
    out = []
    for r in rows:
        f = r.figures
        out.append([r.who, r.slice if r.slice_kind != "severity" else f"severity {r.slice}", f.mode,
                    _cell(f.micro_p), _cell(f.micro_r), _cell(f.micro_f1), _cell(f.macro_f1),
                    _cell(f.severity) if f.mode == "partial" else "", str(f.predicted), str(f.human),
                    str(f.clusters)])
    return out


def categories_table(override: str | None) -> str:
    from litlens.app.cli.output import text_table
    from litlens.app.humans import categories
    cm = categories.load(override)
    return (f"(your own entries go in {categories.user_table_path()})\n"
            + text_table(["annotator category", "LitLens category", "from"], [list(r) for r in cm.rows()]))


def run(args: argparse.Namespace, store: Any, run_id: int) -> tuple[dict[str, Any], list[str]]:
    """The span comparison as a JSON-able document and the text parts to print."""
    from litlens.app.cli.main import CliError
    from litlens.app.cli.output import text_table
    from litlens.app.humans import categories, compare, decisions, matching, readers
    from litlens.app.run.revisions import project_for_run
    parts: list[str] = []
    doc: dict[str, Any] = {}
    if args.show_categories:
        parts.append("== category mapping ==\n" + categories_table(args.categories))
    if getattr(args, "calibration", False):
        doc["calibration"], text = calibration_table(store)
        parts.append(text)
    if args.samples:
        more_doc, more_parts = run_stability(args, store, run_id)
        doc.update(more_doc)
        parts += more_parts
    if not (args.spans or args.decisions):
        return doc, parts
    run_row = store.get_run(run_id)
    project = project_for_run(store, run_row)
    results = store.results_for_run(run_id)
    keep = None
    try:
        if args.decisions:
            ann, keep = decisions.from_decisions(store, int(run_row["project_id"]), project, results, run_row)
            source = "the reviewer's decisions"
        else:
            ann = matching.load(args.spans, project, fmt=args.spans_format, categories=args.categories,
                                by=args.match)
            source = Path(args.spans).name
    except (readers.HumanFileError, categories.CategoryTableError) as exc:
        raise CliError(str(exc)) from None
    comparison = compare.compare(ann, results, project, judge=args.judge, keep=keep,
                                 level="full" if args.by_leaf else "top")
    table_rows = [compare.row_dict(r) for r in comparison.rows]
    doc["spans"] = {"source": source, "raters": comparison.raters, "judges": comparison.judges,
                    "rows": table_rows, "notes": comparison.notes,
                    "unmatched": [vars(p) for p in ann.unmatched], "unplaced": [vars(p) for p in ann.unplaced],
                    "ignored": [vars(p) for p in ann.ignored], "unreadable": [vars(p) for p in ann.unreadable],
                    "unmapped_categories": ann.unmapped,
                    "method": "one-to-one matching; exact ends, or partial overlap with partial credit; "
                              "95% t-intervals over paragraphs"}
    title = f"== error spans against {source} (run {run_id}; raters: {', '.join(comparison.raters) or '-'}) =="
    body = text_table(HEADERS, text_rows(comparison.rows)) if comparison.rows else "(nothing to compare)"
    parts.append(title + "\n" + body + ("\n" + "\n".join(f"note: {n}" for n in comparison.notes)
                                        if comparison.notes else ""))
    if args.spans_csv:
        write_csv(args.spans_csv, table_rows)
    if args.spans_json:
        Path(args.spans_json).write_text(json.dumps(doc["spans"], ensure_ascii=False, indent=1), encoding="utf-8")
    return doc, parts


def write_csv(path: str, rows: list[dict[str, Any]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        if not rows:
            f.write("")
            return
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
