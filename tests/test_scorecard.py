"""The MQM scorecard and QA profiles: figures worked out by hand for small cases, which findings count
(reviewed by default, all but rejected/outdated with the switch), merged rows priced once, profile files,
and the exit codes of ``litlens scorecard --fail-under`` and ``litlens evaluate --fail-under``."""

from __future__ import annotations

import json

import pytest

from litlens.app.cli.main import EXIT_OK, EXIT_USAGE, main
from litlens.app.cli.scorecard import EXIT_BELOW
from litlens.app.mqm.profiles import ProfileError, load_profile, profile_from_data
from litlens.app.mqm.scorecard import Finding, count_words, scorecard
from litlens.app.run import annotations as ann
from litlens.app.run.store import Store

INN_EN = ("Sir Charles Grandison arrived at the inn on a cold evening.\n\n"
          "Grandison asked the keeper for a room and paid twelve shillings.")
INN_KO = "찰스 그랜디슨 경은 추운 저녁에 여관에 도착했다.\n\n그랜디슨은 주인에게 방을 청하고 13실링을 냈다 냈다."


def F(category, severity, status="accepted", start=None, end=None):
    return Finding(category, severity, status, start, end, "j")


def test_word_counts_as_cat_tools_count():
    assert count_words("Sir Charles arrived — at 5 o'clock, well-dressed.") == 7  # the dash is no word
    assert count_words("찰스 그랜디슨 경은 추운 저녁에") == 5  # Korean: words between spaces
    assert count_words("東京へ行った ok") == 6 + 1  # each Han or kana character is a word


def test_mqm_core_figures_by_hand():
    core = load_profile("mqm-core")
    findings = [F("accuracy/omission", "minor", "accepted", 0, 3), F("fluency/grammar", "minor", "corrected", 10, 12),
                F("fluency/grammar", "major", "applied", 20, 25), F("style/register", "critical", "added", 30, 31),
                F("accuracy/addition", "major", "rejected", 40, 45), F("style/awkwardness", "minor", "open", 50, 55),
                F("accuracy/omission", "minor", "outdated", 60, 62), F("other", "neutral", "accepted", 70, 71)]
    card = scorecard("A", findings, 200, core)
    # reviewed: 1 + 1 + 5 + 25 = 32 points over 200 words
    assert (card.points, card.errors, card.by_severity) == (32, 4, {"critical": 1, "major": 1, "minor": 2})
    assert card.penalty_per_words == 160.0 and card.score == 84.0 and not card.passed
    assert card.by_branch == {"accuracy": 1, "fluency": 6, "style": 25}
    every = scorecard("A", findings, 200, core, include_all=True)
    # plus the open minor; never the rejected major, the outdated minor or the neutral one
    assert (every.points, every.errors, every.score) == (33, 5, 83.5)
    assert scorecard("A", findings[:2], 200, core).passed  # 2 points: 99.0, the threshold itself


def test_literary_profile_prices_non_translation_at_25_and_critical_as_major():
    lit = load_profile("literary")
    card = scorecard("A", [F("non-translation", "minor"), F("accuracy/omission", "critical"),
                           F("fluency/grammar", "major"), F("non-translation", "neutral")], 1000, lit)
    assert card.points == 25 + 5 + 5 and card.score == pytest.approx(96.5)
    assert card.penalty_per_words == 35.0
    assert lit.points("non-translation", "neutral") == 0  # not an error, whatever its category


def test_category_weights_longest_prefix_and_merged_rows_priced_once():
    profile = profile_from_data({"severity_weights": {"minor": 1, "major": 4, "critical": 10}, "threshold": 90,
                                 "category_weights": {"accuracy": 2, "accuracy/omission": 3},
                                 "category_points": {"style/register": 7}, "per_words": 100}, "mine")
    findings = [F("accuracy/omission", "major", "accepted", 0, 5),  # 4 × 3 = 12
                F("accuracy/addition", "minor", "accepted", 3, 8),  # overlaps the omission, same branch: one row
                F("accuracy/mistranslation", "minor", "accepted", 20, 22),  # 1 × 2
                F("fluency/grammar", "minor", "accepted", 3, 8),  # overlaps, other branch: its own error, 1
                F("style/register", "critical", "accepted", 40, 41)]  # fixed 7
    card = scorecard("A", findings, 50, profile)
    assert (card.points, card.errors, card.findings) == (12 + 2 + 1 + 7, 4, 5)
    assert card.penalty_per_words == pytest.approx(22 * 100 / 50) and card.score == pytest.approx(56.0)
    assert not card.passed


