"""``litlens meta-eval`` on a stored run and a small human-score file: τ-b, ρ and MSE per criterion and
averaged, per-label F1 and the confusion matrix, the PNG, unmatched rows, errors, and position bias B."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from PIL import Image

from litlens.app.cli.main import main
from litlens.app.core.model import Judgment, Score
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

CRITERIA = ["Lexical Choice", "Content Accuracy"]
MODEL = {  # (candidate, 0-based paragraph) -> the judge's scores, in CRITERIA order
    ("A", 0): (5, 4), ("A", 1): (3, 3), ("A", 2): (4, 2), ("A", 3): (2, 2),
    ("B", 0): (4, 5), ("B", 1): (4, 1), ("B", 2): (1, 3), ("B", 3): (3, 4),
}
HUMAN = {  # (candidate, 1-based paragraph) -> human scores
    ("A", 1): (5, 5), ("A", 2): (2, 3), ("A", 3): (4, 1), ("A", 4): (2, 2),
    ("B", 1): (3, 5), ("B", 2): (4, 2), ("B", 3): (1, 3), ("B", 4): (4, 4),
}


def tau_pairs(x, y):
    c = d = tx = ty = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            tx += dx == 0 and dy != 0
            ty += dy == 0 and dx != 0
            c += dx * dy > 0
            d += dx * dy < 0
    return (c - d) / math.sqrt((c + d + tx) * (c + d + ty))


def ranks(v):
    return [1 + sum(a < w for a in v) + (sum(a == w for a in v) - 1) / 2 for w in v]


@pytest.fixture
def stored_run(tmp_path):
    db = str(tmp_path / "m.db")
    store = Store(db)
    src = text_from_string("\n\n".join(f"Source paragraph {i}." for i in range(4)), "en")
    cands = [(lab, text_from_string("\n\n".join(f"Paragraphe {i} de {lab}." for i in range(4)), "fr"))
             for lab in ("A", "B")]
    pid = store.save_project(build_project("meta", src, cands))
    run = store.start_run(pid, ["da-mqm", "transevalnia", "bws"], "openai", "m", {}, None, 8)
    for (cand, para), values in MODEL.items():
        scores = [Score(crit, v, 1, 5) for crit, v in zip(CRITERIA, values)]
        store.save_result(run, Judgment("da-mqm", f"{cand}/p{para}", cand, para, scores=scores), "v", "m",
                          f"h{cand}{para}")
    # rankings: paragraph 0 has the same winner in both orders, paragraph 1 changes winner -> B = 1.5
    for para, order_index, presented, order in [(0, 0, "AB", "AB"), (0, 1, "BA", "AB"), (1, 0, "AB", "AB"),
                                               (1, 1, "BA", "BA")]:
        store.save_result(run, Judgment("transevalnia", f"rank/{para}/{order_index}", None, para, data={
            "kind": "ranking", "method": "two-step", "order_index": order_index, "presented": list(presented),
            "order": list(order)}), "v", "m", f"r{para}{order_index}")
    for para, rotation, best in [(0, 0, "A"), (0, 1, "B"), (1, 0, "B"), (1, 1, "B"), (2, 0, "A"), (2, 1, "B")]:
        store.save_result(run, Judgment("bws", f"bws/{para}/{rotation}", None, para, data={
            "best": best, "worst": "B" if best == "A" else "A", "order": ["A", "B"], "rotation": rotation}),
            "v", "m", f"b{para}{rotation}")
    store.close()
    return db, run


def write_human(path, extra_rows=()):
    lines = ["Paragraph,Candidate,Criterion,Score"]
    for (cand, para), values in HUMAN.items():
        for crit, v in zip(CRITERIA, values):
            lines.append(f"{para},{cand},{crit.lower()},{v}")
    lines += list(extra_rows)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_meta_eval_reproduces_independent_values(stored_run, tmp_path, capsys):
    db, run = stored_run
    human = write_human(tmp_path / "human.csv", ["9,A,Lexical Choice,3"])  # no such paragraph: unmatched
    png = tmp_path / "agreement.png"
    code = main(["--db", db, "meta-eval", "--human", human, "--run", str(run), "--format", "json",
                 "--png", str(png)])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["judge"] == "da-mqm" and doc["unmatched"] == 1
    rows = {r["criterion"]: r for r in doc["correlation"]}
    taus, rhos, mses = [], [], []
    for k, crit in enumerate(CRITERIA):
        keys = sorted(HUMAN)
        h = [HUMAN[key][k] for key in keys]
        m = [MODEL[(key[0], key[1] - 1)][k] for key in keys]
        taus.append(tau_pairs(h, m))
        rhos.append(statistics.correlation(ranks(h), ranks(m)))
        mses.append(sum((a - b) ** 2 for a, b in zip(h, m)) / len(h))
        assert rows[crit]["n"] == 8
        assert rows[crit]["tau"] == pytest.approx(taus[-1])
        assert rows[crit]["rho"] == pytest.approx(rhos[-1])
        assert rows[crit]["mse"] == pytest.approx(mses[-1])
    assert rows["average"]["tau"] == pytest.approx(sum(taus) / 2)
    assert rows["average"]["rho"] == pytest.approx(sum(rhos) / 2)
    assert rows["average"]["mse"] == pytest.approx(sum(mses) / 2)

    gold = [v for key in sorted(HUMAN) for v in HUMAN[key]]
    pred = [v for key in sorted(HUMAN) for v in MODEL[(key[0], key[1] - 1)]]
    labels = doc["confusion"]["labels"]
    assert labels == [1, 2, 3, 4, 5]
    expected = [[sum(1 for g, p in zip(gold, pred) if g == a and p == b) for b in labels] for a in labels]
    assert doc["confusion"]["matrix"] == expected
    five = next(ls for ls in doc["labels"] if ls["label"] == 5)
    tp = sum(1 for g, p in zip(gold, pred) if g == p == 5)
    assert five["precision"] == pytest.approx(tp / pred.count(5))
    assert five["recall"] == pytest.approx(tp / gold.count(5))
    assert doc["accuracy"] == pytest.approx(sum(g == p for g, p in zip(gold, pred)) / len(gold))

    with Image.open(png) as img:
        assert img.format == "PNG" and img.width > 200 and img.height > 200
        assert len(img.convert("RGB").getcolors(maxcolors=100000) or []) > 3  # the matrix is shaded, not a blank page


def test_table_output_and_position_bias(stored_run, tmp_path, capsys):
    db, run = stored_run
    human = write_human(tmp_path / "human.csv")
    assert main(["--db", db, "meta-eval", "--human", human, "--run", str(run), "--bias"]) == 0
    out = capsys.readouterr().out
    assert "τ-b" in out and "Content Accuracy" in out and "confusion matrix" in out
    assert main(["--db", db, "meta-eval", "--run", str(run), "--bias", "--format", "json"]) == 0
    bias = {b["judge"]: b for b in json.loads(capsys.readouterr().out)["bias"]}
    assert bias["transevalnia"]["B"] == "1.50" and bias["transevalnia"]["orders"] == "2"
    # bws: paragraph 0 -> {A, B}, 1 -> {B}, 2 -> {A, B}: B = (2 + 1 + 2) / 3
    assert bias["bws"]["B"] == f"{5 / 3:.2f}"


def test_bad_inputs_are_one_clear_line(stored_run, tmp_path, capsys):
    db, run = stored_run
    bad = tmp_path / "bad.csv"
    bad.write_text("para,candidate,criterion,score\n1,A,Syntax,3\n", encoding="utf-8")
    assert main(["--db", db, "meta-eval", "--human", str(bad), "--run", str(run)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "missing column(s) paragraph" in err[0]
    other = tmp_path / "other.csv"
    other.write_text("paragraph,candidate,criterion,score\n1,A,Fluency,3\n", encoding="utf-8")
    assert main(["--db", db, "meta-eval", "--human", str(other), "--run", str(run)]) == 3
    assert "no scores for the criteria in the file (fluency)" in capsys.readouterr().err
    assert main(["--db", db, "meta-eval", "--human", str(other), "--run", "99"]) == 3
    assert "no run with id 99" in capsys.readouterr().err
