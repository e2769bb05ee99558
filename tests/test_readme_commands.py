"""The README is a contract: every command README.md and docs/plugins.md show in a code block is run here
as a newcomer would run it, so a command that breaks, or stops printing what the page says it prints, fails
the suite.

How a page's commands are read and run:

- Fenced blocks (bash, sh or none) and indented blocks. In a block with ``$ `` prompts only those lines are
  commands and the lines after one are what it prints; otherwise every line is a command (``\\`` joins
  lines, ``# …`` is a comment, ``&&`` separates commands).
- ``litlens …``, ``litlens-gui`` and ``python -m litlens …`` are run. ``python bench/…`` is left to
  tests/test_bench_smoke.py; ``python3 -m venv``, ``. activate``, ``pip install`` and ``python -m pytest``
  are not run (the wheel test installs LitLens into a fresh environment), but what ``pip install`` names
  is checked below.
- The blocks under one heading are one session, run in order: a fresh temporary folder laid out like a fresh clone (``resources/
  samples/`` is there), an empty database (``LITLENS_DB``), no keyring, no spaCy pipeline overrides.
- Where the README says the tests substitute something, it is substituted: the OpenAI and Anthropic
  providers reach the local fake provider server (tests/fakeserver.py) through the SDKs' own
  ``OPENAI_BASE_URL``/``ANTHROPIC_BASE_URL``; ``answers/*.json`` are the README's own answers-file example;
  docs/plugins.md's plug-in is its own ``pyproject.toml`` and ``litlens_shape.py`` made installed (a
  ``.dist-info`` with its entry point on ``PYTHONPATH``, what ``pip install .`` leaves behind); a command
  that needs a GGUF model file is checked against ``--help`` (each flag it uses must exist).
- The window (``litlens gui``, ``litlens-gui``) opens offscreen and is closed by a timer once shown.
- A command fails the test when it exits non-zero, ends in a traceback, or its output lacks what the page
  says it prints: the output lines under a ``$`` command (``…`` ends a line's checked part) and the quoted
  text of a ``# lists "…"`` or ``# prints "…"`` comment.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import textwrap
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from fakeserver import FakeServer

ROOT = Path(__file__).resolve().parents[1]
PAGES = (ROOT / "README.md", ROOT / "docs" / "plugins.md")
BIN = Path(sys.executable).parent
RUNNABLE = ("litlens", "litlens-gui")
NOT_RUN = ("python3 -m venv", "python -m venv", ". .venv/bin/activate", "source .venv/bin/activate",
           "pip install", "python -m pytest", "python bench/", "python3 bench/", "SCIPY_PATH=",
           "CMAKE_ARGS=")
QUIT_MS = 2500


@dataclass
class Shown:
    """One command a page shows: where, the command, and what the page says it prints."""

    page: str
    line: int
    command: str
    output: list[str] = field(default_factory=list)  # lines under a "$ command"
    says: list[str] = field(default_factory=list)  # quoted text of a "# lists/prints ..." comment


@dataclass
class Block:
    page: str
    line: int
    lang: str
    body: str
    section: str = ""  # the heading it is under


def code_blocks(page: Path) -> list[Block]:
    """Fenced blocks (with their language) and 4-space indented blocks outside fences."""
    name = page.relative_to(ROOT).as_posix()
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    heading = ""
    i = 0
    while i < len(lines):
        if lines[i].startswith("#") and re.match(r"^#+ ", lines[i]):
            heading = lines[i].lstrip("#").strip()
        fence = re.match(r"^(\s*)```(\w*)\s*$", lines[i])
        if fence:
            indent, lang, start = fence.group(1), fence.group(2), i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            body = textwrap.dedent("\n".join(lines[start:j]))
            out.append(Block(name, i + 1, lang, body, heading))
            i = j + 1
            continue
        if lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()) and \
                lines[i].strip().startswith("$ "):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
                j += 1
            out.append(Block(name, i + 1, "", textwrap.dedent("\n".join(lines[i:j])).strip("\n"), heading))
            i = j
            continue
        i += 1
    return out


def _strip_comment(line: str) -> tuple[str, str]:
    """(command, comment) of a shell line; a ``#`` inside quotes is not a comment."""
    quote = None
    for k, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1].isspace()):
            return line[:k].rstrip(), line[k + 1:].strip()
    return line.rstrip(), ""


