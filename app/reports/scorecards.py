"""The scorecard section of a report, per candidate and per chapter: computed by the one scorecard function
(app.mqm.scorecard.project_scorecards) the window's Scorecard dock and ``litlens scorecard`` use, from the
report's own issues (so the states are the ones the report shows), with each chapter's mean judge scores
beside it. The command line's chapter summary after ``litlens evaluate`` prints these rows too."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from litlens.app.mqm.profiles import DEFAULT, load_profile
from litlens.app.mqm.scorecard import project_scorecards
from litlens.app.texts.chapters import candidate_chapter, chapters_of

if TYPE_CHECKING:
    from litlens.app.mqm.profiles import Profile
    from litlens.app.reports.collect import ReportData

WHOLE = ""  # the ``part`` of a whole-text scorecard


def scorecard_section(data: ReportData, profile: Profile | str = DEFAULT, include_all: bool = False) -> dict[str, Any]:
    """What a report says about quality: the profile (name, threshold, weights), which findings count, and
    one row per candidate and chapter (``part`` the chapter's title, "" for the whole text) with the
    scorecard's figures and the chapter's mean judge scores (``means``: "judge/dimension" -> mean)."""
    prof = load_profile(profile) if isinstance(profile, str) else profile
    cards = project_scorecards(data.project, data.issues, prof, include_all, data.candidates, by_chapter=True)
    means = chapter_means(data)
    rows = []
    for card in cards:
        row = card.as_data()
        row["means"] = means.get((card.candidate, card.part), {})
        rows.append(row)
    return {"profile": prof.as_data(), "profile_name": prof.name, "threshold": prof.threshold,
            "counted": "all findings not rejected or outdated" if include_all else
            "reviewed findings (accepted, corrected, applied, added)",
            "include_all": include_all, "chapters": [c.title for c in chapters_of(data.project)], "rows": rows}


def chapter_means(data: ReportData) -> dict[tuple[str, str], dict[str, float]]:
    """(candidate, chapter title or "") -> "judge/dimension" -> mean over the paragraphs scored."""
    chapters = chapters_of(data.project)
    labels = {c.label for c in data.project.candidates}
    of_para = {label: candidate_chapter(data.project, label, chapters) for label in labels} if chapters else {}
    sums: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for table in data.scores:
        for row in table.rows:
            cand, para = row["candidate"], row["paragraph"]
            for dim, value in row["values"].items():
                key = f"{table.judge}/{dim}"
                sums[(cand, WHOLE)][key].append(float(value))
                index = of_para.get(cand)
                if index is not None and para is not None and 0 <= para < len(index):
                    sums[(cand, chapters[index[para]].title)][key].append(float(value))
    return {k: {d: sum(v) / len(v) for d, v in per.items()} for k, per in sums.items()}


def summary_lines(section: dict[str, Any]) -> list[str]:
    """The section as a plain table: one line per chapter and candidate, the whole text after each."""
    headers = ["candidate", "chapter", "words", "errors", "penalty", "per 1,000", "score", "result", "means"]
    table = []
    for r in section["rows"]:
        per = next((v for k, v in r.items() if k.startswith("penalty_per_")), 0.0)
        means = ", ".join(f"{k} {v:.2f}" for k, v in r["means"].items())
        table.append([r["candidate"], r["part"] or "(all)", str(r["words"]), str(r["errors"]), f"{r['penalty']:g}",
                      f"{per:.2f}", f"{r['score']:.2f}", "pass" if r["passed"] else "FAIL", means])
    widths = [max(len(x[i]) for x in [headers, *table]) for i in range(len(headers))]
    title = (f"== chapters: {section['profile_name']} profile, threshold {section['threshold']:g}, "
             f"{section['counted']} ==")
    return [title] + ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip()
                      for r in [headers, ["-" * w for w in widths], *table]]
