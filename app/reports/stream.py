"""The results of a run written out as they are read from the store, for ``litlens evaluate``'s output
after a whole book: JSON and CSV rows go out one stored result at a time (never a list of the run), and
the text table and the run-level summaries hold one judge's results at a time, since a table's column
widths and a judge's summary need all of that judge's rows. Same content as app.cli.output's
to_json/to_csv/render_table, which build one string of everything.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import Any, TextIO

from litlens.app.cli.output import (CSV_COLUMNS, NUMBERING, ParagraphOf, csv_rows, render_table, result_json,
                                    summaries)
from litlens.app.core.json_chunks import indented_pieces
from litlens.app.core.plain import plain
from litlens.app.core.model import Judgment
from litlens.app.run.store import Store, judgment_from_json

FETCH = 200  # rows read from SQLite per step


def _query(judge: str | None) -> str:
    where = " AND r.judge = ?" if judge is not None else ""
    return ("SELECT r.data FROM results r JOIN run_results rr ON rr.result_id = r.id WHERE rr.run_id = ?"
            f"{where} ORDER BY r.judge, r.candidate, r.paragraph, r.unit")


def iter_run_results(store: Store, run_id: int, judge: str | None = None) -> Iterator[Judgment]:
    """The run's results (or one judge's) in Store.results_for_run's order, read a few hundred at a time."""
    cursor = store.db.conn.execute(_query(judge), [run_id] if judge is None else [run_id, judge])
    try:
        while rows := cursor.fetchmany(FETCH):
            for (data,) in rows:
                yield judgment_from_json(data)
    finally:
        cursor.close()


def run_judges(store: Store, run_id: int) -> list[str]:
    """Judges with results in the run, in the order results are listed."""
    rows = store.db.execute("SELECT DISTINCT r.judge FROM results r JOIN run_results rr "
                            "ON rr.result_id = r.id WHERE rr.run_id = ? ORDER BY r.judge",
                            [run_id]).fetchall()
    return [r[0] for r in rows]


def paragraphs_of_run(store: Store, run_id: int) -> ParagraphOf | None:
    """Which paragraph an offset falls in, on the texts the run judged (None when there is no such run)."""
    from litlens.app.cli.output import paragraph_finder
    from litlens.app.run.revisions import project_for_run
    from litlens.app.run.store import StoreError
    try:
        return paragraph_finder(project_for_run(store, store.get_run(run_id)))
    except StoreError:
        return None


def write_csv(store: Store, run_id: int, out: TextIO) -> None:
    w = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore")
    w.writeheader()
    where = paragraphs_of_run(store, run_id)
    for j in iter_run_results(store, run_id):
        w.writerows(csv_rows(j, where))


def _indented(value: Any, depth: int) -> str:
    """``value`` as JSON with indent 2, nested ``depth`` levels deep in the enclosing document."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * depth)


def _write_indented(out: TextIO, value: Any, depth: int, batch: int = 4096) -> None:
    """``out.write(_indented(value, depth))``, the same text written as the encoder makes it, a few
    thousand pieces at a time: a book's result encoded whole held millions of pieces and the text
    twice (hundreds of MB at the peak of a novel's run). The pieces are made by
    app.core.json_chunks.indented_pieces: the encoder's text, without its generator per level."""
    for text in indented_pieces(value, depth, batch):
        out.write(text)


def write_json(store: Store, run_id: int, out: TextIO, extra: dict[str, Any] | None = None) -> None:
    """``{...extra, "results": [...], "summaries": {...}}``, the document app.cli.output.to_json makes."""
    out.write("{")
    for key, value in {**(extra or {}), "numbering": NUMBERING}.items():
        out.write(f"\n  {json.dumps(key, ensure_ascii=False)}: {_indented(value, 1)},")
    out.write('\n  "results": [')
    first = True
    where = paragraphs_of_run(store, run_id)
    for j in iter_run_results(store, run_id):
        out.write("\n    " if first else ",\n    ")
        _write_indented(out, result_json(j, where), 2)
        first = False
    out.write("\n  ]," if not first else "],")
    out.write('\n  "summaries": {')
    first = True
    for judge in run_judges(store, run_id):
        for jid, items in summaries(list(iter_run_results(store, run_id, judge))).items():
            tables = [{"kind": s.data.get("kind", "table"), **plain(s)} for s in items]
            out.write(("\n    " if first else ",\n    ") + f"{json.dumps(jid)}: ")
            _write_indented(out, tables, 2)
            first = False
    out.write("\n  }\n}\n" if not first else "}\n}\n")


def write_table(store: Store, run_id: int, out: TextIO) -> None:
    """app.cli.output.render_table judge by judge (each judge's summaries follow its own tables)."""
    judges = run_judges(store, run_id)
    if not judges:
        out.write("(no results)\n")
    for k, judge in enumerate(judges):
        out.write(("\n\n" if k else "") + render_table(list(iter_run_results(store, run_id, judge))))
    if judges:
        out.write("\n")