def _says(comment: str) -> list[str]:
    return re.findall(r"(?:lists|prints|says)\s+\"([^\"]+)\"", comment)


def commands(block: Block) -> list[Shown]:
    """The commands of a shell block, in order, with what the page says each prints."""
    if block.lang not in ("", "bash", "sh", "shell", "console"):
        return []
    raw = block.body.splitlines()
    prompted = any(line.startswith("$ ") for line in raw)
    if not prompted and block.lang == "":
        return []  # a plain block without prompts is a listing (a table, a folder tree), not commands
    out: list[Shown] = []
    k = 0
    while k < len(raw):
        line, first = raw[k], k
        if prompted and not line.startswith("$ "):
            if out and line.strip():
                out[-1].output.append(line)
            k += 1
            continue
        text = line[2:] if prompted else line
        while text.rstrip().endswith("\\") and k + 1 < len(raw):
            k += 1
            text = text.rstrip()[:-1] + " " + raw[k].strip()
        k += 1
        text, comment = _strip_comment(text)
        for part in (p.strip() for p in text.split("&&")):
            if part:
                out.append(Shown(block.page, block.line + first + 1, part, says=_says(comment)))
    return out


def runnable(cmd: Shown) -> bool:
    if cmd.command.startswith(NOT_RUN):
        return False
    first = shlex.split(cmd.command)[0]
    return first in RUNNABLE or cmd.command.startswith(("python -m litlens", "python3 -m litlens"))


BLOCKS = [b for page in PAGES for b in code_blocks(page) if any(runnable(c) for c in commands(b))]
SESSIONS: dict[str, list[Block]] = {}
for _b in BLOCKS:
    SESSIONS.setdefault(f"{_b.page}:{_b.section or 'top'}", []).append(_b)


# ---- the session a block runs in ---------------------------------------------------------------------
WRAPPER = """#!{python}
import os, sys
import litlens.ui.main as gui

def run_event_loop(qapp):  # the window opens for real, and a timer closes it once it has been shown
    from PySide6.QtCore import QTimer
    shown = []

    def close():
        shown.extend(w.windowTitle() for w in qapp.topLevelWidgets()
                     if w.isWindow() and w.isVisible() and w.inherits("QMainWindow"))
        qapp.quit()
    QTimer.singleShot(int(os.environ["README_TEST_QUIT_MS"]), close)
    code = qapp.exec()
    print("README-TEST: window shown:", shown[0] if shown else "NONE", flush=True)
    return code if shown else 99

gui.run_event_loop = run_event_loop
{call}
"""


def _wrappers(bin_dir: Path) -> None:
    """``litlens`` and ``litlens-gui`` as the installed scripts are, but with the window's event loop
    ended by a timer (nothing else differs: the same ``main`` runs)."""
    bin_dir.mkdir()
    calls = {"litlens": "from litlens.app.cli.main import main\nsys.exit(main())",
             "litlens-gui": "sys.exit(gui.main())"}
    for name, call in calls.items():
        path = bin_dir / name
        path.write_text(WRAPPER.format(python=sys.executable, call=call), encoding="utf-8")
        path.chmod(0o755)


def _answers_example() -> str:
    """The answers file the README shows (the ```json block in "litlens-answers" format)."""
    for block in code_blocks(ROOT / "README.md"):
        if block.lang == "json" and '"litlens-answers"' in block.body:
            return block.body
    raise AssertionError("README.md shows no answers-file example")


