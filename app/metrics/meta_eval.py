"""Meta-evaluation: how well a stored run agrees with human scores (seed 000's Tables 3 and 4).

Human scores come as CSV with the columns paragraph, candidate, criterion, score. Paragraphs are numbered
from 1 as LitLens displays them; criteria are the names the judge stores (e.g. "Content Accuracy"),
matched case-insensitively. Each human score is paired with the run's score for the same paragraph,
candidate and criterion; rows that find no partner are counted and reported, never silently dropped.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from litlens.app.metrics.correlation import LabelScores, accuracy, confusion_matrix, label_scores, mse
from litlens.app.core.model import Judgment
from litlens.app.metrics.uncertainty import Agreement, agreement, fmt_interval

COLUMNS = ("paragraph", "candidate", "criterion", "score")


class MetaEvalError(Exception):
    """The human-score file or the run cannot be used (the message says which row or what is missing)."""


@dataclass(frozen=True)
class HumanScore:
    paragraph: int  # 1-based, as displayed
    candidate: str
    criterion: str
    score: float


@dataclass(frozen=True)
class Pair:
    criterion: str  # the stored dimension name
    candidate: str
    paragraph: int  # 1-based
    human: float
    model: float


@dataclass
class CriterionStats:
    criterion: str
    n: int
    tau: float | None
    rho: float | None
    mse: float | None
    # 95% bootstrap intervals over paragraphs (all candidates' pairs of one paragraph drawn together) and
    # two-sided permutation p-values (seeded); None
    # where the coefficient is undefined, and for the average row (a mean of coefficients has no pairs)
    tau_ci: list[float] | None = None
    rho_ci: list[float] | None = None
    tau_p: float | None = None
    rho_p: float | None = None


@dataclass
class Report:
    criteria: list[CriterionStats]
    average: CriterionStats  # mean τ, ρ and MSE over the criteria (Table 4's "Avg." columns)
    labels: list[int]
    label_scores: list[LabelScores]  # pooled over all criteria (Table 3)
    accuracy: float | None
    confusion: list[list[int]]  # pooled; rows = human label, columns = judge label
    per_criterion_confusion: dict[str, list[list[int]]] = field(default_factory=dict)
    unmatched: list[HumanScore] = field(default_factory=list)
    judge: str = ""


def read_human(path: str | Path) -> list[HumanScore]:
    from litlens.app.humans.readers import MAX_BYTES
    from litlens.app.texts.limits import FileRefused, read_regular_file
    p = Path(path)
    try:  # a FIFO or a device is refused unread, and a file is read up to the human files' limit
        text = read_regular_file(p, MAX_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError, FileRefused) as exc:
        raise MetaEvalError(f"{p}: cannot read the human scores ({exc})") from None
    reader = csv.DictReader(io.StringIO(text))
    header = {(h or "").strip().lower(): h for h in reader.fieldnames or []}
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise MetaEvalError(f"{p}: missing column(s) {', '.join(missing)}; expected {', '.join(COLUMNS)}")
    out: list[HumanScore] = []
    for n, row in enumerate(reader, start=2):
        vals = {c: (row.get(header[c]) or "").strip() for c in COLUMNS}
        if not any(vals.values()):
            continue
        try:
            para, score = int(vals["paragraph"]), float(vals["score"])
        except ValueError:
            raise MetaEvalError(f"{p} line {n}: paragraph must be a whole number and score a number "
                                f"(got {vals['paragraph']!r}, {vals['score']!r})") from None
        if para < 1 or not vals["candidate"] or not vals["criterion"]:
            raise MetaEvalError(f"{p} line {n}: paragraph numbers start at 1 and candidate and criterion "
                                "must not be empty")
        out.append(HumanScore(para, vals["candidate"], vals["criterion"], score))
    if not out:
        raise MetaEvalError(f"{p}: no human scores in the file")
    return out


def pair_scores(human: Sequence[HumanScore], results: Sequence[Judgment], judge: str | None = None
                ) -> tuple[list[Pair], list[HumanScore], str]:
    """(pairs, unmatched human rows, the judge used). Without ``judge`` the run must hold scores from
    one judge only for the criteria the file names; otherwise the choice is the user's."""
    stored: dict[tuple[str, str, int, str], tuple[str, float]] = {}
    judges_by_dim: dict[str, set[str]] = defaultdict(set)
    for j in results:
        if j.status != "ok" or j.paragraph is None or j.candidate is None or (judge and j.judge != judge):
            continue
        for s in j.scores:
            judges_by_dim[s.dimension.lower()].add(j.judge)
            stored[(j.judge, j.candidate, j.paragraph + 1, s.dimension.lower())] = (s.dimension, s.value)
    wanted = {h.criterion.lower() for h in human}
    judges = set().union(*(judges_by_dim.get(c, set()) for c in wanted)) if wanted else set()
    if not judges:
        known = sorted({d for (_, _, _, d) in stored})
        raise MetaEvalError("the run has no scores for the criteria in the file "
                            f"({', '.join(sorted(wanted))}); it has: {', '.join(known) or 'none'}")
    if len(judges) > 1:
        raise MetaEvalError(f"several judges in this run score these criteria ({', '.join(sorted(judges))}); "
                            "choose one with --judge")
    chosen = judges.pop()
    pairs: list[Pair] = []
    unmatched: list[HumanScore] = []
    for h in human:
        hit = stored.get((chosen, h.candidate, h.paragraph, h.criterion.lower()))
        if hit is None:
            unmatched.append(h)
        else:
            pairs.append(Pair(hit[0], h.candidate, h.paragraph, h.score, hit[1]))
    if not pairs:
        raise MetaEvalError("no human score matches a stored score: check candidate labels and paragraph "
                            "numbers (1-based, as displayed)")
    return pairs, unmatched, chosen


