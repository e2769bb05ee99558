"""A reviewer's corrections of who speaks a turn and to whom: stored in the project, undoable, and first.

A correction names a turn of a candidate by its offsets and its words (the quote as it was when the
reviewer corrected it) and gives its speaker and listener — a character, or None for "unknown". It wins
over the offline rules and over the LLM's reading wherever a speaker is shown or used (the ledger, the
speech-level explanations, the ledger_context of LLM judges): app.korean.ledger.relabel lays it over a
stored analysis, and app.korean.honorifics.analyse_text takes it as given. Each correction is one
undoable command (app.run.history, a ``row`` operation), so Undo takes it back like any review decision.

On a later revision of the text a correction follows its words: at its old offsets when the quote is still
there, else at the one place the same quote now stands; a quote that is gone or now appears twice is set
aside (``stale``) rather than put on the wrong line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from litlens.app.run import history

if TYPE_CHECKING:
    from litlens.app.run.store import Store

TABLE = "speaker_corrections"
_FIELDS = ("project_id", "candidate", "start", "end", "quote", "speaker", "listener", "reviewer",
           "created_at", "updated_at")


class CorrectionRefused(ValueError):
    """A correction that cannot be stored; the message says why in one sentence."""


@dataclass
class SpeakerCorrection:
    project_id: int
    candidate: str
    start: int
    end: int
    quote: str
    speaker: str | None  # None: the reviewer says the speaker is unknown
    listener: str | None
    reviewer: str = ""
    id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    def as_override(self, start: int | None = None, end: int | None = None) -> dict[str, Any]:
        """The dict app.korean.ledger.relabel and analyse_text read (offsets where the quote is now)."""
        return {"start": self.start if start is None else start, "end": self.end if end is None else end,
                "quote": self.quote, "speaker": self.speaker, "listener": self.listener}


def _row(store: Store, row_id: int) -> dict[str, Any] | None:
    r = store.db.execute(f"SELECT {', '.join(_FIELDS)} FROM {TABLE} WHERE id = ?", [row_id]).fetchone()
    return dict(zip(_FIELDS, r)) if r else None


def correct(store: Store, project_id: int, candidate: str, start: int, end: int, quote: str,
            speaker: str | None, listener: str | None, reviewer: str = "") -> SpeakerCorrection:
    """Store the reviewer's speaker and listener for the turn at ``start:end`` (whose words are ``quote``)
    as one undoable command; a second correction of the same turn replaces the first."""
    speaker = (speaker or "").strip() or None
    listener = (listener or "").strip() or None
    if not 0 <= start < end or not quote.strip():
        raise CorrectionRefused("A speaker can only be set for a turn of the text (its words and place).")
    if speaker is not None and speaker == listener:
        raise CorrectionRefused(f"{speaker} cannot be both the speaker and the listener of a turn.")
    now = time.time()
    with store.write():  # the correction and its undo entry together
        old = store.db.execute(f"SELECT id FROM {TABLE} WHERE project_id = ? AND candidate = ? AND start = ? "
                               f"AND end = ? AND quote = ?", [project_id, candidate, start, end, quote]).fetchone()
        before = _row(store, int(old[0])) if old else None
        row = {"project_id": project_id, "candidate": candidate, "start": start, "end": end, "quote": quote,
               "speaker": speaker, "listener": listener, "reviewer": reviewer, "updated_at": now}
        if before is not None:
            rid = int(old[0])
            store.db[TABLE].update(rid, row)
        else:
            rid = int(store.db[TABLE].insert({**row, "created_at": now}).last_pk)
        after = _row(store, rid)
        history.record(store, project_id, f"speaker of ¶ at {start}: {speaker or 'unknown'}",
                       [history.row_op(TABLE, rid, before, after)])
    assert after is not None
    return _correction(rid, after)


def _correction(rid: int, r: dict[str, Any]) -> SpeakerCorrection:
    return SpeakerCorrection(project_id=r["project_id"], candidate=r["candidate"], start=int(r["start"]),
                             end=int(r["end"]), quote=r["quote"] or "", speaker=r["speaker"],
                             listener=r["listener"], reviewer=r["reviewer"] or "", id=rid,
                             created_at=r["created_at"] or 0.0, updated_at=r["updated_at"] or 0.0)


def for_candidate(store: Store, project_id: int, candidate: str) -> list[SpeakerCorrection]:
    """The candidate's corrections, oldest first."""
    rows = store.db.execute(f"SELECT id, {', '.join(_FIELDS)} FROM {TABLE} WHERE project_id = ? AND "
                            f"candidate = ? ORDER BY id", [project_id, candidate]).fetchall()
    return [_correction(int(r[0]), dict(zip(_FIELDS, r[1:]))) for r in rows]


