"""Rebuilds the Korean interface translation: extracts every tr() string from ui/ with pyside6-lupdate,
adds the strings our modules translate through helper functions (lupdate cannot see those), fills in
the Korean below, and compiles litlens_ko.qm with pyside6-lrelease.

Usage (from the repository root): python packaging/make_ts.py

A developer's tool: it lives under packaging/ so it never ships in the wheel.
A string without a Korean entry stays "unfinished" in the .ts and shows in English.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from ko_first_use import FIRST_USE_KO  # noqa: E402
from ko_learning import LEARNING_KO  # noqa: E402
from ko_review_loop import REVIEW_LOOP_KO  # noqa: E402
from ko_exercises import EXERCISES_KO  # noqa: E402
from ko_ledger import LEDGER_KO  # noqa: E402
from ko_pipelines import LANGUAGE_NAMES_KO, PIPELINES_KO  # noqa: E402
from ko_explanations import EXPLANATIONS_KO  # noqa: E402
from ko_summaries import RUN_STATUS_KO, SCORES_KO, SUMMARIES_KO  # noqa: E402
from ko_desk import DESK_KO  # noqa: E402
from ko_option_values import OPTION_LABELS_KO, OPTION_VALUES_KO  # noqa: E402
from ko_runs import RUNS_KO  # noqa: E402
ROOT = HERE.parent
TS = ROOT / "resources" / "i18n" / "litlens_ko.ts"
QM = ROOT / "resources" / "i18n" / "litlens_ko.qm"

# Strings passed to QCoreApplication.translate(context, variable) through small helpers.
EXTRA = {
    "PairLayout": ["Source", "(no matching paragraph)"],
    "PairView": ["critical", "major", "minor", "neutral", "wavy", "solid", "dashed", "dotted", "Suggestion:",
                 "accepted", "rejected", "corrected", "applied", "outdated", "added", "Add a finding for the selected text…",
                 "Copy", "Edit this paragraph", "Apply the correction", "Show in the findings list",
                 "Edit the translation of this paragraph", "Ctrl+Enter or click elsewhere to save, Esc to cancel",
                 "Source and translation, paragraph by paragraph", "(the words it was about changed)",
                 "Outdated by your edit"],
    "FindingsList": ["critical", "major", "minor", "neutral", "open", "accepted", "corrected", "rejected", "added",
                     "applied", "outdated", "Outdated by your edit",
                     "Suggestion:", "Source:"],
    "JudgePanel": ["This judge does not say which paper it follows.", "Prompt version: {0}",
                   "{0} already stored (reused, free)", "nothing new to run: {0} already stored (reused, free)", "none (offline)", "OpenAI-compatible server", "Local model (GGUF)", "~{0} in / {1} out tokens", "price of {0} unknown"],
    "Learning": ["critical", "major", "minor", "Your examples",
                 "Grammatical register",  # MQM-Core's, named by the honorifics analyser (ui/common/judge_texts.category_name)
                 "None yet. Findings you accept, correct or add while reviewing appear here."],
    "Summaries": list(SUMMARIES_KO),  # the judges' table titles and headers (ui/views/table.shown)
    "Scores": list(SCORES_KO),  # score dimensions (ui/views/scores.dimension_name)
    "RunHistory": ["{0} · failed units", "{0} · {1} findings", "critical", "major", "minor", "neutral",
                   "offline", *RUN_STATUS_KO],  # a stored run's provider and status
    "RunBar": ["Ready", "Finished", "Cancelled", "Stopped at the budget", "Stopped", "Running {0}…",
               "Run failed: {0}", "units", "calls", "tokens", "failed", "reused"],
    "SettingsDialog": ["light", "dark"],
    "ExerciseWindow": ["critical", "major", "minor", "neutral"],
    "MakeExerciseDialog": ["critical", "major", "minor", "neutral"],
    "ExportDialog": ["Report — HTML page", "Report — PDF", "Findings — Excel (XLSX)", "Findings — CSV",
                     "Everything — JSON", "XLIFF with the findings as notes", "Revised translation — plain text",
                     "Revised translation — Word (DOCX)", "Revised translation — XLIFF (original segment IDs)"],
    "FailuresList": ["Raw answer:"],
    "RankingView": ["Winner: {0}", "Tie between {0} (each won equally often across orders)",
                    "Best by mean score: {0}", "Tied on mean score: {0}", "No verdict for this paragraph",
                    "B is not available: no ranking succeeded.",
                    "B = {0} from a single presentation order: run more orders to measure position bias.",
                    "B = {0}: the same winner in every order — the verdict does not depend on presentation order.",
                    "B = {0}, the worst possible here ({1}): the winner changes with presentation order — the "
                    "verdict follows the order, not the translations.",
                    "B = {0} (1 = consistent, {1} = worst possible here): on average {0} different translations "
                    "won across the {2} orders, so presentation order swayed some verdicts.",
                    "Scores are given to each translation alone, so presentation order cannot sway them.",
                    "order {0}: {1}",
                    "  ★ winner", "  = tied", "{0} ranking", "mean Likert score",
                    "Paragraph {0} — {1} translations, by {2}", "Why:", "No rationale (the method gives none).",
                    "Position bias.", "Failed: ", "Overall: {0}.", "Wins over resampled paragraphs: {0}.",
                    "Over presentation orders: {0}.",
                    "No ranking yet. Run a ranking judge (TransEvalnia, for one) on two or more translations."],
    "Languages": list(LANGUAGE_NAMES_KO),
    # judges' own reasons for not running that the judge panel shows (ui/common/judge_texts.unavailable_reason)
    "JudgeReasons": ["The Korean honorifics judge reads Korean texts, and no text in this project is Korean.",
                     "The Korean spelling judge reads Korean translations, and no translation in this project is Korean."],  # New project's language choosers (app.core.languages.NAMES)
}

# contexts whose short words mean something else elsewhere ("scores" the option, "scores" the choice)
BY_CONTEXT = {"JudgeOptionValues": OPTION_VALUES_KO, "JudgeOptions": OPTION_LABELS_KO}

KO = {
    # first: a string translated elsewhere as well keeps that translation
    **SUMMARIES_KO, **SCORES_KO, **RUN_STATUS_KO,
    **LEARNING_KO,
    **REVIEW_LOOP_KO,
    **EXERCISES_KO,
    **LEDGER_KO,
    **PIPELINES_KO,
    **LANGUAGE_NAMES_KO,
    **DESK_KO,
    **RUNS_KO,
    # result docks chosen by payload type, the run history's resume, the local model
    "Radar": "레이더", "Summaries": "요약 표", "Show": "보기",
    "Nothing here yet: run a judge whose results include this view ({0}).":
        "아직 내용이 없습니다. 이 보기({0})를 결과로 내는 평가기를 실행하세요.",
    "Resume the selected run": "선택한 실행 이어서 하기",
    "Run what an interrupted, cancelled or stopped run did not finish; what it finished is reused, not paid for again":
        "중단·취소·정지된 실행이 끝내지 못한 부분만 실행합니다. 끝난 부분은 다시 쓰며 비용을 다시 내지 않습니다",
    "The run could not start: {0}": "실행을 시작할 수 없습니다: {0}",
    "choose a .gguf file in Settings": "설정에서 .gguf 파일을 고르세요",
    "No model file chosen yet (File › Settings › Providers)": "아직 모델 파일을 고르지 않았습니다 (파일 › 설정 › 제공자)",
    "a .gguf model file": ".gguf 모델 파일", "auto": "자동", "all": "모두",
    "Tokens the model sees at once: prompt plus answer": "모델이 한 번에 보는 토큰 수: 프롬프트와 답변을 합친 값",
    "Layers offloaded to a GPU: 0 runs on the CPU only": "GPU로 옮길 층 수: 0이면 CPU만 씁니다",
    "Model file": "모델 파일", "Context size": "문맥 크기", "Threads": "스레드", "GPU layers": "GPU 층",
    "Runs on this computer: nothing is sent anywhere, no key is needed and requests run one at a time.":
        "이 컴퓨터에서 실행됩니다. 아무것도 밖으로 보내지 않고 키도 필요 없으며 요청은 하나씩 처리됩니다.",
    "Local model": "로컬 모델", "GGUF models (*.gguf);;All files (*)": "GGUF 모델 (*.gguf);;모든 파일 (*)",
    "The local provider needs llama-cpp-python, which is not installed. Install it with: {0}":
        "로컬 제공자에는 llama-cpp-python이 필요한데 설치되어 있지 않습니다. 다음으로 설치하세요: {0}",
    "GGUF model “{0}”.": "GGUF 모델 “{0}”.",
    "Choose a GGUF model file to judge offline.": "오프라인으로 평가하려면 GGUF 모델 파일을 고르세요.",
    # menus and window
    "&File": "파일(&F)", "&New project…": "새 프로젝트(&N)…",
    "&Open source and translation…": "원문과 번역 열기(&O)…", "Open &sample": "예제 열기(&S)",
    "&Recent projects": "최근 프로젝트(&R)", "&Settings…": "설정(&S)…", "&Quit": "끝내기(&Q)",
    "&Run": "실행(&R)", "&Run the ticked judges": "선택한 평가기 실행(&R)", "&Cancel the run": "실행 취소(&C)",
    "Re&view": "검토(&V)", "&Next finding": "다음 지적(&N)", "&Previous finding": "이전 지적(&P)",
    "&Accept finding": "지적 수락(&A)", "&Reject finding": "지적 거부(&R)", "&Correct finding…": "지적 수정(&C)…",
    "A&dd finding from selected text…": "선택한 글에 지적 추가(&D)…", "&Undo decision": "결정 취소(&U)",
    "&View": "보기(&V)", "&Light palette": "밝은 테마(&L)", "&Dark palette": "어두운 테마(&D)",
    "Speech-level &badges": "높임 등급 배지(&B)", "&Help": "도움말(&H)",
    "&Learn the categories": "범주 배우기(&L)", "Judges and provider": "평가기와 제공자",
    "The sample could not be opened": "예제를 열 수 없습니다",
    "These files could not be opened": "이 파일들을 열 수 없습니다",
    "The project could not be opened": "프로젝트를 열 수 없습니다", "Opening…": "여는 중…", "Ready": "준비",
    "(none yet)": "(아직 없음)", "Nothing to review": "검토할 글이 없습니다",
    "Open a source and a translation first (File menu).": "먼저 원문과 번역을 여세요(파일 메뉴).",
    "Choose at least one judge.": "평가기를 하나 이상 고르세요.", "Correct the finding": "지적 수정",
    "Select text in the translation column first.": "먼저 번역 열에서 글을 선택하세요.",
    "Add a finding": "지적 추가",
    # docks
    "Findings": "지적 사항", "Scores": "점수", "VERSE radar": "VERSE 레이더", "Ranking": "순위",
    "Speech levels": "높임 등급", "speech level": "높임 등급", "Terms": "용어", "Agreement": "일치도", "Runs": "실행 기록",
    "Failures": "실패",
    # pair view and layout
    "Source": "원문", "(no matching paragraph)": "(대응하는 문단 없음)",
    "Which translation to show beside the source": "원문 옆에 보여 줄 번역",
    "Translation:": "번역:", "≠ {0} rows not aligned one-to-one": "≠ {0}개 행이 일대일로 정렬되지 않음",
    "critical": "치명", "major": "중대", "minor": "경미", "neutral": "중립",
    "wavy": "물결선", "solid": "실선", "dashed": "파선", "dotted": "점선",
    "Suggestion:": "제안:", "Source:": "원문:", "accepted": "수락함", "rejected": "거부함", "edited": "수정함",
    "added": "추가함", "new": "새 지적", "open": "검토 전", "corrected": "수정함", "applied": "적용함", "Add a finding for the selected text…": "선택한 글에 지적 추가…",
    "This judge does not say which paper it follows.": "이 평가기는 어떤 논문을 따르는지 밝히지 않습니다.",
    "Prompt version: {0}": "프롬프트 버전: {0}",
    "Copy": "복사", "Edit this paragraph": "이 문단 고치기", "Apply the correction": "수정 제안 적용",
    "Show in the findings list": "지적 목록에서 보기",
    "Edit the translation of this paragraph": "이 문단의 번역 고치기",
    "Ctrl+Enter or click elsewhere to save, Esc to cancel": "Ctrl+Enter나 다른 곳을 눌러 저장, Esc로 취소",
    "Source and translation, paragraph by paragraph": "문단별 원문과 번역",
    "(the words it was about changed)": "(지적한 낱말이 바뀌었습니다)",
    # findings list
    "All judges": "모든 평가기", "All categories": "모든 범주", "All severities": "모든 심각도",
    "Any status": "모든 상태", "Severity": "심각도", "¶": "¶", "Judge": "평가기", "Category": "범주",
    "Text": "글", "Review": "검토", "Explanation": "설명",
    "Select a finding to read it in full.": "지적을 고르면 전체 내용을 볼 수 있습니다.",
    "{0} of {1} findings": "지적 {1}개 중 {0}개", "{0} findings": "지적 {0}개",
    "{0} (not located in the text)": "{0} (본문에서 찾지 못함)",
    "You accepted this finding.": "이 지적을 수락했습니다.", "You rejected this finding.": "이 지적을 거부했습니다.",
    "You corrected it to {0} · {1}.": "{0} · {1}(으)로 수정했습니다.",
    # review
    "✓ Accept": "✓ 수락", "✗ Reject": "✗ 거부", "✎ Correct…": "✎ 수정…",
    "+ Add from selection…": "+ 선택한 글로 추가…", "Undo decision": "결정 취소",
    "Finding": "지적", "Why (optional)": "이유(선택)", "Start": "시작", "End": "끝", "Note": "메모",
    "(the end must come after the start)": "(끝은 시작보다 뒤여야 합니다)",
    "The review could not be saved ({0}).": "검토 결과를 저장하지 못했습니다({0}).",
    # judge panel
    "Judges": "평가기", "No judges are installed.": "설치된 평가기가 없습니다.",
    "⚠ {0} installed judge(s) could not be loaded": "⚠ 설치된 평가기 {0}개를 불러오지 못했습니다",
    "LLM judges need a provider.": "LLM 평가기에는 제공자가 필요합니다.", "Provider": "제공자",
    "model name": "모델 이름", "the provider's own address": "제공자 기본 주소",
    "Leave empty for OpenAI and Anthropic; an OpenAI-compatible server needs its address, e.g. "
    "http://localhost:11434/v1": "OpenAI와 Anthropic은 비워 두세요. OpenAI 호환 서버는 주소가 필요합니다"
                                 "(예: http://localhost:11434/v1).",
    "no limit": "제한 없음", "The run stops before it would spend more than this":
        "이 금액을 넘기기 전에 실행을 멈춥니다",
    "Model": "모델", "Base URL": "기본 URL", "Budget": "예산", "Run": "실행",
    "Run the ticked judges (Ctrl+R)": "선택한 평가기 실행(Ctrl+R)", "Cancel": "취소", "Estimate": "예상 비용",
    "needs an LLM provider: choose one under Provider": "LLM 제공자가 필요합니다: 제공자에서 고르세요",
    "~{0} in / {1} out tokens": "입력 약 {0} / 출력 {1} 토큰", "price of {0} unknown": "{0} 가격 모름",
    "default": "기본값", "none": "없음",
    # run bar
    "Finished": "완료", "Cancelled": "취소됨", "Stopped at the budget": "예산에 도달해 멈춤", "Stopped": "멈춤",
    "Running {0}…": "{0} 실행 중…", "Run failed: {0}": "실행 실패: {0}", "units": "작업", "calls": "호출",
    "tokens": "토큰", "failed": "실패", "reused": "재사용",
    "Stored results could not be read: {0}": "저장된 결과를 읽지 못했습니다: {0}",
    # results panels
    "Paragraph": "문단", "Method": "방법", "best available": "가장 나은 방법",
    "No speech levels yet: run the Korean honorifics judge.": "아직 높임 등급이 없습니다. 한국어 높임법 평가기를 실행하세요.",
    "Speaker → listener": "화자 → 청자", "Level": "등급", "Sentence": "문장", "unclear": "불분명",
    "Accept (A), reject (R) or correct (E) findings, or add your own from selected text: agreement with "
    "each judge appears here.": "지적을 수락(A), 거부(R), 수정(E)하거나 선택한 글로 직접 추가하면 평가기별 "
                                "일치도가 여기에 나타납니다.",
    "Kept": "유지", "Corrected": "수정", "Rejected": "거부", "Added by you": "직접 추가", "Not reviewed": "미검토",
    "Precision": "정밀도", "Recall": "재현율", "Candidate": "번역", "Unit": "작업 단위", "Error": "오류",
    "Raw answer:": "모델 원문 답:", "Status": "상태", "Units": "작업", "Calls": "호출", "Tokens": "토큰",
    "Cost": "비용", "Compare the two selected runs": "선택한 두 실행 비교", "Figure": "수치",
    "{0} runs · ${1:.4f} spent on this project": "실행 {0}회 · 이 프로젝트에 ${1:.4f} 사용",
    "No runs yet.": "아직 실행 기록이 없습니다.",
    # learning
    "Learn the categories": "범주 배우기", "MQM error categories": "MQM 오류 범주", "MQM severities": "MQM 심각도",
    "VERSE question categories": "VERSE 질문 범주", "Korean speech levels": "한국어 높임 등급",
    "Choose an entry on the left.": "왼쪽에서 항목을 고르세요.", "Your examples": "내 예시",
    "None yet. Findings you accept, correct or add while reviewing appear here.":
        "아직 없습니다. 검토하면서 수락·수정·추가한 지적이 여기에 나타납니다.",
    # new project
    "New project": "새 프로젝트", "from the source file's name": "원문 파일 이름에서",
    "optional: a published or human translation": "선택: 출판된 번역이나 사람의 번역",
    "Add…": "추가…", "Remove": "빼기",
    "Tip: drop files here. The first becomes the source, the others translations.":
        "파일을 여기에 끌어다 놓으세요. 첫 파일은 원문, 나머지는 번역이 됩니다.",
    "Open": "열기", "Name": "이름", "Translations": "번역", "Reference": "참조 번역", "Choose…": "고르기…",
    "Open the source text": "원문 열기", "Open a reference translation": "참조 번역 열기",
    "Add translations": "번역 추가",
    # settings
    "Settings": "설정", "API keys are kept in the system keyring.": "API 키는 시스템 키링에 보관됩니다.",
    "This system has no secure key store. Keys you enter are used for this session only and forgotten "
    "when LitLens closes; set OPENAI_API_KEY or ANTHROPIC_API_KEY in the environment to avoid typing them "
    "again.": "이 시스템에는 안전한 키 저장소가 없습니다. 입력한 키는 이번 세션에만 쓰이고 LitLens를 닫으면 "
             "잊힙니다. 다시 입력하지 않으려면 환경 변수 OPENAI_API_KEY나 ANTHROPIC_API_KEY를 설정하세요.",
    "Preferred provider": "기본 제공자", "Requests at once": "동시 요청 수", "Requests per minute": "분당 요청 수",
    "Tokens per minute": "분당 토큰 수", "Default budget per run": "실행당 기본 예산",
    "An installed spaCy pipeline for English names; without one LitLens falls back to rule-based name "
    "candidates and says so.": "영어 이름을 찾는 spaCy 파이프라인. 없으면 LitLens가 규칙 기반 후보로 대신하고 "
                               "그렇다고 알립니다.",
    "your name, stored with your review decisions": "검토 결정과 함께 저장되는 이름",
    "spaCy pipeline": "spaCy 파이프라인", "Database": "데이터베이스", "Interface language": "화면 언어",
    "Theme": "테마", "Reviewer": "검토자",
    "A new language or database takes effect the next time LitLens starts.":
        "언어나 데이터베이스를 바꾸면 LitLens를 다음에 시작할 때 적용됩니다.",
    "Providers": "제공자", "Limits and budget": "한도와 예산", "General": "일반",
    "Database file": "데이터베이스 파일", "SQLite database (*.db);;All files (*)": "SQLite 데이터베이스 (*.db);;모든 파일 (*)",
    "paste a key to store it": "저장할 키를 붙여 넣으세요", "Save key": "키 저장",
    "Use for this session": "이번 세션에만 사용", "API key": "API 키", "A key is available.": "키가 있습니다.",
    "No key yet.": "아직 키가 없습니다.", "Local servers usually need no key.": "로컬 서버는 대개 키가 필요 없습니다.",
    "light": "밝게", "dark": "어둡게",
    **FIRST_USE_KO,
}

# Tables added later need no import line here: every other packaging/ko_*.py is read, and each of its
# dicts whose name ends in _KO fills in strings not translated above.
_LISTED = {"ko_first_use", "ko_learning", "ko_review_loop", "ko_exercises", "ko_ledger", "ko_pipelines",
           "ko_explanations", "ko_summaries", "ko_desk", "ko_option_values", "ko_runs"}
for _path in sorted(HERE.glob("ko_*.py")):
    if _path.stem in _LISTED:
        continue
    _module = __import__(_path.stem)
    for _name, _table in sorted(vars(_module).items()):
        if _name.endswith("_KO") and isinstance(_table, dict):
            for _en, _ko in _table.items():
                KO.setdefault(_en, _ko)


def extract(tmp: Path) -> ET.ElementTree:
    lupdate = shutil.which("pyside6-lupdate") or str(Path(sys.executable).parent / "pyside6-lupdate")
    sources = sorted(str(p) for p in (ROOT / "ui").rglob("*.py"))
    subprocess.run([lupdate, *sources, "-ts", str(tmp), "-target-language", "ko_KR", "-no-obsolete", "-locations", "none"],
                   check=True, capture_output=True)
    return ET.parse(tmp)


WINDOW_MIXINS = ("window",)  # "window": helpers (ui/shell/menus.py, ui/revisions/picker.py) that use window.tr


def learning_strings() -> list[str]:
    """What the learning view passes through _tr from data: MQM names and definitions, severities, VERSE
    categories and their explanations, the speech levels' descriptions."""
    import json

    from litlens.app.core.resources import read_resource
    from litlens.app.mqm import typology
    from litlens.ui.learning.view import LEVEL_TEXT
    ty = typology.typology()
    verse = json.loads(read_resource("verse_categories.json"))["categories"]
    return list(dict.fromkeys([c.name for c in ty.all()] + [c.definition for c in ty.all()] + list(ty.severities.values())
            + [c["name"] for c in verse] + [c["explanation"] for c in verse] + list(LEVEL_TEXT.values())))


