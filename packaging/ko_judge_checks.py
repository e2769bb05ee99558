"""Korean for what the findings list says beyond a judge's words (issue 34): calibration on the reviewer's
own decisions, stability over samples, verified fixes, and the setting of the opt-in rule (read by
make_ts.py)."""

JUDGE_CHECKS_KO = {
    # findings list columns, the calibration note, the bulk Apply
    "Right for you": "나에게 맞은 비율", "Found": "발견", "Fix": "수정안",
    "Apply all verified fixes": "검증된 수정안 모두 적용",
    "Apply every open finding's fix that the verifier preferred in both orders: one revision, one undo":
        "검증기가 두 순서 모두에서 더 낫다고 본 열린 지적의 수정안을 모두 적용합니다: 수정본 하나, 실행 취소 한 번",
    "{0} findings hidden by your calibration": "보정 규칙이 지적 {0}개를 숨겼습니다",
    "show": "보기", "hide them": "숨기기",
    "showing {0} findings your calibration hides": "보정 규칙이 숨기는 지적 {0}개를 보여 주는 중",
    "{0} findings faded by your calibration": "보정 규칙이 지적 {0}개를 흐리게 표시했습니다",
    "Your calibration could not be read: {0}": "보정 정보를 읽을 수 없습니다: {0}",
    # the detail pane
    "No decisions of yours on {0} yet.": "{0}에 대한 내 결정이 아직 없습니다.",
    "{0} is right {1} [{2}, {3}] of the time on {4} for you (n = {5}).":
        "{4}에서 {0}의 지적은 나에게 {1} [{2}, {3}] 맞았습니다 (n = {5}).",
    "Too few decisions for your calibration to act on.": "보정 규칙이 작동하기에는 결정이 너무 적습니다.",
    "You keep rejecting this judge here.": "이 범주에서 이 평가자의 지적을 계속 거부하고 있습니다.",
    "Calibrated chance this finding is right: {0}.": "보정된, 이 지적이 맞을 가능성: {0}.",
    "Found in {0} of {1} samples.": "표본 {1}개 중 {0}개에서 발견되었습니다.",
    "Score {0}: {1} to {2} over {3} samples (sd {4}).": "점수 {0}: 표본 {3}개에서 {1}–{2} (표준편차 {4}).",
    "{0} of {1}": "{1}개 중 {0}",
    "verified": "검증됨", "no improvement": "개선 없음", "order-dependent": "순서에 따라 다름",
    "not checked": "확인 안 됨",
    "Fix verified: the fixed paragraph was preferred in both orders.":
        "수정안 검증됨: 두 제시 순서 모두에서 고친 문단이 더 낫다고 판단되었습니다.",
    "No improvement: the fixed paragraph was not preferred in either order.":
        "개선 없음: 어느 제시 순서에서도 고친 문단이 더 낫다고 판단되지 않았습니다.",
    "Order-dependent: the verifier's choice followed the order it was shown.":
        "순서에 따라 다름: 검증기의 선택이 제시 순서를 따랐습니다.",
    "The fix could not be checked: {0}": "수정안을 확인할 수 없습니다: {0}",
    # Review menu: checking and applying fixes
    "Check the suggested &fixes…": "제안된 수정안 검증(&F)…",
    "Apply all &verified fixes": "검증된 수정안 모두 적용(&V)",
    "Check the suggested fixes": "제안된 수정안 검증",
    "Ask the verifier about {0} fixes, in both orders?\n{1}": "수정안 {0}개를 두 순서로 검증기에 물을까요?\n{1}",
    "price of {0} unknown": "{0}의 가격을 알 수 없음",
    "{0} verifier calls · about {1} tokens in, {2} out · {3}": "검증 호출 {0}회 · 입력 약 {1}토큰, 출력 {2}토큰 · {3}",
    "{0} answered before (free)": "{0}개는 이전 답변 재사용(무료)",
    "No open finding here has a correction to check.": "여기에는 검증할 수정안이 있는 열린 지적이 없습니다.",
    "Checking fixes asks an LLM: choose a provider in the judge panel.":
        "수정안 검증에는 LLM이 필요합니다: 평가자 패널에서 제공자를 고르세요.",
    "Checked {0} fixes: {1} verified.": "수정안 {0}개를 확인했습니다: {1}개 검증됨.",
    "The fixes could not be checked: {0}": "수정안을 확인할 수 없습니다: {0}",
    "No verified fix to apply: check the suggested fixes first.":
        "적용할 검증된 수정안이 없습니다: 먼저 제안된 수정안을 검증하세요.",
    "Applied {0} verified fixes as one revision (one undo).":
        "검증된 수정안 {0}개를 수정본 하나로 적용했습니다(실행 취소 한 번).",
    "{0} left out: {1}": "{0}개 제외: {1}",
    # Settings › General: the opt-in rule
    "Judges you keep rejecting": "계속 거부하는 평가자",
    "Show their findings as usual": "지적을 평소처럼 표시",
    "Fade their findings": "지적을 흐리게 표시",
    "Hide their findings (the list says how many)": "지적 숨기기(목록에 숨긴 개수 표시)",
    "Per judge and category, from your own accept and reject decisions: after at least 10 decisions, when the "
    "judge is right for you less than half the time (95% upper bound below 50%).":
        "평가자와 범주별로, 내가 수락·거부한 결정에 따라: 결정이 10개 이상이고 그 평가자가 나에게 맞은 비율이 "
        "절반에 못 미칠 때(95% 상한이 50% 미만).",
    # the Judges view: the judges against the reviewer's own decisions
    "Your decisions": "내 결정",
    "Judges against your own decisions (accepted and corrected: right; rejected: wrong)":
        "내 결정에 비춘 평가자(수락·수정: 맞음, 거부: 틀림)",
    "Judge / category": "평가자 / 범주", "Kept": "유지", "Decisions": "결정 수", "The rule acts": "규칙 적용",
    "Bars: how often the judge was right for you per category; whiskers: the 95% Wilson interval.":
        "막대: 범주별로 평가자가 나에게 맞은 비율, 수염: 95% 윌슨 구간.",
    # Run › Ask the judges again
    "Ask the judges &again (stability)…": "평가자에게 다시 묻기(안정성)(&A)…",
    "Ask the judges again": "평가자에게 다시 묻기",
    "Run an LLM judge first: its findings are what is asked again.":
        "먼저 LLM 평가자를 실행하세요: 다시 묻는 것은 그 지적입니다.",
    "Ask the judges of run {0} how many times in all (the run is the first)?":
        "실행 {0}의 평가자에게 모두 몇 번 물을까요(이 실행이 첫 번째)?",
    "price unknown": "가격 알 수 없음",
    "{0} more samples · {1} units · {2} LLM calls · {3} (samples already stored are reused, free)":
        "표본 {0}개 추가 · 단위 {1}개 · LLM 호출 {2}회 · {3} (이미 저장된 표본은 무료로 재사용)",
    "Asking the judges {0} more times…": "평가자에게 {0}번 더 묻는 중…",
    "{0} samples stored (runs {1}); the findings list shows how often each finding was found.":
        "표본 {0}개 저장됨(실행 {1}). 지적 목록에 각 지적이 몇 번 발견되었는지 표시됩니다.",
    "The judges could not be asked again: {0}": "평가자에게 다시 물을 수 없습니다: {0}",
    "Ask again only where the first two answers &disagree…": "처음 두 답이 다른 곳만 다시 묻기(&D)…",
    "At most: samples after the second ask only the paragraphs whose first two answers disagree.":
        "최대치입니다: 세 번째 표본부터는 처음 두 답이 다른 문단만 묻습니다.",
    "Stopped: {0}.": "중단됨: {0}.",
}