def for_project(store: Store, project_id: int) -> dict[str, list[SpeakerCorrection]]:
    """Every candidate's corrections, by candidate label."""
    rows = store.db.execute(f"SELECT DISTINCT candidate FROM {TABLE} WHERE project_id = ?", [project_id]).fetchall()
    return {r[0]: for_candidate(store, project_id, r[0]) for r in rows}


def placed(corrections: list[SpeakerCorrection], content: str) -> tuple[list[dict[str, Any]], list[SpeakerCorrection]]:
    """The corrections as overrides at the offsets their quotes have in ``content`` now, and the ones set
    aside because their quote is gone or stands in more than one place. A later correction of the same
    place wins over an earlier one."""
    out: dict[tuple[int, int], dict[str, Any]] = {}
    stale = []
    for c in corrections:
        if content[c.start:c.end] == c.quote:
            out[(c.start, c.end)] = c.as_override()
            continue
        first = content.find(c.quote)
        if first >= 0 and content.find(c.quote, first + 1) < 0:
            out[(first, first + len(c.quote))] = c.as_override(first, first + len(c.quote))
        else:
            stale.append(c)
    return sorted(out.values(), key=lambda o: o["start"]), stale


def llm_lines(store: Store, project_id: int, candidate: str, content: str) -> list[dict[str, Any]]:
    """The LLM's stored reading of the candidate (app.judges.speakers_llm results, newest per passage),
    only the lines whose quote still stands where it was read, each as an override ("source": "llm")."""
    import json

    from litlens.app.korean.llm_attribution import JUDGE_ID
    rows = store.db.execute(
        "SELECT r.unit, max(r.id), r.data FROM results r JOIN run_results rr ON rr.result_id = r.id "
        "JOIN runs ru ON ru.id = rr.run_id WHERE ru.project_id = ? AND r.judge = ? AND r.candidate = ? "
        "AND r.status = 'ok' GROUP BY r.unit, r.input_hash ORDER BY max(r.id)",
        [project_id, JUDGE_ID, candidate]).fetchall()
    out: dict[tuple[int, int], dict[str, Any]] = {}
    for _unit, _rid, data in rows:
        for line in (json.loads(data).get("data") or {}).get("lines", []):
            start, end = int(line["start"]), int(line["end"])
            if content[start:end] == line.get("quote"):
                out[(start, end)] = {**line, "source": "llm"}
    return sorted(out.values(), key=lambda o: o["start"])


def attach(store: Store, project: Any) -> None:
    """Fill ``project.speakers`` (app.core.model.Project) from the store before a run is planned: per
    candidate, the stored LLM reading and the reviewer's corrections placed on the text as it is now."""
    pid = project.id
    if pid is None:
        return
    corrections = for_project(store, pid)
    for cand in project.candidates:
        content = cand.text.content
        given = [{**o, "source": "user"} for o in placed(corrections.get(cand.label, []), content)[0]]
        llm = llm_lines(store, pid, cand.label, content)
        if given or llm:
            project.speakers[cand.label] = llm + given
        else:
            project.speakers.pop(cand.label, None)