def test_profile_files_toml_and_json(tmp_path):
    toml = tmp_path / "house.toml"
    toml.write_text('name = "House"\nthreshold = 97.5\n[severity_weights]\nminor = 1\nmajor = 3\ncritical = 9\n',
                    encoding="utf-8")
    js = tmp_path / "house.json"
    js.write_text(json.dumps({"name": "House", "threshold": 97.5,
                              "severity_weights": {"minor": 1, "major": 3, "critical": 9}}), encoding="utf-8")
    assert load_profile(toml) == load_profile(js)
    assert load_profile(toml).points("accuracy", "major") == 3
    with pytest.raises(ProfileError, match="critical"):
        profile_from_data({"severity_weights": {"minor": 1, "major": 5}}, "x")
    with pytest.raises(ProfileError, match="unknown severities"):
        profile_from_data({"severity_weights": {"minor": 1, "major": 5, "critical": 25, "fatal": 100}}, "x")
    with pytest.raises(ProfileError, match="no QA profile"):
        load_profile(tmp_path / "none.toml")
    assert load_profile().name == "Literary" and load_profile("mqm-core").severity_weights["critical"] == 25


# ---- the command line ----------------------------------------------------------------------------------

@pytest.fixture
def reviewed_run(tmp_path, db_path, capsys):
    src, tgt = tmp_path / "en.txt", tmp_path / "ko.txt"
    src.write_text(INN_EN, encoding="utf-8")
    tgt.write_text(INN_KO, encoding="utf-8")
    args = [str(src), str(tgt), "--judge", "consistency", "--option", "consistency.spacy_model=", "--quiet"]
    assert main(["evaluate", *args]) == EXIT_OK
    store = Store(db_path)
    run = store.list_runs()[0]
    ids = ann.span_ids(store, run["project_id"])
    by_kind = {key[5]: (key, sid) for key, sid in ids.items()}  # severity -> span: one major, one minor
    assert set(by_kind) == {"major", "minor"}  # 13 for twelve (major); 냈다 냈다 (minor)
    (key, sid) = by_kind["major"]
    ann.save(store, ann.Annotation(run["project_id"], key[1], "accept", key[4], key[5], key[2], key[3], sid,
                                   judge=key[0]))
    (key, sid) = by_kind["minor"]
    ann.save(store, ann.Annotation(run["project_id"], key[1], "reject", key[4], key[5], key[2], key[3], sid,
                                   judge=key[0]))
    capsys.readouterr()
    return run["id"], args


def test_scorecard_command_counts_reviewed_findings_and_fails_under(reviewed_run, capsys):
    run_id, _ = reviewed_run
    words = count_words(INN_EN)
    assert words == 22
    assert main(["scorecard", str(run_id), "--format", "json"]) == EXIT_OK
    [card] = json.loads(capsys.readouterr().out)["scorecards"]
    assert (card["words"], card["penalty"], card["by_severity"]) == (22, 5, {"major": 1})
    assert card["score"] == pytest.approx(100 * (1 - 5 / 22), abs=1e-4)
    assert card["penalty_per_1000_words"] == pytest.approx(5000 / 22, abs=1e-4)
    # --all-findings: the rejected minor still does not count
    assert main(["scorecard", str(run_id), "--format", "json", "--all-findings"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["scorecards"][0]["penalty"] == 5
    assert main(["scorecard", str(run_id), "--fail-under", "77"]) == EXIT_OK  # 77.27
    assert main(["scorecard", str(run_id), "--fail-under", "77.5"]) == EXIT_BELOW
    assert "below 77.5" in capsys.readouterr().err
    assert main(["scorecard", str(run_id), "--qa-profile", "nonesuch"]) == EXIT_USAGE


def test_evaluate_fail_under_scores_every_unreviewed_finding(tmp_path, db_path, capsys):
    src, tgt = tmp_path / "en.txt", tmp_path / "ko.txt"
    src.write_text(INN_EN, encoding="utf-8")
    tgt.write_text(INN_KO, encoding="utf-8")
    args = [str(src), str(tgt), "--judge", "consistency", "--option", "consistency.spacy_model=", "--quiet"]
    # a major (13 for twelve) and a minor (냈다 냈다): 6 points over 22 words, score 72.73
    assert main(["evaluate", *args, "--fail-under", "72"]) == EXIT_OK
    err = capsys.readouterr().err
    assert "72.73" in err and "FAIL" in err  # the profile's own mark (99) is not met
    assert main(["evaluate", *args, "--fail-under", "73"]) == EXIT_BELOW
    assert "quality score 72.73 is below 73" in capsys.readouterr().err
    assert main(["evaluate", *args, "--fail-under", "0", "--qa-profile", "mqm-core"]) == EXIT_OK
