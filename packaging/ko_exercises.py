"""Korean for exercises (issue 21): the exercise window, naming an error, the speech-level drill, making an
exercise from a project, the progress view and their menu entries (read by make_ts.py)."""

EXERCISES_KO = {
    # menus and the controller
    "New e&xercise from project…": "프로젝트로 연습 문제 만들기(&X)…", "Open e&xercise…": "연습 문제 열기(&X)…",
    "My &progress…": "내 학습 기록(&P)…", "Open a project first.": "먼저 프로젝트를 여세요.",
    "Exercise exported to {0}": "연습 문제를 {0}(으)로 내보냈습니다", "Open an exercise": "연습 문제 열기",
    "LitLens exercises (*{0});;All files (*)": "LitLens 연습 문제 (*{0});;모든 파일 (*)",
    "This exercise could not be opened": "이 연습 문제를 열 수 없습니다",
    # the exercise window
    "Exercise: {0}": "연습 문제: {0}",
    "Select the words of an error in the translation, press Mark (Ctrl+M) and name it. Submit when "
    "you have found all you can.":
        "번역에서 오류가 있는 말을 선택하고 표시(Ctrl+M)를 눌러 오류의 이름을 고르세요. 찾을 수 있는 것을 다 "
        "찾았으면 제출하세요.",
    "Your name (your attempts are kept under it)": "이름 (풀이 기록이 이 이름으로 저장됩니다)",
    "Source": "원문", "Translation": "번역", "The key": "정답", "Mark the selected words…": "선택한 말 표시…",
    "Remove": "지우기", "Submit": "제출", "Try again": "다시 풀기", "Speech-level drill…": "높임 등급 연습…",
    "Student:": "학생:", "Your findings": "내가 찾은 오류", "Your grade": "채점 결과",
    "Everything matches the key.": "모두 정답과 일치합니다.",
    "Select the words of one error in the translation first (within one paragraph).":
        "먼저 번역에서 오류 하나에 해당하는 말을 선택하세요(한 문단 안에서).",
    "Graded. Enter your name to keep your attempts and see your progress.":
        "채점했습니다. 풀이를 저장하고 학습 기록을 보려면 이름을 입력하세요.",
    "Graded and kept in {0}'s progress.": "채점하여 {0}의 학습 기록에 저장했습니다.",
    "The attempt could not be kept ({0}).": "풀이를 저장할 수 없습니다({0}).",
    "Reading the speech levels…": "높임 등급을 읽는 중…",
    "No Korean sentences to drill in this exercise.": "이 연습 문제에는 연습할 한국어 문장이 없습니다.",
    "The drill could not start ({0}).": "연습을 시작할 수 없습니다({0}).",
    # naming an error
    "Name the error": "오류 이름 고르기", "Why you think so (optional)": "그렇게 생각한 까닭 (선택)",
    "Words": "말", "Category": "범주", "Severity": "심각도", "Note": "메모",
    "(Choose one of the more specific categories below it.)": "(아래의 더 구체적인 범주 중 하나를 고르세요.)",
    "Choose a category: its definition appears here.": "범주를 고르면 여기에 정의가 나옵니다.",
    # the drill
    "Speech-level drill": "높임 등급 연습", "Not sure": "잘 모르겠음", "Check": "확인", "Next sentence": "다음 문장",
    "Done.": "끝났습니다.",
    "{0} of {1} graded sentences right; {2} not graded (the analyser was unsure).":
        "채점한 {1}문장 중 {0}문장을 맞혔습니다. {2}문장은 분석기가 확신하지 못해 채점하지 않았습니다.",
    "Sentence {0} of {1}: which speech level?": "{1}문장 중 {0}번째: 어떤 높임 등급인가요?",
    "Pick a level, or Not sure.": "등급을 고르거나 '잘 모르겠음'을 고르세요.",
    "Right.": "맞았습니다.", "Not quite.": "틀렸습니다.", "Not graded.": "채점하지 않음.",
    # making an exercise
    "New exercise from project": "프로젝트로 연습 문제 만들기",
    "Findings I accepted, corrected or added": "내가 수락·수정·추가한 지적",
    "Findings two or more judges agree on (self-study)": "평가기 둘 이상이 일치한 지적 (자습용)",
    "Why": "까닭", "What the students should do (optional)": "학생이 할 일 (선택)", "Export…": "내보내기…",
    "Paragraphs": "문단", "Answer key": "정답", "Key (untick to leave out)": "정답 (빼려면 선택 해제)",
    "Title": "제목", "Author": "만든 이", "Instructions": "안내",
    "Tick the paragraphs the exercise should contain.": "연습 문제에 넣을 문단을 선택하세요.",
    "No findings for the key in these paragraphs: review some first (accept, correct or add), or use the "
    "judges' agreement.":
        "이 문단들에는 정답으로 쓸 지적이 없습니다. 먼저 검토하거나(수락·수정·추가) 평가기 일치를 쓰세요.",
    "{0} findings in the key.": "정답의 지적 {0}개.", "Export the exercise": "연습 문제 내보내기",
    "LitLens exercises (*{0})": "LitLens 연습 문제 (*{0})",
    "The exercise could not be exported": "연습 문제를 내보낼 수 없습니다",
    # progress
    "Progress": "학습 기록",
    "No attempts yet. Open an exercise (File › Open exercise), submit it, and your scores appear here.":
        "아직 풀이가 없습니다. 연습 문제를 열고(파일 › 연습 문제 열기) 제출하면 점수가 여기에 나옵니다.",
    "found and named (%)": "찾고 바르게 이름 붙인 비율 (%)", "The key said": "정답", "You said": "내 답",
    "Times": "횟수", "When": "언제", "Exercise": "연습 문제", "Kind": "종류", "Score": "점수",
    "Category right": "범주 맞음", "Severity agreed": "심각도 일치", "Confused most often": "가장 자주 헷갈린 것",
    "Attempts": "풀이", "annotation": "오류 표시", "speech-level drill": "높임 등급 연습",
    "critical": "치명", "major": "중대", "minor": "경미", "neutral": "중립",
    # the grade and its reasons in the interface language (ui/exercises/reasons.py)
    "{0}: {1}": "{0}: {1}", "Why: {0}": "까닭: {0}", "characters {0}–{1}": "{0}–{1}번째 글자",
    "Missed: {0} is a {1} error in the key — {2}": "놓침: {0}은(는) 정답에서 {1} 오류입니다 — {2}",
    "Category: you named {0} {1}; the key has {2}": "범주: {0}을(를) {1}(으)로 골랐지만 정답은 {2}",
    "The branch ({0}) is right; the exact category is not.":
        "상위 범주({0})는 맞았지만 세부 범주는 틀렸습니다.",
    "What you chose means: {0}": "내가 고른 범주의 뜻: {0}",
    "Severity: you rated {0} {1}; the key rates it {2} — {3}":
        "심각도: {0}을(를) {1}(으)로 매겼지만 정답은 {2}입니다 — {3}",
    "Extra: the key has no error at {0}. You marked it {1}, which would mean: {2}":
        "정답에 없음: 정답에는 {0}에 오류가 없습니다. {1}(으)로 표시했는데, 그 범주의 뜻은 이렇습니다: {2}",
    "Found {0} of {1} key findings; {2} of your {3} are not in the key.":
        "정답의 지적 {1}개 중 {0}개를 찾았습니다. 내가 표시한 {3}개 중 {2}개는 정답에 없습니다.",
    "Precision {0} · recall {1} · F1 {2}": "정밀도 {0} · 재현율 {1} · F1 {2}",
    "Category right (top level) {0} · exact category {1} · severity agreed {2}":
        "상위 범주 맞음 {0} · 세부 범주 맞음 {1} · 심각도 일치 {2}",
    "Missed": "놓침", "Wrong category": "범주 틀림", "Extra": "정답에 없음",
    # exporting a student's answers for the instructor
    "Export answers…": "답안 내보내기…", "Export your answers": "답안 내보내기",
    "Save your findings as a file your instructor can grade": "내가 찾은 오류를 강사가 채점할 수 있는 파일로 저장합니다",
    "LitLens answers (*{0})": "LitLens 답안 (*{0})",
    "The answers could not be saved ({0}).": "답안을 저장할 수 없습니다({0}).",
    "Answers saved to {0}.": "답안을 {0}에 저장했습니다.",
    # the Learn view: the student's own mistakes as examples
    "Whose exercise mistakes are shown as examples": "연습 문제 실수를 예시로 보여 줄 학생",
    "Mistakes of:": "실수 보기:", "Your mistakes in exercises": "연습 문제에서 한 내 실수",
    "No graded exercises yet. Open an exercise (File › Open exercise), enter your name and submit: what you "
    "miss or name wrongly appears here as your own examples.":
        "아직 채점한 연습 문제가 없습니다. 연습 문제를 열고(파일 › 연습 문제 열기) 이름을 입력해 제출하면, "
        "놓치거나 잘못 이름 붙인 것이 여기에 나만의 예시로 나옵니다.",
    "No mistakes of {0} here: nothing missed, named wrongly or marked without an error in this category so "
    "far.":
        "이 범주에서는 {0}의 실수가 없습니다. 지금까지 놓치거나 잘못 이름 붙이거나 오류가 없는 곳에 "
        "표시한 것이 없습니다.",
    "({0} times)": "({0}번)", "key: {0} ({1})": "정답: {0} ({1})", "you: {0} ({1})": "내 답: {0} ({1})",
}
