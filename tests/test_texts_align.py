"""Paragraph alignment (one-to-one and length-based) and building a Project."""

from __future__ import annotations

import random
import time

import pytest

from litlens.app.core.model import AlignedPair
from litlens.app.texts import align_paragraphs, build_project, text_from_string


def _texts(lengths: list[int], char: str, language: str):
    return text_from_string("\n\n".join(char * n for n in lengths), language)


def _covers_everything(alignment, n: int, m: int) -> None:
    src = [i for p in alignment.pairs for i in p.source]
    tgt = [j for p in alignment.pairs for j in p.target]
    assert src == list(range(n)) and tgt == list(range(m))


def test_equal_counts_one_to_one() -> None:
    source = text_from_string("첫째.\n\n둘째.\n\n셋째.")
    target = text_from_string("First.\n\nSecond.\n\nThird.")
    a = align_paragraphs(source, target)
    assert a.method == "one-to-one"
    assert a.pairs == [AlignedPair((0,), (0,)), AlignedPair((1,), (1,)), AlignedPair((2,), (2,))]
    assert not a.mismatch and a.notes == []


def test_equal_counts_but_shifted_lengths_are_flagged() -> None:
    source = _texts([100, 300, 300, 100], "가", "ko")
    target = _texts([220, 660, 60, 60], "a", "en")  # paragraphs 3-4 merged, then 4 split elsewhere
    a = align_paragraphs(source, target, label="Draft")
    assert a.method == "one-to-one"
    assert any("lengths" in n and "'Draft'" in n for n in a.notes)


def test_merged_paragraph() -> None:
    rng = random.Random(1)
    src_lengths = [rng.randint(80, 400) for _ in range(9)]
    tgt_lengths = [int(n * 2.3) for n in src_lengths]  # English runs longer than Korean
    tgt_lengths[3:5] = [tgt_lengths[3] + tgt_lengths[4]]
    a = align_paragraphs(_texts(src_lengths, "가", "ko"), _texts(tgt_lengths, "a", "en"), label="Draft")
    assert a.method == "length-based" and a.mismatch
    assert (a.source_count, a.target_count) == (9, 8)
    _covers_everything(a, 9, 8)
    assert AlignedPair((3, 4), (3,)) in a.pairs
    assert sum(not p.is_one_to_one for p in a.pairs) == 1
    assert "9 paragraphs" in a.notes[0] and "'Draft' has 8" in a.notes[0]
    assert any("Source paragraphs 4–5 were merged against 'Draft' paragraph 4" in n for n in a.notes)


def test_missing_paragraph() -> None:
    src_lengths = [300, 280, 320, 240, 310, 290, 305]
    tgt_lengths = [300, 280, 320, 310, 290, 305]  # the fourth paragraph was left out
    a = align_paragraphs(_texts(src_lengths, "x", "en"), _texts(tgt_lengths, "y", "fr"), label="V2")
    _covers_everything(a, 7, 6)
    assert a.method == "length-based"
    odd = [p for p in a.pairs if not p.is_one_to_one]
    assert odd == [AlignedPair((3,), ())]
    assert any("Source paragraph 4 has no counterpart in 'V2'" in n for n in a.notes)


def test_added_paragraph_and_split() -> None:
    src_lengths = [300, 600, 320, 310]
    tgt_lengths = [300, 290, 310, 320, 250, 310]  # paragraph 2 split in two; the fifth one added
    a = align_paragraphs(_texts(src_lengths, "x", "en"), _texts(tgt_lengths, "y", "en"))
    _covers_everything(a, 4, 6)
    assert AlignedPair((1,), (1, 2)) in a.pairs
    assert any("split" in n for n in a.notes)
    assert any("no counterpart in the source" in n for n in a.notes)


def test_empty_side() -> None:
    a = align_paragraphs(_texts([10, 10], "x", "en"), text_from_string("", "en"))
    assert a.pairs == [AlignedPair((0,), ()), AlignedPair((1,), ())]
    assert a.method == "length-based" and a.mismatch
    assert "Source paragraphs 1–2 have no counterpart in the translation (omitted?)." in a.notes