def _mean(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return sum(got) / len(got) if got else None


def evaluate(pairs: Sequence[Pair], unmatched: Sequence[HumanScore] = (), judge: str = "") -> Report:
    by_crit: dict[str, list[Pair]] = defaultdict(list)
    for p in pairs:
        by_crit[p.criterion].append(p)
    stats = []
    for crit, ps in by_crit.items():
        h, m = [p.human for p in ps], [p.model for p in ps]
        # a paragraph's pairs (one per candidate) share its source text: the bootstrap draws paragraphs
        units = [p.paragraph for p in ps]
        tau, rho = agreement(h, m, "tau", units=units), agreement(h, m, "rho", units=units)
        stats.append(CriterionStats(crit, len(ps), tau.value, rho.value, mse(h, m),
                                    _ci(tau), _ci(rho), tau.p_value, rho.p_value))
    avg = CriterionStats("average", len(pairs), _mean([s.tau for s in stats]), _mean([s.rho for s in stats]),
                         _mean([s.mse for s in stats]))
    gold = [round(p.human) for p in pairs]
    pred = [round(p.model) for p in pairs]
    labels = sorted(set(gold) | set(pred))
    per = {crit: confusion_matrix([round(p.human) for p in ps], [round(p.model) for p in ps], labels)
           for crit, ps in by_crit.items()}
    return Report(stats, avg, labels, label_scores(gold, pred, labels), accuracy(gold, pred),
                  confusion_matrix(gold, pred, labels), per, list(unmatched), judge)


def _ci(a: Agreement) -> list[float] | None:
    return None if a.low is None or a.high is None else [a.low, a.high]


def format_value(v: float | None, digits: int = 3) -> str:
    return "—" if v is None else f"{v:.{digits}f}"


def _p(v: float | None) -> str:
    return "—" if v is None else ("<0.001" if v < 0.001 else f"{v:.3f}")


CORRELATION_HEADERS = ["criterion", "n", "τ-b [95% CI]", "p(τ)", "ρ [95% CI]", "p(ρ)", "MSE"]


def correlation_rows(report: Report) -> list[list[str]]:
    """Each coefficient with its bootstrap interval and permutation p-value (seeded, so stable)."""
    return [[s.criterion, str(s.n), "—" if s.tau is None else fmt_interval(s.tau, s.tau_ci, 3), _p(s.tau_p),
             "—" if s.rho is None else fmt_interval(s.rho, s.rho_ci, 3), _p(s.rho_p), format_value(s.mse)]
            for s in [*report.criteria, report.average]]


def label_rows(report: Report) -> list[list[str]]:
    return [[str(ls.label), str(ls.support), format_value(ls.precision, 2), format_value(ls.recall, 2),
             format_value(ls.f1, 2)]
            for ls in report.label_scores]


def confusion_rows(report: Report, matrix: list[list[int]] | None = None) -> list[list[str]]:
    m = report.confusion if matrix is None else matrix
    return [[f"human {lab}", *(str(v) for v in row)] for lab, row in zip(report.labels, m)]


def write_png(report: Report, path: str | Path) -> Path:
    """The correlation table and the pooled confusion matrix (rows: human, columns: judge; darker = more
    items, each row shaded against its own total) as one PNG, drawn with Pillow (no Qt, no display)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(size=14)
    small = ImageFont.load_default(size=12)
    rows = [["criterion", "n", "tau-b [95% CI]", "p", "rho [95% CI]", "p", "MSE"], *correlation_rows(report)]
    col_w = [max(110, max(len(r[0]) for r in rows) * 8 + 10), 50, 190, 60, 190, 60, 70]
    n = len(report.labels)
    cell = 44
    table_h = 22 * len(rows)
    width = max(sum(col_w), 80 + cell * n) + 40
    height = 50 + table_h + 60 + cell * n + 40
    img = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(img)
    d.text((20, 14), f"Agreement with human scores{f' ({report.judge})' if report.judge else ''}",
           fill="black", font=font)
    y = 44
    for i, row in enumerate(rows):
        x = 20
        for w, value in zip(col_w, row):
            d.text((x, y), value, fill="black" if i else "#333366", font=small)
            x += w
        y += 22
    y += 16
    d.text((20, y), "Confusion matrix (rows: human label, columns: judge label)", fill="black", font=small)
    top, left = y + 30, 80
    for j, lab in enumerate(report.labels):
        d.text((left + j * cell + cell // 2 - 4, top - 16), str(lab), fill="black", font=small)
    for i, (lab, row) in enumerate(zip(report.labels, report.confusion)):
        d.text((left - 30, top + i * cell + cell // 2 - 7), str(lab), fill="black", font=small)
        total = sum(row) or 1
        for j, v in enumerate(row):
            shade = int(255 - 200 * v / total)
            x0, y0 = left + j * cell, top + i * cell
            d.rectangle([x0, y0, x0 + cell - 2, y0 + cell - 2], fill=(shade, shade, 255),
                        outline="#999999")
            d.text((x0 + cell // 2 - 6, y0 + cell // 2 - 7), str(v),
                   fill="white" if shade < 140 else "black", font=small)
    out = Path(path)
    img.save(out, format="PNG")
    return out
