"""Suggested corrections: checking that a fix improves the translation, and applying several at once."""
