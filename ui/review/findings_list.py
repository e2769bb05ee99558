"""The findings list for the current candidate: every judge's findings and the reviewer's own, filterable
by judge, category, severity and review status, sortable, with counts per category and keyboard
navigation (next/previous). Choosing a finding announces it so the pair view can show it.
"""

from __future__ import annotations

import dataclasses
import html
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPushButton,
                               QSplitter, QTextBrowser, QVBoxLayout, QWidget)

from litlens.app.core.counts import counted, one_or_many
from litlens.app.core.edits import ORIGIN
from litlens.app.core.heap import kept_for_good
from litlens.app.run.annotations import span_key, top
from litlens.app.core.model import SEVERITIES
from litlens.ui.pair.layout import row_label
from litlens.app.mqm import states
from litlens.ui.review import finding_checks
from litlens.ui.review.findings_rows import Checks, Filters, Listing, listing
from litlens.ui.review.findings_model import (COL_CHANCE, COL_PARA, COL_SEVERITY, COL_TEXT,  # noqa: F401
                                              MEMBERS_ROLE, SORT_ROLE, SPAN_ROLE, FindingsModel, FindingsTree,
                                              Row, RowRef)
from litlens.ui.common.judge_texts import category_name, category_title, judge_short, judge_title
from litlens.ui.common import theme
from litlens.ui.common.severity import style_for, text_ink
from litlens.ui.common.explain import shown_explanation, shown_suggestion

if TYPE_CHECKING:
    from pathlib import Path

    from litlens.app.core.model import Candidate, Span
    from litlens.app.fixes.verify import Check
    from litlens.app.humans.calibration import Calibration
    from litlens.app.metrics.sample_stability import SampleStability
    from litlens.ui.common.document import Document
    from litlens.ui.common.tasks import TaskRunner

STATUSES = states.STATUSES  # one vocabulary with every export
STATUS_MARK = {states.OPEN: "", states.ACCEPTED: "✓", states.CORRECTED: "✎", states.REJECTED: "✗",
               states.ADDED: "+", states.APPLIED: "✔", states.OUTDATED: "⌀"}
COL_EXPLANATION = 6
# findings from which a refresh is computed on a worker: listing costs ~0.1 ms a finding on the GUI thread
# (a book's 990 honorifics findings held it ~100 ms when its first run landed; was 2000)
ASYNC_FROM = 300
APPLY_LABEL_CHARS = 24  # the longest correction the detail pane's Apply button shows whole


def _tr(text: str) -> str:
    return QCoreApplication.translate("FindingsList", text)


class RowLabels:
    """Aligned row labels (¶n of the source) by candidate offset, built once per candidate."""

    def __init__(self, candidate: Candidate) -> None:
        self.candidate = candidate
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.label: dict[int, str] | None = None  # made when first asked: a book with no findings needs none

    def _build(self) -> dict[int, str]:
        paragraphs = self.candidate.text.paragraphs
        self.starts = [seg.start for seg in paragraphs]
        self.ends = [max(seg.end, seg.start + 1) for seg in paragraphs]
        self.label = {}
        for pair in self.candidate.alignment.pairs if self.candidate.alignment is not None else []:
            for i in pair.target:
                self.label[i] = row_label(pair)
        return self.label

    def __call__(self, span: Span) -> str:
        if self.label is None:
            self._build()
        if span.located:
            i = bisect_right(self.starts, span.start) - 1  # type: ignore[arg-type]
            if i >= 0 and span.start < self.ends[i] and i in self.label:  # type: ignore[operator]
                return self.label[i]
        if span.paragraph is not None:
            return f"¶{span.paragraph + 1}"
        return "—"


def identity(span: Span, label: str) -> object:
    """What a finding is across an edit of its paragraph: its key where it was found, not where the edit
    moved it (the Document re-anchors spans to new offsets and marks where they came from)."""
    origin = span.data.get(ORIGIN)
    if origin is not None:
        span = dataclasses.replace(span, start=origin[0], end=origin[1])
    return span_key(span, label)


