"""BWS: best and worst over candidate orders forming a Latin square (every candidate in every position),
one unit per passage per order, counts per candidate."""

from __future__ import annotations

import pytest

from litlens.app.run import service
from litlens.app.judges.base import JudgeUnavailable
from collections import Counter

from litlens.app.judges.bws import BwsJudge, bws_orders
from litlens.app.metrics.orders import latin_square, williams_design
from litlens.app.judges.common import passage_groups
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "One.\n\nTwo.\n\nThree."
TEXTS = {"H": "하나 사람.\n\n둘 사람.\n\n셋 사람.", "G": "하나 기계.\n\n둘 기계.\n\n셋 기계.",
         "D": "하나 사전.\n\n둘 사전.\n\n셋 사전.", "P": "하나 시인.\n\n둘 시인.\n\n셋 시인."}
WORD = {"H": "사람", "G": "기계", "D": "사전", "P": "시인"}


def _project(labels=("H", "G", "D")):
    return build_project("p", text_from_string(SOURCE, "en"),
                         [(lab, text_from_string(TEXTS[lab], "ko")) for lab in labels])


def _run(tmp_path, server, project, options=None):
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test", retry_base_delay=0.01, retry_max_delay=0.05)
    store = Store(tmp_path / "db.sqlite")
    summary = service.execute(service.RunRequest(project=project, judges=["bws"], provider=settings,
                                                 options={"bws": options or {}}), store)
    return summary, store.results_for_run(summary.run_id)


def _letter_of(call, word):
    """The letter under which the translation containing ``word`` was shown."""
    for letter in "ABCD":
        tag = f"<translation-{letter}>"
        if tag in call.first_user and word in call.first_user.split(tag)[1].split("</translation-")[0]:
            return letter
    raise AssertionError(word)


def test_counts_over_the_orders(tmp_path, fake_server):
    # H always best; D worst except in paragraph 0 where the model blames G
    def respond(call):
        worst = "기계" if "하나" in call.first_user else "사전"
        return {"rationale": "r", "best": _letter_of(call, "사람"), "worst": _letter_of(call, worst)}
    fake_server.responder = respond
    summary, results = _run(tmp_path, fake_server, _project(), {"human": "H"})
    assert summary.progress.failed == 0
    # 3 passages x 6 orders: three candidates (odd) need the rotations and their mirrors for carry-over
    assert len(results) == 18 and all(j.candidate is None for j in results)
    assert {tuple(j.data["order"]) for j in results} == {("H", "G", "D"), ("G", "D", "H"), ("D", "H", "G"),
                                                          ("D", "G", "H"), ("H", "D", "G"), ("G", "H", "D")}
    assert all("<translation-C>" in c.user and "Published" not in c.user for c in fake_server.calls)
    sums = BwsJudge().summarize(results)
    data = sums[0].data["candidates"]
    assert data["H"] == {"best": 18, "worst": 0, "best_minus_worst": 18, "judgements": 18, "normalised": 1.0}
    assert (data["G"]["worst"], data["D"]["worst"]) == (6, 12)
    assert data["D"]["normalised"] == pytest.approx(-12 / 18)
    assert [r[0] for r in sums[0].rows] == ["H", "G", "D"]
    adequacy = {r["other"]: r["share"] for r in sums[-1].data["rows"]}
    assert adequacy == {"D": 1.0, "G": 1.0, "all others": 1.0}


def test_two_candidates_ask_only_for_the_best(tmp_path, fake_server):
    fake_server.responder = lambda call: {"rationale": "r", "best": _letter_of(call, "기계")}
    summary, results = _run(tmp_path, fake_server, _project(("H", "G")), {"orders": 5})
    assert summary.progress.failed == 0 and len(results) == 6  # two rotations only: more would repeat
    assert "worst" not in fake_server.calls[0].schema["properties"]
    assert all(j.data["best"] == "G" and j.data["worst"] == "H" for j in results)


def test_same_pick_for_best_and_worst_is_a_failure(tmp_path, fake_server):
    fake_server.responder = lambda call: {"rationale": "r", "best": "A", "worst": "A"}
    summary, results = _run(tmp_path, fake_server, _project(), {"orders": 1})
    assert summary.progress.failed == 3 and all(j.raw for j in results)


def test_needs_two_candidates_and_rotations():
    with pytest.raises(JudgeUnavailable, match="at least two"):
        BwsJudge().check(_project(("H",)))
    assert bws_orders(["a", "b", "c"], 2) == [["a", "b", "c"], ["b", "c", "a"]]
    groups = passage_groups(_project())
    assert [g.source_indices for g in groups] == [(0,), (1,), (2,)]
    assert groups[1].targets["G"] == "둘 기계."


def test_four_candidates_each_in_each_position(tmp_path, fake_server):
    fake_server.responder = lambda call: {"rationale": "r", "best": "A", "worst": "D"}
    summary, results = _run(tmp_path, fake_server, _project(("H", "G", "D", "P")))
    assert summary.progress.failed == 0
    assert len(fake_server.calls) == 3 * 4  # 3 passages x 4 orders (one per candidate)
    for passage in ("하나", "둘", "셋"):
        calls = [c for c in fake_server.calls if passage in c.first_user]
        assert len(calls) == 4
        # read the positions off the requests as sent, not off our own bookkeeping
        seen = Counter((label, _letter_of(c, WORD[label])) for c in calls for label in WORD)
        assert seen == Counter({(label, letter): 1 for label in WORD for letter in "ABCD"})


def test_latin_square_is_balanced():
    for n in range(2, 9):
        labels = [str(i) for i in range(n)]
        square = latin_square(labels)
        assert len(square) == n
        assert all(sorted(row) == labels for row in square)
        assert all(sorted(col) == labels for col in zip(*square))  # every label in every position
        if n % 2 == 0:  # Williams: every ordered neighbour pair exactly once
            pairs = Counter((a, b) for row in square for a, b in zip(row, row[1:]))
            assert len(pairs) == n * (n - 1) and set(pairs.values()) == {1}
        design = williams_design(labels)  # odd n: 2n orders, each position and neighbour pair twice
        times = 1 if n % 2 == 0 else 2
        assert len(design) == times * n
        assert all(Counter(col) == Counter({lab: times for lab in labels}) for col in zip(*design))
        pairs = Counter((a, b) for row in design for a, b in zip(row, row[1:]))
        assert len(pairs) == n * (n - 1) and set(pairs.values()) == {times}
    assert latin_square(["a", "b", "c"]) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
