"""Deterministic consistency checks on one translation: names, numbers, untranslated text, doubled words,
unpaired quotes/brackets and paragraph-length outliers. Needs no LLM; every finding is located."""

from __future__ import annotations

from litlens.app.consistency.findings import CHECKS, Finding
from litlens.app.consistency.report import ConsistencyReport, analyse_candidate

__all__ = ["CHECKS", "ConsistencyReport", "Finding", "analyse_candidate"]
