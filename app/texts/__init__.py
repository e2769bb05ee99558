"""Reading documents, detecting encodings and languages, segmenting, aligning, and building Projects."""

from __future__ import annotations

from .align import align_paragraphs
from .encoding import decode_bytes
from .errors import TextReadError
from .project import NORMALISATION_NOTE, UNICODE_FORM, build_project, load_text, text_from_string
from .readers import read_document
from .segment import detect_language, split_paragraphs, split_sentences

__all__ = [
    "NORMALISATION_NOTE",
    "UNICODE_FORM",
    "TextReadError",
    "align_paragraphs",
    "build_project",
    "decode_bytes",
    "detect_language",
    "load_text",
    "read_document",
    "split_paragraphs",
    "split_sentences",
    "text_from_string",
]
