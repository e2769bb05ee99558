"""Our MQM categories and severities expressed as W3C ITS 2.0 Localization Quality Issue values, which
CAT tools (Okapi, memoQ, Trados plug-ins) read from XLIFF."""

from __future__ import annotations

ITS_NS = "http://www.w3.org/2005/11/its"

# Most specific MQM path prefix first; the right side is an ITS 2.0 locQualityIssueType value.
_BY_CATEGORY = [
    ("accuracy/addition", "addition"),
    ("accuracy/omission", "omission"),
    ("accuracy/untranslated", "untranslated"),
    ("non-translation", "untranslated"),
    ("accuracy", "mistranslation"),
    ("fluency/punctuation-spelling", "typographical"),
    ("fluency/grammatical-register", "register"),
    ("fluency/grammar", "grammar"),
    ("fluency/inconsistency", "inconsistency"),
    ("fluency/coherence", "style"),
    ("fluency", "other"),
    ("style/register", "register"),
    ("style/inconsistent", "inconsistency"),
    ("style", "style"),
    ("terminology/inconsistent", "inconsistent-entities"),
    ("terminology", "terminology"),
    ("locale-convention/number-format", "numbers"),
    ("locale-convention", "locale-violation"),
    ("other", "other"),
]
# A judge's own sub-check says more than its MQM category (consistency's doubled words are duplication).
_BY_CHECK = {"doubled": "duplication", "numbers": "numbers", "terms": "inconsistent-entities",
             "untranslated": "untranslated", "marks": "typographical"}
# ITS severity is 0–100 ("100 = most severe"); the steps keep MQM's order with room between them.
SEVERITY_SCORE = {"critical": 100.0, "major": 50.0, "minor": 20.0, "neutral": 0.0}


def issue_type(category: str, check: str = "") -> str:
    if check in _BY_CHECK:
        return _BY_CHECK[check]
    cat = category.strip().lower()
    for prefix, its in _BY_CATEGORY:
        if cat == prefix or cat.startswith(prefix + "/"):
            return its
    return "uncategorized"


def severity_score(severity: str) -> str:
    value = SEVERITY_SCORE.get(severity, 0.0)
    return str(int(value)) if value.is_integer() else str(value)
