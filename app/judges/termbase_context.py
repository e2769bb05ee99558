"""The ``termbase`` option of the LLM judges that take extra context (DA-MQM, GEMBA-MQM; our addition, not
in their papers): the project's termbase read once when the run is planned (an unreadable file stops the
plan with an OptionError), and what each result records about it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from litlens.app.formats.errors import FormatError
from litlens.app.judges.options import OptionError
from litlens.app.terms.context import data_block, load_for

if TYPE_CHECKING:
    from litlens.app.core.model import Project
    from litlens.app.terms.model import Termbase

HELP = ("termbase sent as context: a TBX, CSV, TSV or XLSX file whose entries for the source terms in each "
        "paragraph go with the prompt as a data block (our addition; not in the paper; empty: none)")


def load(project: Project, path: str, judge_id: str) -> Termbase | None:
    if not path:
        return None
    target = project.candidates[0].text.language if project.candidates else ""
    try:
        return load_for(path, project.source.language, target)
    except FormatError as exc:
        raise OptionError(f"termbase: {exc}", judge_id, "termbase") from None


def block(tb: Termbase | None, source: str) -> str | None:
    return data_block(tb, source)


def recorded(tb: Termbase | None, sent: str | None) -> dict[str, Any]:
    """What a result says about the termbase: its name and content hash, and how many entries it was sent
    (nothing when the option is off)."""
    if tb is None:
        return {}
    return {"termbase": tb.name, "termbase_digest": tb.digest()[:16],
            "termbase_entries": len(sent.splitlines()) if sent else 0}
