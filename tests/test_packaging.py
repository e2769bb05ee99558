"""Resources load the same way from the source tree and from an installed wheel."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from litlens.app.core import prompts
from litlens.app.core.resources import read_resource, resource_root

ROOT = Path(__file__).resolve().parents[1]


def test_prompts_and_sample_load_from_the_checkout():
    assert (resource_root() / "prompts").is_dir()
    assert "Lexical choice" in read_resource("prompts", "da_mqm", "rubric.j2")
    v = prompts.version("da_mqm", "da-mqm/1")
    assert v.startswith("da-mqm/1+") and v == prompts.version("da_mqm", "da-mqm/1")


def test_frozen_build_looks_under_meipass(monkeypatch, tmp_path):
    (tmp_path / "resources").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_root() == tmp_path / "resources"


@pytest.mark.slow
def test_installed_wheel_carries_resources(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, timeout=600, capture_output=True)
    wheel = next(wheels.glob("litlens-*.whl"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, timeout=600, capture_output=True)
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"litlens"}, tops  # one import namespace: no top-level app/, ui/ or resources/
    assert not [n for n in names if n.endswith("make_ts.py")]  # developer tools stay out
    assert "litlens/resources/prompts/da_mqm/rubric.j2" in names
    code = ("import litlens.app as app, litlens.app.core.prompts as p, litlens.app.core.resources as r, "
            "litlens.app.core.sample as s; "
            "print(app.__file__); print(r.resource_root()); "
            "print(p.render('da_mqm/user.j2', source='S', translation='T', reference=None, "
            "score_honorifics=True)); print(s.sample_paths()['name'])")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith(str(target)) and lines[1].startswith(str(target))
    assert "<translation>" in out.stdout


def test_the_checkout_is_laid_out_as_the_installed_package():
    """litlens/app, litlens/ui and litlens/resources are links to the top-level folders, and setuptools finds
    every package through them: a tool that maps a module name to a path follows every import."""
    for name in ("app", "ui", "resources"):
        link = ROOT / "litlens" / name
        assert link.is_symlink() and link.resolve() == (ROOT / name).resolve()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "package-dir" not in config  # the links, not a mapping, make the namespace
    from setuptools import find_packages
    found = set(find_packages(where=str(ROOT), include=config["packages"]["find"]["include"]))
    expected = {"litlens"} | {".".join(["litlens", *init.parent.relative_to(ROOT).parts])
                              for folder in ("app", "ui", "resources")
                              for init in (ROOT / folder).rglob("__init__.py") if "__pycache__" not in init.parts}
    assert found == expected
