"""Verified fixes against the local provider server: each fix is applied to a scratch copy, the verifier is
asked in both orders, the verdict follows the two answers (an unreadable one is never a verdict), answers are
cached, the estimate counts two calls a fix less those cached; several fixes applied at once are one
revision and one undo."""

from __future__ import annotations

import re

import pytest

from litlens.app.fixes import apply_many, verify
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import annotations as ann
from litlens.app.run import history, revisions, service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

SOURCE = "It rained for three days. Nobody came.\n\nShe laughed at the storm."
MACHINE = "그것은 3일 동안 비가 왔다. 아무도 오지 않았다.\n\n그녀는 폭풍에 웃었다."
FIXES = {"그것은": "", "3일 동안": "사흘 동안", "폭풍에": "폭풍을 보고"}


def _err(text, suggestion):
    return {"category": "accuracy/mistranslation", "severity": "major", "quoted_from": "translation",
            "text": text, "occurrence": None, "explanation": "why", "suggestion": suggestion}


def _judge(call):
    if "그것은 3일 동안" in call.user:
        return {"errors": [_err("3일 동안", "사흘 동안")]}
    if "폭풍에 웃었다" in call.user:
        return {"errors": [_err("폭풍에", "폭풍을 보고")]}
    return {"errors": []}


def _versions(call):
    a = re.search(r"<version-A>\n(.*?)\n</version-A>", call.user, re.S).group(1)
    b = re.search(r"<version-B>\n(.*?)\n</version-B>", call.user, re.S).group(1)
    return a, b


def _verifier(prefers_fixed: dict[str, str]):
    """The fixed version wins for "사흘" ('fixed'), the original for "폭풍을" ('original'); 'first' always
    answers A (the order decides); 'garbage' answers no choice at all."""
    def respond(call):
        if "fix_check" not in str(call.schema) and "Version A" not in call.user:
            return _judge(call)
        a, b = _versions(call)
        fixed = next(word for word in prefers_fixed if word in a or word in b)
        mode = prefers_fixed[fixed]
        if mode == "first":
            return {"reason": "first is fine", "better": "A"}
        if mode == "garbage":
            return {"reason": "cannot say", "better": "maybe"}
        fixed_is_a = fixed in a
        wins = "A" if fixed_is_a == (mode == "fixed") else "B"
        return {"reason": "compared", "better": wins}
    return respond


@pytest.fixture
def stored(tmp_path, fake_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_server.responder = _judge
    store = Store(tmp_path / "db.sqlite")
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=fake_server.openai_base_url,
                                retry_base_delay=0.01, retry_max_delay=0.05)
    project = build_project("rain", text_from_string(SOURCE, "en"), [("MT", text_from_string(MACHINE, "ko"))])
    run = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings), store)
    pid = store.get_run(run.run_id)["project_id"]
    spans = {s.quote: s for j in store.results_for_run(run.run_id) for s in j.spans}
    yield store, settings, store.load_project(pid), pid, spans
    store.close()


def test_both_orders_are_asked_and_the_verdict_follows_them(stored, fake_server):
    store, settings, project, _pid, spans = stored
    fake_server.responder = _verifier({"사흘": "fixed", "폭풍을": "original"})
    before = fake_server.count
    checks = verify.check_fixes(settings, store, project, "MT", [spans["3일 동안"], spans["폭풍에"]])
    assert [c.verdict for c in checks] == [verify.VERIFIED, verify.NO_IMPROVEMENT]
    asked = fake_server.calls[before:]
    assert len(asked) == 4
    # the scratch copy: each paragraph as it is and as fixed, once in each order
    pairs = {_versions(c) for c in asked}
    first = ("그것은 3일 동안 비가 왔다. 아무도 오지 않았다.", "그것은 사흘 동안 비가 왔다. 아무도 오지 않았다.")
    assert first in pairs and first[::-1] in pairs
    assert all("It rained for three days." in c.user for c in asked if "사흘" in c.user)
    # the candidate itself is untouched
    assert store.load_project(project.id).candidate("MT").text.content == MACHINE
    # asked again: every answer is in the cache, nothing is paid twice
    again = verify.check_fixes(settings, store, project, "MT", [spans["3일 동안"], spans["폭풍에"]])
    assert fake_server.count == before + 4 and [c.verdict for c in again] == [c.verdict for c in checks]


def test_an_order_dependent_and_an_unreadable_answer(stored, fake_server):
    store, settings, project, _pid, spans = stored
    fake_server.responder = _verifier({"사흘": "first", "폭풍을": "garbage"})
    checks = verify.check_fixes(settings, store, project, "MT", [spans["3일 동안"], spans["폭풍에"]])
    assert checks[0].verdict == verify.ORDER_DEPENDENT
    assert checks[1].verdict == verify.NOT_CHECKED and checks[1].error  # never a verdict from no choice


