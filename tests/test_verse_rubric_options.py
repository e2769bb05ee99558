"""VERSE's answer rubric: the annotators' guidelines (seed 000 App. E.2) only as the option, with E.2's
rule that untranslated words cap the score even for names; a project's reference shown by default."""

from __future__ import annotations

from litlens.app.core import prompts
from litlens.app.judges.verse.judge import VerseJudge


def _system(**kw):
    return prompts.render("verse/answer_system.j2", per_paragraph=False, reference=kw.pop("reference", None),
                          source_language="English", target_language="Korean", **kw)


def test_guidelines_are_an_option_that_is_off_and_keeps_e2s_rule_on_names():
    opts = VerseJudge.Options()
    assert opts.guidelines is False and opts.use_reference is True
    plain = _system(guidelines=opts.guidelines)
    assert "Guidance" not in plain and "Untranslated" not in plain
    guided = _system(guidelines=True)
    assert "even names, keep a translation from scoring 3" in guided and "other than names" not in guided


def test_reference_block_only_when_there_is_one():
    assert "A trusted human translation is given" in _system(guidelines=False, reference="참고 번역")
    assert "A trusted human translation is given" not in _system(guidelines=False)
