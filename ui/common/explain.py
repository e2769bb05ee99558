"""The offline judges' explanations in the interface language.

The honorifics and consistency judges store their explanation in English and, beside it in the finding's
data, the template it was written from with its arguments (app.explanations). Here the template and
every template among its arguments (a level's gloss, "its ending"…) go through Qt's translation, context
"Explanations" (packaging/make_ts.py lists them; the Korean is in packaging/ko_explanations.py), and are
filled in again. Whatever cannot be worded that way — an LLM judge's finding, a run stored before the
templates, a reviewer's note in place of the judge's words, a translation that lost a placeholder —
shows its stored text unchanged, so the English interface shows exactly what was stored. The
speech-level drill's feedback and the analyser's evidence in it are worded the same way, sentence by
sentence (``shown_sentences``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from litlens.app import explanations
from litlens.ui.common.particles import settle as settle_particles

# the notes of the speech-level ending rules join the templates when their module is imported
# (app.explanations.register): every template is known before anything is worded here
importlib.import_module("litlens.app.korean.levels")

if TYPE_CHECKING:
    from litlens.app.core.model import Span
    from litlens.app.exercises.model import Mark

CONTEXT = "Explanations"


def _translated(template: str) -> str:
    return QCoreApplication.translate(CONTEXT, template)


def shown_text(data: Mapping[str, Any] | None, stored: str) -> str:
    """``stored`` worded in the interface language from the fragment in ``data``, when that fragment is
    what ``stored`` was written from; otherwise ``stored`` itself."""
    if not data or not stored or not explanations.renders_as(data, stored):
        return stored
    fragment = explanations.fragment_of(data)
    assert fragment is not None  # renders_as found one
    try:
        return settle_particles(explanations.render(fragment, _translated))  # {who}이(가) -> 할멈이
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return stored  # a translation that lost or renamed a placeholder: the English is still right


def shown_explanation(span: Span) -> str:
    """A finding's explanation as the window shows it (the column, tooltips, the detail pane…)."""
    return shown_text(span.data, span.explanation)


def shown_mark(mark: Mark) -> str:
    """An exercise key's explanation (its fragment travels in the exercise file)."""
    return shown_text(mark.why, mark.explanation)


def shown_note(data: Mapping[str, Any]) -> str:
    """The note of a result a judge did not score (a row with no source or no translation)."""
    return shown_text(data.get("note_why"), str(data.get("note") or ""))


def shown_suggestion(span: Span) -> str:
    """A finding's suggestion as the window shows it: advice in words (the honorifics judge's "Use 해요체.")
    in the interface language; replacement text, a reviewer's correction, an LLM's wording as stored."""
    return shown_text(span.data.get("suggestion_why"), span.suggestion)


def shown_among(text: str, fragments: list[Mapping[str, Any]]) -> str:
    """``text`` worded in the interface language by whichever of ``fragments`` it was written from (a term
    table's notes arrive as texts beside their templates); ``text`` itself when none is."""
    for fragment in fragments:
        if isinstance(fragment, Mapping) and explanations.renders_as(fragment, text):
            return shown_text(fragment, text)
    return text


def shown_sentences(parts: Sequence[Mapping[str, Any]], stored: str) -> str:
    """``stored`` worded in the interface language when it is the English of ``parts``, fragments one a
    sentence (the speech-level drill's feedback); otherwise ``stored`` itself."""
    try:
        english = [explanations.render(p) for p in parts]
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return stored
    if not parts or " ".join(english) != stored:
        return stored
    return " ".join(shown_text(p, text) for p, text in zip(parts, english))
