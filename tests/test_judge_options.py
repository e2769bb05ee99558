"""Typed judge options: declaration, parsing of CLI strings and stored values, errors, the run's stored
JSON, the CLI's exit code, and the GUI editors generated from the declaration."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from typing import Literal

import pytest

from litlens.app.judges import registry
from litlens.app.judges.options import JudgeOptions, OptionError, option
from litlens.app.run import service
from litlens.app.run.store import Store


@dataclass(frozen=True)
class Demo(JudgeOptions):
    flag: bool = option(False, help="a switch")
    count: int = option(3, range=(1, 10), help="how many")
    ratio: float = option(0.5, range=(0.0, 1.0))
    mode: Literal["fast", "slow"] = option("fast")
    limit: int | None = option(None, range=(1, 5))
    name: str = option("x")
    human: str | None = option(None, kind="candidate")


def test_describe_reads_types_choices_ranges_and_help():
    info = {i.name: i for i in Demo.describe()}
    assert [i.name for i in Demo.describe()] == ["flag", "count", "ratio", "mode", "limit", "name", "human"]
    assert (info["flag"].type, info["flag"].help) == ("bool", "a switch")
    assert (info["count"].type, info["count"].range, info["count"].optional) == ("int", (1, 10), False)
    assert info["ratio"].type == "float"
    assert (info["mode"].type, info["mode"].choices) == ("choice", ("fast", "slow"))
    assert (info["limit"].type, info["limit"].optional, info["limit"].default) == ("int", True, None)
    assert info["name"].type == "text" and info["human"].type == "candidate" and info["human"].optional
    assert JudgeOptions.describe() == []


def test_parse_coerces_cli_strings_and_keeps_real_values():
    opts = Demo.parse({"flag": "true", "count": "7", "ratio": "0.25", "mode": "SLOW", "limit": "2",
                       "name": " y ", "human": "Draft"}, "demo")
    assert opts == Demo(flag=True, count=7, ratio=0.25, mode="slow", limit=2, name="y", human="Draft")
    assert Demo.parse({"flag": False, "count": 2, "ratio": 1, "limit": None}, "demo").ratio == 1.0
    assert Demo.parse({"limit": "none", "human": ""}, "demo").limit is None
    assert Demo.parse({"flag": "off"}, "demo").flag is False
    assert Demo.parse(opts, "demo") is opts


def test_to_dict_and_changed():
    opts = Demo.parse({"count": "4", "mode": "slow"}, "demo")
    assert opts.changed() == {"count": 4, "mode": "slow"}
    assert opts.to_dict() == {"flag": False, "count": 4, "ratio": 0.5, "mode": "slow", "limit": None,
                              "name": "x", "human": None}
    assert Demo.parse(json.loads(json.dumps(opts.to_dict())), "demo") == opts  # the stored form reads back


@pytest.mark.parametrize("raw,pattern", [
    ({"flg": "true"}, r"demo has no option 'flg' \(did you mean 'flag'\?\); its options are: flag, count"),
    ({"mode": "medium"}, r"demo\.mode must be one of fast, slow, not 'medium'"),
    ({"count": "11"}, r"demo\.count must be between 1 and 10, not '11'"),
    ({"count": 0}, r"between 1 and 10"),
    ({"count": "2.5"}, r"demo\.count must be a whole number"),
    ({"count": True}, r"demo\.count must be a whole number"),
    ({"ratio": "lots"}, r"demo\.ratio must be a number"),
    ({"flag": "maybe"}, r"demo\.flag must be true or false, not 'maybe'"),
    ({"flag": 1}, r"true or false"),
    ({"limit": "9"}, r"between 1 and 5"),
    ({"name": None}, r"demo\.name must be text"),
])
def test_parse_errors_say_what_is_wrong(raw, pattern):
    with pytest.raises(OptionError, match=pattern) as err:
        Demo.parse(raw, "demo")
    assert err.value.judge == "demo"


def test_a_judge_without_options_refuses_any():
    with pytest.raises(OptionError, match="honorifics has no options"):
        registry.available()["honorifics"].Options.parse({"x": 1}, "honorifics")


def test_options_class_must_be_a_dataclass():
    class Forgot(JudgeOptions):
        level: int = 3

    with pytest.raises(TypeError, match="dataclass"):
        Forgot.describe()


def test_real_judges_declare_their_choices_with_literal():
    judges = registry.available()

    def info(jid, name):
        return next(i for i in judges[jid].Options.describe() if i.name == name)

    assert info("gemba-mqm", "variant").choices == ("original", "literary")
    assert info("verse", "answer_mode").choices == ("per-question", "per-paragraph")
    assert info("transevalnia", "method").choices == ("one-step", "two-step", "three-step", "no-reasoning",
                                                      "scores")
    orders = info("transevalnia", "orders")
    assert orders.type == "int" and orders.optional and orders.default is None
    assert info("gemba-mqm", "human").type == "candidate"
    assert info("mas-liteval", "chunk_tokens").range == (256, 200_000)
    for jid, cls in judges.items():  # every declaration is readable, and its defaults are valid
        for i in cls.Options.describe():
            assert i.help, f"{jid}.{i.name} has no help text"
        assert cls.Options.parse({}, jid).changed() == {}
    da = judges["da-mqm"].Options()
    assert (da.use_reference, da.rationale, da.honorifics_default) == (True, False, True)


def test_plan_checks_options_before_anything_else():
    from litlens.app.core.sample import load_sample
    project = load_sample()
    # no provider: the option typo is still what is reported
    request = service.RunRequest(project=project, judges=["da-mqm"], options={"da-mqm": {"rationle": "true"}})
    with pytest.raises(OptionError, match="rationale"):
        service.plan(request)
    request = service.RunRequest(project=project, judges=["consistency"], options={"da-mqn": {"x": "1"}})
    with pytest.raises(OptionError, match="unknown judge 'da-mqn'.*did you mean 'da-mqm'"):
        service.plan(request)
    request = service.RunRequest(project=project, judges=["consistency"], options={"verse": {}})
    with pytest.raises(OptionError, match="not among the selected judges"):
        service.plan(request)


def test_a_run_stores_every_option_as_plain_json(tmp_path):
    from litlens.app.core.sample import load_sample
    request = service.RunRequest(project=load_sample(), judges=["consistency"],
                                 options={"consistency": {"spacy_model": ""}})
    store = Store(tmp_path / "x.db")
    try:
        summary = service.execute(request, store)
        stored = json.loads(store.get_run(summary.run_id)["options"])
    finally:
        store.close()
    assert stored == {"consistency": {"spacy_model": "", "termbase": ""}}  # every option, defaults too
    assert registry.get("consistency").Options.parse(stored["consistency"], "consistency").spacy_model == ""


def test_cli_typo_in_an_option_is_a_usage_error(tmp_path):
    db = tmp_path / "x.db"
    out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "evaluate", "--sample",
                          "--judge", "da-mqm", "--option", "da-mqm.rationle=true"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "rationle" in out.stderr and "did you mean 'rationale'" in out.stderr
    assert "use_reference, rationale, honorifics_default" in out.stderr
    out = subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "evaluate", "--sample",
                          "--judge", "gemba-mqm", "--option", "gemba-mqm.variant=poetic"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "gemba-mqm.variant must be one of original, literary" in out.stderr


def test_gui_editor_offers_exactly_the_declared_choices(qtbot):
    from PySide6.QtWidgets import QComboBox, QSpinBox

    from litlens.ui.runs.judge_options import OptionsEditor
    judges = registry.available()
    gemba = judges["gemba-mqm"].Options
    editor = OptionsEditor("gemba-mqm", gemba)
    qtbot.addWidget(editor)
    combo = editor.editors["variant"]
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["original", "literary"]
    assert combo.toolTip()
    editor.set_candidates(["Draft", "Published"])
    human = editor.editors["human"]
    assert [human.itemData(i) for i in range(human.count())] == [None, "Draft", "Published"]
    with qtbot.waitSignal(editor.changed):
        combo.setCurrentIndex(1)
    editor.set_value("human", "Published")
    assert editor.values() == {"variant": "literary", "human": "Published"}
    assert gemba.parse(editor.values(), "gemba-mqm") == gemba(variant="literary", human="Published")
    with pytest.raises(OptionError):
        editor.set_value("variant", "poetic")
    assert editor.value("variant") == "literary"

    verse = OptionsEditor("verse", judges["verse"].Options)
    qtbot.addWidget(verse)
    low, high = verse.editors["min_questions"], verse.editors["max_questions"]
    assert isinstance(low, QSpinBox) and (low.minimum(), low.maximum()) == (0, 50)  # 0 = no bound
    low.setValue(5)
    high.setValue(3)  # below min_questions (5): refused and put back
    assert high.value() == 0 and "min_questions" in verse.error
    low.setValue(0)
    assert judges["verse"].Options.parse(verse.values(), "verse") == judges["verse"].Options()