def test_the_verdict_table():
    assert verify.verdict("B", "A") == verify.VERIFIED
    assert verify.verdict("A", "B") == verify.NO_IMPROVEMENT
    assert verify.verdict("same", "same") == verify.NO_IMPROVEMENT
    assert verify.verdict("B", "B") == verify.ORDER_DEPENDENT
    assert verify.verdict("A", "A") == verify.ORDER_DEPENDENT
    assert verify.verdict(None, "A") == verify.NOT_CHECKED


def test_the_estimate_counts_two_calls_a_fix_less_those_cached(stored, fake_server):
    store, settings, project, _pid, spans = stored
    two = [spans["3일 동안"], spans["폭풍에"]]
    est = verify.estimate(settings, project, "MT", two, store)
    assert (est.calls, est.cached) == (4, 0) and est.cost is not None and est.cost > 0
    fake_server.responder = _verifier({"사흘": "fixed", "폭풍을": "fixed"})
    verify.check_fixes(settings, store, project, "MT", two[:1])
    assert (verify.estimate(settings, project, "MT", two, store).calls,
            verify.estimate(settings, project, "MT", two, store).cached) == (2, 2)


def test_all_fixes_are_one_revision_and_one_undo(stored):
    store, _settings, project, pid, spans = stored
    text = project.candidate("MT").text
    ids = ann.span_ids(store, pid)
    items = [(spans[q], ids[ann.span_key(spans[q], "MT")]) for q in ("3일 동안", "폭풍에")]
    head = revisions.head(store, pid, "MT")
    done = apply_many.apply_fixes(store, pid, "MT", text, items)
    want = "그것은 사흘 동안 비가 왔다. 아무도 오지 않았다.\n\n그녀는 폭풍을 보고 웃었다."
    assert done.text.content == want and len(done.applied) == 2
    assert revisions.head(store, pid, "MT") == head + 1  # one revision for both
    assert store.load_project(pid).candidate("MT").text.content == want
    decided = {a.quote: a for a in ann.for_project(store, pid)}
    assert {q: (a.action, a.resolved_by) for q, a in decided.items()} == {
        "3일 동안": ("accept", head + 1), "폭풍에": ("accept", head + 1)}
    history.undo(store, pid)  # one undo takes both back
    assert store.load_project(pid).candidate("MT").text.content == MACHINE
    assert ann.for_project(store, pid) == []


def test_overlapping_fixes_leave_one_out_and_say_why():
    text = text_from_string("abcdef", "en")
    from litlens.app.core.model import Span
    a = Span(judge="j", category="style", severity="minor", start=0, end=3, quote="abc", suggestion="X")
    b = Span(judge="j", category="style", severity="minor", start=2, end=5, quote="cde", suggestion="Y")
    c = Span(judge="j", category="style", severity="minor", start=5, end=6, quote="f", suggestion="Z")
    out, applied, left = apply_many.combined(text, [a, b, c])
    assert out.content == "XdeZ" and [s for s, _ in applied] == [a, c]
    assert left == [(b, "it overlaps another fix being applied")]


def test_checks_come_back_from_the_cache_without_asking(stored, fake_server):
    store, settings, project, _pid, spans = stored
    two = [spans["3일 동안"], spans["폭풍에"]]
    assert verify.cached_checks(settings, store, project, "MT", two) == {}
    fake_server.responder = _verifier({"사흘": "fixed", "폭풍을": "original"})
    verify.check_fixes(settings, store, project, "MT", two[1:])
    asked = fake_server.count
    back = verify.cached_checks(settings, store, project, "MT", two)
    assert fake_server.count == asked and list(back) == [1] and back[1].verdict == verify.NO_IMPROVEMENT


def test_with_no_answer_stored_no_request_is_built(stored, monkeypatch):
    # the window asks for cached checks whenever results land: with nothing answered yet, it must not build
    # (render) every finding's requests to find that out
    store, settings, project, _pid, spans = stored
    store.db.execute("DELETE FROM llm_calls")
    store.db.execute("INSERT INTO llm_calls (request_hash, provider, ok) VALUES ('x', 'p', 0)")  # a failure
    def built(*_a, **_k):
        raise AssertionError("a request was built")
    monkeypatch.setattr(verify, "requests", built)
    assert verify.cached_checks(settings, store, project, "MT", [spans["3일 동안"], spans["폭풍에"]]) == {}
