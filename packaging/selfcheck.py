"""``litlens --self-check``: proves a frozen bundle holds everything LitLens loads lazily.

PyInstaller only sees static imports, so the parts found at run time (data files, the Kiwi model that
kiwipiepy's C extension locates through ``kiwipiepy_model``, spaCy's language registry, judges found by
entry points, Qt plug-ins) are the ones a bundle silently loses. Each check exercises one of them for real
and prints one line; the last line is ``OK`` only when every check passed.
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

KOREAN_TEXT = "나는 어제 학교에 갔다. 선생님께서 반갑게 맞아 주셨어요."
ENGLISH_TEXT = "The rain stopped at noon. Did she notice? Nobody could say!"


def check_resources() -> str:
    from litlens.app.core.resources import resource_root
    root = resource_root()
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen and Path(frozen) not in root.parents:  # a frozen build must not read the source checkout
        raise RuntimeError(f"resources found outside the bundle: {root}")
    needed = ["prices.json", "model_rules.json", "icons/litlens.svg", "mqm/typology.json",
              "samples/sample.json"]
    missing = [n for n in needed if not (root / n).is_file()]
    if missing:
        raise RuntimeError(f"missing under {root}: {', '.join(missing)}")
    return f"{sum(1 for p in root.rglob('*') if p.is_file())} files under {root}"


def check_prompts() -> str:
    from litlens.app.core import prompts
    # the paper protocol's prompt for one criterion (seed 000, App. C rubric of Lexical Choice only)
    variables = dict(source_language="English", target_language="Korean", reference=None,
                     criteria=["lexical"], names=["Lexical Choice"], guidelines=False, skipped=[],
                     rationale=False)
    system = prompts.render("da_mqm/system.j2", **variables)  # pulls in da_mqm/rubric.j2 by {% include %}
    user = prompts.render("da_mqm/user.j2", source="Hello.", translation="안녕하세요.", **variables)
    if "<translation>" not in user or "안녕하세요." not in user or "Korean" not in system:
        raise RuntimeError("the DA-MQM prompt rendered without its translation block or language")
    return (f"da_mqm prompts rendered ({len(system) + len(user)} chars), "
            f"version {prompts.version('da_mqm', 'check')}")


def check_kiwi() -> str:
    from litlens.app.korean.kiwi import analyze, get_kiwi
    kiwi = get_kiwi()
    tokens, _score = analyze(KOREAN_TEXT)[0]
    forms = [t.form for t in tokens]
    if "학교" not in forms:
        raise RuntimeError(f"unexpected Kiwi analysis: {forms}")
    return f"Kiwi {type(kiwi).__module__} analysed {len(tokens)} morphemes"


def check_sentences() -> str:
    from litlens.app.texts.segment import split_sentences
    en = split_sentences(ENGLISH_TEXT, "en")
    ko = split_sentences(KOREAN_TEXT, "ko")
    if len(en) != 3 or len(ko) != 2:
        raise RuntimeError(f"sentence split gave {len(en)} English and {len(ko)} Korean sentences "
                           "(want 3 and 2)")
    return "English 3 sentences (spaCy sentencizer), Korean 2 sentences (Kiwi)"


def check_judges() -> str:
    from litlens.app.judges import registry
    judges, errors = registry.available(), registry.load_errors()
    if errors:
        raise RuntimeError("; ".join(f"{k}: {v}" for k, v in errors.items()))
    if not judges:
        raise RuntimeError("no judge registered: the litlens entry-point metadata is not in the bundle")
    return f"{len(judges)} judges: {', '.join(judges)}"


def check_sample() -> str:
    from litlens.app.core.sample import load_sample
    project = load_sample()
    return f"sample project {project.name!r} with {len(project.candidates)} candidates"


def check_libraries() -> str:
    import anthropic
    import keyring
    import openai
    from sacrebleu.metrics import BLEU
    bleu = BLEU(effective_order=True).sentence_score("the cat sat on the mat", ["the cat sat on a mat"])
    if not 0 < bleu.score < 100:
        raise RuntimeError(f"implausible BLEU {bleu.score}")
    backend = keyring.get_keyring()
    return (f"openai {openai.__version__}, anthropic {anthropic.__version__}, BLEU {bleu.score:.1f}, "
            f"keyring backend {type(backend).__name__}")


def check_cjk() -> str:
    """Japanese (MeCab + ipadic) and Chinese (jieba) analysers with their dictionaries in the bundle."""
    from litlens.app.texts import cjk_terms
    missing = [lang for lang in ("ja", "zh") if not cjk_terms.available(lang)]
    if missing:
        raise RuntimeError(f"no morphological analyser for {', '.join(missing)}")
    import MeCab
    import ipadic
    words = MeCab.Tagger(ipadic.MECAB_ARGS).parse("山田太郎は東京に行った。").count("\n")
    return f"MeCab {words} lines, jieba loaded"


def check_qt() -> str:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from litlens.app.core.resources import resource_path
    from litlens.ui.shell.window import MainWindow
    qapp = QApplication.instance() or QApplication([sys.argv[0]])
    icon = QIcon(str(resource_path("icons", "litlens.svg")))
    if icon.pixmap(64, 64).isNull():  # needs the bundled Qt SVG image-format plug-in
        raise RuntimeError("the SVG icon did not render: Qt's svg image-format plug-in is missing")
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(Path(tmp) / "check.db")
        window.show()
        qapp.processEvents()
        window.close()
        window.deleteLater()
        qapp.processEvents()
    return f"Qt platform {qapp.platformName()}: icon rendered, main window opened and closed"


def run_self_check(gui: bool = True) -> int:
    """Run every check, print one line each, and return 0 only when all passed."""
    checks: list[tuple[str, Callable[[], str]]] = [
        ("resources", check_resources), ("prompts", check_prompts), ("kiwi", check_kiwi),
        ("sentences", check_sentences), ("judges", check_judges), ("sample", check_sample),
        ("libraries", check_libraries), ("cjk", check_cjk)]
    if gui:
        checks.append(("qt", check_qt))
    failed = 0
    for name, check in checks:
        try:
            print(f"ok {name}: {check()}", flush=True)
        except Exception as exc:  # report every broken part in one run, not just the first
            failed += 1
            print(f"FAILED {name}: {type(exc).__name__}: {exc}", flush=True)
            traceback.print_exc(file=sys.stderr)
    print("OK" if not failed else f"FAILED ({failed} of {len(checks)} checks)", flush=True)
    return 0 if not failed else 1
