"""Korean for the judges' summary tables (the Summaries dock and the chooser above it): their titles,
column headers and yes/no cells, as app/judges writes them (read by make_ts.py, context "Summaries").

Only strings a judge writes as they are can be translated this way; a title built around figures (a
ranking's "(overall: …)") stays as the judge wrote it. tests/test_summaries_korean.py checks that every
literal title and header in app/judges has an entry here.
"""

SUMMARIES_KO = {
    # titles
    "DA-MQM per candidate (1–5; Honorifics is 5 without dialogue, not asked)":
        "후보별 DA-MQM (1–5점; 대화가 없으면 높임법은 묻지 않고 5점)",
    "findings per check": "검사별 지적 수",
    "BWS per candidate ((best − worst) / judgements)": "후보별 BWS ((최선 − 최악) / 판정 수)",
    "BWS order effects": "BWS 제시 순서의 영향",
    "SQM per candidate (0–6)": "후보별 SQM (0–6점)",
    "Reference metrics per candidate (TER: lower is better; [95% CI] over paragraphs)":
        "후보별 참조 지표 (TER은 낮을수록 좋음; [문단에 걸친 95% 신뢰 구간])",
    "pairwise overlap (row translation scored against column translation)":
        "두 번역 사이의 겹침 (행의 번역을 열의 번역에 대어 잰 값)",
    "MQM per candidate (paper: per sentence; GEMBA: per paragraph, capped)":
        "후보별 MQM (논문 방식: 문장 단위; GEMBA 방식: 문단 단위, 상한 적용)",
    "MQM errors per category": "범주별 MQM 오류",
    "questions": "질문",
    "score-based ranking: best per paragraph (mean Likert score)":
        "점수 기반 순위: 문단별 최선 (리커트 점수 평균)",
    "score-based ranking: overall (order-independent: each candidate scored alone)":
        "점수 기반 순위: 전체 (순서와 무관: 후보마다 따로 채점)",
    "score-based ranking (mean Likert score)": "점수 기반 순위 (리커트 점수 평균)",
    "speech levels": "높임 등급",
    "term renderings": "용어 번역어",
    "MAS-LitEval term renderings": "MAS-LitEval 용어 번역어",
    # column headers
    "candidate": "후보", "best": "최선", "worst": "최악", "best−worst": "최선−최악", "judgements": "판정 수",
    "normalised": "정규화", "best in first position": "첫 자리에서 최선", "passages": "구간",
    "best changed with order": "순서에 따라 바뀐 최선", "paragraphs": "문단", "mean": "평균", "min": "최소",
    "max": "최대", "axis": "축", "n": "n", "para": "문단", "best (ties: =)": "최선 (동점: =)",
    "rationale": "근거", "term": "용어", "renderings": "번역어", "consistent": "일관됨",
    "dialogue sentences": "대화 문장", "levels": "높임 등급", "overlap": "겹침", "syntactic sim.": "통사 유사도",
    "paper mean": "논문 방식 평균", "GEMBA mean": "GEMBA 방식 평균", "unlocated": "위치 못 찾음",
    "count": "개수", "weights": "가중치", "terms": "용어", "orders": "순서 수", "winner by order": "순서별 승자",
    "tally": "집계", "majority (ties: =)": "다수결 (동점: =)", "orders p": "순서 수 p",
    "paragraphs n": "문단 수 n", "failed rankings": "실패한 순위 매김", "meaning": "뜻", "place": "순위",
    "candidate(s)": "후보", "first-place votes": "1위 표", "mean score": "평균 점수",
    "T (our uniformity index)": "T (LitLens 균일성 지수)", "BLEU tokenizer": "BLEU 토크나이저",
    # the consistency judge's checks and MAS-LitEval's agents (headers made from their tables)
    "names/terms": "이름/용어", "numbers": "수", "untranslated": "번역 안 됨", "doubled words": "겹쳐 쓴 낱말",
    "quotes/brackets": "따옴표/괄호", "length outliers": "길이 이상", "termbase": "용어집", "total": "합계",
    "Terminology consistency": "용어 일관성", "Narrative perspective": "서술 시점", "Stylistic fidelity": "문체 충실도",
    # cells
    "yes": "예", "NO": "아니요",
    # Speakers (LLM): the LLM's reading of who says each line
    "speakers (LLM)": "화자(LLM)", "lines": "대사", "named": "화자 지정", "abstained": "화자 불명",
    "failed passages": "실패한 단락",
    # Korean spelling and spacing: findings per translation
    "spelling and spacing": "맞춤법과 띄어쓰기", "spelling": "맞춤법", "spacing": "띄어쓰기", "words": "어절 수",
}

# A stored run's status in the run history (app/run/engine.py and app/run/liveness.py write them)
RUN_STATUS_KO = {"running": "실행 중", "done": "완료", "budget": "예산에서 멈춤", "cancelled": "취소됨",
                 "aborted": "중단됨", "interrupted": "끊김", "failed": "실패", "offline": "오프라인"}


# The score dimensions the judges name (the Scores dock's columns and tooltips, context "Scores"); the
# TransEvalnia and VERSE names come from the ranking view's and the Learn view's translations.
SCORES_KO = {
    "Lexical Choice": "어휘 선택", "Honorifics": "높임법", "Syntax & Grammar": "구문과 문법",
    "Content Accuracy": "내용 정확성", "MQM (paper, per sentence)": "MQM (논문 방식, 문장 단위)",
    "MQM (GEMBA, capped)": "MQM (GEMBA 방식, 상한 적용)", "Lexical overlap (BLEU)": "어휘 겹침 (BLEU)",
    "Syntactic similarity to source": "원문과의 통사 유사도", "honorific consistency": "높임법 일관성",
    "Terminology consistency": "용어 일관성", "Narrative perspective": "서술 시점",
    "Stylistic fidelity": "문체 충실도", "failed": "실패",
    "{0}: {1:g} on {2:g}–{3:g}": "{0}: {1:g}점 ({2:g}–{3:g} 척도)",
}
