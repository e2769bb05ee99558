"""A spaCy pipeline that is not installed is known to be missing before spaCy is imported (its import alone
cost a book's run seconds and 100+ MB), and the fallback says so as before."""

from __future__ import annotations

import subprocess
import sys

from litlens.app.texts.terms import installed_pipeline


def test_a_missing_pipeline_never_imports_spacy():
    code = ("import sys\n"
            "from litlens.app.texts.terms import find_terms\n"
            "r = find_terms('Anna met Anna. Anna left.', 'en', 'en_core_web_sm_not_here')\n"
            "print(r.method, 'spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["fallback", "False"]


def test_what_counts_as_a_pipeline_to_load(tmp_path):
    assert installed_pipeline(str(tmp_path))  # a pipeline folder
    assert installed_pipeline("blank:en")
    assert installed_pipeline("json")  # an importable package (spaCy decides whether it is a pipeline)
    assert not installed_pipeline("en_core_web_sm_not_here")
    assert not installed_pipeline("no_such.sub.package")