def explanation_strings() -> dict[str, str]:
    """The offline judges' explanation templates (app/explanations.py, translated by ui/common/explain.py under
    the context "Explanations"), English → Korean. The English comes from the app module, never copied."""
    templates = explanation_templates()
    return {templates[key]: EXPLANATIONS_KO[key] for key in templates if key in EXPLANATIONS_KO}


def explanation_templates() -> dict[str, str]:
    """Every template of app.explanations, with the notes of the speech-level ending rules, which
    app/korean/levels.py adds to the table when it is imported."""
    import importlib

    from litlens.app.explanations import TEMPLATES
    for module in ("korean.levels", "korean.attribution", "korean.ledger", "judges.spelling"):
        importlib.import_module(f"litlens.app.{module}")  # modules that add their own templates
    return TEMPLATES


def _merge_menus(root: ET.Element) -> None:
    """The window's menus translate with ``tr = self.tr``: lupdate files those strings under no context, but
    Qt looks them up under the window's class name, so they move to "MainWindow" (as do the strings of
    helpers that call window.tr, which lupdate files under the variable's name)."""
    nameless = [c for c in root.findall("context") if (c.findtext("name") or "") in ("", *WINDOW_MIXINS)]
    main = next((c for c in root.findall("context") if c.findtext("name") == "MainWindow"), None)
    if main is None:
        main = ET.SubElement(root, "context")
        ET.SubElement(main, "name").text = "MainWindow"
    have = {m.findtext("source") for m in main.findall("message")}
    for ctx in nameless:
        for msg in ctx.findall("message"):
            if msg.findtext("source") not in have:
                main.append(msg)
        root.remove(ctx)


