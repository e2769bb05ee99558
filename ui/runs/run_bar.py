"""The run bar: progress of the current run (units, calls, tokens, cost, ETA) and how it ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize
from litlens.app.core.counts import counted, one_or_many
from litlens.ui.common.elided import EndsWithEllipsis
from litlens.ui.common.theme import set_role
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QWidget

if TYPE_CHECKING:
    from litlens.app.run.engine import Progress, RunSummary

ENDINGS = {"done": "Finished", "cancelled": "Cancelled", "budget": "Stopped at the budget",
           "aborted": "Stopped"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("RunBar", text)


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "ETA –"
    s = int(round(seconds))
    return f"ETA {s // 60}:{s % 60:02d}"


def format_progress(p: Progress) -> str:
    tokens = p.input_tokens + p.output_tokens
    # the noun agrees with its number (the units with the total: "1/1 unit", "2/5 units")
    parts = [one_or_many(p.total, QCoreApplication.translate("RunBar", "{0}/{1} unit"),
                         QCoreApplication.translate("RunBar", "{0}/{1} units")).format(p.done, p.total)]
    if p.calls or tokens or p.cost:
        parts += [counted(p.calls, QCoreApplication.translate("RunBar", "{0} call"),
                          QCoreApplication.translate("RunBar", "{0} calls")),
                  counted(tokens, QCoreApplication.translate("RunBar", "{0:,} token"),
                          QCoreApplication.translate("RunBar", "{0:,} tokens")),
                  f"${p.cost:.4f}"]
    else:  # an offline run, or one answered from the store: "0 calls · 0 tokens · $0.0000" said nothing
        parts.append(QCoreApplication.translate("RunBar", "no calls"))
    if p.status == "running":
        parts.append(format_eta(p.eta))
    if p.failed:
        parts.append(f"{p.failed} {_tr('failed')}")
    if p.reused:
        parts.append(f"{p.reused} {_tr('reused')}")
    return " · ".join(parts)


class _Bar(QProgressBar):
    """A progress bar whose new value is painted with the window's next frame.

    QProgressBar.setValue repaints at once (synchronously) when its text changes, and a synchronous
    repaint of one widget paints every region of the window waiting to be painted: after a run's last
    progress event that was the whole window, refreshed by the results (25-30 ms in one go on the GUI
    thread, bench/first_run_latency.py). Here the new value only schedules its paint, like any update."""

    def setValue(self, value: int) -> None:  # noqa: N802 - Qt's name
        self.setUpdatesEnabled(False)
        try:
            super().setValue(value)
        finally:
            self.setUpdatesEnabled(True)  # schedules a paint (update), paints nothing now


class _LabelBox(QWidget):
    """Holds the run bar's label without a layout, so a new text stops here.

    QLabel.setText asks its parent's layout to lay out again, and Qt carries that request up through
    every layout to the window: each progress event of a run (30 a second) re-laid out the whole main
    window, docks and all (up to 30 ms on the GUI thread, bench/ui_latency.py). A parent without a
    layout takes the request and does nothing with it; the box keeps the label at its own size."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        label.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(200, self.label.sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(0, self.label.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self.label.setGeometry(0, 0, event.size().width(), event.size().height())


class RunBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = _Bar()
        self.bar.setFixedWidth(220)
        self.bar.setTextVisible(True)
        self.label = EndsWithEllipsis(_tr("Ready"))
        # a long message (a run failure) is cut at the window's edge, never widens it; the tooltip has it all
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 2)
        lay.addWidget(self.bar)
        lay.addWidget(_LabelBox(self.label), 1)
        self.reset()

    def reset(self, message: str | None = None) -> None:
        message = _tr("Ready") if message is None else message
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self._say(message)

    def started(self, judges: list[str]) -> None:
        self.bar.setRange(0, 0)  # busy until the first progress event says how many units there are
        self._say(_tr("Running {0}…").format(", ".join(judges)))

    def show_progress(self, p: Progress) -> None:
        self.bar.setRange(0, max(1, p.total))
        self.bar.setValue(p.done)
        self._say(format_progress(p))

    def show_finished(self, summary: RunSummary | None, error: BaseException | None) -> None:
        if summary is None:
            self.bar.setRange(0, 1)
            self.bar.setValue(0)
            self._say(_tr("Run failed: {0}").format(error), problem=True)
            return
        self.show_progress(summary.progress)
        ending = _tr(ENDINGS[summary.status]) if summary.status in ENDINGS else summary.status
        text = f"{ending} · {format_progress(summary.progress)}"
        if summary.error:
            text += f" — {summary.error}"
        if error is not None:
            text += f" — results could not be loaded: {error}"
        problem = summary.status in ("aborted", "budget") or error is not None or summary.progress.failed > 0
        self._say(text, problem=problem)

    def add_notice(self, text: str, details: str = "") -> None:
        """Append a notice to how the run ended (e.g. a judge that was skipped), keeping its colour."""
        self.label.setText(f"{self.label.text()} — {text}")
        self.label.setToolTip(f"{self.label.toolTip()}\n\n{text}\n{details}".strip())

    def say(self, text: str, problem: bool = False) -> None:
        self._say(text, problem)

    def _say(self, text: str, problem: bool = False) -> None:
        self.label.setText(text)
        self.label.setToolTip(text)
        set_role(self.label, "problem" if problem else "")
