"""The run bar: progress of the current run (units, calls, tokens, cost, ETA) and how it ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

if TYPE_CHECKING:
    from app.engine import Progress, RunSummary

ENDINGS = {"done": "Finished", "cancelled": "Cancelled", "budget": "Stopped at the budget",
           "aborted": "Stopped"}


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "ETA –"
    s = int(round(seconds))
    return f"ETA {s // 60}:{s % 60:02d}"


def format_progress(p: Progress) -> str:
    tokens = p.input_tokens + p.output_tokens
    parts = [f"{p.done}/{p.total} units", f"{p.calls} calls", f"{tokens:,} tokens", f"${p.cost:.4f}"]
    if p.status == "running":
        parts.append(format_eta(p.eta))
    if p.failed:
        parts.append(f"{p.failed} failed")
    if p.reused:
        parts.append(f"{p.reused} reused")
    return " · ".join(parts)


class RunBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setFixedWidth(220)
        self.bar.setTextVisible(True)
        self.label = QLabel("Ready")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 2)
        lay.addWidget(self.bar)
        lay.addWidget(self.label, 1)
        self.reset()

    def reset(self, message: str = "Ready") -> None:
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self._say(message)

    def started(self, judges: list[str]) -> None:
        self.bar.setRange(0, 0)  # busy until the first progress event says how many units there are
        self._say(f"Running {', '.join(judges)}…")

    def show_progress(self, p: Progress) -> None:
        self.bar.setRange(0, max(1, p.total))
        self.bar.setValue(p.done)
        self._say(format_progress(p))

    def show_finished(self, summary: RunSummary | None, error: BaseException | None) -> None:
        if summary is None:
            self.bar.setRange(0, 1)
            self.bar.setValue(0)
            self._say(f"Run failed: {error}", problem=True)
            return
        self.show_progress(summary.progress)
        ending = ENDINGS.get(summary.status, summary.status)
        text = f"{ending} · {format_progress(summary.progress)}"
        if summary.error:
            text += f" — {summary.error}"
        if error is not None:
            text += f" — results could not be loaded: {error}"
        problem = summary.status in ("aborted", "budget") or error is not None or summary.progress.failed > 0
        self._say(text, problem=problem)

    def _say(self, text: str, problem: bool = False) -> None:
        self.label.setText(text)
        self.label.setToolTip(text)
        self.label.setStyleSheet("color: #b3261e;" if problem else "")
