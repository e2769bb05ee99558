"""Korean for the review loop (issue 14): editing and revisions, applying corrections, undo/redo, bulk
review, the findings menu, the span-selecting correction dialog and File › Export (read by make_ts.py)."""

REVIEW_LOOP_KO = {
    # Edit menu, Review menu additions, status messages
    "&Edit": "편집(&E)", "&Undo": "실행 취소(&U)", "&Redo": "다시 실행(&R)",
    "&Undo {0}": "실행 취소: {0}(&U)", "&Redo {0}": "다시 실행: {0}(&R)",
    "A&pply the suggested correction": "제안된 수정 적용(&P)",
    "Reject all &like this": "이와 같은 것 모두 거부(&L)",
    "Accept all occurrences of this &term": "이 용어의 모든 경우 수락(&T)",
    "&Export…": "내보내기(&E)…",
    "Saved revision {0} of {1}.": "{1}의 수정본 {0}을 저장했습니다.",
    "Applied “{0}”; the finding is resolved.": "“{0}”을(를) 적용했습니다. 이 지적은 해결되었습니다.",
    "Nothing to undo or redo.": "취소하거나 다시 실행할 것이 없습니다.",
    "Undone or redone: {0}": "취소/다시 실행함: {0}",
    "The change could not be saved ({0}).": "변경을 저장할 수 없습니다({0}).",
    "This finding has no correction that can be applied.": "이 지적에는 적용할 수 있는 수정안이 없습니다.",
    "Accepted {0} findings.": "지적 {0}개를 수락했습니다.",
    "Rejected {0} findings.": "지적 {0}개를 거부했습니다.",
    "Rejected {0} findings like this one.": "이와 같은 지적 {0}개를 거부했습니다.",
    "Accepted {0} occurrences of “{1}”.": "“{1}”의 {0}개 경우를 수락했습니다.",
    "Open a project first.": "먼저 프로젝트를 여세요.",
    "Exported to {0}": "{0}(으)로 내보냈습니다",
    "Export failed: {0}": "내보내기 실패: {0}",
    "Open folder": "폴더 열기",
    # Apply wherever a finding is shown: beside the review buttons and in the detail pane
    "✔ Apply": "✔ 적용", "Apply the correction": "수정 적용",
    "Apply “{0}” (P)": "“{0}” 적용 (P)",
    "Replace the finding's words by its correction (P)": "지적된 말을 수정안으로 바꿉니다 (P)",
    # findings list and its right-click menu
    "resolved": "해결됨", "{0} rows": "{0}행", "outdated": "수정으로 낡음",
    "Outdated by your edit": "수정으로 낡은 지적",
    "the words it was about are no longer in the text.": "이 지적이 가리키던 말이 이제 글에 없습니다.",
    "Accept selected": "선택 항목 수락", "Reject selected": "선택 항목 거부", "Accept": "수락",
    "Reject": "거부", "Correct…": "수정…", "Apply “{0}”": "“{0}” 적용", "Apply correction": "수정 적용",
    "Reject all like this": "이와 같은 것 모두 거부",
    "Accept all occurrences of this term": "이 용어의 모든 경우 수락", "Copy": "복사",
    "Jump to the span in the text": "본문의 해당 부분으로 이동",
    # correct/add dialog
    "Select the words": "단어 선택", "Replace with": "바꿀 말",
    "Replacement text, if you know it (optional; P applies it)": "알고 있다면 바꿀 말(선택, P로 적용)",
    "(select the words the finding is about)": "(지적 대상 단어를 선택하세요)",
    # export dialog
    "Export": "내보내기", "What": "내용", "Translation": "번역", "File": "파일", "Choose…": "선택…",
    "Export to": "내보낼 위치",
    "Report — HTML page": "보고서 — HTML 페이지", "Report — PDF": "보고서 — PDF",
    "Findings — Excel (XLSX)": "지적 목록 — Excel (XLSX)", "Findings — CSV": "지적 목록 — CSV",
    "Everything — JSON": "전체 — JSON", "XLIFF with the findings as notes": "지적을 메모로 담은 XLIFF",
    "Revised translation — plain text": "수정된 번역 — 일반 텍스트",
    "Revised translation — Word (DOCX)": "수정된 번역 — Word (DOCX)",
    "Revised translation — XLIFF (original segment IDs)": "수정된 번역 — XLIFF (원래 세그먼트 ID)",
    # New project: a label per translation, problems shown next to their fields (issue 14, helper B)
    "Label": "이름표",
    "Tip: drop files here. The first becomes the source, the others translations. Click a label to rename "
    "the translation; the label is shown everywhere.":
        "팁: 파일을 여기에 끌어다 놓으세요. 첫 파일은 원문, 나머지는 번역이 됩니다. 이름표를 눌러 번역의 이름을 "
        "바꾸면 어디서나 그 이름으로 표시됩니다.",
    "a name for this translation": "이 번역의 이름", "Label of {0}": "{0}의 이름표",
    "Choose the source text.": "원문을 선택하세요.",
    "Add at least one translation to review beside the source.": "원문과 함께 검토할 번역을 하나 이상 추가하세요.",
    "This is the source file itself; choose the translation's own file.":
        "이것은 원문 파일 자체입니다. 번역 파일을 선택하세요.",
    "Give this translation a label.": "이 번역에 이름표를 붙이세요.",
    "Another translation is already called “{0}”; labels must differ.":
        "다른 번역이 이미 “{0}”(이)라는 이름입니다. 이름표는 서로 달라야 합니다.",
    "No file is there (moved or renamed?).": "그 위치에 파일이 없습니다(옮겼거나 이름을 바꾸었나요?).",
    "This is a folder, not a file.": "파일이 아니라 폴더입니다.",
    "The file cannot be read (check its permissions).": "파일을 읽을 수 없습니다(권한을 확인하세요).",
    "The file is empty.": "파일이 비어 있습니다.",
    "{0} translation(s) need attention (see the rows above).": "번역 {0}개를 확인해야 합니다(위의 행 참조).",
    # the revision picker and the "showing revision N" note
    "Re&visions of this translation…": "이 번역의 수정본(&V)…", "Revisions": "수정본", "Revision": "수정본",
    "Made": "만든 때", "What changed": "바뀐 내용", "Text (read-only)": "글(읽기 전용)",
    "Findings on it": "이 수정본의 지적", "Compared with the current text": "현재 글과 비교",
    "Go back to this revision": "이 수정본으로 되돌리기",
    "Makes this text current again as a new revision; nothing is deleted, and Undo takes it back.":
        "이 글을 새 수정본으로 다시 현재 글로 만듭니다. 아무것도 지워지지 않으며 실행 취소로 되돌릴 수 있습니다.",
    "The revisions could not be read ({0}).": "수정본을 읽을 수 없습니다({0}).",
    "{0} (current)": "{0} (현재)", "the text as opened": "처음 열었을 때의 글",
    "correction applied to {0}": "{0}에 수정안 적용", "went back to an earlier revision ({0})": "이전 수정본으로 되돌림({0})",
    "edits saved by a run: {0}": "실행 때 저장된 편집: {0}", "{0} paragraph(s) edited: {1}": "단락 {0}개 편집: {1}",
    "<p>This is the current text.</p>": "<p>현재 글입니다.</p>",
    "Revision {0}; the current one is {1}. Struck-through words are in the current text, underlined ones in "
    "this revision.": "수정본 {0}. 현재 수정본은 {1}입니다. 취소선이 그어진 말은 현재 글에, 밑줄 친 말은 이 수정본에 "
                      "있습니다.",
    "(no run judged this revision)": "(이 수정본을 평가한 실행이 없습니다)",
    "Went back to revision {0} of {1}: it is now revision {2}.": "{1}의 수정본 {0}으로 되돌렸습니다. 이제 수정본 {2}입니다.",
    "Showing revision {0} of “{1}” — your edits. <a href=\"original\">See the original</a> · "
    "<a href=\"all\">All revisions</a>":
        "“{1}”의 수정본 {0}을 표시하는 중 — 직접 편집한 글입니다. <a href=\"original\">원래 글 보기</a> · "
        "<a href=\"all\">모든 수정본</a>",
    "You deleted the formatting code(s) {0}; the export puts them back beside the words they belonged to.":
        "서식 코드 {0}을(를) 지웠습니다. 내보낼 때 원래 붙어 있던 말 옆에 다시 넣습니다.",
    # Review › Compare the judges with people's error spans… and the Judges dock (ui/review/people.py,
    # ui/views/span_agreement.py)
    "Compare the judges with people's error spans…": "평가기를 사람이 표시한 오류 구간과 비교…",
    "Open a project and run a judge that marks error spans first.":
        "먼저 프로젝트를 열고 오류 구간을 표시하는 평가기를 실행하세요.",
    "People's error spans": "사람이 표시한 오류 구간",
    "Error spans ({0});;All files (*)": "오류 구간 ({0});;모든 파일 (*)",
    "Compared the judges with {0}.": "평가기를 {0}과(와) 비교했습니다.",
    "These error spans could not be read: {0}": "이 오류 구간 파일을 읽지 못했습니다: {0}",
    "Partial overlap, partial credit": "부분 겹침, 부분 점수",
    "Exact match": "정확히 일치",
    "Judge / slice": "평가기 / 구분",
    "F1": "F1",
    "Macro F1": "매크로 F1",
    "Severity agreement": "심각도 일치",
    "Judge's spans": "평가기의 구간",
    "People's spans": "사람의 구간",
    "Rows": "행",
    "Judges against {0} (raters: {1})": "{0} 대비 평가기 (평가자: {1})",
    "People, with each other (ceiling)": "사람끼리 (상한)",
    "severity: {0}": "심각도: {0}",
    "Mean of {0} paragraphs with its 95% interval over paragraphs": "문단 {0}개의 평균과 문단에 걸친 95% 구간",
    # Settings › General › Prompt templates (ui/settings/dialog.py)
    "built-in templates": "내장 템플릿",
    "A folder of prompt templates that replace the built-in ones of the same name (e.g. gemba_mqm/system.j2), "
    "checked before any call; results and protocol cards then say \"custom prompt\".":
        "같은 이름의 내장 템플릿을 대신할 프롬프트 템플릿 폴더입니다(예: gemba_mqm/system.j2). 호출 전에 "
        "검사하며, 결과와 프로토콜 카드에 \"사용자 프롬프트\"라고 표시됩니다.",
    "Prompt templates": "프롬프트 템플릿",
    "Prompt templates folder": "프롬프트 템플릿 폴더",
    "These prompt templates cannot be used: {0}": "이 프롬프트 템플릿은 쓸 수 없습니다: {0}",
    "Using the built-in prompts: {0}": "내장 프롬프트를 씁니다: {0}",
    "Bars: F1 per category; whiskers: its 95% interval over paragraphs; orange dashes: people's F1 with each "
    "other.": "막대: 범주별 F1, 수염: 문단에 걸친 95% 구간, 주황 점선: 사람끼리의 F1.",
}
