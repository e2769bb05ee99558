"""Searching a project's texts: find and replace in a translation (plain or regular expression, case,
whole word; every change previewed, then applied as one revision), and a concordance of a word or phrase
in the source or a translation with the aligned paragraphs on the other side."""

from litlens.app.find.concordance import ConcordanceLine, concordance
from litlens.app.find.search import Change, Match, Query, QueryError, apply_changes, find, plan_replace

__all__ = ["Change", "ConcordanceLine", "Match", "Query", "QueryError", "apply_changes", "concordance", "find",
           "plan_replace"]
