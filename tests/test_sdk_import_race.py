"""A provider module another thread is still importing is not handed out half made.

The window's warm-up imports the SDK provider modules on a thread of its own; a run started meanwhile asked
for the same module and, finding it already in ``sys.modules``, used it before its classes existed: the run
failed with "partially initialized module 'litlens.app.llm.openai_provider' has no attribute
'OpenAIProvider'" (4 of 16 editor walks). ``_sdk_module`` must wait for the other import instead."""

from __future__ import annotations

import importlib
import sys
import threading
import time

from litlens.app.llm import factory


def test_a_module_being_imported_elsewhere_is_waited_for(tmp_path, monkeypatch):
    (tmp_path / "slow_provider_mod.py").write_text(
        "import time\ntime.sleep(0.6)  # an SDK's import takes its time\nProvider = 'ready'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "slow_provider_mod", raising=False)
    other = threading.Thread(target=importlib.import_module, args=("slow_provider_mod",))
    other.start()
    try:
        deadline = time.monotonic() + 10
        while "slow_provider_mod" not in sys.modules and time.monotonic() < deadline:
            time.sleep(0.005)
        assert "slow_provider_mod" in sys.modules  # the other thread is inside the module's import now
        assert factory._sdk_module("slow_provider_mod").Provider == "ready"
    finally:
        other.join(10)
        sys.modules.pop("slow_provider_mod", None)


def test_a_module_already_imported_is_returned_as_it_is():
    import litlens.app.llm.base as base
    assert factory._sdk_module("litlens.app.llm.base") is base


def test_error_classes_are_read_only_from_sdks_that_have_them(monkeypatch):
    """Classifying an error while the other SDK is half imported (no exception classes yet) must not fail."""
    import types

    from litlens.app.llm import retry
    half = types.ModuleType("anthropic")  # as sys.modules holds it while its import is under way
    monkeypatch.setitem(sys.modules, "anthropic", half)
    import openai  # a core dependency: the SDK of the run's provider
    assert retry._sdk_errors("RateLimitError") == (openai.RateLimitError,)
