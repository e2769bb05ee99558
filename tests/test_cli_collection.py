"""`litlens evaluate` runs with automatic garbage collection paused (a book's analysis and results are
millions of objects that every full collection walked again, freeing nothing) and leaves it as it found it."""

from __future__ import annotations

import gc

import pytest

from litlens.app.cli import main as cli
from litlens.app.judges import consistency
from litlens.app.reports import stream


@pytest.fixture()
def seen(monkeypatch):
    """Whether automatic collection was on while the judge analysed and while the results were printed."""
    found: dict[str, bool] = {}
    analyse, write = consistency.analyse_candidate, stream.write_json

    def analysing(*a, **kw):
        found["analysis"] = gc.isenabled()
        return analyse(*a, **kw)

    def writing(*a, **kw):
        found["output"] = gc.isenabled()
        return write(*a, **kw)

    monkeypatch.setattr(consistency, "analyse_candidate", analysing)
    monkeypatch.setattr(stream, "write_json", writing)
    was = gc.isenabled()
    gc.enable()
    yield found
    if not was:
        gc.disable()


def test_evaluate_analyses_and_prints_with_collection_paused_then_resumes_it(seen, tmp_path, capsys):
    code = cli.main(["--db", str(tmp_path / "db.sqlite"), "evaluate", "--sample", "--judge", "consistency",
                     "--quiet", "--format", "json", "--option", "consistency.spacy_model="])
    assert code == 0 and '"results"' in capsys.readouterr().out
    assert seen == {"analysis": False, "output": False}
    assert gc.isenabled()  # on again once the command is done


def test_collection_resumes_when_the_command_fails(seen, tmp_path, capsys):
    code = cli.main(["--db", str(tmp_path / "db.sqlite"), "evaluate", "--sample", "--judge", "no-such-judge"])
    assert code != 0 and "unknown judge" in capsys.readouterr().err
    assert gc.isenabled()
