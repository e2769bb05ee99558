"""Language codes LitLens knows by name, and a cheap check for dialogue in a paragraph."""

from __future__ import annotations

import re

NAMES = {
    "en": "English", "ko": "Korean", "ja": "Japanese", "zh": "Chinese", "de": "German", "fr": "French",
    "es": "Spanish", "it": "Italian", "pt": "Portuguese", "ru": "Russian", "nl": "Dutch", "pl": "Polish",
    "cs": "Czech", "sv": "Swedish", "tr": "Turkish", "uk": "Ukrainian", "ar": "Arabic", "he": "Hebrew",
    "xx": "an unspecified language",
}


def language_name(code: str) -> str:
    return NAMES.get(code, code)


# Quotation marks that open direct speech in the scripts LitLens reads; ' is left out on purpose
# (apostrophes), but a ‘…’ pair that starts after whitespace counts.
_DIALOGUE = re.compile(r'["“”«»„「」『』]|(?:^|\s)‘[^’\n]{2,}’|^\s*[—―–]\s*\S', re.MULTILINE)


def has_dialogue(text: str) -> bool:
    """True when a paragraph contains direct speech (quotes or a dialogue dash)."""
    return bool(_DIALOGUE.search(text))