def fill(tree: ET.ElementTree) -> tuple[int, list[str]]:
    root = tree.getroot()
    _merge_menus(root)
    contexts = {c.findtext("name"): c for c in root.findall("context")}
    templates = explanation_templates()
    extra = {**EXTRA, "Learning": [*EXTRA.get("Learning", []), *learning_strings()],
             "Explanations": list(dict.fromkeys(templates.values()))}
    explained = explanation_strings()
    clash = [en for en, ko in explained.items() if en in KO and KO[en] != ko]
    if clash:  # translations are looked up by English text alone: one text, one Korean
        raise SystemExit(f"explanation templates already translated differently elsewhere: {clash}")
    korean = {**KO, **explained}
    for name, strings in extra.items():
        ctx = contexts.get(name)
        if ctx is None:
            ctx = ET.SubElement(root, "context")
            ET.SubElement(ctx, "name").text = name
            contexts[name] = ctx
        have = {m.findtext("source") for m in ctx.findall("message")}
        for text in strings:
            if text not in have:
                msg = ET.SubElement(ctx, "message")
                ET.SubElement(msg, "source").text = text
                ET.SubElement(msg, "translation").set("type", "unfinished")
    done, missing = 0, []
    for ctx in root.findall("context"):
        own = BY_CONTEXT.get(ctx.findtext("name") or "", {})
        for msg in ctx.findall("message"):
            src = msg.findtext("source") or ""
            tr = msg.find("translation")
            if tr is None:
                tr = ET.SubElement(msg, "translation")
            if src in own or src in korean:
                forms = tr.findall("numerusform")  # a %n message: Korean has one plural form
                for form in forms:
                    form.text = own.get(src) or korean[src]
                tr.text = None if forms else own.get(src) or korean[src]
                tr.attrib.pop("type", None)
                done += 1
            else:
                missing.append(f"{ctx.findtext('name')}: {src}")
    return done, missing


def main() -> int:
    with tempfile.TemporaryDirectory() as d:
        tree = extract(Path(d) / "raw.ts")
    done, missing = fill(tree)
    ET.indent(tree)
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    lrelease = shutil.which("pyside6-lrelease") or str(Path(sys.executable).parent / "pyside6-lrelease")
    subprocess.run([lrelease, str(TS), "-qm", str(QM)], check=True, capture_output=True)
    print(f"{TS.name}: {done} translated, {len(missing)} left in English; wrote {QM.name}")
    for m in missing:
        print("  untranslated:", m)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
