"""Korean for the counted wordings whose English now has a singular and a plural form (app/core/counts.py):
the findings list, the judge panel's estimate, the run bar, the Runs dock, undo labels, the fix verifier's
and the samples' estimates, and the ranking's note. Korean has no plural, so both English forms of a count
read the same here. Read by make_ts.py."""

COUNTS_KO = {
    # findings list
    "{0} finding": "지적 {0}개", "{0} findings": "지적 {0}개",
    "{0} of {1} finding": "지적 {1}개 중 {0}개", "{0} of {1} findings": "지적 {1}개 중 {0}개",
    "{0} row": "{0}행", "{0} rows": "{0}행",
    "{0} finding hidden by your calibration": "보정 규칙이 지적 {0}개를 숨겼습니다",
    "showing {0} finding your calibration hides": "보정 규칙이 숨기는 지적 {0}개를 보여 주는 중",
    "{0} finding faded by your calibration": "보정 규칙이 지적 {0}개를 흐리게 표시했습니다",
    # the judge panel's estimate and the samples' estimate
    "{0} unit": "작업 {0}개", "{0} units": "작업 {0}개",
    "{0} LLM call": "LLM 호출 {0}회", "{0} LLM calls": "LLM 호출 {0}회",
    "offline, no cost": "오프라인, 비용 없음",
    "{0} more sample": "표본 {0}개 추가", "{0} more samples": "표본 {0}개 추가",
    "(samples already stored are reused, free)": "(이미 저장된 표본은 무료로 재사용)",
    "Asking the judges once more…": "평가자에게 한 번 더 묻는 중…",
    # the run bar
    "{0}/{1} unit": "작업 {0}/{1}", "{0}/{1} units": "작업 {0}/{1}",
    "{0} call": "호출 {0}회", "{0} calls": "호출 {0}회", "no calls": "호출 없음",
    "{0:,} token": "{0:,} 토큰", "{0:,} tokens": "{0:,} 토큰",
    # the Runs dock
    "{0} run · ${1:.4f} spent on this project": "실행 {0}회 · 이 프로젝트에 ${1:.4f} 사용",
    "{0} runs · ${1:.4f} spent on this project": "실행 {0}회 · 이 프로젝트에 ${1:.4f} 사용",
    # undo labels
    "accept {0} finding": "지적 {0}개 수락", "reject {0} finding": "지적 {0}개 거부",
    # the fix verifier's estimate
    "{0} verifier call": "검증 호출 {0}회", "{0} verifier calls": "검증 호출 {0}회",
    "about {0} tokens in, {1} out": "입력 약 {0}토큰, 출력 {1}토큰",
    "Ask the verifier about {0} fix, in both orders?\n{1}": "수정안 {0}개를 두 순서로 검증기에 물을까요?\n{1}",
    "Checked {0} fix: {1} verified.": "수정안 {0}개를 확인했습니다: {1}개 검증됨.",
    # the judge panel's load errors and the key terms view's occurrences
    "⚠ {0} installed judge could not be loaded": "⚠ 설치된 평가기 {0}개를 불러오지 못했습니다",
    "⚠ {0} installed judges could not be loaded": "⚠ 설치된 평가기 {0}개를 불러오지 못했습니다",
    "{0} located occurrence; click to go to it": "위치를 찾은 경우 {0}개. 클릭하면 그곳을 보여 줍니다",
    "{0} located occurrences; click to step through them": "위치를 찾은 경우 {0}개. 클릭하면 차례로 보여 줍니다",
    # the ranking's note on one paragraph
    "{0} different winner": "우승 {0}개", "{0} different winners": "우승 {0}개",
    "{0} order": "순서 {0}가지", "{0} orders": "순서 {0}가지",
    "This paragraph: {0} over {1} ({2}).": "이 문단: {1}에서 {0} ({2}).",
}

# the same counted wordings in the exercise maker, the review DOCX export, the termbase view, the pair
# view's alignment note and find and replace (ui/exercises, ui/exchange, ui/terms, ui/pair, ui/find)
COUNTS_ELSEWHERE_KO = {
    "{0} finding in the key.": "정답의 지적 {0}개.",
    "Exported a review DOCX of {0} ({1}, {2}) to {3}": "{0}의 검토용 DOCX를 {3}에 내보냈습니다 ({1}, {2})",
    "{0} paragraph": "문단 {0}개", "{0} paragraphs": "문단 {0}개",
    "{0}: {1} entry.": "{0}: 항목 {1}개.",
    "Saved {0} entry to {1}.": "항목 {0}개를 {1}에 저장했습니다.",
    "{0} entry added from the names found in {1}.": "{1}에서 찾은 이름으로 항목 {0}개를 추가했습니다.",
    "≠ {0} row not aligned one-to-one": "≠ {0}개 행이 일대일로 정렬되지 않음",
    "{0} of {1} occurrence": "{1}군데 중 {0}군데",
    "{0} change in {1} paragraph of {2}.": "{2}의 {1}개 문단에서 {0}군데가 바뀝니다.",
    "{0} changes in {1} paragraph of {2}.": "{2}의 {1}개 문단에서 {0}군데가 바뀝니다.",
    "Replacing {0} occurrence…": "{0}군데를 바꾸는 중…",
    "{0} change in {1} paragraph saved as revision {2} of {3} ({4}).":
        "{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).",
    "{0} changes in {1} paragraph saved as revision {2} of {3} ({4}).":
        "{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).",
}