def _plugin_installed(home: Path) -> Path:
    """docs/plugins.md's example package, as ``pip install .`` would leave it: the module and a
    ``.dist-info`` naming its entry point, on a folder put on PYTHONPATH."""
    blocks = code_blocks(ROOT / "docs" / "plugins.md")
    meta = tomllib.loads(next(b.body for b in blocks if b.lang == "toml"))
    project, (module_name,) = meta["project"], meta["tool"]["setuptools"]["py-modules"]
    site = home / "site"
    site.mkdir()
    module = next(b.body for b in blocks if b.lang == "python" and "class " in b.body)
    (site / f"{module_name}.py").write_text(module, encoding="utf-8")
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: "
                                   f"{project['version']}\n", encoding="utf-8")
    eps = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in items.items()) + "\n"
                  for group, items in project["entry-points"].items())
    (info / "entry_points.txt").write_text(eps, encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def provider() -> FakeServer:
    with FakeServer() as server:
        yield server


def session(tmp: Path, provider: FakeServer, page: str) -> dict[str, str]:
    """A fresh clone's folder and a newcomer's environment, with the substitutions the module doc names."""
    (tmp / "resources").mkdir()
    (tmp / "resources" / "samples").symlink_to(ROOT / "resources" / "samples")
    (tmp / "answers").mkdir()
    (tmp / "answers" / "ana.json").write_text(_answers_example(), encoding="utf-8")
    _wrappers(tmp / "bin")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LITLENS_", "OPENAI_", "ANTHROPIC_"))}
    env.update({
        "PATH": f"{tmp / 'bin'}{os.pathsep}{BIN}{os.pathsep}{env.get('PATH', '')}",
        "QT_QPA_PLATFORM": "offscreen", "README_TEST_QUIT_MS": str(QUIT_MS), "PYTHONUNBUFFERED": "1",
        "HOME": str(tmp / "home"), "XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_CACHE_HOME": str(tmp / "cache"), "LITLENS_DB": str(tmp / "litlens.db"),
        "LITLENS_LOG_DIR": str(tmp / "logs"), "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring",
        "OPENAI_BASE_URL": provider.openai_base_url, "OPENAI_API_KEY": "sk-readme-test",
        "ANTHROPIC_BASE_URL": provider.anthropic_base_url, "ANTHROPIC_API_KEY": "sk-ant-readme-test",
    })
    if page == "docs/plugins.md":
        env["PYTHONPATH"] = str(_plugin_installed(tmp))
    return env


def _needs_model_file(cmd: str) -> bool:
    return "--model-file" in cmd and ".gguf" in cmd


def _checked_by_help(cmd: Shown, env: dict[str, str], cwd: Path) -> None:
    """A command that needs a model file this machine has not got: every flag it uses must be one that
    ``--help`` of the same sub-command lists."""
    words = shlex.split(cmd.command)
    sub = [w for w in words[1:] if not w.startswith("-")][:1]
    helped = subprocess.run([words[0], *sub, "--help"], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=60)
    assert helped.returncode == 0, helped.stderr
    for flag in (w.split("=")[0] for w in words if w.startswith("--")):
        assert flag in helped.stdout, f"{cmd.page}:{cmd.line}: {flag} is not in `{' '.join(sub)} --help`"


def _normal(text: str) -> str:
    return " ".join(text.split())


def _check_output(cmd: Shown, printed: str) -> None:
    flat = _normal(printed)
    for line in cmd.output:
        want = _normal(line.split("…")[0])
        assert want in flat, f"{cmd.page}:{cmd.line}: `{cmd.command}` did not print {line!r}\n{printed[-3000:]}"
    for text in cmd.says:
        assert _normal(text) in flat, f"{cmd.page}:{cmd.line}: `{cmd.command}` did not print {text!r}"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SESSIONS))
