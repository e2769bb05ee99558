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
    # findings list and its right-click menu
    "resolved": "해결됨", "{0} rows": "{0}행",
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
}
