"""Protocol cards (every built-in judge says what it follows and names real options for its deviations)
and budgets that cannot silently fail (an unpriced model with --budget is refused before any call)."""

from __future__ import annotations

import pytest

from litlens.app.judges import registry
from litlens.app.llm.factory import ProviderSettings, prices_for
from test_cli import pair, run  # noqa: F401  (pair is a fixture)

BUILT_INS = ["bws", "consistency", "da-mqm", "gemba-mqm", "honorifics", "literalness", "mas-liteval",
             "reference-metrics", "speakers-llm", "spelling", "sqm", "transevalnia", "verse"]


@pytest.mark.parametrize("judge_id", BUILT_INS)
def test_every_built_in_has_a_card_naming_real_options(judge_id):
    cls = registry.available()[judge_id]
    assert cls.protocol is not None, f"{judge_id} has no protocol card"
    assert cls.protocol.unknown_options(cls.Options) == []
    text = "\n".join(cls.protocol.lines(cls.prompt_version))
    assert "Follows:" in text and "Calls:" in text and cls.prompt_version in text


def test_cli_details_prints_card_and_prompt_version():
    out = run(["judges", "--details", "da-mqm"])
    assert out.returncode == 0, out.stderr
    assert "seed 000" in out.stdout and "App. C" in out.stdout
    assert "Prompt version: da-mqm/" in out.stdout and "option protocol" in out.stdout
    assert "4 per paragraph" in out.stdout
    bad = run(["judges", "--details", "no-such-judge"])
    assert bad.returncode == 2 and "unknown judge" in bad.stderr


def test_given_prices_make_an_unknown_model_known():
    s = ProviderSettings(provider="compat", model="my-model-7b")
    assert not prices_for(s).price("my-model-7b").known
    priced = ProviderSettings(provider="compat", model="my-model-7b", price_in=1.0, price_out=2.0)
    p = prices_for(priced).price("my-model-7b")
    assert p.known and p.cost(1_000_000, 1_000_000) == pytest.approx(3.0)


def test_budget_with_unpriced_model_is_refused(db_path, pair, fake_server):
    src, tgt = pair
    base = ["--db", str(db_path), "evaluate", str(src), str(tgt), "--judge", "sqm", "--provider", "compat",
            "--model", "house-model-unpriced", "--base-url", fake_server.openai_base_url, "--budget", "1"]
    out = run(base, env={"OPENAI_API_KEY": "sk-x"})
    assert out.returncode == 2, out.stderr
    assert "price" in out.stderr and "--price-in" in out.stderr
    assert fake_server.count == 0  # refused before any call
    half = run([*base, "--price-in", "0.5"], env={"OPENAI_API_KEY": "sk-x"})
    assert half.returncode == 2 and "--price-out" in half.stderr
    priced = run([*base, "--price-in", "0.5", "--price-out", "1.5", "--quiet"], env={"OPENAI_API_KEY": "sk-x"})
    assert priced.returncode in (0, 1), priced.stderr  # it runs (the fake answers may fail to parse)
    assert fake_server.count > 0
