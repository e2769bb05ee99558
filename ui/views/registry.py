"""Which widget shows which payload. A judge's ``summarize`` returns typed payloads; the window gives each
to the view registered for its type (the nearest base class wins), so it never asks which judge made it
and a plug-in's payload gets a view without the window knowing the plug-in.

A view is a QWidget with ``set_payload(payload)``. It may also have ``set_candidate(label)`` (follows the
candidate shown in the pair view), ``show_paragraph(index)`` and an ``occurrenceActivated(str, int, int)``
signal (candidate, start, end) that the window answers by showing that range of the text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from litlens.app.humans.payload import SpanAgreement
from litlens.app.judges.payloads import Payload, RadarData, Ranking, SpeechLevelLedger, TermTable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from litlens.ui.common.document import Document

ViewFactory = Callable[["Document | None"], "QWidget"]


@dataclass
class ViewSpec:
    payload_type: type[Payload]
    factory: ViewFactory  # called with the window's Document (None outside a window)
    key: str  # stable dock name: window layouts are saved by it
    title: str  # as registered; shown through display_title() so the interface language applies

    def display_title(self) -> str:
        """The title in the interface language: views register at import time, before the window
        installs its translator, so the lookup waits until a dock is labelled."""
        from PySide6.QtCore import QCoreApplication
        return QCoreApplication.translate("Docks", self.title)


_VIEWS: dict[type[Payload], ViewSpec] = {}


def register_view(payload_type: type[Payload], factory: ViewFactory, *, key: str | None = None,
                  title: str | None = None) -> None:
    """Show payloads of ``payload_type`` (and its subclasses without a view of their own) with widgets
    made by ``factory(document)``. Register before the main window is built: it makes one dock per view.
    Registering a type again replaces its view."""
    if not (isinstance(payload_type, type) and issubclass(payload_type, Payload)):
        raise TypeError(f"{payload_type!r} is not a Payload subclass")
    key = key or payload_type.kind or payload_type.__name__.lower()
    taken = next((s for t, s in _VIEWS.items() if s.key == key and t is not payload_type), None)
    if taken is not None:
        raise ValueError(f"view key {key!r} is already used for {taken.payload_type.__name__}")
    _VIEWS[payload_type] = ViewSpec(payload_type, factory, key, title or payload_type.__name__)


def unregister_view(payload_type: type[Payload]) -> None:
    _VIEWS.pop(payload_type, None)


def registered() -> list[ViewSpec]:
    return list(_VIEWS.values())


def spec_for(payload: Payload | type[Payload]) -> ViewSpec | None:
    """The view of the payload's own type, else of its nearest registered base class."""
    cls = payload if isinstance(payload, type) else type(payload)
    return next((_VIEWS[t] for t in cls.__mro__ if t in _VIEWS), None)


def view_for(payload: Payload, document: Document | None = None) -> QWidget | None:
    """A new widget showing ``payload``; None when no view is registered for it (nor for a base)."""
    spec = spec_for(payload)
    if spec is None:
        return None
    widget = spec.factory(document)
    widget.set_payload(payload)  # type: ignore[attr-defined]
    return widget


def _builtins() -> None:
    """The views LitLens ships, registered exactly as a plug-in would register its own. Each factory
    imports its widget when first used, so pyqtgraph loads only when the radar dock is built."""
    def radar(document: Document | None) -> QWidget:
        from litlens.ui.views.radar import RadarView
        return RadarView()

    def ranking(document: Document | None) -> QWidget:
        from litlens.ui.views.ranking import RankingView
        return RankingView()

    def terms(document: Document | None) -> QWidget:
        from litlens.ui.views.terms import TermTable as TermTableView
        return TermTableView()

    def levels(document: Document | None) -> QWidget:
        from litlens.ui.views.speech_levels import SpeechLevelMap
        return SpeechLevelMap(document)

    def table(document: Document | None) -> QWidget:
        from litlens.ui.views.table import PayloadTable
        return PayloadTable()

    def agreement(document: Document | None) -> QWidget:
        from litlens.ui.views.span_agreement import SpanAgreementView
        return SpanAgreementView()

    from PySide6.QtCore import QT_TRANSLATE_NOOP  # marks titles for lupdate; translated when shown
    register_view(RadarData, radar, key="radar", title=QT_TRANSLATE_NOOP("Docks", "Radar"))
    register_view(Ranking, ranking, key="ranking", title=QT_TRANSLATE_NOOP("Docks", "Ranking"))
    register_view(SpeechLevelLedger, levels, key="levels", title=QT_TRANSLATE_NOOP("Docks", "Speech levels"))
    register_view(TermTable, terms, key="terms", title=QT_TRANSLATE_NOOP("Docks", "Terms"))
    # the judges against people's error spans (Review › Compare the judges with people's spans…)
    register_view(SpanAgreement, agreement, key="judges", title=QT_TRANSLATE_NOOP("Docks", "Judges"))
    # any other payload (plain tables, a plug-in's own kind without a view) is shown as its as_table()
    register_view(Payload, table, key="tables", title=QT_TRANSLATE_NOOP("Docks", "Summaries"))


_builtins()
