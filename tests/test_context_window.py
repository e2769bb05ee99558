"""A run's prompts are checked against the model's context before any call: API models by the bundled table
(longest model-name prefix), the local model by its n_ctx; a model missing from the table is not checked, and
the check says so. MAS-LitEval sizes each chunk's call (prompt + the agent's answer) for it."""

from __future__ import annotations

import pytest

from litlens.app.judges.base import Unit
from litlens.app.judges.mas_liteval.chunks import AGENTS
from litlens.app.judges.mas_liteval.judge import ANSWER_TOKENS
from litlens.app.llm.context import PromptTooLong, check_context, context_window, per_call_tokens
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import service
from litlens.app.texts import build_project, text_from_string


def _settings(model: str, provider: str = "openai", **kw) -> ProviderSettings:
    return ProviderSettings(provider=provider, model=model, api_key="sk-test", **kw)


def _unit(key: str, tokens_in: int, tokens_out: int = 0, calls: float = 1.0, call_tokens: int = 0) -> Unit:
    async def run(ctx):  # never called: the check comes before any call
        raise AssertionError

    return Unit(judge="j", key=key, input_hash=key, run=run, est_input_tokens=tokens_in,
                est_output_tokens=tokens_out, est_calls=calls, est_call_tokens=call_tokens)


@pytest.mark.parametrize("model, window", [
    ("gpt-4", 8192), ("gpt-4-0613", 8192), ("gpt-4-32k", 32768), ("gpt-4o", 128000), ("gpt-4o-mini-2024", 128000),
    ("gpt-4.1-mini", 1047576), ("GPT-4O", 128000), ("openrouter/gpt-4", 8192), ("claude-3-5-sonnet-latest", 200000),
    ("claude-sonnet-4-5", 200000), ("o1-mini", 128000), ("o1", 200000), ("my-finetune", None)])
def test_the_window_is_the_longest_matching_prefix(model, window):
    assert context_window(_settings(model)) == window


def test_a_local_model_s_window_is_its_n_ctx():
    assert context_window(_settings("anything", provider="local", n_ctx=2048)) == 2048


def test_per_call_tokens_uses_the_judge_s_figure_or_the_average_call():
    assert per_call_tokens(_unit("a", 900, 100, calls=2)) == 500
    assert per_call_tokens(_unit("b", 900, 100, calls=2, call_tokens=700)) == 700
    assert per_call_tokens(_unit("c", 900, 100, calls=0.5)) == 1000  # a fraction of a call is one call


def test_a_call_over_the_window_is_refused_naming_the_unit_and_the_model():
    units = [_unit("fits", 8000, 192), _unit("too-big", 8000, 193)]
    with pytest.raises(PromptTooLong) as info:
        check_context(_settings("gpt-4"), units)
    assert "too-big" in str(info.value) and "gpt-4" in str(info.value) and "8,192" in str(info.value)
    check = check_context(_settings("gpt-4"), units[:1])
    assert check.window == 8192 and check.largest == 8192  # exactly the window fits


def test_unknown_models_and_local_models_are_not_refused_and_say_so():
    big = [_unit("x", 10_000_000)]
    unknown = check_context(_settings("my-finetune"), big)
    assert unknown.window is None and "unknown" in unknown.describe()
    local = check_context(_settings("m", provider="local", n_ctx=4096), big)  # checked exactly per call
    assert local.window == 4096


def test_offline_units_are_not_counted():
    unit = _unit("offline", 10_000_000)
    unit.needs_llm = False
    assert check_context(_settings("gpt-4"), [unit]).largest == 0


def _project(paragraphs: int = 30):
    src = "\n\n".join(f"Paragraph {i}: the river ran grey under the bridge, and Grandison watched it. " * 8
                      for i in range(paragraphs))
    tgt = "\n\n".join(f"{i}번째 문단: 다리 아래로 강물이 잿빛으로 흘렀고 그랜디슨은 그것을 바라보았다. " * 8
                      for i in range(paragraphs))
    return build_project("river", text_from_string(src, "en"), [("Draft", text_from_string(tgt, "ko"))])


def test_mas_liteval_chunks_are_checked_against_the_model_before_any_call():
    project = _project()
    request = service.RunRequest(project=project, judges=["mas-liteval"], provider=_settings("gpt-4"),
                                 options={"mas-liteval": {"chunk_tokens": 8000}})
    with pytest.raises(PromptTooLong) as info:
        service.plan(request)  # no server: the refusal comes before anything is sent
    assert "mas-liteval" in str(info.value) and "chunk_tokens" in str(info.value)
    # the paper's 4,096 tokens of source text, with a Korean translation beside them, fit gpt-4o's window
    planned = service.plan(service.RunRequest(project=project, judges=["mas-liteval"], provider=_settings("gpt-4o")))
    chunk_units = [p.unit for p in planned if p.unit.key.split("/")[1] in AGENTS]
    assert chunk_units and all(u.est_call_tokens >= u.est_input_tokens + ANSWER_TOKENS for u in chunk_units)
    # ... but not gpt-4's 8,192 tokens: refused before any call rather than failing chunk after chunk
    with pytest.raises(PromptTooLong):
        service.plan(service.RunRequest(project=project, judges=["mas-liteval"], provider=_settings("gpt-4")))
