"""The bundled sample: files present, loadable through litlens.app.core.resources, aligned paragraph for paragraph."""

from __future__ import annotations

import json

from litlens.app.core.resources import read_resource, resource_path
from litlens.app.texts import split_paragraphs


def test_manifest_and_files():
    manifest = json.loads(read_resource("samples", "sample.json"))
    assert manifest["name"] and manifest["source"] == {"file": "story_en.txt", "language": "en"}
    assert [c["label"] for c in manifest["candidates"]] == ["Careful", "Flawed"]
    texts = {manifest["source"]["file"]: read_resource("samples", manifest["source"]["file"])}
    for c in manifest["candidates"]:
        assert c["language"] == "ko" and resource_path("samples", c["file"]).is_file()
        texts[c["file"]] = read_resource("samples", c["file"])
    counts = {name: len(split_paragraphs(t)) for name, t in texts.items()}
    assert set(counts.values()) == {8}, counts
    words = len(texts["story_en.txt"].split())
    assert 450 <= words <= 700


def test_deliberate_errors_point_at_the_flawed_text():
    manifest = json.loads(read_resource("samples", "sample.json"))
    flawed = read_resource("samples", "story_ko_flawed.txt")
    paras = [flawed[p.start:p.end] for p in split_paragraphs(flawed)]
    errors = manifest["deliberate_errors"]
    assert sum(1 for e in errors if e["honorific"]) >= 3
    assert sum(1 for e in errors if not e["honorific"]) >= 4
    for e in errors:
        assert e["text"] in paras[e["paragraph"]], e
        assert e["description"]


def test_the_spelling_judge_finds_the_samples_planted_misspellings_and_nothing_else():
    """A first-time user running the spelling judge on the sample sees it work: each planted Fluency ›
    Spelling error of the flawed translation is found at its words, the careful translation gets nothing."""
    from litlens.app.korean.spelling import analyse_spelling
    manifest = json.loads(read_resource("samples", "sample.json"))
    planted = [e for e in manifest["deliberate_errors"] if e.get("category") == "fluency/spelling"]
    assert len(planted) >= 2
    flawed = read_resource("samples", "story_ko_flawed.txt")
    paras = split_paragraphs(flawed)
    found = analyse_spelling(flawed, paras).findings
    assert len(found) == len(planted)
    for e in planted:
        para = paras[e["paragraph"]]
        at = flawed.index(e["text"], para.start)
        assert any(f.paragraph == e["paragraph"] and at <= f.start < f.end <= at + len(e["text"]) for f in found), e
    careful = read_resource("samples", "story_ko_careful.txt")
    assert analyse_spelling(careful, split_paragraphs(careful)).findings == []
