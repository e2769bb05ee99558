"""Korean for the reviewer's desk (issue 35): Edit › Find and replace, the concordance dock and the
consistency judge's termbase option (read by make_ts.py)."""

DESK_KO = {
    # Edit menu and the concordance dock
    "&Find and replace…": "찾아 바꾸기(&F)…",
    "&Concordance of the selection": "선택한 말의 용례 보기(&C)",
    "Concordance": "용례",
    # Find and replace
    "Find and replace in the translation": "번역문에서 찾아 바꾸기",
    "word, phrase or regular expression": "낱말, 구절 또는 정규 표현식",
    "replacement (\\1 inserts a group of a regular expression)": "바꿀 말(\\1은 정규 표현식의 묶음을 넣습니다)",
    "Regular e&xpression": "정규 표현식(&X)",
    "Match &case": "대소문자 구분(&C)",
    "&Whole words": "낱말 단위로(&W)",
    "&Find:": "찾을 말(&F):",
    "Replace &with:": "바꿀 말(&W):",
    "Before": "앞", "Found": "찾은 말", "Replaced by": "바뀔 말", "After": "뒤",
    "&Preview": "미리 보기(&P)",
    "&Replace ticked": "체크한 것 바꾸기(&R)",
    "Press Preview to see the changes again.": "바뀔 내용을 다시 보려면 미리 보기를 누르세요.",
    "{0} changes in {1} paragraphs of {2}.": "{2}의 {1}개 문단에서 {0}군데가 바뀝니다.",
    "No match.": "찾은 것이 없습니다.",
    "Nothing is ticked.": "체크한 것이 없습니다.",
    "replace “{0}” with “{1}”": "“{0}”을(를) “{1}”(으)로 바꾸기",
    "{0}: {1} changes in {2} paragraphs, saved as revision {3} of {4}.":
        "{0}: {2}개 문단에서 {1}군데를 바꾸어 {4}의 수정본 {3}(으)로 저장했습니다.",
    "The replacement could not be saved ({0}).": "바꾼 내용을 저장할 수 없습니다({0}).",
    # the concordance
    "word or phrase (select it in the text, then Concordance)": "낱말이나 구절(글에서 선택한 뒤 용례 보기)",
    "in the source": "원문에서", "in the translation": "번역문에서",
    "Match case": "대소문자 구분", "Whole words": "낱말 단위로",
    "filter the lines (e.g. one rendering)": "줄 거르기(예: 한 가지 번역어)",
    "Occurrence": "나온 말", "Other side": "맞은편 문단",
    "No occurrence.": "나온 곳이 없습니다.",
    "{0} of {1} occurrences": "{1}군데 중 {0}군데",
    "Occurrences: {0}": "나온 곳: {0}군데",
    "This occurrence has no aligned paragraph in the translation to show it beside.":
        "이 용례에는 나란히 보여 줄 번역문 문단이 정렬되어 있지 않습니다.",
    # the scorecard dock
    "Scorecard": "점수표",
    "Literary (seed 002's weights)": "문학 번역(seed 002의 가중치)",
    "MQM-Core (1 / 5 / 25)": "MQM-Core(1 / 5 / 25)",
    "Profile file…": "프로필 파일…",
    "Count findings not yet reviewed": "아직 검토하지 않은 지적도 세기",
    "Off: only findings you accepted, corrected, applied or added. On: every finding you did not reject (and "
    "whose words are still there).":
        "끄면: 수락·수정·적용하거나 직접 추가한 지적만 셉니다. 켜면: 거부하지 않은 모든 지적을 셉니다"
        "(가리키던 말이 아직 글에 있는 것만).",
    "Word count": "낱말 수", "Errors": "오류", "Critical": "치명", "Major": "중대", "Minor": "경미",
    "Penalty": "감점", "Per 1,000 words": "1,000낱말당", "Pass mark": "통과 기준", "Result": "결과",
    "pass": "통과", "fail": "불합격",
    "QA profile:": "품질 프로필:", "QA profile": "품질 프로필", "QA profiles (*.toml *.json)": "품질 프로필 (*.toml *.json)",
    "every finding not rejected": "거부하지 않은 모든 지적", "reviewed findings only": "검토한 지적만",
    "{0}: score = 100 × (1 − penalty ÷ words), words of the {1}; counting {2}.":
        "{0}: 점수 = 100 × (1 − 감점 ÷ 낱말 수), 낱말은 {1} 기준, 센 지적: {2}.",
    "source": "원문", "translation": "번역문",
    # the Terms dock
    "Termbase": "용어집", "Source term": "원문 용어", "Target term": "번역 용어",
    "Open…": "열기…", "Save": "저장", "Save as…": "다른 이름으로 저장…",
    "Add the names found": "찾은 이름 추가",
    "The names and key terms the consistency judge found in this translation: the most frequent rendering "
    "preferred, other spellings forbidden. Terms already here are left alone.":
        "일관성 검사가 이 번역에서 찾은 이름과 핵심 용어를 추가합니다. 가장 많이 쓴 번역어는 권장, 다른 표기는 "
        "금지로 넣습니다. 이미 있는 용어는 그대로 둡니다.",
    "Add row": "행 추가", "Remove row": "행 삭제", "Use for the next run": "다음 실행에 사용",
    "preferred": "권장", "allowed": "허용", "forbidden": "금지",
    "{0}: {1} entries.": "{0}: 항목 {1}개.",
    "Saved {0} entries to {1}.": "항목 {0}개를 {1}에 저장했습니다.",
    "Run the consistency judge first: it finds the names and key terms.":
        "먼저 일관성 검사를 실행하세요. 이름과 핵심 용어는 그 검사가 찾습니다.",
    "{0} entries added from the names found in {1}.": "{1}에서 찾은 이름으로 항목 {0}개를 추가했습니다.",
    "The consistency judge will enforce {0} in the next run.": "다음 실행에서 일관성 검사가 {0}을(를) 적용합니다.",
    "Open a termbase": "용어집 열기", "Save the termbase": "용어집 저장",
    "Termbases (*.tbx *.csv *.tsv *.xlsx)": "용어집 (*.tbx *.csv *.tsv *.xlsx)",
    # the consistency judge's option
    "termbase": "용어집",
}
