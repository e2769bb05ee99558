"""Korean for the relationship ledger in the Speech levels dock (issue 18): the pair table, the level
timeline and the side-by-side comparison of candidates (read by make_ts.py)."""

LEDGER_KO = {
    # the dock's two pages
    "Sentences": "문장", "Who speaks to whom": "누가 누구에게",
    # the pair table
    "Turns": "발화 수", "Usually": "주로", "Changes": "바뀜",
    "{0} flagged, {1} noted": "지적 {0}, 참고 {1}", "flagged ({0})": "지적({0})", "note: {0}": "참고: {0}",
    "¶{0}: {1} → {2}": "¶{0}: {1} → {2}",
    "Double-click to show this turn in the text": "두 번 누르면 본문에서 이 발화를 보여 줍니다",
    "anger": "화남", "change of relationship": "관계 변화", "scene break": "장면 전환",
    "neighbouring levels": "이웃한 등급",  # severities come from the shared list in make_ts.py
    # the timeline and the comparison
    "turn": "발화", "Compare with": "비교 대상",
    "No relationship ledger yet: run the Korean honorifics judge on a translation with dialogue.":
        "아직 관계 장부가 없습니다. 대화가 있는 번역에 한국어 높임법 평가기를 실행하세요.",
    "Speaker unknown": "화자 불명",
    "Lines whose speaker the text does not make sure: not counted in any pair":
        "글에서 화자가 분명하지 않은 대사: 어느 짝에도 세지 않습니다",
}