def test_large_alignment_is_fast() -> None:
    rng = random.Random(5)
    src_lengths = [rng.randint(20, 800) for _ in range(2000)]
    tgt_lengths = [max(1, int(n * 0.45 * rng.uniform(0.85, 1.15))) for n in src_lengths]
    tgt_lengths[500:502] = [tgt_lengths[500] + tgt_lengths[501]]
    tgt_lengths[1500:1503] = [tgt_lengths[1500] + tgt_lengths[1501], tgt_lengths[1502]]
    source, target = _texts(src_lengths, "x", "en"), _texts(tgt_lengths, "가", "ko")
    started = time.perf_counter()
    a = align_paragraphs(source, target)
    assert time.perf_counter() - started < 10
    _covers_everything(a, 2000, 1998)
    assert AlignedPair((500, 501), (500,)) in a.pairs
    assert AlignedPair((1501, 1502), (1500,)) in a.pairs


def test_build_project() -> None:
    source = text_from_string("하나.\n\n둘.\n\n셋.")
    draft = text_from_string("One.\n\nTwo.\n\nThree.")
    short = text_from_string("One and two.\n\nThree.")
    reference = text_from_string("1.\n\n2.\n\n3.", "en")
    project = build_project(" Novel ", source, [(" Draft 1 ", draft), ("Short", short)], reference)
    assert project.name == "Novel"
    assert [c.label for c in project.candidates] == ["Draft 1", "Short"]
    assert project.candidate("Draft 1").alignment.method == "one-to-one"
    assert project.candidate("Short").alignment.method == "length-based"
    assert project.reference_alignment is not None and project.reference_alignment.source_count == 3
    assert project.source.language == "ko" and draft.language == "en"


@pytest.mark.parametrize(("labels", "message"), [
    (["Draft", "Draft"], "labelled 'Draft'"),
    (["Draft", "draft "], "'Draft' and 'draft'"),
    (["Draft", "  "], "needs a label"),
])
def test_build_project_bad_labels(labels: list[str], message: str) -> None:
    source = text_from_string("A.\n\nB.")
    with pytest.raises(ValueError, match=message):
        build_project("P", source, [(label, text_from_string("a.\n\nb.")) for label in labels])


def test_build_project_empty_texts() -> None:
    with pytest.raises(ValueError, match="source text is empty"):
        build_project("P", text_from_string(""), [("A", text_from_string("x"))])
    with pytest.raises(ValueError, match="'A' is empty"):
        build_project("P", text_from_string("x"), [("A", text_from_string(" \n"))])


def test_text_from_string_language_codes() -> None:
    assert text_from_string("Hallo.", "de-DE").language == "de"
    assert text_from_string("Olá.", "pt_BR").language == "pt"
    t = text_from_string("a\r\n\r\nb")
    assert t.content == "a\n\nb" and [p.text for p in t.paragraphs] == ["a", "b"]


def test_run_of_omitted_paragraphs_reported_once() -> None:
    src_lengths = [300, 280, 320, 240, 260, 250, 310, 290, 305]
    tgt_lengths = [300, 280, 320, 310, 290, 305]  # paragraphs 4-6 were left out
    a = align_paragraphs(_texts(src_lengths, "x", "en"), _texts(tgt_lengths, "y", "en"), label="V3")
    _covers_everything(a, 9, 6)
    assert [p for p in a.pairs if not p.is_one_to_one] == [
        AlignedPair((3,), ()), AlignedPair((4,), ()), AlignedPair((5,), ())]
    assert "Source paragraphs 4–6 have no counterpart in 'V3' (omitted?)." in a.notes


def test_notes_for_unlabelled_translation_read_naturally() -> None:
    a = align_paragraphs(_texts([300, 600, 300], "x", "en"), _texts([300, 300, 300, 300], "y", "en"))
    assert "Source paragraph 2 was split into paragraphs 2–3 of the translation" in " ".join(a.notes)
