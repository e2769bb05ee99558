"""The public plug-in API: a third-party judge installed as its own distribution (the example in
docs/plugins.md, kept in tests/data/plugin_example) is listed by the CLI, gets option editors and a radar
view in the window without the window knowing it, and every payload survives a trip through JSON."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from litlens.app.judges import registry
from litlens.app.judges.payloads import (Axis, RadarData, RankedParagraph, Ranking, SpeechLevelLedger, Summary,
                                         TermTable, payload_from_dict)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "data" / "plugin_example"


def _builds_wheels_here() -> bool:
    import importlib.util

    import setuptools
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory) -> Path:
    """The example plug-in installed into a folder of its own, the way pip installs any distribution."""
    tmp = tmp_path_factory.mktemp("plugin")
    pkg = tmp / "pkg"
    shutil.copytree(EXAMPLE, pkg)
    site = tmp / "site"
    # Building in this venv needs a setuptools that makes wheels by itself (or the wheel package); an
    # older one builds in pip's isolated environment instead, as tests/test_packaging.py does.
    isolation = ["--no-build-isolation"] if _builds_wheels_here() else []
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", *isolation,
                    "--target", str(site), str(pkg)], check=True, capture_output=True, timeout=240)
    assert (site / "litlens_shape.py").exists()
    return site


@pytest.fixture
def plugin_on_path(plugin_site):
    """The plug-in visible to importlib.metadata in this process, and gone again afterwards."""
    sys.path.insert(0, str(plugin_site))
    registry.reload()
    yield plugin_site
    sys.path.remove(str(plugin_site))
    sys.modules.pop("litlens_shape", None)
    registry.reload()


def test_the_docs_show_the_tested_example():
    doc = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for name in ("pyproject.toml", "litlens_shape.py"):
        assert (EXAMPLE / name).read_text(encoding="utf-8").strip() in doc, name


def test_cli_lists_the_installed_plugin(plugin_site):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin_site), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-m", "litlens", "judges"], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("shape "))
    assert "Text shape" in line and "[offline]" in line
    assert "failed to load" not in out.stdout


def test_api_exports_everything_it_lists_and_no_qt():
    code = ("import sys, litlens.api as api; missing = [n for n in api.__all__ if not hasattr(api, n)]; "
            "print(missing, any(m.startswith('PySide6') or m.startswith('pyqtgraph') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "[] False", out.stderr
    import litlens.api as api
    for name in ("Judge", "JudgeUnavailable", "Unit", "UnitContext", "JudgeOptions", "option", "OptionInfo",
                 "OptionError", "Judgment", "Score", "Span", "RadarData", "Ranking", "TermTable",
                 "register_judge"):
        assert name in api.__all__
    assert "register_view" not in api.__all__


def test_register_judge_in_process():
    from litlens.api import Judge, register_judge, unregister_judge

    @register_judge
    class Tiny(Judge):
        id = "tiny-notebook-judge"
        name = "Tiny"
        description = "registered without an entry point"
        needs_llm = False

    try:
        assert registry.available()["tiny-notebook-judge"] is Tiny
        assert registry.get("tiny-notebook-judge").name == "Tiny"
    finally:
        unregister_judge("tiny-notebook-judge")
    assert "tiny-notebook-judge" not in registry.available()
    with pytest.raises(TypeError):
        register_judge(object)  # type: ignore[arg-type]


def test_plugin_options_are_validated(plugin_site):
    sys.path.insert(0, str(plugin_site))
    try:
        import litlens_shape
        from litlens.api import OptionError
        opts = litlens_shape.ShapeJudge.Options.parse({"measure": "words", "tolerance": "0.2"}, "shape")
        assert (opts.measure, opts.tolerance, opts.dialogue) == ("words", 0.2, True)
        for bad in ({"measure": "syllables"}, {"tolerance": 2}, {"colour": "red"}):
            with pytest.raises(OptionError):
                litlens_shape.ShapeJudge.Options.parse(bad, "shape")
    finally:
        sys.path.remove(str(plugin_site))
        sys.modules.pop("litlens_shape", None)


# ---- payloads -------------------------------------------------------------------------------------------
def examples():
    radar = RadarData.from_nested("radar", {"A": {"x": {"percent": 50.0, "n": 2}},
                                            "B": {"x": {"percent": 75.0, "n": 4}, "y": {"percent": 10.0, "n": 1}}},
                                  [Axis("x", "X")])
    para = RankedParagraph(0, ["A", "B"], {"A": "text"}, {"A": {"accuracy": 4.0}}, {"A": "fine"}, ["p2: bad"],
                           "one-step", {0: "A", 1: "B"}, ["A", "B"], "A reads better", 2, 1.0, 1, 2, ["A"])
    return [
        Summary("table", ["a", "b"], [["1", "2"]], {"k": [1, 2]}),
        radar,
        Ranking("one-step ranking", "one-step", [["A", "B"]], 1.0, 1, 2, 0, [para]),
        Ranking("score-based", None, [["A"], ["B"]]),
        TermTable("terms", {"A": {"Ahab": {"renderings": [{"text": "에이허브", "count": 2,
                                                            "offsets": [[0, 4], [9, 13]]}],
                                           "consistent": True}}}, ["fallback"]),
        SpeechLevelLedger("levels", ["해요체", "해체"], {"A": [{"start": 0, "end": 5, "paragraph": 0,
                                                               "level": "해요체", "dialogue": True}]}),
    ]


@pytest.mark.parametrize("payload", examples(), ids=lambda p: p.kind)
def test_payload_survives_json(payload):
    data = json.loads(json.dumps(payload.to_dict(), ensure_ascii=False))
    assert data["kind"] == payload.kind
    assert payload_from_dict(data) == payload
    assert type(payload).from_dict(data) == payload
    table = payload.as_table()
    assert isinstance(table, Summary) and table.title and all(isinstance(r, list) for r in table.rows)
    assert json.dumps(table.data, ensure_ascii=False)  # the CLI's JSON output keeps it as it is


def test_radar_keeps_gaps_as_gaps():
    radar = examples()[1]
    assert [a.name for a in radar.axes] == ["x", "y"]
    assert radar.values["A"] == [50.0, None] and radar.counts["A"] == [2, 0]
    assert radar.as_nested()["A"] == {"x": {"percent": 50.0, "n": 2}}
    assert [r[:2] for r in radar.as_table().rows] == [["x", "A"], ["x", "B"], ["y", "B"]]


# ---- the window ---------------------------------------------------------------------------------------------
@pytest.mark.gui
def test_window_gives_the_plugin_options_and_a_radar(qtbot, db_path, plugin_on_path):
    from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox

    from litlens.ui.views.radar_chart import RadarChart
    from litlens.ui.shell.window import MainWindow

    window = MainWindow(db_path)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    try:
        panel = window.judge_panel
        assert "shape" in panel.checkboxes and panel.checkboxes["shape"].isChecked()  # offline: ticked
        editors = panel.option_editors["shape"].editors
        assert list(editors) == ["measure", "tolerance", "dialogue"]
        assert isinstance(editors["measure"], QComboBox) and isinstance(editors["dialogue"], QCheckBox)
        assert isinstance(editors["tolerance"], QDoubleSpinBox)
        assert editors["tolerance"].maximum() == pytest.approx(0.5)
        editors["measure"].setCurrentIndex(editors["measure"].findText("words"))
        assert panel.options()["shape"] == {"measure": "words"}

        window.open_sample(autorun=False)
        qtbot.waitUntil(lambda: window.document.project is not None, timeout=20_000)
        panel.select(["shape"])
        with qtbot.waitSignal(window.runs.finished, timeout=60_000):
            window.run_actions.run_selected()
        qtbot.waitUntil(lambda: any(j.judge == "shape" for j in window.document.judgments), timeout=20_000)
        assert all(j.status == "ok" for j in window.document.judgments if j.judge == "shape")

        window.results.raise_page("radar")
        radar = window.results.radar
        qtbot.waitUntil(lambda: any(p.title.startswith("Text shape") for p in radar.payloads()), timeout=10_000)
        chart = radar.view.chart  # the radar page: the chart beside a table of its figures
        assert isinstance(chart, RadarChart)
        assert set(chart.polygons) == {"Careful", "Flawed"}
        assert chart.categories[0] == "Length relative to the source" and len(chart.categories) == 5
        window.results.docks["radar"].widget().grab().save(str(db_path.parent / "plugin_radar.png"))
        if os.environ.get("LITLENS_SCREENSHOT"):
            window.results.docks["radar"].widget().grab().save(os.environ["LITLENS_SCREENSHOT"])
    finally:
        window.close()
