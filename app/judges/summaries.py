"""Every judge's payloads for a set of stored results, found through the registry by the results' judge
ids: the one place the CLI, the reports and the window ask "what does this run have to show?"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from litlens.app.judges import registry

if TYPE_CHECKING:
    from litlens.app.core.model import Judgment
    from litlens.app.judges.payloads import Payload


def summarize_all(results: list[Judgment]) -> dict[str, list[Payload]]:
    """judge id -> the payloads its ``summarize`` makes of its own results, in the order the results
    name the judges. Judges that are not installed (any more) are skipped: their raw results remain."""
    out: dict[str, list[Payload]] = {}
    judges = registry.available()
    for judge_id in dict.fromkeys(j.judge for j in results):
        cls = judges.get(judge_id)
        if cls is not None:
            found = cls().summarize([j for j in results if j.judge == judge_id])
            if found:
                out[judge_id] = list(found)
    return out
