"""Korean analysis for LitLens: speech levels, honorific markers and dialogue, built on Kiwi's morphemes."""

from __future__ import annotations

from litlens.app.korean.honorifics import Finding, HonorificReport, SentenceInfo, analyse_text
from litlens.app.korean.levels import LEVELS, level_gloss, tier
from litlens.app.korean.speech_levels import LevelResult, Marker, classify_sentence

__all__ = [
    "LEVELS", "Finding", "HonorificReport", "LevelResult", "Marker", "SentenceInfo",
    "analyse_text", "classify_sentence", "level_gloss", "tier",
]
