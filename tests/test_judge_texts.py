"""The judge panel's titles and descriptions are literal strings (so they can be translated), kept apart from
the judges' own `name` and `description`. They must say the same thing: a description the window shows and
the judge no longer does is a claim nobody checks."""
from __future__ import annotations

import pytest

from litlens.app.judges import registry
from litlens.ui.common import judge_texts


@pytest.mark.parametrize("judge_id", sorted(judge_texts.BUILT_IN))
def test_the_window_describes_each_built_in_judge_in_the_judges_own_words(judge_id):
    judge = registry.get(judge_id)
    title, description = judge_texts.BUILT_IN[judge_id]
    assert title == judge.name
    assert description == judge.description


def test_every_built_in_judge_has_a_translatable_text():
    built_in = {jid for jid in registry.available() if registry.get(jid).__module__.startswith("litlens.app.")}
    assert built_in <= set(judge_texts.BUILT_IN)
