"""Korean for what a first-time user meets (issue 15): the toolbar, judges that cannot run, missing keys,
judge names and descriptions, the ranking view, option labels and the restart offer (read by make_ts.py)."""

FIRST_USE_KO = {
    # first use (issue 15): toolbar, judges that cannot run, missing keys, theme names
    "Settings…": "설정…",
    "Providers, keys, budget, language and theme": "제공자, API 키, 예산, 언어와 테마",
    "Open Settings › Providers…": "설정 › 제공자 열기…",
    "Skipped (cannot run on this project): {0}": "건너뜀(이 프로젝트에서는 실행할 수 없음): {0}",
    "No API key for {0} yet. Add one in Settings › Providers.":
        "{0}의 API 키가 아직 없습니다. 설정 › 제공자에서 추가하세요.",
    "Needs at least two translations to compare.": "비교하려면 번역이 둘 이상 필요합니다.",
    "Grammatical register": "문법적 격식(높임법)",  # MQM-Core's category, outside Table 8
    # a judge's own reason for not running (app/judges; ui/common/judge_texts.unavailable_reason, "JudgeReasons")
    "The Korean honorifics judge reads Korean texts, and no text in this project is Korean.":
        "한국어 높임법 평가기는 한국어 텍스트를 읽습니다. 이 프로젝트에는 한국어 텍스트가 없습니다.",
    "cannot check this project: {0}": "이 프로젝트를 확인할 수 없습니다: {0}",
    "Light": "밝게", "Dark": "어둡게",
    "Mean of {0} paragraphs with its 95% bootstrap interval": "문단 {0}개의 평균과 95% 부트스트랩 구간",
    # judge names and descriptions (ui/common/judge_texts.py)
    "BWS (best and worst of all candidates)": "BWS (모든 후보 중 최선과 최악)",
    "Shows all translations of a passage (blind, under letters) and asks for the best and the worst, in several candidate orders to expose position bias (seed 002).":
        "한 대목의 번역을 모두(이름을 가리고 글자로만) 보여 주고 가장 나은 것과 가장 못한 것을 고르게 합니다. "
        "후보 순서를 여러 번 바꿔 물어 위치 편향을 드러냅니다(seed 002).",
    "Consistency checks": "일관성 검사",
    "Finds names rendered differently across a translation (Korean spellings compared jamo by jamo), numbers that differ from the source, untranslated passages, doubled words, unpaired quotes and brackets, and paragraphs whose length suggests an omission or addition. No LLM needed.":
        "번역 안에서 다르게 옮긴 이름(한글 표기는 자모 단위로 비교), 원문과 다른 숫자, 번역되지 않은 대목, "
        "겹쳐 쓴 낱말, 짝이 맞지 않는 따옴표와 괄호, 길이로 보아 누락이나 첨가가 의심되는 문단을 찾습니다. "
        "LLM이 필요 없습니다.",
    "DA-MQM (4 criteria, 1–5)": "DA-MQM (4개 기준, 1–5점)",
    "Scores each paragraph 1–5 on Lexical Choice, Honorifics, Syntax & Grammar and Content Accuracy against the paper's rubric, one criterion per call (seed 000, step 1).":
        "논문의 채점 기준에 따라 각 문단을 어휘 선택, 높임법, 구문과 문법, 내용 정확성에서 1–5점으로 "
        "매깁니다. 호출 한 번에 기준 하나씩입니다(seed 000, 1단계).",
    "GEMBA-MQM (error spans, original or literary prompt)": "GEMBA-MQM (오류 구간, 원래 프롬프트 또는 문학 프롬프트)",
    "Marks error spans with MQM categories (seed 002, Table 8) and severities, with the original GEMBA-MQM prompt or the literary-critic variant; scores each paragraph by the paper's per-sentence formula and by GEMBA's capped convention.":
        "원래 GEMBA-MQM 프롬프트나 문학 비평가 변형 프롬프트로 오류 구간에 MQM 범주(seed 002, 표 8)와 "
        "심각도를 표시하고, 논문의 문장별 공식과 GEMBA의 상한 방식으로 각 문단에 점수를 매깁니다.",
    "Korean honorifics": "한국어 높임법",
    "Reads the speech level of every Korean sentence (하십시오체, 해요체, 하오체, 하게체, 해라체, 해체) and flags speeches that mix levels, speakers who change level toward the same listener, and narration that drifts. No LLM needed.":
        "한국어 문장마다 말 단계(하십시오체, 해요체, 하오체, 하게체, 해라체, 해체)를 읽고, 한 발화 안에서 "
        "단계가 섞이거나 같은 청자에게 말 단계가 바뀌거나 서술이 흔들리는 곳을 표시합니다. LLM이 필요 없습니다.",
    "Literalness and lexical diversity": "직역 정도와 어휘 다양성",
    "Mean lexical overlap (BLEU) of each translation with every other one — lower means a more diverse vocabulary — and, where parsers are installed, syntactic similarity to the source (seed 002). Offline; needs two or more candidates.":
        "각 번역이 다른 번역들과 어휘가 겹치는 평균 정도(BLEU, 낮을수록 어휘가 다양함)와, 구문 분석기가 "
        "설치되어 있으면 원문과의 구문 유사도를 계산합니다(seed 002). 오프라인으로 동작하며 후보가 둘 이상 필요합니다.",
    "MAS-LitEval (terminology, narrative, style → OTQS)": "MAS-LitEval (용어, 서술, 문체 → OTQS)",
    "Three agents read the whole text in 4,096-token chunks, carrying what they learnt from chunk to chunk: terminology consistency, narrative perspective and stylistic fidelity scored 0–1 per chunk (length-weighted mean), with our index of how uniformly each key term is rendered beside T; a coordinator combines them into OTQS = 0.3·T + 0.3·N + 0.4·S and writes a report (seed 003).":
        "세 에이전트가 전체 텍스트를 4,096토큰 단위로 읽으며 앞 단위에서 알게 된 것을 다음 단위로 넘깁니다. "
        "용어 일관성, 서술 시점, 문체 충실도를 단위마다 0–1점(길이 가중 평균)으로 매기고, 주요 용어를 얼마나 "
        "한결같이 옮겼는지를 나타내는 우리 지표를 T 옆에 함께 보여 줍니다. 조정자가 이를 OTQS = 0.3·T + 0.3·N + 0.4·S로 합치고 보고서를 씁니다(seed 003).",
    "SQM (overall quality, 0–6)": "SQM (전체 품질, 0–6점)",
    "Rates each paragraph of each translation 0–6 for overall quality, especially style and artistry relative to the source, with a short rationale (seed 002).":
        "각 번역의 문단마다 전체 품질, 특히 원문에 비춘 문체와 예술성을 0–6점으로 평가하고 짧은 근거를 "
        "붙입니다(seed 002).",
    "TransEvalnia (evaluate, score 1–5, rank)": "TransEvalnia (평가, 1–5점, 순위)",
    "Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the candidates in one, two or three steps (or without reasoning), over several presentation orders to expose position bias (seed 004).":
        "각 후보를 구간별로 여섯 가지 차원에서 평가해 1–5점을 매기고, 한 단계·두 단계·세 단계로(또는 추론 없이) "
        "순위를 정합니다. 제시 순서를 여러 번 바꿔 위치 편향을 드러냅니다(seed 004).",
    "VERSE (story-specific questions, 1–3)": "VERSE (작품별 질문, 1–3점)",
    "Writes verification questions for each source paragraph from the source and a story summary, sorts them into nine literary categories, and scores every translation 1–3 on each question; reports per-category percentages (seed 000, step 2).":
        "원문과 줄거리 요약을 바탕으로 원문 문단마다 검증 질문을 만들어 아홉 가지 문학 범주로 나누고, 질문마다 "
        "모든 번역을 1–3점으로 채점해 범주별 백분율을 보고합니다(seed 000, 2단계).",
    # ranking view
    "Winner: {0}": "우승: {0}",
    "Tie between {0} (each won equally often across orders)": "{0} 동률 (순서를 바꿔도 이긴 횟수가 같음)",
    "Best by mean score: {0}": "평균 점수 최고: {0}", "Tied on mean score: {0}": "평균 점수 동률: {0}",
    "No verdict for this paragraph": "이 문단에는 판정이 없습니다",
    "B is not available: no ranking succeeded.": "B를 구할 수 없습니다. 성공한 순위 매기기가 없습니다.",
    "B = {0} from a single presentation order: run more orders to measure position bias.":
        "B = {0} (제시 순서 하나만으로 구함). 위치 편향을 재려면 순서를 더 늘려 실행하세요.",
    "B = {0}: the same winner in every order — the verdict does not depend on presentation order.":
        "B = {0}: 어느 순서에서나 우승이 같습니다. 판정이 제시 순서에 좌우되지 않습니다.",
    "B = {0}, the worst possible here ({1}): the winner changes with presentation order — the verdict follows the order, not the translations.":
        "B = {0}, 여기서 가능한 최악({1})입니다. 제시 순서에 따라 우승이 바뀝니다. 판정이 번역이 아니라 순서를 따릅니다.",
    "B = {0} (1 = consistent, {1} = worst possible here): on average {0} different translations won across the {2} orders, so presentation order swayed some verdicts.":
        "B = {0} (1 = 일관됨, {1} = 여기서 가능한 최악): {2}가지 순서에서 평균 {0}개의 서로 다른 번역이 이겼습니다. "
        "제시 순서가 일부 판정을 흔들었습니다.",
    "Scores are given to each translation alone, so presentation order cannot sway them.":
        "점수는 번역마다 따로 매기므로 제시 순서가 영향을 줄 수 없습니다.",
    "order {0}: {1}": "순서 {0}: {1}",
    "  ★ winner": "  ★ 우승", "  = tied": "  = 동률", "{0} ranking": "{0} 순위", "mean Likert score": "평균 리커트 점수",
    "Paragraph {0} — {1} translations, by {2}": "문단 {0} — 번역 {1}개, {2} 기준",
    "Why:": "근거:", "No rationale (the method gives none).": "근거 없음 (이 방법은 근거를 내지 않습니다).",
    "Position bias.": "위치 편향.", "Failed: ": "실패: ",
    "No ranking yet. Run a ranking judge (TransEvalnia, for one) on two or more translations.":
        "아직 순위가 없습니다. 번역 둘 이상에 순위 평가기(예: TransEvalnia)를 실행하세요.",
    "Accuracy": "정확성", "Terminology": "용어", "Linguistic Conventions": "언어 규범", "Emotional Content": "정서",
    "Audience Appropriateness": "독자 적합성", "Hallucinations": "환각", "Missing Content": "누락",
    "Overall": "종합",
    "Protocol of {0}": "{0}의 프로토콜", "none (offline)": "없음 (오프라인)",
    "&Keyboard shortcuts": "단축키 목록(&K)", "Keyboard shortcuts": "단축키 목록", "&About LitLens": "LitLens 정보(&A)",
    "About LitLens": "LitLens 정보", "Action": "동작", "Keys": "키",
    "<h3>LitLens {0}</h3><p>Reviews literary translations: error spans, honorifics, scores, radars and rankings from LLM judges and offline analysers, kept in a local database.</p>":
        "<h3>LitLens {0}</h3><p>문학 번역을 검토합니다. LLM 평가기와 오프라인 분석기가 찾은 오류 구간, 높임법, "
        "점수, 레이더 차트, 순위를 로컬 데이터베이스에 보관합니다.</p>",
    "OpenAI-compatible server": "OpenAI 호환 서버", "Local model (GGUF)": "로컬 모델 (GGUF)",
    "Fluency": "유창성", "Style": "문체", "Locale convention": "지역 관례", "Other": "기타",
    "Non-translation": "번역 안 됨", "you": "나",
    "Needs a reference translation (New project › Reference).": "참조 번역이 필요합니다 (새 프로젝트 › 참조 번역).",
    "Term / rendering": "용어 / 번역어", "Count": "횟수", "Candidate": "후보",
    "No term table yet. Run the Consistency or MAS-LitEval judge to see how names are rendered.":
        "아직 용어 표가 없습니다. 이름을 어떻게 옮겼는지 보려면 일관성 검사나 MAS-LitEval 평가기를 실행하세요.",
    "“{0}” is rendered {1} different ways": "“{0}”을(를) {1}가지로 다르게 옮겼습니다",
    "{0} located occurrence(s); click to step through them": "위치를 찾은 경우 {0}개. 클릭하면 차례로 보여 줍니다",
    "no located occurrence": "위치를 찾은 경우 없음",
    "{0} · failed units": "{0} · 실패한 작업 단위", "{0} · {1} findings": "{0} · {1} 지적",
    "No scores yet. Scoring judges such as DA-MQM need an LLM provider (see Provider).":
        "아직 점수가 없습니다. DA-MQM 같은 채점 평가기에는 LLM 제공자가 필요합니다(제공자 참고).",
    "Reference metrics (BLEU, chrF, TER)": "참조 지표 (BLEU, chrF, TER)",
    "BLEU, chrF and TER with sacreBLEU against the reference translation, per paragraph and for the whole text. Needs a reference; no LLM, offline.":
        "참조 번역과 비교해 sacreBLEU로 BLEU, chrF, TER를 문단별과 전체 텍스트에 대해 계산합니다. 참조 번역이 "
        "필요하며 LLM 없이 오프라인으로 동작합니다.",
    "Whole text": "텍스트 전체",
    "Mean": "평균",
    "Save and restart LitLens now": "저장하고 LitLens 지금 다시 시작",
    "Restart LitLens to use the new language or database; until then the window stays as it is.":
        "새 언어나 데이터베이스를 쓰려면 LitLens를 다시 시작하세요. 그때까지 창은 지금 그대로입니다.",
    "Overall: {0}.": "종합: {0}.", "Wins over resampled paragraphs: {0}.": "문단 재표집에서 이긴 비율: {0}.",
    "Over presentation orders: {0}.": "제시 순서별: {0}.",
    "{0} already stored (reused, free)": "{0}개는 이미 저장됨 (다시 쓰며 무료)",
    "nothing new to run: {0} already stored (reused, free)": "새로 실행할 것 없음: {0}개 모두 이미 저장됨 (다시 쓰며 무료)",
    # judge option labels
    'all orders': '모든 순서',
    'answer mode': '답변 방식',
    'chunk tokens': '청크 토큰 수',
    'classify with': '분류 방법',
    'guidelines': '지침',
    'honorifics default': '높임법 기본값',
    'human': '사람 번역',
    'ledger context': '높임 장부 맥락',
    'lowercase': '소문자로',
    'max questions': '최대 질문 수',
    'method': '방법',
    'min questions': '최소 질문 수',
    'orders': '순서 수',
    'poetry': '시',
    'protocol': '프로토콜',
    'rationale': '근거',
    'seed': '시드',
    'spacy model': 'spaCy 모델',
    'spans': '구간',
    'summary words': '요약 단어 수',
    'tokenizer': '토크나이저',
    'use reference': '참조 번역 사용',
    'variant': '변형',
    'weights': '가중치',
    'word order': '어순',
    'scores': '점수',
}
