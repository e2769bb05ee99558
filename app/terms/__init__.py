"""The termbase: a project's glossary of names and key terms with preferred, allowed and forbidden
renderings, read from and written to TBX and CSV/XLSX glossaries, and enforced on translations."""

from litlens.app.terms.model import ALLOWED, FORBIDDEN, PREFERRED, STATUSES, Term, TermEntry, Termbase
from litlens.app.terms.files import TermbaseError, load_termbase, save_termbase

__all__ = ["ALLOWED", "FORBIDDEN", "PREFERRED", "STATUSES", "Term", "TermEntry", "Termbase", "TermbaseError",
           "load_termbase", "save_termbase"]
