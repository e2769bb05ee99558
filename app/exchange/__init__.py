"""Files a reviewer exchanges with the translator: the bilingual review DOCX made from a run's findings,
and what importing it back would change (shown first, applied only when asked)."""
