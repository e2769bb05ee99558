"""Korean for Settings › General's spaCy pipelines and the declared-language notice in the status bar
(issue 19; read by make_ts.py)."""

PIPELINES_KO = {
    # Settings › General › Pipelines
    "Pipelines": "파이프라인", "Language": "언어", "Pipeline": "파이프라인", "Installed": "설치됨",
    "yes": "예", "no": "아니요",
    "Install missing pipelines": "빠진 파이프라인 설치",
    "Looking for installed pipelines…": "설치된 파이프라인을 찾는 중…",
    "Installing through spaCy… (this downloads the pipeline; it can take a minute)":
        "spaCy로 설치하는 중… (파이프라인을 내려받으므로 1분쯤 걸릴 수 있습니다)",
    "none official: rule-based terms": "공식 파이프라인 없음: 규칙 기반 용어",
    "Without a pipeline, names and terms fall back to rules. Install: {0}":
        "파이프라인이 없으면 이름과 용어는 규칙으로 찾습니다. 설치할 것: {0}",
    "Every language of this project has what LitLens can use.":
        "이 프로젝트의 모든 언어에 LitLens가 쓸 파이프라인이 있습니다.",
    "Installed {0}.": "{0}을(를) 설치했습니다.", "Nothing to install.": "설치할 것이 없습니다.",
    "spaCy could not be asked ({0}: {1}).": "spaCy에 물어볼 수 없었습니다({0}: {1}).",
    "{0} words need {1}, which is not installed ({2}).":
        "{0} 낱말을 나누려면 {1}이(가) 필요한데 설치되어 있지 않습니다({2}).",
    # the declared-language notice
    "Hide this notice": "이 알림 숨기기", " (and {0} more)": " (외 {0}건)",
    "Judges are told each text's language; told the wrong one, they judge against it. The language comes "
    "from the file (XLIFF and TMX headers), from New project's Languages (or --source-lang/--target-lang on "
    "the command line), or else from the text's own words.":
        "평가기는 각 텍스트의 언어를 전달받으며, 잘못된 언어를 받으면 그 언어를 기준으로 평가합니다. 언어는 "
        "파일(XLIFF와 TMX 머리글)이나 새 프로젝트의 '언어'(명령줄에서는 --source-lang/--target-lang)에서 "
        "정해지고, 그렇지 않으면 텍스트의 낱말로 알아냅니다.",
    # New project: languages
    "Languages": "언어", "Detect from the text": "텍스트에서 알아내기",
    "The language of the source text": "원문의 언어",
    "The language of the translations (and the reference)": "번역문(과 참조 번역)의 언어",
}

# language names as New project lists them (the English names of app.core.languages.NAMES)
LANGUAGE_NAMES_KO = {
    "English": "영어", "Korean": "한국어", "Japanese": "일본어", "Chinese": "중국어", "German": "독일어",
    "French": "프랑스어", "Spanish": "스페인어", "Italian": "이탈리아어", "Portuguese": "포르투갈어",
    "Russian": "러시아어", "Dutch": "네덜란드어", "Polish": "폴란드어", "Czech": "체코어", "Swedish": "스웨덴어",
    "Turkish": "튀르키예어", "Ukrainian": "우크라이나어", "Arabic": "아랍어", "Hebrew": "히브리어",
}
