"""Korean for the Scores dock's translations side by side, the run comparison's note on what its figures
are of, the run count, the progress chart's attempt axis, and the missing-key message that follows the
chosen provider. Read by make_ts.py."""

EDITORS_STUDENTS_KO = {
    # ScoresTable: a column's header tooltip
    "{0}, scored by {1}, in {2}": "{0}, {1} 채점, {2}",
    # RunHistory: the count of runs (a %n message) and what a comparison's figures are of
    "%n run · ${0:.4f} spent on this project": "실행 %n번 · 이 프로젝트에 ${0:.4f} 사용",
    "%n runs · ${0:.4f} spent on this project": "실행 %n번 · 이 프로젝트에 ${0:.4f} 사용",
    "Per translation (%n translations: {0}): each score is a mean over that translation's paragraphs, findings "
    "are counted per translation; nothing is pooled across them.":
        "번역별 (번역 %n개: {0}): 점수는 각 번역의 문단 평균이고 찾은 오류는 번역마다 셉니다. "
        "번역끼리 합치지 않습니다.",
    "One translation ({0}): each score is a mean over its paragraphs.": "번역 하나 ({0}): 점수는 그 문단들의 평균입니다.",
    "These runs stored no results of a translation.": "이 실행들에는 번역에 대한 결과가 저장되지 않았습니다.",
    "all translations": "모든 번역",
    # ProgressView: the chart's x-axis
    "attempt (1 = the first; dates in the Attempts table)": "풀이 차례 (1 = 처음; 날짜는 풀이 표에)",
    "Attempt": "차례",
}