def paragraph_of(candidate: Candidate, span: Span) -> str:
    """The aligned row label (¶n of the source) where a span sits, from its offsets when it has them."""
    return RowLabels(candidate)(span)


class FindingsList(QWidget):
    findingChosen = Signal(object, str)  # Span, candidate label
    settled = Signal()  # the rows on screen are those of the last refresh
    checksLoaded = Signal()  # the reviewer's calibration and the samples' stability were read
    applyVerifiedRequested = Signal()  # "Apply all verified fixes" was clicked

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.judge_filter = self._combo(self.tr("All judges"))
        self.category_filter = self._combo(self.tr("All categories"))
        self.severity_filter = self._combo(self.tr("All severities"), list(SEVERITIES))
        self.status_filter = self._combo(self.tr("Any status"), list(STATUSES))
        self.filter = self.severity_filter  # the name older callers used
        self.count = QLabel()
        self.per_category = QLabel()
        self.per_category.setWordWrap(True)
        self.per_category.setObjectName("muted")
        self.per_category.setVisible(False)  # shown with the counts it holds: empty, it left a blank line
        # a model with rows made on demand: 10,000 findings arrive without 70,000 items being created
        self.model = FindingsModel([self.tr("Severity"), self.tr("¶"), self.tr("Judge"), self.tr("Category"),
                                    self.tr("Text"), self.tr("Review"), self.tr("Explanation"),
                                    self.tr("Right for you"), self.tr("Found"), self.tr("Fix")], self._describe)
        self.tree = FindingsTree(self.model)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSortingEnabled(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)  # Shift/Ctrl: bulk review
        self.tree.sortByColumn(COL_PARA, Qt.SortOrder.AscendingOrder)
        header = self.tree.header()
        for col, width in enumerate((86, 48, 124, 190, 176, self._review_width())):
            header.resizeSection(col, width)
        header.setSectionResizeMode(COL_EXPLANATION, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for col, width in ((COL_CHANCE, 90), (COL_CHANCE + 1, 56), (COL_CHANCE + 2, 112)):
            header.resizeSection(col, width)
            header.moveSection(header.visualIndex(col), header.visualIndex(COL_EXPLANATION))  # before it
        self._checks_widgets()
        self.detail = QTextBrowser()
        self.detail.setPlaceholderText(self.tr("Select a finding to read it in full."))
        # the finding read in full can be acted on where it is read (the review actions enable it)
        self.apply_button = QPushButton(self.tr("Apply the correction"))
        self.apply_button.setEnabled(False)
        pane = QWidget()
        pane_lay = QVBoxLayout(pane)
        pane_lay.setContentsMargins(0, 0, 0, 0)
        pane_lay.addWidget(self.detail, 1)
        pane_lay.addWidget(self.apply_button)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(pane)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([760, 300])
        top_row = QHBoxLayout()
        for w in (self.judge_filter, self.category_filter, self.severity_filter, self.status_filter):
            top_row.addWidget(w)
        top_row.addWidget(self.count)
        top_row.addWidget(self.hidden_note)
        top_row.addStretch(1)
        top_row.addWidget(self.apply_verified_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addLayout(top_row)
        lay.addWidget(self.per_category)
        lay.addWidget(split, 1)

        for combo in (self.judge_filter, self.category_filter, self.severity_filter, self.status_filter):
            combo.currentIndexChanged.connect(self.refresh)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemActivated.connect(lambda item, _col: self._announce(item))
        self.tree.itemClicked.connect(lambda item, _col: self._announce(item))
        document.resultsChanged.connect(self._results_changed)
        document.candidateChanged.connect(self._results_changed)
        document.projectChanged.connect(self._results_changed)
        document.resultsChanged.connect(self.load_checks)
        document.reviewChanged.connect(self._review_changed)
        theme.notifier().changed.connect(self._restyle)
        self._last_inputs: tuple[object, ...] | None = None
        self.tasks: TaskRunner | None = None  # set by the docks: long lists are then listed on a worker
        self.pending = False  # a listing is being computed off the GUI thread
        self._generation = 0
        self._awaited: object = None  # the finding to select again once a reload's rows arrive
        self._shown_label = ""  # the translation whose rows the list shows now

    def _checks_widgets(self) -> None:
        """The calibration's note (how many it hid, with the click that shows them) and the bulk Apply."""
        self.calibration: Calibration | None = None
        self.stability: SampleStability | None = None
        self.fix_checks: dict[object, Check] = {}  # identity(span) -> the verifier's check
        self.calibration_mode = "off"  # the opt-in rule (Settings): off, fade or hide
        self.show_hidden = False
        self.db_path: Path | None = None
        self.checks_version = 0
        self._checks_asked: tuple[object, ...] | None = None
        self._hidden_said: Listing | None = None
        self.model.faded_ink = QColor(theme.colours().muted)
        self.hidden_note = QLabel()
        self.hidden_note.setObjectName("muted")
        self.hidden_note.setTextFormat(Qt.TextFormat.RichText)
        self.hidden_note.linkActivated.connect(lambda _link: self.set_show_hidden(not self.show_hidden))
        self.hidden_note.setVisible(False)
        self.apply_verified_button = QPushButton(self.tr("Apply all verified fixes"))
        self.apply_verified_button.setToolTip(self.tr("Apply every open finding's fix that the verifier "
                                                      "preferred in both orders: one revision, one undo"))
        self.apply_verified_button.setVisible(False)
        self.apply_verified_button.clicked.connect(self.applyVerifiedRequested)

    def _combo(self, everything: str, values: list[str] | None = None) -> QComboBox:
        combo = QComboBox()
        combo.addItem(everything, None)
        for v in values or []:
            combo.addItem(_tr(v), v)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        return combo

    # ---- contents --------------------------------------------------------------------------------
    def spans(self) -> list[Span]:
        """Every finding for the current candidate (before the filters): judges' and the reviewer's."""
        return self.document.findings(self.document.candidate_label)

    def _results_changed(self) -> None:
        spans = self.spans()
        self._refill(self.judge_filter, sorted({s.judge for s in spans}), judge_title)
        self._refill(self.category_filter, sorted({top(s.category) for s in spans}), category_title)
        self.refresh()

    def _refill(self, combo: QComboBox, values: list[str], title: Callable[[str], str] = str) -> None:
        keep = combo.currentData()
        combo.blockSignals(True)
        while combo.count() > 1:
            combo.removeItem(1)
        for v in values:
            combo.addItem(title(v), v)
        i = combo.findData(keep) if keep is not None else 0
        combo.setCurrentIndex(max(0, i))
        combo.blockSignals(False)

    def _filters(self) -> Filters:
        """The four filter choices (None: everything), read once per refresh, not once per finding."""
        return Filters(self.judge_filter.currentData(), self.category_filter.currentData(),
                       self.severity_filter.currentData(), self.status_filter.currentData())

    def _wanted(self, span: Span, status: str) -> bool:
        return self._filters().wanted(span, status)

    def _inputs(self) -> tuple[object, ...]:
        """Everything a refresh reads: when none of it changed since the last one, the rows stand."""
        doc = self.document
        notes = tuple(doc.annotations)
        return (doc.revision, doc.candidate_label, id(doc.judgments), len(doc.judgments), notes,
                tuple(sorted(doc.span_ids.items())) if notes else (), frozenset(doc.outdated_notes),
                self._filters(), self.tree.header().sortIndicatorSection(),
                self.tree.header().sortIndicatorOrder(), self.checks_version)

    def _review_changed(self) -> None:
        # a reload of the run history or of unchanged decisions (every run's end) leaves the rows alone
        if self._inputs() != self._last_inputs:
            self.refresh()
        self.load_checks()

    def refresh(self) -> None:
        """Rebuild the rows from the document. A long list (a book's findings) is computed on a worker and
        shown when it is ready; whatever refresh comes later wins, an older computation is dropped."""
        self._generation += 1
        generation = self._generation
        keep_span = self.current_span()
        label = self.document.candidate_label or ""
        # a reload (undo, redo) empties the list before the results come back: the finding the reviewer
        # was on waits in ``_awaited`` for the rows that have it
        # (the current row is a finding of the translation listed, not of the one a reload may pass through:
        # an undo reopens the project on its first translation before it comes back to the reviewer's)
        keep = identity(keep_span, self._shown_label) if keep_span is not None else self._awaited
        cand = self.document.candidate
        spans = self.spans() if cand is not None else []
        self._last_inputs = self._inputs()
        doc = self.document
        decisions = states.latest_decisions(doc.annotations)
        span_ids, filters = doc.span_id, self._filters()  # read here: widgets belong to the GUI thread
        checks = self._checks(label)

        def compute() -> Listing:
            return listing(spans, filters, decisions, lambda s: span_ids(s, label),
                           RowLabels(cand) if cand is not None else None, checks)

        if self.tasks is None or len(spans) < ASYNC_FROM:
            self._show(compute(), keep, label)
            return
        self.pending = True

        def compute_kept() -> Listing:
            with kept_for_good():  # the listing the list shows until the next refresh (app.core.heap)
                return compute()

        def shown(result: Listing) -> None:
            if generation == self._generation:  # a later refresh (or its result) supersedes this one
                self._show(result, keep, label)

        def failed(exc: BaseException) -> None:
            if generation == self._generation:
                self.pending = False
                self.count.setText(str(exc))
        # the listing is what is being shown: it does not wait for the window's hold (TaskRunner.quiet)
        if self.tasks.submit(compute_kept, shown, failed, urgent=True) is None:  # the window is closing
            self.pending = False

    def _show(self, result: Listing, keep: object, label: str) -> None:
        self.pending = False
        self._shown_label = label
        self.tree.blockSignals(True)
        self.model.set_rows(result.rows)
        header = self.tree.header()
        self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())  # the user's last choice
        restored = None
        if keep is not None:
            # by identity: a row whose finding an edit (an applied correction) moved is still the reviewer's row
            at = next((i for i, r in enumerate(self.model.rows) if identity(r.original, label) == keep), None)
            restored = RowRef(self.tree, at) if at is not None else None
        if restored is not None:
            self.tree.setCurrentItem(restored)
            self.tree.scrollTo(self.tree.currentIndex())
        self.tree.blockSignals(False)
        self._awaited = keep if restored is None and not result.rows else None
        if restored is None:
            self.detail.clear()
        else:  # the decision may have changed what the pane says about this finding
            self.detail.setHtml(self._detail_html(restored.data(0, SPAN_ROLE), restored.text(COL_PARA),
                                                  restored.text(COL_TEXT)))
        total, shown = result.total, result.shown
        # the noun agrees with the total: "0 of 1 finding", "1 finding", "3 of 5 findings"
        self.count.setText(one_or_many(total, self.tr("{0} of {1} finding"), self.tr("{0} of {1} findings"))
                           .format(shown, total) if shown != total
                           else counted(total, self.tr("{0} finding"), self.tr("{0} findings")))
        if len(result.rows) != shown:
            self.count.setText(self.count.text() + " · " + counted(len(result.rows), self.tr("{0} row"),
                                                                   self.tr("{0} rows")))
        self.per_category.setText(" · ".join(f"{category_title(cat)} {n}"
                                             for cat, n in result.per_category.most_common()))
        self.per_category.setVisible(bool(self.per_category.text()))
        self._say_hidden(result)
        self.apply_verified_button.setVisible(bool(self.verified_spans()))
        self.settled.emit()

    def effective(self, span: Span) -> Span:
        """``span`` as the reviewer corrected it (category, severity, range), or as the judge gave it."""
        return self._state(span).span

    def status(self, span: Span) -> str:
        """The finding's review state (app.mqm.states), as every export says it."""
        return self._state(span).status

    def _state(self, span: Span) -> states.FindingState:
        return states.finding_state(span, None if span.judge == states.HUMAN else self.document.decision(span))

    def _review_width(self) -> int:
        """The Review column's width: its longest state as shown ("✔ applied", "✎ corrected", in the interface
        language) whole, and the header's word; 80 px cut "✔ applie…" at 1280 px."""
        metrics = self.tree.fontMetrics()
        shown = [f"{STATUS_MARK[s]} {_tr(s)}".strip() for s in STATUSES] + [self.tr("Review")]
        return max(80, max(metrics.horizontalAdvance(text) for text in shown) + 24)

    def _describe(self, row: Row) -> tuple[tuple[str, ...], str, str]:
        """A row's column texts, tooltip and severity ink, made when the view first shows the row."""
        span, original, members, status = row.span, row.original, row.members, row.status
        style = style_for(span.severity)
        cand = self.document.candidate
        quote = span.quote or (cand.text.content[span.start:span.end] if span.located and cand else "")
        if not span.located:
            quote = self.tr("{0} (not located in the text)").format(quote)
        review = f"{STATUS_MARK[status]} {_tr(status)}".strip() if status != states.OPEN else ""
        # who stands for it first; named as in the judge panel, in the interface language
        judges = " + ".join(dict.fromkeys(map(judge_short, [original.judge, *(m.judge for m in members)])))
        why = shown_explanation(span)  # the judge's words, in the interface language when it can
        explanation = why if len(members) == 1 else \
            " · ".join(f"{judge_short(m.judge)}: {shown_explanation(m)}" for m in members if m.explanation)
        suggested = self.tr("Suggestion:")
        tip = f"{why}\n\n{suggested} {shown_suggestion(span)}" if span.suggestion else why
        category = category_name(span.category)
        chance = finding_checks.percent(row.chance) if row.chance is not None else ""
        texts = (f"{style.mark} {_tr(span.severity)}", row.para, judges, category, quote, review, explanation,
                 chance, finding_checks.found_text(row.found), finding_checks.fix_text(row.fix))
        return texts, tip, text_ink(span.severity)

    # ---- selection and navigation -------------------------------------------------------------------
    def current_span(self) -> Span | None:
        item = self.tree.currentItem()
        return item.data(0, SPAN_ROLE) if item is not None else None

    def selected_spans(self) -> list[Span]:
        """Every finding in the selected rows (all members of a merged row), current row first."""
        current = self.tree.currentItem()
        items = self.tree.selectedItems() or ([current] if current else [])
        items.sort(key=lambda it: it != current)
        return [m for it in items for m in (it.data(0, MEMBERS_ROLE) or [it.data(0, SPAN_ROLE)])]

    def members(self, span: Span) -> list[Span]:
        """The findings merged with ``span`` into one row (just ``span`` when it stands alone)."""
        for row in self.model.rows:
            if any(m is span or m == span for m in row.members):
                return list(row.members)
        return [span]

    def step(self, delta: int) -> bool:
        """Move to the next (+1) or previous (−1) finding in the list's order, wrapping around."""
        n = self.tree.topLevelItemCount()
        if not n:
            return False
        item = self.tree.currentItem()
        i = self.tree.indexOfTopLevelItem(item) if item is not None else (-1 if delta > 0 else 0)
        target = self.tree.topLevelItem((i + delta) % n)
        self.tree.setCurrentItem(target)
        self.tree.scrollToItem(target)
        return True

    def _restyle(self, _name: str) -> None:
        self.model.faded_ink = QColor(theme.colours().muted)
        self.model.restyle()
        if self._hidden_said is not None:
            self._say_hidden(self._hidden_said)
        item = self.tree.currentItem()
        span = item.data(0, SPAN_ROLE) if item is not None else None
        if span is not None:
            self.detail.setHtml(self._detail_html(span, item.text(COL_PARA), item.text(COL_TEXT)))

    def _current_changed(self, item: RowRef | None, _prev: RowRef | None) -> None:
        if item is not None:
            self._announce(item)

    def _announce(self, item: RowRef) -> None:
        span = item.data(0, SPAN_ROLE)
        if span is not None:
            self.detail.setHtml(self._detail_html(span, item.text(COL_PARA), item.text(COL_TEXT)))
            self.findingChosen.emit(span, self.document.candidate_label or "")

    def _detail_html(self, original: Span, para: str, quote: str) -> str:
        span = self.effective(original)
        style = style_for(span.severity)
        e = html.escape
        muted = theme.colours().muted
        parts = [f"<p><b style='color:{text_ink(span.severity)}'>{style.mark} {e(_tr(span.severity))}</b> · "
                 f"{e(category_name(span.category))}<br>"
                 f"<span style='color:{muted}'>{e(judge_short(span.judge))} · {e(para)}</span></p>"]
        if quote:
            parts.append(f"<p style='background:{style.tint}; color:#1f2328; padding:4px'>{e(quote)}</p>")
        project = self.document.project
        if project is not None and span.source_start is not None and span.source_end is not None:
            src = project.source.content[span.source_start:span.source_end]
            label = self.tr("Source:")
            parts.append(f"<p style='color:{muted}'>{e(label)} {e(src)}</p>")
        others = [m for m in self.members(original) if m is not original and m != original]
        if span.explanation:
            why = shown_explanation(span)
            who = f"<b>{e(judge_short(span.judge))}</b>: " if others else ""
            parts.append(f"<p>{who}{e(why)}</p>")
        for m in others:  # a merged row keeps every judge's own words
            parts.append(f"<p><b>{e(judge_short(m.judge))}</b> ({e(category_name(m.category))}): "
                         f"{e(shown_explanation(m))}</p>")
        if span.suggestion:
            suggested = self.tr("Suggestion:")
            parts.append(f"<p><i>{e(suggested)}</i> {e(shown_suggestion(span))}</p>")
        if self.document.outdated(original):
            gone = self.tr("the words it was about are no longer in the text.")
            parts.append(f"<p><b>{e(_tr('Outdated by your edit'))}</b>: {e(gone)}</p>")
        if original.judge != states.HUMAN:
            parts.append(self._checks_html(original))
        decision = self.document.decision(original)
        if decision is not None and span.judge != "human":
            what = {"accept": self.tr("You accepted this finding."),
                    "reject": self.tr("You rejected this finding."),
                    "edit": self.tr("You corrected it to {0} · {1}.").format(
                        category_name(decision.category), _tr(decision.severity))}
            parts.append(f"<p><b>{e(what.get(decision.action, ''))}</b></p>")
            if decision.note:
                parts.append(f"<p><i>{e(decision.note)}</i></p>")
        return "".join(parts)

    # ---- calibration, stability and verified fixes ---------------------------------------------------
    def _checks(self, label: str) -> Checks:
        fixes = {k: c.verdict for k, c in self.fix_checks.items()}
        return Checks(self.calibration, self.calibration_mode, self.show_hidden, self.stability, fixes,
                      lambda s: identity(s, label), label)

    def _checks_html(self, original: Span) -> str:
        label = self.document.candidate_label or ""
        return (finding_checks.calibration_html(self.calibration, original)
                + finding_checks.stability_html(self.stability, original, label)
                + finding_checks.fix_html(self.fix_checks.get(identity(original, label))))

    def _say_hidden(self, result: Listing) -> None:
        """Never hidden without saying so: how many the rule hid, and the click that brings them back."""
        if result.hidden:
            text = counted(result.hidden, self.tr("{0} finding hidden by your calibration"),
                           self.tr("{0} findings hidden by your calibration"))
            link = self.tr("show")
        elif result.would_hide and self.calibration_mode == "hide":
            text = counted(result.would_hide, self.tr("showing {0} finding your calibration hides"),
                           self.tr("showing {0} findings your calibration hides"))
            link = self.tr("hide them")
        elif result.would_hide:
            text = counted(result.would_hide, self.tr("{0} finding faded by your calibration"),
                           self.tr("{0} findings faded by your calibration"))
            link = ""
        else:
            text = link = ""
        self._hidden_said = result
        ink = theme.colours().header_ink  # the palette's own link blue is too dark on the dark theme
        self.hidden_note.setVisible(bool(text))
        self.hidden_note.setText(html.escape(text) + (f" — <a href='toggle' style='color:{ink}'>"
                                                      f"{html.escape(link)}</a>" if link else ""))

    def set_show_hidden(self, show: bool) -> None:
        self.show_hidden = show
        self.checks_version += 1
        self.refresh()

    def set_calibration_mode(self, mode: str) -> None:
        """The opt-in rule as chosen in Settings: "off", "fade" or "hide"."""
        if mode != self.calibration_mode:
            self.calibration_mode, self.show_hidden = mode, False
            self.checks_version += 1
            self.refresh()

    def set_checks(self, calibration: Calibration | None, stability: SampleStability | None) -> None:
        changed = calibration != self.calibration
        if changed or stability is not self.stability:
            self.calibration, self.stability = calibration, stability
            self.checks_version += 1
            self.refresh()
        if calibration is not None and len(calibration) and self.document.project is not None:
            # the Judges view shows the same figures, per judge and category (once per project opened)
            from litlens.app.humans.payload import DecisionCalibration
            table = DecisionCalibration.of_calibration(calibration)
            if not any(isinstance(p, DecisionCalibration) and p.cells == table.cells
                       for _, p in self.document.extra_payloads):
                self.document.add_payload(self.tr("Your decisions"), table)
        self.checksLoaded.emit()

    def set_fix_checks(self, checks: dict[object, Check]) -> None:
        """The verifier's verdicts, keyed by identity(span, candidate label); added to those known."""
        self.fix_checks.update(checks)
        self.checks_version += 1
        self.refresh()

    def verified_spans(self) -> list[Span]:
        """The current candidate's open findings whose fix the verifier preferred in both orders."""
        if not self.fix_checks:
            return []
        label = self.document.candidate_label or ""
        return [s for s in self.spans() if s.judge != states.HUMAN and self.status(s) == states.OPEN
                and (c := self.fix_checks.get(identity(s, label))) is not None and c.verdict == "verified"]

    def use_store(self, db_path: str | Path) -> None:
        """Read the reviewer's calibration and the samples' stability from this store when the review or
        the results change (on a worker)."""
        self.db_path = db_path  # type: ignore[assignment]
        self.load_checks()

    def load_checks(self) -> None:
        doc = self.document
        asked = (doc.project_id, doc.review_version, id(doc.judgments), len(doc.judgments))
        if self.db_path is None or self.tasks is None or doc.project is None or asked == self._checks_asked:
            return  # nothing to read before a project is open (and nothing to compete with the first paint)
        self._checks_asked = asked
        db, pid = self.db_path, doc.project_id

        def failed(exc: BaseException) -> None:
            self.count.setToolTip(self.tr("Your calibration could not be read: {0}").format(exc))
        self.tasks.submit(lambda: finding_checks.load(db, pid),
                          lambda got: self.set_checks(*got) if asked == self._checks_asked else None, failed)

    def show_applicable(self, fix: str) -> None:
        """The detail pane's Apply button says what it would write, and is off when nothing can be."""
        self.apply_button.setEnabled(bool(fix))
        # a sentence-long correction is shown by its end (where a rewritten ending changes it) so the button
        # never widens the pane over the list; the tooltip has it whole
        shown = fix if len(fix) <= APPLY_LABEL_CHARS else "…" + fix[-(APPLY_LABEL_CHARS - 1):]
        self.apply_button.setText(self.tr("Apply “{0}”").format(shown) if fix else self.tr("Apply the correction"))
        self.apply_button.setToolTip(self.tr("Replace the finding's words by its correction (P)") + "\n" + fix
                                     if fix else self.tr("This finding has no correction that can be applied."))

    def select_span(self, span: Span) -> None:
        """Make ``span`` the current row (after a click on it in the pair view)."""
        for i, row in enumerate(self.model.rows):
            if row.original is span or row.original == span:
                item = RowRef(self.tree, i)
                self.tree.blockSignals(True)
                self.tree.setCurrentItem(item)
                self.tree.blockSignals(False)
                self.tree.scrollToItem(item)
                self.detail.setHtml(self._detail_html(span, item.text(COL_PARA), item.text(COL_TEXT)))
                return
