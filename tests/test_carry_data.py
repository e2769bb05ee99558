"""A stored result read back on an edited text: the offsets in its data move with the text, as its spans
do (a sentence or turn after the edit shifts by the edit's length; one the edit rewrote is outdated)."""

from __future__ import annotations

from litlens.app.core.model import Text
from litlens.app.run.revisions import carry_data, edits_between
from litlens.app.texts.segment import split_paragraphs


def _text(content: str) -> Text:
    return Text(language="ko", content=content, paragraphs=split_paragraphs(content))


def test_offsets_in_result_data_follow_an_edit():
    old = _text("첫 문단이다.\n\n“빨리 와.” 그가 말했다.\n\n“네, 갈게요.”")
    new = _text("첫 문단을 고쳤다, 길게.\n\n“빨리 와.” 그가 말했다.\n\n“네, 갈게요.”")
    steps = edits_between(old, new)
    quote = old.content.index("“빨리")
    reply = old.content.index("“네")
    data = {"sentences": [{"start": 0, "end": 7, "level": "해라체"},
                          {"start": quote, "end": quote + 7, "level": "해체", "dialogue": True}],
            "ledger": [{"turns": [{"start": reply, "end": reply + 8}]}],
            "term_table": {"x": {"renderings": [{"offsets": [[quote + 1, quote + 3]]}]}},
            "note": "start and end only count as a pair of numbers"}
    moved = carry_data(data, steps)
    shift = len(new.content) - len(old.content)
    assert shift != 0
    first, second = moved["sentences"]
    assert first["outdated"] is True  # the edit rewrote it: its level is no longer known
    assert "outdated" not in second
    assert new.content[second["start"]:second["end"]] == old.content[quote:quote + 7]
    turn = moved["ledger"][0]["turns"][0]
    assert new.content[turn["start"]:turn["end"]] == old.content[reply:reply + 8]
    (a, b), = moved["term_table"]["x"]["renderings"][0]["offsets"]
    assert new.content[a:b] == old.content[quote + 1:quote + 3]
    assert data["sentences"][1]["start"] == quote  # the stored result itself is not changed
    assert carry_data(data, []) is data