def test_every_command_shown_runs(name: str, provider: FakeServer, tmp_path: Path) -> None:
    blocks = SESSIONS[name]
    env = session(tmp_path, provider, blocks[0].page)
    for cmd in (c for block in blocks for c in commands(block)):
        if not runnable(cmd):
            continue
        if _needs_model_file(cmd.command):
            _checked_by_help(cmd, env, tmp_path)
            continue
        proc = subprocess.run(["/bin/bash", "-c", cmd.command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)
        printed = proc.stdout + "\n" + proc.stderr
        assert proc.returncode == 0 and "Traceback (most recent call last)" not in proc.stderr, \
            f"{cmd.page}:{cmd.line}: `{cmd.command}` exited {proc.returncode}\n{printed[-3000:]}"
        if "gui" in cmd.command.split()[:2] or cmd.command.startswith("litlens-gui"):
            assert "README-TEST: window shown:" in proc.stdout, printed[-3000:]
        _check_output(cmd, printed)


# ---- what the pages promise about the command line itself --------------------------------------------
def test_the_pages_show_commands_and_the_quick_start_uses_files_that_exist() -> None:
    shown = [c for b in BLOCKS for c in commands(b) if runnable(c)]
    assert len(shown) >= 15, [c.command for c in shown]
    quick = [c for c in shown if c.page == "README.md"][:4]
    for cmd in quick:
        for word in shlex.split(cmd.command):
            value = word.split("=", 1)[-1]
            if re.search(r"\.(txt|md|docx)$", value):
                assert (ROOT / value).is_file(), f"README.md:{cmd.line}: {value} does not exist in a checkout"


def test_pip_install_names_what_can_be_installed() -> None:
    """``pip install "litlens[...]"`` names a package that is not on the index: from a checkout it is
    ``pip install ".[extra]"``, and the extra must exist."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"pip install (?:-e )?([\"']?)([^\s\"'`]+)\1", text):
            target = m.group(2)
            assert not target.startswith("litlens"), f"{page.name}: `{m.group(0)}`: litlens is not on the index"
            extra = re.fullmatch(r"\.\[([\w,-]+)\]", target)
            if extra:
                assert set(extra.group(1).split(",")) <= set(extras), f"{page.name}: `{m.group(0)}`"


def _cli(*args: str, env: dict[str, str] | None = None, tmp: Path) -> subprocess.CompletedProcess[str]:
    base = {**os.environ, "LITLENS_DB": str(tmp / "l.db"), "XDG_DATA_HOME": str(tmp / "data"),
            "LITLENS_LOG_DIR": str(tmp / "logs")}
    base.pop("LITLENS_SPACY_PIPELINES", None)
    return subprocess.run([sys.executable, "-m", "litlens", *args], capture_output=True, text=True,
                          env={**base, **(env or {})}, timeout=240, cwd=tmp)


def test_every_argument_has_help_and_descriptions_are_plain_text() -> None:
    import argparse

    from litlens.app.cli.main import build_parser
    missing, raw = [], []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        if (parser.description or "").lstrip().startswith("`") or "``" in (parser.description or ""):
            raw.append(path)
        for action in parser._actions:  # argparse keeps them only here
            if isinstance(action, argparse._SubParsersAction):
                helped = {a.dest for a in action._choices_actions if a.help}
                for name, sub in action.choices.items():
                    if name not in helped:
                        missing.append(f"{path} {name}")
                    walk(sub, f"{path} {name}")
            elif not isinstance(action, argparse._HelpAction) and not action.help:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(), "litlens")
    assert missing == [] and raw == [], (missing, raw)


def test_an_unknown_judge_is_answered_with_the_closest_match(tmp_path: Path) -> None:
    proc = _cli("evaluate", "--sample", "--judge", "honorific", tmp=tmp_path)
    assert proc.returncode == 2 and "did you mean 'honorifics'" in proc.stderr, proc.stderr


def test_a_pipeline_override_that_is_missing_is_not_called_installed(tmp_path: Path) -> None:
    env = {"LITLENS_SPACY_PIPELINES": f"de={tmp_path / 'no-such-pipeline'}"}
    listed = _cli("models", "list", "de", env=env, tmp=tmp_path)
    assert listed.returncode == 0
    row = next(line for line in listed.stdout.splitlines() if line.startswith("German"))
    assert row.split()[3] == "no", listed.stdout
    run = _cli("evaluate", "--sample", "--judge", "consistency", "--quiet", env=env, tmp=tmp_path)
    assert run.returncode == 0 and "no-such-pipeline does not exist" in run.stderr, run.stderr


def test_rank_offers_the_local_provider(tmp_path: Path) -> None:
    proc = _cli("rank", "--help", tmp=tmp_path)
    assert "local" in proc.stdout and "--model-file" in proc.stdout
