"""Judges' error spans against people's: the readers (WMT/Google MQM TSV, ESA JSONL, Pearmut, CSV with
offsets, LitLens exercise keys), placing rows on a project (unmatched segments and unmapped categories
reported), exact and partial-credit P/R/F1 computed by hand for each file in tests/data/human, the raters'
ceiling, cluster bootstrap intervals, and the reviewer's decisions as the people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litlens.app.cli.main import main
from litlens.app.core.model import Judgment, Span
from litlens.app.humans import categories, matching, readers
from litlens.app.metrics import spans_meta as sm
from litlens.app.run import annotations as ann_store
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

DATA = Path(__file__).parent / "data" / "human"


def project():
    src = text_from_string((DATA / "source.txt").read_text(encoding="utf-8"), "en")
    return build_project("old man", src, [(lab, text_from_string((DATA / f"{lab}.txt").read_text(encoding="utf-8"),
                                                                 "fr")) for lab in "AB"])


def span_on(text, para, words, category, severity):
    p = text.paragraphs[para]
    i = p.start + p.text.index(words)
    return Span("gemba", category, severity, start=i, end=i + len(words), quote=words, paragraph=para)


@pytest.fixture
def stored(tmp_path):
    """A run of one span judge on both candidates. Its findings, on B: "vite" (the words people mark too),
    "parlait" (7 of the 11 characters of "parlait pas"), "grand et gris" (13 characters around "grand"),
    "est venue" (people saw that row and found nothing) and the omission "to anyone" in the source; on
    A: "gris"."""
    db = str(tmp_path / "s.db")
    store = Store(db)
    proj = project()
    pid = store.save_project(proj)
    run = store.start_run(pid, ["gemba"], "openai", "m", {}, None, 10)
    a, b, src = proj.candidate("A").text, proj.candidate("B").text, proj.source
    s1 = src.paragraphs[1]
    omission = s1.start + s1.text.index("to anyone")
    on_b = {0: [span_on(b, 0, "vite", "accuracy/mistranslation", "major")],
            1: [span_on(b, 1, "parlait", "fluency/grammar", "minor"),
                Span("gemba", "accuracy/omission", "major", source_start=omission, source_end=omission + 9,
                     quote="to anyone", paragraph=1)],
            2: [span_on(b, 2, "grand et gris", "accuracy/mistranslation", "major")],
            3: [span_on(b, 3, "est venue", "style/awkwardness", "minor")], 4: []}
    for p in range(5):
        store.save_result(run, Judgment("gemba", f"B/p{p}", "B", p, spans=on_b[p]), "v", "m", f"b{p}")
        store.save_result(run, Judgment("gemba", f"A/p{p}", "A", p, spans=[span_on(a, 2, "gris", "style/awkwardness",
                                                                                   "minor")] if p == 2 else []),
                          "v", "m", f"a{p}")
    store.close()
    return db, run, pid


def spans_json(db, run, capsys, *args):
    capsys.readouterr()
    assert main(["meta-eval", "--run", str(run), "--db", db, "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)["spans"]


def row(doc, judge, mode, slice_value="all"):
    return next(r for r in doc["rows"] if r["judge"] == judge and r["mode"] == mode and r["value"] == slice_value)


def f1(p, r):
    return 2 * p * r / (p + r)


def check(r, p, rec):
    assert r["micro_p"] == pytest.approx(p, abs=1e-4)
    assert r["micro_r"] == pytest.approx(rec, abs=1e-4)
    assert r["micro_f1"] == pytest.approx(f1(p, rec), abs=1e-4)


# ---- by hand, file by file -------------------------------------------------------------------------------

def test_mqm_tsv_by_hand(stored, capsys):
    db, run, _ = stored
    doc = spans_json(db, run, capsys, "--spans", str(DATA / "mqm.tsv"))
    # r1 marks 7 spans (6 in translations, the omission "to anyone" in the source) on the 10 rows it saw;
    # the judge finds 6 there. r2 marks 4 (one in a category no table knows) on 8 rows; the judge finds 5.
    # exact pairs: vite, the omission, gris against r1 (3) and vite against r2 (1) -> 4 of 11 and 4 of 11
    check(row(doc, "gemba", "exact"), 4 / 11, 4 / 11)
    # partial credit (predicted side / human side):
    #   r1: vite 1/1, parlait 7/7 vs 7/11, grand et gris 5/13 vs 5/5, omission 1/1, gris 1/1, est venue 0
    #   r2: vite 1/1, parlait 7/7 vs 7/11, grand et gris 5/13 vs 5/5, the omission is a false alarm
    precision = ((1 + 1 + 5 / 13 + 1 + 1) + (1 + 1 + 5 / 13)) / 11
    recall = ((1 + 7 / 11 + 1 + 1 + 1) + (1 + 7 / 11 + 1)) / 11
    check(row(doc, "gemba", "partial"), precision, recall)
    # severities of the 8 partial pairs: only "parlait" (minor) against r1's "parlait pas" (major) differs
    assert row(doc, "gemba", "partial")["severity"] == pytest.approx(7 / 8, abs=1e-4)
    # the raters against each other on the 8 rows both saw: r1 has 6 spans there, r2 4, 3 identical;
    # both orders pooled -> 6/10 either way
    check(row(doc, "human raters", "exact"), 0.6, 0.6)
    check(row(doc, "human raters", "partial"), 0.6, 0.6)
    # category slices compare like with like: accuracy holds vite, grand(et gris) and the omission
    acc = row(doc, "gemba", "exact", "accuracy")
    assert (acc["predicted"], acc["human"]) == (6, 6)
    # nothing is dropped without a word: the system C row and the unknown sentence, the source error and
    # the neutral finding, and the category no table maps
    assert len(doc["unmatched"]) == 2 and "'C' is not a candidate" in doc["unmatched"][0]["reason"]
    assert "Une phrase inconnue" in doc["unmatched"][1]["reason"]
    assert min(p["reason"] for p in doc["ignored"]).startswith("'Source error' is not")
    assert doc["unmapped_categories"] == {"Fluency/Made-up": 1}


def test_esa_jsonl_by_hand(stored, capsys):
    db, run, _ = stored
    doc = spans_json(db, run, capsys, "--spans", str(DATA / "esa.jsonl"))
    # ESA ends are inclusive and the omission is "missing" (no place): r1 has 6 placed spans, the judge 6
    # (its omission now a false alarm). exact: vite and gris
    check(row(doc, "gemba", "exact"), 2 / 6, 2 / 6)
    precision = (1 + 1 + 5 / 13 + 0 + 0 + 1) / 6  # vite, parlait, grand et gris, est venue, omission, gris
    recall = (1 + 7 / 11 + 1 + 1 + 0 + 0) / 6  # vite, parlait pas, grand, gris, vieux homme, la plage
    check(row(doc, "gemba", "partial"), precision, recall)
    assert len(doc["unplaced"]) == 1 and "no position" in doc["unplaced"][0]["reason"]
    assert len(doc["unreadable"]) == 1 and "outside its text" in doc["unreadable"][0]["reason"]
    assert not any(r["value"] == "accuracy" for r in doc["rows"] if r["judge"] != "gemba")


def test_offsets_csv_by_hand(stored, capsys):
    db, run, _ = stored
    doc = spans_json(db, run, capsys, "--spans", str(DATA / "offsets.csv"))
    check(row(doc, "gemba", "exact"), 3 / 6, 3 / 7)
    check(row(doc, "gemba", "partial"), (1 + 1 + 5 / 13 + 0 + 1 + 1) / 6, (1 + 7 / 11 + 1 + 1 + 1) / 7)
    assert [p["line"] for p in doc["unmatched"]] == [15]  # paragraph 7 does not exist
    assert [p["line"] for p in doc["unplaced"]] == [14] and "not the quoted 'Xx'" in doc["unplaced"][0]["reason"]


def test_exercise_key_by_hand(stored, capsys):
    db, run, _ = stored
    doc = spans_json(db, run, capsys, "--spans", str(DATA / "key.litlens-exercise"))
    # the key's paragraphs are B's (found by their text); 5 marks, the judge 5 findings on B
    assert doc["raters"] == ["teacher"]
    check(row(doc, "gemba", "exact"), 1 / 5, 1 / 5)
    check(row(doc, "gemba", "partial"), (1 + 1 + 5 / 13) / 5, (1 + 7 / 11 + 1) / 5)


def test_reviewer_decisions_as_people(stored, capsys):
    db, run, pid = stored
    store = Store(db)
    ids = ann_store.span_ids(store, pid)
    proj = store.load_project(pid)
    b = proj.candidate("B").text

    def sid(words):
        return next(v for k, v in ids.items() if k[1] == "B" and k[6] == words)
    grand = b.paragraphs[2].start + b.paragraphs[2].text.index("grand")
    plage = b.paragraphs[4].start + b.paragraphs[4].text.index("la plage")
    for a in [ann_store.Annotation(pid, "B", "accept", "accuracy/mistranslation", "major", span_id=sid("vite"),
                                   judge="gemba"),
              ann_store.Annotation(pid, "B", "reject", "style/awkwardness", "minor", span_id=sid("est venue"),
                                   judge="gemba"),
              ann_store.Annotation(pid, "B", "edit", "accuracy/mistranslation", "major", start=grand,
                                   end=grand + 5, span_id=sid("grand et gris"), judge="gemba"),
              ann_store.Annotation(pid, "B", "add", "accuracy/mistranslation", "minor", start=plage,
                                   end=plage + 8)]:
        ann_store.save(store, a)
    store.close()
    doc = spans_json(db, run, capsys, "--decisions")
    # decided findings: vite (kept), grand et gris (kept as "grand"), est venue (rejected); the people's
    # spans: vite, grand, and the added "la plage"; undecided findings (parlait, the omission, A's gris)
    # are not counted
    check(row(doc, "gemba", "exact"), 1 / 3, 1 / 3)
    check(row(doc, "gemba", "partial"), (1 + 5 / 13 + 0) / 3, (1 + 1 + 0) / 3)
    style = row(doc, "gemba", "exact", "style")
    assert (style["predicted"], style["human"], style["micro_p"]) == (1, 0, 0.0)
    # per whole category path: how often the judge is right on accuracy/mistranslation for this reviewer
    leaf = spans_json(db, run, capsys, "--decisions", "--by-leaf")
    mis = row(leaf, "gemba", "exact", "accuracy/mistranslation")
    assert (mis["predicted"], mis["human"], mis["micro_p"]) == (2, 3, 0.5)  # vite kept; grand et gris moved
    assert not any(r["value"] == "accuracy" for r in leaf["rows"])


# ---- readers and placing ---------------------------------------------------------------------------------

def test_pearmut_export_and_mqm_markers():
    rows, problems, fmt = readers.read(DATA / "pearmut.jsonl")
    assert fmt == "esa" and not problems
    errs = [r for r in rows if r.is_error]
    assert [(r.system, r.segment, r.target[r.start:r.end], r.score) for r in errs] == [("B", "p3", "grand", 35.0)]
    assert {(r.system, r.segment) for r in rows if not r.is_error} == {("A", "p3"), ("B", "p3"), ("A", "p4"),
                                                                       ("B", "p4")}
    assert readers.unmark("ab <v>cd</v> e") == ("ab cd e", 3, 5)


def test_text_matching_ignores_spacing_only():
    proj = project()
    b = proj.candidate("B").text
    spaced = "  Le bateau  était grand et gris. "
    at = spaced.index("grand")
    row = readers.HumanRow(1, "r", "B", "", "Accuracy/Mistranslation", "major", start=at, end=at + 5,
                           target=spaced)
    out = matching.place([row], proj, categories.load(user_file=False))
    (s,) = out.spans
    assert b.content[s.start:s.end] == "grand" and s.category == "accuracy/mistranslation"
    other = readers.HumanRow(2, "r", "B", "", "Accuracy/Mistranslation", "major", start=0, end=2,
                             target="Le bateau était grand et vert.")
    assert matching.place([other], proj, categories.load(user_file=False)).unmatched


def test_category_table_override(tmp_path):
    (tmp_path / "mine.json").write_text(json.dumps({"map": {"Fluency / Made-up": "fluency/grammar",
                                                            "Style/Awkward": "style/unidiomatic"}}))
    cm = categories.load(tmp_path / "mine.json", user_file=False)
    assert cm.lookup("fluency/made-up") == (True, "fluency/grammar")
    assert cm.lookup("Style/Awkward") == (True, "style/unidiomatic")
    assert cm.lookup("No-error") == (True, None)
    assert cm.lookup("Made/Up") == (False, None)
    (tmp_path / "bad.json").write_text(json.dumps({"map": {"X": "accuracy/nonsense"}}))
    with pytest.raises(categories.CategoryTableError, match="not a LitLens category"):
        categories.load(tmp_path / "bad.json", user_file=False)


def test_show_categories_and_bad_file(stored, capsys, tmp_path):
    db, run, _ = stored
    assert main(["meta-eval", "--run", str(run), "--db", db, "--show-categories"]) == 0
    out = capsys.readouterr().out
    assert "style/awkward" in out and "style/awkwardness" in out
    (tmp_path / "x.txt").write_text("hello\n")
    assert main(["meta-eval", "--run", str(run), "--db", db, "--spans", str(tmp_path / "x.txt")]) != 0
    assert "cannot tell its format" in capsys.readouterr().err


def test_csv_and_json_written(stored, capsys, tmp_path):
    db, run, _ = stored
    spans_json(db, run, capsys, "--spans", str(DATA / "mqm.tsv"), "--csv", str(tmp_path / "t.csv"),
               "--json", str(tmp_path / "t.json"))
    head = (tmp_path / "t.csv").read_text().splitlines()[0].split(",")
    assert head[:4] == ["judge", "slice", "value", "mode"] and "micro_f1_low" in head
    assert json.loads((tmp_path / "t.json").read_text())["raters"] == ["r1", "r2"]


# ---- the figures themselves ------------------------------------------------------------------------------

def S(start, end, sev="major", cat="accuracy/mistranslation", side="target"):
    return sm.EvalSpan(side, start, end, cat, sev)


def test_matching_is_one_to_one_and_optimal():
    # one long predicted span over two human spans earns credit for one of them only
    c = sm.count([S(0, 20)], [S(0, 5), S(10, 20)], sm.PARTIAL)
    assert (c.pairs, c.credit_p, c.credit_r) == (1, 10 / 20, 10 / 10)
    # taking the best pair first would give (0,14) to (0,10) (span F 20/24) and leave (0,3) alone; the
    # optimum gives (0,14) to (10,14) and (0,3) to (0,10): 8/18 + 6/13 > 20/24
    c = sm.count([S(0, 14), S(0, 3)], [S(0, 10), S(10, 14)], sm.PARTIAL)
    assert c.pairs == 2 and c.credit_p == pytest.approx(4 / 14 + 3 / 3)
    assert c.credit_r == pytest.approx(3 / 10 + 4 / 4)
    assert sm.count([S(0, 5)], [S(0, 5, side="source")], sm.PARTIAL).pairs == 0  # sides never mix
    assert sm.count([S(0, 5)], [S(0, 6)], sm.EXACT).pairs == 0


def test_intervals_are_over_paragraphs_not_units():
    units = [sm.Unit(k // 2, [S(0, 4)], [S(0, 4)] if k % 3 else []) for k in range(12)]  # 6 rows, 2 units each
    f = sm.figures(units, sm.EXACT)
    assert f.micro_p.n == 6 and f.micro_p.available and f.clusters == 6
    assert f.micro_p.estimate == pytest.approx(8 / 12)
    # precision is a ratio of sums: the t-interval over the 6 paragraphs' precisions weighted by their spans
    from litlens.app.metrics.uncertainty import mean_interval
    per_row = [sum(bool(k % 3) for k in (2 * r, 2 * r + 1)) / 2 for r in range(6)]
    expected = mean_interval(per_row, weights=[2] * 6, bounds=(0, 1))
    assert (f.micro_p.low, f.micro_p.high) == pytest.approx((expected.low, expected.high))
    # micro F1's linearised interval: in the exact mode F1 = 2·pairs / (predicted + human) is a ratio of
    # sums, and the interval is then exactly mean_interval's for that ratio
    more = [sm.Unit(k // 2, [S(0, 4)] if k % 4 else [], [S(0, 4)] if k % 3 else [S(9, 12)]) for k in range(24)]
    g = sm.figures(more, sm.EXACT)
    tp = [sum(bool(k % 4) and bool(k % 3) for k in (2 * r, 2 * r + 1)) for r in range(12)]
    size = [sum(bool(k % 4) for k in (2 * r, 2 * r + 1)) + 2 for r in range(12)]
    ratio = mean_interval([2 * t / n for t, n in zip(tp, size)], weights=size, bounds=(0, 1))
    assert g.micro_f1.estimate == pytest.approx(2 * sum(tp) / sum(size)) == pytest.approx(ratio.estimate)
    assert (g.micro_f1.low, g.micro_f1.high) == pytest.approx((ratio.low, ratio.high)) and g.micro_f1.n == 12
    few = sm.figures(units[:8], sm.EXACT)  # 4 rows: no interval, and it says why
    assert not few.micro_p.available and "4 paragraphs" in few.micro_p.why


def test_a_repeated_paragraph_is_told_apart_by_segment_id():
    src = text_from_string("He asked.\n\nNo.\n\nShe asked.\n\nNo.", "en")
    proj = build_project("echo", src, [("T", text_from_string("Il demanda.\n\nNon.\n\nElle demanda.\n\nNon.", "fr"))])
    rows = [readers.HumanRow(1, "r", "T", "4", "Accuracy/Mistranslation", "major", start=0, end=3, target="Non."),
            readers.HumanRow(2, "r", "T", "2", "", "no-error", target="Non.", is_error=False),
            readers.HumanRow(3, "r2", "T", "4", "Style/Awkward", "minor", start=0, end=3, target="Non.")]
    out = matching.place(rows, proj, categories.load(user_file=False))
    # segment 2 is the first "Non." (row 1) and segment 4 the second (row 3), whatever order the file
    # lists them in; both raters' findings on segment 4 land on the same paragraph
    assert sorted(out.seen) == [("r", "T", 1), ("r", "T", 3), ("r2", "T", 3)]
    assert {s.row for s in out.spans} == {3}
