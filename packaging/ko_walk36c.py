"""Korean for the strings a user walk under a real X server added or reworded (undo/redo saying which of
the two happened, the speech-level sentences an edit rewrote since the run, ...), read by make_ts.py."""

WALK36C_KO = {
    "Undone: {0}": "실행 취소함: {0}",
    "Redone: {0}": "다시 실행함: {0}",
    "Nothing to undo.": "취소할 작업이 없습니다.",
    "Nothing to redo.": "다시 실행할 작업이 없습니다.",
    "One sentence in ¶{1} was edited since the run and is left out: run the honorifics judge again to read "
    "its level.": "¶{1}의 문장 하나가 실행 뒤에 고쳐져 목록에서 뺐습니다. 말씨 등급을 다시 읽으려면 한국어 높임법 판정을 다시 "
                  "실행하세요.",
    "{0} sentences in ¶{1} were edited since the run and are left out: run the honorifics judge again to read "
    "their levels.": "¶{1}의 문장 {0}개가 실행 뒤에 고쳐져 목록에서 뺐습니다. 말씨 등급을 다시 읽으려면 한국어 높임법 판정을 "
                     "다시 실행하세요.",
    "{0}-revised": "{0}-수정본",
    # a ranking's summary titles, after "{method} ranking: " (ui/views/table.py)
    "winner in each presentation order": "제시 순서별 우승",
    "position bias": "위치 편향",
    "overall (majority vote over paragraphs and orders)": "종합 (문단과 제시 순서에 걸친 다수결)",
    "Accepted the finding.": "지적을 수락했습니다.",
    "Rejected the finding.": "지적을 거부했습니다.",
    "Rejected this finding; no other is like it.": "이 지적을 거부했습니다. 이와 같은 다른 지적은 없습니다.",
    "Accepted the one occurrence of “{0}”.": "“{0}”의 한 번뿐인 출현을 수락했습니다.",
    "Copied {0} findings.": "지적 {0}개를 복사했습니다.",
    "Copied the finding.": "지적을 복사했습니다.",
}
