"""The novel bench's generated book: as long as asked, every Korean sentence different, and dialogue the
speaker attribution has to read (bench/novel_honorifics.py)."""

from __future__ import annotations

import re
from bench_scripts import load_bench


def _bench():
    return load_bench("novel_honorifics")


def test_the_generated_novel_has_all_different_korean_sentences():
    en, ko = _bench().novel(40_000)
    assert 40_000 <= len(en.split()) < 40_100
    assert en.count("\n\n") == ko.count("\n\n")  # paragraph for paragraph
    sentences = [s for p in ko.split("\n\n") for s in re.split(r"(?<=[.?!])\"?\s+\"?", p) if s.strip()]
    assert len(sentences) > 2_500 and len(set(sentences)) == len(sentences)
    assert ko.count('물었다.') > 400 and "수진이 " in ko and "수진가" not in ko  # particles fit the names


def test_particles_follow_the_last_syllable():
    j = _bench()._j
    assert (j("수진", "이가"), j("하나", "이가"), j("편지", "을를"), j("가방", "을를")) == ("수진이", "하나가", "편지를", "가방을")
