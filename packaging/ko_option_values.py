"""Korean for the choices the built-in judges' options declare (ui/common/judge_texts.OPTION_VALUES, context
"JudgeOptionValues"); the stored and sent value stays the declared one. Read by make_ts.py."""

OPTION_VALUES_KO = {
    # DA-MQM protocol
    "paper": "논문대로", "combined": "한 번에 묻기",
    # GEMBA-MQM variant and category list
    "original": "원래 방식", "literary": "문학용", "gemba": "GEMBA 목록", "table8": "표 8의 정의",
    # tokenizers: sacreBLEU's own names are codes and stay; the words around them are translated
    "sacrebleu": "sacreBLEU 기본", "morphemes": "형태소", "auto": "자동", "13a": "13a",
    "char": "문자 단위", "zh": "zh(중국어)", "ja-mecab": "ja-mecab(일본어)", "ko-mecab": "ko-mecab(한국어)",
    "flores200": "flores200(다국어)", "intl": "intl(국제)",
    # MAS-LitEval chunking and terminology
    "text": "글 단위", "prompt": "프롬프트 단위", "agent": "에이전트", "uniformity": "통일성",
    # TransEvalnia ranking method, span source, verdict, interleaving
    "one-step": "1단계", "two-step": "2단계", "three-step": "3단계", "no-reasoning": "근거 없이",
    "scores": "점수로", "model": "모델", "sentences": "문장 단위", "best": "최선 하나", "ranking": "순위",
    "code": "코드",
    # VERSE
    "per-question": "질문마다", "per-paragraph": "문단마다", "names": "이름", "descriptions": "설명",
    "none": "없음",
    # SQM: a paragraph's translations rated side by side or each alone
    "together": "함께 보며", "alone": "하나씩",
}

# option names added since the first table (ko_first_use.py holds the rest), context "JudgeOptions"
OPTION_LABELS_KO = {
    "categories": "범주 목록", "chunking": "나누는 방식", "examples": "예시 포함", "interleave": "묶는 방식",
    "ter asian support": "TER 한중일 문자 분리", "ter case sensitive": "TER 대소문자 구분",
    "terminology": "용어 점수", "verdict": "판정", "candidates": "번역 보기",
}
