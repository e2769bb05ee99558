"""Exceptions for bilingual files LitLens cannot import; they are TextReadErrors, so the CLI prints one
line and exits with the input-error code."""

from __future__ import annotations

from litlens.app.texts.errors import TextReadError


class FormatError(TextReadError):
    """A bilingual file (XLIFF, TMX, DOCX table, CSV/TSV/XLSX) could not be imported."""


class UnsafeXMLError(FormatError):
    """An XML file declares entities or otherwise asks the parser to do something dangerous."""
