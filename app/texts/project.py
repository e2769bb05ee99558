"""Build the objects the rest of LitLens works on: a Text from a file or string, and a Project of a
source with its aligned translations."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from litlens.app.core.model import Candidate, Project, Text

from .align import align_paragraphs
from .encoding import normalise_newlines
from .errors import TextReadError
from .limits import MAX_DOCUMENT_CHARS, too_large_message
from .readers import read_document
from .segment import detect_language, split_paragraphs


def _language(code: str | None, content: str) -> str:
    code = (code or "").strip()
    if not code:
        return detect_language(content)
    # "en-US", "pt_BR" -> the primary subtag, which is what Text.language holds (ISO 639-1).
    return code.replace("_", "-").split("-")[0].lower()


# Every Text is built here, so this is where Unicode is normalised: a decomposed (NFD) file, as macOS
# and some Korean tools write it, would otherwise count jamo as characters and never match a composed
# search term. Offsets everywhere (segments, spans, exports) are into this normalised content.
UNICODE_FORM = "NFC"
NORMALISATION_NOTE = ("texts normalised to Unicode NFC; character offsets count characters of the "
                      "normalised text")


def text_from_string(content: str, language: str | None = None, path: str | None = None, *,
                     normalise: bool = True) -> Text:
    """A Text with normalised newlines and Unicode (NFC), a language (detected when not given) and its
    paragraphs. ``normalise=False`` keeps content exactly as given: the store rebuilds texts it saved
    before normalisation existed that way, so their stored offsets still fit."""
    content = normalise_newlines(content)
    if len(content) > MAX_DOCUMENT_CHARS:  # the size envelope: refuse now rather than run for an hour
        raise TextReadError(too_large_message(len(content), MAX_DOCUMENT_CHARS),
                            Path(path).name if path else "")
    if normalise:
        content = unicodedata.normalize(UNICODE_FORM, content)
    return Text(content=content, language=_language(language, content), path=path,
                paragraphs=split_paragraphs(content))


def load_text(path: str | Path, language: str | None = None) -> Text:
    """Read a file (see read_document) into a Text. Raises TextReadError for files it cannot read."""
    content, encoding = read_document(path)
    text = text_from_string(content, language, path=str(path))
    text.encoding = encoding
    return text


def build_project(name: str, source: Text, candidates: list[tuple[str, Text]],
                  reference: Text | None = None) -> Project:
    """A Project whose candidates (and reference) are each aligned paragraph by paragraph to the source.

    Labels are stripped and must be non-empty and unique (ignoring case, so "Draft" and "draft" cannot
    both exist); anything else raises ValueError with a message for the user.
    """
    name = name.strip()
    if not name:
        raise ValueError("The project needs a name.")
    if not source.paragraphs:
        raise ValueError("The source text is empty; there is nothing to review.")
    seen: dict[str, str] = {}
    built: list[Candidate] = []
    for raw_label, text in candidates:
        label = (raw_label or "").strip()
        if not label:
            raise ValueError("Every translation needs a label (for example 'Draft 2' or 'Published 1925').")
        key = label.casefold()
        if key in seen:
            same = f"'{label}'" if seen[key] == label else f"'{seen[key]}' and '{label}'"
            raise ValueError(f"Two translations are labelled {same}; each label must be unique.")
        seen[key] = label
        if not text.paragraphs:
            raise ValueError(f"The translation '{label}' is empty.")
        built.append(Candidate(label=label, text=text, alignment=align_paragraphs(source, text, label=label)))
    reference_alignment = None
    if reference is not None:
        if not reference.paragraphs:
            raise ValueError("The reference translation is empty.")
        reference_alignment = align_paragraphs(source, reference, label="the reference")
    return Project(name=name, source=source, candidates=built, reference=reference,
                   reference_alignment=reference_alignment)
